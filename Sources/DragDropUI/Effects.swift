import Foundation
import Views

// MARK: - Angles and unit points

/// An angle, as SwiftUI's `Angle`: `.degrees(45)`, `.radians(.pi)`.
public struct Angle: Hashable, Comparable, Sendable {
  /// The angle in radians.
  public var radians: Double
  /// The angle in degrees.
  public var degrees: Double {
    get { radians * 180 / .pi }
    set { radians = newValue * .pi / 180 }
  }

  /// No turn.
  public init() { radians = 0 }
  /// An angle of `radians`.
  public init(radians: Double) { self.radians = radians }
  /// An angle of `degrees`.
  public init(degrees: Double) { radians = degrees * .pi / 180 }

  /// An angle of `radians`.
  public static func radians(_ radians: Double) -> Angle { Angle(radians: radians) }
  /// An angle of `degrees`.
  public static func degrees(_ degrees: Double) -> Angle { Angle(degrees: degrees) }
  /// No turn.
  public static let zero = Angle()

  public static func < (lhs: Angle, rhs: Angle) -> Bool { lhs.radians < rhs.radians }
  /// The sum of two angles.
  public static func + (lhs: Angle, rhs: Angle) -> Angle { Angle(radians: lhs.radians + rhs.radians) }
  /// The difference of two angles.
  public static func - (lhs: Angle, rhs: Angle) -> Angle { Angle(radians: lhs.radians - rhs.radians) }
  /// The angle turned the other way.
  public static prefix func - (angle: Angle) -> Angle { Angle(radians: -angle.radians) }
}

/// A point in a view's bounds as fractions of its size, as SwiftUI's `UnitPoint`: (0, 0)
/// is the top leading corner, (1, 1) the bottom trailing one.
public struct UnitPoint: Hashable, Sendable {
  /// The fraction of the width.
  public var x: Double
  /// The fraction of the height.
  public var y: Double

  /// The top leading corner.
  public init() {
    x = 0
    y = 0
  }

  /// The point at `x` of the width and `y` of the height.
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  /// The top leading corner: (0, 0).
  public static let zero = UnitPoint()
  /// The middle: (0.5, 0.5).
  public static let center = UnitPoint(x: 0.5, y: 0.5)
  /// The middle of the leading edge.
  public static let leading = UnitPoint(x: 0, y: 0.5)
  /// The middle of the trailing edge.
  public static let trailing = UnitPoint(x: 1, y: 0.5)
  /// The middle of the top edge.
  public static let top = UnitPoint(x: 0.5, y: 0)
  /// The middle of the bottom edge.
  public static let bottom = UnitPoint(x: 0.5, y: 1)
  /// The top leading corner.
  public static let topLeading = UnitPoint(x: 0, y: 0)
  /// The top trailing corner.
  public static let topTrailing = UnitPoint(x: 1, y: 0)
  /// The bottom leading corner.
  public static let bottomLeading = UnitPoint(x: 0, y: 1)
  /// The bottom trailing corner.
  public static let bottomTrailing = UnitPoint(x: 1, y: 1)
}

// MARK: - Offset

/// Draws and hit-tests the content moved by an offset, leaving the layout as it was.
struct OffsetModifier: WrappingModifier, Equatable {
  let x: Double
  let y: Double
  var name: String { "Offset" }

  func place(in bounds: Rect, proposal: ProposedViewSize, content: ContentLayout) {
    content.place(in: bounds.offsetBy(dx: x, dy: y), proposal: proposal)
  }

  func configure(_ node: WrapperNode) {
    if x != 0 || y != 0 { TransformModifier.transformsExist = true }
  }
}

extension View {
  /// Draws the view moved by `x` and `y` points, where taps reach it too; the views around
  /// it are laid out as if it had not moved. NaN and infinite offsets count as 0.
  public func offset(x: CGFloat = 0, y: CGFloat = 0) -> some View {
    modifier(OffsetModifier(x: finite(Double(x), or: 0), y: finite(Double(y), or: 0)))
  }

  /// Draws the view moved by `offset`: ``offset(x:y:)`` with its width and height.
  public func offset(_ offset: CGSize) -> some View {
    self.offset(x: offset.width, y: offset.height)
  }
}

// MARK: - Scale and rotation

/// Scales and turns the view's drawing, and where taps reach it, about an anchor; the
/// layout is as if it had not changed.
struct TransformModifier: WrappingModifier, Equatable {
  var scale = CGSize(width: 1, height: 1)
  var angle = Angle.zero
  var anchor = UnitPoint.center
  var name: String { "TransformEffect" }

  /// Whether any view was ever offset, scaled or turned: hit tests then look past the
  /// bounds of views for content moved out of them.
  static var transformsExist = false

