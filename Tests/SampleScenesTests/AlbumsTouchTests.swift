import DragDrop
import Foundation
import SampleDriver
import Scenarios
import TestSupport
import Testing
import TraceLines

/// Albums in a real window on GNOME's mutter, used by touch alone: real touches through
/// mutter's remote desktop open albums by a tap, scroll the grid by a swipe, and move a
/// photo into another album by a long press and a move. Each step is checked against the
/// library's state, which Albums prints after every change (`--trace`).
@Suite("Albums by touch on mutter", .serialized)
struct AlbumsTouchTests {
  static var albums: URL {
    URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
      .appendingPathComponent("Albums")
  }

  static var isAvailable: Bool {
    MutterSession.isAvailable && FileManager.default.isExecutableFile(atPath: "/usr/bin/convert")
      && FileManager.default.isExecutableFile(atPath: albums.path)
  }

  /// Albums' layout (AlbumsController): the grid's photos, four to a line 162 points
  /// apart, and the albums' rows, 56 points apart, in window coordinates.
  static func photo(_ index: Int) -> Point {
    Point(x: Double(280 + 16 + (index % 4) * 162 + 75), y: Double(56 + 16 + (index / 4) * 162 + 75))
  }
  static func albumRow(_ row: Int) -> Point { Point(x: 140, y: Double(44 + 56 * row + 28)) }

  /// A library of two albums: Trip with 24 photos of distinct colours (six lines, more
  /// than the window shows), Family with one.
  static func makeLibrary(in folder: URL) throws -> URL {
    let sources = folder.appending(path: "sources")
    try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
    var trip: [String] = []
    for index in 1...24 {
      let file = sources.appending(path: String(format: "p%02d.png", index)).path
      let colour = String(format: "#%02x%02x%02x", index * 10, 255 - index * 10, (index * 37) % 256)
      try LineProcess.run(URL(fileURLWithPath: "/usr/bin/convert"), ["-size", "120x80", "xc:\(colour)", file])
      trip.append(file)
    }
    let family = sources.appending(path: "f01.png").path
    try LineProcess.run(URL(fileURLWithPath: "/usr/bin/convert"), ["-size", "120x80", "xc:#202020", family])
    let library = folder.appending(path: "library")
    try LineProcess.run(albums, ["import", "--library", library.path, "--album", "Trip"] + trip)
    try LineProcess.run(albums, ["import", "--library", library.path, "--album", "Family", family])
    return library
  }

  @Test(
    "A tap opens an album, a swipe scrolls the grid, a long press and a move put a photo in another album",
    .enabled(if: isAvailable, "needs mutter, PipeWire, WirePlumber, ImageMagick and the Albums program"),
    .timeLimit(.minutes(3)))
  func albumsByFingerAlone() throws {
    let folder = FileManager.default.temporaryDirectory.appending(path: "albums-touch-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let library = try Self.makeLibrary(in: folder)
    let trip = (1...24).map { String(format: "p%02d.png", $0) }
    try DisplayLock.withExclusiveDisplay { try Self.play(library: library, trip: trip) }
  }

  static func play(library: URL, trip: [String]) throws {
    let session = try MutterSession()
    defer { session.close() }
    let window = try LineProcess.start(
      albums, arguments: ["--library", library.path, "--trace", "--appearance", "light"],
      environment: session.clientEnvironment.merging(["DRAGDROP_TRACE_POINTER": "1"]) { $1 })
    defer { window.terminate() }
    guard window.waitForLine(timeout: 60, where: { TraceLine($0).isReady }) != nil else {
      Issue.record("Albums showed no window: \(window.output)")
      return
    }
    let finger = try Finger(session: session, window: window)
    let first = "albums=Trip:[\(trip.joined(separator: ","))] Family:[f01.png] open=Trip"
    #expect(finger.state(after: 0, "the library", { $0 == first }) != nil)

    // A tap on Family opens it, a tap on Trip opens Trip again.
    var mark = window.lineCount
    try finger.tap(albumRow(2))
    #expect(finger.state(after: mark, "Family open", { $0.hasSuffix(" open=Family") }) != nil)
    mark = window.lineCount
    try finger.tap(albumRow(1))
    #expect(finger.state(after: mark, "Trip open", { $0.hasSuffix(" open=Trip") }) != nil)

    // A swipe two lines up, held still before the lift so that nothing glides: the photo
    // under the first place is now the ninth.
    try finger.down(photo(8))
    try finger.move(from: photo(8), to: photo(0))
    finger.pause(0.3)
    try finger.up()
    finger.pause(0.3)

    // A long press lifts it, the finger carries it onto Family and lifts: it moves there.
    mark = window.lineCount
    try finger.down(photo(0))
    finger.pause(0.7)
    try finger.move(from: photo(0), to: albumRow(2))
    finger.pause(0.3)
    try finger.up()
    let unchanged = "albums=Trip:[\(trip.joined(separator: ","))]"
    let moved = finger.state(after: mark, "the moved photo", { !$0.hasPrefix(unchanged) })
    let expected = trip.filter { $0 != "p09.png" }.joined(separator: ",")
    #expect(moved == "albums=Trip:[\(expected)] Family:[f01.png,p09.png] open=Trip")
  }

  /// One finger on mutter's screen, over the Albums window, paced by the session.
  final class Finger {
    let session: MutterSession
    let window: LineProcess
    let offset: Point

    init(session: MutterSession, window: LineProcess) throws {
      self.session = session
      self.window = window
      offset = try session.locate(window)
    }

    func pause(_ seconds: Double) { session.pause(seconds) }

    func down(_ point: Point) throws {
      try session.fingerDown(0, at: point, offset: offset)
    }

    func up() throws { try session.fingerUp(0) }

    func tap(_ point: Point) throws {
      try down(point)
      try up()
    }

    func move(from start: Point, to end: Point) throws {
      try session.fingerMove(0, from: start, to: end, offset: offset)
    }

    /// The first state line after line `mark` that satisfies `condition`, waiting for it.
    func state(after mark: Int, _ what: String, _ condition: (String) -> Bool) -> String? {
      let found = window.waitForLine(from: mark, timeout: 20) { line in
        if case .state(let text) = TraceLine(line) { condition(text) } else { false }
      }
      if found == nil { Issue.record("Albums did not show \(what): \(window.lines.suffix(12))") }
      return found.map { String($0.line.dropFirst("state ".count)) }
    }
  }
}
