import AlbumsLibrary
import DragDrop
import Foundation

/// How Albums makes the thumbnails it shows. Both steps run off the main actor.
public struct ThumbnailPipeline: Sendable {
  /// Makes a thumbnail's encoded bytes from a photo's file. The library keeps what it
  /// makes in its thumbnail cache, so each photo is made once.
  public var make: @Sendable (URL) throws -> Data
  /// Readies a thumbnail for drawing (the GTK application decodes its pixels here), and
  /// returns what puts the result where drawing finds it, run on the main actor; nil when
  /// drawing decodes by itself.
  public var prepare: @Sendable (Image) -> (@MainActor @Sendable () -> Void)?

  public init(
    make: @escaping @Sendable (URL) throws -> Data,
    prepare: @escaping @Sendable (Image) -> (@MainActor @Sendable () -> Void)? = { _ in nil }
  ) {
    self.make = make
    self.prepare = prepare
  }

  /// The photo's own bytes serve as its thumbnail, decoded when drawn: for small photos,
  /// tests and headless rendering.
  public static let photoBytes = ThumbnailPipeline(make: { try Data(contentsOf: $0) })
}

/// When thumbnails are made.
public enum ThumbnailScheduling: Sendable, Hashable {
  /// In the background, at most `maximumConcurrent` at a time.
  case background(maximumConcurrent: Int)
  /// Only when ``ThumbnailLoader/runNextJob()`` is called: tests decide what finishes when.
  case manual
}

/// The thumbnails of the grid and the albums list.
///
/// - Off the main actor: a thumbnail is read from the library's cache, or made from the
///   photo, and readied for drawing in the background; a cell shows an empty tile until
///   its thumbnail arrives.
/// - Visible ones first: the latest request goes first, and a request whose photo has
///   scrolled out of sight by the time a worker is free is dropped, so a fast scroll
///   through a large library does not queue work for every photo it passed.
/// - Bounded: at most ``capacity`` thumbnails are kept, the least recently shown going
///   first.
@MainActor
public final class ThumbnailLoader {
  /// The library whose photos these are.
  public let library: Library
  /// How many thumbnails are kept in memory.
  public let capacity: Int
  let pipeline: ThumbnailPipeline
  let scheduling: ThumbnailScheduling

  /// Whether a photo is still shown: asked before its thumbnail is made.
  var isWanted: (Int64) -> Bool = { _ in true }
  /// Hears each thumbnail that arrives.
  var didLoad: (Int64, Image) -> Void = { _, _ in }

  private var cache: [Int64: (image: Image, lastUse: Int)] = [:]
  private var useCounter = 0
  /// Requests, the latest last; an entry is stale when its photo was requested again since.
  private var requests: [(photo: Photo, number: Int)] = []
  private var latestRequest: [Int64: Int] = [:]
  private var requestCounter = 0
  private var running: Set<Int64> = []
  private var failed: Set<Int64> = []
  private var manualJobs: [(id: Int64, work: @Sendable () -> Loaded)] = []
  private var startIsScheduled = false

  struct Loaded: Sendable {
    let image: Image?
    let install: (@MainActor @Sendable () -> Void)?
  }

  /// Thumbnails of `library`'s photos through `pipeline`; `capacity` of them kept.
  public init(
    library: Library, pipeline: ThumbnailPipeline, capacity: Int = 256,
    scheduling: ThumbnailScheduling = .background(maximumConcurrent: 2)
  ) {
    self.library = library
    self.pipeline = pipeline
    self.capacity = max(1, capacity)
    self.scheduling = scheduling
  }

  /// How many thumbnails are kept now.
  public var cachedCount: Int { cache.count }
  /// How many are being made now.
  public var runningCount: Int { running.count }
  /// The photos whose thumbnails are asked for and not started, in the order they will be
  /// started (those that are out of sight by then are skipped).
  public var queuedPhotoIDs: [Int64] {
    requests.reversed().filter { latestRequest[$0.photo.id ?? -1] == $0.number }.compactMap(\.photo.id)
  }

  /// The thumbnail of `photo` if it is ready; otherwise nil, and it is asked for.
  public func image(for photo: Photo) -> Image? {
    guard let id = photo.id else { return nil }
    useCounter += 1
    if let entry = cache[id] {
      cache[id]?.lastUse = useCounter
      return entry.image
    }
    guard !failed.contains(id), !running.contains(id) else { return nil }
    requestCounter += 1
    latestRequest[id] = requestCounter
    requests.append((photo, requestCounter))
    scheduleStart()
    return nil
  }

  /// Forgets the thumbnails that could not be made, so that they are tried again.
  public func retryFailures() { failed.removeAll() }

  /// Starts the requests once the current turn of the main actor is over: the cells being
  /// laid out are on screen by then, and the latest of them goes first.
  private func scheduleStart() {
    guard !startIsScheduled else { return }
    startIsScheduled = true
    if case .background = scheduling {
      Task { @MainActor [weak self] in self?.startJobs() }
    }
  }

  private var maximumConcurrent: Int {
    switch scheduling {
    case .background(let maximum): max(1, maximum)
    case .manual: 1
    }
  }

  private func startJobs() {
    startIsScheduled = false
    while running.count < maximumConcurrent, let photo = nextWanted() {
      guard let id = photo.id else { continue }
      running.insert(id)
      let work: @Sendable () -> Loaded = { [library, pipeline] in
        guard let image = library.thumbnail(of: photo, make: pipeline.make) else {
          return Loaded(image: nil, install: nil)
        }
        return Loaded(image: image, install: pipeline.prepare(image))
      }
      switch scheduling {
      case .background:
        Task.detached(priority: .userInitiated) { [weak self] in
          let loaded = work()
          await self?.finish(id, loaded)
        }
      case .manual:
        manualJobs.append((id, work))
      }
    }
  }

  /// The latest request whose photo is still shown; the others are dropped.
  private func nextWanted() -> Photo? {
    while let request = requests.popLast() {
      guard let id = request.photo.id, latestRequest[id] == request.number else { continue }
      latestRequest[id] = nil
      if cache[id] == nil, isWanted(id) { return request.photo }
    }
    return nil
  }

  private func finish(_ id: Int64, _ loaded: Loaded) {
    running.remove(id)
    if let image = loaded.image {
      loaded.install?()
      useCounter += 1
      cache[id] = (image, useCounter)
      if cache.count > capacity, let oldest = cache.min(by: { $0.value.lastUse < $1.value.lastUse })?.key {
        cache[oldest] = nil
      }
      didLoad(id, image)
    } else {
      failed.insert(id)
    }
    startJobs()
  }

  /// With ``ThumbnailScheduling/manual``: makes the next thumbnail now, on the calling
  /// thread. Returns the photo's ID, or nil when nothing is asked for.
  @discardableResult
  public func runNextJob() -> Int64? {
    if manualJobs.isEmpty { startJobs() }
    guard !manualJobs.isEmpty else { return nil }
    let job = manualJobs.removeFirst()
    finish(job.id, job.work())
    return job.id
  }

  /// With ``ThumbnailScheduling/manual``: makes every thumbnail that is asked for.
  public func runAllJobs() {
    while runNextJob() != nil {}
  }
}
