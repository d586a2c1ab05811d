import DragDrop
import Foundation

/// Landscapes drawn by Albums itself, to seed a library on a machine without Debian's
/// photographs: each a sky, a sun and two ranges of hills, in colours of its own.
@MainActor
public final class GeneratedLandscape: View {
  let hue: Double
  let variant: Int

  /// The `index`th landscape of the set.
  public init(index: Int, frame: Rect) {
    hue = (Double(index) * 0.137).truncatingRemainder(dividingBy: 1)
    variant = index % 3
    super.init(frame: frame)
  }

  /// Names for the generated set, one a landscape.
  public static let names = [
    "Shiretoko", "Zao", "Nikko", "Fuji", "Kamakura", "Hakone", "Kiso", "Kurobe", "Nara", "Kyoto", "Koya", "Izumo",
  ]

  public override func draw(in context: any GraphicsContext) {
    let w = bounds.width
    let h = bounds.height
    context.fill(Path(bounds), color: hsb(hue, 0.35, 0.97))
    context.fill(Path(Rect(x: 0, y: h * 0.45, width: w, height: h * 0.55)), color: hsb(hue, 0.22, 1))
    let sunX = [0.7, 0.28, 0.55][variant]
    context.fill(
      Path(ellipseIn: Rect(x: w * sunX - w * 0.08, y: h * 0.14, width: w * 0.16, height: w * 0.16)),
      color: Color(red: 1, green: 0.93, blue: 0.7))
    let far = [0.5, 0.45, 0.58][variant]
    context.fill(
      Path(ellipseIn: Rect(x: -w * 0.35, y: h * far, width: w * 1.1, height: h * 0.9)),
      color: hsb(hue + 0.25, 0.4, 0.68))
    context.fill(
      Path(ellipseIn: Rect(x: w * 0.25, y: h * (far + 0.12), width: w * 1.1, height: h * 0.8)),
      color: hsb(hue + 0.3, 0.5, 0.5))
  }

  private func hsb(_ hue: Double, _ saturation: Double, _ brightness: Double) -> Color {
    let h = (hue - hue.rounded(.down)) * 6
    let f = h - h.rounded(.down)
    let p = brightness * (1 - saturation)
    let q = brightness * (1 - saturation * f)
    let t = brightness * (1 - saturation * (1 - f))
    let (r, g, b): (Double, Double, Double) =
      switch Int(h) % 6 {
      case 0: (brightness, t, p)
      case 1: (q, brightness, p)
      case 2: (p, brightness, t)
      case 3: (p, q, brightness)
      case 4: (t, p, brightness)
      default: (brightness, p, q)
      }
    return Color(red: r, green: g, blue: b)
  }
}
