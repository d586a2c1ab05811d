import DragDrop
import Foundation
import SampleScenes

/// A scripted use of a scene, with what it must produce: the drag and drop delegate calls,
/// the scene's own calls (its ``SceneJournal``), and the model at the end.
///
/// The same scenario runs headless (``HeadlessScenarioPlayer``, on a manual clock) and in a
/// real GTK window under X, driven by xdotool (`SampleDriver`'s `RealScenarioPlayer`); both
/// runs must match the expectations. Points are in the scene's window coordinates.
public struct Scenario: Sendable, Identifiable {
  public var id: String
  public var scene: SceneKind
  /// What the scenario shows, in a sentence.
  public var summary: String
  public var steps: [ScenarioStep]
  /// The drag and drop delegate calls, normalised by ``normalizedCalls(_:)``.
  public var calls: [String]
  /// The scene's journal.
  public var journal: [String]
  /// The scene's ``SampleScene/state`` at the end.
  public var state: String
  /// Why the scenario cannot run in a real window, when it cannot.
  public var headlessOnly: String?
  /// Another application the scenario drags from or to: it needs a real display.
  public var peer: ScenarioPeer?

  /// Whether a finger plays part of it: in a real window, it needs a compositor that takes
  /// touches (GNOME's mutter, through its remote desktop), not xdotool.
  public var usesFingers: Bool {
    steps.contains {
      switch $0 {
      case .fingerDown, .fingerMove, .fingerUp, .secondTouchTap: true
      default: false
      }
    }
  }
  /// What the window announces to screen readers, in English, when the scenario checks it
  /// (a keyboard scenario does); nil otherwise.
  public var announcements: [String]?

  public init(
    id: String, scene: SceneKind, summary: String, steps: [ScenarioStep], calls: [String], journal: [String],
    state: String, headlessOnly: String? = nil, peer: ScenarioPeer? = nil, announcements: [String]? = nil
  ) {
    self.peer = peer
    self.announcements = announcements
    self.id = id
    self.scene = scene
    self.summary = summary
    self.steps = steps
    self.calls = calls
    self.journal = journal
    self.state = state
    self.headlessOnly = headlessOnly
  }

  /// Delegate calls as compared between runs: `sessionDidMove` calls are left out and
  /// repeats of one call in a row count once. How many motion events a movement makes
  /// depends on how the platform delivers them (GTK may merge motion within one frame);
  /// which calls happen, and in what order, does not.
  public static func normalizedCalls(_ calls: [String]) -> [String] {
    var result: [String] = []
    for call in calls where !call.hasSuffix(".sessionDidMove") {
      if result.last != call { result.append(call) }
    }
    return result
  }

  /// The pointer positions of a movement from `start` to `end`: evenly spaced, at most
  /// ``stepLength`` points apart, and at least three, as real drags need (PLATFORM-NOTES:
  /// a drag that jumps to its target fails).
  public static func path(from start: Point, to end: Point) -> [Point] {
    let count = max(3, Int((start.distance(to: end) / stepLength).rounded(.up)))
    return (1...count).map { step in
      let t = Double(step) / Double(count)
      return Point(x: (start.x + (end.x - start.x) * t).rounded(), y: (start.y + (end.y - start.y) * t).rounded())
    }
  }

  /// The longest step of a movement, in points.
  public static let stepLength = 40.0
  /// The time between the steps of a movement, in seconds.
  public static let stepInterval = 0.1
}

/// Another application in a scenario: the GTK 4 peer program (`Tests/Peers/gtk4_peer.py`)
/// in one of its modes, its window put at a point of the scene's window coordinates (beside
/// the scene's window).
public struct ScenarioPeer: Sendable, Hashable {
  /// The peer's mode and its arguments after the title, such as `["source", "北海道の夏"]`.
  public var arguments: [String]
  /// Where the peer's window's top left goes, in the scene's window coordinates.
  public var position: Point
  /// The peer's window is 300 × 300 points; this is its centre.
  public var center: Point { Point(x: position.x + 150, y: position.y + 150) }

  public init(arguments: [String], position: Point) {
    self.arguments = arguments
    self.position = position
  }
}

