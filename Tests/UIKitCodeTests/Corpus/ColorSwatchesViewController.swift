// A UICollectionViewController an iOS developer writes with a diffable data source, from
// Apple's "Updating collection views using diffable data sources" and the drag and drop
// delegates: swatches that drag out as colours, reorder by drag, and take colours dropped
// from other apps. Only the import changed.

import DragDropHarness
import DragDropUIKit
import Testing

final class ColorSwatchesViewController: UICollectionViewController {
  enum Section { case main }

  struct Swatch: Hashable, Sendable {
    let id = UUID()
    let color: UIColor
  }

  var dataSource: UICollectionViewDiffableDataSource<Section, Swatch>!

  init() {
    let layout = UICollectionViewFlowLayout()
    layout.itemSize = CGSize(width: 60, height: 60)
    layout.sectionInset = UIEdgeInsets(top: 10, left: 10, bottom: 10, right: 10)
    super.init(collectionViewLayout: layout)
  }

  required init?(coder: NSCoder) {
    fatalError("init(coder:) has not been implemented")
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "Swatch")
    dataSource = UICollectionViewDiffableDataSource<Section, Swatch>(collectionView: collectionView) {
      collectionView, indexPath, swatch in
      let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "Swatch", for: indexPath)
      cell.contentView.backgroundColor = swatch.color
      cell.contentView.layer.cornerRadius = 30
      return cell
    }
    collectionView.dragDelegate = self
    collectionView.dropDelegate = self
    collectionView.dragInteractionEnabled = true

    var snapshot = NSDiffableDataSourceSnapshot<Section, Swatch>()
    snapshot.appendSections([.main])
    snapshot.appendItems([UIColor.red, .orange, .yellow, .green, .blue].map { Swatch(color: $0) })
    dataSource.apply(snapshot, animatingDifferences: false)
  }

  var colors: [UIColor] { dataSource.snapshot().itemIdentifiers.map(\.color) }
}

extension ColorSwatchesViewController: UICollectionViewDragDelegate {
  func collectionView(
    _ collectionView: UICollectionView, itemsForBeginning session: UIDragSession, at indexPath: IndexPath
  ) -> [UIDragItem] {
    guard let swatch = dataSource.itemIdentifier(for: indexPath) else { return [] }
    let item = UIDragItem(itemProvider: NSItemProvider(object: swatch.color))
    item.localObject = swatch
    return [item]
  }
}

extension ColorSwatchesViewController: UICollectionViewDropDelegate {
  func collectionView(_ collectionView: UICollectionView, canHandle session: UIDropSession) -> Bool {
    return session.canLoadObjects(ofClass: UIColor.self)
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
    var snapshot = dataSource.snapshot()
    let count = snapshot.numberOfItems
    let destination = coordinator.destinationIndexPath ?? IndexPath(item: count, section: 0)

    if coordinator.proposal.operation == .move,
      let item = coordinator.items.first,
      let swatch = item.dragItem.localObject as? Swatch
    {
      let items = snapshot.itemIdentifiers
      let target = min(destination.item, count - 1)
      let others = items.filter { $0 != swatch }
      if target < others.count {
        snapshot.moveItem(swatch, beforeItem: others[target])
      } else if let last = others.last {
        snapshot.moveItem(swatch, afterItem: last)
      }
      dataSource.apply(snapshot)
      coordinator.drop(item.dragItem, toItemAt: IndexPath(item: target, section: 0))
      return
    }

    coordinator.session.loadObjects(ofClass: UIColor.self) { colors in
      var snapshot = self.dataSource.snapshot()
      let swatches = colors.compactMap { $0 as? UIColor }.map { Swatch(color: $0) }
      let items = snapshot.itemIdentifiers
      if destination.item < items.count {
        snapshot.insertItems(swatches, beforeItem: items[destination.item])
      } else {
        snapshot.appendItems(swatches, toSection: .main)
      }
      self.dataSource.apply(snapshot)
    }
  }
}

// MARK: - Tests

@MainActor
@Suite("Corpus: colour swatches with a diffable data source")
struct ColorSwatchesViewControllerTests {
  let test = TestWindow(size: CGSize(width: 360, height: 300))
  let controller = ColorSwatchesViewController()
  let platform = FakePlatform()

  init() {
    test.window.rootViewController = controller
    test.settle()
  }

  func center(ofItem item: Int) -> CGPoint {
    let frame = controller.collectionView.frameForItem(at: IndexPath(item: item, section: 0))!
    return controller.collectionView.convert(CGPoint(x: frame.midX, y: frame.midY), to: test.window)
  }

  var shownColors: [UIColor?] { controller.collectionView.visibleCells.map(\.contentView.backgroundColor) }

  @Test("The snapshot built without try shows five round swatches")
  func shows() {
    #expect(controller.colors == [.red, .orange, .yellow, .green, .blue])
    #expect(shownColors == [.red, .orange, .yellow, .green, .blue])
    #expect(controller.collectionView.visibleCells.allSatisfy { $0.contentView.layer.cornerRadius == 30 })
  }

  @Test("A swatch dragged to the right half of the fourth moves after it")
  func reorder() {
    test.longPress(at: center(ofItem: 0))
    let target = center(ofItem: 3)
    test.move(to: CGPoint(x: target.x + 20, y: target.y))
    test.release()
    test.settle()
    #expect(controller.colors == [.orange, .yellow, .green, .red, .blue])
    #expect(shownColors == controller.colors)
  }

  @Test("A colour from another app lands where it was dropped")
  func colourFromAnotherApp() async {
    let palette = platform.application(named: "palette")
    let incoming = palette.drag(
      [palette.item([(.utf8PlainText, Data("#ff00ff".utf8))])], into: test.window, at: center(ofItem: 1))
    #expect(incoming.drop() == .copy)
    await test.settleTransfers()
    #expect(controller.colors.count == 6)
    #expect(controller.colors.contains(.magenta))
    #expect(shownColors == controller.colors)
  }

  @Test("A refused snapshot change is reported and changes nothing, as UIKit would have stopped")
  func refusedChangeIsReported() {
    var reported: [String] = []
    APIMisuse.handler = { reported.append("\($0)") }
    defer { APIMisuse.handler = { _ in } }
    var snapshot = controller.dataSource.snapshot()
    let before = snapshot
    snapshot.appendSections([.main])
    #expect(snapshot == before)
    #expect(reported.count == 1)
    #expect(reported.first?.contains("already in the snapshot") == true)
    #expect(
      throws: DiffableDataSourceError<ColorSwatchesViewController.Section, ColorSwatchesViewController.Swatch>
        .duplicateSection(.main)
    ) {
      try snapshot.checked.appendSections([.main])
    }
  }
}
