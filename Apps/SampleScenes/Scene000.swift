import DragDrop
import DragDropLists
import Foundation

/// Seed 000, collection and table views: a library of photos in a grid and a list of albums
/// beside it. Photos reorder by dragging (performDrop with their source index paths); a
/// second touch adds more photos to a drag; dropping on an album adds the photos to it
/// (insert-into, with the album highlighted); hovering over an album opens it (spring
/// loading). Photos dragged in from the camera strip arrive slowly: each holds a
/// placeholder that shows how much has loaded until the photo is committed in its place.
@MainActor
public final class PhotoLibraryScene: SampleScene {
  public let journal = SceneJournal()
  public let grid: CollectionView
  public let albumList: CollectionView
  public let camera: CameraStrip
  let libraryCount = Label()
  let openAlbum: AlbumDetailView
  private let controller: PhotoLibraryController

  /// The grid's metrics: five 104-point photos a row, 13 points apart, 14 from the edges.
  static var gridLayout: CollectionViewLayout {
    .flow(
      itemSize: Size(width: 104, height: 104), minimumInteritemSpacing: 13, minimumLineSpacing: 13,
      sectionInset: EdgeInsets(top: 14, left: 14, bottom: 14, right: 14))
  }

  init(window: Window) {
    window.backgroundColor = Palette.background
    window.addSubview(
      caption(
        "Drag photos to reorder them or onto an album. Hover over an album to open it. Drag from the camera to import.",
        frame: Rect(x: 20, y: 12, width: 860, height: 22)))

    window.addSubview(heading("Albums", frame: Rect(x: 20, y: 44, width: 240, height: 22)))
    albumList = CollectionView(
      frame: Rect(x: 20, y: 72, width: 240, height: 256), collectionViewLayout: .list(itemHeight: 64))
    albumList.accessibilityLabel = "albums"
    window.addSubview(heading("Open album", frame: Rect(x: 20, y: 344, width: 240, height: 22)))
    openAlbum = AlbumDetailView(frame: Rect(x: 20, y: 372, width: 240, height: 328))
    window.addSubview(openAlbum)

    window.addSubview(heading("Library", frame: Rect(x: 280, y: 44, width: 300, height: 22)))
    libraryCount.frame = Rect(x: 680, y: 44, width: 200, height: 22)
    libraryCount.font = .systemFont(ofSize: 13)
    libraryCount.textColor = Palette.secondaryText
    libraryCount.textAlignment = .right
    libraryCount.isUserInteractionEnabled = false
    window.addSubview(libraryCount)
    grid = CollectionView(frame: Rect(x: 280, y: 72, width: 600, height: 483), collectionViewLayout: Self.gridLayout)
    grid.accessibilityLabel = "grid"

    window.addSubview(heading("Camera", frame: Rect(x: 280, y: 566, width: 200, height: 22)))
    window.addSubview(
      caption(
        "A slow source: its photos load over two seconds", frame: Rect(x: 480, y: 566, width: 400, height: 22)))
    let delivery = SlowDelivery(clock: window.clock)
    camera = CameraStrip(frame: Rect(x: 280, y: 594, width: 600, height: 106), photos: Photo.camera, delivery: delivery)
    window.addSubview(camera)

    controller = PhotoLibraryController(
      grid: grid, albumList: albumList, journal: journal, delivery: delivery)
    controller.didChange = { [weak self] in self?.refresh() }
    for view in [grid, albumList] {
      view.backgroundColor = Palette.panel
      view.cornerRadius = 12
      view.dataSource = controller
      view.delegate = controller
      view.dropDelegate = controller
      view.dragInteractionEnabled = true
      window.addSubview(view)
    }
    grid.register(PhotoCell.self, forCellWithReuseIdentifier: "photo")
    grid.register(LoadingPhotoCell.self, forCellWithReuseIdentifier: "loading")
    grid.dragDelegate = controller
    albumList.register(AlbumCell.self, forCellWithReuseIdentifier: "album")
    albumList.isSpringLoaded = true
    // An album opens after a second and a half over it: a drop onto one, aimed and
    // released, never opens it first, even on a busy machine.
    albumList.springLoadingDelay = 1.5
    grid.allowsSelection = false
    albumList.layoutIfNeeded()
    albumList.selectItem(at: IndexPath(item: controller.openAlbum ?? 0, section: 0))
    refresh()
  }

