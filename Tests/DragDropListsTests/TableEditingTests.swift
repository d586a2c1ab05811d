import DragDrop
import DragDropTesting
import Foundation
import Testing

@testable import DragDropLists

/// Rows of strings that can be deleted, inserted and moved, recording what the table asks.
@MainActor
final class EditableModel: TableViewDataSource, TableViewDelegate {
  var rows: [String]
  var log: [String] = []
  var style = TableViewCell.EditingStyle.delete
  var trailing: SwipeActionsConfiguration?
  var leading: SwipeActionsConfiguration?
  var redirect: ((IndexPath) -> IndexPath)?
  var selections: [IndexPath] = []

  init(_ rows: [String]) { self.rows = rows }

  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rows.count }
  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
    cell.textLabel?.text = rows[indexPath.row]
    return cell
  }
  func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool { indexPath.row != 4 }
  func tableView(_ tableView: TableView, moveRowAt source: IndexPath, to destination: IndexPath) {
    log.append("move \(source.row) to \(destination.row)")
    rows.insert(rows.remove(at: source.row), at: destination.row)
  }
  func tableView(
    _ tableView: TableView, commit editingStyle: TableViewCell.EditingStyle, forRowAt indexPath: IndexPath
  ) {
    log.append("commit \(editingStyle) \(indexPath.row)")
    switch editingStyle {
    case .delete:
      rows.remove(at: indexPath.row)
      tableView.deleteRows(at: [indexPath], with: .automatic)
    case .insert:
      rows.insert("new", at: indexPath.row)
      tableView.insertRows(at: [indexPath], with: .automatic)
    case .none: break
    }
  }
  func tableView(_ tableView: TableView, editingStyleForRowAt indexPath: IndexPath) -> TableViewCell.EditingStyle {
    style
  }
  func tableView(
    _ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath
  ) -> SwipeActionsConfiguration? { trailing }
  func tableView(
    _ tableView: TableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath
  ) -> SwipeActionsConfiguration? { leading }
  func tableView(
    _ tableView: TableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
    toProposedIndexPath proposedDestinationIndexPath: IndexPath
  ) -> IndexPath { redirect?(proposedDestinationIndexPath) ?? proposedDestinationIndexPath }
  func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) { selections.append(indexPath) }
}

/// A data source that implements neither moveRowAt nor commit.
@MainActor
final class ReadOnlyModel: TableViewDataSource {
  let rows = ["a", "b", "c"]
  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rows.count }
  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
    cell.textLabel?.text = rows[indexPath.row]
    return cell
  }
}

@MainActor
@Suite struct TableEditingTests {
  static let letters = ["a", "b", "c", "d", "e", "f"]

  func makeTable(_ source: any TableViewDataSource, delegate: (any TableViewDelegate)? = nil) -> (TestWindow, TableView)
  {
    let test = TestWindow(size: Size(width: 320, height: 480))
    let table = TableView(frame: Rect(x: 0, y: 0, width: 320, height: 480))
    table.register(TableViewCell.self, forCellReuseIdentifier: "cell")
    table.dataSource = source
    table.delegate = delegate
    test.window.addSubview(table)
    table.layoutIfNeeded()
    return (test, table)
  }

  func row(_ index: Int) -> Double { Double(index) * 44 + 22 }
  func texts(_ table: TableView) -> [String] { table.visibleCells.compactMap(\.textLabel?.text) }

  @Test("Editing mode shows a delete control and, where a row can move, a reorder control, and moves the content aside")
  func editingControls() throws {
    let model = EditableModel(Self.letters)
    let (_, table) = makeTable(model, delegate: model)
    table.setEditing(true, animated: false)
    table.layoutIfNeeded()
    let cell = try #require(table.cellForRow(at: IndexPath(row: 0, section: 0)))
    #expect(cell.isEditing)
    #expect(cell.editingControl?.style == .delete)
    #expect(cell.reorderControl?.isHidden == false)
    cell.layoutIfNeeded()
    #expect(cell.contentView.frame == Rect(x: 38, y: 0, width: 320 - 38 - 44, height: 44))
    // Row 4 cannot move.
    #expect(table.cellForRow(at: IndexPath(row: 4, section: 0))?.reorderControl?.isHidden ?? true)
    table.isEditing = false
    table.layoutIfNeeded()
    #expect(!cell.isEditing)
    #expect(cell.editingControl?.isHidden ?? true)
    cell.layoutIfNeeded()
    #expect(cell.contentView.frame == cell.bounds)
  }

