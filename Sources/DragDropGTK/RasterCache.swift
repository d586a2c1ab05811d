internal import CGTK
import DragDrop

/// The bitmaps of views drawn with ``View/shouldRasterize``, keyed by what they draw, the
/// rectangle they cover and the device scale: a view that draws the same thing again finds
/// its bitmap, whichever view it is. The least recently used bitmaps go once the cache holds
/// more than ``byteLimit`` bytes of pixels and of the images its keys name.
@MainActor
package final class RasterCache {
  package static let shared = RasterCache()

  struct Key: Hashable {
    let operations: [DrawingCommand]
    let bounds: Rect
    let scaleX: Double
    let scaleY: Double
  }

  private struct Entry {
    let surface: OpaquePointer
    let bytes: Int
    var lastUse: Int
  }

  /// Bytes kept at most, pixels and the encoded images the keys name: 64 MiB by default,
  /// about 1,500 plain tiles of 104 × 104 points at scale 1.
  package var byteLimit = 64 << 20 {
    didSet { trim() }
  }
  private var entries: [Key: Entry] = [:]
  private var cachedBytes = 0
  private var useCounter = 0
  /// Lookups that found a bitmap, and lookups that drew one.
  package private(set) var hits = 0
  package private(set) var misses = 0

  package init() {}

  isolated deinit {
    for entry in entries.values { cairo_surface_destroy(entry.surface) }
  }

  package var count: Int { entries.count }

  /// Drops every bitmap.
  package func removeAll() {
    for entry in entries.values { cairo_surface_destroy(entry.surface) }
    entries = [:]
    cachedBytes = 0
  }

  /// The bitmap for `key`, `pixelWidth` × `pixelHeight` pixels, drawn by `draw` (in the
  /// key's bounds' coordinates) when the cache does not have it. Valid until the next
  /// lookup: draw with it at once. Nil when cairo cannot make the surface.
  func surface(
    for key: Key, pixelWidth: Int, pixelHeight: Int, draw: (OpaquePointer) -> Void
  ) -> OpaquePointer? {
    useCounter += 1
    if let entry = entries[key] {
      entries[key]?.lastUse = useCounter
      hits += 1
      return entry.surface
    }
    misses += 1
    guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(pixelWidth), Int32(pixelHeight)),
      cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS
    else { return nil }
    cairo_surface_set_device_scale(surface, key.scaleX, key.scaleY)
    let cairo = cairo_create(surface)!
    cairo_translate(cairo, -key.bounds.minX, -key.bounds.minY)
    draw(cairo)
    cairo_destroy(cairo)
    cairo_surface_flush(surface)
    // The key keeps the bytes of the images it names: they count with the pixels, so that a
    // small view drawing a large image cannot fill memory under the limit.
    let imageBytes = key.operations.reduce(0) { total, operation in
      if case .image(let image, _) = operation { total + image.data.count } else { total }
    }
    let bytes = Int(cairo_image_surface_get_stride(surface)) * pixelHeight + imageBytes
    entries[key] = Entry(surface: surface, bytes: bytes, lastUse: useCounter)
    cachedBytes += bytes
    trim(keeping: key)
    return surface
  }

  /// Drops the least recently used bitmaps until the cache is within its limit, down to
  /// three quarters of it so that trimming is not needed at every lookup; `keeping` stays.
  private func trim(keeping kept: Key? = nil) {
    guard cachedBytes > byteLimit else { return }
    let target = byteLimit / 4 * 3
    for (key, entry) in entries.sorted(by: { $0.value.lastUse < $1.value.lastUse }) {
      guard cachedBytes > target else { break }
      guard key != kept else { continue }
      cairo_surface_destroy(entry.surface)
      entries[key] = nil
      cachedBytes -= entry.bytes
    }
  }
}

extension CairoGraphicsContext: RasterizingGraphicsContext {
  /// Largest bitmap kept for one view, in pixels: bigger views are drawn directly.
  static let largestRaster = 2048 * 2048

  public func drawRasterized(in bounds: Rect, content: (any GraphicsContext) -> Void) {
    guard !isSuppressed else { return }
    let recorder = RecordingGraphicsContext()
    content(recorder)
    drawRasterized(in: bounds, operations: recorder.commands)
  }

  /// Draws `operations`, recorded from a view's content, as ``drawRasterized(in:content:)``
  /// draws what its content draws.
  package func drawRasterized(in bounds: Rect, operations: [DrawingCommand]) {
    guard !isSuppressed else { return }
    // Where the bounds land on the device: a bitmap is reused only at whole pixels, with no
    // rotation or skew, so that blitting it gives what drawing directly gives.
    // cairo's device space excludes the surface's device scale and offset (a group's
    // surface has an offset): pixels are device coordinates scaled, then offset.
    var originX = Double(bounds.minX)
    var originY = Double(bounds.minY)
    cairo_user_to_device(cairo, &originX, &originY)
    var unitX = (x: 1.0, y: 0.0)
    var unitY = (x: 0.0, y: 1.0)
    cairo_user_to_device_distance(cairo, &unitX.x, &unitX.y)
    cairo_user_to_device_distance(cairo, &unitY.x, &unitY.y)
    let target = cairo_get_group_target(cairo)
    var scale = (x: 1.0, y: 1.0)
    var offset = (x: 0.0, y: 0.0)
    cairo_surface_get_device_scale(target, &scale.x, &scale.y)
    cairo_surface_get_device_offset(target, &offset.x, &offset.y)
    originX = originX * scale.x + offset.x
    originY = originY * scale.y + offset.y
    unitX = (unitX.x * scale.x, unitX.y * scale.y)
    unitY = (unitY.x * scale.x, unitY.y * scale.y)
    let width = bounds.width * unitX.x
    let height = bounds.height * unitY.y
    func isWhole(_ value: Double) -> Bool { value.isFinite && abs(value - value.rounded()) < 1e-6 }
    guard unitX.y == 0, unitY.x == 0, unitX.x > 0, unitY.y > 0, isWhole(originX), isWhole(originY),
      width.isFinite, height.isFinite, width >= 1, height >= 1, width * height <= Double(Self.largestRaster),
      operations.count > 0
    else {
      for operation in operations { operation.draw(in: self) }
      return
    }
    let key = RasterCache.Key(operations: operations, bounds: bounds, scaleX: unitX.x, scaleY: unitY.y)
    let text = self.text
    let surface = RasterCache.shared.surface(
      for: key, pixelWidth: Int(width.rounded(.up)), pixelHeight: Int(height.rounded(.up))
    ) { cairo in
      let context = CairoGraphicsContext(cairo: cairo, text: text)
      for operation in operations { operation.draw(in: context) }
      context.finish()
    }
    guard let surface else {
      for operation in operations { operation.draw(in: self) }
      return
    }
    cairo_save(cairo)
    cairo_set_source_surface(cairo, surface, bounds.minX, bounds.minY)
    cairo_pattern_set_filter(cairo_get_source(cairo), CAIRO_FILTER_NEAREST)
    cairo_rectangle(cairo, bounds.minX, bounds.minY, bounds.width, bounds.height)
    cairo_fill(cairo)
    cairo_restore(cairo)
  }
}
