import Views

// Sheets, alerts, confirmation dialogs and menus. What they present stays in the view
// graph of the view that presents it (its state, its environment), while its on-screen
// views go into a layer over the whole window, which takes input and the keyboard focus
// until it is dismissed.

/// Dismisses the presentation a view is in, as SwiftUI's `DismissAction`: a sheet, or the
/// alert or menu a button is in. Read it with `@Environment(\.dismiss)` and call it.
public struct DismissAction: Sendable {
  let action: (@MainActor () -> Void)?

  /// Dismisses the presentation; does nothing outside one.
  @MainActor public func callAsFunction() { action?() }
}

extension EnvironmentValues {
  private struct DismissKey: EnvironmentKey {
    static let defaultValue = DismissAction(action: nil)
  }

  private struct DismissAfterActionKey: EnvironmentKey {
    static let defaultValue: (@MainActor () -> Void)? = nil
  }

  /// Dismisses the sheet, alert or menu the view is in.
  public var dismiss: DismissAction {
    get { self[DismissKey.self] }
    set { self[DismissKey.self] = newValue }
  }

  /// Whether a presentation shows the view: true inside a sheet, an alert or a menu.
  public var isPresented: Bool { dismiss.action != nil }

  /// Run after a button's action inside an alert or a menu, which close once used.
  var dismissAfterButtonAction: (@MainActor () -> Void)? {
    get { self[DismissAfterActionKey.self] }
    set { self[DismissAfterActionKey.self] = newValue }
  }
}

/// How a presentation sits over the window.
enum PresentationKind: Equatable {
  /// A card from the bottom, 10 points below the window's top (full screen: all of it).
  case sheet(fullScreen: Bool)
  /// A card centred over a dimmed window.
  case alert
  /// A card at the bottom of a dimmed window.
  case confirmation
  /// A menu below the presenting view, or at a point in it.
  case menu(at: Point?)

  var dismissesAfterButtonAction: Bool {
    switch self {
    case .alert, .confirmation, .menu: true
    case .sheet: false
    }
  }
}

/// Presents `presented` (when not nil) over the window, on behalf of its content.
struct PresentationModifier: PrimitiveModifier {
  let kind: PresentationKind
  let presented: AnyView?
  /// Sets the binding that presents it back to false.
  let dismiss: @MainActor () -> Void
  /// Runs once the presentation has closed, however it was closed.
  var onDismiss: (@MainActor () -> Void)? = nil

  func makeNode<Content: View>(content: Content, in context: NodeContext) -> ViewNode {
    let node = PresentationNode(context, viewType: ObjectIdentifier(ModifiedContent<Content, Self>.self))
    node.children = [node.makeChild(content)]
    node.apply(self)
    return node
  }

  func update<Content: View>(_ node: ViewNode, content: Content) {
    guard let node = node as? PresentationNode else { return }
    node.updateChild(0, to: content)
    node.apply(self)
  }

  /// The presented view with the environment a presentation gives it.
  func wrapped(_ view: AnyView) -> AnyView {
    let dismiss = self.dismiss
    let afterAction = kind.dismissesAfterButtonAction
    return AnyView(
      view.modifier(
        EnvironmentWriter(key: nil) {
          $0.dismiss = DismissAction(action: dismiss)
          $0.dismissAfterButtonAction = afterAction ? dismiss : nil
        }))
  }
}

@MainActor
final class PresentationNode: LayoutNode {
  private(set) var kind = PresentationKind.sheet(fullScreen: false)
  private var dismiss: (@MainActor () -> Void)?
  private var layer: PresentationLayer?
  /// The platform's surface a menu shows in, where the window has one.
  private var popup: (any PopupSurface)?

  override var displayName: String { "Presenting" }

  private var presentedNode: ViewNode? { children.count > 1 ? children[1] : nil }
  private var content: ContentLayout { ContentLayout(nodes: children.first?.layoutNodes ?? []) }

