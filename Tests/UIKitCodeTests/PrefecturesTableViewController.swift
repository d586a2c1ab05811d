// A table view controller as an iOS developer writes one from Apple's documentation of
// UITableViewController and UITableViewDragDelegate: it lists prefectures and lets them be
// dragged out as text. Only the import changed.

import DragDropHarness
import DragDropUIKit
import Testing

final class PrefecturesTableViewController: UITableViewController, UITableViewDragDelegate,
  UITableViewDropDelegate
{
  var names = ["北海道", "青森県", "岩手県", "宮城県"]
  var drops = 0

  override func viewDidLoad() {
    super.viewDidLoad()
    title = "Prefectures"
    tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Cell")
    tableView.rowHeight = UITableView.automaticDimension
    tableView.dragDelegate = self
    tableView.dropDelegate = self
  }

  override func numberOfSections(in tableView: UITableView) -> Int {
    return 1
  }

  override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    return names.count
  }

  override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: "Cell", for: indexPath)
    cell.textLabel?.text = names[indexPath.row]
    return cell
  }

  override func tableView(
    _ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
  ) {
    let name = names.remove(at: sourceIndexPath.row)
    names.insert(name, at: destinationIndexPath.row)
  }

  func tableView(
    _ tableView: UITableView, dropSessionDidUpdate session: UIDropSession,
    withDestinationIndexPath destinationIndexPath: IndexPath?
  ) -> UITableViewDropProposal {
    if session.localDragSession != nil {
      return UITableViewDropProposal(operation: .move, intent: .insertAtDestinationIndexPath)
    }
    return UITableViewDropProposal(operation: .cancel)
  }

  func tableView(_ tableView: UITableView, performDropWith coordinator: UITableViewDropCoordinator) {
    drops += 1
  }

  func tableView(
    _ tableView: UITableView, itemsForBeginning session: UIDragSession, at indexPath: IndexPath
  )
    -> [UIDragItem]
  {
    let provider = NSItemProvider(object: names[indexPath.row] as NSString)
    return [UIDragItem(itemProvider: provider)]
  }
}

@MainActor
@Suite("A UITableViewController subclass, headless")
struct TableViewControllerTests {
  let test = TestWindow(size: CGSize(width: 320, height: 480))
  let controller = PrefecturesTableViewController(style: .plain)

  init() {
    test.window.rootViewController = controller
  }

  @Test("The controller's table shows its rows, sized by their cells, and names the window")
  func showsRows() {
    test.settle()
    #expect(test.title == "Prefectures")
    #expect(controller.tableView.visibleCells.compactMap { $0.textLabel?.text } == controller.names)
    // One line of 17-point text with UIKit's margins: the 44-point minimum.
    #expect(controller.tableView.rectForRow(at: IndexPath(row: 1, section: 0))?.height == 44)
    #expect(controller.tableView.style == .plain)
  }

  @Test(
    "Rows have UIKit's separator along their bottom, inset 16 points, which the table's style and a cell's inset change"
  )
  func separators() throws {
    let table = controller.tableView!
    let cell = try #require(table.cellForRow(at: IndexPath(row: 0, section: 0)))
    let line = try #require(cell.subviews.last)
    #expect(!line.isHidden)
    #expect(line.frame == CGRect(x: 16, y: 43, width: 304, height: 1))
    #expect(line.backgroundColor == .separator)
    cell.separatorInset = UIEdgeInsets(top: 0, left: 60, bottom: 0, right: 10)
    cell.layoutIfNeeded()
    #expect(line.frame == CGRect(x: 60, y: 43, width: 250, height: 1))
    table.separatorStyle = .none
    table.layoutIfNeeded()
    #expect(line.isHidden)
  }

  @Test("A row dragged down the table moves through the overridden moveRowAt, not performDrop")
  func reorderThroughMoveRowAt() {
    test.settle()
    let table = controller.tableView!
    let first = table.rectForRow(at: IndexPath(row: 0, section: 0))!
    test.longPress(at: table.convert(CGPoint(x: first.midX, y: first.midY), to: test.window))
    // The lower half of row 2: the slot before row 3, index 2 once the row has left.
    test.move(to: CGPoint(x: 100, y: 44 * 2 + 30))
    test.release()
    test.settle()
    #expect(controller.names == ["青森県", "岩手県", "北海道", "宮城県"])
    #expect(controller.drops == 0)
    #expect(table.visibleCells.compactMap { $0.textLabel?.text } == controller.names)
  }

  @Test("A plain UITableViewDataSource's moveRowAt is called, as in UIKit")
  func aPlainDataSourcesMoveRowAtIsCalled() {
    final class Names: NSObject, UITableViewDataSource {
      var names = ["a", "b", "c"]
      var moves: [String] = []
      func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { names.count }
      func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "Cell", for: indexPath)
        cell.textLabel?.text = names[indexPath.row]
        return cell
      }
      func tableView(_ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath)
      {
        moves.append("\(sourceIndexPath.row)→\(destinationIndexPath.row)")
        names.insert(names.remove(at: sourceIndexPath.row), at: destinationIndexPath.row)
      }
    }
    let names = Names()
    let table = controller.tableView!
    table.dataSource = names
    test.settle()
    test.longPress(at: CGPoint(x: 100, y: 22))
    test.move(to: CGPoint(x: 100, y: 44 * 2 + 30))
    test.release()
    test.settle()
    #expect(names.moves == ["0→2"])
    #expect(names.names == ["b", "c", "a"])
    #expect(controller.drops == 0)
  }

  @Test("A cell subclass that overrides init(style:reuseIdentifier:) is what the table dequeues")
  func cellSubclassesAreMadeThroughTheirOverride() {
    final class SubtitleCell: UITableViewCell {
      override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: .subtitle, reuseIdentifier: reuseIdentifier)
      }
    }
    let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 200))
    table.register(SubtitleCell.self, forCellReuseIdentifier: "Sub")
    let cell = table.dequeueReusableCell(withIdentifier: "Sub", for: IndexPath(row: 0, section: 0))
    #expect(cell is SubtitleCell)
    #expect(cell.detailTextLabel != nil)
    #expect(cell.reuseIdentifier == "Sub")
  }
}
