import ContentTypes
import DragDrop
import Foundation
import GRDB

extension Library {
  /// How ``Library/init(folder:mode:folderCheck:checkpoint:)`` treats the folder it is given.
  public enum OpeningMode: Sendable, Hashable {
    /// A library, or a folder that does not exist yet, is empty, or holds only what an
    /// interrupted first opening made (a `.lock` file, empty `photos/` and `thumbnails/`
    /// folders): a new library is made there. Any other folder without `library.sqlite`
    /// is refused with ``LibraryError/notALibrary(_:found:)``.
    case library
    /// Makes a library in a folder that already holds files. The images in its `photos/`
    /// folder join the library where they are (in the album called
    /// ``Library/recoveredAlbumName``), and the images elsewhere in the folder and its
    /// subfolders are imported (copied into `photos/`) into the album called
    /// ``Library/importedAlbumName``. Nothing is moved, renamed or deleted.
    case makeLibraryHere
    /// Rebuilds a library whose database is gone or damaged. A missing database is made
    /// anew; a damaged one is set aside (renamed, never deleted), and what can still be read
    /// of it (albums, photos, their order) is carried into a new one. Either way, the photo
    /// files that no row names are recovered. A sound database is opened as it is.
    case repair
  }

  /// When opening compares `photos/` with the database: removing the library's own
  /// temporary files (a write a crash interrupted) and recovering the photo files that no
  /// row names. At 150,000 photos that is a listing of the folder and a read of every file
  /// name, about a third of a second.
  public enum FolderCheck: Sendable, Hashable {
    /// Before the initializer returns.
    case whileOpening
    /// Later: at ``Library/finishFolderCheck()`` (an application calls it once its window
    /// is on screen), or before the library first writes a file, whichever comes first.
    /// Only a library opened as ``OpeningMode/library`` that already has a database defers
    /// it; a new, a made or a repaired library checks while opening.
    case deferred
  }

  /// Whether the check of `photos/` against the database is still to be done
  /// (``FolderCheck/deferred``).
  public var hasPendingFolderCheck: Bool { folderCheckPending.withLock { $0 } }

  /// Does the check of `photos/` that opening deferred, if it has not been done yet, and
  /// returns the photos it recovered (also in ``openingReport``). Safe from any thread:
  /// writes of files wait for it, and a second call returns at once with nothing.
  @discardableResult
  public func finishFolderCheck() throws(LibraryError) -> [Photo] {
    try folderCheckPending.withLock { (pending: inout Bool) throws(LibraryError) -> [Photo] in
      guard pending else { return [] }
      let recovered = try checkFolder()
      pending = false
      report.withLock { $0.recovered += recovered }
      return recovered
    }
  }

  /// The album that photos found in `photos/` without a row go in.
  public static let recoveredAlbumName = "Recovered"
  /// The album that images found in a folder made into a library go in.
  public static let importedAlbumName = "Imported"

