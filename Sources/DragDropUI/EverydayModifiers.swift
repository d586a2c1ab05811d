import Views

// The modifiers that real views use around their drag and drop: stacking order, appear
// and disappear actions, clip shapes, shadows and text weight and alignment.

// MARK: - Stacking order

extension View {
  /// Where the view is drawn among its siblings: in front of those of a lower index, behind
  /// those of a higher one, and in its place among those of the same; 0 by default. Taps
  /// and drops reach the front view first. Not-a-number counts as 0.
  public func zIndex(_ value: Double) -> some View {
    modifier(ZIndexModifier(value: value.isNaN ? 0 : value))
  }
}

/// Sets the drawing order of its content's layout nodes, without a view of its own.
struct ZIndexModifier: PrimitiveModifier {
  let value: Double

  func makeNode<Content: View>(content: Content, in context: NodeContext) -> ViewNode {
    let node = ZIndexNode(context, viewType: ObjectIdentifier(ModifiedContent<Content, Self>.self))
    node.value = value
    node.children = [node.makeChild(content)]
    node.apply()
    return node
  }

  func update<Content: View>(_ node: ViewNode, content: Content) {
    guard let node = node as? ZIndexNode else { return }
    node.value = value
    node.updateChild(0, to: content)
    node.apply()
  }
}

@MainActor
final class ZIndexNode: ViewNode {
  var value = 0.0

  /// Gives the content's layout nodes the index, and has the container order its views
  /// again when it changed.
  func apply() {
    var changed = false
    for node in layoutNodes where node.zIndex != value {
      node.zIndex = value
      changed = true
    }
    if changed { parent?.structureDidChange() }
  }

  override func structureDidChange() {
    super.structureDidChange()
    apply()
  }
}

// MARK: - Appearing and disappearing

extension View {
  /// Runs `action` once the view has appeared: after the update that put it on screen, and
  /// again each time it comes back after disappearing (a list row scrolled back into view).
  public func onAppear(perform action: (@MainActor () -> Void)? = nil) -> some View {
    modifier(LifecycleModifier(appear: action, disappear: nil))
  }

  /// Runs `action` once the view has gone: after the update that took it off screen.
  public func onDisappear(perform action: (@MainActor () -> Void)? = nil) -> some View {
    modifier(LifecycleModifier(appear: nil, disappear: action))
  }
}

struct LifecycleModifier: PrimitiveModifier {
  let appear: (@MainActor () -> Void)?
  let disappear: (@MainActor () -> Void)?

  func makeNode<Content: View>(content: Content, in context: NodeContext) -> ViewNode {
    let node = LifecycleNode(context, viewType: ObjectIdentifier(ModifiedContent<Content, Self>.self))
    node.modifier = self
    node.children = [node.makeChild(content)]
    if let appear { context.graph.afterUpdate(appear) }
    return node
  }

  func update<Content: View>(_ node: ViewNode, content: Content) {
    guard let node = node as? LifecycleNode else { return }
    node.modifier = self
    node.updateChild(0, to: content)
  }
}

@MainActor
final class LifecycleNode: ViewNode {
  var modifier: LifecycleModifier?

  override func detach() {
    if isAttached, let disappear = modifier?.disappear { graph.afterUpdate(disappear) }
    super.detach()
  }
}

// MARK: - Clip shapes and shadows

extension View {
  /// Clips the view to a shape in its bounds: what is outside is not drawn. A shadow
  /// outside the clip takes its shape.
  public func clipShape<S: Shape>(_ shape: S) -> some View {
    modifier(ClipShapeModifier(path: { shape.path(in: $0) }))
  }

  /// Casts a shadow of `color`, blurred over `radius` points and moved by `x` and `y`,
  /// behind the view's bounds (rounded as its clip shape or corner radius round them).
  /// Negative and non-finite radii and offsets count as 0.
  public func shadow(
    color: Color = Color(red: 0, green: 0, blue: 0, alpha: 0.33), radius: Double, x: Double = 0, y: Double = 0
  ) -> some View {
    func finite(_ value: Double) -> Double { value.isFinite ? value : 0 }
    return modifier(
      ShadowModifier(color: color, radius: spacingLength(radius), offset: Size(width: finite(x), height: finite(y))))
  }
}

struct ClipShapeModifier: WrappingModifier {
  let path: @MainActor (Rect) -> Path
  var name: String { "ClipShape" }

  func place(in bounds: Rect, proposal: ProposedViewSize, content: ContentLayout) {
    content.place(in: bounds, proposal: proposal)
  }

  func configure(_ node: WrapperNode) {
    node.clipPath = path
  }
}

struct ShadowModifier: WrappingModifier {
  let color: Color
  let radius: Double
  let offset: Size
  var name: String { "Shadow" }

  func configure(_ node: WrapperNode) {
    let layer = node.view.layer
    guard
      layer.shadowColor != color || layer.shadowRadius != radius || layer.shadowOffset != offset
        || layer.shadowOpacity != 1
    else { return }
    layer.shadowColor = color
    layer.shadowOpacity = 1
    layer.shadowRadius = radius
    layer.shadowOffset = offset
    node.didRedraw()
  }
}

// MARK: - Text

/// How the lines of a text of several lines line up.
public enum TextAlignment: Hashable, Sendable, CaseIterable {
  /// Against the leading (left) edge.
  case leading
  /// In the middle.
  case center
  /// Against the trailing (right) edge.
  case trailing
}

extension EnvironmentValues {
  private struct MultilineTextAlignmentKey: EnvironmentKey {
    static let defaultValue = TextAlignment.leading
  }