  @Test("A finger on a reorder control moves the row at once, and the data source's moveRowAt takes it")
  func reorderByFinger() {
    let model = EditableModel(Self.letters)
    let (test, table) = makeTable(model, delegate: model)
    table.isEditing = true
    table.layoutIfNeeded()
    test.press(at: Point(x: 300, y: row(0)))
    test.move(to: Point(x: 300, y: row(2) + 10))
    #expect(table.hasUncommittedUpdates)
    test.release()
    #expect(model.log == ["move 0 to 2"])
    #expect(model.rows == ["b", "c", "a", "d", "e", "f"])
    #expect(texts(table) == model.rows)
    #expect(!table.hasUncommittedUpdates)
  }

  @Test("The pointer drags a reorder control too, and the delegate can redirect the row")
  func reorderByPointerRedirected() {
    let model = EditableModel(Self.letters)
    model.redirect = { proposed in IndexPath(row: max(proposed.row, 1), section: 0) }
    let (test, table) = makeTable(model, delegate: model)
    table.isEditing = true
    table.layoutIfNeeded()
    test.pointerDrag(from: Point(x: 300, y: row(5)), through: [Point(x: 300, y: row(0))])
    #expect(model.log == ["move 5 to 1"])
    #expect(model.rows == ["a", "f", "b", "c", "d", "e"])
    #expect(texts(table) == model.rows)
  }

  @Test("Without moveRowAt the row goes back, and editing mode stops offering reorder controls")
  func reorderWithoutMoveRowAt() throws {
    let model = ReadOnlyModel()
    let (test, table) = makeTable(model)
    table.isEditing = true
    table.layoutIfNeeded()
    #expect(table.cellForRow(at: IndexPath(row: 0, section: 0))?.reorderControl?.isHidden == false)
    test.press(at: Point(x: 300, y: row(0)))
    test.move(to: Point(x: 300, y: row(2)))
    test.release()
    #expect(texts(table) == ["a", "b", "c"])
    table.layoutIfNeeded()
    #expect(table.cellForRow(at: IndexPath(row: 0, section: 0))?.reorderControl?.isHidden ?? true)
  }

  @Test("A tap on the delete control offers Delete; a tap on Delete commits the deletion")
  func deleteControl() throws {
    let model = EditableModel(Self.letters)
    let (test, table) = makeTable(model, delegate: model)
    table.isEditing = true
    table.layoutIfNeeded()
    test.tap(at: Point(x: 15, y: row(1)))
    let swipe = try #require(table.swipe)
    #expect(swipe.indexPath == IndexPath(row: 1, section: 0))
    #expect(swipe.buttons.map(\.frame) == [Rect(x: 320 - 74, y: 44, width: 74, height: 44)])
    #expect(swipe.buttons.first?.accessibilityLabel == "Delete")
    #expect(model.log.isEmpty)
    test.tap(at: Point(x: 300, y: row(1)))
    #expect(model.log == ["commit delete 1"])
    #expect(model.rows == ["a", "c", "d", "e", "f"])
    #expect(table.swipe == nil)
    #expect(texts(table) == model.rows)
    #expect(table.visibleCells.allSatisfy { $0.bounds.origin == .zero })
  }

  @Test("A tap on an insert control commits an insertion")
  func insertControl() {
    let model = EditableModel(Self.letters)
    model.style = .insert
    let (test, table) = makeTable(model, delegate: model)
    table.isEditing = true
    table.layoutIfNeeded()
    test.tap(at: Point(x: 15, y: row(2)))
    #expect(model.log == ["commit insert 2"])
    #expect(texts(table).prefix(4) == ["a", "b", "new", "c"])
  }

  @Test("In editing mode a tap selects only with allowsSelectionDuringEditing")
  func selectionWhileEditing() {
    let model = EditableModel(Self.letters)
    let (test, table) = makeTable(model, delegate: model)
    table.isEditing = true
    test.tap(at: Point(x: 150, y: row(2)))
    #expect(model.selections.isEmpty)
    table.allowsSelectionDuringEditing = true
    test.tap(at: Point(x: 150, y: row(2)))
    #expect(model.selections == [IndexPath(row: 2, section: 0)])
  }

  @Test("A finger swiping left opens Delete; a tap elsewhere closes it without selecting")
  func swipeToDelete() throws {
    let model = EditableModel(Self.letters)
    let (test, table) = makeTable(model, delegate: model)
    test.press(at: Point(x: 250, y: row(3)))
    test.move(to: Point(x: 200, y: row(3) + 2))
    let swipe = try #require(table.swipe)
    #expect(swipe.edge == .trailing)
    #expect(table.cellForRow(at: IndexPath(row: 3, section: 0))?.bounds.origin.x == 50)
    test.release()
    #expect(swipe.offset == 74)
    #expect(table.cellForRow(at: IndexPath(row: 3, section: 0))?.bounds.origin.x == 74)
    test.tap(at: Point(x: 100, y: row(0)))
    #expect(table.swipe == nil)
    #expect(model.selections.isEmpty)
    #expect(table.cellForRow(at: IndexPath(row: 3, section: 0))?.bounds.origin == .zero)
    // A short swipe closes again.
    test.press(at: Point(x: 250, y: row(3)))
    test.move(to: Point(x: 230, y: row(3)))
    test.release()
    #expect(table.swipe == nil)
    #expect(model.log.isEmpty)
  }

