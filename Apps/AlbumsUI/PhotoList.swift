import AlbumsLibrary
import Synchronization

/// The photos of the open album, in order.
///
/// The list keeps each photo's id, in chunks of a few hundred, so that putting one in (a
/// placeholder that becomes its photo) moves the ids of one chunk, not of the whole album.
/// A list made with ``init(ids:reading:)`` reads each photo's row from the library only when
/// it is first wanted, a page of neighbours with it, and keeps a few thousand of them: an
/// album of 160,000 photos opens with its ids alone (1.3 MB), where its rows were 350 to
/// 450 ms of reading and tens of megabytes kept. Photos put in whole (those the library has
/// not recorded yet, with no id, among them) are kept as long as the list and its copies.
public struct PhotoList: RandomAccessCollection, Hashable, Sendable, ExpressibleByArrayLiteral {
  /// How many photos a chunk holds before it is split in two.
  static let chunkCapacity = 1024

  /// The chunks of keys, in order; none is empty, unless the list is (then there are none).
  /// A key is a photo's id, or, for a photo not recorded yet, a negative number that
  /// ``records`` keeps the photo under.
  private var chunks: [[Int64]]
  /// Where each chunk starts in the list.
  private var starts: [Int]
  public private(set) var count: Int
  /// The photos read or given so far, by key.
  private let records: PhotoRecords

  /// The photos with `ids`, in that order, each read by `reading` when it is first wanted
  /// (with others of the list near it). `reading` returns the photos it found by id; an id
  /// it leaves out, or a read that throws, gives a photo that says it could not be read
  /// (``Photo/unreadable(id:)``), and `reading`'s error goes to `failed`.
  public init(
    ids: [Int64], reading: @escaping @Sendable ([Int64]) throws(LibraryError) -> [Int64: Photo],
    failed: @escaping @Sendable (LibraryError) -> Void = { _ in }
  ) {
    records = PhotoRecords(read: reading, failed: failed)
    (chunks, starts, count) = Self.chunked(ids)
  }

  /// The photos of `photos`, in their order, all of them at hand.
  public init<S: Sequence>(_ photos: S) where S.Element == Photo {
    let records = PhotoRecords(read: nil, failed: { _ in })
    self.records = records
    (chunks, starts, count) = Self.chunked(photos.map { records.keep($0) })
  }

  public init(arrayLiteral photos: Photo...) { self.init(photos) }

  private static func chunked(_ keys: [Int64]) -> (chunks: [[Int64]], starts: [Int], count: Int) {
    let size = chunkCapacity / 2
    let chunks = stride(from: 0, to: keys.count, by: size).map { Array(keys[$0..<Swift.min($0 + size, keys.count)]) }
    return (chunks, chunks.indices.map { $0 * size }, keys.count)
  }

  public var startIndex: Int { 0 }
  public var endIndex: Int { count }

  /// The photo at `position`. Reading one the list has not read yet reads the rows of the
  /// photos around it.
  public subscript(position: Int) -> Photo {
    get {
      let (chunk, offset) = locate(position)
      let key = chunks[chunk][offset]
      if let photo = records.photo(key) { return photo }
      // The neighbours in the list with it: the cells beside a photo are shown with it.
      let low = Swift.max(0, position - PhotoRecords.pageSize / 2)
      let high = Swift.min(count, low + PhotoRecords.pageSize)
      return records.read(key, with: (low..<high).lazy.map { self.key(at: $0) })
    }
    set {
      let (chunk, offset) = locate(position)
      chunks[chunk][offset] = records.keep(newValue)
    }
  }

  /// The id of the photo at `position`, without reading its row; nil for a photo the
  /// library has not recorded yet.
  public func id(at position: Int) -> Int64? {
    let key = key(at: position)
    return key > 0 ? key : nil
  }

  /// The ids of the photos in order, without reading their rows; nil for each photo the
  /// library has not recorded yet.
  public var ids: [Int64?] {
    chunks.flatMap { chunk in chunk.map { $0 > 0 ? $0 : nil } }
  }

  private func key(at position: Int) -> Int64 {
    let (chunk, offset) = locate(position)
    return chunks[chunk][offset]
  }