  private func refresh() {
    libraryCount.text = "\(controller.photos.count) photos"
    let open = controller.openAlbum.map { controller.albums[$0] }
    openAlbum.show(name: open?.name, photos: open?.photos ?? [])
    journal.modelDidChange()
  }

  public var state: String { controller.state }
  public var isSettled: Bool { !grid.hasUncommittedUpdates && controller.loading == 0 && camera.delivery.running == 0 }

  /// The photos in the library, in order.
  public var photos: [Photo] { controller.photos }
  /// The albums with their photos.
  public var albums: [(name: String, photos: [Photo])] { controller.albums }
}

/// The data source and the delegates of the grid and the album list.
@MainActor
final class PhotoLibraryController: CollectionViewDataSource, CollectionViewDelegate, CollectionViewDragDelegate,
  CollectionViewDropDelegate
{
  let grid: CollectionView
  let albumList: CollectionView
  let journal: SceneJournal
  let delivery: SlowDelivery
  var photos = Photo.library
  var albums: [(name: String, photos: [Photo])] = [
    ("Favourites", [Photo.library[3]]), ("Travel", [Photo.library[9], Photo.library[8]]), ("Family", []),
    ("Food", []),
  ]
  var openAlbum: Int? = 1
  /// Loads under way for placeholders.
  var loading = 0
  var didChange: (() -> Void)?

  init(grid: CollectionView, albumList: CollectionView, journal: SceneJournal, delivery: SlowDelivery) {
    self.grid = grid
    self.albumList = albumList
    self.journal = journal
    self.delivery = delivery
  }

  var state: String {
    "library=" + listing(photos.map(\.title)) + " albums="
      + listing(albums.map { "\($0.name):" + listing($0.photos.map(\.title)) })
      + " open=\(openAlbum.map { albums[$0].name } ?? "none")"
  }

  // MARK: Data source

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
    collectionView === grid ? photos.count : albums.count
  }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
    if collectionView === grid {
      let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "photo", for: indexPath)
      (cell as? PhotoCell)?.photoView.photo = photos[indexPath.item]
      cell.accessibilityLabel = photos[indexPath.item].title
      return cell
    }
    let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "album", for: indexPath)
    let album = albums[indexPath.item]
    (cell as? AlbumCell)?.configure(name: album.name, photos: album.photos)
    cell.accessibilityLabel = album.name
    return cell
  }

  /// Tapping an album, or hovering a drag over it (spring loading), opens it.
  func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
    guard collectionView === albumList, albums.indices.contains(indexPath.item) else { return }
    openAlbum = indexPath.item
    journal.note("albums.open \(albums[indexPath.item].name)")
    didChange?()
  }

  // MARK: Drag

  func collectionView(
    _ collectionView: CollectionView, itemsForBeginning session: DragSession, at indexPath: IndexPath
  ) -> [DragItem] {
    journal.note("grid.itemsForBeginning \(indexPath.item)")
    return [dragItem(photos[indexPath.item])]
  }

  /// A tap with another finger on a photo adds it to the drag.
  func collectionView(
    _ collectionView: CollectionView, itemsForAddingTo session: DragSession, at indexPath: IndexPath, point: Point
  ) -> [DragItem] {
    let photo = photos[indexPath.item]
    guard !session.items.contains(where: { ($0.localObject as? Photo) == photo }) else { return [] }
    journal.note("grid.itemsForAddingTo \(indexPath.item)")
    return [dragItem(photo)]
  }

  private func dragItem(_ photo: Photo) -> DragItem {
    let item = DragItem(itemProvider: ItemProvider(object: photo))
    item.localObject = photo
    return item
  }

  /// The preview keeps the photo's rounded corners.
  func collectionView(
    _ collectionView: CollectionView, dragPreviewParametersForItemAt indexPath: IndexPath
  ) -> DragPreviewParameters? {
    DragPreviewParameters(visiblePath: Path(roundedRect: Rect(x: 0, y: 0, width: 104, height: 104), cornerRadius: 10))
  }

  // MARK: Drop

  func collectionView(_ collectionView: CollectionView, canHandle session: DropSession) -> Bool {
    session.canLoadObjects(ofClass: Photo.self)
  }

  func collectionView(
    _ collectionView: CollectionView, dropSessionDidUpdate session: DropSession,
    withDestinationIndexPath destinationIndexPath: IndexPath?
  ) -> CollectionViewDropProposal {
    if collectionView === albumList {
      // Albums take photos from the library, not straight from the camera.
      guard grid.hasActiveDrag else { return CollectionViewDropProposal(operation: .forbidden) }
      guard destinationIndexPath != nil else { return CollectionViewDropProposal(operation: .cancel) }
      return CollectionViewDropProposal(operation: .copy, intent: .insertIntoDestinationIndexPath)
    }
    if session.localDragSession != nil && grid.hasActiveDrag {
      return CollectionViewDropProposal(operation: .move, intent: .insertAtDestinationIndexPath)
    }
    return CollectionViewDropProposal(operation: .copy, intent: .insertAtDestinationIndexPath)
  }

  func collectionView(_ collectionView: CollectionView, performDropWith coordinator: CollectionViewDropCoordinator) {
    if collectionView === albumList {
      dropIntoAlbum(coordinator)
    } else if coordinator.proposal.operation == .move {
      reorder(coordinator)
    } else {
      importPhotos(coordinator)
    }
  }

  /// A reorder: the photos leave their places and arrive together at the destination.
  private func reorder(_ coordinator: CollectionViewDropCoordinator) {
    let moving = coordinator.items.compactMap { item in item.sourceIndexPath.map { (item, $0) } }
    let slot = coordinator.destinationIndexPath?.item ?? photos.count
    journal.note(
      "grid.performDrop move \(slot) sources \(listing(coordinator.items.map { $0.sourceIndexPath.map { "\($0.item)" } ?? "nil" }))"
    )
    guard !moving.isEmpty else { return }
    let sources = moving.map(\.1.item)
    // One photo moved: the destination is where it sits once it has left its place (the
    // end of the grid is the count). Several: the slot counts them where they are.
    let start = sources.count == 1 ? min(slot, photos.count - 1) : slot - sources.filter { $0 < slot }.count
    let moved = sources.map { photos[$0] }
    let destinations = moved.indices.map { IndexPath(item: start + $0, section: 0) }
    grid.performBatchUpdates {
      for source in sources.sorted(by: >) { self.photos.remove(at: source) }
      self.photos.insert(contentsOf: moved, at: start)
      self.grid.deleteItems(at: moving.map(\.1))
      self.grid.insertItems(at: destinations)
    }
    for ((item, _), destination) in zip(moving, destinations) {
      coordinator.drop(item.dragItem, toItemAt: destination)
    }
    didChange?()
  }

  /// Photos from elsewhere: each holds a placeholder, which shows the share loaded, until
  /// its data arrives; then it becomes the photo wherever it is by then.
  private func importPhotos(_ coordinator: CollectionViewDropCoordinator) {
    coordinator.session.progressIndicatorStyle = .none
    let slot = coordinator.destinationIndexPath ?? IndexPath(item: photos.count, section: 0)
    journal.note("grid.performDrop copy \(slot.item)")
    for item in coordinator.items {
      let placeholder = CollectionViewDropPlaceholder(insertionIndexPath: slot, reuseIdentifier: "loading")
      let tracker = LoadTracker()
      placeholder.cellUpdateHandler = { cell in
        guard let cell = cell as? LoadingPhotoCell else { return }
        cell.title.text = "Importing…"
        cell.progress = tracker.progress?.fractionCompleted ?? 0
      }
      let context = coordinator.drop(item.dragItem, to: placeholder)
      loading += 1
      tracker.progress = item.dragItem.itemProvider.loadObject(ofClass: Photo.self) { result in
        Task { @MainActor [self] in
          self.loading -= 1
          tracker.ticker?.cancel()
          switch result {
          case .success(let photo):
            context.commitInsertion { indexPath in
              self.journal.note("grid.commit \(photo.title) at \(indexPath.item)")
              self.photos.insert(photo, at: indexPath.item)
            }
          case .failure(let error):
            self.journal.note("grid.deletePlaceholder \(error)")
            context.deletePlaceholder()
          }
          self.didChange?()
        }
      }
      context.setNeedsCellUpdate()
      // The placeholder's cell follows the load on the window's clock while it is pending.
      tracker.tick(every: 0.1, on: grid.window?.clock) { context.isPending ? context.setNeedsCellUpdate() : false }
    }
  }

  /// Photos dropped on an album join it; the preview shrinks into the album's cover.
  private func dropIntoAlbum(_ coordinator: CollectionViewDropCoordinator) {
    guard let album = coordinator.destinationIndexPath, albums.indices.contains(album.item) else { return }
    let dropped = coordinator.items.compactMap { $0.dragItem.localObject as? Photo }
    journal.note("albums.performDrop \(albums[album.item].name) + \(listing(dropped.map(\.title)))")
    albums[album.item].photos += dropped
    let cover = Rect(x: 14, y: 8, width: 48, height: 48)
    for item in coordinator.items {
      coordinator.drop(item.dragItem, intoItemAt: album, rect: cover)
    }
    if let cell = albumList.cellForItem(at: album) as? AlbumCell {
      cell.configure(name: albums[album.item].name, photos: albums[album.item].photos)
    }
    didChange?()
  }
}