  @Test("A full swipe runs the first action; the actions lie from the edge inwards")
  func fullSwipeAndOrder() throws {
    let model = EditableModel(Self.letters)
    var ran: [String] = []
    let flag = ContextualAction(style: .normal, title: "Flag") { action, _, done in
      ran.append(action.title ?? "")
      done(true)
    }
    let archive = ContextualAction(style: .destructive, title: "Archive") { action, _, done in
      ran.append(action.title ?? "")
      done(false)
    }
    model.trailing = SwipeActionsConfiguration(actions: [archive, flag])
    let (test, table) = makeTable(model, delegate: model)
    test.press(at: Point(x: 300, y: row(1)))
    test.move(to: Point(x: 150, y: row(1)))
    test.release()
    let swipe = try #require(table.swipe)
    #expect(swipe.buttons.map(\.frame.minX) == [320 - 74, 320 - 148])
    #expect(swipe.buttons.map(\.backgroundColor) == [.systemRed, .systemGray])
    test.tap(at: Point(x: 320 - 100, y: row(1)))
    #expect(ran == ["Flag"])
    #expect(table.swipe == nil)
    test.press(at: Point(x: 310, y: row(2)))
    test.move(to: Point(x: 40, y: row(2)))
    test.release()
    #expect(ran == ["Flag", "Archive"])
    #expect(table.swipe == nil)
    #expect(model.log.isEmpty)
  }

  @Test("A swipe to the right shows leading actions, and none without them; moving down does not swipe")
  func leadingAndVertical() {
    let model = EditableModel(Self.letters)
    let (test, table) = makeTable(model, delegate: model)
    test.press(at: Point(x: 50, y: row(1)))
    test.move(to: Point(x: 150, y: row(1)))
    test.release()
    #expect(table.swipe == nil)
    model.leading = SwipeActionsConfiguration(actions: [ContextualAction(style: .normal, title: "Pin") { _, _, _ in }])
    test.press(at: Point(x: 50, y: row(1)))
    test.move(to: Point(x: 150, y: row(1)))
    test.release()
    #expect(table.swipe?.edge == .leading)
    #expect(table.swipe?.buttons.first?.frame == Rect(x: 0, y: 44, width: 74, height: 44))
    #expect(table.cellForRow(at: IndexPath(row: 1, section: 0))?.bounds.origin.x == -74)
    table.closeSwipe()
    test.press(at: Point(x: 100, y: row(1)))
    test.move(to: Point(x: 130, y: row(4)))
    test.release()
    #expect(table.swipe == nil)
  }

  @Test("A touchpad's sideways scroll over a row swipes it; an upright one scrolls")
  func touchpadSwipe() {
    let model = EditableModel((0..<30).map { "row \($0)" })
    let (test, table) = makeTable(model, delegate: model)
    for _ in 0..<3 {
      test.window.send(
        ScrollEvent(kind: .precise, delta: Point(x: 20, y: 1), location: Point(x: 150, y: row(2)), timestamp: 0))
    }
    #expect(table.swipe?.offset == 60)
    test.window.send(
      ScrollEvent(kind: .precise, phase: .ended, delta: .zero, location: Point(x: 150, y: row(2)), timestamp: 0))
    #expect(table.swipe?.offset == 74)
    table.closeSwipe()
    test.window.send(
      ScrollEvent(kind: .precise, delta: Point(x: 0, y: 30), location: Point(x: 150, y: row(2)), timestamp: 0))
    #expect(table.swipe == nil)
    #expect(table.contentOffset.y == 30)
  }

  @Test("Without commit, Delete leaves the row")
  func deleteWithoutCommit() {
    let model = ReadOnlyModel()
    let (test, table) = makeTable(model)
    test.press(at: Point(x: 250, y: row(0)))
    test.move(to: Point(x: 150, y: row(0)))
    test.release()
    #expect(table.swipe != nil)
    test.tap(at: Point(x: 300, y: row(0)))
    #expect(table.swipe == nil)
    #expect(table.numberOfRows(inSection: 0) == 3)
    #expect(texts(table) == ["a", "b", "c"])
  }

  @Test("A table view controller's editing reaches its table")
  func controllerEditing() {
    let controller = TableViewController(style: .plain)
    controller.loadViewIfNeeded()
    controller.isEditing = true
    #expect(controller.tableView.isEditing)
    controller.setEditing(false, animated: true)
    #expect(!controller.tableView.isEditing)
  }
}
