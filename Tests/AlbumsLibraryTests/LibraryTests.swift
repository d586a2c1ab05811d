import DragDrop
import Foundation
import GRDB
import TestSupport
import Testing

@testable import AlbumsLibrary

/// The library on disk: its schema, imports that refuse what is not an image, the order of
/// albums and photos, exports, and what a crash leaves behind.
@Suite final class LibraryTests {
  /// A 2 × 2 red PNG.
  static let png = Data(
    base64Encoded:
      "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGM4oaEBRAwQCgAhLgRhHuBtwgAAAABJRU5ErkJggg==")!

  let root: URL
  let folder: URL
  let sources: URL
  static let migrations = [
    "v1: albums and photos", "v2: trash", "v3: album order index", "v4: pending files and content hashes",
    "v5: trash index",
  ]

  init() throws {
    root = FileManager.default.temporaryDirectory.appending(path: "albums-tests-\(UUID().uuidString)")
    folder = root.appending(path: "library")
    sources = root.appending(path: "sources")
    try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
  }

  /// Each test's folder goes with it.
  deinit { try? FileManager.default.removeItem(at: root) }

  /// A 2 × 2 red PNG whose bytes are its own, told apart by `label`.
  static func png(_ label: String) -> Data { TestImages.png(png, comment: label) }

  /// A file in the sources folder: `data`, or a PNG of its own named by `name`.
  func source(_ name: String, _ data: Data? = nil) throws -> URL {
    let url = sources.appending(path: name)
    try (data ?? Self.png(name)).write(to: url)
    return url
  }

