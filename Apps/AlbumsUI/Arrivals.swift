import AlbumsLibrary
import DequeModule
import Foundation
import Synchronization

/// Images and image files that arrived from other applications, on their way into the
/// library: written off the main thread (``Library/stage(_:into:allowingDuplicates:)``: the
/// checks, the copies and their syncs), then handed back to the main thread a few at a
/// time, each part in a turn of its own after the window has drawn, to be recorded in one
/// transaction.
///
/// Writing a photo durably costs milliseconds of syncs. The writing goes on from batch to
/// batch on a thread of its own, below the window's priority, without waiting for the main
/// thread between them; a batch takes every arrival waiting (up to `batchSize`), so that a
/// thousand files dropped at once are written in a few dozen batches, each with one folder
/// sync, while the window records the batches before, `recordSize` photos a turn.
@MainActor
final class ImportStager {
  /// An item that arrived: what it is (or why it could not be loaded), and the album it
  /// goes into. `token` gives it back with its result.
  struct Arrival: Sendable {
    let incoming: Result<AlbumsController.Incoming, any Error>
    let album: Album?
    let token: Int
  }

  /// A batch the worker staged, numbered in the order it was taken.
  private struct Staged: Sendable {
    let batch: [Arrival]
    let results: [Result<Library.StagedPhoto, LibraryError>]
  }

  /// At most how many arrivals are staged together.
  let batchSize: Int
  /// At most how many are recorded together, in one turn of the main thread.
  let recordSize: Int
  private let worker: StagingWorker<Arrival, Staged>
  /// Batches staged, handed on in the order they were taken, whatever order the main
  /// actor hears of them in.
  private let inOrder: InOrder<Staged>
  /// Batches staged, waiting for their turn on the main thread.
  private let turns: PacedQueue
  /// Hears each batch, all of one album, in the order the items arrived, after `yield`
  /// (the window's chance to draw).
  var deliver:
    @MainActor (_ album: Album?, _ batch: [(token: Int, result: Result<Library.StagedPhoto, any Error>)]) ->
      Void = { _, _ in }
  /// How many arrivals have not been delivered yet.
  private(set) var pending = 0

  init(
    library: Library, batchSize: Int = 32, recordSize: Int = 16,
    yield: @escaping @MainActor (@escaping @MainActor () -> Void) -> Void
  ) {
    self.batchSize = max(1, batchSize)
    self.recordSize = max(1, recordSize)
    turns = PacedQueue(batch: 1, yield: yield)
    let owner = WeakReference<ImportStager>()
    let inOrder = InOrder<Staged> { staged in owner.value?.staged(staged) }
    self.inOrder = inOrder
    worker = StagingWorker(
      batchSize: self.batchSize, sameBatch: { $0.album?.id == $1.album?.id },
      stage: { batch in
        let sources = batch.compactMap { arrival -> Library.ImportSource? in
          guard case .success(let incoming) = arrival.incoming else { return nil }
          return incoming.source
        }
        return Staged(batch: batch, results: library.stage(sources, into: batch[0].album))
      },
      staged: { number, staged in
        Task { @MainActor in inOrder.arrived(staged, at: number) }
      })
    owner.value = self
  }

  /// Whether nothing is waiting, being staged or waiting to be delivered.
  var isIdle: Bool { pending == 0 }

  func enqueue(_ arrival: Arrival) {
    pending += 1
    worker.enqueue(arrival)
  }

  private func staged(_ staged: Staged) {
    var results = staged.results.makeIterator()
    let delivered = staged.batch.map { arrival -> (token: Int, result: Result<Library.StagedPhoto, any Error>) in
      switch arrival.incoming {
      case .failure(let error): (arrival.token, .failure(error))
      case .success: (arrival.token, results.next()!.mapError { $0 as any Error })
      }
    }
    let album = staged.batch[0].album
    // Recorded a part at a time, each in a turn of its own after the window has drawn.
    for start in stride(from: 0, to: delivered.count, by: recordSize) {
      let part = Array(delivered[start..<min(delivered.count, start + recordSize)])
      turns.enqueue { [weak self] in
        guard let self else { return }
        self.pending -= part.count
        self.deliver(album, part)
      }
    }
  }
}

/// Runs `stage` over the items enqueued, a batch at a time, on a thread of its own:
/// each batch takes every item waiting, up to `batchSize`, as long as `sameBatch` says it
/// belongs with the batch's first, and `staged` hears each batch's result with its number
/// (0, 1, 2… in the order the batches were taken). The thread works while there are
/// items, and ends when there are none; the next item starts another.
final class StagingWorker<Item: Sendable, Output: Sendable>: Sendable {
  private struct State {
    var waiting = Deque<Item>()
    var running = false
    var taken = 0
  }

  private let state = Mutex(State())
  private let batchSize: Int
  private let sameBatch: @Sendable (Item, Item) -> Bool
  private let stage: @Sendable ([Item]) -> Output
  private let staged: @Sendable (Int, Output) -> Void

  init(
    batchSize: Int, sameBatch: @escaping @Sendable (Item, Item) -> Bool,
    stage: @escaping @Sendable ([Item]) -> Output, staged: @escaping @Sendable (Int, Output) -> Void
  ) {
    self.batchSize = max(1, batchSize)
    self.sameBatch = sameBatch
    self.stage = stage
    self.staged = staged
  }

  func enqueue(_ item: Item) {
    let start = state.withLock { state in
      state.waiting.append(item)
      defer { state.running = true }
      return !state.running
    }
    if start {
      let thread = Thread { [self] in
        // Niced (on Linux, for this thread alone), so that the window's thread has the
        // processor first while files are written.
        setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
        work()
      }
      thread.name = "Albums staging"
      thread.start()
    }
  }

  private func work() {
    while let (number, batch) = nextBatch() {
      staged(number, stage(batch))
    }
  }

  /// The next batch and its number; nil, and the worker stopped, when nothing waits.
  private func nextBatch() -> (Int, [Item])? {
    state.withLock { state in
      guard let first = state.waiting.first else {
        state.running = false
        return nil
      }
      var batch: [Item] = []
      while batch.count < batchSize, let next = state.waiting.first, sameBatch(first, next) {
        batch.append(state.waiting.removeFirst())
      }
      defer { state.taken += 1 }
      return (state.taken, batch)
    }
  }
}

/// A main-actor object held weakly, for callbacks from other threads.
@MainActor
private final class WeakReference<Value: AnyObject> {
  weak var value: Value?
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
