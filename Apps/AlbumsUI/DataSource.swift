import AlbumsLibrary
import DragDrop
import DragDropLists
import Foundation

/// What a drag of photos out of the grid carries in its session: the album they came from
/// (nil for All Photos), which a spring-loaded drag may have left.
struct PhotoDragContext {
  let album: Album?
}

/// The data source and the delegates of the albums list, the grid and "New Album".
@MainActor
final class DataSource: TableViewDataSource, TableViewDelegate, TableViewDragDelegate, TableViewDropDelegate,
  CollectionViewDataSource, CollectionViewDelegate, CollectionViewDragDelegate, CollectionViewDropDelegate,
  DropInteractionDelegate
{
  weak var controller: AlbumsController?

  // MARK: The albums list

  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
    (controller?.albums.count ?? 0) + 1
  }

  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: "album", for: indexPath)
    guard let controller, let row = cell as? AlbumRowCell else { return cell }
    let summary = indexPath.row == 0 ? nil : controller.albums[indexPath.row - 1]
    let name = summary?.album.name ?? "All Photos"
    let count = summary?.photoCount ?? controller.librarySummary.photoCount
    let cover = summary == nil ? controller.librarySummary.cover : summary?.cover
    row.configure(name: name, count: count, coverID: cover?.id, theme: controller.theme)
    row.cover.image = cover.flatMap(controller.thumbnail(of:))
    return cell
  }

  /// Tapping an album, or hovering a drag over it (spring loading), opens it.
  func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
    guard let controller, indexPath.row != controller.openRow else { return }
    controller.open(row: indexPath.row)
  }

  /// Albums drag to reorder the list; All Photos stays first.
  func tableView(_ tableView: TableView, itemsForBeginning session: DragSession, at indexPath: IndexPath) -> [DragItem]
  {
    guard let controller, indexPath.row > 0 else { return [] }
    let album = controller.albums[indexPath.row - 1].album
    let item = DragItem(itemProvider: ItemProvider(object: album.name))
    item.localObject = album
    return [item]
  }

  /// An album's place is this application's business.
  func tableView(_ tableView: TableView, dragSessionIsRestrictedToDraggingApplication session: DragSession) -> Bool {
    true
  }

  func tableView(_ tableView: TableView, canHandle session: DropSession) -> Bool {
    if session.localDragSession != nil {
      return session.items.allSatisfy { $0.localObject is Album || $0.localObject is Photo }
    }
    return session.hasItemsConforming(to: AlbumsController.importableTypes)
  }

  func tableView(
    _ tableView: TableView, dropSessionDidUpdate session: DropSession,
    withDestinationIndexPath destinationIndexPath: IndexPath?
  ) -> TableViewDropProposal {
    guard let controller, let destination = destinationIndexPath else {
      return TableViewDropProposal(operation: .cancel)
    }
    if session.items.contains(where: { $0.localObject is Album }) {
      // A reorder of the albums: anywhere below All Photos.
      guard destination.row > 0 else { return TableViewDropProposal(operation: .forbidden) }
      return TableViewDropProposal(operation: .move, intent: .insertAtDestinationIndexPath)
    }
    // Photos go into the row under the drag, whatever gap the list would name.
    guard let row = tableView.indexPathForRow(at: session.location(in: tableView))?.row else {
      return TableViewDropProposal(operation: .cancel)
    }
    if session.localDragSession != nil {
      // Photos onto an album: not onto All Photos, which has them, nor onto their own album.
      let source = (session.localDragSession?.localContext as? PhotoDragContext)?.album
      guard row > 0, controller.albums[row - 1].album.id != source?.id else {
        return TableViewDropProposal(operation: .forbidden, intent: .insertIntoDestinationIndexPath)
      }
      let copies = source == nil || session.modifierFlags.contains(.control)
      return TableViewDropProposal(operation: copies ? .copy : .move, intent: .insertIntoDestinationIndexPath)
    }
    return TableViewDropProposal(operation: .copy, intent: .insertIntoDestinationIndexPath)
  }

  func tableView(_ tableView: TableView, performDropWith coordinator: TableViewDropCoordinator) {
    guard let controller, let destination = coordinator.destinationIndexPath else { return }
    if let album = coordinator.items.first?.dragItem.localObject as? Album {
      reorderAlbums(album, to: destination, coordinator: coordinator, controller: controller)
      return
    }
    guard let row = tableView.indexPathForRow(at: coordinator.session.location(in: tableView))?.row else { return }
    let target = row > 0 ? controller.albums[row - 1].album : nil
    guard coordinator.session.localDragSession != nil else {
      controller.importItems(coordinator.items.map(\.dragItem), into: target)
      return
    }
    guard let target else { return }
    let dropped = coordinator.items.compactMap { $0.dragItem.localObject as? Photo }
    let source = (coordinator.session.localDragSession?.localContext as? PhotoDragContext)?.album
    addPhotos(dropped, to: target, at: nil, from: coordinator.proposal.operation == .move ? source : nil)
    let cover = Rect(x: 10, y: 8, width: 40, height: 40)
    for item in coordinator.items {
      coordinator.drop(item.dragItem, intoRowAt: IndexPath(row: row, section: 0), rect: cover)
    }
  }

  private func reorderAlbums(
    _ album: Album, to destination: IndexPath, coordinator: TableViewDropCoordinator, controller: AlbumsController
  ) {
    var order = controller.albums.map(\.album)
    guard let from = order.firstIndex(of: album) else { return }
    order.remove(at: from)
    let index = min(max(0, destination.row - 1), order.count)
    order.insert(album, at: index)
    let before = controller.albums.map(\.album)
    let openID = controller.openAlbum?.id
    do {
      try controller.library.reorderAlbums(order)
      controller.undoStack.register(
        name: "Moved \(album.name)",
        undo: { [weak controller] in try controller?.library.reorderAlbums(before) },
        redo: { [weak controller] in try controller?.library.reorderAlbums(order) })
      controller.say("Moved \(album.name).")
    } catch {
      controller.report(error)
    }
    let newOpen = openID.flatMap { id in order.firstIndex { $0.id == id }.map { $0 + 1 } } ?? controller.openRow
    controller.albumsTable.performBatchUpdates {
      controller.reloadModelOnly(open: newOpen)
      controller.albumsTable.moveRow(
        at: IndexPath(row: from + 1, section: 0), to: IndexPath(row: index + 1, section: 0))
    }
    if let item = coordinator.items.first {
      coordinator.drop(item.dragItem, toRowAt: IndexPath(row: index + 1, section: 0))
    }
  }

  /// Puts `photos` into `album` (at `position`, or the end), taking them out of `source`
  /// when it is a move: one transaction, one undo.
  func addPhotos(_ photos: [Photo], to album: Album, at position: Int?, from source: Album?) {
    guard let controller else { return }
    let ids = Set(photos.compactMap(\.id))
    var contents: [Int64?] = ((try? controller.library.photoIDs(in: album)) ?? []).filter { !ids.contains($0) }
    contents.insert(contentsOf: photos.map(\.id), at: min(position ?? contents.count, contents.count))
    var changes: [(album: Album, photoIDs: [Int64?])] = [(album, contents)]
    if let source, source.id != album.id {
      changes.append((source, ((try? controller.library.photoIDs(in: source)) ?? []).filter { !ids.contains($0) }))
    }
    let noun = photos.count == 1 ? "“\(photos[0].originalName)”" : "\(photos.count) photos"
    controller.setContents(
      source != nil && source?.id != album.id ? "Moved \(noun) to \(album.name)." : "Added \(noun) to \(album.name).",
      changes)
    controller.reload()
  }

  // MARK: The grid

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
    controller?.photos.count ?? 0
  }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
    let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "photo", for: indexPath)
    guard let controller, let photoCell = cell as? PhotoGridCell, controller.photos.indices.contains(indexPath.item)
    else { return cell }
    let photo = controller.photos[indexPath.item]
    photoCell.theme = controller.theme
    photoCell.thumbnail.emptyColor = controller.theme.placeholder
    photoCell.photoID = photo.id
    photoCell.fileName = photo.fileName
    photoCell.thumbnail.image = controller.thumbnail(of: photo)
    cell.accessibilityLabel = photo.originalName
    return cell
  }

  func collectionView(
    _ collectionView: CollectionView, itemsForBeginning session: DragSession, at indexPath: IndexPath
  ) -> [DragItem] {
    guard let controller, controller.photos.indices.contains(indexPath.item) else { return [] }
    return [dragItem(controller.photos[indexPath.item])]
  }

  /// Another touch (or Control-Space) on a photo adds it to the drag.
  func collectionView(
    _ collectionView: CollectionView, itemsForAddingTo session: DragSession, at indexPath: IndexPath, point: Point
  ) -> [DragItem] {
    guard let controller, controller.photos.indices.contains(indexPath.item) else { return [] }
    let photo = controller.photos[indexPath.item]
    guard !session.items.contains(where: { ($0.localObject as? Photo)?.id == photo.id }) else { return [] }
    return [dragItem(photo)]
  }

  func collectionView(_ collectionView: CollectionView, dragSessionWillBegin session: DragSession) {
    session.localContext = PhotoDragContext(album: controller?.openAlbum)
  }

  /// A photo as other applications see it: its file, named as it was imported, which a
  /// file manager copies and a browser or an image editor reads as an image.
  func dragItem(_ photo: Photo) -> DragItem {
    let provider = ItemProvider()
    if let controller {
      let url = controller.library.url(of: photo)
      let type = ContentType(photo.contentType) ?? .image
      provider.registerFileRepresentation(for: type) { completion in
        if FileManager.default.fileExists(atPath: url.path) {
          completion(.success(url))
        } else {
          completion(.failure(ItemProviderError.fileOperationFailed(path: url.path, reason: "the photo is gone")))
        }
        return nil
      }
    }
    // The name it was imported with, extension and all: `Aqua.jpg` leaves as `Aqua.jpg`.
    provider.suggestedName = photo.originalName
    let item = DragItem(itemProvider: provider)
    item.localObject = photo
    return item
  }

  func collectionView(
    _ collectionView: CollectionView, dragPreviewParametersForItemAt indexPath: IndexPath
  ) -> DragPreviewParameters? {
    DragPreviewParameters(visiblePath: Path(roundedRect: Rect(x: 0, y: 0, width: 150, height: 150), cornerRadius: 8))
  }

  func collectionView(_ collectionView: CollectionView, canHandle session: DropSession) -> Bool {
    if session.localDragSession != nil { return session.items.allSatisfy { $0.localObject is Photo } }
    return session.hasItemsConforming(to: AlbumsController.importableTypes)
  }

  func collectionView(
    _ collectionView: CollectionView, dropSessionDidUpdate session: DropSession,
    withDestinationIndexPath destinationIndexPath: IndexPath?
  ) -> CollectionViewDropProposal {
    guard let controller else { return CollectionViewDropProposal(operation: .cancel) }
    guard session.localDragSession != nil else {
      return CollectionViewDropProposal(operation: .copy, intent: .insertAtDestinationIndexPath)
    }
    // The library's order is the order photos came in: photos arrange within albums.
    guard let open = controller.openAlbum else { return CollectionViewDropProposal(operation: .cancel) }
    let source = (session.localDragSession?.localContext as? PhotoDragContext)?.album
    if source?.id == open.id {
      return CollectionViewDropProposal(operation: .move, intent: .insertAtDestinationIndexPath)
    }
    let copies = source == nil || session.modifierFlags.contains(.control)
    return CollectionViewDropProposal(operation: copies ? .copy : .move, intent: .insertAtDestinationIndexPath)
  }

  func collectionView(_ collectionView: CollectionView, performDropWith coordinator: CollectionViewDropCoordinator) {
    guard let controller else { return }
    guard coordinator.session.localDragSession != nil else {
      controller.importItems(coordinator)
      return
    }
    guard let open = controller.openAlbum else { return }
    let source = (coordinator.session.localDragSession?.localContext as? PhotoDragContext)?.album
    let dropped = coordinator.items.compactMap { $0.dragItem.localObject as? Photo }
    let ids = Set(dropped.compactMap(\.id))
    let slot = coordinator.destinationIndexPath?.item ?? controller.photos.count
    // One photo moved within the grid: the destination is where it sits once it has left
    // its place (the end is the count). Otherwise the slot counts the photos before it,
    // and those that leave from before it move it up.
    let withinGrid = coordinator.items.count == 1 && coordinator.items[0].sourceIndexPath != nil
    let order = controller.photos.ids
    let start =
      withinGrid
      ? min(slot, order.count - 1)
      : slot - order.prefix(slot).filter { ids.contains($0 ?? -1) }.count
    if source?.id == open.id {
      var order = order.filter { !ids.contains($0 ?? -1) }
      order.insert(contentsOf: dropped.map(\.id), at: min(start, order.count))
      let noun = dropped.count == 1 ? "“\(dropped[0].originalName)”" : "\(dropped.count) photos"
      controller.setContents("Moved \(noun) in \(open.name).", [(open, order)])
    } else {
      addPhotos(
        dropped, to: open, at: start, from: coordinator.proposal.operation == .move ? source : nil)
    }
    controller.reload()
    var placed: [Int64: Int] = [:]
    for (index, id) in controller.photos.ids.enumerated() {
      if let id, ids.contains(id) { placed[id] = index }
    }
    for item in coordinator.items {
      guard let id = (item.dragItem.localObject as? Photo)?.id, let index = placed[id] else { continue }
      coordinator.drop(item.dragItem, toItemAt: IndexPath(item: index, section: 0))
    }
  }

  // MARK: New Album

  func dropInteraction(_ interaction: DropInteraction, canHandle session: DropSession) -> Bool {
    if session.localDragSession != nil { return session.items.allSatisfy { $0.localObject is Photo } }
    return session.hasItemsConforming(to: AlbumsController.importableTypes)
  }

  func dropInteraction(_ interaction: DropInteraction, sessionDidEnter session: DropSession) {
    controller?.newAlbumView.isTargeted = true
  }

  func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: DropSession) -> DropProposal {
    DropProposal(operation: .copy)
  }

  func dropInteraction(_ interaction: DropInteraction, sessionDidExit session: DropSession) {
    controller?.newAlbumView.isTargeted = false
  }

  func dropInteraction(_ interaction: DropInteraction, sessionDidEnd session: DropSession) {
    controller?.newAlbumView.isTargeted = false
  }

  func dropInteraction(_ interaction: DropInteraction, performDrop session: DropSession) {
    guard let controller else { return }
    controller.newAlbumView.isTargeted = false
    let dropped = session.items.compactMap { $0.localObject as? Photo }
    do {
      let album = try controller.library.makeNewAlbum(with: dropped)
      controller.undoStack.register(
        name: "Made \(album.name)",
        undo: { [weak controller] in
          try controller?.library.deleteAlbum(album)
        }, redo: nil)
      controller.say("Made \(album.name).")
      controller.reload()
      if session.localDragSession == nil { controller.importItems(session.items, into: album) }
    } catch {
      controller.report(error)
    }
  }
}

extension AlbumsController {
  /// Reads the albums again without touching the lists: inside a batch update, which
  /// moves the rows itself.
  func reloadModelOnly(open row: Int) {
    albums = (try? library.albumSummaries()) ?? albums
    openRow = row
  }
}
