import ContentTypes
import DragDrop
import Foundation
import GRDB

/// A photo library on disk: a folder with the photo files (`photos/`), a SQLite database
/// of albums, their order, each album's photos in order and the photos' metadata
/// (`library.sqlite`), and a thumbnail cache (`thumbnails/`).
///
/// Nothing is lost on a crash. A photo file is written under a temporary name, synced and
/// renamed before the transaction that names it commits; every change to the database is
/// one transaction. What a crash can leave behind, a temporary file or a photo file no row
/// names, is removed the next time the library opens.
public final class Library: Sendable {
  /// The library's folder.
  public let folder: URL
  let database: DatabaseQueue
  /// Told each step of a change that must survive a crash at any point: fault-injection
  /// tests stop the process there.
  let checkpoint: (@Sendable (Checkpoint) -> Void)?

  /// A step of a change after which the process may die.
  public enum Checkpoint: String, Sendable {
    /// A photo's bytes are in its temporary file.
    case copied
    /// The temporary file is synced.
    case synced
    /// The temporary file has its final name; no row names it yet.
    case renamed
    /// The rows are written, inside a transaction that has not committed.
    case recorded
    /// The transaction committed.
    case committed
  }

  /// The folder of the photo files.
  public var photosFolder: URL { folder.appending(path: "photos", directoryHint: .isDirectory) }
  /// The folder of the thumbnail cache.
  public var thumbnailsFolder: URL { folder.appending(path: "thumbnails", directoryHint: .isDirectory) }

