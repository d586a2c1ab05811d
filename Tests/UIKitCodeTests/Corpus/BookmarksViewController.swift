// A view controller an iOS developer writes from the UIDropInteraction documentation:
// links dropped from a browser are kept as bookmarks, shown in a label, and a bookmark
// drags back out as its URL. Only the import changed.

import DragDropHarness
import DragDropUIKit
import Testing

final class BookmarksViewController: UIViewController, UIDropInteractionDelegate, UIDragInteractionDelegate {
  var bookmarks: [URL] = []
  let dropZone = UIView()
  let lastLabel = UILabel()

  override func viewDidLoad() {
    super.viewDidLoad()
    dropZone.frame = CGRect(x: 20, y: 20, width: 280, height: 200)
    dropZone.backgroundColor = UIColor(white: 0.95, alpha: 1)
    dropZone.layer.borderWidth = 1
    dropZone.layer.borderColor = UIColor.lightGray.cgColor
    dropZone.addInteraction(UIDropInteraction(delegate: self))
    view.addSubview(dropZone)

    lastLabel.frame = CGRect(x: 20, y: 240, width: 280, height: 30)
    lastLabel.font = UIFont.preferredFont(forTextStyle: .footnote)
    lastLabel.textColor = .darkGray
    lastLabel.isUserInteractionEnabled = true
    lastLabel.addInteraction(UIDragInteraction(delegate: self))
    view.addSubview(lastLabel)
  }

  func dropInteraction(_ interaction: UIDropInteraction, canHandle session: UIDropSession) -> Bool {
    return session.hasItemsConforming(toTypeIdentifiers: [kUTTypeURL as String]) && session.localDragSession == nil
  }

  func dropInteraction(_ interaction: UIDropInteraction, sessionDidUpdate session: UIDropSession) -> UIDropProposal {
    let point = session.location(in: dropZone)
    return UIDropProposal(operation: dropZone.bounds.contains(point) ? .copy : .forbidden)
  }

  func dropInteraction(_ interaction: UIDropInteraction, performDrop session: UIDropSession) {
    _ = session.loadObjects(ofClass: NSURL.self) { items in
      for case let url as URL in items {
        self.bookmarks.append(url)
      }
      self.lastLabel.text = self.bookmarks.last?.absoluteString
    }
  }

  func dragInteraction(_ interaction: UIDragInteraction, itemsForBeginning session: UIDragSession) -> [UIDragItem] {
    guard let url = bookmarks.last else { return [] }
    return [UIDragItem(itemProvider: NSItemProvider(object: url as NSURL))]
  }
}

// MARK: - Tests

@MainActor
@Suite("Corpus: bookmarks from links dropped by a browser")
struct BookmarksViewControllerTests {
  let test = TestWindow(size: CGSize(width: 320, height: 480))
  let controller = BookmarksViewController()
  let platform = FakePlatform()

  init() {
    test.window.rootViewController = controller
    test.settle()
  }

  @Test("Two links from a browser become bookmarks; the label shows the last")
  func linksBecomeBookmarks() async {
    let browser = platform.application(named: "browser")
    let incoming = browser.drag(
      [
        browser.item([(.url, Data("https://swift.org".utf8))]),
        browser.item([(.url, Data("https://www.gtk.org".utf8))]),
      ], into: test.window, at: CGPoint(x: 160, y: 120))
    #expect(incoming.proposal.operation == .copy)
    #expect(incoming.drop() == .copy)
    await test.settleTransfers()
    #expect(controller.bookmarks.map(\.absoluteString) == ["https://swift.org", "https://www.gtk.org"])
    #expect(controller.lastLabel.text == "https://www.gtk.org")
    #expect(controller.lastLabel.font.pointSize == 13)
  }

  @Test("Plain text is not a link: the zone does not take it")
  func textIsNotALink() {
    let notes = platform.application(named: "notes")
    let incoming = notes.drag(
      [notes.item([(.utf8PlainText, Data("swift.org".utf8))])], into: test.window, at: CGPoint(x: 160, y: 120))
    #expect(incoming.proposal.operation == .cancel)
    incoming.leave()
    #expect(controller.bookmarks.isEmpty)
  }

  @Test("The last bookmark drags out as its URL")
  func bookmarkDragsOut() async throws {
    controller.bookmarks = [URL(string: "https://example.org/a")!]
    controller.lastLabel.text = "https://example.org/a"
    test.longPress(at: CGPoint(x: 100, y: 255))
    test.move(to: CGPoint(x: 300, y: 460))
    let session = try #require(test.window.dragController.activeSessions.first)
    let url = try await session.items[0].itemProvider.loadObject(ofClass: URL.self)
    #expect(url.absoluteString == "https://example.org/a")
    test.cancelTouch()
    test.settle()
  }
}
