import AlbumsLibrary
import DragDrop
import Foundation
import Synchronization
import Testing

@testable import AlbumsUI

/// The way photos dropped from other applications reach the library: written in batches on
/// a thread of their own, the batches taking every arrival waiting, then recorded on the
/// main thread a part a turn, in the order they arrived.
@Suite struct ImportStagerTests {
  /// An item of the worker tests: a number, and the group it may be batched with.
  struct Item: Sendable, Equatable {
    let value: Int
    let group: Int
  }

  /// A gate the staging thread waits at, opened by the test.
  final class Gate: Sendable {
    let started = DispatchSemaphore(value: 0)
    let open = DispatchSemaphore(value: 0)
  }

  @Test("A batch takes every item waiting up to its size, of one group; the numbers follow the order taken")
  func batchesTakeWhatWaits() {
    let gate = Gate()
    let batches = Mutex<[(Int, [Int])]>([])
    let done = DispatchSemaphore(value: 0)
    let worker = StagingWorker<Item, [Int]>(
      batchSize: 4, sameBatch: { $0.group == $1.group },
      stage: { batch in
        if batch.first?.value == 0 {
          gate.started.signal()
          gate.open.wait()
        }
        return batch.map(\.value)
      },
      staged: { number, values in
        batches.withLock { $0.append((number, values)) }
        if values.last == 11 { done.signal() }
      })
    worker.enqueue(Item(value: 0, group: 0))
    gate.started.wait()
    // While the first batch is being staged, eleven more arrive: two groups, then the first again.
    for value in 1...11 { worker.enqueue(Item(value: value, group: value <= 6 ? 0 : value <= 8 ? 1 : 0)) }
    gate.open.signal()
    done.wait()
    let seen = batches.withLock { $0 }
    #expect(seen.map(\.0) == [0, 1, 2, 3, 4])
    #expect(seen.map(\.1) == [[0], [1, 2, 3, 4], [5, 6], [7, 8], [9, 10, 11]])

    // Idle, the worker starts again with the next item, numbering on.
    let again = DispatchSemaphore(value: 0)
    let later = StagingWorker<Item, Int>(
      batchSize: 4, sameBatch: { _, _ in true }, stage: { $0.count },
      staged: { number, count in
        batches.withLock { $0.append((number, [count])) }
        again.signal()
      })
    later.enqueue(Item(value: 0, group: 0))
    again.wait()
    later.enqueue(Item(value: 1, group: 0))
    again.wait()
    #expect(batches.withLock { Array($0.suffix(2)).map(\.0) } == [0, 1])
  }

  @Test("Forty dropped photos are recorded in order, at most recordSize a turn, each part of one album")
  @MainActor
  func arrivalsRecordInOrder() async throws {
    let root = FileManager.default.temporaryDirectory.appending(path: "albums-stager-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let library = try Library(folder: root.appending(path: "library"))
    let travel = try library.makeAlbum(named: "Travel")
    let family = try library.makeAlbum(named: "Family")
    var turns = 0
    let stager = ImportStager(library: library, batchSize: 8, recordSize: 3) { next in
      turns += 1
      Task { @MainActor in next() }
    }
    var parts: [(album: String?, tokens: [Int])] = []
    let (delivered, delivering) = AsyncStream.makeStream(of: Int.self)
    stager.deliver = { album, part in
      parts.append((album?.name, part.map(\.token)))
      for (_, result) in part {
        if let staged = try? result.get() { _ = try? library.record([staged], into: album, at: [nil]) }
      }
      delivering.yield(part.count)
    }
    // Twenty for Travel, one that could not be loaded, then nineteen for Family.
    for token in 0..<40 {
      let image = try #require(Image(data: LibraryTests.png("p\(token)")))
      let incoming: Result<AlbumsController.Incoming, any Error> =
        token == 20
        ? .failure(AlbumsError.notAFile("https://example.com/x.png"))
        : .success(.image(image, name: "p\(token).png"))
      stager.enqueue(.init(incoming: incoming, album: token < 20 ? travel : family, token: token))
    }
    #expect(!stager.isIdle)
    var count = 0
    for await part in delivered {
      count += part
      if count == 40 { break }
    }
    #expect(stager.isIdle)
    #expect(parts.flatMap(\.tokens) == Array(0..<40))
    #expect(parts.allSatisfy { $0.tokens.count <= 3 })
    #expect(turns == parts.count)
    #expect(parts.filter { $0.tokens.contains { $0 < 20 } }.allSatisfy { $0.album == "Travel" })
    #expect(parts.filter { $0.tokens.contains { $0 >= 20 } }.allSatisfy { $0.album == "Family" })
    #expect(try library.photos(in: travel).map(\.originalName) == (0..<20).map { "p\($0).png" })
    #expect(try library.photos(in: family).map(\.originalName) == (21..<40).map { "p\($0).png" })
  }
}
