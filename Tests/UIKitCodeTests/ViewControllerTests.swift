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

@MainActor
@Suite("UIKit's labels, headless")
struct LabelTruncationTests {
  let test = TestWindow(size: CGSize(width: 320, height: 200))

  func drawn(_ text: String, width: CGFloat, mode: NSLineBreakMode = .byTruncatingTail, lines: Int = 1) -> String {
    let label = UILabel(frame: CGRect(x: 0, y: 0, width: width, height: 30))
    label.text = text
    label.lineBreakMode = mode
    label.numberOfLines = lines
    test.window.addSubview(label)
    defer { label.removeFromSuperview() }
    let list = test.displayList
    return list.components(separatedBy: "\"").dropFirst().first ?? ""
  }

  @Test("A line too wide is cut with an ellipsis at the end by default; one that fits is whole")
  func truncation() {
    let shown = drawn("Snow Country by Kawabata", width: 80)
    #expect(shown.hasSuffix("…"))
    #expect(shown.count < "Snow Country by Kawabata".count)
    #expect(test.window.environment.textMeasurer.size(of: shown, font: .systemFont(ofSize: 17)).width <= 80)
    #expect(drawn("Emma", width: 80) == "Emma")
  }

  @Test("The head and middle modes put the ellipsis there; a label of several lines is left whole")
  func modes() {
    #expect(drawn("Snow Country by Kawabata", width: 80, mode: .byTruncatingHead).hasPrefix("…"))
    let middle = drawn("Snow Country by Kawabata", width: 80, mode: .byTruncatingMiddle)
    #expect(middle.contains("…") && !middle.hasPrefix("…") && !middle.hasSuffix("…"))
    #expect(drawn("Snow Country by Kawabata", width: 80, lines: 0) == "Snow Country by Kawabata")
  }
}