  private struct FontWeightKey: EnvironmentKey {
    static let defaultValue: Font.Weight? = nil
  }

  /// How the lines of text of several lines line up; leading by default.
  public var multilineTextAlignment: TextAlignment {
    get { self[MultilineTextAlignmentKey.self] }
    set { self[MultilineTextAlignmentKey.self] = newValue }
  }

  /// The weight of text; nil keeps the font's own.
  public var fontWeight: Font.Weight? {
    get { self[FontWeightKey.self] }
    set { self[FontWeightKey.self] = newValue }
  }
}

extension View {
  /// How the lines of the text inside line up when it wraps.
  public func multilineTextAlignment(_ alignment: TextAlignment) -> some View {
    environment(\.multilineTextAlignment, alignment)
  }

  /// Sets the weight of the text inside.
  public func fontWeight(_ weight: Font.Weight?) -> some View {
    environment(\.fontWeight, weight)
  }

  /// Makes the text inside bold (or, with false, leaves it as it is).
  public func bold(_ isActive: Bool = true) -> some View {
    environment(\.fontWeight, isActive ? .bold : nil)
  }
}

// MARK: - Content shapes

/// What a content shape shapes, as SwiftUI's `ContentShapeKinds`.
public struct ContentShapeKinds: OptionSet, Hashable, Sendable {
  public let rawValue: Int
  /// Kinds of `rawValue`.
  public init(rawValue: Int) { self.rawValue = rawValue }
  /// Where taps, presses and drops reach the view.
  public static let interaction = ContentShapeKinds(rawValue: 1)
  /// The outline of the view's lift preview when a drag takes it.
  public static let dragPreview = ContentShapeKinds(rawValue: 2)
  /// The outline of a context menu's preview: accepted; there are no context menus yet.
  public static let contextMenuPreview = ContentShapeKinds(rawValue: 4)
  /// The outline of a hover effect: accepted; there are no hover effects.
  public static let hoverEffect = ContentShapeKinds(rawValue: 8)
  /// The outline accessibility draws around the view: accepted.
  public static let accessibility = ContentShapeKinds(rawValue: 16)
}

extension View {
  /// Makes `shape`, in the view's bounds, where taps, presses and drops reach the view.
  public func contentShape<S: Shape>(_ shape: S, eoFill: Bool = false) -> some View {
    contentShape(.interaction, shape, eoFill: eoFill)
  }

  /// Gives the view a shape of `kinds`: where input reaches it (`.interaction`), or the
  /// outline of its lift preview when an `onDrag` or `draggable` around it lifts it
  /// (`.dragPreview`).
  public func contentShape<S: Shape>(_ kinds: ContentShapeKinds, _ shape: S, eoFill: Bool = false) -> some View {
    modifier(ContentShapeModifier(kinds: kinds, path: { shape.path(in: $0) }))
  }
}

struct ContentShapeModifier: WrappingModifier {
  let kinds: ContentShapeKinds
  let path: @MainActor (Rect) -> Path
  var name: String { "ContentShape" }

  /// Whether any view has had a content shape of `.interaction`: until one has, hit tests
  /// need not look for them.
  static var interactionShapesExist = false

  func configure(_ node: WrapperNode) {
    node.contentShape = (kinds, path)
    if kinds.contains(.interaction) { Self.interactionShapesExist = true }
  }
}

extension WrapperNode {
  /// The outline of the lift preview that a content shape inside `node` gives, in `view`'s
  /// coordinates: the first one found, depth first.
  static func dragPreviewPath(in node: ViewNode, relativeTo view: Views.View) -> Path? {
    if let wrapper = node as? WrapperNode, let shape = wrapper.contentShape, shape.kinds.contains(.dragPreview) {
      return shape.path(wrapper.view.convert(wrapper.view.bounds, to: view))
    }
    for child in node.children {
      if let path = dragPreviewPath(in: child, relativeTo: view) { return path }
    }
    return nil
  }
}

// MARK: - Moves

extension View {
  /// Keeps a list row from being moved: with true, the row neither lifts for a drag nor
  /// shows a reorder control in edit mode.
  public func moveDisabled(_ isDisabled: Bool) -> some View {
    modifier(MoveDisabledModifier(isDisabled: isDisabled))
  }
}

struct MoveDisabledModifier: PrimitiveModifier {
  let isDisabled: Bool

  func makeNode<Content: View>(content: Content, in context: NodeContext) -> ViewNode {
    let node = MoveDisabledNode(context, viewType: ObjectIdentifier(ModifiedContent<Content, Self>.self))
    node.isDisabled = isDisabled
    node.children = [node.makeChild(content)]
    return node
  }

  func update<Content: View>(_ node: ViewNode, content: Content) {
    guard let node = node as? MoveDisabledNode else { return }
    node.isDisabled = isDisabled
    node.updateChild(0, to: content)
  }
}

@MainActor
final class MoveDisabledNode: ViewNode {
  var isDisabled = false

  /// Whether a `moveDisabled(true)` is in `node`'s tree.
  static func disables(_ node: ViewNode) -> Bool {
    if let node = node as? MoveDisabledNode, node.isDisabled { return true }
    return node.children.contains { disables($0) }
  }
}

/// `ForEach(…) { … }.moveDisabled(true)` in a list: none of its rows moves.
extension ModifiedContent: RowSource where Content: View, Modifier == MoveDisabledModifier {
  func collectRows(into rows: inout RowCollection, path: [Int]) {
    let groups = rows.groups.count
    appendRows(of: content, into: &rows, path: path)
    guard modifier.isDisabled else { return }
    for group in rows.groups[groups...] { group.move = nil }
  }
}