/// The progress of one placeholder's load, and the timer that redraws it.
@MainActor
final class LoadTracker {
  var progress: LoadProgress?
  var ticker: ScheduledAction?

  /// Runs `step` every `interval` seconds on `clock` for as long as it returns true.
  func tick(every interval: Double, on clock: (any MainActorClock)?, _ step: @escaping @MainActor () -> Bool) {
    guard let clock else { return }
    ticker = clock.schedule(after: interval) { [weak self] in
      guard step() else { return }
      self?.tick(every: interval, on: clock, step)
    }
  }
}

/// A source that takes its time: each photo's data arrives after ``duration`` seconds on the
/// window's clock, in ten steps that its progress reports.
@MainActor
public final class SlowDelivery {
  let clock: any MainActorClock
  public var duration = 2.0
  /// Deliveries under way.
  public private(set) var running = 0

  init(clock: any MainActorClock) {
    self.clock = clock
  }

  /// A provider of `photo` whose data loads slowly.
  nonisolated func provider(for photo: Photo) -> ItemProvider {
    let provider = ItemProvider()
    let data = (try? JSONEncoder().encode(photo)) ?? Data()
    provider.registerDataRepresentation(for: Photo.contentType) { [self] completion in
      let progress = LoadProgress(totalUnitCount: 10)
      Task { @MainActor in self.deliver(data, progress: progress, completion: completion) }
      return progress
    }
    return provider
  }

