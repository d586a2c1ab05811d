import DragDrop
import Foundation
import Views

/// A size a container offers a child: nil in a dimension asks for the child's ideal size,
/// 0 for its smallest, infinity for its largest.
public struct ProposedViewSize: Hashable, Sendable {
  /// The width offered; nil asks for the ideal width.
  public var width: Double?
  /// The height offered; nil asks for the ideal height.
  public var height: Double?

  /// A proposal of `width` and `height`, either of which may be nil.
  public init(width: Double?, height: Double?) {
    self.width = width
    self.height = height
  }

  /// A proposal of exactly `size`.
  public init(_ size: Size) { self.init(width: size.width, height: size.height) }

  /// Asks for the ideal size in both dimensions.
  public static let unspecified = ProposedViewSize(width: nil, height: nil)
  /// Asks for the smallest size.
  public static let zero = ProposedViewSize(width: 0, height: 0)
  /// Asks for the largest size.
  public static let infinity = ProposedViewSize(width: .infinity, height: .infinity)

  /// The proposal with nil replaced by `size`'s dimensions.
  public func replacingUnspecifiedDimensions(by size: Size = Size(width: 10, height: 10)) -> Size {
    Size(width: width ?? size.width, height: height ?? size.height)
  }

  func inset(by insets: EdgeInsets) -> ProposedViewSize {
    ProposedViewSize(
      width: width.map { max(0, $0 - insets.left - insets.right) },
      height: height.map { max(0, $0 - insets.top - insets.bottom) })
  }
}

/// Where a view sits across a vertical stack, or in a frame.
public enum HorizontalAlignment: Hashable, Sendable {
  /// Against the leading (left) edge.
  case leading
  /// In the middle.
  case center
  /// Against the trailing (right) edge.
  case trailing

  func offset(of width: Double, in available: Double) -> Double {
    switch self {
    case .leading: 0
    case .center: (available - width) / 2
    case .trailing: available - width
    }
  }
}

/// Where a view sits across a horizontal stack, or in a frame.
public enum VerticalAlignment: Hashable, Sendable {
  /// Against the top.
  case top
  /// In the middle.
  case center
  /// Against the bottom.
  case bottom

  func offset(of height: Double, in available: Double) -> Double {
    switch self {
    case .top: 0
    case .center: (available - height) / 2
    case .bottom: available - height
    }
  }
}

/// Where a view sits in both dimensions.
public struct Alignment: Hashable, Sendable {
  /// Where the view sits across.
  public var horizontal: HorizontalAlignment
  /// Where the view sits down.
  public var vertical: VerticalAlignment

  /// An alignment of `horizontal` and `vertical`.
  public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
    self.horizontal = horizontal
    self.vertical = vertical
  }

  /// In the middle.
  public static let center = Alignment(horizontal: .center, vertical: .center)
  /// Against the leading edge, in the middle down.
  public static let leading = Alignment(horizontal: .leading, vertical: .center)
  /// Against the trailing edge, in the middle down.
  public static let trailing = Alignment(horizontal: .trailing, vertical: .center)
  /// Against the top, in the middle across.
  public static let top = Alignment(horizontal: .center, vertical: .top)
  /// Against the bottom, in the middle across.
  public static let bottom = Alignment(horizontal: .center, vertical: .bottom)
  /// In the top leading corner.
  public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
  /// In the top trailing corner.
  public static let topTrailing = Alignment(horizontal: .trailing, vertical: .top)
  /// In the bottom leading corner.
  public static let bottomLeading = Alignment(horizontal: .leading, vertical: .bottom)
  /// In the bottom trailing corner.
  public static let bottomTrailing = Alignment(horizontal: .trailing, vertical: .bottom)

  /// The origin of a `size` placed in `rect`.
  func origin(of size: Size, in rect: Rect) -> Point {
    Point(
      x: rect.minX + horizontal.offset(of: size.width, in: rect.width),
      y: rect.minY + vertical.offset(of: size.height, in: rect.height))
  }
}

