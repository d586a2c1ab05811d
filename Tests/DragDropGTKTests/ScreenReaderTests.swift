import Foundation
import TestSupport
import Testing

/// A keyboard drag in a real GTK window, heard through the accessibility bus as a screen
/// reader hears it: each announcement becomes the focused drawing area's accessible
/// description, which Orca speaks. `Tests/Peers/screen_reader.py` listens with pyatspi inside
/// its own D-Bus session.
@Suite("Screen readers", .serialized)
struct ScreenReaderTests {
  static var canListen: Bool {
    WindowTests.hasDisplay && WindowTests.hasXdotool
      && FileManager.default.isExecutableFile(atPath: "/usr/bin/dbus-run-session")
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
        ["--", "/usr/bin/python3", script.path, Probe.executable.path, "both", title, "北海道"],
        executable: URL(fileURLWithPath: "/usr/bin/dbus-run-session"))
      defer { listener.terminate() }
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
      let spoken = [
        "description GtkDrawingArea | Picked up source.", "description GtkDrawingArea | Over target.",
        "description GtkDrawingArea | Copied source into target.",
      ]
      #expect(listener.waitForAnyLine(startingWith: spoken[2], timeout: 20) != nil, "\(listener.output)")
      #expect(listener.lines.filter { $0.hasPrefix("description") } == spoken, "\(listener.output)")
    }
  }
}
