internal import CGTK
import DragDrop
import Foundation

/// Decodes `Image` bytes (PNG, JPEG, GIF) with gdk-pixbuf into cairo surfaces, and keeps
/// the most recently drawn ones.
@MainActor
public final class ImageDecoder {
  /// The decoder renderers share.
  public static let shared = ImageDecoder()

  /// How many bytes of decoded pixels the cache keeps before dropping the least recently
  /// used images.
  public var cacheLimit: Int {
    didSet { trim() }
  }

  private struct Entry {
    /// A `cairo_surface_t *` in ARGB32.
    var surface: OpaquePointer
    var bytes: Int
    var lastUse: Int
  }

  private var entries: [Image: Entry] = [:]
  private var cachedBytes = 0
  private var useCounter = 0

  /// A decoder that keeps up to `cacheLimit` bytes of decoded pixels, dropping the least recently used first.
  public init(cacheLimit: Int = 128 << 20) {
    self.cacheLimit = cacheLimit
  }

  isolated deinit {
    for entry in entries.values { cairo_surface_destroy(entry.surface) }
  }

  /// How many images were decoded on the main actor, when they were drawn; images adopted
  /// from ``decodeInBackground(_:)`` do not count.
  public private(set) var decodeCount = 0

  /// The number of images decoded and kept.
  public var cachedImageCount: Int { entries.count }

  /// The decoded pixel size of `image`, decoding it (and caching the result) if needed.
  public func decodedSize(of image: Image) throws(GTKError) -> (width: Int, height: Int) {
    let surface = try surface(for: image)
    return (Int(cairo_image_surface_get_width(surface)), Int(cairo_image_surface_get_height(surface)))
  }

  /// The image as a cairo image surface (`cairo_surface_t *`) owned by the cache: valid
  /// until the cache drops it, so draw with it at once.
  func surface(for image: Image) throws(GTKError) -> OpaquePointer {
    let key = image
    useCounter += 1
    if let entry = entries[key] {
      entries[key]?.lastUse = useCounter
      return entry.surface
    }
    let surface = try Self.decode(image)
    decodeCount += 1
    let bytes = Int(cairo_image_surface_get_stride(surface)) * Int(cairo_image_surface_get_height(surface))
    entries[key] = Entry(surface: surface, bytes: bytes, lastUse: useCounter)
    cachedBytes += bytes
    trim(keeping: key)
    return surface
  }

  /// Decodes `image` off the main actor, for ``adopt(_:)`` to put in the cache: a list
  /// or a grid that loads its images in the background decodes them there too, so that
  /// drawing them is a cache hit. gdk-pixbuf and cairo decode on any thread.
  public nonisolated static func decodeInBackground(_ image: Image) throws(GTKError) -> DecodedImage {
    DecodedImage(image: image, surface: try decode(image))
  }

  /// Puts pixels decoded by ``decodeInBackground(_:)`` in the cache, as the most recently
  /// used image; when the image is already there, the cached pixels stay.
  public func adopt(_ decoded: DecodedImage) {
    let key = decoded.image
    useCounter += 1
    if entries[key] != nil {
      entries[key]?.lastUse = useCounter
      return
    }
    let surface = decoded.surface
    cairo_surface_reference(surface)
    let bytes = Int(cairo_image_surface_get_stride(surface)) * Int(cairo_image_surface_get_height(surface))
    entries[key] = Entry(surface: surface, bytes: bytes, lastUse: useCounter)
    cachedBytes += bytes
    trim(keeping: key)
  }

  /// Whether `image` is decoded and kept.
  public func contains(_ image: Image) -> Bool { entries[image] != nil }

  /// Drops every cached image.
  public func removeAll() {
    for entry in entries.values { cairo_surface_destroy(entry.surface) }
    entries.removeAll()
    cachedBytes = 0
  }

  /// Once over the limit, drops the least recently used images down to seven eighths of
  /// it, so that the sort of every entry this takes comes once per eighth of the cache
  /// turned over, not with every image added to a full cache (at 5,000 thumbnails, a sort
  /// per thumbnail held a grid that was taking in photos to a few frames a second).
  private func trim(keeping kept: Image? = nil) {
    guard cachedBytes > cacheLimit else { return }
    let target = cacheLimit - cacheLimit / 8
    for (key, entry) in entries.sorted(by: { $0.value.lastUse < $1.value.lastUse }) {
      guard cachedBytes > target else { break }
      if key == kept { continue }
      cairo_surface_destroy(entry.surface)
      cachedBytes -= entry.bytes
      entries[key] = nil
    }
  }

