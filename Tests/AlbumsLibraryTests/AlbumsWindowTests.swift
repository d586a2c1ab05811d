import AlbumsLibrary
import DragDrop
import DragDropLists
import DragDropTesting
import Foundation
import TestSupport
import Testing

@testable import AlbumsUI

/// The Albums window, headless: photos reorder in the grid, move or copy onto albums and
/// onto New Album, delete with undo, and come in from other applications through
/// placeholders. Every check reads the library's database, not the screen.
@MainActor
@Suite struct AlbumsWindowTests {
  @MainActor final class Fixture {
    let root = FileManager.default.temporaryDirectory.appending(path: "albums-window-\(UUID().uuidString)")
    let test = TestWindow(size: Size(width: 1100, height: 720))
    let platform = FakePlatform()
    let library: Library
    let controller: AlbumsController
    let travel: Album
    let family: Album

    init() throws {
      let sources = root.appending(path: "sources")
      try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
      library = try Library(folder: root.appending(path: "library"))
      travel = try library.makeAlbum(named: "Travel")
      family = try library.makeAlbum(named: "Family")
      for name in ["a.png", "b.png", "c.png"] {
        let url = sources.appending(path: name)
        try LibraryTests.png(name).write(to: url)
        try library.importPhoto(from: url, into: travel)
      }
      platform.attach(test.window)
      controller = AlbumsController(window: test.window, library: library)
      test.settle()
    }

    deinit {
      try? FileManager.default.removeItem(at: root)
    }

    func names(_ album: Album) -> [String] {
      ((try? library.photos(in: album)) ?? []).map(\.originalName)
    }

    var albumNames: [String] { ((try? library.albums()) ?? []).map(\.name) }

    /// The centre of the grid's `index`th photo, in window coordinates.
    func photo(_ index: Int) -> Point {
      let grid = controller.grid
      return grid.convert(grid.frameForItem(at: IndexPath(item: index, section: 0))!.center, to: nil)
    }

    /// The centre of the albums list's `row` (0: All Photos), in window coordinates.
    func albumRow(_ row: Int) -> Point {
      let table = controller.albumsTable
      return table.convert(table.rectForRow(at: IndexPath(row: row, section: 0))!.center, to: nil)
    }

    var newAlbum: Point { controller.newAlbumView.convert(controller.newAlbumView.bounds.center, to: nil) }

    /// A touch drag: lift at `start`, move through `points`, release.
    func drag(from start: Point, to points: [Point], hold: Double = 0) {
      test.longPress(at: start)
      test.drag(along: points)
      if hold > 0 { test.hold(hold) }
      test.release()
      test.settle()
    }
  }

  @Test("The window lists All Photos and the albums with their counts, and opens the first album")
  func opens() throws {
    let fixture = try Fixture()
    let controller = fixture.controller
    #expect(controller.albumsTable.numberOfRows(inSection: 0) == 3)
    #expect(controller.openAlbum == fixture.travel)
    #expect(controller.photos.map(\.originalName) == ["a.png", "b.png", "c.png"])
    #expect(controller.grid.numberOfItems(inSection: 0) == 3)
    let rows = controller.albumsTable.visibleCells.compactMap { $0 as? AlbumRowCell }
    #expect(rows.map { $0.textLabel?.text ?? "" } == ["All Photos", "Travel", "Family"])
    #expect(rows.map { $0.count.text ?? "" } == ["3", "3", "0"])
    #expect(controller.header.text == "Travel")
    #expect(controller.emptyState.isHidden)
    controller.open(row: 2)
    #expect(!controller.emptyState.isHidden)
    #expect(controller.countLabel.text == "0 photos")
  }

