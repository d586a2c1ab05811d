import Foundation

/// A shape made of rectangles, rounded rectangles, ellipses and figures of lines and
/// curves, with a transform.
///
/// ``contains(_:)`` is exact for rectangles and ellipses, and follows a figure's curves to
/// within a fraction of a point; a point is inside the path when it is inside any of its
/// shapes, and inside a figure by the nonzero winding rule.
public struct Path: Hashable, Sendable, CustomStringConvertible {
  /// One shape of a path, in element coordinates.
  public enum Element: Hashable, Sendable {
    /// A rectangle.
    case rect(Rect)
    /// A rectangle with corners rounded to `cornerRadius`, at most half its shorter side.
    case roundedRect(Rect, cornerRadius: Double)
    /// The ellipse that fills a rectangle.
    case ellipse(Rect)
    /// Lines and curves from `start`. Filled, a figure is closed by a line back to its
    /// start; stroked, only when `closed`.
    case figure(start: Point, segments: [Segment], closed: Bool)
  }

  /// One step of a figure, from where the last one ended.
  public enum Segment: Hashable, Sendable {
    /// A straight line to a point.
    case line(to: Point)
    /// A quadratic Bézier curve to a point.
    case quadCurve(to: Point, control: Point)
    /// A cubic Bézier curve to a point.
    case curve(to: Point, control1: Point, control2: Point)

    /// Where the segment ends.
    public var end: Point {
      switch self {
      case .line(let to), .quadCurve(let to, _), .curve(let to, _, _): to
      }
    }
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

  /// A path of `elements`, each drawn through `transform`.
  public init(elements: [Element], transform: CGAffineTransform = .identity) {
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
    case .figure(let start, let segments, _):
      // The control points bound the curves: a box that may be a little large.
      segments.reduce(Rect(origin: start, size: .zero)) { box, segment in
        switch segment {
        case .line(let to): box.union(Rect(origin: to, size: .zero))
        case .quadCurve(let to, let control):
          box.union(Rect(origin: to, size: .zero)).union(Rect(origin: control, size: .zero))
        case .curve(let to, let control1, let control2):
          box.union(Rect(origin: to, size: .zero)).union(Rect(origin: control1, size: .zero))
            .union(Rect(origin: control2, size: .zero))
        }
      }
    }
  }

  /// The path's shapes as figures of lines and curves in the path's own coordinates, its
  /// transform applied: exact, as lines and Bézier curves keep their shape under any
  /// affine transform.
  public var figures: [Element] {
    elements.map { Self.figure(of: $0, transformedBy: transform) }
  }

