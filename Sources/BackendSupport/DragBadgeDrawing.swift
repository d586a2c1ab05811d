import DragDrop

/// Draws a drag's badge (rule 40) at the top-right corner of its preview: a green disc with
/// a plus for a copy, a red disc with a bar for a forbidden drop, and a count of the items
/// beside them when several travel. The window's overlay and the GDK drag icon draw the
/// same badges.
@MainActor
package enum DragBadgeDrawing {
  static package let radius = 11.0
  static package let copyColor = Color(red: 0.18, green: 0.62, blue: 0.29)
  static package let forbiddenColor = Color(red: 0.86, green: 0.2, blue: 0.18)
  static package let countColor = Color(red: 0.21, green: 0.52, blue: 0.89)

  /// How far the badges reach out of the preview's top-right corner, for an icon's margin.
  package static let outset = radius

  /// Draws `badge` with its first disc centred on `corner`; later discs go left of it. The
  /// count is measured with `textMeasurer`, the one the context draws text with.
  package static func draw(
    _ badge: DragBadge, at corner: Point, in context: any GraphicsContext, textMeasurer: any TextMeasuring
  ) {
    var center = corner
    if let operation = badge.operation {
      disc(at: center, color: operation == .copy ? copyColor : forbiddenColor, in: context)
      let bar = Rect(x: center.x - 6, y: center.y - 1.5, width: 12, height: 3)
      context.fill(Path(bar), color: .white)
      if operation == .copy {
        context.fill(Path(Rect(x: center.x - 1.5, y: center.y - 6, width: 3, height: 12)), color: .white)
      }
      center.x -= radius * 2 + 2
    }
    if let count = badge.count {
      disc(at: center, color: countColor, in: context)
      let text = count > 99 ? "99+" : "\(count)"
      let font = Font.boldSystemFont(ofSize: count > 9 ? 10 : 12)
      let size = textMeasurer.size(of: text, font: font)
      context.drawText(
        text, at: Point(x: center.x - size.width / 2, y: center.y - size.height / 2), font: font, color: .white)
    }
  }

  private static func disc(at center: Point, color: Color, in context: any GraphicsContext) {
    let rect = Rect(x: center.x - radius, y: center.y - radius, width: radius * 2, height: radius * 2)
    context.fill(Path(ellipseIn: rect.inset(dx: -1.5, dy: -1.5)), color: .white)
    context.fill(Path(ellipseIn: rect), color: color)
  }
}
