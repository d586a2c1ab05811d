import AlbumsLibrary
import DequeModule
import DragDrop
import DragDropLists
import Foundation

/// The Albums window's content, built into any `Window`: the albums list (covers, names
/// and counts, with "All Photos" first and a "New Album" target under it) beside a grid of
/// the open album's photos, and a status line.
///
/// - Photos reorder in the grid by dragging, at the grid's reordering cadence.
/// - Photos dropped on an album move there from the open album, or are copied with Control
///   held (or when they come from All Photos); the album highlights, the drop shrinks into
///   its cover, and hovering opens it (spring loading).
/// - Albums reorder by dragging; photos dropped on "New Album" make one.
/// - Several photos drag together: select them first, or add them during the drag with a
///   second touch or Control-Space.
/// - Delete (or Backspace) removes the selected photos from the open album, or, in All
///   Photos, moves them to the trash; Control-Z undoes and Control-Shift-Z redoes.
/// - Images and image files from other applications import where they are dropped, each
///   through a placeholder that shows its progress, each committed in one transaction.
/// - Photos dragged out arrive in a file manager as files named as they were imported, and
///   in a browser or an image editor as images.
@MainActor
public final class AlbumsController {
  /// The library the window shows and changes.
  public let library: Library
  /// The albums list: All Photos, then the albums.
  public let albumsTable: TableView
  /// The open album's photos.
  public let grid: CollectionView
  /// The view that holds the rest, sized with the window.
  public let root: View
  let newAlbumView: NewAlbumView
  let sidebar = View()
  let sidebarTitle = Label(text: "Albums")
  let header = Label()
  let countLabel = Label()
  let emptyState = Label()
  let statusLine = Label()
  /// The colours; setting them redraws the window in the new ones.
  public var theme: AlbumsTheme { didSet { applyTheme() } }

  /// The thumbnails of the grid and the list, made in the background.
  public let thumbnails: ThumbnailLoader
  /// Hears each change of what the window shows: the albums, the open album, its photos.
  public var didChange: (() -> Void)?

  /// The albums, in order, with their counts and covers.
  public internal(set) var albums: [AlbumSummary] = []
  /// How many photos the library has, and the cover of All Photos.
  public internal(set) var librarySummary: (photoCount: Int, cover: Photo?) = (0, nil)
  /// The open row of the albums list: 0 is All Photos, 1… the albums.
  public internal(set) var openRow = 0
  /// The photos of the open album (or of the library), in order.
  public private(set) var photos: PhotoList = []
  /// The last message of the status line.
  public private(set) var status = ""
  /// Imports under way, by placeholder.
  private(set) var imports: [ObjectIdentifier: Import] = [:]
  /// Imports that arrived, written in batches off the main thread and recorded a few a
  /// turn.
  let stager: ImportStager
  /// The imports the stager has, by token: where each goes, and who hears how it ended.
  private var arrivals: [Int: Arrival] = [:]
  private var nextArrivalToken = 0
  /// Whether the albums list shows counts or covers that have changed since.
  private var albumsNeedRefresh = false
  private var lastAlbumsRefresh: Double?
  private var ticking: ScheduledAction?
  let undoStack = UndoStack()
  /// The window's edit menu: Copy while photos are selected, Paste while the pasteboard
  /// holds an image or an image file.
  let editMenu = EditMenuInteraction()
  private let dataSource: DataSource

  struct Import {
    let context: any CollectionViewDropPlaceholderContext
    let progress: LoadProgress
    let name: String
  }

  /// An import the stager has: its placeholder (nil for an import into an album's row),
  /// its name, and who hears its photo once recorded, or why it is not in the library.
  struct Arrival {
    let context: (any CollectionViewDropPlaceholderContext)?
    let name: String
    let finish: @MainActor (Result<Photo, any Error>) -> Void
  }

  /// The grid's metrics: 150-point photos, 12 points apart.
  static var gridLayout: CollectionViewLayout {
    .flow(
      itemSize: Size(width: 150, height: 150), minimumInteritemSpacing: 12, minimumLineSpacing: 12,
      sectionInset: EdgeInsets(top: 16, left: 16, bottom: 16, right: 16))
  }

