import DragDrop
import Foundation
import GRDB
import TestSupport
import Testing

@testable import AlbumsLibrary

/// Imports in two steps: files staged (written, synced, named, their names pending), then
/// recorded many in one transaction, or discarded; and what a crash between the two leaves.
@Suite final class StagedImportTests {
  let root: URL
  let folder: URL

  init() throws {
    root = FileManager.default.temporaryDirectory.appending(path: "albums-staged-\(UUID().uuidString)")
    folder = root.appending(path: "library")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: root) }

  func pendingNames(_ library: Library) throws -> [String] {
    try library.database.read { db in try String.fetchAll(db, sql: "SELECT fileName FROM pendingFile ORDER BY 1") }
  }

  func photoFiles(_ library: Library) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: library.photosFolder.path).sorted()
  }

  func stage(_ library: Library, _ labels: [String], into album: Album?) throws -> [Library.StagedPhoto] {
    try library.stage(labels.map { .data(LibraryTests.png($0), originalName: $0) }, into: album).map { try $0.get() }
  }

  @Test("A staged photo's file is in place with its name pending and no row; recording names it and clears the name")
  func stageThenRecord() throws {
    let library = try Library(folder: folder)
    let travel = try library.makeAlbum(named: "Travel")
    let first = try library.importPhoto(data: LibraryTests.png("first"), originalName: "first", into: travel)
    let staged = try stage(library, ["a", "b"], into: travel)
    #expect(staged.map(\.photo.originalName) == ["a.png", "b.png"])
    #expect(staged.allSatisfy { $0.photo.id == nil })
    #expect(try photoFiles(library) == [first.fileName, staged[0].photo.fileName, staged[1].photo.fileName].sorted())
    #expect(try pendingNames(library) == staged.map(\.photo.fileName).sorted())
    #expect(try library.photos(in: travel) == [first])

    let recorded = try library.record(staged, into: travel, at: [0, nil])
    #expect(recorded.map(\.originalName) == ["a.png", "b.png"])
    #expect(recorded.allSatisfy { $0.id != nil })
    #expect(try library.photos(in: travel).map(\.originalName) == ["a.png", "first.png", "b.png"])
    #expect(try pendingNames(library).isEmpty)
    // Recorded once: a second record, or a discard, names the problem and changes nothing.
    #expect(throws: LibraryError.notStaged(staged[0].photo.fileName)) {
      try library.record([staged[0]], into: travel, at: [nil])
    }
    library.discard(staged)
    #expect(try photoFiles(library).count == 3)
  }

  @Test("A discarded photo's file and pending name go; recording it then is refused by name")
  func discard() throws {
    let library = try Library(folder: folder)
    let staged = try stage(library, ["a"], into: nil)
    library.discard(staged)
    #expect(try photoFiles(library).isEmpty)
    #expect(try pendingNames(library).isEmpty)
    #expect(throws: LibraryError.notStaged(staged[0].photo.fileName)) {
      try library.record(staged, into: nil, at: [nil])
    }
    #expect(try library.allPhotos().isEmpty)
  }

  @Test("Bytes the album holds, bytes staged for it and not recorded, and a repeat within one stage are refused")
  func duplicatesAmongStaged() throws {
    let library = try Library(folder: folder)
    let travel = try library.makeAlbum(named: "Travel")
    let family = try library.makeAlbum(named: "Family")
    let held = try library.importPhoto(data: LibraryTests.png("held"), originalName: "held", into: travel)
    let waiting = try stage(library, ["waiting"], into: travel)
    let results = library.stage(
      [
        .data(LibraryTests.png("held"), originalName: "again"),
        .data(LibraryTests.png("waiting"), originalName: "twice"),
        .data(LibraryTests.png("new"), originalName: "new"),
        .data(LibraryTests.png("new"), originalName: "new copy"),
        .data(Data("<html>".utf8), originalName: "page.html"),
      ], into: travel)
    guard results.count == 5 else {
      Issue.record("\(results)")
      return
    }
    #expect(throws: LibraryError.alreadyThere("again", existing: held, album: "Travel")) { try results[0].get() }
    #expect(throws: LibraryError.alreadyThere("twice", existing: waiting[0].photo, album: "Travel")) {
      try results[1].get()
    }
    let new = try results[2].get()
    #expect(throws: LibraryError.alreadyThere("new copy", existing: new.photo, album: "Travel")) {
      try results[3].get()
    }
    #expect {
      try results[4].get()
    } throws: { error in
      if case .notAnImage("page.html", _) = error as? LibraryError { true } else { false }
    }
    // Another album takes the same bytes; the library alone holds every staged photo.
    #expect(try stage(library, ["waiting"], into: family).count == 1)
    let refused = library.stage([.data(LibraryTests.png("waiting"), originalName: "w")], into: nil)
    if case .failure(.alreadyThere("w", let existing, album: nil)) = refused.first {
      #expect(existing.originalName == "waiting.png" && existing.id == nil)
    } else {
      Issue.record("\(refused)")
    }
  }

  @Test(
    "Photos recorded at places, each as the ones before it left the album, land as in a plain array",
    arguments: [11, 12, 13] as [UInt64])
  func recordPlacesMatchAnArray(seed: UInt64) throws {
    let library = try Library(folder: folder)
    let album = try library.makeAlbum(named: "Travel")
    var generator = SeededGenerator(state: seed)
    var model: [String] = []
    try stageRounds(library, into: album, using: &generator) { round, staged, generator in
      var positions: [Int?] = []
      for index in staged.indices {
        let count = model.count
        let position: Int? = Bool.random(using: &generator) ? nil : Int.random(in: 0...count + 2, using: &generator)
        positions.append(position)
        // Past the end, or nil: at the end.
        model.insert(staged[index].photo.originalName, at: min(position ?? count, count))
      }
      try library.record(staged, into: album, at: positions)
      #expect(try library.photos(in: album).map(\.originalName) == model, "round \(round)")
    }
  }

  /// Twelve rounds, each staging one to eight new photos for `album` and handing them to
  /// `body` with the round's number.
  func stageRounds(
    _ library: Library, into album: Album, using generator: inout SeededGenerator,
    _ body: (Int, [Library.StagedPhoto], inout SeededGenerator) throws -> Void
  ) throws {
    for round in 0..<12 {
      let labels = (0..<Int.random(in: 1...8, using: &generator)).map { "\(round)-\($0)" }
      try body(round, try stage(library, labels, into: album), &generator)
    }
  }

  @Test(
    "Photos recorded before neighbours (recorded ones, ones of the same call without ids, or strangers) land as in an array",
    arguments: [21, 22, 23] as [UInt64])
  func recordBeforeNeighboursMatchesAnArray(seed: UInt64) throws {
    let library = try Library(folder: folder)
    let album = try library.makeAlbum(named: "Travel")
    let elsewhere = try library.makeAlbum(named: "Elsewhere")
    let stranger = try library.record(try stage(library, ["stranger"], into: elsewhere), into: elsewhere, at: [nil])[0]
    var generator = SeededGenerator(state: seed)
    // What the grid holds: photos recorded (with ids) and, within a call, staged ones.
    var model: [Photo] = []
    var lastIndex = 0
    try stageRounds(library, into: album, using: &generator) { round, staged, generator in
      var neighbours: [Photo?] = []
      for entry in staged {
        let index: Int
        switch Int.random(in: 0..<10, using: &generator) {
        case 0..<2: index = model.count  // at the end
        case 2..<5: index = min(lastIndex, model.count)  // crowding one gap, so the album respaces
        default: index = Int.random(in: 0...model.count, using: &generator)
        }
        lastIndex = index
        if index == model.count && Bool.random(using: &generator) {
          neighbours.append(stranger)  // not in the album: at the end
        } else {
          neighbours.append(index < model.count ? model[index] : nil)
        }
        model.insert(entry.photo, at: index)
      }
      let recorded = try library.record(staged, into: album, before: neighbours)
      let ids = Dictionary(uniqueKeysWithValues: recorded.map { ($0.fileName, $0) })
      model = model.map { ids[$0.fileName] ?? $0 }
      #expect(try library.photos(in: album).map(\.fileName) == model.map(\.fileName), "round \(round)")
    }
    #expect(try library.photos(in: elsewhere).map(\.id) == [stranger.id])
  }

  @Test(
    "Forty photos of one call, each recorded before the one before it, fill a gap past its room: the album respaces")
  func recordBeforeNeighboursRespaces() throws {
    let library = try Library(folder: folder)
    let album = try library.makeAlbum(named: "Travel")
    let ends = try library.record(try stage(library, ["first", "last"], into: album), into: album, at: [nil, nil])
    let staged = try stage(library, (0..<40).map { "n\($0)" }, into: album)
    // Each goes just before "last" or before the one recorded just before it, so all of
    // them share the one gap between "first" and "last".
    let neighbours: [Photo?] = staged.indices.map { $0 == 0 ? ends[1] : staged[$0 - 1].photo }
    try library.record(staged, into: album, before: neighbours)
    #expect(
      try library.photos(in: album).map(\.originalName)
        == ["first.png"] + (0..<40).reversed().map { "n\($0).png" } + ["last.png"])
  }

  @Test("A library that closes with photos staged and not recorded removes their files when it next opens")
  func stagedAndNeverRecordedGoAtTheNextOpening() throws {
    let kept: Photo
    let stagedNames: [String]
    do {
      let library = try Library(folder: folder)
      kept = try library.importPhoto(data: LibraryTests.png("kept"), originalName: "kept")
      stagedNames = try stage(library, ["a", "b"], into: nil).map(\.photo.fileName)
      #expect(try photoFiles(library).count == 3)
    }
    let again = try Library(folder: folder)
    #expect(try photoFiles(again) == [kept.fileName])
    #expect(try pendingNames(again).isEmpty)
    #expect(try again.allPhotos() == [kept])
    #expect(!stagedNames.isEmpty)
  }

  @Test("Stages run on another thread than the records, one batch after another")
  func stagesOffTheMainThread() async throws {
    let library = try Library(folder: folder)
    let album = try library.makeAlbum(named: "Travel")
    var recorded = 0
    for batch in 0..<5 {
      let labels = (0..<8).map { "\(batch)-\($0)" }
      let staged = try await Task.detached {
        try library.stage(labels.map { .data(LibraryTests.png($0), originalName: $0) }, into: album).map {
          try $0.get()
        }
      }.value
      recorded += try library.record(staged, into: album, at: staged.map { _ in nil }).count
    }
    #expect(recorded == 40)
    #expect(try library.photos(in: album).count == 40)
    #expect(try pendingNames(library).isEmpty)
  }
}