/// One step of a ``Scenario``.
public enum ScenarioStep: Sendable, Hashable {
  /// Moves the pointer to a point without pressing (a hover).
  case hover(Point)
  /// Presses the primary button at a point (moving there first).
  case press(Point)
  /// Moves the pointer to a point along ``Scenario/path(from:to:)``, one step every
  /// ``Scenario/stepInterval`` seconds.
  case move(Point)
  /// Lets time pass without input.
  case wait(Double)
  /// Releases the primary button where the pointer is.
  case release
  /// Presses and releases a key, with modifiers held.
  case key(KeyEvent.Key, KeyModifiers = [])
  /// Taps with a second finger. Headless only: xdotool has one pointer and no touches.
  case secondTouchTap(Point)
  /// Puts finger `n` (0 and up; several may be down at once) down at a point.
  case fingerDown(Int, Point)
  /// Moves finger `n` to a point along ``Scenario/path(from:to:)``, one step every
  /// ``Scenario/stepInterval`` seconds.
  case fingerMove(Int, Point)
  /// Lifts finger `n` where it is.
  case fingerUp(Int)
  /// Marks a moment to capture: a screenshot in a real window, a rendering headless.
  case capture(String)
  /// Waits until the scene has settled: drags over, animations done, loads committed.
  case settle
}

/// Plays scenarios headless: the scene in a plain ``Window`` on a ``ManualClock``, with
/// pointer events as GTK would deliver them. Movements advance the clock by
/// ``Scenario/stepInterval`` per step and waits by their duration, as the real run takes
/// that long.
@MainActor
public final class HeadlessScenarioPlayer {
  public let scenario: Scenario
  public let clock = ManualClock()
  public let window: Window
  public let scene: any SampleScene
  /// Every drag and drop delegate call, as `interaction.method(detail)`.
  public private(set) var calls: [String] = []
  /// What the window announced, and how it described its focus.
  public let announcer = RecordingAnnouncer()
  /// Called after every frame's layout, where a real window would draw: a renderer that
  /// follows drags from frame to frame (a drag preview overlay) can keep up here.
  public var frameObserver: (() -> Void)?
  private var location = Point.zero
  private var buttons: PointerButtons = []
  /// Where each finger that is down is.
  private var fingers: [Int: Point] = [:]

  public init(_ scenario: Scenario) {
    self.scenario = scenario
    window = Window(frame: Rect(origin: .zero, size: scenario.scene.size), clock: clock)
    scene = scenario.scene.make(in: window)
    window.environment.announcements = .standard(language: "en")
    window.announcer = announcer
    window.layoutIfNeeded()
    // As a GTK window does when it opens: the first view has the focus, its ring hidden.
    if window.focusedView == nil {
      window.isFocusVisible = false
      window.moveFocus()
    }
    window.dragController.addCallObserver { [weak self] call in self?.calls.append(call.description) }
  }

  /// What the run produced, to compare with the scenario.
  public var result: ScenarioResult {
    ScenarioResult(calls: Scenario.normalizedCalls(calls), journal: scene.journal.entries, state: scene.state)
  }

  /// Plays every step. `capture` is called at each capture step with its name; it may
  /// render the window. Loads that finish off the main actor are awaited at waits and at
  /// the end. A settle that gives up (see ``settle(timeout:)``) is recorded in
  /// ``unsettledSteps``, and the steps after it still play.
  public func play(timeout: Double = 60, capture: ((String) -> Void)? = nil) async {
    for (index, step) in scenario.steps.enumerated() {
      switch step {
      case .hover(let point):
        send(.moved, at: point)
      case .press(let point):
        if point != location { send(.moved, at: point) }
        buttons = .primary
        send(.down(.primary), at: point)
      case .move(let point):
        for next in Scenario.path(from: location, to: point) {
          advance(to: clock.now + Scenario.stepInterval)
          send(.moved, at: next)
        }
      case .wait(let duration):
        await pass(duration, timeout: timeout)
      case .release:
        buttons = []
        send(.up(.primary), at: location)
      case .key(let key, let modifiers):
        window.send(KeyEvent(key: key, phase: .down, modifiers: modifiers, timestamp: clock.now))
        window.send(KeyEvent(key: key, phase: .up, modifiers: modifiers, timestamp: clock.now))
        frame()
      case .secondTouchTap(let point):
        window.send(Touch(id: 2, phase: .began, location: point, timestamp: clock.now))
        advance(to: clock.now + 0.05)
        window.send(Touch(id: 2, phase: .ended, location: point, timestamp: clock.now))
        frame()
      case .fingerDown(let finger, let point):
        fingers[finger] = point
        window.send(Touch(id: 10 + finger, phase: .began, location: point, timestamp: clock.now))
        frame()
      case .fingerMove(let finger, let point):
        for next in Scenario.path(from: fingers[finger] ?? point, to: point) {
          advance(to: clock.now + Scenario.stepInterval)
          fingers[finger] = next
          window.send(Touch(id: 10 + finger, phase: .moved, location: next, timestamp: clock.now))
          frame()
        }
      case .fingerUp(let finger):
        let point = fingers.removeValue(forKey: finger) ?? location
        window.send(Touch(id: 10 + finger, phase: .ended, location: point, timestamp: clock.now))
        frame()
      case .capture(let name):
        window.layoutIfNeeded()
        capture?(name)
      case .settle:
        if !(await settle(timeout: timeout)) { unsettledSteps.append(index) }
      }
    }
    if !(await settle(timeout: timeout)) { unsettledSteps.append(scenario.steps.count) }
  }

