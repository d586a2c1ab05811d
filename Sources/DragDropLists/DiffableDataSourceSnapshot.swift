import Foundation
import Logging
import Views

private let snapshotLogger = Logger(label: "DragDropLists.DiffableDataSourceSnapshot")

/// Why a snapshot refused a change. The snapshot is left as it was.
public enum DiffableDataSourceError<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Error, Hashable,
  Sendable, CustomStringConvertible
{
  /// The section is already in the snapshot; identifiers must be unique.
  case duplicateSection(SectionID)
  /// The item is already in the snapshot; identifiers must be unique across sections.
  case duplicateItem(ItemID)
  /// No section has this identifier.
  case unknownSection(SectionID)
  /// No item has this identifier.
  case unknownItem(ItemID)
  /// Items were appended to "the last section" of a snapshot that has none.
  case noSection
  /// An index path names no section of the snapshot, or is not two indexes.
  case indexPathOutOfRange(IndexPath)

  public var description: String {
    switch self {
    case .duplicateSection(let id): "the section \(id) is already in the snapshot"
    case .duplicateItem(let id): "the item \(id) is already in the snapshot"
    case .unknownSection(let id): "the snapshot has no section \(id)"
    case .unknownItem(let id): "the snapshot has no item \(id)"
    case .noSection: "items were appended to the last section of a snapshot that has no sections"
    case .indexPathOutOfRange(let path): "the index path \(path) names no section of the snapshot"
    }
  }
}