  func photoFiles(_ library: Library) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: library.photosFolder.path).sorted()
  }

  @Test("A new library has its folders, its schema and no albums; opening it again keeps what it holds")
  func newLibrary() throws {
    do {
      let library = try Library(folder: folder)
      #expect(FileManager.default.fileExists(atPath: library.photosFolder.path))
      #expect(FileManager.default.fileExists(atPath: library.thumbnailsFolder.path))
      #expect(try library.albums().isEmpty)
      try library.makeAlbum(named: "Travel")
    }
    let again = try Library(folder: folder)
    #expect(try again.albums().map(\.name) == ["Travel"])
    let applied = try again.database.read { db in try Library.migrator.appliedMigrations(db) }
    #expect(applied == Self.migrations)
    let check = try again.database.read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") }
    #expect(check == "ok")
  }

  @Test("A library is empty until its first photo, and a photo in the trash still counts")
  func emptiness() throws {
    let library = try Library(folder: folder)
    #expect(try library.isEmpty())
    let photo = try library.importPhoto(data: Self.png("one"), originalName: "one.png")
    #expect(try !library.isEmpty())
    try library.trash([photo])
    #expect(try !library.isEmpty())
    #expect(try library.librarySummary().photoCount == 0)
  }

  /// A new library with an album Travel of `travelPhotos` photos ("t0.png"…) and an empty
  /// album Family.
  func travelAndFamily(travelPhotos: Int) throws -> (Library, travel: Album, family: Album, photos: [Photo]) {
    let library = try Library(folder: folder)
    let travel = try library.makeAlbum(named: "Travel")
    let family = try library.makeAlbum(named: "Family")
    let photos = try (0..<travelPhotos).map { index in
      try library.importPhoto(data: Self.png("t\(index)"), originalName: "t\(index).png", into: travel)
    }
    return (library, travel, family, photos)
  }

  @Test("Counts leave out the photos in the trash, in every album and in the library, and take them back on restore")
  func countsLeaveOutTheTrash() throws {
    let (library, _, family, photos) = try travelAndFamily(travelPhotos: 5)
    let shared = try library.importPhoto(data: Self.png("f"), originalName: "f.png", into: family)
    try library.add(photos[0], to: family)
    try library.trash([photos[0], photos[3]])
    #expect(try library.albumSummaries().map(\.photoCount) == [3, 1])
    #expect(try library.librarySummary().photoCount == 4)
    try library.trash([shared])
    #expect(try library.albumSummaries().map(\.photoCount) == [3, 0])
    #expect(try library.librarySummary().photoCount == 3)
    try library.restore([photos[0], shared])
    #expect(try library.albumSummaries().map(\.photoCount) == [4, 2])
    #expect(try library.librarySummary().photoCount == 5)
  }

  @Test("An album's ids are its photos' ids in its order, the trash left out; rows are read by id, any number")
  func readsByID() throws {
    let (library, travel, family, photos) = try travelAndFamily(travelPhotos: 6)
    try library.add(photos[2], to: family)
    try library.setContents([(travel, [photos[4], photos[0], photos[5], photos[1], photos[3], photos[2]])])
    try library.trash([photos[5]])
    #expect(try library.photoIDs(in: travel) == library.photos(in: travel).map(\.id))
    #expect(try library.photoIDs(in: travel) == [4, 0, 1, 3, 2].map { photos[$0].id })
    #expect(try library.photoIDs(in: family) == [photos[2].id])
    #expect(try library.allPhotoIDs() == library.allPhotos().map(\.id))
    #expect(try library.allPhotoIDs() == [0, 1, 2, 3, 4].map { photos[$0].id })
    #expect(throws: LibraryError.notInLibrary) { try library.photoIDs(in: Album(id: nil, name: "New", position: 9)) }

    // By id: every photo asked for that the library has, the trash included; unknown ids
    // are left out; more ids than one statement takes are read in parts.
    let unknown: [Int64] = [0, -3, 999_999]
    let asked = photos.compactMap(\.id) + unknown + Array(repeating: photos[1].id!, count: 1200)
    let found = try library.photos(withIDs: asked)
    #expect(found.count == photos.count)
    for photo in photos { #expect(found[photo.id!] == (photo.id == photos[5].id ? found[photo.id!] : photo)) }
    #expect(found[photos[5].id!]?.trashedAt != nil)
    #expect(try library.photos(withIDs: []).isEmpty)

    // Contents by id are contents by photo.
    try library.setContents([(album: family, photoIDs: [photos[3].id!, photos[2].id!])])
    #expect(try library.photos(in: family) == [photos[3], photos[2]])
    #expect(throws: LibraryError.duplicatePhotos) {
      try library.setContents([(album: family, photoIDs: [photos[3].id!, photos[3].id!])])
    }
    #expect(try library.photos(in: family) == [photos[3], photos[2]])
  }

  @Test("An image comes in as a copy, named by the library, in the album it was given")
  func importsAnImage() throws {
    let library = try Library(folder: folder)
    let travel = try library.makeAlbum(named: "Travel")
    let photo = try library.importPhoto(from: try source("Fuji.png"), into: travel)
    #expect(photo.originalName == "Fuji.png")
    #expect(photo.contentType == "public.png")
    #expect(photo.byteCount == Self.png("Fuji.png").count)
    #expect(try Data(contentsOf: library.url(of: photo)) == Self.png("Fuji.png"))
    #expect(try library.photos(in: travel) == [photo])
    #expect(try photoFiles(library) == [photo.fileName])
  }

  @Test(
    "What is not a whole image is refused with a typed error and leaves no trace",
    arguments: [
      ("notes.txt", Data("北海道の夏".utf8)), ("empty.png", Data()), ("cut.png", LibraryTests.png.prefix(30)),
    ])
  func refusesWhatIsNotAnImage(name: String, data: Data) throws {
    let library = try Library(folder: folder)
    let album = try library.makeAlbum(named: "Travel")
    #expect {
      try library.importPhoto(from: try source(name, data), into: album)
    } throws: { error in
      guard case .notAnImage(let path, _) = error as? LibraryError else { return false }
      return path.hasSuffix(name)
    }
    #expect(try library.allPhotos().isEmpty)
    #expect(try photoFiles(library).isEmpty)
    #expect(try library.photos(in: album).isEmpty)
  }

  @Test("An image of more pixels than the budget is refused from its header, as a file and as bytes")
  func refusesAnImageBeyondThePixelBudget() throws {
    let library = try Library(folder: folder)
    let album = try library.makeAlbum(named: "Travel")
    let bomb = TestImages.png(width: 20_000, height: 20_000)
    for attempt in 0..<2 {
      #expect {
        if attempt == 0 {
          try library.importPhoto(from: try source("huge.png", bomb), into: album)
        } else {
          try library.importPhoto(data: bomb, originalName: "huge.png", into: album)
        }
      } throws: { error in
        guard case .notAnImage(let path, let reason) = error as? LibraryError else { return false }
        return path.hasSuffix("huge.png") && reason.contains("20000×20000 pixels, more than the 100 megapixels")
      }
    }
    #expect(try library.allPhotos().isEmpty)
    #expect(try photoFiles(library).isEmpty)
  }

  @Test("Moves and reorders keep each album's order; a copy stays in both albums")
  func movesAndReorders() throws {
    let library = try Library(folder: folder)
    let travel = try library.makeAlbum(named: "Travel")
    let family = try library.makeAlbum(named: "Family")
    let photos = try ["a.png", "b.png", "c.png"].map { try library.importPhoto(from: try source($0), into: travel) }
    try library.reorder(travel, from: 0, to: 2)
    #expect(try library.photos(in: travel).map(\.originalName) == ["b.png", "c.png", "a.png"])
    try library.move(photos[2], from: travel, to: family)
    #expect(try library.photos(in: travel).map(\.originalName) == ["b.png", "a.png"])
    #expect(try library.photos(in: family).map(\.originalName) == ["c.png"])
    try library.add(photos[0], to: family)
    try library.add(photos[0], to: family)  // already there: nothing happens
    #expect(try library.photos(in: family).map(\.originalName) == ["c.png", "a.png"])
    #expect(try library.photos(in: travel).map(\.originalName) == ["b.png", "a.png"])
    #expect(throws: LibraryError.outOfRange(source: 5, destination: 0, count: 2)) {
      try library.reorder(travel, from: 5, to: 0)
    }
    #expect(throws: LibraryError.invalidName("  ")) { try library.makeAlbum(named: "  ") }
  }

  @Test(
    "Inserts at any place, over and over at one place, and reorders keep an album in the order of a plain array",
    arguments: [1, 2, 3] as [UInt64])
  func insertsAndReordersMatchAnArray(seed: UInt64) throws {
    let library = try Library(folder: folder)
    let album = try library.makeAlbum(named: "Travel")
    var generator = SeededGenerator(state: seed)
    // Every row of the album in order, trashed or not, as ids.
    var rows: [Int64] = []
    var trashed: Set<Int64> = []
    var visible: [Int64] { rows.filter { !trashed.contains($0) } }
    var photos: [Int64: Photo] = [:]
    /// Where the visible photo at `index` is among all rows; past the end when there is none.
    func row(ofVisible index: Int) -> Int {
      let shown = visible
      return shown.indices.contains(index) ? rows.firstIndex(of: shown[index])! : rows.count
    }
    for step in 0..<160 {
      let count = visible.count
      switch Int.random(in: 0..<10, using: &generator) {
      case 0..<5:
        // Most inserts land at the same place, so that its gap runs out and the album is
        // spaced out again.
        let index = Bool.random(using: &generator) ? min(1, count) : Int.random(in: 0...count + 1, using: &generator)
        let photo = try library.importPhoto(data: Self.png("\(step)"), originalName: "\(step)", into: album, at: index)
        photos[photo.id!] = photo
        rows.insert(photo.id!, at: row(ofVisible: index))
      case 5..<8 where count > 0:
        let source = Int.random(in: 0..<count, using: &generator)
        let destination = Int.random(in: 0..<count, using: &generator)
        try library.reorder(album, from: source, to: destination)
        let moved = visible[source]
        if source != destination {
          rows.removeAll { $0 == moved }
          rows.insert(moved, at: row(ofVisible: destination))
        }
      case 8 where count > 0:
        let photo = photos[visible[Int.random(in: 0..<count, using: &generator)]]!
        try library.trash([photo])
        trashed.insert(photo.id!)
      case 9 where !trashed.isEmpty:
        let photo = photos[trashed.randomElement(using: &generator)!]!
        try library.restore([photo])
        trashed.remove(photo.id!)
      default:
        continue
      }
      #expect(try library.photos(in: album).map(\.id!) == visible, "step \(step)")
    }
    let order = try library.database.read { db in
      try Int64.fetchAll(
        db, sql: "SELECT photoId FROM albumPhoto WHERE albumId = ? ORDER BY position", arguments: [album.id!])
    }
    #expect(order == rows)
  }

  @Test("Hundreds of inserts at one place of a large album, and at random places, keep the order of a plain array")
  func manyInsertsAtOnePlace() throws {
    let library = try Library(folder: folder)
    let album = try library.makeAlbum(named: "Large")
    let albumID = album.id!
    var generator = SeededGenerator(state: 7)
    var model: [Int64] = []
    try library.database.write { db in
      let photo = try db.cachedStatement(
        sql:
          "INSERT INTO photo (fileName, originalName, contentType, byteCount, addedAt) VALUES (?, 'p', 'public.png', 1, 0)"
      )
      for number in 0..<3_000 {
        try photo.execute(arguments: ["\(number).png"])
        let id = db.lastInsertedRowID
        let index: Int? =
          number < 2_000 ? nil : number < 2_400 ? 1_000 : Int.random(in: 0...model.count, using: &generator)
        try Library.insert(photoID: id, into: albumID, at: index, in: db)
        model.insert(id, at: min(index ?? model.count, model.count))
      }
    }
    let order = try library.database.read { db in
      try Int64.fetchAll(
        db, sql: "SELECT photoId FROM albumPhoto WHERE albumId = ? ORDER BY position", arguments: [albumID])
    }
    #expect(order == model)
    let distinct = try library.database.read { db in
      try Int.fetchOne(
        db, sql: "SELECT COUNT(DISTINCT position) FROM albumPhoto WHERE albumId = ?", arguments: [albumID])
    }
    #expect(distinct == 3_000)
  }

  @Test("A photo moved within a large album writes its own row alone; the album keeps every other row")
  func aMoveWithinAnAlbumWritesOneRow() throws {
    let library = try Library(folder: folder)
    let album = try library.makeAlbum(named: "Large")
    var photos: [Photo] = []
    for index in 0..<600 {
      photos.append(try library.importPhoto(data: Self.png("\(index)"), originalName: "\(index)", into: album))
    }
    let before = try library.database.read { db in db.totalChangesCount }
    // The 500th photo goes to the tenth place.
    let moving = photos.remove(at: 500)
    photos.insert(moving, at: 10)
    try library.setContents([(album, photos)])
    #expect(try library.photos(in: album) == photos)
    let written = try library.database.read { db in db.totalChangesCount } - before
    // Its row out, and in again at its new place.
    #expect(written == 2)
  }

  @Test(
    "Setting contents (moves between albums at any place, removals, reorders, copies) matches plain arrays",
    arguments: [4, 5, 6] as [UInt64])
  func setContentsMatchesArrays(seed: UInt64) throws {
    let library = try Library(folder: folder)
    let albums = [try library.makeAlbum(named: "A"), try library.makeAlbum(named: "B")]
    var generator = SeededGenerator(state: seed)
    var photos: [Photo] = []
    for index in 0..<40 {
      photos.append(try library.importPhoto(data: Self.png("\(index)"), originalName: "\(index)", into: albums[0]))
    }
    var model: [[Photo]] = [photos, []]
    for step in 0..<120 {
      let from = Int.random(in: 0...1, using: &generator)
      let to = 1 - from
      switch Int.random(in: 0..<5, using: &generator) {
      case 3 where !model[from].isEmpty:
        // One photo moves within its album, as a drag in the grid moves it.
        let photo = model[from].remove(at: Int.random(in: 0..<model[from].count, using: &generator))
        model[from].insert(photo, at: Int.random(in: 0...model[from].count, using: &generator))
      case 0, 1:
        // Some photos move (or, every other time, are copied) to a place in the other album.
        let chosen = model[from].filter { _ in Int.random(in: 0..<4, using: &generator) == 0 }
        let moving = chosen.filter { !model[to].contains($0) }
        let place = Int.random(in: 0...model[to].count, using: &generator)
        model[to].insert(contentsOf: moving, at: place)
        if step % 2 == 0 { model[from].removeAll { moving.contains($0) } }
      case 2:
        model[from].removeAll { _ in Int.random(in: 0..<8, using: &generator) == 0 }
      default:
        model[from].shuffle(using: &generator)
      }
      try library.setContents([(albums[0], model[0]), (albums[1], model[1])])
      #expect(try library.photos(in: albums[0]) == model[0], "step \(step)")
      #expect(try library.photos(in: albums[1]) == model[1], "step \(step)")
    }
  }

  @Test("An export writes the album's photos in order, named by place and original name")
  func exports() throws {
    let library = try Library(folder: folder)
    let travel = try library.makeAlbum(named: "Travel")
    for name in ["Fuji.png", "../Nara.png"] { try library.importPhoto(from: try source(name), into: travel) }
    let out = sources.appending(path: "out")
    let written = try library.export(travel, to: out)
    #expect(written.map(\.lastPathComponent) == ["001 Fuji.png", "002 Nara.png"])
    #expect(try written.map { try Data(contentsOf: $0) } == [Self.png("Fuji.png"), Self.png("../Nara.png")])
  }

  @Test("An empty library is seeded once, one album per source, with the source's licence kept")
  func seeding() throws {
    let photos = sources.appending(path: "nature")
    try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
    for name in ["Dune.png", "Aqua.png"] { try Self.png(name).write(to: photos.appending(path: name)) }
    try Data("not a photo".utf8).write(to: photos.appending(path: "README"))
    let licence = try source("copyright", Data("Licence: GPL-2+".utf8))
    let seed = Library.SeedSource(album: "Nature", folder: photos, licence: licence)
    let missing = Library.SeedSource(album: "Else", folder: sources.appending(path: "absent"), licence: licence)
    let library = try Library(folder: folder)
    #expect(try library.seedIfEmpty(from: [seed, missing]) == 2)
    #expect(try library.albums().map(\.name) == ["Nature"])
    let nature = try #require(try library.album(named: "Nature"))
    #expect(
      try library.photos(in: nature).map(\.originalName) == [
        "Aqua.png", "Dune.png",
      ])
    #expect(
      try String(contentsOf: library.licencesFolder.appending(path: "Nature copyright"), encoding: .utf8)
        == "Licence: GPL-2+")
    // Once it has photos, it is never seeded again.
    #expect(try library.seedIfEmpty(from: [seed]) == 0)
    #expect(try library.allPhotos().count == 2)
  }

  @Test("A library in a folder that cannot be made says so")
  func unwritableFolder() throws {
    let file = try source("file.png")
    #expect {
      try Library(folder: file.appending(path: "library"))
    } throws: { error in
      if case .unwritable = error as? LibraryError { true } else { false }
    }
  }

  @Test("A second Albums on the same library is refused while the first has it open, and welcome after")
  func oneInstanceAtATime() throws {
    do {
      let first = try Library(folder: folder)
      #expect(throws: LibraryError.inUse(folder.path)) { try Library(folder: folder) }
      withExtendedLifetime(first) {}
    }
    #expect(throws: Never.self) { try Library(folder: folder) }
  }

  @Test("A v1 library opens migrated, with what it held")
  func migratesTheFirstVersion() throws {
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let queue = try DatabaseQueue(path: folder.appending(path: "library.sqlite").path)
    var v1 = Library.migrator
    v1.eraseDatabaseOnSchemaChange = false
    try v1.migrate(queue, upTo: "v1: albums and photos")
    try queue.write { db in try db.execute(sql: "INSERT INTO album (name, position) VALUES ('Old', 0)") }
    try queue.close()
    let library = try Library(folder: folder)
    #expect(try library.albums().map(\.name) == ["Old"])
    let applied = try library.database.read { db in try Library.migrator.appliedMigrations(db) }
    #expect(applied == Self.migrations)
  }

  @Test("Contents are set in one transaction: a reorder, a move between albums, a copy; a duplicate is refused")
  func setsContents() throws {
    let library = try Library(folder: folder)
    let travel = try library.makeAlbum(named: "Travel")
    let family = try library.makeAlbum(named: "Family")
    let a = try library.importPhoto(from: try source("a.png"), into: travel)
    let b = try library.importPhoto(from: try source("b.png"), into: travel)
    let c = try library.importPhoto(from: try source("c.png"), into: travel)
    try library.setContents([(travel, [c, a, b])])
    #expect(try library.photos(in: travel) == [c, a, b])
    try library.setContents([(travel, [c, b]), (family, [a])])
    #expect(try library.photos(in: travel) == [c, b])
    #expect(try library.photos(in: family) == [a])
    #expect(throws: LibraryError.duplicatePhotos) { try library.setContents([(family, [a, a])]) }
    #expect(try library.photos(in: family) == [a])
    let positions = try library.database.read { db in
      try Int64.fetchAll(db, sql: "SELECT position FROM albumPhoto ORDER BY albumId, position")
    }
    // The reorder moved c alone, to just before a; the second change only deleted a's row
    // in Travel: b kept its position.
    #expect(positions == [-Library.positionSpacing, Library.positionSpacing, 0])
  }

  @Test("Photos in the trash leave every album, come back in place, and are deleted when the library reopens")
  func trashAndRestore() throws {
    let b: Photo
    do {
      let library = try Library(folder: folder)
      let travel = try library.makeAlbum(named: "Travel")
      let a = try library.importPhoto(from: try source("a.png"), into: travel)
      b = try library.importPhoto(from: try source("b.png"), into: travel)
      let c = try library.importPhoto(from: try source("c.png"), into: travel)
      try library.trash([b])
      #expect(try library.photos(in: travel) == [a, c])
      #expect(try library.allPhotos() == [a, c])
      #expect(try library.albumSummaries().map(\.photoCount) == [2])
      // A reorder while b is in the trash keeps its place for the undo.
      try library.setContents([(travel, [c, a])])
      try library.restore([b])
      #expect(try library.photos(in: travel) == [c, a, b])
      try library.trash([b])
    }
    let reopened = try Library(folder: folder)
    #expect(try reopened.allPhotos().map(\.originalName) == ["a.png", "c.png"])
    #expect(!(try photoFiles(reopened)).contains(b.fileName))
  }

  @Test("A change that keeps the order leaves a photo in the trash where it was, for the undo")
  func aTrashedPhotoKeepsItsPlaceThroughAMove() throws {
    let library = try Library(folder: folder)
    let travel = try library.makeAlbum(named: "Travel")
    let family = try library.makeAlbum(named: "Family")
    let photos = try ["a.png", "b.png", "c.png", "d.png"].map {
      try library.importPhoto(from: try source($0), into: travel)
    }
    try library.trash([photos[1]])
    // d moves to Family; a and c stay in their order, and b, in the trash, is not listed.
    try library.setContents([(travel, [photos[0], photos[2]]), (family, [photos[3]])])
    #expect(try library.photos(in: travel) == [photos[0], photos[2]])
    try library.restore([photos[1]])
    #expect(try library.photos(in: travel) == [photos[0], photos[1], photos[2]])
    #expect(try library.photos(in: family) == [photos[3]])
  }

  @Test("An image given as bytes comes in named for its type, at the place asked; other bytes are refused")
  func importsBytes() throws {
    let library = try Library(folder: folder)
    let travel = try library.makeAlbum(named: "Travel")
    let a = try library.importPhoto(from: try source("a.png"), into: travel)
    let dropped = try library.importPhoto(data: Self.png("sunset"), originalName: "sunset", into: travel, at: 0)
    #expect(dropped.originalName == "sunset.png")
    #expect(try library.photos(in: travel) == [dropped, a])
    #expect {
      try library.importPhoto(data: Data("<html>".utf8), originalName: "page.html", into: travel)
    } throws: { error in
      if case .notAnImage("page.html", _) = error as? LibraryError { true } else { false }
    }
    #expect(try photoFiles(library).count == 2)
  }

  @Test("New albums get names of their own; albums reorder; an album deleted keeps its photos in the library")
  func newAlbumsAndOrder() throws {
    let library = try Library(folder: folder)
    let a = try library.importPhoto(from: try source("a.png"))
    let first = try library.makeNewAlbum(with: [a])
    let second = try library.makeNewAlbum()
    #expect([first.name, second.name] == ["New Album", "New Album 2"])
    #expect(try library.photos(in: first) == [a])
    try library.reorderAlbums([second])
    #expect(try library.albums().map(\.name) == ["New Album 2", "New Album"])
    try library.deleteAlbum(first)
    #expect(try library.albums().map(\.name) == ["New Album 2"])
    #expect(try library.allPhotos() == [a])
  }

  @Test("A thumbnail is made once and then read from the cache")
  func thumbnailsAreCached() throws {
    let library = try Library(folder: folder)
    let a = try library.importPhoto(from: try source("a.png"))
    var made = 0
    let make: (URL) throws -> Data = { url in
      made += 1
      return try Data(contentsOf: url)
    }
    #expect(library.thumbnail(of: a, make: make)?.pixelWidth == 2)
    #expect(library.thumbnail(of: a, make: make)?.pixelWidth == 2)
    #expect(made == 1)
    #expect(FileManager.default.fileExists(atPath: library.thumbnailURL(of: a).path))
  }
}

