@_spi(Platform) import DragDrop
import DragDropTesting
import Foundation
import Testing

@testable import DragDropLists

/// Issue 9: every index path a view hands back follows the updates made since it was
/// taken (rules 21, 22 and 25), and a reloaded section may change its count.
@MainActor
@Suite struct FollowUpdateTests {
  /// Deletes the left table's first row through a batch update.
  func deleteFirstLeftRow(_ scene: TwoTables) throws {
    try scene.left.checked.performBatchUpdates {
      scene.leftModel.sections[0].remove(at: 0)
      scene.left.deleteRows(at: [IndexPath(row: 0, section: 0)])
    }
  }

  @Test("Rule 22 (issue 9): moveRowAt gets the source as it is after an update made mid-drag")
  func moveRowAtFollowsUpdate() throws {
    let scene = TwoTables()
    scene.test.longPress(at: scene.rowCenter(scene.left, 2))  // 岩手
    scene.test.move(to: Point(x: 100, y: 200))
    try deleteFirstLeftRow(scene)  // 北海道 goes while 岩手 is in the air
    scene.test.move(to: Point(x: 100, y: 10))  // the top slot
    scene.test.release()
    scene.test.settle()
    #expect(scene.leftModel.moves.map { "\($0.0.row)→\($0.1.row)" } == ["1→0"])
    #expect(scene.leftModel.sections[0] == ["岩手", "青森", "宮城", "秋田"])
    #expect(scene.texts(scene.left) == ["岩手", "青森", "宮城", "秋田"])
  }

  @Test("Rule 21 (issue 9): the coordinator's sourceIndexPath follows an update made mid-drag")
  func coordinatorSourceFollowsUpdate() throws {
    let scene = TwoTables(leftReorders: false)
    scene.test.longPress(at: scene.rowCenter(scene.left, 2))
    scene.test.move(to: Point(x: 100, y: 200))
    try deleteFirstLeftRow(scene)
    scene.test.move(to: Point(x: 100, y: 10))
    scene.test.release()
    scene.test.settle()
    #expect(scene.leftController.log == ["itemsForBeginning 2", "performDrop 0"])
    #expect(scene.leftModel.sections[0] == ["岩手", "青森", "宮城", "秋田"])
  }

  @Test("Rule 21 (issue 9): a source item deleted mid-drag has no source index path")
  func deletedSourceHasNone() throws {
    let scene = TwoTables(leftReorders: false)
    var sources: [IndexPath?] = []
    final class Recording: TableViewDropDelegate {
      var onDrop: (TableViewDropCoordinator) -> Void
      init(onDrop: @escaping (TableViewDropCoordinator) -> Void) { self.onDrop = onDrop }
      func tableView(
        _ tableView: TableView, dropSessionDidUpdate session: DropSession,
        withDestinationIndexPath destinationIndexPath: IndexPath?
      ) -> TableViewDropProposal { TableViewDropProposal(operation: .copy, intent: .insertAtDestinationIndexPath) }
      func tableView(_ tableView: TableView, performDropWith coordinator: TableViewDropCoordinator) {
        onDrop(coordinator)
      }
    }
    let recording = Recording { sources = $0.items.map(\.sourceIndexPath) }
    scene.left.dropDelegate = recording
    scene.test.longPress(at: scene.rowCenter(scene.left, 0))  // 北海道
    scene.test.move(to: Point(x: 100, y: 200))
    try deleteFirstLeftRow(scene)
    scene.test.move(to: Point(x: 100, y: 10))
    scene.test.release()
    scene.test.settle()
    #expect(sources == [nil])
  }

  @Test("Rule 25 (issue 9): the selection, the highlight and a placeholder follow an update")
  func selectionAndPlaceholderFollow() throws {
    let scene = TwoTables()
    scene.left.allowsMultipleSelection = true
    scene.left.selectRow(at: IndexPath(row: 3, section: 0))  // 宮城
    try deleteFirstLeftRow(scene)
    #expect(scene.left.indexPathsForSelectedRows == [IndexPath(row: 2, section: 0)])
    // Out of range and malformed paths are refused, and change nothing.
    scene.left.selectRow(at: IndexPath(row: 9, section: 0))
    scene.left.selectRow(at: IndexPath(index: 0))
    scene.left.selectRow(at: [0, 1, 2])
    #expect(scene.left.indexPathsForSelectedRows == [IndexPath(row: 2, section: 0)])
  }

