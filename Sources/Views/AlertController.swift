import Foundation

/// An alert or an action sheet, as UIKit's `UIAlertController`: a title, a message and
/// buttons made from ``AlertAction``s, presented over the window with
/// ``ViewController/present(_:animated:completion:)``. A tap on a button dismisses the
/// alert and then runs the action's handler.
///
/// ```swift
/// let alert = AlertController(title: "Delete the album?", message: nil, preferredStyle: .alert)
/// alert.addAction(AlertAction(title: "Cancel", style: .cancel))
/// alert.addAction(AlertAction(title: "Delete", style: .destructive) { _ in library.delete(album) })
/// present(alert, animated: true)
/// ```
///
/// Text fields in alerts (`addTextField(configurationHandler:)`) are not supported.
@MainActor
open class AlertController: ViewController {
  /// Where the alert shows.
  public enum Style: Sendable, Hashable {
    /// A box in the middle of the window.
    case alert
    /// A sheet of buttons at the bottom of the window.
    case actionSheet
  }

  /// The alert's bold first line.
  open override var title: String? { didSet { if isViewLoaded { rebuild() } } }
  /// The text under the title.
  public var message: String? { didSet { if isViewLoaded { rebuild() } } }
  /// Where the alert shows.
  public let preferredStyle: Style
  /// The actions, in the order they were added.
  public private(set) var actions: [AlertAction] = []
  /// The action whose button is bold and answers the Return key; the cancel action's
  /// button answers Escape.
  public var preferredAction: AlertAction? { didSet { if isViewLoaded { rebuild() } } }

  /// The panel the title, message and buttons are in.
  private let panel = View()
  /// Each action's button, in the order shown.
  public private(set) var buttons: [Button] = []

  /// An alert of `title` and `message` in `preferredStyle`.
  public init(title: String?, message: String?, preferredStyle: Style) {
    self.message = message
    self.preferredStyle = preferredStyle
    super.init()
    self.title = title
  }

  /// UIKit's archive initializer; archives are not read.
  public required init?(coder: NSCoder) {
    preferredStyle = .alert
    super.init(coder: coder)
  }

  /// Adds a button for `action`. An alert takes one cancel action at most: a second is a
  /// misuse, reported through ``APIMisuse`` and not added.
  public func addAction(_ action: AlertAction) {
    if action.style == .cancel, actions.contains(where: { $0.style == .cancel }) {
      APIMisuse.report(AlertControllerError.secondCancelAction(action.title ?? ""))
      return
    }
    actions.append(action)
    if isViewLoaded { rebuild() }
  }

  open override func loadView() {
    let dim = AlertBackdrop(frame: Rect(x: 0, y: 0, width: 320, height: 480))
    dim.alert = self
    dim.backgroundColor = Color(white: 0, alpha: 0.2)
    panel.backgroundColor = Color(white: 0.97)
    panel.cornerRadius = 14
    panel.clipsToBounds = true
    dim.addSubview(panel)
    view = dim
  }

  open override func viewDidLoad() {
    super.viewDidLoad()
    rebuild()
  }

  /// The view that had the keyboard focus before the alert took it.
  private weak var focusBefore: View?

