import DragDrop
import Views

/// A single-line text editor bound to a string: a caret, a selection, editing from the
/// keyboard, and text dropped at the point where it lands.
///
/// ```swift
/// TextField("ここにドロップして", text: $getText)
/// ```
///
/// Text from the platform's input method (GtkIMContext in a GTK window, for Japanese, say)
/// is shown underlined while it is composed, and typed when it is committed.
///
/// Keys: characters type over the selection; Backspace and Delete delete; Left and Right
/// move (with Shift, select); Home and End go to the ends; Control-A selects all;
/// Control-C and Control-X copy and cut the selection to the general pasteboard, and
/// Control-V pastes its text (in a GTK window, the desktop's clipboard: what a browser or
/// any other application copied); Return runs the `onSubmit` action. A press puts the caret
/// under the pointer.
///
/// Its look comes from the environment's ``TextFieldStyle`` (``View/textFieldStyle(_:)``):
/// `.roundedBorder` draws it in a white box with a grey rounded border; `.plain` and
/// `.automatic` draw the text alone.
public struct TextField: View {
  let title: String
  let text: Binding<String>
  let onCommit: (@MainActor () -> Void)?
  @Environment(\.textFieldStyleKind) private var style

  /// An editor showing `title` in grey while `text` is empty; Return runs `onCommit` and
  /// the ``View/onSubmit(of:_:)`` actions around it.
  public init<S: StringProtocol>(_ title: S, text: Binding<String>, onCommit: (@MainActor () -> Void)? = nil) {
    self.title = String(title)
    self.text = text
    self.onCommit = onCommit
  }

  public var body: some View {
    let core = TextFieldCore(title: title, text: text, onCommit: onCommit)
    if style == .roundedBorder {
      core
        .padding(.horizontal, 7)
        .padding(.vertical, 5)
        .background(RoundedRectangle(cornerRadius: 5).fill(.white))
        .overlay(RoundedRectangle(cornerRadius: 5).strokeBorder(Color(red: 0.8, green: 0.8, blue: 0.82), lineWidth: 1))
    } else {
      core
    }
  }
}

/// How a text field looks, as SwiftUI's `TextFieldStyle`.
@MainActor @preconcurrency
public protocol TextFieldStyle {
  /// The look, for DragDropUI to draw.
  var kind: TextFieldStyleKind { get }
}

/// The looks of the built-in text field styles.
public enum TextFieldStyleKind: Hashable, Sendable {
  /// The text alone.
  case plain
  /// The text in a white box with a grey rounded border.
  case roundedBorder
}

/// The platform's style: the text alone.
public struct DefaultTextFieldStyle: TextFieldStyle {
  /// The default style.
  public init() {}
  public var kind: TextFieldStyleKind { .plain }
}

/// The text alone.
public struct PlainTextFieldStyle: TextFieldStyle {
  /// The plain style.
  public init() {}
  public var kind: TextFieldStyleKind { .plain }
}

/// The text in a white box with a grey rounded border.
public struct RoundedBorderTextFieldStyle: TextFieldStyle {
  /// The rounded-border style.
  public init() {}
  public var kind: TextFieldStyleKind { .roundedBorder }
}

extension TextFieldStyle where Self == DefaultTextFieldStyle {
  /// The platform's style.
  public static var automatic: DefaultTextFieldStyle { DefaultTextFieldStyle() }
}

extension TextFieldStyle where Self == PlainTextFieldStyle {
  /// The text alone.
  public static var plain: PlainTextFieldStyle { PlainTextFieldStyle() }
}

extension TextFieldStyle where Self == RoundedBorderTextFieldStyle {
  /// The text in a rounded border.
  public static var roundedBorder: RoundedBorderTextFieldStyle { RoundedBorderTextFieldStyle() }
}

/// What ``View/onSubmit(of:_:)`` submits on.
public struct SubmitTriggers: OptionSet, Hashable, Sendable {
  public let rawValue: Int
  /// Triggers of `rawValue`.
  public init(rawValue: Int) { self.rawValue = rawValue }
  /// Return in a text field.
  public static let text = SubmitTriggers(rawValue: 1)
  /// Return in a search field: accepted; there are no search fields.
  public static let search = SubmitTriggers(rawValue: 2)
}

