import AlbumsLibrary

/// The photos of the open album, in order, kept in chunks of a few hundred, so that putting
/// one in (a placeholder that becomes its photo) moves the photos of one chunk, not of the
/// whole album. An album of 120,000 photos is 12 MiB of ``Photo`` values: moved once for
/// each photo committed near its start, it took a quarter of the main thread during a drop
/// of a thousand.
public struct PhotoList: RandomAccessCollection, Hashable, Sendable, ExpressibleByArrayLiteral {
  /// How many photos a chunk holds before it is split in two.
  static let chunkCapacity = 1024

  /// The chunks, in order; none is empty, unless the list is (then there are none).
  private var chunks: [[Photo]]
  /// Where each chunk starts in the list.
  private var starts: [Int]
  public private(set) var count: Int

  /// The photos of `photos`, in their order.
  public init<S: Sequence>(_ photos: S) where S.Element == Photo {
    chunks = []
    var chunk: [Photo] = []
    chunk.reserveCapacity(Self.chunkCapacity / 2)
    for photo in photos {
      chunk.append(photo)
      if chunk.count == Self.chunkCapacity / 2 {
        chunks.append(chunk)
        chunk.removeAll(keepingCapacity: true)
      }
    }
    if !chunk.isEmpty { chunks.append(chunk) }
    starts = []
    count = 0
    for chunk in chunks {
      starts.append(count)
      count += chunk.count
    }
  }

  public init(arrayLiteral photos: Photo...) { self.init(photos) }

  public var startIndex: Int { 0 }
  public var endIndex: Int { count }

  public subscript(position: Int) -> Photo {
    get {
      let (chunk, offset) = locate(position)
      return chunks[chunk][offset]
    }
    set {
      let (chunk, offset) = locate(position)
      chunks[chunk][offset] = newValue
    }
  }

  /// Puts `photo` at `index` (`count` appends it).
  public mutating func insert(_ photo: Photo, at index: Int) {
    precondition(index >= 0 && index <= count, "PhotoList.insert(_:at:): index \(index) is outside 0...\(count)")
    guard !chunks.isEmpty else {
      chunks = [[photo]]
      starts = [0]
      count = 1
      return
    }
    // At the end, into the last chunk; elsewhere, into the chunk that holds `index`.
    let chunk = index == count ? chunks.count - 1 : locate(index).chunk
    chunks[chunk].insert(photo, at: index - starts[chunk])
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

  public static func == (left: PhotoList, right: PhotoList) -> Bool { left.elementsEqual(right) }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(count)
    for photo in self { hasher.combine(photo) }
  }
}