  /// A thumbnail of the image file at `url`: PNG bytes, scaled with gdk-pixbuf to fit
  /// `maximumPixelSize` on its longer side (never enlarged), turned upright as its EXIF
  /// orientation says. JPEG files are scaled as they decode, so a large photo is never held
  /// whole. A file of more pixels than `Image.maximumPixelCount` is refused before it is
  /// decoded.
  public nonisolated static func thumbnailPNG(ofFileAt url: URL, maximumPixelSize: Int) throws(GTKError) -> Data {
    var width: Int32 = 0
    var height: Int32 = 0
    guard gdk_pixbuf_get_file_info(url.path, &width, &height) != nil, width > 0, height > 0 else {
      throw .imageDecodingFailed(.image, reason: "\(url.lastPathComponent) is not an image gdk-pixbuf reads")
    }
    // Checked before anything decodes: gdk-pixbuf decodes a PNG or a GIF whole.
    let limit = Image.maximumPixelCount
    guard Int(width) * Int(height) <= limit else {
      let type = ContentType(filenameExtension: url.pathExtension) ?? .image
      throw .imageDecodingFailed(
        type, reason: "\(ImageError.tooLarge(type, width: Int(width), height: Int(height), limit: limit))")
    }
    let scale = min(1, Double(maximumPixelSize) / Double(max(width, height)))
    var error: UnsafeMutablePointer<GError>?
    guard
      let scaled = gdk_pixbuf_new_from_file_at_scale(
        url.path, Int32((Double(width) * scale).rounded()), Int32((Double(height) * scale).rounded()), 1, &error)
    else {
      defer { if let error { g_error_free(error) } }
      throw .imageDecodingFailed(
        .image, reason: error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? "gdk-pixbuf failed")
    }
    defer { g_object_unref(UnsafeMutableRawPointer(scaled)) }
    let upright = gdk_pixbuf_apply_embedded_orientation(scaled)
    defer { if let upright { g_object_unref(UnsafeMutableRawPointer(upright)) } }
    var buffer: UnsafeMutablePointer<gchar>?
    var size: gsize = 0
    let saved = "png".withCString { type in
      gdk_pixbuf_save_to_bufferv(upright ?? scaled, &buffer, &size, type, nil, nil, &error) != 0
    }
    defer { g_free(buffer) }
    guard saved, let buffer else {
      defer { if let error { g_error_free(error) } }
      throw .imageDecodingFailed(
        .png, reason: error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? "PNG encoding failed")
    }
    return Data(bytes: buffer, count: Int(size))
  }

  /// Decodes the bytes with a gdk-pixbuf loader and copies the pixels into a new surface.
  private nonisolated static func decode(_ image: Image) throws(GTKError) -> OpaquePointer {
    guard let loader = gdk_pixbuf_loader_new() else {
      throw .imageDecodingFailed(image.contentType, reason: "gdk-pixbuf has no loader")
    }
    defer { g_object_unref(loader) }
    var error: UnsafeMutablePointer<GError>?
    let written = image.data.withUnsafeBytes { buffer -> Bool in
      guard let base = buffer.bindMemory(to: UInt8.self).baseAddress else { return false }
      return gdk_pixbuf_loader_write(loader, base, gsize(buffer.count), &error) != 0
    }
    // Closing is required even after a failed write; its error matters only otherwise.
    var closeError: UnsafeMutablePointer<GError>?
    let closed = gdk_pixbuf_loader_close(loader, &closeError) != 0
    defer {
      if let error { g_error_free(error) }
      if let closeError { g_error_free(closeError) }
    }
    guard written, closed, let pixbuf = gdk_pixbuf_loader_get_pixbuf(loader) else {
      let message = (error ?? closeError).flatMap { $0.pointee.message.map { String(cString: $0) } }
      throw .imageDecodingFailed(image.contentType, reason: message ?? "gdk-pixbuf could not decode the bytes")
    }
    let width = gdk_pixbuf_get_width(pixbuf)
    let height = gdk_pixbuf_get_height(pixbuf)
    guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height),
      cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS
    else {
      throw .imageDecodingFailed(image.contentType, reason: "no memory for \(width)×\(height) pixels")
    }
    let cairo = cairo_create(surface)
    gdk_cairo_set_source_pixbuf(cairo, pixbuf, 0, 0)
    cairo_set_operator(cairo, CAIRO_OPERATOR_SOURCE)
    cairo_paint(cairo)
    cairo_destroy(cairo)
    cairo_surface_flush(surface)
    return surface
  }
}

/// An image's pixels, decoded off the main actor by ``ImageDecoder/decodeInBackground(_:)``
/// and not yet in a decoder's cache. It frees them when it goes, adopted or not.
public final class DecodedImage: @unchecked Sendable {
  // Immutable after init: the surface is only read, and cairo's reference counting is atomic.
  /// The image the pixels are of.
  public let image: Image
  fileprivate let surface: OpaquePointer

  fileprivate init(image: Image, surface: OpaquePointer) {
    self.image = image
    self.surface = surface
  }

  deinit { cairo_surface_destroy(surface) }

  /// The decoded size in pixels.
  public var pixelSize: (width: Int, height: Int) {
    (Int(cairo_image_surface_get_width(surface)), Int(cairo_image_surface_get_height(surface)))
  }
}