/// The two directions a stack or a spacer works along.
public enum Axis: Hashable, Sendable {
  /// Across: left to right.
  case horizontal
  /// Down: top to bottom.
  case vertical
}

/// The on-screen view of a node that lays itself out: a plain view of the engine, so that
/// drag and drop interactions, hit testing, previews and accessibility work on it as on
/// any other.
@MainActor
class HostedView: Views.View {
  /// The node that owns the view.
  weak var node: LayoutNode?

  /// Inside the content shape of `.interaction` that the node, or a modifier it wraps,
  /// has (`.contentShape(Circle()).onTapGesture { … }`), when there is one.
  override func point(inside point: Point, with event: Event?) -> Bool {
    // Hit tests run on every pointer move: most applications have no such shape.
    guard ContentShapeModifier.interactionShapesExist else { return super.point(inside: point, with: event) }
    var current = node as? WrapperNode
    while let wrapper = current {
      if let shape = wrapper.contentShape, shape.kinds.contains(.interaction) {
        let shaped = wrapper.view
        return shape.path(shaped.bounds).contains(shaped.convert(point, from: self))
      }
      // Only through modifiers that wrap one view, which share its place.
      let inner = wrapper.content.nodes
      current = inner.count == 1 ? inner[0] as? WrapperNode : nil
    }
    return super.point(inside: point, with: event)
  }

  /// Points outside the view's bounds also go to its content, which an offset, a scale or
  /// a rotation may have moved past them: `.offset(dragOffset).gesture(drag)` takes
  /// touches where the view shows, as in SwiftUI.
  override func hitTest(_ point: Point, with event: Event?) -> Views.View? {
    if let hit = super.hitTest(point, with: event) { return hit }
    // Any view's content may have been moved past it once something is offset, scaled or
    // turned; until then, only a modifier's own content (hit tests run on every pointer
    // move, and most applications move nothing).
    // What a view clips away takes no touches.
    guard node is WrapperNode || TransformModifier.transformsExist, !clipsToBounds, layer.mask == nil, !isHidden,
      isUserInteractionEnabled, alpha > 0.01, !bounds.contains(point)
    else { return nil }
    for subview in subviews.reversed() {
      guard let local = subview.convertFromSuperview(point) else { continue }
      if let hit = subview.hitTest(local, with: event) { return hit }
    }
    return nil
  }

  override var snapshotDescription: String {
    guard let node else { return super.snapshotDescription }
    return super.snapshotDescription.replacingOccurrences(
      of: "\(type(of: self))", with: node.displayName, options: [.anchored])
  }
}

/// A node that sizes and places itself, with an on-screen view of its own.
@MainActor
class LayoutNode: ViewNode {
  let view: HostedView
  /// What the view's accessibility modifiers say (``View/accessibilityHint(_:)`` and the
  /// rest), when any do.
  var accessibilityOverrides: AccessibilityOverrides?
  var needsSubviewSync = false
  /// The sizes measured since the node or something inside it last changed, by proposal.
  private var sizes: [ProposedViewSize: Size] = [:]
  /// Whether the node or something inside it changed since it was last placed.
  private var needsLayout = true
  /// Where the node was last placed, and for which proposal: placed there again unchanged,
  /// it has nothing to do.
  private var placement: (rect: Rect, proposal: ProposedViewSize)?
  /// The stack axis the node is laid out along, when its parent is a stack: spacers and
  /// dividers follow it.
  var stackAxis: Axis?
  /// Where the node's view is drawn among its siblings (``View/zIndex(_:)``).
  var zIndex = 0.0

  init(_ context: NodeContext, viewType: ObjectIdentifier, view: HostedView = HostedView()) {
    self.view = view
    super.init(context, viewType: viewType)
    view.node = self
  }

  /// A name for snapshots: the view's type without its generic arguments.
  var displayName: String { "Node" }

  override func collectLayoutNodes(into nodes: inout [LayoutNode]) {
    nodes.append(self)
  }

