// A small GTK program that the DragDropGTK tests start as a child process. It reports on
// standard output, one line at a time, what the engine receives, so that a test can drive
// it with real X input and check the result.
//
//   GTKProbe no-display   tries to open the display; prints the error and exits with 3
//   GTKProbe main-loop    runs GLib's loop with main-actor tasks, awaits and a GLibClock
//   GTKProbe window TITLE opens a 400×300 window and reports touches, pointer, keys and scrolls
//   GTKProbe idle TITLE   opens a window and does nothing, for measuring idle CPU
//   GTKProbe drop TITLE   opens a window whose drop target takes text from any application
//   GTKProbe drop-files TITLE  opens a window whose drop target loads any data as files
//   GTKProbe drag TITLE TEXT  opens a window with a label that drags TEXT to any application
//   GTKProbe drag-file TITLE PATH  opens a window whose label drags the file's bytes as data
//   GTKProbe drag-file-backed TITLE PATH  the same, with the file as a file representation, open in place
//   GTKProbe drag-note TITLE TEXT  opens a window whose label drags a note of ours (Codable) and TEXT
//   GTKProbe menu TITLE   opens a 300×120 window with a SwiftUI Menu and a contextMenu; reports
//                         each popup's frame in the window's X window, and each choice
//   GTKProbe selected-state  focuses a selected item, so that the window tells the accessibility
//                         tree, then quits

import CGTK
import DragDrop
import DragDropGTK
import Foundation
import TraceLines

import class DragDropUI.HostingView

@MainActor
func report(_ line: String) {
  print(line)
  fflush(nil)
}

/// Reports every touch it sees, with its location in the window.
@MainActor
final class ReportingRecognizer: GestureRecognizer {
  override func touchesBegan(_ touches: [Touch]) { touches.forEach(log) }
  override func touchesMoved(_ touches: [Touch]) { touches.forEach(log) }
  override func touchesEnded(_ touches: [Touch]) { touches.forEach(log) }
  override func touchesCancelled(_ touches: [Touch]) { touches.forEach(log) }

  private func log(_ touch: Touch) {
    let x = Int(touch.location.x.rounded())
    let y = Int(touch.location.y.rounded())
    report("touch \(touch.id) \(touch.kind) \(touch.phase) \(x) \(y) modifiers=\(touch.modifiers.rawValue)")
  }
}

/// Reports key events while focused, and every scroll it gets.
@MainActor
final class KeyReportingView: View {
  override func keyEvent(_ event: KeyEvent) {
    report("key \(event.phase) \(event.key)")
  }

  override func scrollWheel(with event: ScrollEvent) -> Bool {
    let x = Int(event.location.x.rounded())
    let y = Int(event.location.y.rounded())
    report("scroll \(event.kind) \(event.phase) \(event.delta.x) \(event.delta.y) at \(x) \(y)")
    return true
  }
}

/// A type of the probe's own, which travels as JSON under its exported type: only another
/// process of ours knows it.
struct ProbeNote: ItemProviderCodable, Equatable {
  static let contentType = ContentType(exportedAs: "org.dragdrop.probe.note")
  var title: String
  var rating: Int
}

/// A drop target that takes text and URLs from anywhere, and reports each delegate call and
/// what it loaded.
@MainActor
final class ReportingDropTarget: DropInteractionDelegate {
  /// Whether items load as files (any data, never held in memory) rather than as text,
  /// URLs and images.
  let loadsFiles: Bool
  /// What it proposes: a copy; a move where the session allows one (`drop-move`); or
  /// nothing at all (`drop-refuse`).
  let proposal: DropOperation
  init(loadsFiles: Bool = false, proposal: DropOperation = .copy) {
    self.loadsFiles = loadsFiles
    self.proposal = proposal
  }

  func dropInteraction(_ interaction: DropInteraction, canHandle session: DropSession) -> Bool {
    if loadsFiles { return session.hasItemsConforming(to: [.data]) }
    return session.canLoadObjects(ofClass: String.self) || session.canLoadObjects(ofClass: URL.self)
      || session.canLoadObjects(ofClass: Image.self)
  }

