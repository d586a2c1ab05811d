import Foundation

/// A rectangle: an origin and a size. Negative sizes are allowed; ``standardized`` makes them
/// positive, and every query treats the rectangle as standardised.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
  /// The corner the size extends from: the top left, unless the size is negative.
  public var origin: Point
  /// The size, which may be negative.
  public var size: Size

  /// A rectangle of `size` from `origin`.
  public init(origin: Point, size: Size) {
    self.origin = origin
    self.size = size
  }

  /// A rectangle of `width` and `height` from the point at `x` and `y`.
  public init(x: Double, y: Double, width: Double, height: Double) {
    self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
  }

  /// A rectangle of `size` centred on `center`.
  public init(center: Point, size: Size) {
    self.init(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height)
  }

  /// The empty rectangle at the origin.
  public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

  /// The left edge.
  public var minX: Double { min(origin.x, origin.x + size.width) }
  /// The right edge.
  public var maxX: Double { max(origin.x, origin.x + size.width) }
  /// The top edge.
  public var minY: Double { min(origin.y, origin.y + size.height) }
  /// The bottom edge.
  public var maxY: Double { max(origin.y, origin.y + size.height) }
  /// The horizontal centre.
  public var midX: Double { origin.x + size.width / 2 }
  /// The vertical centre.
  public var midY: Double { origin.y + size.height / 2 }
  /// The width, never negative.
  public var width: Double { abs(size.width) }
  /// The height, never negative.
  public var height: Double { abs(size.height) }
  /// The centre.
  public var center: Point { Point(x: midX, y: midY) }
  /// Whether the rectangle has no area: its width or height is 0.
  public var isEmpty: Bool { size.width == 0 || size.height == 0 }

  /// The same rectangle with its origin at the top left and a positive size.
  public var standardized: Rect { Rect(x: minX, y: minY, width: width, height: height) }

  /// Whether the point lies inside; the minimum edges are inside and the maximum edges are
  /// not, so adjacent rectangles never both contain a point.
  public func contains(_ point: Point) -> Bool {
    point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
  }

  /// Whether `rect` lies wholly inside, edges included.
  public func contains(_ rect: Rect) -> Bool {
    rect.minX >= minX && rect.maxX <= maxX && rect.minY >= minY && rect.maxY <= maxY
  }

  /// Whether the two rectangles share some area; touching edges do not count.
  public func intersects(_ rect: Rect) -> Bool {
    minX < rect.maxX && rect.minX < maxX && minY < rect.maxY && rect.minY < maxY
  }

  /// The overlap, or nil when the rectangles do not overlap.
  public func intersection(_ rect: Rect) -> Rect? {
    guard intersects(rect) else { return nil }
    let x = max(minX, rect.minX)
    let y = max(minY, rect.minY)
    return Rect(x: x, y: y, width: min(maxX, rect.maxX) - x, height: min(maxY, rect.maxY) - y)
  }

  /// The smallest rectangle that holds both.
  public func union(_ rect: Rect) -> Rect {
    let x = min(minX, rect.minX)
    let y = min(minY, rect.minY)
    return Rect(x: x, y: y, width: max(maxX, rect.maxX) - x, height: max(maxY, rect.maxY) - y)
  }

  /// The rectangle moved in by `dx` from the left and right edges and `dy` from the top and bottom; negative
  /// values grow it.
  public func insetBy(dx: Double, dy: Double) -> Rect {
    Rect(x: minX + dx, y: minY + dy, width: width - 2 * dx, height: height - 2 * dy)
  }

  /// The rectangle moved in from each edge by `insets`.
  public func inset(by insets: EdgeInsets) -> Rect {
    Rect(
      x: minX + insets.left, y: minY + insets.top, width: width - insets.left - insets.right,
      height: height - insets.top - insets.bottom)
  }

  /// The rectangle moved by `dx` and `dy`, its size unchanged.
  public func offsetBy(dx: Double, dy: Double) -> Rect {
    Rect(x: origin.x + dx, y: origin.y + dy, width: size.width, height: size.height)
  }

  public var description: String { "(\(formatted(origin.x)), \(formatted(origin.y)), \(size))" }
}
