import DragDrop
import DragDropTesting
import Foundation
import Testing

@testable import DragDropLists

/// A grid of named items: the data source, the delegate and a log of what it was asked.
@MainActor
final class GridModel: CollectionViewReorderingDataSource, CollectionViewDelegate {
  var sections: [[String]]
  var log: [String] = []
  var movable: (IndexPath) -> Bool = { _ in true }
  var redirect: ((IndexPath) -> IndexPath)?

  init(_ sections: [[String]]) {
    self.sections = sections
  }

  func numberOfSections(in collectionView: CollectionView) -> Int { sections.count }
  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
    sections[section].count
  }
  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
    let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
    cell.accessibilityLabel = sections[indexPath.section][indexPath.item]
    return cell
  }
  func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool {
    movable(indexPath)
  }
  func collectionView(_ collectionView: CollectionView, moveItemAt source: IndexPath, to destination: IndexPath) {
    log.append("moveItemAt \(source.section).\(source.item) → \(destination.section).\(destination.item)")
    sections[destination.section].insert(sections[source.section].remove(at: source.item), at: destination.item)
  }
  func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
    log.append("select \(sections[indexPath.section][indexPath.item])")
  }
  func collectionView(
    _ collectionView: CollectionView, targetIndexPathForMoveOfItemFromOriginalIndexPath original: IndexPath,
    atCurrentIndexPath current: IndexPath, toProposedIndexPath proposed: IndexPath
  ) -> IndexPath {
    redirect?(proposed) ?? proposed
  }
}

extension CollectionView {
  /// The names of the visible cells, in item order.
  var visibleNames: [String] { visibleCells.compactMap(\.accessibilityLabel) }
}

@MainActor
@Suite struct CollectionViewTests {
  /// A 5-column grid of 100-point items with 10-point spacing.
  static var grid: CollectionViewLayout {
    .flow(itemSize: Size(width: 100, height: 100))
  }
  /// Data sources are weak: the suite keeps its models alive for the test.
  let models = Keeper()

  func makeGrid(_ count: Int, height: Double = 440) -> (CollectionView, GridModel) {
    let view = CollectionView(frame: Rect(x: 0, y: 0, width: 560, height: height), collectionViewLayout: Self.grid)
    let model = GridModel([(0..<count).map { "p\($0)" }])
    view.register(CollectionViewCell.self, forCellWithReuseIdentifier: "cell")
    view.dataSource = model
    view.delegate = model
    view.layoutIfNeeded()
    models.keep(model)
    return (view, model)
  }