  /// Everything in `folder` that a new library did not make: nothing for a folder that does
  /// not exist, is empty, or holds only a `.lock` file and empty `photos/` and
  /// `thumbnails/` folders. A few entries, each described ("photos/ (8 files, 1 folder)").
  static func foreignContents(of folder: URL) -> [String] {
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
    var found: [String] = []
    for entry in entries.sorted() {
      let url = folder.appending(path: entry)
      var isFolder: ObjCBool = false
      _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder)
      if isFolder.boolValue {
        let children = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        if children.isEmpty && ["photos", "thumbnails"].contains(entry) { continue }
        let folders = children.filter { child in
          var childIsFolder: ObjCBool = false
          return FileManager.default.fileExists(atPath: url.appending(path: child).path, isDirectory: &childIsFolder)
            && childIsFolder.boolValue
        }.count
        let files = children.count - folders
        var parts: [String] = []
        if files > 0 { parts.append(files == 1 ? "1 file" : "\(files) files") }
        if folders > 0 { parts.append(folders == 1 ? "1 folder" : "\(folders) folders") }
        found.append(parts.isEmpty ? "\(entry)/ (empty)" : "\(entry)/ (\(parts.joined(separator: ", ")))")
      } else {
        if entry == ".lock" { continue }
        found.append(entry)
      }
    }
    guard found.count > 6 else { return found }
    return Array(found.prefix(5)) + ["\(found.count - 5) more"]
  }

  /// What is wrong with the database at `url`: SQLite's words when it cannot be read or
  /// its integrity check finds a fault; nil when it is sound.
  static func damage(of url: URL) -> String? {
    do {
      // Opened for writing, so that SQLite first rolls back what a crash left in a hot
      // journal: a database that only needed that is sound.
      let queue = try DatabaseQueue(path: url.path)
      defer { try? queue.close() }
      let result = try queue.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
      return result == ["ok"] ? nil : result.prefix(3).joined(separator: "; ")
    } catch {
      return describe(error)
    }
  }

  /// Renames a damaged database (and its journal, if it has one) to
  /// `library.damaged-<date>.sqlite` beside it. Returns the new name.
  static func setAside(_ database: URL) throws -> URL {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "yyyyMMdd-HHmmss"
    let folder = database.deletingLastPathComponent()
    var base = "library.damaged-\(formatter.string(from: Date()))"
    var number = 2
    while FileManager.default.fileExists(atPath: folder.appending(path: base + ".sqlite").path) {
      base = "library.damaged-\(formatter.string(from: Date()))-\(number)"
      number += 1
    }
    let target = folder.appending(path: base + ".sqlite")
    for suffix in ["-journal", "-wal", "-shm"] {
      let companion = database.path + suffix
      if FileManager.default.fileExists(atPath: companion) {
        guard rename(companion, target.path + suffix) == 0 else { throw POSIXError(.EIO) }
      }
    }
    guard rename(database.path, target.path) == 0 else {
      throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
    }
    try syncFolder(folder)
    return target
  }

  /// The steps of opening that need the database: what a damaged copy still holds,
  /// interrupted changes finished, the trash emptied, unnamed photos recovered, and the
  /// images of a folder made into a library imported.
  func finishOpening(
    isNew: Bool, mode: OpeningMode, damagedCopy: URL?, defersFolderCheck: Bool
  ) throws(LibraryError) {
    var report = OpeningReport()
    report.damagedDatabase = damagedCopy
    if let damagedCopy {
      let salvaged = try salvage(from: damagedCopy)
      report.salvagedAlbums = salvaged.albums
      report.salvagedPhotos = salvaged.photos
    }
    try emptyTrash()
    report.finishedChanges = try finishPendingFiles()
    if defersFolderCheck {
      folderCheckPending.withLock { $0 = true }
    } else {
      report.recovered = try checkFolder()
    }
    if isNew && mode == .makeLibraryHere {
      report.imported = try importForeignImages()
    }
    let finished = report
    self.report.withLock { $0 = finished }
  }

  /// Removes the library's temporary files and recovers the photo files no row names;
  /// returns the photos recovered.
  private func checkFolder() throws(LibraryError) -> [Photo] {
    // `photos/` is listed once, for both steps: at 150,000 photos a listing takes tens of
    // milliseconds of the opening.
    let photoNames = FolderNames(of: photosFolder)
    removeTemporaryFiles(photoNames: photoNames)
    return try recoverUnnamedPhotos(among: photoNames)
  }

  // MARK: Interrupted changes

  /// Deletes the photos in the trash: in one transaction their rows go and their names
  /// are recorded as pending, then their files and thumbnails go (a crash before that is
  /// finished by ``finishPendingFiles()``).
  private func emptyTrash() throws(LibraryError) {
    // A read of every row of the photo table, not of the trash's index: it finds a damaged
    // table as the library opens (``LibraryError/damaged(_:reason:)``), before any change.
    let trashed = try read { db in
      try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM photo NOT INDEXED WHERE trashedAt IS NOT NULL)")
        ?? false
    }
    guard trashed else { return }
    try write { db in
      try db.execute(
        sql: "INSERT OR IGNORE INTO pendingFile (fileName) SELECT fileName FROM photo WHERE trashedAt IS NOT NULL")
      try db.execute(sql: "DELETE FROM photo WHERE trashedAt IS NOT NULL")
    }
  }

  /// Finishes what pending names say: a file written for a photo whose transaction never
  /// committed, or a file whose photo was deleted, goes with its thumbnail. These are the
  /// only photo files the library ever removes on its own. Returns how many files went.
  private func finishPendingFiles() throws(LibraryError) -> Int {
    let pending = try read { db in
      try Row.fetchAll(
        db, sql: "SELECT fileName, fileName IN (SELECT fileName FROM photo) AS taken FROM pendingFile")
    }
    guard !pending.isEmpty else { return 0 }
    var finished = 0
    for row in pending {
      let name: String = row["fileName"]
      guard !row["taken"], Self.isLibraryFileName(name) else { continue }
      Self.removeFile(at: photosFolder.appending(path: name))
      Self.removeFile(at: thumbnailsFolder.appending(path: name + Self.thumbnailSuffix))
      finished += 1
    }
    try write { db in try db.execute(sql: "DELETE FROM pendingFile") }
    return finished
  }

  /// Whether `name` has the form of the names the library gives photo files: a lowercase
  /// UUID and an extension, with no folder.
  static func isLibraryFileName(_ name: String) -> Bool {
    let parts = name.split(separator: ".", maxSplits: 1)
    guard parts.count == 2, let uuid = UUID(uuidString: String(parts[0])) else { return false }
    return uuid.uuidString.lowercased() == parts[0] && !parts[1].contains("/")
  }

  /// Removes the library's own temporary files (`.writing-` and a UUID) from `photos/`
  /// (whose names are `photoNames`) and `thumbnails/`: a write that a crash interrupted.
  /// Nothing else.
  private func removeTemporaryFiles(photoNames: FolderNames) {
    for (folder, names) in [(photosFolder, photoNames), (thumbnailsFolder, FolderNames(of: thumbnailsFolder))] {
      for index in 0..<names.count where names.hasPrefix(Self.temporaryPrefix, at: index) {
        guard let name = names.name(at: index), Self.isTemporaryName(name) else { continue }
        Self.removeFile(at: folder.appending(path: name))
      }
    }
  }

  // MARK: Recovery

  /// Puts the image files of `photos/` that no row names (an older or rebuilt database's
  /// gaps, or images put there by hand) into the album called ``recoveredAlbumName``,
  /// where they are, in one transaction. Hidden files, folders, links and what is not a
  /// whole image stay as they are, unnamed.
  private func recoverUnnamedPhotos(among photoNames: FolderNames) throws(LibraryError) -> [Photo] {
    // The folder's names in byte order, beside the rows' names in the same order (SQLite's
    // binary collation, through the unique index on them), one pass over both: no set of
    // 150,000 strings is made. The unnamed come out in name order, so that the album lists
    // them alike from one opening to the next.
    let order = photoNames.sortedIndices().filter { !photoNames.hasPrefix(".", at: $0) }
    let unnamed = try read { db in
      var unnamed: [String] = []
      var next = 0
      let rows = try String.fetchCursor(db, sql: "SELECT fileName FROM photo ORDER BY fileName")
      while let named = try rows.next() {
        var named = named
        named.withUTF8 { bytes in
          while next < order.count, photoNames.compare(at: order[next], with: bytes) < 0 {
            if let name = photoNames.name(at: order[next]) { unnamed.append(name) }
            next += 1
          }
          if next < order.count, photoNames.compare(at: order[next], with: bytes) == 0 { next += 1 }
        }
      }
      unnamed += order[next...].compactMap { photoNames.name(at: $0) }
      return unnamed
    }
    var found: [(photo: Photo, hash: Int64?)] = []
    for name in unnamed {
      let url = photosFolder.appending(path: name)
      var status = stat()
      guard lstat(url.path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { continue }
      guard let type = try? PlatformFormats.checkImageFile(url) else { continue }
      let modified = Date(timeIntervalSince1970: TimeInterval(status.st_mtim.tv_sec))
      let photo = Photo(
        id: nil, fileName: name, originalName: name, contentType: type.identifier, byteCount: Int(status.st_size),
        addedAt: modified)
      found.append((photo, (try? Data(contentsOf: url, options: .alwaysMapped)).map(Self.contentHash(of:))))
    }
    guard !found.isEmpty else { return [] }
    return try write { db in
      let albumID = try Self.findOrMakeAlbum(named: Self.recoveredAlbumName, in: db)
      var recovered: [Photo] = []
      for (var photo, hash) in found {
        try Self.insert(&photo, contentHash: hash, in: db)
        try Self.insert(photoID: photo.id!, into: albumID, at: nil, in: db)
        recovered.append(photo)
      }
      return recovered
    }
  }

  /// Imports the images of a folder being made into a library, from everywhere in it but
  /// the library's own folders and hidden files, into the album called
  /// ``importedAlbumName``. What is not an image, or is already there, is passed by.
  private func importForeignImages() throws(LibraryError) -> [Photo] {
    let own: Set<String> = ["photos", "thumbnails", "licences"]
    let enumerator = FileManager.default.enumerator(
      at: folder, includingPropertiesForKeys: [.isRegularFileKey, .isSymbolicLinkKey], options: [.skipsHiddenFiles])
    var files: [URL] = []
    while let next = enumerator?.nextObject() as? URL {
      let relative = next.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count)
        .split(separator: "/")
      if relative.count == 1, own.contains(String(relative[0])) {
        enumerator?.skipDescendants()
        continue
      }
      if relative.count == 1, relative[0].hasPrefix(Self.databaseName) || relative[0].hasPrefix("library.damaged-") {
        continue
      }
      let values = try? next.resourceValues(forKeys: [.isRegularFileKey, .isSymbolicLinkKey])
      if values?.isRegularFile == true && values?.isSymbolicLink != true { files.append(next) }
    }
    return importPhotos(from: files.sorted { $0.path < $1.path }, intoAlbumNamed: Self.importedAlbumName)
      .compactMap { try? $0.get() }
  }

  // MARK: Salvage

  /// Carries what can still be read of a damaged database into the new one, in one
  /// transaction: albums, the photos whose files are still in `photos/`, their places in
  /// albums, and pending names. Each table is read from both ends, up to the first row that
  /// cannot be read. Returns how many albums and photos came through.
  private func salvage(from damaged: URL) throws(LibraryError) -> (albums: Int, photos: Int) {
    var configuration = Configuration()
    configuration.readonly = true
    guard let old = try? DatabaseQueue(path: damaged.path, configuration: configuration) else { return (0, 0) }
    defer { try? old.close() }
    // Outside a transaction: the commit of a read transaction fails on a damaged file.
    let tables = old.inDatabase { db -> [String: [Row]] in
      var tables: [String: [Row]] = [:]
      for table in ["album", "photo", "albumPhoto", "pendingFile"] {
        tables[table] = Self.readableRows(of: table, in: db)
      }
      return tables
    }
    return try write { db in
      var albums = Set<Int64>()
      var names = Set<String>()
      for row in tables["album"] ?? [] {
        guard let id = Self.field(row, "id", as: Int64.self), let name = Self.field(row, "name", as: String.self),
          names.insert(name).inserted
        else { continue }
        let position = Self.field(row, "position", as: Int.self) ?? albums.count
        try db.execute(
          sql: "INSERT INTO album (id, name, position) VALUES (?, ?, ?)", arguments: [id, name, position])
        albums.insert(id)
      }
      var photos = Set<Int64>()
      var fileNames = Set<String>()
      for row in tables["photo"] ?? [] {
        guard let id = Self.field(row, "id", as: Int64.self),
          let fileName = Self.field(row, "fileName", as: String.self),
          !fileName.contains("/"), !fileName.hasPrefix("."),
          fileNames.insert(fileName).inserted,
          FileManager.default.fileExists(atPath: photosFolder.appending(path: fileName).path)
        else { continue }
        try db.execute(
          sql: """
            INSERT INTO photo (id, fileName, originalName, contentType, byteCount, addedAt, trashedAt, contentHash)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """,
          arguments: [
            id, fileName, Self.field(row, "originalName", as: String.self) ?? fileName,
            Self.field(row, "contentType", as: String.self) ?? ContentType.image.identifier,
            Self.field(row, "byteCount", as: Int.self) ?? 0,
            Self.field(row, "addedAt", as: Date.self) ?? Date(timeIntervalSince1970: 0),
            Self.field(row, "trashedAt", as: Date.self), Self.field(row, "contentHash", as: Int64.self),
          ])
        photos.insert(id)
      }
      for row in tables["albumPhoto"] ?? [] {
        guard let albumID = Self.field(row, "albumId", as: Int64.self),
          let photoID = Self.field(row, "photoId", as: Int64.self),
          let position = Self.field(row, "position", as: Int64.self), albums.contains(albumID), photos.contains(photoID)
        else { continue }
        try db.execute(
          sql: "INSERT OR IGNORE INTO albumPhoto (albumId, photoId, position) VALUES (?, ?, ?)",
          arguments: [albumID, photoID, position])
      }
      for row in tables["pendingFile"] ?? [] {
        guard let name = Self.field(row, "fileName", as: String.self) else { continue }
        try db.execute(sql: "INSERT OR IGNORE INTO pendingFile (fileName) VALUES (?)", arguments: [name])
      }
      return (albums.count, photos.count)
    }
  }

  /// The rows of `table` that can be read: forwards until a row cannot be, then backwards
  /// from the end until one cannot be; none when the table cannot be read at all.
  private static func readableRows(of table: String, in db: Database) -> [Row] {
    var rows: [Int64: Row] = [:]
    for order in ["ASC", "DESC"] {
      guard
        let cursor = try? Row.fetchCursor(
          db, sql: "SELECT rowid AS salvagedRowID, * FROM \(table) ORDER BY rowid \(order)")
      else { continue }
      while true {
        guard let row = try? cursor.next() else { break }
        guard let rowID = field(row, "salvagedRowID", as: Int64.self), rows[rowID] == nil else { continue }
        rows[rowID] = row.copy()
      }
    }
    return rows.keys.sorted().compactMap { rows[$0] }
  }

  /// A column's value as `type`; nil when the row lacks the column, holds NULL there, or
  /// holds something that is not a `type` (a damaged row).
  private static func field<T: DatabaseValueConvertible>(_ row: Row, _ column: String, as type: T.Type) -> T? {
    guard row.hasColumn(column), let value = row[column] as DatabaseValue? else { return nil }
    return T.fromDatabaseValue(value)
  }
}

