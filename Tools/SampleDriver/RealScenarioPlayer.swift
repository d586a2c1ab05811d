import DragDrop
import Foundation
import SampleScenes
import Scenarios
import TraceLines

/// A Samples window on a real X display, started with `--trace`: its output says where the
/// view tree is, every delegate call, the scene's journal, its state and when it is idle.
public final class SampleWindow: @unchecked Sendable {
  public let scene: SceneKind
  public let process: LineProcess
  /// The X window.
  public let windowID: String
  /// Where the view tree's origin is in the X window.
  public let origin: (x: Int, y: Int)
  public let input: XInput

  /// Starts `samples` (the Samples program) showing `scene` on `display`, with the
  /// `environment` changes given (a screen reader's bus), and waits until its first frame
  /// is drawn.
  public init(
    samples: URL, scene: SceneKind, display: String, extraArguments: [String] = [],
    environment changes: [String: String?] = [:]
  ) throws(DriverError) {
    self.scene = scene
    input = try XInput(display: display)
    process = try LineProcess.start(
      samples, arguments: [scene.id, "--trace"] + extraArguments,
      environment: SampleWindow.environment(display: display).merging(changes) { $1 })
    guard let ready = process.waitForLine(timeout: 30, where: { TraceLine($0).isReady })?.line else {
      process.terminate()
      throw .timedOut("the \(scene.id) window to show", output: process.output)
    }
    guard case .ready(let x, let y, _, _) = TraceLine(ready) else {
      process.terminate()
      throw .timedOut("the \(scene.id) window to show", output: process.output)
    }
    origin = (x, y)
    var found: String?
    let deadline = Date(timeIntervalSinceNow: 10)
    while found == nil && Date() < deadline {
      found = try input.window(ofProcess: process.pid, titlePrefix: "DragDrop \(scene.id)")
      if found == nil { _ = process.waitForLine(from: process.lineCount, timeout: 0.1) { _ in false } }
    }
    guard let found else {
      process.terminate()
      throw .timedOut("the \(scene.id) window's X id", output: process.output)
    }
    windowID = found
  }

  deinit {
    process.terminate()
  }

  /// The environment of a GTK program on `display`: X11, no accessibility bus, and GIO's
  /// local file system only (without a session bus, gvfs, when installed, prints criticals
  /// in every GTK process).
  public static func environment(display: String) -> [String: String?] {
    ["DISPLAY": display, "GDK_BACKEND": "x11", "NO_AT_BRIDGE": "1", "WAYLAND_DISPLAY": nil, "GIO_USE_VFS": "local"]
  }

  /// Closes the window.
  public func close() {
    process.terminate()
  }

  /// Moves the pointer to `point` of the view tree.
  public func move(to point: Point) throws(DriverError) {
    try input.move(window: windowID, x: origin.x + Int(point.x.rounded()), y: origin.y + Int(point.y.rounded()))
  }

  /// The delegate calls so far, without the `call ` prefix.
  public var calls: [String] { process.traceCalls }
  /// The scene's journal so far.
  public var journal: [String] { process.lines.compactMap { TraceLine($0).scene } }
  /// The scene's latest state.
  public var state: String { process.traceResult.state }

  /// What the window has done so far, as a scenario result.
  public var result: ScenarioResult { process.traceResult }

  /// Waits until the window reports `idle` after line `index` and then stays quiet for a
  /// moment, or `timeout` seconds pass.
  public func waitUntilIdle(after index: Int, timeout: TimeInterval = 15) throws(DriverError) {
    try process.waitUntilIdle(after: index, timeout: timeout, what: "the \(scene.id) window to settle")
  }
}

extension LineProcess {
  /// The delegate calls a traced window printed so far, without the `call ` prefix.
  public var traceCalls: [String] { lines.compactMap { TraceLine($0).call } }

  /// What a traced window (`Samples --trace`) has done so far, as a scenario result.
  public var traceResult: ScenarioResult {
    let lines = self.lines
    return ScenarioResult(
      calls: Scenario.normalizedCalls(lines.compactMap { TraceLine($0).call }),
      journal: lines.compactMap { TraceLine($0).scene },
      state: lines.lazy.reversed().compactMap { TraceLine($0).state }.first ?? "")
  }

  /// Waits until a traced window reports `idle` after line `index` and then stays quiet for
  /// a moment, or `timeout` seconds pass.
  public func waitUntilIdle(after index: Int, timeout: TimeInterval, what: String) throws(DriverError) {
    guard waitForLine(from: index, timeout: timeout, where: { TraceLine($0) == .idle }) != nil else {
      throw .timedOut(what, output: output)
    }
    waitForQuiet(0.3, timeout: timeout)
  }
}

