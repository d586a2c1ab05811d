import DragDrop
import Foundation

extension TableViewCell {
  /// What a row's editing control does, as UIKit's `UITableViewCell.EditingStyle`.
  public enum EditingStyle: Int, Sendable {
    /// No control.
    case none
    /// A red control that offers to delete the row.
    case delete
    /// A green control that inserts a row.
    case insert
  }
}

/// An action a row shows when it is swiped, as UIKit's `UIContextualAction`: a button
/// beside the row that runs ``handler`` when tapped, or, as a row's first action, when the
/// row is swiped all the way.
@MainActor
public final class ContextualAction {
  /// How an action looks.
  public enum Style: Int, Sendable {
    /// A grey button.
    case normal
    /// A red button, for an action that removes the row.
    case destructive
  }

  /// Runs when the action is chosen, with the action, the view of its button, and a
  /// completion the handler calls when it is done: `true` when it did what it offered,
  /// `false` when it did not. Either closes the row.
  public typealias Handler = @MainActor (ContextualAction, View, @escaping (Bool) -> Void) -> Void

  /// How the action looks.
  public let style: Style
  /// The button's title.
  public var title: String?
  /// The button's colour: red for a destructive action, grey otherwise, unless set.
  public var backgroundColor: Color
  /// An image shown above the title.
  public var image: Image?
  /// What the action does.
  public let handler: Handler

  /// An action of `style`, titled `title`, that runs `handler`.
  public init(style: Style, title: String?, handler: @escaping Handler) {
    self.style = style
    self.title = title
    self.handler = handler
    backgroundColor = style == .destructive ? .systemRed : .systemGray
  }
}

/// The actions a swiped row shows on one side, as UIKit's `UISwipeActionsConfiguration`.
@MainActor
public final class SwipeActionsConfiguration {
  /// The actions, from the row's edge inwards.
  public let actions: [ContextualAction]
  /// Whether swiping the row most of the way across runs the first action: true by
  /// default.
  public var performsFirstActionWithFullSwipe = true

  /// A configuration of `actions`, the first nearest the row's edge.
  public init(actions: [ContextualAction]) {
    self.actions = actions
  }
}

/// A row swiped open, or being swiped: which row, which side, and how far.
@MainActor
final class RowSwipe {
  enum Edge { case leading, trailing }
  let indexPath: IndexPath
  let edge: Edge
  let configuration: SwipeActionsConfiguration
  /// How far the row's content has moved aside, in points.
  var offset = 0.0
  /// The buttons, one per action, in the table.
  var buttons: [View] = []
  /// The cell moved aside.
  weak var cell: TableViewCell?

  init(indexPath: IndexPath, edge: Edge, configuration: SwipeActionsConfiguration) {
    self.indexPath = indexPath
    self.edge = edge
    self.configuration = configuration
  }

  /// Every action's button is this wide when the row is open.
  static let buttonWidth = 74.0
  var openWidth: Double { Double(configuration.actions.count) * Self.buttonWidth }
}

/// The control on the left of a row in editing mode: a red circle with a bar, or a green one
/// with a cross.
@MainActor
final class EditingControlView: View {
  var style = TableViewCell.EditingStyle.none

  override func draw(in context: any GraphicsContext) {
    let side = min(bounds.width, bounds.height, 22)
    let circle = Rect(x: bounds.midX - side / 2, y: bounds.midY - side / 2, width: side, height: side)
    context.fill(Path(ellipseIn: circle), color: style == .insert ? .systemGreen : .systemRed)
    let bar = Rect(x: circle.minX + 5, y: circle.midY - 1, width: side - 10, height: 2)
    context.fill(Path(bar), color: .white)
    if style == .insert {
      context.fill(Path(Rect(x: circle.midX - 1, y: circle.minY + 5, width: 2, height: side - 10)), color: .white)
    }
  }
}

