import CGTK
import DragDrop
import Foundation
import SampleDriver
import TestSupport
import Testing

/// Drags between applications on Wayland, on two compositors:
/// - a headless sway (wlroots, with no display and no input devices), which tiles the first
///   window on the left half of a 1280 × 800 output and the second on the right;
///   `WaylandPointer` drags between them through wlroots' virtual pointer, and presses keys
///   through its virtual keyboard, as xdotool does on X11, and grim takes the screen;
/// - GNOME's mutter, headless (``MutterSession``), whose remote-desktop session moves the
///   pointer, presses buttons and keys, and whose screen cast takes the screen; each window
///   is tiled to its half with Super and an arrow, as a user does.
///
/// GDK speaks Wayland's data device here, not XDND. The pointer paces its own steps: GTK
/// starts a drag from motion, in steps a tenth of a second apart, and the target needs a
/// hover before the release. The tests wait only for lines and files, with deadlines.
@Suite("Drags between applications on Wayland", .serialized)
struct WaylandDragTests {
  static var sway: String? { Probe.which("sway") }
  static var pointer: URL { Probe.executable.deletingLastPathComponent().appending(path: "WaylandPointer") }
  static var hasWayland: Bool {
    sway != nil && FileManager.default.isExecutableFile(atPath: pointer.path)
      && FileManager.default.isExecutableFile(atPath: PeerDragTests.python)
  }
  static var hasMutter: Bool {
    MutterSession.isAvailable && FileManager.default.isExecutableFile(atPath: PeerDragTests.python)
  }
  static var hasAnyCompositor: Bool { hasWayland || hasMutter }

  enum Compositor: String, CustomTestStringConvertible, Sendable {
    case sway, mutter
    var testDescription: String { rawValue }
  }

  /// The compositors installed here.
  static var compositors: [Compositor] {
    (hasWayland ? [.sway] : []) + (hasMutter ? [.mutter] : [])
  }

  /// A screen: its width, height and pixels (cairo's ARGB32, row by row).
  struct Screen {
    var width: Int
    var height: Int
    var pixels: [UInt32]

    /// The screen a PNG file holds.
    init(png file: URL) throws {
      let surface = try #require(cairo_image_surface_create_from_png(file.path))
      defer { cairo_surface_destroy(surface) }
      try #require(cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, "no PNG of the screen")
      width = Int(cairo_image_surface_get_width(surface))
      height = Int(cairo_image_surface_get_height(surface))
      let stride = Int(cairo_image_surface_get_stride(surface))
      let data = try #require(cairo_image_surface_get_data(surface))
      pixels = []
      pixels.reserveCapacity(width * height)
      for y in 0..<height {
        let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
        pixels.append(contentsOf: UnsafeBufferPointer(start: row, count: width))
      }
    }

    /// How many pixels in columns `columns` (and rows `rows`, all of them by default)
    /// differ from `other`'s.
    func changed(from other: Screen, columns: Range<Int>, rows: Range<Int>? = nil) -> Int {
      guard width == other.width, height == other.height else { return 0 }
      var count = 0
      for y in rows ?? 0..<height {
        for x in columns where pixels[y * width + x] != other.pixels[y * width + x] { count += 1 }
      }
      return count
    }
  }

  /// A headless compositor of its own, with a runtime folder for the clients.
  final class Session {
    let compositor: Compositor
    let folder: URL
    private var sway: Probe?
    /// On sway, WaylandPointer: a pointer and a keyboard that stay on the seat for the
    /// session's life, playing the steps it is sent. Devices that came and went with each
    /// step would race the clients binding them: a client binds its keyboard only once it
    /// hears the seat has one, and would now and then lose a key.
    private var seatDevices: LineProcess?
    private var swaySocket = ""
    private var mutter: MutterSession?
    /// The windows started so far: the first goes on the left, the second on the right.
    private var windows = 0

    init(_ compositor: Compositor = .sway) throws {
      self.compositor = compositor
      folder = FileManager.default.temporaryDirectory.appending(path: "dragdrop-wayland-\(UUID().uuidString)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      switch compositor {
      case .sway: try startSway()
      case .mutter: mutter = try MutterSession()
      }
    }

    private func startSway() throws {
      let runtime = folder.appending(path: "compositor")
      let clients = folder.appending(path: "clients")
      for directory in [runtime, clients] {
        try FileManager.default.createDirectory(
          at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
      }
      let config = folder.appending(path: "sway.conf")
      try Data(
        """
        output HEADLESS-1 resolution 1280x800 position 0 0
        default_border none
        focus_follows_mouse no

        """.utf8
      ).write(to: config)
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
      try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: config.path)
      swaySocket = runtime.appending(path: "wayland-1").path
      // sway will not run as root: as root, it runs as nobody, which owns its runtime folder.
      var command = [WaylandDragTests.sway!, "-c", config.path]
      if getuid() == 0 {
        chown(runtime.path, 65534, 65534)
        command = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] + command
      }
      let compositor = try Probe.start(
        Array(command.dropFirst()), executable: URL(fileURLWithPath: command[0]),
        environment: [
          "XDG_RUNTIME_DIR": runtime.path, "WLR_BACKENDS": "headless", "WLR_LIBINPUT_NO_DEVICES": "1",
          "WLR_RENDERER": "pixman", "HOME": folder.path, "WAYLAND_DISPLAY": nil, "DISPLAY": nil,
        ])
      sway = compositor
      let socket = swaySocket
      guard
        FileEvents.waitUntil(watching: runtime, timeout: 20, { FileManager.default.fileExists(atPath: socket) })
      else {
        compositor.terminate()
        throw Unavailable(description: "sway did not start: \(compositor.output)")
      }
      seatDevices = try LineProcess.start(
        WaylandDragTests.pointer, arguments: ["1280", "800"], environment: ["WAYLAND_DISPLAY": swaySocket])
    }