  /// Whether the session over the window has had its first update.
  private var updated = false
  /// With DRAGDROP_PROBE_ENTER_LATENCY set, each drag's first update reports how long after
  /// its XdndEnter arrived it came, in microseconds.
  private let reportsLatency = ProcessInfo.processInfo.environment["DRAGDROP_PROBE_ENTER_LATENCY"] != nil

  func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: DropSession) -> DropProposal {
    if reportsLatency, !updated, let enter = PlatformDropTiming.lastEnterArrival {
      report("enter-latency \(Int(((MainLoop.monotonicNow - enter) * 1_000_000).rounded()))")
    }
    updated = true
    if proposal == .move, !session.allowsMoveOperation { return DropProposal(operation: .copy) }
    return DropProposal(operation: proposal)
  }

  func dropInteraction(_ interaction: DropInteraction, sessionDidExit session: DropSession) { updated = false }
  func dropInteraction(_ interaction: DropInteraction, sessionDidEnd session: DropSession) { updated = false }

  /// With DRAGDROP_PROBE_DROP_TIME set, each `performDrop` reports when it came, in seconds
  /// of the monotonic clock, so that a benchmark can set it beside the release it made.
  private let reportsDropTime = ProcessInfo.processInfo.environment["DRAGDROP_PROBE_DROP_TIME"] != nil

  func dropInteraction(_ interaction: DropInteraction, performDrop session: DropSession) {
    if reportsDropTime { report("perform-drop-at \(String(format: "%.6f", MainLoop.monotonicNow))") }
    let local = session.localDragSession == nil ? "none" : "ours"
    report("types \(session.items.first?.itemProvider.registeredContentTypes.map(\.identifier) ?? []) local=\(local)")
    report("items \(session.items.count)")
    if session.canLoadObjects(ofClass: ProbeNote.self) {
      _ = session.items[0].itemProvider.loadObject(ofClass: ProbeNote.self) { result in
        Task { @MainActor in
          switch result {
          case .success(let note): report("dropped-note \(note.title) \(note.rating)")
          case .failure(let error): report("failed \(error)")
          }
        }
      }
      return
    }
    if loadsFiles {
      for item in session.items {
        report("loading")
        _ = item.itemProvider.loadFileRepresentation(for: .data) { result in
          let size = result.map { (try? FileManager.default.attributesOfItem(atPath: $0.path)[.size] as? Int) ?? -1 }
          Task { @MainActor in
            switch size {
            case .success(let size): report("received-file \(size)")
            case .failure(let error): report("failed \(error)")
            }
          }
        }
      }
      return
    }
    for item in session.items {
      if item.itemProvider.canLoadObject(ofClass: Image.self) {
        _ = item.itemProvider.loadObject(ofClass: Image.self) { result in
          Task { @MainActor in
            switch result {
            case .success(let image):
              report("dropped-image \(image.contentType.identifier) \(image.pixelWidth)x\(image.pixelHeight)")
            case .failure(let error): report("failed \(error)")
            }
          }
        }
      }
      if item.itemProvider.hasRepresentationConforming(to: .url) {
        _ = item.itemProvider.loadObject(ofClass: URL.self) { result in
          Task { @MainActor in
            switch result {
            case .success(let url): report("dropped-url \(url.absoluteString)")
            case .failure(let error): report("failed \(error)")
            }
          }
        }
        continue
      }
      _ = item.itemProvider.loadObject(ofClass: String.self) { result in
        Task { @MainActor in
          switch result {
          case .success(let text): report("dropped \(text)")
          case .failure(let error): report("failed \(error)")
          }
        }
      }
    }
  }
}

/// A drag source whose one label drags its text to anywhere, or with `file`, that file's
/// bytes as data of its type (as a photo library holds them), named after the file.
@MainActor
final class ReportingDragSource: DragInteractionDelegate {
  let text: String
  let file: URL?
  let notes: Bool
  /// Whether the file is registered as a file representation that may be opened in place,
  /// rather than as its bytes.
  let fileBacked: Bool
  init(text: String, file: URL? = nil, notes: Bool = false, fileBacked: Bool = false) {
    self.text = text
    self.file = file
    self.notes = notes
    self.fileBacked = fileBacked
  }

