import ArgumentParser
import DragDrop
import Foundation
import SampleDriver
import SampleScenes
import Scenarios
import TraceLines

/// The time from an input event to the frame that shows it, in a real window: a drag in
/// scene 000 (the preview follows the pointer and the gap moves), one xdotool motion every
/// tenth of a second. Samples prints each frame as it finishes drawing, with the X time of
/// the last input before it; the latency of a motion is measured two ways:
///
/// - from the X server's timestamp of the motion event (Xvfb's clock is CLOCK_MONOTONIC in
///   milliseconds) to the end of drawing the first frame that includes it;
/// - from just before xdotool is started for the motion, which adds xdotool's start-up.
struct Latency: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Measures the latency from an input event to the frame that shows it, in a real window.")

  @Option(help: "How many pointer motions to time.")
  var moves = 120

  @Option(help: "The Samples program (default: beside this program).")
  var samples: String?

  func run() throws {
    let program = try Tour.samples(samples)
    let (display, server) = try Tour.display()
    defer { server?.stop() }
    let window = try SampleWindow(samples: program, scene: .photos, display: display, extraArguments: ["--frames"])
    defer { window.close() }
    try window.move(to: Scenario.photo(0))
    Thread.sleep(forTimeInterval: 0.1)
    try window.input.buttonDown()
    Thread.sleep(forTimeInterval: 0.1)

    var fromServer: [Double] = []
    var fromSpawn: [Double] = []
    var stages = Stages()
    var lastInput: UInt32?
    let ticksBefore = try IdleCPU.cpuTicks(of: window.process.pid)
    let linesBefore = window.process.lineCount
    // A zigzag over the middle rows of the grid, so that the gap keeps moving.
    let points = (0..<moves).map { index -> Point in
      let phase = Double(index % 20) / 20
      let x = 320 + 520 * (index / 20 % 2 == 0 ? phase : 1 - phase)
      return Point(x: x.rounded(), y: Double(200 + (index % 7) * 30))
    }
    for point in points {
      let start = monotonicNow()
      let from = window.process.lineCount
      try window.move(to: point)
      guard
        let frame = window.process.waitForLine(
          from: from, timeout: 2,
          where: { line in Latency.frame(line).map { $0.input != lastInput && $0.input != 0 } ?? false }),
        let parsed = Latency.frame(frame.line)
      else { continue }
      lastInput = parsed.input
      fromSpawn.append(parsed.time - start)
      if let delta = Self.sinceInput(parsed) { fromServer.append(delta) }
      if case .frame(_, let time, let input, let drawing, let received, let drawn) = TraceLine(frame.line) {
        stages.add(input: input, received: received, drawing: drawing, drawn: drawn, painted: time)
      }
      let left = Scenario.stepInterval - (monotonicNow() - start)
      if left > 0 { Thread.sleep(forTimeInterval: left) }
    }
    let ticks = try IdleCPU.cpuTicks(of: window.process.pid) - ticksBefore
    // Our own share of each frame of the drag: laying out, drawing what changed and handing
    // the image to GTK.
    let drawing = window.process.lines[linesBefore...].compactMap { line -> Double? in
      guard case .frame(_, _, _, let drawing, _, _) = TraceLine(line) else { return nil }
      return drawing
    }
    try window.input.buttonUp()

    print("Input-to-frame latency in scene 000 mid-drag, \(fromSpawn.count) of \(moves) motions matched to a frame.")
    // The first motion lifts the photo and begins the session (the delegates make the items
    // and the preview); the others move a live drag.
    if let first = fromServer.first, let firstSpawn = fromSpawn.first {
      print(
        String(
          format: "  the first motion, which lifts and begins the drag: %.1f ms from the X event, %.1f ms from xdotool",
          first * 1000, firstSpawn * 1000))
    }
    print(Self.summary("later motions, from the X event's timestamp", Array(fromServer.dropFirst())))
    print(Self.summary("later motions, from starting xdotool", Array(fromSpawn.dropFirst())))
    print(Self.summary("drawing, every frame of the drag", drawing))
    print("  the stages of the later motions' latency:")
    for line in stages.summaries(droppingFirst: true) { print("  " + line) }
    // All the CPU the window's process used during the drag, GTK's rendering included.
    let cpu = Double(ticks) / Double(sysconf(Int32(_SC_CLK_TCK)))
    print(
      String(
        format: "  CPU of the window's process during the drag: %.2f s for %d frames, %.2f ms a frame", cpu,
        drawing.count, cpu * 1000 / Double(max(1, drawing.count))))
  }

  /// The time from a frame's input event to the frame, in seconds: the event's time is
  /// milliseconds of the same monotonic clock, modulo 2^32. Nil when it is out of reason.
  static func sinceInput(_ frame: (time: Double, input: UInt32)) -> Double? {
    let drawnMilliseconds = UInt32(truncatingIfNeeded: Int64((frame.time * 1000).rounded(.down)))
    let delta = Double(Int32(bitPattern: drawnMilliseconds &- frame.input)) / 1000
    return delta >= 0 && delta < 1 ? delta : nil
  }

  /// The time and input stamp of a `frame` trace line.
  static func frame(_ line: String) -> (time: Double, input: UInt32)? {
    guard case .frame(_, let time, let input, _, _, _) = TraceLine(line) else { return nil }
    return (time, input)
  }

  /// The stages of a motion's latency, one sample each per motion: from the X event to the
  /// window's handler (the X server, Xlib and GDK's event queue), from there to the start of
  /// the frame that shows it (waiting for the frame clock's next frame), the window's own
  /// layout and drawing, and from there to the painted frame (GSK's rendering, and handing
  /// the frame to the display).
  struct Stages {
    var toWindow: [Double] = []
    var toFrame: [Double] = []
    var drawing: [Double] = []
    var painting: [Double] = []

    mutating func add(input: UInt32, received: Double, drawing: Double, drawn: Double, painted: Double) {
      guard received > 0, drawn > 0 else { return }
      if let delta = Latency.sinceInput((received, input)) { toWindow.append(delta) }
      toFrame.append(drawn - drawing - received)
      self.drawing.append(drawing)
      painting.append(painted - drawn)
    }

    func summaries(droppingFirst: Bool) -> [String] {
      let skip = droppingFirst ? 1 : 0
      return [
        Latency.summary("X event to the window's handler", Array(toWindow.dropFirst(skip))),
        Latency.summary("handler to the frame's start (the frame clock)", Array(toFrame.dropFirst(skip))),
        Latency.summary("the frame's layout and drawing", Array(drawing.dropFirst(skip))),
        Latency.summary("drawn to painted (GSK and the display)", Array(painting.dropFirst(skip))),
      ]
    }
  }

  static func summary(_ name: String, _ samples: [Double]) -> String {
    guard !samples.isEmpty else { return "  \(name): no samples" }
    let sorted = samples.sorted()
    func percentile(_ p: Double) -> Double {
      sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded(.up)))] * 1000
    }
    return String(
      format: "  %@: p50 %.1f ms, p90 %.1f ms, p99 %.1f ms, max %.1f ms (%d samples)", name, percentile(0.5),
      percentile(0.9), percentile(0.99), sorted.last! * 1000, sorted.count)
  }
}