/// The control on the right of a row that can move in editing mode: three grey lines, which
/// a finger or the pointer drags to move the row.
@MainActor
final class ReorderControlView: View {
  override func draw(in context: any GraphicsContext) {
    for line in 0..<3 {
      let y = bounds.midY - 5 + Double(line) * 5 - 0.5
      context.fill(Path(Rect(x: bounds.midX - 9, y: y, width: 18, height: 1.5)), color: .systemGray)
    }
  }
}

/// Recognises a finger or the pointer going down on a row's reorder control: it begins at
/// once, as UIKit's does, and follows until the touch lifts.
@MainActor
final class ReorderRecognizer: GestureRecognizer {
  weak var table: TableView?

  override func touchesBegan(_ touches: [Touch]) {
    guard state == .possible, let table, let touch = touches.first else { return }
    let point = table.convert(touch.location, from: nil)
    if table.reorderControlRow(at: point) != nil { state = .began } else { state = .failed }
  }

  override func touchesMoved(_ touches: [Touch]) {
    if state == .began || state == .changed { state = .changed }
  }

  override func touchesEnded(_ touches: [Touch]) { endContinuousGesture() }
}

/// Recognises a finger moving across a row, more sideways than up or down: a swipe that
/// shows the row's actions. Pointer presses lift drags instead; a touchpad swipes through
/// horizontal scrolling.
@MainActor
final class RowSwipeRecognizer: GestureRecognizer {
  private var start: Point?

  override init(action: ((GestureRecognizer) -> Void)? = nil) {
    super.init(action: action)
    allowedTouchKinds = [.direct]
  }

  override func touchesBegan(_ touches: [Touch]) {
    if start == nil { start = touches.first?.location }
  }

  override func touchesMoved(_ touches: [Touch]) {
    guard let start, let point = touches.first?.location else { return }
    switch state {
    case .possible:
      let dx = abs(point.x - start.x)
      let dy = abs(point.y - start.y)
      if dy >= 10 && dy > dx {
        state = .failed
      } else if dx >= 10 && dx > 1.5 * dy {
        state = .began
      }
    case .began, .changed: state = .changed
    default: break
    }
  }

  override func touchesEnded(_ touches: [Touch]) { endContinuousGesture() }

  /// How far the touch has moved across since it went down.
  var translationX: Double {
    guard let start else { return 0 }
    return location(in: nil).x - start.x
  }

  override func reset() { start = nil }
}

extension TableView {
  /// Turns editing mode on or off: rows that can be edited show their editing control on
  /// the left (``TableViewDelegate/tableView(_:editingStyleForRowAt:)``), and rows that
  /// can move show a reorder control on the right, which a finger or the pointer drags to
  /// move the row through ``TableViewDataSource/tableView(_:moveRowAt:to:)``. A swiped row
  /// closes. See <doc:TableEditing>.
  public func setEditing(_ editing: Bool, animated: Bool) {
    guard editing != isEditingRows else { return }
    closeSwipe()
    cancelMovement()
    isEditingRows = editing
    setNeedsLayout()
  }

  /// The row whose reorder control is under `point` (content coordinates), in editing mode.
  func reorderControlRow(at point: Point) -> IndexPath? {
    guard isEditingRows, swipe == nil, let (cell, path) = shownRow(at: point), let control = cell.reorderControl,
      !control.isHidden, point.x >= cell.frame.maxX - TableViewCell.reorderControlWidth
    else { return nil }
    return path
  }

  /// The row whose editing control is under `point` (content coordinates), and its style.
  private func editingControlRow(at point: Point) -> (IndexPath, TableViewCell.EditingStyle)? {
    guard isEditingRows, let (cell, path) = shownRow(at: point), let control = cell.editingControl,
      !control.isHidden, control.style != .none, point.x <= cell.frame.minX + max(cell.editingIndent, 38)
    else { return nil }
    return (path, control.style)
  }

  private func shownRow(at point: Point) -> (TableViewCell, IndexPath)? {
    guard let path = indexPathForRow(at: point), let cell = cellForRow(at: path) else { return nil }
    return (cell, path)
  }

