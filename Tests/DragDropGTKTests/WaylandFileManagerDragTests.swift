import DragDrop
import Foundation
import TestSupport
import Testing

/// Drags between file managers and our windows on Wayland, on sway and on GNOME's mutter
/// (``WaylandDragTests/Session``): Nautilus 43 (GTK 4) and Thunar 4.18 (GTK 3) show a
/// folder of the test's own on the right half of the screen, each in a D-Bus session of its
/// own, and the GTKProbe's window is on the left. Icons are selected as a person does with
/// the keyboard: a click in the folder's empty space, then Control-A.
@Suite("Drags with a file manager on Wayland", .serialized)
struct WaylandFileManagerDragTests {
  typealias Kind = FileManagerDragTests.Kind
  typealias Compositor = WaylandDragTests.Compositor

  /// Every installed file manager on every compositor here.
  static var cases: [(Kind, Compositor)] {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/dbus-run-session") else { return [] }
    return FileManagerDragTests.installed.flatMap { kind in WaylandDragTests.compositors.map { (kind, $0) } }
  }

  /// The centre of the first icon of the folder view, with the file manager on the right
  /// half. Thunar warns root with a bar above the folder view, which moves its icons down;
  /// on mutter GTK 3 draws a title bar of its own above the menus.
  static func firstIcon(_ kind: Kind, on compositor: Compositor) -> (Int, Int) {
    switch kind {
    case .nautilus: (987, 120)
    case .thunar: (850, (getuid() == 0 ? 145 : 112) + (compositor == .mutter ? 37 : 0))
    }
  }

  /// A point of the folder view with no icon.
  static let emptySpace = (1100, 600)

  /// Starts the probe (`ours`) on the left and `kind` on `folder` on the right, and runs
  /// `body`.
  func withFileManager(
    _ kind: Kind, on compositor: Compositor, ours: [String], folder: URL,
    body: (_ session: WaylandDragTests.Session, _ ours: Probe) throws -> Void
  ) throws {
    try WaylandDragTests.withProbe(on: compositor, ours: ours) { session, probe in
      let config = session.folder.appending(path: "session-bus.conf")
      try Data(FileManagerDragTests.busConfiguration.utf8).write(to: config)
      // Settings of its own, from a file: Nautilus draws no thumbnails, which would change
      // its icons at any moment after the folder shows.
      let settings = session.folder.appending(path: "config/glib-2.0/settings")
      try FileManager.default.createDirectory(at: settings, withIntermediateDirectories: true)
      try Data("[org/gnome/nautilus/preferences]\nshow-image-thumbnails='never'\n".utf8).write(
        to: settings.appending(path: "keyfile"))
      let manager = try session.start(
        ["--config-file=\(config.path)", "--"] + kind.arguments(folder),
        executable: URL(fileURLWithPath: "/usr/bin/dbus-run-session"),
        environment: [
          "HOME": session.folder.path, "XDG_CONFIG_HOME": session.folder.appending(path: "config").path,
          "GSETTINGS_BACKEND": "keyfile",
        ], isReady: nil)
      defer {
        // The bus ignores a TERM from here: the group is killed outright.
        kill(-manager.pid, SIGKILL)
        manager.terminate()
      }
      try body(session, probe)
    }
  }

  /// Selects every icon as a person does: a click in the folder's empty space, then
  /// Control-A, once the window has settled (thumbnails drawn, nothing changing for a
  /// second); and, seeing no icon change, does it again (a file manager that has just shown
  /// its folder may not take keys yet).
  func selectAll(in session: WaylandDragTests.Session) throws {
    for _ in 0..<3 {
      try session.click(at: Self.emptySpace)
      try session.waitUntilStill(quiet: 1)
      let before = try session.screenshot()
      try session.press(.character("a"), holding: .control)
      let deadline = Date().addingTimeInterval(3)
      while Date() < deadline {
        if try session.screenshot().changed(from: before, columns: 880..<1280, rows: 60..<400) > 0 { return }
        try session.pause(milliseconds: 50)
      }
    }
    Issue.record("the file manager never showed its icons selected")
  }

  @Test(.enabled(if: !cases.isEmpty, "needs Nautilus or Thunar, D-Bus, and sway or mutter"), arguments: cases)
  func filesSelectedInAFileManagerArriveAsOneItemEach(_ kind: Kind, on compositor: Compositor) async throws {
    let folder = try TemporaryDirectory()
    let names = ["a 北海道.png", "b.jpg", "c.txt"]
    try await BrowserDragTests.writeSquare(to: folder.url.appending(path: names[0]))
    try Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10, 0x4A, 0x46, 0x49, 0x46, 0, 0xFF, 0xD9]).write(
      to: folder.url.appending(path: names[1]))
    try Data("北海道".utf8).write(to: folder.url.appending(path: names[2]))
    let title = "DragDropGTK-wayland-drop"
    try withFileManager(kind, on: compositor, ours: ["drop", title], folder: folder.url) { session, probe in
      try selectAll(in: session)
      let start = Self.firstIcon(kind, on: compositor)
      try session.drag(
        along: [start, (start.0 - 5, start.1 + 2), (start.0 - 20, start.1 + 5)]
          + [700, 550, 400, 300, 301].map { ($0, 150) })
      #expect(probe.waitForLine(startingWith: "items", timeout: 20) == "items 3", "\(probe.output)")
      var urls: Set<String> = []
      while urls.count < names.count, let line = probe.waitForLine(startingWith: "dropped-url", timeout: 20) {
        urls.insert(String(line.dropFirst("dropped-url ".count)))
      }
      #expect(urls == Set(names.map { folder.url.appending(path: $0).absoluteString }), "\(probe.output)")
      #expect(
        probe.waitForAnyLine(startingWith: "dropped-image public.png", timeout: 20) == "dropped-image public.png 96x64")
      #expect(probe.waitForAnyLine(startingWith: "call target.sessionDidEnd", timeout: 20) != nil, "\(probe.output)")
    }
  }

  /// A photo the probe holds as data, offered as JPEG bytes and as a file written when the
  /// file manager asks for the URI list.
  @Test(.enabled(if: !cases.isEmpty, "needs Nautilus or Thunar, D-Bus, and sway or mutter"), arguments: cases)
  func aPhotoDraggedToAFileManagerArrivesAsAFile(_ kind: Kind, on compositor: Compositor) throws {
    let folder = try TemporaryDirectory()
    let photos = try TemporaryDirectory()
    let photo = photos.url.appending(path: "知床.jpg")
    let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10, 0x4A, 0x46, 0x49, 0x46, 0, 0x01, 0xFF, 0xD9])
    try jpeg.write(to: photo)
    let title = "DragDropGTK-wayland-drag"
    try withFileManager(kind, on: compositor, ours: ["drag-file", title, photo.path], folder: folder.url) {
      session, probe in
      try session.drag(along: [
        (100, 100), (110, 100), (130, 100), (200, 120), (400, 200), (900, 400), (1000, 450), (1001, 451),
      ])
      let ended = probe.waitForLine(startingWith: "ended", timeout: 20)
      #expect(ended == "ended move" || ended == "ended copy", "\(probe.output)")
      // The file manager copies or moves the file after it reports the drop: wait for it.
      let arrived = folder.url.appending(path: "知床.jpeg")
      #expect(FileEvents.waitUntil(watching: folder.url, timeout: 20) { (try? Data(contentsOf: arrived)) == jpeg })
      #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["知床.jpeg"])
    }
  }
}
