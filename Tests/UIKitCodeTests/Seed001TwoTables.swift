// swift-format-ignore-file
// Seed 001, "two tables": the view controller as the article writes it. Only the imports
// changed (`import UIKit` became `import DragDropUIKit`) and the storyboard's `@IBOutlet`s
// went; the storyboard's part (two tables in the view, their prototype cells) is
// `StoryboardViewController`'s, below the seed's code. One line differs, where Xcode refuses
// the article's code too (marked). The compiler warns that `dragItem(for:)` never uses its
// `itemProvider`, as Xcode does: the article's own slip, kept, and tested below.

import DragDropUIKit

private class ViewController: UIViewController {
    weak var firstTableView: UITableView!
    weak var secondTableView: UITableView!

    var firstResource = TableResourceModel()
    var secondResource = TableResourceModel()

    override func viewDidLoad() {
        super.viewDidLoad()

        firstTableView.dataSource = self
        firstTableView.dragDelegate = self
        firstTableView.dropDelegate = self
        firstTableView.dragInteractionEnabled = true

        secondTableView.dataSource = self
        secondTableView.dragDelegate = self
        secondTableView.dropDelegate = self
    }
}
extension ViewController: UITableViewDragDelegate {
    func tableView(_ tableView: UITableView, itemsForBeginning session: UIDragSession, at indexPath: IndexPath) -> [UIDragItem] {
        return [firstResource.dragItem(for: indexPath)]
    }
}
extension ViewController: UITableViewDropDelegate {
    func tableView(_ tableView: UITableView, dropSessionDidUpdate session: UIDropSession, withDestinationIndexPath destinationIndexPath: IndexPath?) -> UITableViewDropProposal {
        let dropOperation: UIDropOperation = tableView == firstTableView ? .move : .copy
        return UITableViewDropProposal(operation: dropOperation, intent: .insertAtDestinationIndexPath)
    }

    func tableView(_ tableView: UITableView, canHandle session: UIDropSession) -> Bool {
        return true
    }

    func tableView(_ tableView: UITableView, performDropWith coordinator: UITableViewDropCoordinator) {
        guard let item = coordinator.items.first else { return }
        guard let destinationIndexPath = coordinator.destinationIndexPath else { return }
        if let sourceIndexPath = item.sourceIndexPath, tableView == firstTableView {
            tableView.performBatchUpdates({ [weak self] in
                guard let strongSelf = self else { return }
                strongSelf.firstResource.moveItem(sourcePath: sourceIndexPath.row, destinationPath: destinationIndexPath.row)
                // The article writes `firstTableView.` here, which Xcode refuses too: the
                // block escapes and captures `self` weakly, so a property needs its owner.
                strongSelf.firstTableView.deleteRows(at: [sourceIndexPath], with: .automatic)
                strongSelf.firstTableView.insertRows(at: [destinationIndexPath], with: .automatic)
                }, completion: nil)
            coordinator.drop(item.dragItem, toRowAt: destinationIndexPath)
        } else {
            _ = item.dragItem.itemProvider.loadObject(
                ofClass: NSString.self,
                completionHandler: { (data, error) in
                    guard error == nil else { return }
                    DispatchQueue.main.async {
                        let placeHolder = UITableViewDropPlaceholder(
                            insertionIndexPath: destinationIndexPath,
                            reuseIdentifier: "PlaceholderCell",
                            rowHeight: UITableView.automaticDimension)

                        let placeHolderContext = coordinator.drop(item.dragItem, to: placeHolder)
                        placeHolderContext.commitInsertion(dataSourceUpdates: { (insertionIndexPath) in
                            if let prefecture = data as? String {
                                self.secondResource.insertItem(prefecture: prefecture, destinationPath: destinationIndexPath.row)
                            }
                        })
                    }
            })
        }
    }
}

extension ViewController: UITableViewDataSource {
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        return tableView == firstTableView ? firstResource.prefectureNames.count : secondResource.prefectureNames.count
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        if tableView == firstTableView {
            let cell = tableView.dequeueReusableCell(withIdentifier: "FirstCell", for: indexPath)
            cell.textLabel?.text = firstResource.prefectureNames[indexPath.row]
            return cell
        } else {
            let cell = tableView.dequeueReusableCell(withIdentifier: "SecondCell", for: indexPath)
            cell.textLabel?.text = secondResource.prefectureNames[indexPath.row]
            return cell
        }
    }
}

