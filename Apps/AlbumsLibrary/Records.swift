import Foundation
import GRDB

/// An album: a name, and its place in the list of albums.
public struct Album: Codable, Hashable, Sendable, FetchableRecord, MutablePersistableRecord {
  /// Nil until the album is saved.
  public var id: Int64?
  public var name: String
  public var position: Int

  public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

/// A photo in the library: its file in the library's folder, and what the library knows
/// of it.
public struct Photo: Codable, Hashable, Sendable, FetchableRecord, MutablePersistableRecord {
  /// Nil until the photo is saved.
  public var id: Int64?
  /// The file's name in the library's `photos/` folder.
  public var fileName: String
  /// The name the file had when it came in.
  public var originalName: String
  /// The uniform type identifier of its image type, from its bytes.
  public var contentType: String
  public var byteCount: Int
  public var addedAt: Date
  /// When the photo went to the trash; nil for a photo in the library.
  public var trashedAt: Date?

  public init(
    id: Int64?, fileName: String, originalName: String, contentType: String, byteCount: Int, addedAt: Date,
    trashedAt: Date? = nil
  ) {
    self.id = id
    self.fileName = fileName
    self.originalName = originalName
    self.contentType = contentType
    self.byteCount = byteCount
    self.addedAt = addedAt
    self.trashedAt = trashedAt
  }

  /// The columns, in the order every query of the library selects them.
  public static var databaseSelection: [any SQLSelectable] {
    [
      Column("id"), Column("fileName"), Column("originalName"), Column("contentType"), Column("byteCount"),
      Column("addedAt"), Column("trashedAt"),
    ]
  }

  /// ``databaseSelection`` for a query written in SQL.
  static let selectionSQL =
    "photo.id, photo.fileName, photo.originalName, photo.contentType, photo.byteCount, photo.addedAt, photo.trashedAt"

  /// A photo from a row that selects ``databaseSelection``, read by position: an album of
  /// 100,000 photos reads in a quarter of the time that decoding by column name takes.
  public init(row: Row) throws {
    guard row.count == 7 else {
      throw DatabaseError(
        message: "a photo row has 7 columns, in the order of Photo.databaseSelection; this one has \(row.count)")
    }
    id = row[0]
    fileName = row[1]
    originalName = row[2]
    contentType = row[3]
    byteCount = row[4]
    addedAt = row[5]
    trashedAt = row[6]
  }

  public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

/// An album as the albums list shows it: the album, how many photos it holds, and the
/// first of them, its cover.
public struct AlbumSummary: Hashable, Sendable {
  public var album: Album
  public var photoCount: Int
  public var cover: Photo?
}

/// Why a library could not do what it was asked. Nothing was changed.
public enum LibraryError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file is not a whole image.
  case notAnImage(String, reason: String)
  /// A folder or file could not be written: a read-only or full disk, say.
  case unwritable(String, reason: String)
  /// The database refused: its message.
  case database(String)
  /// An album needs a name that is not blank.
  case invalidName(String)
  /// The album or photo was never saved in this library.
  case notInLibrary
  /// A reorder named a place the album does not have.
  case outOfRange(source: Int, destination: Int, count: Int)
  /// No album has that name.
  case noSuchAlbum(String)
  /// Another program (another Albums, most likely) has the library open.
  case inUse(String)
  /// The same photo was given twice for one album.
  case duplicatePhotos
  /// The folder holds files (listed, a few of them) but no `library.sqlite`: it is not a
  /// library, and was left as it was. ``Library/OpeningMode/repair`` rebuilds a library
  /// from the photos in its `photos/` folder, and ``Library/OpeningMode/makeLibraryHere``
  /// makes one there that imports the images it holds.
  case notALibrary(String, found: [String])
  /// The database file is damaged, or is not a database: SQLite's words.
  /// ``Library/OpeningMode/repair`` sets it aside and rebuilds the library.
  case damaged(String, reason: String)
  /// The image's bytes are already in the album (or, for an import into no album, in the
  /// library): the photo that holds them. Nothing was written.
  case alreadyThere(String, existing: Photo, album: String?)
  /// The photo file named is not staged in this library: it was never staged here, or it
  /// was recorded or discarded already.
  case notStaged(String)

  public var description: String {
    switch self {
    case .notAnImage(let path, let reason): "\(path) is not an image the library can take: \(reason)"
    case .unwritable(let path, let reason): "cannot write \(path): \(reason)"
    case .database(let message): "the library's database refused the change: \(message)"
    case .invalidName(let name): "an album needs a name; \"\(name)\" is blank"
    case .notInLibrary: "the album or photo is not in this library"
    case .outOfRange(let source, let destination, let count):
      "cannot move place \(source) to \(destination) in an album of \(count) photos"
    case .noSuchAlbum(let name): "no album is called \"\(name)\""
    case .inUse(let path): "the library at \(path) is open in another Albums; close it first"
    case .duplicatePhotos: "a photo can be in an album only once"
    case .notALibrary(let path, let found):
      """
      \(path) is not an Albums library: it has no library.sqlite, and it holds \(found.joined(separator: ", ")). \
      Nothing was changed. `Albums repair` makes a library of the photos in its photos/ folder; \
      `--make-library` makes a library there that imports the images it holds.
      """
    case .damaged(let path, let reason):
      "the library's database \(path) is damaged (\(reason)); `Albums repair` sets it aside and rebuilds the library"
    case .alreadyThere(let path, let existing, let album):
      "\(path) is already in \(album ?? "the library") (as \(existing.originalName)); skipped"
    case .notStaged(let fileName):
      "\(fileName) is not a photo staged in this library: it was recorded or discarded already, or staged elsewhere"
    }
  }
}