  func configure(_ node: WrapperNode) {
    if self != TransformModifier() { Self.transformsExist = true }
    apply(to: node.view)
  }

  /// The view's transform about its centre that scales and turns it about the anchor.
  func apply(to view: Views.View) {
    let size = view.bounds.size
    let offset = Point(x: (anchor.x - 0.5) * size.width, y: (anchor.y - 0.5) * size.height)
    let transform = CGAffineTransform(translationX: -offset.x, y: -offset.y)
      .concatenating(CGAffineTransform(scaleX: scale.width, y: scale.height))
      .concatenating(CGAffineTransform(rotationAngle: angle.radians))
      .concatenating(CGAffineTransform(translationX: offset.x, y: offset.y))
    if view.transform != transform { view.transform = transform }
  }
}

extension TransformModifier: PlacementObserver {
  func didPlace(_ node: WrapperNode) {
    // An anchor off the centre moves with the size.
    if anchor != .center { apply(to: node.view) }
  }
}

extension View {
  /// Draws the view scaled by `scale` about `anchor`. A NaN or infinite factor counts as
  /// 1.
  public func scaleEffect(_ scale: CGSize, anchor: UnitPoint = .center) -> some View {
    modifier(
      TransformModifier(
        scale: CGSize(width: finite(Double(scale.width), or: 1), height: finite(Double(scale.height), or: 1)),
        anchor: anchor))
  }

  /// Draws the view scaled by `scale` in both directions about `anchor`.
  public func scaleEffect(_ scale: CGFloat, anchor: UnitPoint = .center) -> some View {
    scaleEffect(CGSize(width: scale, height: scale), anchor: anchor)
  }

  /// Draws the view scaled by `x` across and `y` down about `anchor`.
  public func scaleEffect(x: CGFloat = 1, y: CGFloat = 1, anchor: UnitPoint = .center) -> some View {
    scaleEffect(CGSize(width: x, height: y), anchor: anchor)
  }

  /// Draws the view turned by `angle` (clockwise on screen) about `anchor`. A NaN or
  /// infinite angle counts as none.
  public func rotationEffect(_ angle: Angle, anchor: UnitPoint = .center) -> some View {
    modifier(TransformModifier(angle: Angle(radians: finite(angle.radians, or: 0)), anchor: anchor))
  }
}

/// A wrapping modifier told after its node is placed.
@MainActor
protocol PlacementObserver {
  func didPlace(_ node: WrapperNode)
}

// MARK: - Hidden

/// Hides the view: it keeps its place in the layout, and neither draws nor takes input.
struct HiddenModifier: WrappingModifier, Equatable {
  var name: String { "Hidden" }

  func configure(_ node: WrapperNode) {
    if !node.view.isHidden {
      node.view.isHidden = true
      node.didRedraw()
    }
  }
}

extension View {
  /// Hides the view: it keeps its place in the layout, and neither draws nor takes input.
  public func hidden() -> some View {
    modifier(HiddenModifier())
  }
}

// MARK: - Fixed size

/// Offers the content no size along the fixed axes, so that it takes its ideal size there.
struct FixedSizeModifier: WrappingModifier, Equatable {
  let horizontal: Bool
  let vertical: Bool
  var name: String { "FixedSize" }

  private func fixed(_ proposal: ProposedViewSize) -> ProposedViewSize {
    ProposedViewSize(width: horizontal ? nil : proposal.width, height: vertical ? nil : proposal.height)
  }

  func measure(_ proposal: ProposedViewSize, content: ContentLayout) -> Size {
    content.size(fixed(proposal))
  }

  func place(in bounds: Rect, proposal: ProposedViewSize, content: ContentLayout) {
    content.place(in: bounds, proposal: fixed(proposal))
  }
}

extension View {
  /// Lays the view out at its ideal size along the chosen axes, whatever it is offered: a
  /// text on one line, however narrow its column.
  public func fixedSize(horizontal: Bool, vertical: Bool) -> some View {
    modifier(FixedSizeModifier(horizontal: horizontal, vertical: vertical))
  }

  /// Lays the view out at its ideal size along both axes.
  public func fixedSize() -> some View {
    fixedSize(horizontal: true, vertical: true)
  }
}

// MARK: - Line limit

extension EnvironmentValues {
  private struct LineLimitKey: EnvironmentKey {
    static let defaultValue: Int? = nil
  }

  /// The most lines a text inside takes; nil for as many as it needs.
  public var lineLimit: Int? {
    get { self[LineLimitKey.self] }
    set { self[LineLimitKey.self] = newValue }
  }
}

