import DragDrop
import DragDropTesting
import Foundation
import PropertyBased
import Testing

@testable import DragDropLists

@MainActor
@Suite struct SpringAndScrollTests {
  @Test("Rule 29: the speed is zero in the middle and grows toward each edge")
  func speedCurve() async {
    #expect(AutoScroll.speed(at: 200, length: 400) == 0)
    #expect(AutoScroll.speed(at: 0, length: 400) == -1200)
    #expect(AutoScroll.speed(at: 400, length: 400) == 1200)
    #expect(AutoScroll.speed(at: 22, length: 400) == -300)
    #expect(AutoScroll.speed(at: .nan, length: 400) == 0)
    await propertyCheck(count: 500, input: Gen<Double>.double(in: 0...400), Gen<Double>.double(in: 0...400)) { a, b in
      // Deeper into the bottom zone is never slower.
      let (low, high) = (min(a, b), max(a, b))
      #expect(AutoScroll.speed(at: high, length: 400) >= AutoScroll.speed(at: low, length: 400))
      #expect(abs(AutoScroll.speed(at: a, length: 400)) <= 1200)
    }
  }

  @Test("Rule 29: a drag held at the bottom edge scrolls, and the destination keeps updating")
  func autoScroll() {
    let scene = TwoTables()
    scene.rightModel.sections[0] = (0..<100).map { "row \($0)" }
    scene.right.reloadData()
    scene.right.layoutIfNeeded()
    scene.test.longPress(at: scene.rowCenter(scene.left, 0))
    scene.test.move(to: Point(x: 420, y: 470))  // inside the bottom zone of the right table
    scene.test.recorder.skip()
    scene.test.hold(1)
    #expect(scene.right.contentOffset.y > 300)
    let updates = scene.test.recorder.unchecked.filter { $0.unnumbered == .init("right", .sessionDidUpdate) }.count
    #expect(updates > 30)  // one per frame while scrolling, with no move
    scene.test.release()
    scene.test.settle()
    // The drop landed far below the rows that were first in view.
    let index = scene.rightModel.sections[0].firstIndex(of: "北海道")
    #expect((index ?? 0) > 10)
  }

  @Test("Rule 27: hovering over a row blinks it, then activates it")
  func springLoading() {
    let scene = TwoTables()
    scene.right.delegate = scene.rightModel
    scene.right.isSpringLoaded = true
    scene.test.longPress(at: scene.rowCenter(scene.left, 0))
    scene.test.move(to: Point(x: 420, y: 20))  // over 東京
    scene.test.hold(0.9)
    scene.test.move(to: Point(x: 420, y: 60))  // over 神奈川: the timer starts again
    scene.test.hold(0.9)
    #expect(scene.rightModel.selections.isEmpty)
    scene.test.hold(0.1)  // the delay has passed: the row blinks
    let cell = scene.right.cellForRow(at: IndexPath(row: 1, section: 0))
    #expect(cell?.backgroundColor != nil)
    scene.test.hold(0.4)
    #expect(scene.rightModel.selections == ["select 神奈川"])
    #expect(scene.right.indexPathsForSelectedRows == [IndexPath(row: 1, section: 0)])
    scene.test.release()
    scene.test.settle()
  }

  @Test("Rule 27: the delegate can refuse spring loading")
  func springLoadingRefused() {
    @MainActor final class Refusing: TableViewDropDelegate {
      func tableView(_ tableView: TableView, performDropWith coordinator: TableViewDropCoordinator) {}
      func tableView(
        _ tableView: TableView, shouldSpringLoadRowAt indexPath: IndexPath, with context: SpringLoadedContext
      ) -> Bool { false }
    }
    let scene = TwoTables()
    let refusing = Refusing()
    scene.right.dropDelegate = refusing
    scene.right.delegate = scene.rightModel
    scene.right.isSpringLoaded = true
    scene.test.longPress(at: scene.rowCenter(scene.left, 0))
    scene.test.move(to: Point(x: 420, y: 20))
    scene.test.hold(3)
    #expect(scene.rightModel.selections.isEmpty)
    scene.test.release()
    scene.test.settle()
  }
}