  func apply(_ modifier: PresentationModifier) {
    kind = modifier.kind
    dismiss = modifier.dismiss
    switch (presentedNode, modifier.presented) {
    case (nil, let view?):
      children.append(makeChild(modifier.wrapped(view)))
      invalidateLayout()
      self.view.setNeedsLayout()
    case (_?, let view?):
      updateChild(1, to: modifier.wrapped(view))
    case (let node?, nil):
      node.detach()
      children.removeLast()
      removeLayer()
      if let onDismiss = modifier.onDismiss { graph.afterUpdate(onDismiss) }
    case (nil, nil):
      break
    }
  }

  override func measure(_ proposal: ProposedViewSize) -> Size { content.size(proposal) }

  override func placeContent(in bounds: Rect, proposal: ProposedViewSize) {
    content.place(in: bounds, proposal: proposal)
    placePresentation()
  }

  override func subviewOrder() -> [Views.View] { content.nodes.map(\.view) }

  override func detach() {
    removeLayer()
    super.detach()
  }

  /// Lays the presented views out in the layer over the window, or in a popup surface of
  /// the platform's for a menu.
  private func placePresentation() {
    guard let presented = presentedNode, let window = view.window else { return }
    let nodes = ContentLayout(nodes: presented.layoutNodes)
    if case .menu(let point) = kind, let surface = popup ?? window.popupSurfaceProvider?() {
      placePopup(nodes, at: point, in: window, surface: surface)
      return
    }
    let isNew = attachLayer(to: window)
    guard let layer else { return }
    // The focus goes in once the presented views are there.
    defer { if isNew { layer.takeFocus() } }
    layer.frame = window.bounds
    layer.dims = kind == .alert || kind == .confirmation || kind == .sheet(fullScreen: false)
    layer.show(nodes.nodes.map(\.view))
    let area = window.bounds
    let rect: Rect
    let proposal: ProposedViewSize
    switch kind {
    case .sheet(let fullScreen):
      rect = fullScreen ? area : Rect(x: 0, y: 10, width: area.width, height: max(0, area.height - 10))
      proposal = ProposedViewSize(rect.size)
    case .alert:
      proposal = ProposedViewSize(width: min(270, area.width - 20), height: nil)
      let size = nodes.size(proposal)
      rect = Rect(origin: Alignment.center.origin(of: size, in: area), size: size)
    case .confirmation:
      proposal = ProposedViewSize(width: max(0, area.width - 16), height: nil)
      let size = nodes.size(proposal)
      rect = Rect(x: 8, y: max(0, area.maxY - 8 - size.height), width: size.width, height: size.height)
    case .menu(let point):
      proposal = ProposedViewSize(width: nil, height: nil)
      var size = nodes.size(proposal)
      size.height = min(size.height, area.height - 16)
      let anchor = view.convert(view.bounds, to: window)
      let wanted =
        point.map { view.convert($0, to: window) } ?? Point(x: anchor.minX, y: anchor.maxY + 6)
      // Kept inside the window; above the view when there is no room below it.
      var origin = wanted
      if origin.y + size.height > area.maxY - 8 {
        origin.y = point == nil ? anchor.minY - 6 - size.height : area.maxY - 8 - size.height
      }
      origin.x = min(max(8, origin.x), max(8, area.maxX - 8 - size.width))
      origin.y = max(8, origin.y)
      rect = Rect(origin: origin, size: size)
    }
    layer.panel = rect
    nodes.place(in: rect, proposal: proposal)
  }

  /// Puts a new layer into `root`, unless there is one; true when it is new.
  private func attachLayer(to root: Views.View) -> Bool {
    guard layer == nil else { return false }
    let layer = PresentationLayer()
    self.layer = layer
    layer.node = self
    root.addSubview(layer)
    return true
  }

