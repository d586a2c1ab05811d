import DragDropHarness
import DragDropUIKit
import TestSupport
import Testing

@MainActor
@Suite("UIKit view controllers, headless")
struct ViewControllerTests {
  @Test("A root view controller loads its view, appears in UIKit's order, and names the window")
  func rootViewControllerAppears() {
    let test = TestWindow(size: CGSize(width: 320, height: 480))
    let controller = NotesViewController()
    #expect(!controller.isViewLoaded)
    test.window.rootViewController = controller
    #expect(controller.lifecycle == ["viewDidLoad", "viewWillAppear", "viewDidAppear"])
    #expect(controller.view.superview === test.window)
    #expect(controller.view.frame == test.window.bounds)
    #expect(test.title == "Notes")
    controller.title = "Groceries"
    #expect(test.window.title == "Groceries")
  }

  @Test("A note dragged onto the inbox arrives as the text the label holds")
  func dragANoteIntoTheInbox() async {
    let test = TestWindow(size: CGSize(width: 320, height: 480))
    let controller = NotesViewController()
    test.window.rootViewController = controller
    test.settle()
    test.longPress(at: CGPoint(x: 60, y: 42))
    test.move(to: CGPoint(x: 160, y: 300))
    test.release()
    test.settle()
    // The load completes on the main actor once the provider has the bytes.
    #expect(await eventually { controller.received == ["Buy milk"] })
  }

  @Test("A presented controller covers the window until it is dismissed; the presenter stays")
  func presentAndDismiss() {
    let test = TestWindow(size: CGSize(width: 320, height: 480))
    let root = NotesViewController()
    test.window.rootViewController = root
    let sheet = NotesViewController()
    var completed = 0
    root.present(sheet, animated: true) { completed += 1 }
    #expect(root.presentedViewController === sheet && sheet.presentingViewController === root)
    #expect(test.window.subviews.last === sheet.view)
    #expect(sheet.lifecycle == ["viewDidLoad", "viewWillAppear", "viewDidAppear"])
    sheet.dismiss(animated: true) { completed += 1 }
    #expect(root.presentedViewController == nil && sheet.view.superview == nil)
    #expect(root.view.superview === test.window && completed == 2)
  }

  @Test("Views compare by identity, as UIKit's do")
  func viewsAreEquatable() {
    let first = UITableView(frame: .zero)
    let second = UITableView(frame: .zero)
    #expect(first == first && first != second)
    #expect(Set<UIView>([first, second, first]).count == 2)
  }
}
