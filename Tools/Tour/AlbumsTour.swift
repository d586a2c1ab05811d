import AlbumsLibrary
import ArgumentParser
import Foundation
import SampleDriver
import TraceLines

/// The tour of Albums: the application on a library of its own, beside Thunar, driven with
/// real X input. Each step is checked against the library's database.
struct AlbumsTour: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "albums",
    abstract: "Plays Albums beside a file manager with real X input, and records screenshots and a GIF.",
    discussion: """
      Albums opens on a new library (seeded with Debian's photographs, or with landscapes it draws), and \
      Thunar on a folder of pictures beside it. The tour imports a picture by dragging it from Thunar, \
      reorders photos, makes an album by dropping on New Album, moves a photo into it, opens it by \
      spring loading, exports a photo by dragging it to Thunar, and moves one with the keyboard. After \
      each step it reads what the database holds (Albums reports it after every change) and checks it; \
      at the end it opens the library itself and checks it again. Without DISPLAY it starts a private \
      Xvfb. The exit status is 0 when every step did what it should.
      """)

  @Option(help: "The folder to write to (default: artifacts/albums-tour-<timestamp>).")
  var output: String?

  @Option(help: "The Albums program (default: beside this program).")
  var albums: String?

  @Flag(help: "Skip the animated GIF.")
  var noGIF = false

  func run() throws {
    let folder = URL(fileURLWithPath: output ?? "artifacts/albums-tour-\(Play.timestamp())", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    print("Albums tour: writing screenshots and a GIF to \(folder.path)/")
    let program = try Tour.program("Albums", path: albums)
    let (display, server) = try Tour.display(width: 1920, height: 1080)
    defer { server?.stop() }
    let work = FileManager.default.temporaryDirectory.appending(path: "albums-tour-\(getpid())")
    defer { try? FileManager.default.removeItem(at: work) }
    let pictures = work.appending(path: "Pictures")
    try FileManager.default.createDirectory(at: pictures, withIntermediateDirectories: true)
    let library = work.appending(path: "library")

    let session = try AlbumsSession(program: program, library: library, display: display)
    defer { session.close() }
    // Pictures to import: two of the library's own photographs, mirrored (Albums skips a
    // photo whose bytes the album already holds), under names of their own.
    let photos = try FileManager.default.contentsOfDirectory(
      at: library.appending(path: "photos"), includingPropertiesForKeys: nil
    )
    .filter { !$0.lastPathComponent.hasPrefix(".") }.sorted { $0.path < $1.path }
    for (index, name) in ["Harbour", "Lanterns"].enumerated() where photos.indices.contains(index) {
      let mirror = Process()
      mirror.executableURL = URL(fileURLWithPath: "/usr/bin/convert")
      mirror.arguments = [
        photos[index].path, "-flop", pictures.appending(path: "\(name).\(photos[index].pathExtension)").path,
      ]
      try mirror.run()
      mirror.waitUntilExit()
      guard mirror.terminationStatus == 0 else { throw DriverError.missingTool("convert", package: "imagemagick") }
    }
    let fileManager = try FileManagerWindow(folder: pictures, display: display, x: 1120)
    defer { fileManager.close() }

    let recorder =
      noGIF
      ? nil
      : try FrameRecorder(
        folder: folder.appending(path: "frames"), display: display, canvas: (960, 540))
    let capture = try ScreenCapture(display: display)
    var failures: [String] = []
    let start = Date()
    let steps = AlbumsTourSteps(session: session, fileManager: fileManager, pictures: pictures)
    for (index, step) in steps.all.enumerated() {
      print(String(format: "[%d/%d] %@", index + 1, steps.all.count, step.title))
      // A clip a step keeps ImageMagick within its memory limits.
      recorder?.startClip(window: "root")
      defer { recorder?.endClip() }
      let mark = session.process.lineCount
      // The last step's animations end first.
      Thread.sleep(forTimeInterval: 0.8)
      do {
        let outcome = try step.run()
        let shot = folder.appending(path: String(format: "%02d-%@.png", index + 1, step.id))
        try capture.capture(window: "root", to: shot)
        print("        ✓ \(outcome)")
        print("        screenshot: \(shot.lastPathComponent)")
      } catch {
        failures.append(step.id)
        print("        ✗ \(error)")
        for line in session.process.lines.dropFirst(mark).suffix(12) { print("          Albums: \(line.prefix(200))") }
        try? capture.capture(
          window: "root", to: folder.appending(path: String(format: "%02d-%@-failed.png", index + 1, step.id)))
      }
    }
    let finalState = session.state
    session.close()
    // The library itself, opened again now that Albums has closed it.
    do {
      let reopened = try Library(folder: library)
      let listing = try AlbumsTourSteps.listing(reopened)
      if listing == finalState.albums {
        print("Albums tour: the library reopened holds what the window last showed (\(listing.count) albums)")
      } else {
        failures.append("reopen")
        print("Albums tour: ✗ the library reopened holds \(listing), the window last showed \(finalState.albums)")
      }
    } catch {
      failures.append("reopen")
      print("Albums tour: ✗ reopening the library: \(error)")
    }
    if let recorder {
      let gif = folder.appending(path: "albums-tour.gif")
      for problem in recorder.finish(into: gif) { print("Albums tour: GIF: \(problem)") }
      print("Albums tour: \(recorder.frameCount) frames in \(gif.path)")
    }
    print(
      String(
        format: "Albums tour: %d steps in %.0f s; output in %@/", steps.all.count, Date().timeIntervalSince(start),
        folder.path))
    if !failures.isEmpty {
      print("Albums tour: these steps failed: \(failures.joined(separator: ", "))")
      throw ExitCode.failure
    }
  }
}