  /// Builds the window's content for `library`. `thumbnails` makes the photos'
  /// thumbnails (the GTK application scales them with gdk-pixbuf and decodes them in the
  /// background); by default the photos' own bytes serve. `thumbnailScheduling` says when
  /// they are made: in the background, or when a test says. `yieldToDrawing` runs its
  /// action once the window has had a chance to draw (the GTK application passes
  /// `MainLoop.runAfterDrawing`); by default, as the next main-actor job. Photos dropped
  /// from other applications are committed a few at a time, one batch after each yield.
  public init(
    window: Window, library: Library, theme: AlbumsTheme = .light,
    thumbnails pipeline: ThumbnailPipeline = .photoBytes,
    thumbnailScheduling: ThumbnailScheduling = .background(maximumConcurrent: 2),
    yieldToDrawing: @escaping @MainActor (@escaping @MainActor () -> Void) -> Void = { next in
      Task { @MainActor in next() }
    }
  ) {
    stager = ImportStager(library: library, yield: yieldToDrawing)
    self.library = library
    self.theme = theme
    thumbnails = ThumbnailLoader(library: library, pipeline: pipeline, scheduling: thumbnailScheduling)
    root = AlbumsRootView(frame: window.bounds)
    root.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    // Copy and Paste on a secondary click, as Control-C and V.
    root.addInteraction(editMenu)
    let sidebarWidth = 280.0
    let size = window.bounds.size
    albumsTable = TableView(frame: Rect(x: 0, y: 44, width: sidebarWidth, height: size.height - 44 - 88))
    albumsTable.autoresizingMask = [.flexibleHeight]
    albumsTable.rowHeight = 56
    albumsTable.separatorStyle = .none  // the rows draw their own
    albumsTable.interactionName = "albums"
    albumsTable.accessibilityLabel = "Albums"
    albumsTable.isSpringLoaded = true
    newAlbumView = NewAlbumView(frame: Rect(x: 16, y: size.height - 80, width: sidebarWidth - 32, height: 48))
    newAlbumView.autoresizingMask = [.flexibleTopMargin]
    grid = CollectionView(
      frame: Rect(x: sidebarWidth, y: 56, width: size.width - sidebarWidth, height: size.height - 56 - 28),
      collectionViewLayout: Self.gridLayout)
    grid.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    grid.interactionName = "photos"
    grid.allowsMultipleSelection = true
    grid.reorderingCadence = .fast
    dataSource = DataSource()
    dataSource.controller = self

    sidebarTitle.frame = Rect(x: 20, y: 12, width: 200, height: 26)
    sidebarTitle.font = .boldSystemFont(ofSize: 17)
    header.frame = Rect(x: sidebarWidth + 20, y: 14, width: size.width - sidebarWidth - 180, height: 28)
    header.font = .boldSystemFont(ofSize: 20)
    header.autoresizingMask = [.flexibleWidth]
    countLabel.frame = Rect(x: size.width - 160, y: 18, width: 140, height: 22)
    countLabel.font = .systemFont(ofSize: 13)
    countLabel.textAlignment = .right
    countLabel.autoresizingMask = [.flexibleLeftMargin]
    emptyState.frame = Rect(
      x: sidebarWidth + 40, y: size.height / 2 - 30, width: size.width - sidebarWidth - 80, height: 60)
    emptyState.autoresizingMask = [.flexibleWidth, .flexibleTopMargin, .flexibleBottomMargin]
    emptyState.textAlignment = .center
    emptyState.font = .systemFont(ofSize: 15)
    statusLine.frame = Rect(
      x: sidebarWidth + 20, y: size.height - 26, width: size.width - sidebarWidth - 40, height: 22)
    statusLine.autoresizingMask = [.flexibleWidth, .flexibleTopMargin]
    statusLine.font = .systemFont(ofSize: 12)
    for label in [sidebarTitle, header, countLabel, emptyState, statusLine] {
      label.isUserInteractionEnabled = false
    }

    window.addSubview(root)
    sidebar.frame = Rect(x: 0, y: 0, width: sidebarWidth, height: size.height)
    sidebar.autoresizingMask = [.flexibleHeight]
    root.addSubview(sidebar)
    root.addSubview(sidebarTitle)
    root.addSubview(albumsTable)
    root.addSubview(newAlbumView)
    root.addSubview(header)
    root.addSubview(countLabel)
    root.addSubview(grid)
    root.addSubview(emptyState)
    root.addSubview(statusLine)
    (root as? AlbumsRootView)?.controller = self

    albumsTable.register(AlbumRowCell.self, forCellReuseIdentifier: "album")
    albumsTable.dataSource = dataSource
    albumsTable.delegate = dataSource
    albumsTable.dragDelegate = dataSource
    albumsTable.dropDelegate = dataSource
    albumsTable.dragInteractionEnabled = true
    grid.register(PhotoGridCell.self, forCellWithReuseIdentifier: "photo")
    grid.register(ImportingCell.self, forCellWithReuseIdentifier: "importing")
    grid.dataSource = dataSource
    grid.delegate = dataSource
    grid.dragDelegate = dataSource
    grid.dropDelegate = dataSource
    grid.dragInteractionEnabled = true
    let newAlbumDrop = DropInteraction(delegate: dataSource)
    newAlbumView.addInteraction(newAlbumDrop)

    thumbnails.isWanted = { [weak self] id in self?.shows(photoID: id) ?? false }
    thumbnails.didLoad = { [weak self] id, image in self?.show(image, ofPhotoID: id) }
    stager.deliver = { [weak self] album, batch in self?.record(batch, into: album) }
    applyTheme()
    // The first album opens, or All Photos when there is none: one album read, not two.
    reload(open: ((try? library.albums()) ?? []).isEmpty ? 0 : 1)
    // Photos recovered or imported as the library opened, said once.
    if library.openingReport.isWorthTelling { say("\(library.openingReport)") }
    if library.hasPendingFolderCheck { finishFolderCheck(after: yieldToDrawing) }
  }

