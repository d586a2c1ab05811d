// A view controller an iOS developer writes with three collection views side by side, one
// a column of a board: cards move between columns and within one, and a card dropped from
// another app is added as text. Collection views are compared with `===`, and each is its
// own data source. Only the import changed.

import DragDropHarness
import DragDropUIKit
import Testing

final class KanbanBoardViewController: UIViewController {
  var columns: [[String]] = [["Design", "Spec"], ["Build"], []]
  private(set) var columnViews: [UICollectionView] = []

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = .systemGroupedBackground
    for index in 0..<3 {
      let layout = UICollectionViewFlowLayout()
      layout.itemSize = CGSize(width: 100, height: 50)
      layout.minimumLineSpacing = 8
      let column = UICollectionView(
        frame: CGRect(x: 10 + CGFloat(index) * 110, y: 10, width: 100, height: 400), collectionViewLayout: layout)
      column.register(CardCell.self, forCellWithReuseIdentifier: "Card")
      column.dataSource = self
      column.dragDelegate = self
      column.dropDelegate = self
      column.dragInteractionEnabled = true
      view.addSubview(column)
      columnViews.append(column)
    }
  }

  func column(of collectionView: UICollectionView) -> Int {
    return columnViews.firstIndex { $0 === collectionView }!
  }
}

final class CardCell: UICollectionViewCell {
  let label = UILabel()

  override init(frame: CGRect) {
    super.init(frame: frame)
    contentView.backgroundColor = .white
    contentView.layer.cornerRadius = 6
    contentView.layer.shadowOpacity = 0.2
    contentView.layer.shadowOffset = CGSize(width: 0, height: 1)
    label.frame = contentView.bounds.insetBy(dx: 8, dy: 0)
    contentView.addSubview(label)
  }

  required init?(coder: NSCoder) {
    fatalError("init(coder:) has not been implemented")
  }
}

struct CardDrag {
  let title: String
  let column: Int
  let index: Int
}

extension KanbanBoardViewController: UICollectionViewDataSource {
  func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
    return columns[column(of: collectionView)].count
  }

  func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
    let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "Card", for: indexPath) as! CardCell
    cell.label.text = columns[column(of: collectionView)][indexPath.item]
    return cell
  }
}

extension KanbanBoardViewController: UICollectionViewDragDelegate {
  func collectionView(
    _ collectionView: UICollectionView, itemsForBeginning session: UIDragSession, at indexPath: IndexPath
  ) -> [UIDragItem] {
    let index = column(of: collectionView)
    let title = columns[index][indexPath.item]
    let item = UIDragItem(itemProvider: NSItemProvider(object: title as NSString))
    item.localObject = CardDrag(title: title, column: index, index: indexPath.item)
    return [item]
  }
}

extension KanbanBoardViewController: UICollectionViewDropDelegate {
  func collectionView(_ collectionView: UICollectionView, canHandle session: UIDropSession) -> Bool {
    return session.canLoadObjects(ofClass: NSString.self)
  }

  func collectionView(
    _ collectionView: UICollectionView, dropSessionDidUpdate session: UIDropSession,
    withDestinationIndexPath destinationIndexPath: IndexPath?
  ) -> UICollectionViewDropProposal {
    let operation: UIDropOperation = session.localDragSession == nil ? .copy : .move
    return UICollectionViewDropProposal(operation: operation, intent: .insertAtDestinationIndexPath)
  }

  func collectionView(_ collectionView: UICollectionView, performDropWith coordinator: UICollectionViewDropCoordinator)
  {
    let target = column(of: collectionView)
    let destination = coordinator.destinationIndexPath ?? IndexPath(item: columns[target].count, section: 0)

    for item in coordinator.items {
      if let card = item.dragItem.localObject as? CardDrag {
        if let source = item.sourceIndexPath {
          // Within the column.
          let to = min(destination.item, columns[target].count - 1)
          collectionView.performBatchUpdates({
            let moved = self.columns[target].remove(at: source.item)
            self.columns[target].insert(moved, at: to)
            collectionView.moveItem(at: source, to: IndexPath(item: to, section: 0))
          })
          coordinator.drop(item.dragItem, toItemAt: IndexPath(item: to, section: 0))
        } else {
          // From another column.
          let from = columnViews[card.column]
          from.performBatchUpdates({
            self.columns[card.column].remove(at: card.index)
            from.deleteItems(at: [IndexPath(item: card.index, section: 0)])
          })
          collectionView.performBatchUpdates({
            self.columns[target].insert(card.title, at: destination.item)
            collectionView.insertItems(at: [destination])
          })
          coordinator.drop(item.dragItem, toItemAt: destination)
        }
      } else {
        item.dragItem.itemProvider.loadObject(ofClass: NSString.self) { object, _ in
          guard let title = object as? String else { return }
          DispatchQueue.main.async {
            let index = min(destination.item, self.columns[target].count)
            self.columns[target].insert(title, at: index)
            collectionView.insertItems(at: [IndexPath(item: index, section: 0)])
          }
        }
      }
    }
  }
}

// MARK: - Tests

@MainActor
@Suite("Corpus: a board of three collection views")
struct KanbanBoardViewControllerTests {
  let test = TestWindow(size: CGSize(width: 340, height: 420))
  let controller = KanbanBoardViewController()
  let platform = FakePlatform()

  init() {
    test.window.rootViewController = controller
    test.settle()
  }

  func center(column: Int, item: Int) -> CGPoint {
    let view = controller.columnViews[column]
    let frame =
      view.frameForItem(at: IndexPath(item: item, section: 0))
      ?? CGRect(x: 0, y: CGFloat(item) * 58, width: 100, height: 50)
    return view.convert(CGPoint(x: frame.midX, y: frame.midY), to: test.window)
  }

  func shown(_ column: Int) -> [String] {
    controller.columnViews[column].visibleCells.compactMap { ($0 as? CardCell)?.label.text }
  }

  @Test("A card moves from the first column into the empty third")
  func acrossColumns() {
    test.longPress(at: center(column: 0, item: 0))
    test.move(to: center(column: 2, item: 0))
    test.release()
    test.settle()
    #expect(controller.columns == [["Spec"], ["Build"], ["Design"]])
    #expect((0..<3).map(shown) == controller.columns)
  }

  @Test("A card moves down its own column")
  func withinAColumn() {
    test.longPress(at: center(column: 0, item: 0))
    test.move(to: CGPoint(x: center(column: 0, item: 1).x, y: center(column: 0, item: 1).y + 20))
    test.release()
    test.settle()
    #expect(controller.columns[0] == ["Spec", "Design"])
    #expect(shown(0) == ["Spec", "Design"])
  }

  @Test("Text from another app becomes a card in the column it was dropped on")
  func textFromAnotherApp() async {
    let notes = platform.application(named: "notes")
    let incoming = notes.drag(
      [notes.item([(.utf8PlainText, Data("Ship".utf8))])], into: test.window, at: center(column: 1, item: 1))
    #expect(incoming.drop() == .copy)
    await test.settleTransfers()
    #expect(controller.columns[1] == ["Build", "Ship"])
    #expect(shown(1) == ["Build", "Ship"])
  }
}