  func dragInteraction(_ interaction: DragInteraction, itemsForBeginning session: DragSession) -> [DragItem] {
    guard let file else {
      let provider = ItemProvider()
      // The probe's own type first: for everyone with notes, for this process alone without.
      provider.registerObject(ProbeNote(title: text, rating: 5), visibility: notes ? .all : .ownProcess)
      // The text for everyone, reporting each load, so that a test sees when a peer reads.
      let text = self.text
      provider.registerDataRepresentation(for: .utf8PlainText) { completion in
        Task { @MainActor in report("loaded text") }
        completion(.success(Data(text.utf8)))
        return nil
      }
      return [DragItem(itemProvider: provider)]
    }
    let provider = ItemProvider()
    let type = ContentType(filenameExtension: file.pathExtension) ?? .data
    if fileBacked {
      // As a photo library that lets its files be opened where they are.
      provider.registerFileRepresentation(for: type, openInPlace: true) { completion in
        completion(.success(file))
        return nil
      }
    } else {
      provider.registerDataRepresentation(for: type) { completion in
        completion(Result { try Data(contentsOf: file) })
        return nil
      }
    }
    provider.suggestedName = file.deletingPathExtension().lastPathComponent
    return [DragItem(itemProvider: provider)]
  }

  func dragInteraction(_ interaction: DragInteraction, session: DragSession, didEndWith operation: DropOperation) {
    report("ended \(operation)")
  }
}

@MainActor
func runMainLoopCheck() -> Int32 {
  MainLoop.integrateMainQueue()
  let clock = GLibClock()
  var steps: [String] = []
  var done = false
  let start = clock.now
  Task { @MainActor in
    steps.append("task")
    // A suspension that only the main queue, drained by GLib's loop, can resume.
    await Task.yield()
    steps.append(Thread.isMainThread ? "yield-resumed-on-main" : "yield-resumed-elsewhere")
    let value = await Task.detached { (1...10).reduce(0, +) }.value
    steps.append("detached-\(value)")
    await withCheckedContinuation { continuation in
      clock.schedule(after: 0.05) {
        steps.append("clock-fired-after-\(clock.now - start >= 0.05 ? "deadline" : "early")")
        continuation.resume()
      }
    }
    let cancelled = clock.schedule(after: 0.01) { steps.append("cancelled-action-ran") }
    cancelled.cancel()
    await withCheckedContinuation { continuation in
      clock.schedule(after: 0.03) { continuation.resume() }
    }
    done = true
  }
  let finished = MainLoop.run(until: { done }, timeout: 10)
  report("steps " + steps.joined(separator: " "))
  report(finished ? "main-loop ok" : "main-loop timed out")
  return finished ? 0 : 1
}

/// Runs the probe's GTK application with `activate`; reports a failure to start and
/// returns 3.
@MainActor
func runApplication(_ activate: @escaping @MainActor (GTKApplication) -> Void) -> Int32 {
  let application: GTKApplication
  do {
    application = try GTKApplication(id: "org.dragdrop.GTKProbe")
  } catch {
    report("error \(error)")
    return 3
  }
  return application.run(activate)
}

/// A tap recognizer that reports "tapped NAME": a click after a drag shows that the window
/// still takes input (no grab left behind).
@MainActor
func tapReporter(_ name: String) -> TapGestureRecognizer {
  TapGestureRecognizer { recognizer in
    if recognizer.state == .ended { report("tapped \(name)") }
  }
}

