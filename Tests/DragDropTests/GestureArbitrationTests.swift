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

  /// A button inside a view whose recogniser `configure` sets up, and a counter of the
  /// button's taps.
  func buttonUnder(_ recognizer: GestureRecognizer) -> (TestWindow, Button, Log) {
    let test = TestWindow(size: Size(width: 300, height: 300))
    test.recorder.stopChecking()
    let parent = View(frame: Rect(x: 0, y: 0, width: 300, height: 300))
    let button = Button(type: .system)
    button.frame = Rect(x: 50, y: 50, width: 200, height: 100)
    let log = Log()
    button.addAction(Action { _ in log.entries.append("tap") }, for: .primaryActionTriggered)
    parent.addSubview(button)
    parent.addGestureRecognizer(recognizer)
    test.window.addSubview(parent)
    return (test, button, log)
  }

  @Test("A recogniser that delays touches began keeps a button from tracking until it fails; a quick tap still runs")
  func delaysTouchesBegan() {
    let press = LongPressGestureRecognizer()
    press.minimumPressDuration = 0.3
    press.delaysTouchesBegan = true
    let (test, button, log) = buttonUnder(press)
    test.press(at: Point(x: 150, y: 100))
    test.hold(0.1)
    #expect(!button.isHighlighted)
    test.hold(0.3)
    #expect(press.state == .began && !button.isHighlighted)
    test.release()
    #expect(log.entries.isEmpty)
    test.tap(at: Point(x: 150, y: 100))
    #expect(log.entries == ["tap"])
  }

  @Test("A pan that cancels touches in view stops a button's tracking; one that does not leaves the button its tap")
  func cancelsTouchesInView() {
    for cancels in [true, false] {
      let pan = PanGestureRecognizer()
      pan.cancelsTouchesInView = cancels
      let (test, button, log) = buttonUnder(pan)
      test.press(at: Point(x: 100, y: 100))
      test.drag(along: [Point(x: 130, y: 100)], steps: 3)
      #expect(pan.state == .changed || pan.state == .began)
      #expect(button.isHighlighted == !cancels)
      test.release()
      #expect(log.entries == (cancels ? [] : ["tap"]))
    }
  }
}
