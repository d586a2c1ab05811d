import BackendSupport
internal import CGTK
import DragDrop

/// Draws a view tree frame after frame into an image (or a few in turn), drawing again only
/// the pixels that changed since the frame the image holds.
///
/// Each frame records what the views draw, without drawing it, and compares the recording
/// with the last frame's: every fill, stroke, text, image and rasterized view, with its
/// transform, clips and the groups it is in. Only the boxes of what appeared, went or
/// changed are filled with the background and drawn again, and within them only what
/// reaches them. A frame in which a drag preview moved draws the preview's old and new
/// places and nothing else; a frame in which nothing changed draws nothing.
///
/// Views need not say that they changed: a view whose drawing changes draws differently,
/// and the comparison sees it. What the recording cannot see (a font installed, a text
/// measurer swapped) needs ``invalidate()``.
///
/// The changed parts are drawn on a scratch image as large as ``image`` and copied into
/// place, so that they are exactly what drawing the whole frame gives: the renderer holds
/// one image of its size (4 MiB for 1280 × 800 at scale 1) for each buffer and one more,
/// and the recording of the frame each buffer holds.
///
/// ```swift
/// let renderer = try IncrementalRenderer(size: window.frame.size, scale: 2)
/// try renderer.render(window)        // draws every pixel
/// try renderer.render(window)        // draws only what changed since
/// try renderer.image.writePNG(to: url)
/// ```
@MainActor
public final class IncrementalRenderer {
  /// The image the last frame was drawn into; it holds that frame, whole. With more than
  /// one buffer, frames take the images in turn.
  public var image: RenderedImage { buffers[current].image }
  /// Each image, and the recording of the frame it holds (nil before its first frame and
  /// after ``invalidate()``).
  private var buffers: [(image: RenderedImage, holds: FrameRecording?)]
  private var current = 0
  /// What fills the image behind the views; nil leaves it transparent.
  public let background: Color?
  /// Measures and draws text.
  public let text: PangoTextMeasurer
  /// The parts of the image the last frame drew, in view units: the whole image at the
  /// first frame and after ``invalidate()``, none when nothing changed.
  public private(set) var lastDrawnArea: [Rect] = []
  /// Frames drawn whole, and frames drawn in part (or not at all), since the renderer was
  /// made.
  public private(set) var fullFrames = 0
  /// Frames drawn in part, or not at all because nothing changed.
  public private(set) var partialFrames = 0

  /// Where changed parts are drawn before they are copied into ``image``.
  private var scratch: RenderedImage?
  /// Past this share of the image, a frame is drawn whole: one pass over every step costs
  /// less than culling steps against many boxes.
  static let wholeFrameShare = 0.6
  /// Past this many separate boxes, their bounding box is drawn instead.
  static let mostBoxes = 32

  /// Images of `size` view units at `scale` pixels per unit, drawn over `background`.
  ///
  /// With more than one of `buffers`, frames take the images in turn, and each frame
  /// brings its image up to date from the frame that image holds. Give a frame's image to
  /// something that keeps it for a while (GTK keeps what a window drew until it has shown
  /// it, and longer), and drawing the next frame into the same image would make cairo copy
  /// it first; with a few buffers, it is not drawn into again until then.
  public init(
    size: Size, scale: Double = 1, background: Color? = .white, text: PangoTextMeasurer = .shared, buffers: Int = 1
  )
    throws(GTKError)
  {
    var images: [(image: RenderedImage, holds: FrameRecording?)] = []
    for _ in 0..<max(1, buffers) { images.append((try RenderedImage(size: size, scale: scale), nil)) }
    self.buffers = images
    imageSize = size
    self.background = background
    self.text = text
  }

  /// Makes the next frames draw every pixel.
  public func invalidate() {
    for index in buffers.indices { buffers[index].holds = nil }
  }

  /// Lays out `view` and brings the image up to date with it, its frame's top-left corner
  /// at the image's. With `dragPreviews`, and `view` a `Window`, the previews of the
  /// window's live drags are drawn on top, at the time of the window's clock. Returns
  /// whether any drag is live, so that the caller keeps frames coming.
  ///
  /// The view's window (or the view, when it is a window) measures text with ``text`` from
  /// then on, so that layout matches what pango draws.
  @discardableResult
  public func render(_ view: View, dragPreviews: DragPreviewOverlay? = nil) throws(GTKError) -> Bool {
    let root = view.window ?? (view as? Window)
    if let root, root.environment.textMeasurer !== text { root.environment.textMeasurer = text }
    view.layoutIfNeeded()
    let frame = view.frame
    let origin = CGAffineTransform(translationX: -frame.minX, y: -frame.minY)
    let recording = FrameRecording(transform: origin, text: text)
    view.render(in: recording)
    var live = false
    if let dragPreviews, let window = view as? Window {
      live = dragPreviews.draw(in: recording, window: window, now: window.clock.now)
    }
    recording.finish()

    current = (current + 1) % buffers.count
    let changed: [Rect]? = buffers[current].holds.flatMap { area(changedFrom: $0, to: recording) }
    buffers[current].holds = recording
    if let changed, changed.isEmpty {
      lastDrawnArea = []
      partialFrames += 1
      return live
    }
    if let changed {
      partialFrames += 1
      try draw(recording, in: changed, frame: frame)
    } else {
      fullFrames += 1
      let cairo = cairo_create(image.surface)!
      defer { cairo_destroy(cairo) }
      fillBackground(cairo)
      cairo_translate(cairo, -frame.minX, -frame.minY)
      recording.replay(into: CairoGraphicsContext(cairo: cairo, text: text), within: nil)
      try check(cairo)
    }
    cairo_surface_flush(image.surface)
    lastDrawnArea = changed ?? [Rect(x: 0, y: 0, width: imageWidth, height: imageHeight)]
    return live
  }