@MainActor
func openWindow(
  title: String, reporting: Bool, dropping: Bool = false, loadsFiles: Bool = false, dragging: String? = nil,
  file: URL? = nil, notes: Bool = false, fileBacked: Bool = false, proposal: DropOperation = .copy
) -> Int32 {
  return runApplication { application in
    let host = GTKWindow(application: application, title: title, size: Size(width: 400, height: 300))
    let root = host.window
    root.backgroundColor = Color(red: 0.9, green: 0.9, blue: 0.95)
    // Interactions hold their delegates weakly: these keep them alive.
    var delegates: [AnyObject] = []
    if let dragging {
      let delegate = ReportingDragSource(text: dragging, file: file, notes: notes, fileBacked: fileBacked)
      delegates.append(delegate)
      let label = Label(
        text: dragging,
        frame: dropping ? Rect(x: 20, y: 20, width: 160, height: 260) : Rect(x: 20, y: 20, width: 360, height: 260))
      label.accessibilityLabel = "source"
      label.addInteraction(DragInteraction(delegate: delegate))
      label.addGestureRecognizer(tapReporter("source"))
      root.addSubview(label)
      root.focus(label)
    }
    if dropping {
      let delegate = ReportingDropTarget(loadsFiles: loadsFiles, proposal: proposal)
      delegates.append(delegate)
      let target = View(
        frame: dragging == nil ? Rect(x: 0, y: 0, width: 400, height: 300) : Rect(x: 200, y: 0, width: 200, height: 300)
      )
      target.accessibilityLabel = "target"
      target.addInteraction(DropInteraction(delegate: delegate))
      target.addGestureRecognizer(tapReporter("target"))
      root.addSubview(target)
    }
    if !delegates.isEmpty {
      root.dragController.addCallObserver { [delegates] call in
        _ = delegates
        report("call \(call)")
      }
    }
    if reporting {
      let target = KeyReportingView(frame: Rect(x: 0, y: 0, width: 400, height: 300))
      target.autoresizingMask = [.flexibleWidth, .flexibleHeight]
      target.addGestureRecognizer(ReportingRecognizer())
      root.addSubview(target)
      root.focus(target)
    }
    // With DRAGDROP_PROBE_FULLSCREEN set, the window fills the screen, so that a test on a
    // compositor that tells clients nothing of where their windows are knows where it is.
    if ProcessInfo.processInfo.environment["DRAGDROP_PROBE_FULLSCREEN"] != nil { host.setFullscreen(true) }
    host.present()
    var reported = false
    addTickCallback(host.drawingArea) { _ in
      guard host.frameCount > 0, !reported else { return host.frameCount == 0 }
      reported = true
      // The launch's background work (reading the MIME database) ends before the window
      // says it is ready, so that what is measured after "ready" is the window at rest.
      ContentTypeRegistry.shared.preloadDatabase()
      // Where the drawing area's origin is in the X window, so that a test can aim at it.
      let origin = host.drawingAreaOrigin ?? .zero
      report(
        TraceLine.ready(
          originX: Int(origin.x.rounded()), originY: Int(origin.y.rounded()), width: Int(root.bounds.width),
          height: Int(root.bounds.height)
        ).description)
      return false
    }
  }
}

/// A focusable view whose focused part is selected or not, as a list's row is.
@MainActor
final class FocusableItem: View {
  var isSelected = false
  override var canBecomeFocused: Bool { true }
  override var accessibilityFocusIsSelected: Bool { isSelected }
}

/// Focuses a selected item, then an unselected one: the window gives the accessibility
/// tree the selected state each time, through GTK's own API.
@MainActor
func focusSelectedItem() -> Int32 {
  return runApplication { application in
    let host = GTKWindow(application: application, title: "GTKProbe selected", size: Size(width: 200, height: 100))
    let selected = FocusableItem(frame: Rect(x: 10, y: 10, width: 80, height: 40))
    selected.isSelected = true
    selected.accessibilityLabel = "selected item"
    let plain = FocusableItem(frame: Rect(x: 100, y: 10, width: 80, height: 40))
    plain.accessibilityLabel = "plain item"
    host.window.addSubview(selected)
    host.window.addSubview(plain)
    host.present()
    host.window.focus(selected)
    host.window.focus(plain)
    // Quits once the window has drawn, as a person would close it.
    addTickCallback(host.drawingArea) { _ in
      guard host.frameCount > 0 else { return true }
      report("selected-state done")
      application.quit()
      return false
    }
  }
}

