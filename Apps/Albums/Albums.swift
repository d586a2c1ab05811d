import AlbumsLibrary
import ArgumentParser
import Foundation
import Synchronization

/// Albums: a photo library of albums, on real folders of photos. These commands work on the
/// library from the command line.
@main
struct Albums: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "A photo library of albums, kept in a folder with a SQLite database.",
    discussion: """
      The library is in $XDG_DATA_HOME/DragDrop Albums (~/.local/share/DragDrop Albums) unless \
      --library names another folder.
      """,
    subcommands: [Open.self, Import.self, Export.self, List.self, Move.self, Reorder.self, Seed.self, Repair.self],
    defaultSubcommand: Open.self
  )
}

/// Where the library is.
struct LibraryOption: ParsableArguments, Sendable {
  @Option(help: "The library's folder.")
  var library: String?

  @Flag(
    help: """
      Make a library in a folder that already holds files: the images in its photos/ folder join it where they are, \
      and the images elsewhere in it are imported. Without it, such a folder is refused and left as it was.
      """)
  var makeLibrary = false

  /// Fault injection for the crash tests: the process kills itself (SIGKILL) at the Nth
  /// step of the changes it makes (a file copied, synced or renamed, a transaction
  /// committed).
  @Option(help: .hidden)
  var crashAt: Int?

  /// Opens the library, `mode` unless `--make-library` asks for a new library in a folder
  /// that holds files, and tells on standard error what opening it recovered.
  /// `folderCheck` says when `photos/` is compared with the database (the window defers it
  /// until it is on screen).
  func open(mode: Library.OpeningMode = .library, folderCheck: Library.FolderCheck = .whileOpening) throws -> Library {
    // A write past a file size limit fails with an error the library reports, rather than
    // killing the process.
    signal(SIGXFSZ, SIG_IGN)
    let folder = library.map { URL(fileURLWithPath: $0, isDirectory: true) } ?? Library.defaultFolder
    let mode = makeLibrary && mode == .library ? .makeLibraryHere : mode
    let opened: Library
    if let crashAt {
      let steps = Mutex(0)
      opened = try Library(folder: folder, mode: mode, folderCheck: folderCheck) { _ in
        let step = steps.withLock {
          $0 += 1
          return $0
        }
        if step == crashAt { kill(getpid(), SIGKILL) }
      }
    } else {
      opened = try Library(folder: folder, mode: mode, folderCheck: folderCheck)
    }
    if opened.openingReport.isWorthTelling { printError("\(opened.openingReport)") }
    return opened
  }
}

/// Prints a line on standard error.
func printError(_ line: String) {
  try? FileHandle.standardError.write(contentsOf: Data((line + "\n").utf8))
}

/// `Albums repair`: a library rebuilt when its database is gone or damaged.
struct Repair: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Rebuilds a library whose database is missing or damaged, from its photos.",
    discussion: """
      A damaged database is set aside (renamed library.damaged-DATE.sqlite, never deleted) and what can still be \
      read of it is carried into a new one. Photos that the database does not name go in the album Recovered. A sound \
      library is left as it is.
      """)

  @OptionGroup var options: LibraryOption

  func run() throws {
    let library = try options.open(mode: .repair)
    let report = library.openingReport
    let summary = try library.librarySummary()
    print(
      report.isWorthTelling
        ? "repaired \(library.folder.path): \(summary.photoCount) photos in \(try library.albums().count) album(s)"
        : "nothing to repair: \(library.folder.path) is sound (\(summary.photoCount) photos)")
  }
}

/// `Albums seed`: a new library's first photographs.
struct Seed: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Fills an empty library with the photographs Debian ships (mate-backgrounds), with their licence.")

  @OptionGroup var options: LibraryOption

  func run() throws {
    let library = try options.open()
    let count = try library.seedIfEmpty()
    print(
      count > 0
        ? "seeded \(count) photos; their licence is in \(library.licencesFolder.path)"
        : "nothing to seed: the library has photos, or mate-backgrounds is not installed")
  }
}

/// `Albums move PHOTO FROM TO`: a photo from one album to another.
struct Move: ParsableCommand {
  static let configuration = CommandConfiguration(abstract: "Moves a photo, by its original name, to another album.")

  @OptionGroup var options: LibraryOption

  @Argument(help: "The photo's original file name.")
  var photo: String
  @Argument(help: "The album it is in.")
  var from: String
  @Argument(help: "The album it goes to (made if there is none).")
  var to: String

