import Foundation

/// A rectangle: an origin and a size, in points: Foundation's `CGRect`, so that code written
/// for UIKit and SwiftUI passes its own frames. Negative sizes are allowed, and every query
/// treats the rectangle as standardised.
public typealias Rect = CGRect

extension CGRect {
  /// A rectangle of `size` centred on `center`.
  package init(center: CGPoint, size: CGSize) {
    self.init(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height)
  }

  /// The centre.
  package var center: CGPoint { CGPoint(x: midX, y: midY) }

  /// Whether the two rectangles share some area; touching edges do not count.
  package func overlaps(_ rect: CGRect) -> Bool {
    minX < rect.maxX && rect.minX < maxX && minY < rect.maxY && rect.minY < maxY
  }

  /// The overlap, or nil when the rectangles do not overlap (where `intersection(_:)`
  /// gives the null rectangle).
  package func overlap(with rect: CGRect) -> CGRect? {
    guard overlaps(rect) else { return nil }
    let x = max(minX, rect.minX)
    let y = max(minY, rect.minY)
    return CGRect(x: x, y: y, width: min(maxX, rect.maxX) - x, height: min(maxY, rect.maxY) - y)
  }

  /// The smallest rectangle that holds both, without `union(_:)`'s null rectangles.
  package func bounding(_ rect: CGRect) -> CGRect {
    let x = min(minX, rect.minX)
    let y = min(minY, rect.minY)
    return CGRect(x: x, y: y, width: max(maxX, rect.maxX) - x, height: max(maxY, rect.maxY) - y)
  }

  /// The rectangle moved in by `dx` from the left and right edges and `dy` from the top and
  /// bottom; negative values grow it. Unlike `insetBy(dx:dy:)`, too large an inset gives a
  /// negative size, not the null rectangle.
  package func inset(dx: CGFloat, dy: CGFloat) -> CGRect {
    CGRect(x: minX + dx, y: minY + dy, width: width - 2 * dx, height: height - 2 * dy)
  }

  /// The rectangle moved in from each edge by `insets`, as UIKit's `inset(by:)`.
  public func inset(by insets: EdgeInsets) -> CGRect {
    CGRect(
      x: minX + insets.left, y: minY + insets.top, width: width - insets.left - insets.right,
      height: height - insets.top - insets.bottom)
  }

  /// The rectangle as snapshots and logs print it: `(x, y, width×height)`.
  package var formatted: String {
    "(\(Graphics.formatted(origin.x)), \(Graphics.formatted(origin.y)), \(size.formatted))"
  }
}