/// The state of a list by identifiers: its sections in order, and each section's items in
/// order (Apple's `NSDiffableDataSourceSnapshot`). A diffable data source shows one, and
/// ``TableViewDiffableDataSource/apply(_:animatingDifferences:completion:)`` works out the
/// batch update from the one on show to a new one.
///
/// Identifiers are unique: an item appears once in the whole snapshot. A change that would
/// break that, or that names identifiers the snapshot does not have, is refused and
/// changes nothing. As in UIKit, the changes do not throw: a refused one is a misuse,
/// logged and reported to ``Views/APIMisuse/handler`` (rule 43). Their ``checked`` forms
/// throw the ``DiffableDataSourceError`` that names the identifier instead.
public struct DiffableDataSourceSnapshot<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Sendable,
  Equatable
{
  /// The error a refused change throws.
  public typealias Failure = DiffableDataSourceError<SectionID, ItemID>

  /// The sections, in order.
  public private(set) var sectionIdentifiers: [SectionID] = []
  @usableFromInline var itemsBySection: [[ItemID]] = []
  @usableFromInline var sectionIndex: [SectionID: Int] = [:]
  @usableFromInline var sectionOfItem: [ItemID: SectionID] = [:]
  /// Items and sections marked to be reloaded or reconfigured by the next apply.
  public private(set) var reloadedItemIdentifiers: Set<ItemID> = []
  /// The items marked for reconfiguring: their cells are updated in place.
  public private(set) var reconfiguredItemIdentifiers: Set<ItemID> = []
  /// The sections marked for reloading: their items get new cells.
  public private(set) var reloadedSectionIdentifiers: Set<SectionID> = []

  /// An empty snapshot.
  public init() {}

  // MARK: Reading

  /// How many sections there are.
  public var numberOfSections: Int { sectionIdentifiers.count }
  /// How many items there are, in every section.
  public var numberOfItems: Int { sectionOfItem.count }
  /// Every item, section by section.
  public var itemIdentifiers: [ItemID] { itemsBySection.flatMap { $0 } }

  /// How many items the section has; 0 for an unknown section.
  public func numberOfItems(inSection identifier: SectionID) -> Int {
    sectionIndex[identifier].map { itemsBySection[$0].count } ?? 0
  }

  /// The section's items, in order; none for an unknown section.
  public func itemIdentifiers(inSection identifier: SectionID) -> [ItemID] {
    sectionIndex[identifier].map { itemsBySection[$0] } ?? []
  }

  /// The section the item is in, or nil.
  public func sectionIdentifier(containingItem identifier: ItemID) -> SectionID? { sectionOfItem[identifier] }

  /// The section's index, or nil.
  public func indexOfSection(_ identifier: SectionID) -> Int? { sectionIndex[identifier] }

  /// The item's index in the whole snapshot, counting the sections before it.
  public func indexOfItem(_ identifier: ItemID) -> Int? {
    guard let path = indexPath(of: identifier) else { return nil }
    return itemsBySection[..<path.section].reduce(0) { $0 + $1.count } + path.item
  }

  /// The item's index path; O(items in its section).
  public func indexPath(of identifier: ItemID) -> IndexPath? {
    guard let section = sectionOfItem[identifier].flatMap({ sectionIndex[$0] }),
      let item = itemsBySection[section].firstIndex(of: identifier)
    else { return nil }
    return IndexPath(item: item, section: section)
  }

  /// The item at an index path, nil when there is none.
  public func itemIdentifier(at indexPath: IndexPath) -> ItemID? {
    guard indexPath.count == 2, itemsBySection.indices.contains(indexPath.section),
      itemsBySection[indexPath.section].indices.contains(indexPath.item)
    else { return nil }
    return itemsBySection[indexPath.section][indexPath.item]
  }

  func items(atSection index: Int) -> [ItemID] { itemsBySection[index] }

  // MARK: Sections

  mutating func checkedAppendSections(_ identifiers: [SectionID]) throws(Failure) {
    try insertSections(identifiers, at: sectionIdentifiers.count)
  }

  mutating func checkedInsertSections(_ identifiers: [SectionID], beforeSection before: SectionID) throws(Failure) {
    guard let index = sectionIndex[before] else { throw .unknownSection(before) }
    try insertSections(identifiers, at: index)
  }

  mutating func checkedInsertSections(_ identifiers: [SectionID], afterSection after: SectionID) throws(Failure) {
    guard let index = sectionIndex[after] else { throw .unknownSection(after) }
    try insertSections(identifiers, at: index + 1)
  }

  private mutating func insertSections(_ identifiers: [SectionID], at index: Int) throws(Failure) {
    var seen = Set<SectionID>()
    for id in identifiers where sectionIndex[id] != nil || !seen.insert(id).inserted { throw .duplicateSection(id) }
    sectionIdentifiers.insert(contentsOf: identifiers, at: index)
    itemsBySection.insert(contentsOf: identifiers.map { _ in [] }, at: index)
    reindexSections(from: index)
  }

  mutating func checkedDeleteSections(_ identifiers: [SectionID]) throws(Failure) {
    for id in identifiers where sectionIndex[id] == nil { throw .unknownSection(id) }
    let doomed = Set(identifiers)
    for id in doomed {
      for item in itemsBySection[sectionIndex[id]!] { forget(item) }
      reloadedSectionIdentifiers.remove(id)
    }
    let kept = zip(sectionIdentifiers, itemsBySection).filter { !doomed.contains($0.0) }
    sectionIdentifiers = kept.map(\.0)
    itemsBySection = kept.map(\.1)
    sectionIndex = [:]
    reindexSections(from: 0)
  }

  mutating func checkedMoveSection(_ identifier: SectionID, beforeSection before: SectionID) throws(Failure) {
    try moveSection(identifier, relativeTo: before, after: false)
  }

  mutating func checkedMoveSection(_ identifier: SectionID, afterSection after: SectionID) throws(Failure) {
    try moveSection(identifier, relativeTo: after, after: true)
  }

  private mutating func moveSection(_ identifier: SectionID, relativeTo other: SectionID, after: Bool) throws(Failure) {
    guard let from = sectionIndex[identifier] else { throw .unknownSection(identifier) }
    guard sectionIndex[other] != nil else { throw .unknownSection(other) }
    guard identifier != other else { return }
    let items = itemsBySection.remove(at: from)
    sectionIdentifiers.remove(at: from)
    reindexSections(from: 0)
    let to = sectionIndex[other]! + (after ? 1 : 0)
    sectionIdentifiers.insert(identifier, at: to)
    itemsBySection.insert(items, at: to)
    reindexSections(from: 0)
  }

  mutating func checkedReloadSections(_ identifiers: [SectionID]) throws(Failure) {
    for id in identifiers where sectionIndex[id] == nil { throw .unknownSection(id) }
    reloadedSectionIdentifiers.formUnion(identifiers)
  }

  private mutating func reindexSections(from start: Int) {
    for index in start..<sectionIdentifiers.count { sectionIndex[sectionIdentifiers[index]] = index }
  }

  // MARK: Items

  mutating func checkedAppendItems(_ identifiers: [ItemID], toSection section: SectionID? = nil) throws(Failure) {
    let target: SectionID
    if let section {
      target = section
    } else {
      guard let last = sectionIdentifiers.last else { throw .noSection }
      target = last
    }
    guard let index = sectionIndex[target] else { throw .unknownSection(target) }
    try checkNew(identifiers)
    itemsBySection[index] += identifiers
    // Room for them all at once: a million items would otherwise grow the table twenty times.
    sectionOfItem.reserveCapacity(sectionOfItem.count + identifiers.count)
    for id in identifiers { sectionOfItem[id] = target }
  }

  mutating func checkedInsertItems(_ identifiers: [ItemID], beforeItem before: ItemID) throws(Failure) {
    guard let path = indexPath(of: before) else { throw .unknownItem(before) }
    try checkedInsertItems(identifiers, at: path)
  }

  mutating func checkedInsertItems(_ identifiers: [ItemID], afterItem after: ItemID) throws(Failure) {
    guard let path = indexPath(of: after) else { throw .unknownItem(after) }
    try checkedInsertItems(identifiers, at: IndexPath(item: path.item + 1, section: path.section))
  }

  mutating func checkedInsertItems(_ identifiers: [ItemID], at indexPath: IndexPath) throws(Failure) {
    guard indexPath.count == 2, itemsBySection.indices.contains(indexPath.section) else {
      throw .indexPathOutOfRange(indexPath)
    }
    try checkNew(identifiers)
    let section = indexPath.section
    let item = min(max(0, indexPath.item), itemsBySection[section].count)
    itemsBySection[section].insert(contentsOf: identifiers, at: item)
    for id in identifiers { sectionOfItem[id] = sectionIdentifiers[section] }
  }

  mutating func checkedDeleteItems(_ identifiers: [ItemID]) throws(Failure) {
    for id in identifiers where sectionOfItem[id] == nil { throw .unknownItem(id) }
    let doomed = Set(identifiers)
    for section in Set(identifiers.compactMap { sectionOfItem[$0] }) {
      let index = sectionIndex[section]!
      itemsBySection[index].removeAll { doomed.contains($0) }
    }
    for id in doomed { forget(id) }
  }

  /// Removes every item, keeping the sections.
  public mutating func deleteAllItems() {
    self = DiffableDataSourceSnapshot()
  }

  mutating func checkedMoveItem(_ identifier: ItemID, beforeItem before: ItemID) throws(Failure) {
    try moveItem(identifier, relativeTo: before, after: false)
  }

  mutating func checkedMoveItem(_ identifier: ItemID, afterItem after: ItemID) throws(Failure) {
    try moveItem(identifier, relativeTo: after, after: true)
  }

  private mutating func moveItem(_ identifier: ItemID, relativeTo other: ItemID, after: Bool) throws(Failure) {
    guard let from = indexPath(of: identifier) else { throw .unknownItem(identifier) }
    guard sectionOfItem[other] != nil else { throw .unknownItem(other) }
    guard identifier != other else { return }
    itemsBySection[from.section].remove(at: from.item)
    let to = indexPath(of: other)!
    itemsBySection[to.section].insert(identifier, at: to.item + (after ? 1 : 0))
    sectionOfItem[identifier] = sectionIdentifiers[to.section]
  }

  mutating func checkedMoveItem(_ identifier: ItemID, to destination: IndexPath) throws(Failure) {
    guard let from = indexPath(of: identifier) else { throw .unknownItem(identifier) }
    guard destination.count == 2, itemsBySection.indices.contains(destination.section) else {
      throw .indexPathOutOfRange(destination)
    }
    itemsBySection[from.section].remove(at: from.item)
    let section = destination.section
    let item = min(max(0, destination.item), itemsBySection[section].count)
    itemsBySection[section].insert(identifier, at: item)
    sectionOfItem[identifier] = sectionIdentifiers[section]
  }

  mutating func checkedReloadItems(_ identifiers: [ItemID]) throws(Failure) {
    for id in identifiers where sectionOfItem[id] == nil { throw .unknownItem(id) }
    reloadedItemIdentifiers.formUnion(identifiers)
  }

  mutating func checkedReconfigureItems(_ identifiers: [ItemID]) throws(Failure) {
    for id in identifiers where sectionOfItem[id] == nil { throw .unknownItem(id) }
    reconfiguredItemIdentifiers.formUnion(identifiers)
  }

  private func checkNew(_ identifiers: [ItemID]) throws(Failure) {
    var seen = Set<ItemID>(minimumCapacity: identifiers.count)
    for id in identifiers where sectionOfItem[id] != nil || !seen.insert(id).inserted { throw .duplicateItem(id) }
  }

  private mutating func forget(_ item: ItemID) {
    sectionOfItem[item] = nil
    reloadedItemIdentifiers.remove(item)
    reconfiguredItemIdentifiers.remove(item)
  }

  /// The snapshot without its reload and reconfigure marks, as it is once applied.
  var applied: DiffableDataSourceSnapshot {
    var copy = self
    copy.reloadedItemIdentifiers = []
    copy.reconfiguredItemIdentifiers = []
    copy.reloadedSectionIdentifiers = []
    return copy
  }

  public static func == (a: Self, b: Self) -> Bool {
    a.sectionIdentifiers == b.sectionIdentifiers && a.itemsBySection == b.itemsBySection
      && a.reloadedItemIdentifiers == b.reloadedItemIdentifiers
      && a.reconfiguredItemIdentifiers == b.reconfiguredItemIdentifiers
      && a.reloadedSectionIdentifiers == b.reloadedSectionIdentifiers
  }
}

