import DragDrop
import Foundation
import TestSupport
import Testing

/// Drags between browsers and our windows on Wayland, on sway and on GNOME's mutter
/// (``WaylandDragTests/Session``): Chromium (`--ozone-platform=wayland`) and Firefox ESR
/// (`MOZ_ENABLE_WAYLAND=1`) show `Tests/Peers/browser_peer.html` on the right half of the
/// screen, and the GTKProbe's window is on the left. The page says where it starts in its
/// window, and the window's size, whenever the size changes; the tests aim once the window
/// fills its half.
@Suite("Drags with browsers on Wayland", .serialized)
struct WaylandBrowserDragTests {
  enum Browser: String, CustomTestStringConvertible, Sendable {
    case chromium, firefox
    var testDescription: String { rawValue }

    var isInstalled: Bool {
      FileManager.default.isExecutableFile(
        atPath: self == .chromium ? BrowserDragTests.chromium : FirefoxDragTests.firefox)
    }
  }

  /// Every installed browser on every compositor here.
  static var cases: [(Browser, WaylandDragTests.Compositor)] {
    [Browser.chromium, .firefox].filter(\.isInstalled).flatMap { browser in
      WaylandDragTests.compositors.map { (browser, $0) }
    }
  }

  /// Starts the probe (`ours`) on the left and `browser` on the page with `query` on the
  /// right, and runs `body` with where the page starts on the screen.
  func withBrowser(
    _ browser: Browser, on compositor: WaylandDragTests.Compositor, ours: [String], executable: URL = Probe.executable,
    query: [String: String],
    body: (_ session: WaylandDragTests.Session, _ ours: Probe, _ browser: Probe, _ page: (x: Int, y: Int)) throws ->
      Void
  ) throws {
    try WaylandDragTests.withProbe(on: compositor, ours: ours, executable: executable) { session, probe in
      let profile = try TemporaryDirectory()
      var page = URLComponents(url: BrowserDragTests.page, resolvingAgainstBaseURL: false)!
      page.queryItems = query.sorted { $0.key < $1.key }.map { URLQueryItem(name: $0.key, value: $0.value) }
      let peer: Probe
      switch browser {
      case .chromium:
        peer = try session.start(
          [
            "--no-sandbox", "--test-type", "--enable-logging=stderr", "--user-data-dir=\(profile.url.path)",
            "--no-first-run", "--disable-gpu", "--ozone-platform=wayland", "--password-store=basic",
            "--window-size=600,400", "--app=\(page.url!.absoluteString)",
          ], executable: URL(fileURLWithPath: BrowserDragTests.chromium), isReady: { $0.contains("peer: ready") })
      case .firefox:
        try Data(FirefoxDragTests.preferences.utf8).write(to: profile.url.appending(path: "user.js"))
        peer = try session.start(
          [
            "--no-remote", "--new-instance", "--profile", profile.url.path, "--width", "600", "--height", "400",
            page.url!.absoluteString,
          ], executable: URL(fileURLWithPath: FirefoxDragTests.firefox),
          environment: ["MOZ_ENABLE_WAYLAND": "1", "HOME": profile.url.path],
          isReady: { $0.contains("peer: ready") })
      }
      defer { peer.terminate(grace: 2) }
      // The page's origin once its window fills the right half. The window's size counts
      // its shadow, which reaches past the half's edges as far on each side.
      let origin = try #require(
        peer.waitForAnyLine(timeout: 20) { line in
          let numbers = Self.numbers(in: line)
          return numbers.count == 4 && numbers[2] >= 640 && numbers[3] >= 800
        }, "\(peer.output.suffix(3000))")
      let numbers = Self.numbers(in: origin)
      try session.waitUntilStill()
      try body(session, probe, peer, (640 - (numbers[2] - 640) / 2 + numbers[0], -(numbers[3] - 800) / 2 + numbers[1]))
    }
  }

  /// Runs `expectations` about a drop of ours into a page. Firefox ESR 115 on Wayland now
  /// and then ends such a drop as a cancel, after its page saw the drag (in six of some forty
  /// such drops on 28 November 2026, on sway and on mutter; Chromium in none): for Firefox, a
  /// failure is recorded as that known issue, and the interop article says so.
  static func withFirefoxsCancelledDrops(_ browser: Browser, _ expectations: () -> Void) {
    guard browser == .firefox else { return expectations() }
    withKnownIssue("Firefox on Wayland now and then ends a drop into its page as a cancel", isIntermittent: true) {
      expectations()
    }
  }

  /// Drags our label into the page, and releases once the page has seen the drag (its first
  /// dragover) and a moment more, or after 5 s: a browser on a busy machine can take a while.
  func dragIntoPage(_ session: WaylandDragTests.Session, _ browser: Probe, _ page: (x: Int, y: Int)) throws {
    let seen = browser.lines.count
    try session.drag(
      along: WaylandDragTests.outward.dropLast(2) + [(page.x + 260, 300), (page.x + 261, 301)], hover: 5000
    ) {
      guard browser.lines.dropFirst(seen).contains(where: { $0.contains("peer: over") }) else {
        // Looked at again a little later, leaving the cores to the browser and the compositor.
        try session.pause(milliseconds: 50)
        return false
      }
      // The page answers the compositor after its handler: a hand rests a moment more.
      try session.pause(milliseconds: 300)
      return true
    }
  }

  /// The numbers of a page's `origin` line.
  static func numbers(in line: String) -> [Int] {
    guard let range = line.range(of: "peer: origin ") else { return [] }
    return line[range.upperBound...].prefix { $0 != "\"" }.split(separator: " ").compactMap { Int($0) }
  }

  /// From a point of the page into the probe's drop window (the left half). The pointer
  /// moves and rests inside the page first: Firefox on Wayland starts its drag some moves
  /// after the threshold, and never once the pointer has left its window.
  static func intoProbe(from start: (x: Int, y: Int)) -> [(Int, Int)] {
    let inside = [(2, 1), (5, 2), (15, 5), (25, 7), (35, 9), (35, 9), (35, 9), (35, 9)].map {
      (start.x - $0.0, start.y + $0.1)
    }
    return [start] + inside + [(600, 150), (450, 150), (300, 150), (301, 151)]
  }

  /// Selects the line at `point` with a triple click, and looks: a browser that took it for
  /// a double click (a word) gets the triple click again, as a person would give it, up to
  /// three times.
  func selectLine(at point: (x: Int, y: Int), in session: WaylandDragTests.Session, browser: Probe) throws {
    let line = "peer: selected \(BrowserDragTests.encoded("北海道の夏"))"
    for _ in 0..<3 {
      let seen = browser.lines.count
      try session.click(at: point, count: 3)
      let deadline = Date().addingTimeInterval(3)
      while Date() < deadline {
        if browser.lines.dropFirst(seen).last(where: { $0.contains("peer: selected") })?.contains(line) == true {
          return
        }
        try session.pause(milliseconds: 50)
      }
    }
  }

  /// Drags from `start` on the page into the probe's drop window, and returns the probe's
  /// lines once the drop session has ended.
  func dropIntoProbe(
    _ browser: Browser, on compositor: WaylandDragTests.Compositor, from start: (x: Int, y: Int),
    selecting: Bool = false, query: [String: String] = [:], ours: String = "drop",
    page pageCheck: (Probe) -> Void = { _ in }
  ) throws -> [String] {
    var lines: [String] = []
    try withBrowser(
      browser, on: compositor, ours: [ours, "DragDropGTK-wayland-ours"],
      query: query.merging(["mode": "source"]) { old, _ in old }
    ) { session, probe, peer, page in
      let point = (x: page.x + start.x, y: page.y + start.y)
      // A triple click selects the line; the drag starts on the selection.
      if selecting { try selectLine(at: point, in: session, browser: peer) }
      try session.drag(along: Self.intoProbe(from: point))
      // A browser now and then starts no drag from the first press (nothing reached our
      // window): the hand tries once more, as a person would.
      if probe.waitForAnyLine(startingWith: "call target.canHandle", timeout: 3) == nil {
        try session.drag(along: Self.intoProbe(from: point))
      }
      // A load may end after the session: what it brought, or its error.
      probe.waitForDropToSettle()
      lines = probe.lines
      pageCheck(peer)
    }
    return lines
  }

  /// Text dragged out of a page's field into a window that takes it as a move: the text
  /// arrives whole. Neither browser takes text out of its field for a move into another
  /// application, as the same drag into GTK's own drop target shows
  /// (``textMovedOutOfABrowsersFieldIntoGTKsOwnTarget(_:on:)``); Chromium's page hears the
  /// move, Firefox's hears "none".
  @Test(.enabled(if: !cases.isEmpty, "needs Chromium or Firefox, and sway or mutter"), arguments: cases)
  func textMovedOutOfABrowsersField(_ browser: Browser, on compositor: WaylandDragTests.Compositor) throws {
    let lines = try dropIntoProbe(
      browser, on: compositor, from: Self.fieldText, selecting: true, query: ["mode": "field"], ours: "drop-move"
    ) { page in
      Self.expectFieldKept(page, ending: browser == .chromium ? "move" : "none")
    }
    #expect(lines.contains("dropped 北海道の夏"), "\(lines)")
    #expect(lines.contains("call target.performDrop"), "\(lines)")
  }

  /// The evidence for ``textMovedOutOfABrowsersField(_:on:)``: the same drag into the GTK 4
  /// peer, whose own `GtkDropTarget` takes it as a move, ends the same way in each browser.
  @Test(
    .enabled(if: !cases.isEmpty && PeerDragTests.hasPeer, "needs a browser, python3-gi, and sway or mutter"),
    arguments: cases)
  func textMovedOutOfABrowsersFieldIntoGTKsOwnTarget(
    _ browser: Browser, on compositor: WaylandDragTests.Compositor
  ) throws {
    try withBrowser(
      browser, on: compositor, ours: [PeerDragTests.peerScript.path, "target-move", "DragDropGTK-wayland-peer"],
      executable: URL(fileURLWithPath: PeerDragTests.python), query: ["mode": "field"]
    ) { session, peer, page, origin in
      let point = (x: origin.x + Self.fieldText.x, y: origin.y + Self.fieldText.y)
      try selectLine(at: point, in: session, browser: page)
      try session.drag(along: Self.intoProbe(from: point))
      if peer.waitForAnyLine(startingWith: "formats", timeout: 3) == nil {
        try session.drag(along: Self.intoProbe(from: point))
      }
      #expect(peer.waitForAnyLine(startingWith: "received", timeout: 20) == "received 北海道の夏", "\(peer.output)")
      Self.expectFieldKept(page, ending: browser == .chromium ? "move" : "none")
    }
  }

  /// A point on the text of the page's field (`?mode=field`), from where the page starts.
  static let fieldText = (x: 60, y: 37)

  /// What a browser's page says once text dragged out of its field was dropped in another
  /// application as a move: the field still holds the text, and the drag ended with
  /// `ending` (the page's `dropEffect`).
  static func expectFieldKept(_ page: Probe, ending: String) {
    let field = page.waitForAnyLine(timeout: 10) { $0.contains("peer: field") }
    #expect(field.flatMap(fieldValue) == "北海道の夏", "\(page.output.suffix(2000))")
    #expect(page.lines.contains { $0.contains("peer: dragend \(ending)") }, "\(page.output.suffix(2000))")
  }

  /// The value of a page's `peer: field` line, decoded.
  static func fieldValue(_ line: String) -> String? {
    guard let range = line.range(of: "peer: field ") else { return nil }
    return line[range.upperBound...].prefix { $0 != "\"" }.removingPercentEncoding
  }

  @Test(.enabled(if: !cases.isEmpty, "needs Chromium or Firefox, and sway or mutter"), arguments: cases)
  func japaneseTextSelectedInABrowserArrivesExactly(
    _ browser: Browser, on compositor: WaylandDragTests.Compositor
  ) throws {
    let lines = try dropIntoProbe(browser, on: compositor, from: (60, 40), selecting: true)
    #expect(lines.contains("dropped 北海道の夏"), "\(lines)")
  }

  @Test(.enabled(if: !cases.isEmpty, "needs Chromium or Firefox, and sway or mutter"), arguments: cases)
  func aLinkFromABrowserArrivesAsItsURL(_ browser: Browser, on compositor: WaylandDragTests.Compositor) throws {
    let lines = try dropIntoProbe(browser, on: compositor, from: (45, 118))
    #expect(lines.contains("dropped-url https://example.org/%E5%8C%97%E6%B5%B7%E9%81%93"), "\(lines)")
    #expect(lines.contains("items 1"), "\(lines)")
  }

  /// A web page's image, served over HTTP: one item that loads as the image and as its
  /// address.
  @Test(.enabled(if: !cases.isEmpty, "needs Chromium or Firefox, and sway or mutter"), arguments: cases)
  func aWebImageArrivesAsTheImageWithItsAddress(
    _ browser: Browser, on compositor: WaylandDragTests.Compositor
  ) async throws {
    let site = try await BrowserDragTests.SquareSite()
    defer { site.close() }
    let address = site.address
    let lines = try dropIntoProbe(browser, on: compositor, from: (48, 212), query: ["image": address])
    #expect(lines.contains("items 1"), "\(lines)")
    #expect(lines.contains("dropped-image public.png 96x64"), "\(lines)")
    #expect(!lines.contains { $0.contains("already registered") }, "\(lines)")
  }

  @Test(.enabled(if: !cases.isEmpty, "needs Chromium or Firefox, and sway or mutter"), arguments: cases)
  func ourJapaneseTextArrivesInABrowser(_ browser: Browser, on compositor: WaylandDragTests.Compositor) throws {
    try withBrowser(
      browser, on: compositor, ours: ["drag", "DragDropGTK-wayland-ours", "北海道の夏 🌻"], query: ["mode": "target"]
    ) { session, probe, peer, page in
      try dragIntoPage(session, peer, page)
      Self.withFirefoxsCancelledDrops(browser) {
        let got = peer.waitForAnyLine(timeout: 20) { $0.contains("peer: got") }
        #expect(got?.contains("text/plain=\(BrowserDragTests.encoded("北海道の夏 🌻"))") == true, "\(peer.output)")
        let ended = probe.waitForAnyLine(startingWith: "call source.didEnd", timeout: 20)
        #expect(ended != nil && ended != "call source.didEnd(cancel)", "\(probe.output)")
      }
    }
  }

  /// A page that asks for a move takes it: our source hears a move.
  @Test(.enabled(if: !cases.isEmpty, "needs Chromium or Firefox, and sway or mutter"), arguments: cases)
  func aMoveABrowserTookEndsAsAMove(_ browser: Browser, on compositor: WaylandDragTests.Compositor) throws {
    try withBrowser(
      browser, on: compositor, ours: ["drag", "DragDropGTK-wayland-ours", "青森"],
      query: ["mode": "target", "effect": "move"]
    ) { session, probe, peer, page in
      try dragIntoPage(session, peer, page)
      Self.withFirefoxsCancelledDrops(browser) {
        #expect(peer.waitForAnyLine(timeout: 20) { $0.contains("peer: got") }?.contains("text/plain=") == true)
        #expect(
          WaylandDragTests().sourceCalls(probe)
            == PeerDragTests.lift + ["source.willEnd(move)", "source.didEnd(move)", "source.sessionDidTransferItems"],
          "\(probe.output)")
      }
    }
  }

  /// A page that takes nothing: the drop there is a cancel, and the source keeps its item.
  @Test(.enabled(if: !cases.isEmpty, "needs Chromium or Firefox, and sway or mutter"), arguments: cases)
  func aMoveABrowserRefusedIsACancel(_ browser: Browser, on compositor: WaylandDragTests.Compositor) throws {
    try withBrowser(
      browser, on: compositor, ours: ["drag", "DragDropGTK-wayland-ours", "青森"],
      query: ["mode": "target", "refuse": "1"]
    ) { session, probe, peer, page in
      try dragIntoPage(session, peer, page)
      Self.expectRefused(browser, calls: WaylandDragTests().sourceCalls(probe), page: peer)
    }
  }

  /// What a drop into a page that refused it must leave: the page saw the drag and got
  /// nothing, and our source heard a cancel. Firefox ESR 115 now and then finishes such a
  /// drop as a move, on X11 as on Wayland (the interop article says so): for Firefox that
  /// ending is recorded as a known issue, and any other is a failure.
  static func expectRefused(_ browser: Browser, calls: [String], page: Probe) {
    #expect(page.lines.contains { $0.contains("peer: over") }, "the page never saw the drag: \(page.output)")
    #expect(!page.lines.contains { $0.contains("peer: got") }, "\(page.output)")
    let cancelled = PeerDragTests.lift + WaylandDragTests.cancelled
    let moved = PeerDragTests.lift + ["source.willEnd(move)", "source.didEnd(move)", "source.sessionDidTransferItems"]
    guard browser == .firefox, calls == moved else {
      #expect(calls == cancelled)
      return
    }
    withKnownIssue("Firefox ESR 115 now and then finishes a drop its page refused as a move", isIntermittent: true) {
      #expect(calls == cancelled)
    }
  }
}
