import BackendSupport
package import CGTK
import DragDrop

/// A `GraphicsContext` that draws with cairo: paths, fills and strokes, affine
/// transforms, clips, group opacity, text through pango, and images decoded by gdk-pixbuf.
///
/// Opacity is group opacity, as in UIKit: after ``multiplyAlpha(_:)``, drawing goes into a
/// cairo group, which is composited with that alpha when the matching ``restore()`` comes,
/// so overlapping subviews of a translucent view do not show through each other.
///
/// Drawing that cairo would refuse (a singular transform, a non-finite number) is skipped
/// until the matching ``restore()``, rather than putting the cairo context into an error
/// state. Unbalanced restores are ignored; ``finish()`` closes any saves left open.
@MainActor
public final class CairoGraphicsContext: GraphicsContext {
  /// The cairo context drawn into, as an opaque `cairo_t *`.
  package let cairo: OpaquePointer
  /// Measures and lays out text; its font choices are the ones drawn.
  public let text: PangoTextMeasurer

  private struct Frame {
    /// Alphas of the groups pushed since the matching save, innermost last.
    var groups: [Double] = []
    /// Whether drawing is suppressed (after a singular transform or an empty clip).
    var isSuppressed: Bool
  }

  private var frames: [Frame] = []
  var isSuppressed = false

  /// Wraps `cairo`, which the caller keeps alive while drawing.
  package init(cairo: OpaquePointer, text: PangoTextMeasurer = .shared) {
    self.cairo = cairo
    self.text = text
  }

  public func save() {
    cairo_save(cairo)
    frames.append(Frame(isSuppressed: isSuppressed))
  }

  public func restore() {
    guard let frame = frames.popLast() else { return }
    // Groups are pushed only while drawing is live, so each holds drawing to composite.
    for alpha in frame.groups.reversed() {
      cairo_pop_group_to_source(cairo)
      cairo_paint_with_alpha(cairo, alpha)
    }
    cairo_restore(cairo)
    isSuppressed = frame.isSuppressed
  }

  /// Restores every save still open, compositing their groups.
  public func finish() {
    while !frames.isEmpty { restore() }
  }

  public func concatenate(_ transform: CGAffineTransform) {
    guard !isSuppressed else { return }
    guard let inverse = transform.inverse, transform.isFinite, inverse.isFinite else {
      isSuppressed = true
      return
    }
    var matrix = cairo_matrix_t(
      xx: transform.a, yx: transform.b, xy: transform.c, yy: transform.d, x0: transform.tx, y0: transform.ty)
    cairo_transform(cairo, &matrix)
  }

  public func clip(to path: Path) {
    guard !isSuppressed else { return }
    guard addPath(path) else {
      // A path that cannot be drawn encloses nothing.
      isSuppressed = true
      return
    }
    cairo_clip(cairo)
  }

  public func multiplyAlpha(_ alpha: Double) {
    multiplyAlpha(alpha, within: nil)
  }

  /// Multiplies the opacity of later drawing, as ``multiplyAlpha(_:)`` does, with the group
  /// clipped to `box`, a rectangle in the coordinates of `space` (a cairo matrix), out to
  /// whole pixels.
  package func multiplyAlpha(_ alpha: Double, within box: (space: cairo_matrix_t, rect: Rect)?) {
    guard !isSuppressed else { return }
    guard alpha.isFinite, alpha > 0 else {
      isSuppressed = true
      return
    }
    guard alpha < 1 else { return }
    if frames.isEmpty { save() }
    if let (space, rect) = box {
      var current = cairo_matrix_t()
      cairo_get_matrix(cairo, &current)
      var matrix = space
      cairo_set_matrix(cairo, &matrix)
      // The box of the rectangle's four corners on the device, out to whole pixels.
      var (minX, minY, maxX, maxY) = (Double.infinity, Double.infinity, -Double.infinity, -Double.infinity)
      for corner: (Double, Double) in [
        (rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.minX, rect.maxY), (rect.maxX, rect.maxY),
      ] {
        var (x, y) = corner
        cairo_user_to_device(cairo, &x, &y)
        (minX, minY, maxX, maxY) = (min(minX, x), min(minY, y), max(maxX, x), max(maxY, y))
      }
      var scale = (x: 1.0, y: 1.0)
      cairo_surface_get_device_scale(cairo_get_group_target(cairo), &scale.x, &scale.y)
      cairo_identity_matrix(cairo)
      let left = (minX * scale.x).rounded(.down) / scale.x
      let top = (minY * scale.y).rounded(.down) / scale.y
      let right = (maxX * scale.x).rounded(.up) / scale.x
      let bottom = (maxY * scale.y).rounded(.up) / scale.y
      cairo_rectangle(cairo, left, top, right - left, bottom - top)
      cairo_clip(cairo)
      cairo_set_matrix(cairo, &current)
    }
    cairo_push_group(cairo)
    frames[frames.count - 1].groups.append(alpha)
  }

  /// The current cairo matrix, from user to device coordinates.
  package var currentTransform: cairo_matrix_t {
    var matrix = cairo_matrix_t()
    cairo_get_matrix(cairo, &matrix)
    return matrix
  }

  public func fill(_ path: Path, color: Color) {
    guard !isSuppressed, addPath(path) else { return }
    setSource(color)
    cairo_fill(cairo)
  }

