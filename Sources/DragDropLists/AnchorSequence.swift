/// Positions in one section, each at an *anchor*: the number of data items before it. It holds
/// a section's placeholders, shown before the data item at their anchor, in display order
/// (placeholders at the same anchor show in the order they were added); and a section's
/// selected items, each anchored at its own index.
///
/// It is a ``SummaryTree`` whose elements store the difference between their anchor and the
/// previous one's, so that committing a placeholder, which moves every later placeholder
/// down by one data item, or inserting a row, which moves every later selected row, changes
/// one element. Every operation costs O(log p) for p positions; the tree knows the leaf of
/// each handle, so a handle finds its rank and anchor without a search.
struct AnchorSequence {
  /// A placeholder's stable handle, valid until it is removed.
  typealias Handle = Int32

  /// A position: its handle, and its anchor minus the previous position's (the first
  /// one's is its anchor).
  private struct Entry: SummaryTreeElement {
    var delta: Int
    var id: Handle

    var count: Int { 1 }
    var sum: Int { delta }
    var handle: Int32? { id }
    static var unused: Entry { Entry(delta: 0, id: -1) }
  }

  private var entries: SummaryTree<Entry>
  private var nextHandle: Handle = 0
  private var freeHandles: [Handle] = []

  /// An empty sequence; its tree's nodes hold `nodeCapacity` entries (smaller ones test the
  /// tree's splits and merges with few positions).
  init(nodeCapacity: Int = 32) {
    entries = SummaryTree(leafCapacity: nodeCapacity, innerCapacity: nodeCapacity)
  }

  /// How many placeholders there are.
  var count: Int { entries.elementCount }
  var isEmpty: Bool { entries.isEmpty }

  // MARK: Queries

  /// How many placeholders sit at anchors up to `anchor` (inclusive): those shown before the
  /// data item at `anchor`.
  func count(atOrBefore anchor: Int) -> Int { countWhile { placeholderAnchor, _ in placeholderAnchor <= anchor } }

  /// How many placeholders sit at anchors before `anchor`.
  func count(before anchor: Int) -> Int { countWhile { placeholderAnchor, _ in placeholderAnchor < anchor } }

  /// How many placeholders show at display rows before `row` (the placeholder of rank k
  /// shows at row anchor + k).
  func count(shownBefore row: Int) -> Int { countWhile { _, placeholderRow in placeholderRow < row } }

  /// What display row `row` of the section shows: a placeholder, or a data item after
  /// `placeholdersBefore` placeholders.
  enum Location: Equatable {
    case placeholder(Handle)
    case data(placeholdersBefore: Int)
  }

  func locate(displayRow row: Int) -> Location {
    let before = count(shownBefore: row)
    if let next = placeholder(atRank: before), next.anchor + before == row { return .placeholder(next.handle) }
    return .data(placeholdersBefore: before)
  }

  /// The number of leading placeholders for which `test(anchor, displayRow)` holds: a test
  /// that holds for a prefix, since anchors and display rows never decrease along the
  /// sequence. One walk down the tree: a prefix's sum is its last anchor, and its count is
  /// one more than that placeholder's rank.
  private func countWhile(_ test: (_ anchor: Int, _ displayRow: Int) -> Bool) -> Int {
    entries.search { prefix in test(prefix.sum, prefix.sum + prefix.count - 1) }?.before.count ?? 0
  }

  /// The rank (display order, from 0) of a placeholder.
  func rank(of handle: Handle) -> Int { entries.summary(before: entries.position(ofHandle: handle)).count }

  /// A placeholder's anchor.
  func anchor(of handle: Handle) -> Int {
    let position = entries.position(ofHandle: handle)
    return entries.summary(before: position).sum + entries[position].delta
  }

  /// The placeholder of rank `rank` and its anchor.
  func placeholder(atRank rank: Int) -> (handle: Handle, anchor: Int)? {
    guard let (_, before, entry) = entries.element(holdingItem: rank) else { return nil }
    return (entry.id, before.sum + entry.delta)
  }

