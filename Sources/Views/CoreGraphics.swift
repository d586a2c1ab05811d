import Foundation

/// A path built a step at a time and drawn into the current context, as UIKit's
/// `UIBezierPath`: `BezierPath(roundedRect: rect, cornerRadius: 8).fill()`, or
/// `move(to:)`, `addLine(to:)`, `close()` then `stroke()`. Two paths are equal when they
/// have the same shapes and line width.
public final class BezierPath: Equatable, CustomStringConvertible {
  /// The shapes made so far.
  public private(set) var cgPath: CGPath
  /// How wide ``stroke()`` draws, in points: 1 by default.
  public var lineWidth: CGFloat = 1
  private var figure: (start: Point, segments: [Path.Segment])?
  private var finished: [Path.Element] = []
  private var transform = CGAffineTransform.identity

  /// An empty path.
  public init() { cgPath = Path() }
  /// A rectangle.
  public convenience init(rect: CGRect) { self.init(cgPath: Path(rect)) }
  /// A rectangle with rounded corners.
  public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
    self.init(cgPath: Path(roundedRect: rect, cornerRadius: Double(cornerRadius)))
  }
  /// The ellipse that fills `rect`.
  public convenience init(ovalIn rect: CGRect) { self.init(cgPath: Path(ellipseIn: rect)) }
  /// An arc of a circle, as ``addArc(withCenter:radius:startAngle:endAngle:clockwise:)``.
  public convenience init(
    arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool
  ) {
    self.init()
    addArc(withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
  }
  /// The path of `path`.
  public init(cgPath path: CGPath) {
    cgPath = path
    transform = path.transform
    finished = path.elements
  }

  /// The box around the path.
  public var bounds: CGRect { cgPath.bounds }
  /// Whether the path has nothing in it.
  public var isEmpty: Bool { cgPath.isEmpty }
  /// Where the figure being built is, if one is.
  public var currentPoint: CGPoint { figure.map { $0.segments.last?.end ?? $0.start } ?? .zero }

  /// Starts a new figure at `point`.
  public func move(to point: CGPoint) {
    endFigure(closed: false)
    figure = (point, [])
  }
  /// A straight line from the current point.
  public func addLine(to point: CGPoint) { add(.line(to: point)) }
  /// A quadratic curve from the current point.
  public func addQuadCurve(to point: CGPoint, controlPoint: CGPoint) {
    add(.quadCurve(to: point, control: controlPoint))
  }
  /// A cubic curve from the current point.
  public func addCurve(to point: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
    add(.curve(to: point, control1: controlPoint1, control2: controlPoint2))
  }
  /// An arc of the circle around `center`, from `startAngle` to `endAngle` (radians, from
  /// the x axis toward y, which points down), joined to the current point by a line.
  public func addArc(
    withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool
  ) {
    let r = Double(radius)
    var start = Double(startAngle)
    var end = Double(endAngle)
    // Clockwise on screen is increasing angle, y pointing down.
    if clockwise {
      while end < start { end += 2 * .pi }
    } else {
      while end > start { end -= 2 * .pi }
    }
    let first = Point(x: center.x + r * cos(start), y: center.y + r * sin(start))
    if figure == nil { figure = (first, []) } else { add(.line(to: first)) }
    let pieces = max(1, Int((abs(end - start) / (.pi / 2)).rounded(.up)))
    let step = (end - start) / Double(pieces)
    for _ in 0..<pieces {
      // A cubic per quarter circle or less.
      let k = 4.0 / 3.0 * tan(step / 4)
      let a = start
      let b = start + step
      let p1 = Point(x: center.x + r * (cos(a) - k * sin(a)), y: center.y + r * (sin(a) + k * cos(a)))
      let p2 = Point(x: center.x + r * (cos(b) + k * sin(b)), y: center.y + r * (sin(b) - k * cos(b)))
      add(.curve(to: Point(x: center.x + r * cos(b), y: center.y + r * sin(b)), control1: p1, control2: p2))
      start = b
    }
  }
  /// Closes the figure with a line back to its start.
  public func close() { endFigure(closed: true) }
  /// Adds `other`'s shapes, where they are drawn: through its transforms, not this path's.
  public func append(_ other: BezierPath) {
    endFigure(closed: false)
    let toThis = other.cgPath.transform.concatenating(transform.inverse ?? .identity)
    finished +=
      toThis.isIdentity ? other.cgPath.elements : Path(elements: other.cgPath.elements, transform: toThis).figures
    rebuild()
  }
  /// Empties the path.
  public func removeAllPoints() {
    figure = nil
    finished = []
    rebuild()
  }
  /// Transforms every point of the path.
  public func apply(_ transform: CGAffineTransform) {
    endFigure(closed: false)
    self.transform = self.transform.concatenating(transform)
    rebuild()
  }
  /// Whether `point` is inside the path.
  public func contains(_ point: CGPoint) -> Bool { cgPath.contains(point) }

  /// Paths with the same shapes and line width.
  public static func == (lhs: BezierPath, rhs: BezierPath) -> Bool {
    lhs.cgPath == rhs.cgPath && lhs.lineWidth == rhs.lineWidth
  }

  /// The shapes, as ``Path`` describes them.
  public var description: String { cgPath.description }

  /// Fills the path in the current context with its fill colour.
  @MainActor public func fill() {
    guard let context = CGContext.current else { return }
    context.fill(cgPath)
  }
  /// Strokes the path in the current context with its stroke colour, ``lineWidth`` wide.
  @MainActor public func stroke() {
    guard let context = CGContext.current else { return }
    context.stroke(cgPath, lineWidth: Double(lineWidth))
  }
  /// Narrows the current context's clip to the path.
  @MainActor public func addClip() { CGContext.current?.clip(to: cgPath) }

  private func add(_ segment: Path.Segment) {
    if figure == nil { figure = (.zero, []) }
    figure?.segments.append(segment)
    rebuild()
  }

  private func endFigure(closed: Bool) {
    guard let figure else { return }
    self.figure = nil
    if !figure.segments.isEmpty {
      finished.append(.figure(start: figure.start, segments: figure.segments, closed: closed))
    }
    rebuild()
  }

  private func rebuild() {
    var elements = finished
    if let figure, !figure.segments.isEmpty {
      elements.append(.figure(start: figure.start, segments: figure.segments, closed: false))
    }
    cgPath = Path(elements: elements, transform: transform)
  }
}

