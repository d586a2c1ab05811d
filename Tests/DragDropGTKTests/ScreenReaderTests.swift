import Foundation
import TestSupport
import Testing

/// A keyboard drag in a real GTK window, heard through the accessibility bus as a screen
/// reader hears it: each announcement becomes the focused drawing area's accessible
/// description, which Orca speaks. `Tests/Peers/screen_reader.py` listens with pyatspi inside
/// its own D-Bus session, which it takes down when it ends.
@Suite("Screen readers", .serialized)
struct ScreenReaderTests {
  static var canListen: Bool {
    WindowTests.hasDisplay && WindowTests.hasXdotool
      && FileManager.default.isExecutableFile(atPath: "/usr/bin/dbus-daemon")
      && FileManager.default.isExecutableFile(atPath: "/usr/libexec/at-spi-bus-launcher")
      && FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/pyatspi")
  }

  @Test(.enabled(if: canListen, "needs an X display, xdotool, D-Bus, AT-SPI and python3-pyatspi"))
  func aKeyboardDragIsSpokenStepByStep() throws {
    try DisplayLock.withExclusiveDisplay {
      let title = "DragDropGTK-a11y-\(ProcessInfo.processInfo.processIdentifier)"
      let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "Peers/screen_reader.py")
      let listener = try Probe.start(
        [script.path, Probe.executable.path, "both", title, "北海道"], executable: URL(fileURLWithPath: "/usr/bin/python3")
      )
      defer { listener.terminate(grace: 10) }
      _ = try #require(listener.waitForLine(startingWith: "listening", timeout: 30), "\(listener.output)")
      // The window is up once X knows it by its title.
      let window = try #require(
        Probe.xdotool(["search", "--sync", "--name", title]).split(separator: "\n").first.map(String.init))
      try Probe.xdotool(["windowmove", "--sync", window, "0", "0"])
      // Focus the window; Space lifts the focused label, Tab goes to the target, Return drops.
      try Probe.xdotool([
        "mousemove", "300", "250", "click", "1", "sleep", "0.5", "key", "space", "sleep", "0.5", "key", "Tab",
        "sleep", "0.5", "key", "Return",
      ])
      // The drawing area stands for the focused view: its name is the label's.
      let spoken = [
        "description source | Picked up source.", "description source | Over target.",
        "description source | Copied source into target.",
      ]
      #expect(listener.waitForAnyLine(startingWith: spoken[2], timeout: 20) != nil, "\(listener.output)")
      #expect(listener.lines.filter { $0.hasPrefix("description") } == spoken, "\(listener.output)")
      // The tree a screen reader reads: the window, and in it the focused drawing area,
      // named after the focused view.
      #expect(
        listener.lines.filter { $0.hasPrefix("tree") } == [
          "tree application:GTKProbe > frame:\(title) > filler:source[focused]"
        ],
        "\(listener.output)")
    }
  }

  static var canRunOrca: Bool {
    canListen && FileManager.default.isExecutableFile(atPath: "/usr/bin/orca")
  }

  /// The Samples program, beside the test bundle in the build folder.
  static var samples: URL {
    Probe.executable.deletingLastPathComponent().appendingPathComponent("Samples")
  }

  /// Orca itself, headless, hears a complete keyboard move between scene 001's two tables:
  /// what it says is read from its debug log (`Tests/Peers/orca_session.py`). Each key
  /// waits for what the last one made Orca say.
  @Test(.enabled(if: canRunOrca, "needs an X display, xdotool, D-Bus, AT-SPI and Orca"))
  func orcaSpeaksAKeyboardMoveBetweenTwoLists() throws {
    try DisplayLock.withExclusiveDisplay {
      let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "Peers/orca_session.py")
      let orca = try Probe.start(
        [script.path, Self.samples.path, "001"], executable: URL(fileURLWithPath: "/usr/bin/python3"))
      defer { orca.terminate(grace: 10) }
      _ = try #require(orca.waitForLine(startingWith: "listening", timeout: 60), "\(orca.output)")
      let window = try #require(
        Probe.xdotool(["search", "--sync", "--name", "^DragDrop 001"]).split(separator: "\n").first.map(String.init))
      // Without a window manager, Orca learns which window is active from a focus change
      // made once it knows the application, which it may learn late: the window gives up
      // the focus and takes it again until Orca says where the focus is. The window opens
      // with its first table focused, on its first row.
      let first = "speech 北海道, 1 of 39."
      try Self.focus(window, until: first, in: orca)
      let steps: [(key: String, speech: String)] = [
        ("Tab", "福岡県, 1 of 8."),
        ("space", "Picked up 福岡県."),
        ("Tab", "Over Prefectures, position 1 of 40."),
        ("Down", "Over Prefectures, position 2 of 40."),
        ("Return", "Dropped 福岡県 into Prefectures at position 2."),
      ]
      for step in steps {
        try Probe.xdotool(["key", step.key])
        #expect(orca.waitForLine(startingWith: "speech \(step.speech)", timeout: 20) != nil, "\(orca.output)")
      }
      // Everything Orca said but its echo of the keys, in order: nothing more.
      let echoes: Set<String> = ["tab", "space", "return", "down"]
      let said = orca.lines.filter { $0.hasPrefix("speech ") }.map { String($0.dropFirst("speech ".count)) }
        .filter { !echoes.contains($0) && $0 != "Screen reader on." }
      #expect(said == ["北海道, 1 of 39."] + steps.map(\.speech), "\(orca.output)")
    }
  }

  /// Orca hears a menu: the button that opens it, the item that has the focus in the
  /// popover once it opens, the next item on Down, and the button again after Escape.
  @Test(.enabled(if: canRunOrca, "needs an X display, xdotool, D-Bus, AT-SPI and Orca"))
  func orcaSpeaksAMenusItems() throws {
    try DisplayLock.withExclusiveDisplay {
      let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "Peers/orca_session.py")
      let title = "DragDropGTK-orca-menu-\(ProcessInfo.processInfo.processIdentifier)"
      let orca = try Probe.start(
        [script.path, Probe.executable.path, "menu", title], executable: URL(fileURLWithPath: "/usr/bin/python3"))
      defer { orca.terminate(grace: 10) }
      _ = try #require(orca.waitForLine(startingWith: "listening", timeout: 60), "\(orca.output)")
      let window = try #require(
        Probe.xdotool(["search", "--sync", "--name", title]).split(separator: "\n").first.map(String.init))
      // As in the test above: the window takes the focus again until Orca says where it is.
      let first = "speech Actions"
      try Self.focus(window, until: first, in: orca)
      for (key, speech) in [("Return", "Copy"), ("Down", "Paste"), ("Escape", "Actions")] {
        try Probe.xdotool(["key", key])
        #expect(orca.waitForLine(startingWith: "speech \(speech)", timeout: 20) != nil, "\(orca.output)")
      }
      // Everything Orca said but its echo of the keys, in order: nothing more.
      let said = orca.lines.filter { $0.hasPrefix("speech ") }.map { String($0.dropFirst("speech ".count)) }
        .filter { !["return", "down", "escape", "Screen reader on."].contains($0) }
      #expect(said.map { $0.hasSuffix(".") ? String($0.dropLast()) : $0 } == ["Actions", "Copy", "Paste", "Actions"])
    }
  }

  /// Without a window manager, Orca learns which window is active from a focus change made
  /// once it knows the application, which it may learn late: the window gives up the focus
  /// and takes it again until Orca says `first`.
  static func focus(_ window: String, until first: String, in orca: Probe) throws {
    for _ in 0..<5 where orca.waitForAnyLine(startingWith: first, timeout: 0) == nil {
      try Probe.xdotool([
        "windowmove", "--sync", window, "0", "0", "windowunmap", "--sync", window, "windowmap", "--sync", window,
        "windowfocus", "--sync", window,
      ])
      _ = orca.waitForAnyLine(startingWith: first, timeout: 6)
    }
    _ = try #require(orca.waitForLine(startingWith: first, timeout: 0), "\(orca.output)")
  }
}