/// An album and its photos' names, in order.
struct AlbumListing: Equatable, Sendable {
  var name: String
  var photos: [String]
}

/// What Albums showed last: its albums with their photos' names, and the open album.
struct AlbumsState: Equatable, CustomStringConvertible {
  var albums: [AlbumListing] = []
  var open = ""

  init() {}

  /// Parses `albums=Nature:[a.jpg,b.jpg] Trip:[] open=Nature`.
  init(_ line: String) {
    guard line.hasPrefix("albums="), let openRange = line.range(of: " open=", options: .backwards) else { return }
    open = String(line[openRange.upperBound...])
    var rest = line[line.index(line.startIndex, offsetBy: 7)..<openRange.lowerBound]
    while let colon = rest.range(of: ":["), let close = rest[colon.upperBound...].firstIndex(of: "]") {
      let name = String(rest[..<colon.lowerBound]).trimmingCharacters(in: CharacterSet.whitespaces)
      let photos = rest[colon.upperBound..<close].split(separator: ",").map(String.init)
      albums.append(AlbumListing(name: name, photos: photos))
      rest = rest[rest.index(after: close)...]
    }
  }

  func photos(of album: String) -> [String] { albums.first { $0.name == album }?.photos ?? [] }

  var description: String {
    albums.map { "\($0.name)[\($0.photos.count)]" }.joined(separator: " ") + " open=\(open)"
  }
}

/// Albums on a display, started with `--trace`.
final class AlbumsSession: @unchecked Sendable {
  /// Starts Albums on `library` in light appearance with `flag` (`--trace` or `--frames`),
  /// and waits for its window: the process, and the window's origin on the screen.
  static func launch(
    _ program: URL, library: URL, display: String, printing flag: String
  ) throws -> (LineProcess, (x: Int, y: Int)) {
    let process = try LineProcess.start(
      program, arguments: ["--library", library.path, flag, "--appearance", "light"],
      environment: SampleWindow.environment(display: display))
    guard let line = process.waitForLine(timeout: 60, where: { $0.hasPrefix("ready ") })?.line,
      case .ready(let x, let y, _, _) = TraceLine(line)
    else {
      process.terminate()
      throw DriverError.timedOut("Albums to show its window", output: process.output)
    }
    return (process, (x, y))
  }