  private func deliver(
    _ data: Data, progress: LoadProgress, completion: @escaping @Sendable (Result<Data, any Error>) -> Void
  ) {
    running += 1
    var steps: [ScheduledAction] = []
    for step in 1...10 {
      steps.append(
        clock.schedule(after: duration * Double(step) / 10) { [self] in
          progress.completedUnitCount = Int64(step)
          guard step == 10 else { return }
          running -= 1
          completion(.success(data))
        })
    }
    progress.cancellationHandler = { [steps = UncheckedActions(steps)] in
      Task { @MainActor in
        guard steps.actions.contains(where: \.isPending) else { return }
        steps.actions.forEach { $0.cancel() }
        self.running -= 1
        completion(.failure(CancellationError()))
      }
    }
  }
}

/// Scheduled actions carried into a cancellation handler, which runs them on the main actor.
private struct UncheckedActions: @unchecked Sendable {
  let actions: [ScheduledAction]
  init(_ actions: [ScheduledAction]) { self.actions = actions }
}

/// The camera: a strip of photos that drag out as copies whose data arrives slowly.
@MainActor
public final class CameraStrip: View, DragInteractionDelegate {
  let delivery: SlowDelivery
  private(set) var photoViews: [PhotoView] = []

  init(frame: Rect, photos: [Photo], delivery: SlowDelivery) {
    self.delivery = delivery
    super.init(frame: frame)
    backgroundColor = Palette.panel
    cornerRadius = 12
    accessibilityLabel = "camera"
    for (index, photo) in photos.enumerated() {
      let view = PhotoView(photo: photo, frame: Rect(x: 14 + Double(index) * 94, y: 12, width: 82, height: 82))
      view.accessibilityLabel = photo.title
      addSubview(view)
      photoViews.append(view)
    }
    // The keyboard focus goes from photo to photo inside the strip.
    accessibilityElements = photoViews
    let interaction = DragInteraction(delegate: self)
    interaction.isEnabled = true
    addInteraction(interaction)
  }

