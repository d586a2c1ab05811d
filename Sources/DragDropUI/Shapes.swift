import Views

/// A shape drawn in whatever rectangle its view is given. As a view it fills with the
/// foreground colour; ``fill(_:)`` and ``stroke(_:lineWidth:)`` choose otherwise.
public protocol Shape: View {
  /// The outline of the shape in `rect`.
  func path(in rect: Rect) -> Path
}

extension Shape {
  public var body: ShapeView<Self> { ShapeView(shape: self, style: .foreground) }

  /// The shape filled with a colour.
  public func fill(_ color: Color) -> ShapeView<Self> {
    ShapeView(shape: self, style: .fill(color))
  }

  /// The shape's outline drawn with a colour, `lineWidth` wide and centred on the outline.
  public func stroke(_ color: Color, lineWidth: Double = 1) -> ShapeView<Self> {
    ShapeView(shape: self, style: .stroke(color, lineWidth: lineWidth))
  }

  /// The shape's outline drawn inside it, with the foreground colour.
  public func strokeBorder(_ color: Color, lineWidth: Double = 1) -> ShapeView<Self> {
    ShapeView(shape: self, style: .strokeBorder(color, lineWidth: lineWidth))
  }
}

/// A rectangle filling its frame.
public struct Rectangle: Shape, Equatable {
  /// A rectangle that fills its frame.
  public init() {}
  public func path(in rect: Rect) -> Path { Path(rect) }
}

/// A rectangle with rounded corners.
public struct RoundedRectangle: Shape, Equatable {
  /// The radius of the corners, in points.
  public var cornerRadius: Double
  /// A rectangle whose corners are rounded to `cornerRadius`.
  public init(cornerRadius: Double) { self.cornerRadius = cornerRadius }
  public func path(in rect: Rect) -> Path { Path(roundedRect: rect, cornerRadius: cornerRadius) }
}

/// The largest circle that fits its frame, centred.
public struct Circle: Shape, Equatable {
  /// The largest circle that fits the frame, centred.
  public init() {}
  public func path(in rect: Rect) -> Path {
    let side = min(rect.width, rect.height)
    return Path(ellipseIn: Rect(center: rect.center, size: Size(width: side, height: side)))
  }
}

/// An ellipse filling its frame.
public struct Ellipse: Shape, Equatable {
  /// The ellipse that fills the frame.
  public init() {}
  public func path(in rect: Rect) -> Path { Path(ellipseIn: rect) }
}

/// A rectangle whose short sides are half circles.
public struct Capsule: Shape, Equatable {
  /// A rectangle whose shorter sides are half circles.
  public init() {}
  public func path(in rect: Rect) -> Path {
    Path(roundedRect: rect, cornerRadius: min(rect.width, rect.height) / 2)
  }
}

/// How a shape is drawn.
enum ShapeStyle: Hashable {
  case foreground
  case fill(Color)
  case stroke(Color, lineWidth: Double)
  case strokeBorder(Color, lineWidth: Double)
}

/// A shape as it is drawn: filled or stroked.
public struct ShapeView<Content: Shape>: View {
  let shape: Content
  let style: ShapeStyle

  public var body: Never { primitiveBodyRequested(Self.self) }
}

extension ShapeView: PrimitiveView {
  func makeNode(in context: NodeContext) -> ViewNode {
    let node = DrawingNode(context, viewType: ObjectIdentifier(Self.self), name: "\(Content.self)")
    update(node)
    return node
  }

  func update(_ node: ViewNode) {
    guard let node = node as? DrawingNode else { return }
    let shape = self.shape
    let style = self.style
    let key: AnyHashable? = (shape as? any Hashable).map { AnyHashable(ShapeKey(shape: AnyHashable($0), style: style)) }
    node.setDrawing(key: key) { [weak node] context, bounds in
      let foreground = node?.environment.foregroundColor ?? .primary
      switch style {
      case .foreground:
        context.fill(shape.path(in: bounds), color: foreground)
      case .fill(let color):
        context.fill(shape.path(in: bounds), color: color)
      case .stroke(let color, let width):
        context.stroke(shape.path(in: bounds), color: color, lineWidth: width)
      case .strokeBorder(let color, let width):
        context.stroke(
          shape.path(in: bounds.inset(dx: width / 2, dy: width / 2)), color: color, lineWidth: width)
      }
    }
  }
}