  /// A menu in the platform's popup surface, as large as the menu, beside the view that
  /// presents it (below it, or at `point` in it).
  private func placePopup(
    _ nodes: ContentLayout, at point: Point?, in window: Window, surface: any PopupSurface
  ) {
    if popup == nil {
      surface.dismissed = { [weak self] in self?.popupWasDismissed() }
      popup = surface
    }
    let isNew = attachLayer(to: surface.window)
    guard let layer else { return }
    defer { if isNew { layer.takeFocus() } }
    let proposal = ProposedViewSize(width: nil, height: nil)
    var size = nodes.size(proposal)
    size.width = max(1, size.width.rounded(.up))
    size.height = max(1, size.height.rounded(.up))
    let anchor =
      point.map { Rect(origin: view.convert($0, to: window), size: Size(width: 1, height: 1)) }
      ?? view.convert(view.bounds, to: window)
    let bounds = Rect(origin: .zero, size: size)
    surface.window.frame = bounds
    layer.frame = bounds
    layer.dims = false
    layer.show(nodes.nodes.map(\.view))
    layer.panel = bounds
    nodes.place(in: bounds, proposal: proposal)
    surface.show(size: size, anchor: anchor)
  }

  /// The platform closed the popup (a press outside it, Escape): the menu is dismissed.
  private func popupWasDismissed() {
    let surface = popup
    popup = nil
    surface?.close()
    dismiss?()
  }

  private func removeLayer() {
    layer?.giveFocusBack()
    layer?.removeFromSuperview()
    layer = nil
    popup?.close()
    popup = nil
  }

  /// Escape: a menu or a sheet closes; an alert or a dialog runs its cancel button, and
  /// closes without one.
  func escape() {
    if kind == .alert || kind == .confirmation, let cancel = buttons().first(where: { $0.host?.role == .cancel }) {
      cancel.control.sendActions(for: .primaryActionTriggered)
      return
    }
    dismiss?()
  }

  /// Return: an alert runs its only button that does not cancel.
  func defaultAction() -> Bool {
    guard kind == .alert else { return false }
    let others = buttons().filter { $0.host?.role != .cancel }
    guard others.count == 1 else { return false }
    others[0].control.sendActions(for: .primaryActionTriggered)
    return true
  }

  /// A tap outside the presented views: a menu or a sheet closes.
  func tapOutside() {
    if case .menu = kind { dismiss?() }
    if kind == .sheet(fullScreen: false) { dismiss?() }
  }

  /// The buttons of the presented views, in order.
  func buttons() -> [ButtonNode] {
    var found: [ButtonNode] = []
    func visit(_ node: ViewNode) {
      if let button = node as? ButtonNode { found.append(button) }
      node.children.forEach(visit)
    }
    presentedNode.map(visit)
    return found
  }
}

/// The layer over the window that a presentation's views go into: it dims the window
/// behind an alert or a sheet, takes every press, and holds the keyboard focus.
@MainActor
final class PresentationLayer: Views.View {
  weak var node: PresentationNode?
  /// Where the presented views are, in the layer.
  var panel = Rect.zero
  var dims = false { didSet { backgroundColor = dims ? Color(white: 0, alpha: 0.2) : nil } }
  private weak var focusBefore: Views.View?
  private weak var modalBefore: Views.View?

  init() {
    super.init(frame: .zero)
    accessibilityTraits = []
    let tap = TapGestureRecognizer()
    tap.addAction { [weak self] recognizer in
      guard let self, recognizer.state == .ended else { return }
      if !self.panel.contains(recognizer.location(in: self)) { self.node?.tapOutside() }
    }
    addGestureRecognizer(tap)
  }

  override var canBecomeFocused: Bool { true }

  /// Makes `views` the layer's subviews, in order.
  func show(_ views: [Views.View]) {
    guard subviews.count != views.count || zip(subviews, views).contains(where: { $0 !== $1 }) else { return }
    for subview in subviews where !views.contains(where: { $0 === subview }) { subview.removeFromSuperview() }
    for view in views { addSubview(view) }
  }

  func takeFocus() {
    guard let window else { return }
    focusBefore = window.focusedView
    modalBefore = window.modalView
    window.modalView = self
    // The first control inside, or the layer itself.
    window.focus(controls.first ?? self)
  }