  @Test("A photo dragged to the end of the grid moves there; Ctrl+Z puts it back and Ctrl+Shift+Z again")
  func reorders() throws {
    let fixture = try Fixture()
    let end = Point(x: fixture.photo(2).x + 162, y: fixture.photo(2).y)
    fixture.drag(from: fixture.photo(0), to: [end])
    #expect(fixture.names(fixture.travel) == ["b.png", "c.png", "a.png"])
    #expect(fixture.controller.photos.map(\.originalName) == ["b.png", "c.png", "a.png"])
    fixture.test.key(.character("z"), modifiers: [.control])
    #expect(fixture.names(fixture.travel) == ["a.png", "b.png", "c.png"])
    #expect(fixture.controller.status == "Undid: Moved “a.png” in Travel.")
    fixture.test.key(.character("z"), modifiers: [.control, .shift])
    #expect(fixture.names(fixture.travel) == ["b.png", "c.png", "a.png"])
  }

  @Test("A photo dropped on an album moves there; the album's count follows")
  func movesOntoAnAlbum() throws {
    let fixture = try Fixture()
    fixture.drag(from: fixture.photo(1), to: [fixture.albumRow(2)])
    #expect(fixture.names(fixture.travel) == ["a.png", "c.png"])
    #expect(fixture.names(fixture.family) == ["b.png"])
    #expect(fixture.controller.status == "Moved “b.png” to Family.")
    let family = fixture.controller.albumsTable.cellForRow(at: IndexPath(row: 2, section: 0)) as? AlbumRowCell
    #expect(family?.count.text == "1")
    #expect(fixture.recorderSaw(.init("albums", .performDrop)))
  }

  @Test("With Control held, a photo dropped on an album is copied: it stays where it was")
  func copiesWithControl() throws {
    let fixture = try Fixture()
    fixture.test.pointerDrag(
      from: fixture.photo(0), through: [fixture.albumRow(2)], steps: 6, modifiers: [.control])
    fixture.test.settle()
    #expect(fixture.names(fixture.travel) == ["a.png", "b.png", "c.png"])
    #expect(fixture.names(fixture.family) == ["a.png"])
  }

  @Test("A photo may not be dropped on its own album, nor on All Photos")
  func forbidsItsOwnAlbum() throws {
    let fixture = try Fixture()
    fixture.test.longPress(at: fixture.photo(0))
    fixture.test.drag(along: [fixture.albumRow(1)])
    #expect(fixture.test.window.dragController.activeSessions.first.map { _ in true } == true)
    fixture.test.release()
    fixture.test.settle()
    fixture.drag(from: fixture.photo(0), to: [fixture.albumRow(0)])
    #expect(fixture.names(fixture.travel) == ["a.png", "b.png", "c.png"])
    #expect(fixture.names(fixture.family).isEmpty)
  }

  @Test("Photos dropped on New Album make an album holding them")
  func makesANewAlbum() throws {
    let fixture = try Fixture()
    fixture.drag(from: fixture.photo(2), to: [fixture.newAlbum])
    #expect(fixture.albumNames == ["Travel", "Family", "New Album"])
    let made = try #require(try fixture.library.album(named: "New Album"))
    #expect(fixture.names(made) == ["c.png"])
    #expect(fixture.names(fixture.travel) == ["a.png", "b.png", "c.png"])
    fixture.test.key(.character("z"), modifiers: [.control])
    #expect(fixture.albumNames == ["Travel", "Family"])
  }

  @Test("Hovering a drag over an album opens it (spring loading), and the drop lands in the album it opened")
  func springLoads() throws {
    let fixture = try Fixture()
    fixture.test.longPress(at: fixture.photo(1))
    fixture.test.drag(along: [fixture.albumRow(2)])
    // The delay, then two blinks.
    fixture.test.hold(1.5)
    #expect(fixture.controller.openAlbum == fixture.family)
    let grid = fixture.controller.grid
    fixture.test.drag(along: [grid.convert(grid.bounds.center, to: nil)])
    fixture.test.release()
    fixture.test.settle()
    #expect(fixture.names(fixture.family) == ["b.png"])
    #expect(fixture.names(fixture.travel) == ["a.png", "c.png"])
  }

