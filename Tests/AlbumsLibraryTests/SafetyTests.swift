import Foundation
import GRDB
import Synchronization
import TestSupport
import Testing

@testable import AlbumsLibrary

/// What a library folder may hold besides the library's own files, and what opening,
/// listing, importing, repairing and reopening do with it: nothing is deleted that the
/// library did not write.
@Suite final class SafetyTests {
  let root: URL
  let folder: URL

  init() throws {
    root = FileManager.default.temporaryDirectory.appending(path: "albums-safety-\(UUID().uuidString)")
    folder = root.appending(path: "library")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
  }

  /// Each test's folder goes with it.
  deinit { try? FileManager.default.removeItem(at: root) }

  /// Every file under `folder` (hidden ones too) with its bytes, and every folder, by path.
  static func tree(_ folder: URL) -> [String: Data?] {
    var result: [String: Data?] = [:]
    let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isDirectoryKey])
    while let url = enumerator?.nextObject() as? URL {
      let path = String(url.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count))
      let isFolder = (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) ?? false
      result[path] = isFolder ? nil : try? Data(contentsOf: url)
    }
    return result
  }

  func write(_ data: Data, at path: String) throws {
    let url = folder.appending(path: path)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try data.write(to: url)
  }

  /// A library with Travel = 5 photos (named "1.png"…"5.png") and an empty Family.
  func library(photos: Int = 5) throws -> Library {
    let library = try Library(folder: folder)
    let travel = try library.makeAlbum(named: "Travel")
    try library.makeAlbum(named: "Family")
    for number in 1...photos {
      try library.importPhoto(data: LibraryTests.png("\(number)"), originalName: "\(number)", into: travel)
    }
    return library
  }

  func names(_ library: Library, _ album: String) throws -> [String] {
    guard let album = try library.album(named: album) else { return [] }
    return try library.photos(in: album).map(\.originalName)
  }

  func photoFiles() throws -> Set<String> {
    Set(try FileManager.default.contentsOfDirectory(atPath: folder.appending(path: "photos").path))
  }

  // MARK: A folder that is not a library

  @Test("An ordinary folder with a photos/ folder is refused, says what it holds, and is left exactly as it was")
  func anOrdinaryFolderIsRefused() throws {
    for number in 1...6 { try write(LibraryTests.png("\(number)"), at: "photos/IMG_\(number).png") }
    try write(Data("notes".utf8), at: "photos/notes.txt")
    try write(LibraryTests.png("2019"), at: "photos/2019/beach.png")
    try write(Data("<html>".utf8), at: "thumbnails/index.html")
    let before = Self.tree(folder)
    #expect {
      try Library(folder: folder)
    } throws: { error in
      guard case .notALibrary(let path, let found) = error as? LibraryError else { return false }
      return path == folder.path && found == ["photos/ (7 files, 1 folder)", "thumbnails/ (1 file)"]
    }
    #expect(Self.tree(folder) == before)
  }

  @Test("`Albums list` on an ordinary folder refuses it with a message and deletes nothing")
  func listOnAnOrdinaryFolder() throws {
    for number in 1...8 { try write(LibraryTests.png("\(number)"), at: "photos/\(number).png") }
    try write(LibraryTests.png("2019"), at: "photos/2019/beach.png")
    try write(Data("<html>".utf8), at: "thumbnails/index.html")
    let before = Self.tree(folder)
    let result = try CrashTests().runAlbums(["/usr/bin/env"], ["list", "--library", folder.path])
    #expect(result.status != 0)
    #expect(result.error.contains("is not an Albums library: it has no library.sqlite"), "\(result.error)")
    #expect(result.error.contains("photos/ (8 files, 1 folder)"), "\(result.error)")
    #expect(Self.tree(folder) == before)
  }

  @Test("A new library is made in a folder that is missing, empty, or holds only an interrupted first opening")
  func newLibrariesWhereNothingIsThere() throws {
    _ = try Library(folder: folder)
    let empty = root.appending(path: "empty")
    try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
    _ = try Library(folder: empty)
    let interrupted = root.appending(path: "interrupted")
    for child in ["photos", "thumbnails"] {
      try FileManager.default.createDirectory(at: interrupted.appending(path: child), withIntermediateDirectories: true)
    }
    try Data().write(to: interrupted.appending(path: ".lock"))
    _ = try Library(folder: interrupted)
    for made in [folder, empty, interrupted] {
      #expect(FileManager.default.fileExists(atPath: made.appending(path: "library.sqlite").path))
    }
  }

  @Test("Making a library in a folder of photos takes them in: those in photos/ where they are, the rest as copies")
  func makingALibraryInAFolderImportsItsImages() throws {
    try write(LibraryTests.png("in place"), at: "photos/kept.png")
    try write(LibraryTests.png("trip"), at: "Trip/harbour.png")
    try write(LibraryTests.png("loose"), at: "loose.png")
    try write(Data("notes".utf8), at: "notes.txt")
    try write(LibraryTests.png("hidden"), at: ".hidden.png")
    let before = Self.tree(folder)
    let library = try Library(folder: folder, mode: .makeLibraryHere)
    #expect(try names(library, Library.recoveredAlbumName) == ["kept.png"])
    #expect(try names(library, Library.importedAlbumName) == ["harbour.png", "loose.png"])
    #expect(library.openingReport.recovered.map(\.originalName) == ["kept.png"])
    #expect(library.openingReport.imported.count == 2)
    #expect(
      library.openingReport.description
        == "1 photo that the database did not name was put in the album Recovered. "
        + "2 images found in the folder were imported into the album Imported.")
    let after = Self.tree(folder)
    for (path, data) in before { #expect(after[path] == data, "\(path)") }
  }

  @Test("Files no row names are recovered in name order among those rows name; hidden files and non-images stay")
  func recoversAmongNamedFiles() throws {
    var imported: [Photo] = []
    do {
      let library = try Library(folder: folder)
      for index in 0..<40 {
        imported.append(
          try library.importPhoto(data: LibraryTests.png("named \(index)"), originalName: "n\(index).png"))
      }
    }
    let named = Set(imported.map(\.fileName))
    // Names before, between and after the library's (lowercase UUIDs), one a prefix of
    // another's, and one that is not ASCII.
    let strays = ["0.png", "zz.png", "\(imported[7].fileName).png", "Été.png", "a", "~.png"]
    for (index, name) in strays.enumerated() { try write(LibraryTests.png("stray \(index)"), at: "photos/\(name)") }
    try write(LibraryTests.png("hidden"), at: "photos/.hidden.png")
    try write(Data("not an image".utf8), at: "photos/notes.png")
    let again = try Library(folder: folder)
    let expected = strays.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    #expect(again.openingReport.recovered.map(\.fileName) == expected)
    #expect(try names(again, Library.recoveredAlbumName) == expected)
    #expect(Set(try again.allPhotos().map(\.fileName)) == named.union(strays))
  }

  @Test("A folder's names are read whole, kept in byte order, and compared as SQLite compares them")
  func folderNames() throws {
    let names = ["b", "a", "ab", "é", "e\u{301}", ".hidden", String(repeating: "x", count: 255)]
    let place = root.appending(path: "names")
    try FileManager.default.createDirectory(at: place, withIntermediateDirectories: true)
    for name in names { try Data().write(to: place.appending(path: name)) }
    // A name whose bytes are not UTF-8.
    let invalid = place.path + "/bad-\u{1}"
    var bytes = Array(invalid.utf8)
    bytes[bytes.count - 1] = 0xFF
    bytes.append(0)
    let descriptor = bytes.withUnsafeBufferPointer {
      open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_CREAT | O_WRONLY, 0o644)
    }
    #expect(descriptor >= 0)
    close(descriptor)

    let folder = FolderNames(of: place)
    #expect(folder.count == names.count + 1)
    let sorted = folder.sortedIndices().map { folder.name(at: $0) }
    let expected = names.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    #expect(sorted.compactMap { $0 } == expected)
    #expect(sorted.filter { $0 == nil }.count == 1)
    let first = try #require(folder.sortedIndices().first)
    #expect(folder.hasPrefix(".", at: first))
    var other = "a"
    other.withUTF8 { bytes in
      #expect(folder.sortedIndices().map { folder.compare(at: $0, with: bytes).signum() }.prefix(3) == [-1, 0, 1])
    }
    #expect(FolderNames(of: place.appending(path: "missing")).count == 0)
  }

  // MARK: Photos no row names

  @Test("Without library.sqlite, opening refuses and deletes nothing; repair rebuilds the library from its photos")
  func aMissingDatabase() throws {
    do { _ = try library(photos: 10) }
    let files = try photoFiles()
    try FileManager.default.moveItem(
      at: folder.appending(path: "library.sqlite"), to: root.appending(path: "aside.sqlite"))
    #expect {
      try Library(folder: folder)
    } throws: { error in
      if case .notALibrary = error as? LibraryError { true } else { false }
    }
    #expect(try photoFiles() == files)
    let repaired = try Library(folder: folder, mode: .repair)
    #expect(try photoFiles() == files)
    #expect(Set(try repaired.allPhotos().map(\.fileName)) == files)
    #expect(try repaired.albums().map(\.name) == [Library.recoveredAlbumName])
    #expect(repaired.openingReport.recovered.count == 10)
  }

  @Test("A database restored from an older backup opens with the newer photos in Recovered, none deleted")
  func anOlderBackup() throws {
    do {
      let library = try library(photos: 5)
      try library.database.backup(to: try DatabaseQueue(path: root.appending(path: "backup.sqlite").path))
      let travel = try #require(try library.album(named: "Travel"))
      for number in 6...10 {
        try library.importPhoto(data: LibraryTests.png("\(number)"), originalName: "\(number)", into: travel)
      }
    }
    let files = try photoFiles()
    #expect(files.count == 10)
    try FileManager.default.removeItem(at: folder.appending(path: "library.sqlite"))
    try FileManager.default.copyItem(
      at: root.appending(path: "backup.sqlite"), to: folder.appending(path: "library.sqlite"))
    do {
      let library = try Library(folder: folder)
      #expect(try photoFiles() == files)
      #expect(try names(library, "Travel") == ["1.png", "2.png", "3.png", "4.png", "5.png"])
      #expect(try names(library, Library.recoveredAlbumName).count == 5)
      #expect(library.openingReport.recovered.count == 5)
      #expect(
        library.openingReport.description
          == "5 photos that the database did not name were put in the album Recovered.")
    }
    // Said once: the next opening has nothing to recover.
    #expect(try Library(folder: folder).openingReport.isWorthTelling == false)
  }

  @Test("An interrupted write's own files go when the library opens, and nothing else does")
  func leftoversAreTheLibrarysOwn() throws {
    let kept: Photo
    let pending = "\(UUID().uuidString.lowercased()).png"
    let temporary = "\(Library.temporaryPrefix)\(UUID().uuidString.lowercased())"
    let lookalike = "\(UUID().uuidString.lowercased()).png"
    do {
      let library = try Library(folder: folder)
      kept = try library.importPhoto(data: LibraryTests.png("kept"), originalName: "kept.png")
      // A write that a crash cut short: its name recorded, its file renamed, no row.
      try library.database.write { db in
        try db.execute(sql: "INSERT INTO pendingFile (fileName) VALUES (?)", arguments: [pending])
      }
      try LibraryTests.png("pending").write(to: library.photosFolder.appending(path: pending))
      try LibraryTests.png("temporary").write(to: library.photosFolder.appending(path: temporary))
      try LibraryTests.png("temporary").write(to: library.thumbnailsFolder.appending(path: temporary))
    }
    // Files that only look like the library's, or that it does not know.
    try write(LibraryTests.png("look-alike"), at: "photos/\(Library.temporaryPrefix)1234")
    try write(LibraryTests.png("orphan"), at: "photos/orphan.png")
    try write(Data("x".utf8), at: "photos/\(lookalike)")
    try write(LibraryTests.png("gone"), at: "thumbnails/gone.png.thumbnail.png")
    let library = try Library(folder: folder)
    #expect(try photoFiles() == [kept.fileName, "\(Library.temporaryPrefix)1234", "orphan.png", lookalike])
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: library.thumbnailsFolder.path) == ["gone.png.thumbnail.png"])
    #expect(try library.allPhotos().map(\.originalName) == ["kept.png", "orphan.png"])
    #expect(library.openingReport.finishedChanges == 1)
    let pendingLeft = try library.database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM pendingFile") }
    #expect(pendingLeft == 0)
  }

  /// A library of one photo, closed, with an image no row names and one of the library's
  /// own temporary files left in `photos/`; returns the kept photo's file name and the
  /// temporary file's name.
  func libraryWithLeftovers() throws -> (kept: String, temporary: String) {
    let kept: String
    do {
      let library = try Library(folder: folder)
      kept = try library.importPhoto(data: LibraryTests.png("kept"), originalName: "kept.png").fileName
    }
    let temporary = "\(Library.temporaryPrefix)\(UUID().uuidString.lowercased())"
    try write(LibraryTests.png("orphan"), at: "photos/orphan.png")
    try write(LibraryTests.png("temporary"), at: "photos/\(temporary)")
    return (kept, temporary)
  }

  @Test("A deferred folder check waits for its call: nothing recovered or removed before, the same outcome after")
  func aDeferredFolderCheck() throws {
    let (kept, temporary) = try libraryWithLeftovers()
    let library = try Library(folder: folder, folderCheck: .deferred)
    #expect(library.hasPendingFolderCheck)
    #expect(try photoFiles() == [kept, "orphan.png", temporary])
    #expect(try library.albums().isEmpty)
    #expect(library.openingReport.isWorthTelling == false)
    let recovered = try library.finishFolderCheck()
    #expect(recovered.map(\.originalName) == ["orphan.png"])
    #expect(!library.hasPendingFolderCheck)
    #expect(try photoFiles() == [kept, "orphan.png"])
    #expect(try names(library, Library.recoveredAlbumName) == ["orphan.png"])
    #expect(
      library.openingReport.description == "1 photo that the database did not name was put in the album Recovered.")
    // Done once.
    #expect(try library.finishFolderCheck().isEmpty)
    #expect(try names(library, Library.recoveredAlbumName) == ["orphan.png"])
  }

  @Test("A deferred folder check runs before the library's first write of a file, and recovers only what was there")
  func aDeferredFolderCheckRunsBeforeTheFirstWrite() throws {
    let (kept, _) = try libraryWithLeftovers()
    let library = try Library(folder: folder, folderCheck: .deferred)
    let imported = try library.importPhoto(data: LibraryTests.png("new"), originalName: "new.png")
    #expect(!library.hasPendingFolderCheck)
    #expect(try photoFiles() == [kept, "orphan.png", imported.fileName])
    #expect(try names(library, Library.recoveredAlbumName) == ["orphan.png"])
    #expect(try library.allPhotos().map(\.originalName).sorted() == ["kept.png", "new.png", "orphan.png"])
    #expect(try library.finishFolderCheck().isEmpty)
  }

  @Test("Only a library opened as it is defers its folder check: a new, a made or a repaired one checks while opening")
  func onlyAnOpenedLibraryDefers() throws {
    let fresh = try Library(folder: folder, folderCheck: .deferred)
    #expect(!fresh.hasPendingFolderCheck)
    let made = root.appending(path: "made")
    try FileManager.default.createDirectory(
      at: made.appending(path: "photos"), withIntermediateDirectories: true)
    try LibraryTests.png("here").write(to: made.appending(path: "photos/here.png"))
    let madeLibrary = try Library(folder: made, mode: .makeLibraryHere, folderCheck: .deferred)
    #expect(!madeLibrary.hasPendingFolderCheck)
    #expect(madeLibrary.openingReport.recovered.map(\.originalName) == ["here.png"])
  }

  @Test("A photo deleted from the trash takes its thumbnail with it, and a crash before its file goes is finished")
  func theTrashRemovesOnlyItsOwn() throws {
    let photo: Photo
    do {
      let library = try library(photos: 2)
      photo = try library.allPhotos()[0]
      _ = library.thumbnail(of: photo) { url in try Data(contentsOf: url) }
      try library.trash([photo])
    }
    let library = try Library(folder: folder)
    #expect(!FileManager.default.fileExists(atPath: library.url(of: photo).path))
    #expect(!FileManager.default.fileExists(atPath: library.thumbnailURL(of: photo).path))
    #expect(try library.allPhotos().count == 1)
    #expect(library.openingReport.recovered.isEmpty)
  }

  // MARK: Repair

  @Test("A database that is not one any more is refused with a message; repair sets it aside and recovers every photo")
  func repairsAnOverwrittenDatabase() throws {
    do { _ = try library(photos: 10) }
    let files = try photoFiles()
    let database = folder.appending(path: "library.sqlite")
    let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31) })
    try garbage.write(to: database)
    #expect {
      try Library(folder: folder)
    } throws: { error in
      guard case .damaged(let path, _) = error as? LibraryError else { return false }
      return path == database.path && "\(error)".contains("Albums repair")
    }
    let result = try CrashTests().runAlbums(["/usr/bin/env"], ["list", "--library", folder.path])
    #expect(result.status != 0)
    #expect(result.error.contains("is damaged"), "\(result.error)")
    let repaired = try Library(folder: folder, mode: .repair)
    #expect(Set(try repaired.allPhotos().map(\.fileName)) == files)
    #expect(try names(repaired, Library.recoveredAlbumName).count == 10)
    let kept = try #require(repaired.openingReport.damagedDatabase)
    #expect(try Data(contentsOf: kept) == garbage)
    let check = try repaired.database.read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") }
    #expect(check == "ok")
  }

  @Test("A database with a damaged table is repaired: the albums it still reads come back, the photos are recovered")
  func repairsAMalformedDatabase() throws {
    let rootPage: Int
    do {
      let library = try library(photos: 10)
      rootPage = try library.database.read { db in
        try Int.fetchOne(db, sql: "SELECT rootpage FROM sqlite_master WHERE name = 'photo'")!
      }
    }
    let files = try photoFiles()
    let database = folder.appending(path: "library.sqlite")
    var bytes = try Data(contentsOf: database)
    let pageSize = 4096
    bytes.replaceSubrange(
      (rootPage - 1) * pageSize..<rootPage * pageSize, with: Data(repeating: 0xA5, count: pageSize))
    try bytes.write(to: database)
    #expect {
      try Library(folder: folder)
    } throws: { error in
      if case .damaged(_, let reason) = error as? LibraryError { reason.contains("malformed") } else { false }
    }
    #expect(try photoFiles() == files)
    let repaired = try Library(folder: folder, mode: .repair)
    #expect(try repaired.albums().map(\.name) == ["Travel", "Family", Library.recoveredAlbumName])
    #expect(Set(try repaired.allPhotos().map(\.fileName)) == files)
    #expect(repaired.openingReport.salvagedAlbums == 2)
    #expect(try photoFiles() == files)
  }

  @Test("Repair leaves a sound library as it is")
  func repairOfASoundLibrary() throws {
    do { _ = try library(photos: 3) }
    let repaired = try Library(folder: folder, mode: .repair)
    #expect(repaired.openingReport.isWorthTelling == false)
    #expect(try names(repaired, "Travel") == ["1.png", "2.png", "3.png"])
  }

  // MARK: Imports

  @Test("An import that brings nothing in makes no album, and its failure leaves the library as it was")
  func aFailedImportMakesNoAlbum() throws {
    do { _ = try library(photos: 1) }
    let notes = root.appending(path: "notes.txt")
    try Data("北海道".utf8).write(to: notes)
    let result = try CrashTests().runAlbums(
      ["/usr/bin/env"], ["import", notes.path, "--album", "Holiday", "--library", folder.path])
    #expect(result.status == 1)
    let library = try Library(folder: folder)
    #expect(try library.albums().map(\.name) == ["Travel", "Family"])
    #expect {
      try library.importPhoto(from: notes, intoAlbumNamed: "Holiday")
    } throws: { error in
      if case .notAnImage = error as? LibraryError { true } else { false }
    }
    #expect(try library.albums().map(\.name) == ["Travel", "Family"])
    let photo = try library.importPhoto(from: try source("sea.png"), intoAlbumNamed: "Holiday")
    #expect(try names(library, "Holiday") == [photo.originalName])
  }

  func source(_ name: String) throws -> URL {
    let url = root.appending(path: name)
    try LibraryTests.png(name).write(to: url)
    return url
  }

  @Test("The same photos imported twice come in once: the second import skips them and says so")
  func importsSkipDuplicates() throws {
    let files = [try source("a.png"), try source("b.png")]
    do { _ = try Library(folder: folder) }
    for _ in 0..<2 {
      let result = try CrashTests().runAlbums(
        ["/usr/bin/env"], ["import"] + files.map(\.path) + ["--album", "Holiday", "--library", folder.path])
      #expect(result.status == 0, "\(result.error)")
    }
    do {
      let library = try Library(folder: folder)
      #expect(try names(library, "Holiday") == ["a.png", "b.png"])
      #expect(try library.allPhotos().count == 2)
      let holiday = try #require(try library.album(named: "Holiday"))
      let a = try library.allPhotos()[0]
      #expect(throws: LibraryError.alreadyThere(files[0].path, existing: a, album: "Holiday")) {
        try library.importPhoto(from: files[0], into: holiday)
      }
      #expect(throws: LibraryError.alreadyThere("a", existing: a, album: "Holiday")) {
        try library.importPhoto(data: LibraryTests.png("a.png"), originalName: "a", into: holiday)
      }
      // Another album may hold the same bytes, and so may this one when asked.
      let other = try library.makeAlbum(named: "Other")
      try library.importPhoto(from: files[0], into: other)
    }
    let result = try CrashTests().runAlbums(
      ["/usr/bin/env"],
      ["import", files[1].path, "--album", "Holiday", "--allow-duplicates", "--library", folder.path])
    #expect(result.status == 0)
    let library = try Library(folder: folder)
    #expect(try names(library, "Holiday") == ["a.png", "b.png", "b.png"])
    #expect(try photoFiles().count == 4)
  }

  @Test("Duplicates are told by their bytes: the same size is not enough, and photos kept before hashes still count")
  func duplicatesAreToldByTheirBytes() throws {
    let library = try Library(folder: folder)
    let album = try library.makeAlbum(named: "Travel")
    // Two images of one size whose bytes differ.
    let a = try library.importPhoto(data: LibraryTests.png("a"), originalName: "a", into: album)
    let b = try library.importPhoto(data: LibraryTests.png("b"), originalName: "b", into: album)
    #expect(a.byteCount == b.byteCount)
    #expect(try library.photos(in: album) == [a, b])
    // A library of an earlier version kept no hashes.
    try library.database.write { db in try db.execute(sql: "UPDATE photo SET contentHash = NULL") }
    #expect(throws: LibraryError.alreadyThere("b again", existing: b, album: "Travel")) {
      try library.importPhoto(data: LibraryTests.png("b"), originalName: "b again", into: album)
    }
    // A photo in the trash is no longer in the album.
    try library.trash([b])
    let again = try library.importPhoto(data: LibraryTests.png("b"), originalName: "b again", into: album)
    #expect(try library.photos(in: album) == [a, again])
    // The fingerprint is the same in every run and on every machine.
    #expect(Library.contentHash(of: Data("北海道の夏".utf8)) == 3_919_656_343_551_669_378)
    #expect(Library.contentHash(of: Data()) == Int64(bitPattern: 0xCBF2_9CE4_8422_2325))
  }

  // MARK: Durability

  final class Steps: Sendable {
    let steps = Mutex<[Library.Checkpoint]>([])
    func take() -> [Library.Checkpoint] { steps.withLock { $0 } }
    func clear() { steps.withLock { $0.removeAll() } }
  }

  @Test("An import syncs the photos folder after the rename and before the commit; an export syncs before it returns")
  func foldersAreSynced() throws {
    let steps = Steps()
    let library = try Library(folder: folder) { step in steps.steps.withLock { $0.append(step) } }
    let travel = try library.makeAlbum(named: "Travel")
    steps.clear()
    try library.importPhoto(from: try source("a.png"), into: travel)
    #expect(steps.take() == [.reserved, .copied, .synced, .renamed, .folderSynced, .recorded, .committed])
    steps.clear()
    try library.export(travel, to: root.appending(path: "out"))
    #expect(steps.take() == [.copied, .synced, .renamed, .folderSynced])
  }

  @Test("A batch import writes each file, syncs the folder once and commits once; repeats and non-images are told")
  func batchImports() throws {
    let steps = Steps()
    let library = try Library(folder: folder) { step in steps.steps.withLock { $0.append(step) } }
    let a = try source("a.png")
    let copy = root.appending(path: "copy of a.png")
    try FileManager.default.copyItem(at: a, to: copy)
    let notes = root.appending(path: "notes.txt")
    try Data("北海道".utf8).write(to: notes)
    let b = try source("b.png")
    steps.clear()
    var heard: [Int] = []
    let results = library.importPhotos(from: [a, copy, notes, b], intoAlbumNamed: "Trip") { index, _ in
      heard.append(index)
    }
    #expect(heard == [0, 1, 2, 3])
    #expect(
      steps.take() == [
        .reserved, .copied, .synced, .renamed, .copied, .synced, .renamed, .folderSynced, .recorded, .committed,
      ])
    let first = try results[0].get()
    #expect(throws: LibraryError.alreadyThere(copy.path, existing: first, album: "Trip")) { try results[1].get() }
    #expect {
      try results[2].get()
    } throws: { error in
      if case .notAnImage = error as? LibraryError { true } else { false }
    }
    #expect(try names(library, "Trip") == ["a.png", "b.png"])
    // In batches of two, in order; and a batch that brings nothing in makes no album.
    let more = try (1...5).map { try source("\($0).png") }
    let second = library.importPhotos(from: more, intoAlbumNamed: "Trip", batchSize: 2)
    #expect(second.allSatisfy { (try? $0.get()) != nil })
    #expect(try names(library, "Trip") == ["a.png", "b.png", "1.png", "2.png", "3.png", "4.png", "5.png"])
    let nothing = library.importPhotos(from: [notes, root.appending(path: "missing.png")], intoAlbumNamed: "Empty")
    #expect(nothing.allSatisfy { (try? $0.get()) == nil })
    #expect(try library.album(named: "Empty") == nil)
    #expect(try photoFiles().count == 7)
  }

  // MARK: Foreign files, at random

  @Test(
    "Foreign files and folders beside a library's own survive: opened, listed, imported into, trash emptied, reopened",
    arguments: Array(1...12) as [UInt64])
  func foreignFilesSurvive(seed: UInt64) throws {
    var generator = SeededGenerator(state: seed)
    let ours: [Photo]
    do {
      let library = try library(photos: 3)
      ours = try library.allPhotos()
    }
    // Foreign entries: in the library's folder, in photos/ and thumbnails/, in folders of
    // their own; images and not; names like the library's own.
    let places = ["", "photos/", "thumbnails/", "licences/", "photos/2019/", "Trip/Day 1/", "thumbnails/cache/"]
    var foreign: [String: Data] = [:]
    for index in 0..<Int.random(in: 4...16, using: &generator) {
      let place = places.randomElement(using: &generator)!
      let uuid = UUID().uuidString.lowercased()
      let name = [
        "IMG_\(index).png", "notes \(index).txt", "\(uuid).png", "\(uuid).png.thumbnail.png",
        "\(Library.temporaryPrefix)\(index)", ".hidden-\(index)", "index-\(index).html", "\(uuid).jpg",
        "library.sqlite.old-\(index)", "写真\(index).png",
      ].randomElement(using: &generator)!
      let data =
        Bool.random(using: &generator) ? LibraryTests.png("foreign \(seed) \(index)") : Data("foreign \(index)".utf8)
      foreign[place + name] = data
      try write(data, at: place + name)
    }
    let emptyFolder = "Empty \(seed)/"
    try FileManager.default.createDirectory(
      at: folder.appending(path: emptyFolder), withIntermediateDirectories: true)

    do {
      let library = try Library(folder: folder)
      for album in try library.albums() { _ = try library.photos(in: album) }
      let travel = try #require(try library.album(named: "Travel"))
      try library.importPhoto(from: try source("new \(seed).png"), into: travel)
      try library.trash([ours[0]])
    }
    do { _ = try Library(folder: folder) }
    let library = try Library(folder: folder)

    for (path, data) in foreign {
      #expect((try? Data(contentsOf: folder.appending(path: path))) == data, "seed \(seed): \(path)")
    }
    #expect(FileManager.default.fileExists(atPath: folder.appending(path: emptyFolder).path))
    // Foreign images in photos/ itself are in the library now; the rest are not its own.
    let recovered = foreign.keys.filter { path in
      path.hasPrefix("photos/") && !path.dropFirst(7).contains("/") && !path.dropFirst(7).hasPrefix(".")
        && foreign[path]!.starts(with: [0x89, 0x50])
    }
    #expect(
      Set(try library.allPhotos().map(\.fileName)).isSuperset(of: recovered.map { String($0.dropFirst(7)) }),
      "seed \(seed)")
    #expect(!FileManager.default.fileExists(atPath: library.url(of: ours[0]).path))
  }
}
