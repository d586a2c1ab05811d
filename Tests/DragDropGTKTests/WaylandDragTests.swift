import CGTK
import DragDrop
import Foundation
import TestSupport
import Testing

/// Drags between applications on Wayland: a headless sway (wlroots, with no display and no
/// input devices) tiles the GTKProbe's window on the left half of a 1280 × 800 output and the
/// GTK 4 peer's on the right, and `WaylandPointer` drags between them through wlroots'
/// virtual pointer, as xdotool does on X11. GDK speaks Wayland's data device here, not XDND.
///
/// The pointer paces its own steps: GTK starts a drag from motion, in steps a tenth of a
/// second apart, and the target needs a hover before the release. The tests wait only for
/// lines and files, with deadlines.
@Suite("Drags between applications on Wayland", .serialized)
struct WaylandDragTests {
  static var sway: String? { Probe.which("sway") }
  static var pointer: URL { Probe.executable.deletingLastPathComponent().appending(path: "WaylandPointer") }
  static var hasWayland: Bool {
    sway != nil && FileManager.default.isExecutableFile(atPath: pointer.path)
      && FileManager.default.isExecutableFile(atPath: PeerDragTests.python)
  }

  /// A headless sway of its own: its runtime folder, its socket, and a runtime folder for
  /// the clients.
  final class Session {
    let folder: URL
    let socket: String
    private let compositor: Probe

    init() throws {
      folder = FileManager.default.temporaryDirectory.appending(path: "dragdrop-wayland-\(UUID().uuidString)")
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
      socket = runtime.appending(path: "wayland-1").path
      // sway will not run as root: as root, it runs as nobody, which owns its runtime folder.
      var command = [WaylandDragTests.sway!, "-c", config.path]
      if getuid() == 0 {
        chown(runtime.path, 65534, 65534)
        command = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] + command
      }
      compositor = try Probe.start(
        Array(command.dropFirst()), executable: URL(fileURLWithPath: command[0]),
        environment: [
          "XDG_RUNTIME_DIR": runtime.path, "WLR_BACKENDS": "headless", "WLR_LIBINPUT_NO_DEVICES": "1",
          "WLR_RENDERER": "pixman", "HOME": folder.path, "WAYLAND_DISPLAY": nil, "DISPLAY": nil,
        ])
      let socket = self.socket
      guard
        FileEvents.waitUntil(watching: runtime, timeout: 20, { FileManager.default.fileExists(atPath: socket) })
      else {
        compositor.terminate()
        throw Unavailable(description: "sway did not start: \(compositor.output)")
      }
    }

    struct Unavailable: Error, CustomStringConvertible { var description: String }

    /// The environment of a GTK client of this compositor.
    var clientEnvironment: [String: String?] {
      [
        "GDK_BACKEND": "wayland", "WAYLAND_DISPLAY": socket, "DISPLAY": nil,
        "XDG_RUNTIME_DIR": folder.appending(path: "clients").path,
      ]
    }

    /// Starts a client and waits for its window.
    func start(_ arguments: [String], executable: URL = Probe.executable) throws -> Probe {
      let client = try Probe.start(arguments, executable: executable, environment: clientEnvironment)
      _ = try #require(client.waitForLine(startingWith: "ready", timeout: 30), "\(client.output)")
      return client
    }

    /// Starts the GTK 4 peer in `mode`.
    func peer(_ mode: String, _ arguments: [String] = []) throws -> Probe {
      try start(
        [PeerDragTests.peerScript.path, mode, "DragDropGTK-wayland-peer"] + arguments,
        executable: URL(fileURLWithPath: PeerDragTests.python))
    }

    /// Presses at the path's first point, moves through the rest a tenth of a second apart,
    /// hovers, and releases.
    func drag(along path: [(Int, Int)]) throws {
      var steps = ["move \(path[0].0) \(path[0].1)", "sleep 200", "press", "sleep 100"]
      for (x, y) in path.dropFirst() { steps += ["move \(x) \(y)", "sleep 100"] }
      steps += ["sleep 300", "release"]
      try point(steps)
    }

    /// Moves to `point`, pauses as a hand does, and clicks the left or the right button.
    func click(at point: (x: Int, y: Int), button: String = "left") throws {
      let suffix = button == "right" ? "-right" : ""
      try self.point(["move \(point.x) \(point.y)", "sleep 100", "press\(suffix)", "sleep 50", "release\(suffix)"])
    }

