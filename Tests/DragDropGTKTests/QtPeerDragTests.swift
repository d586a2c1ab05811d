import DragDrop
import Foundation
import TestSupport
import Testing

/// Drags from a Qt 6 application (`Tests/Peers/qt6_peer.py`, PyQt6) into the GTKProbe's
/// window through XDND, with real X input from xdotool.
///
/// Qt serves a drop's data only to a request that carries the `XdndDrop` timestamp, from the
/// window the drop went to; GTK 4.8's own request carries neither and gets nothing. These
/// tests check that every kind of data arrives, and that a Qt peer that refuses or dies is
/// a typed error at once, well inside the 30 seconds a silent peer is given.
@Suite("Drags from Qt applications", .serialized)
struct QtPeerDragTests {
  static var script: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appending(path: "Peers/qt6_peer.py")
  }
  static var hasQt: Bool {
    PeerDragTests.hasPeer && FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/PyQt6")
  }
  /// How long a test waits for an answer: far less than the 30 s after which a silent peer
  /// is given up, so that a read that waits on a refusal fails the test.
  static let answerDeadline = 10.0

  let peers = PeerDragTests()

  @Test(.enabled(if: hasQt, "needs an X display, xdotool and PyQt6"))
  func japaneseTextFromQtArrivesExactly() throws {
    try peers.drag(peer: ["text", "北海道の夏 🌻"], script: Self.script) { probe, peer in
      #expect(
        probe.waitForAnyLine(startingWith: "dropped", timeout: Self.answerDeadline) == "dropped 北海道の夏 🌻",
        "\(probe.output)")
      #expect(probe.waitForAnyLine(startingWith: "call target.sessionDidEnd", timeout: 20) != nil, "\(probe.output)")
      #expect(peer.waitForLine(startingWith: "drag-end", timeout: 20) == "drag-end copy", "\(peer.output)")
    }
  }

  /// Qt's drag allows a move: a target that takes it as a move makes Qt hear a move (its
  /// own XdndFinished), and one that refuses it, nothing.
  @Test(.enabled(if: hasQt, "needs an X display, xdotool and PyQt6"), arguments: [true, false])
  func aMoveFromQtEndsAsWeTakeIt(taking: Bool) throws {
    try peers.drag(peer: ["text", "青森"], script: Self.script, into: taking ? "drop-move" : "drop-refuse") {
      probe, peer in
      #expect(
        peer.waitForLine(startingWith: "drag-end", timeout: 20) == (taking ? "drag-end move" : "drag-end ignore"),
        "\(peer.output)")
      // The drop session ends after any drop: only then is a missing performDrop told.
      _ = probe.waitForAnyLine(startingWith: "call target.sessionDidEnd", timeout: 20)
      #expect(probe.lines.contains("call target.performDrop") == taking, "\(probe.output)")
    }
  }

  /// 3 MiB of PNG bytes: more than one X request holds, so Qt sends them incrementally.
  @Test(.enabled(if: hasQt, "needs an X display, xdotool and PyQt6"))
  func pngBytesFromQtArriveWholeThroughAnIncrementalTransfer() throws {
    try peers.drag(peer: ["png", "3072"], script: Self.script, into: "drop-files") { probe, peer in
      #expect(
        probe.waitForAnyLine(startingWith: "received-file", timeout: Self.answerDeadline) == "received-file \(3 << 20)",
        "\(probe.output)")
      #expect(peer.waitForLine(startingWith: "drag-end", timeout: 20) == "drag-end copy", "\(peer.output)")
    }
  }

  /// A hundred files become a hundred items, each loading as its URL.
  @Test(.enabled(if: hasQt, "needs an X display, xdotool and PyQt6"))
  func aHundredFilesFromQtArriveAsOneItemEach() throws {
    let directory = try TemporaryDirectory()
    let files = try (0..<100).map { try directory.write(Data("写真 \($0)".utf8), to: "メモ \($0).txt") }
    try peers.drag(peer: ["files"] + files.map(\.path), script: Self.script) { probe, _ in
      #expect(probe.waitForLine(startingWith: "items", timeout: Self.answerDeadline) == "items 100", "\(probe.output)")
      var urls: Set<String> = []
      while urls.count < files.count, let line = probe.waitForLine(startingWith: "dropped-url", timeout: 20) {
        urls.insert(String(line.dropFirst("dropped-url ".count)))
      }
      #expect(urls == Set(files.map(\.absoluteString)), "\(probe.output)")
    }
  }

  /// A Qt peer that has nothing for a type it offered (it answers with an empty property): a
  /// typed error that names the type, at once, and the drop ends.
  @Test(.enabled(if: hasQt, "needs an X display, xdotool and PyQt6"))
  func aQtPeerThatRefusesIsATypedErrorAtOnce() throws {
    try peers.drag(peer: ["refuse"], script: Self.script) { probe, peer in
      let failed = probe.waitForLine(startingWith: "failed", timeout: Self.answerDeadline)
      #expect(failed?.contains("no data under text/plain") == true, "\(probe.output)")
      #expect(!probe.lines.contains { $0.hasPrefix("dropped") })
      #expect(peer.lines.contains { $0.hasPrefix("asked text/plain") }, "\(peer.output)")
      #expect(probe.waitForAnyLine(startingWith: "call target.sessionDidEnd", timeout: 20) != nil, "\(probe.output)")
    }
  }

  /// A Qt peer that dies when asked: a typed error at once.
  @Test(.enabled(if: hasQt, "needs an X display, xdotool and PyQt6"))
  func aQtPeerThatDiesIsATypedErrorAtOnce() throws {
    try peers.drag(peer: ["die"], script: Self.script) { probe, _ in
      let failed = probe.waitForLine(startingWith: "failed", timeout: Self.answerDeadline)
      #expect(failed?.contains("went away") == true, "\(probe.output)")
      #expect(probe.waitForAnyLine(startingWith: "call target.sessionDidEnd", timeout: 20) != nil, "\(probe.output)")
    }
  }

  // MARK: Our drags into a Qt application

  /// Our text into a Qt target that takes it as a copy (`target`) or a move
  /// (`target-move`): the source hears what Qt took.
  @Test(.enabled(if: hasQt, "needs an X display, xdotool and PyQt6"), arguments: ["copy", "move"])
  func ourJapaneseTextArrivesInQtAndTheSourceHearsWhatItTook(_ operation: String) throws {
    let mode = operation == "copy" ? "target" : "target-move"
    let calls = try peers.dragOut("北海道の夏 🌻", peer: mode, peerScript: Self.script) { peer in
      #expect(peer.waitForAnyLine(startingWith: "received", timeout: 20) == "received 北海道の夏 🌻", "\(peer.output)")
    }
    #expect(
      calls == PeerDragTests.lift + [
        "source.willEnd(\(operation))", "source.didEnd(\(operation))", "source.sessionDidTransferItems",
      ])
  }

  /// Qt accepted the move while the drag hovered, then ignored the drop: its XdndFinished
  /// says so, and the source keeps its item.
  @Test(.enabled(if: hasQt, "needs an X display, xdotool and PyQt6"))
  func aMoveQtRefusedIsACancelAndTheSourceKeepsItsItem() throws {
    let calls = try peers.dragOut("青森", peer: "target-refuse", peerScript: Self.script) { peer in
      #expect(peer.waitForAnyLine(startingWith: "refused", timeout: 20) == "refused 青森", "\(peer.output)")
    }
    #expect(
      calls == PeerDragTests.lift + [
        "source.willEnd(cancel)", "source.previewForCancelling(item 0)", "source.willAnimateCancel(item 0)",
        "source.didEnd(cancel)",
      ])
  }
}
