import DragDrop
import DragDropTesting
import Foundation
import Testing

@testable import DragDropLists

/// Seed 001: two tables of prefectures. The left one reorders; the right one copies in.
@MainActor
final class PrefectureTableController: TableViewDragDelegate, TableViewDropDelegate {
  let model: PrefectureModel
  let name: String
  var acceptsCopies = true
  var reordersThroughPerformDrop = false
  /// The intent of copies from elsewhere.
  var copyIntent = DropIntent.insertAtDestinationIndexPath
  var log: [String] = []

  init(model: PrefectureModel, name: String) {
    self.model = model
    self.name = name
  }

  func tableView(_ tableView: TableView, itemsForBeginning session: DragSession, at indexPath: IndexPath) -> [DragItem]
  {
    log.append("itemsForBeginning \(indexPath.row)")
    let name = model.sections[indexPath.section][indexPath.row]
    let item = DragItem(itemProvider: ItemProvider(object: name))
    item.localObject = name
    return [item]
  }

  func tableView(
    _ tableView: TableView, itemsForAddingTo session: DragSession, at indexPath: IndexPath, point: Point
  ) -> [DragItem] {
    log.append("itemsForAddingTo \(indexPath.row)")
    let name = model.sections[indexPath.section][indexPath.row]
    guard !session.items.contains(where: { $0.localObject as? String == name }) else { return [] }
    let item = DragItem(itemProvider: ItemProvider(object: name))
    item.localObject = name
    return [item]
  }

  func tableView(_ tableView: TableView, canHandle session: DropSession) -> Bool {
    session.canLoadObjects(ofClass: String.self)
  }

  func tableView(
    _ tableView: TableView, dropSessionDidUpdate session: DropSession,
    withDestinationIndexPath destinationIndexPath: IndexPath?
  ) -> TableViewDropProposal {
    // Move inside the same table, copy from the other.
    if session.localDragSession != nil && tableView.hasActiveDrag {
      return TableViewDropProposal(operation: .move, intent: .insertAtDestinationIndexPath)
    }
    return TableViewDropProposal(operation: acceptsCopies ? .copy : .forbidden, intent: copyIntent)
  }

  func tableView(_ tableView: TableView, performDropWith coordinator: TableViewDropCoordinator) {
    log.append("performDrop \(coordinator.destinationIndexPath.map { "\($0.row)" } ?? "nil")")
    if coordinator.proposal.intent == .insertIntoDestinationIndexPath {
      log.append("into \(coordinator.items.compactMap { $0.dragItem.localObject as? String })")
      return
    }
    let destination = coordinator.destinationIndexPath ?? IndexPath(row: model.sections[0].count, section: 0)
    if coordinator.proposal.operation == .move, let item = coordinator.items.first, let source = item.sourceIndexPath {
      // Reorder through performDrop: the destination counts the slot before removal.
      let final = destination.row > source.row ? IndexPath(row: destination.row - 1, section: 0) : destination
      try? tableView.checked.performBatchUpdates {
        model.sections[0].insert(model.sections[0].remove(at: source.row), at: final.row)
        tableView.moveRow(at: source, to: final)
      }
      coordinator.drop(item.dragItem, toRowAt: final)
      return
    }
    for (offset, item) in coordinator.items.enumerated() {
      guard let name = item.dragItem.localObject as? String else { continue }
      let path = IndexPath(row: destination.row + offset, section: 0)
      try? tableView.checked.performBatchUpdates {
        model.sections[0].insert(name, at: path.row)
        tableView.insertRows(at: [path])
      }
      coordinator.drop(item.dragItem, toRowAt: path)
    }
  }
}

@MainActor
final class TwoTables {
  let test = TestWindow(size: Size(width: 640, height: 480))
  let leftModel = PrefectureModel([["北海道", "青森", "岩手", "宮城", "秋田"]])
  let rightModel = PrefectureModel([["東京", "神奈川"]])
  let left: TableView
  let right: TableView
  let leftController: PrefectureTableController
  let rightController: PrefectureTableController
  var plainSource: PlainSource?