    /// Starts a drag along `path` that hovers at its end for `hover` milliseconds before the
    /// release, and returns the pointer's process at once.
    func startDrag(along path: [(Int, Int)], hover: Int) throws -> Process {
      var steps = ["move \(path[0].0) \(path[0].1)", "sleep 200", "press", "sleep 100"]
      for (x, y) in path.dropFirst() { steps += ["move \(x) \(y)", "sleep 100"] }
      steps += ["sleep \(hover)", "release"]
      return try startPointer(steps)
    }

    /// The output as it is now, through grim (wlroots' screen copy): its width, height and
    /// pixels (cairo's ARGB32, row by row).
    func screenshot() throws -> (width: Int, height: Int, pixels: [UInt32]) {
      let file = folder.appending(path: "screen-\(UUID().uuidString).png")
      _ = try Probe.run("/usr/bin/env", ["WAYLAND_DISPLAY=\(socket)", "grim", file.path])
      defer { try? FileManager.default.removeItem(at: file) }
      let surface = try #require(cairo_image_surface_create_from_png(file.path))
      defer { cairo_surface_destroy(surface) }
      try #require(cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, "grim wrote no PNG")
      let width = Int(cairo_image_surface_get_width(surface))
      let height = Int(cairo_image_surface_get_height(surface))
      let stride = Int(cairo_image_surface_get_stride(surface))
      let data = try #require(cairo_image_surface_get_data(surface))
      var pixels: [UInt32] = []
      pixels.reserveCapacity(width * height)
      for y in 0..<height {
        let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
        pixels.append(contentsOf: UnsafeBufferPointer(start: row, count: width))
      }
      return (width, height, pixels)
    }

    /// Plays `steps` with the virtual pointer.
    private func point(_ steps: [String]) throws {
      let process = try startPointer(steps)
      process.waitUntilExit()
      try #require(process.terminationStatus == 0, "WaylandPointer failed")
    }

    private func startPointer(_ steps: [String]) throws -> Process {
      var environment = ProcessInfo.processInfo.environment
      environment["WAYLAND_DISPLAY"] = socket
      let process = Process()
      process.executableURL = WaylandDragTests.pointer
      process.arguments = ["1280", "800"] + steps
      process.environment = environment
      try process.run()
      return process
    }