extension DiffableDataSourceSnapshot {
  /// The batch update that turns `old` into `self`: deletions, insertions and reloads in
  /// O(n) for n identifiers, moves in O(n log n) (the items that keep their relative order
  /// are a longest increasing subsequence; every other item that stays is a move).
  ///
  /// A section that moves with its items unchanged is a section move. A section that moves
  /// and whose items change, or that is marked for reload, is deleted and inserted whole,
  /// since a batch update cannot name item changes inside a section it moves or reloads.
  ///
  /// It is inlinable, so that it is specialized for the caller's identifier types.
  @_spi(Internals) @inlinable
  public func batchUpdate(from old: DiffableDataSourceSnapshot) -> BatchUpdate {
    var update = BatchUpdate()
    // Sections.
    var oldReplaced = Set<Int>()  // old indexes whose items are covered by a section change
    var newReplaced = Set<Int>()
    var cleanMoved = Set<Int>()  // old indexes of sections moved whole
    for (index, id) in old.sectionIdentifiers.enumerated() where sectionIndex[id] == nil {
      update.deletedSections.insert(index)
      oldReplaced.insert(index)
    }
    for (index, id) in sectionIdentifiers.enumerated() where old.sectionIndex[id] == nil {
      update.insertedSections.insert(index)
      newReplaced.insert(index)
    }
    let common = sectionIdentifiers.enumerated().compactMap { newIndex, id in
      old.sectionIndex[id].map { (old: $0, new: newIndex) }
    }
    let keptOrder = longestIncreasingSubsequence(common.map(\.old))
    for (position, pair) in common.enumerated() {
      let reloaded = reloadedSectionIdentifiers.contains(sectionIdentifiers[pair.new])
      if keptOrder[position] {
        if reloaded {
          update.reloadedSections.insert(pair.old)
          oldReplaced.insert(pair.old)
          newReplaced.insert(pair.new)
        }
        continue
      }
      if !reloaded && old.itemsBySection[pair.old] == itemsBySection[pair.new]
        && !itemsBySection[pair.new].contains(where: {
          reloadedItemIdentifiers.contains($0) || reconfiguredItemIdentifiers.contains($0)
        })
      {
        update.movedSections.append(BatchUpdate.Move(from: pair.old, to: pair.new))
        cleanMoved.insert(pair.old)
      } else {
        update.deletedSections.insert(pair.old)
        update.insertedSections.insert(pair.new)
        oldReplaced.insert(pair.old)
        newReplaced.insert(pair.new)
      }
    }

    // Items, in sections that are neither replaced nor moved whole: where each was and is.
    let oldCovered = (0..<old.numberOfSections).map { oldReplaced.contains($0) || cleanMoved.contains($0) }
    let newReplacedFlags = (0..<numberOfSections).map { newReplaced.contains($0) }
    let oldReplacedFlags = (0..<old.numberOfSections).map { oldReplaced.contains($0) }
    let newToOldSection = sectionIdentifiers.map { old.sectionIndex[$0] ?? -1 }
    let oldPosition = old.positions()
    let newPosition = positions()
    let marksReload = !reloadedItemIdentifiers.isEmpty || !reconfiguredItemIdentifiers.isEmpty
    func isReloaded(_ item: ItemID) -> Bool {
      marksReload && (reloadedItemIdentifiers.contains(item) || reconfiguredItemIdentifiers.contains(item))
    }
    var moved: [BatchUpdate.Move<IndexPath>] = []
    // Deletions, and moves to another section, in old order.
    for (section, items) in old.itemsBySection.enumerated() where !oldCovered[section] {
      for (index, item) in items.enumerated() {
        guard let to = newPosition[item], !newReplacedFlags[to.section] else {
          update.deletedItems.append(IndexPath(item: index, section: section))
          continue
        }
        if newToOldSection[to.section] != section {
          moved.append(
            BatchUpdate.Move(
              from: IndexPath(item: index, section: section), to: IndexPath(item: to.item, section: to.section)))
        }
      }
    }
    // Insertions, and the items that stay in their section: those in a longest increasing
    // run of old indexes keep their order; every other one is a move.
    for (section, items) in itemsBySection.enumerated() where !newReplacedFlags[section] {
      let oldSection = newToOldSection[section]
      if oldSection >= 0 && cleanMoved.contains(oldSection) { continue }
      var stayOld: [Int] = []
      var stayNew: [Int] = []
      for (index, item) in items.enumerated() {
        guard let from = oldPosition[item], !oldReplacedFlags[from.section] else {
          update.insertedItems.append(IndexPath(item: index, section: section))
          continue
        }
        if from.section == oldSection {
          stayOld.append(from.item)
          stayNew.append(index)
        }
      }
      let kept = longestIncreasingSubsequence(stayOld)
      for position in stayOld.indices {
        let from = IndexPath(item: stayOld[position], section: oldSection)
        if !kept[position] {
          moved.append(BatchUpdate.Move(from: from, to: IndexPath(item: stayNew[position], section: section)))
        } else if isReloaded(items[stayNew[position]]) {
          update.reloadedItems.append(from)
        }
      }
    }
    // A moved item that is also reloaded is deleted and inserted: its cell is made anew.
    for move in moved {
      if isReloaded(itemsBySection[move.to.section][move.to.item]) {
        update.deletedItems.append(move.from)
        update.insertedItems.append(move.to)
      } else {
        update.movedItems.append(move)
      }
    }
    return update
  }
}