extension EnvironmentValues {
  private struct TextFieldStyleKey: EnvironmentKey {
    static let defaultValue = TextFieldStyleKind.plain
  }

  private struct SubmitKey: EnvironmentKey {
    static let defaultValue: (@MainActor () -> Void)? = nil
  }

  /// The look of the text fields inside.
  public var textFieldStyleKind: TextFieldStyleKind {
    get { self[TextFieldStyleKey.self] }
    set { self[TextFieldStyleKey.self] = newValue }
  }

  /// What Return in a text field inside runs, besides its own `onCommit`.
  var submitAction: (@MainActor () -> Void)? {
    get { self[SubmitKey.self] }
    set { self[SubmitKey.self] = newValue }
  }
}

extension View {
  /// Sets the style of the text fields inside.
  public func textFieldStyle<Style: TextFieldStyle>(_ style: Style) -> some View {
    environment(\.textFieldStyleKind, style.kind)
  }

  /// Runs `action` when Return is pressed in a text field inside: after the field's own
  /// `onCommit`, and before the actions of `onSubmit`s further out.
  public func onSubmit(of triggers: SubmitTriggers = .text, _ action: @escaping @MainActor () -> Void) -> some View {
    modifier(
      EnvironmentWriter(key: nil) { values in
        guard triggers.contains(.text) else { return }
        let outer = values.submitAction
        values.submitAction = {
          action()
          outer?()
        }
      })
  }
}

/// The editor itself, without its style.
struct TextFieldCore: View {
  let title: String
  let text: Binding<String>
  let onCommit: (@MainActor () -> Void)?

  var body: Never { primitiveBodyRequested(Self.self) }
}

extension TextFieldCore: PrimitiveView {
  func makeNode(in context: NodeContext) -> ViewNode {
    let node = TextFieldNode(context, viewType: ObjectIdentifier(Self.self))
    update(node)
    return node
  }

  func update(_ node: ViewNode) {
    guard let node = node as? TextFieldNode else { return }
    node.field.binding = text
    let onCommit = self.onCommit
    let submit = node.environment.submitAction
    if onCommit == nil && submit == nil {
      node.field.onSubmit = nil
    } else {
      node.field.onSubmit = {
        onCommit?()
        submit?()
      }
    }
    node.field.placeholder = title
    node.field.isEnabled = node.environment.isEnabled
    let value = node.readingState { text.wrappedValue }
    if value != node.field.editing.text {
      // As in UIKit, text set from outside puts the caret at its end.
      node.field.editing.setText(value)
      node.field.editing.moveCaret(to: node.field.editing.characters.count)
      node.didRedraw()
    }
  }
}

@MainActor
final class TextFieldNode: LayoutNode {
  let field: TextFieldView

  init(_ context: NodeContext, viewType: ObjectIdentifier) {
    field = TextFieldView()
    super.init(context, viewType: viewType, view: field)
    field.textNode = self
    applyEnvironment()
  }

  override var displayName: String { "TextField" }

  override func environmentDidChange() {
    applyEnvironment()
    didRedraw()
  }

  private func applyEnvironment() {
    field.font = environment.font ?? .body
    field.color = environment.foregroundColor ?? .primary
    field.isEnabled = environment.isEnabled
  }

  override func measure(_ proposal: ProposedViewSize) -> Size {
    let measurer = field.measurer
    let height = measurer.size(of: "Ag", font: field.font).height
    let ideal =
      max(
        measurer.size(of: field.placeholder, font: field.font).width,
        measurer.size(of: field.editing.text, font: field.font).width) + 2
    return Size(width: proposal.width.map { $0.isFinite ? $0 : ideal } ?? ideal, height: height)
  }
}