  @Test("Only the cells in view exist, at the flow layout's frames")
  func visibleCellsOnly() {
    let (view, _) = makeGrid(1000)
    // 440 points show rows 0-3 (the fourth starts at 330): 20 items.
    #expect(view.indexPathsForVisibleItems == (0..<20).map { IndexPath(item: $0, section: 0) })
    #expect(view.subviews.count { $0 is CollectionViewCell } == 20)
    #expect(view.frameForItem(at: IndexPath(item: 7, section: 0)) == Rect(x: 220, y: 110, width: 100, height: 100))
    #expect(
      view.cellForItem(at: IndexPath(item: 7, section: 0))?.frame == Rect(x: 220, y: 110, width: 100, height: 100))
    #expect(view.cellForItem(at: IndexPath(item: 500, section: 0)) == nil)
    #expect(view.indexPathForItem(at: Point(x: 225, y: 150)) == IndexPath(item: 7, section: 0))
    #expect(view.indexPathForItem(at: Point(x: 105, y: 150)) == nil)  // the spacing
    view.contentOffset = Point(x: 0, y: 110 * 100)
    view.layoutIfNeeded()
    #expect(view.indexPathsForVisibleItems.first == IndexPath(item: 500, section: 0))
    #expect(view.subviews.count { $0 is CollectionViewCell } == 20)  // cells were reused, not added
    #expect(view.contentSize.height == 200 * 100 + 199 * 10.0)
  }

  @Test("Rule 25: batch updates move cells with their items; a mismatch throws and keeps the state")
  func batchUpdates() throws {
    let (view, model) = makeGrid(6)
    try view.checked.performBatchUpdates {
      model.sections[0].remove(at: 1)
      model.sections[0].insert("new", at: 3)
      view.deleteItems(at: [IndexPath(item: 1, section: 0)])
      view.insertItems(at: [IndexPath(item: 3, section: 0)])
    }
    view.layoutIfNeeded()
    #expect(view.visibleNames == ["p0", "p2", "p3", "new", "p4", "p5"])
    model.sections[0] += ["unannounced", "unannounced too"]
    #expect(throws: BatchUpdateError.self) {
      try view.checked.performBatchUpdates { view.insertItems(at: [IndexPath(item: 0, section: 0)]) }
    }
    #expect(view.numberOfItems(inSection: 0) == 6)
    #expect(view.visibleNames == ["p0", "p2", "p3", "new", "p4", "p5"])
  }

  @Test("Tapping selects an item and tells the delegate")
  func selection() {
    let test = TestWindow(size: Size(width: 560, height: 440))
    let (view, model) = makeGrid(6)
    test.window.addSubview(view)
    test.tap(at: Point(x: 170, y: 50))
    #expect(view.indexPathsForSelectedItems == [IndexPath(item: 1, section: 0)])
    #expect(model.log == ["select p1"])
    #expect(view.cellForItem(at: IndexPath(item: 1, section: 0))?.isSelected == true)
  }

  @Test("The list layout stacks full-width rows, and a layout change lays the items out again")
  func listLayout() {
    let (view, _) = makeGrid(6)
    view.collectionViewLayout = .list(itemHeight: 60)
    view.layoutIfNeeded()
    #expect(view.frameForItem(at: IndexPath(item: 2, section: 0)) == Rect(x: 0, y: 120, width: 560, height: 60))
    #expect(view.visibleCells.map(\.frame.minY) == [0, 60, 120, 180, 240, 300])
    #expect(view.contentSize.height == 360)
  }

  @Test("A flow grid re-wraps when its width changes")
  func widthChange() {
    let (view, _) = makeGrid(6)
    view.frame = Rect(x: 0, y: 0, width: 230, height: 440)  // two columns
    view.layoutIfNeeded()
    #expect(view.frameForItem(at: IndexPath(item: 5, section: 0)) == Rect(x: 110, y: 220, width: 100, height: 100))
    #expect(view.cellForItem(at: IndexPath(item: 5, section: 0))?.frame.minY == 220)
  }

  @Test("Batch updates animate: frames change at once, cells glide there on the clock, drawn where they are")
  func glide() throws {
    let test = TestWindow(size: Size(width: 560, height: 440))
    let (view, model) = makeGrid(6)
    test.window.addSubview(view)
    view.layoutIfNeeded()
    let cell = try #require(view.cellForItem(at: IndexPath(item: 1, section: 0)))
    var completed = false
    try view.checked.performBatchUpdates {
      model.sections[0].remove(at: 0)
      view.deleteItems(at: [IndexPath(item: 0, section: 0)])
    } completion: {
      completed = $0
    }
    view.layoutIfNeeded()
    #expect(view.cellForItem(at: IndexPath(item: 0, section: 0)) === cell)
    #expect(cell.frame.minX == 0)  // the model is already there
    #expect(cell.presentationOffset == Point(x: 110, y: 0))  // it is still drawn where it was
    let context = RecordingGraphicsContext()
    cell.render(in: context)
    #expect(
      context.commands.first { if case .concatenate = $0 { true } else { false } }
        == .concatenate(
          CGAffineTransform(translationX: 110, y: 0)))  // its frame's origin, 0, plus the offset
    test.hold(0.15)  // half way: the ease-in-out curve is half done too
    #expect(abs(cell.presentationOffset.x - 55) < 0.5)
    #expect(!completed)
    test.settle()
    #expect(cell.presentationOffset == .zero)
    #expect(completed)
    // Newly shown cells and views out of a window do not glide.
    #expect(view.visibleCells.allSatisfy { $0.presentationOffset == .zero })
  }

  @Test("Cells do not glide when animation is off")
  func noGlide() throws {
    let test = TestWindow(size: Size(width: 560, height: 440))
    let (view, model) = makeGrid(6)
    view.animatesChanges = false
    test.window.addSubview(view)
    view.layoutIfNeeded()
    try view.checked.performBatchUpdates {
      model.sections[0].remove(at: 0)
      view.deleteItems(at: [IndexPath(item: 0, section: 0)])
    }
    view.layoutIfNeeded()
    #expect(view.visibleCells.allSatisfy { $0.presentationOffset == .zero })
  }

  @Test("Rule 24: setNeedsCellUpdate runs the placeholder's handler again on its cell, until it is gone")
  func placeholderCellUpdate() throws {
    let (view, model) = makeGrid(4)
    view.register(CollectionViewCell.self, forCellWithReuseIdentifier: "placeholder")
    var progress = 0
    let placeholder = CollectionViewDropPlaceholder(
      insertionIndexPath: IndexPath(item: 1, section: 0), reuseIdentifier: "placeholder")
    placeholder.cellUpdateHandler = { $0.accessibilityLabel = "loading \(progress)%" }
    let item = DragItem(itemProvider: ItemProvider(object: "x"))
    let context = CollectionViewDropCoordinator.make(items: [item], collectionView: view).drop(item, to: placeholder)
    view.layoutIfNeeded()
    let cell = try #require(view.subviews.first { ($0 as? CollectionViewCell)?.accessibilityLabel == "loading 0%" })
    #expect(cell.frame.minX == 110)  // in slot 1; the data items after it moved on
    // The placeholder's cell is on show among the others, with no index path of its own.
    #expect(view.visibleCells.map(\.frame.minX) == [0, 110, 220, 330, 440])
    #expect(view.indexPath(for: cell as! CollectionViewCell) == nil)
    #expect(view.indexPathsForVisibleItems.count == 4)
    progress = 60
    #expect(context.setNeedsCellUpdate())
    #expect(cell.accessibilityLabel == "loading 60%")
    #expect(context.commitInsertion { model.sections[0].insert("new", at: $0.item) })
    #expect(!context.setNeedsCellUpdate())
    view.layoutIfNeeded()
    #expect(view.visibleNames == ["p0", "new", "p1", "p2", "p3"])
  }

  @Test("A cell keeps its own background through layouts, and gets it back after a highlight")
  func highlightRestoresBackground() throws {
    let (view, _) = makeGrid(4)
    let cell = try #require(view.cellForItem(at: IndexPath(item: 1, section: 0)))
    let own = Color(red: 1, green: 0.9, blue: 0.8)
    cell.backgroundColor = own
    view.setNeedsLayout()
    view.layoutIfNeeded()
    #expect(cell.backgroundColor == own)
    view.showDropFeedback(
      for: DropDestination(indexPath: IndexPath(item: 1, section: 0), intent: .insertIntoDestinationIndexPath))
    #expect(cell.isDropTarget && cell.backgroundColor == Color(red: 0.8, green: 0.9, blue: 1))
    view.showDropFeedback(for: nil)
    #expect(!cell.isDropTarget && cell.backgroundColor == own)
  }

  // MARK: Interactive movement (rule 28, seed 003)

  @Test("Rule 28: begin, update and end move the item through moveItemAt, showing the move on the way")
  func interactiveMovement() {
    let (view, model) = makeGrid(8)
    #expect(view.beginInteractiveMovementForItem(at: IndexPath(item: 1, section: 0)))
    #expect(view.hasUncommittedUpdates)
    #expect(!view.beginInteractiveMovementForItem(at: IndexPath(item: 2, section: 0)))  // one at a time
    view.updateInteractiveMovementTargetPosition(Point(x: 380, y: 40))  // over item 3
    // Items 2 and 3 step back to make room at 3; the moving cell follows the finger.
    #expect(view.cellForItem(at: IndexPath(item: 2, section: 0))?.frame.minX == 110)
    #expect(view.cellForItem(at: IndexPath(item: 3, section: 0))?.frame.minX == 220)
    #expect(view.cellForItem(at: IndexPath(item: 1, section: 0))?.frame.center == Point(x: 380, y: 40))
    #expect(view.cellForItem(at: IndexPath(item: 4, section: 0))?.frame.minX == 440)
    view.endInteractiveMovement()
    #expect(model.log == ["moveItemAt 0.1 → 0.3"])
    #expect(model.sections[0] == ["p0", "p2", "p3", "p1", "p4", "p5", "p6", "p7"])
    #expect(view.visibleNames == model.sections[0])
    #expect(view.visibleCells.map(\.frame.minX) == [0, 110, 220, 330, 440, 0, 110, 220])
    #expect(!view.hasUncommittedUpdates)
  }

  @Test("Rule 28: cancel puts everything back without asking the data source")
  func interactiveMovementCancel() {
    let (view, model) = makeGrid(8)
    let before = view.visibleCells.map(\.frame)
    #expect(view.beginInteractiveMovementForItem(at: IndexPath(item: 6, section: 0)))
    view.updateInteractiveMovementTargetPosition(Point(x: 50, y: 50))
    #expect(view.cellForItem(at: IndexPath(item: 0, section: 0))?.frame.minX == 110)
    view.cancelInteractiveMovement()
    #expect(model.log.isEmpty)
    #expect(view.visibleCells.map(\.frame) == before)
    #expect(!view.hasUncommittedUpdates)
  }

  @Test("Rule 28: begin is refused for unmovable items and bad paths")
  func interactiveMovementRefused() {
    let (view, model) = makeGrid(4)
    model.movable = { $0.item != 0 }
    #expect(!view.beginInteractiveMovementForItem(at: IndexPath(item: 0, section: 0)))
    #expect(!view.beginInteractiveMovementForItem(at: IndexPath(item: 9, section: 0)))
    #expect(!view.beginInteractiveMovementForItem(at: IndexPath(item: 0, section: 3)))
    view.endInteractiveMovement()  // nothing under way: nothing happens
    view.updateInteractiveMovementTargetPosition(.zero)
    #expect(model.log.isEmpty)
  }

  @Test("Rule 28: a data source without moveItemAt moves nothing: the item goes back, as UIKit ignores the reorder")
  func interactiveMovementWithoutMoveItemAt() {
    let (view, model) = makeGrid(4)
    let plain = PlainGridSource(model: model)
    models.keep(plain)
    view.dataSource = plain
    view.layoutIfNeeded()
    let before = view.visibleCells.map(\.frame)
    #expect(view.beginInteractiveMovementForItem(at: IndexPath(item: 1, section: 0)))
    view.updateInteractiveMovementTargetPosition(Point(x: 350, y: 50))
    view.endInteractiveMovement()
    #expect(model.log.isEmpty)
    #expect(model.sections[0] == ["p0", "p1", "p2", "p3"])
    #expect(view.visibleCells.map(\.frame) == before)
    #expect(!view.hasUncommittedUpdates)
  }

  @Test("Rule 28: the delegate may redirect the target; the end of the grid is the last index")
  func interactiveMovementRedirect() {
    let (view, model) = makeGrid(8)
    model.redirect = { IndexPath(item: min($0.item, 5), section: 0) }  // never past 5
    #expect(view.beginInteractiveMovementForItem(at: IndexPath(item: 0, section: 0)))
    view.updateInteractiveMovementTargetPosition(Point(x: 500, y: 160))  // the empty slot after the end
    view.endInteractiveMovement()
    #expect(model.log == ["moveItemAt 0.0 → 0.5"])
    model.redirect = nil
    #expect(view.beginInteractiveMovementForItem(at: IndexPath(item: 0, section: 0)))
    view.updateInteractiveMovementTargetPosition(Point(x: 500, y: 160))
    view.endInteractiveMovement()
    #expect(model.log.last == "moveItemAt 0.0 → 0.7")
    #expect(view.visibleNames == model.sections[0])
  }

  @Test("Rule 24: reloadData ends an interactive movement without moving anything")
  func reloadEndsMovement() {
    let (view, model) = makeGrid(4)
    #expect(view.beginInteractiveMovementForItem(at: IndexPath(item: 0, section: 0)))
    view.updateInteractiveMovementTargetPosition(Point(x: 380, y: 40))
    view.reloadData()
    #expect(!view.hasUncommittedUpdates)
    view.endInteractiveMovement()
    #expect(model.log.isEmpty)
  }

  @Test("Seed 003: a long press drives begin, update and end, and the item lands through moveItemAt")
  func seed003LongPress() {
    let test = TestWindow(size: Size(width: 560, height: 440))
    let (view, model) = makeGrid(8)
    test.window.addSubview(view)
    var states: [String] = []
    view.addGestureRecognizer(
      LongPressGestureRecognizer { [weak view] recognizer in
        guard let view else { return }
        let position = recognizer.location(in: view)
        switch recognizer.state {
        case .began:
          states.append("began")
          if let indexPath = view.indexPathForItem(at: position) {
            states.append("begin \(view.beginInteractiveMovementForItem(at: indexPath))")
          }
        case .changed:
          view.updateInteractiveMovementTargetPosition(position)
        case .ended:
          states.append("ended")
          view.endInteractiveMovement()
        case .cancelled, .failed:
          states.append("cancelled")
          view.cancelInteractiveMovement()
        default:
          break
        }
      })
    test.longPress(at: Point(x: 50, y: 50))
    test.move(to: Point(x: 160, y: 160))  // over item 6
    test.release()
    test.settle()
    #expect(states == ["began", "begin true", "ended"])
    #expect(model.log == ["moveItemAt 0.0 → 0.6"])
    #expect(model.sections[0] == ["p1", "p2", "p3", "p4", "p5", "p6", "p0", "p7"])

    test.longPress(at: Point(x: 50, y: 50))
    test.move(to: Point(x: 270, y: 50))
    test.cancelTouch()
    test.settle()
    #expect(states.suffix(2) == ["begin true", "cancelled"])
    #expect(model.log.count == 1)
    #expect(view.visibleNames == model.sections[0])
  }
}

/// Keeps objects alive as long as itself.
@MainActor
final class Keeper {
  private var objects: [AnyObject] = []
  func keep(_ object: AnyObject) { objects.append(object) }
}

/// A data source that cannot move items.
@MainActor
final class PlainGridSource: CollectionViewDataSource {
  let model: GridModel
  init(model: GridModel) { self.model = model }
  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
    model.sections[section].count
  }
  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
    model.collectionView(collectionView, cellForItemAt: indexPath)
  }
}
