import Observation
import Views

/// A change to a view that can be applied to any view: `content.modifier(Highlighted())`.
/// The built-in modifiers (``View/padding(_:_:)``, ``View/border(_:width:)`` and the rest)
/// are modifiers too.
@MainActor @preconcurrency
public protocol ViewModifier {
  /// The type of the modified view.
  associatedtype Body: View
  /// The view to use for the modified content.
  @ViewBuilder func body(content: Content) -> Body
  /// The content the modifier is applied to.
  typealias Content = ModifierContent
}

/// The content a ``ViewModifier`` modifies, as its `body(content:)` receives it.
public struct ModifierContent: View {
  let view: AnyView
  public var body: Never { primitiveBodyRequested(Self.self) }
}

/// A view that stands for another it was given: a modifier's content, a style's label.
/// Its node is that view's.
@MainActor
protocol ForwardingView: PrimitiveView {
  var view: AnyView { get }
}

extension ForwardingView {
  func makeNode(in context: NodeContext) -> ViewNode { view.makeNode(in: context) }
  func update(_ node: ViewNode) { view.update(node) }
}

extension ModifierContent: ForwardingView {}

/// A view with a modifier applied.
public struct ModifiedContent<Content, Modifier> {
  /// The view modified.
  public var content: Content
  /// The modifier applied.
  public var modifier: Modifier

  /// `content` with `modifier` applied.
  public init(content: Content, modifier: Modifier) {
    self.content = content
    self.modifier = modifier
  }
}

extension ModifiedContent: View where Content: View, Modifier: ViewModifier {
  public var body: Modifier.Body {
    modifier.body(content: ModifierContent(view: AnyView(content)))
  }
}

extension View {
  /// Applies a modifier.
  public func modifier<M: ViewModifier>(_ modifier: M) -> ModifiedContent<Self, M> {
    ModifiedContent(content: self, modifier: modifier)
  }
}

/// A built-in modifier: it makes and updates the node of the modified content.
@MainActor
protocol PrimitiveModifier: ViewModifier where Body == Never {
  func makeNode<Content: View>(content: Content, in context: NodeContext) -> ViewNode
  func update<Content: View>(_ node: ViewNode, content: Content)
  /// Whether ``update(_:content:)`` invalidates the node's layout itself (see
  /// ``PrimitiveView/updateInvalidatesItself``). False by default.
  static var updateInvalidatesItself: Bool { get }
}

extension PrimitiveModifier {
  func body(content: Content) -> Never { primitiveBodyRequested(Self.self) }
  static var updateInvalidatesItself: Bool { false }
}

extension ModifiedContent: PrimitiveView where Content: View, Modifier: PrimitiveModifier {
  func makeNode(in context: NodeContext) -> ViewNode {
    modifier.makeNode(content: content, in: context)
  }

  func update(_ node: ViewNode) {
    modifier.update(node, content: content)
  }

  static var updateInvalidatesItself: Bool { Modifier.updateInvalidatesItself }
}

// MARK: - Environment

/// A modifier that changes the environment of the content.
struct EnvironmentWriter: PrimitiveModifier {
  /// What the modifier writes, when it can be compared: an unchanged key keeps the
  /// content's environment as it was.
  let key: AnyHashable?
  let write: @MainActor (inout EnvironmentValues) -> Void

  func makeNode<Content: View>(content: Content, in context: NodeContext) -> ViewNode {
    let node = EnvironmentWriterNode(context, viewType: ObjectIdentifier(ModifiedContent<Content, Self>.self))
    node.writer = self
    node.children = [node.makeChild(content)]
    return node
  }

  func update<Content: View>(_ node: ViewNode, content: Content) {
    guard let node = node as? EnvironmentWriterNode else { return }
    node.writer = self
    node.updateChild(0, to: content)
  }
}

@MainActor
final class EnvironmentWriterNode: ViewNode {
  var writer: EnvironmentWriter? {
    didSet {
      if let key = writer?.key, key == oldValue?.key { return }
      written = nil
      if oldValue != nil { for child in children { child.inherit(childEnvironment) } }
    }
  }
  private var written: EnvironmentValues?

  override var childEnvironment: EnvironmentValues {
    if let written { return written }
    var values = environment
    writer?.write(&values)
    written = values
    return values
  }

  override func environmentDidChange() { written = nil }
}

/// A style of any type, kept in the environment: what it makes from a configuration.
struct AnyStyle<Configuration> {
  let makeBody: @MainActor (Configuration) -> AnyView
}

/// What a style modifier writes, when the style can be compared: an equal style keeps the
/// content's environment as it was.
struct StyleWrite: Hashable {
  let style: AnyHashable
}

extension EnvironmentWriter {
  /// Writes `style` into the environment with `write`, keyed by the style when it is
  /// `Hashable`.
  @MainActor
  static func style<Style>(
    _ style: Style, _ write: @escaping @MainActor (inout EnvironmentValues, Style) -> Void
  )
    -> EnvironmentWriter
  {
    let key = (style as? any Hashable).map { AnyHashable(StyleWrite(style: AnyHashable($0))) }
    // Made and used on the main actor, as the view is.
    nonisolated(unsafe) let style = style
    return EnvironmentWriter(key: key) { write(&$0, style) }
  }
}

private struct EnvironmentWrite<Value: Hashable>: Hashable {
  let keyPath: AnyKeyPath
  let value: Value
}

extension View {
  /// Sets the font of the text inside.
  public func font(_ font: Font?) -> some View {
    environment(\.font, font)
  }

  /// Sets the colour of the text and shapes inside.
  public func foregroundColor(_ color: Color?) -> some View {
    environment(\.foregroundColor, color)
  }

  /// Sets the colour of the text and shapes inside.
  public func foregroundStyle(_ color: Color) -> some View {
    environment(\.foregroundColor, color)
  }

  /// Turns the controls inside off (or on again).
  public func disabled(_ disabled: Bool) -> some View {
    modifier(
      EnvironmentWriter(key: AnyHashable(EnvironmentWrite(keyPath: \EnvironmentValues.isEnabled, value: disabled))) {
        if disabled { $0.isEnabled = false }
      })
  }

  /// Sets an environment value for the views inside.
  public func environment<Value>(_ keyPath: WritableKeyPath<EnvironmentValues, Value>, _ value: Value) -> some View {
    nonisolated(unsafe) let keyPath = keyPath
    let key = (value as? any Hashable).map { AnyHashable(EnvironmentWrite(keyPath: keyPath, value: AnyHashable($0))) }
    return modifier(EnvironmentWriter(key: key) { $0[keyPath: keyPath] = value })
  }

  /// Puts an observable object in the environment, for ``Environment`` to read by type.
  public func environment<T: AnyObject & Observable>(_ object: T?) -> some View {
    let key = object.map { AnyHashable(ObjectIdentifier($0)) } ?? AnyHashable(ObjectIdentifier(T.self))
    nonisolated(unsafe) let object = object
    return modifier(EnvironmentWriter(key: key) { $0.setObject(object) })
  }
}