/// The time from a finger's touch to the frame that shows it, with real touches on GNOME's
/// mutter: the drag of Latency, in scene 000, carried by a finger through mutter's remote
/// desktop instead of the pointer, one motion every tenth of a second. The latency is from
/// the compositor's timestamp of the touch event (CLOCK_MONOTONIC in milliseconds) to the
/// end of drawing the first frame that includes it.
struct TouchLatency: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "touch-latency",
    abstract: "Measures the latency from a finger's touch to the frame that shows it, on mutter with real touches.")

  @Option(help: "How many finger motions to time.")
  var moves = 120

  @Option(help: "The Samples program (default: beside this program).")
  var samples: String?

  func run() throws {
    let program = try Tour.samples(samples)
    let session = try MutterSession()
    defer { session.close() }
    let window = try LineProcess.start(
      program, arguments: [SceneKind.photos.id, "--trace", "--frames"],
      environment: session.clientEnvironment.merging(["DRAGDROP_TRACE_POINTER": "1"]) { $1 })
    defer { window.terminate() }
    guard window.waitForLine(timeout: 60, where: { TraceLine($0).isReady }) != nil else {
      throw DriverError.timedOut("the window to show", output: window.output)
    }
    let offset = try session.locate(window)
    func screen(_ point: Point) -> String {
      "\(Int((point.x + offset.x).rounded())) \(Int((point.y + offset.y).rounded()))"
    }
    try session.send("down 0 \(screen(Scenario.photo(0)))")
    Thread.sleep(forTimeInterval: 0.7)
    var fromCompositor: [Double] = []
    var lastInput: UInt32?
    let linesBefore = window.lineCount
    for index in 0..<moves {
      let phase = Double(index % 20) / 20
      let x = 320 + 520 * (index / 20 % 2 == 0 ? phase : 1 - phase)
      let point = Point(x: x.rounded(), y: Double(200 + (index % 7) * 30))
      let start = monotonicNow()
      let from = window.lineCount
      try session.send("move 0 \(screen(point))")
      if let frame = window.waitForLine(
        from: from, timeout: 2,
        where: { line in Latency.frame(line).map { $0.input != lastInput && $0.input != 0 } ?? false }),
        let parsed = Latency.frame(frame.line)
      {
        lastInput = parsed.input
        if let delta = Latency.sinceInput(parsed) { fromCompositor.append(delta) }
      }
      let left = Scenario.stepInterval - (monotonicNow() - start)
      if left > 0 { Thread.sleep(forTimeInterval: left) }
    }
    try session.send("up 0")
    let drawing = window.lines[linesBefore...].compactMap { line -> Double? in
      guard case .frame(_, _, _, let drawing, _, _) = TraceLine(line) else { return nil }
      return drawing
    }
    print(
      "Touch-to-frame latency in scene 000 mid-drag on mutter, \(fromCompositor.count) of \(moves) motions matched.")
    print(Latency.summary("finger motions, from the compositor's timestamp", Array(fromCompositor.dropFirst())))
    print(Latency.summary("drawing, every frame of the drag", drawing))
  }
}

