// A UICollectionViewController an iOS developer writes from the UICollectionViewController
// documentation: with no drag delegates, the standard long-press gesture reorders the
// stickers through moveItemAt. Only the import changed.

import DragDropHarness
import DragDropUIKit
import Testing

final class StickersViewController: UICollectionViewController {
  var stickers = ["🐱", "🐶", "🦊", "🐻", "🐼", "🐨"]

  init() {
    let layout = UICollectionViewFlowLayout()
    layout.itemSize = CGSize(width: 80, height: 80)
    super.init(collectionViewLayout: layout)
    installsStandardGestureForInteractiveMovement = true
  }

  required init?(coder: NSCoder) {
    fatalError("init(coder:) has not been implemented")
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    collectionView.register(StickerCell.self, forCellWithReuseIdentifier: "Sticker")
  }

  override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
    return stickers.count
  }

  override func collectionView(
    _ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath
  ) -> UICollectionViewCell {
    let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "Sticker", for: indexPath) as! StickerCell
    cell.label.text = stickers[indexPath.item]
    return cell
  }

  override func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool {
    return indexPath.item != 0  // the first sticker stays put
  }

  override func collectionView(
    _ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
  ) {
    let sticker = stickers.remove(at: sourceIndexPath.item)
    stickers.insert(sticker, at: destinationIndexPath.item)
  }
}

final class StickerCell: UICollectionViewCell {
  let label = UILabel()

  override init(frame: CGRect) {
    super.init(frame: frame)
    label.font = UIFont.systemFont(ofSize: 40)
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
@Suite("Corpus: stickers reordered by UICollectionViewController's standard gesture")
struct StickersViewControllerTests {
  let test = TestWindow(size: CGSize(width: 320, height: 480))
  let controller = StickersViewController()

  init() {
    test.window.rootViewController = controller
    test.settle()
  }

  func center(ofItem item: Int) -> CGPoint {
    let frame = controller.collectionView.frameForItem(at: IndexPath(item: item, section: 0))!
    return controller.collectionView.convert(CGPoint(x: frame.midX, y: frame.midY), to: test.window)
  }

  var shown: [String] { controller.collectionView.visibleCells.compactMap { ($0 as? StickerCell)?.label.text } }

  @Test("A long press lifts a sticker, and it lands where the finger lets go")
  func reorder() {
    test.longPress(at: center(ofItem: 1))
    test.move(to: center(ofItem: 4))
    test.release()
    test.settle()
    #expect(controller.stickers == ["🐱", "🦊", "🐻", "🐼", "🐶", "🐨"])
    #expect(shown == controller.stickers)
  }

  @Test("The first sticker cannot move: its long press moves nothing")
  func firstStaysPut() {
    test.longPress(at: center(ofItem: 0))
    test.move(to: center(ofItem: 4))
    test.release()
    test.settle()
    #expect(controller.stickers == ["🐱", "🐶", "🦊", "🐻", "🐼", "🐨"])
  }
}
