import Views

/// What a button is for, as SwiftUI's `ButtonRole`: the built-in styles draw a destructive
/// button in red.
public struct ButtonRole: Hashable, Sendable {
  enum Kind: Hashable, Sendable {
    case destructive, cancel, close, confirm
  }

  let kind: Kind

  /// The button deletes or discards something.
  public static let destructive = ButtonRole(kind: .destructive)
  /// The button cancels what it is part of.
  public static let cancel = ButtonRole(kind: .cancel)
  /// The button closes what it is part of.
  public static let close = ButtonRole(kind: .close)
  /// The button confirms what it is part of.
  public static let confirm = ButtonRole(kind: .confirm)
}

/// A control that runs an action, as SwiftUI's `Button`: when it is tapped or clicked (a
/// press that ends inside it, or within 70 points of it), or when it has the keyboard
/// focus and Space or Return is pressed. A button under ``View/disabled(_:)`` does none of
/// these, takes no focus, and its style draws it dimmed.
///
/// ```swift
/// Button("Clear") { dropped.removeAll() }
///   .buttonStyle(.borderedProminent)
///
/// Button(role: .destructive) { delete() } label: {
///   Label("Delete", systemImage: "trash")
/// }
/// ```
///
/// Its look comes from the ``ButtonStyle`` in the environment (``View/buttonStyle(_:)``):
/// `.automatic` and `.borderless` draw the label in the tint colour, `.plain` as it is,
/// `.bordered` on a light tint and `.borderedProminent` in white on the tint. A screen
/// reader hears it as a button named by its label's first text.
public struct Button<Label: View>: View {
  let role: ButtonRole?
  let action: @MainActor () -> Void
  let label: Label

  /// A button that shows `label` and runs `action`.
  public init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {
    self.init(role: nil, action: action, label: label)
  }

  /// A button of a role that shows `label` and runs `action`.
  public init(role: ButtonRole?, action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {
    self.role = role
    self.action = action
    self.label = label()
  }

  public var body: some View {
    ButtonHost(role: role, action: action, label: AnyView(label))
  }
}

extension Button where Label == Text {
  /// A button titled `title` that runs `action`.
  public init(_ title: String, action: @escaping @MainActor () -> Void) {
    self.init(role: nil, action: action) { Text(title) }
  }

  /// A button of a role titled `title` that runs `action`.
  public init(_ title: String, role: ButtonRole?, action: @escaping @MainActor () -> Void) {
    self.init(role: role, action: action) { Text(title) }
  }
}

extension Button where Label == DragDropUI.Label<Text, Image?> {
  /// A button titled `title` with a symbol before it (see ``Image/init(systemName:)``).
  public init(_ title: String, systemImage: String, action: @escaping @MainActor () -> Void) {
    self.init(role: nil, action: action) { DragDropUI.Label(title, systemImage: systemImage) }
  }

  /// A button of a role titled `title` with a symbol before it.
  public init(
    _ title: String, systemImage: String, role: ButtonRole?, action: @escaping @MainActor () -> Void
  ) {
    self.init(role: role, action: action) { DragDropUI.Label(title, systemImage: systemImage) }
  }
}

// MARK: - Styles

/// How a button looks, as SwiftUI's `ButtonStyle`: a body made from the button's label,
/// whether it is pressed, and its role. Set one with ``View/buttonStyle(_:)``.
///
/// ```swift
/// struct Pill: ButtonStyle {
///   func makeBody(configuration: Configuration) -> some View {
///     configuration.label
///       .padding(8)
///       .background(configuration.isPressed ? Color.gray : Color.blue)
///       .cornerRadius(16)
///   }
/// }
/// ```
@MainActor @preconcurrency
public protocol ButtonStyle {
  /// The type of view the style makes.
  associatedtype Body: View
  /// The view of a button in this style.
  @ViewBuilder func makeBody(configuration: Configuration) -> Body
  /// What a style is given.
  typealias Configuration = ButtonStyleConfiguration
}

/// What a ``ButtonStyle`` makes a button's view from.
public struct ButtonStyleConfiguration {
  /// The button's label, as a view.
  public struct Label: View {
    let view: AnyView
    public var body: Never { primitiveBodyRequested(Self.self) }
  }

