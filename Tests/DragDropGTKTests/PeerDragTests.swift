import DragDrop
import Foundation
import TestSupport
import Testing

/// Drags between applications against a real peer: a GTK 4 program in python3-gi
/// (`Tests/Peers/gtk4_peer.py`) drags into the GTKProbe's window through XDND, with real X
/// input from xdotool. The probe's drop target reports each delegate call and what it
/// loaded.
///
/// xdotool paces its own steps (its `sleep` command between motions): XDND needs motion
/// as motion, in at least two steps about a tenth of a second apart, and a hover before the
/// release. The test itself waits only for lines, with deadlines.
@Suite("Drags from other applications", .serialized)
struct PeerDragTests {
  static let python = "/usr/bin/python3"
  static var peerScript: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appending(path: "Peers/gtk4_peer.py")
  }
  static var hasPeer: Bool {
    WindowTests.hasDisplay && WindowTests.hasXdotool && FileManager.default.isExecutableFile(atPath: python)
      && FileManager.default.fileExists(atPath: "/usr/lib/x86_64-linux-gnu/girepository-1.0/Gtk-4.0.typelib")
  }

  /// Starts our program (`ours`, with `executable`, default the probe) and a peer
  /// (`peer`, the peer script's arguments after the title), waits for both to be ready,
  /// puts the peer's window at `peerX`, and drags with xdotool along `path`: press at its
  /// first point, move through the rest a tenth of a second apart, hover, release (unless
  /// `releases` is false: then `check` releases). XDND needs motion as motion, and a hover
  /// before the release.
  func withPeer(
    ours: [String], executable: URL = Probe.executable, peerScript: URL = Self.peerScript, peer: [String],
    peerX: Int, path: [(Int, Int)], releases: Bool = true,
    beforeDrag: (_ ours: Probe, _ peer: Probe) throws -> Void = { _, _ in },
    check: (_ ours: Probe, _ peer: Probe) throws -> Void
  ) throws {
    try DisplayLock.withExclusiveDisplay {
      let peerTitle = "DragDropGTK-peer-\(ProcessInfo.processInfo.processIdentifier)"
      let probe = try Probe.start(ours, executable: executable)
      defer { probe.terminate() }
      _ = try #require(probe.waitForLine(startingWith: "ready", timeout: 30), "\(probe.output)")
      let other = try Probe.start(
        [peerScript.path, peer[0], peerTitle] + peer.dropFirst(), executable: URL(fileURLWithPath: Self.python))
      defer { other.terminate() }
      _ = try #require(other.waitForLine(startingWith: "ready", timeout: 30), "\(other.output)")
      let window = try #require(
        Probe.xdotool(["search", "--name", peerTitle]).split(separator: "\n").first.map(String.init))
      try Probe.xdotool(["windowmove", "--sync", window, "\(peerX)", "0"])
      try beforeDrag(probe, other)
      let start = try #require(path.first)
      var steps = ["mousemove", "\(start.0)", "\(start.1)", "sleep", "0.2", "mousedown", "1", "sleep", "0.1"]
      for (x, y) in path.dropFirst() { steps += ["mousemove", "\(x)", "\(y)", "sleep", "0.1"] }
      // Without the release, the button stays down (X holds it) for `check` to let go.
      steps += releases ? ["sleep", "0.3", "mouseup", "1"] : ["sleep", "0.3"]
      try Probe.xdotool(steps)
      try check(probe, other)
      try probe.expectClickHeard(mode: ours.first) { try Self.clickOurWindow() }
    }
  }

  /// A click at (100, 100) of the X screen, inside the probe's window at the top left.
  static func clickOurWindow() throws {
    try Probe.xdotool(["mousemove", "100", "100", "sleep", "0.2", "click", "1"])
  }

  /// A drag from the peer's middle (at x = 600) into the probe's window in `mode`.
  func drag(
    peer arguments: [String], script: URL = Self.peerScript, into mode: String = "drop",
    check: (Probe, Probe) throws -> Void
  ) throws {
    let path = [750, 745, 740, 730, 700, 650, 600, 500, 400, 300, 200, 201].map { ($0, 150) }
    let title = "DragDropGTK-drop-\(ProcessInfo.processInfo.processIdentifier)"
    try withPeer(ours: [mode, title], peerScript: script, peer: arguments, peerX: 600, path: path, check: check)
  }

  /// Drags the probe's label (at the top left) into a peer in `mode` at x = 600, and returns
  /// the source's delegate calls, moves left out, once its session has ended.
  func dragOut(
    _ text: String, peer mode: String, peerScript: URL = Self.peerScript, source: String = "drag",
    check: (Probe) throws -> Void
  ) throws -> [String] {
    let path = [(100, 100), (110, 100), (130, 100), (200, 120), (400, 150), (650, 150), (700, 150), (701, 151)]
    let title = "DragDropGTK-drag-\(ProcessInfo.processInfo.processIdentifier)"
    var calls: [String] = []
    try withPeer(ours: [source, title, text], peerScript: peerScript, peer: [mode], peerX: 600, path: path) {
      probe, peer in
      try check(peer)
      _ = probe.waitForAnyLine(startingWith: "call source.didEnd", timeout: 20)
      _ = probe.waitForAnyLine(startingWith: "call source.sessionDidTransferItems", timeout: 2)
      calls = probe.lines.filter { $0.hasPrefix("call ") && !$0.hasSuffix("sessionDidMove") }.map {
        String($0.dropFirst(5))
      }
    }
    return calls
  }

  static var hasImport: Bool { hasPeer && Probe.which("import") != nil }

  /// The X screen as it is now, through ImageMagick's `import`.
  static func screenshot() throws -> WaylandDragTests.Screen {
    let file = FileManager.default.temporaryDirectory.appending(path: "dragdrop-screen-\(UUID().uuidString).png")
    defer { try? FileManager.default.removeItem(at: file) }
    _ = try Probe.run("/usr/bin/import", ["-window", "root", file.path])
    return try WaylandDragTests.Screen(png: file)
  }

  /// Our drag's image follows the pointer over another application on X11 too: while the
  /// drag hovers over the peer (at x = 600), the peer's columns show the label's preview,
  /// which is gone once the drag has dropped.
  @Test(.enabled(if: hasImport, "needs an X display, xdotool, ImageMagick and python3-gi with GTK 4"))
  func theDragImageFollowsThePointerOverAnotherApplication() throws {
    let path = [(100, 100), (110, 100), (130, 100), (200, 120), (400, 150), (650, 150), (700, 150), (701, 151)]
    let title = "DragDropGTK-drag-\(ProcessInfo.processInfo.processIdentifier)"
    var before: WaylandDragTests.Screen?
    try withPeer(
      ours: ["drag", title, "青森"], peer: ["target"], peerX: 600, path: path, releases: false,
      beforeDrag: { _, _ in before = try Self.screenshot() }
    ) { probe, peer in
      let before = try #require(before)
      let columns = 600..<900
      var most = 0
      let end = Date().addingTimeInterval(3)
      while Date() < end, most <= 10_000 {
        most = max(most, try Self.screenshot().changed(from: before, columns: columns))
      }
      try Probe.xdotool(["mouseup", "1"])
      #expect(most > 10_000, "at most \(most) of the peer's pixels changed while the drag was over it")
      #expect(peer.waitForAnyLine(startingWith: "received", timeout: 20) == "received 青森", "\(peer.output)")
      _ = probe.waitForAnyLine(startingWith: "call source.didEnd", timeout: 20)
      var left = Int.max
      for _ in 0..<20 where left >= 1_000 { left = try Self.screenshot().changed(from: before, columns: columns) }
      #expect(left < 1_000, "\(left) of the peer's pixels still differ after the drop")
    }
  }

  /// A process's peak resident memory so far, in bytes (VmHWM).
  static func peakMemory(of pid: Int32) throws -> Int {
    let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
    let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") })
    return try #require(Int(line.split(separator: " ", omittingEmptySubsequences: true)[1])) * 1024
  }

  /// A drag from the big-PNG peer into the probe's window that receives items as files.
  func bigDrop(
    mebibytes: Int, beforeDrag: (Probe, Probe) throws -> Void = { _, _ in }, check: (Probe, Probe) throws -> Void
  ) throws {
    let path = [750, 745, 740, 730, 700, 650, 600, 500, 400, 300, 200, 201].map { ($0, 150) }
    let title = "DragDropGTK-drop-\(ProcessInfo.processInfo.processIdentifier)"
    try withPeer(
      ours: ["drop-files", title], peer: ["big", "\(mebibytes)"], peerX: 600, path: path, beforeDrag: beforeDrag,
      check: check)
  }

  /// 256 MiB stream from the peer into a file a chunk at a time: neither side holds them.
  @Test(.enabled(if: hasPeer, "needs an X display, xdotool and python3-gi with GTK 4"))
  func aBigDropStreamsWithFlatMemoryOnBothSides() throws {
    var before: (ours: Int, peer: Int) = (0, 0)
    try bigDrop(mebibytes: 256) { probe, peer in
      before = (try Self.peakMemory(of: probe.pid), try Self.peakMemory(of: peer.pid))
    } check: { probe, peer in
      let received = probe.waitForLine(startingWith: "received-file", timeout: 60)
      #expect(received == "received-file \(256 << 20)", "\(probe.output)")
      #expect(peer.waitForLine(startingWith: "sent", timeout: 20) == "sent \(256 << 20)", "\(peer.output)")
      let growth = (
        ours: try Self.peakMemory(of: probe.pid) - before.ours, peer: try Self.peakMemory(of: peer.pid) - before.peer
      )
      #expect(growth.ours < 64 << 20, "ours grew by \(growth.ours >> 20) MiB from \(before.ours >> 20) MiB")
      #expect(growth.peer < 64 << 20, "the peer grew by \(growth.peer >> 20) MiB")
    }
  }

  /// The peer dies mid-stream. GTK's stream would wait for more without end; the read
  /// notices the peer has gone and fails with a typed error. The probe goes on, and the
  /// received file goes.
  @Test(.enabled(if: hasPeer, "needs an X display, xdotool and python3-gi with GTK 4"))
  func aPeerThatDiesMidTransferIsATypedErrorAndLeavesNoFile() throws {
    try bigDrop(mebibytes: 4096) { _, _ in
    } check: { probe, peer in
      _ = try #require(peer.waitForLine(startingWith: "sending", timeout: 20), "\(peer.output)")
      #expect(probe.waitForLine(startingWith: "loading", timeout: 20) == "loading", "\(probe.output)")
      kill(peer.pid, SIGKILL)
      let failed = probe.waitForLine(startingWith: "failed", timeout: 30)
      #expect(failed?.contains("went away during the transfer") == true, "\(probe.output)")
      #expect(!probe.lines.contains { $0.hasPrefix("received-file") })
      // The probe is alive and its received files are gone once the drop is over.
      #expect(probe.waitForAnyLine(startingWith: "call target.sessionDidEnd", timeout: 20) != nil, "\(probe.output)")
      let folder = FileManager.default.temporaryDirectory.appending(path: "dragdrop-peer-files-\(probe.pid)")
      #expect(
        FileEvents.waitUntil(watching: folder, timeout: 20) { FileFolders.isEmptyOrAbsent(folder) }, "\(folder.path)")
    }
  }

  /// While a peer's drop is still loading, the window takes a new drag: the user's own drag
  /// from its label to its drop target is handled and dropped, and the first drop goes on
  /// until its source dies.
  @Test(.enabled(if: hasPeer, "needs an X display, xdotool and python3-gi with GTK 4"))
  func aWindowTakesANewDragWhileAnOldDropLoads() throws {
    let path = [750, 745, 740, 730, 700, 650, 600, 500, 400, 300, 301].map { ($0, 150) }
    let title = "DragDropGTK-drop-\(ProcessInfo.processInfo.processIdentifier)"
    try withPeer(ours: ["both-files", title, "北海道"], peer: ["trickle", "64", "250"], peerX: 600, path: path) {
      probe, peer in
      _ = try #require(peer.waitForLine(startingWith: "sending", timeout: 20), "\(peer.output)")
      #expect(probe.waitForLine(startingWith: "loading", timeout: 20) == "loading", "\(probe.output)")
      let before = probe.lines.count
      try Probe.xdotool(
        BrowserDragTests.drag(along: [
          (100, 100), (110, 100), (130, 110), (200, 130), (280, 150), (300, 150), (301, 151),
        ])
      )
      // The new drag is heard and dropped while the first drop still loads.
      #expect(probe.waitForLine(startingWith: "dropped-note", timeout: 20) == "dropped-note 北海道 5", "\(probe.output)")
      let began = probe.lines.dropFirst(before).drop { $0 != "call source.sessionWillBegin" }
      let calls = began.filter { $0.hasPrefix("call target.") && !$0.hasSuffix("sessionDidUpdate") }
      #expect(
        calls.prefix(3) == ["call target.canHandle", "call target.sessionDidEnter", "call target.performDrop"],
        "\(probe.output)")
      #expect(!probe.lines.contains { $0.hasPrefix("received-file") }, "the first drop ended too soon: \(probe.output)")
      // Our drag took the XDND selection, and the first read goes on: it has not failed.
      #expect(!probe.lines.contains { $0.hasPrefix("failed") }, "\(probe.output)")
      // Its source dying is still noticed (its window is gone), long before a stall.
      kill(peer.pid, SIGKILL)
      let failed = probe.waitForLine(startingWith: "failed", timeout: 10)
      #expect(failed?.contains("went away during the transfer") == true, "\(probe.output)")
    }
  }

  /// An 8 MiB ZIP archive in `directory`, and how many bytes it has.
  static func archive(in directory: TemporaryDirectory) throws -> (url: URL, size: Int) {
    let bytes = Data("PK\u{3}\u{4}".utf8) + Data((0..<(8 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) })
    return (try directory.write(bytes, to: "photos.zip"), bytes.count)
  }

  /// Drags from a probe started with `source` (its title after the mode) at the left into
  /// one started with `target` at x = 600, and checks the target.
  func betweenOurProcesses(source: [String], target: [String], check: (_ target: Probe) throws -> Void) throws {
    try DisplayLock.withExclusiveDisplay {
      let pid = ProcessInfo.processInfo.processIdentifier
      let title = "DragDropGTK-ours-\(pid)"
      let source = try Probe.start([source[0], "DragDropGTK-source-\(pid)"] + source.dropFirst())
      defer { source.terminate() }
      let target = try Probe.start([target[0], title] + target.dropFirst())
      defer { target.terminate() }
      for probe in [source, target] {
        _ = try #require(probe.waitForLine(startingWith: "ready", timeout: 30), "\(probe.output)")
      }
      let window = try #require(
        Probe.xdotool(["search", "--name", title]).split(separator: "\n").first.map(String.init))
      try Probe.xdotool(["windowmove", "--sync", window, "600", "0"])
      let path = [(100, 100), (110, 100), (130, 100), (200, 120), (400, 150), (650, 150), (700, 150), (701, 151)]
      try Probe.xdotool(BrowserDragTests.drag(along: path))
      try check(target)
    }
  }

  /// Raw bytes between two processes of ours (an archive, which has no URI list) arrive
  /// whole, through the byte channel; its private type is not one of the item's types.
  @Test(.enabled(if: hasPeer, "needs an X display, xdotool and python3-gi with GTK 4"))
  func rawBytesArriveBetweenOurOwnProcesses() throws {
    let directory = try TemporaryDirectory()
    let archive = try Self.archive(in: directory)
    try betweenOurProcesses(source: ["drag-file-backed", archive.url.path], target: ["drop-files"]) { target in
      #expect(
        target.waitForLine(startingWith: "received-file", timeout: 20) == "received-file \(archive.size)",
        "\(target.output)")
      #expect(target.lines.contains("types [\"public.zip-archive\"] local=none"), "\(target.output)")
    }
  }

  /// A type of our own (a Codable note under its exported type) reaches another process of
  /// ours as itself; a GTK peer, which does not know it, takes the text beside it.
  @Test(.enabled(if: hasPeer, "needs an X display, xdotool and python3-gi with GTK 4"))
  func aCodableTypeArrivesBetweenOurOwnProcessesOnly() throws {
    try betweenOurProcesses(source: ["drag-note", "北海道"], target: ["drop"]) { target in
      #expect(target.waitForLine(startingWith: "dropped", timeout: 20) == "dropped-note 北海道 5", "\(target.output)")
      #expect(
        target.lines.contains("types [\"org.dragdrop.probe.note\", \"public.utf8-plain-text\"] local=none"),
        "\(target.output)")
    }
    let calls = try dragOut("北海道", peer: "target", source: "drag-note") { peer in
      #expect(peer.waitForAnyLine(startingWith: "received", timeout: 20) == "received 北海道", "\(peer.output)")
    }
    #expect(calls.last == "source.sessionDidTransferItems")
  }

  static let lift = [
    "source.itemsForBeginning", "source.previewForLifting(item 0)", "source.willAnimateLift",
    "source.sessionAllowsMoveOperation", "source.sessionIsRestrictedToDraggingApplication", "source.sessionWillBegin",
  ]

  @Test(.enabled(if: hasPeer, "needs an X display, xdotool and python3-gi with GTK 4"))
  func ourTextArrivesInAGTKPeerAndTheSourceHearsACopy() throws {
    let calls = try dragOut("北海道の夏 🌻", peer: "target") { peer in
      #expect(peer.waitForAnyLine(startingWith: "received", timeout: 20) == "received 北海道の夏 🌻", "\(peer.output)")
    }
    #expect(calls == Self.lift + ["source.willEnd(copy)", "source.didEnd(copy)", "source.sessionDidTransferItems"])
  }

  /// Security: a peer sees our offers by MIME type without the representation that is for
  /// this process alone, and hovering reads nothing.
  @Test(.enabled(if: hasPeer, "needs an X display, xdotool and python3-gi with GTK 4"))
  func aPeerThatOnlyHoversReadsNothingAndNeverSeesOurOwnType() throws {
    let out = [(100, 100), (110, 100), (130, 100), (200, 120), (400, 150), (650, 150), (700, 150), (701, 151)]
    let back = [(650, 150), (500, 150), (300, 130), (200, 120), (150, 100), (151, 101)]
    let title = "DragDropGTK-drag-\(ProcessInfo.processInfo.processIdentifier)"
    try withPeer(ours: ["drag", title, "青森"], peer: ["target"], peerX: 600, path: out + back) { probe, peer in
      let formats = try #require(peer.waitForLine(startingWith: "formats", timeout: 20), "\(peer.output)")
      let offered = formats.split(separator: " ").dropFirst().map(String.init)
      #expect(offered.starts(with: ["text/plain;charset=utf-8", "text/plain", "UTF8_STRING"]), "\(formats)")
      #expect(!offered.contains { $0.hasPrefix(PlatformFormats.privateMIMEPrefix) }, "\(formats)")
      // Released over our own label, which takes no drops: a cancel.
      #expect(probe.waitForAnyLine(startingWith: "call source.didEnd", timeout: 20) == "call source.didEnd(cancel)")
      #expect(!probe.lines.contains("loaded text"), "\(probe.output)")
      #expect(!peer.lines.contains { $0.hasPrefix("received") }, "\(peer.output)")
    }
  }

  /// A cancelled drag's icon slides back over the source for half a second (GDK maps it
  /// again for that): a click there at once, before that ends, still reaches the source.
  @Test(.enabled(if: WindowTests.hasDisplay && WindowTests.hasXdotool, "needs an X display and xdotool"))
  func aClickRightAfterACancelledDragReachesTheSource() throws {
    try DisplayLock.withExclusiveDisplay {
      let title = "DragDropGTK-drag-\(ProcessInfo.processInfo.processIdentifier)"
      let probe = try Probe.start(["drag", title, "青森"])
      defer { probe.terminate() }
      _ = try #require(probe.waitForLine(startingWith: "ready", timeout: 30), "\(probe.output)")
      var steps = ["mousemove", "100", "100", "sleep", "0.2", "mousedown", "1", "sleep", "0.1"]
      for (x, y) in [(110, 100), (130, 100), (200, 120), (150, 100), (151, 101)] {
        steps += ["mousemove", "\(x)", "\(y)", "sleep", "0.1"]
      }
      // Released over our own label, which takes no drops (a cancel), and clicked where the
      // drag began within a twentieth of a second.
      steps += ["sleep", "0.3", "mouseup", "1", "sleep", "0.05", "mousemove", "100", "100", "click", "1"]
      try Probe.xdotool(steps)
      #expect(probe.waitForAnyLine(startingWith: "tapped", timeout: 10) == "tapped source", "\(probe.output)")
      #expect(probe.waitForAnyLine(startingWith: "call source.didEnd", timeout: 20) == "call source.didEnd(cancel)")
    }
  }

  @Test(.enabled(if: hasPeer, "needs an X display, xdotool and python3-gi with GTK 4"))
  func aMoveThePeerTookEndsAsAMove() throws {
    // The source hears a move only because the peer's XdndFinished said it accepted one.
    let calls = try dragOut("青森", peer: "target-move") { peer in
      #expect(peer.waitForAnyLine(startingWith: "received", timeout: 20) == "received 青森", "\(peer.output)")
    }
    #expect(calls == Self.lift + ["source.willEnd(move)", "source.didEnd(move)", "source.sessionDidTransferItems"])
  }

  @Test(.enabled(if: hasPeer, "needs an X display, xdotool and python3-gi with GTK 4"))
  func aMoveThePeerRefusedIsACancelAndTheSourceKeepsItsItem() throws {
    // GTK 4.8 reports this drag as a finished move; the peer's own answer says it failed.
    let calls = try dragOut("青森", peer: "target-refuse") { peer in
      #expect(peer.waitForAnyLine(startingWith: "refused", timeout: 20) == "refused 青森", "\(peer.output)")
    }
    #expect(
      calls == Self.lift + [
        "source.willEnd(cancel)", "source.previewForCancelling(item 0)", "source.willAnimateCancel(item 0)",
        "source.didEnd(cancel)",
      ])
  }

  @Test(.enabled(if: hasPeer, "needs an X display, xdotool and python3-gi with GTK 4"))
  func japaneseTextFromAGTKPeerArrivesExactly() throws {
    try drag(peer: ["source", "北海道の夏 🌻"]) { probe, peer in
      let dropped = probe.waitForAnyLine(startingWith: "dropped", timeout: 20)
      #expect(dropped == "dropped 北海道の夏 🌻", "\(probe.output)")
      // Types were listed at enter, and nothing from another process is local.
      #expect(probe.lines.contains("types [\"public.utf8-plain-text\"] local=none"), "\(probe.output)")
      // The session ends after the drop animation.
      #expect(probe.waitForAnyLine(startingWith: "call target.sessionDidEnd", timeout: 20) != nil, "\(probe.output)")
      let calls = probe.lines.filter { $0.hasPrefix("call ") }.map { String($0.dropFirst(5)) }
      #expect(
        calls.filter { !$0.hasSuffix("sessionDidUpdate") } == [
          "target.canHandle", "target.sessionDidEnter", "target.performDrop", "target.previewForDropping(item 0)",
          "target.willAnimateDrop(item 0)", "target.concludeDrop", "target.sessionDidEnd",
        ], "\(probe.output)")
      // A copy: the peer is told not to delete.
      #expect(peer.waitForLine(startingWith: "drag-end", timeout: 20) == "drag-end delete=0", "\(peer.output)")
    }
  }

  /// A peer's drag that allows a move: a target that takes it as a move gets the text, and
  /// the peer is told to delete its own; a target that refuses it gets nothing, and the
  /// peer keeps its data.
  @Test(.enabled(if: hasPeer, "needs an X display, xdotool and python3-gi with GTK 4"), arguments: [true, false])
  func aMoveFromAGTKPeerEndsAsWeTakeIt(taking: Bool) throws {
    try drag(peer: ["source-move", "青森"], into: taking ? "drop-move" : "drop-refuse") { probe, peer in
      #expect(
        peer.waitForLine(startingWith: "drag-end", timeout: 20) == "drag-end delete=\(taking ? 1 : 0)", "\(peer.output)"
      )
      if taking {
        #expect(probe.waitForAnyLine(startingWith: "dropped", timeout: 20) == "dropped 青森", "\(probe.output)")
      } else {
        // The drop session ends after any drop: only then is a missing drop told.
        _ = probe.waitForAnyLine(startingWith: "call target.sessionDidEnd", timeout: 20)
        #expect(!probe.lines.contains("call target.performDrop"), "\(probe.output)")
      }
    }
  }

  /// A file manager's list of files becomes one item per file at the release: each loads
  /// as its URL, and an image file as the image.
  @Test(.enabled(if: hasPeer, "needs an X display, xdotool and python3-gi with GTK 4"))
  func filesFromAURIListArriveAsOneItemEach() throws {
    let folder = FileManager.default.temporaryDirectory.appending(path: "peer-drag-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let photo = folder.appending(path: "写真 1.png")
    try TestImages.png(width: 3, height: 2).write(to: photo)
    let note = folder.appending(path: "メモ.txt")
    try Data("北海道".utf8).write(to: note)
    let files = [photo, note]
    try drag(peer: ["uris"] + files.map(\.absoluteString)) { probe, _ in
      #expect(probe.waitForLine(startingWith: "items", timeout: 20) == "items 2", "\(probe.output)")
      #expect(
        probe.lines.contains("types [\"public.png\", \"public.file-url\", \"public.url\"] local=none"),
        "\(probe.output)")
      var urls: Set<String> = []
      while urls.count < files.count, let line = probe.waitForLine(startingWith: "dropped-url", timeout: 20) {
        urls.insert(String(line.dropFirst("dropped-url ".count)))
      }
      #expect(urls == Set(files.map(\.absoluteString)), "\(probe.output)")
      #expect(
        probe.waitForAnyLine(startingWith: "dropped-image", timeout: 20) == "dropped-image public.png 3x2",
        "\(probe.output)")
    }
  }

  /// An image dragged from a web page comes with its address in a URI list, as browsers
  /// offer it: one item that loads as the image and as its URL, not a link in its place.
  @Test(.enabled(if: hasPeer, "needs an X display, xdotool and python3-gi with GTK 4"))
  func aWebImageWithItsAddressStaysOneItemWithEveryRepresentation() throws {
    try drag(peer: ["web-image", "https://example.org/photos/aqua.png"]) { probe, _ in
      #expect(probe.waitForLine(startingWith: "items", timeout: 20) == "items 1", "\(probe.output)")
      #expect(
        probe.lines.contains("types [\"public.png\", \"public.url\", \"public.utf8-plain-text\"] local=none"),
        "\(probe.output)")
      #expect(
        probe.waitForAnyLine(startingWith: "dropped-image", timeout: 20) == "dropped-image public.png 3x2",
        "\(probe.output)")
      #expect(
        probe.waitForAnyLine(startingWith: "dropped-url", timeout: 20)
          == "dropped-url https://example.org/photos/aqua.png", "\(probe.output)")
    }
  }

  @Test(.enabled(if: hasPeer, "needs an X display, xdotool and python3-gi with GTK 4"))
  func aURIListThatClimbsOutOfItsFolderIsATypedError() throws {
    try drag(peer: ["uris", "file:///tmp/../etc/passwd"]) { probe, peer in
      let failed = probe.waitForLine(startingWith: "failed", timeout: 20)
      #expect(failed?.contains("climbs out of its folder") == true, "\(probe.output)")
      #expect(!probe.lines.contains { $0.hasPrefix("dropped") })
      _ = peer.waitForLine(startingWith: "drag-end", timeout: 20)
    }
  }

  /// A drop from another application into a table of the sample scenes: a placeholder row
  /// holds the place until the text has streamed in, then becomes the row.
  @Test(.enabled(if: hasPeer, "needs an X display, xdotool and python3-gi with GTK 4"))
  func textFromAGTKPeerLandsInATableThroughAPlaceholder() throws {
    let samples = Probe.executable.deletingLastPathComponent().appendingPathComponent("Samples")
    // From the peer's middle to the trip table's second row.
    let path = [850, 845, 840, 830, 800, 750, 700, 650, 600, 500, 452, 450].map { ($0, $0 > 600 ? 150 : 140) }
    try withPeer(
      ours: ["001", "--trace"], executable: samples, peer: ["source", "北海道の夏"], peerX: 700, path: path
    ) { scene, _ in
      let commit = scene.waitForAnyLine(startingWith: "scene second.commit", timeout: 20)
      #expect(commit?.hasPrefix("scene second.commit 北海道の夏 at ") == true, "\(scene.output)")
      #expect(scene.lines.contains { $0.hasPrefix("scene second.performDrop copy") }, "\(scene.output)")
      // The trip (the second table) lists it; the prefectures do not.
      let state = scene.waitForAnyLine(timeout: 20) { $0.hasPrefix("state ") && $0.contains("北海道の夏") }
      let parts = state?.components(separatedBy: " second=") ?? []
      #expect(parts.count == 2 && parts[1].contains("北海道の夏") && !parts[0].contains("北海道の夏"), "\(scene.output)")
    }
  }

}

/// Checks on the folders a process leaves behind.
enum FileFolders {
  /// Whether `folder` is gone, or holds only empty folders.
  static func isEmptyOrAbsent(_ folder: URL) -> Bool {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return true }
    return names.allSatisfy { name in
      (try? FileManager.default.contentsOfDirectory(atPath: folder.appending(path: name).path))?.isEmpty ?? false
    }
  }
}