    struct Unavailable: Error, CustomStringConvertible { var description: String }

    /// The environment of a GTK client of this compositor.
    var clientEnvironment: [String: String?] {
      if let mutter { return mutter.clientEnvironment }
      return [
        "GDK_BACKEND": "wayland", "WAYLAND_DISPLAY": swaySocket, "DISPLAY": nil,
        "XDG_RUNTIME_DIR": folder.appending(path: "clients").path,
      ]
    }

    /// Starts a client, waits for its window (a line that `isReady` accepts or, with no
    /// `isReady`, the window on the screen, drawn and still), and (on mutter, unless `tiles`
    /// is false) tiles it to its half.
    func start(
      _ arguments: [String], executable: URL = Probe.executable, environment: [String: String?] = [:],
      tiles: Bool = true, isReady: ((String) -> Bool)? = { $0.hasPrefix("ready") }
    ) throws -> Probe {
      let before = (mutter == nil || !tiles) && isReady != nil ? nil : try screenshot()
      let client = try Probe.start(
        arguments, executable: executable, environment: clientEnvironment.merging(environment) { $1 })
      if let isReady {
        _ = try #require(client.waitForAnyLine(timeout: 60, where: isReady), "\(client.output)")
      } else if let before {
        try waitUntilShown(after: before, "\(arguments)")
      }
      if let before, mutter != nil, tiles { try tile(onLeft: windows == 0, after: before) }
      if isReady == nil { try waitUntilStill() }
      windows += 1
      return client
    }

    /// Waits until the screen differs from `before`: a new window shows.
    private func waitUntilShown(after before: Screen, _ what: @autoclosure () -> String) throws {
      let deadline = Date().addingTimeInterval(30)
      while try screenshot().changed(from: before, columns: 0..<before.width) == 0 {
        try #require(Date() < deadline, "\(what()) never showed")
        try pause(milliseconds: 50)
      }
    }

    /// Lets the compositor run for `milliseconds`: its session's pause on mutter, the
    /// pointer's on sway.
    func pause(milliseconds: Int) throws {
      try point(["sleep \(milliseconds)"])
    }

    /// Tiles mutter's newest window to the left or the right half of the screen, once it
    /// shows (mutter gives a new window the focus, and Super with an arrow tiles the focused
    /// window), and waits until the far corner of that half shows it.
    private func tile(onLeft: Bool, after before: Screen) throws {
      let mutter = try #require(mutter)
      let deadline = Date().addingTimeInterval(20)
      try waitUntilShown(after: before, "the window")
      try mutter.key(
        onLeft ? MutterSession.Keysym.left : MutterSession.Keysym.right, holding: [MutterSession.Keysym.superLeft])
      let corner = onLeft ? 0..<8 : before.width - 8..<before.width
      while try screenshot().changed(from: before, columns: corner) < 8 * 100 {
        try #require(Date() < deadline, "the window was not tiled")
        try mutter.send("sleep 50")
      }
    }

    /// Starts the GTK 4 peer in `mode`.
    func peer(_ mode: String, _ arguments: [String] = []) throws -> Probe {
      try start(
        [PeerDragTests.peerScript.path, mode, "DragDropGTK-wayland-peer"] + arguments,
        executable: URL(fileURLWithPath: PeerDragTests.python))
    }

    /// Starts the Qt 6 peer (`qt6_peer.py`) in `mode`, on Wayland.
    func qtPeer(_ mode: String, _ arguments: [String] = []) throws -> Probe {
      try start(
        [QtPeerDragTests.script.path, mode, "DragDropGTK-wayland-qt"] + arguments,
        executable: URL(fileURLWithPath: PeerDragTests.python), environment: ["QT_QPA_PLATFORM": "wayland"])
    }

    /// The steps of a drag along `path`, up to its last point: the pointer goes to the first
    /// point, waits, presses, and moves through the rest a tenth of a second apart.
    private func dragSteps(_ path: [(Int, Int)]) -> [String] {
      var steps = ["move \(path[0].0) \(path[0].1)", "sleep 200", "press", "sleep 100"]
      for (x, y) in path.dropFirst() { steps += ["move \(x) \(y)", "sleep 100"] }
      return steps
    }