    func close() {
      compositor.terminate()
      try? FileManager.default.removeItem(at: folder)
    }
  }

  /// From the peer's window (the right half) into the probe's drop target (the left).
  static let inward = [960, 955, 950, 940, 900, 800, 700, 600, 400, 300, 301].map { ($0, 150) }
  /// From the probe's label (the left half) into the peer's window (the right).
  static let outward = [(100, 100), (110, 100), (130, 100), (200, 120), (400, 150), (700, 150), (900, 150), (901, 151)]

  /// Runs `body` with the probe (`ours`) on the left and the peer on the right.
  func withPeer(
    ours: [String], peer mode: String, _ arguments: [String] = [], body: (Session, Probe, Probe) throws -> Void
  ) throws {
    // Its own compositor, but the X display's turn all the same: the transfers and the
    // windows of the tests on X11 would otherwise share the machine's cores with these.
    try DisplayLock.withExclusiveDisplay {
      let session = try Session()
      defer { session.close() }
      let probe = try session.start(ours)
      defer { probe.terminate() }
      let peer = try session.peer(mode, arguments)
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

  @Test(.enabled(if: hasWayland, "needs sway, WaylandPointer and python3-gi with GTK 4"))
  func japaneseTextFromAGTKPeerArrivesExactly() throws {
    try withPeer(ours: ["drop", "DragDropGTK-wayland-ours"], peer: "source", ["北海道の夏 🌻"]) { session, probe, _ in
      try session.drag(along: Self.inward)
      #expect(probe.waitForLine(startingWith: "dropped", timeout: 20) == "dropped 北海道の夏 🌻", "\(probe.output)")
      #expect(probe.lines.contains("types [\"public.utf8-plain-text\"] local=none"), "\(probe.output)")
    }
  }

  /// Drags 青森 from the probe's label into the peer in `mode`, lets `check` read the peer,
  /// and returns the source's delegate calls once its drag has ended.
  func dragOut(peer mode: String, check: (_ peer: Probe) throws -> Void) throws -> [String] {
    var calls: [String] = []
    try withPeer(ours: ["drag", "DragDropGTK-wayland-ours", "青森"], peer: mode) { session, probe, peer in
      try session.drag(along: Self.outward)
      try check(peer)
      calls = sourceCalls(probe)
    }
    return calls
  }

  static var hasGrim: Bool { hasWayland && Probe.which("grim") != nil }

  /// Our drag's image follows the pointer over another application: while the drag hovers
  /// over the peer, the peer's half of the screen shows the label's preview, which is gone
  /// once the drag has dropped. (GDK destroys a hidden drag icon's surface on Wayland, so
  /// the icon is never hidden over our own window, only emptied.)
  @Test(.enabled(if: hasGrim, "needs sway, grim, WaylandPointer and python3-gi with GTK 4"))
  func theDragImageFollowsThePointerOverAnotherApplication() throws {
    try withPeer(ours: ["drag", "DragDropGTK-wayland-ours", "青森"], peer: "target") { session, probe, peer in
      let before = try session.screenshot()
      /// How many of the peer's pixels differ from `before`.
      func changed(_ now: (width: Int, height: Int, pixels: [UInt32])) -> Int {
        guard now.width == before.width, now.height == before.height else { return 0 }
        var count = 0
        for y in 0..<now.height {
          for x in 660..<now.width where now.pixels[y * now.width + x] != before.pixels[y * now.width + x] {
            count += 1
          }
        }
        return count
      }
      let pointer = try session.startDrag(along: Self.outward, hover: 3000)
      _ = try #require(peer.waitForLine(startingWith: "formats", timeout: 20), "\(peer.output)")
      // Screens while the drag hovers over the peer, until the image shows or the drag ends.
      var most = 0
      while pointer.isRunning, most <= 10_000 { most = max(most, changed(try session.screenshot())) }
      pointer.waitUntilExit()
      #expect(most > 10_000, "at most \(most) of the peer's pixels changed while the drag was over it")
      #expect(peer.waitForAnyLine(startingWith: "received", timeout: 20) == "received 青森", "\(peer.output)")
      _ = sourceCalls(probe)
      // Once dropped, the image is gone.
      #expect(changed(try session.screenshot()) < 1_000)
    }
  }

  @Test(.enabled(if: hasWayland, "needs sway, WaylandPointer and python3-gi with GTK 4"))
  func ourTextArrivesInAGTKPeerAndTheSourceHearsACopy() throws {
    let calls = try dragOut(peer: "target") { peer in
      #expect(peer.waitForAnyLine(startingWith: "received", timeout: 20) == "received 青森", "\(peer.output)")
    }
    #expect(
      calls == PeerDragTests.lift + ["source.willEnd(copy)", "source.didEnd(copy)", "source.sessionDidTransferItems"])
  }

  @Test(.enabled(if: hasWayland, "needs sway, WaylandPointer and python3-gi with GTK 4"))
  func aMoveThePeerRefusedIsACancelAndTheSourceKeepsItsItem() throws {
    let calls = try dragOut(peer: "target-refuse") { peer in
      #expect(peer.waitForAnyLine(startingWith: "refused", timeout: 20) == "refused 青森", "\(peer.output)")
    }
    #expect(
      calls == PeerDragTests.lift + [
        "source.willEnd(cancel)", "source.previewForCancelling(item 0)", "source.willAnimateCancel(item 0)",
        "source.didEnd(cancel)",
      ])
  }

  @Test(.enabled(if: hasWayland, "needs sway, WaylandPointer and python3-gi with GTK 4"))
  func aMoveThePeerTookEndsAsAMove() throws {
    let calls = try dragOut(peer: "target-move") { peer in
      #expect(peer.waitForAnyLine(startingWith: "received", timeout: 20) == "received 青森", "\(peer.output)")
    }
    #expect(
      calls == PeerDragTests.lift + ["source.willEnd(move)", "source.didEnd(move)", "source.sessionDidTransferItems"])
  }

  @Test(.enabled(if: hasWayland, "needs sway, WaylandPointer and python3-gi with GTK 4"))
  func aBigDropStreamsIntoAFileWithFlatMemoryOnBothSides() throws {
    try withPeer(ours: ["drop-files", "DragDropGTK-wayland-ours"], peer: "big", ["128"]) { session, probe, peer in
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

  @Test(.enabled(if: hasWayland, "needs sway, WaylandPointer and python3-gi with GTK 4"))
  func rawBytesArriveBetweenOurOwnProcessesThroughTheChannel() throws {
    let directory = try TemporaryDirectory()
    let archive = try PeerDragTests.archive(in: directory)
    try DisplayLock.withExclusiveDisplay {
      let session = try Session()
      defer { session.close() }
      let source = try session.start(["drag-file-backed", "DragDropGTK-wayland-archive", archive.url.path])
      defer { source.terminate() }
      let target = try session.start(["drop-files", "DragDropGTK-wayland-ours"])
      defer { target.terminate() }
      try session.drag(along: Self.outward)
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
}