/// Where an item is in a snapshot.
@usableFromInline
struct SnapshotPosition {
  @usableFromInline var section: Int
  @usableFromInline var item: Int
  @inlinable init(section: Int, item: Int) {
    self.section = section
    self.item = item
  }
}

extension DiffableDataSourceSnapshot {
  /// Every item's position, in one pass.
  @inlinable
  func positions() -> [ItemID: SnapshotPosition] {
    var result = [ItemID: SnapshotPosition](minimumCapacity: numberOfItems)
    for (section, items) in itemsBySection.enumerated() {
      for (index, item) in items.enumerated() { result[item] = SnapshotPosition(section: section, item: index) }
    }
    return result
  }
}

// MARK: - UIKit's forms, and the checked ones

extension DiffableDataSourceSnapshot {
  /// Adds sections at the end.
  ///
  /// As in UIKit, it does not throw: a change the snapshot refuses (see
  /// ``Checked-swift.struct/appendSections(_:)``) is a misuse (rule 43). It is logged, the snapshot
  /// is left as it was, and ``Views/APIMisuse/handler`` hears the error.
  public mutating func appendSections(_ identifiers: [SectionID]) {
    refusing("appendSections") { (snapshot: inout Self) throws(Failure) in
      try snapshot.checkedAppendSections(identifiers)
    }
  }

