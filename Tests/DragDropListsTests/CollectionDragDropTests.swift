@_spi(Platform) import DragDrop
import DragDropTesting
import Foundation
import TestSupport
import Testing

@testable import DragDropLists

/// Seed 000: the photo session. A grid of photos that reorders and takes copies from
/// elsewhere through placeholders, and a list of albums that photos drop into.
@MainActor
final class PhotoSession: CollectionViewDataSource, CollectionViewDelegate, CollectionViewDragDelegate,
  CollectionViewDropDelegate
{
  /// Where the album list sends a dropped photo's preview.
  enum AlbumDropAnimation { case intoAlbum, toTarget }

  let test = TestWindow(size: Size(width: 760, height: 440))
  let grid = CollectionView(
    frame: Rect(x: 200, y: 0, width: 560, height: 440),
    collectionViewLayout: .flow(itemSize: Size(width: 100, height: 100)))
  let albumList = CollectionView(
    frame: Rect(x: 0, y: 0, width: 200, height: 440), collectionViewLayout: .list(itemHeight: 60))
  var photos = (0..<12).map { "p\($0)" }
  var albums: [(name: String, photos: [String])] = [("Travel", []), ("Family", []), ("Food", [])]
  var log: [String] = []
  var albumDropAnimation = AlbumDropAnimation.intoAlbum
  /// The clipped preview of seed 000: the photo's own rectangle, not the square cell.
  let previewPath = Path(roundedRect: Rect(x: 0, y: 20, width: 100, height: 60), cornerRadius: 8)
  private let (loads, loadFinished) = AsyncStream.makeStream(of: Void.self)

  init() {
    for view in [grid, albumList] {
      view.register(CollectionViewCell.self, forCellWithReuseIdentifier: "cell")
      view.register(CollectionViewCell.self, forCellWithReuseIdentifier: "placeholder")
      view.dataSource = self
      view.delegate = self
      view.dropDelegate = self
      test.window.addSubview(view)
      view.layoutIfNeeded()
    }
    grid.dragDelegate = self
    grid.accessibilityLabel = "grid"
    albumList.accessibilityLabel = "albums"
  }

  /// Waits until an asynchronous load has finished and its placeholder has been dealt with.
  func nextLoad() async {
    var iterator = loads.makeAsyncIterator()
    _ = await iterator.next()
  }

  func photoCenter(_ item: Int) -> Point {
    grid.convert(grid.frameForItem(at: IndexPath(item: item, section: 0))!.center, to: test.window)
  }

  func albumCenter(_ item: Int) -> Point {
    albumList.convert(albumList.frameForItem(at: IndexPath(item: item, section: 0))!.center, to: test.window)
  }

  // MARK: Data source and delegate

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
    collectionView === grid ? photos.count : albums.count
  }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
    let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
    cell.accessibilityLabel = collectionView === grid ? photos[indexPath.item] : albums[indexPath.item].name
    return cell
  }

  func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
    if collectionView === albumList { log.append("open \(albums[indexPath.item].name)") }
  }

  // MARK: Drag

  func collectionView(
    _ collectionView: CollectionView, itemsForBeginning session: DragSession, at indexPath: IndexPath
  ) -> [DragItem] {
    log.append("itemsForBeginning \(indexPath.item)")
    return [dragItem(photos[indexPath.item])]
  }

  func collectionView(
    _ collectionView: CollectionView, itemsForAddingTo session: DragSession, at indexPath: IndexPath, point: Point
  ) -> [DragItem] {
    log.append("itemsForAddingTo \(indexPath.item) at \(point.formatted)")
    return [dragItem(photos[indexPath.item])]
  }

  private func dragItem(_ photo: String) -> DragItem {
    let item = DragItem(itemProvider: ItemProvider(object: photo))
    item.localObject = photo
    return item
  }

  func collectionView(
    _ collectionView: CollectionView, dragPreviewParametersForItemAt indexPath: IndexPath
  ) -> DragPreviewParameters? {
    DragPreviewParameters(visiblePath: previewPath)
  }

  // MARK: Drop

  func collectionView(_ collectionView: CollectionView, canHandle session: DropSession) -> Bool {
    session.canLoadObjects(ofClass: String.self)
  }

  func collectionView(
    _ collectionView: CollectionView, dropSessionDidUpdate session: DropSession,
    withDestinationIndexPath destinationIndexPath: IndexPath?
  ) -> CollectionViewDropProposal {
    if collectionView === albumList {
      return CollectionViewDropProposal(operation: .copy, intent: .insertIntoDestinationIndexPath)
    }
    if session.localDragSession != nil && grid.hasActiveDrag {
      return CollectionViewDropProposal(operation: .move, intent: .insertAtDestinationIndexPath)
    }
    return CollectionViewDropProposal(operation: .copy, intent: .insertAtDestinationIndexPath)
  }

  func collectionView(_ collectionView: CollectionView, performDropWith coordinator: CollectionViewDropCoordinator) {
    log.append(
      "performDrop \(collectionView.accessibilityLabel ?? "") \(coordinator.destinationIndexPath.map { "\($0.item)" } ?? "nil") sources \(coordinator.items.map { $0.sourceIndexPath.map { "\($0.item)" } ?? "nil" })"
    )
    if collectionView === albumList {
      dropIntoAlbum(coordinator)
    } else if coordinator.proposal.operation == .move {
      reorder(coordinator)
    } else {
      copyIn(coordinator)
    }
  }

  /// A reorder as UIKit code writes it: the item leaves its source and arrives at the
  /// destination, which counts the items once it has left (the end of the grid is the
  /// count).
  private func reorder(_ coordinator: CollectionViewDropCoordinator) {
    guard let item = coordinator.items.first, let source = item.sourceIndexPath else { return }
    let slot = coordinator.destinationIndexPath ?? IndexPath(item: photos.count, section: 0)
    let destination = IndexPath(item: min(slot.item, photos.count - 1), section: 0)
    try? grid.checked.performBatchUpdates {
      photos.insert(photos.remove(at: source.item), at: destination.item)
      grid.deleteItems(at: [source])
      grid.insertItems(at: [destination])
    }
    coordinator.drop(item.dragItem, toItemAt: destination)
  }

  /// A copy from elsewhere: each item gets a placeholder until its data arrives. The
  /// placeholders show the progress, so the session's own indicator is turned off.
  private func copyIn(_ coordinator: CollectionViewDropCoordinator) {
    coordinator.session.progressIndicatorStyle = .none
    let slot = coordinator.destinationIndexPath ?? IndexPath(item: photos.count, section: 0)
    for item in coordinator.items {
      let placeholder = CollectionViewDropPlaceholder(insertionIndexPath: slot, reuseIdentifier: "placeholder")
      placeholder.cellUpdateHandler = { $0.accessibilityLabel = "loading" }
      let context = coordinator.drop(item.dragItem, to: placeholder)
      let finished = loadFinished
      _ = item.dragItem.itemProvider.loadObject(ofClass: String.self) { result in
        Task { @MainActor in
          switch result {
          case .success(let photo):
            context.commitInsertion { [self] indexPath in
              log.append("commit \(photo) at \(indexPath.item)")
              photos.insert(photo, at: indexPath.item)
            }
          case .failure(let error):
            self.log.append("delete placeholder: \(error)")
            context.deletePlaceholder()
          }
          finished.yield()
        }
      }
    }
  }

  private func dropIntoAlbum(_ coordinator: CollectionViewDropCoordinator) {
    for item in coordinator.items {
      guard let photo = item.dragItem.localObject as? String else { continue }
      guard let album = coordinator.destinationIndexPath else {
        coordinator.drop(item.dragItem, to: DragPreviewTarget(container: albumList, center: Point(x: 100, y: 400)))
        continue
      }
      albums[album.item].photos.append(photo)
      switch albumDropAnimation {
      case .intoAlbum:
        coordinator.drop(item.dragItem, intoItemAt: album, rect: Rect(x: 10, y: 10, width: 40, height: 40))
      case .toTarget:
        coordinator.drop(item.dragItem, to: DragPreviewTarget(container: albumList, center: Point(x: 100, y: 400)))
      }
    }
  }
}

