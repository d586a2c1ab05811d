import Foundation
import Synchronization

// SF Symbols' names for common pictures: what `UIImage(systemName:)` and SwiftUI's
// `Image(systemName:)` show. Drawn from the desktop's icon theme (``ThemeSymbols``), or,
// where it has no such icon, from simple shapes.

extension Image {
  /// A symbol drawn at 64 × 64 pixels in the primary colour, or nil when there is no
  /// symbol of that name, as UIKit's `UIImage(systemName:)`. The names are SF Symbols':
  /// those of the map on `ThemeSymbols`, drawn from the desktop's Adwaita icon theme where
  /// it is installed, and these, drawn from simple shapes where the theme has no icon:
  /// `cloud`, `cloud.rain`, `cloud.sun.rain`, `sun.max`, `star.fill`, `heart.fill`,
  /// `circle`, `circle.fill`, `square`, `square.fill`, `photo`, `plus`, `xmark`,
  /// `checkmark`, `trash`, `folder`, `folder.fill`, `doc`, `chevron.left`,
  /// `chevron.right` and `line.3.horizontal`.
  public init?(systemName name: String) {
    guard let image = SymbolImages.image(named: name) else { return nil }
    self = image
  }

  /// The symbol of that name in a colour, for a view that tints its symbols; nil when there
  /// is no such symbol.
  package static func symbol(named name: String, color: Color) -> Image? {
    SymbolImages.image(named: name, color: color)
  }
}

/// The symbols of ``Image/init(systemName:)``, drawn from simple shapes.
enum SymbolImages {
  static let size = 64

  /// A part of a symbol, in a unit square with y downwards.
  enum Part {
    case disc(x: Double, y: Double, radius: Double)
    case ring(x: Double, y: Double, radius: Double, width: Double)
    case box(Rect, radius: Double)
    case frame(Rect, radius: Double, width: Double)
    case stroke(from: Point, to: Point, width: Double)
    case polygon([Point])
    case heart