  /// The size the node takes when offered `proposal`; measured once until the node or
  /// something inside it changes.
  final func sizeThatFits(_ proposal: ProposedViewSize) -> Size {
    if let size = sizes[proposal] { return size }
    let size = measure(proposal)
    sizes[proposal] = size
    return size
  }

  /// Override: the size for `proposal`.
  func measure(_ proposal: ProposedViewSize) -> Size {
    proposal.replacingUnspecifiedDimensions()
  }

  /// Puts the node's view at `rect` in its parent's view, and places what is inside for
  /// the proposal the parent made.
  final func place(in rect: Rect, proposal: ProposedViewSize) {
    moveView(to: rect)
    if !needsLayout, let placement, placement.rect.size == rect.size, placement.proposal == proposal { return }
    needsLayout = false
    placement = (rect, proposal)
    graph.statistics.nodesPlaced += 1
    placeContent(in: Rect(origin: .zero, size: rect.size), proposal: proposal)
  }

  /// The layout pass the node was first placed in.
  private var firstPlacedPass: Int?

  /// Puts the view at `rect`: at once, or, in an animated change, gliding from where it
  /// shows (a new view fades in where it lands).
  private func moveView(to rect: Rect) {
    let isNew = firstPlacedPass == nil
    if isNew { firstPlacedPass = graph.layoutPassNumber }
    let animator = graph.animator
    guard (animator.target(of: view) ?? view.untransformedFrame) != rect || isNew else { return }
    guard let animation = graph.animation(for: self), let clock = graph.clock() else {
      animator.stop(view)
      view.frame = rect
      return
    }
    if !isNew {
      animator.move(view, to: rect, animation: animation, clock: clock)
      return
    }
    view.frame = rect
    // Only the outermost new view fades: the views inside it come with it.
    var ancestor = parent
    while let node = ancestor, !(node is LayoutNode) { ancestor = node.parent }
    if let parentPass = (ancestor as? LayoutNode)?.firstPlacedPass, parentPass < graph.layoutPassNumber {
      animator.fadeIn(view, animation: animation, clock: clock)
    }
  }

  /// Notes that the node changed in a way that may change its size or its children's
  /// places: it, and every layout node above it, is measured and placed again at the next
  /// layout pass. The rest of the tree keeps its sizes and places.
  final func invalidateLayout() {
    var node: ViewNode? = self
    while let current = node {
      if let layout = current as? LayoutNode {
        layout.needsLayout = true
        layout.sizes.removeAll(keepingCapacity: true)
        // A list's row is placed by its cell, not by the nodes above it, and its height
        // is its content's.
        if let row = layout as? ListRowNode {
          row.view.superview?.setNeedsLayout()
          (row.parent as? ItemsNode)?.rowDidChangeSize(row)
        }
      }
      node = current.parent
    }
  }

  /// Override: places the children in the node's own bounds.
  func placeContent(in bounds: Rect, proposal: ProposedViewSize) {}

  /// The on-screen views of the children, back to front.
  func subviewOrder() -> [Views.View] {
    let children = layoutChildren
    guard children.contains(where: { $0.zIndex != 0 }) else { return children.map(\.view) }
    // Lower indices behind, and the order written among equal ones.
    return children.enumerated().sorted { ($0.element.zIndex, $0.offset) < ($1.element.zIndex, $1.offset) }
      .map(\.element.view)
  }

  /// The layout nodes of the children, in order.
  var layoutChildren: [LayoutNode] {
    var nodes: [LayoutNode] = []
    for child in children { child.collectLayoutNodes(into: &nodes) }
    return nodes
  }