  public func stroke(_ path: Path, color: Color, lineWidth: Double) {
    guard !isSuppressed, lineWidth.isFinite, lineWidth > 0, addPath(path) else {
      cairo_new_path(cairo)
      return
    }
    setSource(color)
    cairo_set_line_width(cairo, lineWidth)
    cairo_stroke(cairo)
  }

  public func drawText(_ string: String, at origin: Point, font: Font, color: Color) {
    guard !isSuppressed, !string.isEmpty, origin.x.isFinite, origin.y.isFinite else { return }
    text.draw(string, font: font, at: origin, color: color, in: cairo)
  }

  public func drawImage(_ image: Image, in rect: Rect) {
    guard !isSuppressed, rect.isFinite, rect.width > 0, rect.height > 0 else { return }
    guard let surface = try? ImageDecoder.shared.surface(for: image) else { return }
    let width = Double(cairo_image_surface_get_width(surface))
    let height = Double(cairo_image_surface_get_height(surface))
    guard width > 0, height > 0 else { return }
    cairo_save(cairo)
    cairo_rectangle(cairo, rect.minX, rect.minY, rect.width, rect.height)
    cairo_clip(cairo)
    cairo_translate(cairo, rect.minX, rect.minY)
    cairo_scale(cairo, rect.width / width, rect.height / height)
    cairo_set_source_surface(cairo, surface, 0, 0)
    // Smooth scaling down and up; cairo's default "good" filter.
    cairo_pattern_set_filter(cairo_get_source(cairo), CAIRO_FILTER_GOOD)
    cairo_paint(cairo)
    cairo_restore(cairo)
  }

  // MARK: Paths

  /// Replaces cairo's current path with `path`; false (and no path) when it has nothing
  /// drawable.
  private func addPath(_ path: Path) -> Bool {
    cairo_new_path(cairo)
    let transform = path.transform
    guard !path.isEmpty, transform.inverse != nil, transform.isFinite else { return false }
    cairo_save(cairo)
    if !transform.isIdentity {
      var matrix = cairo_matrix_t(
        xx: transform.a, yx: transform.b, xy: transform.c, yy: transform.d, x0: transform.tx, y0: transform.ty)
      cairo_transform(cairo, &matrix)
    }
    var added = false
    for element in path.elements {
      switch element {
      case .rect(let rect):
        guard rect.isFinite else { continue }
        cairo_rectangle(cairo, rect.minX, rect.minY, rect.width, rect.height)
      case .roundedRect(let rect, let radius):
        guard rect.isFinite, radius.isFinite else { continue }
        addRoundedRect(rect, radius: max(0, min(radius, rect.width / 2, rect.height / 2)))
      case .ellipse(let rect):
        guard rect.isFinite, rect.width > 0, rect.height > 0 else { continue }
        cairo_save(cairo)
        cairo_translate(cairo, rect.midX, rect.midY)
        cairo_scale(cairo, rect.width / 2, rect.height / 2)
        cairo_new_sub_path(cairo)
        cairo_arc(cairo, 0, 0, 1, 0, 2 * Double.pi)
        cairo_close_path(cairo)
        cairo_restore(cairo)
      case .figure(let start, let segments, let closed):
        guard Self.isFinite(start), segments.allSatisfy({ Self.isFinite($0.end) }) else { continue }
        cairo_new_sub_path(cairo)
        cairo_move_to(cairo, start.x, start.y)
        var current = start
        for segment in segments {
          switch segment {
          case .line(let to):
            cairo_line_to(cairo, to.x, to.y)
          case .quadCurve(let to, let control):
            // The cubic with the same shape: control points two thirds of the way to it.
            cairo_curve_to(
              cairo, current.x + 2 / 3 * (control.x - current.x), current.y + 2 / 3 * (control.y - current.y),
              to.x + 2 / 3 * (control.x - to.x), to.y + 2 / 3 * (control.y - to.y), to.x, to.y)
          case .curve(let to, let c1, let c2):
            cairo_curve_to(cairo, c1.x, c1.y, c2.x, c2.y, to.x, to.y)
          }
          current = segment.end
        }
        if closed { cairo_close_path(cairo) }
      }
      added = true
    }
    // The path keeps device coordinates; the transform is not needed to fill it.
    cairo_restore(cairo)
    return added
  }

  private static func isFinite(_ point: Point) -> Bool { point.x.isFinite && point.y.isFinite }

  private func addRoundedRect(_ rect: Rect, radius: Double) {
    guard radius > 0 else {
      cairo_rectangle(cairo, rect.minX, rect.minY, rect.width, rect.height)
      return
    }
    let (minX, minY, maxX, maxY) = (rect.minX, rect.minY, rect.maxX, rect.maxY)
    let quarter = Double.pi / 2
    cairo_new_sub_path(cairo)
    cairo_arc(cairo, maxX - radius, minY + radius, radius, -quarter, 0)
    cairo_arc(cairo, maxX - radius, maxY - radius, radius, 0, quarter)
    cairo_arc(cairo, minX + radius, maxY - radius, radius, quarter, 2 * quarter)
    cairo_arc(cairo, minX + radius, minY + radius, radius, 2 * quarter, 3 * quarter)
    cairo_close_path(cairo)
  }

  private func setSource(_ color: Color) {
    cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha)
  }
}

extension CairoGraphicsContext {
  /// Lays out and draws `view` and its subviews, in the coordinates of its superview.
  public func render(_ view: View) {
    view.layoutIfNeeded()
    view.render(in: self)
    finish()
  }
}

extension CairoGraphicsContext: ReplayingGraphicsContext {}