  /// Shows or hides a row's editing and reorder controls, as editing mode asks.
  func prepareRowForEditing(_ cell: TableViewCell, at indexPath: IndexPath) {
    // A cell that was swiped open for another row comes back whole.
    if cell.bounds.origin != .zero, swipe?.indexPath != indexPath { cell.slideContent(by: 0) }
    guard isEditingRows else {
      if cell.isEditing {
        cell.applyEditing(false, style: .none, indent: 0, reorder: false)
        cellsInEditingState -= 1
      }
      return
    }
    if !cell.isEditing { cellsInEditingState += 1 }
    let editable = dataSource?.tableView(self, canEditRowAt: indexPath) ?? false
    let style = editable ? tableDelegate?.tableView(self, editingStyleForRowAt: indexPath) ?? .delete : .none
    let indents = style != .none && (tableDelegate?.tableView(self, shouldIndentWhileEditingRowAt: indexPath) ?? true)
    let reorder =
      !dataSourceLacksMoveRow && cell.showsReorderControl
      && (dataSource?.tableView(self, canMoveRowAt: indexPath) ?? false)
    cell.applyEditing(true, style: style, indent: indents ? 38 : 0, reorder: reorder)
  }

  // MARK: Taps

  /// A tap on an open row's button runs its action; anywhere else it closes the row. In
  /// editing mode, a tap on a delete control opens the row's actions, on an insert control
  /// it inserts, and elsewhere it selects only with ``allowsSelectionDuringEditing``.
  func interceptRowTap(at point: Point) -> Bool {
    if let swipe {
      if let index = swipe.buttons.firstIndex(where: { $0.frame.contains(point) }) {
        perform(swipe.configuration.actions[index], of: swipe, button: swipe.buttons[index])
      } else {
        closeSwipe()
      }
      return true
    }
    guard isEditingRows else { return false }
    if let (path, style) = editingControlRow(at: point) {
      switch style {
      case .delete:
        if let configuration = trailingConfiguration(at: path) {
          openSwipe(RowSwipe(indexPath: path, edge: .trailing, configuration: configuration), offset: nil)
        }
      case .insert: commitEdit(.insert, at: path)
      case .none: break
      }
      return true
    }
    return !allowsSelectionDuringEditing
  }

  // MARK: Swipe actions

  /// The actions a row shows on its trailing side: the delegate's, or a Delete action when
  /// the row can be edited and its editing style is ``TableViewCell/EditingStyle/delete``.
  func trailingConfiguration(at indexPath: IndexPath) -> SwipeActionsConfiguration? {
    if let own = tableDelegate?.tableView(self, trailingSwipeActionsConfigurationForRowAt: indexPath) { return own }
    guard dataSource?.tableView(self, canEditRowAt: indexPath) ?? false,
      tableDelegate?.tableView(self, editingStyleForRowAt: indexPath) ?? .delete == .delete
    else { return nil }
    let title = tableDelegate?.tableView(self, titleForDeleteConfirmationButtonForRowAt: indexPath) ?? "Delete"
    let delete = ContextualAction(style: .destructive, title: title) { [weak self] _, _, completion in
      self?.commitEdit(.delete, at: indexPath)
      completion(true)
    }
    return SwipeActionsConfiguration(actions: [delete])
  }

  private func configuration(for edge: RowSwipe.Edge, at indexPath: IndexPath) -> SwipeActionsConfiguration? {
    let configuration =
      edge == .trailing
      ? trailingConfiguration(at: indexPath)
      : tableDelegate?.tableView(self, leadingSwipeActionsConfigurationForRowAt: indexPath)
    guard let configuration, !configuration.actions.isEmpty else { return nil }
    return configuration
  }

  /// Tells the data source to delete or insert a row, and warns when it does not
  /// implement ``TableViewDataSource/tableView(_:commit:forRowAt:)``.
  func commitEdit(_ style: TableViewCell.EditingStyle, at indexPath: IndexPath) {
    guard let dataSource else { return }
    noteApplicationCall("tableView(_:commit:forRowAt:)", at: indexPath)
    dataSourceCommittedEdit = true
    dataSource.tableView(self, commit: style, forRowAt: indexPath)
    if !dataSourceCommittedEdit {
      Self.logger.warning(
        "the data source does not implement tableView(_:commit:forRowAt:), so the row stays",
        metadata: ["dataSource": "\(type(of: dataSource))", "indexPath": "\(indexPath)"])
    }
  }