/// The CPU an idle window uses: a scene left alone for a while, its user and system time
/// read from /proc, and the frames it drew meanwhile counted.
struct IdleCPU: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "idle-cpu", abstract: "Measures the CPU use of an idle window in a real window.")

  @Option(help: "The scene to leave idle.")
  var scene = "000"

  @Option(help: "How long to measure, in seconds.")
  var seconds = 10.0

  @Option(help: "The Samples program (default: beside this program).")
  var samples: String?

  func run() throws {
    guard let kind = SceneKind(id: scene) else { throw ValidationError("unknown scene \(scene)") }
    let program = try Tour.samples(samples)
    let (display, server) = try Tour.display()
    defer { server?.stop() }
    let window = try SampleWindow(samples: program, scene: kind, display: display, extraArguments: ["--frames"])
    defer { window.close() }
    // Settled: the first frames are drawn and nothing is left to happen.
    try window.waitUntilIdle(after: 0)
    let before = try Self.cpuTicks(of: window.process.pid)
    let frames = window.process.lines.filter { Latency.frame($0) != nil }.count
    let start = monotonicNow()
    // The wait is the measurement: it ends early only if the window prints something.
    _ = window.process.waitForLine(from: window.process.lineCount, timeout: seconds) { _ in true }
    let elapsed = monotonicNow() - start
    let ticks = try Self.cpuTicks(of: window.process.pid) - before
    let drawn = window.process.lines.filter { Latency.frame($0) != nil }.count - frames
    let perSecond = Double(sysconf(Int32(_SC_CLK_TCK)))
    print(
      String(
        format: "Idle window (scene %@) for %.1f s: %d CPU ticks (%.2f s of CPU, %.3f%% of a core), %d frames drawn",
        kind.id, elapsed, ticks, Double(ticks) / perSecond, Double(ticks) / perSecond / elapsed * 100, drawn))
  }

  /// User plus system time of a process, in clock ticks, from /proc.
  static func cpuTicks(of pid: Int32) throws -> Int {
    let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
    guard let close = stat.lastIndex(of: ")") else { throw ValidationError("unreadable /proc/\(pid)/stat") }
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else {
      throw ValidationError("unreadable /proc/\(pid)/stat")
    }
    return user + system
  }
}

/// CLOCK_MONOTONIC in seconds: the clock GLib and Xvfb use.
func monotonicNow() -> Double {
  var now = timespec()
  clock_gettime(CLOCK_MONOTONIC, &now)
  return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
}
