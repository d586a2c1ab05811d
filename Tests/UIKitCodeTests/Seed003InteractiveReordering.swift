// swift-format-ignore-file
// Seed 003, "interactive reordering in a collection view": the slides' code, verbatim but
// for three changes Linux's Swift needs, each marked: there is no Objective-C runtime, so
// `@objc(...)` goes, and `#selector(longPressed)` becomes the method itself,
// `PhotoCell.longPressed`. What the slides leave out (the cell's delegate protocol, the
// model, the storyboard's collection view and cell) is written as an iOS developer would.

import DragDropUIKit

protocol PhotoCellDelegate: AnyObject {
    func didStartLongPress(position: CGPoint)
    func didChangeLongPress(position: CGPoint)
    func didEndLongPress(position: CGPoint)
    func didCancelLongPress(position: CGPoint)
}

class PhotoCell: UICollectionViewCell {
    weak var delegate: PhotoCellDelegate?
    weak var collectionView: UICollectionView?
    let label = UILabel()

    override init(frame: CGRect) {
        super.init(frame: frame)
        label.frame = contentView.bounds
        contentView.addSubview(label)
        // 1. UIGestureRecognizer を設定
        // Changed: `#selector(longPressed)` is `PhotoCell.longPressed` without Objective-C.
        let longPressGesture = UILongPressGestureRecognizer(target: self, action: PhotoCell.longPressed)
        addGestureRecognizer(longPressGesture)
    }

    func longPressed(gestureRecognizer: UILongPressGestureRecognizer) {
        let position = gestureRecognizer.location(in: self)
        let convertedPosition = convert(position, to: collectionView)
        switch gestureRecognizer.state {
        case .began:
            delegate?.didStartLongPress(position: convertedPosition)
        case .changed:
            delegate?.didChangeLongPress(position: convertedPosition)
        case .ended:
            delegate?.didEndLongPress(position: convertedPosition)
        case .cancelled, .failed:
            delegate?.didCancelLongPress(position: convertedPosition)
        case .possible:
            break // do nothing
        }
    }
}

class ReorderViewController: UIViewController, UICollectionViewDataSource, PhotoCellDelegate {
    var collectionView: UICollectionView!
    var photos = (0..<12).map { "photo\($0)" }

    override func viewDidLoad() {
        super.viewDidLoad()
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 100, height: 100)
        collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: layout)
        collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        collectionView.register(PhotoCell.self, forCellWithReuseIdentifier: "PhotoCell")
        collectionView.dataSource = self
        view.addSubview(collectionView)
    }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        return photos.count
    }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "PhotoCell", for: indexPath) as! PhotoCell
        cell.label.text = photos[indexPath.item]
        cell.delegate = self
        cell.collectionView = collectionView
        return cell
    }

    // 2. 移動できる Cell を指定
    // Changed: `@objc(collectionView:canMoveItemAtIndexPath:)` goes without Objective-C.
    func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool {
        return true
    }

    // 3. GestureRecognizer のイベントにあわせて reorder を呼ぶ
    func didStartLongPress(position: CGPoint) {
        if let indexPath = collectionView.indexPathForItem(at: position) {
            let success = collectionView.beginInteractiveMovementForItem(at: indexPath) // true
            _ = success
        }
    }

    func didChangeLongPress(position: CGPoint) {
        collectionView.updateInteractiveMovementTargetPosition(position)
    }

    func didCancelLongPress(position: CGPoint) {
        collectionView.endInteractiveMovement()
    }

    func didEndLongPress(position: CGPoint) {
        collectionView.endInteractiveMovement()
    }

    // 4. データの入れ替えの処理
    func collectionView(_ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath) {
        let targetPhoto = photos[sourceIndexPath.row]
        photos.remove(at: sourceIndexPath.row)
        photos.insert(targetPhoto, at: destinationIndexPath.row)
    }
}

// MARK: - The slides' demo

import DragDropHarness
import Testing

@MainActor
@Suite("Seed 003: a long press reorders a collection view through interactive movement")
struct Seed003InteractiveReorderingTests {
  let test = TestWindow(size: CGSize(width: 340, height: 480))
  let controller = ReorderViewController()

  init() {
    test.window.rootViewController = controller
    test.settle()
  }

  func center(ofItem item: Int) -> CGPoint {
    let frame = controller.collectionView.frameForItem(at: IndexPath(item: item, section: 0))!
    return controller.collectionView.convert(CGPoint(x: frame.midX, y: frame.midY), to: test.window)
  }

  func shownTexts() -> [String] {
    controller.collectionView.visibleCells.compactMap { ($0 as? PhotoCell)?.label.text }
  }

  @Test("The flow layout spreads three 100-point items across 340 points, as UIKit's does")
  func flowLayout() {
    let view = controller.collectionView!
    #expect(view.frameForItem(at: IndexPath(item: 0, section: 0)) == CGRect(x: 0, y: 0, width: 100, height: 100))
    #expect(view.frameForItem(at: IndexPath(item: 1, section: 0)) == CGRect(x: 120, y: 0, width: 100, height: 100))
    #expect(view.frameForItem(at: IndexPath(item: 2, section: 0)) == CGRect(x: 240, y: 0, width: 100, height: 100))
    #expect(view.frameForItem(at: IndexPath(item: 3, section: 0)) == CGRect(x: 0, y: 110, width: 100, height: 100))
  }

  @Test("Held, dragged and lifted, an item lands where the finger left it, through moveItemAt")
  func reorder() {
    test.longPress(at: center(ofItem: 0))
    // Over the right half of item 4 (the middle of the second line): the item goes there.
    let target = center(ofItem: 4)
    test.move(to: CGPoint(x: target.x + 20, y: target.y))
    test.release()
    test.settle()
    let expected = ["photo1", "photo2", "photo3", "photo4", "photo0", "photo5", "photo6", "photo7", "photo8", "photo9", "photo10", "photo11"]
    #expect(controller.photos == expected)
    #expect(shownTexts() == Array(expected.prefix(shownTexts().count)))
    #expect(shownTexts().count >= 12)
  }

  @Test("A cancelled touch ends the movement where it is, as the slides' didCancelLongPress does")
  func cancelledTouchEnds() {
    test.longPress(at: center(ofItem: 5))
    test.move(to: center(ofItem: 1))
    test.cancelTouch()
    test.settle()
    #expect(Array(controller.photos.prefix(3)) == ["photo0", "photo5", "photo1"])
  }

  @Test("A short press moves nothing")
  func shortPress() {
    test.press(at: center(ofItem: 2))
    test.hold(0.2)
    test.move(to: center(ofItem: 7))
    test.release()
    test.settle()
    #expect(controller.photos == (0..<12).map { "photo\($0)" })
  }
}