  /// Draws what reaches `area` (rectangles in view units, on whole pixels) into the
  /// scratch image, and copies the rectangles into place.
  ///
  /// The scratch image is as large as the image, and nothing but translucent groups is
  /// clipped there: under a clip that cuts through a shape, or a smaller surface, cairo
  /// antialiases the shape's edges a level or two differently from drawing the whole frame.
  /// Drawn this way, the changed pixels are exactly what the whole frame gives.
  private func draw(_ recording: FrameRecording, in area: [Rect], frame: Rect) throws(GTKError) {
    if scratch == nil { scratch = try RenderedImage(size: imageSize, scale: image.scale) }
    let scratch = scratch!
    let cairo = cairo_create(scratch.surface)!
    defer { cairo_destroy(cairo) }
    for rect in area { cairo_rectangle(cairo, rect.minX, rect.minY, rect.width, rect.height) }
    cairo_clip(cairo)
    fillBackground(cairo)
    cairo_reset_clip(cairo)
    cairo_translate(cairo, -frame.minX, -frame.minY)
    recording.replay(into: CairoGraphicsContext(cairo: cairo, text: text), within: area)
    try check(cairo)
    cairo_surface_flush(scratch.surface)
    let target = cairo_create(image.surface)!
    defer { cairo_destroy(target) }
    cairo_set_operator(target, CAIRO_OPERATOR_SOURCE)
    cairo_set_source_surface(target, scratch.surface, 0, 0)
    for rect in area { cairo_rectangle(target, rect.minX, rect.minY, rect.width, rect.height) }
    cairo_fill(target)
    try check(target)
  }

  private func fillBackground(_ cairo: OpaquePointer) {
    cairo_set_operator(cairo, CAIRO_OPERATOR_SOURCE)
    if let background {
      cairo_set_source_rgba(cairo, background.red, background.green, background.blue, background.alpha)
    } else {
      cairo_set_source_rgba(cairo, 0, 0, 0, 0)
    }
    cairo_paint(cairo)
    cairo_set_operator(cairo, CAIRO_OPERATOR_OVER)
  }

  private func check(_ cairo: OpaquePointer) throws(GTKError) {
    let status = cairo_status(cairo)
    guard status == CAIRO_STATUS_SUCCESS else {
      buffers[current].holds = nil
      throw .cairo(String(cString: cairo_status_to_string(status)))
    }
  }

  private var imageWidth: Double { Double(image.pixelWidth) / image.scale }
  private var imageHeight: Double { Double(image.pixelHeight) / image.scale }
  /// The image's size in view units, as it was asked for.
  public let imageSize: Size

  /// What must be drawn again, in view units and on whole pixels: nil for the whole image.
  private func area(changedFrom previous: FrameRecording, to recording: FrameRecording) -> [Rect]? {
    let boxes = recording.damage(from: previous)
    guard !boxes.isEmpty else { return [] }
    let scale = image.scale
    let region = cairo_region_create()!
    defer { cairo_region_destroy(region) }
    for box in boxes {
      // Out to whole pixels, and within the image.
      let minX = max(0, (box.minX * scale).rounded(.down))
      let minY = max(0, (box.minY * scale).rounded(.down))
      let maxX = min(Double(image.pixelWidth), (box.maxX * scale).rounded(.up))
      let maxY = min(Double(image.pixelHeight), (box.maxY * scale).rounded(.up))
      guard maxX > minX, maxY > minY else { continue }
      var rectangle = cairo_rectangle_int_t(
        x: Int32(minX), y: Int32(minY), width: Int32(maxX - minX), height: Int32(maxY - minY))
      cairo_region_union_rectangle(region, &rectangle)
    }
    var extents = cairo_rectangle_int_t()
    cairo_region_get_extents(region, &extents)
    let count = Int(cairo_region_num_rectangles(region))
    var rectangles: [cairo_rectangle_int_t] = []
    if count > Self.mostBoxes {
      rectangles = [extents]
    } else {
      for index in 0..<count {
        var rectangle = cairo_rectangle_int_t()
        cairo_region_get_rectangle(region, Int32(index), &rectangle)
        rectangles.append(rectangle)
      }
    }
    let pixels = rectangles.reduce(0) { $0 + Int($1.width) * Int($1.height) }
    if Double(pixels) > Self.wholeFrameShare * Double(image.pixelWidth * image.pixelHeight) { return nil }
    return rectangles.map { rectangle in
      Rect(
        x: Double(rectangle.x) / scale, y: Double(rectangle.y) / scale, width: Double(rectangle.width) / scale,
        height: Double(rectangle.height) / scale)
    }
  }
}
