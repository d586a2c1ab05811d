// A UITableViewController an iOS developer writes from Apple's table view documentation
// ("Inserting and deleting rows", "Reordering rows", UIContextualAction): an inset-grouped
// checklist with a section per day and a footer under each, rows reordered by their reorder
// controls in editing mode, deleted by a swipe, marked done by a leading swipe action, and
// text dropped in from other apps becoming new rows. Only the import changed.

import DragDropHarness
import DragDropUIKit
import Testing

final class ChecklistViewController: UITableViewController, UITableViewDropDelegate {
  var days = [["Water plants", "Call the bank"], ["Buy stamps", "Post the letter", "Book tickets"]]
  var done: Set<String> = []

  init() {
    super.init(style: .insetGrouped)
  }

  required init?(coder: NSCoder) {
    fatalError("init(coder:) has not been implemented")
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    title = "Checklist"
    tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Task")
    tableView.dropDelegate = self
  }

  // MARK: Data source

  override func numberOfSections(in tableView: UITableView) -> Int {
    return days.count
  }

  override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    return days[section].count
  }

  override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: "Task", for: indexPath)
    let task = days[indexPath.section][indexPath.row]
    cell.textLabel?.text = task
    cell.textLabel?.textColor = done.contains(task) ? .secondaryLabel : .label
    return cell
  }

  override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
    return section == 0 ? "Today" : "Tomorrow"
  }

  override func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? {
    let count = days[section].count
    return count == 1 ? "1 task" : "\(count) tasks"
  }

  override func tableView(
    _ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
  ) {
    let task = days[sourceIndexPath.section].remove(at: sourceIndexPath.row)
    days[destinationIndexPath.section].insert(task, at: destinationIndexPath.row)
  }

  override func tableView(
    _ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath
  ) {
    if editingStyle == .delete {
      days[indexPath.section].remove(at: indexPath.row)
      tableView.deleteRows(at: [indexPath], with: .fade)
    }
  }

  // MARK: Delegate

  override func tableView(
    _ tableView: UITableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath
  ) -> UISwipeActionsConfiguration? {
    let task = days[indexPath.section][indexPath.row]
    let action = UIContextualAction(style: .normal, title: "Done") { [weak self] _, _, completionHandler in
      self?.done.insert(task)
      tableView.reloadRows(at: [indexPath], with: .none)
      completionHandler(true)
    }
    action.backgroundColor = .systemGreen
    return UISwipeActionsConfiguration(actions: [action])
  }

  // MARK: UITableViewDropDelegate

  func tableView(_ tableView: UITableView, canHandle session: UIDropSession) -> Bool {
    return session.canLoadObjects(ofClass: NSString.self)
  }

  func tableView(
    _ tableView: UITableView, dropSessionDidUpdate session: UIDropSession,
    withDestinationIndexPath destinationIndexPath: IndexPath?
  ) -> UITableViewDropProposal {
    return UITableViewDropProposal(operation: .copy, intent: .insertAtDestinationIndexPath)
  }

  func tableView(_ tableView: UITableView, performDropWith coordinator: UITableViewDropCoordinator) {
    let destination = coordinator.destinationIndexPath ?? IndexPath(row: days[0].count, section: 0)
    coordinator.session.loadObjects(ofClass: NSString.self) { strings in
      for (offset, string) in strings.enumerated() {
        self.days[destination.section].insert(string as! String, at: destination.row + offset)
      }
      let paths = (0..<strings.count).map { IndexPath(row: destination.row + $0, section: destination.section) }
      tableView.insertRows(at: paths, with: .automatic)
    }
  }
}

// MARK: - Tests

@MainActor
@Suite("Corpus: an inset-grouped checklist with editing and swipe actions")
struct ChecklistViewControllerTests {
  let test = TestWindow(size: CGSize(width: 390, height: 600))
  let controller = ChecklistViewController()

  init() {
    test.window.rootViewController = controller
    test.settle()
  }

  func center(_ row: Int, _ section: Int) -> CGPoint {
    let rect = controller.tableView.rectForRow(at: IndexPath(row: row, section: section))!
    return controller.tableView.convert(CGPoint(x: rect.midX, y: rect.midY), to: test.window)
  }

  var shown: [String] { controller.tableView.visibleCells.compactMap { $0.textLabel?.text } }

  func view(labelled label: String, in root: UIView) -> UIView? {
    if root.accessibilityLabel == label { return root }
    return root.subviews.lazy.compactMap { view(labelled: label, in: $0) }.first
  }

  @Test("Sections are inset, titled and counted in their footers")
  func sections() {
    let table = controller.tableView!
    #expect(table.rectForRow(at: IndexPath(row: 0, section: 0))?.minX == 16)
    #expect(table.headerView(forSection: 0)?.textLabel?.text == "TODAY")
    #expect(table.footerView(forSection: 1)?.textLabel?.text == "3 tasks")
  }

  @Test("In editing mode, a row dragged by its reorder control moves to the other day")
  func reorderAcrossSections() {
    controller.setEditing(true, animated: true)
    test.settle()
    let grip = CGPoint(x: 390 - 16 - 20, y: center(0, 0).y)
    test.press(at: grip)
    test.move(to: CGPoint(x: grip.x, y: center(1, 1).y + 5))
    test.release()
    test.settle()
    // It takes the place of the row it was dropped on.
    #expect(controller.days == [["Call the bank"], ["Buy stamps", "Water plants", "Post the letter", "Book tickets"]])
    #expect(shown == controller.days.flatMap { $0 })
  }

  @Test("A swipe to the left offers Delete, which deletes through commit")
  func swipeToDelete() throws {
    let start = center(1, 1)
    test.press(at: CGPoint(x: start.x + 100, y: start.y))
    test.move(to: CGPoint(x: start.x - 20, y: start.y))
    test.release()
    let delete = try #require(view(labelled: "Delete", in: test.window))
    test.tap(at: delete.convert(CGPoint(x: delete.bounds.midX, y: delete.bounds.midY), to: test.window), touch: 1)
    test.settle()
    #expect(controller.days[1] == ["Buy stamps", "Book tickets"])
    #expect(controller.tableView.footerView(forSection: 1)?.textLabel?.text == "2 tasks")
  }

  @Test("A swipe to the right marks the task done")
  func leadingAction() throws {
    let start = center(0, 0)
    test.press(at: CGPoint(x: start.x - 100, y: start.y))
    test.move(to: CGPoint(x: start.x + 20, y: start.y))
    test.release()
    let doneButton = try #require(view(labelled: "Done", in: test.window))
    #expect(doneButton.backgroundColor == .systemGreen)
    test.tap(
      at: doneButton.convert(CGPoint(x: doneButton.bounds.midX, y: doneButton.bounds.midY), to: test.window), touch: 1)
    test.settle()
    #expect(controller.done == ["Water plants"])
    #expect(controller.tableView.cellForRow(at: IndexPath(row: 0, section: 0))?.textLabel?.textColor == .secondaryLabel)
  }
}
