import DragDrop
import DragDropTesting
import Foundation
import Testing

@testable import DragDropLists

@MainActor
@Suite struct ApplicationCallsTests {
  static func app(_ method: String, _ detail: String = "") -> DelegateCall {
    DelegateCall("left", .application(method, detail: detail))
  }

  @Test("A recorder that asks for them hears a table's calls to the application's delegate and data source, in order")
  func reorderThroughTheApplicationsMethods() {
    let scene = TwoTables()
    let recorder = scene.test.recorder
    recorder.recordApplicationCalls()
    scene.test.longPress(at: scene.rowCenter(scene.left, 0))
    recorder.expect([
      .init("left", .itemsForBeginning), Self.app("tableView(_:itemsForBeginning:at:)", "0-0"),
      .init("left", .previewForLifting(item: 0)), Self.app("tableView(_:dragPreviewParametersForRowAt:)", "0-0"),
      .init("left", .willAnimateLift),
    ])
    scene.test.move(to: Point(x: 100, y: 44 * 2 + 30))
    recorder.expect(
      [
        .init("left", .sessionAllowsMoveOperation), Self.app("tableView(_:dragSessionAllowsMoveOperation:)"),
        .init("left", .sessionIsRestrictedToDraggingApplication),
        Self.app("tableView(_:dragSessionIsRestrictedToDraggingApplication:)"),
        .init("left", .sessionWillBegin), Self.app("tableView(_:dragSessionWillBegin:)"),
        .init("left", .canHandle), Self.app("tableView(_:canHandle:)"),
        .init("left", .sessionDidEnter), Self.app("tableView(_:dropSessionDidEnter:)"),
      ], skippingMoves: true)
    scene.test.release()
    scene.test.settle()
    recorder.expect(
      [
        .init("left", .willEnd(.move)), .init("left", .performDrop),
        Self.app("tableView(_:moveRowAt:to:)", "0-0 to 0-2"),
        .init("left", .previewForDropping(item: 0)), Self.app("tableView(_:dropPreviewParametersForRowAt:)", "0-2"),
        .init("left", .willAnimateDrop(item: 0)), .init("left", .concludeDrop), .init("left", .didEnd(.move)),
        Self.app("tableView(_:dragSessionDidEnd:operation:)"), .init("left", .sessionDidEnd),
        Self.app("tableView(_:dropSessionDidEnd:)"),
      ], skippingMoves: true)
  }

  @Test("The updates that follow the drag carry the destination, and are skipped with the moves")
  func updatesCarryTheDestination() {
    let scene = TwoTables()
    let recorder = scene.test.recorder
    recorder.recordApplicationCalls()
    scene.test.longPress(at: scene.rowCenter(scene.left, 0))
    scene.test.move(to: Point(x: 100, y: 44 * 2 + 30))
    let updates = recorder.unchecked.filter {
      $0.method.name == "tableView(_:dropSessionDidUpdate:withDestinationIndexPath:)"
    }
    #expect(updates.last?.method.detail == "0-2")
    #expect(updates.allSatisfy { $0.method.followsMovement })
    recorder.stopChecking(showingSkipped: false)
    scene.test.cancelTouch()
    scene.test.settle()
  }

  @Test("Without the request, the recorder hears the interactions' calls alone, and views report nothing")
  func offByDefault() {
    let scene = TwoTables()
    #expect(!scene.test.window.dragController.recordsApplicationCalls)
    scene.test.longPress(at: scene.rowCenter(scene.left, 0))
    scene.test.recorder.expect(DelegateCalls.lift("left"))
    scene.test.cancelTouch()
    scene.test.settle()
    scene.test.recorder.stopChecking(showingSkipped: false)
  }

  @Test("A collection view's interactive movement reports moveItemAt with both paths")
  func collectionMovement() {
    let test = TestWindow(size: Size(width: 320, height: 480))
    let source = MovingSource()
    let collection = CollectionView(
      frame: Rect(x: 0, y: 0, width: 320, height: 480),
      collectionViewLayout: .flow(itemSize: Size(width: 100, height: 100)))
    collection.accessibilityLabel = "grid"
    collection.register(CollectionViewCell.self, forCellWithReuseIdentifier: "cell")
    collection.dataSource = source
    test.window.addSubview(collection)
    collection.layoutIfNeeded()
    test.recorder.recordApplicationCalls()
    collection.beginInteractiveMovementForItem(at: IndexPath(item: 0, section: 0))
    collection.updateInteractiveMovementTargetPosition(Point(x: 160, y: 50))
    collection.endInteractiveMovement()
    test.recorder.expect([
      DelegateCall("grid", .application("collectionView(_:moveItemAt:to:)", detail: "0-0 to 0-1"))
    ])
  }

  @MainActor final class MovingSource: CollectionViewDataSource {
    var items = Array(0..<6)
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { items.count }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
      collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
    }
    func collectionView(_ collectionView: CollectionView, moveItemAt source: IndexPath, to destination: IndexPath) {
      items.insert(items.remove(at: source.item), at: destination.item)
    }
  }
}
