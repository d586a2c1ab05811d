import DragDrop
import Foundation

/// A window driven by a script: touches, pointer and keys, on a clock that moves only
/// when the script says so. Every delegate call is recorded.
///
/// ```swift
/// let test = TestWindow()
/// test.window.addSubview(myView)
/// test.longPress(at: Point(x: 40, y: 40))
/// test.drag(along: [Point(x: 40, y: 40), Point(x: 400, y: 300)])
/// test.release()
/// test.recorder.expect(["source.sessionAllowsMoveOperation", …])
/// ```
@MainActor
public final class TestWindow {
  /// The clock the window reads; only the test moves it.
  public let clock: ManualClock
  public let window: Window
  /// Records every delegate call the window's drag controller makes.
  public let recorder = DelegateRecorder()
  /// How long each step of a scripted movement takes.
  public var stepDuration = 1.0 / 60
  /// Where each touch is, by id.
  public private(set) var touchLocations: [Int: Point] = [:]
  private var pointerLocation = Point.zero
  private var pointerButtons: PointerButtons = []

  /// The window's title: the one a ``HeadlessBackend`` made it with, or its root view
  /// controller's.
  public var title: String { window.title ?? "" }
  /// Whether the window has been presented and not closed since.
  public internal(set) var isPresented = false
  /// Whether the window has been closed.
  public internal(set) var isClosed = false
  /// How many frames have been asked for through ``setNeedsDisplay()``.
  public internal(set) var requestedFrames = 0
  /// The backend that made the window, if one did.
  weak var backend: HeadlessBackend?

  /// Whether the clock was made here rather than passed in.
  private let ownsClock: Bool

  /// A window of `size` on `clock`. When the clock is made here (the default), the test
  /// window cancels its pending actions when it is freed: they may hold the window, which
  /// would otherwise outlive a test that ends mid-drag or mid-animation. A clock passed in
  /// belongs to the caller, who lets it go with its actions.
  public init(size: Size = Size(width: 800, height: 600), clock: ManualClock? = nil) {
    self.ownsClock = clock == nil
    let clock = clock ?? ManualClock()
    self.clock = clock
    window = Window(frame: Rect(origin: .zero, size: size), clock: clock)
    recorder.attach(to: window)
  }

  /// Not isolated, so that the recorder it releases reports unchecked calls inside the test
  /// (an isolated deinit runs without the test's context). A test window released off the
  /// main actor (by a benchmark's runner, say) has its clock's actions cancelled there.
  deinit {
    guard ownsClock else { return }
    let clock = self.clock
    if Thread.isMainThread {
      MainActor.assumeIsolated { clock.cancelAll() }
    } else {
      Task { @MainActor in clock.cancelAll() }
    }
  }

  // MARK: Touches

  /// Puts touch `id` down at `point` (window coordinates).
  public func press(at point: Point, touch id: Int = 1) {
    touchLocations[id] = point
    send(id, .began, point)
  }

  /// Presses and holds until a drag interaction's lift delay (0.5 s) has passed.
  public func longPress(at point: Point, touch id: Int = 1, duration: Double = 0.5) {
    press(at: point, touch: id)
    hold(duration)
  }

  /// Moves touch `id` through `points`, `steps` equal steps per segment, each taking
  /// ``stepDuration``. The first point is where the touch is now when omitted.
  public func drag(touch id: Int = 1, along points: [Point], steps: Int = 4) {
    var current = touchLocations[id] ?? points.first ?? .zero
    for point in points {
      for step in 1...max(1, steps) {
        let t = Double(step) / Double(max(1, steps))
        let next = Point(x: current.x + (point.x - current.x) * t, y: current.y + (point.y - current.y) * t)
        clock.advance(by: stepDuration)
        touchLocations[id] = next
        send(id, .moved, next)
      }
      current = point
    }
  }

  /// Moves touch `id` to `point` in `steps` steps.
  public func move(touch id: Int = 1, to point: Point, steps: Int = 4) {
    drag(touch: id, along: [point], steps: steps)
  }

  /// Lifts touch `id` where it is, or at `point`.
  public func release(touch id: Int = 1, at point: Point? = nil) {
    let location = point ?? touchLocations[id] ?? .zero
    touchLocations[id] = nil
    send(id, .ended, location)
  }

  /// Cancels touch `id`, as the platform does when it takes a touch away.
  public func cancelTouch(_ id: Int = 1) {
    let location = touchLocations[id] ?? .zero
    touchLocations[id] = nil
    send(id, .cancelled, location)
  }

  /// A quick tap with touch `id` (a second finger during a drag, say).
  public func tap(at point: Point, touch id: Int = 2) {
    press(at: point, touch: id)
    clock.advance(by: 0.05)
    release(touch: id, at: point)
  }

  /// Lets time pass without input.
  public func hold(_ duration: Double) {
    clock.advance(by: duration)
  }

  /// Runs every scheduled action, advancing time to each, until none is left (animations
  /// end, spring-loading fires), and lays out what changed, as a turn of UIKit's run loop
  /// does. Stops after `limit` seconds of clock time.
  public func settle(limit: Double = 60) {
    let end = clock.now + limit
    window.layoutIfNeeded()
    while let next = clock.nextActionTime, next <= end {
      clock.advance(to: next)
      window.layoutIfNeeded()
    }
  }