  /// Puts `photo` at `index` (`count` appends it).
  public mutating func insert(_ photo: Photo, at index: Int) {
    precondition(index >= 0 && index <= count, "PhotoList.insert(_:at:): index \(index) is outside 0...\(count)")
    let key = records.keep(photo)
    guard !chunks.isEmpty else {
      chunks = [[key]]
      starts = [0]
      count = 1
      return
    }
    // At the end, into the last chunk; elsewhere, into the chunk that holds `index`.
    let chunk = index == count ? chunks.count - 1 : locate(index).chunk
    chunks[chunk].insert(key, at: index - starts[chunk])
    count += 1
    for later in (chunk + 1)..<starts.count { starts[later] += 1 }
    if chunks[chunk].count > Self.chunkCapacity {
      let half = chunks[chunk].count / 2
      chunks.insert(Array(chunks[chunk][half...]), at: chunk + 1)
      chunks[chunk].removeSubrange(half...)
      starts.insert(starts[chunk] + half, at: chunk + 1)
    }
  }

  /// The chunk that holds `position`, and where in it.
  private func locate(_ position: Int) -> (chunk: Int, offset: Int) {
    precondition(position >= 0 && position < count, "PhotoList: index \(position) is outside 0..<\(count)")
    // The last chunk that starts at or before `position`.
    var low = 0
    var high = starts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if starts[middle] <= position { low = middle } else { high = middle - 1 }
    }
    return (low, position - starts[low])
  }

  /// Two lists are equal when their photos are, in order; this reads every photo of both.
  public static func == (left: PhotoList, right: PhotoList) -> Bool { left.elementsEqual(right) }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    for photo in self { hasher.combine(photo) }
  }
}

/// The photos a ``PhotoList`` has read or been given, by key, shared by its copies.
final class PhotoRecords: Sendable {
  /// How many photos one read asks the library for.
  static let pageSize = 256
  /// How many read photos are kept; past that, they are read again when wanted.
  static let keptRead = 8192

  private struct State {
    /// Photos read from the library, by id.
    var read: [Int64: Photo] = [:]
    /// Photos given to the list, by key: their ids, or negative keys for those without.
    var given: [Int64: Photo] = [:]
    var nextUnrecordedKey: Int64 = -1
  }

  private let state = Mutex(State())
  private let reader: (@Sendable ([Int64]) throws(LibraryError) -> [Int64: Photo])?
  private let failed: @Sendable (LibraryError) -> Void

  init(
    read: (@Sendable ([Int64]) throws(LibraryError) -> [Int64: Photo])?,
    failed: @escaping @Sendable (LibraryError) -> Void
  ) {
    reader = read
    self.failed = failed
  }

  /// The key `photo` is kept under: its id, or a new negative key for one without.
  func keep(_ photo: Photo) -> Int64 {
    state.withLock { state in
      let key: Int64
      if let id = photo.id, id > 0 {
        key = id
        state.read[id] = nil
      } else {
        key = state.nextUnrecordedKey
        state.nextUnrecordedKey -= 1
      }
      state.given[key] = photo
      return key
    }
  }

  /// The photo kept under `key`, if it has been read or given.
  func photo(_ key: Int64) -> Photo? {
    state.withLock { state in state.given[key] ?? state.read[key] }
  }

  /// Reads the photo with id `key`, and those of `neighbours` not read yet, in one read.
  func read(_ key: Int64, with neighbours: some Sequence<Int64>) -> Photo {
    let wanted = state.withLock { state in
      [key] + neighbours.filter { $0 > 0 && $0 != key && state.given[$0] == nil && state.read[$0] == nil }
    }
    var found: [Int64: Photo] = [:]
    if let reader {
      do throws(LibraryError) {
        found = try reader(wanted)
      } catch {
        failed(error)
      }
    }
    return state.withLock { state in
      if state.read.count + found.count > Self.keptRead { state.read.removeAll(keepingCapacity: true) }
      state.read.merge(found) { _, new in new }
      return found[key] ?? .unreadable(id: key)
    }
  }
}

extension Photo {
  /// A photo whose row the library could not read: its id, and a name that says so.
  public static func unreadable(id: Int64) -> Photo {
    Photo(
      id: id, fileName: "", originalName: "photo \(id) (unreadable)", contentType: "public.data", byteCount: 0,
      addedAt: .distantPast)
  }
}
