import Foundation

/// A location in a two-dimensional coordinate space, in points.
public struct Point: Hashable, Sendable, CustomStringConvertible {
  public var x: Double
  public var y: Double

  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  public static let zero = Point(x: 0, y: 0)

  /// The distance to another point.
  public func distance(to other: Point) -> Double {
    ((x - other.x) * (x - other.x) + (y - other.y) * (y - other.y)).squareRoot()
  }

  public static func + (lhs: Point, rhs: Point) -> Point { Point(x: lhs.x + rhs.x, y: lhs.y + rhs.y) }
  public static func - (lhs: Point, rhs: Point) -> Point { Point(x: lhs.x - rhs.x, y: lhs.y - rhs.y) }

  public var description: String { "(\(formatted(x)), \(formatted(y)))" }
}

/// A width and a height, in points.
public struct Size: Hashable, Sendable, CustomStringConvertible {
  public var width: Double
  public var height: Double

  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  public static let zero = Size(width: 0, height: 0)

  public var description: String { "\(formatted(width))×\(formatted(height))" }
}

/// A rectangle: an origin and a size. Negative sizes are allowed; ``standardized`` makes them
/// positive, and every query treats the rectangle as standardised.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
  public var origin: Point
  public var size: Size

  public init(origin: Point, size: Size) {
    self.origin = origin
    self.size = size
  }

  public init(x: Double, y: Double, width: Double, height: Double) {
    self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
  }

  /// A rectangle of `size` centred on `center`.
  public init(center: Point, size: Size) {
    self.init(x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height)
  }

  public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

  public var minX: Double { min(origin.x, origin.x + size.width) }
  public var maxX: Double { max(origin.x, origin.x + size.width) }
  public var minY: Double { min(origin.y, origin.y + size.height) }
  public var maxY: Double { max(origin.y, origin.y + size.height) }
  public var midX: Double { origin.x + size.width / 2 }
  public var midY: Double { origin.y + size.height / 2 }
  public var width: Double { abs(size.width) }
  public var height: Double { abs(size.height) }
  public var center: Point { Point(x: midX, y: midY) }
  public var isEmpty: Bool { size.width == 0 || size.height == 0 }

  public var standardized: Rect { Rect(x: minX, y: minY, width: width, height: height) }

  /// Whether the point lies inside; the minimum edges are inside and the maximum edges are
  /// not, so adjacent rectangles never both contain a point.
  public func contains(_ point: Point) -> Bool {
    point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
  }

  public func contains(_ rect: Rect) -> Bool {
    rect.minX >= minX && rect.maxX <= maxX && rect.minY >= minY && rect.maxY <= maxY
  }

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

  public func union(_ rect: Rect) -> Rect {
    let x = min(minX, rect.minX)
    let y = min(minY, rect.minY)
    return Rect(x: x, y: y, width: max(maxX, rect.maxX) - x, height: max(maxY, rect.maxY) - y)
  }

  public func insetBy(dx: Double, dy: Double) -> Rect {
    Rect(x: minX + dx, y: minY + dy, width: width - 2 * dx, height: height - 2 * dy)
  }

  public func inset(by insets: EdgeInsets) -> Rect {
    Rect(
      x: minX + insets.left, y: minY + insets.top, width: width - insets.left - insets.right,
      height: height - insets.top - insets.bottom)
  }

  public func offsetBy(dx: Double, dy: Double) -> Rect {
    Rect(x: origin.x + dx, y: origin.y + dy, width: size.width, height: size.height)
  }

  public var description: String { "(\(formatted(origin.x)), \(formatted(origin.y)), \(size))" }
}

/// Distances inward from each edge of a rectangle.
public struct EdgeInsets: Hashable, Sendable {
  public var top: Double
  public var left: Double
  public var bottom: Double
  public var right: Double

  public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }

  public init(all value: Double) {
    self.init(top: value, left: value, bottom: value, right: value)
  }

  public static let zero = EdgeInsets()
}

/// An affine transform: `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty`.
public struct AffineTransform: Hashable, Sendable, CustomStringConvertible {
  public var a: Double
  public var b: Double
  public var c: Double
  public var d: Double
  public var tx: Double
  public var ty: Double

  public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
    (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
  }

  public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

