internal import CGTK
import Foundation

/// A window's image handed to GTK in tiles, so that GTK paints only what changed.
///
/// GTK compares the render nodes of each frame with the last frame's and paints, and hands
/// to the display, only the area where they differ. A drawing area gives GTK one cairo
/// node for all of its pixels, new at every frame it draws: GTK then paints the whole
/// window, however little changed. Here the image is cut into tiles of 256 points, each a
/// drawing area of its own over the window's. After each frame, only the tiles the frame
/// changed take a copy of their pixels and are drawn again; the others keep their nodes,
/// and GTK paints nothing there.
///
/// Each tile's pixels are a new image at each change, never written after GTK has them: a
/// node GTK keeps refers to its image, and writing into an image a node refers to makes
/// cairo copy it first.
@MainActor
final class TileLayer {
  /// The side of a tile, in points.
  static let side = 256

  /// The layer: a `GtkFixed` that places the tiles, over the window's drawing area. Input
  /// passes through it to the drawing area.
  let widget: UnsafeMutablePointer<GtkWidget>
  private var tiles: [Tile] = []
  /// The size the tiles cover, in points.
  private(set) var size = (width: 0, height: 0)

  /// One tile: a drawing area that paints its image.
  @MainActor private final class Tile {
    let area: UnsafeMutablePointer<GtkWidget>
    /// Where the tile is, in points.
    let rect: Rect
    /// The tile's pixels (a `cairo_surface_t *`), as the last frame that changed it left them.
    var image: OpaquePointer?
    var drawing: SignalConnection?

    init(area: UnsafeMutablePointer<GtkWidget>, rect: Rect) {
      self.area = area
      self.rect = rect
    }

    isolated deinit {
      drawing?.disconnect()
      if let image { cairo_surface_destroy(image) }
    }

    func paint(_ cairo: OpaquePointer) {
      guard let image else { return }
      cairo_set_source_surface(cairo, image, 0, 0)
      cairo_paint(cairo)
    }
  }

  init() {
    widget = gtk_fixed_new()
    gtk_widget_set_can_target(widget, 0)
    gtk_widget_set_focusable(widget, 0)
  }

  /// Covers `width` × `height` points with tiles, made anew when the size changes.
  func resize(width: Int, height: Int) {
    guard width != size.width || height != size.height else { return }
    size = (width, height)
    let fixed = widget.withMemoryRebound(to: GtkFixed.self, capacity: 1) { $0 }
    for tile in tiles { gtk_fixed_remove(fixed, tile.area) }
    tiles = []
    for rect in Self.tileRects(width: width, height: height) {
      let area = gtk_drawing_area_new()!
      let drawingArea = ddgtk_drawing_area(UnsafeMutableRawPointer(area))!
      gtk_drawing_area_set_content_width(drawingArea, Int32(rect.width))
      gtk_drawing_area_set_content_height(drawingArea, Int32(rect.height))
      gtk_widget_set_can_target(area, 0)
      gtk_widget_set_focusable(area, 0)
      let tile = Tile(area: area, rect: rect)
      tile.drawing = setDrawFunction(drawingArea) { [weak tile] cairo, _, _ in tile?.paint(cairo) }
      gtk_fixed_put(fixed, area, rect.minX, rect.minY)
      tiles.append(tile)
    }
  }

  /// Takes the pixels of `image` in the tiles that `changed` (boxes in points) touches, and
  /// asks GTK to paint those tiles again. Returns how many tiles changed.
  @discardableResult
  func update(from image: RenderedImage, changed: [Rect]) -> Int {
    var count = 0
    for tile in tiles where changed.contains(where: { $0.intersects(tile.rect) }) {
      guard let copy = Self.copy(image, in: tile.rect) else { continue }
      if let old = tile.image { cairo_surface_destroy(old) }
      tile.image = copy
      gtk_widget_queue_draw(tile.area)
      count += 1
    }
    return count
  }

  /// Asks GTK to paint one tile again, as it is.
  func repaintOne() {
    if let tile = tiles.first { gtk_widget_queue_draw(tile.area) }
  }

  /// The tiles over `width` × `height` points, row by row: squares of ``side``, cut short
  /// at the right and bottom edges.
  static func tileRects(width: Int, height: Int) -> [Rect] {
    stride(from: 0, to: height, by: side).flatMap { y in
      stride(from: 0, to: width, by: side).map { x in
        Rect(x: Double(x), y: Double(y), width: Double(min(side, width - x)), height: Double(min(side, height - y)))
      }
    }
  }

  /// A new image (a `cairo_surface_t *` the caller owns) of `image`'s pixels in `rect`
  /// (points), at the image's scale; nil when the rectangle holds no pixel of it or cairo
  /// cannot make the image.
  static func copy(_ image: RenderedImage, in rect: Rect) -> OpaquePointer? {
    let source = image.surface
    cairo_surface_flush(source)
    guard let pixels = cairo_image_surface_get_data(source) else { return nil }
    let stride = Int(cairo_image_surface_get_stride(source))
    let scale = image.scale
    let left = max(0, min(image.pixelWidth, Int((rect.minX * scale).rounded(.down))))
    let top = max(0, min(image.pixelHeight, Int((rect.minY * scale).rounded(.down))))
    let right = max(0, min(image.pixelWidth, Int((rect.maxX * scale).rounded(.up))))
    let bottom = max(0, min(image.pixelHeight, Int((rect.maxY * scale).rounded(.up))))
    guard right > left, bottom > top,
      let copy = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(right - left), Int32(bottom - top))
    else { return nil }
    guard cairo_surface_status(copy) == CAIRO_STATUS_SUCCESS, let target = cairo_image_surface_get_data(copy) else {
      cairo_surface_destroy(copy)
      return nil
    }
    let targetStride = Int(cairo_image_surface_get_stride(copy))
    for row in 0..<(bottom - top) {
      memcpy(target + row * targetStride, pixels + (top + row) * stride + left * 4, (right - left) * 4)
    }
    cairo_surface_mark_dirty(copy)
    cairo_surface_set_device_scale(copy, scale, scale)
    return copy
  }
}