  @Test("Rule 27 (issue 9): the spring-loaded item follows an update made while it is hovered")
  func springLoadedItemFollows() throws {
    let scene = TwoTables()
    scene.right.delegate = scene.rightModel
    scene.right.isSpringLoaded = true
    scene.rightModel.sections[0] = ["東京", "神奈川", "千葉"]
    scene.right.reloadData()
    scene.test.longPress(at: scene.rowCenter(scene.left, 0))
    scene.test.move(to: Point(x: 420, y: 44 + 22))  // over 神奈川
    scene.test.hold(0.5)
    try scene.right.checked.performBatchUpdates {
      scene.rightModel.sections[0].remove(at: 0)
      scene.right.deleteRows(at: [IndexPath(row: 0, section: 0)])
    }
    scene.test.hold(1)
    #expect(scene.rightModel.selections == ["select 神奈川"])
    scene.test.release()
    scene.test.settle()
  }

  @Test("Rule 25 (issue 9): a reloaded section may change its count, inside a batch and outside one")
  func reloadedSectionChangesCount() throws {
    let scene = TwoTables()
    // Seed 000's first drop: insert into the model, then reload the section.
    try scene.right.checked.performBatchUpdates {
      scene.rightModel.sections[0].insert(contentsOf: ["埼玉", "千葉"], at: 0)
      try scene.right.checked.reloadSections(IndexSet(integer: 0))
    }
    #expect(scene.right.numberOfRows(inSection: 0) == 4)
    #expect(scene.texts(scene.right) == ["埼玉", "千葉", "東京", "神奈川"])
    scene.rightModel.sections[0].removeLast(3)
    try scene.right.checked.reloadSections(IndexSet(integer: 0))
    #expect(scene.texts(scene.right) == ["埼玉"])
    // Item changes in a reloaded section are refused, and change nothing.
    #expect(
      throws: BatchUpdateError.itemInChangedSection("inserted item 0 in section 0")
    ) {
      try scene.right.checked.performBatchUpdates {
        scene.rightModel.sections[0].insert("x", at: 0)
        try scene.right.checked.insertRows(at: [IndexPath(row: 0, section: 0)])
        try scene.right.checked.reloadSections(IndexSet(integer: 0))
      }
    }
  }

  @Test("Rule 24 (issue 9): deleting a placeholder inside its own commit does nothing")
  func deleteInsideCommit() {
    let fixture = PlaceholderTests.Fixture(["東京", "神奈川"])
    let context = fixture.placeholder(at: 1)
    var deleted = true
    var committedAgain = true
    let committed = context.commitInsertion { path in
      fixture.model.sections[0].insert("千葉", at: path.row)
      deleted = context.deletePlaceholder()
      committedAgain = context.commitInsertion { _ in }
    }
    #expect(committed && !deleted && !committedAgain)
    #expect(fixture.shown == ["東京", "千葉", "神奈川"])
    #expect(fixture.table.numberOfRows(inSection: 0) == 3)
    #expect(!context.commitInsertion { _ in Issue.record("a second commit ran its block") })
  }
}

@MainActor
@Suite struct PreviewSnapshotTests {
  @Test("Issue 9: a row's drag preview is a snapshot, unchanged when the cell is reused mid-drag")
  func previewIsASnapshot() throws {
    let scene = TwoTables()
    scene.leftModel.sections[0] = (0..<200).map { "row \($0)" }
    scene.left.reloadData()
    scene.left.layoutIfNeeded()
    let cell = try #require(scene.left.cellForRow(at: IndexPath(row: 0, section: 0)))
    scene.test.longPress(at: scene.rowCenter(scene.left, 0))
    scene.test.move(to: Point(x: 100, y: 470))  // the bottom edge: the table auto-scrolls
    scene.test.hold(2)
    let session = try #require(scene.test.window.dragController.activeSessions.first)
    let preview = try #require(scene.test.window.dragController.liftPreviews(of: session).first ?? nil)
    #expect(preview.view !== cell)
    #expect(preview.view.displayListSnapshot.contains("\"row 0\""))
    // The cell itself was reused for a row far below.
    #expect(scene.left.contentOffset.y > 1000)
    #expect(cell.textLabel?.text != "row 0")
    scene.test.release()
    scene.test.settle()
  }
}
