import ContentTypes
import DragDrop
import Foundation
import GRDB
import GRDBSQLite
import Synchronization

/// A photo library on disk: a folder with the photo files (`photos/`), a SQLite database
/// of albums, their order, each album's photos in order and the photos' metadata
/// (`library.sqlite`), and a thumbnail cache (`thumbnails/`).
///
/// Nothing is lost on a crash, and nothing the library did not write is ever deleted. A
/// photo file's name is recorded as pending before it is written; the file is written under
/// a temporary name, synced, renamed, and its folder synced before the transaction that
/// names it (and clears the pending name) commits. When the library opens, it removes only
/// its own temporary files and the files of pending names that no photo took; photo files
/// that no row names (from an older copy of the database, say) are recovered into the
/// album called ``recoveredAlbumName``, never removed. See ``OpeningMode`` for folders that
/// are not libraries yet, and for rebuilding a damaged database.
public final class Library: Sendable {
  /// The library's folder.
  public let folder: URL
  let database: DatabaseQueue
  /// Told each step of a change that must survive a crash at any point: fault-injection
  /// tests stop the process there.
  let checkpoint: (@Sendable (Checkpoint) -> Void)?
  /// The open `.lock` file, locked for as long as this library is open: a second
  /// instance on the same folder is refused with ``LibraryError/inUse(_:)``.
  private let lock: Int32
  let report = Mutex(OpeningReport())
  /// Whether the check of `photos/` against the database (``FolderCheck``) is still to be
  /// done. Its lock is held while the check runs, and every write of a file takes it first.
  let folderCheckPending = Mutex(false)

  /// What opening the library found and did: photos recovered, a damaged database set
  /// aside, images imported into a new library.
  public var openingReport: OpeningReport { report.withLock { $0 } }

  /// A step of a change after which the process may die.
  public enum Checkpoint: String, Sendable {
    /// A photo file's name is recorded as pending, before anything is written.
    case reserved
    /// A photo's bytes are in its temporary file.
    case copied
    /// The temporary file is synced.
    case synced
    /// The temporary file has its final name; no row names it yet.
    case renamed
    /// The folder that holds the file is synced, so that its new name survives a crash.
    case folderSynced
    /// The rows are written, inside a transaction that has not committed.
    case recorded
    /// The transaction committed.
    case committed
  }

  /// The folder of the photo files.
  public var photosFolder: URL { folder.appending(path: "photos", directoryHint: .isDirectory) }
  /// The folder of the thumbnail cache.
  public var thumbnailsFolder: URL { folder.appending(path: "thumbnails", directoryHint: .isDirectory) }
  /// The library's database file.
  public var databaseURL: URL { folder.appending(path: Self.databaseName) }
  static let databaseName = "library.sqlite"