/// The on-screen editor of a ``TextField``.
@MainActor
final class TextFieldView: HostedView {
  weak var textNode: TextFieldNode?
  var editing = TextEditing()
  var binding: Binding<String>?
  var onSubmit: (@MainActor () -> Void)?
  var placeholder = ""
  var font = Font.body
  var color = Color.primary
  var isEnabled = true
  /// Where a drag of text would drop, while one is over the field.
  private(set) var dropCaret: Int?
  /// How far the text is scrolled left, to keep the caret in view.
  private var scrollOffset = 0.0
  private var dropTarget: TextDropTarget?
  private let press = TapGestureRecognizer()
  private let editMenu = EditMenuInteraction()

  var measurer: any TextMeasuring { environment.textMeasurer }

  override init(frame: Rect = .zero) {
    super.init(frame: frame)
    press.addAction { [weak self] recognizer in
      // A long press that opened the edit menu ends as a tap too: the menu keeps the keys.
      guard let self, recognizer.state == .ended, self.isEnabled, !self.editMenu.isPresented else { return }
      _ = self.window?.focus(self)
      self.editing.moveCaret(to: self.position(at: recognizer.location(in: self)))
      self.didEdit(textChanged: false)
    }
    addGestureRecognizer(press)
    let target = TextDropTarget(field: self)
    dropTarget = target
    addInteraction(target.interaction)
    // Cut, Copy, Paste and Select All on a secondary click or a long press.
    addInteraction(editMenu)
  }

  override var canBecomeFocused: Bool { isEnabled }

  override var acceptsTextInput: Bool { isEnabled }

  /// What an input method is composing, shown underlined at the caret until it commits.
  private(set) var markedText: String?

  override func insertText(_ text: String) {
    guard isEnabled else { return }
    markedText = nil
    editing.insert(text)
    didEdit(textChanged: true)
  }

  override func setMarkedText(_ text: String?) {
    let text = text?.isEmpty == true ? nil : text
    guard text != markedText else { return }
    markedText = text
    textNode?.didRedraw()
  }

  override var textInputCaretRect: Rect? {
    let height = measurer.size(of: "Ag", font: font).height
    return Rect(x: offset(of: editing.caret), y: (bounds.height - height) / 2, width: 1, height: height)
  }

  override func focusDidChange(_ isFocused: Bool) {
    if !isFocused { markedText = nil }
    textNode?.didRedraw()
  }

  override var accessibilityFocusDescription: String? {
    editing.text.isEmpty ? placeholder : editing.text
  }

  // MARK: Geometry of the text

  /// The x of the boundary before character `position`, in the view's coordinates.
  func offset(of position: Int) -> Double {
    let prefix = String(editing.characters.prefix(max(0, position)))
    return measurer.size(of: prefix, font: font).width - scrollOffset
  }

  /// The character boundary nearest to `point`.
  /// The boundaries' offsets grow with the position, so a binary search finds the first
  /// one at or past the point in O(log n) measurements; then the nearer of it and the one
  /// before wins. It runs on every move of a drag over the field.
  func position(at point: Point) -> Int {
    var low = 0
    var high = editing.characters.count
    while low < high {
      let middle = (low + high) / 2
      if offset(of: middle) < point.x { low = middle + 1 } else { high = middle }
    }
    guard low > 0 else { return 0 }
    return point.x - offset(of: low - 1) <= offset(of: low) - point.x ? low - 1 : low
  }

  private func scrollToCaret() {
    let caretX = offset(of: editing.caret) + scrollOffset
    if caretX - scrollOffset > bounds.width - 2 { scrollOffset = caretX - bounds.width + 2 }
    if caretX - scrollOffset < 0 { scrollOffset = max(0, caretX) }
  }

  // MARK: Editing

