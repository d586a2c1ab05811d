import Foundation

/// An affine transform: `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty`.
public struct AffineTransform: Hashable, Sendable, CustomStringConvertible {
  /// The horizontal scale: how much x' grows with x.
  public var a: Double
  /// The vertical shear: how much y' grows with x.
  public var b: Double
  /// The horizontal shear: how much x' grows with y.
  public var c: Double
  /// The vertical scale: how much y' grows with y.
  public var d: Double
  /// The horizontal translation.
  public var tx: Double
  /// The vertical translation.
  public var ty: Double

  /// A transform of the six coefficients.
  public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
    (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
  }

  /// The transform that leaves every point where it is.
  public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

  /// A translation by `x` and `y`.
  public init(translationX x: Double, y: Double) {
    self.init(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
  }

  /// A scale by `x` horizontally and `y` vertically, about the origin.
  public init(scaleX x: Double, y: Double) {
    self.init(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0)
  }

  /// A rotation by `angle` radians; positive angles turn the x axis toward the y axis.
  public init(rotationAngle angle: Double) {
    let (sine, cosine) = (sin(angle), cos(angle))
    self.init(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
  }

  /// Whether the transform leaves every point where it is.
  public var isIdentity: Bool { self == .identity }

  /// This transform followed by `other`.
  public func concatenating(_ other: AffineTransform) -> AffineTransform {
    AffineTransform(
      a: a * other.a + b * other.c, b: a * other.b + b * other.d,
      c: c * other.a + d * other.c, d: c * other.b + d * other.d,
      tx: tx * other.a + ty * other.c + other.tx, ty: tx * other.b + ty * other.d + other.ty)
  }

  /// A translation by `x` and `y`, then this transform.
  public func translatedBy(x: Double, y: Double) -> AffineTransform {
    AffineTransform(translationX: x, y: y).concatenating(self)
  }

  /// A scale by `x` and `y`, then this transform.
  public func scaledBy(x: Double, y: Double) -> AffineTransform {
    AffineTransform(scaleX: x, y: y).concatenating(self)
  }

  /// A rotation by `angle` radians, then this transform.
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

  /// Where the transform takes `point`.
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
