import AlbumsLibrary
import DequeModule
import Foundation

/// Images and image files that arrived from other applications, on their way into the
/// library: written off the main thread a batch at a time (``Library/stage(_:into:allowingDuplicates:)``:
/// the checks, the copies and their syncs), then handed back to the main thread one batch
/// a turn, each turn after the window has drawn, to be recorded in one transaction.
///
/// Writing a photo durably costs milliseconds of syncs; done on the main thread, eight at a
/// time, it held frames back by a tenth of a second while a thousand photos came in.
@MainActor
final class ImportStager {
  /// An item that arrived: what it is (or why it could not be loaded), and the album it
  /// goes into. `token` gives it back with its result.
  struct Arrival {
    let incoming: Result<AlbumsController.Incoming, any Error>
    let album: Album?
    let token: Int
  }

  /// How many arrivals are staged together.
  let batchSize: Int
  private let library: Library
  private var waiting = Deque<Arrival>()
  /// Whether a batch is being staged now.
  private var staging = false
  /// Batches staged, waiting for their turn on the main thread.
  private let turns: PacedQueue
  /// Hears each batch, all of one album, in the order the items arrived, after `yield`
  /// (the window's chance to draw).
  var deliver:
    @MainActor (_ album: Album?, _ batch: [(token: Int, result: Result<Library.StagedPhoto, any Error>)]) ->
      Void = { _, _ in }
  /// How many arrivals have not been delivered yet.
  private(set) var pending = 0

  init(library: Library, batchSize: Int = 8, yield: @escaping @MainActor (@escaping @MainActor () -> Void) -> Void) {
    self.library = library
    self.batchSize = max(1, batchSize)
    turns = PacedQueue(batch: 1, yield: yield)
  }

  /// Whether nothing is waiting, being staged or waiting to be delivered.
  var isIdle: Bool { pending == 0 }

  func enqueue(_ arrival: Arrival) {
    pending += 1
    waiting.append(arrival)
    stageNext()
  }

  /// Stages the next batch, of arrivals for the same album, off the main thread.
  private func stageNext() {
    guard !staging, let first = waiting.first else { return }
    var batch: [Arrival] = []
    while batch.count < batchSize, let next = waiting.first, next.album?.id == first.album?.id {
      batch.append(waiting.removeFirst())
    }
    staging = true
    let sources = batch.compactMap { arrival -> Library.ImportSource? in
      guard case .success(let incoming) = arrival.incoming else { return nil }
      return incoming.source
    }
    let library = self.library
    let album = first.album
    Task.detached(priority: .userInitiated) {
      let staged = library.stage(sources, into: album)
      await MainActor.run { self.staged(batch, staged) }
    }
  }

  private func staged(_ batch: [Arrival], _ staged: [Result<Library.StagedPhoto, LibraryError>]) {
    staging = false
    var results = staged.makeIterator()
    let delivered = batch.map { arrival -> (token: Int, result: Result<Library.StagedPhoto, any Error>) in
      switch arrival.incoming {
      case .failure(let error): (arrival.token, .failure(error))
      case .success: (arrival.token, results.next()!.mapError { $0 as any Error })
      }
    }
    let album = batch[0].album
    turns.enqueue { [weak self] in
      guard let self else { return }
      self.pending -= delivered.count
      self.deliver(album, delivered)
    }
    // The next batch is written while this one waits for its turn.
    stageNext()
  }
}

/// Hands on what arrives in the order it was asked for, whatever order it arrives in: the
/// items of one drop on an album's row join the album in the order they were dropped.
@MainActor
final class InOrder<Value> {
  private var next = 0
  private var waiting: [Int: Value] = [:]
  private let deliver: @MainActor (Value) -> Void

  init(_ deliver: @escaping @MainActor (Value) -> Void) { self.deliver = deliver }

  /// `value`, the one asked for at `position` (counted from 0), has arrived: it goes on
  /// once every one before it has.
  func arrived(_ value: Value, at position: Int) {
    waiting[position] = value
    while let ready = waiting.removeValue(forKey: next) {
      next += 1
      deliver(ready)
    }
  }
}

/// Main-actor work run a few items at a time, each batch asking for the next through
/// `yield`, so that the window draws and takes input between batches (in GTK,
/// `MainLoop.runAfterDrawing`). A thousand photos dropped at once arrive together;
/// committing them all in one turn would stop the window for seconds.
@MainActor
final class PacedQueue {
  /// How many items run in one turn.
  let batch: Int
  private var pending = Deque<@MainActor () -> Void>()
  private var scheduled = false

  private let yield: @MainActor (@escaping @MainActor () -> Void) -> Void

  init(batch: Int, yield: @escaping @MainActor (@escaping @MainActor () -> Void) -> Void) {
    self.batch = max(1, batch)
    self.yield = yield
  }

  /// How many items wait for their turn.
  var count: Int { pending.count }

  func enqueue(_ work: @escaping @MainActor () -> Void) {
    pending.append(work)
    scheduleIfNeeded()
  }

  private func scheduleIfNeeded() {
    guard !scheduled, count > 0 else { return }
    scheduled = true
    yield { [weak self] in self?.runBatch() }
  }

  private func runBatch() {
    scheduled = false
    for _ in 0..<batch {
      guard let work = pending.popFirst() else { break }
      work()
    }
    scheduleIfNeeded()
  }
}
