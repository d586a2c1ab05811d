import ArgumentParser
import Foundation
import SampleDriver
import SampleScenes
import Scenarios
import Synchronization

/// A guided tour of the sample scenes in real GTK windows, driven by real X input, and
/// measurements taken the same way.
@main
struct Tour: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Plays the sample scenes in real windows with real X input, and measures them.",
    subcommands: [Play.self, AlbumsTour.self, Latency.self, TouchLatency.self, IdleCPU.self, AlbumsBenchmark.self],
    defaultSubcommand: Play.self)

  /// The display to use: DISPLAY, or a private Xvfb started for the run.
  static func display(width: Int = 1280, height: Int = 800) throws -> (name: String, server: VirtualDisplay?) {
    if let name = ProcessInfo.processInfo.environment["DISPLAY"], !name.isEmpty { return (name, nil) }
    let server = try VirtualDisplay.start(width: width, height: height)
    print("Tour: no DISPLAY, so started Xvfb on \(server.name)")
    return (server.name, server)
  }

  /// The Samples program: `path`, or the one beside this program.
  static func samples(_ path: String?) throws -> URL {
    try program("Samples", path: path)
  }

  /// The program called `name`: `path`, or the one beside this program.
  static func program(_ name: String, path: String?) throws -> URL {
    let program =
      path.map { URL(fileURLWithPath: $0) }
      ?? URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
      .appendingPathComponent(name)
    guard FileManager.default.isExecutableFile(atPath: program.path) else {
      throw ValidationError(
        "the \(name) program is not at \(program.path); build it with `swift build --product \(name)`")
    }
    return program
  }
}

