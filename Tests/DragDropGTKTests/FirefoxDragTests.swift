import DragDrop
import Foundation
import TestSupport
import Testing

/// Drags between Firefox ESR and our windows, with real X input from xdotool. Firefox shows
/// `Tests/Peers/browser_peer.html` in a window moved to x = 600 (its tab strip and toolbar
/// above the page: the page says where it starts), with a profile of its own that writes
/// the page's console to standard error. The GTKProbe's window is at the top left.
///
/// A web image comes from a local HTTP server, as a page's images do: Firefox offers its
/// bytes as `image/png` beside a `text/uri-list` with its http address.
@Suite("Drags with Firefox", .serialized)
struct FirefoxDragTests {
  static let firefox = "/usr/bin/firefox-esr"
  static var hasFirefox: Bool {
    WindowTests.hasDisplay && WindowTests.hasXdotool && FileManager.default.isExecutableFile(atPath: firefox)
  }

  /// The preferences of a profile that starts quietly on the page and logs its console.
  static let preferences = """
    user_pref("devtools.console.stdout.content", true);
    user_pref("browser.shell.checkDefaultBrowser", false);
    user_pref("browser.startup.homepage_override.mstone", "ignore");
    user_pref("datareporting.policy.dataSubmissionEnabled", false);
    user_pref("toolkit.telemetry.reportingpolicy.firstRun", false);
    user_pref("browser.aboutwelcome.enabled", false);
    user_pref("browser.sessionstore.resume_from_crash", false);
    user_pref("browser.tabs.warnOnClose", false);

    """