  /// The check of `photos/` that opening the library deferred, once the window has drawn,
  /// on a thread of its own (the library's writes of files wait for it). Photos it
  /// recovered show in their album, and are said.
  private func finishFolderCheck(after yieldToDrawing: @escaping @MainActor (@escaping @MainActor () -> Void) -> Void) {
    let library = self.library
    yieldToDrawing {
      Task.detached(priority: .utility) {
        let outcome = Result { () throws(LibraryError) -> [Photo] in try library.finishFolderCheck() }
        await MainActor.run { [weak self] in
          guard let self else { return }
          switch outcome {
          case .success(let recovered) where !recovered.isEmpty:
            // The grid is read again only when no drop or paste is on its way into it;
            // otherwise the albums list alone shows the new album, and the grid shows it when
            // it is next opened.
            if isSettled { reload() } else { refreshAlbums() }
            say("\(library.openingReport)")
          case .success: break
          case .failure(let error): report(error)
          }
        }
      }
    }
  }

  // MARK: The model

  /// The open album; nil for All Photos.
  public var openAlbum: Album? { openRow > 0 && openRow <= albums.count ? albums[openRow - 1].album : nil }

  /// The model as one line, for tests and the tour: every album with its photos' names,
  /// and the open one.
  public var state: String {
    let listing = (try? library.albums())?.map { album in
      "\(album.name):[" + ((try? library.photos(in: album))?.map(\.originalName).joined(separator: ",") ?? "") + "]"
    }
    return "albums=" + (listing ?? []).joined(separator: " ") + " open=\(openAlbum?.name ?? "All Photos")"
  }

  /// How many imports are still on their way.
  public var importsUnderWay: Int { imports.count }

  /// Whether no import is still on its way.
  public var isSettled: Bool { imports.isEmpty && stager.isIdle && !grid.hasUncommittedUpdates }

  /// Reads the albums and the open album's photos again, and shows them.
  func reload(open row: Int? = nil) {
    albumsNeedRefresh = false
    do {
      albums = try library.albumSummaries()
      librarySummary = try library.librarySummary()
    } catch {
      report(error)
    }
    if let row { openRow = row }
    if openRow > albums.count { openRow = 0 }
    photos = currentPhotos()
    albumsTable.reloadData()
    albumsTable.selectRow(at: IndexPath(row: openRow, section: 0))
    grid.reloadData()
    updateLabels()
  }

  /// The photos of the open album as the library has them: their ids, each photo's row
  /// read when it is wanted (a cell shows it).
  private func currentPhotos() -> PhotoList {
    let library = self.library
    do {
      let ids =
        try openAlbum.map { album throws(LibraryError) in try library.photoIDs(in: album) } ?? library.allPhotoIDs()
      return PhotoList(
        ids: ids, reading: { ids throws(LibraryError) in try library.photos(withIDs: ids) },
        failed: { error in Task { @MainActor [weak self] in self?.report(error) } })
    } catch {
      report(error)
      return []
    }
  }

  /// Shows the album at `row` of the list (0: All Photos).
  public func open(row: Int) {
    guard row >= 0, row <= albums.count else { return }
    openRow = row
    photos = currentPhotos()
    albumsTable.selectRow(at: IndexPath(row: row, section: 0))
    grid.reloadData()
    updateLabels()
  }

  /// The albums' counts or covers changed. They are shown again at once when `settled`,
  /// and otherwise at most twice a second: a drop of a thousand photos does not count a
  /// large library a thousand times.
  private func albumsChanged(settled: Bool = false) {
    albumsNeedRefresh = true
    let now = grid.window?.clock.now ?? 0
    guard settled || lastAlbumsRefresh.map({ now - $0 >= 0.5 }) ?? true else { return }
    refreshAlbums()
    lastAlbumsRefresh = now
  }

  /// Photos just recorded into `album` (nil: the library alone) add to the counts of the
  /// albums list, and change a cover only where they came first: the list follows without
  /// counting the library again, which at 100,000 photos took tens of milliseconds a time.
  private func albumsGained(_ recorded: [Photo], in album: Album?) {
    guard !recorded.isEmpty else { return }
    librarySummary.photoCount += recorded.count
    // The library's cover is its oldest photo, which a new one is only in an empty library.
    if librarySummary.cover == nil { librarySummary.cover = recorded.min { $0.id! < $1.id! } }
    if let album, let row = albums.firstIndex(where: { $0.album.id == album.id }) {
      albums[row].photoCount += recorded.count
      if album.id == openAlbum?.id {
        albums[row].cover = photos.first
      } else if albums[row].cover == nil {
        albums[row].cover = recorded.first
      }
    }
    albumsTable.reloadData()
    albumsTable.selectRow(at: IndexPath(row: openRow, section: 0))
    updateLabels()
  }