@MainActor
@Suite struct CollectionDragDropTests {
  @Test("Seed 000: a second finger adds photos to the drag; both drop into an album")
  func severalPhotos() throws {
    let scene = PhotoSession()
    scene.test.longPress(at: scene.photoCenter(0))
    scene.test.move(to: Point(x: 300, y: 300))
    scene.test.tap(at: scene.photoCenter(2))
    let session = try #require(scene.test.window.dragController.activeSessions.first)
    #expect(session.items.map { $0.localObject as? String } == ["p0", "p2"])
    scene.test.move(to: scene.albumCenter(1))
    scene.test.release()
    scene.test.settle()
    #expect(
      scene.log == [
        "itemsForBeginning 0", "itemsForAddingTo 2 at (270, 50)", "performDrop albums 1 sources [\"nil\", \"nil\"]",
      ])
    #expect(scene.albums[1].photos == ["p0", "p2"])
    #expect(scene.photos.count == 12)  // a copy: the grid keeps its photos
  }

  @Test("Seed 000: a slow copy from elsewhere holds a placeholder through other updates, then commits where it is")
  func slowCopyThroughPlaceholder() async throws {
    let scene = PhotoSession()
    let handler = ManualLoadHandler<Data>()
    let provider = ItemProvider()
    provider.registerDataRepresentation(for: .utf8PlainText, loadHandler: handler.handler)
    let incoming = scene.test.window.dragController.beginIncomingDrag(
      items: [DragItem(itemProvider: provider)], at: Point(x: 700, y: 400))
    incoming.move(to: Point(x: 430, y: 50))  // the left half of photo 2: the slot before it
    let incomingSession = try #require(scene.test.window.dragController.activeSessions.first)
    #expect(incoming.drop() == .copy)
    #expect(incoming.session.progressIndicatorStyle == .none)
    #expect(scene.grid.hasUncommittedUpdates)
    scene.grid.layoutIfNeeded()
    let placeholderCell = try #require(
      scene.grid.subviews.first { ($0 as? CollectionViewCell)?.accessibilityLabel == "loading" })
    #expect(placeholderCell.frame.minX == 220)  // in the slot of photo 2, which moved on
    // The dropped item's preview lands on the placeholder.
    let ending = scene.test.window.dragController.endingPreviews(of: incomingSession).first ?? nil
    #expect(ending?.target.container === scene.grid)
    #expect(ending?.target.center == placeholderCell.frame.center)
    #expect(scene.grid.cellForItem(at: IndexPath(item: 2, section: 0))?.frame.minX == 330)

    // Another update lands while the data is on its way: the placeholder moves with it.
    try scene.grid.checked.performBatchUpdates {
      scene.photos.insert("new", at: 0)
      scene.grid.insertItems(at: [IndexPath(item: 0, section: 0)])
    }
    scene.grid.layoutIfNeeded()
    #expect(placeholderCell.frame.minX == 330)

    if handler.callCount == 0 { await handler.nextCall() }
    handler.complete(.success(Data("夕焼け".utf8)))
    await scene.nextLoad()
    #expect(scene.log.last == "commit 夕焼け at 3")
    #expect(scene.photos.prefix(5) == ["new", "p0", "p1", "夕焼け", "p2"])
    #expect(!scene.grid.hasUncommittedUpdates)
    scene.grid.layoutIfNeeded()
    #expect(scene.grid.visibleNames.prefix(5) == ["new", "p0", "p1", "夕焼け", "p2"])
  }

  @Test("Seed 000: a failed load deletes the placeholder and leaves the photos alone")
  func failedLoad() async throws {
    let scene = PhotoSession()
    let handler = ManualLoadHandler<Data>()
    let provider = ItemProvider()
    provider.registerDataRepresentation(for: .utf8PlainText, loadHandler: handler.handler)
    let incoming = scene.test.window.dragController.beginIncomingDrag(
      items: [DragItem(itemProvider: provider)], at: Point(x: 700, y: 400))
    incoming.move(to: Point(x: 430, y: 50))
    _ = incoming.drop()
    if handler.callCount == 0 { await handler.nextCall() }
    handler.complete(.failure(TestFailure("the source went away")))
    await scene.nextLoad()
    #expect(scene.log.last?.hasPrefix("delete placeholder") == true)
    #expect(scene.photos == (0..<12).map { "p\($0)" })
    #expect(!scene.grid.hasUncommittedUpdates)
    scene.grid.layoutIfNeeded()
    #expect(scene.grid.visibleNames == scene.photos)
    #expect(
      scene.grid.visibleCells.map(\.frame)
        == (0..<12).map { scene.grid.frameForItem(at: IndexPath(item: $0, section: 0))! })
  }

  @Test("Rule 20: insert-at opens a gap in the grid; insert-into highlights the album without moving anything")
  func gapAgainstHighlight() {
    let scene = PhotoSession()
    scene.test.longPress(at: scene.photoCenter(0))
    scene.test.move(to: Point(x: 200 + 335, y: 150))  // the left half of photo 8: the slot before it
    #expect(scene.grid.cellForItem(at: IndexPath(item: 8, section: 0))?.frame.minX == 440)  // pushed on a slot
    #expect(scene.grid.cellForItem(at: IndexPath(item: 7, section: 0))?.frame.minX == 220)  // before the gap
    #expect(scene.grid.hasUncommittedUpdates)
    scene.test.move(to: scene.albumCenter(1))
    #expect(scene.albumList.cellForItem(at: IndexPath(item: 1, section: 0))?.isDropTarget == true)
    #expect(scene.albumList.visibleCells.filter(\.isDropTarget).count == 1)
    #expect(scene.albumList.visibleCells.map(\.frame.minY) == [0, 60, 120])
    #expect(!scene.grid.hasUncommittedUpdates)  // the grid closed its gap when the drag left
    #expect(scene.grid.cellForItem(at: IndexPath(item: 8, section: 0))?.frame.minX == 330)
    scene.test.move(to: Point(x: 100, y: 400))  // below the albums: nowhere
    #expect(scene.albumList.visibleCells.filter(\.isDropTarget).isEmpty)
    scene.test.cancelTouch()
    scene.test.settle()
  }

  @Test("Rules 21 and 23: the three drop animations land where the coordinator sends them")
  func threeDropAnimations() throws {
    // Into an album: the preview aspect-fits the rectangle in the album's cell.
    var scene = PhotoSession()
    scene.test.longPress(at: scene.photoCenter(0))
    scene.test.move(to: scene.albumCenter(2))
    var session = try #require(scene.test.window.dragController.activeSessions.first)
    scene.test.release()
    var target = try #require(scene.test.window.dragController.endingPreviews(of: session).first??.target)
    #expect(target.container === scene.albumList)
    #expect(target.center == Point(x: 30, y: 150))  // album 2's cell starts at 120
    #expect(target.transform == CGAffineTransform(scaleX: 0.4, y: 0.4))  // 40 points of a 100-point photo
    scene.test.settle()

    // To a target anywhere.
    scene = PhotoSession()
    scene.albumDropAnimation = .toTarget
    scene.test.longPress(at: scene.photoCenter(0))
    scene.test.move(to: scene.albumCenter(0))
    session = try #require(scene.test.window.dragController.activeSessions.first)
    scene.test.release()
    target = try #require(scene.test.window.dragController.endingPreviews(of: session).first??.target)
    #expect(target.container === scene.albumList && target.center == Point(x: 100, y: 400))
    scene.test.settle()

    // To an item: a reorder lands in the item's new cell.
    scene = PhotoSession()
    scene.test.longPress(at: scene.photoCenter(0))
    scene.test.move(to: Point(x: 200 + 225, y: 150))  // the left half of photo 7
    session = try #require(scene.test.window.dragController.activeSessions.first)
    scene.test.release()
    target = try #require(scene.test.window.dragController.endingPreviews(of: session).first??.target)
    #expect(target.container === scene.grid)
    #expect(target.center == scene.grid.frameForItem(at: IndexPath(item: 6, section: 0))!.center)
    scene.test.settle()
    // The destination counts the photos once photo 0 has left its place (rule 21).
    #expect(scene.log.contains("performDrop grid 6 sources [\"0\"]"))
    #expect(scene.photos.prefix(8) == ["p1", "p2", "p3", "p4", "p5", "p6", "p0", "p7"])
    #expect(scene.grid.visibleNames == scene.photos)
  }

  @Test(
    "Rule 26: each reordering cadence opens the gap at its own pace, and the reorder lands through performDrop",
    arguments: [CollectionViewReorderingCadence.immediate, .fast, .slow])
  func cadence(_ cadence: CollectionViewReorderingCadence) {
    let scene = PhotoSession()
    scene.grid.reorderingCadence = cadence
    func gapOpen() -> Bool { scene.grid.cellForItem(at: IndexPath(item: 7, section: 0))?.frame.minX == 330 }
    scene.test.longPress(at: scene.photoCenter(0))
    scene.test.move(to: Point(x: 200 + 225, y: 150))  // the left half of photo 7
    #expect(gapOpen() == (cadence == .immediate))
    switch cadence {
    case .immediate:
      break
    case .fast:
      scene.test.hold(0.1)
      #expect(!gapOpen())
      scene.test.hold(0.1)
      #expect(gapOpen())
    case .slow:
      // Moving within the slot keeps it waiting, however long; resting opens it.
      for x in stride(from: 226.0, through: 236, by: 1) { scene.test.move(to: Point(x: 200 + x, y: 150), steps: 6) }
      #expect(!gapOpen())
      scene.test.hold(0.4)
      #expect(!gapOpen())
      scene.test.hold(0.2)
      #expect(gapOpen())
    }
    scene.test.release()
    scene.test.settle()
    #expect(scene.photos.prefix(8) == ["p1", "p2", "p3", "p4", "p5", "p6", "p0", "p7"])
    #expect(scene.grid.visibleNames == scene.photos)
    #expect(!scene.grid.hasUncommittedUpdates)
  }

  @Test("Rule 27: hovering over an album blinks it, then opens it")
  func springLoading() {
    let scene = PhotoSession()
    scene.albumList.isSpringLoaded = true
    scene.test.longPress(at: scene.photoCenter(0))
    scene.test.move(to: scene.albumCenter(2))
    let album = scene.albumList.cellForItem(at: IndexPath(item: 2, section: 0))
    scene.test.hold(1.05)
    #expect(album?.backgroundColor == Color(red: 0.6, green: 0.8, blue: 1))  // the first blink
    #expect(!scene.log.contains("open Food"))
    scene.test.hold(0.4)
    #expect(scene.log.last == "open Food")
    #expect(scene.albumList.indexPathsForSelectedItems == [IndexPath(item: 2, section: 0)])
    scene.test.cancelTouch()
    scene.test.settle()
  }

  @Test("Rule 19 and seed 000: cells pass through the drag states, and the lift preview is clipped")
  func dragStatesAndClippedPreview() throws {
    let scene = PhotoSession()
    let cell = scene.grid.cellForItem(at: IndexPath(item: 3, section: 0))
    scene.test.longPress(at: scene.photoCenter(3))
    #expect(cell?.dragState == .lifting)
    let session = try #require(scene.test.window.dragController.activeSessions.first)
    let preview = try #require(scene.test.window.dragController.liftPreviews(of: session).first ?? nil)
    // A snapshot of the cell (issue 9), where the cell is.
    #expect(preview.view is SnapshotView)
    #expect(preview.view.bounds == cell?.bounds)
    #expect(preview.target.centerInWindow == cell.map { $0.convert($0.bounds.center, to: nil) })
    #expect(preview.parameters.visiblePath?.cgPath == scene.previewPath)
    scene.test.move(to: scene.albumCenter(0))
    #expect(cell?.dragState == .dragging)
    scene.test.release()
    scene.test.settle()
    #expect(cell?.dragState == CellDragState.none)
  }
}
