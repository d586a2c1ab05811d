import DragDrop
import DragDropGTK
import Foundation
import SampleDriver
import SampleScenes
import Scenarios
import TestSupport
import Testing

/// The shared scenarios, headless: each plays on a manual clock and must produce exactly the
/// delegate calls, journal and model it expects. Its captures are rendered with the cairo
/// renderer (drag previews included) to `artifacts/scenarios/headless/` and checked pixel
/// by pixel.
@MainActor
@Suite struct HeadlessScenarioTests {
  /// Scenarios with another application need a real display; the fake platform's tests
  /// play other applications headless.
  @Test(arguments: Scenario.all.filter { $0.peer == nil }.map(\.id))
  func scenarioProducesItsCallsJournalAndModel(_ id: String) async throws {
    let scenario = try #require(Scenario.named(id))
    let player = HeadlessScenarioPlayer(scenario)
    let overlay = DragPreviewOverlay()
    // The overlay sees every frame, as in a window, so that previews keep where they were grabbed.
    player.frameObserver = {
      overlay.draw(in: RecordingGraphicsContext(), window: player.window, now: player.clock.now)
    }
    var captured: [String] = []
    await player.play { name in
      guard let image = try? HeadlessRenderer.render(player.window, dragPreviews: overlay) else {
        Issue.record("cannot render \(id)/\(name)")
        return
      }
      try? image.writePNG(to: Artifacts.url("headless/\(id)-\(name).png"))
      PixelChecks.check(image, scenario: id, capture: name, source: "headless")
      captured.append(name)
    }
    #expect(player.unsettledSteps.isEmpty, "the scene did not settle at steps \(player.unsettledSteps)")
    let result = player.result
    #expect(result.calls == scenario.calls, "\(diff(scenario.calls, result.calls))")
    #expect(result.journal == scenario.journal)
    #expect(result.state == scenario.state)
    if let announcements = scenario.announcements {
      #expect(player.announcer.announcements == announcements)
    }
    #expect(captured == scenario.steps.compactMap { if case .capture(let name) = $0 { name } else { nil } })
  }

  @Test("Every capture with pixel checks exists in some scenario")
  func pixelChecksNameRealCaptures() {
    let captures = Set(
      Scenario.all.flatMap { scenario in
        scenario.steps.compactMap { step -> String? in
          if case .capture(let name) = step { "\(scenario.id)/\(name)" } else { nil }
        }
      })
    for key in [
      "photo-reorder/lifted", "photo-reorder/gap", "photo-reorder/dropped", "photo-into-album/highlight",
      "photo-import/placeholder", "table-reorder/gap", "table-copy/gap",
    ] {
      #expect(captures.contains(key), "\(key)")
      let parts = key.split(separator: "/").map(String.init)
      #expect(!PixelChecks.expectations(parts[0], parts[1]).isEmpty, "\(key)")
    }
  }
}

/// A readable difference between two call lists.
func diff(_ expected: [String], _ actual: [String]) -> String {
  guard expected != actual else { return "" }
  let missing = expected.filter { !actual.contains($0) }
  let extra = actual.filter { !expected.contains($0) }
  return "expected \(expected)\nactual   \(actual)\nmissing \(missing) extra \(extra)"
}

/// The same scenarios in real GTK windows under X: the Samples program runs with `--trace`,
/// xdotool moves the pointer (steps a tenth of a second apart, as real drags need), and
/// the calls, journal and model it reports must match the scenario exactly as the headless
/// run does. Screenshots of the captures go to `artifacts/scenarios/x11/` and get the same
/// pixel checks. Scenarios that real input cannot play (a second finger) stay headless and
/// say why.
///
/// With a real X server time cannot be injected: the waits end on a line from the window
/// (`idle`) with a deadline, never after a fixed sleep before an assertion.
@Suite("Scenarios in real windows", .serialized)
struct RealWindowScenarioTests {
  static var display: String? {
    let name = ProcessInfo.processInfo.environment["DISPLAY"] ?? ""
    return name.isEmpty ? nil : name
  }
  static var hasTools: Bool { ["xdotool", "import"].allSatisfy { LineProcess.which($0) != nil } }

  static var samples: URL {
    URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
      .appendingPathComponent("Samples")
  }

  @Test(
    .enabled(if: display != nil && hasTools, "needs an X display, xdotool and ImageMagick"),
    arguments: Scenario.all.filter { $0.headlessOnly == nil && !$0.usesFingers }.map(\.id))
  func scenarioMatchesInARealWindow(_ id: String) async throws {
    let scenario = try #require(Scenario.named(id))
    let player = RealScenarioPlayer(samples: Self.samples, display: try #require(Self.display))
    var shots: [(String, URL)] = []
    let result = try DisplayLock.withExclusiveDisplay {
      try player.play(scenario, captures: Artifacts.url("x11")) { name, url in shots.append((name, url)) }
    }
    #expect(result.calls == scenario.calls, "\(diff(scenario.calls, result.calls))")
    #expect(result.journal == scenario.journal)
    #expect(result.state == scenario.state)
    for (name, url) in shots {
      let image = try await MainActor.run { try RenderedImage(contentsOfPNG: url) }
      await MainActor.run { PixelChecks.check(image, scenario: id, capture: name, source: "x11") }
    }
  }

  @Test("Scenarios that need a second finger stay headless, and say why")
  func headlessOnlyScenariosSayWhy() throws {
    let headless = Scenario.all.filter { $0.headlessOnly != nil }
    #expect(headless.map(\.id) == ["photos-second-touch"])
    for scenario in headless {
      #expect(scenario.steps.contains { if case .secondTouchTap = $0 { true } else { false } })
      let player = RealScenarioPlayer(samples: Self.samples, display: ":0")
      #expect(throws: DriverError.unsupportedStep(scenario.headlessOnly ?? "")) { try player.play(scenario) }
    }
  }
}

/// The scenarios that fingers play, in a real window on GNOME's mutter (headless, Wayland),
/// with real touches through its remote desktop: each must produce exactly what it does
/// headless, call for call. One compositor serves them all, one window each.
@Suite("Scenarios by finger on mutter", .serialized)
struct MutterScenarioTests {
  @Test(
    .enabled(if: MutterSession.isAvailable, "needs mutter, PipeWire and WirePlumber"),
    arguments: Scenario.all.filter { $0.usesFingers && $0.headlessOnly == nil }.map(\.id))
  func scenarioMatchesWithRealTouches(_ id: String) throws {
    let scenario = try #require(Scenario.named(id))
    let result = try DisplayLock.withExclusiveDisplay {
      let session = try MutterSession()
      defer { session.close() }
      return try MutterScenarioPlayer(samples: RealWindowScenarioTests.samples).play(scenario, on: session)
    }
    #expect(result.calls == scenario.calls, "\(diff(scenario.calls, result.calls))")
    #expect(result.journal == scenario.journal)
    #expect(result.state == scenario.state)
  }
}
