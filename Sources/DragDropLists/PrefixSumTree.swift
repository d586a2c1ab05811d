/// A sequence of non-negative extents (row heights, say) with their prefix sums, so that
/// every query and every edit costs O(log n):
///
/// - the extent of element `i`, and the sum of those before it (its offset);
/// - the element that covers a given offset;
/// - inserting, removing, moving and resizing an element.
///
/// It is a ``SummaryTree`` of *runs*: a run is up to ``maximumRun`` elements of one extent,
/// 16 bytes however long it is. A tree built from an array has a run for each stretch of
/// equal extents; a tree of `count` elements of one extent, such as the rows of a table of
/// one row height, or its estimated rows not yet measured, is one run. An element inserted
/// inside or beside a run of its own extent joins it; an edit that changes an element
/// inside a run cuts it. Each run also says whether its extent is an estimate: setting an
/// element's extent makes it exact.
///
/// Sums are recomputed from their parts along each edit's path, so they never drift.
struct PrefixSumTree: Sendable, Equatable {
  /// The longest run one element of the tree holds.
  static let maximumRun = Int(Int32.max)

  /// A run of elements of one extent.
  private struct Run: SummaryTreeElement {
    var extent: Double
    var length: Int32
    var estimated: Bool

    var count: Int { Int(length) }
    var sum: Double { Double(length) * extent }
    var handle: Int32? { nil }
    static var unused: Run { Run(extent: 0, length: 0, estimated: false) }

    func takes(_ extent: Double, estimated: Bool) -> Bool {
      self.extent == extent && self.estimated == estimated && Int(length) < PrefixSumTree.maximumRun
    }
  }

  private var runs: SummaryTree<Run>

  /// An empty tree; its nodes hold `nodeCapacity` entries (smaller ones test the tree's
  /// splits and merges with few elements).
  init(nodeCapacity: Int = 32) {
    runs = SummaryTree(leafCapacity: nodeCapacity, innerCapacity: nodeCapacity)
  }

  /// A tree of `extents`, in order. Negative and non-finite extents count as 0. Equal
  /// neighbours share a run.
  init(_ extents: some Collection<Double>, nodeCapacity: Int = 32) {
    var built: [Run] = []
    for value in extents {
      let extent = Self.sanitized(value)
      if let last = built.indices.last, built[last].takes(extent, estimated: false) {
        built[last].length += 1
      } else {
        built.append(Run(extent: extent, length: 1, estimated: false))
      }
    }
    runs = SummaryTree(built, leafCapacity: nodeCapacity, innerCapacity: nodeCapacity)
  }

  /// `count` elements of the same extent, in one run. With `estimated`, each element's
  /// extent is an estimate until it is set (``isEstimated(at:)``).
  init(repeating value: Double, count: Int, estimated: Bool = false) {
    self.init(repeating: value, count: count, estimated: estimated, runLimit: Self.maximumRun)
  }

  /// The same, in runs of at most `runLimit` elements.
  init(repeating value: Double, count: Int, estimated: Bool, runLimit: Int, nodeCapacity: Int = 32) {
    let runLimit = max(1, min(Self.maximumRun, runLimit))
    var left = max(0, count)
    var built: [Run] = []
    built.reserveCapacity((left + runLimit - 1) / runLimit)
    while left > 0 {
      let length = min(left, runLimit)
      built.append(Run(extent: Self.sanitized(value), length: Int32(length), estimated: estimated))
      left -= length
    }
    runs = SummaryTree(built, leafCapacity: nodeCapacity, innerCapacity: nodeCapacity)
  }

  // MARK: Queries

  /// The number of elements.
  var count: Int { runs.summary.count }

  var isEmpty: Bool { count == 0 }

  /// The sum of every extent.
  var total: Double { runs.summary.sum }

  /// The run that holds element `index`, where the run starts, and the element's place in it.
  private func run(holding index: Int) -> (position: SummaryTree<Run>.Position, run: Run, start: Int, offset: Double)? {
    guard let (position, before, run) = runs.element(holdingItem: index) else { return nil }
    return (position, run, before.count, before.sum)
  }

  /// The extent of element `index`; nil when out of range.
  func extent(at index: Int) -> Double? { run(holding: index)?.run.extent }

  /// Whether the extent of element `index` is an estimate, not yet set; false when out of
  /// range.
  func isEstimated(at index: Int) -> Bool { run(holding: index)?.run.estimated ?? false }

  /// The sum of the extents before element `index`; `index == count` gives the total. Nil
  /// when out of range.
  func offset(of index: Int) -> Double? {
    if index == count { return total }
    return element(at: index)?.offset
  }

  /// The offset and the extent of element `index` in one walk down the tree; nil when out
  /// of range.
  func element(at index: Int) -> (offset: Double, extent: Double)? {
    guard let found = run(holding: index) else { return nil }
    return (found.offset + Double(index - found.start) * found.run.extent, found.run.extent)
  }

  /// Calls `body` with the index, offset and extent of each element from `index` on, in
  /// order, until it returns false: one walk down the tree, then along its leaves. The
  /// offsets are summed along the way (equal to ``element(at:)``'s but for rounding).
  func forEachElement(from index: Int, _ body: (_ index: Int, _ offset: Double, _ extent: Double) -> Bool) {
    guard let (position, before, _) = runs.element(holdingItem: index) else { return }
    var runStart = before.count
    var runOffset = before.sum
    runs.forEach(from: position) { run in
      for element in max(0, index - runStart)..<run.count {
        if !body(runStart + element, runOffset + Double(element) * run.extent, run.extent) { return false }
      }
      runStart += run.count
      runOffset += run.sum
      return true
    }
  }

