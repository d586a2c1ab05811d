import DragDrop
import DragDropGTK
import Foundation

/// A window whose general pasteboard is the display's clipboard: with `text`, it copies
/// that text once shown (`copied`), with `files`, those files; whenever the pasteboard
/// changes it reports what is on it, read as a paste would read it:
/// `pasteboard count=N types=[…] string=… image=W×H`, then
/// `pasteboard-items N names=[…]` with each item's suggested name.
@MainActor
func openClipboardWindow(title: String, copying text: String?, files: [URL] = [], cutting: Bool = false) -> Int32 {
  runApplication { application in
    let host = GTKWindow(application: application, title: title, size: Size(width: 300, height: 120))
    host.present()
    reportPasteboardChanges()
    var providers = files.compactMap { ItemProvider(contentsOf: $0) }
    if let text {
      providers = [ItemProvider(object: text)]
    }
    if cutting && text == nil {
      // A cut hands out its items' bytes, not its own files: each file's bytes, as data.
      providers = files.map { file in
        let provider = ItemProvider()
        provider.registerDataRepresentation(for: ContentType(filenameExtension: file.pathExtension) ?? .data) {
          completion in
          completion(Result { try Data(contentsOf: file) })
          return nil
        }
        provider.suggestedName = file.deletingPathExtension().lastPathComponent
        return provider
      }
    }
    if cutting {
      // A cut: the other application's whole read of an item is reported, once.
      Pasteboard.general.setItemProvidersForCut(providers) { positions in
        report("cut-read " + positions.map(String.init).joined(separator: ","))
      }
      report("cut")
    } else if let text {
      Pasteboard.general.string = text
      report("copied")
    } else if !providers.isEmpty {
      Pasteboard.general.itemProviders = providers
      report("copied")
    }
    report("ready")
  }
}

/// A window that offers `text` as the primary selection once shown (`selected`), or, with
/// none, reports the primary selection's text whenever it reads something new:
/// `primary TEXT`.
@MainActor
func openPrimarySelectionWindow(title: String, selecting text: String?) -> Int32 {
  runApplication { application in
    let host = GTKWindow(application: application, title: title, size: Size(width: 300, height: 120))
    host.present()
    if let text {
      PrimarySelection.select(text)
      report("selected")
      report("ready")
    } else {
      report("ready")
      var last: String?
      @MainActor func poll() {
        let now = PrimarySelection.text()
        if let now, now != last { report("primary \(now)") }
        last = now
        host.clock.schedule(after: 0.2) { poll() }
      }
      poll()
    }
  }
}

/// Copies `text`, then quits once the window has drawn (`quitting`), as a person closing
/// the application after a copy: the application hands the clipboard to a clipboard
/// manager, where one runs, before it ends (`exited`).
@MainActor
func copyThenQuit(title: String, text: String) -> Int32 {
  let status = runApplication { application in
    let host = GTKWindow(application: application, title: title, size: Size(width: 300, height: 120))
    host.present()
    Pasteboard.general.string = text
    addTickCallback(host.drawingArea) { _ in
      guard host.frameCount > 0 else { return true }
      report("quitting")
      application.quit()
      return false
    }
  }
  report("exited")
  return status
}

/// A view that copies its text when tapped.
final class CopyOnTap: View {
  let text: String
  init(text: String, frame: Rect) {
    self.text = text
    super.init(frame: frame)
    addGestureRecognizer(
      TapGestureRecognizer { [weak self] recognizer in
        guard let self, recognizer.state == .ended else { return }
        Pasteboard.general.string = self.text
        report("copied")
      })
  }
}

/// A window that copies `text` when clicked, as a person copies, and reports what the
/// pasteboard holds whenever it changes, as ``openClipboardWindow(title:copying:files:)``.
@MainActor
func openCopyOnClickWindow(title: String, text: String) -> Int32 {
  runApplication { application in
    let host = GTKWindow(application: application, title: title, size: Size(width: 300, height: 120))
    let view = CopyOnTap(text: text, frame: host.window.bounds)
    view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    host.window.addSubview(view)
    host.present()
    reportPasteboardChanges()
    report("ready")
  }
}

/// Reports what the pasteboard holds whenever it changes, read as a paste would read it:
/// `pasteboard count=N types=[…] string=… image=W×H`, then `pasteboard-items N names=[…]`.
@MainActor
func reportPasteboardChanges() {
  _ = NotificationCenter.default.addObserver(forName: Pasteboard.changedNotification, object: nil, queue: nil) { _ in
    MainActor.assumeIsolated {
      let board = Pasteboard.general
      let image = board.image.map { "\($0.pixelWidth)×\($0.pixelHeight)" } ?? "none"
      report(
        "pasteboard count=\(board.changeCount) types=\(board.types) string=\(board.string ?? "none") image=\(image)")
      let names = board.itemProviders.map { $0.suggestedName ?? "?" }
      report("pasteboard-items \(names.count) names=\(names.joined(separator: ","))")
    }
  }
}

/// A window that loads the first image another application copies, as a paste would, and
/// reports `loaded N` (its bytes) or `load-failed ERROR`. With `toFile`, it loads the image
/// as a file, as Albums pastes it, and reports `loaded-file N` (the file's size): the bytes
/// go from the clipboard to the file a chunk at a time, never all in memory.
@MainActor
func openClipboardLoadWindow(title: String, toFile: Bool = false) -> Int32 {
  runApplication { application in
    let host = GTKWindow(application: application, title: title, size: Size(width: 300, height: 120))
    host.present()
    _ = NotificationCenter.default.addObserver(forName: Pasteboard.changedNotification, object: nil, queue: nil) { _ in
      MainActor.assumeIsolated {
        guard let provider = Pasteboard.general.itemProviders.first, provider.hasItemConforming(to: .png) else {
          return
        }
        if toFile {
          _ = provider.loadFileRepresentation(for: .png) { result in
            let line =
              switch result {
              case .success(let url):
                "loaded-file \((try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? -1)"
              case .failure(let error): "load-failed \(error)"
              }
            Task { @MainActor in report(line) }
          }
          return
        }
        _ = provider.loadDataRepresentation(for: .png) { result in
          let line =
            switch result {
            case .success(let data): "loaded \(data.count)"
            case .failure(let error): "load-failed \(error)"
            }
          Task { @MainActor in report(line) }
        }
      }
    }
    report("ready")
  }
}