/// What a drawing is drawn into, as Core Graphics' `CGContext`: fills and strokes with
/// colours, paths built a step at a time, transforms and clips, and saved states. The
/// drawing code of an image renderer (``CGContext/current`` inside its block),
/// `draw(_:)` of a view and ``Layer/render(in:)`` get one.
@MainActor
public final class CGContext {
  /// What is drawn on.
  public let graphics: any GraphicsContext
  private struct State {
    var fill = Color.black
    var stroke = Color.black
    var lineWidth = 1.0
    var alpha = 1.0
  }
  private var state = State()
  private var saved: [State] = []
  private let path = BezierPath()

  /// A context drawing into `graphics`.
  public init(_ graphics: any GraphicsContext) {
    self.graphics = graphics
  }

  /// The contexts being drawn into, innermost last.
  private static var stack: [CGContext] = []
  /// The context of the drawing under way: UIKit's `UIGraphicsGetCurrentContext()`.
  public static var current: CGContext? { stack.last }

  /// Runs `body` with this context current, so that colours, paths and images draw into it.
  public func drawing<T>(_ body: () throws -> T) rethrows -> T {
    Self.stack.append(self)
    defer { Self.stack.removeLast() }
    return try body()
  }

  // MARK: State

  /// Saves the colours, line width, transform and clip.
  public func saveGState() {
    saved.append(state)
    graphics.save()
  }
  /// Brings back what the matching ``saveGState()`` saved.
  public func restoreGState() {
    guard let last = saved.popLast() else { return }
    state = last
    graphics.restore()
  }
  /// The colour fills use.
  public func setFillColor(_ color: CGColor) { state.fill = color }
  /// The colour strokes use.
  public func setStrokeColor(_ color: CGColor) { state.stroke = color }
  /// How wide strokes are.
  public func setLineWidth(_ width: CGFloat) { state.lineWidth = Double(width) }
  /// How opaque later drawing is. After an alpha of 0, only a saved state brings drawing
  /// back: set it between ``saveGState()`` and ``restoreGState()``.
  public func setAlpha(_ alpha: CGFloat) {
    let next = max(0, min(1, Double(alpha)))
    if state.alpha > 0 { graphics.multiplyAlpha(next / state.alpha) }
    state.alpha = next
  }
  /// Moves the origin.
  public func translateBy(x: CGFloat, y: CGFloat) {
    graphics.concatenate(CGAffineTransform(translationX: x, y: y))
  }
  /// Scales later drawing.
  public func scaleBy(x: CGFloat, y: CGFloat) { graphics.concatenate(CGAffineTransform(scaleX: x, y: y)) }
  /// Rotates later drawing by `angle` radians.
  public func rotate(by angle: CGFloat) { graphics.concatenate(CGAffineTransform(rotationAngle: angle)) }
  /// Applies `transform` to later drawing.
  public func concatenate(_ transform: CGAffineTransform) { graphics.concatenate(transform) }

  // MARK: Drawing

  /// Fills a rectangle.
  public func fill(_ rect: CGRect) { graphics.fill(Path(rect), color: state.fill) }
  /// Fills rectangles.
  public func fill(_ rects: [CGRect]) { for rect in rects { fill(rect) } }
  /// Strokes a rectangle's outline.
  public func stroke(_ rect: CGRect) { stroke(Path(rect), lineWidth: state.lineWidth) }
  /// Strokes a rectangle's outline `width` wide.
  public func stroke(_ rect: CGRect, width: CGFloat) { stroke(Path(rect), lineWidth: Double(width)) }
  /// Fills the ellipse in `rect`.
  public func fillEllipse(in rect: CGRect) { graphics.fill(Path(ellipseIn: rect), color: state.fill) }
  /// Strokes the ellipse in `rect`.
  public func strokeEllipse(in rect: CGRect) { stroke(Path(ellipseIn: rect), lineWidth: state.lineWidth) }
  /// Clears a rectangle to transparent. Drawing here composites over what is there, so
  /// this fills with clear, which leaves what is below; draw into a new renderer instead.
  public func clear(_ rect: CGRect) { graphics.fill(Path(rect), color: .clear) }
  /// Narrows the clip to a rectangle.
  public func clip(to rect: CGRect) { graphics.clip(to: Path(rect)) }

