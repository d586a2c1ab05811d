import Views

/// Views one above another.
public struct VStack<Content: View>: View {
  let alignment: HorizontalAlignment
  let spacing: Double?
  let content: Content

  /// A column of the views `content` makes, placed across by `alignment`, `spacing` points apart (the default's
  /// when nil).
  public init(alignment: HorizontalAlignment = .center, spacing: Double? = nil, @ViewBuilder content: () -> Content) {
    self.alignment = alignment
    self.spacing = spacing
    self.content = content()
  }

  public var body: Never { primitiveBodyRequested(Self.self) }
}

/// Views side by side.
public struct HStack<Content: View>: View {
  let alignment: VerticalAlignment
  let spacing: Double?
  let content: Content

  /// A row of the views `content` makes, placed down by `alignment`, `spacing` points apart (the default's when
  /// nil).
  public init(alignment: VerticalAlignment = .center, spacing: Double? = nil, @ViewBuilder content: () -> Content) {
    self.alignment = alignment
    self.spacing = spacing
    self.content = content()
  }

  public var body: Never { primitiveBodyRequested(Self.self) }
}

/// Views on top of one another, the last in front.
public struct ZStack<Content: View>: View {
  let alignment: Alignment
  let content: Content

  /// The views `content` makes, each on top of the last, placed by `alignment`.
  public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {
    self.alignment = alignment
    self.content = content()
  }

  public var body: Never { primitiveBodyRequested(Self.self) }
}

/// The spacing between the views of a stack when none is given.
let defaultStackSpacing = 8.0

/// The node of a stack: its children laid out along an axis, or on top of one another.
@MainActor
final class StackNode: LayoutNode {
  enum Kind: Equatable {
    case vertical(HorizontalAlignment, spacing: Double)
    case horizontal(VerticalAlignment, spacing: Double)
    case depth(Alignment)
  }

  var kind: Kind {
    didSet { if kind != oldValue { didRedraw() } }
  }
  private let name: String

  init(_ context: NodeContext, viewType: ObjectIdentifier, kind: Kind, name: String) {
    self.kind = kind
    self.name = name
    super.init(context, viewType: viewType)
  }

  override var displayName: String { name }

  private var arrangement: StackArrangement? {
    switch kind {
    case .vertical(_, let spacing): StackArrangement(axis: .vertical, spacing: spacing)
    case .horizontal(_, let spacing): StackArrangement(axis: .horizontal, spacing: spacing)
    case .depth: nil
    }
  }

  override func measure(_ proposal: ProposedViewSize) -> Size {
    let nodes = layoutChildren
    if let arrangement { return arrangement.arrange(nodes, proposal: proposal).size }
    var size = Size.zero
    for node in nodes {
      let child = node.sizeThatFits(proposal)
      size = Size(width: max(size.width, child.width), height: max(size.height, child.height))
    }
    return size
  }

  override func placeContent(in bounds: Rect, proposal: ProposedViewSize) {
    let nodes = layoutChildren
    switch kind {
    case .depth(let alignment):
      for node in nodes {
        let size = node.sizeThatFits(proposal)
        node.place(in: Rect(origin: alignment.origin(of: size, in: bounds), size: size), proposal: proposal)
      }
    case .vertical(let alignment, let spacing):
      let result = StackArrangement(axis: .vertical, spacing: spacing).arrange(nodes, proposal: proposal)
      var y = bounds.minY
      for (index, node) in nodes.enumerated() {
        let size = result.sizes[index]
        let x = bounds.minX + alignment.offset(of: size.width, in: bounds.width)
        node.place(in: Rect(x: x, y: y, width: size.width, height: size.height), proposal: result.proposals[index])
        y += size.height + spacing
      }
    case .horizontal(let alignment, let spacing):
      let result = StackArrangement(axis: .horizontal, spacing: spacing).arrange(nodes, proposal: proposal)
      var x = bounds.minX
      for (index, node) in nodes.enumerated() {
        let size = result.sizes[index]
        let y = bounds.minY + alignment.offset(of: size.height, in: bounds.height)
        node.place(in: Rect(x: x, y: y, width: size.width, height: size.height), proposal: result.proposals[index])
        x += size.width + spacing
      }
    }
  }
}

extension VStack: PrimitiveView {
  func makeNode(in context: NodeContext) -> ViewNode {
    let node = StackNode(
      context, viewType: ObjectIdentifier(Self.self),
      kind: .vertical(alignment, spacing: spacing.map(spacingLength) ?? defaultStackSpacing), name: "VStack")
    node.children = [node.makeChild(content)]
    return node
  }

  func update(_ node: ViewNode) {
    (node as? StackNode)?.kind = .vertical(alignment, spacing: spacing.map(spacingLength) ?? defaultStackSpacing)
    node.updateChild(0, to: content)
  }
}

extension HStack: PrimitiveView {
  func makeNode(in context: NodeContext) -> ViewNode {
    let node = StackNode(
      context, viewType: ObjectIdentifier(Self.self),
      kind: .horizontal(alignment, spacing: spacing.map(spacingLength) ?? defaultStackSpacing), name: "HStack")
    node.children = [node.makeChild(content)]
    return node
  }

  func update(_ node: ViewNode) {
    (node as? StackNode)?.kind = .horizontal(alignment, spacing: spacing.map(spacingLength) ?? defaultStackSpacing)
    node.updateChild(0, to: content)
  }
}

extension ZStack: PrimitiveView {
  func makeNode(in context: NodeContext) -> ViewNode {
    let node = StackNode(context, viewType: ObjectIdentifier(Self.self), kind: .depth(alignment), name: "ZStack")
    node.children = [node.makeChild(content)]
    return node
  }

  func update(_ node: ViewNode) {
    (node as? StackNode)?.kind = .depth(alignment)
    node.updateChild(0, to: content)
  }
}
