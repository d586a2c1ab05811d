import DragDrop
import Foundation
import TestSupport
import Testing

/// Copy and paste with another application through the desktop's clipboard, on X11: the
/// GTKProbe's general pasteboard is the display's `GdkClipboard`, and the GTK 4 peer
/// (`Tests/Peers/gtk4_peer.py`) copies or pastes with GTK's own clipboard calls.
@Suite("Copy and paste with other applications", .serialized)
struct ClipboardPeerTests {
  /// Starts the peer in `mode`, then the probe (with `copying`, it copies that text), or the
  /// other way round when the probe copies, and lets `check` read both.
  func withPeer(
    _ mode: String, _ arguments: [String] = [], probeCopies text: String? = nil,
    check: (_ probe: Probe, _ peer: Probe) throws -> Void
  ) throws {
    try withPeer(
      mode, arguments, probe: ["clipboard"] + (text.map { [$0] } ?? []), probeFirst: text != nil, check: check)
  }

  /// Starts the peer in `mode` with `arguments` and the probe in the mode `probe` begins
  /// with (its title added after it), the one that offers first, and lets `check` read both.
  func withPeer(
    _ mode: String, _ arguments: [String] = [], probe probeArguments: [String], probeFirst: Bool,
    check: (_ probe: Probe, _ peer: Probe) throws -> Void
  ) throws {
    try DisplayLock.withExclusiveDisplay {
      let pid = ProcessInfo.processInfo.processIdentifier
      func startPeer() throws -> Probe {
        let peer = try Probe.start(
          [PeerDragTests.peerScript.path, mode, "DragDropGTK-clipboard-peer-\(pid)"] + arguments,
          executable: URL(fileURLWithPath: PeerDragTests.python))
        _ = try #require(peer.waitForLine(startingWith: "ready", timeout: 30), "\(peer.output)")
        return peer
      }
      func startProbe() throws -> Probe {
        let probe = try Probe.start(
          [probeArguments[0], "DragDropGTK-clipboard-\(pid)"] + probeArguments.dropFirst())
        _ = try #require(probe.waitForLine(startingWith: "ready", timeout: 30), "\(probe.output)")
        return probe
      }
      let (probe, peer) =
        probeFirst
        ? try {
          let probe = try startProbe(); return (probe, try startPeer())
        }()
        : try {
          let peer = try startPeer(); return (try startProbe(), peer)
        }()
      defer {
        probe.terminate()
        peer.terminate()
      }
      try check(probe, peer)
    }
  }

  @Test(.enabled(if: PeerDragTests.hasPeer, "needs an X display and python3-gi with GTK 4"))
  func japaneseTextAnotherApplicationCopiedPastesExactly() throws {
    try withPeer("copy", ["北海道の夏 🌻"]) { probe, _ in
      let line = probe.waitForLine(startingWith: "pasteboard", timeout: 20)
      #expect(line?.hasSuffix("string=北海道の夏 🌻 image=none") == true, "\(probe.output)")
      #expect(line?.contains("types=[\"public.utf8-plain-text\"]") == true, "\(probe.output)")
    }
  }

  @Test(.enabled(if: PeerDragTests.hasPeer, "needs an X display and python3-gi with GTK 4"))
  func anImageAnotherApplicationCopiedPastesAsTheImage() throws {
    try withPeer("copy-png") { probe, _ in
      let line = probe.waitForLine(startingWith: "pasteboard", timeout: 20)
      #expect(line?.contains("types=[\"public.png\"]") == true, "\(probe.output)")
      #expect(line?.hasSuffix("string=none image=3×2") == true, "\(probe.output)")
    }
  }

  @Test(.enabled(if: PeerDragTests.hasPeer, "needs an X display and python3-gi with GTK 4"))
  func textWeCopyPastesInAnotherApplication() throws {
    try withPeer("paste", probeCopies: "青森のりんご 🍎") { probe, peer in
      #expect(probe.lines.contains("copied"))
      // The peer reads when the clipboard changes: it starts after our copy, so it reads
      // what is there when it starts, or at the next change.
      #expect(peer.waitForLine(startingWith: "pasted", timeout: 20) == "pasted 青森のりんご 🍎", "\(peer.output)")
    }
  }