  /// The library in the user's data folder: `$XDG_DATA_HOME/DragDrop Albums`, or
  /// `~/.local/share/DragDrop Albums`.
  public static var defaultFolder: URL {
    let environment = ProcessInfo.processInfo.environment
    let data =
      environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0, isDirectory: true) }
      ?? FileManager.default.homeDirectoryForCurrentUser.appending(path: ".local/share", directoryHint: .isDirectory)
    return data.appending(path: "DragDrop Albums", directoryHint: .isDirectory)
  }

  /// Opens the library in `folder`, making it (and its schema) when the folder is new or
  /// empty, migrating an older schema, and finishing what an interrupted change left.
  ///
  /// A folder that holds files but no `library.sqlite` is refused with
  /// ``LibraryError/notALibrary(_:found:)``, and left as it was, unless `mode` says to make
  /// a library there or to repair one (see ``OpeningMode``). A damaged database is refused
  /// with ``LibraryError/damaged(_:reason:)`` unless `mode` is ``OpeningMode/repair``.
  /// Photo files that no row names are recovered into the album called
  /// ``recoveredAlbumName``; ``openingReport`` says what was done. `checkpoint` hears each
  /// step of every change, for tests that stop the process there.
  ///
  /// With `folderCheck` ``FolderCheck/deferred``, the check of `photos/` against the
  /// database waits for ``finishFolderCheck()``, or for the library's first write of a file,
  /// whichever comes first.
  public init(
    folder: URL, mode: OpeningMode = .library, folderCheck: FolderCheck = .whileOpening,
    checkpoint: (@Sendable (Checkpoint) -> Void)? = nil
  ) throws(LibraryError) {
    self.folder = folder
    self.checkpoint = checkpoint
    let databaseURL = folder.appending(path: Self.databaseName)
    let isNew = !FileManager.default.fileExists(atPath: databaseURL.path)
    if isNew {
      let found = Self.foreignContents(of: folder)
      let hasPhotosFolder = FileManager.default.fileExists(atPath: folder.appending(path: "photos").path)
      switch mode {
      case .library where !found.isEmpty, .repair where !found.isEmpty && !hasPhotosFolder:
        throw .notALibrary(folder.path, found: found)
      case .library, .repair, .makeLibraryHere:
        break
      }
    }
    do {
      let existed = FileManager.default.fileExists(atPath: folder.path)
      for child in [folder, folder.appending(path: "photos"), folder.appending(path: "thumbnails")] {
        try FileManager.default.createDirectory(at: child, withIntermediateDirectories: true)
      }
      if !existed { try Self.syncFolder(folder.deletingLastPathComponent()) }
      if isNew { try Self.syncFolder(folder) }
    } catch {
      throw .unwritable(folder.path, reason: Self.describe(error))
    }
    lock = open(folder.appending(path: ".lock").path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
    guard lock >= 0 else {
      throw .unwritable(folder.path, reason: String(cString: strerror(errno)))
    }
    guard flock(lock, LOCK_EX | LOCK_NB) == 0 else {
      close(lock)
      throw .inUse(folder.path)
    }
    var damagedCopy: URL?
    let queue: DatabaseQueue
    do {
      if mode == .repair, !isNew, Self.damage(of: databaseURL) != nil {
        damagedCopy = try Self.setAside(databaseURL)
      }
      var configuration = Configuration()
      configuration.foreignKeysEnabled = true
      if let threshold = ProcessInfo.processInfo.environment["ALBUMS_TRACE_SQL"].flatMap(Double.init) {
        // Statements that take `threshold` milliseconds or more, on standard error: which
        // of the library's reads and writes hold a thread, and which thread.
        configuration.prepareDatabase { db in
          db.trace(options: .profile) { event in
            guard case .profile(let statement, let duration) = event, duration * 1000 >= threshold else { return }
            let thread = Thread.isMainThread ? "main" : "background"
            let milliseconds = String(format: "%.1f", duration * 1000)
            FileHandle.standardError.write(
              Data("sql \(milliseconds) ms on the \(thread) thread: \(statement.sql)\n".utf8))
          }
        }
      }
      queue = try DatabaseQueue(path: databaseURL.path, configuration: configuration)
      try Self.migrator.migrate(queue)
    } catch {
      close(lock)
      throw Self.libraryError(error, database: databaseURL)
    }
    database = queue
    // From here on, a throw runs `deinit`, which closes the lock.
    try finishOpening(
      isNew: isNew, mode: mode, damagedCopy: damagedCopy,
      defersFolderCheck: folderCheck == .deferred && mode == .library && !isNew)
  }

  deinit {
    close(lock)
  }

  // MARK: Schema

  /// The schema, one migration per version, from the first.
  static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("v1: albums and photos") { db in
      try db.create(table: "photo") { table in
        table.autoIncrementedPrimaryKey("id")
        table.column("fileName", .text).notNull().unique()
        table.column("originalName", .text).notNull()
        table.column("contentType", .text).notNull()
        table.column("byteCount", .integer).notNull()
        table.column("addedAt", .datetime).notNull()
      }
      try db.create(table: "album") { table in
        table.autoIncrementedPrimaryKey("id")
        table.column("name", .text).notNull().unique(onConflict: .abort)
        table.column("position", .integer).notNull()
      }
      try db.create(table: "albumPhoto") { table in
        table.column("albumId", .integer).notNull().references("album", onDelete: .cascade)
        table.column("photoId", .integer).notNull().references("photo", onDelete: .cascade)
        table.column("position", .integer).notNull()
        table.primaryKey(["albumId", "photoId"])
      }
    }
    // Deleted photos wait in the trash, in their albums, until the library next opens: an
    // undo brings them back.
    migrator.registerMigration("v2: trash") { db in
      try db.alter(table: "photo") { table in table.add(column: "trashedAt", .datetime) }
    }
    // An album's order, found without reading the album: inserts, appends and reorders
    // touch a few rows however large the album is.
    migrator.registerMigration("v3: album order index") { db in
      try db.create(index: "albumPhotoByPosition", on: "albumPhoto", columns: ["albumId", "position"])
    }
    // Names of photo files about to be written, or whose rows were deleted and whose files
    // are about to go: what the library may remove when it opens after a crash. Each
    // photo's size and a hash of its bytes, behind an index, find the photos an import may
    // duplicate.
    migrator.registerMigration("v4: pending files and content hashes") { db in
      try db.create(table: "pendingFile") { table in table.primaryKey("fileName", .text) }
      try db.alter(table: "photo") { table in table.add(column: "contentHash", .integer) }
      try db.create(index: "photoBySizeAndHash", on: "photo", columns: ["byteCount", "contentHash"])
    }
    // The photos in the trash, usually none or a few, found without a walk of every photo:
    // counts subtract them, and opening empties the trash.
    migrator.registerMigration("v5: trash index") { db in
      try db.execute(sql: "CREATE INDEX photoInTrash ON photo (id) WHERE trashedAt IS NOT NULL")
    }
    return migrator
  }

  // MARK: Reading

  /// The albums, in order.
  public func albums() throws(LibraryError) -> [Album] {
    try read { db in try Album.order(Column("position")).fetchAll(db) }
  }

  /// The album called `name`, if there is one.
  public func album(named name: String) throws(LibraryError) -> Album? {
    try read { db in try Album.filter(Column("name") == name).fetchOne(db) }
  }

  /// The photos of `album`, in the album's order.
  public func photos(in album: Album) throws(LibraryError) -> [Photo] {
    try read { db in
      try Photo.fetchAll(
        db,
        sql: """
          SELECT \(Photo.selectionSQL) FROM photo JOIN albumPhoto ON albumPhoto.photoId = photo.id
          WHERE albumPhoto.albumId = ? AND photo.trashedAt IS NULL ORDER BY albumPhoto.position
          """, arguments: [album.id])
    }
  }

  /// The ids of `album`'s photos in the album's order, the trash left out: what a window
  /// needs to open an album, reading each photo's row only when it shows it
  /// (``photos(withIDs:)``). Only the album order index and the trash's index are read, not
  /// the photos' rows.
  public func photoIDs(in album: Album) throws(LibraryError) -> [Int64] {
    guard let albumID = album.id else { throw .notInLibrary }
    return try read { db in
      try Int64.fetchAll(
        db,
        sql: """
          SELECT photoId FROM albumPhoto WHERE albumId = ?
            AND photoId NOT IN (SELECT id FROM photo WHERE trashedAt IS NOT NULL) ORDER BY position
          """, arguments: [albumID])
    }
  }

  /// The ids of every photo not in the trash, oldest first: ``allPhotos()`` without the rows.
  public func allPhotoIDs() throws(LibraryError) -> [Int64] {
    try read { db in
      try Int64.fetchAll(
        db, sql: "SELECT id FROM photo WHERE id NOT IN (SELECT id FROM photo WHERE trashedAt IS NOT NULL) ORDER BY id")
    }
  }

  /// The photos whose ids are among `ids`, by id, in the trash or not. An id the library
  /// does not have (any more) is not among the keys.
  public func photos(withIDs ids: some Sequence<Int64>) throws(LibraryError) -> [Int64: Photo] {
    let wanted = Array(ids)
    return try read { db in
      var found: [Int64: Photo] = [:]
      found.reserveCapacity(wanted.count)
      // A few hundred at a time, well inside SQLite's limit on a statement's arguments.
      var start = 0
      while start < wanted.count {
        let part = Array(wanted[start..<min(start + 500, wanted.count)])
        let marks = repeatElement("?", count: part.count).joined(separator: ",")
        let rows = try Photo.fetchAll(
          db, sql: "SELECT \(Photo.selectionSQL) FROM photo WHERE id IN (\(marks))",
          arguments: StatementArguments(part))
        for photo in rows { if let id = photo.id { found[id] = photo } }
        start += part.count
      }
      return found
    }
  }

  /// Every photo not in the trash, oldest first.
  public func allPhotos() throws(LibraryError) -> [Photo] {
    try read { db in try Photo.filter(Column("trashedAt") == nil).order(Column("id")).fetchAll(db) }
  }

  /// How many photos the library has (not counting the trash), and the oldest of them:
  /// what "All Photos" shows, without reading every photo.
  public func librarySummary() throws(LibraryError) -> (photoCount: Int, cover: Photo?) {
    try read { db in
      // Every photo less those in the trash (found through its index): no walk of the rows.
      let count =
        try Int.fetchOne(
          db, sql: "SELECT (SELECT COUNT(*) FROM photo) - (SELECT COUNT(*) FROM photo WHERE trashedAt IS NOT NULL)")
        ?? 0
      let cover = try Photo.filter(Column("trashedAt") == nil).order(Column("id")).fetchOne(db)
      return (count, cover)
    }
  }

  /// Whether the library has no photo at all, in the trash or out of it: one look at the
  /// photos' index, however many there are.
  public func isEmpty() throws(LibraryError) -> Bool {
    try read { db in try !(Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM photo)") ?? false) }
  }

  /// The albums in order, each with its number of photos and its first photo (its cover).
  public func albumSummaries() throws(LibraryError) -> [AlbumSummary] {
    try read { db in
      let albums = try Album.order(Column("position")).fetchAll(db)
      return try albums.map { album in
        let cover = try Photo.fetchOne(
          db,
          sql: """
            SELECT \(Photo.selectionSQL) FROM photo JOIN albumPhoto ON albumPhoto.photoId = photo.id
            WHERE albumPhoto.albumId = ? AND photo.trashedAt IS NULL ORDER BY albumPhoto.position LIMIT 1
            """, arguments: [album.id])
        let count = try album.id.map { id in try Self.visibleCount(in: id, db) } ?? 0
        return AlbumSummary(album: album, photoCount: count, cover: cover)
      }
    }
  }

  /// Where a photo's file is.
  public func url(of photo: Photo) -> URL { photosFolder.appending(path: photo.fileName) }

  // MARK: Changing

  /// Makes an album called `name` at the end of the list, or returns the one already
  /// called that.
  @discardableResult
  public func makeAlbum(named name: String) throws(LibraryError) -> Album {
    let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty else { throw .invalidName(name) }
    return try write { db in
      let id = try Self.findOrMakeAlbum(named: trimmed, in: db)
      return try Album.fetchOne(db, key: id)!
    }
  }

  /// Takes the image at `source` into the library, into `album` when one is given (at
  /// `position`, or at the end). The file is checked first: a file that is not a whole
  /// image is refused with ``LibraryError/notAnImage(_:reason:)`` and leaves no trace. A
  /// file whose bytes `album` (or, without an album, the library) already holds is skipped
  /// with ``LibraryError/alreadyThere(_:existing:album:)``, unless `allowingDuplicates`.
  /// The copy is written under a temporary name, synced, and renamed before the one
  /// transaction that records it.
  @discardableResult
  public func importPhoto(
    from source: URL, into album: Album? = nil, at position: Int? = nil, now: Date = Date(),
    allowingDuplicates: Bool = false
  ) throws(LibraryError) -> Photo {
    try importFiles([source], into: .album(album), at: position, now: now, allowingDuplicates: allowingDuplicates)[0]
      .get()
  }

  /// Takes the images at `sources` into the album called `albumName` (made with the first
  /// photo that comes in, if there is none), or into the library alone, as
  /// ``importPhoto(from:intoAlbumNamed:now:allowingDuplicates:)`` takes each: what is not
  /// an image is refused, and bytes the album already holds (or an earlier source of the
  /// same batch) are skipped unless `allowingDuplicates`. They are written and recorded
  /// `batchSize` at a time, each batch with one folder sync and one transaction, and
  /// `progress` hears each source's result as its batch ends. Returns a result for each.
  @discardableResult
  public func importPhotos(
    from sources: [URL], intoAlbumNamed albumName: String? = nil, now: Date = Date(),
    allowingDuplicates: Bool = false, batchSize: Int = 64,
    progress: (Int, Result<Photo, LibraryError>) -> Void = { _, _ in }
  ) -> [Result<Photo, LibraryError>] {
    guard let albumName else {
      return importFiles(
        sources, into: .album(nil), now: now, allowingDuplicates: allowingDuplicates, batchSize: batchSize,
        progress: progress)
    }
    let trimmed = albumName.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty else {
      let results = sources.map { _ in Result<Photo, LibraryError>.failure(.invalidName(albumName)) }
      for (index, result) in results.enumerated() { progress(index, result) }
      return results
    }
    return importFiles(
      sources, into: .named(trimmed), now: now, allowingDuplicates: allowingDuplicates, batchSize: batchSize,
      progress: progress)
  }

  /// Imports files into `destination` (from `position` on), `batchSize` at a time: each
  /// source is checked to be an image and, unless `allowingDuplicates`, not to repeat
  /// bytes the destination or an earlier source of its batch holds; then each batch is
  /// written and recorded by ``importBatch(_:into:at:now:)``. What every file import
  /// goes through, one file or many.
  private func importFiles(
    _ sources: [URL], into destination: ImportDestination, at position: Int? = nil, now: Date,
    allowingDuplicates: Bool, batchSize: Int = 64, progress: (Int, Result<Photo, LibraryError>) -> Void = { _, _ in }
  ) -> [Result<Photo, LibraryError>] {
    var results: [Result<Photo, LibraryError>] = []
    var start = 0
    while start < sources.count {
      let batch = sources[start..<min(sources.count, start + max(1, batchSize))]
      // What each source is, checked before anything is written.
      var outcomes: [Result<Photo, LibraryError>?] = []
      var items: [PendingImport] = []
      var itemIndices: [Int] = []
      var accepted: [(hash: Int64, data: Data, outcome: Int)] = []
      // Sources with the bytes of an earlier source of the batch, and that source.
      var repeats: [(outcome: Int, earlier: Int, path: String)] = []
      for source in batch {
        do throws(LibraryError) {
          let (item, data) = try checkedImport(of: source)
          if !allowingDuplicates, let data, let hash = item.contentHash {
            try refuseDuplicate(of: data, hash: hash, in: destination, named: source.path)
            if let earlier = accepted.first(where: { $0.hash == hash && $0.data == data }) {
              repeats.append((outcomes.count, earlier.outcome, source.path))
              outcomes.append(nil)
              continue
            }
            accepted.append((hash, data, outcomes.count))
          }
          itemIndices.append(outcomes.count)
          items.append(item)
          outcomes.append(nil)
        } catch {
          outcomes.append(.failure(error))
        }
      }
      let place = position.map { $0 + results.count }
      do {
        for (index, result) in zip(itemIndices, try importBatch(items, into: destination, at: place, now: now)) {
          outcomes[index] = result
        }
      } catch {
        for index in itemIndices { outcomes[index] = .failure(error) }
      }
      for (outcome, earlier, path) in repeats {
        outcomes[outcome] = outcomes[earlier]!.flatMap { photo in
          .failure(.alreadyThere(path, existing: photo, album: destination.albumName))
        }
      }
      for (offset, outcome) in outcomes.enumerated() {
        progress(start + offset, outcome!)
        results.append(outcome!)
      }
      start += batch.count
    }
    return results
  }

  /// The import of the file at `source`, checked to be a whole image, with its bytes
  /// (mapped) for the duplicate check; nil bytes when they cannot be read.
  private func checkedImport(of source: URL) throws(LibraryError) -> (PendingImport, Data?) {
    let type: ContentType
    do {
      type = try PlatformFormats.checkImageFile(source)
    } catch {
      throw .notAnImage(source.path, reason: "\(error)")
    }
    // The file is read (mapped) once for its fingerprint, and copied when it is written.
    let data = try? Data(contentsOf: source, options: .alwaysMapped)
    let item = PendingImport(
      type: type, originalName: source.lastPathComponent, contentHash: data.map(Self.contentHash(of:))
    ) { temporary in try FileManager.default.copyItem(at: source, to: temporary) }
    return (item, data)
  }

  /// Takes the image at `source` into the album called `albumName`, which is made in the
  /// same transaction as the photo when there is none: an import that brings nothing in
  /// makes no album. Otherwise as ``importPhoto(from:into:at:now:allowingDuplicates:)``.
  @discardableResult
  public func importPhoto(
    from source: URL, intoAlbumNamed albumName: String, now: Date = Date(), allowingDuplicates: Bool = false
  ) throws(LibraryError) -> Photo {
    let trimmed = albumName.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty else { throw .invalidName(albumName) }
    return try importFiles([source], into: .named(trimmed), now: now, allowingDuplicates: allowingDuplicates)[0].get()
  }

  /// Takes an image given as bytes (dropped from a browser, say) into the library, named
  /// `originalName`, as ``importPhoto(from:into:at:now:allowingDuplicates:)`` takes a file.
  @discardableResult
  public func importPhoto(
    data: Data, originalName: String, into album: Album? = nil, at position: Int? = nil, now: Date = Date(),
    allowingDuplicates: Bool = false
  ) throws(LibraryError) -> Photo {
    let item = try checkedImport(of: data, originalName: originalName)
    if !allowingDuplicates {
      try refuseDuplicate(of: data, hash: item.contentHash!, in: .album(album), named: originalName)
    }
    return try importBatch([item], into: .album(album), at: position, now: now)[0].get()
  }

  /// The import of image bytes named `originalName`, checked to be a whole image, its
  /// name given the extension of its type when it has none.
  private func checkedImport(of data: Data, originalName: String) throws(LibraryError) -> PendingImport {
    let type: ContentType
    do {
      type = try Image(validating: data).contentType
    } catch {
      throw .notAnImage(originalName, reason: "\(error)")
    }
    var name = PlatformFormats.safeFileName(originalName, fallback: "photo")
    if let fileExtension = type.preferredFilenameExtension,
      ContentType(filenameExtension: (name as NSString).pathExtension)?.conforms(to: type) != true
    {
      name += ".\(fileExtension)"
    }
    return PendingImport(type: type, originalName: name, contentHash: Self.contentHash(of: data)) { temporary in
      try data.write(to: temporary)
    }
  }

  /// The photo, not in the trash, whose bytes are those of the file at `url`, in `album`
  /// (or, without one, anywhere in the library); nil when there is none.
  public func existingCopy(ofFileAt url: URL, in album: Album?) throws(LibraryError) -> Photo? {
    guard let data = try? Data(contentsOf: url, options: .alwaysMapped) else { return nil }
    return try copy(of: data, hash: Self.contentHash(of: data), in: .album(album))
  }

  /// The photo, not in the trash, whose bytes are `data`, in `album` (or, without one,
  /// anywhere in the library); nil when there is none.
  public func existingCopy(of data: Data, in album: Album?) throws(LibraryError) -> Photo? {
    try copy(of: data, hash: Self.contentHash(of: data), in: .album(album))
  }

  /// Where an import goes: an album (or none), or the album with a name, made if needed.
  enum ImportDestination {
    case album(Album?)
    case named(String)

    /// The album's name, as errors give it; nil for the library alone.
    var albumName: String? {
      switch self {
      case .album(let album): album?.name
      case .named(let name): name
      }
    }
  }

  /// Throws ``LibraryError/alreadyThere(_:existing:album:)``, naming the import `path`,
  /// when `destination` already holds the bytes `data` (whose hash is `hash`).
  private func refuseDuplicate(
    of data: Data, hash: Int64, in destination: ImportDestination, named path: String
  ) throws(LibraryError) {
    if let existing = try copy(of: data, hash: hash, in: destination) {
      throw .alreadyThere(path, existing: existing, album: destination.albumName)
    }
  }

  /// A photo, not in the trash, with exactly the bytes `data` (whose
  /// ``contentHash(of:)`` is `hash`), in the album of `destination` (or anywhere in the
  /// library when there is no album); nil when there is none. Candidates are found by size
  /// and hash through an index, then compared byte for byte; photos recorded before hashes
  /// were kept are compared when their size matches.
  func copy(of data: Data, hash: Int64, in destination: ImportDestination) throws(LibraryError) -> Photo? {
    let candidates = try read { db -> [Photo] in
      let albumID: Int64?
      switch destination {
      case .album(nil): albumID = nil
      case .album(let album?):
        guard let id = album.id else { return [] }
        albumID = id
      case .named(let name):
        guard let id = try Int64.fetchOne(db, sql: "SELECT id FROM album WHERE name = ?", arguments: [name])
        else { return [] }
        albumID = id
      }
      let match = """
        photo.byteCount = ? AND (photo.contentHash = ? OR photo.contentHash IS NULL) AND photo.trashedAt IS NULL
        """
      guard let albumID else {
        return try Photo.fetchAll(
          db, sql: "SELECT \(Photo.selectionSQL) FROM photo WHERE \(match)", arguments: [data.count, hash])
      }
      // Driven from the photos of that size (an index), each then looked up in the album:
      // joined the other way, SQLite walked every photo of the album, 21 ms at 100,000.
      return try Photo.fetchAll(
        db,
        sql: """
          SELECT \(Photo.selectionSQL) FROM photo
          WHERE \(match)
          AND EXISTS (SELECT 1 FROM albumPhoto WHERE albumPhoto.albumId = ? AND albumPhoto.photoId = photo.id)
          """, arguments: [data.count, hash, albumID])
    }
    // Photos staged and not recorded yet: any, for the library; those staged for the
    // album, for an album.
    let staged = stagedPhotos.withLock { staged in
      staged.values.filter { entry in
        guard entry.photo.byteCount == data.count, entry.contentHash == hash else { return false }
        switch destination {
        case .album(nil): return true
        case .album(let album?): return album.id != nil && entry.albumID == album.id
        case .named: return false
        }
      }.map(\.photo)
    }
    return (candidates + staged).first { candidate in
      (try? Data(contentsOf: url(of: candidate), options: .alwaysMapped)) == data
    }
  }

  /// A 64-bit fingerprint of a photo's bytes, the same on every machine and in every run
  /// (FNV-1a over 8-byte words): what finds an import's possible duplicates in the index
  /// before any file is compared.
  static func contentHash(of data: Data) -> Int64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    data.withUnsafeBytes { bytes in
      var offset = 0
      while offset + 8 <= bytes.count {
        hash =
          (hash ^ UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))) &* 0x100_0000_01B3
        hash ^= hash >> 29
        offset += 8
      }
      while offset < bytes.count {
        hash = (hash ^ UInt64(bytes[offset])) &* 0x100_0000_01B3
        offset += 1
      }
    }
    return Int64(bitPattern: hash)
  }

  /// A photo to be written and recorded: its type, name and fingerprint, and how its
  /// file is written into a temporary file.
  struct PendingImport {
    var type: ContentType
    var originalName: String
    var contentHash: Int64?
    var fill: (URL) throws -> Void
  }

  /// Writes the files of `items` and records them, each at its place from `position` on:
  /// ``stage(_:for:)`` then ``record(_:into:at:now:)``, and the files discarded when the
  /// transaction does not commit. A result for each item: its photo, or why it is not in
  /// the library.
  private func importBatch(
    _ items: [PendingImport], into destination: ImportDestination, at position: Int?, now: Date
  ) throws(LibraryError) -> [Result<Photo, LibraryError>] {
    let stagedResults = try stage(items, for: nil)
    let staged = stagedResults.compactMap { try? $0.get() }
    let recorded: Result<[Photo], LibraryError>
    do throws(LibraryError) {
      recorded = .success(
        staged.isEmpty
          ? []
          : try record(
            staged, into: destination,
            at: staged.indices.map { offset in position.map { .index($0 + offset) } ?? .end },
            now: now))
    } catch {
      // The transaction did not commit: the files it would have named go.
      discard(staged)
      recorded = .failure(error)
    }
    var photos = ((try? recorded.get()) ?? []).makeIterator()
    return stagedResults.map { result in
      result.flatMap { _ in recorded.map { _ in photos.next()! } }
    }
  }

  // MARK: Staged imports

  /// A photo whose file the library has written, synced and named in its `photos/` folder,
  /// and that no row records yet: what ``stage(_:into:allowingDuplicates:)`` makes (off
  /// the main thread, say), and ``record(_:into:at:now:)`` then records, many in one
  /// transaction, or ``discard(_:)`` removes. Its file name is pending in the database
  /// until then, so that the next opening removes the file if the process dies first.
  public struct StagedPhoto: Sendable, Hashable {
    /// The photo as it will be recorded: its file is in place, its ``Photo/id`` is nil.
    public let photo: Photo
    let contentHash: Int64?
    /// The album it is staged for (nil: the library alone), where an import of the same
    /// bytes finds it.
    let albumID: Int64?
  }

  /// Where an import's bytes come from.
  public enum ImportSource: Sendable {
    /// An image file, copied into the library.
    case file(URL)
    /// Image bytes (dropped from a browser, say), named `originalName`.
    case data(Data, originalName: String)

    /// The name ``LibraryError/alreadyThere(_:existing:album:)`` gives it: a file's name
    /// (as the user sees it in the window), or the name given with the bytes.
    var name: String {
      switch self {
      case .file(let url): url.lastPathComponent
      case .data(_, let name): name
      }
    }
  }

  /// Checks each of `sources` and writes the files of those the library takes, without
  /// recording them, for ``record(_:into:at:now:)`` to record later: what is not an image
  /// is refused with ``LibraryError/notAnImage(_:reason:)``, and (unless
  /// `allowingDuplicates`) bytes that `album` (without one, the library) holds, or that a
  /// photo staged for it or an earlier source holds, with
  /// ``LibraryError/alreadyThere(_:existing:album:)``. The names are recorded as pending in
  /// one transaction, each file is written under a temporary name, synced and renamed, and
  /// the folder synced once. Safe to call from any thread; the slow part of an import.
  public func stage(
    _ sources: [ImportSource], into album: Album?, allowingDuplicates: Bool = false
  ) -> [Result<StagedPhoto, LibraryError>] {
    var outcomes = [Result<StagedPhoto, LibraryError>?](repeating: nil, count: sources.count)
    var items: [PendingImport] = []
    var itemIndices: [Int] = []
    var accepted: [(hash: Int64, data: Data, outcome: Int)] = []
    // Sources with the bytes of an earlier source, and that source.
    var repeats: [(outcome: Int, earlier: Int)] = []
    for (index, source) in sources.enumerated() {
      do throws(LibraryError) {
        let (item, data): (PendingImport, Data?)
        switch source {
        case .file(let url): (item, data) = try checkedImport(of: url)
        case .data(let bytes, let name): (item, data) = (try checkedImport(of: bytes, originalName: name), bytes)
        }
        if !allowingDuplicates, let data, let hash = item.contentHash {
          try refuseDuplicate(of: data, hash: hash, in: .album(album), named: source.name)
          if let earlier = accepted.first(where: { $0.hash == hash && $0.data == data }) {
            repeats.append((index, earlier.outcome))
            continue
          }
          accepted.append((hash, data, index))
        }
        items.append(item)
        itemIndices.append(index)
      } catch {
        outcomes[index] = .failure(error)
      }
    }
    do throws(LibraryError) {
      for (index, result) in zip(itemIndices, try stage(items, for: album?.id)) { outcomes[index] = result }
    } catch {
      for index in itemIndices { outcomes[index] = .failure(error) }
    }
    for (outcome, earlier) in repeats {
      outcomes[outcome] = outcomes[earlier]!.flatMap { staged in
        .failure(.alreadyThere(sources[outcome].name, existing: staged.photo, album: album?.name))
      }
    }
    return outcomes.map { $0! }
  }

  /// Photos staged and not yet recorded or discarded, by file name.
  private let stagedPhotos = Mutex<[String: StagedPhoto]>([:])

  /// Writes the files of `items` for the album `albumID`: their names recorded as
  /// pending first, in one transaction, so that a crash at any later step leaves files the
  /// next opening knows to be the library's own; each file written under a temporary name,
  /// synced and renamed; the `photos/` folder synced once. Throws when the names cannot be
  /// recorded; otherwise a result for each item.
  private func stage(
    _ items: [PendingImport], for albumID: Int64?
  ) throws(LibraryError) -> [Result<
    StagedPhoto, LibraryError
  >] {
    guard !items.isEmpty else { return [] }
    let fileNames = items.map { item in
      "\(UUID().uuidString.lowercased()).\(item.type.preferredFilenameExtension ?? (item.originalName as NSString).pathExtension)"
    }
    try reserve(fileNames)
    var results = [Result<StagedPhoto, LibraryError>?](repeating: nil, count: items.count)
    var written: [StagedPhoto] = []
    // Whole seconds, as the database keeps them; the record gives its own time.
    let now = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
    for (index, item) in items.enumerated() {
      do throws(LibraryError) {
        let byteCount = try writeDurably(
          to: photosFolder.appending(path: fileNames[index]), syncingFolder: false, item.fill)
        let photo = Photo(
          id: nil, fileName: fileNames[index], originalName: item.originalName, contentType: item.type.identifier,
          byteCount: byteCount, addedAt: now)
        written.append(StagedPhoto(photo: photo, contentHash: item.contentHash, albumID: albumID))
        results[index] = .success(written.last!)
      } catch {
        results[index] = .failure(error)
      }
    }
    removeStagedFiles(results.indices.filter { (try? results[$0]!.get()) == nil }.map { fileNames[$0] })
    do throws(LibraryError) {
      if !written.isEmpty { try syncFolderOfWrites(photosFolder) }
    } catch {
      removeStagedFiles(written.map(\.photo.fileName))
      return results.map { $0!.flatMap { _ in .failure(error) } }
    }
    stagedPhotos.withLock { staged in
      for photo in written { staged[photo.photo.fileName] = photo }
    }
    return results.map { $0! }
  }

  /// Records photos staged by ``stage(_:into:allowingDuplicates:)`` into `album` (or the
  /// library alone), in one transaction, each placed before the visible photo at its
  /// position (nil: at the end) in the album as the ones before it in `staged` have left
  /// it. Throws when the transaction does not commit; the photos stay staged, to record
  /// again or discard. Returns the recorded photos, in order.
  @discardableResult
  public func record(
    _ staged: [StagedPhoto], into album: Album?, at positions: [Int?], now: Date = Date()
  ) throws(LibraryError) -> [Photo] {
    precondition(positions.count == staged.count, "record(_:into:at:) needs one position for each staged photo")
    return try record(staged, into: .album(album), at: positions.map { $0.map(Place.index) ?? .end }, now: now)
  }

  /// Records photos staged by ``stage(_:into:allowingDuplicates:)`` into `album` (or the
  /// library alone), in one transaction, each placed just before its neighbour in
  /// `neighbours` (nil: at the end). A neighbour is found by its id, or, without one, by
  /// its file name: a photo staged and recorded earlier in this same call can be the next
  /// one's neighbour. A neighbour that is not in the album puts the photo at the end.
  ///
  /// Unlike ``record(_:into:at:now:)``, finding the place reads a few rows however large
  /// the album is: an index has to count the photos before it.
  @discardableResult
  public func record(
    _ staged: [StagedPhoto], into album: Album?, before neighbours: [Photo?], now: Date = Date()
  ) throws(LibraryError) -> [Photo] {
    precondition(
      neighbours.count == staged.count, "record(_:into:before:) needs one neighbour (or nil) for each staged photo")
    return try record(staged, into: .album(album), at: neighbours.map { $0.map(Place.before) ?? .end }, now: now)
  }

  private func record(
    _ staged: [StagedPhoto], into destination: ImportDestination, at positions: [Place], now: Date
  ) throws(LibraryError) -> [Photo] {
    let unknown = stagedPhotos.withLock { entries in staged.filter { entries[$0.photo.fileName] == nil } }
    if let first = unknown.first { throw .notStaged(first.photo.fileName) }
    let photos = try write { db in
      let albumID: Int64?
      switch destination {
      case .album(let album): albumID = album?.id
      case .named(let name): albumID = try Self.findOrMakeAlbum(named: name, in: db)
      }
      var photos: [Photo] = []
      for (entry, position) in zip(staged, positions) {
        var photo = entry.photo
        photo.addedAt = Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down))
        try Self.insert(&photo, contentHash: entry.contentHash, in: db)
        if let albumID { try Self.insert(photoID: photo.id!, into: albumID, at: position, in: db) }
        try db.execute(sql: "DELETE FROM pendingFile WHERE fileName = ?", arguments: [photo.fileName])
        photos.append(photo)
      }
      return photos
    }
    stagedPhotos.withLock { entries in
      for entry in staged { entries[entry.photo.fileName] = nil }
    }
    return photos
  }

  /// Removes the files of photos staged and not recorded, and their pending names (or, if
  /// that fails, the next opening does). Photos not staged, or recorded since, are left
  /// alone.
  public func discard(_ staged: [StagedPhoto]) {
    let names = stagedPhotos.withLock { entries in
      staged.compactMap { entries.removeValue(forKey: $0.photo.fileName)?.photo.fileName }
    }
    removeStagedFiles(names)
  }

  /// Removes the files named `fileNames` in `photos/` and their pending names.
  private func removeStagedFiles(_ fileNames: [String]) {
    guard !fileNames.isEmpty else { return }
    for name in fileNames { Self.removeFile(at: photosFolder.appending(path: name)) }
    try? release(fileNames)
  }

  /// Records `fileNames` as files about to be written, in a transaction of its own.
  private func reserve(_ fileNames: [String]) throws(LibraryError) {
    do {
      try database.write { db in
        for name in fileNames {
          try db.execute(sql: "INSERT OR IGNORE INTO pendingFile (fileName) VALUES (?)", arguments: [name])
        }
      }
    } catch {
      throw libraryError(error)
    }
    checkpoint?(.reserved)
  }

  /// Clears pending names whose files are gone (or were never written).
  private func release(_ fileNames: [String]) throws {
    guard !fileNames.isEmpty else { return }
    try database.write { db in
      for name in fileNames {
        try db.execute(sql: "DELETE FROM pendingFile WHERE fileName = ?", arguments: [name])
      }
    }
  }

  /// Inserts `photo` with the hash of its bytes (a column ``Photo`` does not carry), and
  /// gives it its id.
  static func insert(_ photo: inout Photo, contentHash: Int64?, in db: Database) throws {
    try db.execute(
      sql: """
        INSERT INTO photo (fileName, originalName, contentType, byteCount, addedAt, trashedAt, contentHash)
        VALUES (?, ?, ?, ?, ?, ?, ?)
        """,
      arguments: [
        photo.fileName, photo.originalName, photo.contentType, photo.byteCount, photo.addedAt, photo.trashedAt,
        contentHash,
      ])
    photo.id = db.lastInsertedRowID
  }

  /// The id of the album called `name`, made at the end of the list when there is none.
  static func findOrMakeAlbum(named name: String, in db: Database) throws -> Int64 {
    if let id = try Int64.fetchOne(db, sql: "SELECT id FROM album WHERE name = ?", arguments: [name]) { return id }
    let position = try Int.fetchOne(db, sql: "SELECT COALESCE(MAX(position) + 1, 0) FROM album") ?? 0
    var album = Album(id: nil, name: name, position: position)
    try album.insert(db)
    return album.id!
  }

  /// Makes an album with a name no other album has: `base`, or `base 2`, `base 3`…,
  /// holding `photos`, in one transaction.
  @discardableResult
  public func makeNewAlbum(base: String = "New Album", with photos: [Photo] = []) throws(LibraryError) -> Album {
    let trimmed = base.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty else { throw .invalidName(base) }
    let ids = try photoIDs(photos)
    return try write { db in
      let names = Set(try String.fetchAll(db, sql: "SELECT name FROM album"))
      var name = trimmed
      var number = 2
      while names.contains(name) {
        name = "\(trimmed) \(number)"
        number += 1
      }
      let position = try Int.fetchOne(db, sql: "SELECT COALESCE(MAX(position) + 1, 0) FROM album") ?? 0
      var album = Album(id: nil, name: name, position: position)
      try album.insert(db)
      for id in ids { try Self.insert(photoID: id, into: album.id!, at: nil, in: db) }
      return album
    }
  }

  /// Gives each album of `contents` exactly these photos, in this order, in one
  /// transaction: a reorder, a move between albums (both albums given), a copy, a removal,
  /// or the undo of any of them.
  ///
  /// When the photos an album keeps stay in their order (photos added or removed, as a move
  /// between albums does), only the rows that change are written, and photos in the trash
  /// stay where they were: moving 1,000 photos out of an album of 100,000 writes 1,000
  /// rows. Otherwise the album is written whole, photos in the trash after the others.
  public func setContents(_ contents: [(album: Album, photos: [Photo])]) throws(LibraryError) {
    var resolved: [(album: Album, photoIDs: [Int64])] = []
    for entry in contents { resolved.append((entry.album, try photoIDs(entry.photos))) }
    try setContents(resolved)
  }

  /// Gives each album the photos with `photoIDs`, in that order, in one transaction, as
  /// `setContents(_:)` does with the photos themselves. Throws
  /// ``LibraryError/notInLibrary`` for an album not saved, and
  /// ``LibraryError/duplicatePhotos`` for an id named twice.
  public func setContents(_ contents: [(album: Album, photoIDs: [Int64])]) throws(LibraryError) {
    var resolved: [(Int64, [Int64])] = []
    for entry in contents {
      guard let albumID = entry.album.id else { throw .notInLibrary }
      resolved.append((albumID, entry.photoIDs))
    }
    try write { db in
      for (albumID, ids) in resolved {
        if try !Self.changeRows(of: albumID, to: ids, in: db) {
          try Self.rewrite(albumID: albumID, with: ids, in: db)
        }
      }
    }
  }

  /// Gives an album `ids` by deleting and inserting rows, when the photos it keeps are in
  /// the same order and there is room between them; false, with nothing written, when not.
  /// Throws ``LibraryError/duplicatePhotos`` when `ids` names a photo twice.
  private static func changeRows(of albumID: Int64, to ids: [Int64], in db: Database) throws -> Bool {
    var rows: [(id: Int64, position: Int64)] = []
    let cursor = try GRDB.Row.fetchCursor(
      db, sql: "SELECT photoId, position FROM albumPhoto WHERE albumId = ? ORDER BY position", arguments: [albumID])
    while let row = try cursor.next() { rows.append((row[0], row[1])) }
    // Where each photo of the album is among its rows.
    var index = Dictionary(uniqueKeysWithValues: rows.enumerated().map { ($1.id, $0) })
    // One pass over `ids`: the rows they keep, in their new order, and no photo twice.
    var kept = [Bool](repeating: false, count: rows.count)
    var keptRows: [Int] = []
    var added: Set<Int64> = []
    for id in ids {
      if let at = index[id] {
        guard !kept[at] else { throw LibraryError.duplicatePhotos }
        kept[at] = true
        keptRows.append(at)
      } else {
        guard added.insert(id).inserted else { throw LibraryError.duplicatePhotos }
      }
    }
    // The kept rows that stay where they are: the longest run of them already in order.
    // Every other kept row moves, as a row removed and put in again: a photo moved within
    // an album of 100,000 writes two rows, not the album.
    var stays = [Bool](repeating: false, count: rows.count)
    for (row, inRun) in zip(keptRows, longestIncreasingSubsequence(keptRows)) where inRun { stays[row] = true }
    var moved: [Int64] = []
    for (at, row) in rows.enumerated() where kept[at] && !stays[at] {
      moved.append(row.id)
      index[row.id] = nil
    }

    // Positions for each run of new photos, between the kept photos around it.
    var inserts: [(Int64, Int64)] = []
    var run: [Int64] = []
    var previous: Int64?
    func place(before next: Int64?) -> Bool {
      defer { run.removeAll(keepingCapacity: true) }
      guard !run.isEmpty else { return true }
      let count = Int64(run.count)
      switch (previous, next) {
      case (nil, nil):
        for (index, id) in run.enumerated() { inserts.append((id, Int64(index) * positionSpacing)) }
      case (let low?, nil):
        for (index, id) in run.enumerated() { inserts.append((id, low + Int64(index + 1) * positionSpacing)) }
      case (nil, let high?):
        for (index, id) in run.enumerated() { inserts.append((id, high - (count - Int64(index)) * positionSpacing)) }
      case (let low?, let high?):
        let step = (high - low) / (count + 1)
        guard step >= 1 else { return false }
        for (index, id) in run.enumerated() { inserts.append((id, low + Int64(index + 1) * step)) }
      }
      return true
    }
    // A run goes just before the kept photo that follows it, after whatever row precedes
    // that photo, so that no two rows ever share a position.
    for id in ids {
      if let at = index[id] {
        previous = at > 0 ? rows[at - 1].position : nil
        guard place(before: rows[at].position) else { return false }
      } else {
        run.append(id)
      }
    }
    // After the last row of all.
    previous = rows.last?.position
    guard place(before: nil) else { return false }

    // Photos left out go, unless they are in the trash: those keep their places.
    let delete = try db.cachedStatement(
      sql: """
        DELETE FROM albumPhoto WHERE albumId = ? AND photoId = ?
        AND EXISTS (SELECT 1 FROM photo WHERE photo.id = albumPhoto.photoId AND photo.trashedAt IS NULL)
        """)
    for (row, isKept) in zip(rows, kept) where !isKept {
      try delete.execute(arguments: [albumID, row.id])
    }
    // Photos that move leave their rows, to come back at their new places below.
    let leave = try db.cachedStatement(sql: "DELETE FROM albumPhoto WHERE albumId = ? AND photoId = ?")
    for id in moved { try leave.execute(arguments: [albumID, id]) }
    let insert = try db.cachedStatement(sql: "INSERT INTO albumPhoto (albumId, photoId, position) VALUES (?, ?, ?)")
    for (id, position) in inserts { try insert.execute(arguments: [albumID, id, position]) }
    return true
  }

  /// Writes an album whole: `ids` in order, then its photos in the trash.
  private static func rewrite(albumID: Int64, with ids: [Int64], in db: Database) throws {
    let trashed = try Int64.fetchAll(
      db,
      sql: """
        SELECT photoId FROM albumPhoto JOIN photo ON photo.id = albumPhoto.photoId
        WHERE albumId = ? AND photo.trashedAt IS NOT NULL ORDER BY position
        """, arguments: [albumID])
    try db.execute(sql: "DELETE FROM albumPhoto WHERE albumId = ?", arguments: [albumID])
    let kept = Set(ids)
    // One statement compiled once, bound for each row: an album of 100,000 photos is
    // rewritten in a fraction of a second.
    let insert = try db.cachedStatement(sql: "INSERT INTO albumPhoto (albumId, photoId, position) VALUES (?, ?, ?)")
    for (index, id) in (ids + trashed.filter { !kept.contains($0) }).enumerated() {
      try insert.execute(arguments: [albumID, id, Int64(index) * positionSpacing])
    }
  }

  /// Deletes `album`; its photos stay in the library.
  public func deleteAlbum(_ album: Album) throws(LibraryError) {
    guard let id = album.id else { throw .notInLibrary }
    try write { db in try db.execute(sql: "DELETE FROM album WHERE id = ?", arguments: [id]) }
  }

  /// Puts the albums in this order; albums not named keep their order after these.
  public func reorderAlbums(_ albums: [Album]) throws(LibraryError) {
    var ids: [Int64] = []
    for album in albums {
      guard let id = album.id else { throw .notInLibrary }
      ids.append(id)
    }
    try write { db in
      let all = try Int64.fetchAll(db, sql: "SELECT id FROM album ORDER BY position")
      for (position, id) in (ids + all.filter { !ids.contains($0) }).enumerated() {
        try db.execute(sql: "UPDATE album SET position = ? WHERE id = ?", arguments: [position, id])
      }
    }
  }

  /// Moves `photos` to the trash: they leave every album's view at once, and
  /// ``restore(_:)`` brings them back where they were. The trash is emptied, files and
  /// all, the next time the library opens.
  public func trash(_ photos: [Photo], now: Date = Date()) throws(LibraryError) {
    let ids = try photoIDs(photos)
    try write { db in
      for id in ids {
        try db.execute(sql: "UPDATE photo SET trashedAt = ? WHERE id = ?", arguments: [now, id])
      }
    }
  }

  /// Takes `photos` out of the trash, back into their albums at their places.
  public func restore(_ photos: [Photo]) throws(LibraryError) {
    let ids = try photoIDs(photos)
    try write { db in
      for id in ids { try db.execute(sql: "UPDATE photo SET trashedAt = NULL WHERE id = ?", arguments: [id]) }
    }
  }

  private func photoIDs(_ photos: [Photo]) throws(LibraryError) -> [Int64] {
    var ids: [Int64] = []
    for photo in photos {
      guard let id = photo.id else { throw .notInLibrary }
      ids.append(id)
    }
    return ids
  }

  /// Puts `photo` at the end of `album` (a copy: it stays in its other albums); nothing
  /// happens if it is there already.
  public func add(_ photo: Photo, to album: Album) throws(LibraryError) {
    guard let photoID = photo.id, let albumID = album.id else { throw .notInLibrary }
    try write { db in try Self.append(photoID: photoID, to: albumID, in: db) }
  }

  /// Moves `photo` from `source` to the end of `destination`, in one transaction.
  public func move(_ photo: Photo, from source: Album, to destination: Album) throws(LibraryError) {
    guard let photoID = photo.id, let sourceID = source.id, let destinationID = destination.id else {
      throw .notInLibrary
    }
    try write { db in
      try db.execute(sql: "DELETE FROM albumPhoto WHERE albumId = ? AND photoId = ?", arguments: [sourceID, photoID])
      try Self.append(photoID: photoID, to: destinationID, in: db)
    }
  }

  /// Puts `album`'s photo at `source` at `destination` (an index after the removal), as a
  /// table's `moveRowAt` does.
  public func reorder(_ album: Album, from source: Int, to destination: Int) throws(LibraryError) {
    guard let albumID = album.id else { throw .notInLibrary }
    try write { db in
      let count = try Self.visibleCount(in: albumID, db)
      guard (0..<count).contains(source), (0...max(0, count - 1)).contains(destination) else {
        throw LibraryError.outOfRange(source: source, destination: destination, count: count)
      }
      guard source != destination,
        let photoID = try Int64.fetchOne(
          db, sql: Self.visibleOrder(selecting: "albumPhoto.photoId") + " LIMIT 1 OFFSET ?",
          arguments: [albumID, source])
      else { return }
      try db.execute(sql: "DELETE FROM albumPhoto WHERE albumId = ? AND photoId = ?", arguments: [albumID, photoID])
      try Self.insert(photoID: photoID, into: albumID, at: destination, in: db)
    }
  }

  /// Writes `album`'s photos into `folder`, in order, named by their place and original
  /// name (`001 Fuji.jpg`). Returns the files written, once each of them and the folder
  /// are synced to the disk.
  @discardableResult
  public func export(_ album: Album, to folder: URL) throws(LibraryError) -> [URL] {
    let photos = try photos(in: album)
    do {
      let existed = FileManager.default.fileExists(atPath: folder.path)
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      if !existed { try Self.syncFolder(folder.deletingLastPathComponent()) }
    } catch {
      throw .unwritable(folder.path, reason: Self.describe(error))
    }
    let width = max(3, String(photos.count).count)
    var written: [URL] = []
    for (index, photo) in photos.enumerated() {
      let number = String(repeating: "0", count: max(0, width - String(index + 1).count)) + String(index + 1)
      let name = "\(number) \(PlatformFormats.safeFileName(photo.originalName, fallback: "photo"))"
      let target = folder.appending(path: name)
      _ = try writeDurably(from: url(of: photo), to: target, syncingFolder: false)
      written.append(target)
    }
    // The new names, all at once.
    if !written.isEmpty { try syncFolderOfWrites(folder) }
    return written
  }

  // MARK: The first run

  /// Freely licensed photographs to start a library with: a folder of them, the album they
  /// go in, and their licence, which the library keeps beside them.
  public struct SeedSource: Sendable {
    public var album: String
    public var folder: URL
    public var licence: URL

    public init(album: String, folder: URL, licence: URL) {
      self.album = album
      self.folder = folder
      self.licence = licence
    }
  }

  /// The photographs Debian ships in `mate-backgrounds`, which `make run` installs.
  public static let seedSources = [
    SeedSource(
      album: "Nature", folder: URL(fileURLWithPath: "/usr/share/backgrounds/mate/nature", isDirectory: true),
      licence: URL(fileURLWithPath: "/usr/share/doc/mate-backgrounds/copyright"))
  ]

  /// The folder where the library keeps the licences of the photographs it was seeded with.
  public var licencesFolder: URL { folder.appending(path: "licences", directoryHint: .isDirectory) }

  /// Fills a library that has no photos yet with the photographs of `sources` that exist,
  /// one album per source, and keeps each source's licence in ``licencesFolder``. Returns
  /// how many photos came in: none when the library already has photos, or when no source
  /// is on this machine.
  @discardableResult
  public func seedIfEmpty(from sources: [SeedSource] = Library.seedSources) throws(LibraryError) -> Int {
    guard try isEmpty() else { return 0 }
    var imported = 0
    for source in sources {
      let files =
        ((try? FileManager.default.contentsOfDirectory(at: source.folder, includingPropertiesForKeys: nil))
        ?? []).filter { ["jpg", "jpeg", "png"].contains($0.pathExtension.lowercased()) }
        .sorted { $0.lastPathComponent < $1.lastPathComponent }
      guard !files.isEmpty else { continue }
      do {
        try FileManager.default.createDirectory(at: licencesFolder, withIntermediateDirectories: true)
      } catch {
        throw .unwritable(licencesFolder.path, reason: Self.describe(error))
      }
      if FileManager.default.fileExists(atPath: source.licence.path) {
        let name = PlatformFormats.safeFileName(
          "\(source.album) \(source.licence.lastPathComponent)", fallback: "licence")
        _ = try writeDurably(from: source.licence, to: licencesFolder.appending(path: name))
      }
      let album = try makeAlbum(named: source.album)
      for file in files {
        // A file the library cannot take is passed by: the rest still comes in.
        if (try? importPhoto(from: file, into: album)) != nil { imported += 1 }
      }
    }
    return imported
  }

  // MARK: Helpers

  /// The distance between neighbouring photos' positions in an album, when it is written
  /// whole: an insert takes the middle of the gap between its neighbours, so 32 inserts fit
  /// between any two photos before the album is spaced out again.
  static let positionSpacing: Int64 = 1 << 32

  /// A query for an album's visible photos (not in the trash) in order, selecting `columns`;
  /// its first argument is the album.
  private static func visibleOrder(selecting columns: String) -> String {
    """
    SELECT \(columns) FROM albumPhoto JOIN photo ON photo.id = albumPhoto.photoId
    WHERE albumPhoto.albumId = ? AND photo.trashedAt IS NULL ORDER BY albumPhoto.position
    """
  }

  /// How many photos of an album are out of the trash: the album's rows, counted on its
  /// order index, less those of the few photos in the trash, found through the trash's own
  /// index (the `CROSS JOIN` keeps SQLite from walking the album's rows instead).
  private static func visibleCount(in albumID: Int64, _ db: Database) throws -> Int {
    try Int.fetchOne(
      db,
      sql: """
        SELECT (SELECT COUNT(*) FROM albumPhoto WHERE albumId = ?1)
          - (SELECT COUNT(*) FROM photo CROSS JOIN albumPhoto ON albumPhoto.albumId = ?1 AND albumPhoto.photoId = photo.id
             WHERE photo.trashedAt IS NOT NULL)
        """, arguments: [albumID]) ?? 0
  }

  /// Puts a photo into an album before the visible photo at `index` (at the end when nil or
  /// past it); nothing happens if it is there already. It reads and writes a few rows,
  /// through the album order index, and respaces the album only when no position is left
  /// between the neighbours.
  static func insert(photoID: Int64, into albumID: Int64, at index: Int?, in db: Database) throws {
    try insert(photoID: photoID, into: albumID, at: index.map(Place.index) ?? .end, in: db)
  }

  /// Where a photo goes in an album.
  enum Place {
    /// After every photo.
    case end
    /// Before the visible photo at this index (at the end when past it): finding it counts
    /// the photos before it.
    case index(Int)
    /// Before this photo, found by its id, or without one by its file name (at the end when
    /// it is not in the album): a few rows read.
    case before(Photo)
  }

  /// Puts a photo into an album at `place`; nothing happens if it is there already. It reads
  /// and writes a few rows (and counts the photos before an index), and respaces the album
  /// only when no position is left between the neighbours.
  static func insert(photoID: Int64, into albumID: Int64, at place: Place, in db: Database) throws {
    guard try !contains(photoID: photoID, in: albumID, db) else { return }
    guard let position = try positionBefore(place, in: albumID, db) else {
      return try append(photoID: photoID, to: albumID, in: db)
    }
    try db.execute(
      sql: "INSERT INTO albumPhoto (albumId, photoId, position) VALUES (?, ?, ?)",
      arguments: [albumID, photoID, position])
  }

  /// The position in the album of the photo at `place`; nil at the end, or when there is
  /// no such photo in the album.
  private static func position(of place: Place, in albumID: Int64, _ db: Database) throws -> Int64? {
    switch place {
    case .end:
      return nil
    case .index(let index):
      return try Int64.fetchOne(
        db, sql: visibleOrder(selecting: "albumPhoto.position") + " LIMIT 1 OFFSET ?",
        arguments: [albumID, max(0, index)])
    case .before(let neighbour):
      let id =
        try neighbour.id
        ?? Int64.fetchOne(db, sql: "SELECT id FROM photo WHERE fileName = ?", arguments: [neighbour.fileName])
      guard let id else { return nil }
      return try Int64.fetchOne(
        db, sql: "SELECT position FROM albumPhoto WHERE albumId = ? AND photoId = ?", arguments: [albumID, id])
    }
  }

  /// A free position just before the photo at `place`, respacing the album if needed; nil
  /// when there is no photo there.
  private static func positionBefore(_ place: Place, in albumID: Int64, _ db: Database) throws -> Int64? {
    for attempt in 0..<2 {
      guard let next = try position(of: place, in: albumID, db) else { return nil }
      // The row just before, visible or in the trash.
      let previous =
        try Int64.fetchOne(
          db, sql: "SELECT MAX(position) FROM albumPhoto WHERE albumId = ? AND position < ?",
          arguments: [albumID, next]) ?? (next - 2 * positionSpacing)
      if next - previous >= 2 { return previous + (next - previous) / 2 }
      if attempt == 0 { try respace(around: next, in: albumID, db) }
    }
    preconditionFailure("a respaced stretch of an album has room between every two photos")
  }

  private static func contains(photoID: Int64, in albumID: Int64, _ db: Database) throws -> Bool {
    try Bool.fetchOne(
      db, sql: "SELECT EXISTS (SELECT 1 FROM albumPhoto WHERE albumId = ? AND photoId = ?)",
      arguments: [albumID, photoID]) ?? false
  }

  private static func append(photoID: Int64, to albumID: Int64, in db: Database) throws {
    guard try !contains(photoID: photoID, in: albumID, db) else { return }
    let last = try Int64.fetchOne(
      db, sql: "SELECT MAX(position) FROM albumPhoto WHERE albumId = ?", arguments: [albumID])
    try db.execute(
      sql: "INSERT INTO albumPhoto (albumId, photoId, position) VALUES (?, ?, ?)",
      arguments: [albumID, photoID, last.map { $0 + positionSpacing } ?? 0])
  }

  /// Spreads out the positions of the rows around `position`, keeping their order: a
  /// stretch of rows either side, widened (doubling) until the positions just outside it
  /// leave at least `minimumGap` between neighbours, or until it reaches an end of the
  /// album, past which there is room. A stretch of 32 rows does in most cases.
  private static func respace(around position: Int64, in albumID: Int64, _ db: Database) throws {
    let minimumGap: Int64 = 1 << 16
    var reach = 16
    while true {
      let below = try Int64.fetchAll(
        db,
        sql: "SELECT position FROM albumPhoto WHERE albumId = ? AND position < ? ORDER BY position DESC LIMIT ?",
        arguments: [albumID, position, reach + 1])
      let above = try Int64.fetchAll(
        db, sql: "SELECT position FROM albumPhoto WHERE albumId = ? AND position >= ? ORDER BY position LIMIT ?",
        arguments: [albumID, position, reach + 1])
      let low = below.count > reach ? below.last : nil
      let high = above.count > reach ? above.last : nil
      let count = Int64(min(below.count, reach) + min(above.count, reach))
      let start: Int64
      let step: Int64
      switch (low, high) {
      case (let low?, let high?):
        step = (high - low) / (count + 1)
        guard step >= minimumGap else {
          reach *= 2
          continue
        }
        start = low + step
      case (let low?, nil):
        (start, step) = (low + positionSpacing, positionSpacing)
      case (nil, let high?):
        (start, step) = (high - count * positionSpacing, positionSpacing)
      case (nil, nil):
        (start, step) = (0, positionSpacing)
      }
      // The stretch, from its first row (just above `low`), in order.
      let first = min(below.count, reach) > 0 ? below[min(below.count, reach) - 1] : position
      let ids = try Int64.fetchAll(
        db,
        sql: "SELECT photoId FROM albumPhoto WHERE albumId = ? AND position >= ? ORDER BY position, photoId LIMIT ?",
        arguments: [albumID, first, count])
      let update = try db.cachedStatement(
        sql: "UPDATE albumPhoto SET position = ? WHERE albumId = ? AND photoId = ?")
      for (index, id) in ids.enumerated() {
        try update.execute(arguments: [start + Int64(index) * step, albumID, id])
      }
      return
    }
  }

  /// Copies `source` to `destination` so that a crash leaves either nothing or the whole
  /// file: into a temporary file beside it, synced, renamed, and the folder synced. Returns
  /// the size.
  func writeDurably(from source: URL, to destination: URL, syncingFolder: Bool = true) throws(LibraryError) -> Int {
    try writeDurably(to: destination, syncingFolder: syncingFolder) { temporary in
      try FileManager.default.copyItem(at: source, to: temporary)
    }
  }

  /// Writes `destination` through `fill`, which writes a temporary file beside it; the
  /// file is synced, then renamed, then (unless `syncingFolder` is false: a cache, or a
  /// caller that syncs the folder once after many writes) its folder is synced, so that the
  /// new name survives a crash. Returns the size.
  func writeDurably(
    to destination: URL, syncingFolder: Bool = true, _ fill: (URL) throws -> Void
  ) throws(LibraryError) -> Int {
    // A deferred check of the folder removes the library's temporary files and takes in
    // photo files no row names: it runs before any file is written, never beside one.
    try finishFolderCheck()
    let temporary = destination.deletingLastPathComponent().appending(
      path: "\(Self.temporaryPrefix)\(UUID().uuidString.lowercased())")
    let size: Int
    do {
      try fill(temporary)
      checkpoint?(.copied)
      let handle = try FileHandle(forUpdating: temporary)
      try handle.synchronize()
      try handle.close()
      checkpoint?(.synced)
      size = (try FileManager.default.attributesOfItem(atPath: temporary.path)[.size] as? Int) ?? 0
      guard rename(temporary.path, destination.path) == 0 else {
        throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: destination.path])
      }
      checkpoint?(.renamed)
    } catch {
      Self.removeFile(at: temporary)
      throw .unwritable(destination.path, reason: Self.describe(error))
    }
    if syncingFolder { try syncFolderOfWrites(destination.deletingLastPathComponent()) }
    return size
  }

  /// Syncs the folder that files were just renamed into, so that their names survive a
  /// crash, and says so to the checkpoint.
  func syncFolderOfWrites(_ folder: URL) throws(LibraryError) {
    do {
      try Self.syncFolder(folder)
    } catch {
      throw .unwritable(folder.path, reason: Self.describe(error))
    }
    checkpoint?(.folderSynced)
  }

  /// Syncs a folder, so that the names just made or changed in it are on the disk.
  static func syncFolder(_ folder: URL) throws {
    let descriptor = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    defer { close(descriptor) }
    guard fsync(descriptor) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
  }

  /// Removes one file, never a folder: `unlink` refuses folders. A file already gone is
  /// no failure.
  static func removeFile(at url: URL) {
    _ = unlink(url.path)
  }

  /// The start of the names of files being written: `.writing-` and a UUID.
  static let temporaryPrefix = ".writing-"

  /// Whether `name` is one of the library's own temporary names, `.writing-` and a UUID.
  static func isTemporaryName(_ name: String) -> Bool {
    name.hasPrefix(temporaryPrefix) && UUID(uuidString: String(name.dropFirst(temporaryPrefix.count))) != nil
  }

  // MARK: Thumbnails

  static let thumbnailSuffix = ".thumbnail.png"

  /// Where the cached thumbnail of `photo` is kept.
  public func thumbnailURL(of photo: Photo) -> URL {
    thumbnailsFolder.appending(path: photo.fileName + Self.thumbnailSuffix)
  }

  /// The thumbnail of `photo` from the cache, made by `make` (PNG bytes from the photo's
  /// file) and kept when it is not there yet. Nil when the photo cannot be made into one.
  public func thumbnail(of photo: Photo, make: (URL) throws -> Data) -> Image? {
    let cached = thumbnailURL(of: photo)
    if let data = try? Data(contentsOf: cached), let image = try? Image(validating: data) { return image }
    guard let data = try? make(url(of: photo)), let image = try? Image(validating: data) else { return nil }
    _ = try? writeDurably(to: cached, syncingFolder: false) { temporary in try data.write(to: temporary) }
    return image
  }

  func read<T>(_ body: (Database) throws -> T) throws(LibraryError) -> T {
    do {
      return try database.read(body)
    } catch {
      throw libraryError(error)
    }
  }

  /// The library's error for what the database threw: as ``libraryError(_:database:)``
  /// says, and ``LibraryError/unwritable(_:reason:)`` with the system's words ("File too
  /// large", "No space left on device") when SQLite could not write its files.
  func libraryError(_ error: any Error) -> LibraryError {
    if let error = error as? DatabaseError, [.SQLITE_IOERR, .SQLITE_FULL].contains(error.resultCode) {
      let code = database.inDatabase { db in sqlite3_system_errno(db.sqliteConnection) }
      return .unwritable(
        databaseURL.path, reason: code != 0 ? String(cString: strerror(code)) : error.message ?? "\(error.resultCode)")
    }
    return Self.libraryError(error, database: databaseURL)
  }

  @discardableResult
  func write<T>(_ body: (Database) throws -> T) throws(LibraryError) -> T {
    do {
      let result = try database.write { db in
        let result = try body(db)
        checkpoint?(.recorded)
        return result
      }
      checkpoint?(.committed)
      return result
    } catch {
      throw libraryError(error)
    }
  }

  /// The library's error for `error`: itself when it is one, ``LibraryError/damaged(_:reason:)``
  /// when SQLite finds the database file damaged or not a database at all, and
  /// ``LibraryError/database(_:)`` for anything else the database refused.
  static func libraryError(_ error: any Error, database: URL) -> LibraryError {
    if let error = error as? LibraryError { return error }
    if let error = error as? DatabaseError, [.SQLITE_CORRUPT, .SQLITE_NOTADB].contains(error.resultCode) {
      return .damaged(database.path, reason: error.message ?? "\(error.resultCode)")
    }
    return .database(describe(error))
  }

  /// Words for an error: SQLite's message, or the system's for a file operation (the
  /// POSIX error under Foundation's, such as "File too large" or "No space left on device").
  static func describe(_ error: any Error) -> String {
    if let error = error as? DatabaseError { return "\(error.resultCode): \(error.message ?? "")" }
    var current = error as NSError
    for _ in 0..<8 {
      guard let underlying = current.userInfo[NSUnderlyingErrorKey] as? any Error else { break }
      current = underlying as NSError
    }
    if current.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(current.code))) }
    return error.localizedDescription
  }
}