/// `kill -9` at every step of imports, moves and reorders, 100 runs: the Albums command
/// kills itself at a chosen step (its hidden `--crash-at`), and the library opened
/// afterwards must be whole: the database passes its integrity check, each photo is in
/// exactly the albums it was in before the interrupted change or would be in after it, and
/// no file is left that no row names.
@Suite struct CrashTests {
  static var albums: URL {
    let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    return testBinary.deletingLastPathComponent().appendingPathComponent("Albums")
  }

  /// A library with Travel = [a, b, c] and an empty Family; the sources of two more.
  func seeded(in root: URL) throws -> (library: URL, newPhotos: [URL]) {
    let folder = root.appending(path: "library")
    let library = try Library(folder: folder)
    let travel = try library.makeAlbum(named: "Travel")
    try library.makeAlbum(named: "Family")
    for name in ["a.png", "b.png", "c.png", "d.png", "e.png"] {
      try LibraryTests.png(name).write(to: root.appending(path: name))
    }
    for name in ["a.png", "b.png", "c.png"] {
      try library.importPhoto(from: root.appending(path: name), into: travel)
    }
    return (folder, ["d.png", "e.png"].map { root.appending(path: $0) })
  }

  func state(_ library: Library) throws -> [String: [String]] {
    var result: [String: [String]] = [:]
    for album in try library.albums() { result[album.name] = try library.photos(in: album).map(\.originalName) }
    return result
  }