  /// The focusable views inside, in order.
  private var controls: [Views.View] {
    window?.focusableViews.filter { $0 !== self && $0.isDescendant(of: self) } ?? []
  }

  func giveFocusBack() {
    guard let window else { return }
    if window.modalView === self { window.modalView = modalBefore }
    window.focus(focusBefore?.window === window ? focusBefore : nil)
  }

  override func keyEvent(_ event: KeyEvent) {
    guard event.phase == .down, let node else { return }
    switch event.key {
    case .escape:
      node.escape()
    case .return:
      _ = node.defaultAction()
    case .down, .up:
      let controls = self.controls
      if case .menu = node.kind, let window, !controls.isEmpty {
        let current = controls.firstIndex { $0 === window.focusedView }
        let step = event.key == .up ? controls.count - 1 : 1
        window.focus(controls[current.map { ($0 + step) % controls.count } ?? 0])
      }
    default:
      break
    }
  }
}

// MARK: - Sheets

extension View {
  /// Presents `content` as a sheet while `isPresented` is true: a card over the window
  /// that a tap above it, Escape, or the ``DismissAction`` in its environment closes.
  /// `onDismiss` runs once it has closed.
  public func sheet<Content: View>(
    isPresented: Binding<Bool>, onDismiss: (@MainActor () -> Void)? = nil, @ViewBuilder content: () -> Content
  ) -> some View {
    presentation(.sheet(fullScreen: false), isPresented: isPresented, onDismiss: onDismiss) {
      SheetCard(content: AnyView(content()))
    }
  }

  /// Presents the sheet `content` makes for `item` while it is not nil; closing the sheet
  /// sets it back to nil. A new item replaces the sheet's content.
  public func sheet<Item: Identifiable, Content: View>(
    item: Binding<Item?>, onDismiss: (@MainActor () -> Void)? = nil,
    @ViewBuilder content: @escaping (Item) -> Content
  ) -> some View {
    let shown = Binding(get: { item.wrappedValue != nil }, set: { if !$0 { item.wrappedValue = nil } })
    return presentation(.sheet(fullScreen: false), isPresented: shown, onDismiss: onDismiss) {
      SheetCard(content: item.wrappedValue.map { AnyView(content($0)) } ?? AnyView(EmptyView()))
    }
  }

  /// Presents `content` over the whole window while `isPresented` is true.
  public func fullScreenCover<Content: View>(
    isPresented: Binding<Bool>, onDismiss: (@MainActor () -> Void)? = nil, @ViewBuilder content: () -> Content
  ) -> some View {
    presentation(.sheet(fullScreen: true), isPresented: isPresented, onDismiss: onDismiss) {
      SheetCard(content: AnyView(content()))
    }
  }

  /// Presents an alert titled `title` while `isPresented` is true, with the buttons
  /// `actions` makes (an OK button when it makes none). Any of its buttons closes it;
  /// Return runs its only button that does not cancel, Escape its cancel button.
  public func alert<Actions: View>(
    _ title: String, isPresented: Binding<Bool>, @ViewBuilder actions: () -> Actions
  ) -> some View {
    alert(title, isPresented: isPresented, actions: actions) { EmptyView() }
  }

  /// An alert with a message under its title.
  public func alert<Actions: View, Message: View>(
    _ title: String, isPresented: Binding<Bool>, @ViewBuilder actions: () -> Actions,
    @ViewBuilder message: () -> Message
  ) -> some View {
    presentation(.alert, isPresented: isPresented, onDismiss: nil) {
      AlertCard(title: title, message: AnyView(message()), actions: AnyView(actions()), isDialog: false)
    }
  }