  /// The centre of the `index`th photo, in the strip's coordinates.
  public func photoCenter(_ index: Int) -> Point { photoViews[index].center }

  private func photoView(at point: Point) -> PhotoView? {
    photoViews.first { $0.frame.contains(point) }
  }

  public func dragInteraction(_ interaction: DragInteraction, itemsForBeginning session: DragSession) -> [DragItem] {
    guard let view = photoView(at: session.location(in: self)), let photo = view.photo else { return [] }
    let item = DragItem(itemProvider: delivery.provider(for: photo))
    item.localObject = view
    return [item]
  }

  public func dragInteraction(
    _ interaction: DragInteraction, previewForLifting item: DragItem, session: DragSession
  ) -> TargetedDragPreview? {
    guard let view = item.localObject as? PhotoView else { return nil }
    return try? TargetedDragPreview.checked(view: view)
  }
}

/// The open album: its name and its photos as small tiles.
@MainActor
final class AlbumDetailView: View {
  private let title = Label()
  private var tiles: [PhotoView] = []

  override init(frame: Rect) {
    super.init(frame: frame)
    backgroundColor = Palette.panel
    cornerRadius = 12
    title.frame = Rect(x: 14, y: 10, width: frame.width - 28, height: 22)
    title.font = .systemFont(ofSize: 13)
    title.textColor = Palette.secondaryText
    title.isUserInteractionEnabled = false
    addSubview(title)
  }

  func show(name: String?, photos: [Photo]) {
    tiles.forEach { $0.removeFromSuperview() }
    tiles = []
    guard let name else {
      title.text = "Tap an album, or hover a drag on one"
      return
    }
    title.text = photos.isEmpty ? "\(name) is empty" : name
    for (index, photo) in photos.prefix(12).enumerated() {
      let tile = PhotoView(
        photo: photo,
        frame: Rect(x: 14 + Double(index % 4) * 54, y: 40 + Double(index / 4) * 56, width: 48, height: 48))
      tile.showsTitle = false
      tile.cornerRadius = 6
      addSubview(tile)
      tiles.append(tile)
    }
  }
}