  /// Runs the clock until nothing is scheduled and waits for the loads that drops started
  /// to finish and report back, as often as needed: animations end, load completions run
  /// (with the main-queue blocks they dispatch), placeholders commit, and
  /// `sessionDidTransferItems` arrives. Then lays out what changed. The loads are real work
  /// off the main actor, so this awaits them rather than advancing time. It gives up after
  /// `limit` seconds of clock time or a million turns of the main actor.
  ///
  /// ```swift
  /// test.release()
  /// await test.settleTransfers()
  /// #expect(controller.photos.count == 4)
  /// ```
  public func settleTransfers(limit: Double = 60) async {
    await DragDropHarness.settleTransfers(of: window, limit: limit)
  }

  private func send(_ id: Int, _ phase: Touch.Phase, _ point: Point) {
    window.send(Touch(id: id, phase: phase, location: point, timestamp: clock.now))
  }

  // MARK: Pointer

  /// Moves the pointer to `point` in `steps` steps, with the buttons currently down.
  public func pointerMove(to point: Point, steps: Int = 4, modifiers: KeyModifiers = []) {
    let start = pointerLocation
    for step in 1...max(1, steps) {
      let t = Double(step) / Double(max(1, steps))
      pointerLocation = Point(x: start.x + (point.x - start.x) * t, y: start.y + (point.y - start.y) * t)
      clock.advance(by: stepDuration)
      window.send(
        PointerEvent(
          phase: .moved, location: pointerLocation, buttons: pointerButtons, modifiers: modifiers,
          timestamp: clock.now))
    }
  }

  /// Presses a pointer button at `point` (window coordinates), with `modifiers` held.
  public func pointerDown(at point: Point, button: PointerButtons = .primary, modifiers: KeyModifiers = []) {
    pointerLocation = point
    pointerButtons.insert(button)
    window.send(
      PointerEvent(
        phase: .down(button), location: point, buttons: pointerButtons, modifiers: modifiers, timestamp: clock.now))
  }

  /// Releases a pointer button where the pointer is.
  public func pointerUp(button: PointerButtons = .primary, modifiers: KeyModifiers = []) {
    pointerButtons.remove(button)
    window.send(
      PointerEvent(
        phase: .up(button), location: pointerLocation, buttons: pointerButtons, modifiers: modifiers,
        timestamp: clock.now))
  }

  /// Presses the primary button at `from`, moves to each point, and releases.
  public func pointerDrag(from start: Point, through points: [Point], steps: Int = 4, modifiers: KeyModifiers = []) {
    pointerMove(to: start, steps: 1)
    pointerDown(at: start, modifiers: modifiers)
    for point in points { pointerMove(to: point, steps: steps, modifiers: modifiers) }
    pointerUp(modifiers: modifiers)
  }

  // MARK: Keys

  /// Presses and releases a key.
  public func key(_ key: KeyEvent.Key, modifiers: KeyModifiers = []) {
    window.send(KeyEvent(key: key, phase: .down, modifiers: modifiers, timestamp: clock.now))
    window.send(KeyEvent(key: key, phase: .up, modifiers: modifiers, timestamp: clock.now))
  }

  // MARK: Snapshots

  /// The view tree as text.
  public var treeSnapshot: String { window.treeSnapshot }
  /// The display list as text.
  public var displayList: String { window.displayListSnapshot }
}

/// Runs `window`'s clock and awaits its drops' loads until neither has anything left:
/// what ``TestWindow/settleTransfers(limit:)`` and ``DelegateRecorder/settle(limit:)`` do.
///
/// Loads run off the main actor, so while any is in flight the clock stands still and this
/// gives the main actor's turns to their completions: a placeholder's progress timer,
/// which runs as long as its load does, does not carry the clock to `limit`. A load still
/// in flight after `loadPatience` turns (one waiting on the test itself) no longer holds
/// the clock back. Nothing here waits for time to pass.
@MainActor
func settleTransfers(of window: Window, limit: Double, loadPatience: Int = 200_000) async {
  let clock = window.clock as? ManualClock
  let end = (clock?.now ?? 0) + limit
  let controller = window.dragController
  var patient = true
  for _ in 0..<1_000_000 {
    window.layoutIfNeeded()
    if patient && controller.hasLoadsInFlight {
      var turns = 0
      while controller.hasLoadsInFlight && turns < loadPatience {
        await Task.yield()
        turns += 1
      }
      patient = !controller.hasLoadsInFlight
      // The loads' completions hop to the main actor: let them run before the clock goes on.
      await Task.yield()
      continue
    }
    if let clock, let next = clock.nextActionTime, next <= end {
      clock.advance(to: next)
      window.layoutIfNeeded()
      // What that step started (a load, a completion) gets its turn before the next step.
      await Task.yield()
      continue
    }
    if controller.pendingTransfers == 0 {
      // One more turn, for completions queued just before the last report.
      await Task.yield()
      if controller.pendingTransfers == 0 && clock?.nextActionTime.map({ $0 > end }) ?? true
        && !(patient && controller.hasLoadsInFlight)
      {
        window.layoutIfNeeded()
        return
      }
    }
    await Task.yield()
  }
}