  init(leftReorders: Bool = true) {
    left = TableView(frame: Rect(x: 0, y: 0, width: 320, height: 480))
    right = TableView(frame: Rect(x: 320, y: 0, width: 320, height: 480))
    left.accessibilityLabel = "left"
    right.accessibilityLabel = "right"
    leftController = PrefectureTableController(model: leftModel, name: "left")
    rightController = PrefectureTableController(model: rightModel, name: "right")
    for (table, model, controller) in [(left, leftModel, leftController), (right, rightModel, rightController)] {
      table.register(TableViewCell.self, forCellReuseIdentifier: "cell")
      table.dataSource = model
      table.dragDelegate = controller
      table.dropDelegate = controller
      test.window.addSubview(table)
      table.layoutIfNeeded()
    }
    if !leftReorders {
      plainSource = PlainSource(model: leftModel)
      left.dataSource = plainSource
      left.layoutIfNeeded()
    }
  }

  /// A data source without moveRowAt, so that reorders go through performDrop.
  @MainActor final class PlainSource: TableViewDataSource {
    let model: PrefectureModel
    init(model: PrefectureModel) { self.model = model }
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { model.sections[0].count }
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
      model.tableView(tableView, cellForRowAt: indexPath)
    }
  }

  func rowCenter(_ table: TableView, _ row: Int) -> Point {
    table.convert(table.rectForRow(at: IndexPath(row: row, section: 0))!.center, to: test.window)
  }

  func texts(_ table: TableView) -> [String] { table.visibleCells.compactMap(\.textLabel?.text) }
}

@MainActor
@Suite struct TableDragDropTests {
  @Test("Rule 22: a local reorder goes through moveRowAt with the index after removal, not performDrop")
  func reorderThroughMoveRowAt() {
    let scene = TwoTables()
    scene.test.longPress(at: scene.rowCenter(scene.left, 0))
    // The lower half of row 2 is the slot before row 3: index 3 before removal, 2 after.
    scene.test.move(to: Point(x: 100, y: 44 * 2 + 30))
    #expect(scene.left.hasActiveDrag && scene.left.hasActiveDrop)
    scene.test.release()
    scene.test.settle()
    #expect(scene.leftModel.moves.map { "\($0.0.row)→\($0.1.row)" } == ["0→2"])
    #expect(scene.leftModel.sections[0] == ["青森", "岩手", "北海道", "宮城", "秋田"])
    #expect(scene.texts(scene.left) == ["青森", "岩手", "北海道", "宮城", "秋田"])
    #expect(!scene.leftController.log.contains { $0.hasPrefix("performDrop") })
    #expect(!scene.left.hasActiveDrag && !scene.left.hasActiveDrop)
  }

  @Test("Rule 21: without moveRowAt, a reorder reaches performDrop with its source index path")
  func reorderThroughPerformDrop() {
    let scene = TwoTables(leftReorders: false)
    scene.test.longPress(at: scene.rowCenter(scene.left, 4))
    scene.test.move(to: Point(x: 100, y: 10))
    scene.test.release()
    scene.test.settle()
    #expect(scene.leftController.log == ["itemsForBeginning 4", "performDrop 0"])
    #expect(scene.leftModel.sections[0] == ["秋田", "北海道", "青森", "岩手", "宮城"])
    #expect(scene.texts(scene.left) == ["秋田", "北海道", "青森", "岩手", "宮城"])
  }

  @Test("Seed 001: the right table copies what the left one drags")
  func copyBetweenTables() {
    let scene = TwoTables()
    scene.test.longPress(at: scene.rowCenter(scene.left, 1))
    scene.test.move(to: Point(x: 420, y: 80))  // the lower half of 神奈川: the slot before row 2
    scene.test.release()
    scene.test.settle()
    #expect(scene.rightController.log == ["performDrop 2"])
    #expect(scene.rightModel.sections[0] == ["東京", "神奈川", "青森"])
    #expect(scene.leftModel.sections[0].count == 5)  // a copy leaves the source alone
    #expect(scene.texts(scene.right) == ["東京", "神奈川", "青森"])
  }

