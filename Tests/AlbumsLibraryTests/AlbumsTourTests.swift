import Foundation
import Testing

/// The Albums tour that `make run` plays without a display: the real application beside
/// Thunar on a private Xvfb, driven by xdotool, each step checked against the library.
@Suite struct AlbumsTourTests {
  static var tour: URL {
    URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
      .appending(path: "Tour")
  }

  static var hasTools: Bool {
    ["/usr/bin/Xvfb", "/usr/bin/xdotool", "/usr/bin/thunar", "/usr/bin/dbus-run-session", "/usr/bin/import"]
      .allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }
      && FileManager.default.isExecutableFile(atPath: tour.path)
  }

  @Test(
    "The tour imports from Thunar, reorders, makes and fills an album, spring-loads, exports and moves by keyboard",
    .enabled(if: hasTools, "needs Xvfb, xdotool, Thunar, D-Bus and ImageMagick"), .timeLimit(.minutes(5)))
  func theTourPasses() throws {
    let output = FileManager.default.temporaryDirectory.appending(path: "albums-tour-test-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: output) }
    let process = Process()
    process.executableURL = Self.tour
    process.arguments = ["albums", "--no-gif", "--output", output.path]
    // Its own Xvfb, large enough for Albums and Thunar side by side.
    var environment = ProcessInfo.processInfo.environment
    environment["DISPLAY"] = nil
    process.environment = environment
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(text)")
    let passed = text.split(separator: "\n").filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("✓") }
    #expect(passed.count == 7, "\(text)")
    #expect(text.contains("the library reopened holds what the window last showed"), "\(text)")
    let screenshots = try FileManager.default.contentsOfDirectory(atPath: output.path).filter { $0.hasSuffix(".png") }
    #expect(screenshots.count == 7)
  }
}