  /// The button's role, if it has one.
  public let role: ButtonRole?
  /// The label the button was made with.
  public let label: Label
  /// Whether a press is on the button now.
  public let isPressed: Bool
}

extension ButtonStyleConfiguration.Label: ForwardingView {}

/// The platform's button style: on iOS, and here, ``BorderlessButtonStyle``.
public struct DefaultButtonStyle: ButtonStyle, Hashable {
  /// The default style.
  public init() {}
  public func makeBody(configuration: Configuration) -> some View {
    BorderlessButtonStyle().makeBody(configuration: configuration)
  }
}

/// The label in the tint colour (red for a destructive button), faded while pressed.
public struct BorderlessButtonStyle: ButtonStyle, Hashable {
  /// The borderless style.
  public init() {}
  public func makeBody(configuration: Configuration) -> some View {
    StyledButtonBody(configuration: configuration, look: .borderless)
  }
}

/// The label as it is, faded while pressed.
public struct PlainButtonStyle: ButtonStyle, Hashable {
  /// The plain style.
  public init() {}
  public func makeBody(configuration: Configuration) -> some View {
    StyledButtonBody(configuration: configuration, look: .plain)
  }
}

/// The label in the tint colour on a rounded light tint of it.
public struct BorderedButtonStyle: ButtonStyle, Hashable {
  /// The bordered style.
  public init() {}
  public func makeBody(configuration: Configuration) -> some View {
    StyledButtonBody(configuration: configuration, look: .bordered)
  }
}

/// The label in white on the rounded tint colour: the button a view's main action gets.
public struct BorderedProminentButtonStyle: ButtonStyle, Hashable {
  /// The prominent bordered style.
  public init() {}
  public func makeBody(configuration: Configuration) -> some View {
    StyledButtonBody(configuration: configuration, look: .borderedProminent)
  }
}

extension ButtonStyle where Self == DefaultButtonStyle {
  /// The platform's style: borderless.
  public static var automatic: DefaultButtonStyle { DefaultButtonStyle() }
}

extension ButtonStyle where Self == BorderlessButtonStyle {
  /// The label in the tint colour.
  public static var borderless: BorderlessButtonStyle { BorderlessButtonStyle() }
}

extension ButtonStyle where Self == PlainButtonStyle {
  /// The label as it is.
  public static var plain: PlainButtonStyle { PlainButtonStyle() }
}

extension ButtonStyle where Self == BorderedButtonStyle {
  /// The label on a light tint.
  public static var bordered: BorderedButtonStyle { BorderedButtonStyle() }
}

extension ButtonStyle where Self == BorderedProminentButtonStyle {
  /// The label in white on the tint.
  public static var borderedProminent: BorderedProminentButtonStyle { BorderedProminentButtonStyle() }
}

/// The body of the built-in styles: it reads the tint, the foreground colour and whether
/// controls are enabled from the environment.
struct StyledButtonBody: View {
  enum Look: Hashable {
    case plain, borderless, bordered, borderedProminent
  }

  let configuration: ButtonStyleConfiguration
  let look: Look
  @Environment(\.tint) private var tint
  @Environment(\.foregroundColor) private var foreground
  @Environment(\.isEnabled) private var isEnabled

  var body: some View {
    let accent = configuration.role == .destructive ? Color.red : (tint ?? .accentColor)
    let faded = configuration.isPressed ? 0.4 : 1
    switch look {
    case .plain:
      configuration.label.opacity(isEnabled ? faded : 0.4)
    case .borderless:
      configuration.label
        .foregroundColor(isEnabled ? foreground ?? accent : .gray)
        .opacity(faded)
    case .bordered:
      configuration.label
        .foregroundColor(isEnabled ? foreground ?? accent : .gray)
        .padding(.horizontal, 12)
        .padding(.vertical, 7)
        .background(
          RoundedRectangle(cornerRadius: 8)
            .fill((isEnabled ? accent : .gray).withAlphaComponent(configuration.isPressed ? 0.3 : 0.15)))
    case .borderedProminent:
      configuration.label
        .foregroundColor(isEnabled ? foreground ?? .white : .gray)
        .padding(.horizontal, 12)
        .padding(.vertical, 7)
        .background(
          RoundedRectangle(cornerRadius: 8)
            .fill(
              isEnabled
                ? accent.withAlphaComponent(configuration.isPressed ? 0.7 : 1) : Color.gray.withAlphaComponent(0.15)))
    }
  }
}

/// A style kept in the environment.
typealias AnyButtonStyle = AnyStyle<ButtonStyleConfiguration>

extension AnyStyle where Configuration == ButtonStyleConfiguration {
  @MainActor init<Style: ButtonStyle>(_ style: Style) {
    makeBody = { AnyView(style.makeBody(configuration: $0)) }
  }
}

extension EnvironmentValues {
  private struct ButtonStyleKey: EnvironmentKey {
    static let defaultValue: AnyButtonStyle? = nil
  }

  private struct TintKey: EnvironmentKey {
    static let defaultValue: Color? = nil
  }

  /// The style of the buttons inside; nil means `.automatic`.
  var buttonStyle: AnyButtonStyle? {
    get { self[ButtonStyleKey.self] }
    set { self[ButtonStyleKey.self] = newValue }
  }

  /// The colour controls are drawn in; nil means `Color.accentColor`.
  public var tint: Color? {
    get { self[TintKey.self] }
    set { self[TintKey.self] = newValue }
  }
}

extension View {
  /// Sets the style of the buttons inside.
  public func buttonStyle<Style: ButtonStyle>(_ style: Style) -> some View {
    modifier(EnvironmentWriter.style(style) { $0.buttonStyle = AnyButtonStyle($1) })
  }

