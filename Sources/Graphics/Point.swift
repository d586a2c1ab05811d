import Foundation

/// A location in a two-dimensional coordinate space, in points, the y axis growing downward:
/// Foundation's `CGPoint`, so that code written for UIKit and SwiftUI passes its own points.
public typealias Point = CGPoint

/// A width and a height, in points: Foundation's `CGSize`.
public typealias Size = CGSize

extension CGPoint {
  /// The distance to another point.
  package func distance(to other: CGPoint) -> Double {
    let (dx, dy) = (Double(x - other.x), Double(y - other.y))
    return (dx * dx + dy * dy).squareRoot()
  }

  /// The sum of two points, coordinate by coordinate.
  package static func + (lhs: CGPoint, rhs: CGPoint) -> CGPoint { CGPoint(x: lhs.x + rhs.x, y: lhs.y + rhs.y) }
  /// The difference of two points, coordinate by coordinate.
  package static func - (lhs: CGPoint, rhs: CGPoint) -> CGPoint { CGPoint(x: lhs.x - rhs.x, y: lhs.y - rhs.y) }

  /// The point as snapshots and logs print it: `(x, y)`, whole numbers without a fraction.
  package var formatted: String { "(\(Graphics.formatted(x)), \(Graphics.formatted(y)))" }
}

extension CGSize {
  /// The size as snapshots and logs print it: `width×height`.
  package var formatted: String { "\(Graphics.formatted(width))×\(Graphics.formatted(height))" }
}
