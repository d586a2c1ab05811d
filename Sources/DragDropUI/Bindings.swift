import Observation
import Views

// Bindings into collections and observable objects, changes, tasks and the colour scheme:
// what views built on a model use around their drag and drop.

/// An element of a bound collection that a ``ForEach`` shows: its id, and a binding to it.
public struct BoundElement<Element: Identifiable> {
  /// The element's id when the collection was read.
  public let id: Element.ID
  /// A binding to the element.
  public let binding: Binding<Element>
}

extension ForEach {
  /// A view for each element of a bound collection, given a binding to its element:
  /// `ForEach($items) { $item in TextField("Title", text: $item.title) }`.
  ///
  /// An element's binding reads and writes the element at its index; once the collection
  /// has shrunk past it, it reads the element as it was and writes nothing.
  public init<C>(_ data: Binding<C>, @ViewBuilder content: @escaping (Binding<C.Element>) -> Content)
  where
    C: MutableCollection & RandomAccessCollection, C.Element: Identifiable, Data == [BoundElement<C.Element>],
    ID == C.Element.ID
  {
    let collection = data.wrappedValue
    self.data = zip(collection.indices, collection).map { index, element in
      BoundElement(
        id: element.id,
        binding: Binding<C.Element>(
          get: { data.wrappedValue.indices.contains(index) ? data.wrappedValue[index] : element },
          set: { newValue in
            guard data.wrappedValue.indices.contains(index) else { return }
            data.wrappedValue[index] = newValue
          }))
    }
    self.content = { content($0.binding) }
    id = { $0.id }
  }
}

/// Bindings to the properties of an observable object, as SwiftUI's `Bindable`:
/// `@Bindable var library: Library` gives `$library.title`.
@propertyWrapper @dynamicMemberLookup
public struct Bindable<Value: AnyObject & Observable> {
  /// The object.
  public var wrappedValue: Value

  /// Bindings into `wrappedValue`.
  public init(wrappedValue: Value) {
    self.wrappedValue = wrappedValue
  }

  /// Bindings into `object`.
  public init(_ object: Value) {
    wrappedValue = object
  }

  /// The bindings: `$library.title`.
  public var projectedValue: Bindable<Value> { self }

  /// A binding to the property at `keyPath`.
  @MainActor
  public subscript<Member>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Member>) -> Binding<Member> {
    let object = wrappedValue
    nonisolated(unsafe) let keyPath = keyPath
    return Binding(get: { object[keyPath: keyPath] }, set: { object[keyPath: keyPath] = $0 })
  }
}

// MARK: - Changes and tasks

extension View {
  /// Runs `action` with the old and the new value after an update in which `value`
  /// changed; with `initial`, once when the view appears too (with the value as both).
  public func onChange<V: Equatable>(
    of value: V, initial: Bool = false, _ action: @escaping @MainActor (_ oldValue: V, _ newValue: V) -> Void
  ) -> some View {
    modifier(
      ChangeModifier(value: AnyEquatable(value), initial: initial) { old, new in
        guard let old = old as? V, let new = new as? V else { return }
        action(old, new)
      })
  }

  /// Runs `action` after an update in which `value` changed; with `initial`, once when the
  /// view appears too.
  public func onChange<V: Equatable>(
    of value: V, initial: Bool = false, _ action: @escaping @MainActor () -> Void
  ) -> some View {
    modifier(ChangeModifier(value: AnyEquatable(value), initial: initial) { _, _ in action() })
  }

  /// Runs `action` with the new value after an update in which `value` changed: SwiftUI's
  /// older form.
  public func onChange<V: Equatable>(of value: V, perform action: @escaping @MainActor (V) -> Void) -> some View {
    modifier(
      ChangeModifier(value: AnyEquatable(value), initial: false) { _, new in
        if let new = new as? V { action(new) }
      })
  }