  private func send(_ phase: PointerEvent.Phase, at point: Point) {
    location = point
    window.send(PointerEvent(phase: phase, location: point, buttons: buttons, timestamp: clock.now))
    frame()
  }

  private func frame() {
    window.layoutIfNeeded()
    frameObserver?()
  }

  /// Moves the clock on to `time` a frame (a sixtieth of a second) at a time, laying the
  /// window out after each, as a real window draws (and lays out) after its clock's actions.
  private func advance(to time: Double) {
    repeat {
      clock.advance(to: max(clock.now, min(time, clock.now + 1.0 / 60)))
      frame()
    } while clock.now < time - 1e-9
  }

  /// Lets `duration` seconds pass in steps of a tenth, giving work that comes back from
  /// other threads (loads) a moment of real time at each step to reach the main actor.
  private func pass(_ duration: Double, timeout: Double) async {
    var left = duration
    while left > 1e-9 {
      await yieldToOtherThreads()
      let step = min(0.1, left)
      advance(to: clock.now + step)
      left -= step
    }
  }

  /// Runs the clock through the scheduled actions and waits for loads, until no drag is
  /// live, every drop's loads have been reported, and the scene is settled. Clock time
  /// moves in slices of half a second, with a turn of the main actor between them, so that a
  /// load finishing on another thread can come back while a timer repeats. Nothing sleeps.
  ///
  /// Returns false if it gives up: after at least ``settleTurns`` turns of its own and
  /// `timeout` seconds of real time, both. Other work on the main actor (other tests in
  /// the same process) can hold it for longer than `timeout` without making it give up.
  @discardableResult
  public func settle(timeout: Double = 60) async -> Bool {
    let deadline = Date(timeIntervalSinceNow: timeout)
    var turns = 0
    while turns < Self.settleTurns || Date() < deadline {
      if scene.isSettled && window.dragController.isIdle && clock.nextActionTime == nil { return true }
      if let next = clock.nextActionTime {
        advance(to: min(next, clock.now + 0.5))
      }
      await yieldToOtherThreads()
      turns += 1
    }
    return false
  }

  /// How many turns of the main actor a settle takes at least before it gives up.
  public static let settleTurns = 100_000

  /// The indices of the steps whose settle gave up (the step count for the last one, after
  /// every step).
  public private(set) var unsettledSteps: [Int] = []

  private func yieldToOtherThreads() async {
    await Task.yield()
  }
}

/// What a scenario run produced.
public struct ScenarioResult: Sendable, Hashable, CustomStringConvertible {
  /// Normalised delegate calls.
  public var calls: [String]
  public var journal: [String]
  public var state: String

  public init(calls: [String], journal: [String], state: String) {
    self.calls = calls
    self.journal = journal
    self.state = state
  }

  /// Whether the run produced what the scenario expects.
  public func matches(_ scenario: Scenario) -> Bool {
    calls == scenario.calls && journal == scenario.journal && state == scenario.state
  }

  public var description: String {
    "calls:\n" + calls.map { "  \($0)" }.joined(separator: "\n") + "\njournal:\n"
      + journal.map { "  \($0)" }.joined(separator: "\n") + "\nstate: \(state)"
  }
}
