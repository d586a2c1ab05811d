import BackendSupport
internal import CGTK
import DragDrop
import Foundation

/// Renders view trees without a display: into a cairo image surface, which can be read
/// pixel by pixel or written as PNG. Snapshot tests and benchmarks use it.
///
/// ```swift
/// let image = try HeadlessRenderer.render(view, scale: 2)
/// try image.writePNG(to: URL(fileURLWithPath: "artifacts/view.png"))
/// ```
@MainActor
public enum HeadlessRenderer {
  /// Lays out `view` and draws it with its frame's top-left corner at the image's top-left
  /// corner. `size` is in view units (the view's frame size when nil); the image has `size`
  /// × `scale` pixels. `background` fills the image first; nil leaves it transparent.
  /// With `dragPreviews`, and `view` a `Window`, the previews of the window's live drags
  /// are drawn on top, as a ``GTKWindow`` draws them, at the time of the window's clock.
  ///
  /// The view's window (or the view itself, when it is a window) measures text with `text`
  /// from then on, so that layout matches what pango draws. A view in no window is laid
  /// out with `WindowEnvironment/detached`'s deterministic measurer: put it in a window
  /// for exact text.
  public static func render(
    _ view: View, size: Size? = nil, scale: Double = 1, background: Color? = .white,
    text: PangoTextMeasurer = .shared, dragPreviews: DragPreviewOverlay? = nil
  ) throws(GTKError) -> RenderedImage {
    let image = try RenderedImage(size: size ?? view.frame.size, scale: scale)
    try render(view, into: image, background: background, text: text, dragPreviews: dragPreviews)
    return image
  }

  /// Draws `view` over what `image` holds, as ``render(_:size:scale:background:text:dragPreviews:)``
  /// does, reusing its surface: for drawing frame after frame without allocating. With
  /// `background` the image is filled first; nil draws over its pixels.
  public static func render(
    _ view: View, into image: RenderedImage, background: Color? = .white, text: PangoTextMeasurer = .shared,
    dragPreviews: DragPreviewOverlay? = nil
  ) throws(GTKError) {
    let frame = view.frame
    let cairo = cairo_create(image.surface)!
    defer { cairo_destroy(cairo) }
    if let background {
      cairo_set_operator(cairo, CAIRO_OPERATOR_SOURCE)
      cairo_set_source_rgba(cairo, background.red, background.green, background.blue, background.alpha)
      cairo_paint(cairo)
      cairo_set_operator(cairo, CAIRO_OPERATOR_OVER)
    }
    cairo_translate(cairo, -frame.minX, -frame.minY)
    // Text is laid out with the measurer that draws it: the window's environment follows.
    let root = view.window ?? (view as? Window)
    if let root, root.environment.textMeasurer !== text { root.environment.textMeasurer = text }
    let context = CairoGraphicsContext(cairo: cairo, text: text)
    context.render(view)
    if let dragPreviews, let window = view as? Window {
      dragPreviews.draw(in: context, window: window, now: window.clock.now)
      context.finish()
    }
    cairo_surface_flush(image.surface)
    let status = cairo_status(cairo)
    guard status == CAIRO_STATUS_SUCCESS else { throw .cairo(String(cString: cairo_status_to_string(status))) }
  }
}

/// A rendered image: a cairo ARGB32 surface with its scale, readable pixel by pixel.
@MainActor
public final class RenderedImage {
  /// The `cairo_surface_t *` (an image surface in `CAIRO_FORMAT_ARGB32` with the device
  /// scale set), owned by this object.
  package let surface: OpaquePointer
  /// The size in pixels.
  public let pixelWidth: Int
  /// The height in pixels.
  public let pixelHeight: Int
  /// Pixels per view unit.
  public let scale: Double

  /// Whether an image of `size` view units at `scale` can be made: finite, at least a
  /// pixel and at most 32,767 pixels each way.
  public static func canMake(size: Size, scale: Double) -> Bool {
    let width = size.width * scale
    let height = size.height * scale
    return width.isFinite && height.isFinite && scale.isFinite && scale > 0 && width >= 1 && height >= 1
      && width <= 32767 && height <= 32767
  }

