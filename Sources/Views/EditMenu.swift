/// The edit menu of a view, as UIKit's `UIEditMenuInteraction` shows it: the standard edit
/// commands (``EditAction``) that the responder chain from the view can perform now, in a
/// small menu at a point. A secondary click on the view opens it, and so does a long press
/// where no drag interaction on the way to it would lift (rule 2: a drag lifts first).
///
/// ```swift
/// let field = NoteView()
/// field.addInteraction(EditMenuInteraction())
/// ```
///
/// The menu lists only what can be done: Copy while something is selected, Paste while the
/// general pasteboard holds what the view takes. A choice is sent along the responder
/// chain, as Control-C and the other keys are. In a window with a popup surface (a GTK
/// window's popover) the menu may reach past the window's edges; without one it shows
/// inside the window. The arrow keys, Return and Escape work in it, and a press outside
/// closes it.
@MainActor
public final class EditMenuInteraction: Interaction {
  public private(set) weak var view: View?
  /// The secondary clicks and long presses that open the menu.
  private var requests: ContextMenuRequests?
  private var menu: EditMenuView?
  private var overlay: View?
  private var surface: (any PopupSurface)?
  private weak var previousFocus: View?

  /// An interaction that shows its view's edit menu on request.
  public init() {
    requests = ContextMenuRequests { [weak self] point in self?.presentEditMenu(at: point) }
  }

  public func willMove(to view: View?) {
    dismissMenu()
    if let requests { self.view?.removeInteraction(requests) }
  }

  public func didMove(to view: View?) {
    self.view = view
    if let requests { view?.addInteraction(requests) }
  }

  /// The commands the menu would list now: those the responder chain from the view can
  /// perform, in UIKit's order.
  public var availableActions: [EditAction] {
    guard let view else { return [] }
    return EditMenuView.order.filter { view.canSendEditAction($0) }
  }

  /// Whether the menu shows.
  public var isPresented: Bool { menu != nil }

  /// The titles of the menu's items while it shows, in order.
  public var presentedTitles: [String] { menu?.actions.map(EditMenuView.title) ?? [] }

  /// Shows the menu at `point`, in the view's coordinates; a focusable view takes the
  /// focus first, as a text field does under a secondary click. Nothing shows when no
  /// command can be performed.
  public func presentEditMenu(at point: Point) {
    dismissMenu()
    guard let view, let window = view.window else { return }
    if view.canBecomeFocused && !view.isFocused { _ = window.focus(view) }
    let actions = availableActions
    guard !actions.isEmpty else { return }
    previousFocus = window.focusedView
    let menu = EditMenuView(actions: actions)
    menu.choose = { [weak self] action in self?.choose(action) }
    menu.cancel = { [weak self] in self?.dismissMenu() }
    self.menu = menu
    let anchor = view.convert(point, to: window)
    if let surface = window.popupSurfaceProvider?() {
      self.surface = surface
      surface.dismissed = { [weak self] in
        self?.surface = nil
        self?.dismissMenu()
      }
      surface.window.frame = Rect(origin: .zero, size: menu.frame.size)
      surface.window.addSubview(menu)
      surface.show(size: menu.frame.size, anchor: Rect(origin: anchor, size: Size(width: 1, height: 1)))
      _ = surface.window.focus(menu)
    } else {
      // Inside the window, over everything: a press outside the menu closes it.
      let overlay = EditMenuOverlay(frame: window.bounds)
      overlay.cancel = { [weak self] in self?.dismissMenu() }
      self.overlay = overlay
      let size = menu.frame.size
      menu.frame.origin = Point(
        x: min(max(0, anchor.x), max(0, window.bounds.width - size.width)),
        y: anchor.y + size.height <= window.bounds.height ? anchor.y : max(0, anchor.y - size.height))
      overlay.addSubview(menu)
      window.addSubview(overlay)
      _ = window.focus(menu)
    }
  }

  /// Closes the menu, if it shows, and gives the focus back.
  public func dismissMenu() {
    guard let menu else { return }
    self.menu = nil
    let surface = self.surface
    self.surface = nil
    surface?.dismissed = nil
    surface?.close()
    menu.removeFromSuperview()
    overlay?.removeFromSuperview()
    overlay = nil
    if let previousFocus, let window = previousFocus.window { _ = window.focus(previousFocus) }
    previousFocus = nil
  }

