// A UITableViewController an iOS developer writes from the UITableViewDropDelegate and
// UISpringLoadedInteractionSupporting documentation: notes dropped onto a folder's row go
// into that folder, and a drag that rests on a folder springs it open. Only the import
// changed.

import DragDropHarness
import DragDropUIKit
import Testing

final class FoldersViewController: UITableViewController, UITableViewDropDelegate {
  struct Folder {
    var name: String
    var notes: [String]
  }

  var folders = [
    Folder(name: "Work", notes: []), Folder(name: "Home", notes: ["Plants"]), Folder(name: "Ideas", notes: []),
  ]
  private(set) var opened: [String] = []

  override func viewDidLoad() {
    super.viewDidLoad()
    tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Folder")
    tableView.dropDelegate = self
    tableView.isSpringLoaded = true
  }

  override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    return folders.count
  }

  override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: "Folder", for: indexPath)
    let folder = folders[indexPath.row]
    cell.textLabel?.text = "\(folder.name) (\(folder.notes.count))"
    return cell
  }

  override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
    opened.append(folders[indexPath.row].name)
  }

  func tableView(_ tableView: UITableView, canHandle session: UIDropSession) -> Bool {
    return session.canLoadObjects(ofClass: NSString.self)
  }

  func tableView(
    _ tableView: UITableView, dropSessionDidUpdate session: UIDropSession,
    withDestinationIndexPath destinationIndexPath: IndexPath?
  ) -> UITableViewDropProposal {
    guard destinationIndexPath != nil else {
      return UITableViewDropProposal(operation: .cancel)
    }
    return UITableViewDropProposal(operation: .copy, intent: .insertIntoDestinationIndexPath)
  }

  func tableView(_ tableView: UITableView, performDropWith coordinator: UITableViewDropCoordinator) {
    guard let indexPath = coordinator.destinationIndexPath, indexPath.row < folders.count else { return }
    coordinator.session.loadObjects(ofClass: NSString.self) { strings in
      for case let note as String in strings {
        self.folders[indexPath.row].notes.append(note)
      }
      tableView.reloadRows(at: [indexPath], with: .none)
    }
    if let cell = tableView.cellForRow(at: indexPath) {
      for item in coordinator.items {
        coordinator.drop(item.dragItem, intoRowAt: indexPath, rect: cell.bounds)
      }
    }
  }
}

// MARK: - Tests

@MainActor
@Suite("Corpus: folders that take notes dropped into them and spring open")
struct FoldersViewControllerTests {
  let test = TestWindow(size: CGSize(width: 320, height: 480))
  let controller = FoldersViewController()
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

  @Test("A note dropped on Ideas goes into it, and its row counts it")
  func noteIntoAFolder() async {
    let notes = platform.application(named: "notes")
    let incoming = notes.drag(
      [notes.item([(.utf8PlainText, Data("Solar roof".utf8))])], into: test.window, at: center(ofRow: 2))
    #expect(incoming.proposal.operation == .copy)
    #expect(incoming.drop() == .copy)
    await test.settleTransfers()
    #expect(controller.folders.map(\.notes) == [[], ["Plants"], ["Solar roof"]])
    #expect(shown == ["Work (0)", "Home (1)", "Ideas (1)"])
  }

  @Test("A drag that rests on Home springs it open")
  func springLoading() {
    let notes = platform.application(named: "notes")
    let incoming = notes.drag(
      [notes.item([(.utf8PlainText, Data("Seeds".utf8))])], into: test.window, at: center(ofRow: 1))
    test.hold(2)
    #expect(controller.opened == ["Home"])
    incoming.leave()
    test.settle()
  }
}