/// What opening a library found and did.
public struct OpeningReport: Sendable, Hashable, CustomStringConvertible {
  /// Photo files that no row named, now in the album called ``Library/recoveredAlbumName``.
  public var recovered: [Photo] = []
  /// Images of a folder made into a library, imported into ``Library/importedAlbumName``.
  public var imported: [Photo] = []
  /// Pending names finished: files of interrupted imports, and of photos deleted from the
  /// trash, removed.
  public var finishedChanges = 0
  /// Where a damaged database was set aside by a repair.
  public var damagedDatabase: URL?
  /// How many albums and photos a repair carried over from the damaged database.
  public var salvagedAlbums = 0
  public var salvagedPhotos = 0

  public init() {}

  /// Whether there is anything to tell the user.
  public var isWorthTelling: Bool { !recovered.isEmpty || !imported.isEmpty || damagedDatabase != nil }

  /// A sentence or two for the user; empty when there is nothing to tell.
  public var description: String {
    var sentences: [String] = []
    if let damagedDatabase {
      sentences.append(
        "The damaged database was set aside as \(damagedDatabase.lastPathComponent); "
          + "\(salvagedAlbums) albums and \(salvagedPhotos) photos were read back from it.")
    }
    if !recovered.isEmpty {
      sentences.append(
        "\(recovered.count) photo\(recovered.count == 1 ? "" : "s") that the database did not name "
          + "\(recovered.count == 1 ? "was" : "were") put in the album \(Library.recoveredAlbumName).")
    }
    if !imported.isEmpty {
      sentences.append(
        "\(imported.count) image\(imported.count == 1 ? "" : "s") found in the folder "
          + "\(imported.count == 1 ? "was" : "were") imported into the album \(Library.importedAlbumName).")
    }
    return sentences.joined(separator: " ")
  }
}