// The model, as the article writes it (its list of prefectures cut short, as the article
// does with "...").
struct TableResourceModel {
    private(set) var prefectureNames = [
        "北海道",
        "青森県",
        "岩手県",
        "鹿児島県",
        "沖縄県"
    ]
}

extension TableResourceModel {
    func dragItem(for indexPath: IndexPath) -> UIDragItem {
        let prefectureName = prefectureNames[indexPath.row]
        let itemProvider = NSItemProvider(object: prefectureName as NSString)

        return UIDragItem(itemProvider: NSItemProvider())
    }
}

extension TableResourceModel {
  mutating func moveItem(sourcePath: Int, destinationPath: Int) {
      let prefecture = prefectureNames.remove(at: sourcePath)
      prefectureNames.insert(prefecture, at: destinationPath)
  }

  // The article leaves this one to the reader.
  mutating func insertItem(prefecture: String, destinationPath: Int) {
      prefectureNames.insert(prefecture, at: destinationPath)
  }
}

// MARK: - The storyboard's part, and the article's drags

import DragDropHarness
import TestSupport
import Testing

/// What the storyboard does: the two tables side by side in the view, their prototype cells
/// registered, the outlets connected, while the view loads (before `viewDidLoad`).
private final class StoryboardViewController: ViewController {
  override func loadView() {
    view = UIView(frame: CGRect(x: 0, y: 0, width: 640, height: 480))
    let first = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
    let second = UITableView(frame: CGRect(x: 320, y: 0, width: 320, height: 480))
    view.addSubview(first)
    view.addSubview(second)
    first.register(UITableViewCell.self, forCellReuseIdentifier: "FirstCell")
    second.register(UITableViewCell.self, forCellReuseIdentifier: "SecondCell")
    second.register(UITableViewCell.self, forCellReuseIdentifier: "PlaceholderCell")
    firstTableView = first
    secondTableView = second
  }
}

@MainActor
@Suite("Seed 001: two tables, as the article writes them")
struct Seed001TwoTablesTests {
  let test = TestWindow(size: CGSize(width: 640, height: 480))
  private let controller = StoryboardViewController()

  init() {
    test.window.rootViewController = controller
    test.settle()
  }

  func center(_ table: UITableView, row: Int) -> CGPoint {
    let rect = table.rectForRow(at: IndexPath(row: row, section: 0))!
    return table.convert(CGPoint(x: rect.midX, y: rect.midY), to: test.window)
  }

  func texts(_ table: UITableView) -> [String] {
    table.visibleCells.compactMap { $0.textLabel?.text }
  }

  @Test("A row dragged within the first table moves there, through performDrop")
  func reorderInTheFirstTable() {
    let first = controller.firstTableView!
    test.longPress(at: center(first, row: 0))
    // The lower half of row 2: the slot before row 3.
    test.move(to: CGPoint(x: 100, y: 44 * 2 + 30))
    test.release()
    test.settle()
    // The table and the model agree: the update added up.
    #expect(texts(first) == controller.firstResource.prefectureNames)
    // The article's code removes the row, then inserts it at `destinationIndexPath`, as
    // Apple's samples do: the coordinator gives the index the row has once it has left its
    // place, as UIKit does.
    #expect(controller.firstResource.prefectureNames == ["青森県", "岩手県", "北海道", "鹿児島県", "沖縄県"])
  }

  @Test("A row dragged into the second table brings nothing: the article's item provider is empty")
  func copyIntoTheSecondTable() async {
    var misuse: [any Error] = []
    APIMisuse.handler = { misuse.append($0) }
    defer { APIMisuse.handler = { _ in } }
    let first = controller.firstTableView!, second = controller.secondTableView!
    test.longPress(at: center(first, row: 1))
    test.move(to: center(second, row: 2))
    test.release()
    test.settle()
    // `dragItem(for:)` makes `NSItemProvider()` and drops the provider of the name, so
    // `loadObject(ofClass: NSString.self)` fails, and the completion returns at its
    // `guard error == nil`, as on iOS.
    for _ in 0..<100 { await Task.yield() }
    test.settle()
    #expect(controller.secondResource.prefectureNames == TableResourceModel().prefectureNames)
    #expect(texts(second) == TableResourceModel().prefectureNames)
    #expect(!second.hasUncommittedUpdates)
    #expect(misuse.isEmpty)
  }
}