  /// Sets the colour of the controls inside: a button's label or background.
  public func tint(_ tint: Color?) -> some View {
    environment(\.tint, tint)
  }
}

// MARK: - The button's node

/// The on-screen part of a ``Button``: its styled body, and a control over it that follows
/// presses, takes the keyboard focus, and runs the action.
struct ButtonHost: View, PrimitiveView {
  /// What a screen reader hears the control as.
  enum Accessibility: Equatable {
    case button
    /// A toggle button, selected while on: read as on or off.
    case toggle(isOn: Bool)
    /// One of a picker's choices: read as selected when it is the one chosen.
    case choice(isSelected: Bool)
  }

  let role: ButtonRole?
  let action: @MainActor () -> Void
  let label: AnyView
  var accessibility = Accessibility.button
  /// Whether the label is drawn in the environment's button style, or as it is.
  var styled = true

  var body: Never { primitiveBodyRequested(Self.self) }

  func makeNode(in context: NodeContext) -> ViewNode {
    let node = ButtonNode(context, viewType: ObjectIdentifier(Self.self))
    node.host = self
    node.children = [node.makeChild(node.styledBody())]
    node.configureControl()
    return node
  }

  func update(_ node: ViewNode) {
    guard let node = node as? ButtonNode else { return }
    node.host = self
    node.refresh()
  }
}

@MainActor
final class ButtonNode: LayoutNode {
  var host: ButtonHost?
  let control = ButtonControl()
  private var isPressed = false

  override init(_ context: NodeContext, viewType: ObjectIdentifier, view: HostedView = HostedView()) {
    super.init(context, viewType: viewType, view: view)
    control.addAction(
      Action { [weak self] _ in
        guard let self, self.isAttached, self.environment.isEnabled else { return }
        // An alert or a menu closes once one of its buttons is used, before its action runs.
        self.environment.dismissAfterButtonAction?()
        self.host?.action()
      }, for: .primaryActionTriggered)
    control.pressDidChange = { [weak self] pressed in
      guard let self, self.isPressed != pressed else { return }
      self.isPressed = pressed
      self.refresh()
    }
  }

  override var displayName: String { "Button" }

  func styledBody() -> AnyView {
    if host?.styled == false { return host?.label ?? AnyView(EmptyView()) }
    let configuration = ButtonStyleConfiguration(
      role: host?.role, label: ButtonStyleConfiguration.Label(view: host?.label ?? AnyView(EmptyView())),
      isPressed: isPressed)
    return (environment.buttonStyle ?? AnyButtonStyle(DefaultButtonStyle())).makeBody(configuration)
  }

  /// Brings the body and the control up to date with the button, its press and its
  /// environment.
  func refresh() {
    guard !children.isEmpty else { return }
    updateChild(0, to: styledBody())
    configureControl()
    invalidateLayout()
  }

  func configureControl() {
    control.isEnabled = environment.isEnabled
    var traits: Views.AccessibilityTraits = environment.isEnabled ? .button : [.button, .notEnabled]
    var value: String?
    switch host?.accessibility {
    case .toggle(let isOn):
      traits.insert(.toggleButton)
      if isOn { traits.insert(.selected) }
      value = isOn ? "1" : "0"
    case .choice(let isSelected):
      if isSelected { traits.insert(.selected) }
    case .button, nil:
      break
    }
    control.accessibilityTraits = traits
    control.accessibilityLabel = firstText(in: view)
    control.accessibilityValue = value
    applyAccessibilityOverrides()
    // A screen reader hears what changed while the control has the focus.
    control.setNeedsFocusRingUpdate()
  }

  override func environmentDidChange() { refresh() }

  override func measure(_ proposal: ProposedViewSize) -> Size {
    ContentLayout(nodes: children.first?.layoutNodes ?? []).size(proposal)
  }

  override func placeContent(in bounds: Rect, proposal: ProposedViewSize) {
    ContentLayout(nodes: children.first?.layoutNodes ?? []).place(in: bounds, proposal: proposal)
    control.frame = bounds
    configureControl()
  }

  override func subviewOrder() -> [Views.View] {
    layoutChildren.map(\.view) + [control]
  }
}

/// The control over a button's body: presses, focus and keys.
@MainActor
final class ButtonControl: Control {
  var pressDidChange: ((Bool) -> Void)?

  override func stateDidChange() {
    super.stateDidChange()
    pressDidChange?(isHighlighted)
  }

  override var canBecomeFocused: Bool { isEnabled }

  override func keyEvent(_ event: KeyEvent) {
    if event.phase == .down, isEnabled, event.key == .space || event.key == .return {
      sendActions(for: .primaryActionTriggered)
      return
    }
    super.keyEvent(event)
  }
}

/// The first text shown in a view's tree, for an accessibility label.
@MainActor
func firstText(in view: Views.View) -> String? {
  if let text = (view as? TextLeafView)?.text { return text }
  for subview in view.subviews {
    if let text = firstText(in: subview) { return text }
  }
  return nil
}
