import Foundation

/// A location in a two-dimensional coordinate space, in points.
public struct Point: Hashable, Sendable, CustomStringConvertible {
  /// The horizontal coordinate.
  public var x: Double
  /// The vertical coordinate, growing downward.
  public var y: Double

  /// The point at `x` and `y`.
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  /// The origin.
  public static let zero = Point(x: 0, y: 0)

  /// The distance to another point.
  public func distance(to other: Point) -> Double {
    ((x - other.x) * (x - other.x) + (y - other.y) * (y - other.y)).squareRoot()
  }

  /// The sum of two points, coordinate by coordinate.
  public static func + (lhs: Point, rhs: Point) -> Point { Point(x: lhs.x + rhs.x, y: lhs.y + rhs.y) }
  /// The difference of two points, coordinate by coordinate.
  public static func - (lhs: Point, rhs: Point) -> Point { Point(x: lhs.x - rhs.x, y: lhs.y - rhs.y) }

  public var description: String { "(\(formatted(x)), \(formatted(y)))" }
}

/// A width and a height, in points.
public struct Size: Hashable, Sendable, CustomStringConvertible {
  /// The width; negative in a rectangle that extends to the left of its origin.
  public var width: Double
  /// The height; negative in a rectangle that extends above its origin.
  public var height: Double

  /// A size of `width` and `height`.
  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  /// No width and no height.
  public static let zero = Size(width: 0, height: 0)

  public var description: String { "\(formatted(width))×\(formatted(height))" }
}
