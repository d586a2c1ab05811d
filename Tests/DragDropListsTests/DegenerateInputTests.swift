@_spi(Platform) import DragDrop
import DragDropTesting
import Foundation
import Testing

@testable import DragDropLists

/// Issue 9: degenerate geometry and objects kept past their owners give defined answers,
/// never a trap.
@MainActor
@Suite struct DegenerateInputTests {
  @Test("Issue 9: a flow layout with zero-size items or negative spacing answers every query")
  func degenerateFlowLayouts() {
    let layouts = [
      FlowLayout(
        width: 300, itemSize: Size(width: 0, height: 0), minimumInteritemSpacing: 0, minimumLineSpacing: 0,
        itemCounts: [5]),
      FlowLayout(
        width: 300, itemSize: Size(width: 50, height: 50), minimumInteritemSpacing: -60, minimumLineSpacing: -50,
        itemCounts: [5]),
      FlowLayout(
        width: CGFloat.infinity, itemSize: Size(width: CGFloat.nan, height: CGFloat.infinity), itemCounts: [3, 2]),
    ]
    let points = [
      Point(x: 10, y: 10), Point(x: CGFloat.infinity, y: CGFloat.infinity), Point(x: -CGFloat.infinity, y: 1e300),
      Point(x: CGFloat.nan, y: CGFloat.nan),
      Point(x: 299, y: 1e18),
    ]
    for layout in layouts {
      for point in points {
        _ = layout.indexPathForItem(at: point)
        for intent in [DropIntent.insertAtDestinationIndexPath, .insertIntoDestinationIndexPath, .unspecified] {
          _ = layout.destination(at: point, intent: intent)
        }
      }
      _ = layout.indexPaths(fromY: -.infinity, toY: .infinity)
      _ = layout.indexPaths(fromY: 0, toY: 1e300)
      _ = layout.indexPaths(fromY: .nan, toY: .nan)
    }
  }

  @Test("Issue 9: a grid of infinite height lays out every item once")
  func infiniteGrid() {
    let grid = CollectionView(
      frame: Rect(x: 0, y: 0, width: 320, height: CGFloat.infinity),
      collectionViewLayout: .flow(itemSize: Size(width: 100, height: 100)))
    let model = GridModel([(0..<25).map { "i\($0)" }])
    grid.register(CollectionViewCell.self, forCellWithReuseIdentifier: "cell")
    grid.dataSource = model
    grid.layoutIfNeeded()
    #expect(grid.indexPathsForVisibleItems.count == 25)
  }

  @Test("Issue 9: a coordinator kept after its table is freed animates nothing and says so")
  func coordinatorOutlivesItsTable() {
    var table: TableView? = TableView(frame: Rect(x: 0, y: 0, width: 320, height: 400))
    let item = DragItem(itemProvider: ItemProvider(object: "x"))
    let coordinator = TableViewDropCoordinator.make(items: [item], tableView: table!)
    let context = coordinator.drop(
      item,
      to: TableViewDropPlaceholder(
        insertionIndexPath: IndexPath(row: 0, section: 0), reuseIdentifier: "p", rowHeight: 44))
    table = nil
    #expect(coordinator.tableView == nil)
    _ = coordinator.drop(item, toRowAt: IndexPath(row: 0, section: 0))
    _ = coordinator.drop(item, intoRowAt: IndexPath(row: 0, section: 0), rect: Rect(x: 0, y: 0, width: 10, height: 10))
    #expect(!context.isPending)
    #expect(!context.commitInsertion { _ in Issue.record("the block ran without a table") })
    #expect(!context.deletePlaceholder())
    let late = coordinator.drop(
      item,
      to: TableViewDropPlaceholder(
        insertionIndexPath: IndexPath(row: 0, section: 0), reuseIdentifier: "p", rowHeight: 44))
    #expect(!late.isPending)
  }

  @Test("Issue 9: a drag controller or incoming drag kept after the window is freed does nothing")
  func controllerOutlivesItsWindow() {
    var test: TestWindow? = TestWindow()
    let controller = test!.window.dragController
    let incoming = controller.beginIncomingDrag(
      items: [DragItem(itemProvider: ItemProvider(object: "x"))], at: Point(x: 10, y: 10))
    test = nil
    #expect(controller.window == nil)
    incoming.move(to: Point(x: 20, y: 20))
    #expect(incoming.drop() == .cancel)
    controller.refreshDropTargets()
    let late = controller.beginIncomingDrag(
      items: [DragItem(itemProvider: ItemProvider(object: "y"))], at: Point(x: 10, y: 10))
    #expect(late.drop() == .cancel)
  }
}

@MainActor
@Suite struct ListLeakTests {
  @Test("Issue 9: tables dropped at any point of a drag between them are freed with their window")
  func tablesAreFreed() async {
    final class Watch {
      weak var window: Window?
      weak var left: TableView?
      weak var right: TableView?
      weak var leftController: PrefectureTableController?
      weak var session: DragSession?
    }
    var watches: [Watch] = []
    for index in 0..<2000 {
      let watch = Watch()
      let scene = TwoTables()
      watch.window = scene.test.window
      watch.left = scene.left
      watch.right = scene.right
      watch.leftController = scene.leftController
      scene.test.longPress(at: scene.rowCenter(scene.left, index % 5))
      if index % 4 >= 1 {
        scene.test.move(to: Point(x: 420, y: 60))
        watch.session = scene.test.window.dragController.activeSessions.first
      }
      if index % 4 >= 2 { scene.test.release() }
      if index % 4 == 3 { scene.test.settle() }
      watches.append(watch)
    }
    var yields = 0
    while watches.contains(where: { $0.session != nil }), yields < 1_000_000 {
      await Task.yield()
      yields += 1
    }
    let alive = watches.filter {
      $0.window != nil || $0.left != nil || $0.right != nil || $0.leftController != nil || $0.session != nil
    }
    #expect(alive.isEmpty, "\(alive.count) scenes still alive")
  }
}