  /// A transparent image of `size` view units at `scale`.
  public init(size: Size, scale: Double = 1) throws(GTKError) {
    let width = size.width * scale
    let height = size.height * scale
    guard Self.canMake(size: size, scale: scale)
    else { throw .invalidRenderSize(width: size.width, height: size.height, scale: scale) }
    pixelWidth = Int(width.rounded(.up))
    pixelHeight = Int(height.rounded(.up))
    self.scale = scale
    let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(pixelWidth), Int32(pixelHeight))!
    let status = cairo_surface_status(surface)
    guard status == CAIRO_STATUS_SUCCESS else {
      cairo_surface_destroy(surface)
      throw .cairo(String(cString: cairo_status_to_string(status)))
    }
    cairo_surface_set_device_scale(surface, scale, scale)
    self.surface = surface
  }

  /// The pixels of a PNG file (a screenshot, say), at scale 1.
  public convenience init(contentsOfPNG url: URL) throws(GTKError) {
    guard let loaded = cairo_image_surface_create_from_png(url.path) else {
      throw .pngReadFailed(path: url.path, reason: "cairo returned no surface")
    }
    defer { cairo_surface_destroy(loaded) }
    let status = cairo_surface_status(loaded)
    guard status == CAIRO_STATUS_SUCCESS else {
      throw .pngReadFailed(path: url.path, reason: String(cString: cairo_status_to_string(status)))
    }
    let width = Double(cairo_image_surface_get_width(loaded))
    let height = Double(cairo_image_surface_get_height(loaded))
    try self.init(size: Size(width: width, height: height))
    // Painted onto an ARGB32 surface, so that every pixel reads the same way whatever the
    // file's format.
    let cairo = cairo_create(surface)!
    defer { cairo_destroy(cairo) }
    cairo_set_source_surface(cairo, loaded, 0, 0)
    cairo_paint(cairo)
    cairo_surface_flush(surface)
  }

  isolated deinit {
    cairo_surface_destroy(surface)
  }

  /// The colour of the pixel at column `x`, row `y`, with alpha not premultiplied; nil
  /// outside the image.
  public func pixel(x: Int, y: Int) -> Color? {
    guard (0..<pixelWidth).contains(x), (0..<pixelHeight).contains(y), let data = cairo_image_surface_get_data(surface)
    else { return nil }
    let stride = Int(cairo_image_surface_get_stride(surface))
    let value = UnsafeRawPointer(data).load(fromByteOffset: y * stride + x * 4, as: UInt32.self)
    let alpha = Double(value >> 24 & 0xFF) / 255
    guard alpha > 0 else { return .clear }
    func channel(_ shift: UInt32) -> Double { Double(value >> shift & 0xFF) / 255 / alpha }
    return Color(red: channel(16), green: channel(8), blue: channel(0), alpha: alpha)
  }

  /// The colour at a point in view units: the pixel that covers it.
  public func color(at point: Point) -> Color? {
    pixel(x: Int(saturating: (point.x * scale).rounded(.down)), y: Int(saturating: (point.y * scale).rounded(.down)))
  }

  /// How many pixels in `rect` (view units) satisfy `predicate`.
  public func countPixels(in rect: Rect? = nil, where predicate: (Color) -> Bool) -> Int {
    let area = rect ?? Rect(x: 0, y: 0, width: Double(pixelWidth) / scale, height: Double(pixelHeight) / scale)
    let minX = max(0, Int(saturating: (area.minX * scale).rounded(.down)))
    let minY = max(0, Int(saturating: (area.minY * scale).rounded(.down)))
    let maxX = min(pixelWidth, Int(saturating: (area.maxX * scale).rounded(.up)))
    let maxY = min(pixelHeight, Int(saturating: (area.maxY * scale).rounded(.up)))
    var count = 0
    for y in minY..<max(minY, maxY) {
      for x in minX..<max(minX, maxX) where pixel(x: x, y: y).map(predicate) == true { count += 1 }
    }
    return count
  }

  /// The image encoded as PNG.
  public func pngData() throws(GTKError) -> Data {
    final class Sink { var data = Data() }
    let sink = Sink()
    let write: cairo_write_func_t = { closure, bytes, length in
      guard let closure, let bytes else { return CAIRO_STATUS_WRITE_ERROR }
      Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue().data.append(bytes, count: Int(length))
      return CAIRO_STATUS_SUCCESS
    }
    let status = withExtendedLifetime(sink) {
      cairo_surface_write_to_png_stream(surface, write, Unmanaged.passUnretained(sink).toOpaque())
    }
    guard status == CAIRO_STATUS_SUCCESS else { throw .cairo(String(cString: cairo_status_to_string(status))) }
    return sink.data
  }

  /// Writes the image as a PNG file, creating the folders on the way.
  public func writePNG(to url: URL) throws(GTKError) {
    do {
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try pngData().write(to: url)
    } catch let error as GTKError {
      throw error
    } catch {
      throw .pngWriteFailed(path: url.path, reason: error.localizedDescription)
    }
  }
}
