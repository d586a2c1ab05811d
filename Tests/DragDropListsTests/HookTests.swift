@_spi(Platform) import DragDrop
import DragDropTesting
import Foundation
import Testing

@testable import DragDropLists

/// Issue 9: UIKit's hooks that were missing, and what this framework adds beside them.
@MainActor
@Suite struct HookTests {
  /// Records the hooks on top of the prefecture controller.
  final class Hooks: TableViewDragDelegate, TableViewDropDelegate {
    let inner: PrefectureTableController
    var endings: [DropOperation] = []
    var contexts: [SpringLoadedContext] = []
    var statesWhenAsked: [SpringLoadedState] = []
    let dropParameters = DragPreviewParameters(backgroundColor: Color(red: 1, green: 0, blue: 0))
    init(_ inner: PrefectureTableController) { self.inner = inner }

    func tableView(
      _ tableView: TableView, itemsForBeginning session: DragSession, at indexPath: IndexPath
    )
      -> [DragItem]
    { inner.tableView(tableView, itemsForBeginning: session, at: indexPath) }
    func tableView(_ tableView: TableView, dragSessionDidEnd session: DragSession, operation: DropOperation) {
      endings.append(operation)
    }
    func tableView(_ tableView: TableView, canHandle session: DropSession) -> Bool {
      inner.tableView(tableView, canHandle: session)
    }
    func tableView(
      _ tableView: TableView, dropSessionDidUpdate session: DropSession,
      withDestinationIndexPath destinationIndexPath: IndexPath?
    ) -> TableViewDropProposal {
      inner.tableView(tableView, dropSessionDidUpdate: session, withDestinationIndexPath: destinationIndexPath)
    }
    func tableView(_ tableView: TableView, performDropWith coordinator: TableViewDropCoordinator) {
      inner.tableView(tableView, performDropWith: coordinator)
    }
    func tableView(
      _ tableView: TableView, dropPreviewParametersForRowAt indexPath: IndexPath
    )
      -> DragPreviewParameters?
    { dropParameters }
    func tableView(
      _ tableView: TableView, shouldSpringLoadRowAt indexPath: IndexPath, with context: SpringLoadedContext
    ) -> Bool {
      contexts.append(context)
      statesWhenAsked.append(context.state)
      return true
    }
  }

  @Test("Issue 9: dragSessionDidEnd tells the source the operation: move, copy or cancel")
  func didEndOperation() {
    let scene = TwoTables()
    let hooks = Hooks(scene.leftController)
    scene.left.dragDelegate = hooks
    // A reorder in the same table is a move.
    scene.test.longPress(at: scene.rowCenter(scene.left, 0))
    scene.test.move(to: Point(x: 100, y: 44 * 2 + 30))
    scene.test.release()
    scene.test.settle()
    // A copy into the other table.
    scene.test.longPress(at: scene.rowCenter(scene.left, 0))
    scene.test.move(to: Point(x: 420, y: 80))
    scene.test.release()
    scene.test.settle()
    // Released over nothing: a cancel.
    scene.test.longPress(at: scene.rowCenter(scene.left, 0))
    scene.test.move(to: Point(x: 700, y: 80))
    scene.test.release()
    scene.test.settle()
    #expect(hooks.endings == [.move, .copy, .cancel])
  }

  @Test("Issue 9: dropPreviewParametersForRowAt draws the preview of a drop into a row")
  func dropPreviewParameters() throws {
    let scene = TwoTables()
    let hooks = Hooks(scene.rightController)
    scene.right.dropDelegate = hooks
    scene.test.longPress(at: scene.rowCenter(scene.left, 1))
    scene.test.move(to: Point(x: 420, y: 80))
    let session = try #require(scene.test.window.dragController.activeSessions.first)
    scene.test.release()
    let ending = try #require(scene.test.window.dragController.endingPreviews(of: session).first ?? nil)
    #expect(ending.parameters === hooks.dropParameters)
    scene.test.settle()
    #expect(scene.rightModel.sections[0] == ["東京", "神奈川", "青森"])
  }

  @Test("Issue 9: the spring-loading context has a state, the item and the location in any view")
  func springLoadedContext() throws {
    let scene = TwoTables()
    let hooks = Hooks(scene.rightController)
    scene.right.dropDelegate = hooks
    scene.right.delegate = scene.rightModel
    scene.right.isSpringLoaded = true
    scene.test.longPress(at: scene.rowCenter(scene.left, 0))
    scene.test.move(to: Point(x: 420, y: 60))  // over 神奈川
    scene.test.hold(1.5)
    let context = try #require(hooks.contexts.first)
    #expect(hooks.statesWhenAsked == [.activating])
    #expect(context.state == .activated)
    #expect(context.targetItem as? IndexPath == IndexPath(row: 1, section: 0))
    #expect(context.location == Point(x: 100, y: 60))
    #expect(context.location(in: nil) == Point(x: 420, y: 60))
    #expect(context.location(in: scene.left) == Point(x: 420, y: 60))
    scene.test.release()
    scene.test.settle()
    // Public, for tests of a delegate.
    let made = SpringLoadedContext(view: scene.right, location: Point(x: 1, y: 2))
    #expect(made.state == .activating && made.location(in: nil) == Point(x: 321, y: 2))
  }
}