  @Test("Albums reorder by dragging; All Photos stays first")
  func reordersAlbums() throws {
    let fixture = try Fixture()
    fixture.drag(from: fixture.albumRow(2), to: [Point(x: fixture.albumRow(1).x, y: fixture.albumRow(1).y - 20)])
    #expect(fixture.albumNames == ["Family", "Travel"])
    #expect(fixture.controller.openAlbum?.id == fixture.travel.id)
  }

  @Test("Delete removes the selected photos from the album; in All Photos it deletes them; Ctrl+Z brings them back")
  func deletesWithUndo() throws {
    let fixture = try Fixture()
    fixture.test.tap(at: fixture.photo(1), touch: 1)
    fixture.test.settle()
    #expect(fixture.controller.grid.indexPathsForSelectedItems == [IndexPath(item: 1, section: 0)])
    fixture.test.key(.delete)
    #expect(fixture.names(fixture.travel) == ["a.png", "c.png"])
    #expect(fixture.controller.status == "Removed “b.png” from Travel. Ctrl+Z undoes.")
    #expect(try fixture.library.allPhotos().count == 3)
    fixture.test.key(.character("z"), modifiers: [.control])
    #expect(fixture.names(fixture.travel) == ["a.png", "b.png", "c.png"])

    fixture.controller.open(row: 0)
    fixture.test.tap(at: fixture.photo(0), touch: 1)
    fixture.test.key(.backspace)
    #expect(try fixture.library.allPhotos().map(\.originalName) == ["b.png", "c.png"])
    #expect(fixture.names(fixture.travel) == ["b.png", "c.png"])
    fixture.test.key(.character("z"), modifiers: [.control])
    #expect(fixture.names(fixture.travel) == ["a.png", "b.png", "c.png"])
  }

  /// Other tests may change the general pasteboard while this one waits for the paste's
  /// loads; its items are read at the key press, so the paste is of what was copied.
  @Test("Ctrl+C copies the selected photo; Ctrl+V pastes it into another album; Ctrl+Z takes it out again")
  func copiesAndPastesWithUndo() async throws {
    let fixture = try Fixture()
    fixture.test.tap(at: fixture.photo(1), touch: 1)
    fixture.test.settle()
    fixture.test.key(.character("c"), modifiers: [.control])
    #expect(fixture.controller.status == "Copied “b.png”.")
    #expect(Pasteboard.general.numberOfItems == 1)
    #expect(Pasteboard.general.types == ["public.png"])
    fixture.controller.open(row: 2)
    fixture.test.key(.character("v"), modifiers: [.control])
    #expect(fixture.controller.status == "Pasting 1 into Family…")
    #expect(await eventually { fixture.names(fixture.family) == ["b.png"] }, "\(fixture.controller.status)")
    #expect(await eventually { fixture.controller.status == "Pasted “b.png”. Ctrl+Z undoes." })
    #expect(try fixture.library.allPhotos().count == 4)
    fixture.test.key(.character("z"), modifiers: [.control])
    #expect(fixture.names(fixture.family).isEmpty)
    #expect(try fixture.library.allPhotos().count == 3)
    #expect(fixture.names(fixture.travel) == ["a.png", "b.png", "c.png"])
  }