  /// A cut (rule 47): the source hears that another application read the item whole.
  @Test(.enabled(if: PeerDragTests.hasPeer, "needs an X display and python3-gi with GTK 4"))
  func textWeCutIsHeardReadOnceAnotherApplicationPastesIt() throws {
    try withPeer("paste", probe: ["cut", "切り取った 🍎"], probeFirst: true) { probe, peer in
      #expect(probe.lines.contains("cut"))
      #expect(peer.waitForLine(startingWith: "pasted", timeout: 20) == "pasted 切り取った 🍎", "\(peer.output)")
      #expect(probe.waitForLine(startingWith: "cut-read", timeout: 20) == "cut-read 0", "\(probe.output)")
    }
  }

  @Test(.enabled(if: PeerDragTests.hasPeer, "needs an X display and python3-gi with GTK 4"))
  func anotherApplicationsPrimarySelectionReadsExactly() throws {
    try withPeer("primary-copy", ["選んだ 北海道 🌻"], probe: ["primary"], probeFirst: false) { probe, _ in
      #expect(probe.waitForLine(startingWith: "primary", timeout: 20) == "primary 選んだ 北海道 🌻", "\(probe.output)")
    }
  }

  @Test(.enabled(if: PeerDragTests.hasPeer, "needs an X display and python3-gi with GTK 4"))
  func ourSelectionIsTheDesktopsPrimarySelection() throws {
    try withPeer("primary-paste", probe: ["primary", "青森のりんご 🍎"], probeFirst: true) { probe, peer in
      #expect(probe.lines.contains("selected"))
      #expect(peer.waitForLine(startingWith: "pasted", timeout: 20) == "pasted 青森のりんご 🍎", "\(peer.output)")
    }
  }

  /// With no clipboard manager on the display, GDK answers the store at once: what was
  /// copied goes with the application, which ends without waiting out the store's time.
  @Test(.enabled(if: WindowTests.hasDisplay, "needs an X display"))
  func quittingWithoutAClipboardManagerEndsAtOnce() throws {
    try DisplayLock.withExclusiveDisplay {
      let probe = try Probe.start([
        "copy-then-quit", "DragDropGTK-quit-\(ProcessInfo.processInfo.processIdentifier)", "北海道",
      ])
      defer { probe.terminate() }
      _ = try #require(probe.waitForLine(startingWith: "quitting", timeout: 30), "\(probe.output)")
      let quitting = Date()
      #expect(probe.waitForExit(timeout: 20) == 0, "\(probe.output)")
      // Well under the two seconds a manager is given.
      #expect(Date().timeIntervalSince(quitting) < 1.5, "\(probe.output)")
      #expect(probe.lines.last == "exited")
    }
  }

  static var hasClipboardManager: Bool {
    PeerDragTests.hasPeer && FileManager.default.isExecutableFile(atPath: "/usr/bin/xfce4-clipman")
      && FileManager.default.isExecutableFile(atPath: "/usr/bin/dbus-run-session")
  }

  /// Where a clipboard manager runs (Xfce's clipman, which takes a quitting application's
  /// clipboard through `CLIPBOARD_MANAGER`), what we copied can be pasted after we quit.
  @Test(.enabled(if: hasClipboardManager, "needs an X display, python3-gi with GTK 4 and xfce4-clipman"))
  func whatWeCopiedStaysPasteableAfterWeQuitWhereAClipboardManagerRuns() throws {
    try DisplayLock.withExclusiveDisplay {
      let pid = ProcessInfo.processInfo.processIdentifier
      let manager = try Probe.start(
        [PeerDragTests.peerScript.deletingLastPathComponent().appending(path: "clipboard_manager.py").path],
        executable: URL(fileURLWithPath: PeerDragTests.python))
      defer { manager.terminate(grace: 10) }
      _ = try #require(manager.waitForLine(startingWith: "ready", timeout: 30), "\(manager.output)")
      let probe = try Probe.start(["copy-then-quit", "DragDropGTK-quit-\(pid)", "北海道の夏 🌻"])
      defer { probe.terminate() }
      #expect(probe.waitForExit(timeout: 20) == 0, "\(probe.output)")
      #expect(probe.lines.last == "exited")
      // We are gone: what the peer pastes is what the manager took from us.
      let peer = try Probe.start(
        [PeerDragTests.peerScript.path, "paste", "DragDropGTK-clipboard-peer-\(pid)"],
        executable: URL(fileURLWithPath: PeerDragTests.python))
      defer { peer.terminate() }
      #expect(peer.waitForLine(startingWith: "pasted", timeout: 20) == "pasted 北海道の夏 🌻", "\(peer.output)")
    }
  }

