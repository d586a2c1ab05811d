import Foundation

/// Orca, headless, for windows on a private display: a D-Bus session with the
/// accessibility bus and Orca in it (`Tests/Peers/orca_session.py --serve`). A Samples
/// window started with ``environment`` reaches it; what Orca says is read from its debug
/// log, one `speech` line per utterance.
public final class ScreenReader: @unchecked Sendable {
  /// The session script, in the checkout this driver was built from.
  public static var script: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appending(path: "Tests/Peers/orca_session.py")
  }

  /// Whether this machine has what the session needs: D-Bus, AT-SPI, Orca and python3-gi.
  public static var isAvailable: Bool {
    ["/usr/bin/dbus-daemon", "/usr/libexec/at-spi-bus-launcher", "/usr/bin/orca", "/usr/bin/python3"].allSatisfy {
      FileManager.default.isExecutableFile(atPath: $0)
    } && FileManager.default.fileExists(atPath: script.path)
  }

  public let process: LineProcess
  /// The session bus on which programs reach Orca.
  public let bus: String

  /// Starts the session on `display` and waits until Orca is up.
  public init(display: String) throws(DriverError) {
    process = try LineProcess.start(
      URL(fileURLWithPath: "/usr/bin/python3"), arguments: [Self.script.path, "--serve"],
      environment: ["DISPLAY": display, "GDK_BACKEND": "x11", "NO_AT_BRIDGE": nil, "GIO_USE_VFS": "local"])
    guard let line = process.waitForLine(timeout: 60, where: { $0.hasPrefix("bus ") })?.line else {
      process.terminate()
      throw .timedOut("Orca to start", output: process.output)
    }
    bus = String(line.dropFirst("bus ".count))
  }

  deinit {
    process.terminate()
  }

  /// What a GTK program needs to reach the screen reader, on top of
  /// `SampleWindow.environment(display:)`.
  public var environment: [String: String?] {
    ["DBUS_SESSION_BUS_ADDRESS": bus, "NO_AT_BRIDGE": nil]
  }

  /// How many lines the session has written so far: pass it to ``spoken(since:)``.
  public var mark: Int { process.lineCount }

  /// What Orca said since `mark`, without its echo of the keys pressed.
  public func spoken(since mark: Int) -> [String] {
    process.lines.dropFirst(mark).filter { $0.hasPrefix("speech ") }.map { String($0.dropFirst("speech ".count)) }
      .filter { !Self.keyEchoes.contains($0) }
  }

  /// The names Orca says for the keys the scenarios press.
  static let keyEchoes: Set<String> = ["tab", "space", "return", "escape", "left", "right", "up", "down"]

  /// Makes Orca hear that `window` has the focus: without a window manager it learns which
  /// window is active from a focus change made once it knows the application, so the window
  /// gives the focus up and takes it again until Orca says something, at most five times.
  public func focus(_ window: SampleWindow) throws(DriverError) {
    let start = mark
    for _ in 0..<5 {
      try window.input.refocus(window.windowID)
      if process.waitForLine(from: start, timeout: 6, where: { $0.hasPrefix("speech ") }) != nil { return }
    }
    throw .timedOut("Orca to hear the window", output: process.output)
  }

  /// Waits until Orca has said nothing for `quiet` seconds (at most `timeout`).
  public func waitUntilQuiet(_ quiet: TimeInterval = 1, timeout: TimeInterval = 10) {
    process.waitForQuiet(quiet, timeout: timeout)
  }
}
