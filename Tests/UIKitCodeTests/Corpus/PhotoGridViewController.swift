// A UICollectionViewController an iOS developer writes from Apple's "Supporting drag and
// drop in collection views": photos that reorder by drag, and images dropped from other
// apps arriving through placeholder cells with a spinner. Only the import changed.

import DragDropHarness
import DragDropUIKit
import TestSupport
import Testing

final class PhotoCell2: UICollectionViewCell {
  let imageView = UIImageView()
  let spinner = UIActivityIndicatorView(style: .medium)

  override init(frame: CGRect) {
    super.init(frame: frame)
    contentView.layer.cornerRadius = 8
    contentView.layer.masksToBounds = true
    contentView.backgroundColor = .secondarySystemBackground
    imageView.frame = contentView.bounds
    imageView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    contentView.addSubview(imageView)
    spinner.center = CGPoint(x: contentView.bounds.midX, y: contentView.bounds.midY)
    contentView.addSubview(spinner)
  }

  override func prepareForReuse() {
    super.prepareForReuse()
    imageView.image = nil
    spinner.stopAnimating()
  }
}

final class PhotoGridViewController: UICollectionViewController {
  var photos: [UIImage] = []

  init() {
    let layout = UICollectionViewFlowLayout()
    layout.itemSize = CGSize(width: 90, height: 90)
    layout.minimumInteritemSpacing = 4
    layout.minimumLineSpacing = 4
    super.init(collectionViewLayout: layout)
  }

  required init?(coder: NSCoder) {
    fatalError("init(coder:) has not been implemented")
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    title = "Photos"
    collectionView.register(PhotoCell2.self, forCellWithReuseIdentifier: "Photo")
    collectionView.register(PhotoCell2.self, forCellWithReuseIdentifier: "Placeholder")
    collectionView.dragDelegate = self
    collectionView.dropDelegate = self
    collectionView.dragInteractionEnabled = true
    collectionView.reorderingCadence = .immediate
  }

  override func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
    return photos.count
  }

  override func collectionView(
    _ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath
  ) -> UICollectionViewCell {
    let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "Photo", for: indexPath) as! PhotoCell2
    cell.imageView.image = photos[indexPath.item]
    return cell
  }
}

extension PhotoGridViewController: UICollectionViewDragDelegate {
  func collectionView(
    _ collectionView: UICollectionView, itemsForBeginning session: UIDragSession, at indexPath: IndexPath
  ) -> [UIDragItem] {
    let photo = photos[indexPath.item]
    let item = UIDragItem(itemProvider: NSItemProvider(object: photo))
    item.localObject = photo
    return [item]
  }
}

extension PhotoGridViewController: UICollectionViewDropDelegate {
  func collectionView(_ collectionView: UICollectionView, canHandle session: UIDropSession) -> Bool {
    return session.canLoadObjects(ofClass: UIImage.self)
  }

  func collectionView(
    _ collectionView: UICollectionView, dropSessionDidUpdate session: UIDropSession,
    withDestinationIndexPath destinationIndexPath: IndexPath?
  ) -> UICollectionViewDropProposal {
    if session.localDragSession != nil {
      return UICollectionViewDropProposal(operation: .move, intent: .insertAtDestinationIndexPath)
    }
    return UICollectionViewDropProposal(operation: .copy, intent: .insertAtDestinationIndexPath)
  }

  func collectionView(_ collectionView: UICollectionView, performDropWith coordinator: UICollectionViewDropCoordinator)
  {
    let destination = coordinator.destinationIndexPath ?? IndexPath(item: photos.count, section: 0)
    switch coordinator.proposal.operation {
    case .move:
      guard let item = coordinator.items.first, let source = item.sourceIndexPath,
        let photo = item.dragItem.localObject as? UIImage
      else { return }
      let target = IndexPath(item: min(destination.item, photos.count - 1), section: 0)
      collectionView.performBatchUpdates({
        self.photos.remove(at: source.item)
        self.photos.insert(photo, at: target.item)
        collectionView.deleteItems(at: [source])
        collectionView.insertItems(at: [target])
      })
      coordinator.drop(item.dragItem, toItemAt: target)
    case .copy:
      for item in coordinator.items {
        let placeholder = UICollectionViewDropPlaceholder(
          insertionIndexPath: destination, reuseIdentifier: "Placeholder")
        placeholder.cellUpdateHandler = { cell in
          (cell as? PhotoCell2)?.spinner.startAnimating()
        }
        let context = coordinator.drop(item.dragItem, to: placeholder)
        item.dragItem.itemProvider.loadObject(ofClass: UIImage.self) { object, error in
          DispatchQueue.main.async {
            if let image = object as? UIImage {
              context.commitInsertion(dataSourceUpdates: { insertionIndexPath in
                self.photos.insert(image, at: insertionIndexPath.item)
              })
            } else {
              context.deletePlaceholder()
            }
          }
        }
      }
    default:
      break
    }
  }
}