    /// Presses at the path's first point, moves through the rest a tenth of a second apart,
    /// hovers, and releases.
    func drag(along path: [(Int, Int)]) throws {
      try point(dragSteps(path) + ["sleep 300", "release"])
    }

    /// Moves to `point`, pauses as a hand does, and clicks the left or the right button.
    func click(at point: (x: Int, y: Int), button: String = "left") throws {
      let suffix = button == "right" ? "-right" : ""
      try self.point(["move \(point.x) \(point.y)", "sleep 100", "press\(suffix)", "sleep 50", "release\(suffix)"])
    }

    /// Clicks `count` times at `point` with the left button, as fast as a double or a
    /// triple click, and rests.
    func click(at point: (x: Int, y: Int), count: Int) throws {
      var steps = ["move \(point.x) \(point.y)", "sleep 100"]
      for _ in 0..<count { steps += ["press", "sleep 30", "release", "sleep 60"] }
      // A rest longer than any double-click time, so that the next press starts a new click.
      try self.point(steps + ["sleep 800"])
    }

    /// Drags along `path` and hovers at its end for up to `hover` milliseconds, calling
    /// `whileHovering` over and over until it returns true or the hover is over; then
    /// releases.
    func drag(along path: [(Int, Int)], hover: Int, whileHovering: () throws -> Bool) throws {
      try point(dragSteps(path))
      let end = Date().addingTimeInterval(Double(hover) / 1000)
      while Date() < end, try !whileHovering() {}
      try point(["release"])
    }

    /// Drags along `path`, hovers, and presses Escape before any release; then lets the
    /// button go.
    func dragAndEscape(along path: [(Int, Int)]) throws {
      try point(dragSteps(path) + ["sleep 300", Self.keyStep(.escape), "sleep 200", "release"])
    }

    /// Presses `key` with `modifiers` held, on the keyboard of the compositor's seat: the
    /// remote desktop's on mutter, WaylandPointer's virtual keyboard on sway. The key goes to
    /// the window with the keyboard's focus.
    func press(_ key: KeyEvent.Key, holding modifiers: KeyModifiers = []) throws {
      try point([Self.keyStep(key, holding: modifiers), "sleep 200"])
    }

    /// A `key` step: the keysym in hexadecimal (which XKB reads as a name), after the
    /// modifiers.
    static func keyStep(_ key: KeyEvent.Key, holding modifiers: KeyModifiers = []) -> String {
      var names: [String] = []
      if modifiers.contains(.control) { names.append("ctrl") }
      if modifiers.contains(.shift) { names.append("shift") }
      if modifiers.contains(.alternate) { names.append("alt") }
      if modifiers.contains(.command) { names.append("super") }
      let keysym = MutterSession.keysym(key) ?? 0
      return "key " + (names + ["0x" + String(keysym, radix: 16)]).joined(separator: "+")
    }

    /// Waits until the screen stands still (two screens in a row the same, or the same for
    /// `quiet` seconds), for up to `timeout` seconds: a window that was just resized has
    /// drawn itself again, or a folder has drawn its thumbnails.
    func waitUntilStill(timeout: TimeInterval = 10, quiet: TimeInterval = 0) throws {
      let deadline = Date().addingTimeInterval(timeout)
      var last = try screenshot()
      var since = Date()
      while Date() < deadline {
        if quiet > 0 { try pause(milliseconds: 100) }
        let now = try screenshot()
        if now.pixels != last.pixels {
          last = now
          since = Date()
        } else if Date().timeIntervalSince(since) >= quiet {
          return
        }
      }
    }

    /// The screen as it is now: grim (wlroots' screen copy) on sway, the screen cast on
    /// mutter.
    func screenshot() throws -> Screen {
      let file = folder.appending(path: "screen-\(UUID().uuidString).png")
      if let mutter {
        try mutter.screenshot(to: file)
      } else {
        _ = try Probe.run("/usr/bin/env", ["WAYLAND_DISPLAY=\(swaySocket)", "grim", file.path])
      }
      defer { try? FileManager.default.removeItem(at: file) }
      return try Screen(png: file)
    }