  /// Adds sections before `before`.
  ///
  /// As in UIKit, it does not throw: a change the snapshot refuses (see
  /// ``Checked-swift.struct/insertSections(_:beforeSection:)``) is a misuse (rule 43). It is logged, the snapshot
  /// is left as it was, and ``Views/APIMisuse/handler`` hears the error.
  public mutating func insertSections(_ identifiers: [SectionID], beforeSection before: SectionID) {
    refusing("insertSections") { (snapshot: inout Self) throws(Failure) in
      try snapshot.checkedInsertSections(identifiers, beforeSection: before)
    }
  }

  /// Adds sections after `after`.
  ///
  /// As in UIKit, it does not throw: a change the snapshot refuses (see
  /// ``Checked-swift.struct/insertSections(_:afterSection:)``) is a misuse (rule 43). It is logged, the snapshot
  /// is left as it was, and ``Views/APIMisuse/handler`` hears the error.
  public mutating func insertSections(_ identifiers: [SectionID], afterSection after: SectionID) {
    refusing("insertSections") { (snapshot: inout Self) throws(Failure) in
      try snapshot.checkedInsertSections(identifiers, afterSection: after)
    }
  }

  /// Deletes sections with their items.
  ///
  /// As in UIKit, it does not throw: a change the snapshot refuses (see
  /// ``Checked-swift.struct/deleteSections(_:)``) is a misuse (rule 43). It is logged, the snapshot
  /// is left as it was, and ``Views/APIMisuse/handler`` hears the error.
  public mutating func deleteSections(_ identifiers: [SectionID]) {
    refusing("deleteSections") { (snapshot: inout Self) throws(Failure) in
      try snapshot.checkedDeleteSections(identifiers)
    }
  }

