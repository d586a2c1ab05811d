// Copy and paste as Apple's UIPasteboard documentation shows it: a string set and read back,
// the change count and its notification, and item providers kept in the process for an
// hour. Only the import changed (`import UIKit` became `import DragDropUIKit`). The observer
// runs on the posting queue: under the test runner the main actor is not the main thread,
// and Foundation would wait for the main queue to run a `.main` observer.

import DragDropUIKit
import Foundation
import Testing

final class ClipboardController: UIViewController {
  var changes = 0
  private var observer: NSObjectProtocol?

  override func viewDidLoad() {
    super.viewDidLoad()
    observer = NotificationCenter.default.addObserver(
      forName: UIPasteboard.changedNotification, object: UIPasteboard.general, queue: nil
    ) { [weak self] _ in
      MainActor.assumeIsolated { self?.changes += 1 }
    }
  }

  func copyTitle(_ title: String) {
    UIPasteboard.general.string = title
  }

  func pasteTitle() -> String? {
    guard UIPasteboard.general.hasStrings else { return nil }
    return UIPasteboard.general.string
  }

  func copyPrivately(_ text: String) {
    let provider = NSItemProvider(object: text as NSString)
    UIPasteboard.general.setItemProviders(
      [provider], localOnly: true, expirationDate: Date().addingTimeInterval(3600))
  }
}

@MainActor
@Suite("UIKit code: copy and paste with UIPasteboard", .serialized)
struct PasteboardCodeTests {
  @Test("A string copied reads back; the change count grows; local items stay in the process")
  func copyAndPaste() {
    let controller = ClipboardController()
    controller.loadViewIfNeeded()
    let before = UIPasteboard.general.changeCount
    controller.copyTitle("Kyoto")
    #expect(controller.pasteTitle() == "Kyoto")
    #expect(UIPasteboard.general.changeCount == before + 1)
    controller.copyPrivately("Nara")
    #expect(UIPasteboard.general.hasStrings && UIPasteboard.general.numberOfItems == 1)
    #expect(UIPasteboard.general.isLocalOnly && UIPasteboard.general.changeCount == before + 2)
    #expect(controller.changes == 2)
  }
}
