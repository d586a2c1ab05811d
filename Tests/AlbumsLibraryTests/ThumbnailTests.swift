import AlbumsLibrary
import DragDrop
import DragDropLists
import DragDropTesting
import Foundation
import Synchronization
import Testing

@testable import AlbumsUI

/// Albums' thumbnails: made in the background, the latest visible first, dropped when
/// their photo scrolls out of sight before a worker is free, and kept in a bounded cache.
@MainActor
@Suite struct ThumbnailTests {
  @MainActor final class Fixture {
    let root = FileManager.default.temporaryDirectory.appending(path: "albums-thumbnails-\(UUID().uuidString)")
    let library: Library
    let photos: [Photo]

    init(photos count: Int) throws {
      let sources = root.appending(path: "sources")
      try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
      library = try Library(folder: root.appending(path: "library"))
      var photos: [Photo] = []
      for index in 0..<count {
        let url = sources.appending(path: "photo-\(index).png")
        try LibraryTests.png(url.lastPathComponent).write(to: url)
        photos.append(try library.importPhoto(from: url))
      }
      self.photos = photos
    }

    deinit {
      try? FileManager.default.removeItem(at: root)
    }

    /// A window on the library, its thumbnails made only when the test says.
    func window(pipeline: ThumbnailPipeline = .photoBytes) -> (TestWindow, AlbumsController) {
      let test = TestWindow(size: Size(width: 1100, height: 720))
      let controller = AlbumsController(
        window: test.window, library: library, thumbnails: pipeline, thumbnailScheduling: .manual)
      test.window.layoutIfNeeded()
      return (test, controller)
    }
  }

  /// The photos the grid shows now, in the grid's order.
  static func visiblePhotoIDs(_ controller: AlbumsController) -> [Int64] {
    controller.grid.indexPathsForVisibleItems.compactMap { controller.photos[$0.item].id }
  }

  @Test("Thumbnails are made off the main thread and fill the cells that show their photos")
  func madeInTheBackground() async throws {
    let fixture = try Fixture(photos: 3)
    let threads = Mutex<[Bool]>([])
    let test = TestWindow(size: Size(width: 1100, height: 720))
    let controller = AlbumsController(
      window: test.window, library: fixture.library,
      thumbnails: ThumbnailPipeline(make: { url in
        threads.withLock { $0.append(Thread.isMainThread) }
        return try Data(contentsOf: url)
      }))
    let arrivals = AsyncStream<Int64>.makeStream()
    let show = controller.thumbnails.didLoad
    controller.thumbnails.didLoad = { id, image in
      show(id, image)
      arrivals.continuation.yield(id)
    }
    test.window.layoutIfNeeded()
    let cells = controller.grid.visibleCells.compactMap { $0 as? PhotoGridCell }
    #expect(cells.count == 3)
    // Nothing was made while the cells were laid out.
    #expect(cells.allSatisfy { $0.thumbnail.image == nil })
    var arrived: Set<Int64> = []
    for await id in arrivals.stream {
      arrived.insert(id)
      if arrived == Set(fixture.photos.compactMap(\.id)) { break }
    }
    #expect(cells.allSatisfy { $0.thumbnail.image != nil })
    #expect(threads.withLock { $0 } == [false, false, false])
    // Each is kept in the library's thumbnail cache, so it is made once.
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: fixture.library.thumbnailsFolder.path).count == 3)
  }

  @Test("The latest visible photos go first; photos scrolled out of sight before their turn are skipped")
  func visibleOnesFirst() throws {
    let fixture = try Fixture(photos: 120)
    let (test, controller) = fixture.window()
    #expect(controller.openAlbum == nil)
    let top = Self.visiblePhotoIDs(controller)
    #expect(top.count >= 16 && top.count < 40, "\(top.count)")
    #expect(controller.thumbnails.queuedPhotoIDs == top.reversed())

    // Scrolled to the end before any thumbnail is made: the top ones are not worth making.
    controller.grid.contentOffset = Point(
      x: 0, y: controller.grid.contentSize.height - controller.grid.bounds.height)
    test.window.layoutIfNeeded()
    let bottom = Self.visiblePhotoIDs(controller)
    #expect(Set(bottom).isDisjoint(with: top))
    var made: [Int64] = []
    while let id = controller.thumbnails.runNextJob() { made.append(id) }
    // The oldest photo is All Photos' cover in the albums list: still in sight.
    let cover = try #require(fixture.photos.first?.id)
    #expect(made == bottom.reversed() + [cover])
    let cells = controller.grid.visibleCells.compactMap { $0 as? PhotoGridCell }
    #expect(cells.allSatisfy { $0.thumbnail.image != nil })

    // Back at the top, they are asked for again.
    controller.grid.contentOffset = .zero
    test.window.layoutIfNeeded()
    #expect(Set(controller.thumbnails.queuedPhotoIDs) == Set(top).subtracting([cover]))
  }

  @Test("At most `capacity` thumbnails are kept, the least recently shown going first")
  func boundedCache() throws {
    let fixture = try Fixture(photos: 12)
    let loader = ThumbnailLoader(
      library: fixture.library, pipeline: .photoBytes, capacity: 5, scheduling: .manual)
    for photo in fixture.photos { #expect(loader.image(for: photo) == nil) }
    loader.runAllJobs()
    #expect(loader.cachedCount == 5)
    // The last five asked for were made first (the latest first), so the first five
    // asked for were made last, and they are the ones kept.
    for photo in fixture.photos.prefix(5) { #expect(loader.image(for: photo) != nil) }
    #expect(loader.image(for: fixture.photos[11]) == nil)
    #expect(loader.queuedPhotoIDs == [fixture.photos[11].id!])
    loader.runAllJobs()
    #expect(loader.cachedCount == 5)
    #expect(loader.image(for: fixture.photos[11]) != nil)
  }

  @Test("A photo whose thumbnail cannot be made shows an empty tile, and is not tried again until asked")
  func failuresAreNotRetried() throws {
    let fixture = try Fixture(photos: 2)
    try FileManager.default.removeItem(at: fixture.library.url(of: fixture.photos[0]))
    let loader = ThumbnailLoader(library: fixture.library, pipeline: .photoBytes, scheduling: .manual)
    #expect(loader.image(for: fixture.photos[0]) == nil)
    #expect(loader.image(for: fixture.photos[1]) == nil)
    loader.runAllJobs()
    #expect(loader.image(for: fixture.photos[0]) == nil)
    #expect(loader.image(for: fixture.photos[1]) != nil)
    #expect(loader.queuedPhotoIDs.isEmpty)
    loader.retryFailures()
    #expect(loader.image(for: fixture.photos[0]) == nil)
    #expect(loader.queuedPhotoIDs == [fixture.photos[0].id!])
  }
}
