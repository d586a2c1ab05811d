// A view controller an iOS developer writes from the UITableViewDragDelegate and
// UIDropInteraction documentation: contacts in subtitle cells, several selected and
// dragged together onto a "group" view beside the table, which counts them. Only the
// import changed.

import DragDropHarness
import DragDropUIKit
import Testing

final class ContactsViewController: UIViewController, UITableViewDataSource, UITableViewDelegate,
  UITableViewDragDelegate, UIDropInteractionDelegate
{
  let contacts = [
    ("Aiko", "aiko@example.jp"), ("Ben", "ben@example.com"), ("Chen", "chen@example.cn"), ("Dana", "dana@example.org"),
  ]
  let tableView = UITableView(frame: CGRect(x: 0, y: 0, width: 200, height: 480))
  let groupView = UIView(frame: CGRect(x: 200, y: 0, width: 120, height: 480))
  let groupLabel = UILabel()
  private(set) var group: [String] = []
  private(set) var willBegin = 0

  override func viewDidLoad() {
    super.viewDidLoad()
    tableView.dataSource = self
    tableView.delegate = self
    tableView.dragDelegate = self
    tableView.dragInteractionEnabled = true
    tableView.allowsMultipleSelection = true
    tableView.rowHeight = UITableView.automaticDimension
    view.addSubview(tableView)

    groupView.backgroundColor = .systemGray6
    groupView.addInteraction(UIDropInteraction(delegate: self))
    groupLabel.frame = CGRect(x: 10, y: 10, width: 100, height: 30)
    groupLabel.text = "Group (0)"
    groupView.addSubview(groupLabel)
    view.addSubview(groupView)
  }

  func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    return contacts.count
  }

  func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    let cell =
      tableView.dequeueReusableCell(withIdentifier: "Contact")
      ?? UITableViewCell(style: .subtitle, reuseIdentifier: "Contact")
    cell.textLabel?.text = contacts[indexPath.row].0
    cell.detailTextLabel?.text = contacts[indexPath.row].1
    return cell
  }

  func tableView(
    _ tableView: UITableView, itemsForBeginning session: UIDragSession, at indexPath: IndexPath
  ) -> [UIDragItem] {
    let contact = contacts[indexPath.row]
    let item = UIDragItem(itemProvider: NSItemProvider(object: contact.1 as NSString))
    item.localObject = contact.0
    return [item]
  }

  func tableView(_ tableView: UITableView, dragSessionWillBegin session: UIDragSession) {
    willBegin += 1
  }

  func dropInteraction(_ interaction: UIDropInteraction, canHandle session: UIDropSession) -> Bool {
    return session.localDragSession != nil
  }

  func dropInteraction(_ interaction: UIDropInteraction, sessionDidUpdate session: UIDropSession) -> UIDropProposal {
    return UIDropProposal(operation: .copy)
  }

  func dropInteraction(_ interaction: UIDropInteraction, performDrop session: UIDropSession) {
    for item in session.items {
      if let name = item.localObject as? String, !group.contains(name) {
        group.append(name)
      }
    }
    groupLabel.text = "Group (\(group.count))"
  }
}

// MARK: - Tests

@MainActor
@Suite("Corpus: several selected contacts dragged into a group")
struct ContactsViewControllerTests {
  let test = TestWindow(size: CGSize(width: 320, height: 480))
  let controller = ContactsViewController()

  init() {
    test.window.rootViewController = controller
    test.settle()
  }

  func center(ofRow row: Int) -> CGPoint {
    let rect = controller.tableView.rectForRow(at: IndexPath(row: row, section: 0))!
    return controller.tableView.convert(CGPoint(x: rect.midX, y: rect.midY), to: test.window)
  }

  @Test("Subtitle cells size themselves to their two lines")
  func subtitleCells() throws {
    let cell = try #require(controller.tableView.cellForRow(at: IndexPath(row: 0, section: 0)))
    #expect(cell.detailTextLabel?.text == "aiko@example.jp")
    #expect(controller.tableView.rectForRow(at: IndexPath(row: 0, section: 0))!.height > 44)
  }

  @Test("Two selected contacts drag together into the group")
  func selectedRowsDragTogether() {
    controller.tableView.selectRow(at: IndexPath(row: 1, section: 0), animated: false, scrollPosition: .none)
    controller.tableView.selectRow(at: IndexPath(row: 3, section: 0), animated: false, scrollPosition: .none)
    test.longPress(at: center(ofRow: 1))
    test.move(to: CGPoint(x: 260, y: 200))
    #expect(test.window.dragController.activeSessions.first?.items.count == 2)
    test.release()
    test.settle()
    #expect(controller.group == ["Ben", "Dana"])
    #expect(controller.groupLabel.text == "Group (2)")
    #expect(controller.willBegin == 1)
  }
}