  private func perform(_ action: ContextualAction, of swipe: RowSwipe, button: View) {
    action.handler(action, button) { [weak self, weak swipe] _ in
      guard let self, let swipe, self.swipe === swipe else { return }
      self.closeSwipe()
    }
  }

  /// Opens `swipe` to `offset`, or to its buttons' width; a row open before closes.
  func openSwipe(_ new: RowSwipe, offset: Double?) {
    if let swipe, swipe !== new { closeSwipe() }
    swipe = new
    new.offset = offset ?? new.openWidth
    layoutSwipe()
  }

  /// Closes the open row, if any.
  public func closeSwipe() {
    guard let swipe else { return }
    self.swipe = nil
    swipeBase = nil
    for button in swipe.buttons { button.removeFromSuperview() }
    for cell in [swipe.cell, cellForRow(at: swipe.indexPath)].compactMap({ $0 }) { cell.slideContent(by: 0) }
  }

  /// Moves the swiped row's content aside and shows its buttons in the space it leaves.
  func layoutSwipe() {
    guard let swipe else { return }
    guard let cell = cellForRow(at: swipe.indexPath) else {
      closeSwipe()
      return
    }
    if let old = swipe.cell, old !== cell { old.slideContent(by: 0) }
    swipe.cell = cell
    let row = cell.frame
    let offset = min(max(0, swipe.offset), row.width)
    cell.slideContent(by: swipe.edge == .trailing ? -offset : offset)
    let actions = swipe.configuration.actions
    if swipe.buttons.isEmpty {
      swipe.buttons = actions.map { action in
        let button = View()
        button.backgroundColor = action.backgroundColor
        button.clipsToBounds = true
        let label = Label(text: action.title)
        label.textColor = .white
        label.font = .systemFont(ofSize: 15, weight: .medium)
        label.textAlignment = .center
        button.addSubview(label)
        button.accessibilityLabel = action.title
        return button
      }
    }
    let width = offset / Double(max(1, actions.count))
    for (index, button) in swipe.buttons.enumerated() {
      let x =
        swipe.edge == .trailing ? row.maxX - Double(index + 1) * width : row.minX + Double(index) * width
      button.frame = Rect(x: x, y: row.minY, width: width, height: row.height)
      button.subviews.first?.frame = Rect(x: 0, y: 0, width: width, height: row.height)
      if button.superview !== self || subviews.last !== button { addSubview(button) }
    }
  }

  /// Follows a finger swiping across a row.
  func handleSwipe(_ recognizer: RowSwipeRecognizer) {
    let point = recognizer.location(in: self)
    switch recognizer.state {
    case .began:
      guard !isEditingRows, movement == nil, !hasActiveDrag, let path = indexPathForRow(at: point) else {
        swipeBase = nil
        return
      }
      let dx = recognizer.translationX
      if let swipe, swipe.indexPath == path {
        swipeBase = (swipe, swipe.offset)
        return
      }
      closeSwipe()
      _ = beginSwipe(at: path, edge: dx < 0 ? .trailing : .leading, offset: abs(dx))
    case .changed:
      guard let (swipe, base) = swipeBase, self.swipe === swipe else { return }
      let dx = recognizer.translationX
      swipe.offset = max(0, base + (swipe.edge == .trailing ? -dx : dx))
      layoutSwipe()
    case .ended:
      endSwipeGesture()
    case .cancelled, .failed:
      swipeBase = nil
      closeSwipe()
    case .possible:
      break
    }
  }

