import DragDrop
import DragDropTesting
import Foundation
import Testing

@testable import DragDropLists

/// Issue 9: the wheel and the touchpad scroll lists, with glides, kinetic deceleration and
/// indicators, and auto-scroll takes over during a drag.
@MainActor
@Suite struct ScrollingTests {
  func longTable(_ scene: TwoTables, rows: Int = 200) {
    scene.rightModel.sections[0] = (0..<rows).map { "row \($0)" }
    scene.right.reloadData()
    scene.right.layoutIfNeeded()
  }

  func wheel(_ scene: TwoTables, _ notches: Double, shift: Bool = false) {
    scene.test.window.send(
      ScrollEvent(
        kind: .wheel, delta: Point(x: 0, y: notches), location: Point(x: 420, y: 200),
        modifiers: shift ? .shift : [], timestamp: scene.test.clock.now))
  }

  func swipe(_ scene: TwoTables, _ deltas: [Double]) {
    for delta in deltas {
      scene.test.hold(1.0 / 60)
      scene.test.window.send(
        ScrollEvent(
          kind: .precise, delta: Point(x: 0, y: delta), location: Point(x: 420, y: 200),
          timestamp: scene.test.clock.now))
    }
    scene.test.window.send(
      ScrollEvent(
        kind: .precise, phase: .ended, delta: .zero, location: Point(x: 420, y: 200),
        timestamp: scene.test.clock.now))
  }

  @Test("A wheel notch glides the content by GTK's step, and notches add up")
  func wheelSteps() {
    let scene = TwoTables()
    longTable(scene)
    let step = ScrollView.wheelStep(forLength: 480)
    wheel(scene, 1)
    #expect(scene.right.isDecelerating)
    scene.test.hold(0.05)
    #expect(scene.right.contentOffset.y > 0 && scene.right.contentOffset.y < step)
    wheel(scene, 2)  // two more while the first glides
    scene.test.hold(0.5)
    #expect(!scene.right.isDecelerating)
    #expect(abs(scene.right.contentOffset.y - 3 * step) < 0.001)
    #expect(scene.right.visibleCells.first?.textLabel?.text == "row \(Int(3 * step / 44))")
    wheel(scene, -100)  // back past the top: stops at the top
    scene.test.hold(0.5)
    #expect(scene.right.contentOffset.y == 0)
  }

  @Test("A touchpad moves the content with the fingers, then it glides on and slows down")
  func touchpadGlides() {
    let scene = TwoTables()
    longTable(scene)
    swipe(scene, [10, 20, 30, 30])
    let released = scene.right.contentOffset.y
    #expect(released == 90)
    #expect(scene.right.isDecelerating)
    scene.test.hold(0.1)
    let early = scene.right.contentOffset.y - released
    scene.test.hold(0.1)
    let later = scene.right.contentOffset.y - released - early
    #expect(early > 0 && later > 0 && later < early)  // slowing down
    scene.test.settle()
    #expect(!scene.right.isDecelerating)
    #expect(scene.right.contentOffset.y > released + 100)
  }

  @Test("Indicators show while scrolling and fade once the content rests")
  func indicators() {
    let scene = TwoTables()
    longTable(scene)
    #expect(!scene.right.areScrollIndicatorsVisible)
    wheel(scene, 1)
    scene.test.hold(0.05)
    #expect(scene.right.areScrollIndicatorsVisible)
    scene.test.settle()
    #expect(!scene.right.areScrollIndicatorsVisible)
    // A short table has nothing to scroll: the wheel goes on to the window, no indicator.
    wheel(scene, 1)
    #expect(scene.left.contentOffset.y == 0)
  }

  @Test("Shift turns the wheel sideways; a view that cannot scroll passes the wheel on")
  func shiftAndPassingOn() {
    let scene = TwoTables()
    scene.right.contentSize = Size(width: 2000, height: 88)
    wheel(scene, 1, shift: true)
    scene.test.settle()
    #expect(scene.right.contentOffset.x > 0 && scene.right.contentOffset.y == 0)
  }

  @Test("Scrolling during a drag updates the destination; auto-scroll stops a glide")
  func scrollingDuringADrag() throws {
    let scene = TwoTables()
    longTable(scene)
    scene.test.longPress(at: scene.rowCenter(scene.left, 0))
    scene.test.move(to: Point(x: 420, y: 200))
    scene.test.recorder.skip()
    swipe(scene, [40, 40, 40])
    #expect(scene.test.recorder.unchecked.map(\.unnumbered).contains(.init("right", .sessionDidUpdate)))
    // Into the bottom edge: auto-scroll takes over from the glide.
    scene.test.move(to: Point(x: 420, y: 470))
    #expect(!scene.right.isDecelerating)
    scene.test.hold(0.5)
    scene.test.release()
    scene.test.settle()
    let index = try #require(scene.rightModel.sections[0].firstIndex(of: "北海道"))
    #expect(index > 10)
  }
}