/// The names of the entries of a folder (`.` and `..` left out), read with `readdir` and kept
/// side by side in one buffer of bytes: 160,000 names take about 8 MB, where an array of
/// strings, and a set of them to compare with, took 35. A folder that cannot be read has no
/// names.
struct FolderNames {
  private var bytes: [UInt8] = []
  /// Where each name starts in ``bytes``; the next one's start (or the end) ends it.
  private var starts: [UInt32] = []

  init(of folder: URL) {
    // Counted first, so that the buffers are made once at their size: grown by doubling,
    // they would be three times it for a moment.
    var count = 0
    var length = 0
    Self.forEachName(in: folder) { name in
      count += 1
      length += name.count
    }
    guard length < Int(UInt32.max) else { return }
    starts.reserveCapacity(count)
    bytes.reserveCapacity(length)
    Self.forEachName(in: folder) { name in
      // A name that came between the two reads makes the buffers grow: nothing is lost.
      guard bytes.count + name.count < Int(UInt32.max) else { return }
      starts.append(UInt32(bytes.count))
      bytes.append(contentsOf: name)
    }
  }

  /// Calls `body` with each entry's name but `.` and `..`.
  private static func forEachName(in folder: URL, _ body: (UnsafeRawBufferPointer.SubSequence) -> Void) {
    guard let directory = opendir(folder.path) else { return }
    defer { closedir(directory) }
    while let entry = readdir(directory) {
      withUnsafeBytes(of: entry.pointee.d_name) { raw in
        let name = raw.prefix { $0 != 0 }
        guard !(name.elementsEqual([0x2E]) || name.elementsEqual([0x2E, 0x2E])) else { return }
        body(name)
      }
    }
  }