/// The tour itself.
struct Play: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Plays the sample scenes with real X input and records screenshots and a GIF.",
    discussion: """
      Each scenario opens its scene in a Samples window, moves the pointer with xdotool (steps a tenth \
      of a second apart), checks the delegate calls, the scene's own calls and its model against what \
      the scenario expects (the same expectations the headless tests check), and takes screenshots at \
      its marked moments. A keyboard scenario plays under Orca when Orca is installed, and the tour \
      prints what Orca said. A scenario played by finger runs on GNOME's mutter, headless, with real \
      touches through its remote desktop (no screenshots there). Without DISPLAY, the tour starts a \
      private Xvfb. The folder it writes is named on standard output; the exit status is 0 when every \
      scenario matched.
      """)

  @Option(help: "The folder to write to (default: artifacts/tour-<timestamp>).")
  var output: String?

  @Option(help: "The Samples program (default: beside this program).")
  var samples: String?

  @Option(parsing: .upToNextOption, help: "The scenarios to play (default: the tour). Use --list to see them.")
  var scenarios: [String] = []

  @Flag(help: "List the scenarios and exit.")
  var list = false

  @Flag(help: "Skip the animated GIF.")
  var noGIF = false

  /// The scenarios the tour plays, in order.
  static let tour = [
    "table-reorder", "table-copy", "table-move", "table-cancel", "photo-reorder", "photo-import", "photo-into-album",
    "album-spring-loading", "home-move", "home-cancel", "label-drag", "declarative-text-into-field",
    "declarative-text-into-frame", "declarative-list-reorder", "declarative-grid-reorder", "declarative-board-reverse",
    "declarative-text-into-board", "inbox-from-peer",
    "table-keyboard-move", "finger-scroll-then-copy",
  ]

  func run() throws {
    if list {
      for scenario in Scenario.all {
        print(
          "\(scenario.id)  [\(scenario.scene.id)] \(scenario.summary)\(scenario.headlessOnly.map { " (headless only: \($0))" } ?? "")"
        )
      }
      return
    }
    let chosen = try (scenarios.isEmpty ? Self.tour : scenarios).map { id in
      guard let scenario = Scenario.named(id) else { throw ValidationError("unknown scenario \(id); see --list") }
      return scenario
    }
    let folder = URL(fileURLWithPath: output ?? "artifacts/tour-\(Self.timestamp())", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    print("Tour: writing screenshots and a GIF to \(folder.path)/")
    let program = try Tour.samples(samples)
    let (display, server) = try Tour.display()
    defer { server?.stop() }

    let player = RealScenarioPlayer(samples: program, display: display)
    let recorder = noGIF ? nil : try FrameRecorder(folder: folder.appendingPathComponent("frames"), display: display)
    let start = Date()
    var failures: [String] = []
    for (index, scenario) in chosen.enumerated() {
      print(String(format: "[%2d/%d] %@: %@", index + 1, chosen.count, scenario.id, scenario.summary))
      if let reason = scenario.headlessOnly {
        print("        skipped: \(reason)")
        continue
      }
      if scenario.usesFingers {
        guard MutterSession.isAvailable else {
          print("        skipped: a finger needs mutter, PipeWire and WirePlumber (`make deps` installs them)")
          continue
        }
        do {
          print("        played by finger on mutter, with real touches")
          let session = try MutterSession()
          defer { session.close() }
          let result = try MutterScenarioPlayer(samples: program).play(scenario, on: session)
          if !Self.report(result, of: scenario) { failures.append(scenario.id) }
        } catch {
          failures.append(scenario.id)
          print("        ✗ \(error)")
        }
        continue
      }
      do {
        // A keyboard scenario is heard by Orca, started once for the tour.
        let reader = scenario.announcements != nil && ScreenReader.isAvailable ? try screenReader(display) : nil
        let window = try SampleWindow(
          samples: program, scene: scenario.scene, display: display, environment: reader?.environment ?? [:])
        defer { window.close() }
        try reader?.focus(window)
        let mark = reader?.mark ?? 0
        recorder?.startClip(window: window.windowID)
        let result = try player.play(scenario, captures: folder, window: window) { name, url in
          print("        \(name): \(url.lastPathComponent)")
        }
        recorder?.endClip()
        if let reader {
          reader.waitUntilQuiet()
          for line in reader.spoken(since: mark) { print("        Orca said: “\(line)”") }
        }
        if !Self.report(result, of: scenario) { failures.append(scenario.id) }
      } catch {
        recorder?.endClip()
        failures.append(scenario.id)
        print("        ✗ \(error)")
      }
    }
    if let recorder {
      let gif = folder.appendingPathComponent("tour.gif")
      let problems = recorder.finish(into: gif)
      for problem in problems { print("Tour: GIF: \(problem)") }
      print("Tour: \(recorder.frameCount) frames in \(gif.path)")
    }
    print(
      String(
        format: "Tour: %d scenarios in %.0f s; output in %@/", chosen.count, Date().timeIntervalSince(start),
        folder.path))
    if !failures.isEmpty {
      print("Tour: these scenarios did not match: \(failures.joined(separator: ", "))")
      throw ExitCode.failure
    }
  }

  /// The tour's screen reader, started on first use.
  private static let reader = Mutex<ScreenReader?>(nil)

  private func screenReader(_ display: String) throws -> ScreenReader {
    if let running = Self.reader.withLock({ $0 }) { return running }
    print("        (starting Orca, headless)")
    let started = try ScreenReader(display: display)
    Self.reader.withLock { $0 = started }
    return started
  }

  static func timestamp() -> String {
    let formatter = DateFormatter()
    formatter.dateFormat = "yyyyMMdd-HHmmss"
    return formatter.string(from: Date())
  }

  /// Prints whether `result` is what `scenario` expects, and how it differs; true when it
  /// matches.
  static func report(_ result: ScenarioResult, of scenario: Scenario) -> Bool {
    guard result.matches(scenario) else {
      print("        ✗ differs from the scenario:\n\(differences(result, scenario))")
      return false
    }
    print("        ✓ \(result.calls.count) delegate calls, journal and model as expected")
    return true
  }

  static func differences(_ result: ScenarioResult, _ scenario: Scenario) -> String {
    var lines: [String] = []
    if result.calls != scenario.calls {
      lines.append("          calls: expected \(scenario.calls)\n          got      \(result.calls)")
    }
    if result.journal != scenario.journal {
      lines.append("          journal: expected \(scenario.journal)\n          got        \(result.journal)")
    }
    if result.state != scenario.state {
      lines.append("          state: expected \(scenario.state)\n          got      \(result.state)")
    }
    return lines.joined(separator: "\n")
  }
}