  /// Takes the keyboard focus, so that Return and Escape reach the alert.
  open override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    guard let window = view.window else { return }
    focusBefore = window.focusedView
    window.focus(view)
  }

  /// Gives the keyboard focus back to the view that had it.
  open override func viewWillDisappear(_ animated: Bool) {
    super.viewWillDisappear(animated)
    guard let window = view.window, window.focusedView === view else { return }
    window.focus(focusBefore?.window === window ? focusBefore : nil)
  }

  /// The action Return runs: the preferred action, or the only action that does not cancel.
  var returnAction: AlertAction? {
    if let preferredAction { return preferredAction }
    let others = actions.filter { $0.style != .cancel }
    return others.count == 1 ? others[0] : nil
  }

  /// Runs `action`: dismisses the alert, then calls the handler.
  public func perform(_ action: AlertAction) {
    guard action.isEnabled, actions.contains(where: { $0 === action }) else { return }
    dismiss(animated: true) { action.handler?(action) }
  }

  // MARK: Layout

  /// The buttons in UIKit's order: a cancel action last in a sheet, and first of two side
  /// by side in an alert.
  private var shownActions: [AlertAction] {
    let cancel = actions.filter { $0.style == .cancel }
    let others = actions.filter { $0.style != .cancel }
    if preferredStyle == .alert && actions.count == 2 { return cancel + others }
    return others + cancel
  }

  /// The title's and the message's labels.
  private var textLabels: [Label] = []

  private func rebuild() {
    for subview in panel.subviews { subview.removeFromSuperview() }
    textLabels = [(title, Font.systemFont(ofSize: 17, weight: .semibold)), (message, Font.systemFont(ofSize: 13))]
      .compactMap { text, font in
        guard let text, !text.isEmpty else { return nil }
        let label = Label(text: text)
        label.font = font
        label.textAlignment = .center
        panel.addSubview(label)
        return label
      }
    buttons = shownActions.map { action in
      let button = Button(type: .system)
      button.setTitle(action.title, for: .normal)
      button.isEnabled = action.isEnabled
      if action.style == .destructive { button.setTitleColor(.systemRed, for: .normal) }
      let bold = action === preferredAction || (preferredAction == nil && action.style == .cancel)
      button.titleLabel?.font = .systemFont(ofSize: 17, weight: bold ? .semibold : .regular)
      button.addAction(
        Action(title: action.title ?? "") { [weak self] _ in self?.perform(action) }, for: .primaryActionTriggered)
      action.button = button
      panel.addSubview(button)
      return button
    }
    view.setNeedsLayout()
  }

  open override func viewDidLayoutSubviews() {
    super.viewDidLayoutSubviews()
    let width = preferredStyle == .alert ? min(270, view.bounds.width - 16) : view.bounds.width - 16
    var y = 20.0
    for label in textLabels {
      let height = label.sizeThatFits(Size(width: width - 32, height: 1_000)).height
      label.frame = Rect(x: 16, y: y, width: width - 32, height: height)
      y = label.frame.maxY + 4
    }
    y += 16
    let sideBySide = preferredStyle == .alert && buttons.count == 2
    for (index, button) in buttons.enumerated() {
      if sideBySide {
        button.frame = Rect(x: Double(index) * width / 2, y: y, width: width / 2, height: 44)
      } else {
        button.frame = Rect(x: 0, y: y, width: width, height: 44)
        y += 44
      }
    }
    if sideBySide { y += 44 }
    panel.frame =
      preferredStyle == .alert
      ? Rect(center: Point(x: view.bounds.midX, y: view.bounds.midY), size: Size(width: width, height: y))
      : Rect(x: 8, y: view.bounds.maxY - y - 8, width: width, height: y)
  }
}

/// A button of an alert, as UIKit's `UIAlertAction`.
@MainActor
public final class AlertAction {
  /// How the button looks and where it goes.
  public enum Style: Sendable, Hashable {
    /// A plain button.
    case `default`
    /// The button that does nothing: last in a sheet, answering Escape. One an alert.
    case cancel
    /// A button that destroys something, in red.
    case destructive
  }

  /// The button's title.
  public let title: String?
  /// How the button looks.
  public let style: Style
  /// Whether the button can be tapped.
  public var isEnabled = true { didSet { button?.isEnabled = isEnabled } }
  let handler: (@MainActor (AlertAction) -> Void)?
  weak var button: Button?

  /// An action that shows `title` in `style` and calls `handler`, if given, once the alert
  /// is dismissed.
  public init(title: String?, style: Style, handler: (@MainActor (AlertAction) -> Void)? = nil) {
    self.title = title
    self.style = style
    self.handler = handler
  }
}

/// An alert used in a way that cannot work.
public enum AlertControllerError: Error, Hashable, Sendable, CustomStringConvertible {
  /// An alert takes one cancel action; this one, of this title, was a second.
  case secondCancelAction(String)

  /// What went wrong, in a sentence.
  public var description: String {
    switch self {
    case .secondCancelAction(let title):
      "an alert takes one cancel action: \"\(title)\" is a second, and is not added"
    }
  }
}

/// The dimmed view behind an alert, which takes the keyboard focus while the alert shows:
/// Return runs the preferred action (or the only one that does not cancel), Escape the
/// cancel action.
@MainActor
final class AlertBackdrop: View {
  weak var alert: AlertController?

  override var canBecomeFocused: Bool { true }

  /// The focus ring goes around the alert's panel, not the whole window.
  override var keyboardFocusRect: Rect? { subviews.first?.frame }

  override func keyEvent(_ event: KeyEvent) {
    guard event.phase == .down, let alert else { return super.keyEvent(event) }
    switch event.key {
    case .return:
      if let action = alert.returnAction { alert.perform(action) }
    case .escape:
      if let cancel = alert.actions.first(where: { $0.style == .cancel }) { alert.perform(cancel) }
    default:
      super.keyEvent(event)
    }
  }
}
