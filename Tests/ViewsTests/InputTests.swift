import Foundation
import PropertyBased
import TestSupport
import Testing

@testable import Views

@MainActor
@Suite struct ClockTests {
  @Test func actionsRunInTimeThenSchedulingOrder() {
    let clock = ManualClock()
    var log: [String] = []
    clock.schedule(after: 2) { log.append("b@\(clock.now)") }
    clock.schedule(after: 1) { log.append("a@\(clock.now)") }
    clock.schedule(after: 2) {
      log.append("c@\(clock.now)")
      clock.schedule(after: 0.5) { log.append("d@\(clock.now)") }
    }
    let cancelled = clock.schedule(after: 1.5) { log.append("never") }
    cancelled.cancel()
    clock.advance(by: 2.2)
    #expect(log == ["a@1.0", "b@2.0", "c@2.0"])
    #expect(clock.now == 2.2)
    clock.advance(by: 1)
    #expect(log.last == "d@2.5")
    #expect(!cancelled.isPending)
    #expect(clock.nextActionTime == nil)
  }
}

@MainActor
@Suite struct ClockPropertyTests {
  @Test("Random schedules, cancels and advances run what a sorted list would, in its order")
  func agreesWithASortedList() async {
    await propertyCheck(count: 200, input: Gen<UInt64>.value(in: 0...UInt64.max)) { seed in
      var random = SeededGenerator(state: seed)
      let clock = ManualClock()
      var ran: [Int] = []
      // The reference: every action scheduled, with its time and whether it was cancelled.
      var model: [(id: Int, time: Double, cancelled: Bool)] = []
      var tokens: [ScheduledAction] = []
      var expected: [Int] = []
      for step in 0..<200 {
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<5:
          // Times on a coarse grid, so that ties are common.
          let time = clock.now + Double(Int.random(in: -1...8, using: &random)) / 2
          model.append((step, max(time, clock.now), false))
          tokens.append(clock.schedule(at: time) { ran.append(step) })
        case 5..<7 where !tokens.isEmpty:
          let index = Int.random(in: 0..<tokens.count, using: &random)
          tokens[index].cancel()
          model[index].cancelled = true
        default:
          let target = clock.now + Double(Int.random(in: 0...6, using: &random)) / 2
          // Due actions, by time then by scheduling order, each once.
          let due = model.enumerated().filter { !$0.element.cancelled && $0.element.time <= target }
            .sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
          for entry in due { model[entry.offset].cancelled = true }
          expected += due.map(\.element.id)
          clock.advance(to: target)
          #expect(ran == expected)
          #expect(clock.now == target)
        }
        let next = model.filter { !$0.cancelled }.map(\.time).min()
        #expect(clock.nextActionTime == next)
      }
    }
  }
}

@MainActor
@Suite struct GestureRecognizerTests {
  @MainActor final class Fixture {
    let clock = ManualClock()
    let window: Window
    let view = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    var log: [String] = []

    init() {
      window = Window(frame: Rect(x: 0, y: 0, width: 200, height: 200), clock: clock)
      window.addSubview(view)
    }

    func record(_ name: String) -> (GestureRecognizer) -> Void {
      { [unowned self] recognizer in self.log.append("\(name).\(recognizer.state.rawValue)") }
    }

    func touch(_ id: Int, _ phase: Touch.Phase, _ x: Double, _ y: Double) {
      window.send(Touch(id: id, phase: phase, location: Point(x: x, y: y), timestamp: clock.now))
    }
  }

  @Test func tapRecognisesAQuickTouchAndFailsOnMovement() {
    let fixture = Fixture()
    let tap = TapGestureRecognizer(action: fixture.record("tap"))
    fixture.view.addGestureRecognizer(tap)
    fixture.touch(1, .began, 10, 10)
    fixture.touch(1, .ended, 12, 11)
    #expect(fixture.log == ["tap.ended"])
    #expect(tap.state == .possible)  // reset once the touch is gone
    fixture.touch(2, .began, 10, 10)
    fixture.touch(2, .moved, 30, 10)
    fixture.touch(2, .ended, 30, 10)
    #expect(fixture.log == ["tap.ended"])
  }

  @Test func longPressBeginsAfterTheDelayOnTheClock() {
    let fixture = Fixture()
    let press = LongPressGestureRecognizer(action: fixture.record("press"))
    fixture.view.addGestureRecognizer(press)
    fixture.touch(1, .began, 50, 50)
    fixture.clock.advance(by: 0.49)
    #expect(fixture.log.isEmpty)
    fixture.clock.advance(by: 0.01)
    #expect(fixture.log == ["press.began"])
    fixture.touch(1, .moved, 80, 50)
    fixture.touch(1, .ended, 80, 50)
    #expect(fixture.log == ["press.began", "press.changed", "press.ended"])
  }

