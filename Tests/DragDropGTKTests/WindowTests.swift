import Foundation
import SampleDriver
import Synchronization
import TestSupport
import Testing
import TraceLines

/// Tests against real GTK: the GTKProbe program runs as a child process (GTK wants the
/// main thread and GLib's loop, which the test runner's main actor does not have), and
/// reports what the engine receives. Tests that need a display run when DISPLAY is set;
/// `make test` runs the suite under Xvfb.
///
/// With a real X server time cannot be injected, so these tests wait for conditions (a
/// line from the probe) with a deadline and never sleep a fixed time before asserting.
/// The pauses between xdotool steps pace the input the way a person would; GTK needs them
/// to see motion as motion.
@Suite("GTK platform", .serialized)
struct WindowTests {
  static var hasDisplay: Bool {
    !(ProcessInfo.processInfo.environment["DISPLAY"] ?? "").isEmpty
  }
  static var hasXdotool: Bool { Probe.which("xdotool") != nil }

  @Test func withoutADisplayStartingFailsWithAClearError() throws {
    let probe = try Probe.start(["no-display"], environment: ["DISPLAY": nil, "WAYLAND_DISPLAY": nil])
    let line = probe.waitForLine(startingWith: "error", timeout: 20)
    #expect(probe.waitForExit(timeout: 20) == 3)
    #expect(line?.contains("cannot open a display") == true, "\(probe.output)")
  }

  @Test func mainActorTasksAwaitsAndTheGLibClockRunInsideGLibsLoop() throws {
    let probe = try Probe.start(["main-loop"])
    let steps = probe.waitForLine(startingWith: "steps", timeout: 30)
    #expect(probe.waitForExit(timeout: 30) == 0, "\(probe.output)")
    #expect(steps == "steps task yield-resumed-on-main detached-55 clock-fired-after-deadline")
  }

  @Test(
    "A focused item's selected state reaches GTK's accessibility tree without a critical",
    .enabled(if: hasDisplay))
  func selectedStateReachesTheAccessibilityTree() throws {
    // The screen reader tests' accessibility bus, once gone, can leave the display naming it;
    // GIO's criticals about that bus are not this test's.
    try DisplayLock.withExclusiveDisplay {
      let probe = try Probe.start(["selected-state"])
      #expect(probe.waitForLine(startingWith: "selected-state done", timeout: 30) != nil, "\(probe.output)")
      #expect(probe.waitForExit(timeout: 30) == 0, "\(probe.output)")
      // GTK reads the selected state as an int: a boolean is refused with a critical.
      #expect(!probe.output.contains("g_value_get_int"), "\(probe.output)")
      #expect(
        !probe.output.contains("Gtk-CRITICAL") && !probe.output.contains("GLib-GObject-CRITICAL"), "\(probe.output)")
    }
  }

  @Test(arguments: ["000", "001", "002", "003"])
  func sampleScenesRenderToPNGWithoutADisplay(scene: String) throws {
    let output = Artifacts.url("samples/\(scene).png")
    try? FileManager.default.removeItem(at: output)
    let samples = Probe.executable.deletingLastPathComponent().appendingPathComponent("Samples")
    let probe = try Probe.start(
      ["\(scene)", "--snapshot", output.path], executable: samples,
      environment: ["DISPLAY": nil, "WAYLAND_DISPLAY": nil])
    #expect(probe.waitForExit(timeout: 60) == 0, "\(probe.output)")
    let attributes = try FileManager.default.attributesOfItem(atPath: output.path)
    #expect((attributes[.size] as? Int ?? 0) > 1000)
  }

  @Test(.enabled(if: hasDisplay && hasXdotool, "needs an X display and xdotool"))
  func pointerDragsAndKeysReachTheEngineAtTheRightCoordinates() throws {
    try DisplayLock.withExclusiveDisplay { try pointerDragsAndKeys() }
  }

  private func pointerDragsAndKeys() throws {
    let title = "DragDropGTK-input-\(ProcessInfo.processInfo.processIdentifier)"
    let probe = try Probe.start(["window", title])
    defer { probe.terminate() }
    let ready = try #require(probe.waitForLine(startingWith: "ready", timeout: 30), "\(probe.output)")
    #expect(ready.hasSuffix("size=400x300"))
    let origin = try Probe.origin(in: ready)
    let window = try #require(Probe.xdotool(["search", "--name", title]).split(separator: "\n").first.map(String.init))

    func move(_ x: Int, _ y: Int) throws {
      try Probe.xdotool(["mousemove", "--window", window, "\(origin.x + x)", "\(origin.y + y)"])
    }
    try move(100, 80)
    try Probe.xdotool(["mousedown", "1"])
    #expect(
      probe.waitForLine(startingWith: "touch -1 pointer began", timeout: 10)
        == "touch -1 pointer began 100 80 modifiers=0")
    try move(130, 100)
    #expect(
      probe.waitForLine(startingWith: "touch -1 pointer moved", timeout: 10)
        == "touch -1 pointer moved 130 100 modifiers=0")
    try move(160, 120)
    try Probe.xdotool(["mouseup", "1"])
    #expect(
      probe.waitForLine(startingWith: "touch -1 pointer ended", timeout: 10)
        == "touch -1 pointer ended 160 120 modifiers=0")

    // A shift-click carries the modifier; the click also focused the view, which gets keys.
    try Probe.xdotool(["keydown", "shift"])
    try Probe.xdotool(["click", "1"])
    try Probe.xdotool(["keyup", "shift"])
    #expect(
      probe.waitForLine(startingWith: "touch -1 pointer ended", timeout: 10)
        == "touch -1 pointer ended 160 120 modifiers=1")
    try Probe.xdotool(["key", "a", "Escape"])
    #expect(probe.waitForLine(startingWith: "key up escape", timeout: 10) != nil, "\(probe.output)")
    let keys = probe.lines.filter { $0.hasPrefix("key ") }
    #expect(keys.contains("key down character(\"a\")"))
    #expect(keys.contains("key down escape"))

    // The wheel (buttons 4 and 5 under X11) reaches the view under the pointer (issue 9).
    try move(200, 150)
    try Probe.xdotool(["click", "5"])
    #expect(probe.waitForLine(startingWith: "scroll", timeout: 10) == "scroll wheel changed 0.0 1.0 at 200 150")
    try Probe.xdotool(["click", "4"])
    #expect(probe.waitForLine(startingWith: "scroll", timeout: 10) == "scroll wheel changed 0.0 -1.0 at 200 150")
  }

  @Test(.enabled(if: hasDisplay, "needs an X display"))
  func anIdleWindowUsesLessThanOnePercentOfACore() throws {
    try DisplayLock.withExclusiveDisplay { try idleWindow() }
  }

  private func idleWindow() throws {
    let title = "DragDropGTK-idle-\(ProcessInfo.processInfo.processIdentifier)"
    let probe = try Probe.start(["idle", title])
    defer { probe.terminate() }
    _ = try #require(probe.waitForLine(startingWith: "ready", timeout: 30), "\(probe.output)")
    // Measuring CPU use needs real time to pass: the wait is the measurement itself, not
    // a pause before an assertion. It ends early if the probe prints anything (it should not).
    let before = try Probe.cpuSeconds(of: probe.pid)
    let start = Date()
    _ = probe.waitForLine(startingWith: "unexpected", timeout: 3)
    let elapsed = Date().timeIntervalSince(start)
    let used = try Probe.cpuSeconds(of: probe.pid) - before
    #expect(used / elapsed < 0.01, "idle CPU \(used) s in \(elapsed) s")
  }
}