  func run() throws {
    let library = try options.open()
    guard let source = try library.album(named: from) else { throw LibraryError.noSuchAlbum(from) }
    guard let photo = try library.photos(in: source).first(where: { $0.originalName == self.photo }) else {
      throw ValidationError("no photo called \(self.photo) in \(from)")
    }
    try library.move(photo, from: source, to: try library.makeAlbum(named: to))
    print("moved \(photo.originalName) from \(from) to \(to)")
  }
}

/// `Albums reorder ALBUM FROM TO`: a photo to another place in its album.
struct Reorder: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Moves the photo at one place of an album to another (places count from 1).")

  @OptionGroup var options: LibraryOption

  @Argument(help: "The album.")
  var album: String
  @Argument(help: "The photo's place.")
  var from: Int
  @Argument(help: "Its new place.")
  var to: Int

  func run() throws {
    let library = try options.open()
    guard let album = try library.album(named: album) else { throw LibraryError.noSuchAlbum(album) }
    try library.reorder(album, from: from - 1, to: to - 1)
    print("moved place \(from) of \(album.name) to \(to)")
  }
}

/// `Albums import PATH…`: files and folders of images into the library.
struct Import: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Adds image files, and the images in folders, to the library.",
    discussion:
      "What is not an image is refused with a message; the rest comes in. The exit status is 1 if anything was refused."
  )

  @OptionGroup var options: LibraryOption

  @Option(help: "The album to put them in (made with the first photo that comes in, if there is none).")
  var album: String?

  @Flag(help: "Import photos whose bytes the album (or the library) already holds; they are skipped otherwise.")
  var allowDuplicates = false

  @Argument(help: "Image files or folders of them.")
  var paths: [String]

  func run() throws {
    let library = try options.open()
    let files = paths.flatMap { Self.files(at: URL(fileURLWithPath: $0)) }
    var refused = 0
    var skipped = 0
    library.importPhotos(from: files, intoAlbumNamed: album, allowingDuplicates: allowDuplicates) { index, result in
      let step = "[\(index + 1)/\(files.count)]"
      switch result {
      case .success:
        print("\(step) \(files[index].path)")
      case .failure(.alreadyThere(let path, let existing, let album)):
        skipped += 1
        print(
          "\(step) skipped: \(path) is already in \(album ?? "the library") (as \(existing.originalName)); "
            + "--allow-duplicates imports it anyway")
      case .failure(let error):
        refused += 1
        printError("\(step) refused: \(error)")
      }
    }
    let count = files.count - refused - skipped
    print(
      "imported \(count) of \(files.count)\(count > 0 ? album.map { " into \($0)" } ?? "" : "")"
        + (skipped > 0 ? "; \(skipped) already there" : ""))
    if refused > 0 { throw ExitCode.failure }
  }

  /// The file at `url`, or the files in the folder at `url` and its subfolders, by name.
  static func files(at url: URL) -> [URL] {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue else {
      return [url]
    }
    let enumerator = FileManager.default.enumerator(
      at: url, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
    var files: [URL] = []
    while let next = enumerator?.nextObject() as? URL {
      if (try? next.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true { files.append(next) }
    }
    return files.sorted { $0.path < $1.path }
  }
}

/// `Albums export ALBUM DIR`: an album's photos into a folder.
struct Export: ParsableCommand {
  static let configuration = CommandConfiguration(abstract: "Writes an album's photos into a folder, in order.")

  @OptionGroup var options: LibraryOption

  @Argument(help: "The album.")
  var album: String

  @Argument(help: "The folder to write to (made if needed).")
  var folder: String

  func run() throws {
    let library = try options.open()
    guard let album = try library.album(named: album) else { throw LibraryError.noSuchAlbum(album) }
    let written = try library.export(album, to: URL(fileURLWithPath: folder, isDirectory: true))
    print("exported \(written.count) photos of \(album.name) to \(folder)")
  }
}

/// `Albums list`: the albums and their photos.
struct List: ParsableCommand {
  static let configuration = CommandConfiguration(abstract: "Lists the albums and their photos.")

  @OptionGroup var options: LibraryOption

  func run() throws {
    let library = try options.open()
    print("library: \(library.folder.path) (\(try library.librarySummary().photoCount) photos)")
    for album in try library.albums() {
      let photos = try library.photos(in: album)
      print("\(album.name): \(photos.map(\.originalName).joined(separator: ", "))")
    }
  }
}