  func fill(_ shape: Path) { graphics.fill(shape, color: state.fill) }
  func stroke(_ shape: Path, lineWidth: Double) { graphics.stroke(shape, color: state.stroke, lineWidth: lineWidth) }
  func clip(to shape: Path) { graphics.clip(to: shape) }

  // MARK: The current path

  /// Starts a figure of the current path at `point`.
  public func move(to point: CGPoint) { path.move(to: point) }
  /// A line in the current path.
  public func addLine(to point: CGPoint) { path.addLine(to: point) }
  /// A cubic curve in the current path.
  public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
    path.addCurve(to: end, controlPoint1: control1, controlPoint2: control2)
  }
  /// A quadratic curve in the current path.
  public func addQuadCurve(to end: CGPoint, control: CGPoint) { path.addQuadCurve(to: end, controlPoint: control) }
  /// A rectangle in the current path.
  public func addRect(_ rect: CGRect) { path.append(BezierPath(rect: rect)) }
  /// An ellipse in the current path.
  public func addEllipse(in rect: CGRect) { path.append(BezierPath(ovalIn: rect)) }
  /// A path's shapes in the current path.
  public func addPath(_ other: CGPath) { path.append(BezierPath(cgPath: other)) }
  /// An arc in the current path; see ``BezierPath/addArc(withCenter:radius:startAngle:endAngle:clockwise:)``.
  public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
    path.addArc(withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
  }
  /// Closes the current figure.
  public func closePath() { path.close() }

  /// How ``drawPath(using:)`` draws the current path.
  public enum PathDrawingMode: Int, Sendable {
    /// Filled.
    case fill
    /// Filled by the even-odd rule; drawn here as ``fill``.
    case eoFill
    /// Outlined.
    case stroke
    /// Filled, then outlined.
    case fillStroke
  }

  /// Fills the current path, and empties it.
  public func fillPath() { drawPath(using: .fill) }
  /// Strokes the current path, and empties it.
  public func strokePath() { drawPath(using: .stroke) }
  /// Draws the current path, and empties it.
  public func drawPath(using mode: PathDrawingMode) {
    let shape = path.cgPath
    if mode != .stroke { fill(shape) }
    if mode == .stroke || mode == .fillStroke { stroke(shape, lineWidth: state.lineWidth) }
    path.removeAllPoints()
  }
  /// Narrows the clip to the current path, and empties it.
  public func clip() {
    clip(to: path.cgPath)
    path.removeAllPoints()
  }
}

extension Color {
  /// Makes this the current context's fill colour, as UIKit's `setFill()`.
  @MainActor public func setFill() { CGContext.current?.setFillColor(self) }
  /// Makes this the current context's stroke colour, as UIKit's `setStroke()`.
  @MainActor public func setStroke() { CGContext.current?.setStrokeColor(self) }
  /// Makes this both colours of the current context, as UIKit's `set()`.
  @MainActor public func set() {
    setFill()
    setStroke()
  }
}

extension Image {
  /// Draws the image scaled into `rect` in the current context.
  @MainActor public func draw(in rect: CGRect) { CGContext.current?.graphics.drawImage(self, in: rect) }
  /// Draws the image at its size with its top-left corner at `point`.
  @MainActor public func draw(at point: CGPoint) { draw(in: CGRect(origin: point, size: size)) }
}

extension View {
  /// Draws the view and its subviews scaled into `rect` of the current context, as UIKit's
  /// `drawHierarchy(in:afterScreenUpdates:)`; it lays the view out first. Returns false
  /// when there is no current context.
  @discardableResult
  public func drawHierarchy(in rect: CGRect, afterScreenUpdates: Bool) -> Bool {
    guard let context = CGContext.current else { return false }
    layoutIfNeeded()
    let graphics = context.graphics
    graphics.save()
    let size = bounds.size
    let scale = CGAffineTransform(
      scaleX: size.width > 0 ? rect.width / size.width : 1, y: size.height > 0 ? rect.height / size.height : 1)
    graphics.concatenate(CGAffineTransform(translationX: rect.minX, y: rect.minY))
    graphics.concatenate(scale)
    graphics.concatenate(CGAffineTransform(translationX: -frame.minX, y: -frame.minY))
    render(in: graphics)
    graphics.restore()
    return true
  }
}

extension Layer {
  /// Draws the layer's view and its subviews into `context`, at the view's size, its
  /// top-left corner at the context's origin.
  public func render(in context: CGContext) {
    guard let view = delegate else { return }
    context.drawing {
      _ = view.drawHierarchy(in: CGRect(origin: .zero, size: view.bounds.size), afterScreenUpdates: false)
    }
  }
}
