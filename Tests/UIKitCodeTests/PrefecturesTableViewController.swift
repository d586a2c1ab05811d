// A table view controller as an iOS developer writes one from Apple's documentation of
// UITableViewController and UITableViewDragDelegate: it lists prefectures and lets them be
// dragged out as text. Only the import changed.

import DragDropHarness
import DragDropUIKit
import Testing

final class PrefecturesTableViewController: UITableViewController, UITableViewDragDelegate {
  var names = ["北海道", "青森県", "岩手県", "宮城県"]

  override func viewDidLoad() {
    super.viewDidLoad()
    title = "Prefectures"
    tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Cell")
    tableView.rowHeight = UITableView.automaticDimension
    tableView.dragDelegate = self
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
  @Test("The controller's table shows its rows, sized by their cells, and names the window")
  func showsRows() {
    let test = TestWindow(size: CGSize(width: 320, height: 480))
    let controller = PrefecturesTableViewController(style: .plain)
    test.window.rootViewController = controller
    test.settle()
    #expect(test.title == "Prefectures")
    #expect(controller.tableView.visibleCells.compactMap { $0.textLabel?.text } == controller.names)
    // One line of 17-point text with UIKit's margins: the 44-point minimum.
    #expect(controller.tableView.rectForRow(at: IndexPath(row: 1, section: 0))?.height == 44)
    #expect(controller.tableView.style == .plain)
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
