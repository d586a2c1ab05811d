import DragDrop
import Views

/// The layout nodes of a modified content, sized and placed together: one node as itself,
/// several one above another.
@MainActor
struct ContentLayout {
  let nodes: [LayoutNode]

  func size(_ proposal: ProposedViewSize) -> Size {
    switch nodes.count {
    case 0: .zero
    case 1: nodes[0].sizeThatFits(proposal)
    default: StackArrangement(axis: .vertical, spacing: defaultStackSpacing).arrange(nodes, proposal: proposal).size
    }
  }

  func place(in rect: Rect, proposal: ProposedViewSize) {
    switch nodes.count {
    case 0: return
    case 1: nodes[0].place(in: rect, proposal: proposal)
    default:
      let result = StackArrangement(axis: .vertical, spacing: defaultStackSpacing).arrange(nodes, proposal: proposal)
      var y = rect.minY
      for (index, node) in nodes.enumerated() {
        let size = result.sizes[index]
        node.place(
          in: Rect(x: rect.minX + (rect.width - size.width) / 2, y: y, width: size.width, height: size.height),
          proposal: result.proposals[index])
        y += size.height + defaultStackSpacing
      }
    }
  }
}

/// A built-in modifier that wraps its content in a view of its own: it may size and place
/// the content, draw a decoration behind or in front of it, and configure the view.
@MainActor
protocol WrappingModifier: PrimitiveModifier {
  /// The name snapshots give the view.
  var name: String { get }
  func measure(_ proposal: ProposedViewSize, content: ContentLayout) -> Size
  func place(in bounds: Rect, proposal: ProposedViewSize, content: ContentLayout)
  /// Sets up the node's view after the node is made or updated.
  func configure(_ node: WrapperNode)
  /// Whether `other` is this modifier unchanged, so that an update keeps the sizes
  /// measured. A requirement, so that an `Equatable` modifier's answer is the one used.
  func isSame(as other: any WrappingModifier) -> Bool
}

extension WrappingModifier {
  func measure(_ proposal: ProposedViewSize, content: ContentLayout) -> Size {
    content.size(proposal)
  }

  func place(in bounds: Rect, proposal: ProposedViewSize, content: ContentLayout) {
    content.place(in: bounds, proposal: proposal)
  }

  func configure(_ node: WrapperNode) {}

  func makeNode<Content: View>(content: Content, in context: NodeContext) -> ViewNode {
    let node = WrapperNode(context, viewType: ObjectIdentifier(ModifiedContent<Content, Self>.self), modifier: self)
    node.children = [node.makeChild(content)]
    configure(node)
    return node
  }

  func update<Content: View>(_ node: ViewNode, content: Content) {
    guard let node = node as? WrapperNode else { return }
    let changed = !isSame(as: node.modifier)
    node.modifier = self
    node.updateChild(0, to: content)
    configure(node)
    // The content invalidates what it changes itself; the wrapper, only when it changed.
    if changed { node.invalidateLayout() }
  }

  /// Whether `other` is this modifier unchanged; false unless the modifier can be compared.
  func isSame(as other: any WrappingModifier) -> Bool { false }

  /// The update invalidates the node's layout only when the modifier changed: an
  /// unchanged `frame` or `padding` around a row keeps the sizes measured.
  static var updateInvalidatesItself: Bool { true }
}

extension WrappingModifier where Self: Equatable {
  func isSame(as other: any WrappingModifier) -> Bool { (other as? Self) == self }
}

/// The node of a wrapping modifier. Its first child is the content; a background or an
/// overlay is the second.
@MainActor
final class WrapperNode: LayoutNode {
  var modifier: any WrappingModifier
  /// Whether the decoration (the second child) is drawn in front of the content.
  var decorationInFront = false
  /// Where the decoration sits over the content.
  var decorationAlignment = Alignment.center
  /// Whatever the modifier keeps between updates: a gesture recogniser, an interaction.
  var attachment: AnyObject?
  /// The shape the view is clipped to, in its bounds (``View/clipShape(_:)``).
  var clipPath: (@MainActor (Rect) -> Path)?
  /// The shape ``View/contentShape(_:_:eoFill:)`` gives the view, in its bounds, and what
  /// it shapes.
  var contentShape: (kinds: ContentShapeKinds, path: @MainActor (Rect) -> Path)?