  /// An alert about `data` while `isPresented` is true and `data` is not nil.
  public func alert<T, Actions: View, Message: View>(
    _ title: String, isPresented: Binding<Bool>, presenting data: T?, @ViewBuilder actions: (T) -> Actions,
    @ViewBuilder message: (T) -> Message
  ) -> some View {
    let shown = Binding(get: { isPresented.wrappedValue && data != nil }, set: { isPresented.wrappedValue = $0 })
    return presentation(.alert, isPresented: shown, onDismiss: nil) {
      data.map {
        AlertCard(title: title, message: AnyView(message($0)), actions: AnyView(actions($0)), isDialog: false)
      }
    }
  }

  /// Presents a dialog of choices at the bottom of the window while `isPresented` is true,
  /// as SwiftUI's `confirmationDialog`. Any of its buttons closes it; Escape runs its
  /// cancel button.
  public func confirmationDialog<Actions: View>(
    _ title: String, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic,
    @ViewBuilder actions: () -> Actions
  ) -> some View {
    presentation(.confirmation, isPresented: isPresented, onDismiss: nil) {
      AlertCard(
        title: titleVisibility == .visible ? title : "", message: AnyView(EmptyView()), actions: AnyView(actions()),
        isDialog: true)
    }
  }

  /// Presents what `content` makes while `isPresented` is true.
  func presentation<Presented: View>(
    _ kind: PresentationKind, isPresented: Binding<Bool>, onDismiss: (@MainActor () -> Void)?,
    @ViewBuilder content: () -> Presented
  ) -> some View {
    let shown = isPresented.wrappedValue
    return modifier(
      PresentationModifier(
        kind: kind, presented: shown ? AnyView(content()) : nil,
        dismiss: { if isPresented.wrappedValue { isPresented.wrappedValue = false } }, onDismiss: onDismiss))
  }
}

/// Whether something shows, as SwiftUI's `Visibility`.
public enum Visibility: Hashable, Sendable, CaseIterable {
  /// As the platform chooses: hidden, for a confirmation dialog's title.
  case automatic
  /// Shown.
  case visible
  /// Hidden.
  case hidden
}

/// A sheet's card: its content on the system background, with rounded top corners.
private struct SheetCard: View {
  let content: AnyView

  var body: some View {
    content
      .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .top)
      .background(Color.white)
      .clipShape(RoundedRectangle(cornerRadius: 10))
  }
}

/// An alert's or a dialog's card: the title, the message, and the buttons one under
/// another, in the alert button style.
private struct AlertCard: View {
  let title: String
  let message: AnyView
  let actions: AnyView
  let isDialog: Bool

  var body: some View {
    VStack(spacing: 0) {
      if !title.isEmpty {
        VStack(spacing: 4) {
          Text(title).font(isDialog ? .footnote : .headline).multilineTextAlignment(.center)
          message.font(.footnote).multilineTextAlignment(.center)
        }
        .padding(16)
        Divider()
      }
      VStack(spacing: 0) {
        if actions.isEmpty {
          Button("OK") {}
        } else {
          actions
        }
      }
      .buttonStyle(AlertButtonStyle())
    }
    .frame(maxWidth: .infinity)
    .background(Color(white: 0.97))
    .clipShape(RoundedRectangle(cornerRadius: 14))
  }
}

/// An alert's button: across the card, bold for a cancel button, red for a destructive one.
private struct AlertButtonStyle: ButtonStyle {
  func makeBody(configuration: Configuration) -> some View {
    configuration.label
      .font(configuration.role == .cancel ? .headline : .body)
      .foregroundColor(configuration.role == .destructive ? .red : .accentColor)
      .frame(maxWidth: .infinity, minHeight: 44)
      .background(configuration.isPressed ? Color(white: 0.88) : Color(white: 0.97))
      .overlay(alignment: .top) { Divider() }
  }
}

extension AnyView {
  /// Whether the view is `EmptyView`, as an empty builder block makes.
  var isEmpty: Bool { type == ObjectIdentifier(EmptyView.self) }
}

// MARK: - Menus

