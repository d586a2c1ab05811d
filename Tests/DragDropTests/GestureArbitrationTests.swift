import DragDrop
import DragDropTesting
import Testing

/// Recognisers that agree, as UIKit's do: `require(toFail:)`, and a delegate that decides
/// whether one begins, which touches it sees, and whom it waits for or shares touches with.
@MainActor
@Suite struct GestureArbitrationTests {
  final class Log {
    var entries: [String] = []
  }

  /// A delegate whose every answer a test sets.
  final class Referee: GestureRecognizerDelegate {
    var begins = true
    var receives = true
    var simultaneous = false
    weak var mustFail: GestureRecognizer?
    weak var makesWait: GestureRecognizer?
    func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool { begins }
    func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool { receives }
    func gestureRecognizer(
      _ gestureRecognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer
    ) -> Bool { simultaneous }
    func gestureRecognizer(
      _ gestureRecognizer: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer
    )
      -> Bool
    { other === mustFail }
    func gestureRecognizer(
      _ gestureRecognizer: GestureRecognizer, shouldBeRequiredToFailBy other: GestureRecognizer
    ) -> Bool { other === makesWait }
  }

  @MainActor
  struct Scene {
    let test = TestWindow(size: Size(width: 300, height: 300))
    let view = View(frame: Rect(x: 0, y: 0, width: 300, height: 300))
    let log = Log()
    let single = TapGestureRecognizer()
    let double = TapGestureRecognizer()

    init() {
      test.recorder.stopChecking()
      double.numberOfTapsRequired = 2
      let log = self.log
      single.addAction { if $0.state == .ended { log.entries.append("single") } }
      double.addAction { if $0.state == .ended { log.entries.append("double") } }
      view.addGestureRecognizer(single)
      view.addGestureRecognizer(double)
      test.window.addSubview(view)
    }

    func tap(_ id: Int) { test.tap(at: Point(x: 150, y: 150), touch: id) }
  }

  @Test("A single tap that requires the double tap to fail runs once no second tap came, and not for a double tap")
  func requireToFail() {
    let scene = Scene()
    scene.single.require(toFail: scene.double)
    scene.tap(1)
    #expect(scene.log.entries.isEmpty && scene.single.state == .possible)
    scene.test.hold(0.4)
    #expect(scene.log.entries == ["single"])
    scene.tap(2)
    scene.test.hold(0.1)
    scene.tap(3)
    scene.test.settle()
    #expect(scene.log.entries == ["single", "double"])
    // And a single tap again, after the double.
    scene.tap(4)
    scene.test.settle()
    #expect(scene.log.entries == ["single", "double", "single"])
  }

  @Test("The delegate's requirement works as require(toFail:), from either side")
  func delegateRequirement() {
    let scene = Scene()
    let referee = Referee()
    referee.mustFail = scene.double
    scene.single.delegate = referee
    scene.tap(1)
    #expect(scene.log.entries.isEmpty)
    scene.test.settle()
    #expect(scene.log.entries == ["single"])

    let other = Scene()
    let doubles = Referee()
    doubles.makesWait = other.single
    other.double.delegate = doubles
    other.tap(1)
    other.test.hold(0.1)
    other.tap(2)
    other.test.settle()
    #expect(other.log.entries == ["double"])
  }

  @Test("A recogniser whose delegate says no fails instead of beginning; one that sees no touch never runs")
  func shouldBeginAndShouldReceive() {
    let scene = Scene()
    let referee = Referee()
    referee.begins = false
    scene.single.delegate = referee
    scene.tap(1)
    scene.test.settle()
    #expect(scene.log.entries.isEmpty && scene.single.state == .possible)
    referee.begins = true
    referee.receives = false
    scene.tap(2)
    scene.test.settle()
    #expect(scene.log.entries.isEmpty)
    referee.receives = true
    scene.tap(3)
    scene.test.settle()
    #expect(scene.log.entries == ["single"])
  }

  @Test("A long press and a pan share a touch only when the delegate lets them")
  func simultaneous() {
    let test = TestWindow(size: Size(width: 300, height: 300))
    test.recorder.stopChecking()
    let view = View(frame: Rect(x: 0, y: 0, width: 300, height: 300))
    test.window.addSubview(view)
    let log = Log()
    let press = LongPressGestureRecognizer()
    press.allowableMovement = 100
    let pan = PanGestureRecognizer()
    press.addAction { log.entries.append("press \($0.state)") }
    pan.addAction { log.entries.append("pan \($0.state)") }
    view.addGestureRecognizer(press)
    view.addGestureRecognizer(pan)
    test.longPress(at: Point(x: 100, y: 100))
    test.move(to: Point(x: 100, y: 160))
    test.release()
    #expect(log.entries.first == "press began" && !log.entries.contains { $0.hasPrefix("pan") })

    log.entries = []
    let referee = Referee()
    referee.simultaneous = true
    pan.delegate = referee
    test.longPress(at: Point(x: 100, y: 100), touch: 2)
    test.move(touch: 2, to: Point(x: 100, y: 160))
    test.release(touch: 2)
    #expect(log.entries.contains("press began") && log.entries.contains("pan began"))
  }
}
