import DragDrop
import DragDropLists
import DragDropTesting
import Foundation

/// A table view of `count` 44-point rows scrolled by a finger: swipes up the middle of the
/// window, each followed by its glide, as a thumb flicks through a long list. Each frame is
/// the touch event (or the clock's step, while the content glides), the layout and the
/// drawing. The wheel's frames over the same table are the baseline.
@MainActor
public final class FingerScrollScene: TableViewDataSource {
  public let test = TestWindow(size: Size(width: 400, height: 800))
  public let table = TableView(frame: Rect(x: 0, y: 0, width: 400, height: 800))
  let count: Int
  /// Draws a frame of the window.
  let render: @MainActor (Window) -> Void

  /// `count` rows, each frame drawn by `render`.
  public init(count: Int, render: @escaping @MainActor (Window) -> Void) {
    self.count = count
    self.render = render
    table.register(TableViewCell.self, forCellReuseIdentifier: "cell")
    table.dataSource = self
    test.window.addSubview(table)
    table.layoutIfNeeded()
    table.contentOffset = Point(x: 0, y: (table.contentSize.height / 2).rounded())
    table.layoutIfNeeded()
    test.recorder.detach()
  }

  public func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { count }

  public func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
    cell.textLabel?.text = "row \(indexPath.row)"
    return cell
  }

  /// One swipe of 600 points in 20 frames, then its glide to rest: the time of each frame.
  public func swipe() -> [Int] {
    var samples: [Int] = []
    func frame(_ body: () -> Void) {
      let start = DispatchTime.now().uptimeNanoseconds
      body()
      test.window.layoutIfNeeded()
      render(test.window)
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
  public func wheel(frames: Int) -> [Int] {
    var samples: [Int] = []
    while samples.count < frames {
      let start = DispatchTime.now().uptimeNanoseconds
      test.window.send(
        ScrollEvent(kind: .wheel, delta: Point(x: 0, y: 1), location: Point(x: 200, y: 400), timestamp: test.clock.now))
      test.window.layoutIfNeeded()
      render(test.window)
      samples.append(Int(DispatchTime.now().uptimeNanoseconds - start))
      for _ in 0..<9 where samples.count < frames {
        let start = DispatchTime.now().uptimeNanoseconds
        test.clock.advance(by: 1.0 / 60)
        test.window.layoutIfNeeded()
        render(test.window)
        samples.append(Int(DispatchTime.now().uptimeNanoseconds - start))
      }
    }
    return samples
  }
}