    /// Plays `steps` with the pointer: WaylandPointer's on sway, the remote desktop's on
    /// mutter (`move X Y` is its `pointer X Y`, `press` its left button).
    private func point(_ steps: [String]) throws {
      if let mutter {
        for step in steps {
          let words = step.split(separator: " ")
          switch words[0] {
          case "move": try mutter.send("pointer \(words[1]) \(words[2])")
          case "press": try mutter.send("press 272")
          case "release": try mutter.send("release 272")
          case "press-right": try mutter.send("press 273")
          case "release-right": try mutter.send("release 273")
          case "key":
            var held = words[1].split(separator: "+").map(String.init)
            let keysym = try #require(UInt32(held.removeLast().dropFirst(2), radix: 16))
            let modifiers: [String: KeyModifiers] = [
              "ctrl": .control, "shift": .shift, "alt": .alternate, "super": .command,
            ]
            try mutter.key(
              keysym,
              holding: MutterSession.keysyms(of: KeyModifiers(held.compactMap { modifiers[$0] })))
          default: try mutter.send(step)
          }
        }
        return
      }
      // All the steps at once, so that WaylandPointer paces them itself, as a hand does (a
      // triple click stays one however busy this process is); then an answer for each.
      let pointer = try #require(seatDevices)
      var index = pointer.lineCount
      try pointer.write(line: steps.joined(separator: "\n"))
      let pauses = steps.reduce(0.0) { total, step in
        total + (step.hasPrefix("sleep ") ? (Double(step.dropFirst(6)) ?? 0) / 1000 : 0)
      }
      let deadline = Date().addingTimeInterval(20 + pauses)
      for step in steps {
        let answer = pointer.waitForLine(
          from: index, timeout: max(0, deadline.timeIntervalSinceNow), where: { $0 == "ok" || $0.hasPrefix("error") })
        try #require(answer?.line == "ok", "WaylandPointer did not take `\(step)`: \(pointer.output)")
        index = (answer?.index ?? index) + 1
      }
    }