private struct ShapeKey: Hashable {
  var shape: AnyHashable
  var style: ShapeStyle
}

/// A node that takes the size it is offered and draws with a closure: shapes and colours.
@MainActor
final class DrawingNode: LayoutNode {
  private let drawingView = DrawingLeafView()
  private let name: String
  /// What the drawing shows, when it can be compared: an unchanged key is not redrawn.
  private var key: AnyHashable?

  init(_ context: NodeContext, viewType: ObjectIdentifier, name: String) {
    self.name = name
    super.init(context, viewType: viewType, view: drawingView)
  }

  override var displayName: String { name }

  func setDrawing(key: AnyHashable?, _ drawing: @escaping @MainActor (any GraphicsContext, Rect) -> Void) {
    drawingView.drawing = drawing
    if key == nil || key != self.key { didRedraw() }
    self.key = key
  }

  override func environmentDidChange() { didRedraw() }

  override func measure(_ proposal: ProposedViewSize) -> Size {
    proposal.replacingUnspecifiedDimensions()
  }
}

@MainActor
final class DrawingLeafView: HostedView {
  var drawing: (@MainActor (any GraphicsContext, Rect) -> Void)?

  override func draw(in context: any GraphicsContext) {
    drawing?(context, bounds)
  }
}

extension Color: View {
  public var body: Never { primitiveBodyRequested(Self.self) }
}

extension Color: PrimitiveView {
  func makeNode(in context: NodeContext) -> ViewNode {
    let node = DrawingNode(context, viewType: ObjectIdentifier(Color.self), name: "Color")
    update(node)
    return node
  }

  func update(_ node: ViewNode) {
    let color = self
    (node as? DrawingNode)?.setDrawing(key: color) { context, bounds in
      context.fill(Path(bounds), color: color)
    }
  }
}

/// Flexible space along the axis of the stack it is in, at least `minLength` long.
public struct Spacer: View, Equatable {
  /// The least length the spacer takes; nil for the stack's default.
  public var minLength: Double?
  /// A spacer at least `minLength` long.
  public init(minLength: Double? = nil) { self.minLength = minLength }
  public var body: Never { primitiveBodyRequested(Self.self) }
}

@MainActor
final class SpacerNode: LayoutNode {
  var minLength = 8.0

  override var displayName: String { "Spacer" }

  override func measure(_ proposal: ProposedViewSize) -> Size {
    switch stackAxis {
    case .vertical: Size(width: 0, height: max(minLength, proposal.height ?? minLength))
    case .horizontal: Size(width: max(minLength, proposal.width ?? minLength), height: 0)
    case nil:
      Size(width: max(minLength, proposal.width ?? minLength), height: max(minLength, proposal.height ?? minLength))
    }
  }
}

extension Spacer: PrimitiveView {
  func makeNode(in context: NodeContext) -> ViewNode {
    let node = SpacerNode(context, viewType: ObjectIdentifier(Self.self))
    update(node)
    return node
  }

  func update(_ node: ViewNode) {
    (node as? SpacerNode)?.minLength = minLength.map(spacingLength) ?? 8
  }
}

/// A thin line across the stack it is in: horizontal in a vertical stack.
public struct Divider: View, Equatable {
  /// A thin line across the stack it is in.
  public init() {}
  public var body: Never { primitiveBodyRequested(Self.self) }
}

@MainActor
final class DividerNode: LayoutNode {
  override var displayName: String { "Divider" }

  override func measure(_ proposal: ProposedViewSize) -> Size {
    switch stackAxis {
    case .horizontal: Size(width: 1, height: proposal.height ?? 0)
    default: Size(width: proposal.width ?? 0, height: 1)
    }
  }
}

extension Divider: PrimitiveView {
  func makeNode(in context: NodeContext) -> ViewNode {
    let node = DividerNode(context, viewType: ObjectIdentifier(Self.self))
    node.view.backgroundColor = Color(red: 0.24, green: 0.24, blue: 0.26, alpha: 0.29)
    node.didRedraw()
    return node
  }

  func update(_ node: ViewNode) {}
}
