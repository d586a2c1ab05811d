import DragDrop
import Foundation
import TestSupport
import Testing

@testable import DragDropGTK

/// Drags between Chromium and our windows, with real X input from xdotool. Chromium shows
/// `Tests/Peers/browser_peer.html` in an app window at x = 600: text, a link and an image to
/// drag, or a drop zone that logs what it got on its console, which Chromium writes to
/// standard error. The GTKProbe's window is at the top left.
@Suite("Drags with Chromium", .serialized)
struct BrowserDragTests {
  static let chromium = "/usr/bin/chromium"
  static var page: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appending(path: "Peers/browser_peer.html")
  }
  static var hasChromium: Bool {
    WindowTests.hasDisplay && WindowTests.hasXdotool && FileManager.default.isExecutableFile(atPath: chromium)
  }

  /// Starts our program with `ours` and Chromium on the page with `query`, waits for both,
  /// then plays xdotool `steps`.
  func withChromium(
    ours: [String], executable: URL = Probe.executable, allowedCriticals: [String] = [], query: [String: String],
    steps: [String], check: (_ ours: Probe, _ chromium: Probe) throws -> Void
  ) throws {
    try DisplayLock.withExclusiveDisplay {
      let profile = FileManager.default.temporaryDirectory.appending(path: "chromium-\(UUID().uuidString)")
      defer { try? FileManager.default.removeItem(at: profile) }
      let probe = try Probe.start(ours, executable: executable, allowedCriticals: allowedCriticals)
      defer { probe.terminate() }
      _ = try #require(probe.waitForLine(startingWith: "ready", timeout: 30), "\(probe.output)")
      var page = URLComponents(url: Self.page, resolvingAgainstBaseURL: false)!
      page.queryItems = query.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) }
      // Root needs --no-sandbox, and --test-type keeps the warning bar about it away, so the
      // page starts at the window's top.
      let browser = try Probe.start(
        [
          "--no-sandbox", "--test-type", "--enable-logging=stderr", "--user-data-dir=\(profile.path)",
          "--no-first-run", "--disable-gpu", "--ozone-platform=x11", "--password-store=basic",
          "--window-position=600,0", "--window-size=600,400", "--app=\(page.url!.absoluteString)",
        ], executable: URL(fileURLWithPath: Self.chromium))
      defer { browser.terminate() }
      let ready = browser.waitForAnyLine(timeout: 60) { $0.contains("\"peer: ready\"") }
      _ = try #require(ready, "\(browser.output)")
      try Probe.xdotool(steps)
      try check(probe, browser)
      try probe.expectClickHeard(mode: ours.first) { try PeerDragTests.clickOurWindow() }
    }
  }

  /// xdotool steps: press at the first point, move through the rest a tenth of a second
  /// apart, hover, release. Chromium starts a drag after small first moves.
  static func drag(along path: [(Int, Int)], after prelude: [String] = []) -> [String] {
    var steps =
      prelude + ["mousemove", "\(path[0].0)", "\(path[0].1)", "sleep", "0.2", "mousedown", "1", "sleep", "0.1"]
    for (x, y) in path.dropFirst() { steps += ["mousemove", "\(x)", "\(y)", "sleep", "0.1"] }
    return steps + ["sleep", "0.3", "mouseup", "1"]
  }

  /// From a point of Chromium's page to the probe's drop window.
  static func intoProbe(from start: (Int, Int)) -> [(Int, Int)] {
    [start, (start.0 - 2, start.1 + 1), (start.0 - 5, start.1 + 2), (start.0 - 40, start.1 + 10)]
      + [(550, 140), (400, 150), (250, 150), (200, 150), (201, 151)]
  }

  /// GTK 4.8 prints this for a drop of Chromium's selected text into any GTK 4 program: a
  /// plain `GtkDropTarget` in python3-gi prints it too
  /// (``gtksOwnDropTargetPrintsTheSameCriticalForChromiumsText()``).
  static let chromiumTextDropCritical = "gdk_drop_set_actions: assertion 'priv->state == GDK_DROP_STATE_NONE' failed"

  func dropIntoProbe(from start: (Int, Int), prelude: [String] = [], query: [String: String] = [:]) throws -> [String] {
    let title = "DragDropGTK-drop-\(ProcessInfo.processInfo.processIdentifier)"
    var lines: [String] = []
    try withChromium(
      ours: ["drop", title], allowedCriticals: [Self.chromiumTextDropCritical],
      query: query.merging(["mode": "source"]) { $1 },
      steps: Self.drag(along: Self.intoProbe(from: start), after: prelude)
    ) { probe, _ in
      probe.waitForDropToSettle()
      lines = probe.lines
    }
    return lines
  }

  @Test(.enabled(if: hasChromium, "needs an X display, xdotool and Chromium"))
  func japaneseTextSelectedInChromiumArrivesExactly() throws {
    // A triple click selects the line; the drag starts on the selection.
    let lines = try dropIntoProbe(
      from: (660, 35),
      prelude: ["mousemove", "660", "35", "click", "--repeat", "3", "--delay", "80", "1", "sleep", "0.5"])
    #expect(lines.contains("dropped 北海道の夏"), "\(lines)")
    #expect(lines.contains("types [\"public.utf8-plain-text\"] local=none"), "\(lines)")
  }

  /// The evidence for ``chromiumTextDropCritical``: the same drag into the GTK 4 peer, a
  /// plain `GtkDropTarget` of GTK's own, prints the same critical as it receives the text.
  @Test(.enabled(if: hasChromium && PeerDragTests.hasPeer, "needs an X display, xdotool, Chromium and python3-gi"))
  func gtksOwnDropTargetPrintsTheSameCriticalForChromiumsText() throws {
    let title = "DragDropGTK-peer-\(ProcessInfo.processInfo.processIdentifier)"
    try withChromium(
      ours: [PeerDragTests.peerScript.path, "target", title], executable: URL(fileURLWithPath: PeerDragTests.python),
      query: ["mode": "source"],
      steps: Self.drag(
        along: Self.intoProbe(from: (660, 35)),
        after: ["mousemove", "660", "35", "click", "--repeat", "3", "--delay", "80", "1", "sleep", "0.5"])
    ) { peer, _ in
      #expect(peer.waitForAnyLine(startingWith: "received", timeout: 20) == "received 北海道の夏", "\(peer.output)")
      #expect(
        peer.waitForAnyLine(timeout: 20) { $0.contains(Self.chromiumTextDropCritical) } != nil, "\(peer.output)")
    }
  }

  /// Text dragged out of a page's field into a window that takes it as a move: the text
  /// arrives whole. Chromium on X11 tells its page the drag ended with "none" and keeps the
  /// text in its field, as it does for GTK's own drop target
  /// (``textMovedOutOfAChromiumFieldIntoGTKsOwnTarget()``).
  @Test(.enabled(if: hasChromium, "needs an X display, xdotool and Chromium"))
  func textMovedOutOfAChromiumField() throws {
    let title = "DragDropGTK-drop-\(ProcessInfo.processInfo.processIdentifier)"
    try dragOutOfTheField(into: ["drop-move", title], allowedCriticals: [Self.chromiumTextDropCritical]) { probe in
      probe.waitForDropToSettle()
      #expect(probe.lines.contains("dropped 北海道の夏"), "\(probe.output)")
    }
  }

  /// The evidence for ``textMovedOutOfAChromiumField()``: the same drag into the GTK 4 peer,
  /// whose own `GtkDropTarget` takes it as a move.
  @Test(.enabled(if: hasChromium && PeerDragTests.hasPeer, "needs an X display, xdotool, Chromium and python3-gi"))
  func textMovedOutOfAChromiumFieldIntoGTKsOwnTarget() throws {
    let title = "DragDropGTK-peer-\(ProcessInfo.processInfo.processIdentifier)"
    try dragOutOfTheField(
      into: [PeerDragTests.peerScript.path, "target-move", title],
      executable: URL(fileURLWithPath: PeerDragTests.python)
    ) { peer in
      #expect(peer.waitForAnyLine(startingWith: "received", timeout: 20) == "received 北海道の夏", "\(peer.output)")
    }
  }

  /// Selects the text of the page's field (`?mode=field`) and drags it into the window of
  /// `target` (at the top left), which takes it as a move; then checks the window with
  /// `check`, and that the field kept its text and the page heard "none".
  func dragOutOfTheField(
    into target: [String], executable: URL = Probe.executable, allowedCriticals: [String] = [],
    check: @escaping (Probe) throws -> Void
  ) throws {
    let point = (600 + WaylandBrowserDragTests.fieldText.x, WaylandBrowserDragTests.fieldText.y)
    try withChromium(
      ours: target, executable: executable, allowedCriticals: allowedCriticals, query: ["mode": "field"],
      steps: Self.drag(
        along: Self.intoProbe(from: point),
        after: [
          "mousemove", "\(point.0)", "\(point.1)", "click", "--repeat", "3", "--delay", "80", "1", "sleep", "0.5",
        ])
    ) { window, browser in
      try check(window)
      WaylandBrowserDragTests.expectFieldKept(browser, ending: "none")
    }
  }

  @Test(.enabled(if: hasChromium, "needs an X display, xdotool and Chromium"))
  func aLinkFromChromiumArrivesAsItsURL() throws {
    // Chromium offers a link as text/x-moz-url and _NETSCAPE_URL, with no text/uri-list.
    let lines = try dropIntoProbe(from: (660, 112))
    #expect(lines.contains("dropped-url https://example.org/%E5%8C%97%E6%B5%B7%E9%81%93"), "\(lines)")
    #expect(lines.contains("types [\"public.url\", \"public.utf8-plain-text\"] local=none"), "\(lines)")
  }

  @Test(.enabled(if: hasChromium, "needs an X display, xdotool and Chromium"))
  func anImageFromChromiumArrivesAsTheImage() async throws {
    // Chromium offers an image as application/octet-stream beside XdndDirectSave0, with no
    // image type: the bytes say what it is.
    let file = FileManager.default.temporaryDirectory.appending(path: "chromium-\(UUID().uuidString).png")
    defer { try? FileManager.default.removeItem(at: file) }
    try await Self.writeSquare(to: file)
    let lines = try dropIntoProbe(from: (665, 210), query: ["image": file.absoluteString])
    #expect(lines.contains("dropped-image public.png 96x64"), "\(lines)")
    #expect(lines.contains("dropped-url \(file.absoluteString)"), "\(lines)")
  }

  /// A web page's image: the red square, served over HTTP on this machine by Python's
  /// `http.server`, at ``address``.
  final class SquareSite {
    let directory: TemporaryDirectory
    let server: Probe
    let address: String

    init() async throws {
      directory = try TemporaryDirectory()
      try await BrowserDragTests.writeSquare(to: directory.url.appending(path: "square.png"))
      server = try Probe.start(
        ["-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", directory.url.path],
        executable: URL(fileURLWithPath: "/usr/bin/python3"))
      let serving = server.waitForLine(startingWith: "Serving HTTP", timeout: 20)
      let words = serving?.split(separator: " ") ?? []
      guard let port = words.firstIndex(of: "port").map({ words[$0 + 1] }) else {
        server.terminate()
        throw NoServer(description: "no HTTP server: \(server.output)")
      }
      address = "http://127.0.0.1:\(port)/square.png"
    }

    struct NoServer: Error, CustomStringConvertible { var description: String }

    func close() { server.terminate() }
  }

  /// A red 96 × 64 PNG, decodable by a browser.
  @MainActor static func writeSquare(to file: URL) throws {
    let square = View(frame: Rect(x: 0, y: 0, width: 96, height: 64))
    square.backgroundColor = Color(red: 0.8, green: 0.2, blue: 0.3)
    try HeadlessRenderer.render(square).writePNG(to: file)
  }

  @Test(.enabled(if: hasChromium, "needs an X display, xdotool and Chromium"))
  func ourJapaneseTextArrivesInChromium() throws {
    let title = "DragDropGTK-drag-\(ProcessInfo.processInfo.processIdentifier)"
    let path = [(100, 100), (110, 100), (130, 100), (200, 120), (400, 150), (650, 150), (700, 150), (701, 151)]
    try withChromium(ours: ["drag", title, "北海道の夏 🌻"], query: ["mode": "target"], steps: Self.drag(along: path)) {
      probe, browser in
      let got = browser.waitForAnyLine(timeout: 20) { $0.contains("\"peer: got") }
      // As the page's encodeURIComponent writes it.
      let kept = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.!~*'()")
      let encoded = "北海道の夏 🌻".addingPercentEncoding(withAllowedCharacters: kept)!
      #expect(got?.contains("\"peer: got text/plain=\(encoded)\"") == true, "\(browser.output)")
      // The page took the move our drag offered, and said so in its XdndFinished.
      let ended = probe.waitForAnyLine(startingWith: "call source.didEnd", timeout: 20)
      #expect(ended == "call source.didEnd(move)", "\(probe.output)")
    }
  }

  /// A page that takes nothing: the drop there is a cancel, and the source keeps its item.
  @Test(.enabled(if: hasChromium, "needs an X display, xdotool and Chromium"))
  func aMoveChromiumRefusedIsACancel() throws {
    let title = "DragDropGTK-drag-\(ProcessInfo.processInfo.processIdentifier)"
    let path = [(100, 100), (110, 100), (130, 100), (200, 120), (400, 150), (650, 150), (700, 150), (701, 151)]
    try withChromium(
      ours: ["drag", title, "青森"], query: ["mode": "target", "refuse": "1"], steps: Self.drag(along: path)
    ) { probe, browser in
      #expect(
        WaylandDragTests().sourceCalls(probe) == PeerDragTests.lift + WaylandDragTests.cancelled, "\(probe.output)")
      #expect(!browser.lines.contains { $0.contains("peer: got") }, "\(browser.output)")
    }
  }

  /// The percent-encoding of the page's `encodeURIComponent`.
  static func encoded(_ text: String) -> String {
    let kept = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.!~*'()")
    return text.addingPercentEncoding(withAllowedCharacters: kept)!
  }

  @Test(.enabled(if: hasChromium, "needs an X display, xdotool and Chromium"))
  func japaneseTextCopiedInChromiumPastesHere() throws {
    let title = "DragDropGTK-clipboard-\(ProcessInfo.processInfo.processIdentifier)"
    // A triple click selects the page's text; Control-C copies it.
    let steps =
      ["mousemove", "660", "36", "sleep", "0.2", "click", "--repeat", "3", "--delay", "80", "1", "sleep", "0.3"]
      + ["key", "ctrl+c"]
    try withChromium(ours: ["clipboard", title], query: [:], steps: steps) { probe, browser in
      let line = probe.waitForAnyLine(timeout: 20) { $0.hasPrefix("pasteboard count") && $0.contains("北海道") }
      #expect(line?.contains("string=北海道の夏") == true, "\(probe.output)")
      #expect(line?.contains("public.utf8-plain-text") == true, "\(probe.output)")
    }
  }

  /// A right click on the page's image, then Chromium's "Copy image" (its access key, Y).
  @Test(.enabled(if: hasChromium, "needs an X display, xdotool and Chromium"))
  func anImageCopiedInChromiumPastesAsTheImage() async throws {
    let file = FileManager.default.temporaryDirectory.appending(path: "chromium-\(UUID().uuidString).png")
    defer { try? FileManager.default.removeItem(at: file) }
    try await Self.writeSquare(to: file)
    let title = "DragDropGTK-clipboard-\(ProcessInfo.processInfo.processIdentifier)"
    let steps = ["mousemove", "665", "210", "sleep", "0.2", "click", "3", "sleep", "0.8", "key", "y"]
    try withChromium(
      ours: ["clipboard", title], query: ["mode": "source", "image": file.absoluteString], steps: steps
    ) { probe, _ in
      // Chromium may first take the clipboard with nothing on it, then the image.
      let line = probe.waitForAnyLine(timeout: 20) { $0.hasPrefix("pasteboard count") && $0.contains("public.png") }
      #expect(line?.hasSuffix("image=96×64") == true, "\(probe.output)")
    }
  }

  @Test(.enabled(if: hasChromium, "needs an X display, xdotool and Chromium"))
  func japaneseTextCopiedHerePastesInChromium() throws {
    let title = "DragDropGTK-clipboard-\(ProcessInfo.processInfo.processIdentifier)"
    let steps = ["mousemove", "900", "200", "sleep", "0.2", "click", "1", "sleep", "0.3", "key", "ctrl+v"]
    try withChromium(ours: ["clipboard", title, "青森のりんご 🍎"], query: ["mode": "paste"], steps: steps) {
      probe, browser in
      #expect(probe.lines.contains("copied"))
      let pasted = browser.waitForAnyLine(timeout: 20) { $0.contains("\"peer: pasted") }
      #expect(
        pasted?.contains("text/plain=\(Self.encoded("青森のりんご 🍎"))") == true, "\(browser.output.suffix(2000))")
    }
  }
}
