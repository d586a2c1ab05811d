import Views

/// A value that says where the keyboard focus is, as SwiftUI's `FocusState`: a Bool for
/// one field, or an optional value naming which of several fields has it. A view marked
/// with ``View/focused(_:)`` takes the focus when the value says so, and the value
/// follows the focus when the user moves it (a press, Tab).
///
/// ```swift
/// @FocusState private var nameIsFocused: Bool
/// TextField("Name", text: $name).focused($nameIsFocused)
/// ```
@propertyWrapper
public struct FocusState<Value: Hashable>: DynamicProperty {
  let state: State<Value>

  /// Focus state for one view: false until it has the focus.
  public init() where Value == Bool {
    state = State(wrappedValue: false)
  }

  /// Focus state for several views told apart by a value: nil while none has the focus.
  public init<T: Hashable>() where Value == T? {
    state = State(wrappedValue: nil)
  }

  /// Where the focus is; setting it moves the focus.
  @MainActor public var wrappedValue: Value {
    get { state.wrappedValue }
    nonmutating set { state.wrappedValue = newValue }
  }

  /// The binding ``View/focused(_:)`` takes: `$isFocused`.
  public var projectedValue: Binding {
    Binding(base: state.projectedValue)
  }

  /// A binding to a focus state.
  @propertyWrapper
  public struct Binding {
    let base: DragDropUI.Binding<Value>

    /// Where the focus is.
    @MainActor public var wrappedValue: Value {
      get { base.wrappedValue }
      nonmutating set { base.wrappedValue = newValue }
    }

    /// The binding itself.
    public var projectedValue: Binding { self }
  }
}

extension View {
  /// Gives the view the focus while `condition` is true, and sets it as the focus comes
  /// and goes. The first view inside that can take the focus (a text field, a button)
  /// takes it.
  public func focused(_ condition: FocusState<Bool>.Binding) -> some View {
    modifier(
      FocusModifier(
        isFocused: { condition.wrappedValue },
        setFocused: { condition.wrappedValue = $0 }))
  }

  /// Gives the view the focus while `binding` equals `value`; sets it to `value` when the
  /// view takes the focus, and to nil when the view loses it.
  public func focused<Value: Hashable>(_ binding: FocusState<Value>.Binding, equals value: Value) -> some View {
    modifier(
      FocusModifier(
        isFocused: { binding.wrappedValue == value },
        setFocused: { focused in
          if focused {
            binding.wrappedValue = value
          } else if binding.wrappedValue == value, let none = (Value.self as? any NilRepresentable.Type)?.nilValue {
            if let none = none as? Value { binding.wrappedValue = none }
          }
        }))
  }
}

/// An optional's nil, for code that knows its type only as a generic parameter.
protocol NilRepresentable {
  static var nilValue: Any { get }
}

extension Optional: NilRepresentable {
  static var nilValue: Any { Wrapped?.none as Any }
}

/// Moves the focus to the content when its value says so, and tells the value when the
/// focus comes and goes.
struct FocusModifier: WrappingModifier {
  let isFocused: @MainActor () -> Bool
  let setFocused: @MainActor (Bool) -> Void
  var name: String { "Focused" }

  func configure(_ node: WrapperNode) {
    let link = node.attachment as? FocusLink ?? FocusLink(node: node)
    node.attachment = link
    link.modifier = self
    link.sync()
  }
}

/// What a focused modifier's node keeps: the latest modifier and its watch on the
/// window's focus.
@MainActor
final class FocusLink {
  weak var node: WrapperNode?
  var modifier: FocusModifier?
  private weak var window: Window?
  private var token: Int?
  private var waiting = false

  init(node: WrapperNode) {
    self.node = node
  }

  isolated deinit {
    if let token { window?.removeFocusObserver(token) }
  }

  /// Brings the focus in line with the value.
  func sync() {
    guard let node, let modifier else { return }
    guard let window = node.view.window else {
      // Not on screen yet: once laid out in a window.
      if !waiting {
        waiting = true
        node.graph.afterUpdate { [weak self] in
          self?.waiting = false
          self?.node?.view.setNeedsLayout()
          if self?.node?.view.window != nil { self?.sync() }
        }
      }
      return
    }
    watch(window)
    let inside = window.focusedView?.isDescendant(of: node.view) ?? false
    if modifier.isFocused(), !inside, let target = Self.firstFocusable(in: node.view) {
      window.focus(target)
    } else if !modifier.isFocused(), inside {
      window.focus(nil)
    }
  }

  private func watch(_ window: Window) {
    guard self.window !== window else { return }
    if let token { self.window?.removeFocusObserver(token) }
    self.window = window
    token = window.addFocusObserver { [weak self] focused in
      guard let self, let node = self.node, let modifier = self.modifier else { return }
      let inside = focused?.isDescendant(of: node.view) ?? false
      if inside != modifier.isFocused() { modifier.setFocused(inside) }
    }
  }

  static func firstFocusable(in view: Views.View) -> Views.View? {
    if view.canBecomeFocused { return view }
    for subview in view.subviews {
      if let found = firstFocusable(in: subview) { return found }
    }
    return nil
  }
}