  /// Refreshes the albums list's counts and covers without reloading the grid.
  private func refreshAlbums() {
    albumsNeedRefresh = false
    do {
      albums = try library.albumSummaries()
      librarySummary = try library.librarySummary()
    } catch {
      report(error)
    }
    albumsTable.reloadData()
    albumsTable.selectRow(at: IndexPath(row: openRow, section: 0))
    updateLabels()
  }

  func updateLabels() {
    defer { didChange?() }
    header.text = openAlbum?.name ?? "All Photos"
    countLabel.text = photos.count == 1 ? "1 photo" : "\(photos.count) photos"
    let empty = photos.isEmpty && imports.isEmpty
    emptyState.isHidden = !empty
    emptyState.text =
      albums.isEmpty && openAlbum == nil
      ? "No photos yet. Drop photos here from a file manager or a browser."
      : "\(openAlbum?.name ?? "The library") is empty. Drag photos onto it, or drop them here from another application."
  }

  /// The thumbnail of `photo` when it is ready; until then, nil, and it is on its way.
  func thumbnail(of photo: Photo) -> Image? {
    thumbnails.image(for: photo)
  }

  /// Whether a visible cell shows the photo: its thumbnail is still worth making.
  private func shows(photoID id: Int64) -> Bool {
    grid.visibleCells.contains { ($0 as? PhotoGridCell)?.photoID == id }
      || albumsTable.visibleCells.contains { ($0 as? AlbumRowCell)?.coverID == id }
  }

  /// Puts a thumbnail that arrived into the cells that show its photo.
  private func show(_ image: Image, ofPhotoID id: Int64) {
    for case let cell as PhotoGridCell in grid.visibleCells where cell.photoID == id {
      cell.thumbnail.image = image
    }
    for case let cell as AlbumRowCell in albumsTable.visibleCells where cell.coverID == id {
      cell.cover.image = image
    }
  }

  /// Shows a message in the status line.
  func say(_ message: String) {
    status = message
    statusLine.text = message
  }

  func report(_ error: any Error) {
    say("⚠ \(error)")
  }

  private func applyTheme() {
    root.backgroundColor = theme.background
    sidebar.backgroundColor = theme.sidebar
    albumsTable.backgroundColor = theme.sidebar
    grid.backgroundColor = theme.background
    sidebarTitle.textColor = theme.text
    header.textColor = theme.text
    countLabel.textColor = theme.secondaryText
    emptyState.textColor = theme.secondaryText
    statusLine.textColor = theme.secondaryText
    newAlbumView.theme = theme
    albumsTable.reloadData()
    grid.reloadData()
    albumsTable.selectRow(at: IndexPath(row: openRow, section: 0))
  }

  // MARK: Changes, each one transaction, each undoable

  /// Gives albums new contents, each as its photos' ids in order, undoably. An id that is
  /// nil (a photo not recorded yet) stops the change with ``LibraryError/notInLibrary``:
  /// nothing is written.
  func setContents(_ name: String, _ contents: [(album: Album, photoIDs: [Int64?])]) {
    guard contents.allSatisfy({ $0.photoIDs.allSatisfy { $0 != nil } }) else {
      return report(LibraryError.notInLibrary)
    }
    let contents = contents.map { (album: $0.album, photoIDs: $0.photoIDs.compactMap { $0 }) }
    let before = contents.map { entry in (album: entry.album, photoIDs: (try? library.photoIDs(in: entry.album)) ?? [])
    }
    do {
      try library.setContents(contents)
      say(name)
      registerUndo(name, undo: { try $0.setContents(before) }, redo: { try $0.setContents(contents) })
    } catch {
      report(error)
    }
  }

  /// Deletes `photos` from the open album, or from the library in All Photos.
  func delete(_ doomed: [Photo]) {
    guard !doomed.isEmpty else { return }
    let noun = doomed.count == 1 ? "“\(doomed[0].originalName)”" : "\(doomed.count) photos"
    if let album = openAlbum {
      let ids = Set(doomed.compactMap(\.id))
      setContents(
        "Removed \(noun) from \(album.name). Ctrl+Z undoes.", [(album, photos.ids.filter { !ids.contains($0 ?? -1) })])
    } else {
      trash(doomed, saying: "Deleted \(noun). Ctrl+Z undoes.", undoName: "Deleted \(noun)")
    }
    reload()
  }

  /// Registers a change of the library just made for undo and redo: `undo` takes it back,
  /// `redo` makes it again, and the window shows the library afterwards either way.
  private func registerUndo(
    _ name: String, undo: @escaping @MainActor (Library) throws -> Void,
    redo: @escaping @MainActor (Library) throws -> Void
  ) {
    undoStack.register(
      name: name,
      undo: { [weak self] in
        guard let self else { return }
        try undo(self.library)
        self.reload()
      },
      redo: { [weak self] in
        guard let self else { return }
        try redo(self.library)
        self.reload()
      })
  }