/// Plays scenarios in real windows with real X input: xdotool moves the pointer in steps
/// ``Scenario/stepInterval`` apart, as PLATFORM-NOTES asks of real drags, and waits are
/// real time.
public struct RealScenarioPlayer: Sendable {
  public let samples: URL
  public let display: String

  public init(samples: URL, display: String) {
    self.samples = samples
    self.display = display
  }

  /// Plays `scenario` in a new window and returns what the window reported. Captures are
  /// screenshots written to `captures/<scenario id>-<name>.png` when `captures` is set;
  /// `onCapture` hears each one written.
  public func play(
    _ scenario: Scenario, captures: URL? = nil, window existing: SampleWindow? = nil,
    onCapture: ((String, URL) -> Void)? = nil
  ) throws(DriverError) -> ScenarioResult {
    if let reason = scenario.headlessOnly { throw .unsupportedStep(reason) }
    let window: SampleWindow
    if let existing {
      window = existing
    } else {
      window = try SampleWindow(samples: samples, scene: scenario.scene, display: display)
    }
    defer { if existing == nil { window.close() } }
    let peer = try scenario.peer.map { peer throws(DriverError) in
      try PeerWindow(peer, beside: window, display: display)
    }
    defer { peer?.close() }
    var capture: ScreenCapture?
    if captures != nil { capture = try ScreenCapture(display: display) }
    var location: Point?
    var lastInput = window.process.lineCount
    for step in scenario.steps {
      switch step {
      case .hover(let point):
        try window.move(to: point)
        location = point
      case .press(let point):
        if location != point {
          try window.move(to: point)
          pause(0.05)
        }
        lastInput = window.process.lineCount
        try window.input.buttonDown()
        location = point
        pause(0.05)
      case .move(let point):
        for next in Scenario.path(from: location ?? point, to: point) {
          try window.move(to: next)
          pause(Scenario.stepInterval)
        }
        location = point
      case .wait(let duration):
        pause(duration)
      case .release:
        // A loaded machine may still be working through the moves: the window's output
        // goes quiet once it has, and the release then lands where the moves ended.
        _ = window.process.waitForQuiet(0.3, timeout: 3)
        lastInput = window.process.lineCount
        try window.input.buttonUp()
      case .key(let key, let modifiers):
        lastInput = window.process.lineCount
        try window.input.key(XInput.keyName(key, modifiers))
      case .secondTouchTap, .fingerDown, .fingerMove, .fingerUp:
        throw .unsupportedStep("a touch: xdotool has none")
      case .capture(let name):
        if let captures, let capture {
          let url = captures.appendingPathComponent("\(scenario.id)-\(name).png")
          try capture.capture(window: window.windowID, to: url)
          onCapture?(name, url)
        }
      case .settle:
        try window.waitUntilIdle(after: lastInput)
      }
    }
    try window.waitUntilIdle(after: lastInput)
    return window.result
  }

  /// Real time passing: the window goes on running meanwhile.
  private func pause(_ seconds: Double) {
    Thread.sleep(forTimeInterval: seconds)
  }
}

/// Another application beside a scene's window: the GTK 4 peer program in python3-gi
/// (`Tests/Peers/gtk4_peer.py`), its window put where the scenario says.
public final class PeerWindow: @unchecked Sendable {
  /// The peer program, in the checkout this driver was built from.
  public static var script: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appending(path: "Tests/Peers/gtk4_peer.py")
  }

  public let process: LineProcess

  /// Starts the peer and waits until its window shows, then moves it to `peer.position` of
  /// `window`'s view tree.
  public init(_ peer: ScenarioPeer, beside window: SampleWindow, display: String) throws(DriverError) {
    let title = "DragDrop peer \(ProcessInfo.processInfo.processIdentifier)"
    process = try LineProcess.start(
      URL(fileURLWithPath: "/usr/bin/python3"),
      arguments: [Self.script.path, peer.arguments[0], title] + peer.arguments.dropFirst(),
      environment: SampleWindow.environment(display: display))
    guard process.waitForLine(timeout: 30, where: { $0 == "ready" }) != nil,
      let id = try window.input.window(ofProcess: process.pid, titlePrefix: title)
    else {
      process.terminate()
      throw .timedOut("the peer's window to show", output: process.output)
    }
    try window.input.run([
      "windowmove", "--sync", id, "\(window.origin.x + Int(peer.position.x))",
      "\(window.origin.y + Int(peer.position.y))",
    ])
  }

  deinit { process.terminate() }

  public func close() { process.terminate() }
}
