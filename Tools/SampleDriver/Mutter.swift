import DragDrop
import Foundation
import SampleScenes
import Scenarios
import TraceLines

/// GNOME's mutter, headless, on a 1280 × 800 virtual monitor, with a remote-desktop session
/// that puts fingers and the pointer on its screen: `Tests/Peers/mutter_session.py`. mutter
/// has no input devices of its own; its remote desktop is how a test touches it.
public final class MutterSession: @unchecked Sendable {
  /// The session script, in the checkout this driver was built from.
  public static var script: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appending(path: "Tests/Peers/mutter_session.py")
  }

  /// Whether mutter, PipeWire and WirePlumber are installed.
  public static var isAvailable: Bool {
    ["/usr/bin/mutter", "/usr/bin/pipewire", "/usr/bin/wireplumber"].allSatisfy {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }

  /// The monitor's size, in pixels.
  public static let width = 1280
  public static let height = 800

  public let process: LineProcess
  /// The Wayland socket clients connect to.
  public let socket: String

  /// Starts mutter and its session, and waits until it takes input.
  public init() throws(DriverError) {
    guard Self.isAvailable else { throw .missingTool("mutter", package: "mutter pipewire wireplumber") }
    process = try LineProcess.start(
      URL(fileURLWithPath: "/usr/bin/python3"), arguments: [Self.script.path, "\(Self.width)", "\(Self.height)"],
      environment: ["DISPLAY": nil, "WAYLAND_DISPLAY": nil])
    guard let ready = process.waitForLine(timeout: 90, where: { $0.hasPrefix("ready ") || $0.hasPrefix("error") }),
      ready.line.hasPrefix("ready ")
    else {
      process.terminate()
      throw .timedOut("mutter to start", output: process.output)
    }
    socket = String(ready.line.dropFirst("ready ".count))
  }

  deinit {
    process.terminate()
  }

  /// The environment of a GTK program on this compositor.
  public var clientEnvironment: [String: String?] {
    [
      "GDK_BACKEND": "wayland", "WAYLAND_DISPLAY": socket,
      "XDG_RUNTIME_DIR": URL(fileURLWithPath: socket).deletingLastPathComponent().path, "DISPLAY": nil,
      "NO_AT_BRIDGE": "1", "GIO_USE_VFS": "local",
    ]
  }

  /// Runs one command of the session (`down 0 100 200`, `move …`, `up 0`, `pointer X Y`,
  /// `press 272`, `release 272`, `key KEYSYM`, `screenshot PATH`, `sleep MS`) and waits
  /// until mutter has taken it.
  public func send(_ command: String) throws(DriverError) {
    let index = process.lineCount
    try process.write(line: command)
    guard let answer = process.waitForLine(from: index, timeout: 20, where: { $0 == "ok" || $0.hasPrefix("error") })
    else { throw .timedOut("mutter to take `\(command)`", output: process.output) }
    if answer.line != "ok" { throw .commandFailed(command, status: 1, output: answer.line) }
  }

  public func close() {
    process.terminate()
  }

  // MARK: Keys and the screen

  /// X keysyms the tests press.
  public enum Keysym {
    public static let escape: UInt32 = 0xff1b
    public static let left: UInt32 = 0xff51
    public static let right: UInt32 = 0xff53
    public static let superLeft: UInt32 = 0xffeb
  }

  /// The X keysym of `key`: a character outside Latin-1 is its Unicode code point above
  /// `0x01000000`, as X defines. Nil for text of more than one character.
  public static func keysym(_ key: KeyEvent.Key) -> UInt32? {
    switch key {
    case .space: 0x20
    case .return: 0xff0d
    case .escape: Keysym.escape
    case .tab: 0xff09
    case .up: 0xff52
    case .down: 0xff54
    case .left: Keysym.left
    case .right: Keysym.right
    case .home: 0xff50
    case .end: 0xff57
    case .pageUp: 0xff55
    case .pageDown: 0xff56
    case .delete: 0xffff
    case .backspace: 0xff08
    case .character(let text):
      if let scalar = text.unicodeScalars.first, text.unicodeScalars.count == 1 {
        scalar.value < 0x100 ? scalar.value : 0x0100_0000 + scalar.value
      } else {
        nil
      }
    }
  }

  /// The keysyms of the left-hand keys that hold `modifiers`.
  public static func keysyms(of modifiers: KeyModifiers) -> [UInt32] {
    var keys: [UInt32] = []
    if modifiers.contains(.control) { keys.append(0xffe3) }
    if modifiers.contains(.shift) { keys.append(0xffe1) }
    if modifiers.contains(.alternate) { keys.append(0xffe9) }
    if modifiers.contains(.command) { keys.append(Keysym.superLeft) }
    return keys
  }

  /// Presses and releases `keysym` while `modifiers` (keysyms too) are held.
  public func key(_ keysym: UInt32, holding modifiers: [UInt32] = []) throws(DriverError) {
    for modifier in modifiers { try send("keydown \(modifier)") }
    try send("key \(keysym)")
    for modifier in modifiers.reversed() { try send("keyup \(modifier)") }
  }

  /// Writes the monitor as it is now (the screen cast's newest frame) to `file`, a PNG of
  /// ``width`` × ``height`` pixels.
  public func screenshot(to file: URL) throws(DriverError) {
    try send("screenshot \(file.path)")
  }

  // MARK: Fingers, paced as a hand moves

  /// Where `point` of a window whose view tree is at `offset` on the screen is, as the
  /// session's commands take it.
  public static func screen(_ point: Point, offset: Point) -> String {
    "\(Int((point.x + offset.x).rounded())) \(Int((point.y + offset.y).rounded()))"
  }

  /// Puts finger `finger` down at `point` and lets it rest there a moment.
  public func fingerDown(_ finger: Int, at point: Point, offset: Point) throws(DriverError) {
    try send("down \(finger) \(Self.screen(point, offset: offset))")
    pause(0.05)
  }

  /// Moves finger `finger` from `start` to `end` along ``Scenario/path(from:to:)``, each step
  /// a step's time after the last, as the headless player moves: a lift right after the
  /// last step is a flick's, at the finger's speed.
  public func fingerMove(_ finger: Int, from start: Point, to end: Point, offset: Point) throws(DriverError) {
    for next in Scenario.path(from: start, to: end) {
      pause(Scenario.stepInterval)
      try send("move \(finger) \(Self.screen(next, offset: offset))")
    }
  }

  /// Lifts finger `finger` where it is.
  public func fingerUp(_ finger: Int) throws(DriverError) {
    try send("up \(finger)")
  }

  /// Lets real time pass between real touches: a long press's hold, a pause before a lift.
  /// Waits on a real compositor cannot be injected.
  public func pause(_ seconds: Double) {
    Thread.sleep(forTimeInterval: seconds)
  }

  /// Where the window's view tree is on the screen: Wayland tells a client nothing of it,
  /// so the pointer goes to points of a grid until the window says where it felt it. The
  /// window must trace the pointer (`DRAGDROP_TRACE_POINTER`).
  public func locate(_ window: LineProcess) throws(DriverError) -> Point {
    for y in stride(from: 120, to: MutterSession.height, by: 160) {
      for x in stride(from: 120, to: MutterSession.width, by: 200) {
        let index = window.lineCount
        try send("pointer \(x) \(y)")
        if let line = window.waitForLine(
          from: index, timeout: 0.5, where: { if case .pointer = TraceLine($0) { true } else { false } }),
          case .pointer(let wx, let wy) = TraceLine(line.line)
        {
          // Off the window again, so that the pointer hovers over nothing the scenario uses.
          try send("pointer \(MutterSession.width - 1) \(MutterSession.height - 1)")
          return Point(x: Double(x - wx), y: Double(y - wy))
        }
      }
    }
    throw .timedOut("the window to feel the pointer", output: window.output)
  }
}

