import ArgumentParser
import DragDrop
import DragDropGTK
import Foundation

/// One scene per seed article, shown in a GTK window or rendered to PNG.
@main
struct Samples: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "DragDrop sample scenes, one per seed article.",
    discussion: "Scenes: 001 (table views, seed 001), 002 (customising the drag, seed 002). Use --list for titles.")

  @Argument(help: "The scene to show: 001 or 002.")
  var scene = "002"

  @Flag(help: "List the scenes and exit.")
  var list = false

  @Option(help: "Render the scene to this PNG file instead of opening a window (no display needed).")
  var snapshot: String?

  @Option(help: "Device pixels per point for --snapshot.")
  var scale = 1.0

  @Flag(help: "Print every drag and drop delegate call.")
  var trace = false

  func run() throws {
    try MainActor.assumeIsolated {
      if list {
        for kind in SceneKind.allCases { print("\(kind.id)  \(kind.title)") }
        return
      }
      guard let kind = SceneKind(id: scene) else {
        throw ValidationError(
          "unknown scene \(scene); choose one of \(SceneKind.allCases.map(\.id).joined(separator: ", "))")
      }
      if let snapshot {
        TextMeasurement.current = PangoTextMeasurer.shared
        let window = Window(frame: Rect(origin: .zero, size: kind.size), clock: ManualClock())
        let scene = kind.make(in: window)
        let image = try HeadlessRenderer.render(window, scale: scale)
        try image.writePNG(to: URL(fileURLWithPath: snapshot))
        print("wrote \(snapshot) (\(image.pixelWidth)×\(image.pixelHeight)) for scene \(kind.id)")
        _ = scene
        return
      }
      let application: GTKApplication
      do {
        application = try GTKApplication(id: "org.dragdrop.Samples")
      } catch {
        throw ValidationError("\(error)")
      }
      var scenes: [AnyObject] = []
      let status = application.run { application in
        let host = GTKWindow(
          application: application, title: "DragDrop \(kind.id): \(kind.title)", size: kind.size)
        scenes.append(kind.make(in: host.window))
        if trace {
          host.window.dragController.callObserver = { call in
            print("\(call)")
            fflush(nil)
          }
        }
        host.present()
      }
      scenes.removeAll()
      if status != 0 { throw ExitCode(status) }
    }
  }
}