  /// The element covering `position`, and the position's distance into it. Positions
  /// before 0 or at or past the total cover nothing. Elements of extent 0 cover nothing.
  func index(covering position: Double) -> (index: Int, offsetInElement: Double)? {
    guard position >= 0, position < total, let (found, before) = runs.search({ $0.sum <= position }),
      found != runs.endPosition
    else {
      // Rounding at the very end: the last element with a positive extent.
      return position >= 0 && position < total ? lastPositive() : nil
    }
    let run = runs[found]
    let within = position - before.sum
    // Within the run: the element the position falls in, by division, kept in the run
    // where rounding would put it one past.
    var i = min(Double(run.length - 1), (within / run.extent).rounded(.down))
    if i * run.extent > within { i -= 1 }
    return (before.count + Int(i), within - i * run.extent)
  }

  private func lastPositive() -> (index: Int, offsetInElement: Double)? {
    var index = count - 1
    while index >= 0 {
      if let value = extent(at: index), value > 0 { return (index, value) }
      index -= 1
    }
    return nil
  }

  /// Every extent, in order.
  var extents: [Double] {
    var result: [Double] = []
    result.reserveCapacity(count)
    runs.forEach { result.append(contentsOf: repeatElement($0.extent, count: $0.count)) }
    return result
  }

  /// Bytes of storage per element, the spare capacity of the arrays included.
  var bytesPerElement: Double { count == 0 ? 0 : Double(runs.storageBytes) / Double(count) }

  // MARK: Edits

  /// Inserts an element at `index` (0...count); returns false, changing nothing, when the
  /// index is out of range.
  @discardableResult
  mutating func insert(_ value: Double, at index: Int) -> Bool {
    insert(value, at: index, estimated: false)
  }

  /// Inserts an element at `index` (0...count), its extent an estimate or not; false,
  /// changing nothing, when the index is out of range.
  @discardableResult
  mutating func insert(_ value: Double, at index: Int, estimated: Bool) -> Bool {
    guard index >= 0, index <= count else { return false }
    let extent = Self.sanitized(value)
    let element = Run(extent: extent, length: 1, estimated: estimated)
    let found = run(holding: index)
    if let found, found.run.takes(extent, estimated: estimated) {
      runs.modify(at: found.position) { $0.length += 1 }
      return true
    }
    guard let found, index > found.start else {
      // At the start of a run, or at the end: beside the run before, the element joins it.
      if index > 0, let previous = run(holding: index - 1), previous.run.takes(extent, estimated: estimated) {
        runs.modify(at: previous.position) { $0.length += 1 }
      } else {
        runs.insert(element, at: found?.position ?? runs.endPosition)
      }
      return true
    }
    let within = index - found.start
    // Inside a run of another extent: the run is cut, and the element goes between.
    let rest = Run(extent: found.run.extent, length: found.run.length - Int32(within), estimated: found.run.estimated)
    runs.modify(at: found.position) { $0.length = Int32(within) }
    runs.insert(rest, at: SummaryTree.Position(leaf: found.position.leaf, slot: found.position.slot + 1))
    runs.insert(element, at: run(holding: index)!.position)
    return true
  }

  /// Removes the element at `index`; returns its extent, or nil when out of range.
  @discardableResult
  mutating func remove(at index: Int) -> Double? {
    removeElement(at: index)?.extent
  }

  /// Removes the element at `index`; returns its extent and whether it was an estimate.
  private mutating func removeElement(at index: Int) -> (extent: Double, estimated: Bool)? {
    guard let found = run(holding: index) else { return nil }
    if found.run.length > 1 {
      runs.modify(at: found.position) { $0.length -= 1 }
    } else {
      runs.remove(at: found.position)
    }
    return (found.run.extent, found.run.estimated)
  }

  /// Sets the extent of element `index`; false when out of range.
  @discardableResult
  mutating func setExtent(_ value: Double, at index: Int) -> Bool {
    guard let found = run(holding: index) else { return false }
    let extent = Self.sanitized(value)
    // The same exact extent: nothing changes, and no run is cut.
    if found.run.extent == extent && !found.run.estimated { return true }
    if found.run.length > 1 {
      // Inside a longer run: the element leaves it and comes back, exact.
      _ = removeElement(at: index)
      return insert(value, at: index, estimated: false)
    }
    runs.modify(at: found.position) {
      $0.extent = extent
      $0.estimated = false
    }
    return true
  }

  /// Moves the element at `source` so that it ends at `destination` (both indexes in the
  /// sequence before the move, `destination` being where it lands after removal).
  @discardableResult
  mutating func move(from source: Int, to destination: Int) -> Bool {
    guard source >= 0, source < count, destination >= 0, destination < count else { return false }
    guard let (value, estimated) = removeElement(at: source) else { return false }
    return insert(value, at: destination, estimated: estimated)
  }

  /// The first broken invariant of the tree (``SummaryTree/brokenInvariant``); nil when none is.
  var brokenInvariant: String? { runs.brokenInvariant }

  private static func sanitized(_ value: Double) -> Double {
    value.isFinite && value > 0 ? value : 0
  }

  /// Trees are equal when they hold the same extents in the same order.
  static func == (lhs: PrefixSumTree, rhs: PrefixSumTree) -> Bool {
    lhs.count == rhs.count && lhs.extents == rhs.extents
  }
}
