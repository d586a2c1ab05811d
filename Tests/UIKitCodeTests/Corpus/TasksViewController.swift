// A view controller an iOS developer writes with a UITableViewDiffableDataSource subclass,
// as Apple's "Updating collection views using diffable data sources" sample does for
// tables: the subclass gives section titles and lets rows move by drag, and its
// moveRowAt applies the new order. Only the import changed.

import DragDropHarness
import DragDropUIKit
import Testing

final class TasksViewController: UIViewController, UITableViewDragDelegate, UITableViewDropDelegate {
  enum Section: String, CaseIterable { case today = "Today", later = "Later" }

  final class DataSource: UITableViewDiffableDataSource<Section, String> {
    override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
      return sectionIdentifier(for: section)?.rawValue
    }

    override func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool {
      return true
    }

    override func tableView(
      _ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
    ) {
      guard let source = itemIdentifier(for: sourceIndexPath), sourceIndexPath != destinationIndexPath else { return }
      var snapshot = self.snapshot()
      let section = snapshot.sectionIdentifiers[destinationIndexPath.section]
      let items = snapshot.itemIdentifiers(inSection: section).filter { $0 != source }
      if destinationIndexPath.row < items.count {
        snapshot.moveItem(source, beforeItem: items[destinationIndexPath.row])
      } else if let last = items.last {
        snapshot.moveItem(source, afterItem: last)
      } else {
        snapshot.deleteItems([source])
        snapshot.appendItems([source], toSection: section)
      }
      apply(snapshot, animatingDifferences: false)
    }
  }

  let tableView = UITableView(frame: .zero, style: .plain)
  var dataSource: DataSource!

  override func viewDidLoad() {
    super.viewDidLoad()
    tableView.frame = view.bounds
    tableView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Task")
    tableView.dragDelegate = self
    tableView.dropDelegate = self
    tableView.dragInteractionEnabled = true
    view.addSubview(tableView)

    dataSource = DataSource(tableView: tableView) { tableView, indexPath, task in
      let cell = tableView.dequeueReusableCell(withIdentifier: "Task", for: indexPath)
      cell.textLabel?.text = task
      return cell
    }
    var snapshot = NSDiffableDataSourceSnapshot<Section, String>()
    snapshot.appendSections(Section.allCases)
    snapshot.appendItems(["Write", "Review", "Ship"], toSection: .today)
    snapshot.appendItems(["Rest"], toSection: .later)
    dataSource.apply(snapshot, animatingDifferences: false)
  }

  func tableView(
    _ tableView: UITableView, itemsForBeginning session: UIDragSession, at indexPath: IndexPath
  ) -> [UIDragItem] {
    guard let task = dataSource.itemIdentifier(for: indexPath) else { return [] }
    let item = UIDragItem(itemProvider: NSItemProvider(object: task as NSString))
    item.localObject = task
    return [item]
  }

  func tableView(
    _ tableView: UITableView, dropSessionDidUpdate session: UIDropSession,
    withDestinationIndexPath destinationIndexPath: IndexPath?
  ) -> UITableViewDropProposal {
    guard session.localDragSession != nil else { return UITableViewDropProposal(operation: .forbidden) }
    return UITableViewDropProposal(operation: .move, intent: .insertAtDestinationIndexPath)
  }

  func tableView(_ tableView: UITableView, performDropWith coordinator: UITableViewDropCoordinator) {
    // Reorders go through the data source's moveRowAt; nothing else is taken.
  }
}

// MARK: - Tests

@MainActor
@Suite("Corpus: tasks in a diffable data source subclass that reorders")
struct TasksViewControllerTests {
  let test = TestWindow(size: CGSize(width: 320, height: 480))
  let controller = TasksViewController()

  init() {
    test.window.rootViewController = controller
    test.settle()
  }

  func center(row: Int, section: Int) -> CGPoint {
    let rect = controller.tableView.rectForRow(at: IndexPath(row: row, section: section))!
    return controller.tableView.convert(CGPoint(x: rect.midX, y: rect.midY), to: test.window)
  }

  var today: [String] { controller.dataSource.snapshot().itemIdentifiers(inSection: .today) }

  @Test("The subclass's titles head the sections")
  func headers() {
    #expect(controller.tableView.numberOfSections == 2)
    #expect(controller.dataSource.tableView(controller.tableView, titleForHeaderInSection: 1) == "Later")
    // A plain table's titled header, at the automatic height.
    #expect(controller.tableView.rectForRow(at: IndexPath(row: 0, section: 0))?.minY == 28)
    #expect(
      controller.tableView.headerView(forSection: 1)?.textLabel?.text == "Later")
  }

  @Test("A task dragged down Today lands through the subclass's moveRowAt")
  func reorder() {
    test.longPress(at: center(row: 0, section: 0))
    test.move(to: CGPoint(x: 160, y: center(row: 2, section: 0).y + 10))
    test.release()
    test.settle()
    #expect(today == ["Review", "Ship", "Write"])
    #expect(controller.tableView.visibleCells.compactMap { $0.textLabel?.text } == ["Review", "Ship", "Write", "Rest"])
  }
}