  init(_ context: NodeContext, viewType: ObjectIdentifier, modifier: any WrappingModifier) {
    self.modifier = modifier
    super.init(context, viewType: viewType)
  }

  override var displayName: String { modifier.name }

  var content: ContentLayout { ContentLayout(nodes: children.first?.layoutNodes ?? []) }
  var decoration: ContentLayout { ContentLayout(nodes: children.count > 1 ? children[1].layoutNodes : []) }

  override func measure(_ proposal: ProposedViewSize) -> Size {
    modifier.measure(proposal, content: content)
  }

  override func placeContent(in bounds: Rect, proposal: ProposedViewSize) {
    modifier.place(in: bounds, proposal: proposal, content: content)
    (modifier as? any PlacementObserver)?.didPlace(self)
    if let clipPath {
      let path = clipPath(bounds)
      let mask = view.layer.mask as? ShapeLayer ?? ShapeLayer()
      if mask.path != path || view.layer.mask !== mask {
        mask.path = path
        view.layer.mask = mask
        graph.statistics.viewsRedrawn += 1
      }
    }
    if children.count > 1 {
      // A decoration with nothing interactive in it lets input through to the content:
      // a border or an overlaid caption does not block taps or drops.
      for node in decoration.nodes { node.view.isUserInteractionEnabled = node.view.hasInteractiveContent }
      let offered = ProposedViewSize(bounds.size)
      let size = decoration.size(offered)
      decoration.place(
        in: Rect(origin: decorationAlignment.origin(of: size, in: bounds), size: size), proposal: offered)
    }
  }

  /// A modifier that reads the environment (whether controls are enabled) sets its view up
  /// again.
  override func environmentDidChange() { modifier.configure(self) }

  override func subviewOrder() -> [Views.View] {
    let content = self.content.nodes.map(\.view)
    let decoration = self.decoration.nodes.map(\.view)
    return decorationInFront ? content + decoration : decoration + content
  }
}

// MARK: - Padding

/// The edges of a rectangle.
public enum Edge: Hashable, Sendable {
  /// The top edge.
  case top
  /// The leading (left) edge.
  case leading
  /// The bottom edge.
  case bottom
  /// The trailing (right) edge.
  case trailing

  /// A set of edges.
  public struct Set: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// The top edge.
    public static let top = Set(rawValue: 1)
    /// The leading edge.
    public static let leading = Set(rawValue: 2)
    /// The bottom edge.
    public static let bottom = Set(rawValue: 4)
    /// The trailing edge.
    public static let trailing = Set(rawValue: 8)
    /// The leading and trailing edges.
    public static let horizontal: Set = [.leading, .trailing]
    /// The top and bottom edges.
    public static let vertical: Set = [.top, .bottom]
    /// Every edge.
    public static let all: Set = [.top, .leading, .bottom, .trailing]
  }
}

extension EdgeInsets {
  /// Insets by SwiftUI's names for the sides: leading is left, trailing right.
  public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
    self.init(top: top, left: leading, bottom: bottom, right: trailing)
  }
}

/// The padding when none is given.
let defaultPadding = 16.0

struct PaddingModifier: WrappingModifier, Equatable {
  let insets: EdgeInsets
  var name: String { "Padding" }

  func measure(_ proposal: ProposedViewSize, content: ContentLayout) -> Size {
    let inner = content.size(proposal.inset(by: insets))
    return Size(width: inner.width + insets.left + insets.right, height: inner.height + insets.top + insets.bottom)
  }