/// Plays scenarios in a Samples window on mutter with real touches: fingers go down, move
/// and lift through mutter's remote desktop, as on a touchscreen, and the pointer moves and
/// presses too. Movements step every ``Scenario/stepInterval`` seconds and waits are real
/// time, as in ``RealScenarioPlayer``.
public struct MutterScenarioPlayer: Sendable {
  public let samples: URL

  public init(samples: URL) {
    self.samples = samples
  }

  /// Plays `scenario` on `session` in a new window and returns what the window reported.
  public func play(_ scenario: Scenario, on session: MutterSession) throws(DriverError) -> ScenarioResult {
    let window = try LineProcess.start(
      samples, arguments: [scenario.scene.id, "--trace"],
      environment: session.clientEnvironment.merging(["DRAGDROP_TRACE_POINTER": "1"]) { $1 })
    defer { window.terminate() }
    guard window.waitForLine(timeout: 60, where: { TraceLine($0).isReady }) != nil else {
      throw .timedOut("the \(scenario.scene.id) window to show", output: window.output)
    }
    let offset = try session.locate(window)
    func screen(_ point: Point) -> String { MutterSession.screen(point, offset: offset) }
    var fingers: [Int: Point] = [:]
    var pointer: Point?
    var lastInput = window.lineCount
    for step in scenario.steps {
      switch step {
      case .fingerDown(let finger, let point):
        lastInput = window.lineCount
        try session.fingerDown(finger, at: point, offset: offset)
        fingers[finger] = point
      case .fingerMove(let finger, let point):
        try session.fingerMove(finger, from: fingers[finger] ?? point, to: point, offset: offset)
        fingers[finger] = point
      case .fingerUp(let finger):
        lastInput = window.lineCount
        try session.fingerUp(finger)
        fingers[finger] = nil
      case .secondTouchTap(let point):
        try session.fingerDown(5, at: point, offset: offset)
        try session.fingerUp(5)
      case .hover(let point):
        try session.send("pointer \(screen(point))")
        pointer = point
      case .press(let point):
        if pointer != point { try session.send("pointer \(screen(point))") }
        lastInput = window.lineCount
        try session.send("press 272")
        pointer = point
        session.pause(0.05)
      case .move(let point):
        for next in Scenario.path(from: pointer ?? point, to: point) {
          try session.send("pointer \(screen(next))")
          session.pause(Scenario.stepInterval)
        }
        pointer = point
      case .release:
        lastInput = window.lineCount
        try session.send("release 272")
      case .wait(let duration):
        session.pause(duration)
      case .key(let key, let modifiers):
        lastInput = window.lineCount
        guard let keysym = MutterSession.keysym(key) else { throw .unsupportedStep("the key \(key)") }
        try session.key(keysym, holding: MutterSession.keysyms(of: modifiers))
      case .capture:
        break
      case .settle:
        try window.waitUntilIdle(after: lastInput, timeout: 15, what: "the \(scenario.scene.id) window to settle")
      }
    }
    try window.waitUntilIdle(after: lastInput, timeout: 15, what: "the \(scenario.scene.id) window to settle")
    return window.traceResult
  }

}
