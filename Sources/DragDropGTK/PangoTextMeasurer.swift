internal import CGTK
import DragDrop

/// Measures and draws text with pango, so that layout measures the text that is drawn.
///
/// Fonts come from fontconfig: DejaVu Sans first, Noto Sans CJK for Japanese, Chinese and
/// Korean, then whatever fontconfig falls back to for other scripts. A `Font`'s size is in
/// the same units as view coordinates (logical pixels). Metrics are not hinted, so a
/// measured width holds at every scale and transform.
///
/// A window measures with it once its environment says so:
/// `window.environment.textMeasurer = PangoTextMeasurer.shared` (``GTKWindow`` and
/// ``HeadlessRenderer`` do that for the windows they show or draw).
@MainActor
public final class PangoTextMeasurer: TextMeasuring {
  /// The measurer every renderer shares by default.
  public static let shared = PangoTextMeasurer()

  /// The font families asked for, in order, as a pango family list.
  public let families: String
  /// The pango context used for measuring (`PangoContext *`).
  private let measuringContext: OpaquePointer
  /// The pango context used for drawing, updated from each cairo context drawn into.
  private let drawingContext: OpaquePointer
  private var descriptions: [Font: OpaquePointer] = [:]
  private var sizes: [SizeKey: Size] = [:]
  /// Beyond this many measured strings, the cache starts again.
  private static let cacheLimit = 8192
  /// The layouts drawn lately, shaped once and drawn again frame after frame, as GTK keeps
  /// the render nodes of widgets that did not change. Pango lays a layout out again by
  /// itself when its context changes (another scale or transform of the surface drawn into).
  private var drawnLayouts: [SizeKey: OpaquePointer] = [:]
  /// Beyond this many drawn strings, the layouts cache starts again.
  static let drawnLayoutLimit = 2048
  /// How many layouts drawing has made: for tests.
  package private(set) var drawnLayoutsMade = 0

  private struct SizeKey: Hashable {
    var text: String
    var font: Font
  }

  /// A measurer for `families`, a comma-separated pango family list.
  public init(families: String = "DejaVu Sans, Noto Sans CJK JP, sans-serif") {
    self.families = families
    let fontMap = pango_cairo_font_map_get_default()
    measuringContext = pango_font_map_create_context(fontMap)
    drawingContext = pango_font_map_create_context(fontMap)
    let options = cairo_font_options_create()
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
    pango_cairo_context_set_font_options(measuringContext, options)
    pango_cairo_context_set_font_options(drawingContext, options)
    cairo_font_options_destroy(options)
  }

  isolated deinit {
    for description in descriptions.values { pango_font_description_free(description) }
    for layout in drawnLayouts.values { g_object_unref(UnsafeMutableRawPointer(layout)) }
    g_object_unref(UnsafeMutableRawPointer(measuringContext))
    g_object_unref(UnsafeMutableRawPointer(drawingContext))
  }

  /// The size of the text's logical extents, rounded up to whole units: the width of the
  /// widest line and the height of all lines.
  public func size(of text: String, font: Font) -> Size {
    let key = SizeKey(text: text, font: font)
    if let size = sizes[key] { return size }
    guard !text.isEmpty, font.size.isFinite, font.size > 0 else { return .zero }
    let layout = makeLayout(text, font: font, context: measuringContext)
    defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
    var width: Int32 = 0
    var height: Int32 = 0
    pango_layout_get_size(layout, &width, &height)
    let scale = Double(PANGO_SCALE)
    let size = Size(width: (Double(width) / scale).rounded(.up), height: (Double(height) / scale).rounded(.up))
    if sizes.count >= Self.cacheLimit { sizes.removeAll(keepingCapacity: true) }
    sizes[key] = size
    return size
  }

  /// Draws `text` with its top-left corner at `origin` into `cairo` (a `cairo_t *`).
  func draw(_ text: String, font: Font, at origin: Point, color: Color, in cairo: OpaquePointer) {
    guard font.size.isFinite, font.size > 0 else { return }
    pango_cairo_update_context(cairo, drawingContext)
    let layout = drawnLayout(text, font: font)
    cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha)
    cairo_move_to(cairo, origin.x, origin.y)
    pango_cairo_show_layout(cairo, layout)
    cairo_new_path(cairo)
  }

  /// The drawing layout of `text` in `font`, made the first time it is drawn.
  private func drawnLayout(_ text: String, font: Font) -> OpaquePointer {
    let key = SizeKey(text: text, font: font)
    if let layout = drawnLayouts[key] { return layout }
    if drawnLayouts.count >= Self.drawnLayoutLimit {
      for layout in drawnLayouts.values { g_object_unref(UnsafeMutableRawPointer(layout)) }
      drawnLayouts.removeAll(keepingCapacity: true)
    }
    let layout = makeLayout(text, font: font, context: drawingContext)
    drawnLayouts[key] = layout
    drawnLayoutsMade += 1
    return layout
  }

  private func makeLayout(_ text: String, font: Font, context: OpaquePointer) -> OpaquePointer {
    let layout = pango_layout_new(context)!
    pango_layout_set_font_description(layout, description(for: font))
    pango_layout_set_text(layout, text, -1)
    return layout
  }

  private func description(for font: Font) -> OpaquePointer {
    if let description = descriptions[font] { return description }
    let description = pango_font_description_from_string(families)!
    pango_font_description_set_absolute_size(description, font.size * Double(PANGO_SCALE))
    pango_font_description_set_weight(description, PangoWeight(rawValue: UInt32(font.weight.numericWeight)))
    descriptions[font] = description
    return description
  }
}