  /// Moves a section, with its items, before `before`.
  ///
  /// As in UIKit, it does not throw: a change the snapshot refuses (see
  /// ``Checked-swift.struct/moveSection(_:beforeSection:)``) is a misuse (rule 43). It is logged, the snapshot
  /// is left as it was, and ``Views/APIMisuse/handler`` hears the error.
  public mutating func moveSection(_ identifier: SectionID, beforeSection before: SectionID) {
    refusing("moveSection") { (snapshot: inout Self) throws(Failure) in
      try snapshot.checkedMoveSection(identifier, beforeSection: before)
    }
  }

  /// Moves a section, with its items, after `after`.
  ///
  /// As in UIKit, it does not throw: a change the snapshot refuses (see
  /// ``Checked-swift.struct/moveSection(_:afterSection:)``) is a misuse (rule 43). It is logged, the snapshot
  /// is left as it was, and ``Views/APIMisuse/handler`` hears the error.
  public mutating func moveSection(_ identifier: SectionID, afterSection after: SectionID) {
    refusing("moveSection") { (snapshot: inout Self) throws(Failure) in
      try snapshot.checkedMoveSection(identifier, afterSection: after)
    }
  }

  /// Marks sections to be reloaded whole by the next apply.
  ///
  /// As in UIKit, it does not throw: a change the snapshot refuses (see
  /// ``Checked-swift.struct/reloadSections(_:)``) is a misuse (rule 43). It is logged, the snapshot
  /// is left as it was, and ``Views/APIMisuse/handler`` hears the error.
  public mutating func reloadSections(_ identifiers: [SectionID]) {
    refusing("reloadSections") { (snapshot: inout Self) throws(Failure) in
      try snapshot.checkedReloadSections(identifiers)
    }
  }

  /// Appends items to a section, or to the last section when none is named.
  ///
  /// As in UIKit, it does not throw: a change the snapshot refuses (see
  /// ``Checked-swift.struct/appendItems(_:toSection:)``) is a misuse (rule 43). It is logged, the snapshot
  /// is left as it was, and ``Views/APIMisuse/handler`` hears the error.
  public mutating func appendItems(_ identifiers: [ItemID], toSection section: SectionID? = nil) {
    refusing("appendItems") { (snapshot: inout Self) throws(Failure) in
      try snapshot.checkedAppendItems(identifiers, toSection: section)
    }
  }

  /// Adds items before `before`, in its section.
  ///
  /// As in UIKit, it does not throw: a change the snapshot refuses (see
  /// ``Checked-swift.struct/insertItems(_:beforeItem:)``) is a misuse (rule 43). It is logged, the snapshot
  /// is left as it was, and ``Views/APIMisuse/handler`` hears the error.
  public mutating func insertItems(_ identifiers: [ItemID], beforeItem before: ItemID) {
    refusing("insertItems") { (snapshot: inout Self) throws(Failure) in
      try snapshot.checkedInsertItems(identifiers, beforeItem: before)
    }
  }

  /// Adds items after `after`, in its section.
  ///
  /// As in UIKit, it does not throw: a change the snapshot refuses (see
  /// ``Checked-swift.struct/insertItems(_:afterItem:)``) is a misuse (rule 43). It is logged, the snapshot
  /// is left as it was, and ``Views/APIMisuse/handler`` hears the error.
  public mutating func insertItems(_ identifiers: [ItemID], afterItem after: ItemID) {
    refusing("insertItems") { (snapshot: inout Self) throws(Failure) in
      try snapshot.checkedInsertItems(identifiers, afterItem: after)
    }
  }

  /// Inserts items at an index path (its item may be the section's count, to append).
  ///
  /// As in UIKit, it does not throw: a change the snapshot refuses (see
  /// ``Checked-swift.struct/insertItems(_:at:)``) is a misuse (rule 43). It is logged, the snapshot
  /// is left as it was, and ``Views/APIMisuse/handler`` hears the error.
  public mutating func insertItems(_ identifiers: [ItemID], at indexPath: IndexPath) {
    refusing("insertItems") { (snapshot: inout Self) throws(Failure) in
      try snapshot.checkedInsertItems(identifiers, at: indexPath)
    }
  }