  func place(in bounds: Rect, proposal: ProposedViewSize, content: ContentLayout) {
    let inner = Rect(
      x: bounds.minX + insets.left, y: bounds.minY + insets.top,
      width: max(0, bounds.width - insets.left - insets.right),
      height: max(0, bounds.height - insets.top - insets.bottom))
    let innerProposal = proposal.inset(by: insets)
    let size = content.size(innerProposal)
    content.place(in: Rect(origin: inner.origin, size: size), proposal: innerProposal)
  }
}

extension View {
  /// Space around the view: `length` points (16 when nil) on each of `edges`.
  public func padding(_ edges: Edge.Set = .all, _ length: Double? = nil) -> some View {
    let value = spacingLength(length ?? defaultPadding)
    return modifier(
      PaddingModifier(
        insets: EdgeInsets(
          top: edges.contains(.top) ? value : 0, left: edges.contains(.leading) ? value : 0,
          bottom: edges.contains(.bottom) ? value : 0, right: edges.contains(.trailing) ? value : 0)))
  }

  /// Space of `length` points on every side.
  public func padding(_ length: Double) -> some View {
    modifier(PaddingModifier(insets: EdgeInsets(all: spacingLength(length))))
  }

  /// Space given side by side.
  public func padding(_ insets: EdgeInsets) -> some View {
    modifier(
      PaddingModifier(
        insets: EdgeInsets(
          top: spacingLength(insets.top), left: spacingLength(insets.left), bottom: spacingLength(insets.bottom),
          right: spacingLength(insets.right))))
  }
}

// MARK: - Frames

struct FrameModifier: WrappingModifier, Equatable {
  var minWidth: Double?
  var idealWidth: Double?
  var maxWidth: Double?
  var minHeight: Double?
  var idealHeight: Double?
  var maxHeight: Double?
  var alignment: Alignment
  var name: String { "Frame" }

  /// What the content is offered: the proposal kept within the bounds, or the ideal size.
  private func childProposal(_ proposal: ProposedViewSize) -> ProposedViewSize {
    func dimension(_ proposed: Double?, _ low: Double?, _ ideal: Double?, _ high: Double?) -> Double? {
      guard let proposed else { return ideal }
      return min(max(proposed, low ?? -.infinity), high ?? .infinity)
    }
    return ProposedViewSize(
      width: dimension(proposal.width, minWidth, idealWidth, maxWidth),
      height: dimension(proposal.height, minHeight, idealHeight, maxHeight))
  }

  func measure(_ proposal: ProposedViewSize, content: ContentLayout) -> Size {
    let child = content.size(childProposal(proposal))
    func dimension(_ proposed: Double?, _ low: Double?, _ ideal: Double?, _ high: Double?, _ child: Double) -> Double {
      if low == nil && high == nil { return child }
      let base = high == nil ? child : (proposed ?? ideal ?? child)
      let lower = low ?? (high.map { min($0, child) } ?? child)
      return min(max(base, lower), high ?? .infinity)
    }
    return Size(
      width: dimension(proposal.width, minWidth, idealWidth, maxWidth, child.width),
      height: dimension(proposal.height, minHeight, idealHeight, maxHeight, child.height))
  }

  func place(in bounds: Rect, proposal: ProposedViewSize, content: ContentLayout) {
    let offered = childProposal(ProposedViewSize(bounds.size))
    let size = content.size(offered)
    content.place(in: Rect(origin: alignment.origin(of: size, in: bounds), size: size), proposal: offered)
  }
}

/// A length a frame may use: finite and not negative. Anything else (NaN, infinity, a
/// negative number) is ignored, as if it had not been given.
func frameLength(_ value: Double?) -> Double? {
  guard let value, value.isFinite, value >= 0 else { return nil }
  return value
}

/// A frame's largest length: as ``frameLength(_:)``, with infinity allowed.
func frameLimit(_ value: Double?) -> Double? {
  guard let value, !value.isNaN, value >= 0 else { return nil }
  return value
}

/// A length where NaN means zero and nothing is negative: padding, spacing, radii.
func spacingLength(_ value: Double) -> Double {
  value.isFinite ? max(0, value) : 0
}

