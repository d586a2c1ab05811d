import Foundation

/// A shape made of rectangles, rounded rectangles and ellipses, with a transform.
///
/// ``contains(_:)`` is exact for each shape; a point is inside the path when it is inside
/// any of them.
public struct Path: Hashable, Sendable, CustomStringConvertible {
  /// One shape of a path, in element coordinates.
  public enum Element: Hashable, Sendable {
    /// A rectangle.
    case rect(Rect)
    /// A rectangle with corners rounded to `cornerRadius`, at most half its shorter side.
    case roundedRect(Rect, cornerRadius: Double)
    /// The ellipse that fills a rectangle.
    case ellipse(Rect)
  }

  /// The shapes, in the order they were added, before ``transform``.
  public private(set) var elements: [Element]
  /// Applied to every element, from element coordinates to the path's coordinates.
  public private(set) var transform: CGAffineTransform

  /// An empty path: it contains no point.
  public init() {
    elements = []
    transform = .identity
  }

  /// A rectangle, standardised.
  public init(_ rect: Rect) {
    self.init(elements: [.rect(rect.standardized)])
  }

  /// A rounded rectangle; the radius is kept between 0 and half the rectangle's shorter side.
  public init(roundedRect rect: Rect, cornerRadius: Double) {
    let radius = max(0, min(cornerRadius, rect.width / 2, rect.height / 2))
    self.init(elements: [.roundedRect(rect.standardized, cornerRadius: radius)])
  }

  /// The ellipse that fills `rect`.
  public init(ellipseIn rect: Rect) {
    self.init(elements: [.ellipse(rect.standardized)])
  }

  init(elements: [Element], transform: CGAffineTransform = .identity) {
    self.elements = elements
    self.transform = transform
  }

  /// Whether the path has no shapes.
  public var isEmpty: Bool { elements.isEmpty }

  /// The path with a transform applied after its own.
  public func applying(_ transform: CGAffineTransform) -> Path {
    Path(elements: elements, transform: self.transform.concatenating(transform))
  }

  /// The bounding box in the path's coordinates.
  public var bounds: Rect {
    guard let first = elements.first else { return .zero }
    return elements.dropFirst().reduce(transform.apply(to: Self.box(first))) { box, element in
      box.union(transform.apply(to: Self.box(element)))
    }
  }

  /// Whether `point` (in the path's coordinates) lies inside any of its shapes: exact for each shape. A path
  /// whose transform flattens the plane contains no point.
  public func contains(_ point: Point) -> Bool {
    guard let inverse = transform.inverse else { return false }
    let local = inverse.apply(to: point)
    return elements.contains { Self.element($0, contains: local) }
  }

  private static func box(_ element: Element) -> Rect {
    switch element {
    case .rect(let rect), .roundedRect(let rect, _), .ellipse(let rect): rect
    }
  }

  private static func element(_ element: Element, contains point: Point) -> Bool {
    switch element {
    case .rect(let rect):
      return rect.contains(point)
    case .ellipse(let rect):
      guard rect.width > 0, rect.height > 0 else { return false }
      let dx = (point.x - rect.midX) / (rect.width / 2)
      let dy = (point.y - rect.midY) / (rect.height / 2)
      return dx * dx + dy * dy <= 1
    case .roundedRect(let rect, let radius):
      guard rect.contains(point) else { return false }
      // Outside the corner squares the rectangle decides; inside one, the corner's circle.
      let cx =
        point.x < rect.minX + radius ? rect.minX + radius : point.x > rect.maxX - radius ? rect.maxX - radius : nil
      let cy =
        point.y < rect.minY + radius ? rect.minY + radius : point.y > rect.maxY - radius ? rect.maxY - radius : nil
      guard let cx, let cy else { return true }
      return (point.x - cx) * (point.x - cx) + (point.y - cy) * (point.y - cy) <= radius * radius
    }
  }

  public var description: String {
    let shapes = elements.map { element -> String in
      switch element {
      case .rect(let rect): "rect \(rect.formatted)"
      case .roundedRect(let rect, let radius): "roundedRect \(rect.formatted) r\(formatted(radius))"
      case .ellipse(let rect): "ellipse \(rect.formatted)"
      }
    }
    let body = shapes.joined(separator: ", ")
    return transform.isIdentity ? body : "\(body) × \(transform)"
  }
}