extension View {
  /// Limits the text inside to `number` lines (at least one), the last one ending in an
  /// ellipsis when the text is longer; nil lifts the limit.
  public func lineLimit(_ number: Int?) -> some View {
    environment(\.lineLimit, number.map { max(1, $0) })
  }
}

// MARK: - Identity

/// Gives the content an identity of its own: when it changes, the content is a new view,
/// with new state, as SwiftUI's `id(_:)`.
struct IdentityModifier: PrimitiveModifier {
  let id: AnyHashable

  func makeNode<Content: View>(content: Content, in context: NodeContext) -> ViewNode {
    let node = IdentityNode(context, viewType: ObjectIdentifier(ModifiedContent<Content, Self>.self))
    node.id = id
    node.children = [node.makeChild(content)]
    return node
  }

  func update<Content: View>(_ node: ViewNode, content: Content) {
    guard let node = node as? IdentityNode else { return }
    guard node.id == id else {
      node.id = id
      node.children.first?.detach()
      node.children = [node.makeChild(content)]
      node.structureDidChange()
      return
    }
    node.updateChild(0, to: content)
  }
}

@MainActor
final class IdentityNode: ViewNode {
  var id: AnyHashable = 0
}

extension View {
  /// Gives the view an identity: when `id` changes, the view is made anew, with fresh
  /// state, as a different view would be.
  public func id<ID: Hashable>(_ id: ID) -> some View {
    modifier(IdentityModifier(id: AnyHashable(id)))
  }
}

// MARK: - Accessibility

/// What a view is to assistive technology, as SwiftUI's `AccessibilityTraits`.
public struct AccessibilityTraits: OptionSet, Hashable, Sendable {
  public let rawValue: UInt64
  public init(rawValue: UInt64) { self.rawValue = rawValue }

  /// A button.
  public static let isButton = AccessibilityTraits(rawValue: Views.AccessibilityTraits.button.rawValue)
  /// A link.
  public static let isLink = AccessibilityTraits(rawValue: Views.AccessibilityTraits.link.rawValue)
  /// An image.
  public static let isImage = AccessibilityTraits(rawValue: Views.AccessibilityTraits.image.rawValue)
  /// Selected: a screen reader says so.
  public static let isSelected = AccessibilityTraits(rawValue: Views.AccessibilityTraits.selected.rawValue)
  /// Text that does not change.
  public static let isStaticText = AccessibilityTraits(rawValue: Views.AccessibilityTraits.staticText.rawValue)
  /// A heading.
  public static let isHeader = AccessibilityTraits(rawValue: Views.AccessibilityTraits.header.rawValue)
  /// A value that changes often.
  public static let updatesFrequently = AccessibilityTraits(
    rawValue: Views.AccessibilityTraits.updatesFrequently.rawValue)
  /// A button that is on or off.
  public static let isToggle = AccessibilityTraits(rawValue: Views.AccessibilityTraits.toggleButton.rawValue)

  var engineTraits: Views.AccessibilityTraits { Views.AccessibilityTraits(rawValue: rawValue) }
}

/// What a view's accessibility modifiers say, kept on its node so that the node's own
/// updates (a button's, which sets its control's traits) keep them.
struct AccessibilityOverrides {
  var hint: String?
  var value: String?
  var addedTraits = Views.AccessibilityTraits()
  var removedTraits = Views.AccessibilityTraits()
}

extension LayoutNode {
  /// The view a screen reader reads for the node: the first in its views, depth first,
  /// with a label (a button's control), or the node's own.
  var accessibleView: Views.View {
    func labelled(_ view: Views.View) -> Views.View? {
      if view.accessibilityLabel != nil { return view }
      for subview in view.subviews {
        if let found = labelled(subview) { return found }
      }
      return nil
    }
    return labelled(view) ?? view
  }

  /// Changes the node's accessibility overrides and applies them.
  func overrideAccessibility(_ change: (inout AccessibilityOverrides) -> Void) {
    var overrides = accessibilityOverrides ?? AccessibilityOverrides()
    change(&overrides)
    accessibilityOverrides = overrides
    applyAccessibilityOverrides()
  }

  /// Puts the overrides on the view a screen reader reads.
  func applyAccessibilityOverrides() {
    guard let overrides = accessibilityOverrides else { return }
    let target = accessibleView
    if let hint = overrides.hint { target.accessibilityHint = hint }
    if let value = overrides.value { target.accessibilityValue = value }
    target.accessibilityTraits.formUnion(overrides.addedTraits)
    target.accessibilityTraits.subtract(overrides.removedTraits)
  }
}

extension View {
  /// What happens when the view is used: a screen reader hears it after the label and the
  /// value.
  public func accessibilityHint(_ hint: String) -> some View {
    modifier(MarkingModifier { $0.overrideAccessibility { $0.hint = hint } })
  }

