import DragDrop
import DragDropLists
import DragDropTesting
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

/// A table view of `count` 44-point rows scrolled by a finger: swipes up the middle of the
/// window, each followed by its glide, as a thumb flicks through a long list. Each frame is
/// the touch event (or the clock's step, while the content glides), the layout and the
/// drawing. The wheel's frames over the same table are the baseline.
@MainActor
final class FingerScrollScene: TableViewDataSource {
  let test = TestWindow(size: Size(width: 400, height: 800))
  let table = TableView(frame: Rect(x: 0, y: 0, width: 400, height: 800))
  let count: Int

  init(count: Int) {
    self.count = count
    table.register(TableViewCell.self, forCellReuseIdentifier: "cell")
    table.dataSource = self
    test.window.addSubview(table)
    scrollListToMiddle(in: table)
    test.recorder.detach()
  }

  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { count }

  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
    cell.textLabel?.text = "row \(indexPath.row)"
    return cell
  }

  /// One swipe of 600 points in 20 frames, then its glide to rest: the time of each frame.
  func swipe() -> [Int] {
    var samples: [Int] = []
    func frame(_ body: () -> Void) {
      let start = DispatchTime.now().uptimeNanoseconds
      body()
      test.window.layoutIfNeeded()
      renderOffscreen(test.window)
      samples.append(Int(DispatchTime.now().uptimeNanoseconds - start))
    }
    let x = 200.0
    var y = 700.0
    frame { test.window.send(Touch(id: 1, phase: .began, location: Point(x: x, y: y), timestamp: test.clock.now)) }
    for _ in 0..<20 {
      y -= 30
      frame {
        test.clock.advance(by: 1.0 / 60)
        test.window.send(Touch(id: 1, phase: .moved, location: Point(x: x, y: y), timestamp: test.clock.now))
      }
    }
    frame { test.window.send(Touch(id: 1, phase: .ended, location: Point(x: x, y: y), timestamp: test.clock.now)) }
    while test.clock.nextActionTime != nil {
      frame { test.clock.advance(by: 1.0 / 60) }
    }
    return samples
  }

  /// The baseline: wheel notches down, each gliding over its frames, as many frames as a
  /// swipe makes.
  func wheel(frames: Int) -> [Int] {
    var samples: [Int] = []
    while samples.count < frames {
      let start = DispatchTime.now().uptimeNanoseconds
      test.window.send(
        ScrollEvent(kind: .wheel, delta: Point(x: 0, y: 1), location: Point(x: 200, y: 400), timestamp: test.clock.now))
      test.window.layoutIfNeeded()
      renderOffscreen(test.window)
      samples.append(Int(DispatchTime.now().uptimeNanoseconds - start))
      for _ in 0..<9 where samples.count < frames {
        let start = DispatchTime.now().uptimeNanoseconds
        test.clock.advance(by: 1.0 / 60)
        test.window.layoutIfNeeded()
        renderOffscreen(test.window)
        samples.append(Int(DispatchTime.now().uptimeNanoseconds - start))
      }
    }
    return samples
  }
}
