import Views

/// A property of a view that DragDropUI links to the view's place in the tree:
/// ``State``, ``Environment``, and structs made of them.
@MainActor @preconcurrency
public protocol DynamicProperty {}

/// What linking a dynamic property found.
enum DynamicPropertyLink {
  case state(any StateStorage)
  case environment
  case none
}

/// A dynamic property DragDropUI knows how to link.
@MainActor
protocol LinkableProperty {
  /// Links the property to `node`: state takes the node's storage for its slot, or gives
  /// its own when the slot is new.
  func link(to node: CompositeNode, existing: (any StateStorage)?) -> DynamicPropertyLink
}

/// The storage behind a ``State``, with the nodes whose bodies read it.
@MainActor
protocol StateStorage: AnyObject {
  func addDependent(_ node: CompositeNode)
  func removeDependent(_ node: CompositeNode)
}

enum DynamicProperties {
  /// Calls `body` with each linkable property of `view`, in declaration order, looking
  /// inside structs that are dynamic properties themselves.
  @MainActor
  static func visit(_ value: Any, _ body: (any LinkableProperty) -> Void) {
    for child in Mirror(reflecting: value).children {
      if let property = child.value as? any LinkableProperty {
        body(property)
      } else if child.value is any DynamicProperty {
        visit(child.value, body)
      }
    }
  }
}

/// The box a ``State`` keeps its value in. The first box made for a view's slot holds the
/// value; boxes of later copies of the view forward to it.
@MainActor
final class StateBox<Value>: StateStorage {
  private var storedValue: Value
  private var target: StateBox<Value>?
  private var dependents: [ObjectIdentifier: WeakCompositeNode] = [:]

  init(_ value: Value) { storedValue = value }

  /// The box that holds the value.
  var root: StateBox<Value> { target?.root ?? self }

  func forward(to box: StateBox<Value>) {
    if box !== self { target = box.root }
  }

  var value: Value {
    get {
      let root = self.root
      ViewGraph.evaluating?.noteDependency(on: root)
      return root.storedValue
    }
    set {
      let root = self.root
      let changed = !ViewInputs.isEqual(root.storedValue, newValue)
      root.storedValue = newValue
      if changed { root.invalidateDependents() }
    }
  }

  private func invalidateDependents() {
    for (key, entry) in dependents {
      if let node = entry.node {
        node.graph.invalidate(node)
      } else {
        dependents[key] = nil
      }
    }
  }

  func addDependent(_ node: CompositeNode) { dependents[ObjectIdentifier(node)] = WeakCompositeNode(node) }
  func removeDependent(_ node: CompositeNode) { dependents[ObjectIdentifier(node)] = nil }
}

struct WeakCompositeNode {
  weak var node: CompositeNode?
  init(_ node: CompositeNode) { self.node = node }
}

/// A value a view owns: it lives as long as the view keeps its place in the tree, and
/// changing it updates the views whose bodies read it.
///
/// ```swift
/// @State private var droppedText: String? = nil
/// ```
@propertyWrapper
public struct State<Value>: DynamicProperty {
  let box: StateBox<Value>

  /// State that starts as `value`.
  public init(wrappedValue value: Value) {
    box = StateBox(value)
  }

  /// State that starts as `value`; the same as ``init(wrappedValue:)``.
  public init(initialValue value: Value) {
    box = StateBox(value)
  }

  /// The value now; setting it updates the views that read it.
  public var wrappedValue: Value {
    get { box.value }
    nonmutating set { box.value = newValue }
  }

  /// A binding to the value, for a child view to read and write: `$text`.
  public var projectedValue: Binding<Value> {
    let box = self.box
    return Binding(identity: ObjectIdentifier(box.root), get: { box.value }, set: { box.value = $0 })
  }
}

extension State: LinkableProperty {
  func link(to node: CompositeNode, existing: (any StateStorage)?) -> DynamicPropertyLink {
    box.link(existing: existing)
  }
}

extension StateBox {
  /// Takes the node's storage for the slot when it has one (this box then forwards to
  /// it), or gives this box when the slot is new.
  func link(existing: (any StateStorage)?) -> DynamicPropertyLink {
    if let existing = existing as? StateBox<Value> {
      forward(to: existing)
      return .state(existing)
    }
    return .state(root)
  }
}

