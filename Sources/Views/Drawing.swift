import Foundation

/// A font: a size in points and a weight. The platform picks the face, with fallback for
/// scripts the first choice lacks.
public struct Font: Hashable, Sendable, CustomStringConvertible {
  /// How heavy the strokes of the letters are.
  public enum Weight: String, Hashable, Sendable {
    /// The body text's weight.
    case regular
    /// A heavier weight, for emphasis and headers.
    case bold
  }

  /// The size in points.
  public var size: Double
  /// How heavy the letters are.
  public var weight: Weight

  /// The system font of `size` points and `weight`.
  public init(size: Double, weight: Weight = .regular) {
    self.size = size
    self.weight = weight
  }

  /// The system font at `size` points, regular.
  public static func systemFont(ofSize size: Double) -> Font { Font(size: size) }
  /// The system font at `size` points, bold.
  public static func boldSystemFont(ofSize size: Double) -> Font { Font(size: size, weight: .bold) }

  public var description: String { weight == .regular ? "\(formatted(size))pt" : "\(formatted(size))pt \(weight)" }
}

/// Measures text. The platform installs one backed by its text engine; the default is a
/// deterministic approximation, so that headless layout does not depend on installed fonts.
@MainActor
public protocol TextMeasuring: AnyObject {
  /// The size `text` takes in `font`, lines broken only at newlines.
  func size(of text: String, font: Font) -> Size
}

/// The deterministic measurer: East Asian wide characters are one em wide, others 0.6 em,
/// and a line is 1.2 em high.
@MainActor
public final class ApproximateTextMeasurer: TextMeasuring {
  /// The measurer.
  public init() {}

  public func size(of text: String, font: Font) -> Size {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let widest =
      lines.map { line in
        line.unicodeScalars.reduce(0.0) { width, scalar in
          width + (Self.isWide(scalar) ? 1.0 : 0.6) * font.size
        }
      }.max() ?? 0
    return Size(width: widest.rounded(.up), height: (Double(lines.count) * font.size * 1.2).rounded(.up))
  }

  private static func isWide(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
      0xFFE0...0xFFE6, 0x1F300...0x1FAFF, 0x20000...0x3FFFD:
      true
    default:
      false
    }
  }
}

/// A surface to draw on. Views draw through it; the platform renders it with cairo, and
/// tests record it as a display list.
@MainActor
public protocol GraphicsContext: AnyObject {
  /// Saves the transform, clip and alpha; ``restore()`` brings them back.
  func save()
  /// Restores the state saved by the matching ``save()``.
  func restore()
  /// Applies `transform` before the current one: later drawing is in the new space.
  func concatenate(_ transform: CGAffineTransform)
  /// Intersects the clip with `path`.
  func clip(to path: Path)
  /// Multiplies the opacity of later drawing.
  func multiplyAlpha(_ alpha: Double)
  /// Fills `path` with `color`.
  func fill(_ path: Path, color: Color)
  /// Strokes the outline of `path` with `color`, `lineWidth` points wide.
  func stroke(_ path: Path, color: Color, lineWidth: Double)
  /// Draws text with its top-left corner at `origin`.
  func drawText(_ text: String, at origin: Point, font: Font, color: Color)
  /// Draws an encoded image scaled into `rect`.
  func drawImage(_ image: Image, in rect: Rect)
}

/// A graphics context that can keep a view's drawing as a bitmap between frames, for views
/// whose ``View/shouldRasterize`` is true.
@MainActor
public protocol RasterizingGraphicsContext: GraphicsContext {
  /// Draws what `content` draws, in the current coordinates and within `bounds`: through
  /// a bitmap kept from an earlier frame when `content` draws exactly what it drew then,
  /// through a new one otherwise, or directly when a bitmap would not land on whole pixels.
  func drawRasterized(in bounds: Rect, content: (any GraphicsContext) -> Void)
}

/// A graphics context that records what is drawn, for snapshots and tests.
@MainActor
public final class RecordingGraphicsContext: GraphicsContext {
  /// What has been drawn, in order.
  public private(set) var commands: [DrawingCommand] = []

  /// An empty recording.
  public init() {}

  public func save() { commands.append(.save) }
  public func restore() { commands.append(.restore) }
  public func concatenate(_ transform: CGAffineTransform) { commands.append(.concatenate(transform)) }
  public func clip(to path: Path) { commands.append(.clip(path)) }
  public func multiplyAlpha(_ alpha: Double) { commands.append(.multiplyAlpha(alpha)) }
  public func fill(_ path: Path, color: Color) { commands.append(.fill(path, color)) }
  public func stroke(_ path: Path, color: Color, lineWidth: Double) {
    commands.append(.stroke(path, color, lineWidth: lineWidth))
  }
  public func drawText(_ text: String, at origin: Point, font: Font, color: Color) {
    commands.append(.text(text, origin: origin, font: font, color: color))
  }
  public func drawImage(_ image: Image, in rect: Rect) {
    commands.append(.image(image, rect: rect))
  }

  /// The display list as indented text, one command a line: stable across runs, so it
  /// can be compared with a stored snapshot.
  public var snapshot: String {
    var lines: [String] = []
    var depth = 0
    for command in commands {
      if command == .restore { depth = max(0, depth - 1) }
      let indent = String(repeating: "  ", count: depth)
      let text: String =
        switch command {
        case .save: "save"
        case .restore: "restore"
        case .concatenate(let transform): "transform \(transform)"
        case .clip(let path): "clip \(path)"
        case .multiplyAlpha(let alpha): "alpha \(formatted(alpha))"
        case .fill(let path, let color): "fill \(path) \(color.hex)"
        case .stroke(let path, let color, let width): "stroke \(path) \(color.hex) width \(formatted(width))"
        case .text(let text, let origin, let font, let color):
          "text \"\(text)\" at \(origin.formatted) \(font) \(color.hex)"
        case .image(let image, let rect):
          "image \(image.contentType.identifier) \(image.pixelWidth)×\(image.pixelHeight) in \(rect.formatted)"
        }
      lines.append(indent + text)
      if command == .save { depth += 1 }
    }
    return lines.joined(separator: "\n")
  }
}

extension View {
  /// Draws the view and its subviews into `context`, in the coordinates of the view's
  /// superview: the background, then ``draw(in:)``, then each visible subview.
  public func render(in context: any GraphicsContext) {
    guard !isHidden, alpha > 0 else { return }
    context.save()
    context.concatenate(
      CGAffineTransform(translationX: -bounds.midX, y: -bounds.midY)
        .concatenating(transform)
        .concatenating(
          CGAffineTransform(translationX: center.x + presentationOffset.x, y: center.y + presentationOffset.y)))
    if alpha < 1 { context.multiplyAlpha(alpha) }
    if shouldRasterize, let rasterizing = context as? any RasterizingGraphicsContext {
      rasterizing.drawRasterized(in: bounds) { renderContent(in: $0) }
    } else {
      renderContent(in: context)
    }
    context.restore()
  }
}