  var count: Int { starts.count }

  private func range(_ index: Int) -> Range<Int> {
    Int(starts[index])..<(index + 1 < starts.count ? Int(starts[index + 1]) : bytes.count)
  }

  /// The name at `index`; nil when its bytes are not UTF-8 (no photo of the library's is
  /// named so).
  func name(at index: Int) -> String? {
    bytes.withUnsafeBufferPointer { all in
      String(validating: UnsafeBufferPointer(rebasing: all[range(index)]), as: UTF8.self)
    }
  }

  /// Whether the name at `index` starts with `prefix`.
  func hasPrefix(_ prefix: String, at index: Int) -> Bool {
    bytes[range(index)].starts(with: prefix.utf8)
  }

  /// The name at `index` against `other`, byte by byte, as SQLite's binary collation
  /// compares: negative when it comes first, zero when they are equal.
  func compare(at index: Int, with other: UnsafeBufferPointer<UInt8>) -> Int {
    bytes.withUnsafeBufferPointer { all in Self.compare(all, range(index), other) }
  }

  private static func compare(
    _ all: UnsafeBufferPointer<UInt8>, _ name: Range<Int>, _ other: UnsafeBufferPointer<UInt8>
  ) -> Int {
    let common = min(name.count, other.count)
    let order = common == 0 ? 0 : memcmp(all.baseAddress! + name.lowerBound, other.baseAddress!, common)
    return order != 0 ? Int(order) : name.count - other.count
  }

  /// The indices of the names, in byte order.
  func sortedIndices() -> [Int] {
    var order = Array(0..<UInt32(count))
    bytes.withUnsafeBufferPointer { all in
      order.sort { left, right in
        let other = UnsafeBufferPointer(rebasing: all[range(Int(right))])
        return Self.compare(all, range(Int(left)), other) < 0
      }
    }
    return order.map(Int.init)
  }
}