  /// Starts our program with `ours` and Firefox on the page with `query`, moves Firefox's
  /// window to x = 600, and runs `body` with where the page starts on the screen.
  func withFirefox(
    ours: [String], executable: URL = Probe.executable, query: [String: String],
    body: (_ ours: Probe, _ firefox: Probe, _ page: (x: Int, y: Int)) throws -> Void
  ) throws {
    try DisplayLock.withExclusiveDisplay {
      let profile = try TemporaryDirectory()
      try Data(Self.preferences.utf8).write(to: profile.url.appending(path: "user.js"))
      let probe = try Probe.start(ours, executable: executable)
      defer { probe.terminate() }
      _ = try #require(probe.waitForLine(startingWith: "ready", timeout: 30), "\(probe.output)")
      var page = URLComponents(url: BrowserDragTests.page, resolvingAgainstBaseURL: false)!
      page.queryItems = query.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) }
      let browser = try Probe.start(
        [
          "--no-remote", "--new-instance", "--profile", profile.url.path, "--width", "600", "--height", "400",
          page.url!.absoluteString,
        ], executable: URL(fileURLWithPath: Self.firefox), environment: ["MOZ_ENABLE_WAYLAND": "0"])
      defer { browser.terminate(grace: 2) }
      _ = try #require(browser.waitForAnyLine(timeout: 60) { $0.contains("peer: ready") }, "\(browser.output)")
      let origin = try #require(browser.lines.first { $0.contains("peer: origin") }, "\(browser.output)")
      let numbers = origin.split(separator: " ").compactMap { Int($0.filter(\.isNumber)) }
      try #require(numbers.count == 4, "\(origin)")
      let window = try #require(
        Probe.xdotool(["search", "--onlyvisible", "--pid", "\(browser.pid)"]).split(separator: "\n").last
          .map(String.init), "no Firefox window")
      try Probe.xdotool(["windowmove", "--sync", window, "600", "0"])
      try body(probe, browser, (600 + numbers[0], numbers[1]))
      try probe.expectClickHeard(mode: ours.first) { try PeerDragTests.clickOurWindow() }
    }
  }

  /// Drags from `start` on the page into the probe's drop window, and returns the probe's
  /// lines once the drop session has ended.
  func dropIntoProbe(
    from start: (x: Int, y: Int), selecting: Bool = false, query: [String: String] = [:]
  ) throws -> [String] {
    let title = "DragDropGTK-drop-\(ProcessInfo.processInfo.processIdentifier)"
    var lines: [String] = []
    try withFirefox(ours: ["drop", title], query: query.merging(["mode": "source"]) { $1 }) { probe, _, page in
      let point = (page.x + start.x, page.y + start.y)
      // A triple click selects the line; the drag starts on the selection.
      let prelude =
        selecting
        ? ["mousemove", "\(point.0)", "\(point.1)", "click", "--repeat", "3", "--delay", "80", "1", "sleep", "0.5"]
        : []
      try Probe.xdotool(BrowserDragTests.drag(along: BrowserDragTests.intoProbe(from: point), after: prelude))
      probe.waitForDropToSettle()
      lines = probe.lines
      #expect(probe.criticals.isEmpty, "\(probe.criticals)")
    }
    return lines
  }

  @Test(.enabled(if: hasFirefox, "needs an X display, xdotool and Firefox ESR"))
  func japaneseTextSelectedInFirefoxArrivesExactly() throws {
    let lines = try dropIntoProbe(from: (60, 40), selecting: true)
    #expect(lines.contains("dropped 北海道の夏"), "\(lines)")
  }

  /// Text dragged out of a page's field into a window that takes it as a move: the text
  /// arrives whole. Firefox on X11 ends the drag as a copy and keeps the text in its field,
  /// as it does for GTK's own drop target
  /// (``textMovedOutOfAFirefoxFieldIntoGTKsOwnTarget()``).
  @Test(.enabled(if: hasFirefox, "needs an X display, xdotool and Firefox ESR"))
  func textMovedOutOfAFirefoxField() throws {
    try dragOutOfTheField(into: ["drop-move", "DragDropGTK-drop-\(ProcessInfo.processInfo.processIdentifier)"]) {
      probe in
      probe.waitForDropToSettle()
      #expect(probe.lines.contains("dropped 北海道の夏"), "\(probe.output)")
      #expect(probe.criticals.isEmpty, "\(probe.criticals)")
    }
  }

  /// The evidence for ``textMovedOutOfAFirefoxField()``: the same drag into the GTK 4 peer,
  /// whose own `GtkDropTarget` takes it as a move.
  @Test(.enabled(if: hasFirefox && PeerDragTests.hasPeer, "needs an X display, xdotool, Firefox ESR and python3-gi"))
  func textMovedOutOfAFirefoxFieldIntoGTKsOwnTarget() throws {
    try dragOutOfTheField(
      into: [
        PeerDragTests.peerScript.path, "target-move", "DragDropGTK-peer-\(ProcessInfo.processInfo.processIdentifier)",
      ],
      executable: URL(fileURLWithPath: PeerDragTests.python)
    ) { peer in
      #expect(peer.waitForAnyLine(startingWith: "received", timeout: 20) == "received 北海道の夏", "\(peer.output)")
    }
  }

  /// Selects the text of the page's field (`?mode=field`) and drags it into the window of
  /// `target` (at the top left), which takes it as a move; then checks the window with
  /// `check`, and that the field kept its text and the page heard a copy.
  func dragOutOfTheField(
    into target: [String], executable: URL = Probe.executable, check: (Probe) throws -> Void
  ) throws {
    try withFirefox(ours: target, executable: executable, query: ["mode": "field"]) { window, browser, page in
      let point = (page.x + WaylandBrowserDragTests.fieldText.x, page.y + WaylandBrowserDragTests.fieldText.y)
      let prelude = [
        "mousemove", "\(point.0)", "\(point.1)", "click", "--repeat", "3", "--delay", "80", "1", "sleep", "0.5",
      ]
      try Probe.xdotool(BrowserDragTests.drag(along: BrowserDragTests.intoProbe(from: point), after: prelude))
      try check(window)
      WaylandBrowserDragTests.expectFieldKept(browser, ending: "copy")
    }
  }

  @Test(.enabled(if: hasFirefox, "needs an X display, xdotool and Firefox ESR"))
  func aLinkFromFirefoxArrivesAsItsURL() throws {
    let lines = try dropIntoProbe(from: (45, 118))
    #expect(lines.contains("dropped-url https://example.org/%E5%8C%97%E6%B5%B7%E9%81%93"), "\(lines)")
    #expect(lines.contains("items 1"), "\(lines)")
  }

  /// An image of a web page: one item that loads as the image and as its web address, as
  /// UIKit gives a drop from Safari, not a link in the image's place.
  @Test(.enabled(if: hasFirefox, "needs an X display, xdotool and Firefox ESR"))
  func aWebImageFromFirefoxArrivesAsTheImageWithItsAddress() async throws {
    let site = try await BrowserDragTests.SquareSite()
    defer { site.close() }
    let address = site.address
    let lines = try dropIntoProbe(from: (48, 212), query: ["image": address])
    #expect(lines.contains("items 1"), "\(lines)")
    #expect(lines.contains("dropped-image public.png 96x64"), "\(lines)")
    #expect(lines.contains("dropped-url \(address)"), "\(lines)")
    // Firefox offers the address under three types; the item has each of its types once.
    #expect(!lines.contains { $0.contains("already registered") }, "\(lines)")
  }

  @Test(.enabled(if: hasFirefox, "needs an X display, xdotool and Firefox ESR"))
  func ourJapaneseTextArrivesInFirefox() throws {
    let title = "DragDropGTK-drag-\(ProcessInfo.processInfo.processIdentifier)"
    try withFirefox(ours: ["drag", title, "北海道の夏 🌻"], query: ["mode": "target"]) { probe, browser, page in
      let path =
        [(100, 100), (110, 100), (130, 100), (200, 120), (400, 150), (650, 150)]
        + [(page.x + 150, page.y + 150), (page.x + 151, page.y + 151)]
      try Probe.xdotool(BrowserDragTests.drag(along: path))
      let got = browser.waitForAnyLine(timeout: 20) { $0.contains("peer: got") }
      #expect(got?.contains("text/plain=\(BrowserDragTests.encoded("北海道の夏 🌻"))") == true, "\(browser.output)")
      let ended = probe.waitForAnyLine(startingWith: "call source.didEnd", timeout: 20)
      #expect(
        ended?.hasPrefix("call source.didEnd(") == true && ended != "call source.didEnd(cancel)", "\(probe.output)")
      #expect(probe.criticals.isEmpty, "\(probe.criticals)")
    }
  }

  /// Out of our window into Firefox's page, with the page's wish, and the source's calls
  /// once the drag has ended.
  func dragIntoFirefox(query: [String: String], check: (_ calls: [String], _ firefox: Probe) -> Void) throws {
    let title = "DragDropGTK-drag-\(ProcessInfo.processInfo.processIdentifier)"
    try withFirefox(ours: ["drag", title, "青森"], query: query.merging(["mode": "target"]) { $1 }) {
      probe, browser, page in
      let path =
        [(100, 100), (110, 100), (130, 100), (200, 120), (400, 150), (650, 150)]
        + [(page.x + 150, page.y + 150), (page.x + 151, page.y + 151)]
      try Probe.xdotool(BrowserDragTests.drag(along: path))
      check(WaylandDragTests().sourceCalls(probe), browser)
    }
  }

  /// A page that takes nothing: the drop there is a cancel, and the source keeps its item
  /// (but for Firefox's own occasional move, a known issue).
  @Test(.enabled(if: hasFirefox, "needs an X display, xdotool and Firefox ESR"))
  func aMoveFirefoxRefusedIsACancel() throws {
    try dragIntoFirefox(query: ["refuse": "1"]) { calls, browser in
      WaylandBrowserDragTests.expectRefused(.firefox, calls: calls, page: browser)
    }
  }

  /// A page that asks for a move takes it: our source hears a move, from Firefox's own
  /// XdndFinished.
  @Test(.enabled(if: hasFirefox, "needs an X display, xdotool and Firefox ESR"))
  func aMoveFirefoxTookEndsAsAMove() throws {
    try dragIntoFirefox(query: ["effect": "move"]) { calls, browser in
      #expect(browser.waitForAnyLine(timeout: 20) { $0.contains("peer: got") } != nil, "\(browser.output)")
      #expect(
        calls == PeerDragTests.lift + ["source.willEnd(move)", "source.didEnd(move)", "source.sessionDidTransferItems"])
    }
  }
}