/// A running GTKProbe with its output collected line by line (through the sample driver's
/// `LineProcess`), read in order with a cursor.
final class Probe: @unchecked Sendable {
  /// The probe's modes whose window has a drag source or a drop target, which report a tap
  /// ("tapped source", "tapped target").
  static let dragModes: Set<String> = [
    "drag", "drag-note", "drag-file", "drag-file-backed", "drop", "drop-move", "drop-refuse", "drop-files", "both",
    "both-files",
  ]

  /// After a drag: a click in the probe's window (at 100, 100 of the screen, where its
  /// window starts at the top left) is heard, when the probe runs in `mode` (one of
  /// ``dragModes``; any other mode checks nothing). `click` plays the click.
  func expectClickHeard(mode: String?, click: () throws -> Void) throws {
    guard let mode, Self.dragModes.contains(mode) else { return }
    let before = process.lineCount
    try click()
    #expect(
      process.waitForLine(from: before, timeout: 10, where: { $0.hasPrefix("tapped ") }) != nil,
      "a click after the drag was not heard: \(output.suffix(2000))")
  }

  private let process: LineProcess
  private let cursor = Mutex(0)

  /// Whether the program is one of ours, whose output may hold no GTK critical.
  private let checksCriticals: Bool
  /// Criticals GTK prints for ours as for its own programs in the same situation, each
  /// named in DragDropGTK's article with that evidence.
  private let allowedCriticals: [String]

  private init(_ process: LineProcess, checksCriticals: Bool, allowedCriticals: [String]) {
    self.process = process
    self.checksCriticals = checksCriticals
    self.allowedCriticals = allowedCriticals
  }

  /// The probe program, beside the test bundle in the build folder.
  static var executable: URL {
    let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    return testBinary.deletingLastPathComponent().appendingPathComponent("GTKProbe")
  }

  static func start(
    _ arguments: [String], executable: URL = Probe.executable, environment changes: [String: String?] = [:],
    allowedCriticals: [String] = []
  ) throws -> Probe {
    // GIO's local file system only: with gvfs installed (Nautilus brings it) and no session
    // bus, GIO's remote VFS prints criticals in every GTK process.
    var environment: [String: String?] = ["GDK_BACKEND": "x11", "NO_AT_BRIDGE": "1", "GIO_USE_VFS": "local"]
    environment.merge(changes) { $1 }
    // Our programs are built beside the probe; peers and tools are not.
    let ours = executable.deletingLastPathComponent().path == Probe.executable.deletingLastPathComponent().path
    return Probe(
      try LineProcess.start(executable, arguments: arguments, environment: environment), checksCriticals: ours,
      allowedCriticals: allowedCriticals)
  }

  /// The GLib criticals and warnings of type `CRITICAL` in the output that are not allowed.
  var criticals: [String] {
    lines.filter { $0.contains("-CRITICAL **") && !allowedCriticals.contains(where: $0.contains) }
  }

  var pid: Int32 { process.pid }

  /// Every line so far.
  var lines: [String] { process.lines }

  var output: String { process.output }

  /// The next line not yet returned that starts with `prefix` (earlier lines are passed
  /// over), waiting for it until `timeout` seconds have passed.
  func waitForLine(startingWith prefix: String, timeout: TimeInterval) -> String? {
    let start = cursor.withLock { $0 }
    guard let found = process.waitForLine(from: start, timeout: timeout, where: { $0.hasPrefix(prefix) }) else {
      cursor.withLock { $0 = max($0, process.lineCount) }
      return nil
    }
    cursor.withLock { $0 = found.index + 1 }
    return found.line
  }

  /// The first line of the whole output that starts with `prefix`, wherever it came,
  /// waiting for it until `timeout` seconds have passed; the cursor does not move.
  func waitForAnyLine(startingWith prefix: String, timeout: TimeInterval) -> String? {
    waitForAnyLine(timeout: timeout) { $0.hasPrefix(prefix) }
  }

  /// The first line of the whole output that satisfies `predicate`, waiting for it until
  /// `timeout` seconds have passed; the cursor does not move.
  func waitForAnyLine(timeout: TimeInterval, where predicate: (String) -> Bool) -> String? {
    process.waitForLine(from: 0, timeout: timeout, where: predicate)?.line
  }

  /// Waits for a drop into the probe to settle: its drop session's end, then, when it
  /// performed the drop, the end of each item's load ("dropped …" or "failed …"), which may
  /// come after the session's end. Each wait lasts at most `timeout` seconds.
  func waitForDropToSettle(timeout: TimeInterval = 20) {
    _ = waitForAnyLine(startingWith: "call target.sessionDidEnd", timeout: timeout)
    guard let items = lines.first(where: { $0.hasPrefix("items ") }).flatMap({ Int($0.dropFirst(6)) }) else { return }
    // Each line is seen once, in order.
    var loads = 0
    _ = waitForAnyLine(timeout: timeout) { line in
      if line.hasPrefix("dropped") || line.hasPrefix("failed") { loads += 1 }
      return loads >= items
    }
  }

  /// The exit status, waiting for it until `timeout` seconds have passed; nil if it is
  /// still running.
  func waitForExit(timeout: TimeInterval) -> Int32? {
    process.waitForExit(timeout: timeout)
  }

  /// Stops the probe with SIGKILL, as the test runner may hand its children SIGTERM
  /// blocked. A child that ends when its input closes (the screen reader sessions, which
  /// then take their buses down) is given `grace` seconds to do so first.
  func terminate(grace: TimeInterval = 0) {
    process.closeInput()
    if grace > 0 { _ = waitForExit(timeout: grace) }
    if process.isRunning { kill(process.pid, SIGKILL) }
    _ = waitForExit(timeout: 10)
    // A critical is a bug of ours unless GTK prints it for its own programs too.
    if checksCriticals, !criticals.isEmpty {
      Issue.record("GTK criticals in \(process.pid)'s output:\n\(criticals.joined(separator: "\n"))")
    }
  }

  /// Where the drawing area's origin is in the X window, from the probe's `ready` line.
  static func origin(in ready: String) throws -> (x: Int, y: Int) {
    struct Unparsable: Error {}
    guard case .ready(let x, let y, _, _) = TraceLine(ready) else { throw Unparsable() }
    return (x, y)
  }

  static func which(_ name: String) -> String? {
    let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
    return paths.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  /// Runs xdotool and returns what it printed. It is stopped after a minute: a `--sync`
  /// search for a window that never shows would wait for ever.
  @discardableResult
  static func xdotool(_ arguments: [String]) throws -> String {
    try run("/usr/bin/timeout", ["60", which("xdotool") ?? "/usr/bin/xdotool"] + arguments)
  }

  /// Runs a program to its end and returns what it printed; a non-zero exit status is an
  /// error unless `requiringSuccess` is false.
  @discardableResult
  static func run(_ executable: String, requiringSuccess: Bool = true, _ arguments: [String]) throws -> String {
    struct Failed: Error, CustomStringConvertible { var description: String }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 || !requiringSuccess else {
      throw Failed(
        description: "\(executable) \(arguments.joined(separator: " ")) exited with \(process.terminationStatus)")
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// User plus system CPU time of a process, in seconds, from /proc.
  static func cpuSeconds(of pid: Int32) throws -> Double {
    let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
    // Fields after the parenthesised command name; utime and stime are fields 14 and 15.
    let fields = stat[stat.index(after: stat.lastIndex(of: ")")!)...].split(separator: " ")
    let ticks = Double(fields[11])! + Double(fields[12])!
    return ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
  }
}