/// Opens the menu window; reports where the views are once it is drawn, then each popup
/// that shows (its frame in the window's X window) and each that closes.
@MainActor
func openMenuWindow(title: String) -> Int32 {
  return runApplication { application in
    let host = GTKWindow(application: application, title: title, size: Size(width: 300, height: 120))
    let hosting = HostingView(rootView: MenuProbeView(), frame: host.window.bounds)
    hosting.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    host.window.addSubview(hosting)
    host.present()
    reportReady(host) {
      for text in ["Actions", "Row"] {
        guard let found = hosting.find(text: text) else { continue }
        report("at \(text) \(Int(found.center.x.rounded())) \(Int(found.center.y.rounded()))")
      }
    }
    watchPopups(of: host) {
      ["Copy", "Paste", "Share", "Delete", "Rename"].compactMap { text in
        hosting.find(text: text).map { "\(text)=\(Int($0.center.x.rounded())),\(Int($0.center.y.rounded()))" }
      }
    }
  }
}

/// Once the window has drawn, runs `before` and reports `ready` with where the drawing
/// area is.
@MainActor
func reportReady(_ host: GTKWindow, before: @escaping @MainActor () -> Void = {}) {
  addTickCallback(host.drawingArea) { _ in
    guard host.frameCount > 0 else { return true }
    before()
    let origin = host.drawingAreaOrigin ?? .zero
    report(
      TraceLine.ready(
        originX: Int(origin.x.rounded()), originY: Int(origin.y.rounded()), width: Int(host.window.bounds.width),
        height: Int(host.window.bounds.height)
      ).description)
    return false
  }
}

/// Reports each popup of `host` once it is mapped and placed (its frame in the window's X
/// window, then what `items` says of it), and when none is left.
@MainActor
func watchPopups(of host: GTKWindow, items: @escaping @MainActor () -> [String] = { [] }) {
  var shown: Rect?
  @MainActor func watch() {
    let frame = host.openPopups.first?.frameInParentSurface
    if frame != shown {
      shown = frame
      if let frame {
        let line = [
          "popup", "\(Int(frame.minX.rounded()))", "\(Int(frame.minY.rounded()))", "\(Int(frame.width.rounded()))",
          "\(Int(frame.height.rounded()))",
        ]
        report((line + items()).joined(separator: " "))
      } else {
        report("popup closed")
      }
    }
    host.clock.schedule(after: 0.02) { watch() }
  }
  watch()
}

/// A note view that copies and pastes, with an edit menu: it reports each command it
/// performs (`chosen copy`).
final class EditableNote: View {
  override func canPerformAction(_ action: EditAction, withSender sender: Any?) -> Bool {
    action == .copy || action == .paste
  }
  override func copy(_ sender: Any?) { report("chosen copy") }
  override func paste(_ sender: Any?) { report("chosen paste") }
}

/// Opens a window whose note has an edit menu; reports `ready`, then each popup that shows
/// (its frame in the window's X window) and each that closes.
@MainActor
func openEditMenuWindow(title: String) -> Int32 {
  return runApplication { application in
    let host = GTKWindow(application: application, title: title, size: Size(width: 300, height: 60))
    let note = EditableNote(frame: host.window.bounds)
    note.addInteraction(EditMenuInteraction())
    host.window.addSubview(note)
    host.present()
    reportReady(host)
    watchPopups(of: host)
  }
}