extension View {
  /// A frame of a fixed width, height or both; the view sits in it by `alignment`. A
  /// length that is negative, infinite or NaN is ignored.
  public func frame(width: Double? = nil, height: Double? = nil, alignment: Alignment = .center) -> some View {
    let width = frameLength(width)
    let height = frameLength(height)
    return modifier(
      FrameModifier(
        minWidth: width, idealWidth: width, maxWidth: width, minHeight: height, idealHeight: height, maxHeight: height,
        alignment: alignment))
  }

  /// A frame that grows and shrinks within limits: `maxWidth: .infinity` takes all the
  /// width offered.
  public func frame(
    minWidth: Double? = nil, idealWidth: Double? = nil, maxWidth: Double? = nil, minHeight: Double? = nil,
    idealHeight: Double? = nil, maxHeight: Double? = nil, alignment: Alignment = .center
  ) -> some View {
    modifier(
      FrameModifier(
        minWidth: frameLength(minWidth), idealWidth: frameLength(idealWidth), maxWidth: frameLimit(maxWidth),
        minHeight: frameLength(minHeight), idealHeight: frameLength(idealHeight), maxHeight: frameLimit(maxHeight),
        alignment: alignment))
  }
}

// MARK: - Backgrounds and overlays

struct DecorationModifier<Decoration: View>: WrappingModifier {
  let decoration: Decoration
  let alignment: Alignment
  let inFront: Bool
  var name: String { inFront ? "Overlay" : "Background" }

  func makeNode<Content: View>(content: Content, in context: NodeContext) -> ViewNode {
    let node = WrapperNode(context, viewType: ObjectIdentifier(ModifiedContent<Content, Self>.self), modifier: self)
    node.decorationInFront = inFront
    node.decorationAlignment = alignment
    node.children = [node.makeChild(content), node.makeChild(decoration)]
    return node
  }

  func update<Content: View>(_ node: ViewNode, content: Content) {
    guard let node = node as? WrapperNode else { return }
    node.modifier = self
    node.decorationAlignment = alignment
    node.updateChild(0, to: content)
    node.updateChild(1, to: decoration)
  }
}

extension View {
  /// The view with a colour filling its bounds behind it: `.background(.yellow)`.
  public func background(_ color: Color) -> some View {
    background(color, alignment: .center)
  }

  /// A view behind this one, offered its size.
  public func background<Background: View>(_ background: Background, alignment: Alignment = .center) -> some View {
    modifier(DecorationModifier(decoration: background, alignment: alignment, inFront: false))
  }

  /// A view behind this one, offered its size.
  public func background<Background: View>(
    alignment: Alignment = .center, @ViewBuilder content: () -> Background
  ) -> some View {
    modifier(DecorationModifier(decoration: content(), alignment: alignment, inFront: false))
  }

  /// A view in front of this one, offered its size.
  public func overlay<Overlay: View>(_ overlay: Overlay, alignment: Alignment = .center) -> some View {
    modifier(DecorationModifier(decoration: overlay, alignment: alignment, inFront: true))
  }

  /// A view in front of this one, offered its size.
  public func overlay<Overlay: View>(alignment: Alignment = .center, @ViewBuilder content: () -> Overlay) -> some View {
    modifier(DecorationModifier(decoration: content(), alignment: alignment, inFront: true))
  }

  /// A line `width` points wide just inside the view's edges.
  public func border(_ color: Color, width: Double = 1) -> some View {
    overlay(Rectangle().strokeBorder(color, lineWidth: spacingLength(width)))
  }
}

// MARK: - Appearance and input

struct AppearanceModifier: WrappingModifier {
  enum Change: Hashable {
    case opacity(Double)
    case cornerRadius(Double)
  }

  let change: Change
  var name: String {
    switch change {
    case .opacity: "Opacity"
    case .cornerRadius: "CornerRadius"
    }
  }