  @Test("A continuous gesture reports every movement as a change, not only the first")
  func everyMovementIsAChange() {
    let fixture = Fixture()
    let press = LongPressGestureRecognizer(action: fixture.record("press"))
    fixture.view.addGestureRecognizer(press)
    fixture.touch(1, .began, 50, 50)
    fixture.clock.advance(by: 0.5)
    fixture.touch(1, .moved, 60, 50)
    fixture.touch(1, .moved, 70, 50)
    fixture.touch(1, .moved, 80, 50)
    fixture.touch(1, .ended, 80, 50)
    #expect(fixture.log == ["press.began", "press.changed", "press.changed", "press.changed", "press.ended"])
  }

  @Test("Rule 2: moving beyond the tolerance before the delay cancels the press")
  func longPressFailsWhenMovedEarly() {
    let fixture = Fixture()
    let press = LongPressGestureRecognizer(action: fixture.record("press"))
    fixture.view.addGestureRecognizer(press)
    fixture.touch(1, .began, 50, 50)
    fixture.touch(1, .moved, 58, 50)  // within 10 points
    fixture.clock.advance(by: 0.2)
    fixture.touch(1, .moved, 61, 50)  // beyond
    #expect(press.state == .failed)
    fixture.clock.advance(by: 1)
    #expect(fixture.log.isEmpty)
    fixture.touch(1, .ended, 61, 50)
    #expect(press.state == .possible)
  }

  @Test func panBeginsPastItsDistanceAndReportsTranslation() {
    let fixture = Fixture()
    let pan = PanGestureRecognizer(action: fixture.record("pan"))
    fixture.view.addGestureRecognizer(pan)
    fixture.touch(1, .began, 10, 10)
    fixture.touch(1, .moved, 15, 10)
    #expect(pan.state == .possible)
    fixture.touch(1, .moved, 30, 10)
    #expect(pan.translation(in: fixture.view) == Point(x: 20, y: 0))
    fixture.touch(1, .moved, 40, 20)
    fixture.touch(1, .ended, 40, 20)
    #expect(fixture.log == ["pan.began", "pan.changed", "pan.ended"])
  }

  @Test("A recogniser that begins stops the others on the same touch")
  func arbitration() {
    let fixture = Fixture()
    let tap = TapGestureRecognizer(action: fixture.record("tap"))
    let press = LongPressGestureRecognizer(action: fixture.record("press"))
    fixture.view.addGestureRecognizer(tap)
    fixture.window.addGestureRecognizer(press)  // on an ancestor: it sees the touch too
    fixture.touch(1, .began, 10, 10)
    fixture.clock.advance(by: 0.5)
    #expect(tap.state == .failed)
    fixture.touch(1, .ended, 10, 10)
    #expect(fixture.log == ["press.began", "press.ended"])
  }

  @Test func simultaneousRecognitionWhenAllowed() {
    let fixture = Fixture()
    let pan = PanGestureRecognizer(action: fixture.record("pan"))
    let press = LongPressGestureRecognizer(action: fixture.record("press"))
    press.shouldRecognizeSimultaneously = { $0 === pan }
    fixture.view.addGestureRecognizer(pan)
    fixture.view.addGestureRecognizer(press)
    fixture.touch(1, .began, 10, 10)
    fixture.clock.advance(by: 0.5)
    fixture.touch(1, .moved, 40, 10)
    fixture.touch(1, .ended, 40, 10)
    // Recognisers see each touch in the order they were added: the pan first.
    #expect(fixture.log == ["press.began", "pan.began", "press.changed", "pan.ended", "press.ended"])
  }

  @Test func pointerPressesBecomePointerTouches() {
    let fixture = Fixture()
    let pan = PanGestureRecognizer(action: fixture.record("pan"))
    pan.allowedTouchKinds = [.pointer]
    fixture.view.addGestureRecognizer(pan)
    let window = fixture.window
    window.send(PointerEvent(phase: .moved, location: Point(x: 5, y: 5), buttons: [], timestamp: 0))
    window.send(PointerEvent(phase: .down(.primary), location: Point(x: 10, y: 10), buttons: .primary, timestamp: 0))
    window.send(PointerEvent(phase: .moved, location: Point(x: 40, y: 10), buttons: .primary, timestamp: 0))
    window.send(PointerEvent(phase: .up(.primary), location: Point(x: 40, y: 10), buttons: [], timestamp: 0))
    #expect(fixture.log == ["pan.began", "pan.ended"])
    // Finger touches pass it by.
    fixture.touch(1, .began, 10, 10)
    fixture.touch(1, .moved, 40, 10)
    fixture.touch(1, .ended, 40, 10)
    #expect(fixture.log == ["pan.began", "pan.ended"])
  }

  @Test func malformedTouchSequencesAreHarmless() {
    let fixture = Fixture()
    let pan = PanGestureRecognizer(action: fixture.record("pan"))
    fixture.view.addGestureRecognizer(pan)
    fixture.touch(9, .moved, 10, 10)  // never began
    fixture.touch(9, .ended, 10, 10)
    fixture.touch(1, .began, 10, 10)
    fixture.touch(1, .moved, 40, 10)
    fixture.touch(1, .began, 50, 50)  // began twice: the first is cancelled
    #expect(fixture.log == ["pan.began", "pan.cancelled"])
    fixture.touch(1, .cancelled, 50, 50)
    #expect(pan.state == .possible)
  }
}