  let process: LineProcess
  let windowID: String
  let origin: (x: Int, y: Int)
  let input: XInput

  init(program: URL, library: URL, display: String) throws {
    input = try XInput(display: display)
    (process, origin) = try Self.launch(program, library: library, display: display, printing: "--trace")
    var found: String?
    let deadline = Date(timeIntervalSinceNow: 10)
    while found == nil && Date() < deadline {
      found = try input.window(ofProcess: process.pid, titlePrefix: "Albums")
      if found == nil { _ = process.waitForLine(from: process.lineCount, timeout: 0.1) { _ in false } }
    }
    guard let found else {
      process.terminate()
      throw DriverError.timedOut("the Albums window's X id", output: process.output)
    }
    windowID = found
    try input.run(["windowmove", "--sync", found, "0", "0"])
  }

  var state: AlbumsState {
    process.lines.lazy.reversed().first { $0.hasPrefix("state ") }.map { AlbumsState(String($0.dropFirst(6))) }
      ?? AlbumsState()
  }

  /// Waits until a state line after line `index` satisfies `condition`.
  func waitForState(
    after index: Int, timeout: TimeInterval = 20, _ condition: (AlbumsState) -> Bool
  ) throws
    -> AlbumsState
  {
    guard
      let line = process.waitForLine(
        from: index, timeout: timeout,
        where: { line in
          line.hasPrefix("state ") && condition(AlbumsState(String(line.dropFirst(6))))
        })?.line
    else {
      throw DriverError.timedOut("Albums to show the change (last: \(state))", output: "")
    }
    return AlbumsState(String(line.dropFirst(6)))
  }

  func close() { process.terminate() }
}

/// Thunar on a folder, in a D-Bus session of its own that starts no services.
final class FileManagerWindow: @unchecked Sendable {
  let process: LineProcess
  let x: Int
  let input: XInput
  private let config: URL

  init(folder: URL, display: String, x: Int) throws {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/thunar"),
      FileManager.default.isExecutableFile(atPath: "/usr/bin/dbus-run-session")
    else { throw DriverError.missingTool("thunar", package: "thunar") }
    self.x = x
    input = try XInput(display: display)
    config = FileManager.default.temporaryDirectory.appending(path: "albums-tour-bus-\(getpid()).conf")
    try Data(Self.busConfiguration.utf8).write(to: config)
    process = try LineProcess.start(
      URL(fileURLWithPath: "/usr/bin/dbus-run-session"),
      arguments: ["--config-file=\(config.path)", "--", "/usr/bin/thunar", folder.path],
      environment: SampleWindow.environment(display: display).merging(["NO_AT_BRIDGE": "1"]) { $1 })
    let title = "^\(folder.lastPathComponent) - Thunar$"
    let window = try LineProcess.run(
      URL(fileURLWithPath: "/usr/bin/timeout"),
      ["30", "xdotool", "search", "--sync", "--onlyvisible", "--name", title], environment: ["DISPLAY": display]
    ).split(separator: "\n").first.map(String.init)
    guard let window else { throw DriverError.timedOut("Thunar's window", output: process.output) }
    try input.run(["windowmove", "--sync", window, "\(x)", "0"])
  }

  /// The centre of the `index`th icon of the first row, on screen. Thunar shows root a
  /// warning bar above the folder view.
  func icon(_ index: Int) -> (Int, Int) { (x + 210 + 74 * index, getuid() == 0 ? 150 : 117) }
  /// Empty space in the folder view.
  var emptySpace: (Int, Int) { (x + 480, 420) }

  func close() {
    kill(-process.pid, SIGKILL)
    process.terminate()
    try? FileManager.default.removeItem(at: config)
  }