  func configure(_ node: WrapperNode) {
    let view = node.view
    switch change {
    case .opacity(let value):
      let animator = node.graph.animator
      guard (animator.targetAlpha(of: view) ?? view.alpha) != value else { break }
      if let animation = node.graph.animation(for: node), let clock = node.graph.clock() {
        animator.fade(view, to: value, animation: animation, clock: clock)
      } else {
        animator.stop(view)
        view.alpha = value
      }
      node.didRedraw()
    case .cornerRadius(let radius):
      if view.cornerRadius != radius {
        view.cornerRadius = radius
        view.clipsToBounds = true
        node.didRedraw()
      }
    }
  }
}

extension View {
  /// Draws the view and its content at an opacity from 0 to 1.
  public func opacity(_ opacity: Double) -> some View {
    modifier(AppearanceModifier(change: .opacity(opacity.isNaN ? 1 : min(max(opacity, 0), 1))))
  }

  /// Clips the view to a rectangle with rounded corners.
  public func cornerRadius(_ radius: Double) -> some View {
    modifier(AppearanceModifier(change: .cornerRadius(spacingLength(radius))))
  }

  /// What a screen reader calls the view, what keyboard drags announce, and the name of
  /// its drag and drop interactions in delegate-call traces.
  public func accessibilityLabel(_ label: String) -> some View {
    // Labels the views, and names their interactions after it.
    modifier(MarkingModifier { $0.labelDidChange(label) })
  }
}

struct TapModifier: WrappingModifier {
  let count: Int
  let action: @MainActor () -> Void
  var name: String { "TapGesture" }

  func configure(_ node: WrapperNode) {
    let tap: TapAttachment
    if let existing = node.attachment as? TapAttachment {
      tap = existing
    } else {
      tap = TapAttachment()
      node.view.addGestureRecognizer(tap.recognizer)
      node.attachment = tap
    }
    tap.recognizer.numberOfTapsRequired = max(1, count)
    // A disabled view takes no taps, as in SwiftUI.
    tap.recognizer.isEnabled = node.environment.isEnabled
    tap.action = action
  }
}

/// The recogniser of a tap modifier, and the action it runs: the action of the latest
/// value of the view.
@MainActor
final class TapAttachment {
  let recognizer = TapGestureRecognizer()
  var action: (@MainActor () -> Void)?

  init() {
    recognizer.addAction { [weak self] recognizer in
      if recognizer.state == .ended { self?.action?() }
    }
  }
}

extension View {
  /// Runs `action` when the view is tapped, or clicked, `count` times.
  public func onTapGesture(count: Int = 1, perform action: @escaping @MainActor () -> Void) -> some View {
    modifier(TapModifier(count: count, action: action))
  }
}

extension Views.View {
  /// Whether the view or a view inside it has a gesture recogniser or an interaction.
  @MainActor
  var hasInteractiveContent: Bool {
    !gestureRecognizers.isEmpty || !interactions.isEmpty || subviews.contains { $0.hasInteractiveContent }
  }
}

/// Marks the on-screen views of its content (an accessibility label, an identifier),
/// without a view of its own, again whenever the content's views change.
struct MarkingModifier: PrimitiveModifier {
  let mark: @MainActor (LayoutNode) -> Void

  func makeNode<Content: View>(content: Content, in context: NodeContext) -> ViewNode {
    let node = MarkingNode(context, viewType: ObjectIdentifier(ModifiedContent<Content, Self>.self))
    node.mark = mark
    node.children = [node.makeChild(content)]
    node.apply()
    return node
  }

  func update<Content: View>(_ node: ViewNode, content: Content) {
    guard let node = node as? MarkingNode else { return }
    node.mark = mark
    node.updateChild(0, to: content)
    node.apply()
  }
}

@MainActor
final class MarkingNode: ViewNode {
  var mark: (@MainActor (LayoutNode) -> Void)?

  func apply() {
    for node in layoutNodes { mark?(node) }
  }

  override func structureDidChange() {
    super.structureDidChange()
    apply()
  }
}