  /// Moves `doomed` to the library's trash, saying `message`, with an undo named `undoName`
  /// that brings them back.
  private func trash(_ doomed: [Photo], saying message: String, undoName: String) {
    do {
      try library.trash(doomed)
      say(message)
      registerUndo(undoName, undo: { try $0.restore(doomed) }, redo: { try $0.trash(doomed) })
    } catch {
      report(error)
    }
  }

  func undo() {
    do {
      guard let name = try undoStack.undo() else { return say("Nothing to undo.") }
      say("Undid: \(name)")
    } catch {
      report(error)
    }
    reload()
  }

  func redo() {
    do {
      guard let name = try undoStack.redo() else { return say("Nothing to redo.") }
      say("Redid: \(name)")
    } catch {
      report(error)
    }
    reload()
  }

  /// The photos the grid's selection names, in the grid's order; the focused photo when
  /// none is selected.
  var selectedPhotos: [Photo] {
    let paths = grid.indexPathsForSelectedItems
    let chosen = paths.isEmpty ? [grid.indexPathForKeyboardFocus].compactMap { $0 } : paths
    return chosen.compactMap { photos.indices.contains($0.item) ? photos[$0.item] : nil }
  }

  // MARK: Imports from other applications

  /// Loads each dropped item into a placeholder at `destination` and imports it into the
  /// open album (or the library) where the placeholder is when it arrives.
  func importItems(_ coordinator: CollectionViewDropCoordinator) {
    coordinator.session.progressIndicatorStyle = .none
    let destination = coordinator.destinationIndexPath ?? IndexPath(item: photos.count, section: 0)
    let album = openAlbum
    for item in coordinator.items {
      let placeholder = importPlaceholder(at: destination)
      importItem(
        item.dragItem.itemProvider, into: coordinator.drop(item.dragItem, to: placeholder), key: placeholder,
        album: album
      ) { _ in }
    }
    updateLabels()
    tick()
  }

  /// A placeholder cell at `indexPath` that shows its import's progress.
  private func importPlaceholder(at indexPath: IndexPath) -> CollectionViewDropPlaceholder {
    let placeholder = CollectionViewDropPlaceholder(insertionIndexPath: indexPath, reuseIdentifier: "importing")
    let key = ObjectIdentifier(placeholder)
    placeholder.cellUpdateHandler = { [weak self] cell in
      guard let self, let cell = cell as? ImportingCell else { return }
      cell.theme = self.theme
      cell.title.text = "Importing…"
      cell.progress = self.imports[key]?.progress.fractionCompleted ?? 0
    }
    return placeholder
  }

  /// Loads `provider` and imports what arrives into `album` where its placeholder is then:
  /// a photo that is not an image, or that the album holds already, takes its placeholder
  /// away and says why. `done` gets the photo imported, or nil.
  private func importItem(
    _ provider: ItemProvider, into context: any CollectionViewDropPlaceholderContext,
    key placeholder: CollectionViewDropPlaceholder, album: Album?, done: @escaping @MainActor (Photo?) -> Void
  ) {
    let key = ObjectIdentifier(placeholder)
    let name = provider.suggestedName ?? "photo"
    let arrival = Arrival(context: context, name: name) { [weak self] result in
      guard let self else { return }
      self.imports[key] = nil
      let photo = try? result.get()
      if let photo { self.say("Imported \(photo.originalName).") }
      if self.imports.isEmpty && self.albumsNeedRefresh { self.albumsChanged(settled: true) }
      self.updateLabels()
      done(photo)
    }
    imports[key] = Import(context: context, progress: load(provider, into: album, arrival), name: name)
  }

