internal import CGTK
import Foundation

/// How an image renderer makes its images, as UIKit's `UIGraphicsImageRendererFormat`: an
/// object, so that `let format = …; format.scale = 1` works as UIKit code writes it. A
/// renderer keeps a copy of the format it is given.
public final class GraphicsImageRendererFormat {
  /// Pixels per point: 1 by default. An image made at 2 has twice the pixels each way, and
  /// its `size` counts pixels: images here carry no scale of their own.
  public var scale: CGFloat = 1
  /// Whether the image has no transparency: its background is white rather than clear.
  public var opaque = false
  /// The area drawn by the renderer that holds this format, in points: zero in a format
  /// that no renderer holds.
  public internal(set) var bounds = CGRect.zero
  /// Whether the colours may go beyond sRGB; they do not here.
  public var preferredRange = Range.standard

  /// The colour ranges an image may use.
  public enum Range: Int, Sendable {
    /// Whatever the device supports.
    case automatic
    /// Beyond sRGB.
    case extended
    /// sRGB.
    case standard
  }

  /// The format every renderer uses unless given one.
  public init() {}

  /// A format with the same settings.
  func copied(bounds: CGRect) -> GraphicsImageRendererFormat {
    let copy = GraphicsImageRendererFormat()
    copy.scale = scale
    copy.opaque = opaque
    copy.preferredRange = preferredRange
    copy.bounds = bounds
    return copy
  }

  /// The default format: scale 1, with transparency.
  public static func `default`() -> GraphicsImageRendererFormat { GraphicsImageRendererFormat() }
  /// The same as ``default()``: there is one screen scale here.
  public static func preferred() -> GraphicsImageRendererFormat { GraphicsImageRendererFormat() }
}

/// The context an image renderer's drawing block gets, as UIKit's
/// `UIGraphicsImageRendererContext`.
@MainActor
public final class GraphicsImageRendererContext {
  /// The Core Graphics context drawn into; it is also ``CGContext/current`` in the block.
  public let cgContext: CGContext
  /// The renderer's format.
  public let format: GraphicsImageRendererFormat
  private let image: RenderedImage

  init(cgContext: CGContext, format: GraphicsImageRendererFormat, image: RenderedImage) {
    self.cgContext = cgContext
    self.format = format
    self.image = image
  }

  /// What has been drawn so far, as an image.
  public var currentImage: Image {
    (try? image.pngData()).flatMap { try? Image(data: $0, contentType: .png) } ?? GraphicsImageRenderer.emptyImage
  }

  /// Fills a rectangle with the fill colour.
  public func fill(_ rect: CGRect) { cgContext.fill(rect) }
  /// Strokes a rectangle's outline with the stroke colour.
  public func stroke(_ rect: CGRect) { cgContext.stroke(rect) }
  /// Narrows the clip to a rectangle.
  public func clip(to rect: CGRect) { cgContext.clip(to: rect) }
}

/// Draws into a new image, as UIKit's `UIGraphicsImageRenderer`: the block draws with the
/// context it is given, with ``CGContext/current``, or with `setFill()`, ``BezierPath``,
/// `Image.draw(in:)` and `View.drawHierarchy(in:afterScreenUpdates:)`, and the renderer
/// hands back the image, PNG bytes or JPEG bytes. It draws with cairo, off screen, so it
/// works with no display.
///
/// ```swift
/// let renderer = GraphicsImageRenderer(size: CGSize(width: 64, height: 64))
/// let badge = renderer.image { context in
///   Color.systemBlue.setFill()
///   BezierPath(ovalIn: context.format.bounds).fill()
/// }
/// ```
@MainActor
public final class GraphicsImageRenderer {
  /// The area drawn, in points: its origin is the top-left corner of the image.
  public let bounds: CGRect
  /// How the images are made.
  public let format: GraphicsImageRendererFormat

  /// A renderer of images `size` points big.
  public convenience init(size: CGSize, format: GraphicsImageRendererFormat = .default()) {
    self.init(bounds: CGRect(origin: .zero, size: size), format: format)
  }