    func contains(_ p: Point) -> Bool {
      switch self {
      case .disc(let x, let y, let radius):
        return (p.x - x) * (p.x - x) + (p.y - y) * (p.y - y) <= radius * radius
      case .ring(let x, let y, let radius, let width):
        let distance = ((p.x - x) * (p.x - x) + (p.y - y) * (p.y - y)).squareRoot()
        return abs(distance - radius) <= width / 2
      case .box(let rect, let radius):
        return Path(roundedRect: rect, cornerRadius: radius).contains(p)
      case .frame(let rect, let radius, let width):
        let outer = rect.inset(dx: -width / 2, dy: -width / 2)
        let inner = rect.inset(dx: width / 2, dy: width / 2)
        return Path(roundedRect: outer, cornerRadius: radius + width / 2).contains(p)
          && !Path(roundedRect: inner, cornerRadius: max(0, radius - width / 2)).contains(p)
      case .stroke(let a, let b, let width):
        let dx = b.x - a.x
        let dy = b.y - a.y
        let t = max(0, min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy)))
        let x = a.x + t * dx - p.x
        let y = a.y + t * dy - p.y
        return x * x + y * y <= width * width / 4
      case .polygon(let points):
        var inside = false
        var j = points.count - 1
        for i in points.indices {
          let (a, b) = (points[i], points[j])
          if (a.y > p.y) != (b.y > p.y) && p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x { inside.toggle() }
          j = i
        }
        return inside
      case .heart:
        let x = (p.x - 0.5) * 2.6
        let y = (0.45 - p.y) * 2.6
        let a = x * x + y * y - 1
        return a * a * a - x * x * y * y * y <= 0
      }
    }
  }

  static func parts(named name: String) -> [Part]? {
    func cloud(dx: Double = 0, dy: Double = 0, scale: Double = 1) -> [Part] {
      func x(_ value: Double) -> Double { 0.5 + (value - 0.5) * scale + dx }
      func y(_ value: Double) -> Double { 0.5 + (value - 0.5) * scale + dy }
      return [
        .disc(x: x(0.33), y: y(0.55), radius: 0.16 * scale),
        .disc(x: x(0.52), y: y(0.45), radius: 0.22 * scale),
        .disc(x: x(0.7), y: y(0.57), radius: 0.14 * scale),
        .box(Rect(x: x(0.2), y: y(0.55), width: 0.64 * scale, height: 0.16 * scale), radius: 0.08 * scale),
      ]
    }
    func sun(x: Double, y: Double, radius: Double) -> [Part] {
      var parts: [Part] = [.disc(x: x, y: y, radius: radius)]
      for index in 0..<8 {
        let angle = Double(index) * .pi / 4
        parts.append(
          .stroke(
            from: Point(x: x + cos(angle) * radius * 1.45, y: y + sin(angle) * radius * 1.45),
            to: Point(x: x + cos(angle) * radius * 1.95, y: y + sin(angle) * radius * 1.95), width: radius * 0.35))
      }
      return parts
    }
    func rain(_ xs: [Double], top: Double) -> [Part] {
      xs.map { .stroke(from: Point(x: $0, y: top), to: Point(x: $0 - 0.06, y: top + 0.16), width: 0.06) }
    }
    switch name {
    case "cloud": return cloud()
    case "cloud.rain": return cloud(dy: -0.1) + rain([0.35, 0.52, 0.69], top: 0.72)
    case "cloud.sun.rain":
      return sun(x: 0.68, y: 0.28, radius: 0.12) + cloud(dx: -0.06, dy: -0.02, scale: 0.9)
        + rain([0.3, 0.46, 0.62], top: 0.76)
    case "sun.max": return sun(x: 0.5, y: 0.5, radius: 0.2)
    case "star.fill":
      return [
        .polygon(
          (0..<10).map { index in
            let angle = -Double.pi / 2 + Double(index) * .pi / 5
            let radius = index.isMultiple(of: 2) ? 0.45 : 0.19
            return Point(x: 0.5 + cos(angle) * radius, y: 0.53 + sin(angle) * radius)
          })
      ]
    case "heart.fill": return [.heart]
    case "circle": return [.ring(x: 0.5, y: 0.5, radius: 0.4, width: 0.07)]
    case "circle.fill": return [.disc(x: 0.5, y: 0.5, radius: 0.43)]
    case "square": return [.frame(Rect(x: 0.12, y: 0.12, width: 0.76, height: 0.76), radius: 0.1, width: 0.07)]
    case "square.fill": return [.box(Rect(x: 0.08, y: 0.08, width: 0.84, height: 0.84), radius: 0.12)]
    case "plus":
      return [
        .stroke(from: Point(x: 0.5, y: 0.15), to: Point(x: 0.5, y: 0.85), width: 0.09),
        .stroke(from: Point(x: 0.15, y: 0.5), to: Point(x: 0.85, y: 0.5), width: 0.09),
      ]
    case "xmark":
      return [
        .stroke(from: Point(x: 0.2, y: 0.2), to: Point(x: 0.8, y: 0.8), width: 0.09),
        .stroke(from: Point(x: 0.8, y: 0.2), to: Point(x: 0.2, y: 0.8), width: 0.09),
      ]
    case "checkmark":
      return [
        .stroke(from: Point(x: 0.15, y: 0.52), to: Point(x: 0.4, y: 0.78), width: 0.09),
        .stroke(from: Point(x: 0.4, y: 0.78), to: Point(x: 0.86, y: 0.22), width: 0.09),
      ]
    case "trash":
      return [
        .stroke(from: Point(x: 0.15, y: 0.22), to: Point(x: 0.85, y: 0.22), width: 0.07),
        .stroke(from: Point(x: 0.4, y: 0.12), to: Point(x: 0.6, y: 0.12), width: 0.07),
        .frame(Rect(x: 0.24, y: 0.3, width: 0.52, height: 0.58), radius: 0.06, width: 0.07),
        .stroke(from: Point(x: 0.42, y: 0.42), to: Point(x: 0.42, y: 0.76), width: 0.05),
        .stroke(from: Point(x: 0.58, y: 0.42), to: Point(x: 0.58, y: 0.76), width: 0.05),
      ]
    case "folder", "folder.fill":
      return [
        .polygon([
          Point(x: 0.08, y: 0.22), Point(x: 0.38, y: 0.22), Point(x: 0.46, y: 0.3), Point(x: 0.92, y: 0.3),
          Point(x: 0.92, y: 0.8), Point(x: 0.08, y: 0.8),
        ])
      ]
    case "doc":
      return [.frame(Rect(x: 0.22, y: 0.1, width: 0.56, height: 0.8), radius: 0.06, width: 0.07)]
    case "chevron.left":
      return [
        .stroke(from: Point(x: 0.62, y: 0.15), to: Point(x: 0.3, y: 0.5), width: 0.1),
        .stroke(from: Point(x: 0.3, y: 0.5), to: Point(x: 0.62, y: 0.85), width: 0.1),
      ]
    case "chevron.right":
      return [
        .stroke(from: Point(x: 0.38, y: 0.15), to: Point(x: 0.7, y: 0.5), width: 0.1),
        .stroke(from: Point(x: 0.7, y: 0.5), to: Point(x: 0.38, y: 0.85), width: 0.1),
      ]
    case "line.3.horizontal":
      return [0.3, 0.5, 0.7].map { .stroke(from: Point(x: 0.15, y: $0), to: Point(x: 0.85, y: $0), width: 0.08) }
    case "photo":
      return [
        .frame(Rect(x: 0.1, y: 0.2, width: 0.8, height: 0.6), radius: 0.08, width: 0.06),
        .polygon([Point(x: 0.16, y: 0.74), Point(x: 0.4, y: 0.44), Point(x: 0.56, y: 0.62), Point(x: 0.16, y: 0.74)]),
        .polygon([Point(x: 0.42, y: 0.74), Point(x: 0.64, y: 0.48), Point(x: 0.84, y: 0.74)]),
        .disc(x: 0.7, y: 0.34, radius: 0.07),
      ]
    default: return nil
    }
  }

  /// The symbols drawn so far, by name and colour.
  private static let cache = Mutex<[SymbolKey: Image]>([:])

  private struct SymbolKey: Hashable {
    let name: String
    let color: Color
  }

  /// Whether there is a symbol of that name.
  static func hasSymbol(named name: String) -> Bool {
    ThemeSymbols.icon(named: name) != nil || parts(named: name) != nil
  }

  static func image(named name: String, color: Color = .primary) -> Image? {
    let key = SymbolKey(name: name, color: color)
    if let cached = cache.withLock({ $0[key] }) { return cached }
    let rgb = [color.red, color.green, color.blue].map { UInt8((min(max($0, 0), 1) * 255).rounded()) }
    let alpha = min(max(color.alpha, 0), 1)
    var pixels = [UInt8](repeating: 0, count: size * size * 4)
    // The desktop's icon theme first; the shapes below where it has no such icon.
    if let icon = ThemeSymbols.icon(named: name) {
      for (index, coverage) in icon.coverage(size: size).enumerated() where coverage > 0 {
        pixels[index * 4] = rgb[0]
        pixels[index * 4 + 1] = rgb[1]
        pixels[index * 4 + 2] = rgb[2]
        pixels[index * 4 + 3] = UInt8((coverage * alpha * 255).rounded())
      }
      guard let image = try? Image(rgbaPixels: pixels, width: size, height: size) else { return nil }
      cache.withLock { $0[key] = image }
      return image
    }
    guard let parts = parts(named: name) else { return nil }
    let samples = 4
    for row in 0..<size {
      for column in 0..<size {
        var covered = 0
        for sy in 0..<samples {
          for sx in 0..<samples {
            let point = Point(
              x: (Double(column) + (Double(sx) + 0.5) / Double(samples)) / Double(size),
              y: (Double(row) + (Double(sy) + 0.5) / Double(samples)) / Double(size))
            if parts.contains(where: { $0.contains(point) }) { covered += 1 }
          }
        }
        guard covered > 0 else { continue }
        let offset = (row * size + column) * 4
        pixels[offset] = rgb[0]
        pixels[offset + 1] = rgb[1]
        pixels[offset + 2] = rgb[2]
        pixels[offset + 3] = UInt8((Double(covered * 255) * alpha / Double(samples * samples)).rounded())
      }
    }
    guard let image = try? Image(rgbaPixels: pixels, width: size, height: size) else { return nil }
    cache.withLock { $0[key] = image }
    return image
  }
}