  /// Records a batch of imports the stager wrote into `album`, in one transaction: each
  /// placeholder still in the grid becomes its photo, at its place then; each import into
  /// an album's row goes to that album's end. What was refused, or could not be loaded,
  /// takes its placeholder away and says why.
  private func record(_ batch: [(token: Int, result: Result<Library.StagedPhoto, any Error>)], into album: Album?) {
    var planned: [(arrival: Arrival, staged: Library.StagedPhoto, neighbour: Photo?, gridIndex: Int?)] = []
    for (token, result) in batch {
      guard let arrival = arrivals.removeValue(forKey: token) else { continue }
      let staged: Library.StagedPhoto
      switch result {
      case .failure(let error):
        // Not an image, one the album already holds, or nothing loaded: nothing was written.
        if let context = arrival.context { _ = context.deletePlaceholder() }
        if error is LibraryError { report(error) } else { say("⚠ \(arrival.name) was not imported: \(error)") }
        arrival.finish(.failure(error))
        continue
      case .success(let photo): staged = photo
      }
      guard let context = arrival.context else {
        planned.append((arrival, staged, nil, nil))
        continue
      }
      // The placeholder becomes the photo now, recorded below in this same turn, just
      // before the photo it lands in front of (which may be one of this batch, without an
      // id yet). Found by its index, the place would cost a walk over every photo before
      // it: 45 ms at 150,000 photos.
      var landed: (neighbour: Photo?, index: Int)?
      let committed = context.commitInsertion { indexPath in
        landed = (indexPath.item < self.photos.count ? self.photos[indexPath.item] : nil, indexPath.item)
        self.photos.insert(staged.photo, at: indexPath.item)
      }
      guard committed, let landed else {
        // The placeholder is gone (the grid shows another album now): nothing is recorded.
        library.discard([staged])
        arrival.finish(.failure(CancellationError()))
        continue
      }
      for index in planned.indices {
        if let earlier = planned[index].gridIndex, earlier >= landed.index { planned[index].gridIndex = earlier + 1 }
      }
      planned.append((arrival, staged, landed.neighbour, landed.index))
    }
    guard !planned.isEmpty else { return }
    let recorded: [Photo]
    do {
      recorded = try library.record(planned.map(\.staged), into: album, before: planned.map(\.neighbour))
    } catch {
      // A disk that refused the transaction: the commits' rows have no photos behind them,
      // so the grid shows the library again.
      library.discard(planned.map(\.staged))
      report(error)
      reload()
      for entry in planned { entry.arrival.finish(.failure(error)) }
      return
    }
    for (entry, photo) in zip(planned, recorded) {
      if let index = entry.gridIndex { photos[index] = photo }
    }
    showRecorded(recorded)
    albumsGained(recorded, in: album)
    for (entry, photo) in zip(planned, recorded) { entry.arrival.finish(.success(photo)) }
  }

  /// Gives the visible cells that show photos just recorded (committed before they had
  /// ids) their ids and thumbnails.
  private func showRecorded(_ recorded: [Photo]) {
    let byName = Dictionary(recorded.map { ($0.fileName, $0) }, uniquingKeysWith: { first, _ in first })
    for case let cell as PhotoGridCell in grid.visibleCells where cell.photoID == nil {
      guard let name = cell.fileName, let photo = byName[name] else { continue }
      cell.photoID = photo.id
      cell.thumbnail.image = thumbnail(of: photo)
    }
  }

  /// What arrived: image bytes (from a browser) or an image file (from a file manager).
  enum Incoming: Sendable {
    case image(Image, name: String)
    case file(URL)

    var name: String {
      switch self {
      case .image(_, let name): name
      case .file(let url): url.lastPathComponent
      }
    }

    /// Where the library takes it from; the library checks that it is an image.
    var source: Library.ImportSource {
      switch self {
      case .image(let image, let name): .data(image.data, originalName: name)
      case .file(let url): .file(url)
      }
    }
  }

  /// The types the grid and the albums take from other applications.
  static let importableTypes: [ContentType] = [.image, .fileURL]

  /// Loads `provider` as an image or an image file and hands what arrives (or why nothing
  /// did) to the stager, for `album`; `arrival` hears the end.
  /// With `order`, what arrives goes to the stager through it, at its position.
  private func load(
    _ provider: ItemProvider, into album: Album?, _ arrival: Arrival,
    order: (queue: InOrder<ImportStager.Arrival>, position: Int)? = nil
  ) -> LoadProgress {
    let token = nextArrivalToken
    nextArrivalToken += 1
    arrivals[token] = arrival
    let arrived: @Sendable (Result<Incoming, any Error>) -> Void = { [weak self] incoming in
      Task { @MainActor in
        guard let self else { return }
        let staged = ImportStager.Arrival(incoming: incoming, album: album, token: token)
        if let order { order.queue.arrived(staged, at: order.position) } else { self.stager.enqueue(staged) }
      }
    }
    let name = provider.suggestedName ?? "photo"
    // A file keeps its name, and is copied rather than read whole into memory.
    if provider.canLoadObject(ofClass: Image.self) && !provider.hasItemConforming(to: .fileURL) {
      return provider.loadObject(ofClass: Image.self) { result in
        arrived(result.map { Incoming.image($0, name: name) }.mapError { $0 as any Error })
      }
    }
    return provider.loadObject(ofClass: URL.self) { result in
      arrived(
        result.mapError { $0 as any Error }.flatMap { url -> Result<Incoming, any Error> in
          url.isFileURL ? .success(.file(url)) : .failure(AlbumsError.notAFile(url.absoluteString))
        })
    }
  }

  /// While imports are under way, their placeholders show their progress.
  private func tick() {
    ticking?.cancel()
    guard !imports.isEmpty else {
      ticking = nil
      return
    }
    for entry in imports.values { _ = entry.context.setNeedsCellUpdate() }
    ticking = grid.window?.clock.schedule(after: 0.1) { [weak self] in self?.tick() }
  }