  /// The library in the user's data folder: `$XDG_DATA_HOME/DragDrop Albums`, or
  /// `~/.local/share/DragDrop Albums`.
  public static var defaultFolder: URL {
    let environment = ProcessInfo.processInfo.environment
    let data =
      environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0, isDirectory: true) }
      ?? FileManager.default.homeDirectoryForCurrentUser.appending(path: ".local/share", directoryHint: .isDirectory)
    return data.appending(path: "DragDrop Albums", directoryHint: .isDirectory)
  }

  /// Opens the library in `folder`, making it (and its schema) when it is new, migrating an
  /// older schema, and removing what an interrupted change left behind. `checkpoint` hears
  /// each step of every change, for tests that stop the process there.
  public init(folder: URL, checkpoint: (@Sendable (Checkpoint) -> Void)? = nil) throws(LibraryError) {
    self.folder = folder
    self.checkpoint = checkpoint
    do {
      for child in [folder, folder.appending(path: "photos"), folder.appending(path: "thumbnails")] {
        try FileManager.default.createDirectory(at: child, withIntermediateDirectories: true)
      }
    } catch {
      throw .unwritable(folder.path, reason: Self.describe(error))
    }
    do {
      var configuration = Configuration()
      configuration.foreignKeysEnabled = true
      database = try DatabaseQueue(path: folder.appending(path: "library.sqlite").path, configuration: configuration)
      try Self.migrator.migrate(database)
    } catch {
      throw .database(Self.describe(error))
    }
    try collectLeftovers()
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
          SELECT photo.* FROM photo JOIN albumPhoto ON albumPhoto.photoId = photo.id
          WHERE albumPhoto.albumId = ? ORDER BY albumPhoto.position
          """, arguments: [album.id])
    }
  }

  /// Every photo, oldest first.
  public func allPhotos() throws(LibraryError) -> [Photo] {
    try read { db in try Photo.order(Column("id")).fetchAll(db) }
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
      if let existing = try Album.filter(Column("name") == trimmed).fetchOne(db) { return existing }
      let position = try Int.fetchOne(db, sql: "SELECT COALESCE(MAX(position) + 1, 0) FROM album") ?? 0
      var album = Album(id: nil, name: trimmed, position: position)
      try album.insert(db)
      return album
    }
  }

  /// Takes the image at `source` into the library, at the end of `album` when one is
  /// given. The file is checked first: a file that is not a whole image is refused with
  /// ``LibraryError/notAnImage(_:reason:)`` and leaves no trace. The copy is written under
  /// a temporary name, synced, and renamed before the one transaction that records it.
  @discardableResult
  public func importPhoto(from source: URL, into album: Album? = nil, now: Date = Date()) throws(LibraryError) -> Photo
  {
    let type: ContentType
    do {
      type = try PlatformFormats.checkImageFile(source)
    } catch {
      throw .notAnImage(source.path, reason: "\(error)")
    }
    let fileExtension = type.preferredFilenameExtension ?? source.pathExtension
    let fileName = "\(UUID().uuidString.lowercased()).\(fileExtension)"
    let destination = photosFolder.appending(path: fileName)
    let byteCount = try writeDurably(from: source, to: destination)
    do {
      return try write { db in
        var photo = Photo(
          id: nil, fileName: fileName, originalName: source.lastPathComponent, contentType: type.identifier,
          // Whole seconds, as the database keeps them.
          byteCount: byteCount, addedAt: Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down)))
        try photo.insert(db)
        if let album, let albumID = album.id {
          try Self.append(photoID: photo.id!, to: albumID, in: db)
        }
        return photo
      }
    } catch {
      // The transaction did not commit: the file it would have named goes.
      try? FileManager.default.removeItem(at: destination)
      throw error
    }
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
      try Self.renumber(albumID: sourceID, in: db)
    }
  }

  /// Puts `album`'s photo at `source` at `destination` (an index after the removal), as a
  /// table's `moveRowAt` does.
  public func reorder(_ album: Album, from source: Int, to destination: Int) throws(LibraryError) {
    guard let albumID = album.id else { throw .notInLibrary }
    try write { db in
      var ids = try Int64.fetchAll(
        db, sql: "SELECT photoId FROM albumPhoto WHERE albumId = ? ORDER BY position", arguments: [albumID])
      guard ids.indices.contains(source), (0...max(0, ids.count - 1)).contains(destination) else {
        throw LibraryError.outOfRange(source: source, destination: destination, count: ids.count)
      }
      ids.insert(ids.remove(at: source), at: destination)
      for (position, id) in ids.enumerated() {
        try db.execute(
          sql: "UPDATE albumPhoto SET position = ? WHERE albumId = ? AND photoId = ?",
          arguments: [position, albumID, id])
      }
    }
  }

  /// Writes `album`'s photos into `folder`, in order, named by their place and original
  /// name (`001 Fuji.jpg`). Returns the files written.
  @discardableResult
  public func export(_ album: Album, to folder: URL) throws(LibraryError) -> [URL] {
    let photos = try photos(in: album)
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      throw .unwritable(folder.path, reason: Self.describe(error))
    }
    let width = max(3, String(photos.count).count)
    var written: [URL] = []
    for (index, photo) in photos.enumerated() {
      let number = String(repeating: "0", count: max(0, width - String(index + 1).count)) + String(index + 1)
      let name = "\(number) \(PlatformFormats.safeFileName(photo.originalName, fallback: "photo"))"
      let target = folder.appending(path: name)
      _ = try writeDurably(from: url(of: photo), to: target)
      written.append(target)
    }
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
    guard try allPhotos().isEmpty else { return 0 }
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

  private static func append(photoID: Int64, to albumID: Int64, in db: Database) throws {
    let exists =
      try Int.fetchOne(
        db, sql: "SELECT COUNT(*) FROM albumPhoto WHERE albumId = ? AND photoId = ?", arguments: [albumID, photoID])
      ?? 0
    guard exists == 0 else { return }
    let position =
      try Int.fetchOne(
        db, sql: "SELECT COALESCE(MAX(position) + 1, 0) FROM albumPhoto WHERE albumId = ?", arguments: [albumID]) ?? 0
    try db.execute(
      sql: "INSERT INTO albumPhoto (albumId, photoId, position) VALUES (?, ?, ?)",
      arguments: [albumID, photoID, position])
  }

  private static func renumber(albumID: Int64, in db: Database) throws {
    let ids = try Int64.fetchAll(
      db, sql: "SELECT photoId FROM albumPhoto WHERE albumId = ? ORDER BY position", arguments: [albumID])
    for (position, id) in ids.enumerated() {
      try db.execute(
        sql: "UPDATE albumPhoto SET position = ? WHERE albumId = ? AND photoId = ?",
        arguments: [position, albumID, id])
    }
  }

  /// Copies `source` to `destination` so that a crash leaves either nothing or the whole
  /// file: into a temporary file beside it, synced, then renamed. Returns the size.
  private func writeDurably(from source: URL, to destination: URL) throws(LibraryError) -> Int {
    let temporary = destination.deletingLastPathComponent().appending(
      path: "\(Self.temporaryPrefix)\(UUID().uuidString.lowercased())")
    do {
      try? FileManager.default.removeItem(at: temporary)
      try FileManager.default.copyItem(at: source, to: temporary)
      checkpoint?(.copied)
      let handle = try FileHandle(forUpdating: temporary)
      try handle.synchronize()
      try handle.close()
      checkpoint?(.synced)
      let size = (try FileManager.default.attributesOfItem(atPath: temporary.path)[.size] as? Int) ?? 0
      guard rename(temporary.path, destination.path) == 0 else {
        throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: destination.path])
      }
      checkpoint?(.renamed)
      return size
    } catch {
      try? FileManager.default.removeItem(at: temporary)
      throw .unwritable(destination.path, reason: Self.describe(error))
    }
  }

  /// The start of the names of files being written.
  static let temporaryPrefix = ".writing-"

  /// Removes what an interrupted change left: temporary files, and photo files that no row
  /// names (written, but their transaction never committed).
  private func collectLeftovers() throws(LibraryError) {
    let named = Set(try allPhotos().map(\.fileName))
    let files = (try? FileManager.default.contentsOfDirectory(atPath: photosFolder.path)) ?? []
    for file in files where file.hasPrefix(Self.temporaryPrefix) || !named.contains(file) {
      try? FileManager.default.removeItem(at: photosFolder.appending(path: file))
    }
  }

  private func read<T>(_ body: (Database) throws -> T) throws(LibraryError) -> T {
    do {
      return try database.read(body)
    } catch let error as LibraryError {
      throw error
    } catch {
      throw .database(Self.describe(error))
    }
  }

  @discardableResult
  private func write<T>(_ body: (Database) throws -> T) throws(LibraryError) -> T {
    do {
      let result = try database.write { db in
        let result = try body(db)
        checkpoint?(.recorded)
        return result
      }
      checkpoint?(.committed)
      return result
    } catch let error as LibraryError {
      throw error
    } catch {
      throw .database(Self.describe(error))
    }
  }

  private static func describe(_ error: any Error) -> String {
    (error as? DatabaseError).map { "\($0.resultCode): \($0.message ?? "")" } ?? error.localizedDescription
  }
}
