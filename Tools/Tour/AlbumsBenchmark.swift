import AlbumsLibrary
import ArgumentParser
import DragDrop
import DragDropGTK
import Foundation
import SampleDriver
import TraceLines

/// Albums at scale, in a real window: a library of many small generated photos opened to
/// its first frame, scrolled and dragged over (the time each frame took to lay out and
/// draw), photos dropped in from another application, and photos moved between albums.
struct AlbumsBenchmark: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "albums-bench",
    abstract: "Measures Albums on a large library in a real window.",
    discussion: """
      The library (--library, made when it is new) holds --photos generated PNG files, all in one album, \
      "Generated". Albums opens on it under Xvfb with --frames: the time to its first frame, then the \
      drawing time of every frame while the grid scrolls with the wheel and while a photo is dragged to \
      the grid's edge, where the grid scrolls under it. A GTK 4 peer (python3-gi) then drops --import \
      image files on the grid, and then copies as many others, as a file manager does, which Albums \
      pastes with Control-V: each time, the time until the last is in the library, Albums' peak memory, \
      and the frames drawn meanwhile. Last, --move photos move from the big album into another, as a drop on \
      an album does: the library's one transaction, timed.
      """)

  @Option(help: "The library (default: a temporary one, removed afterwards).")
  var library: String?

  @Option(help: "How many photos the library holds.")
  var photos = 100_000

  @Option(help: "How many image files to drop from another application.")
  var `import` = 1_000

  @Option(help: "How many photos to move into another album.")
  var move = 1_000

  @Option(
    help:
      "A file that gets every line the second Albums window printed (with ALBUMS_TRACE_SQL set, its slow statements).")
  var log: String?

  @Option(help: "The Albums program (default: beside this program).")
  var albums: String?

  func run() throws {
    let program = try Tour.program("Albums", path: albums)
    let temporary = FileManager.default.temporaryDirectory.appending(path: "albums-bench-\(getpid())")
    defer { try? FileManager.default.removeItem(at: temporary) }
    let folder = library.map { URL(fileURLWithPath: $0, isDirectory: true) } ?? temporary.appending(path: "library")
    try MainActor.assumeIsolated { try Self.makeFixture(in: folder, photos: photos, scratch: temporary) }
    let (display, server) = try Tour.display(width: 1920, height: 1080)
    defer { server?.stop() }
    Self.report("Albums benchmark: \(photos) photos in \(folder.path), Albums at \(program.path)")

    for run in ["first", "second"] {
      let window = try AlbumsWindow(program: program, library: folder, display: display)
      Self.report(String(format: "  launch to first frame (%@ run): %.0f ms", run, window.launchTime * 1000))
      if run == "second" {
        try scrollAndDrag(window)
        if `import` > 0 {
          try scrollAlone(window)
          try importByDrop(window, scratch: temporary, scrolling: false)
          try importByDrop(window, scratch: temporary, scrolling: true)
          try importByDrop(window, scratch: temporary, scrolling: false, by: .paste)
          try importByDrop(window, scratch: temporary, scrolling: true, by: .paste)
        }
      }
      window.close()
      if run == "second", let log {
        try Data(window.process.lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: log))
      }
    }
    if move > 0 { try measureMove(folder) }
  }

  // MARK: The fixture

  /// Makes a library of `count` small generated PNG files in one album, unless `folder`
  /// already holds one.
  @MainActor
  static func makeFixture(in folder: URL, photos count: Int, scratch: URL) throws {
    if FileManager.default.fileExists(atPath: folder.appending(path: "library.sqlite").path) {
      let existing = try Library(folder: folder).librarySummary().photoCount
      guard existing != count else { return }
      throw ValidationError("\(folder.path) holds \(existing) photos, not \(count); give another --library")
    }
    let start = monotonicNow()
    let library = try Library(folder: folder)
    _ = try library.makeAlbum(named: "Generated")
    let sources = scratch.appending(path: "sources")
    try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
    // Imported as `Albums import` does, a thousand files at a time, 64 to a transaction.
    for first in stride(from: 0, to: count, by: 1_000) {
      let files = try (first..<min(count, first + 1_000)).map { index in
        let file = sources.appending(path: String(format: "generated-%06d.png", index))
        try generatedPhoto(index).writePNG(to: file)
        return file
      }
      // Each picture is its own (its index is in its pixels): no duplicate check needed.
      for result in library.importPhotos(from: files, intoAlbumNamed: "Generated", allowingDuplicates: true) {
        _ = try result.get()
      }
      for file in files { try FileManager.default.removeItem(at: file) }
      if (first + files.count) % 10_000 == 0 { Self.report("  made \(first + files.count) of \(count) photos") }
    }
    Self.report(String(format: "  made the library of %d photos in %.0f s", count, monotonicNow() - start))
  }

  /// A 96×64 picture of its own colours: a sky, a hill, and a sun placed by `index`, with
  /// `index` and `salt` written in its bottom rows, a pixel a bit: no two pictures share
  /// their bytes (Albums skips a photo whose bytes the album already holds).
  @MainActor
  static func generatedPhoto(_ index: Int, salt: UInt32 = 0) throws -> RenderedImage {
    let hue = Double((index * 37) % 360) / 360
    let window = Window(frame: Rect(x: 0, y: 0, width: 96, height: 64), clock: ManualClock())
    window.backgroundColor = Color(red: 0.4 + 0.4 * hue, green: 0.6, blue: 0.9 - 0.3 * hue)
    let hill = View(frame: Rect(x: 0, y: 36 + Double(index % 12), width: 96, height: 40))
    hill.backgroundColor = Color(red: 0.2, green: 0.4 + 0.3 * hue, blue: 0.2)
    hill.cornerRadius = 20
    let sun = View(frame: Rect(x: Double(index % 80), y: 6 + Double(index / 80 % 20), width: 14, height: 14))
    sun.backgroundColor = Color(red: 1, green: 0.85, blue: 0.3)
    sun.cornerRadius = 7
    window.addSubview(hill)
    window.addSubview(sun)
    for (row, code) in [UInt32(truncatingIfNeeded: index), salt].enumerated() {
      for bit in 0..<32 where code >> bit & 1 == 1 {
        let mark = View(frame: Rect(x: Double(bit), y: Double(62 + row), width: 1, height: 1))
        mark.backgroundColor = Color(red: 0, green: 0, blue: 0)
        window.addSubview(mark)
      }
    }
    return try HeadlessRenderer.render(window)
  }

  // MARK: In the window

  /// Albums on the library, with frames traced, at the top left of the screen.
  final class AlbumsWindow {
    let process: LineProcess
    let input: XInput
    let origin: (x: Int, y: Int)
    let launchTime: Double

    init(program: URL, library: URL, display: String) throws {
      input = try XInput(display: display)
      let start = monotonicNow()
      (process, origin) = try AlbumsSession.launch(program, library: library, display: display, printing: "--frames")
      launchTime = monotonicNow() - start
    }

    /// The drawing times of the frames printed from line `mark` on.
    func drawingTimes(from mark: Int) -> [Double] {
      process.lines.dropFirst(mark).compactMap { line in
        guard case .frame(_, _, _, let drawing, _, _) = TraceLine(line) else { return nil }
        return drawing
      }
    }

    /// A point of the window, on the screen.
    func screen(_ x: Int, _ y: Int) -> [String] { ["\(origin.x + x)", "\(origin.y + y)"] }

    func close() { process.terminate() }
  }

  func scrollAndDrag(_ window: AlbumsWindow) throws {
    // Whatever the first frames did (thumbnails arriving), the window settles first.
    _ = window.process.waitForQuiet(1, timeout: 10)
    var mark = window.process.lineCount
    // 400 wheel steps down at 60 a second, then 400 up at 120 a second.
    try window.input.run(["mousemove"] + window.screen(690, 380))
    try window.input.run(["click", "--repeat", "400", "--delay", "16", "5"])
    try window.input.run(["click", "--repeat", "400", "--delay", "8", "4"])
    _ = window.process.waitForQuiet(0.5, timeout: 10)
    Self.report(Latency.summary("scrolling: drawing time per frame", window.drawingTimes(from: mark)))

    // A photo lifted, carried to the grid's bottom edge and held there while the grid
    // scrolls under it, carried back up, and dropped where it started.
    mark = window.process.lineCount
    var steps = ["mousemove"] + window.screen(371, 147) + ["sleep", "0.2", "mousedown", "1", "sleep", "0.1"]
    for step in 1...10 { steps += ["mousemove"] + window.screen(371 + step * 20, 147 + step * 5) + ["sleep", "0.03"] }
    for step in 1...20 { steps += ["mousemove"] + window.screen(571, 197 + step * 24) + ["sleep", "0.03"] }
    steps += ["sleep", "3"]
    for step in 1...20 {
      steps += ["mousemove"] + window.screen(571 - step * 10, 677 - step * 25) + ["sleep", "0.03"]
    }
    steps += ["key", "Escape", "sleep", "0.3", "mouseup", "1"]
    try window.input.run(steps)
    _ = window.process.waitForQuiet(0.5, timeout: 10)
    Self.report(Latency.summary("dragging with auto-scroll: drawing time per frame", window.drawingTimes(from: mark)))
  }

  /// How the image files come in from the GTK 4 peer.
  enum Arrival: String {
    /// Dragged from the peer and dropped on the grid.
    case drop
    /// Copied in the peer (as a file manager copies them) and pasted with Control-V.
    case paste
  }

  /// A GTK 4 peer gives `import` image files to the grid, by drop or by paste.
  func importByDrop(_ window: AlbumsWindow, scratch: URL, scrolling: Bool, by arrival: Arrival = .drop) throws {
    let files = scratch.appending(path: "\(arrival)" + (scrolling ? "-scrolling" : ""))
    try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
    var uris: [String] = []
    // Pictures no earlier run dropped: the library keeps each run's imports.
    let salt = UInt32.random(in: 1...UInt32.max)
    for index in 0..<`import` {
      let file = files.appending(path: String(format: "dropped-%04d.png", index))
      try MainActor.assumeIsolated { try Self.generatedPhoto(1_000_000 + index, salt: salt).writePNG(to: file) }
      uris.append(file.absoluteString)
    }
    let title = "albums-bench-peer-\(getpid())"
    let peer = try LineProcess.start(
      URL(fileURLWithPath: "/usr/bin/python3"),
      arguments: ["Tests/Peers/gtk4_peer.py", arrival == .drop ? "uris" : "copy-uris", title] + uris,
      environment: SampleWindow.environment(display: window.input.display))
    defer { peer.terminate() }
    guard peer.waitForLine(timeout: 30, where: { $0 == "ready" }) != nil else {
      throw DriverError.timedOut("the GTK 4 peer", output: peer.output)
    }
    let peerWindow =
      try window.input.run(["search", "--sync", "--name", title])
      .split(separator: "\n").first.map(String.init) ?? ""
    try window.input.run(["windowmove", "--sync", peerWindow, "1300", "0"])
    let before = try Self.peakMemory(of: window.process.pid)
    let mark = window.process.lineCount
    let start: Double
    switch arrival {
    case .drop:
      var steps = ["mousemove", "1450", "150", "sleep", "0.2", "mousedown", "1", "sleep", "0.1"]
      for x in stride(from: 1440, through: 700, by: -74) { steps += ["mousemove", "\(x)", "300", "sleep", "0.05"] }
      steps += ["mousemove"] + window.screen(700, 300) + ["sleep", "0.3"]
      try window.input.run(steps)
      // Timed from the release: the drag's path, over the peer's window and then over the
      // grid, is not the import's.
      start = monotonicNow()
      try window.input.run(["mouseup", "1"])
    case .paste:
      guard peer.waitForLine(timeout: 30, where: { $0 == "copied" }) != nil else {
        throw DriverError.timedOut("the peer's copy", output: peer.output)
      }
      // The peer's window took the keyboard as it opened: Albums takes it back, and a click
      // on the first photo gives the grid the keyboard, as a person's would.
      guard let albums = try window.input.window(ofProcess: window.process.pid, titlePrefix: "Albums") else {
        throw DriverError.timedOut("the Albums window's X id", output: "")
      }
      try window.input.run(["windowfocus", "--sync", albums])
      try window.input.run(["mousemove"] + window.screen(371, 147) + ["click", "1", "sleep", "0.3"])
      start = monotonicNow()
      try window.input.run(["key", "ctrl+v"])
    }
    // Once of two, the grid scrolls on, 33 wheel steps a second, while the photos arrive.
    let wheel =
      scrolling
      ? try LineProcess.start(
        LineProcess.which("xdotool") ?? URL(fileURLWithPath: "/usr/bin/xdotool"),
        arguments: ["click", "--repeat", "5000", "--delay", "30", "5"],
        environment: ["DISPLAY": window.input.display]) : nil
    defer { wheel?.terminate() }
    // Done when the placeholders, once there, are all committed.
    var placeholdersShown = false
    let done = window.process.waitForLine(
      from: mark, timeout: 600,
      where: { line in
        guard line.hasPrefix("photos ") else { return false }
        if !line.hasSuffix(" importing=0") { placeholdersShown = true }
        return placeholdersShown && line.hasSuffix(" importing=0")
      })
    let elapsed = monotonicNow() - start
    wheel?.terminate()
    guard done != nil else { throw DriverError.timedOut("the import to end", output: "") }
    let peak = try Self.peakMemory(of: window.process.pid)
    let frames = window.drawingTimes(from: mark)
    Self.report(
      String(
        format: "  importing %d files by %@, %@: %.1f s from the %@ to the last commit; peak memory %d → %d MiB",
        `import`, arrival.rawValue, scrolling ? "while the grid scrolls" : "the window left alone", elapsed,
        arrival == .drop ? "release" : "key press", before >> 20, peak >> 20))
    Self.report(Latency.summary("  drawing time per frame (\(frames.count) frames)", frames))
    // The first gap is the wait from the release, or the key press, for the first frame
    // painted after it: the one that shows the placeholders.
    Self.reportGaps(window, from: mark, since: start)
  }

  /// Reports the times between the frames printed from line `mark` on and painted after
  /// `start`, the first counted from `start`, and the five longest with when each ended.
  /// Frames' times are on GLib's monotonic clock, which is CLOCK_MONOTONIC, as `start` is.
  static func reportGaps(_ window: AlbumsWindow, from mark: Int, since start: Double) {
    let times =
      [start]
      + window.process.lines.dropFirst(mark).compactMap { line -> Double? in
        guard case .frame(_, let time, _, _, _, _) = TraceLine(line), time >= start else { return nil }
        return time
      }
    let gaps = zip(times.dropFirst(), times).map { $0 - $1 }
    report(Latency.summary("  time between frames", gaps))
    let longest = gaps.indices.sorted { gaps[$0] > gaps[$1] }.prefix(5)
    report(
      "    longest gaps: "
        + longest.map { String(format: "%.0f ms ending at %.2f s", gaps[$0] * 1000, times[$0 + 1] - times[0]) }
        .joined(separator: ", "))
  }

  /// The baseline of the imports while the grid scrolls: the same wheel, 33 steps a
  /// second, with nothing arriving.
  func scrollAlone(_ window: AlbumsWindow) throws {
    _ = window.process.waitForQuiet(0.5, timeout: 10)
    try window.input.run(["mousemove"] + window.screen(690, 380))
    let mark = window.process.lineCount
    let start = monotonicNow()
    try window.input.run(["click", "--repeat", "150", "--delay", "30", "5"])
    try window.input.run(["click", "--repeat", "150", "--delay", "30", "4"])
    Self.report("  the wheel alone, 33 steps a second, nothing arriving (the imports' baseline):")
    Self.reportGaps(window, from: mark, since: start)
  }

  /// A process's peak resident memory so far, in bytes (VmHWM).
  static func peakMemory(of pid: Int32) throws -> Int {
    let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
    return (line.flatMap { Int($0.split(separator: " ", omittingEmptySubsequences: true)[1]) } ?? 0) * 1024
  }

  // MARK: The library alone

  /// `move` photos from the big album into another, as a drop onto an album does: both
  /// albums' new contents in one transaction.
  func measureMove(_ folder: URL) throws {
    let library = try Library(folder: folder)
    guard let source = try library.album(named: "Generated") else { return }
    let target = try library.makeAlbum(named: "Moved \(getpid())")
    defer { try? library.deleteAlbum(target) }
    let start = monotonicNow()
    let contents = try library.photos(in: source)
    let read = monotonicNow()
    let moving = Array(contents.prefix(move))
    let ids = Set(moving.compactMap(\.id))
    let staying = contents.filter { !ids.contains($0.id ?? -1) }
    try library.setContents([(target, moving), (source, staying)])
    let written = monotonicNow()
    // And back, as an undo does.
    try library.setContents([(target, []), (source, contents)])
    let undone = monotonicNow()
    Self.report(
      String(
        format:
          "  moving %d photos out of an album of %d: read %.0f ms, the transaction %.0f ms; undoing it %.0f ms",
        moving.count, contents.count, (read - start) * 1000, (written - read) * 1000, (undone - written) * 1000))
  }

  /// Prints a line at once, even into a pipe.
  static func report(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
  }
}