  /// Makes the view's subviews those of ``subviewOrder()``, moving as few as it can.
  func syncSubviews() {
    let wanted = subviewOrder()
    // Pictures of removed views fading out stay on top until they are gone.
    let current = view.subviews.filter { !($0 is FadingGhost) }
    guard wanted.count != current.count || zip(wanted, current).contains(where: { $0 !== $1 }) else { return }
    let kept = Set(wanted.map(ObjectIdentifier.init))
    for subview in current where !kept.contains(ObjectIdentifier(subview)) {
      if let animation = graph.layoutAnimation, let clock = graph.clock(),
        (subview as? HostedView)?.node?.isAttached != true
      {
        let ghost = FadingGhost(of: subview)
        view.addSubview(ghost)
        graph.animator.fadeOut(ghost, animation: animation, clock: clock)
      }
      subview.removeFromSuperview()
    }
    // New views join; then one pass puts them all in order, ghosts last.
    let present = Set(view.subviews.map(ObjectIdentifier.init))
    for subview in wanted where !present.contains(ObjectIdentifier(subview)) { view.addSubview(subview) }
    view.reorderSubviews(wanted + view.subviews.filter { $0 is FadingGhost })
    view.setNeedsLayout()
  }

  /// Called with the label an `accessibilityLabel` modifier gives the node: it labels the
  /// view and names its drag and drop interactions.
  func labelDidChange(_ label: String) {
    view.accessibilityLabel = label
    for interaction in view.interactions {
      if let drag = interaction as? DragInteraction { drag.name = label }
      if let drop = interaction as? DropInteraction { drop.name = label }
    }
  }

  /// Notes that the node's view drew differently; what it shows may take another size.
  final func didRedraw() {
    graph.statistics.viewsRedrawn += 1
    invalidateLayout()
  }

  override func structureDidChange() {
    graph.needsSubviewSync(self)
    invalidateLayout()
  }

  override func inherit(_ environment: EnvironmentValues) {
    if !environment.isSame(as: self.environment) { invalidateLayout() }
    super.inherit(environment)
  }
}

/// Lays out layout nodes one after another along an axis, as SwiftUI's stacks do: the
/// least flexible child is offered its share first, and the most flexible gets what is
/// left.
@MainActor
struct StackArrangement {
  var axis: Axis
  var spacing: Double

  struct Result {
    var size: Size
    var sizes: [Size]
    /// What each child was offered: what it is placed with.
    var proposals: [ProposedViewSize]
  }

  func arrange(_ nodes: [LayoutNode], proposal: ProposedViewSize) -> Result {
    guard !nodes.isEmpty else { return Result(size: .zero, sizes: [], proposals: []) }
    for node in nodes { node.stackAxis = axis }
    let totalSpacing = spacing * Double(nodes.count - 1)
    var sizes = [Size](repeating: .zero, count: nodes.count)
    var proposals = [ProposedViewSize](repeating: .unspecified, count: nodes.count)
    let along = axis == .vertical ? proposal.height : proposal.width
    let across = axis == .vertical ? proposal.width : proposal.height
    func proposing(_ length: Double?) -> ProposedViewSize {
      axis == .vertical
        ? ProposedViewSize(width: across, height: length) : ProposedViewSize(width: length, height: across)
    }
    func length(_ size: Size) -> Double { axis == .vertical ? size.height : size.width }
    if let available = along {
      let flexibility = nodes.map { node in
        let largest = length(node.sizeThatFits(proposing(.infinity)))
        let smallest = length(node.sizeThatFits(proposing(0)))
        return largest - smallest
      }
      var remaining = max(0, available - totalSpacing)
      var left = Double(nodes.count)
      for index in nodes.indices.sorted(by: { flexibility[$0] < flexibility[$1] }) {
        proposals[index] = proposing(max(0, remaining / left))
        let size = nodes[index].sizeThatFits(proposals[index])
        sizes[index] = size
        remaining = max(0, remaining - length(size))
        left -= 1
      }
    } else {
      for index in nodes.indices {
        proposals[index] = proposing(nil)
        sizes[index] = nodes[index].sizeThatFits(proposals[index])
      }
    }
    let total = sizes.reduce(0) { $0 + length($1) } + totalSpacing
    let thickness = sizes.map { axis == .vertical ? $0.width : $0.height }.max() ?? 0
    let size = axis == .vertical ? Size(width: thickness, height: total) : Size(width: total, height: thickness)
    return Result(size: size, sizes: sizes, proposals: proposals)
  }
}