  static func figure(of element: Element, transformedBy transform: CGAffineTransform) -> Element {
    let map = { (point: Point) in transform.apply(to: point) }
    switch element {
    case .figure(let start, let segments, let closed):
      return .figure(
        start: map(start),
        segments: segments.map { segment in
          switch segment {
          case .line(let to): .line(to: map(to))
          case .quadCurve(let to, let control): .quadCurve(to: map(to), control: map(control))
          case .curve(let to, let c1, let c2): .curve(to: map(to), control1: map(c1), control2: map(c2))
          }
        }, closed: closed)
    case .rect(let rect):
      return figure(
        of: .figure(
          start: Point(x: rect.minX, y: rect.minY),
          segments: [
            .line(to: Point(x: rect.maxX, y: rect.minY)), .line(to: Point(x: rect.maxX, y: rect.maxY)),
            .line(to: Point(x: rect.minX, y: rect.maxY)),
          ], closed: true), transformedBy: transform)
    case .ellipse(let rect):
      return figure(of: .roundedRect(rect, cornerRadius: -1), transformedBy: transform)
    case .roundedRect(let rect, let cornerRadius):
      // An ellipse is a rounded rectangle whose corners are half its sides (radius -1).
      let rx = cornerRadius < 0 ? rect.width / 2 : min(cornerRadius, rect.width / 2, rect.height / 2)
      let ry = cornerRadius < 0 ? rect.height / 2 : rx
      let k = 0.5522847498  // a quarter circle's cubic control distance
      let (minX, minY, maxX, maxY) = (rect.minX, rect.minY, rect.maxX, rect.maxY)
      let segments: [Segment] = [
        .line(to: Point(x: maxX - rx, y: minY)),
        .curve(
          to: Point(x: maxX, y: minY + ry), control1: Point(x: maxX - rx + k * rx, y: minY),
          control2: Point(x: maxX, y: minY + ry - k * ry)),
        .line(to: Point(x: maxX, y: maxY - ry)),
        .curve(
          to: Point(x: maxX - rx, y: maxY), control1: Point(x: maxX, y: maxY - ry + k * ry),
          control2: Point(x: maxX - rx + k * rx, y: maxY)),
        .line(to: Point(x: minX + rx, y: maxY)),
        .curve(
          to: Point(x: minX, y: maxY - ry), control1: Point(x: minX + rx - k * rx, y: maxY),
          control2: Point(x: minX, y: maxY - ry + k * ry)),
        .line(to: Point(x: minX, y: minY + ry)),
        .curve(
          to: Point(x: minX + rx, y: minY), control1: Point(x: minX, y: minY + ry - k * ry),
          control2: Point(x: minX + rx - k * rx, y: minY)),
      ]
      return figure(
        of: .figure(start: Point(x: minX + rx, y: minY), segments: segments, closed: true), transformedBy: transform)
    }
  }

  /// A figure as straight lines, its curves cut into 16 steps each.
  static func polygon(start: Point, segments: [Segment]) -> [Point] {
    var points = [start]
    var current = start
    for segment in segments {
      switch segment {
      case .line(let to):
        points.append(to)
      case .quadCurve(let to, let control):
        for step in 1...16 {
          let t = Double(step) / 16
          let u = 1 - t
          points.append(
            Point(
              x: u * u * current.x + 2 * u * t * control.x + t * t * to.x,
              y: u * u * current.y + 2 * u * t * control.y + t * t * to.y))
        }
      case .curve(let to, let c1, let c2):
        for step in 1...16 {
          let t = Double(step) / 16
          let u = 1 - t
          let a = u * u * u
          let b = 3 * u * u * t
          let c = 3 * u * t * t
          let d = t * t * t
          points.append(
            Point(
              x: a * current.x + b * c1.x + c * c2.x + d * to.x, y: a * current.y + b * c1.y + c * c2.y + d * to.y))
        }
      }
      current = segment.end
    }
    return points
  }

  /// The nonzero winding rule over a closed polygon.
  static func winding(_ polygon: [Point], contains point: Point) -> Bool {
    guard polygon.count > 2 else { return false }
    var winding = 0
    for index in polygon.indices {
      let a = polygon[index]
      let b = polygon[(index + 1) % polygon.count]
      let side = (b.x - a.x) * (point.y - a.y) - (point.x - a.x) * (b.y - a.y)
      if a.y <= point.y {
        if b.y > point.y && side > 0 { winding += 1 }
      } else if b.y <= point.y && side < 0 {
        winding -= 1
      }
    }
    return winding != 0
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
    case .figure(let start, let segments, _):
      return winding(polygon(start: start, segments: segments), contains: point)
    }
  }

  public var description: String {
    let shapes = elements.map { element -> String in
      switch element {
      case .rect(let rect): "rect \(rect.formatted)"
      case .roundedRect(let rect, let radius): "roundedRect \(rect.formatted) r\(formatted(radius))"
      case .ellipse(let rect): "ellipse \(rect.formatted)"
      case .figure(let start, let segments, let closed):
        "figure from \(start.formatted) \(segments.count) segments\(closed ? " closed" : "")"
      }
    }
    let body = shapes.joined(separator: ", ")
    return transform.isIdentity ? body : "\(body) × \(transform)"
  }
}