  static let busConfiguration = """
    <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
     "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
    <busconfig>
      <type>session</type>
      <listen>unix:tmpdir=/tmp</listen>
      <auth>EXTERNAL</auth>
      <policy context="default">
        <allow send_destination="*" eavesdrop="true"/>
        <allow eavesdrop="true"/>
        <allow own="*"/>
      </policy>
    </busconfig>
    """
}

/// The steps of the tour, each checked against the library.
struct AlbumsTourSteps {
  struct Step {
    let id: String
    let title: String
    let run: () throws -> String
  }

  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  let session: AlbumsSession
  let fileManager: FileManagerWindow
  let pictures: URL

  /// The window's layout (see AlbumsController): the grid's photos, the albums' rows and
  /// New Album, in the window's coordinates.
  func photo(_ index: Int) -> (Int, Int) {
    (session.origin.x + 280 + 16 + (index % 4) * 162 + 75, session.origin.y + 56 + 16 + (index / 4) * 162 + 75)
  }
  func albumRow(_ row: Int) -> (Int, Int) { (session.origin.x + 140, session.origin.y + 44 + 56 * row + 28) }
  var newAlbum: (Int, Int) { (session.origin.x + 140, session.origin.y + 720 - 80 + 24) }

  /// xdotool steps for a drag through `path` (screen coordinates), in small moves a twentieth
  /// of a second apart; `release` false leaves the button down.
  func drag(_ path: [(Int, Int)], release: Bool = true) -> [String] {
    var steps = ["mousemove", "\(path[0].0)", "\(path[0].1)", "sleep", "0.2", "mousedown", "1", "sleep", "0.1"]
    var current = path[0]
    for point in path.dropFirst() {
      for step in 1...6 {
        let x = current.0 + (point.0 - current.0) * step / 6
        let y = current.1 + (point.1 - current.1) * step / 6
        steps += ["mousemove", "\(x)", "\(y)", "sleep", "0.05"]
      }
      current = point
    }
    return steps + (release ? ["sleep", "0.3", "mouseup", "1"] : [])
  }

  func check(_ condition: Bool, _ message: @autoclosure () -> String) throws {
    if !condition { throw Failure(description: message()) }
  }

  static func listing(_ library: Library) throws -> [AlbumListing] {
    try library.albums().map { album in
      AlbumListing(name: album.name, photos: try library.photos(in: album).map(\.originalName))
    }
  }

