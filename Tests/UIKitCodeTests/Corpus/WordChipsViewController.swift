// A view controller an iOS developer writes from Apple's UICollectionViewDelegateFlowLayout
// and collection view drag and drop documentation: word chips as wide as their words,
// sized by the delegate, reordered by drag and drop through a batch update. Only the import
// changed.

import DragDropHarness
import DragDropUIKit
import Testing

final class WordChipsViewController: UIViewController, UICollectionViewDataSource,
  UICollectionViewDelegateFlowLayout, UICollectionViewDragDelegate, UICollectionViewDropDelegate
{
  var words = ["swift", "linux", "gtk", "drag", "drop", "collection", "view", "flow"]
  var collectionView: UICollectionView!
  private(set) var sizesAsked = 0

  override func viewDidLoad() {
    super.viewDidLoad()
    let layout = UICollectionViewFlowLayout()
    layout.minimumInteritemSpacing = 8
    layout.minimumLineSpacing = 8
    layout.sectionInset = UIEdgeInsets(top: 16, left: 16, bottom: 16, right: 16)
    collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: layout)
    collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    collectionView.backgroundColor = .systemBackground
    collectionView.register(ChipCell.self, forCellWithReuseIdentifier: ChipCell.reuseIdentifier)
    collectionView.dataSource = self
    collectionView.delegate = self
    collectionView.dragDelegate = self
    collectionView.dropDelegate = self
    collectionView.dragInteractionEnabled = true
    view.addSubview(collectionView)
  }

  func addWord(_ word: String) {
    collectionView.performBatchUpdates({
      self.words.append(word)
      self.collectionView.insertItems(at: [IndexPath(item: self.words.count - 1, section: 0)])
    })
  }

  // MARK: UICollectionViewDataSource

  func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
    return words.count
  }

  func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
    let cell =
      collectionView.dequeueReusableCell(withReuseIdentifier: ChipCell.reuseIdentifier, for: indexPath) as! ChipCell
    cell.label.text = words[indexPath.item]
    return cell
  }

  // MARK: UICollectionViewDelegateFlowLayout

  func collectionView(
    _ collectionView: UICollectionView, layout collectionViewLayout: UICollectionViewLayout,
    sizeForItemAt indexPath: IndexPath
  ) -> CGSize {
    sizesAsked += 1
    return CGSize(width: CGFloat(words[indexPath.item].count) * 12 + 24, height: 36)
  }

  // MARK: UICollectionViewDragDelegate

  func collectionView(
    _ collectionView: UICollectionView, itemsForBeginning session: UIDragSession, at indexPath: IndexPath
  ) -> [UIDragItem] {
    let word = words[indexPath.item]
    let item = UIDragItem(itemProvider: NSItemProvider(object: word as NSString))
    item.localObject = word
    return [item]
  }

  // MARK: UICollectionViewDropDelegate

  func collectionView(
    _ collectionView: UICollectionView, dropSessionDidUpdate session: UIDropSession,
    withDestinationIndexPath destinationIndexPath: IndexPath?
  ) -> UICollectionViewDropProposal {
    guard collectionView.hasActiveDrag else { return UICollectionViewDropProposal(operation: .forbidden) }
    return UICollectionViewDropProposal(operation: .move, intent: .insertAtDestinationIndexPath)
  }

  func collectionView(_ collectionView: UICollectionView, performDropWith coordinator: UICollectionViewDropCoordinator)
  {
    guard let destination = coordinator.destinationIndexPath, let item = coordinator.items.first,
      let source = item.sourceIndexPath
    else { return }
    let target = IndexPath(item: min(destination.item, words.count - 1), section: 0)
    collectionView.performBatchUpdates({
      let word = self.words.remove(at: source.item)
      self.words.insert(word, at: target.item)
      collectionView.deleteItems(at: [source])
      collectionView.insertItems(at: [target])
    })
    coordinator.drop(item.dragItem, toItemAt: target)
  }
}

final class ChipCell: UICollectionViewCell {
  static let reuseIdentifier = "Chip"
  let label = UILabel()

  override init(frame: CGRect) {
    super.init(frame: frame)
    contentView.backgroundColor = .systemTeal
    contentView.layer.cornerRadius = 18
    label.textAlignment = .center
    label.frame = contentView.bounds
    label.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    contentView.addSubview(label)
  }

  required init?(coder: NSCoder) {
    fatalError("init(coder:) has not been implemented")
  }
}

// MARK: - Tests

@MainActor
@Suite("Corpus: word chips of their own widths from a flow layout delegate")
struct WordChipsViewControllerTests {
  let test = TestWindow(size: CGSize(width: 320, height: 480))
  let controller = WordChipsViewController()

  init() {
    test.window.rootViewController = controller
    test.settle()
  }

  func frame(of word: String) -> CGRect? {
    guard let item = controller.words.firstIndex(of: word) else { return nil }
    return controller.collectionView.cellForItem(at: IndexPath(item: item, section: 0))?.frame
  }

  func point(_ point: CGPoint) -> CGPoint { controller.collectionView.convert(point, to: test.window) }

  @Test("Chips flow as UIKit flows them: lines spread to the width, the last from the leading edge")
  func flows() {
    // 288 points between the insets. swift, linux and gtk fill the first line, 30 apart.
    #expect(frame(of: "swift") == CGRect(x: 16, y: 16, width: 84, height: 36))
    #expect(frame(of: "linux") == CGRect(x: 130, y: 16, width: 84, height: 36))
    #expect(frame(of: "gtk") == CGRect(x: 244, y: 16, width: 60, height: 36))
    #expect(frame(of: "drop") == CGRect(x: 232, y: 60, width: 72, height: 36))
    #expect(frame(of: "view") == CGRect(x: 232, y: 104, width: 72, height: 36))
    #expect(frame(of: "flow") == CGRect(x: 16, y: 148, width: 72, height: 36))
    #expect(controller.collectionView.contentSize.height == 200)
    #expect(controller.sizesAsked >= controller.words.count)
  }

  @Test("A chip dragged to the front moves there, and the lines re-flow around the new order")
  func reorder() {
    test.longPress(at: point(CGPoint(x: 52, y: 166)))
    test.move(to: point(CGPoint(x: 30, y: 60)))
    test.move(to: point(CGPoint(x: 20, y: 34)))
    test.release()
    test.settle()
    #expect(controller.words == ["flow", "swift", "linux", "gtk", "drag", "drop", "collection", "view"])
    #expect(frame(of: "flow") == CGRect(x: 16, y: 16, width: 72, height: 36))
    #expect(frame(of: "linux") == CGRect(x: 220, y: 16, width: 84, height: 36))
    #expect(frame(of: "drag") == CGRect(x: 118, y: 60, width: 72, height: 36))
    #expect(frame(of: "view") == CGRect(x: 168, y: 104, width: 72, height: 36))
  }

  @Test("A word added by a batch update gets its own size from the delegate")
  func added() {
    controller.addWord("interactive")
    test.settle()
    #expect(frame(of: "interactive") == CGRect(x: 96, y: 148, width: 156, height: 36))
    #expect(frame(of: "flow") == CGRect(x: 16, y: 148, width: 72, height: 36))
  }
}
