// A UITableViewController an iOS developer writes from Apple's "Supporting drag and drop
// in table views": rows reorder through moveRowAt, text dragged in from other apps
// becomes new rows, rows drag out as text, and a button empties the list after an alert.
// Only the import changed.

import DragDropHarness
import DragDropUIKit
import TestSupport
import Testing

final class ShoppingListViewController: UITableViewController, UITableViewDragDelegate, UITableViewDropDelegate {
  var items = ["Milk", "Eggs", "Bread", "Apples", "Rice"]

  override func viewDidLoad() {
    super.viewDidLoad()
    title = "Shopping"
    tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Item")
    tableView.dragDelegate = self
    tableView.dropDelegate = self
    tableView.dragInteractionEnabled = true
  }

  func confirmClear() {
    let alert = UIAlertController(title: "Clear the list?", message: "Every item goes.", preferredStyle: .alert)
    alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
    alert.addAction(
      UIAlertAction(title: "Clear", style: .destructive) { _ in
        self.items.removeAll()
        self.tableView.reloadData()
      })
    present(alert, animated: true)
  }

  // MARK: Data source

  override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    return items.count
  }

  override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: "Item", for: indexPath)
    cell.textLabel?.text = items[indexPath.row]
    return cell
  }

  override func tableView(
    _ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
  ) {
    let item = items.remove(at: sourceIndexPath.row)
    items.insert(item, at: destinationIndexPath.row)
  }

  // MARK: UITableViewDragDelegate

  func tableView(
    _ tableView: UITableView, itemsForBeginning session: UIDragSession, at indexPath: IndexPath
  ) -> [UIDragItem] {
    let item = items[indexPath.row]
    let dragItem = UIDragItem(itemProvider: NSItemProvider(object: item as NSString))
    dragItem.localObject = item
    return [dragItem]
  }

  // MARK: UITableViewDropDelegate

  func tableView(_ tableView: UITableView, canHandle session: UIDropSession) -> Bool {
    return session.canLoadObjects(ofClass: NSString.self)
  }

  func tableView(
    _ tableView: UITableView, dropSessionDidUpdate session: UIDropSession,
    withDestinationIndexPath destinationIndexPath: IndexPath?
  ) -> UITableViewDropProposal {
    if tableView.hasActiveDrag {
      if session.items.count > 1 {
        return UITableViewDropProposal(operation: .cancel)
      }
      return UITableViewDropProposal(operation: .move, intent: .insertAtDestinationIndexPath)
    }
    return UITableViewDropProposal(operation: .copy, intent: .insertAtDestinationIndexPath)
  }

  func tableView(_ tableView: UITableView, performDropWith coordinator: UITableViewDropCoordinator) {
    let destinationIndexPath: IndexPath
    if let indexPath = coordinator.destinationIndexPath {
      destinationIndexPath = indexPath
    } else {
      let row = tableView.numberOfRows(inSection: 0)
      destinationIndexPath = IndexPath(row: row, section: 0)
    }

    coordinator.session.loadObjects(ofClass: NSString.self) { strings in
      let newItems = strings as! [String]
      var indexPaths = [IndexPath]()
      for (index, item) in newItems.enumerated() {
        let indexPath = IndexPath(row: destinationIndexPath.row + index, section: destinationIndexPath.section)
        self.items.insert(item, at: indexPath.row)
        indexPaths.append(indexPath)
      }
      tableView.insertRows(at: indexPaths, with: .automatic)
    }
  }
}

// MARK: - Tests

@MainActor
@Suite("Corpus: a shopping list table controller")
struct ShoppingListViewControllerTests {
  let test = TestWindow(size: CGSize(width: 320, height: 480))
  let controller = ShoppingListViewController()
  let platform = FakePlatform()

  init() {
    test.window.rootViewController = controller
    test.settle()
  }

  func center(ofRow row: Int) -> CGPoint {
    let rect = controller.tableView.rectForRow(at: IndexPath(row: row, section: 0))!
    return controller.tableView.convert(CGPoint(x: rect.midX, y: rect.midY), to: test.window)
  }

  var shown: [String] { controller.tableView.visibleCells.compactMap { $0.textLabel?.text } }

  @Test("A row dragged down the list moves through moveRowAt")
  func reorder() {
    test.longPress(at: center(ofRow: 0))
    test.move(to: CGPoint(x: 160, y: center(ofRow: 3).y + 10))
    test.release()
    test.settle()
    #expect(controller.items == ["Eggs", "Bread", "Apples", "Milk", "Rice"])
    #expect(shown == controller.items)
  }

  @Test("Two texts from another app become two rows where they were dropped")
  func textFromAnotherApp() async {
    let notes = platform.application(named: "notes")
    let incoming = notes.drag(
      [notes.item([(.utf8PlainText, Data("Tea".utf8))]), notes.item([(.utf8PlainText, Data("Jam".utf8))])],
      into: test.window, at: CGPoint(x: 160, y: center(ofRow: 1).y - 10))
    #expect(incoming.proposal.operation == .copy)
    #expect(incoming.drop() == .copy)
    await test.settleTransfers()
    #expect(controller.items == ["Milk", "Tea", "Jam", "Eggs", "Bread", "Apples", "Rice"])
    #expect(shown == controller.items)
  }

  @Test("A row dragged out leaves as its text, and the list keeps it")
  func rowLeavesAsText() async throws {
    test.longPress(at: center(ofRow: 2))
    test.move(to: CGPoint(x: 300, y: 460))
    let session = try #require(test.window.dragController.activeSessions.first)
    let text = try await session.items[0].itemProvider.loadObject(ofClass: String.self)
    #expect(text == "Bread")
    test.cancelTouch()
    test.settle()
    #expect(controller.items.count == 5)
  }

  @Test("The alert takes the keyboard: Escape cancels, Return runs its one other action")
  func alertKeys() throws {
    controller.confirmClear()
    test.settle()
    #expect(test.window.focusedView === controller.presentedViewController?.view)
    test.key(.escape)
    test.settle()
    #expect(controller.presentedViewController == nil)
    #expect(controller.items.count == 5)
    controller.confirmClear()
    test.settle()
    test.key(.return)
    test.settle()
    #expect(controller.presentedViewController == nil)
    #expect(controller.items.isEmpty)
  }

  @Test("Clear asks first: Cancel keeps the list, Clear empties it")
  func clearAsksFirst() throws {
    controller.confirmClear()
    test.settle()
    var alert = try #require(controller.presentedViewController as? UIAlertController)
    // Two buttons side by side, the cancel one first, as UIKit lays them out.
    #expect(alert.buttons.map { $0.title(for: .normal) } == ["Cancel", "Clear"])
    alert.perform(alert.actions[0])
    #expect(controller.presentedViewController == nil)
    #expect(controller.items.count == 5)
    controller.confirmClear()
    test.settle()
    alert = try #require(controller.presentedViewController as? UIAlertController)
    let clear = alert.buttons[1]
    test.tap(at: clear.convert(CGPoint(x: clear.bounds.midX, y: clear.bounds.midY), to: test.window), touch: 1)
    test.settle()
    #expect(controller.presentedViewController == nil)
    #expect(controller.items.isEmpty)
    #expect(controller.tableView.visibleCells.isEmpty)
  }
}
