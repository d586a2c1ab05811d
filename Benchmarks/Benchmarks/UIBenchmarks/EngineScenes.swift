import DragDrop
import DragDropLists
import DragDropTesting
import Foundation
import Views

// What the declarative benchmarks need from the engine, which their own file cannot name:
// there `View` is the declarative protocol.

/// Scrolls the first table view inside `view` to the middle of its rows.
@MainActor
func scrollListToMiddle(in view: Views.View) {
  if let table = view as? TableView {
    table.layoutIfNeeded()
    table.contentOffset = Point(x: 0, y: (table.contentSize.height / 2).rounded())
    table.layoutIfNeeded()
    return
  }
  for subview in view.subviews { scrollListToMiddle(in: subview) }
}

/// Draws a view tree into a recording context, as a frame would.
@MainActor
func renderOffscreen(_ view: Views.View) {
  view.render(in: RecordingGraphicsContext())
}

/// The baseline: a table view of `count` 44-point rows of text, driven directly, with the
/// same window, scroll position and moves as the List scene.
@MainActor
final class PlainTableScene: TableViewDataSource, TableViewReorderingDataSource, TableViewDragDelegate,
  TableViewDropDelegate
{
  let test = TestWindow(size: Size(width: 400, height: 800))
  let table = TableView(frame: Rect(x: 0, y: 0, width: 400, height: 800))
  let names: [String]
  var step = 0

  init(count: Int) {
    names = (0..<count).map { "row \($0)" }
    table.register(TableViewCell.self, forCellReuseIdentifier: "cell")
    table.dataSource = self
    table.dragDelegate = self
    table.dropDelegate = self
    test.window.addSubview(table)
    scrollListToMiddle(in: table)
    test.longPress(at: Point(x: 200, y: 400))
    test.move(to: Point(x: 200, y: 420), steps: 2)
    test.recorder.detach()
  }

  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { names.count }

  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
    cell.textLabel?.text = names[indexPath.row]
    return cell
  }

  func tableView(_ tableView: TableView, moveRowAt source: IndexPath, to destination: IndexPath) {}

  func tableView(_ tableView: TableView, itemsForBeginning session: DragSession, at indexPath: IndexPath) -> [DragItem]
  {
    [DragItem(itemProvider: ItemProvider())]
  }

  func tableView(
    _ tableView: TableView, dropSessionDidUpdate session: DropSession,
    withDestinationIndexPath destinationIndexPath: IndexPath?
  ) -> TableViewDropProposal {
    TableViewDropProposal(operation: .move, intent: .insertAtDestinationIndexPath)
  }

  func tableView(_ tableView: TableView, performDropWith coordinator: TableViewDropCoordinator) {}

  func move() {
    step += 1
    moveTouch(in: test, step: step)
  }
}

/// Step `step` of the moves both list scenes make: jumps of tens of points, so that the
/// destination, and with it the gap, changes on almost every move.
@MainActor
func moveTouch(in test: TestWindow, step: Int) {
  let y = 50 + Double((step * 37) % 700)
  test.window.send(Touch(id: 1, phase: .moved, location: Point(x: 200, y: y), timestamp: test.clock.now))
}