  var all: [Step] {
    [
      Step(id: "import", title: "Import: a picture dragged from Thunar lands first in the open album") {
        let before = session.state
        let mark = session.process.lineCount
        let start = fileManager.icon(0)
        try session.input.run(
          drag([
            start, (start.0 - 8, start.1 + 4), (start.0 - 40, start.1 + 10), (700, 300), (photo(0).0 - 60, photo(0).1),
            (photo(0).0 - 62, photo(0).1),
          ]))
        let after = try session.waitForState(after: mark) {
          $0.photos(of: before.open).count == before.photos(of: before.open).count + 1
        }
        let first = after.photos(of: after.open).first ?? "none"
        try check(first.hasPrefix("Harbour."), "the first photo is \(first)")
        return "\(after.open) starts with \(first) (\(after.photos(of: after.open).count) photos)"
      },
      Step(id: "reorder", title: "Reorder: the first photo dragged after the third") {
        let before = session.state.photos(of: session.state.open)
        let mark = session.process.lineCount
        let end = photo(2)
        try session.input.run(
          drag([photo(0), (photo(0).0 + 30, photo(0).1), (end.0 + 40, end.1), (end.0 + 50, end.1)]))
        let after = try session.waitForState(after: mark) { $0.photos(of: $0.open) != before }
        var expected = before
        expected.insert(expected.removeFirst(), at: 2)
        try check(after.photos(of: after.open) == expected, "the order is \(after.photos(of: after.open))")
        return "\(before[0]) is third"
      },
      Step(id: "new-album", title: "New Album: a photo dropped on New Album makes an album") {
        let open = session.state.open
        let name = session.state.photos(of: open)[1]
        let mark = session.process.lineCount
        try session.input.run(drag([photo(1), (photo(1).0 - 30, photo(1).1), (400, 500), newAlbum, newAlbum]))
        let after = try session.waitForState(after: mark) { $0.albums.contains { $0.name == "New Album" } }
        try check(after.photos(of: "New Album") == [name], "New Album holds \(after.photos(of: "New Album"))")
        try check(after.photos(of: open).contains(name), "\(name) left \(open)")
        return "New Album holds \(name); \(open) keeps it"
      },
      Step(id: "move", title: "Move: a photo dropped on an album leaves the open one") {
        let open = session.state.open
        let name = session.state.photos(of: open)[0]
        let mark = session.process.lineCount
        let row = albumRow(2)
        try session.input.run(drag([photo(0), (photo(0).0 - 30, photo(0).1), (300, row.1), row, row]))
        let after = try session.waitForState(after: mark) { $0.photos(of: "New Album").contains(name) }
        try check(!after.photos(of: open).contains(name), "\(name) is still in \(open)")
        return "\(name) moved from \(open) to New Album"
      },
      Step(id: "spring-loading", title: "Spring loading: a drag held over New Album opens it, and drops there") {
        let open = session.state.open
        let name = session.state.photos(of: open)[0]
        let mark = session.process.lineCount
        let row = albumRow(2)
        try session.input.run(drag([photo(0), (photo(0).0 - 30, photo(0).1), (300, row.1), row], release: false))
        let opened = try session.waitForState(after: mark, timeout: 10) { $0.open == "New Album" }
        let grid = (session.origin.x + 700, session.origin.y + 500)
        try session.input.run(
          [
            "mousemove", "\(row.0 + 60)", "\(row.1)", "sleep", "0.1", "mousemove", "\(grid.0)", "\(grid.1)", "sleep",
            "0.1", "mousemove", "\(grid.0 + 4)", "\(grid.1 + 4)", "sleep", "0.3", "mouseup", "1",
          ])
        let after = try session.waitForState(after: mark) {
          $0.photos(of: "New Album").contains(name) && !$0.photos(of: open).contains(name)
        }
        return "New Album opened (\(opened.open)) and took \(name) from \(open) (\(after))"
      },
      Step(id: "export", title: "Export: a photo dragged to Thunar arrives there as a file") {
        let name = session.state.photos(of: session.state.open)[0]
        let stem = (name as NSString).deletingPathExtension
        try session.input.run(
          drag([photo(0), (photo(0).0 + 30, photo(0).1), (1000, 300), fileManager.emptySpace, fileManager.emptySpace]))
        // The file manager copies a file named for the photo, with its type's extension.
        func arrived() -> String? {
          ((try? FileManager.default.contentsOfDirectory(atPath: pictures.path)) ?? []).first {
            ($0 as NSString).deletingPathExtension == stem
          }
        }
        let deadline = Date(timeIntervalSinceNow: 20)
        while arrived() == nil && Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        guard let file = arrived() else { throw Failure(description: "no \(stem).* in \(pictures.path)") }
        return "\(file) is in the Pictures folder"
      },
      Step(id: "keyboard", title: "Keyboard: Space lifts the focused photo, End goes to the last place, Return drops") {
        let before = session.state.photos(of: session.state.open)
        let mark = session.process.lineCount
        try session.input.run(["mousemove", "\(photo(0).0)", "\(photo(0).1)", "click", "1", "sleep", "0.3"])
        for key in ["space", "End", "Return"] { try session.input.run(["key", key, "sleep", "0.4"]) }
        let after = try session.waitForState(after: mark) { $0.photos(of: $0.open) != before }
        var expected = before
        expected.append(expected.removeFirst())
        try check(after.photos(of: after.open) == expected, "the order is \(after.photos(of: after.open))")
        return "\(before[0]) went to the end of \(after.open) by keyboard"
      },
    ]
  }
}
