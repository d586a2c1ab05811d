import Views

extension Axis {
  /// A set of axes.
  public struct Set: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Left and right.
    public static let horizontal = Set(rawValue: 1)
    /// Up and down.
    public static let vertical = Set(rawValue: 2)
  }
}

/// Content that scrolls along `axes` when it is larger than the space offered: vertically
/// by default, with the wheel, the touchpad, a drag of a finger and the scroll bars.
public struct ScrollView<Content: View>: View {
  let axes: Axis.Set
  let showsIndicators: Bool
  let content: Content

  /// A scroll view that scrolls `content` along `axes`, showing indicators while it scrolls unless
  /// `showsIndicators` is false.
  public init(_ axes: Axis.Set = .vertical, showsIndicators: Bool = true, @ViewBuilder content: () -> Content) {
    self.axes = axes
    self.showsIndicators = showsIndicators
    self.content = content()
  }

  public var body: Never { primitiveBodyRequested(Self.self) }
}

extension ScrollView: PrimitiveView {
  func makeNode(in context: NodeContext) -> ViewNode {
    let node = ScrollNode(context, viewType: ObjectIdentifier(Self.self))
    node.axes = axes
    node.scroll.showsScrollIndicators = showsIndicators
    node.children = [node.makeChild(content)]
    return node
  }

  func update(_ node: ViewNode) {
    guard let node = node as? ScrollNode else { return }
    node.axes = axes
    node.scroll.showsScrollIndicators = showsIndicators
    node.updateChild(0, to: content)
  }
}

/// The node of a scroll view: the engine's scroll view, with the content's views inside.
@MainActor
final class ScrollNode: LayoutNode {
  let scroll = Views.ScrollView()
  var axes: Axis.Set = .vertical

  init(_ context: NodeContext, viewType: ObjectIdentifier) {
    super.init(context, viewType: viewType)
    view.addSubview(scroll)
  }

  override var displayName: String { "ScrollView" }

  override func subviewOrder() -> [Views.View] { [scroll] }

  override func syncSubviews() {
    super.syncSubviews()
    // The content's views go under the scroll view's indicators.
    let wanted = layoutChildren.map(\.view)
    let current = scroll.subviews.filter { $0 is HostedView }
    guard wanted.count != current.count || zip(wanted, current).contains(where: { $0 !== $1 }) else { return }
    for subview in current { subview.removeFromSuperview() }
    for (index, subview) in wanted.enumerated() { scroll.insertSubview(subview, at: index) }
  }

  /// What the content is offered: the scroll view's size, unlimited along the axes it
  /// scrolls.
  private func contentProposal(_ size: Size) -> ProposedViewSize {
    ProposedViewSize(
      width: axes.contains(.horizontal) ? nil : size.width, height: axes.contains(.vertical) ? nil : size.height)
  }

  override func measure(_ proposal: ProposedViewSize) -> Size {
    let ideal = ContentLayout(nodes: layoutChildren).size(contentProposal(proposal.replacingUnspecifiedDimensions()))
    return Size(width: proposal.width ?? ideal.width, height: proposal.height ?? ideal.height)
  }

  override func placeContent(in bounds: Rect, proposal: ProposedViewSize) {
    if scroll.frame != bounds { scroll.frame = bounds }
    let offered = contentProposal(bounds.size)
    let content = ContentLayout(nodes: layoutChildren)
    let size = content.size(offered)
    let placed = Size(
      width: axes.contains(.horizontal) ? size.width : bounds.width,
      height: axes.contains(.vertical) ? size.height : bounds.height)
    if scroll.contentSize != placed { scroll.contentSize = placed }
    content.place(
      in: Rect(origin: Alignment.top.origin(of: size, in: Rect(origin: .zero, size: placed)), size: size),
      proposal: offered)
  }
}