  override func keyEvent(_ event: KeyEvent) {
    guard event.phase == .down, isEnabled else { return super.keyEvent(event) }
    let shift = event.modifiers.contains(.shift)
    switch event.key {
    case .character(let string) where event.modifiers.contains(.control):
      switch string.lowercased() {
      case "a": selectAll(nil)
      case "c": copy(nil)
      case "x": cut(nil)
      case "v": paste(nil)
      default:
        super.keyEvent(event)
      }
    case .character(let string):
      editing.insert(string)
      didEdit(textChanged: true)
    case .space:
      editing.insert(" ")
      didEdit(textChanged: true)
    case .backspace:
      editing.deleteBackward()
      didEdit(textChanged: true)
    case .delete:
      editing.deleteForward()
      didEdit(textChanged: true)
    case .left:
      editing.moveCaret(by: -1, extending: shift)
      didEdit(textChanged: false)
    case .right:
      editing.moveCaret(by: 1, extending: shift)
      didEdit(textChanged: false)
    case .home:
      editing.moveCaret(to: 0, extending: shift)
      didEdit(textChanged: false)
    case .end:
      editing.moveCaret(to: editing.characters.count, extending: shift)
      didEdit(textChanged: false)
    case .return:
      onSubmit?()
    default:
      super.keyEvent(event)
    }
  }

  // MARK: Edit commands

  override func canPerformAction(_ action: EditAction, withSender sender: Any?) -> Bool {
    guard isEnabled else { return false }
    switch action {
    case .cut, .copy, .delete: return !editing.selection.isEmpty
    case .paste: return Pasteboard.general.hasStrings
    case .selectAll: return editing.selection.count < editing.characters.count
    }
  }

  /// Copy: the selection goes to the general pasteboard, so to the desktop's clipboard
  /// where there is one.
  override func copy(_ sender: Any?) {
    guard isEnabled, !editing.selection.isEmpty else { return }
    Pasteboard.general.string = String(editing.characters[editing.selection])
  }

  /// Cut: a copy, then the selection is deleted.
  override func cut(_ sender: Any?) {
    guard isEnabled, !editing.selection.isEmpty else { return }
    copy(sender)
    delete(sender)
  }

  /// Paste: the general pasteboard's text, another application's included, over the
  /// selection, its line breaks dropped as a single line has none.
  override func paste(_ sender: Any?) {
    guard isEnabled, let text = Pasteboard.general.string, !text.isEmpty else { return }
    editing.insert(text)
    didEdit(textChanged: true)
  }

  override func selectAll(_ sender: Any?) {
    guard isEnabled else { return }
    editing.selectAll()
    didEdit(textChanged: false)
  }

  override func delete(_ sender: Any?) {
    guard isEnabled, !editing.selection.isEmpty else { return }
    editing.deleteBackward()
    didEdit(textChanged: true)
  }

  /// Inserts dropped text at `position`.
  func insertDropped(_ string: String, at position: Int) {
    editing.insert(string, at: position..<position)
    didEdit(textChanged: true)
  }

  func showDropCaret(at position: Int?) {
    guard position != dropCaret else { return }
    dropCaret = position
    textNode?.didRedraw()
  }

  /// A middle click: the primary selection goes in where the click is, as in every text
  /// field of the desktop.
  override func pastePrimarySelection(at point: Point) -> Bool {
    guard isEnabled else { return false }
    _ = window?.focus(self)
    guard let text = PrimarySelection.text(), !text.isEmpty else { return true }
    editing.moveCaret(to: position(at: point))
    editing.insert(text)
    didEdit(textChanged: true)
    return true
  }

  /// The selection last offered as the primary selection.
  private var offeredSelection: Range<Int>?

  private func didEdit(textChanged: Bool) {
    // A new selection is the desktop's primary selection: a middle click anywhere pastes it.
    if !editing.selection.isEmpty, editing.selection != offeredSelection || textChanged {
      offeredSelection = editing.selection
      PrimarySelection.select(String(editing.characters[editing.selection]))
    } else if editing.selection.isEmpty {
      offeredSelection = nil
    }
    scrollToCaret()
    textNode?.didRedraw()
    if textChanged, let binding, binding.wrappedValue != editing.text {
      binding.wrappedValue = editing.text
    }
  }

  // MARK: Drawing

