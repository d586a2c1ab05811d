import Foundation

extension IndexPath {
  /// An index path of an item in a section, as collection views use.
  public init(item: Int, section: Int) {
    // Built by appending rather than from an array literal: a two-index path is then
    // stored inline, with no allocation (four times faster, and it is made on every move).
    self.init(index: section)
    append(item)
  }

  /// An index path of a row in a section, as table views use.
  public init(row: Int, section: Int) {
    self.init(item: row, section: section)
  }

  /// The section: the first index (0 for an empty path).
  public var section: Int { isEmpty ? 0 : self[0] }
  /// The item within the section: the second index (0 when there is none).
  public var item: Int { count > 1 ? self[1] : 0 }
  /// The row within the section; the same as ``item``.
  public var row: Int { item }

  /// "item 3 in section 1", for messages.
  var itemDescription: String { "item \(item) in section \(section)" }
}

/// The changes of one `performBatchUpdates`, in UIKit's terms: deletions, reloads and the
/// sources of moves name positions *before* the update; insertions and the destinations of
/// moves name positions *after* it. Items that are not named keep their relative order.
@_spi(Internals) public struct BatchUpdate: Sendable, Equatable {
  public var deletedSections = IndexSet()
  public var insertedSections = IndexSet()
  public var reloadedSections = IndexSet()
  public var movedSections: [Move<Int>] = []
  public var deletedItems: [IndexPath] = []
  public var insertedItems: [IndexPath] = []
  public var reloadedItems: [IndexPath] = []
  public var movedItems: [Move<IndexPath>] = []

  /// A move from a position before the update to one after it.
  public struct Move<Position: Hashable & Sendable>: Hashable, Sendable {
    public var from: Position
    public var to: Position
    public init(from: Position, to: Position) {
      self.from = from
      self.to = to
    }
  }

  public init() {}

  public mutating func deleteSections(_ sections: IndexSet) { deletedSections.formUnion(sections) }
  public mutating func insertSections(_ sections: IndexSet) { insertedSections.formUnion(sections) }
  public mutating func reloadSections(_ sections: IndexSet) { reloadedSections.formUnion(sections) }
  public mutating func moveSection(_ section: Int, toSection newSection: Int) {
    movedSections.append(Move(from: section, to: newSection))
  }
  public mutating func deleteItems(at indexPaths: [IndexPath]) { deletedItems += indexPaths }
  public mutating func insertItems(at indexPaths: [IndexPath]) { insertedItems += indexPaths }
  public mutating func reloadItems(at indexPaths: [IndexPath]) { reloadedItems += indexPaths }
  public mutating func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
    movedItems.append(Move(from: indexPath, to: newIndexPath))
  }

  public var isEmpty: Bool { self == BatchUpdate() }
}

/// Why a batch update cannot be applied. The view keeps its last consistent state.
///
/// Item changes inside a section that is itself inserted, deleted, moved or reloaded in the
/// same update are refused. A reloaded section counts as deleted and inserted whole, so its
/// count may change: reload a section whose items changed in ways hard to describe.
public enum BatchUpdateError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Rule 25: a section's item count after the update does not add up. Every count is
  /// given: before, inserted, deleted, moved in, moved out, and what the data source reports.
  case invalidItemCount(
    section: Int, before: Int, inserted: Int, deleted: Int, movedIn: Int, movedOut: Int, reported: Int)
  /// The number of sections after the update does not add up.
  case invalidSectionCount(before: Int, inserted: Int, deleted: Int, reported: Int)
  /// An index path or section names nothing, before or after the update as its role says.
  case outOfRange(String)
  /// The same position is named twice: deleted and moved, moved twice, inserted twice.
  case conflict(String)
  /// An item operation names a section that is itself inserted, deleted, moved or
  /// reloaded in the same update.
  case itemInChangedSection(String)

  public var description: String {
    switch self {
    case .invalidItemCount(let section, let before, let inserted, let deleted, let movedIn, let movedOut, let reported):
      "invalid number of items in section \(section): the data source reports \(reported) after the update, "
        + "but \(before) before, plus \(inserted) inserted, minus \(deleted) deleted, plus \(movedIn) moved in, "
        + "minus \(movedOut) moved out, makes \(before + inserted - deleted + movedIn - movedOut)"
    case .invalidSectionCount(let before, let inserted, let deleted, let reported):
      "invalid number of sections: the data source reports \(reported) after the update, but \(before) before, "
        + "plus \(inserted) inserted, minus \(deleted) deleted, makes \(before + inserted - deleted)"
    case .outOfRange(let what): "out of range: \(what)"
    case .conflict(let what): "conflicting changes: \(what)"
    case .itemInChangedSection(let what): "item change in a section inserted, deleted, moved or reloaded: \(what)"
    }
  }
}

