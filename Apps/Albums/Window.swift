import AlbumsLibrary
import AlbumsUI
import ArgumentParser
import DragDrop
import DragDropGTK
import DragDropLists
import Foundation
import Synchronization
import TraceLines

/// `Albums` (or `Albums open`): the library in a window.
struct Open: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Opens the library in a window (the default).",
    discussion: """
      A new library is seeded with the photographs of Debian's mate-backgrounds package, or, when \
      it is not installed, with landscapes Albums draws. With --trace, standard output gets \
      `ready origin=X,Y size=WxH` once the window is drawn, `call ...` for every drag and drop delegate \
      call, and `state ...` whenever the albums change. With --frames, it gets `ready` and a line for \
      every frame drawn, with how long drawing it took, and `photos N importing=M` whenever the open \
      album changes.
      """)

  enum Appearance: String, ExpressibleByArgument, CaseIterable {
    case system, light, dark
  }

  @OptionGroup var options: LibraryOption

  @Option(help: "light, dark, or system (the desktop's setting).")
  var appearance = Appearance.system

  enum Cadence: String, ExpressibleByArgument, CaseIterable {
    case immediate, fast, slow

    var value: CollectionViewReorderingCadence {
      switch self {
      case .immediate: .immediate
      case .fast: .fast
      case .slow: .slow
      }
    }
  }

  @Option(
    help: "How soon the grid makes room while photos are dragged: immediate, fast, or slow (once the pointer rests).")
  var reordering = Cadence.fast

  @Flag(help: "Print the window's readiness and the library's state, one a line.")
  var trace = false

  @Flag(
    help:
      "Print the window's readiness, then `frame N time=SECONDS input=MILLISECONDS drawing=SECONDS` for every frame.")
  var frames = false

  func run() throws {
    try MainActor.assumeIsolated {
      // The library opens on a thread of its own while GTK starts on this one; the check of
      // `photos/` against the database waits until the window is on screen.
      let options = options
      let opening = DispatchGroup()
      let opened = Mutex<Result<Library, any Error>?>(nil)
      DispatchQueue.global(qos: .userInteractive).async(group: opening) {
        let result = Result { try options.open(folderCheck: .deferred) }
        opened.withLock { $0 = result }
      }
      let application: GTKApplication
      do {
        application = try GTKApplication(id: "org.dragdrop.Albums")
      } catch {
        opening.wait()
        FileHandle.standardError.write(
          Data(
            "error: \(error). Albums needs a display; its commands (albums --help) work without one.\n".utf8))
        throw ExitCode(3)
      }
      opening.wait()
      let library = try opened.withLock { $0! }.get()
      if try library.isEmpty() {
        try Self.seed(library)
      }
      let dark = appearance == .dark || (appearance == .system && GTKApplication.prefersDarkAppearance)
      var controllers: [AlbumsController] = []
      let status = application.run { application in
        let host = GTKWindow(application: application, title: "Albums", size: Size(width: 1100, height: 720))
        let controller = AlbumsController(
          window: host.window, library: library, theme: dark ? .dark : .light,
          thumbnails: ThumbnailPipeline(
            make: { url in try ImageDecoder.thumbnailPNG(ofFileAt: url, maximumPixelSize: 320) },
            prepare: { image in
              // Decoded here, in the background, so that drawing the thumbnail is a cache hit.
              guard let decoded = try? ImageDecoder.decodeInBackground(image) else { return nil }
              return { ImageDecoder.shared.adopt(decoded) }
            }),
          yieldToDrawing: MainLoop.runAfterDrawing)
        controller.grid.reorderingCadence = reordering.value
        controllers.append(controller)
        if trace { Self.trace(controller, in: host) }
        if trace || frames { Self.traceFrames(of: host, each: frames) }
        if frames && !trace {
          // What changed, without listing every photo as `state` does.
          controller.didChange = { [weak controller] in
            guard let controller else { return }
            Self.emit("photos \(controller.photos.count) importing=\(controller.importsUnderWay)")
          }
        }
        host.present()
      }
      controllers.removeAll()
      if status != 0 { throw ExitCode(status) }
    }
  }

  /// Seeds an empty library with Debian's photographs, or with drawn landscapes.
  @MainActor
  static func seed(_ library: Library) throws {
    if try library.seedIfEmpty() > 0 { return }
    let folder = FileManager.default.temporaryDirectory.appending(path: "albums-generated-\(getpid())")
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for (index, name) in GeneratedLandscape.names.enumerated() {
      let size = Size(width: 1200, height: 800)
      let window = Window(frame: Rect(origin: .zero, size: size), clock: ManualClock())
      window.addSubview(GeneratedLandscape(index: index, frame: window.bounds))
      try HeadlessRenderer.render(window).writePNG(to: folder.appending(path: "\(name).png"))
    }
    let licence = folder.appending(path: "copyright")
    try Data("These landscapes were drawn by Albums. They are free of rights: use them as you like.\n".utf8)
      .write(to: licence)
    try library.seedIfEmpty(from: [Library.SeedSource(album: "Landscapes", folder: folder, licence: licence)])
  }

  @MainActor
  static func trace(_ controller: AlbumsController, in host: GTKWindow) {
    host.window.dragController.addCallObserver { call in emit("call \(call.description)") }
    // Where the pointer is over the window: a driver on Wayland learns from it where the
    // compositor put the window.
    if ProcessInfo.processInfo.environment["DRAGDROP_TRACE_POINTER"] != nil {
      host.pointerObserver = { point in
        emit(TraceLine.pointer(x: Int(point.x.rounded()), y: Int(point.y.rounded())).description)
      }
    }
    var lastState = controller.state
    emit("state \(lastState)")
    controller.didChange = { [weak controller] in
      guard let state = controller?.state, state != lastState else { return }
      lastState = state
      emit("state \(state)")
    }
  }

  /// Prints `ready …` after the first frame, and with `each`, a line for every frame.
  @MainActor
  static func traceFrames(of host: GTKWindow, each: Bool) {
    var ready = false
    host.frameObserver = { [weak host] frame in
      guard let host else { return }
      if !ready, let origin = host.drawingAreaOrigin {
        ready = true
        emit(
          TraceLine.ready(
            originX: Int(origin.x.rounded()), originY: Int(origin.y.rounded()), width: Int(host.window.bounds.width),
            height: Int(host.window.bounds.height)
          ).description)
      }
      if each {
        emit(
          TraceLine.frame(
            number: frame.number, time: frame.time, input: frame.lastInputEventTime, drawing: frame.drawingTime,
            received: frame.inputReceivedTime, drawn: frame.drawnTime
          ).description)
      }
    }
  }

  @MainActor
  static func emit(_ line: String) {
    print(line)
    fflush(nil)
  }
}