  /// Removes items.
  ///
  /// As in UIKit, it does not throw: a change the snapshot refuses (see
  /// ``Checked-swift.struct/deleteItems(_:)``) is a misuse (rule 43). It is logged, the snapshot
  /// is left as it was, and ``Views/APIMisuse/handler`` hears the error.
  public mutating func deleteItems(_ identifiers: [ItemID]) {
    refusing("deleteItems") { (snapshot: inout Self) throws(Failure) in try snapshot.checkedDeleteItems(identifiers) }
  }

  /// Moves an item before `before`, which may be in another section.
  ///
  /// As in UIKit, it does not throw: a change the snapshot refuses (see
  /// ``Checked-swift.struct/moveItem(_:beforeItem:)``) is a misuse (rule 43). It is logged, the snapshot
  /// is left as it was, and ``Views/APIMisuse/handler`` hears the error.
  public mutating func moveItem(_ identifier: ItemID, beforeItem before: ItemID) {
    refusing("moveItem") { (snapshot: inout Self) throws(Failure) in
      try snapshot.checkedMoveItem(identifier, beforeItem: before)
    }
  }

  /// Moves an item after `after`, which may be in another section.
  ///
  /// As in UIKit, it does not throw: a change the snapshot refuses (see
  /// ``Checked-swift.struct/moveItem(_:afterItem:)``) is a misuse (rule 43). It is logged, the snapshot
  /// is left as it was, and ``Views/APIMisuse/handler`` hears the error.
  public mutating func moveItem(_ identifier: ItemID, afterItem after: ItemID) {
    refusing("moveItem") { (snapshot: inout Self) throws(Failure) in
      try snapshot.checkedMoveItem(identifier, afterItem: after)
    }
  }

  /// Moves an item to an index path, as a reorder does: `destination` is where it is after the move.
  ///
  /// As in UIKit, it does not throw: a change the snapshot refuses (see
  /// ``Checked-swift.struct/moveItem(_:to:)``) is a misuse (rule 43). It is logged, the snapshot
  /// is left as it was, and ``Views/APIMisuse/handler`` hears the error.
  public mutating func moveItem(_ identifier: ItemID, to destination: IndexPath) {
    refusing("moveItem") { (snapshot: inout Self) throws(Failure) in
      try snapshot.checkedMoveItem(identifier, to: destination)
    }
  }

  /// Marks items to be reloaded (their cells made again) by the next apply.
  ///
  /// As in UIKit, it does not throw: a change the snapshot refuses (see
  /// ``Checked-swift.struct/reloadItems(_:)``) is a misuse (rule 43). It is logged, the snapshot
  /// is left as it was, and ``Views/APIMisuse/handler`` hears the error.
  public mutating func reloadItems(_ identifiers: [ItemID]) {
    refusing("reloadItems") { (snapshot: inout Self) throws(Failure) in try snapshot.checkedReloadItems(identifiers) }
  }

  /// Marks items to be reconfigured by the next apply. DragDrop reloads them too: a cell provider that dequeues gets the same cell class back.
  ///
  /// As in UIKit, it does not throw: a change the snapshot refuses (see
  /// ``Checked-swift.struct/reconfigureItems(_:)``) is a misuse (rule 43). It is logged, the snapshot
  /// is left as it was, and ``Views/APIMisuse/handler`` hears the error.
  public mutating func reconfigureItems(_ identifiers: [ItemID]) {
    refusing("reconfigureItems") { (snapshot: inout Self) throws(Failure) in
      try snapshot.checkedReconfigureItems(identifiers)
    }
  }

  /// Makes a change, or logs and reports the error that refused it.
  private mutating func refusing(_ call: String, _ change: (inout Self) throws(Failure) -> Void) {
    do throws(Failure) {
      try change(&self)
    } catch {
      snapshotLogger.error(
        "\(call)(…): the snapshot refuses the change and stays as it was", metadata: ["error": "\(error)"])
      APIMisuse.reportFromAnyContext(error)
    }
  }

  /// The same changes, throwing the error that refuses one instead of reporting it:
  /// `try snapshot.checked.appendItems(items)`. A refused change changes nothing.
  public struct Checked: Sendable {
    /// The snapshot the changes go to.
    public fileprivate(set) var snapshot: DiffableDataSourceSnapshot

    /// Adds sections at the end. Throws ``DiffableDataSourceError/duplicateSection(_:)`` for one already there, and
    /// changes nothing.
    public mutating func appendSections(_ identifiers: [SectionID]) throws(Failure) {
      try snapshot.checkedAppendSections(identifiers)
    }