  @Test("Rule 20: the gap opens for insert-at; over empty space there is no destination")
  func gapAndEmptySpace() {
    let scene = TwoTables()
    scene.test.longPress(at: scene.rowCenter(scene.left, 0))
    scene.test.move(to: Point(x: 420, y: 10))  // upper half of row 0 in the right table
    let cells = scene.right.visibleCells
    #expect(cells.map(\.frame.minY) == [44, 88])  // both rows pushed down by the gap
    #expect(scene.right.hasUncommittedUpdates)
    scene.test.move(to: Point(x: 420, y: 400))  // below the rows: the end of the section
    #expect(scene.right.visibleCells.map(\.frame.minY) == [0, 44])
    scene.test.release()
    scene.test.settle()
    #expect(scene.rightModel.sections[0] == ["東京", "神奈川", "北海道"])
    #expect(!scene.right.hasUncommittedUpdates)
  }

  @Test("Rule 19: cells pass through lifting and dragging, then back to none")
  func cellDragStates() {
    let scene = TwoTables()
    let cell = scene.left.cellForRow(at: IndexPath(row: 0, section: 0))
    scene.test.longPress(at: scene.rowCenter(scene.left, 0))
    #expect(cell?.dragState == .lifting)
    scene.test.move(to: Point(x: 420, y: 300))
    #expect(cell?.dragState == .dragging)
    #expect(cell?.alpha == 0.5)
    scene.test.release()
    scene.test.settle()
    #expect(cell?.dragState == CellDragState.none)
  }

  @Test("Rule 18: dragging a selected row drags every selected row, asking once per row")
  func multipleSelection() throws {
    let scene = TwoTables()
    scene.left.allowsMultipleSelection = true
    scene.left.selectRow(at: IndexPath(row: 1, section: 0))
    scene.left.selectRow(at: IndexPath(row: 3, section: 0))
    scene.test.longPress(at: scene.rowCenter(scene.left, 3))
    #expect(scene.leftController.log == ["itemsForBeginning 1", "itemsForBeginning 3"])
    let session = try #require(scene.test.window.dragController.activeSessions.first)
    #expect(session.items.map { $0.localObject as? String } == ["青森", "宮城"])
    scene.test.move(to: Point(x: 420, y: 400))
    scene.test.release()
    scene.test.settle()
    #expect(scene.rightModel.sections[0] == ["東京", "神奈川", "青森", "宮城"])
  }

  @Test("Seed 001: canHandle and a forbidden proposal")
  func forbidden() {
    let scene = TwoTables()
    scene.rightController.acceptsCopies = false
    scene.test.longPress(at: scene.rowCenter(scene.left, 0))
    scene.test.move(to: Point(x: 420, y: 300))
    scene.test.release()
    scene.test.settle()
    #expect(scene.rightController.log.isEmpty)
    #expect(scene.rightModel.sections[0] == ["東京", "神奈川"])
  }
}

@MainActor
@Suite struct TableActiveStateTests {
  @Test("Rule 17: hasActiveDrag and hasActiveDrop follow the session")
  func activeFlags() {
    let scene = TwoTables()
    #expect(!scene.left.hasActiveDrag && !scene.right.hasActiveDrop)
    scene.test.longPress(at: scene.rowCenter(scene.left, 0))
    #expect(scene.left.hasActiveDrag)
    scene.test.move(to: Point(x: 420, y: 300))
    #expect(scene.right.hasActiveDrop && !scene.left.hasActiveDrop)
    scene.test.move(to: Point(x: 100, y: 300))
    #expect(!scene.right.hasActiveDrop && scene.left.hasActiveDrop)
    scene.test.release()
    scene.test.settle()
    #expect(!scene.left.hasActiveDrag && !scene.left.hasActiveDrop)
  }
}