  /// On a Wayland compositor (sway, headless) a copy is taken only from a recent input
  /// event, and a window hears the clipboard while it has the keyboard. Two windows tile
  /// side by side: a click in the one copies, a click in the other gives it the keyboard and
  /// the clipboard with it.
  @Test(.enabled(if: WaylandDragTests.hasWayland, "needs sway"))
  func onWaylandTextCopiedByAClickPastesBothWays() throws {
    try DisplayLock.withExclusiveDisplay {
      let session = try WaylandDragTests.Session()
      defer { session.close() }
      // The peer on the left copies at a click; ours, on the right, pastes it once clicked.
      let peer = try session.peer("copy-on-click", ["知床の夏 🌊"])
      defer { peer.terminate() }
      let probe = try session.start(["copy-on-click", "DragDropGTK-wayland-clipboard", "青森のりんご 🍎"])
      defer { probe.terminate() }
      try session.click(at: (320, 400))
      #expect(peer.waitForAnyLine(startingWith: "copied", timeout: 10) != nil, "\(peer.output)")
      let mark = probe.lines.count
      try session.click(at: (960, 400))
      let line = probe.waitForAnyLine(timeout: 20) { $0.hasPrefix("pasteboard count") && $0.contains("string=知床") }
      #expect(line?.hasSuffix("string=知床の夏 🌊 image=none") == true, "\(probe.lines.dropFirst(mark))")
      // That click copied ours too: a GTK 4 program, opened after and so with the
      // keyboard, pastes it.
      #expect(probe.waitForAnyLine(startingWith: "copied", timeout: 10) != nil, "\(probe.output)")
      let paster = try session.peer("paste")
      defer { paster.terminate() }
      #expect(paster.waitForAnyLine(startingWith: "pasted", timeout: 20) == "pasted 青森のりんご 🍎", "\(paster.output)")
    }
  }

  /// On Wayland a big paste to a file comes through a pipe, which the kernel moves into the
  /// file on a thread of its own; and a peer that dies part-way is a typed error, not a
  /// short file. The peer copies at a click (on the left); ours reads once clicked.
  ///
  /// On Wayland a pipe that ends looks the same whether its writer finished or died: the
  /// death is seen either as the clipboard's change (the peer's offer gone) or, when the end
  /// of the pipe comes first, by the PNG's own check that its bytes end with IEND.
  @Test(
    .enabled(if: WaylandDragTests.hasWayland, "needs sway"),
    arguments: [
      ("copy-big-on-click", ["loaded-file \(24 << 20)"]),
      (
        "copy-dying-on-click",
        [
          "load-failed the load handler for public.png failed: \(PlatformTransferError.peerVanished)",
          "load-failed the load handler for public.png failed: the data under image/png was cut short: "
            + "the PNG has no IEND chunk",
        ]
      ),
    ])
  func onWaylandABigPasteToAFile(peerMode: String, expected: [String]) throws {
    try DisplayLock.withExclusiveDisplay {
      let session = try WaylandDragTests.Session()
      defer { session.close() }
      let peer = try session.peer(peerMode, ["24"])
      defer { peer.terminate() }
      let probe = try session.start(["clipboard-load-file", "DragDropGTK-wayland-paste-file"])
      defer { probe.terminate() }
      try session.click(at: (320, 400))
      #expect(peer.waitForAnyLine(startingWith: "copied", timeout: 10) != nil, "\(peer.output)")
      try session.click(at: (960, 400))
      let line = probe.waitForAnyLine(timeout: 30) { $0.hasPrefix("loaded") || $0.hasPrefix("load-failed") }
      #expect(line.map(expected.contains) == true, "\(probe.output) \(peer.output)")
    }
  }

  /// A paste from an application that dies mid-write fails at once with a typed error:
  /// before, it waited for ever.
  @Test(.enabled(if: PeerDragTests.hasPeer, "needs an X display and python3-gi with GTK 4"))
  func aPeerThatDiesMidPasteIsATypedError() throws {
    try withPeer("copy-dying", ["8"], probe: ["clipboard-load"], probeFirst: true) { probe, peer in
      #expect(peer.waitForAnyLine(startingWith: "dying", timeout: 20) != nil, "\(peer.output)")
      // The owner's death changes the clipboard, which ends the read at once.
      let line = probe.waitForAnyLine(timeout: 20) { $0.hasPrefix("loaded") || $0.hasPrefix("load-failed") }
      #expect(
        line == "load-failed the load handler for public.png failed: \(PlatformTransferError.peerVanished)",
        "\(probe.output)")
    }
  }
}