  @Test("kill -9 at any step of an import, a move or a reorder leaves a whole library", .timeLimit(.minutes(5)))
  func killedAtEveryStep() throws {
    var generator = SystemRandomNumberGenerator()
    let before = ["Travel": ["a.png", "b.png", "c.png"], "Family": []]
    var killed = 0
    for run in 0..<100 {
      let root = FileManager.default.temporaryDirectory.appending(path: "albums-crash-\(UUID().uuidString)")
      defer { try? FileManager.default.removeItem(at: root) }
      let (folder, newPhotos) = try seeded(in: root)
      let crashAt = Int.random(in: 1...10, using: &generator)
      let arguments: [String]
      let allowed: [[String: [String]]]
      switch run % 3 {
      case 0:
        arguments = ["import", "--album", "Family"] + newPhotos.map(\.path)
        allowed = [
          before, ["Travel": ["a.png", "b.png", "c.png"], "Family": ["d.png"]],
          ["Travel": ["a.png", "b.png", "c.png"], "Family": ["d.png", "e.png"]],
        ]
      case 1:
        arguments = ["move", "a.png", "Travel", "Family"]
        allowed = [before, ["Travel": ["b.png", "c.png"], "Family": ["a.png"]]]
      default:
        arguments = ["reorder", "Travel", "1", "3"]
        allowed = [before, ["Travel": ["b.png", "c.png", "a.png"], "Family": []]]
      }
      let process = Process()
      process.executableURL = Self.albums
      process.arguments = arguments + ["--library", folder.path, "--crash-at", "\(crashAt)"]
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      process.waitUntilExit()
      if process.terminationReason == .uncaughtSignal { killed += 1 }
      let library = try Library(folder: folder)
      let found = try state(library)
      #expect(allowed.contains(found), "run \(run) \(arguments) crash at \(crashAt): \(found)")
      let check = try library.database.read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") }
      #expect(check == "ok")
      let files = Set(try FileManager.default.contentsOfDirectory(atPath: library.photosFolder.path))
      #expect(files == Set(try library.allPhotos().map(\.fileName)), "run \(run): \(files)")
    }
    // Most runs die part way (every import does: it has ten steps); some finish.
    #expect(killed > 30 && killed < 100, "\(killed) of 100 runs were killed")
  }
}