  /// Between Ctrl+X and Ctrl+V nothing waits, so no other test's pasteboard comes between.
  @Test("Ctrl+X cuts a photo, which stays until pasted; Ctrl+V in another album moves it there, one undoable change")
  func cutThenPasteMoves() throws {
    let fixture = try Fixture()
    fixture.test.tap(at: fixture.photo(1), touch: 1)
    fixture.test.settle()
    fixture.test.key(.character("x"), modifiers: [.control])
    #expect(
      fixture.controller.status
        == "Cut “b.png”: pasted into another album, it moves there; pasted elsewhere, it goes to the trash.")
    #expect(fixture.names(fixture.travel) == ["a.png", "b.png", "c.png"], "nothing leaves before a paste")
    #expect(Pasteboard.general.types == ["public.png"])
    // Pasted where it was cut from: nothing happens, and the cut stays.
    fixture.test.key(.character("v"), modifiers: [.control])
    #expect(fixture.controller.status == "The cut photos are here already.")
    fixture.controller.open(row: 2)
    fixture.test.key(.character("v"), modifiers: [.control])
    #expect(fixture.names(fixture.family) == ["b.png"])
    #expect(fixture.names(fixture.travel) == ["a.png", "c.png"])
    #expect(try fixture.library.allPhotos().count == 3, "moved, not copied")
    #expect(fixture.controller.status == "Moved “b.png” into Family. Ctrl+Z undoes.")
    // A second paste is not a second move.
    fixture.test.key(.character("v"), modifiers: [.control])
    #expect(fixture.names(fixture.travel) == ["a.png", "c.png"])
    fixture.test.key(.character("z"), modifiers: [.control])
    #expect(fixture.names(fixture.travel) == ["a.png", "b.png", "c.png"])
    #expect(fixture.names(fixture.family).isEmpty)
  }

  @Test("A cut read whole by a paste elsewhere goes to the trash, undoably; a read that fails leaves it")
  func cutReadElsewhereGoesToTheTrash() async throws {
    let fixture = try Fixture()
    fixture.test.tap(at: fixture.photo(2), touch: 1)
    fixture.test.settle()
    fixture.test.key(.character("x"), modifiers: [.control])
    // Read where it was put, before another test's pasteboard may replace it.
    let provider = try #require(Pasteboard.general.itemProviders.first)
    await #expect(throws: ItemProviderError.self) { try await provider.loadObject(ofClass: String.self) }
    #expect(fixture.names(fixture.travel) == ["a.png", "b.png", "c.png"], "a failed read removes nothing")
    let bytes = try await provider.loadDataRepresentation(for: .png)
    #expect(bytes == LibraryTests.png("c.png"))
    #expect(await eventually { fixture.names(fixture.travel) == ["a.png", "b.png"] })
    #expect(fixture.controller.status == "Pasted elsewhere, “c.png” went to the trash. Ctrl+Z undoes.")
    #expect(try fixture.library.allPhotos().map(\.originalName) == ["a.png", "b.png"])
    // A second read of it changes nothing more.
    _ = try await provider.loadDataRepresentation(for: .png)
    fixture.test.key(.character("z"), modifiers: [.control])
    #expect(fixture.names(fixture.travel) == ["a.png", "b.png", "c.png"])
    #expect(try fixture.library.allPhotos().count == 3)
  }

  @Test("A secondary click shows the edit menu: Cut and Copy with a photo selected; choosing Copy copies")
  func editMenuCopies() throws {
    let fixture = try Fixture()
    Pasteboard.general.string = "北海道"
    fixture.test.tap(at: fixture.photo(1), touch: 1)
    fixture.test.settle()
    let now = fixture.test.window.clock.now
    fixture.test.window.send(
      PointerEvent(phase: .down(.secondary), location: fixture.photo(1), buttons: .secondary, timestamp: now))
    #expect(fixture.controller.editMenu.presentedTitles == ["Cut", "Copy"])
    fixture.test.key(.down)
    fixture.test.key(.return)
    #expect(!fixture.controller.editMenu.isPresented)
    #expect(fixture.controller.status == "Copied “b.png”.")
    #expect(Pasteboard.general.types == ["public.png"])
    // Now it holds an image: Paste is there too.
    fixture.test.window.send(
      PointerEvent(phase: .down(.secondary), location: fixture.photo(1), buttons: .secondary, timestamp: now))
    #expect(fixture.controller.editMenu.presentedTitles == ["Cut", "Copy", "Paste"])
    fixture.test.key(.escape)
    #expect(!fixture.controller.editMenu.isPresented)
  }

  /// A load that waits for the test to hand it its bytes.
  final class HeldLoad: @unchecked Sendable {
    private let lock = NSLock()
    private var completion: (@Sendable (Result<Data, any Error>) -> Void)?
    var isWaiting: Bool { lock.withLock { completion != nil } }
    func hold(_ completion: @escaping @Sendable (Result<Data, any Error>) -> Void) {
      lock.withLock { self.completion = completion }
    }
    func deliver(_ data: Data) { lock.withLock { completion }?(.success(data)) }
  }

  /// Other tests may change the general pasteboard meanwhile: the paste reads its items at
  /// once, after they are set with no wait between.
  @Test("A paste goes in through a placeholder at the album's end that shows its progress until the image has loaded")
  func pastesThroughPlaceholders() async throws {
    let fixture = try Fixture()
    let held = HeldLoad()
    let provider = ItemProvider()
    provider.registerDataRepresentation(for: .png) { completion in
      held.hold(completion)
      return nil
    }
    provider.suggestedName = "held"
    Pasteboard.general.itemProviders = [provider]
    fixture.controller.paste()
    #expect(fixture.controller.status == "Pasting 1 into Travel…")
    fixture.test.settle()
    // The placeholder is the grid's fourth item, an importing cell, while the load waits.
    #expect(fixture.controller.grid.numberOfItems(inSection: 0) == 3)
    #expect(fixture.controller.importsUnderWay == 1)
    let placeholder = fixture.controller.grid.visibleCells.filter { $0 is ImportingCell }
    #expect(placeholder.count == 1)
    #expect(
      placeholder.first.map {
        $0.frame.minX > fixture.controller.grid.frameForItem(at: IndexPath(item: 2, section: 0))!.minX
      } == true)
    #expect(await eventually { held.isWaiting })
    held.deliver(LibraryTests.png("held"))
    #expect(await eventually { fixture.controller.isSettled })
    fixture.test.settle()
    #expect(fixture.names(fixture.travel) == ["a.png", "b.png", "c.png", "held.png"])
    #expect(fixture.controller.grid.visibleCells.filter { $0 is ImportingCell }.isEmpty)
    #expect(await eventually { fixture.controller.status == "Pasted “held.png”. Ctrl+Z undoes." })
    fixture.controller.undo()
    #expect(fixture.names(fixture.travel) == ["a.png", "b.png", "c.png"])
  }

  /// Another application's bytes through the desktop's clipboard (played by a fake): the
  /// paste reads them at once, before another test's pasteboard may come.
  @Test("An image another application copied whose bytes are not an image is refused with a message; nothing is kept")
  func refusesACopiedImageThatIsNotOne() async throws {
    let fixture = try Fixture()
    let clipboard = FakeClipboard()
    clipboard.install()
    defer { clipboard.uninstall() }
    clipboard.copyFromAnotherApplication(["image/png": Data("not a PNG at all".utf8)])
    fixture.controller.paste()
    #expect(fixture.controller.status == "Pasting 1 into Travel…")
    #expect(await eventually { fixture.controller.isSettled })
    fixture.test.settle()
    #expect(fixture.controller.status.hasPrefix("⚠"), "\(fixture.controller.status)")
    #expect(fixture.controller.status.contains("not imported"), "\(fixture.controller.status)")
    #expect(fixture.names(fixture.travel) == ["a.png", "b.png", "c.png"])
    #expect(try fixture.library.allPhotos().count == 3)
    #expect(fixture.controller.grid.visibleCells.filter { $0 is ImportingCell }.isEmpty)
  }

  @Test("Ctrl+V with no image on the pasteboard says so and changes nothing")
  func pastesNothingThatIsNotAnImage() throws {
    let fixture = try Fixture()
    fixture.test.tap(at: fixture.photo(0), touch: 1)
    Pasteboard.general.string = "北海道"
    fixture.controller.paste()
    #expect(fixture.controller.status == "Nothing to paste: the clipboard holds no image.")
    #expect(fixture.names(fixture.travel) == ["a.png", "b.png", "c.png"])
  }

  @Test("A browser's image lands through a placeholder showing its progress, committed where it was dropped")
  func importsFromABrowser() async throws {
    let fixture = try Fixture()
    let browser = fixture.platform.application(named: "browser")
    browser.holdsTransfers = true
    let incoming = browser.drag(
      [browser.item([(.png, LibraryTests.png("sunset"))], suggestedName: "sunset")], into: fixture.test.window,
      at: Point(x: fixture.photo(0).x - 70, y: fixture.photo(0).y))
    #expect(incoming.proposal.operation == .copy)
    #expect(incoming.drop() == .copy)
    fixture.test.settle()
    #expect(fixture.controller.grid.numberOfItems(inSection: 0) == 3)
    #expect(!fixture.controller.isSettled)
    #expect(await eventually { browser.pendingTransferCount == 1 })
    browser.deliverPendingTransfers()
    #expect(await eventually { fixture.controller.isSettled })
    fixture.test.settle()
    #expect(fixture.names(fixture.travel) == ["sunset.png", "a.png", "b.png", "c.png"])
    #expect(fixture.controller.photos.map(\.originalName) == ["sunset.png", "a.png", "b.png", "c.png"])
    #expect(fixture.controller.status == "Imported sunset.png.")
  }

  @Test(
    "Several images dropped at once all land, in drop order, and the albums' counts show them once the last is in; the window's photos are the library's, ids and all"
  )
  func importsSeveralAtOnce() async throws {
    let fixture = try Fixture()
    let browser = fixture.platform.application(named: "browser")
    browser.holdsTransfers = true
    // More than one batch of the stager's eight.
    let labels = (1...11).map { "photo\($0)" }
    let items = labels.map { browser.item([(.png, LibraryTests.png($0))], suggestedName: $0) }
    let incoming = browser.drag(
      items, into: fixture.test.window, at: Point(x: fixture.photo(2).x - 70, y: fixture.photo(2).y))
    #expect(incoming.drop() == .copy)
    fixture.test.settle()
    #expect(await eventually { browser.pendingTransferCount == 11 })
    browser.deliverPendingTransfers()
    #expect(await eventually { fixture.controller.isSettled })
    fixture.test.settle()
    #expect(fixture.names(fixture.travel) == ["a.png", "b.png"] + labels.map { "\($0).png" } + ["c.png"])
    #expect(Array(fixture.controller.photos) == (try fixture.library.photos(in: fixture.travel)))
    let cells = fixture.controller.grid.visibleCells.compactMap { $0 as? PhotoGridCell }
    #expect(cells.count == 14)
    #expect(Set(cells.compactMap(\.photoID)) == Set(fixture.controller.photos.compactMap(\.id)))
    let rows = fixture.controller.albumsTable.visibleCells.compactMap { $0 as? AlbumRowCell }
    #expect(rows.map { $0.count.text ?? "" } == ["14", "14", "0"])
    #expect(fixture.controller.countLabel.text == "14 photos")
    #expect(fixture.controller.albums == (try fixture.library.albumSummaries()))
    // Nothing is left staged: the photos folder holds the 14 photos' files alone.
    #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.library.photosFolder.path).count == 14)
  }

  @Test(
    "Images dropped from another application on an album's row go to its end; the list counts them in as they arrive, and the open album stays as it was"
  )
  func importsOntoAnAlbumRow() async throws {
    let fixture = try Fixture()
    let browser = fixture.platform.application(named: "browser")
    browser.holdsTransfers = true
    let labels = (1...10).map { "row\($0)" }
    let items = labels.map { browser.item([(.png, LibraryTests.png($0))], suggestedName: $0) }
    let incoming = browser.drag(items, into: fixture.test.window, at: fixture.albumRow(2))
    #expect(incoming.drop() == .copy)
    fixture.test.settle()
    #expect(await eventually { browser.pendingTransferCount == 10 })
    browser.deliverPendingTransfers()
    #expect(await eventually { fixture.controller.isSettled && fixture.controller.status == "Imported row10.png." })
    fixture.test.settle()
    #expect(fixture.names(fixture.family) == labels.map { "\($0).png" })
    #expect(fixture.controller.photos.map(\.originalName) == ["a.png", "b.png", "c.png"])
    let rows = fixture.controller.albumsTable.visibleCells.compactMap { $0 as? AlbumRowCell }
    #expect(rows.map { $0.count.text ?? "" } == ["13", "3", "10"])
    #expect(fixture.controller.albums.map(\.cover?.originalName) == ["a.png", "row1.png"])
    #expect(fixture.controller.librarySummary.photoCount == 13)
    // Counted in place, as the library would count them.
    #expect(fixture.controller.albums == (try fixture.library.albumSummaries()))
    #expect(fixture.controller.librarySummary == (try fixture.library.librarySummary()))
  }

  @Test("Photos recovered as the library opened are said in the status line, and shown in their album")
  func recoveredPhotosAreSaid() throws {
    let root = FileManager.default.temporaryDirectory.appending(path: "albums-recovered-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let folder = root.appending(path: "library")
    do { _ = try Library(folder: folder) }
    try LibraryTests.png("found").write(to: folder.appending(path: "photos/found.png"))
    let library = try Library(folder: folder)
    let test = TestWindow(size: Size(width: 1100, height: 720))
    let controller = AlbumsController(window: test.window, library: library)
    test.settle()
    #expect(controller.status == "1 photo that the database did not name was put in the album Recovered.")
    #expect(controller.albums.map(\.album.name) == [Library.recoveredAlbumName])
    #expect(controller.photos.map(\.originalName) == ["found.png"])
  }

  @Test(
    "With the folder check deferred, the window opens first; then recovered photos show in their album, and are said")
  func aDeferredFolderCheckFinishesOnceTheWindowHasDrawn() async throws {
    let root = FileManager.default.temporaryDirectory.appending(path: "albums-recovered-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let folder = root.appending(path: "library")
    do { _ = try Library(folder: folder) }
    try LibraryTests.png("found").write(to: folder.appending(path: "photos/found.png"))
    let library = try Library(folder: folder, folderCheck: .deferred)
    let test = TestWindow(size: Size(width: 1100, height: 720))
    var yields = 0
    let controller = AlbumsController(
      window: test.window, library: library,
      yieldToDrawing: { next in
        yields += 1
        Task { @MainActor in next() }
      })
    #expect(controller.albums.isEmpty)
    #expect(controller.photos.isEmpty)
    #expect(yields == 1)
    #expect(
      await eventually { controller.albums.map(\.album.name) == [Library.recoveredAlbumName] })
    #expect(controller.status == "1 photo that the database did not name was put in the album Recovered.")
    #expect(controller.photos.map(\.originalName) == ["found.png"])
    #expect(!library.hasPendingFolderCheck)
  }

  @Test("A file dropped twice comes in once: the second drop's placeholder goes, and the status line says why")
  func aFileDroppedTwiceComesInOnce() async throws {
    let fixture = try Fixture()
    let photo = fixture.root.appending(path: "harbour.png")
    try LibraryTests.png("harbour").write(to: photo)
    let files = fixture.platform.application(named: "files")
    for _ in 0..<2 {
      let incoming = files.drag(
        [files.item([(.fileURL, Data(photo.absoluteString.utf8))])], into: fixture.test.window, at: fixture.photo(0))
      #expect(incoming.drop() == .copy)
      #expect(await eventually { fixture.controller.isSettled })
      fixture.test.settle()
    }
    #expect(fixture.names(fixture.travel) == ["a.png", "harbour.png", "b.png", "c.png"])
    #expect(fixture.controller.grid.numberOfItems(inSection: 0) == 4)
    #expect(fixture.controller.status == "⚠ harbour.png is already in Travel (as harbour.png); skipped")
    #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.library.photosFolder.path).count == 4)
  }

  @Test("A file that is not an image is refused with a message; the placeholder goes and nothing is kept")
  func refusesWhatIsNotAnImage() async throws {
    let fixture = try Fixture()
    let notes = fixture.root.appending(path: "notes.txt")
    try Data("not a photo".utf8).write(to: notes)
    let files = fixture.platform.application(named: "files")
    let incoming = files.drag(
      [files.item([(.fileURL, Data(notes.absoluteString.utf8))])], into: fixture.test.window, at: fixture.photo(0))
    #expect(incoming.drop() == .copy)
    #expect(await eventually { fixture.controller.isSettled })
    fixture.test.settle()
    #expect(fixture.names(fixture.travel) == ["a.png", "b.png", "c.png"])
    #expect(fixture.controller.grid.numberOfItems(inSection: 0) == 3)
    #expect(fixture.controller.status.contains("is not an image the library can take"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.library.photosFolder.path).count == 3)
  }

  @Test("An import whose source application dies mid-transfer leaves no trace: no photo, no file, no row")
  func aCancelledImportLeavesNoTrace() async throws {
    let fixture = try Fixture()
    let browser = fixture.platform.application(named: "browser")
    browser.holdsTransfers = true
    let incoming = browser.drag(
      [browser.item([(.png, LibraryTests.png("sunset"))], suggestedName: "sunset")], into: fixture.test.window,
      at: fixture.photo(0))
    #expect(incoming.drop() == .copy)
    #expect(await eventually { browser.pendingTransferCount == 1 })
    browser.die()
    #expect(await eventually { fixture.controller.isSettled })
    fixture.test.settle()
    #expect(fixture.names(fixture.travel) == ["a.png", "b.png", "c.png"])
    #expect(fixture.controller.grid.numberOfItems(inSection: 0) == 3)
    #expect(try fixture.library.allPhotos().count == 3)
    #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.library.photosFolder.path).count == 3)
    #expect(fixture.controller.status.hasPrefix("⚠ sunset was not imported"))
  }

  @Test("Text from another application is not taken: the grid forbids it before the drop")
  func refusesText() throws {
    let fixture = try Fixture()
    let editor = fixture.platform.application(named: "editor")
    let incoming = editor.drag(
      [editor.item([(.utf8PlainText, Data("hello".utf8))])], into: fixture.test.window, at: fixture.photo(0))
    #expect(!incoming.proposal.operation.performsDrop)
    #expect(incoming.drop() == .cancel)
    #expect(fixture.names(fixture.travel) == ["a.png", "b.png", "c.png"])
  }

  @Test("A photo dragged out offers its file under its image type, named as it was imported")
  func exportsByDrag() throws {
    let fixture = try Fixture()
    fixture.test.longPress(at: fixture.photo(1))
    fixture.test.drag(along: [Point(x: 600, y: 400)])
    let outgoing = try #require(fixture.platform.current)
    let item = try #require(outgoing.session.items.first)
    #expect(item.itemProvider.registeredContentTypes == [.png])
    // The whole name, extension and all, so that the file leaves as `b.png`.
    #expect(item.itemProvider.suggestedName == "b.png")
    fixture.test.release()
    fixture.test.settle()
  }

  @Test("A keyboard move: Space lifts the focused photo, arrows choose the place, Return drops")
  func keyboardMove() throws {
    let fixture = try Fixture()
    #expect(fixture.test.window.focus(fixture.controller.grid))
    fixture.test.key(.space)
    fixture.test.key(.end)
    fixture.test.key(.return)
    fixture.test.settle()
    #expect(fixture.names(fixture.travel) == ["b.png", "c.png", "a.png"])
  }
}

extension AlbumsWindowTests.Fixture {
  /// Whether the recorder saw `call`, in any session.
  func recorderSaw(_ call: DelegateCall) -> Bool {
    test.recorder.calls.contains { $0.unnumbered == call }
  }
}