  /// Imports dropped items straight into `album` (dropped on its row in the list), with
  /// the status line showing how many are done.
  func importItems(_ items: [DragItem], into album: Album?) {
    var remaining = items.count
    say("Importing \(remaining) into \(album?.name ?? "the library")…")
    // They join the album in the order they were dropped, whatever order they load in.
    let order = InOrder<ImportStager.Arrival> { [weak self] in self?.stager.enqueue($0) }
    for (position, item) in items.enumerated() {
      let arrival = Arrival(context: nil, name: item.itemProvider.suggestedName ?? "photo") { [weak self] result in
        guard let self else { return }
        remaining -= 1
        if let photo = try? result.get() {
          self.say(remaining > 0 ? "Importing \(remaining) more…" : "Imported \(photo.originalName).")
        }
        // The open album is read again once, when the last has arrived; until then the
        // albums list counts them in as they are recorded.
        if remaining == 0 { self.reload() }
      }
      _ = load(item.itemProvider, into: album, arrival, order: (order, position))
    }
  }

  // MARK: Copy and paste

  /// Copies the selected photos to the general pasteboard, so to the desktop's clipboard:
  /// each as its file, named as it was imported, and its image bytes, as a drag offers it.
  /// Returns false when nothing is selected.
  @discardableResult
  func copySelection() -> Bool {
    let chosen = selectedPhotos
    guard !chosen.isEmpty else { return false }
    Pasteboard.general.itemProviders = chosen.map { dataSource.dragItem($0).itemProvider }
    say(chosen.count == 1 ? "Copied “\(chosen[0].originalName)”." : "Copied \(chosen.count) photos.")
    return true
  }

  /// Photos cut with Control-X while the pasteboard holds them: where they were cut from,
  /// and which of them a paste has taken.
  final class Cut {
    let photos: [Photo]
    let album: Album?
    /// The pasteboard's change count once the cut was on it.
    var changeCount = 0
    var taken: Set<Int> = []

    init(photos: [Photo], album: Album?) {
      self.photos = photos
      self.album = album
    }

    /// The photos at `positions` not taken before, now taken.
    func take(_ positions: [Int]) -> [Photo] {
      let fresh = positions.filter { photos.indices.contains($0) && !taken.contains($0) }
      taken.formUnion(fresh)
      return fresh.map { photos[$0] }
    }
  }
  /// The latest cut, until a paste here has moved it.
  private(set) var pendingCut: Cut?

  /// Cuts the selected photos (rule 47): they go on the pasteboard as a copy does, and stay
  /// where they are until a paste has them. Pasted into another album here, they move
  /// there; read whole by another application (or another process of ours), they go to the
  /// trash, undoably. Returns false when nothing is selected.
  @discardableResult
  func cutSelection() -> Bool {
    let chosen = selectedPhotos
    guard !chosen.isEmpty else { return false }
    let cut = Cut(photos: chosen, album: openAlbum)
    Pasteboard.general.setItemProvidersForCut(chosen.map { dataSource.dragItem($0).itemProvider }) {
      [weak self] positions in self?.cutWasPasted(cut, positions)
    }
    cut.changeCount = Pasteboard.general.changeCount
    pendingCut = cut
    let noun = chosen.count == 1 ? "“\(chosen[0].originalName)”" : "\(chosen.count) photos"
    say("Cut \(noun): pasted into another album, it moves there; pasted elsewhere, it goes to the trash.")
    return true
  }

  /// Another application (or a paste in this process other than Albums') read the photos
  /// at `positions` of `cut` whole: they go to the trash, undoably.
  private func cutWasPasted(_ cut: Cut, _ positions: [Int]) {
    let doomed = cut.take(positions)
    guard !doomed.isEmpty else { return }
    let noun = doomed.count == 1 ? "“\(doomed[0].originalName)”" : "\(doomed.count) photos"
    trash(doomed, saying: "Pasted elsewhere, \(noun) went to the trash. Ctrl+Z undoes.", undoName: "Cut \(noun)")
    reload()
  }

  /// Pastes Albums' own cut, still on the pasteboard, into the open album: the photos move
  /// from the album they were cut from, in one undoable change; into All Photos, they only
  /// leave that album. Nothing is read or copied.
  private func pasteCut(_ cut: Cut) {
    let destination = openAlbum
    guard destination?.id != cut.album?.id else { return say("The cut photos are here already.") }
    let moving = cut.take(Array(cut.photos.indices))
    pendingCut = nil
    guard !moving.isEmpty else { return say("Nothing to paste: the cut photos were pasted already.") }
    let ids = Set(moving.compactMap(\.id))
    let noun = moving.count == 1 ? "“\(moving[0].originalName)”" : "\(moving.count) photos"
    do {
      var contents: [(album: Album, photoIDs: [Int64?])] = []
      if let source = cut.album {
        contents.append((source, try library.photoIDs(in: source).filter { !ids.contains($0) }))
      }
      if let destination {
        let present = try library.photoIDs(in: destination)
        let have = Set(present)
        contents.append((destination, present + moving.map(\.id).filter { !have.contains($0 ?? -1) }))
      }
      let into = destination.map { " into \($0.name)" } ?? " out of \(cut.album?.name ?? "")"
      setContents("Moved \(noun)\(into). Ctrl+Z undoes.", contents)
    } catch {
      report(error)
    }
    reload()
  }