/// A disk that refuses writes: the command says why, and the library is as it was.
extension CrashTests {
  /// Runs the Albums command with `arguments` through `wrapper` (prlimit, runuser) and
  /// returns its exit status and what it printed on standard error.
  func runAlbums(_ wrapper: [String], _ arguments: [String]) throws -> (status: Int32, error: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: wrapper[0])
    process.arguments = Array(wrapper.dropFirst()) + [Self.albums.path] + arguments
    let pipe = Pipe()
    process.standardOutput = FileHandle.nullDevice
    process.standardError = pipe
    try process.run()
    let error = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, error)
  }

  /// What the library's folders hold, file by file.
  func files(_ folder: URL) -> [String] {
    ["photos", "thumbnails"].flatMap { child in
      ((try? FileManager.default.contentsOfDirectory(atPath: folder.appending(path: child).path)) ?? []).map {
        "\(child)/\($0)"
      }
    }.sorted()
  }

  @Test(
    "On a full disk (a file size limit) an import says so and leaves the library as it was",
    .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/prlimit")))
  func aFullDiskIsAClearMessage() throws {
    let root = FileManager.default.temporaryDirectory.appending(path: "albums-full-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let (folder, newPhotos) = try seeded(in: root)
    let before = files(folder)
    // Every write past the first byte of a file fails, as on a disk with no room left.
    let result = try runAlbums(
      ["/usr/bin/prlimit", "--fsize=1"], ["import", "--album", "Family", newPhotos[0].path, "--library", folder.path])
    #expect(result.status != 0)
    // The first write of an import is the database's: it records the name of the file to come.
    #expect(result.error.contains("cannot write \(folder.path)/library.sqlite"), "\(result.error)")
    #expect(result.error.contains(": File too large"), "\(result.error)")
    let library = try Library(folder: folder)
    #expect(try state(library) == ["Travel": ["a.png", "b.png", "c.png"], "Family": []])
    #expect(files(folder) == before)
    let check = try library.database.read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") }
    #expect(check == "ok")
  }

  @Test(
    "A library on a disk the user cannot write says so, and is left as it was",
    .enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/sbin/runuser")))
  func aReadOnlyLibraryIsAClearMessage() throws {
    let root = FileManager.default.temporaryDirectory.appending(path: "albums-readonly-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let (folder, newPhotos) = try seeded(in: root)
    for path in [root.path, folder.path] {
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
    }
    let before = files(folder)
    // Root owns the library; `nobody` may read it and write nothing.
    let result = try runAlbums(
      ["/usr/sbin/runuser", "-u", "nobody", "--"],
      ["import", "--album", "Family", newPhotos[0].path, "--library", folder.path])
    #expect(result.status != 0)
    #expect(result.error.contains("cannot write \(folder.path)"), "\(result.error)")
    #expect(result.error.contains("Permission denied"), "\(result.error)")
    let library = try Library(folder: folder)
    #expect(try state(library) == ["Travel": ["a.png", "b.png", "c.png"], "Family": []])
    #expect(files(folder) == before)
  }
}