/// A validated batch update: how every section and item before it maps to after it.
///
/// It keeps only what changed, per section: the rows removed (deleted or moved out), sorted,
/// and the positions that arrivals (inserted or moved in) take, sorted. Every query is a
/// binary search over those, so a batch of k changes costs O(k log k) to resolve and
/// O(log k) per question, whatever the number of rows.
@_spi(Internals) public struct ResolvedBatchUpdate: Sendable {
  public let oldCounts: [Int]
  public let newCounts: [Int]
  /// For each old section, its new index, or nil when deleted.
  public let sectionMap: [Int?]
  /// Per old section: the sorted indexes of rows that leave it (deleted or moved away).
  let removed: [[Int]]
  /// Per new section: the sorted indexes that arriving rows take.
  let arrivals: [[Int]]
  /// Rows that move, from their old to their new index path.
  let moves: [IndexPath: IndexPath]

  /// The new index path of an item before the update; nil when it was deleted or the path
  /// is out of range.
  public func newIndexPath(for old: IndexPath) -> IndexPath? {
    guard old.count == 2, oldCounts.indices.contains(old.section), (0..<oldCounts[old.section]).contains(old.item)
    else { return nil }
    if let moved = moves[old] { return moved }
    guard let section = sectionMap[old.section] else { return nil }
    let gone = removed[old.section]
    let position = Self.countBelow(old.item, in: gone)
    guard position == gone.count || gone[position] != old.item else { return nil }
    return IndexPath(item: Self.slot(rank: old.item - position, skipping: arrivals[section]), section: section)
  }

  /// The new index of a section before the update; nil when deleted.
  public func newSection(for old: Int) -> Int? {
    sectionMap.indices.contains(old) ? sectionMap[old] : nil
  }

  /// Where a slot between items moves: `slot` counts the items before it in the old
  /// section (0...count). The slot follows the last item before it that stays in the
  /// section; items that arrive between that item and the next one that stays go before
  /// the slot, as an insertion pushes down what was at its position. Nil when the section
  /// was deleted.
  public func newSlot(_ slot: Int, inSection section: Int) -> IndexPath? {
    guard let newSection = newSection(for: section) else { return nil }
    let gone = removed[section]
    // The survivors before the slot, counted without the rows that left.
    let before = min(max(0, slot), oldCounts[section])
    let survivorsBefore = before - Self.countBelow(before, in: gone)
    let arriving = arrivals[newSection]
    var position = survivorsBefore == 0 ? 0 : Self.slot(rank: survivorsBefore - 1, skipping: arriving) + 1
    // Skip the arrivals right after the anchor.
    var index = Self.countBelow(position, in: arriving)
    while index < arriving.count && arriving[index] == position {
      position += 1
      index += 1
    }
    return IndexPath(item: position, section: newSection)
  }

  /// How many elements of a sorted array are less than `value`.
  static func countBelow(_ value: Int, in sorted: [Int]) -> Int {
    var low = 0
    var high = sorted.count
    while low < high {
      let mid = (low + high) / 2
      if sorted[mid] < value { low = mid + 1 } else { high = mid }
    }
    return low
  }