/// Read and write access to a value that something else owns: a parent's ``State``, a
/// property of a model, or any getter and setter.
@propertyWrapper
@dynamicMemberLookup
public struct Binding<Value>: DynamicProperty {
  private let getter: @MainActor () -> Value
  private let setter: @MainActor (Value) -> Void
  /// What the binding reads and writes, when it can be told: two bindings to the same
  /// place compare equal, so that a child view given the same binding is not updated.
  let identity: AnyHashable?

  /// A binding that reads with `get` and writes with `set`.
  public init(get: @escaping @MainActor () -> Value, set: @escaping @MainActor (Value) -> Void) {
    self.init(identity: nil, get: get, set: set)
  }

  init(identity: AnyHashable?, get: @escaping @MainActor () -> Value, set: @escaping @MainActor (Value) -> Void) {
    self.identity = identity
    getter = get
    setter = set
  }

  /// The binding itself, as a property wrapper's projection.
  public init(projectedValue: Binding<Value>) { self = projectedValue }

  /// A binding that always reads `value` and ignores writes.
  public static func constant(_ value: Value) -> Binding<Value> {
    Binding(get: { value }, set: { _ in })
  }

  /// The value now; setting it writes through to the source.
  public var wrappedValue: Value {
    get { getter() }
    nonmutating set { setter(newValue) }
  }

  /// The binding itself: `$binding` passes it on.
  public var projectedValue: Binding<Value> { self }

  /// A binding to a property of the value: `$photo.title`.
  public subscript<Member>(dynamicMember keyPath: WritableKeyPath<Value, Member>) -> Binding<Member> {
    let getter = self.getter
    let setter = self.setter
    return Binding<Member>(
      identity: identity.map { AnyHashable(BindingPath(base: $0, keyPath: keyPath)) },
      get: { getter()[keyPath: keyPath] },
      set: { member in
        var value = getter()
        value[keyPath: keyPath] = member
        setter(value)
      })
  }
}

/// The identity of a binding to a member of another binding's value.
private struct BindingPath: Hashable {
  let base: AnyHashable
  let keyPath: AnyKeyPath
}

/// Compares the inputs of two values of a view, to tell whether its body must be
/// evaluated again: stored properties that are `Equatable` compare with `==`, objects by
/// identity, bindings by what they bind to, state not at all; anything else, closures
/// included, counts as changed.
enum ViewInputs {
  @MainActor
  static func areEqual(_ old: any View, _ new: any View) -> Bool {
    isEqual(old, new, depth: 0)
  }

  /// Whether two values compare equal with `==` when their type is `Equatable`; false
  /// when it is not.
  static func isEqual<T>(_ lhs: T, _ rhs: T) -> Bool {
    guard let lhs = lhs as? any Equatable else { return false }
    return lhs.isEqual(to: rhs)
  }

  @MainActor
  private static func isEqual(_ old: Any, _ new: Any, depth: Int) -> Bool {
    if let old = old as? any Equatable { return old.isEqual(to: new) }
    if old is any LinkableProperty { return true }
    if let old = old as? any BindingIdentifying, let new = new as? any BindingIdentifying {
      guard let identity = old.bindingIdentity else { return false }
      return identity == new.bindingIdentity
    }
    let oldMirror = Mirror(reflecting: old)
    switch oldMirror.displayStyle {
    case .class:
      return (old as AnyObject) === (new as AnyObject)
    case .struct, .tuple, .enum, .optional:
      guard depth < 8 else { return false }
      let newMirror = Mirror(reflecting: new)
      guard oldMirror.children.count == newMirror.children.count else { return false }
      if oldMirror.displayStyle == .enum || oldMirror.displayStyle == .optional {
        // An enum compares by case, then payload: a case without payload by its name.
        if oldMirror.children.isEmpty { return String(describing: old) == String(describing: new) }
        if oldMirror.children.first?.label != newMirror.children.first?.label { return false }
      }
      for (oldChild, newChild) in zip(oldMirror.children, newMirror.children) {
        guard isEqual(oldChild.value, newChild.value, depth: depth + 1) else { return false }
      }
      return true
    default:
      return false
    }
  }
}

extension Equatable {
  fileprivate func isEqual(to other: Any) -> Bool {
    guard let other = other as? Self else { return false }
    return self == other
  }
}

/// A binding, seen through `Any`.
@MainActor
private protocol BindingIdentifying {
  var bindingIdentity: AnyHashable? { get }
}

extension Binding: BindingIdentifying {
  var bindingIdentity: AnyHashable? { identity }
}