  /// The view's value now, heard after its label: a rating, a count.
  public func accessibilityValue(_ value: String) -> some View {
    modifier(MarkingModifier { $0.overrideAccessibility { $0.value = value } })
  }

  /// Adds `traits` to what the view is to assistive technology.
  public func accessibilityAddTraits(_ traits: AccessibilityTraits) -> some View {
    modifier(
      MarkingModifier { node in
        node.overrideAccessibility {
          $0.addedTraits.formUnion(traits.engineTraits)
          $0.removedTraits.subtract(traits.engineTraits)
        }
      })
  }

  /// Takes `traits` away from what the view is to assistive technology.
  public func accessibilityRemoveTraits(_ traits: AccessibilityTraits) -> some View {
    modifier(
      MarkingModifier { node in
        node.overrideAccessibility {
          $0.removedTraits.formUnion(traits.engineTraits)
          $0.addedTraits.subtract(traits.engineTraits)
        }
      })
  }
}

// MARK: - Safe areas

extension View {
  /// Lets the view reach under the safe area's insets: a window here has none, so the
  /// view is laid out as it was.
  public func ignoresSafeArea(_ regions: SafeAreaRegions = .all, edges: Edge.Set = .all) -> some View {
    self
  }

  /// ``ignoresSafeArea(_:edges:)``'s older spelling.
  public func edgesIgnoringSafeArea(_ edges: Edge.Set) -> some View {
    self
  }
}

/// The kinds of safe area a view can reach under, as SwiftUI's `SafeAreaRegions`.
public struct SafeAreaRegions: OptionSet, Sendable {
  public let rawValue: UInt
  public init(rawValue: UInt) { self.rawValue = rawValue }
  /// The insets of the window's bars and the screen's shape.
  public static let container = SafeAreaRegions(rawValue: 1)
  /// The insets of the on-screen keyboard.
  public static let keyboard = SafeAreaRegions(rawValue: 2)
  /// Both.
  public static let all: SafeAreaRegions = [.container, .keyboard]
}

// MARK: - List styles

/// How a ``List`` looks, as SwiftUI's `ListStyle`. Every style draws the rows the same
/// way here: plain rows, a line between them, no inset groups. The style is kept in the
/// environment for the list's views that read it.
public protocol ListStyle: Sendable {}

/// The platform's list: plain rows.
public struct DefaultListStyle: ListStyle {
  /// The style.
  public init() {}
}

/// Rows from edge to edge.
public struct PlainListStyle: ListStyle {
  /// The style.
  public init() {}
}

/// Rows inset from the edges.
public struct InsetListStyle: ListStyle {
  /// The style.
  public init() {}
}

/// Sections in groups.
public struct GroupedListStyle: ListStyle {
  /// The style.
  public init() {}
}

/// Sections in rounded groups inset from the edges.
public struct InsetGroupedListStyle: ListStyle {
  /// The style.
  public init() {}
}

/// A sidebar's list.
public struct SidebarListStyle: ListStyle {
  /// The style.
  public init() {}
}

extension ListStyle where Self == DefaultListStyle {
  /// The platform's list.
  public static var automatic: DefaultListStyle { DefaultListStyle() }
}

extension ListStyle where Self == PlainListStyle {
  /// Rows from edge to edge.
  public static var plain: PlainListStyle { PlainListStyle() }
}

extension ListStyle where Self == InsetListStyle {
  /// Rows inset from the edges.
  public static var inset: InsetListStyle { InsetListStyle() }
}

extension ListStyle where Self == GroupedListStyle {
  /// Sections in groups.
  public static var grouped: GroupedListStyle { GroupedListStyle() }
}

extension ListStyle where Self == InsetGroupedListStyle {
  /// Sections in rounded groups inset from the edges.
  public static var insetGrouped: InsetGroupedListStyle { InsetGroupedListStyle() }
}

extension ListStyle where Self == SidebarListStyle {
  /// A sidebar's list.
  public static var sidebar: SidebarListStyle { SidebarListStyle() }
}

extension EnvironmentValues {
  private struct ListStyleKey: EnvironmentKey {
    static let defaultValue: any ListStyle = DefaultListStyle()
  }

  /// The style of the lists inside (``View/listStyle(_:)``).
  public var listStyle: any ListStyle {
    get { self[ListStyleKey.self] }
    set { self[ListStyleKey.self] = newValue }
  }
}

extension View {
  /// Sets the style of the lists inside. Every style draws its rows the same way here.
  public func listStyle<S: ListStyle>(_ style: S) -> some View {
    environment(\.listStyle, style)
  }
}
