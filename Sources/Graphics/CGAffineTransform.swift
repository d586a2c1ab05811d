import Foundation

/// An affine transform, as Core Graphics has it (Foundation on Linux has none):
/// `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty`.
public struct CGAffineTransform: Hashable, Sendable, CustomStringConvertible {
  /// The horizontal scale: how much x' grows with x.
  public var a: CGFloat
  /// The vertical shear: how much y' grows with x.
  public var b: CGFloat
  /// The horizontal shear: how much x' grows with y.
  public var c: CGFloat
  /// The vertical scale: how much y' grows with y.
  public var d: CGFloat
  /// The horizontal translation.
  public var tx: CGFloat
  /// The vertical translation.
  public var ty: CGFloat

  /// A transform of the six coefficients.
  public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
    (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
  }

  /// The identity transform.
  public init() {
    self.init(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
  }

  /// The transform that leaves every point where it is.
  public static let identity = CGAffineTransform()

  /// A translation by `tx` and `ty`.
  public init(translationX tx: CGFloat, y ty: CGFloat) {
    self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
  }

  /// A scale by `sx` horizontally and `sy` vertically, about the origin.
  public init(scaleX sx: CGFloat, y sy: CGFloat) {
    self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
  }

  /// A rotation by `angle` radians; positive angles turn the x axis toward the y axis
  /// (clockwise on a screen, whose y axis grows downward).
  public init(rotationAngle angle: CGFloat) {
    let (sine, cosine) = (sin(Double(angle)), cos(Double(angle)))
    self.init(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
  }

  /// Whether the transform leaves every point where it is.
  public var isIdentity: Bool { self == .identity }

  /// This transform followed by `other`.
  public func concatenating(_ other: CGAffineTransform) -> CGAffineTransform {
    CGAffineTransform(
      a: a * other.a + b * other.c, b: a * other.b + b * other.d,
      c: c * other.a + d * other.c, d: c * other.b + d * other.d,
      tx: tx * other.a + ty * other.c + other.tx, ty: tx * other.b + ty * other.d + other.ty)
  }

  /// A translation by `tx` and `ty`, then this transform.
  public func translatedBy(x tx: CGFloat, y ty: CGFloat) -> CGAffineTransform {
    CGAffineTransform(translationX: tx, y: ty).concatenating(self)
  }

  /// A scale by `sx` and `sy`, then this transform.
  public func scaledBy(x sx: CGFloat, y sy: CGFloat) -> CGAffineTransform {
    CGAffineTransform(scaleX: sx, y: sy).concatenating(self)
  }

  /// A rotation by `angle` radians, then this transform.
  public func rotated(by angle: CGFloat) -> CGAffineTransform {
    CGAffineTransform(rotationAngle: angle).concatenating(self)
  }

  /// The inverse; the transform itself when it has none (it flattens the plane), as Core
  /// Graphics answers.
  public func inverted() -> CGAffineTransform { inverse ?? self }

  /// The inverse, or nil when the transform is singular.
  package var inverse: CGAffineTransform? {
    let determinant = a * d - b * c
    guard determinant != 0, determinant.isFinite else { return nil }
    return CGAffineTransform(
      a: d / determinant, b: -b / determinant, c: -c / determinant, d: a / determinant,
      tx: (c * ty - d * tx) / determinant, ty: (b * tx - a * ty) / determinant)
  }

  /// Where the transform takes `point`.
  package func apply(to point: CGPoint) -> CGPoint {
    CGPoint(x: a * point.x + c * point.y + tx, y: b * point.x + d * point.y + ty)
  }

  /// The bounding box of the transformed rectangle.
  package func apply(to rect: CGRect) -> CGRect {
    // The bounding box of the four transformed corners, without allocating: this runs for
    // every frame read.
    let p0 = apply(to: CGPoint(x: rect.minX, y: rect.minY))
    let p1 = apply(to: CGPoint(x: rect.maxX, y: rect.minY))
    let p2 = apply(to: CGPoint(x: rect.minX, y: rect.maxY))
    let p3 = apply(to: CGPoint(x: rect.maxX, y: rect.maxY))
    let minX = min(p0.x, p1.x, p2.x, p3.x)
    let minY = min(p0.y, p1.y, p2.y, p3.y)
    return CGRect(
      x: minX, y: minY, width: max(p0.x, p1.x, p2.x, p3.x) - minX, height: max(p0.y, p1.y, p2.y, p3.y) - minY)
  }

  public var description: String {
    isIdentity ? "identity" : "[\([a, b, c, d, tx, ty].map { formatted(Double($0)) }.joined(separator: " "))]"
  }
}

extension CGPoint {
  /// Where `transform` takes the point.
  public func applying(_ transform: CGAffineTransform) -> CGPoint { transform.apply(to: self) }
}

extension CGSize {
  /// The size `transform` gives, translation left out.
  public func applying(_ transform: CGAffineTransform) -> CGSize {
    CGSize(
      width: transform.a * width + transform.c * height, height: transform.b * width + transform.d * height)
  }
}

extension CGRect {
  /// The bounding box of the rectangle `transform` gives.
  public func applying(_ transform: CGAffineTransform) -> CGRect { transform.apply(to: self) }
}

/// A two-dimensional vector, as Core Graphics has it (Foundation on Linux has none).
public struct CGVector: Hashable, Sendable {
  /// The horizontal component.
  public var dx: CGFloat
  /// The vertical component.
  public var dy: CGFloat

  /// A vector of `dx` and `dy`.
  public init(dx: CGFloat, dy: CGFloat) {
    self.dx = dx
    self.dy = dy
  }

  /// A vector of no length.
  public init() { self.init(dx: 0, dy: 0) }

  /// The vector of no length.
  public static let zero = CGVector()
}