    func close() {
      seatDevices?.terminate()
      sway?.terminate()
      mutter?.close()
      try? FileManager.default.removeItem(at: folder)
    }
  }

  /// From the peer's window (the right half) into the probe's drop target (the left).
  static let inward = [960, 955, 950, 940, 900, 800, 700, 600, 400, 300, 301].map { ($0, 150) }
  /// From the probe's label (the left half) into the peer's window (the right).
  static let outward = [(100, 100), (110, 100), (130, 100), (200, 120), (400, 150), (700, 150), (900, 150), (901, 151)]

  /// Runs `body` on a session of `compositor` of its own, with the probe (`ours`) on the
  /// left half, and checks that a click in the probe's window is heard after it, and that
  /// the probe printed no critical.
  static func withProbe(
    on compositor: Compositor, ours: [String], executable: URL = Probe.executable,
    body: (Session, Probe) throws -> Void
  ) throws {
    // Its own compositor, but the X display's turn all the same: the transfers and the
    // windows of the tests on X11 would otherwise share the machine's cores with these.
    try DisplayLock.withExclusiveDisplay {
      let session = try Session(compositor)
      defer { session.close() }
      let probe = try session.start(ours, executable: executable)
      defer { probe.terminate() }
      try body(session, probe)
      try probe.expectClickHeard(mode: ours.first) { try session.click(at: (100, 100)) }
      #expect(probe.criticals.isEmpty, "\(probe.criticals)")
    }
  }

  /// Runs `body` on `compositor` with the probe (`ours`) on the left and the peer on the right.
  func withPeer(
    on compositor: Compositor, ours: [String], peer mode: String, _ arguments: [String] = [], qt: Bool = false,
    body: (Session, Probe, Probe) throws -> Void
  ) throws {
    try Self.withProbe(on: compositor, ours: ours) { session, probe in
      let peer = try qt ? session.qtPeer(mode, arguments) : session.peer(mode, arguments)
      defer { peer.terminate() }
      try body(session, probe, peer)
    }
  }

  /// The source's delegate calls, once its drag has ended.
  func sourceCalls(_ probe: Probe) -> [String] {
    _ = probe.waitForAnyLine(startingWith: "call source.didEnd", timeout: 20)
    _ = probe.waitForAnyLine(startingWith: "call source.sessionDidTransferItems", timeout: 2)
    return probe.lines.filter { $0.hasPrefix("call ") && !$0.hasSuffix("sessionDidMove") }.map {
      String($0.dropFirst(5))
    }
  }

  /// mutter lets GTK draw the title bar inside the window: the views still get the size the
  /// window was made for (400 × 300), with the title bar above them.
  @Test(.enabled(if: hasMutter, "needs mutter"))
  func aWindowUnderItsOwnTitleBarGetsTheSizeItWasMadeFor() throws {
    try DisplayLock.withExclusiveDisplay {
      let session = try Session(.mutter)
      defer { session.close() }
      let probe = try session.start(["window", "DragDropGTK-wayland-size"], tiles: false)
      defer { probe.terminate() }
      let ready = try #require(probe.lines.first { $0.hasPrefix("ready") })
      #expect(ready.hasSuffix("size=400x300"), "\(ready)")
      let origin = try Probe.origin(in: ready)
      #expect(origin.y > origin.x, "no title bar above the views: \(ready)")
    }
  }

  @Test(.enabled(if: hasAnyCompositor, "needs sway or mutter, and python3-gi with GTK 4"), arguments: compositors)
  func japaneseTextFromAGTKPeerArrivesExactly(on compositor: Compositor) throws {
    try withPeer(on: compositor, ours: ["drop", "DragDropGTK-wayland-ours"], peer: "source", ["北海道の夏 🌻"]) {
      session, probe, _ in
      try session.drag(along: Self.inward)
      #expect(probe.waitForLine(startingWith: "dropped", timeout: 20) == "dropped 北海道の夏 🌻", "\(probe.output)")
      #expect(probe.lines.contains("types [\"public.utf8-plain-text\"] local=none"), "\(probe.output)")
    }
  }

  /// Drags 青森 from the probe's label into the peer in `mode`, lets `check` read the peer,
  /// and returns the source's delegate calls once its drag has ended.
  func dragOut(
    on compositor: Compositor, peer mode: String, qt: Bool = false, check: (_ peer: Probe) throws -> Void
  ) throws -> [String] {
    var calls: [String] = []
    try withPeer(on: compositor, ours: ["drag", "DragDropGTK-wayland-ours", "青森"], peer: mode, qt: qt) {
      session, probe, peer in
      try session.drag(along: Self.outward)
      try check(peer)
      calls = sourceCalls(probe)
    }
    return calls
  }

  static var hasGrim: Bool { hasWayland && Probe.which("grim") != nil }

  /// The compositors whose screen a test can read.
  static var screenCompositors: [Compositor] {
    (hasGrim ? [.sway] : []) + (hasMutter ? [.mutter] : [])
  }

  /// Our drag's image follows the pointer over another application: while the drag hovers
  /// over the peer, the peer's half of the screen shows the label's preview, which is gone
  /// once the drag has dropped. (GDK destroys a hidden drag icon's surface on Wayland, so
  /// the icon is never hidden over our own window, only emptied.)
  @Test(
    .enabled(if: !screenCompositors.isEmpty, "needs sway with grim, or mutter, and python3-gi with GTK 4"),
    arguments: screenCompositors)
  func theDragImageFollowsThePointerOverAnotherApplication(on compositor: Compositor) throws {
    try withPeer(on: compositor, ours: ["drag", "DragDropGTK-wayland-ours", "青森"], peer: "target") {
      session, probe, peer in
      let before = try session.screenshot()
      // The peer's half, but for a margin by the border.
      let peerColumns = 660..<before.width
      var most = 0
      var waitedForFormats = false
      // Screens while the drag hovers over the peer, until the image shows or the drag ends.
      try session.drag(along: Self.outward, hover: 3000) {
        if !waitedForFormats {
          _ = try #require(peer.waitForLine(startingWith: "formats", timeout: 20), "\(peer.output)")
          waitedForFormats = true
        }
        most = max(most, try session.screenshot().changed(from: before, columns: peerColumns))
        return most > 10_000
      }
      #expect(most > 10_000, "at most \(most) of the peer's pixels changed while the drag was over it")
      #expect(peer.waitForAnyLine(startingWith: "received", timeout: 20) == "received 青森", "\(peer.output)")
      _ = sourceCalls(probe)
      // Once dropped, the image is gone.
      var left = Int.max
      for _ in 0..<20 where left >= 1_000 {
        left = try session.screenshot().changed(from: before, columns: peerColumns)
      }
      #expect(left < 1_000, "\(left) of the peer's pixels still differ after the drop")
    }
  }

  @Test(.enabled(if: hasAnyCompositor, "needs sway or mutter, and python3-gi with GTK 4"), arguments: compositors)
  func ourTextArrivesInAGTKPeerAndTheSourceHearsACopy(on compositor: Compositor) throws {
    let calls = try dragOut(on: compositor, peer: "target") { peer in
      #expect(peer.waitForAnyLine(startingWith: "received", timeout: 20) == "received 青森", "\(peer.output)")
    }
    #expect(
      calls == PeerDragTests.lift + ["source.willEnd(copy)", "source.didEnd(copy)", "source.sessionDidTransferItems"])
  }

  @Test(.enabled(if: hasAnyCompositor, "needs sway or mutter, and python3-gi with GTK 4"), arguments: compositors)
  func aMoveThePeerRefusedIsACancelAndTheSourceKeepsItsItem(on compositor: Compositor) throws {
    let calls = try dragOut(on: compositor, peer: "target-refuse") { peer in
      #expect(peer.waitForAnyLine(startingWith: "refused", timeout: 20) == "refused 青森", "\(peer.output)")
    }
    #expect(calls == PeerDragTests.lift + Self.cancelled)
  }

  /// The source's calls after the lift, for a drag that ended as a cancel.
  static let cancelled = [
    "source.willEnd(cancel)", "source.previewForCancelling(item 0)", "source.willAnimateCancel(item 0)",
    "source.didEnd(cancel)",
  ]

  @Test(.enabled(if: hasAnyCompositor, "needs sway or mutter, and python3-gi with GTK 4"), arguments: compositors)
  func aMoveThePeerTookEndsAsAMove(on compositor: Compositor) throws {
    let calls = try dragOut(on: compositor, peer: "target-move") { peer in
      #expect(peer.waitForAnyLine(startingWith: "received", timeout: 20) == "received 青森", "\(peer.output)")
    }
    #expect(
      calls == PeerDragTests.lift + ["source.willEnd(move)", "source.didEnd(move)", "source.sessionDidTransferItems"])
  }

  /// Escape over another application cancels our drag there: the peer gets nothing, the
  /// source hears a cancel and keeps its item, and the next drag, with the same hand, lands.
  @Test(.enabled(if: hasMutter, "needs mutter and python3-gi with GTK 4"))
  func escapeOverAPeerCancelsAndTheNextDragLands() throws {
    try withPeer(on: .mutter, ours: ["drag", "DragDropGTK-wayland-ours", "青森"], peer: "target") {
      session, probe, peer in
      try session.dragAndEscape(along: Self.outward)
      #expect(sourceCalls(probe) == PeerDragTests.lift + Self.cancelled, "\(probe.output)")
      #expect(!peer.lines.contains { $0.hasPrefix("received") }, "\(peer.output)")
      let ended = probe.lines.count
      try session.drag(along: Self.outward)
      #expect(peer.waitForAnyLine(startingWith: "received", timeout: 20) == "received 青森", "\(peer.output)")
      _ = probe.waitForAnyLine(startingWith: "call source.sessionDidTransferItems", timeout: 20)
      #expect(
        probe.lines.dropFirst(ended).filter { $0.hasPrefix("call source.didEnd") } == ["call source.didEnd(copy)"],
        "\(probe.output)")
    }
  }

  /// sway (wlroots) keeps the keyboard from every client while a drag is under way, so no
  /// toolkit hears Escape there: the drag goes on and lands where it is released. The
  /// same key reaches the window outside a drag (the file-manager tests select with
  /// Control-A through the same keyboard).
  @Test(.enabled(if: hasWayland, "needs sway and python3-gi with GTK 4"))
  func escapeReachesNoClientDuringADragOnSway() throws {
    try withPeer(on: .sway, ours: ["drag", "DragDropGTK-wayland-ours", "青森"], peer: "target") {
      session, probe, peer in
      try session.dragAndEscape(along: Self.outward)
      #expect(peer.waitForAnyLine(startingWith: "received", timeout: 20) == "received 青森", "\(peer.output)")
      #expect(sourceCalls(probe).last == "source.sessionDidTransferItems", "\(probe.output)")
    }
  }

  @Test(.enabled(if: hasAnyCompositor, "needs sway or mutter, and python3-gi with GTK 4"), arguments: compositors)
  func aBigDropStreamsIntoAFileWithFlatMemoryOnBothSides(on compositor: Compositor) throws {
    try withPeer(on: compositor, ours: ["drop-files", "DragDropGTK-wayland-ours"], peer: "big", ["128"]) {
      session, probe, peer in
      let before = (try PeerDragTests.peakMemory(of: probe.pid), try PeerDragTests.peakMemory(of: peer.pid))
      try session.drag(along: Self.inward)
      #expect(
        probe.waitForLine(startingWith: "received-file", timeout: 30) == "received-file \(128 << 20)",
        "\(probe.output)")
      let ours = try PeerDragTests.peakMemory(of: probe.pid) - before.0
      let theirs = try PeerDragTests.peakMemory(of: peer.pid) - before.1
      #expect(ours < 64 << 20 && theirs < 64 << 20, "peak memory grew by \(ours >> 20) and \(theirs >> 20) MiB")
    }
  }

  /// Drags from a probe in `source` mode (the left half) into a probe in `target` mode (the
  /// right half), two processes of ours, and runs `check` on both.
  func betweenOurProcesses(
    on compositor: Compositor, source mode: [String], target: String,
    check: (_ source: Probe, _ target: Probe) throws -> Void
  ) throws {
    try Self.withProbe(on: compositor, ours: [mode[0], "DragDropGTK-wayland-source"] + mode.dropFirst()) {
      session, source in
      let target = try session.start([target, "DragDropGTK-wayland-ours"])
      defer { target.terminate() }
      try session.drag(along: Self.outward)
      try check(source, target)
      #expect(target.criticals.isEmpty, "\(target.criticals)")
    }
  }

  @Test(.enabled(if: hasAnyCompositor, "needs sway or mutter, and python3-gi with GTK 4"), arguments: compositors)
  func rawBytesArriveBetweenOurOwnProcessesThroughTheChannel(on compositor: Compositor) throws {
    let directory = try TemporaryDirectory()
    let archive = try PeerDragTests.archive(in: directory)
    try betweenOurProcesses(on: compositor, source: ["drag-file-backed", archive.url.path], target: "drop-files") {
      source, target in
      #expect(
        target.waitForLine(startingWith: "received-file", timeout: 20) == "received-file \(archive.size)",
        "\(target.output)")
      #expect(target.lines.contains("types [\"public.zip-archive\"] local=none"), "\(target.output)")
      #expect(
        sourceCalls(source).suffix(3) == [
          "source.willEnd(copy)", "source.didEnd(copy)", "source.sessionDidTransferItems",
        ])
    }
  }

  /// A type of our own (a Codable note under its exported type) reaches another process of
  /// ours as itself, through Wayland's data device.
  @Test(.enabled(if: hasAnyCompositor, "needs sway or mutter, and python3-gi with GTK 4"), arguments: compositors)
  func aCodableTypeArrivesBetweenOurOwnProcesses(on compositor: Compositor) throws {
    try betweenOurProcesses(on: compositor, source: ["drag-note", "北海道"], target: "drop") { source, target in
      #expect(target.waitForLine(startingWith: "dropped", timeout: 20) == "dropped-note 北海道 5", "\(target.output)")
      #expect(
        target.lines.contains("types [\"org.dragdrop.probe.note\", \"public.utf8-plain-text\"] local=none"),
        "\(target.output)")
      #expect(sourceCalls(source).last == "source.sessionDidTransferItems", "\(source.output)")
    }
  }

  // MARK: A Qt 6 peer

  static var hasQtWayland: Bool {
    QtPeerDragTests.hasQt
      && FileManager.default.fileExists(
        atPath: "/usr/lib/x86_64-linux-gnu/qt6/plugins/platforms/libqwayland-generic.so")
  }

  /// The compositors a Qt peer runs on here.
  static var qtCompositors: [Compositor] { hasQtWayland ? compositors : [] }

  /// Drags from the Qt peer in `mode` (on the right) into the probe (`ours`, on the left).
  func dragFromQt(
    on compositor: Compositor, _ mode: [String], into ours: String = "drop",
    check: (_ probe: Probe, _ peer: Probe) throws -> Void
  ) throws {
    try withPeer(
      on: compositor, ours: [ours, "DragDropGTK-wayland-ours"], peer: mode[0], Array(mode.dropFirst()), qt: true
    ) {
      session, probe, peer in
      try session.drag(along: Self.inward)
      try check(probe, peer)
    }
  }

  @Test(.enabled(if: !qtCompositors.isEmpty, "needs PyQt6 with Qt's Wayland platform"), arguments: qtCompositors)
  func japaneseTextFromQtArrivesExactly(on compositor: Compositor) throws {
    try dragFromQt(on: compositor, ["text", "北海道の夏 🌻"]) { probe, peer in
      #expect(
        probe.waitForAnyLine(startingWith: "dropped", timeout: QtPeerDragTests.answerDeadline)
          == "dropped 北海道の夏 🌻", "\(probe.output)")
      #expect(peer.waitForLine(startingWith: "drag-end", timeout: 20) == "drag-end copy", "\(peer.output)")
    }
  }

  /// Qt's drag allows a move: a target that takes it as a move makes Qt hear a move, and
  /// one that refuses it, nothing.
  @Test(
    .enabled(if: !qtCompositors.isEmpty, "needs PyQt6 with Qt's Wayland platform"),
    arguments: qtCompositors.flatMap { [($0, true), ($0, false)] })
  func aMoveFromQtEndsAsWeTakeIt(on compositor: Compositor, taking: Bool) throws {
    try dragFromQt(on: compositor, ["text", "青森"], into: taking ? "drop-move" : "drop-refuse") { probe, peer in
      #expect(
        peer.waitForLine(startingWith: "drag-end", timeout: 20) == (taking ? "drag-end move" : "drag-end ignore"),
        "\(peer.output)")
      // The drop session ends after any drop: only then is a missing performDrop told.
      _ = probe.waitForAnyLine(startingWith: "call target.sessionDidEnd", timeout: 20)
      #expect(probe.lines.contains("call target.performDrop") == taking, "\(probe.output)")
    }
  }

  @Test(.enabled(if: !qtCompositors.isEmpty, "needs PyQt6 with Qt's Wayland platform"), arguments: qtCompositors)
  func pngBytesFromQtArriveWhole(on compositor: Compositor) throws {
    try dragFromQt(on: compositor, ["png", "3072"], into: "drop-files") { probe, peer in
      #expect(
        probe.waitForAnyLine(startingWith: "received-file", timeout: QtPeerDragTests.answerDeadline)
          == "received-file \(3 << 20)", "\(probe.output)")
      #expect(peer.waitForLine(startingWith: "drag-end", timeout: 20) == "drag-end copy", "\(peer.output)")
    }
  }

  @Test(.enabled(if: !qtCompositors.isEmpty, "needs PyQt6 with Qt's Wayland platform"), arguments: qtCompositors)
  func aHundredFilesFromQtArriveAsOneItemEach(on compositor: Compositor) throws {
    let directory = try TemporaryDirectory()
    let files = try (0..<100).map { try directory.write(Data("写真 \($0)".utf8), to: "メモ \($0).txt") }
    try dragFromQt(on: compositor, ["files"] + files.map(\.path)) { probe, _ in
      #expect(
        probe.waitForLine(startingWith: "items", timeout: QtPeerDragTests.answerDeadline) == "items 100",
        "\(probe.output)")
      var urls: Set<String> = []
      while urls.count < files.count, let line = probe.waitForLine(startingWith: "dropped-url", timeout: 20) {
        urls.insert(String(line.dropFirst("dropped-url ".count)))
      }
      #expect(urls == Set(files.map(\.absoluteString)), "\(probe.output)")
    }
  }

  /// A Qt peer with nothing for a type it offered: a typed error at once, and the drop ends.
  @Test(.enabled(if: !qtCompositors.isEmpty, "needs PyQt6 with Qt's Wayland platform"), arguments: qtCompositors)
  func aQtPeerThatRefusesIsATypedErrorAtOnce(on compositor: Compositor) throws {
    try dragFromQt(on: compositor, ["refuse"]) { probe, peer in
      let failed = probe.waitForLine(startingWith: "failed", timeout: QtPeerDragTests.answerDeadline)
      #expect(failed?.hasSuffix("no data under text/plain") == true, "\(probe.output)")
      #expect(!probe.lines.contains { $0.hasPrefix("dropped") })
      #expect(peer.lines.contains { $0.hasPrefix("asked text/plain") }, "\(peer.output)")
      #expect(probe.waitForAnyLine(startingWith: "call target.sessionDidEnd", timeout: 20) != nil, "\(probe.output)")
    }
  }

  /// A Qt peer that dies when asked: a typed error at once. On Wayland the pipe of a peer
  /// that died closes as a peer's that had nothing would: the same error as a refusal.
  @Test(.enabled(if: !qtCompositors.isEmpty, "needs PyQt6 with Qt's Wayland platform"), arguments: qtCompositors)
  func aQtPeerThatDiesIsATypedErrorAtOnce(on compositor: Compositor) throws {
    try dragFromQt(on: compositor, ["die"]) { probe, _ in
      let failed = probe.waitForLine(startingWith: "failed", timeout: QtPeerDragTests.answerDeadline)
      #expect(failed?.hasSuffix("no data under text/plain") == true, "\(probe.output)")
      #expect(probe.waitForAnyLine(startingWith: "call target.sessionDidEnd", timeout: 20) != nil, "\(probe.output)")
    }
  }

  /// Our text into a Qt target that takes it as a copy (`target`) or a move
  /// (`target-move`): the source hears what Qt took.
  @Test(
    .enabled(if: !qtCompositors.isEmpty, "needs PyQt6 with Qt's Wayland platform"),
    arguments: qtCompositors, ["copy", "move"])
  func ourTextArrivesInQtAndTheSourceHearsWhatItTook(on compositor: Compositor, _ operation: String) throws {
    let calls = try dragOut(on: compositor, peer: operation == "copy" ? "target" : "target-move", qt: true) { peer in
      #expect(peer.waitForAnyLine(startingWith: "received", timeout: 20) == "received 青森", "\(peer.output)")
    }
    #expect(
      calls == PeerDragTests.lift + [
        "source.willEnd(\(operation))", "source.didEnd(\(operation))", "source.sessionDidTransferItems",
      ])
  }

  /// A peer's drag that allows a move: a target that takes it as a move gets the text, and
  /// the peer is told to delete its own; a target that refuses it gets nothing, and the
  /// peer keeps its data.
  @Test(
    .enabled(if: hasAnyCompositor, "needs sway or mutter, and python3-gi with GTK 4"),
    arguments: compositors.flatMap { [($0, true), ($0, false)] })
  func aMoveFromAGTKPeerEndsAsWeTakeIt(on compositor: Compositor, taking: Bool) throws {
    try withPeer(
      on: compositor, ours: [taking ? "drop-move" : "drop-refuse", "DragDropGTK-wayland-ours"], peer: "source-move",
      ["青森"]
    ) { session, probe, peer in
      try session.drag(along: Self.inward)
      #expect(
        peer.waitForAnyLine(startingWith: "drag-end", timeout: 20) == "drag-end delete=\(taking ? 1 : 0)",
        "\(peer.output)")
      if taking {
        #expect(probe.waitForAnyLine(startingWith: "dropped", timeout: 20) == "dropped 青森", "\(probe.output)")
      } else {
        // The drop session ends after any drop: only then is a missing drop told.
        _ = probe.waitForAnyLine(startingWith: "call target.sessionDidEnd", timeout: 20)
        #expect(!probe.lines.contains("call target.performDrop"), "\(probe.output)")
      }
    }
  }

  /// The evidence for the interop article: Qt 6.4 on Wayland ignores a drop after accepting
  /// a move while the drag hovered, and still finishes it. GTK's own drag source, a
  /// `GtkDragSource` that allows a move, then hears a finished move and is told to delete
  /// its data, as ours hears a move.
  @Test(.enabled(if: !qtCompositors.isEmpty, "needs PyQt6 with Qt's Wayland platform"), arguments: qtCompositors)
  func gtksOwnSourceHearsAMoveWhenQtIgnoresADropOnWayland(on compositor: Compositor) throws {
    try DisplayLock.withExclusiveDisplay {
      let session = try Session(compositor)
      defer { session.close() }
      let gtk = try session.peer("source-move", ["青森"])
      defer { gtk.terminate() }
      let qt = try session.qtPeer("target-refuse")
      defer { qt.terminate() }
      try session.drag(along: Self.outward)
      #expect(qt.waitForAnyLine(startingWith: "refused", timeout: 20) == "refused 青森", "\(qt.output)")
      #expect(gtk.waitForAnyLine(startingWith: "drag-end", timeout: 20) == "drag-end delete=1", "\(gtk.output)")
    }
  }
}