  override func draw(in context: any GraphicsContext) {
    context.save()
    context.clip(to: Path(bounds))
    let height = measurer.size(of: "Ag", font: font).height
    let top = (bounds.height - height) / 2
    if !editing.selection.isEmpty && isFocused {
      let from = offset(of: editing.selection.lowerBound)
      let to = offset(of: editing.selection.upperBound)
      context.fill(Path(Rect(x: from, y: top, width: to - from, height: height)), color: Self.selectionColor)
    }
    if let markedText {
      // The composition shows at the caret, underlined, between the text on either side.
      let before = String(editing.characters[..<editing.selection.lowerBound])
      let after = String(editing.characters[editing.selection.upperBound...])
      let x = offset(of: editing.selection.lowerBound)
      let width = measurer.size(of: markedText, font: font).width
      context.drawText(before, at: Point(x: -scrollOffset, y: top), font: font, color: color)
      context.drawText(markedText, at: Point(x: x, y: top), font: font, color: color)
      context.fill(Path(Rect(x: x, y: top + height - 1, width: width, height: 1)), color: color)
      context.drawText(after, at: Point(x: x + width, y: top), font: font, color: color)
    } else if editing.characters.isEmpty {
      context.drawText(placeholder, at: Point(x: 0, y: top), font: font, color: Self.placeholderColor)
    } else {
      context.drawText(editing.text, at: Point(x: -scrollOffset, y: top), font: font, color: color)
    }
    if markedText != nil {
      // The input method draws no caret of ours while it composes.
    } else if let dropCaret {
      context.fill(Path(Rect(x: offset(of: dropCaret) - 1, y: top, width: 2, height: height)), color: .accentColor)
    } else if isFocused && editing.selection.isEmpty {
      context.fill(Path(Rect(x: offset(of: editing.caret), y: top, width: 1, height: height)), color: color)
    }
    context.restore()
  }

  static let selectionColor = Color(red: 0.7, green: 0.82, blue: 1)
  static let placeholderColor = Color(red: 0.24, green: 0.24, blue: 0.26, alpha: 0.3)

  override var snapshotDescription: String {
    var description = super.snapshotDescription + " text=\"\(editing.text)\""
    if let markedText { description += " marked=\"\(markedText)\"" }
    if editing.characters.isEmpty { description += " placeholder=\"\(placeholder)\"" }
    description += " selection=\(editing.selection.lowerBound)..<\(editing.selection.upperBound)"
    return description
  }
}

/// Takes drops of text into a text field, at the point where they land.
@MainActor
final class TextDropTarget: DropInteractionDelegate {
  let interaction: DropInteraction
  private weak var field: TextFieldView?

  init(field: TextFieldView) {
    self.field = field
    interaction = DropInteraction(delegate: InertDropDelegate.shared)
    interaction.delegate = self
    interaction.name = "TextField"
  }

  func dropInteraction(_ interaction: DropInteraction, canHandle session: DragDrop.DropSession) -> Bool {
    (field?.isEnabled ?? false) && session.canLoadObjects(ofClass: String.self)
  }

  func dropInteraction(
    _ interaction: DropInteraction, sessionDidUpdate session: DragDrop.DropSession
  ) -> DragDrop.DropProposal {
    guard let field else { return DragDrop.DropProposal(operation: .cancel) }
    field.showDropCaret(at: field.position(at: session.location(in: field)))
    return DragDrop.DropProposal(operation: .copy)
  }

  func dropInteraction(_ interaction: DropInteraction, sessionDidExit session: DragDrop.DropSession) {
    field?.showDropCaret(at: nil)
  }

  func dropInteraction(_ interaction: DropInteraction, performDrop session: DragDrop.DropSession) {
    guard let field else { return }
    let position = field.position(at: session.location(in: field))
    field.showDropCaret(at: nil)
    session.loadObjects(ofClass: String.self) { [weak field] strings in
      guard let field, !strings.isEmpty else { return }
      field.insertDropped(strings.joined(separator: " "), at: position)
    }
  }

  func dropInteraction(_ interaction: DropInteraction, sessionDidEnd session: DragDrop.DropSession) {
    field?.showDropCaret(at: nil)
  }
}