let arguments = CommandLine.arguments.dropFirst()
let status: Int32 =
  switch arguments.first {
  case "no-display":
    {
      do {
        try GTKApplication.openDisplay()
        report("display opened")
        return 0
      } catch {
        report("error \(error)")
        return 3
      }
    }()
  case "main-loop": runMainLoopCheck()
  case "selected-state": focusSelectedItem()
  case "menu": openMenuWindow(title: arguments.dropFirst().first ?? "GTKProbe")
  case "clipboard":
    openClipboardWindow(title: arguments.dropFirst().first ?? "GTKProbe", copying: arguments.dropFirst(2).first)
  case "clipboard-load":
    openClipboardLoadWindow(title: arguments.dropFirst().first ?? "GTKProbe")
  case "clipboard-load-file":
    openClipboardLoadWindow(title: arguments.dropFirst().first ?? "GTKProbe", toFile: true)
  case "copy-on-click":
    openCopyOnClickWindow(title: arguments.dropFirst().first ?? "GTKProbe", text: arguments.dropFirst(2).first ?? "")
  case "copy-then-quit":
    copyThenQuit(title: arguments.dropFirst().first ?? "GTKProbe", text: arguments.dropFirst(2).first ?? "")
  case "primary":
    openPrimarySelectionWindow(
      title: arguments.dropFirst().first ?? "GTKProbe", selecting: arguments.dropFirst(2).first)
  case "edit-menu":
    openEditMenuWindow(title: arguments.dropFirst().first ?? "GTKProbe")
  case "clipboard-files":
    openClipboardWindow(
      title: arguments.dropFirst().first ?? "GTKProbe", copying: nil,
      files: arguments.dropFirst(2).map { URL(fileURLWithPath: $0) })
  case "cut":
    openClipboardWindow(
      title: arguments.dropFirst().first ?? "GTKProbe", copying: arguments.dropFirst(2).first ?? "", cutting: true)
  case "cut-files":
    openClipboardWindow(
      title: arguments.dropFirst().first ?? "GTKProbe", copying: nil,
      files: arguments.dropFirst(2).map { URL(fileURLWithPath: $0) }, cutting: true)
  case "window": openWindow(title: arguments.dropFirst().first ?? "GTKProbe", reporting: true)
  case "idle": openWindow(title: arguments.dropFirst().first ?? "GTKProbe", reporting: false)
  case "drop": openWindow(title: arguments.dropFirst().first ?? "GTKProbe", reporting: false, dropping: true)
  case "drop-move":
    openWindow(title: arguments.dropFirst().first ?? "GTKProbe", reporting: false, dropping: true, proposal: .move)
  case "drop-refuse":
    openWindow(title: arguments.dropFirst().first ?? "GTKProbe", reporting: false, dropping: true, proposal: .forbidden)
  case "both":
    openWindow(
      title: arguments.dropFirst().first ?? "GTKProbe", reporting: false, dropping: true,
      dragging: arguments.dropFirst(2).first ?? "")
  case "drag":
    openWindow(
      title: arguments.dropFirst().first ?? "GTKProbe", reporting: false, dragging: arguments.dropFirst(2).first ?? "")
  case "drag-note":
    openWindow(
      title: arguments.dropFirst().first ?? "GTKProbe", reporting: false, dragging: arguments.dropFirst(2).first ?? "",
      notes: true)
  case "drop-files":
    openWindow(title: arguments.dropFirst().first ?? "GTKProbe", reporting: false, dropping: true, loadsFiles: true)
  case "both-files":
    openWindow(
      title: arguments.dropFirst().first ?? "GTKProbe", reporting: false, dropping: true, loadsFiles: true,
      dragging: arguments.dropFirst(2).first ?? "")
  case "drag-file", "drag-file-backed":
    openWindow(
      title: arguments.dropFirst().first ?? "GTKProbe", reporting: false,
      dragging: arguments.dropFirst(2).first.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "",
      file: arguments.dropFirst(2).first.map { URL(fileURLWithPath: $0) },
      fileBacked: arguments.first == "drag-file-backed")
  default:
    {
      report(
        "usage: GTKProbe no-display | main-loop | selected-state | menu TITLE | clipboard TITLE [TEXT] | clipboard-files TITLE PATH… | cut TITLE TEXT | cut-files TITLE PATH… | edit-menu TITLE | primary TITLE [TEXT] | copy-then-quit TITLE TEXT | copy-on-click TITLE TEXT | clipboard-load TITLE | clipboard-load-file TITLE | window TITLE | idle TITLE | drop TITLE | drop-move TITLE | drop-refuse TITLE | drop-files TITLE | both-files TITLE TEXT | drag TITLE TEXT | drag-file TITLE PATH | drag-file-backed TITLE PATH | drag-note TITLE TEXT"
      )
      return 2
    }()
  }
exit(status)