// MARK: - Tests

@MainActor
@Suite("Corpus: a photo grid controller with placeholders and reordering")
struct PhotoGridViewControllerTests {
  let test = TestWindow(size: CGSize(width: 400, height: 500))
  let controller = PhotoGridViewController()
  let platform = FakePlatform()

  init() throws {
    controller.photos = (1...5).map { UIImage(data: TestImages.png(width: UInt32($0), height: 1))! }
    test.window.rootViewController = controller
    test.settle()
  }

  func center(ofItem item: Int) -> CGPoint {
    let frame = controller.collectionView.frameForItem(at: IndexPath(item: item, section: 0))!
    return controller.collectionView.convert(CGPoint(x: frame.midX, y: frame.midY), to: test.window)
  }

  var widths: [Int] { controller.photos.map(\.pixelWidth) }

  @Test("The flow layout places four 90-point photos a line, spread across 400 points")
  func layout() {
    let view = controller.collectionView!
    #expect(view.frame.size == CGSize(width: 400, height: 500))
    #expect(view.frameForItem(at: IndexPath(item: 1, section: 0))?.minX == 90 + (400.0 - 360) / 3)
    #expect(view.frameForItem(at: IndexPath(item: 4, section: 0))?.minY == 94)
    #expect(view.visibleCells.count == 5)
    #expect(test.title == "Photos")
  }

  @Test("Two images from another app land through spinning placeholders, then as photos")
  func imagesFromAnotherApp() async throws {
    let browser = platform.application(named: "browser")
    browser.holdsTransfers = true
    let items = [
      browser.item([(.png, TestImages.png(width: 7, height: 1))]),
      browser.item([(.png, TestImages.png(width: 8, height: 1))]),
    ]
    let target = center(ofItem: 1)
    let incoming = browser.drag(items, into: test.window, at: CGPoint(x: target.x + 20, y: target.y))
    #expect(incoming.proposal.operation == .copy)
    #expect(incoming.drop() == .copy)
    test.settle()
    let view = controller.collectionView!
    // The placeholders' cells are on show; the data source still has five photos.
    #expect(view.visibleCells.count == 7)
    #expect(view.numberOfItems(inSection: 0) == 5)
    #expect(view.hasUncommittedUpdates)
    let spinning = view.visibleCells.compactMap { $0 as? PhotoCell2 }.filter { $0.spinner.isAnimating }
    #expect(spinning.count == 2)
    #expect(spinning.allSatisfy { !$0.spinner.isHidden })
    #expect(test.window.animatesContinuously)
    #expect(await eventually { browser.pendingTransferCount == 2 })
    browser.deliverPendingTransfers()
    await test.settleTransfers()
    // Dropped on the right half of photo 1: the slot after it.
    #expect(widths == [1, 2, 7, 8, 3, 4, 5])
    #expect(!view.hasUncommittedUpdates)
    #expect(view.visibleCells.compactMap { ($0 as? PhotoCell2)?.imageView.image?.pixelWidth } == [1, 2, 7, 8, 3, 4, 5])
    #expect(!test.window.animatesContinuously)
  }

  @Test("A photo dragged to another place moves there")
  func reorder() {
    test.longPress(at: center(ofItem: 0))
    let target = center(ofItem: 3)
    test.move(to: CGPoint(x: target.x + 30, y: target.y))
    test.release()
    test.settle()
    #expect(widths == [2, 3, 4, 1, 5])
    #expect(
      controller.collectionView.visibleCells.compactMap { ($0 as? PhotoCell2)?.imageView.image?.pixelWidth } == [
        2, 3, 4, 1, 5,
      ])
  }
}