/// A button that opens a menu of the buttons its content makes, as SwiftUI's `Menu`: a
/// tap or a click opens it below the button; choosing an item runs it and closes the menu,
/// as Escape and a tap outside do. The arrow keys move among the items.
///
/// ```swift
/// Menu("Shape") {
///   Button("Circle") { shape = .circle }
///   Button("Square") { shape = .square }
/// }
/// ```
public struct Menu<Label: View, Content: View>: View {
  let label: Label
  let content: Content
  @State private var isOpen = false

  /// A menu of `content`, opened by a button showing `label`.
  public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
    self.content = content()
    self.label = label()
  }

  public var body: some View {
    Button {
      isOpen = true
    } label: {
      label
    }
    .presentation(.menu(at: nil), isPresented: $isOpen, onDismiss: nil) {
      MenuPanel(content: AnyView(content))
    }
  }
}

extension Menu where Label == Text {
  /// A menu titled `title`.
  public init(_ title: String, @ViewBuilder content: () -> Content) {
    self.init(content: content) { Text(title) }
  }
}

extension Menu where Label == DragDropUI.Label<Text, Image?> {
  /// A menu titled `title` with a symbol before it.
  public init(_ title: String, systemImage: String, @ViewBuilder content: () -> Content) {
    self.init(content: content) { DragDropUI.Label(title, systemImage: systemImage) }
  }
}

/// A menu's card: its items one under another, in the menu item style.
struct MenuPanel: View {
  let content: AnyView

  var body: some View {
    VStack(alignment: .leading, spacing: 0) {
      content
    }
    .buttonStyle(MenuItemButtonStyle())
    .frame(minWidth: 200, alignment: .leading)
    .padding(.vertical, 6)
    .background(Color(white: 0.98))
    .clipShape(RoundedRectangle(cornerRadius: 12))
    .shadow(radius: 8)
  }
}

/// A menu item: across the menu, red for a destructive one, highlighted while pressed.
private struct MenuItemButtonStyle: ButtonStyle {
  func makeBody(configuration: Configuration) -> some View {
    configuration.label
      .foregroundColor(configuration.role == .destructive ? .red : .primary)
      .padding(.horizontal, 16)
      .frame(maxWidth: .infinity, minHeight: 36, alignment: .leading)
      .background(configuration.isPressed ? Color(white: 0.88) : Color.clear)
  }
}

extension View {
  /// A menu of the buttons `menuItems` makes, opened by a secondary click on the view or,
  /// where nothing would lift from a long press there (rule 2), by a long press, at the
  /// press, as SwiftUI's `contextMenu`.
  public func contextMenu<MenuItems: View>(@ViewBuilder menuItems: () -> MenuItems) -> some View {
    ContextMenuHost(content: AnyView(self), items: AnyView(menuItems()))
  }
}

private struct ContextMenuHost: View {
  let content: AnyView
  let items: AnyView
  @State private var openAt: Point?

  var body: some View {
    let open = Binding(get: { openAt != nil }, set: { if !$0 { openAt = nil } })
    content
      .modifier(ContextMenuTrigger { openAt = $0 })
      .presentation(.menu(at: openAt), isPresented: open, onDismiss: nil) {
        MenuPanel(content: items)
      }
  }
}

/// Hears requests for a context menu on its content's view.
private struct ContextMenuTrigger: WrappingModifier {
  let open: @MainActor (Point) -> Void
  var name: String { "ContextMenu" }

  func configure(_ node: WrapperNode) {
    let box = node.attachment as? ContextMenuRequestsBox ?? ContextMenuRequestsBox()
    // A disabled view opens no menu.
    let enabled = node.environment.isEnabled
    let open = self.open
    box.open = { point in if enabled { open(point) } }
    if node.attachment == nil {
      node.attachment = box
      let interaction = ContextMenuRequests { @MainActor [weak box] point in box?.open(point) }
      box.interaction = interaction
      node.view.addInteraction(interaction)
    }
  }
}

/// What a context menu's node keeps: the interaction and the latest way to open.
@MainActor
private final class ContextMenuRequestsBox {
  var open: @MainActor (Point) -> Void = { _ in }
  var interaction: ContextMenuRequests?
}