  public init(translationX x: Double, y: Double) {
    self.init(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
  }

  public init(scaleX x: Double, y: Double) {
    self.init(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0)
  }

  /// A rotation by `angle` radians; positive angles turn the x axis toward the y axis.
  public init(rotationAngle angle: Double) {
    let (sine, cosine) = (sin(angle), cos(angle))
    self.init(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
  }

  public var isIdentity: Bool { self == .identity }

  /// This transform followed by `other`.
  public func concatenating(_ other: AffineTransform) -> AffineTransform {
    AffineTransform(
      a: a * other.a + b * other.c, b: a * other.b + b * other.d,
      c: c * other.a + d * other.c, d: c * other.b + d * other.d,
      tx: tx * other.a + ty * other.c + other.tx, ty: tx * other.b + ty * other.d + other.ty)
  }

  public func translatedBy(x: Double, y: Double) -> AffineTransform {
    AffineTransform(translationX: x, y: y).concatenating(self)
  }

  public func scaledBy(x: Double, y: Double) -> AffineTransform {
    AffineTransform(scaleX: x, y: y).concatenating(self)
  }

  public func rotated(by angle: Double) -> AffineTransform {
    AffineTransform(rotationAngle: angle).concatenating(self)
  }

  /// The inverse, or nil when the transform is singular (it flattens the plane).
  public func inverted() -> AffineTransform? {
    let determinant = a * d - b * c
    guard determinant != 0, determinant.isFinite else { return nil }
    return AffineTransform(
      a: d / determinant, b: -b / determinant, c: -c / determinant, d: a / determinant,
      tx: (c * ty - d * tx) / determinant, ty: (b * tx - a * ty) / determinant)
  }

  public func apply(to point: Point) -> Point {
    Point(x: a * point.x + c * point.y + tx, y: b * point.x + d * point.y + ty)
  }

  /// The bounding box of the transformed rectangle.
  public func apply(to rect: Rect) -> Rect {
    // The bounding box of the four transformed corners, without allocating: this runs for
    // every frame read.
    let p0 = apply(to: Point(x: rect.minX, y: rect.minY))
    let p1 = apply(to: Point(x: rect.maxX, y: rect.minY))
    let p2 = apply(to: Point(x: rect.minX, y: rect.maxY))
    let p3 = apply(to: Point(x: rect.maxX, y: rect.maxY))
    let minX = min(p0.x, p1.x, p2.x, p3.x)
    let minY = min(p0.y, p1.y, p2.y, p3.y)
    return Rect(x: minX, y: minY, width: max(p0.x, p1.x, p2.x, p3.x) - minX, height: max(p0.y, p1.y, p2.y, p3.y) - minY)
  }

  public var description: String {
    isIdentity ? "identity" : "[\([a, b, c, d, tx, ty].map(formatted).joined(separator: " "))]"
  }
}

/// A shape made of rectangles, rounded rectangles and ellipses, with a transform.
///
/// ``contains(_:)`` is exact for each shape; a point is inside the path when it is inside
/// any of them.
public struct Path: Hashable, Sendable, CustomStringConvertible {
  public enum Element: Hashable, Sendable {
    case rect(Rect)
    case roundedRect(Rect, cornerRadius: Double)
    case ellipse(Rect)
  }

  public private(set) var elements: [Element]
  /// Applied to every element, from element coordinates to the path's coordinates.
  public private(set) var transform: AffineTransform

  public init() {
    elements = []
    transform = .identity
  }

  public init(_ rect: Rect) {
    self.init(elements: [.rect(rect.standardized)])
  }

  public init(roundedRect rect: Rect, cornerRadius: Double) {
    let radius = max(0, min(cornerRadius, rect.width / 2, rect.height / 2))
    self.init(elements: [.roundedRect(rect.standardized, cornerRadius: radius)])
  }

  public init(ellipseIn rect: Rect) {
    self.init(elements: [.ellipse(rect.standardized)])
  }

  init(elements: [Element], transform: AffineTransform = .identity) {
    self.elements = elements
    self.transform = transform
  }

  public var isEmpty: Bool { elements.isEmpty }

  /// The path with a transform applied after its own.
  public func applying(_ transform: AffineTransform) -> Path {
    Path(elements: elements, transform: self.transform.concatenating(transform))
  }

  /// The bounding box in the path's coordinates.
  public var bounds: Rect {
    guard let first = elements.first else { return .zero }
    return elements.dropFirst().reduce(transform.apply(to: Self.box(first))) { box, element in
      box.union(transform.apply(to: Self.box(element)))
    }
  }

  public func contains(_ point: Point) -> Bool {
    guard let inverse = transform.inverted() else { return false }
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
      case .rect(let rect): "rect \(rect)"
      case .roundedRect(let rect, let radius): "roundedRect \(rect) r\(formatted(radius))"
      case .ellipse(let rect): "ellipse \(rect)"
      }
    }
    let body = shapes.joined(separator: ", ")
    return transform.isIdentity ? body : "\(body) × \(transform)"
  }
}

/// A number as snapshots print it: integers without a fraction, others to three places;
/// infinities, NaN and huge values as Swift prints them.
func formatted(_ value: Double) -> String {
  guard value.isFinite, abs(value) < 1e15 else { return String(value) }
  if value == value.rounded() { return String(Int(value)) }
  let rounded = (value * 1000).rounded() / 1000
  return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
}

extension Int {
  /// `value` without its fraction, saturated: NaN gives 0, and values beyond `Int`'s range
  /// give `Int.min` or `Int.max`. Geometry converts with this, so that degenerate input
  /// (zero sizes, infinite or NaN coordinates) gives an answer instead of a trap.
  package init(saturating value: Double) {
    if value.isNaN {
      self = 0
    } else if value >= Double(Int.max) {
      self = .max
    } else if value <= Double(Int.min) {
      self = .min
    } else {
      self = Int(value)
    }
  }
}

// MARK: Sequences

/// Marks the positions of one longest strictly increasing subsequence of `values`, by
/// patience sorting: O(n log n).
@usableFromInline
package func longestIncreasingSubsequence(_ values: [Int]) -> [Bool] {
  var result = [Bool](repeating: false, count: values.count)
  guard !values.isEmpty else { return result }
  var tails: [Int] = []  // positions of the smallest tail of each length
  var previous = [Int](repeating: -1, count: values.count)
  for (position, value) in values.enumerated() {
    var low = 0
    var high = tails.count
    while low < high {
      let middle = (low + high) / 2
      if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
    }
    if low > 0 { previous[position] = tails[low - 1] }
    if low == tails.count { tails.append(position) } else { tails[low] = position }
  }
  var position = tails.last!
  while position >= 0 {
    result[position] = true
    position = previous[position]
  }
  return result
}