  private func choose(_ action: EditAction) {
    dismissMenu()
    view?.sendEditAction(action, sender: self)
  }
}

/// The list of an edit menu: one row a command, the highlighted one marked.
@MainActor
final class EditMenuView: View {
  /// UIKit's order of the standard commands in an edit menu.
  static let order: [EditAction] = [.cut, .copy, .paste, .delete, .selectAll]
  static let rowHeight = 32.0
  static let width = 150.0

  static func title(_ action: EditAction) -> String {
    switch action {
    case .cut: "Cut"
    case .copy: "Copy"
    case .paste: "Paste"
    case .selectAll: "Select All"
    case .delete: "Delete"
    }
  }

  let actions: [EditAction]
  var choose: (@MainActor (EditAction) -> Void)?
  var cancel: (@MainActor () -> Void)?
  private(set) var highlighted = 0 {
    didSet { setNeedsLayout() }
  }
  private let font = Font.systemFont(ofSize: 15)

  init(actions: [EditAction]) {
    self.actions = actions
    super.init(frame: Rect(x: 0, y: 0, width: Self.width, height: Self.rowHeight * Double(actions.count) + 8))
    accessibilityLabel = "Edit menu"
    let tap = TapGestureRecognizer { [weak self] recognizer in
      guard let self, recognizer.state == .ended else { return }
      let row = Int(((recognizer.location(in: self).y - 4) / Self.rowHeight).rounded(.down))
      if self.actions.indices.contains(row) { self.choose?(self.actions[row]) }
    }
    addGestureRecognizer(tap)
  }

  override var canBecomeFocused: Bool { true }

  override var accessibilityFocusDescription: String? {
    "\(Self.title(actions[highlighted])), \(highlighted + 1) of \(actions.count)"
  }

  override func keyEvent(_ event: KeyEvent) {
    guard event.phase == .down else { return super.keyEvent(event) }
    switch event.key {
    case .down: highlighted = (highlighted + 1) % actions.count
    case .up: highlighted = (highlighted + actions.count - 1) % actions.count
    case .return, .space: choose?(actions[highlighted])
    case .escape: cancel?()
    default: return super.keyEvent(event)
    }
    window?.updateFocusRing()
  }

  override func draw(in context: any GraphicsContext) {
    context.fill(Path(roundedRect: bounds, cornerRadius: 8), color: Color(red: 0.98, green: 0.98, blue: 0.98))
    context.stroke(
      Path(roundedRect: bounds.insetBy(dx: 0.5, dy: 0.5), cornerRadius: 8),
      color: Color(red: 0.75, green: 0.75, blue: 0.75), lineWidth: 1)
    for (index, action) in actions.enumerated() {
      let row = Rect(x: 4, y: 4 + Double(index) * Self.rowHeight, width: bounds.width - 8, height: Self.rowHeight)
      if index == highlighted && isFocused {
        context.fill(Path(roundedRect: row, cornerRadius: 5), color: Color(red: 0.2, green: 0.45, blue: 0.9))
      }
      let title = Self.title(action)
      let size = environment.textMeasurer.size(of: title, font: font)
      context.drawText(
        title, at: Point(x: row.minX + 12, y: row.midY - size.height / 2), font: font,
        color: index == highlighted && isFocused ? .white : .primary)
    }
  }

  override var snapshotDescription: String {
    super.snapshotDescription + " items=\(actions.map(Self.title)) highlighted=\(highlighted)"
  }
}

/// What covers a window while its edit menu shows inside it: a press outside the menu
/// closes the menu.
@MainActor
final class EditMenuOverlay: View {
  var cancel: (@MainActor () -> Void)?

  override init(frame: Rect) {
    super.init(frame: frame)
    addGestureRecognizer(
      TapGestureRecognizer { [weak self] recognizer in
        if recognizer.state == .ended { self?.cancel?() }
      })
  }
}

extension View {
  /// Whether some responder on the chain from this view performs `action` now: what
  /// ``sendEditAction(_:sender:)`` would find.
  public func canSendEditAction(_ action: EditAction, sender: Any? = nil) -> Bool {
    editResponderChain.contains { responder in
      if let view = responder as? View, let handlers = view.editCommandHandlers, handlers.canPerform(action) {
        return true
      }
      return responder.canPerformAction(action, withSender: sender)
    }
  }
}
