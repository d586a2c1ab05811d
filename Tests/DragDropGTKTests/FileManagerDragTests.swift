import Foundation
import TestSupport
import Testing

/// Drags between file managers and our windows, with real X input from xdotool: Thunar 4.18
/// (GTK 3) and Nautilus 43 (GTK 4). Each runs in its own D-Bus session, beside the GTKProbe's
/// window at the top left, showing a folder of the test's own in its icon view.
@Suite("Drags with a file manager", .serialized)
struct FileManagerDragTests {
  /// A file manager, where its window goes, and where its first row of icons is on screen.
  enum Kind: String, CaseIterable, Sendable {
    case thunar
    case nautilus

    var executable: String { "/usr/bin/\(rawValue)" }
    var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: executable) }

    func arguments(_ folder: URL) -> [String] {
      switch self {
      case .thunar: [executable, folder.path]
      case .nautilus: [executable, "--new-window", folder.path]
      }
    }

    /// The title of its window on `folder`.
    func title(_ folder: URL) -> String {
      switch self {
      case .thunar: "^\(folder.lastPathComponent) - Thunar$"
      case .nautilus: "^\(folder.lastPathComponent)$"
      }
    }

    var windowX: Int { self == .thunar ? 600 : 400 }

    /// The centre of the icon at `index` in the first row. Thunar warns root with a bar
    /// above the folder view, which moves its icons down.
    func icon(_ index: Int) -> (Int, Int) {
      switch self {
      case .thunar: (810 + 74 * index, getuid() == 0 ? 150 : 117)
      case .nautilus: (737 + 152 * index, 122)
      }
    }

    /// A point of the folder view with no icon.
    var emptySpace: (Int, Int) { self == .thunar ? (1100, 300) : (1200, 450) }
  }

  static var hasTools: Bool {
    WindowTests.hasDisplay && WindowTests.hasXdotool
      && FileManager.default.isExecutableFile(atPath: "/usr/bin/dbus-run-session")
  }
  static let installed = Kind.allCases.filter(\.isInstalled)

  /// Starts our program with `ours` and the file manager on `folder`, waits for both, then
  /// plays xdotool `steps`.
  func withFileManager(
    _ kind: Kind, ours: [String], folder: URL, steps: [String], check: (_ ours: Probe) throws -> Void
  ) throws {
    try DisplayLock.withExclusiveDisplay {
      let probe = try Probe.start(ours)
      defer { probe.terminate() }
      _ = try #require(probe.waitForLine(startingWith: "ready", timeout: 30), "\(probe.output)")
      // A bus of its own that starts no services (a settings daemon or an indexer would
      // outlive the test). The session leads its own process group, which ends with the test.
      let config = FileManager.default.temporaryDirectory.appending(path: "session-bus-\(UUID().uuidString).conf")
      try Data(Self.busConfiguration.utf8).write(to: config)
      defer { try? FileManager.default.removeItem(at: config) }
      let session = try Probe.start(
        ["--config-file=\(config.path)", "--"] + kind.arguments(folder),
        executable: URL(fileURLWithPath: "/usr/bin/dbus-run-session"))
      defer {
        // The bus ignores a TERM from here: the group is killed outright.
        kill(-session.pid, SIGKILL)
        session.terminate()
      }
      let window = try Probe.run(
        "/usr/bin/timeout", requiringSuccess: false,
        ["30", "xdotool", "search", "--sync", "--onlyvisible", "--name", kind.title(folder)]
      ).split(separator: "\n").first.map(String.init)
      try Probe.xdotool(["windowmove", "--sync", try #require(window, "\(session.output)"), "\(kind.windowX)", "0"])
      try Probe.xdotool(steps)
      try check(probe)
      try probe.expectClickHeard(mode: ours.first) { try PeerDragTests.clickOurWindow() }
    }
  }

  /// A session bus that only carries messages: no service directories, so nothing is
  /// activated on it.
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

  func makeFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appending(path: "thunar-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  @Test(
    .enabled(if: hasTools, "needs an X display, xdotool and D-Bus"), arguments: installed)
  func filesSelectedInAFileManagerArriveAsOneItemEach(_ kind: Kind) async throws {
    let folder = try makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let names = ["a 北海道.png", "b.jpg", "c.txt"]
    try await BrowserDragTests.writeSquare(to: folder.appending(path: names[0]))
    try Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10, 0x4A, 0x46, 0x49, 0x46, 0, 0xFF, 0xD9]).write(
      to: folder.appending(path: names[1]))
    try Data("北海道".utf8).write(to: folder.appending(path: names[2]))
    // Control-A selects the three, then the first icon drags them.
    let start = kind.icon(0)
    var steps = Self.selectAll(kind, folder)
    let path =
      [start, (start.0 - 5, start.1 + 2), (start.0 - 20, start.1 + 5)] + [700, 550, 400, 250, 200].map { ($0, 150) }
    steps += BrowserDragTests.drag(along: path + [(201, 151)])
    let title = "DragDropGTK-drop-\(ProcessInfo.processInfo.processIdentifier)"
    try withFileManager(kind, ours: ["drop", title], folder: folder, steps: steps) { probe in
      #expect(probe.waitForLine(startingWith: "items", timeout: 20) == "items 3", "\(probe.output)")
      var urls: Set<String> = []
      while urls.count < names.count, let line = probe.waitForLine(startingWith: "dropped-url", timeout: 20) {
        urls.insert(String(line.dropFirst("dropped-url ".count)))
      }
      #expect(urls == Set(names.map { folder.appending(path: $0).absoluteString }), "\(probe.output)")
      #expect(
        probe.waitForAnyLine(startingWith: "dropped-image public.png", timeout: 20) == "dropped-image public.png 96x64")
      #expect(probe.waitForAnyLine(startingWith: "call target.sessionDidEnd", timeout: 20) != nil, "\(probe.output)")
    }
  }

  /// A photo the probe holds as data, not as a file, offered as JPEG bytes and as a file
  /// written when the file manager asks for the URI list: several types at once, which
  /// must not upset the file manager.
  @Test(
    .enabled(if: hasTools, "needs an X display, xdotool and D-Bus"), arguments: installed)
  func aPhotoDraggedToAFileManagerArrivesAsAFile(_ kind: Kind) throws {
    let folder = try makeFolder()
    let photos = try makeFolder()
    defer {
      try? FileManager.default.removeItem(at: folder)
      try? FileManager.default.removeItem(at: photos)
    }
    let photo = photos.appending(path: "知床.jpg")
    let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10, 0x4A, 0x46, 0x49, 0x46, 0, 0x01, 0xFF, 0xD9])
    try jpeg.write(to: photo)
    let path = [(100, 100), (110, 100), (130, 100), (200, 120), (400, 200), (850, 300), (900, 350), (901, 351)]
    let title = "DragDropGTK-drag-\(ProcessInfo.processInfo.processIdentifier)"
    try withFileManager(
      kind, ours: ["drag-file", title, photo.path], folder: folder, steps: BrowserDragTests.drag(along: path)
    ) { probe in
      let ended = probe.waitForLine(startingWith: "ended", timeout: 20)
      #expect(ended == "ended move" || ended == "ended copy", "\(probe.output)")
      // The file manager copies or moves the file after it reports the drop: wait for it.
      let arrived = folder.appending(path: "知床.jpeg")
      #expect(FileEvents.waitUntil(watching: folder, timeout: 20) { (try? Data(contentsOf: arrived)) == jpeg })
      let data = try Data(contentsOf: arrived)
      let contents = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      #expect(data == jpeg)
      #expect(contents == ["知床.jpeg"])
    }
  }

  /// xdotool steps that select every icon of the folder view as a person does with the
  /// keyboard: a click in its empty space, the window's focus, and Control-A. (A rubber
  /// band, drawn on the file manager's own frames, was now and then missed on a machine
  /// busy with other tests.)
  static func selectAll(_ kind: Kind, _ folder: URL) -> [String] {
    let (emptyX, emptyY) = kind.emptySpace
    return ["mousemove", "\(emptyX)", "\(emptyY)", "sleep", "0.2", "click", "1", "sleep", "0.3"]
      + focus(kind, folder) + ["key", "ctrl+a", "sleep", "0.5"]
  }

  /// xdotool steps that give the file manager's window the keyboard: with no window
  /// manager, a GTK 3 window takes keys only once it has the input focus.
  static func focus(_ kind: Kind, _ folder: URL) -> [String] {
    ["search", "--onlyvisible", "--name", kind.title(folder), "windowfocus", "--sync", "sleep", "0.3"]
  }

  @Test(
    .enabled(if: hasTools, "needs an X display, xdotool and D-Bus"), arguments: installed)
  func filesCopiedInAFileManagerPasteAsOneItemEach(_ kind: Kind) throws {
    let folder = try makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let names = ["a 北海道.png", "b.jpg", "c.txt"]
    for name in names { try Data(name.utf8).write(to: folder.appending(path: name)) }
    let title = "DragDropGTK-clipboard-\(ProcessInfo.processInfo.processIdentifier)"
    let copyAll = Self.selectAll(kind, folder) + ["key", "ctrl+c", "sleep", "0.5"]
    try withFileManager(kind, ours: ["clipboard", title], folder: folder, steps: copyAll) { probe in
      // GNOME's list and the URI list: one item per file, named as the files are.
      var line = probe.waitForLine(startingWith: "pasteboard-items 3", timeout: 10)
      if line == nil {
        // On a machine busy with other tests the file manager can miss a key (the probe then hears no copy of three files): selected and copied again,
        // as a person would.
        try Probe.xdotool(copyAll)
        line = probe.waitForLine(startingWith: "pasteboard-items 3", timeout: 20)
      }
      #expect(line == "pasteboard-items 3 names=a 北海道,b,c", "\(probe.output)")
    }
  }

  @Test(
    .enabled(if: hasTools, "needs an X display, xdotool and D-Bus"), arguments: installed)
  func filesWeCopyPasteIntoAFileManager(_ kind: Kind) throws {
    try pasteIntoAFileManager(kind, cutting: false)
  }

  /// A cut (rule 47): the file manager copies our files, and we hear that it read them.
  @Test(
    .enabled(if: hasTools, "needs an X display, xdotool and D-Bus"), arguments: installed)
  func filesWeCutPasteIntoAFileManagerAndWeHearIt(_ kind: Kind) throws {
    try pasteIntoAFileManager(kind, cutting: true)
  }

  func pasteIntoAFileManager(_ kind: Kind, cutting: Bool) throws {
    let folder = try makeFolder()
    let ours = try makeFolder()
    defer {
      try? FileManager.default.removeItem(at: folder)
      try? FileManager.default.removeItem(at: ours)
    }
    // A copy hands out our files themselves; a cut, our photos' bytes as copies of their own.
    let files = (cutting ? ["知床.png", "notes.png"] : ["知床.txt", "notes.txt"]).map { ours.appending(path: $0) }
    let contents = files.map { file in
      cutting
        ? TestImages.png(TestImages.png(width: 2, height: 2), comment: file.lastPathComponent)
        : Data(file.lastPathComponent.utf8)
    }
    for (file, data) in zip(files, contents) { try data.write(to: file) }
    let title = "DragDropGTK-clipboard-\(ProcessInfo.processInfo.processIdentifier)"
    let (emptyX, emptyY) = kind.emptySpace
    try withFileManager(
      kind, ours: [cutting ? "cut-files" : "clipboard-files", title] + files.map(\.path), folder: folder,
      steps: ["mousemove", "\(emptyX)", "\(emptyY)", "click", "1", "sleep", "0.5"] + Self.focus(kind, folder) + [
        "key", "ctrl+v",
      ]
    ) { probe in
      #expect(probe.lines.contains(cutting ? "cut" : "copied"))
      let arrived = files.map { folder.appending(path: $0.lastPathComponent) }
      #expect(
        FileEvents.waitUntil(watching: folder, timeout: 20) {
          zip(arrived, contents).allSatisfy { (try? Data(contentsOf: $0)) == $1 }
        }, "\((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])")
      // Copied, not moved: ours are where they were. A cut's source hears the list read,
      // and removes its own (the probe only reports it).
      #expect(files.allSatisfy { FileManager.default.fileExists(atPath: $0.path) })
      if cutting {
        // The list of copies read whole, whatever else the file manager read first.
        var read: Set<Substring> = []
        let heard = probe.waitForAnyLine(timeout: 20) { line in
          if line.hasPrefix("cut-read ") { read.formUnion(line.dropFirst(9).split(separator: ",")) }
          return read == ["0", "1"]
        }
        #expect(heard != nil, "\(probe.output)")
      } else {
        #expect(!probe.lines.contains { $0.hasPrefix("cut-read") })
      }
    }
  }
}