  /// The general pasteboard's items Albums can take: images and image files.
  var pastableItems: [ItemProvider] {
    Pasteboard.general.itemProviders.filter { provider in
      Self.importableTypes.contains { provider.hasItemConforming(to: $0) }
    }
  }

  /// Pastes the pasteboard's images and image files into the open album (or the library),
  /// at its end, each through a placeholder that shows its progress, with the status line
  /// counting them in; once all have arrived, one undo takes them all out again.
  func paste() {
    if let cut = pendingCut, cut.changeCount == Pasteboard.general.changeCount {
      return pasteCut(cut)
    }
    let providers = pastableItems
    guard !providers.isEmpty else { return say("Nothing to paste: the clipboard holds no image.") }
    let album = openAlbum
    var remaining = providers.count
    var pasted: [Photo] = []
    say("Pasting \(remaining) into \(album?.name ?? "the library")…")
    for provider in providers {
      // At the end, after the placeholders of the paste's items before it.
      let placeholder = importPlaceholder(at: IndexPath(item: photos.count, section: 0))
      let context = grid.insertPlaceholder(placeholder, for: provider)
      importItem(provider, into: context, key: placeholder, album: album) { [weak self] photo in
        guard let self else { return }
        remaining -= 1
        if let photo { pasted.append(photo) }
        guard remaining == 0, !pasted.isEmpty else { return }
        let noun = pasted.count == 1 ? "“\(pasted[0].originalName)”" : "\(pasted.count) photos"
        self.say("Pasted \(noun). Ctrl+Z undoes.")
        let photos = pasted
        self.registerUndo("Pasted \(noun)", undo: { try $0.trash(photos) }, redo: { try $0.restore(photos) })
      }
    }
    updateLabels()
    tick()
  }

  // MARK: Keys

  func handleKey(_ event: KeyEvent) -> Bool {
    guard event.phase == .down else { return false }
    switch event.key {
    case .delete, .backspace:
      delete(selectedPhotos)
      return true
    case .character(let character) where event.modifiers.contains(.control):
      switch character.lowercased() {
      case "z" where event.modifiers.contains(.shift), "y":
        redo()
      case "z":
        undo()
      default:
        return false
      }
      return true
    default:
      return false
    }
  }
}

/// What Albums says went wrong with something dropped on it.
public enum AlbumsError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A link that is not a file: Albums takes images and image files.
  case notAFile(String)

  public var description: String {
    switch self {
    case .notAFile(let url): "\(url) is a link, not an image or an image file"
    }
  }
}

/// The window's root: it takes the keys the lists pass up (Delete, undo and redo), and the
/// copy and paste commands.
@MainActor
final class AlbumsRootView: View {
  weak var controller: AlbumsController?

  override func keyEvent(_ event: KeyEvent) {
    if controller?.handleKey(event) != true { super.keyEvent(event) }
  }

  /// Copy (Control-C) and cut (Control-X) with a photo selected, paste (Control-V) with an
  /// image on the pasteboard.
  override func canPerformAction(_ action: EditAction, withSender sender: Any?) -> Bool {
    guard let controller else { return false }
    switch action {
    case .copy, .cut: return !controller.selectedPhotos.isEmpty
    case .paste: return !controller.pastableItems.isEmpty
    default: return false
    }
  }

  override func copy(_ sender: Any?) { controller?.copySelection() }
  override func cut(_ sender: Any?) { controller?.cutSelection() }
  override func paste(_ sender: Any?) { controller?.paste() }
}

/// Undo and redo of library changes, most recent first.
@MainActor
final class UndoStack {
  struct Entry {
    let name: String
    let undo: @MainActor () throws -> Void
    let redo: (@MainActor () throws -> Void)?
  }

  private(set) var undoEntries: [Entry] = []
  private(set) var redoEntries: [Entry] = []

  func register(name: String, undo: @escaping @MainActor () throws -> Void, redo: (@MainActor () throws -> Void)?) {
    undoEntries.append(Entry(name: name, undo: undo, redo: redo))
    redoEntries.removeAll()
  }

  /// Undoes the latest change; returns its name, or nil when there is none.
  func undo() throws -> String? {
    guard let entry = undoEntries.popLast() else { return nil }
    try entry.undo()
    if entry.redo != nil { redoEntries.append(entry) }
    return entry.name
  }

  /// Redoes the latest undone change; returns its name, or nil when there is none.
  func redo() throws -> String? {
    guard let entry = redoEntries.popLast(), let redo = entry.redo else { return nil }
    try redo()
    undoEntries.append(entry)
    return entry.name
  }
}
