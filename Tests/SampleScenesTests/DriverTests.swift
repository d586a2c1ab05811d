import DragDrop
import Foundation
import SampleDriver
import SampleScenes
import Scenarios
import Testing

/// The pieces the scenario players share: paths, call normalisation, GIF joining, and the
/// Samples program's behaviour without a display.
@Suite struct DriverTests {
  @Test("Movements go in at least three steps, none longer than the step length, ending on the target")
  func movementPaths() {
    for (start, end) in [
      (Point(x: 0, y: 0), Point(x: 0, y: 5)), (Point(x: 10, y: 10), Point(x: 400, y: 300)),
      (Point(x: 50, y: 50), Point(x: 50, y: 50)),
    ] {
      let path = Scenario.path(from: start, to: end)
      #expect(path.count >= 3)
      #expect(path.last == end)
      var previous = start
      for point in path {
        #expect(point.distance(to: previous) <= Scenario.stepLength + 1)
        previous = point
      }
    }
  }

  @Test("Normalised calls leave out sessionDidMove and count a call repeated in a row once")
  func normalisedCalls() {
    let calls = [
      "a.sessionWillBegin", "a.sessionDidMove", "b.sessionDidUpdate", "a.sessionDidMove", "b.sessionDidUpdate",
      "b.sessionDidExit", "c.sessionDidUpdate", "b.sessionDidUpdate",
    ]
    #expect(
      Scenario.normalizedCalls(calls) == [
        "a.sessionWillBegin", "b.sessionDidUpdate", "b.sessionDidExit", "c.sessionDidUpdate", "b.sessionDidUpdate",
      ])
  }

  @Test("Scenario ids are unique and every scenario names its scene's window")
  func scenarioCatalogue() {
    #expect(Set(Scenario.all.map(\.id)).count == Scenario.all.count)
    for scenario in Scenario.all {
      #expect(!scenario.steps.isEmpty)
      #expect(!scenario.state.isEmpty)
      #expect(Scenario.named(scenario.id)?.id == scenario.id)
    }
    #expect(Scenario.named("no-such-scenario") == nil)
  }

  /// A one-frame 1×1 GIF whose only pixel is colour index 0 of a two-colour global table.
  static func tinyGIF(red: UInt8) -> Data {
    Data(
      Array("GIF89a".utf8) + [1, 0, 1, 0, 0x80, 0, 0] + [red, 0, 0, 0, 0, 0]
        + [0x21, 0xF9, 4, 0, 10, 0, 0, 0] + [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0] + [2, 2, 0x44, 0x01, 0] + [0x3B])
  }

  @Test("Joined GIFs keep every frame, each with its own file's colours")
  func joiningGIFs() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gif-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let first = folder.appendingPathComponent("a.gif")
    let second = folder.appendingPathComponent("b.gif")
    try Self.tinyGIF(red: 255).write(to: first)
    try Self.tinyGIF(red: 128).write(to: second)
    let joined = folder.appendingPathComponent("joined.gif")
    try GIF.concatenate([first, second], into: joined)
    let bytes = [UInt8](try Data(contentsOf: joined))
    #expect(bytes.starts(with: Array("GIF89a".utf8)))
    #expect(bytes.last == 0x3B)
    // Two image descriptors, each followed by a local table holding its file's red.
    let descriptors = bytes.indices.filter { index in
      bytes[index] == 0x2C && index + 10 < bytes.count && bytes[index + 9] & 0x80 != 0
    }
    #expect(descriptors.count == 2)
    #expect(descriptors.map { bytes[$0 + 10] } == [255, 128])
  }

  @Test("A file that is not a GIF, or is cut short, is a typed error")
  func badGIFs() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gif-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let text = folder.appendingPathComponent("text.gif")
    try Data("not a gif".utf8).write(to: text)
    let cut = folder.appendingPathComponent("cut.gif")
    try Self.tinyGIF(red: 1).prefix(20).write(to: cut)
    for file in [text, cut] {
      #expect(throws: GIF.FormatError.self) {
        try GIF.concatenate([file], into: folder.appendingPathComponent("out.gif"))
      }
    }
  }

  @Test("Without a display, Samples exits with a clear error instead of crashing")
  func samplesWithoutADisplay() throws {
    let samples = RealWindowScenarioTests.samples
    let process = try LineProcess.start(
      samples, arguments: ["000"], environment: ["DISPLAY": nil, "WAYLAND_DISPLAY": nil])
    #expect(process.waitForExit(timeout: 30) == 3)
    #expect(process.output.contains("need a display"), "\(process.output)")
  }
}