  /// The position of the survivor of rank `rank` (0-based): the `rank`-th position that no
  /// arrival takes.
  static func slot(rank: Int, skipping taken: [Int]) -> Int {
    // f(j) = j - (arrivals at or below j) is non-decreasing; find the smallest free j with
    // f(j) == rank. It lies in rank...(rank + taken.count).
    var low = rank
    var high = rank + taken.count
    while low < high {
      let mid = (low + high) / 2
      let free = mid + 1 - countBelow(mid + 1, in: taken)
      if free > rank { high = mid } else { low = mid + 1 }
    }
    return low
  }
}

extension BatchUpdate {
  /// Checks the update against the counts before and after (rule 25), and works out where
  /// everything goes.
  ///
  /// - Parameters:
  ///   - oldCounts: items per section before the update.
  ///   - newCounts: items per section the data source reports after it.
  public func resolve(oldCounts: [Int], newCounts: [Int]) throws(BatchUpdateError) -> ResolvedBatchUpdate {
    // Sections.
    for section in deletedSections where !oldCounts.indices.contains(section) {
      throw .outOfRange("deleted section \(section) of \(oldCounts.count)")
    }
    for section in reloadedSections where !oldCounts.indices.contains(section) {
      throw .outOfRange("reloaded section \(section) of \(oldCounts.count)")
    }
    for section in insertedSections where !newCounts.indices.contains(section) {
      throw .outOfRange("inserted section \(section) of \(newCounts.count)")
    }
    var movedFrom = Set<Int>()
    var movedTo = Set<Int>()
    for move in movedSections {
      guard oldCounts.indices.contains(move.from), newCounts.indices.contains(move.to) else {
        throw .outOfRange("section move \(move.from) → \(move.to)")
      }
      guard movedFrom.insert(move.from).inserted, movedTo.insert(move.to).inserted,
        !deletedSections.contains(move.from), !insertedSections.contains(move.to)
      else { throw .conflict("section \(move.from) moved to \(move.to) and changed otherwise") }
    }
    if let overlap = deletedSections.intersection(reloadedSections).first {
      throw .conflict("section \(overlap) deleted and reloaded")
    }
    let expectedSections = oldCounts.count - deletedSections.count + insertedSections.count
    guard expectedSections == newCounts.count else {
      throw .invalidSectionCount(
        before: oldCounts.count, inserted: insertedSections.count, deleted: deletedSections.count,
        reported: newCounts.count)
    }
    // A reloaded section counts as deleted and inserted whole (rule 25): its items may
    // change in number, and none of them is named on its own in the same update.
    let reloadedOld = reloadedSections
    let sectionMap = Self.placeSurvivors(
      count: oldCounts.count, removed: deletedSections.union(IndexSet(movedFrom)),
      arrivals: Set(insertedSections).union(movedTo), newCount: newCounts.count,
      moves: Dictionary(uniqueKeysWithValues: movedSections.map { ($0.from, $0.to) }))

    let reloadedNew = Set(reloadedOld.compactMap { sectionMap[$0] })

    // Items: check every path against its role.
    var deleted = Set<IndexPath>()
    var movedOut = Set<IndexPath>()
    var arrivals = Set<IndexPath>()
    func checkOld(_ path: IndexPath, _ role: String) throws(BatchUpdateError) {
      guard path.count == 2, oldCounts.indices.contains(path.section), (0..<oldCounts[path.section]).contains(path.item)
      else { throw .outOfRange("\(role) \(path.itemDescription) before the update") }
      if deletedSections.contains(path.section) || movedFrom.contains(path.section)
        || reloadedOld.contains(path.section)
      {
        throw .itemInChangedSection("\(role) \(path.itemDescription)")
      }
    }
    func checkNew(_ path: IndexPath, _ role: String) throws(BatchUpdateError) {
      guard path.count == 2, newCounts.indices.contains(path.section), (0..<newCounts[path.section]).contains(path.item)
      else { throw .outOfRange("\(role) \(path.itemDescription) after the update") }
      if insertedSections.contains(path.section) || movedTo.contains(path.section) || reloadedNew.contains(path.section)
      {
        throw .itemInChangedSection("\(role) \(path.itemDescription)")
      }
    }
    for path in deletedItems {
      try checkOld(path, "deleted")
      guard deleted.insert(path).inserted else { throw .conflict("\(path.itemDescription) deleted twice") }
    }
    for path in reloadedItems {
      try checkOld(path, "reloaded")
      if deleted.contains(path) { throw .conflict("\(path.itemDescription) deleted and reloaded") }
    }
    var moves: [IndexPath: IndexPath] = [:]
    for move in movedItems {
      try checkOld(move.from, "moved")
      try checkNew(move.to, "moved")
      guard !deleted.contains(move.from), movedOut.insert(move.from).inserted else {
        throw .conflict("\(move.from.itemDescription) moved and deleted, or moved twice")
      }
      guard arrivals.insert(move.to).inserted else { throw .conflict("two items moved to \(move.to.itemDescription)") }
      moves[move.from] = move.to
    }
    for path in insertedItems {
      try checkNew(path, "inserted")
      guard arrivals.insert(path).inserted else {
        throw .conflict("\(path.itemDescription) inserted twice or also moved there")
      }
    }

    // Rule 25: counts of the sections that exist before and after.
    var insertedBySection: [Int: Int] = [:]
    var deletedBySection: [Int: Int] = [:]
    var movedInBySection: [Int: Int] = [:]
    var movedOutBySection: [Int: Int] = [:]
    var removed: [[Int]] = Array(repeating: [], count: oldCounts.count)
    var arriving: [[Int]] = Array(repeating: [], count: newCounts.count)
    for path in insertedItems {
      insertedBySection[path.section, default: 0] += 1
      arriving[path.section].append(path.item)
    }
    for path in deletedItems {
      deletedBySection[path.section, default: 0] += 1
      removed[path.section].append(path.item)
    }
    for move in movedItems {
      removed[move.from.section].append(move.from.item)
      arriving[move.to.section].append(move.to.item)
      if sectionMap[move.from.section] != move.to.section {
        movedOutBySection[move.from.section, default: 0] += 1
        movedInBySection[move.to.section, default: 0] += 1
      }
    }
    for section in reloadedOld {
      removed[section] = Array(0..<oldCounts[section])
      if let new = sectionMap[section] { arriving[new] = Array(0..<newCounts[new]) }
    }
    for (old, new) in sectionMap.enumerated() {
      guard let new, !reloadedOld.contains(old) else { continue }
      let inserted = insertedBySection[new, default: 0]
      let deletedCount = deletedBySection[old, default: 0]
      let movedIn = movedInBySection[new, default: 0]
      let movedOutCount = movedOutBySection[old, default: 0]
      let expected = oldCounts[old] + inserted - deletedCount + movedIn - movedOutCount
      guard expected == newCounts[new] else {
        throw .invalidItemCount(
          section: new, before: oldCounts[old], inserted: inserted, deleted: deletedCount, movedIn: movedIn,
          movedOut: movedOutCount, reported: newCounts[new])
      }
    }
    return ResolvedBatchUpdate(
      oldCounts: oldCounts, newCounts: newCounts, sectionMap: sectionMap, removed: removed.map { $0.sorted() },
      arrivals: arriving.map { $0.sorted() }, moves: moves)
  }

  /// UIKit's placement: the elements that stay keep their order and fill, in order, the
  /// positions after the update that no arrival takes. Moved elements go where their move
  /// says. Returns each old element's new position, nil for removed ones.
  static func placeSurvivors(
    count: Int, removed: IndexSet, arrivals: Set<Int>, newCount: Int, moves: [Int: Int]
  ) -> [Int?] {
    var result: [Int?] = Array(repeating: nil, count: count)
    var slot = 0
    for index in 0..<count {
      if let target = moves[index] {
        result[index] = target
        continue
      }
      guard !removed.contains(index) else { continue }
      while arrivals.contains(slot) { slot += 1 }
      result[index] = slot < newCount ? slot : nil
      slot += 1
    }
    return result
  }
}