    /// Adds sections before `before`. Throws for a duplicate or an unknown `before`, and changes nothing.
    public mutating func insertSections(_ identifiers: [SectionID], beforeSection before: SectionID) throws(Failure) {
      try snapshot.checkedInsertSections(identifiers, beforeSection: before)
    }

    /// Adds sections after `after`. Throws for a duplicate or an unknown `after`, and changes nothing.
    public mutating func insertSections(_ identifiers: [SectionID], afterSection after: SectionID) throws(Failure) {
      try snapshot.checkedInsertSections(identifiers, afterSection: after)
    }

    /// Deletes sections with their items.
    public mutating func deleteSections(_ identifiers: [SectionID]) throws(Failure) {
      try snapshot.checkedDeleteSections(identifiers)
    }

    /// Moves a section, with its items, before `before`. Throws for an unknown section.
    public mutating func moveSection(_ identifier: SectionID, beforeSection before: SectionID) throws(Failure) {
      try snapshot.checkedMoveSection(identifier, beforeSection: before)
    }

    /// Moves a section, with its items, after `after`. Throws for an unknown section.
    public mutating func moveSection(_ identifier: SectionID, afterSection after: SectionID) throws(Failure) {
      try snapshot.checkedMoveSection(identifier, afterSection: after)
    }

    /// Marks sections to be reloaded whole by the next apply.
    public mutating func reloadSections(_ identifiers: [SectionID]) throws(Failure) {
      try snapshot.checkedReloadSections(identifiers)
    }

    /// Appends items to a section, or to the last section when none is named.
    public mutating func appendItems(_ identifiers: [ItemID], toSection section: SectionID? = nil) throws(Failure) {
      try snapshot.checkedAppendItems(identifiers, toSection: section)
    }

    /// Adds items before `before`, in its section. Throws for a duplicate or an unknown `before`, and changes
    /// nothing.
    public mutating func insertItems(_ identifiers: [ItemID], beforeItem before: ItemID) throws(Failure) {
      try snapshot.checkedInsertItems(identifiers, beforeItem: before)
    }

    /// Adds items after `after`, in its section. Throws for a duplicate or an unknown `after`, and changes nothing.
    public mutating func insertItems(_ identifiers: [ItemID], afterItem after: ItemID) throws(Failure) {
      try snapshot.checkedInsertItems(identifiers, afterItem: after)
    }

    /// Inserts items at an index path (its item may be the section's count, to append).
    public mutating func insertItems(_ identifiers: [ItemID], at indexPath: IndexPath) throws(Failure) {
      try snapshot.checkedInsertItems(identifiers, at: indexPath)
    }

    /// Removes items. Throws ``DiffableDataSourceError/unknownItem(_:)`` for one not there, and changes nothing.
    public mutating func deleteItems(_ identifiers: [ItemID]) throws(Failure) {
      try snapshot.checkedDeleteItems(identifiers)
    }

    /// Moves an item before `before`, which may be in another section. Throws for an unknown item.
    public mutating func moveItem(_ identifier: ItemID, beforeItem before: ItemID) throws(Failure) {
      try snapshot.checkedMoveItem(identifier, beforeItem: before)
    }

    /// Moves an item after `after`, which may be in another section. Throws for an unknown item.
    public mutating func moveItem(_ identifier: ItemID, afterItem after: ItemID) throws(Failure) {
      try snapshot.checkedMoveItem(identifier, afterItem: after)
    }

    /// Moves an item to an index path, as a reorder does: `destination` is where it is after
    /// the move.
    public mutating func moveItem(_ identifier: ItemID, to destination: IndexPath) throws(Failure) {
      try snapshot.checkedMoveItem(identifier, to: destination)
    }

    /// Marks items to be reloaded (their cells made again) by the next apply.
    public mutating func reloadItems(_ identifiers: [ItemID]) throws(Failure) {
      try snapshot.checkedReloadItems(identifiers)
    }

    /// Marks items to be reconfigured by the next apply. DragDrop reloads them too: a cell
    /// provider that dequeues gets the same cell class back.
    public mutating func reconfigureItems(_ identifiers: [ItemID]) throws(Failure) {
      try snapshot.checkedReconfigureItems(identifiers)
    }
  }

  /// The snapshot's checked changes, which throw a ``DiffableDataSourceError`` rather than
  /// report it.
  public var checked: Checked {
    get { Checked(snapshot: self) }
    _modify {
      var checked = Checked(snapshot: self)
      self = DiffableDataSourceSnapshot()
      defer { self = checked.snapshot }
      yield &checked
    }
  }
}