  /// Starts `action` when the view appears, and cancels it when the view goes.
  public func task(
    priority: TaskPriority = .userInitiated, _ action: @escaping @MainActor @Sendable () async -> Void
  ) -> some View {
    modifier(TaskModifier(id: AnyEquatable(0), priority: priority, action: action))
  }

  /// Starts `action` when the view appears, and again, the running one cancelled, when `id`
  /// changes; cancels it when the view goes.
  public func task<ID: Equatable>(
    id: ID, priority: TaskPriority = .userInitiated, _ action: @escaping @MainActor @Sendable () async -> Void
  ) -> some View {
    modifier(TaskModifier(id: AnyEquatable(id), priority: priority, action: action))
  }
}

struct ChangeModifier: PrimitiveModifier {
  let value: AnyEquatable
  let initial: Bool
  let action: @MainActor (Any, Any) -> Void

  func makeNode<Content: View>(content: Content, in context: NodeContext) -> ViewNode {
    let node = ChangeNode(context, viewType: ObjectIdentifier(ModifiedContent<Content, Self>.self))
    node.value = value
    node.children = [node.makeChild(content)]
    if initial {
      let action = self.action
      let value = self.value.value
      context.graph.afterUpdate { action(value, value) }
    }
    return node
  }

  func update<Content: View>(_ node: ViewNode, content: Content) {
    guard let node = node as? ChangeNode else { return }
    if let old = node.value, old != value {
      let action = self.action
      let (before, after) = (old.value, value.value)
      node.graph.afterUpdate { action(before, after) }
    }
    node.value = value
    node.updateChild(0, to: content)
  }
}

@MainActor
final class ChangeNode: ViewNode {
  var value: AnyEquatable?
}

struct TaskModifier: PrimitiveModifier {
  let id: AnyEquatable
  let priority: TaskPriority
  let action: @MainActor @Sendable () async -> Void

  func makeNode<Content: View>(content: Content, in context: NodeContext) -> ViewNode {
    let node = TaskNode(context, viewType: ObjectIdentifier(ModifiedContent<Content, Self>.self))
    node.id = id
    node.children = [node.makeChild(content)]
    context.graph.afterUpdate { [weak node] in node?.start(self) }
    return node
  }

  func update<Content: View>(_ node: ViewNode, content: Content) {
    guard let node = node as? TaskNode else { return }
    if let old = node.id, old != id {
      node.id = id
      node.graph.afterUpdate { [weak node] in node?.start(self) }
    }
    node.updateChild(0, to: content)
  }
}

@MainActor
final class TaskNode: ViewNode {
  var id: AnyEquatable?
  private var task: Task<Void, Never>?

  /// Starts the modifier's action, cancelling the one running.
  func start(_ modifier: TaskModifier) {
    guard isAttached else { return }
    task?.cancel()
    let action = modifier.action
    task = Task(priority: modifier.priority) { @MainActor in await action() }
  }

  override func detach() {
    task?.cancel()
    task = nil
    super.detach()
  }
}

// MARK: - Colour scheme

/// Light or dark, as SwiftUI's `ColorScheme`.
public enum ColorScheme: Hashable, Sendable, CaseIterable {
  /// Dark text on light backgrounds.
  case light
  /// Light text on dark backgrounds.
  case dark
}

extension EnvironmentValues {
  private struct ColorSchemeKey: EnvironmentKey {
    static let defaultValue = ColorScheme.light
  }

  /// The colour scheme the views are drawn in: light, the only one DragDropUI draws.
  public var colorScheme: ColorScheme {
    get { self[ColorSchemeKey.self] }
    set { self[ColorSchemeKey.self] = newValue }
  }
}

extension View {
  /// Tells the views inside the colour scheme asked for; they read it from
  /// `@Environment(\.colorScheme)`. DragDropUI's own views are drawn light either way.
  public func preferredColorScheme(_ scheme: ColorScheme?) -> some View {
    environment(\.colorScheme, scheme ?? .light)
  }
}
