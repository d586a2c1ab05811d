import Foundation
import Testing

/// Issue 9: each misuse and bad input that once trapped runs in a child process of its own
/// (Tests/MisuseProbe), so that a trap in one case fails that case and no other.
@Suite struct MisuseTests {
  static var probe: URL {
    URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
      .appendingPathComponent("MisuseProbe")
  }

  /// Runs the probe with one argument; its exit status and output.
  static func run(_ argument: String) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = probe
    process.arguments = [argument]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  static var cases: [String] {
    ((try? run("list").output) ?? "").split(separator: "\n").map(String.init)
  }

  @Test("The probe lists its cases")
  func listsCases() {
    #expect(Self.cases.count >= 12)
  }

  @Test("Issue 9: misuse and bad input that once trapped, each in its own process", arguments: cases)
  func misuse(_ name: String) throws {
    let result = try Self.run(name)
    #expect(result.status == 0, "\(name) exited with \(result.status):\n\(result.output)")
    #expect(result.output.split(separator: "\n").last.map(String.init) == "ok \(name)", "\(result.output)")
  }
}