  /// Every placeholder in display order, with its anchor: O(p).
  var all: [(handle: Handle, anchor: Int)] {
    var result: [(Handle, Int)] = []
    result.reserveCapacity(count)
    var anchor = 0
    entries.forEach { entry in
      anchor += entry.delta
      result.append((entry.id, anchor))
    }
    return result
  }

  // MARK: Changes

  /// Adds a placeholder at `anchor`, after every placeholder already at or before it.
  mutating func insert(atAnchor anchor: Int) -> Handle {
    let rank = count(atOrBefore: anchor)
    let previousAnchor = rank == 0 ? 0 : placeholder(atRank: rank - 1)!.anchor
    let handle = makeHandle()
    let delta = anchor - previousAnchor
    // The next placeholder's delta was measured from the previous one; now from this one.
    addToDelta(ofRank: rank, -delta)
    entries.insert(Entry(delta: delta, id: handle), at: position(ofRank: rank))
    return handle
  }

  /// Removes a placeholder; the ones after it keep their anchors.
  mutating func remove(_ handle: Handle) {
    removeEntry(handle, shiftingLaterBy: 0)
  }

  /// Removes a placeholder that became a data item at its anchor: every placeholder after it
  /// now has one more data item before it.
  mutating func commit(_ handle: Handle) {
    removeEntry(handle, shiftingLaterBy: 1)
  }

  private mutating func removeEntry(_ handle: Handle, shiftingLaterBy shift: Int) {
    let position = entries.position(ofHandle: handle)
    let rank = entries.summary(before: position).count
    let removed = entries.remove(at: position)
    addToDelta(ofRank: rank, removed.delta + shift)
    freeHandles.append(handle)
  }

  /// Adds `amount` to every anchor at or after `anchor`: O(log p). The anchors must stay in
  /// order: a negative `amount` may not take them below the anchor of one before `anchor`.
  mutating func shift(anchorsFrom anchor: Int, by amount: Int) {
    guard amount != 0 else { return }
    addToDelta(ofRank: count(before: anchor), amount)
  }

  /// Puts every placeholder at the anchor `newAnchor` gives for its old one, keeping their order
  /// where anchors tie, and returns the handles `newAnchor` dropped (nil). The order of the rest
  /// must stay non-decreasing, as a batch update's mapping of anchors keeps it. O(p).
  mutating func remap(_ newAnchor: (Int) -> Int?) -> [Handle] {
    var dropped: [Handle] = []
    var kept: [Entry] = []
    var previous = 0
    for (handle, anchor) in all {
      guard let mapped = newAnchor(anchor) else {
        dropped.append(handle)
        continue
      }
      kept.append(Entry(delta: mapped - previous, id: handle))
      previous = mapped
    }
    entries = SummaryTree(kept, leafCapacity: entries.leafCapacity, innerCapacity: entries.innerCapacity)
    freeHandles += dropped
    return dropped
  }

  /// The first broken invariant of the tree (``SummaryTree/brokenInvariant``); nil when none is.
  var brokenInvariant: String? { entries.brokenInvariant }

  // MARK: The tree

  private mutating func makeHandle() -> Handle {
    if let reused = freeHandles.popLast() { return reused }
    defer { nextHandle += 1 }
    return nextHandle
  }

  /// Where the placeholder of rank `rank` is, or the end when there is none.
  private func position(ofRank rank: Int) -> SummaryTree<Entry>.Position {
    entries.element(holdingItem: rank)?.position ?? entries.endPosition
  }

  /// Adds `amount` to the delta of the placeholder of rank `rank`, if there is one.
  private mutating func addToDelta(ofRank rank: Int, _ amount: Int) {
    guard amount != 0, let (position, _, _) = entries.element(holdingItem: rank) else { return }
    entries.modify(at: position) { $0.delta += amount }
  }
}
