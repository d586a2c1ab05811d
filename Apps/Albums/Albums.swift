import AlbumsLibrary
import ArgumentParser
import Foundation

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
    subcommands: [Import.self, Export.self, List.self], defaultSubcommand: List.self)
}

/// Where the library is.
struct LibraryOption: ParsableArguments {
  @Option(help: "The library's folder.")
  var library: String?

  func open() throws -> Library {
    try Library(folder: library.map { URL(fileURLWithPath: $0, isDirectory: true) } ?? Library.defaultFolder)
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

  @Option(help: "The album to put them in (made if there is none).")
  var album: String?

  @Argument(help: "Image files or folders of them.")
  var paths: [String]

  func run() throws {
    let library = try options.open()
    let album = try self.album.map { try library.makeAlbum(named: $0) }
    let files = paths.flatMap { Self.files(at: URL(fileURLWithPath: $0)) }
    var refused = 0
    for (index, file) in files.enumerated() {
      do {
        try library.importPhoto(from: file, into: album)
        print("[\(index + 1)/\(files.count)] \(file.path)")
      } catch {
        refused += 1
        FileHandle.standardError.write(Data("[\(index + 1)/\(files.count)] refused: \(error)\n".utf8))
      }
    }
    print("imported \(files.count - refused) of \(files.count)\(album.map { " into \($0.name)" } ?? "")")
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
    print("library: \(library.folder.path) (\(try library.allPhotos().count) photos)")
    for album in try library.albums() {
      let photos = try library.photos(in: album)
      print("\(album.name): \(photos.map(\.originalName).joined(separator: ", "))")
    }
  }
}