  /// A renderer of the area `bounds`: drawing at its origin lands at the image's top-left
  /// corner.
  public init(bounds: CGRect, format: GraphicsImageRendererFormat = .default()) {
    self.bounds = bounds
    self.format = format.copied(bounds: bounds)
  }

  /// Whether images of the renderer's size can be made: false for an empty, negative or
  /// enormous size, for which the renderer hands back a blank image and no bytes.
  public var allowsImageOutput: Bool { RenderedImage.canMake(size: bounds.size, scale: Double(format.scale)) }

  /// Runs `actions` and hands back what it drew; a blank 1-pixel image when the size
  /// cannot be drawn.
  public func image(actions: (GraphicsImageRendererContext) -> Void) -> Image {
    guard let image = render(actions), let png = try? image.pngData(),
      let made = try? Image(data: png, contentType: .png)
    else { return Self.emptyImage }
    return made
  }

  /// Runs `actions` and hands back what it drew, as PNG bytes; empty when the size cannot
  /// be drawn.
  public func pngData(actions: (GraphicsImageRendererContext) -> Void) -> Data {
    guard let image = render(actions) else { return Data() }
    return (try? image.pngData()) ?? Data()
  }

  /// Runs `actions` and hands back what it drew, as JPEG bytes at `compressionQuality`
  /// (0 to 1); empty when the size cannot be drawn. JPEG has no transparency: what is
  /// transparent comes out black.
  public func jpegData(
    withCompressionQuality compressionQuality: CGFloat, actions: (GraphicsImageRendererContext) -> Void
  )
    -> Data
  {
    guard let image = render(actions) else { return Data() }
    return Self.jpeg(image, quality: Double(compressionQuality)) ?? Data()
  }

  private func render(_ actions: (GraphicsImageRendererContext) -> Void) -> RenderedImage? {
    guard let image = try? RenderedImage(size: bounds.size, scale: Double(format.scale)) else { return nil }
    let cairo = cairo_create(image.surface)!
    defer { cairo_destroy(cairo) }
    if format.opaque {
      cairo_set_source_rgb(cairo, 1, 1, 1)
      cairo_paint(cairo)
    }
    cairo_translate(cairo, -bounds.minX, -bounds.minY)
    let graphics = CairoGraphicsContext(cairo: cairo)
    let context = CGContext(graphics)
    context.drawing {
      actions(GraphicsImageRendererContext(cgContext: context, format: format, image: image))
    }
    graphics.finish()
    cairo_surface_flush(image.surface)
    return image
  }

  private static func jpeg(_ image: RenderedImage, quality: Double) -> Data? {
    guard
      let pixbuf = gdk_pixbuf_get_from_surface(image.surface, 0, 0, Int32(image.pixelWidth), Int32(image.pixelHeight))
    else { return nil }
    defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
    var buffer: UnsafeMutablePointer<gchar>?
    var size: gsize = 0
    var error: UnsafeMutablePointer<GError>?
    let level = String(Int((max(0, min(1, quality.isFinite ? quality : 1)) * 100).rounded()))
    let saved = "jpeg".withCString { type in
      "quality".withCString { key in
        level.withCString { value in
          var keys: [UnsafeMutablePointer<CChar>?] = [UnsafeMutablePointer(mutating: key), nil]
          var values: [UnsafeMutablePointer<CChar>?] = [UnsafeMutablePointer(mutating: value), nil]
          return gdk_pixbuf_save_to_bufferv(pixbuf, &buffer, &size, type, &keys, &values, &error) != 0
        }
      }
    }
    defer { g_free(buffer) }
    if let error { g_error_free(error) }
    guard saved, let buffer else { return nil }
    return Data(bytes: buffer, count: Int(size))
  }

  /// A transparent pixel, for sizes that cannot be drawn.
  static let emptyImage: Image = {
    // swift-format-ignore: NeverUseForceTry
    try! Image(rgbaPixels: [0, 0, 0, 0], width: 1, height: 1)
  }()
}
