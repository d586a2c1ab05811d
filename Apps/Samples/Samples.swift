import ArgumentParser
import DragDrop
import DragDropGTK
import Foundation
import SampleScenes
import TraceLines

/// One scene per seed article, shown in a GTK window or rendered to PNG.
@main
struct Samples: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract:
      "DragDrop sample scenes: one per seed article, drags between applications, UIKit code and copy and paste.",
    discussion: """
      Scenes: 000 (collection views, seed 000), 001 (table views, seed 001), 002 (customising the drag, \
      seed 002), 003 (interactive movement, seed 003), 004 (declarative views, seed 004), 005 (drags to and from other \
      applications), 006 (a UIKit view controller) and 007 (copy and paste beside drag and drop). Use --list for titles.

      With --trace, standard output gets one line per event: `ready origin=X,Y size=WxH` once the \
      first frame is drawn (where the view tree's origin is in the X window), `call ...` for every drag \
      and drop delegate call, `scene ...` for the scene's data source and list delegate calls, and \
      `state ...` for the scene's model at the start and whenever it changes, and `idle` after each frame \
      once nothing is left to happen (no drag, animation, timer or load).
      """)

  @Argument(
    help:
      "The scene to show: 000, 001, 002, 003, 004, 005 (other applications), 006 (a UIKit view controller) or 007 (copy and paste)."
  )
  var scene = "000"

  @Flag(help: "List the scenes and exit.")
  var list = false

  @Option(help: "Render the scene to this PNG file instead of opening a window (no display needed).")
  var snapshot: String?

  @Option(help: "Device pixels per point for --snapshot.")
  var scale = 1.0

  @Flag(help: "Print the scene's events, one a line (see above).")
  var trace = false

  @Flag(help: "Print `frame N time=SECONDS input=MILLISECONDS` for every frame drawn.")
  var frames = false

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
        try render(kind, to: snapshot)
        return
      }
      try show(kind)
    }
  }

  @MainActor
  private func render(_ kind: SceneKind, to path: String) throws {
    let window = Window(frame: Rect(origin: .zero, size: kind.size), clock: ManualClock())
    window.environment.textMeasurer = PangoTextMeasurer.shared
    let scene = kind.make(in: window)
    window.layoutIfNeeded()
    let image = try HeadlessRenderer.render(window, scale: scale)
    try image.writePNG(to: URL(fileURLWithPath: path))
    print("wrote \(path) (\(image.pixelWidth)×\(image.pixelHeight)) for scene \(kind.id)")
    withExtendedLifetime(scene) {}
  }

  @MainActor
  private func show(_ kind: SceneKind) throws {
    let application: GTKApplication
    do {
      application = try GTKApplication(id: "org.dragdrop.Samples")
    } catch {
      FileHandle.standardError.write(
        Data(
          "error: \(error). The samples need a display: run them on a desktop, render one with --snapshot, or use `make run`, which starts Xvfb.\n"
            .utf8))
      throw ExitCode(3)
    }
    var scenes: [any SampleScene] = []
    let status = application.run { application in
      let host = GTKWindow(
        application: application, title: "DragDrop \(kind.id): \(kind.title)", size: kind.size)
      let scene = kind.make(in: host.window)
      scenes.append(scene)
      if frames {
        host.frameObserver = { frame in
          emit(
            .frame(
              number: frame.number, time: frame.time, input: frame.lastInputEventTime, drawing: frame.drawingTime,
              received: frame.inputReceivedTime, drawn: frame.drawnTime))
        }
      }
      if trace { Self.trace(scene, in: host) }
      host.present()
    }
    scenes.removeAll()
    if status != 0 { throw ExitCode(status) }
  }

  @MainActor
  private static func trace(_ scene: any SampleScene, in host: GTKWindow) {
    host.window.dragController.addCallObserver { call in emit(.call(call.description)) }
    // Where the pointer is over the window: a driver on Wayland learns from it where the
    // compositor put the window.
    if ProcessInfo.processInfo.environment["DRAGDROP_TRACE_POINTER"] != nil {
      host.pointerObserver = { point in emit(.pointer(x: Int(point.x.rounded()), y: Int(point.y.rounded()))) }
    }
    scene.journal.entryObserver = { entry in emit(.scene("\(entry)")) }
    var lastState = scene.state
    emit(.state(lastState))
    scene.journal.changeObserver = { [weak scene] in
      guard let state = scene?.state, state != lastState else { return }
      lastState = state
      emit(.state(state))
    }
    // The first frame says where the view tree is; every frame after which nothing is
    // left to happen (no drag, no animation, no timer, no load) says `idle`.
    let previous = host.frameObserver
    var ready = false
    host.frameObserver = { [weak host, weak scene] frame in
      previous?(frame)
      guard let host, let scene else { return }
      if !ready, let origin = host.drawingAreaOrigin {
        ready = true
        emit(
          .ready(
            originX: Int(origin.x.rounded()), originY: Int(origin.y.rounded()), width: Int(host.window.bounds.width),
            height: Int(host.window.bounds.height)))
      }
      if scene.isSettled && host.window.dragController.isIdle && !host.clock.hasPendingActions
        && !host.isAnimating
      {
        emit(.idle)
      }
    }
  }
}

/// Prints a line and flushes it at once, so that a program reading the output sees each
/// event as it happens.
@MainActor
func emit(_ line: TraceLine) {
  print(line)
  fflush(nil)
}