  /// Opens `edge`'s actions of the row at `path` to `offset`, for a gesture that goes on
  /// moving it; false, and nothing opens, when the row has no actions on that side.
  private func beginSwipe(at path: IndexPath, edge: RowSwipe.Edge, offset: Double) -> Bool {
    guard let configuration = configuration(for: edge, at: path) else {
      swipeBase = nil
      return false
    }
    let new = RowSwipe(indexPath: path, edge: edge, configuration: configuration)
    swipeBase = (new, 0)
    openSwipe(new, offset: offset)
    return true
  }

  /// Lets the row a gesture was moving come to rest; false when no gesture was moving one.
  @discardableResult
  private func endSwipeGesture() -> Bool {
    guard let (swipe, _) = swipeBase, self.swipe === swipe else { return false }
    swipeBase = nil
    settle(swipe)
    return true
  }

  /// Where a swipe rests when the finger lifts: past 60% of the row with a full-swipe
  /// action, the action runs; past half its buttons, the row stays open; otherwise it closes.
  func settle(_ swipe: RowSwipe) {
    let width = cellForRow(at: swipe.indexPath)?.frame.width ?? bounds.width
    if swipe.configuration.performsFirstActionWithFullSwipe, swipe.offset >= 0.6 * width,
      let first = swipe.configuration.actions.first, let button = swipe.buttons.first
    {
      perform(first, of: swipe, button: button)
    } else if swipe.offset >= swipe.openWidth / 2 {
      swipe.offset = swipe.openWidth
      layoutSwipe()
    } else {
      closeSwipe()
    }
  }

  /// A touchpad's sideways scroll over a row swipes it, as two fingers do on a Mac: true
  /// when the event went to a swipe.
  func swipeByScrolling(_ event: ScrollEvent) -> Bool {
    guard event.kind == .precise, !isEditingRows, movement == nil else { return false }
    switch event.phase {
    case .ended:
      return endSwipeGesture()
    case .changed:
      if let (swipe, _) = swipeBase, self.swipe === swipe {
        // Content moves left for a positive delta: the trailing side opens.
        swipe.offset = max(0, swipe.offset + (swipe.edge == .trailing ? event.delta.x : -event.delta.x))
        layoutSwipe()
        return true
      }
      guard abs(event.delta.x) > 2 * abs(event.delta.y), event.delta.x != 0,
        let path = indexPathForRow(at: convert(event.location, from: nil))
      else { return false }
      let edge: RowSwipe.Edge = event.delta.x > 0 ? .trailing : .leading
      if let swipe, swipe.indexPath == path, swipe.edge == edge {
        swipeBase = (swipe, swipe.offset)
        swipe.offset += abs(event.delta.x)
        layoutSwipe()
        return true
      }
      return beginSwipe(at: path, edge: edge, offset: abs(event.delta.x))
    }
  }

  // MARK: Reordering

  /// Follows a finger or the pointer dragging a row by its reorder control.
  func handleReorder(_ recognizer: ReorderRecognizer) {
    let point = recognizer.location(in: self)
    switch recognizer.state {
    case .began:
      guard let path = reorderControlRow(at: point), let frame = rectForRow(at: path),
        beginMovement(at: path, canMove: { dataSource?.tableView(self, canMoveRowAt: $0) ?? false })
      else { return }
      reorderGrip = point.y - frame.midY
    case .changed:
      guard let moving = movement, let frame = rectForRow(at: moving.original) else { return }
      updateMovement(to: Point(x: frame.midX, y: point.y - reorderGrip)) { original, _, proposed in
        tableDelegate?.tableView(self, targetIndexPathForMoveFromRowAt: original, toProposedIndexPath: proposed)
          ?? proposed
      }
    case .ended:
      endMovement(missing: "tableView(_:moveRowAt:to:)") { source, destination in
        reorderShownByDataSource = false
        let moved = data.moveItem(from: source, to: destination)
        let shown = reorderShownByDataSource
        reorderShownByDataSource = false
        if !moved { dataSourceLacksMoveRow = true }
        return (moved, shown)
      }
    case .cancelled, .failed:
      cancelMovement()
    case .possible:
      break
    }
  }
}
