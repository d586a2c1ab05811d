import Logging

/// What a table and a collection diffable data source share: the snapshot on show, and
/// how a new one reaches the view.
@MainActor
final class DiffableDataSourceCore<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable> {
  typealias Snapshot = DiffableDataSourceSnapshot<SectionID, ItemID>
  static var logger: Logger { Logger(label: "DragDropLists.DiffableDataSource") }

  /// The snapshot on show. One shown by ``applyDeferred(section:count:identifier:all:)``
  /// is built on first use.
  var current: Snapshot {
    get {
      materialize()
      return shown
    }
    _modify {
      materialize()
      yield &shown
    }
  }
  private var shown = Snapshot()
  /// A one-section snapshot shown by its count, its identifiers read one at a time until
  /// something needs them all.
  private var deferred: Deferred?

  struct Deferred {
    let section: SectionID
    let count: Int
    let identifier: @MainActor (Int) -> ItemID
    let all: @MainActor () -> [ItemID]
  }

  /// Shows `snapshot` in place of the one on show, deferred or not.
  private func replace(with snapshot: Snapshot) {
    deferred = nil
    shown = snapshot
  }

  private func materialize() {
    guard let deferred else { return }
    self.deferred = nil
    var snapshot = Snapshot()
    do {
      try snapshot.checked.appendSections([deferred.section])
      try snapshot.checked.appendItems(deferred.all(), toSection: deferred.section)
    } catch {
      Self.logger.error("deferred identifiers did not make a snapshot", metadata: ["error": "\(error)"])
    }
    shown = snapshot
  }

  /// Shows one section of `count` items by reloading the view; the identifiers are read one
  /// at a time through `identifier` while the view only asks for cells, and all at once
  /// through `all` when an update, a reorder or a snapshot needs them. `all()` must give
  /// `count` unique identifiers, `identifier(i)` being the `i`-th.
  func applyDeferred(
    section: SectionID, count: Int, identifier: @escaping @MainActor (Int) -> ItemID,
    all: @escaping @MainActor () -> [ItemID], to view: ItemsView?
  ) {
    applyCount += 1
    shown = Snapshot()
    deferred = Deferred(section: section, count: count, identifier: identifier, all: all)
    view?.reloadData()
  }

  var numberOfSections: Int { deferred == nil ? shown.numberOfSections : 1 }

  func numberOfItems(inSection section: Int) -> Int {
    if let deferred { return section == 0 ? deferred.count : 0 }
    return shown.sectionIdentifiers.indices.contains(section) ? shown.items(atSection: section).count : 0
  }

  func itemIdentifier(at indexPath: IndexPath) -> ItemID? {
    if let deferred {
      guard indexPath.section == 0, indexPath.item >= 0, indexPath.item < deferred.count else { return nil }
      return deferred.identifier(indexPath.item)
    }
    return shown.itemIdentifier(at: indexPath)
  }

  func sectionIdentifier(at index: Int) -> SectionID? {
    if let deferred { return index == 0 ? deferred.section : nil }
    return shown.sectionIdentifiers.indices.contains(index) ? shown.sectionIdentifiers[index] : nil
  }

  /// Shows `snapshot` in `view`: the batch update from the snapshot on show, so cells glide
  /// and placeholders, the selection and a live drag follow their items.
  func apply(
    _ snapshot: Snapshot, to view: ItemsView?, animatingDifferences: Bool, completion: (@MainActor () -> Void)?
  ) {
    applyCount += 1
    guard let view else {
      replace(with: snapshot.applied)
      completion?()
      return
    }
    // The view shows the snapshot on show before the change is described.
    view.reloadIfNeeded()
    let update = snapshot.batchUpdate(from: current)
    current = snapshot.applied
    do {
      try view.checkedBatch(
        { try view.record(animation: animatingDifferences ? .automatic : .none) { $0 = update } },
        completion: { _ in completion?() })
    } catch {
      // The update is worked out from the two snapshots, so this is a fault of DragDrop's:
      // show the new snapshot whole rather than a wrong one.
      Self.logger.error("a snapshot's batch update did not add up", metadata: ["error": "\(error)"])
      view.reloadData()
      completion?()
    }
  }

  /// How many snapshots have been applied: a reorder's handler that applies one shows the
  /// reorder itself.
  var applyCount = 0

  func applyUsingReloadData(_ snapshot: Snapshot, to view: ItemsView?) {
    applyCount += 1
    replace(with: snapshot.applied)
    view?.reloadData()
  }

  /// A local reorder moved an item: the snapshot follows, so the counts add up with no
  /// work by hand.
  func moveItem(from source: IndexPath, to destination: IndexPath) {
    guard let item = current.itemIdentifier(at: source) else { return }
    do {
      try current.checked.moveItem(item, to: destination)
    } catch {
      Self.logger.error("a reorder named a position the snapshot does not have", metadata: ["error": "\(error)"])
    }
  }
}

/// A table view's data source that works from snapshots of identifiers (Apple's
/// `UITableViewDiffableDataSource`). Build a ``DiffableDataSourceSnapshot``, apply it, and
/// the data source works out the insertions, deletions, moves and reloads: there are no
/// batch updates to write and no counts to keep in step.
///
/// The table holds its data source weakly, as UIKit's does: keep this object.
///
/// ```swift
/// let dataSource = TableViewDiffableDataSource<Int, String>(tableView: table) { table, indexPath, name in
///   let cell = table.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
///   cell.textLabel?.text = name
///   return cell
/// }
/// var snapshot = DiffableDataSourceSnapshot<Int, String>()
/// snapshot.appendSections([0])
/// snapshot.appendItems(["北海道", "青森", "岩手"])
/// dataSource.apply(snapshot)
/// ```
///
/// Local reorders (rule 22) need no code: the data source moves the item in its snapshot.
/// Allow them with ``canMoveRow``. Inside a placeholder's `commitInsertion` block, add the
/// new item with ``insertItem(_:at:)``.
@MainActor
open class TableViewDiffableDataSource<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>:
  TableViewReorderingDataSource
{
  /// The snapshots the data source applies.
  public typealias Snapshot = DiffableDataSourceSnapshot<SectionID, ItemID>
  /// Makes the cell of an item from its identifier.
  public typealias CellProvider = @MainActor (TableView, IndexPath, ItemID) -> TableViewCell?

  /// The table the data source serves; held weakly.
  public private(set) weak var tableView: TableView?
  private let cellProvider: CellProvider
  private let core = DiffableDataSourceCore<SectionID, ItemID>()
  /// Whether rows may be reordered by drag (rule 22); false by default, as in UIKit.
  public var canMoveRow: @MainActor (IndexPath, ItemID) -> Bool = { _, _ in false }
  /// The title of each section's header; none by default.
  public var titleForSection: @MainActor (Int, SectionID) -> String? = { _, _ in nil }

  /// Becomes `tableView`'s data source.
  public init(tableView: TableView, cellProvider: @escaping CellProvider) {
    self.tableView = tableView
    self.cellProvider = cellProvider
    tableView.dataSource = self
  }

  /// A copy of the snapshot on show.
  public func snapshot() -> Snapshot { core.current }

  /// Shows `snapshot`; rows glide to their new places unless `animatingDifferences` is
  /// false. `completion` runs once the update animation has finished.
  ///
  /// - Complexity: O(n log n) for n identifiers, to find the moves; the view's update then
  ///   costs O(k log n) for k changed rows.
  public func apply(
    _ snapshot: Snapshot, animatingDifferences: Bool = true, completion: (@MainActor () -> Void)? = nil
  ) {
    core.apply(snapshot, to: tableView, animatingDifferences: animatingDifferences, completion: completion)
  }

  /// Shows `snapshot` by reloading the table, with no update worked out.
  public func applySnapshotUsingReloadData(_ snapshot: Snapshot) {
    core.applyUsingReloadData(snapshot, to: tableView)
  }

  /// Shows one section of `count` rows by reloading the table, without building a snapshot:
  /// `identifier` names each row as it comes on screen, and `all` names every row, once,
  /// when an update, a reorder or ``snapshot()`` needs them.
  package func applyDeferredUsingReloadData(
    section: SectionID, count: Int, identifier: @escaping @MainActor (Int) -> ItemID,
    all: @escaping @MainActor () -> [ItemID]
  ) {
    core.applyDeferred(section: section, count: count, identifier: identifier, all: all, to: tableView)
  }

  /// The identifier of the item at `indexPath`, or nil.
  public func itemIdentifier(for indexPath: IndexPath) -> ItemID? { core.itemIdentifier(at: indexPath) }
  /// The index path of the item with `itemIdentifier`, or nil.
  public func indexPath(for itemIdentifier: ItemID) -> IndexPath? { core.current.indexPath(of: itemIdentifier) }
  /// The identifier of the section at `index`, or nil.
  public func sectionIdentifier(for index: Int) -> SectionID? { core.sectionIdentifier(at: index) }
  /// The index of the section with `sectionIdentifier`, or nil.
  public func index(for sectionIdentifier: SectionID) -> Int? { core.current.indexOfSection(sectionIdentifier) }

  /// Adds an item to the snapshot on show without applying it: for the block of a
  /// placeholder's `commitInsertion`, which applies the insertion itself.
  public func insertItem(_ identifier: ItemID, at indexPath: IndexPath) throws(Snapshot.Failure) {
    try core.current.checked.insertItems([identifier], at: indexPath)
  }

  // MARK: TableViewDataSource

  public func numberOfSections(in tableView: TableView) -> Int { core.numberOfSections }

  public func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
    core.numberOfItems(inSection: section)
  }

  public func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
    guard let item = core.itemIdentifier(at: indexPath), let cell = cellProvider(tableView, indexPath, item)
    else { return TableViewCell(reuseIdentifier: nil) }
    return cell
  }

  /// The header title ``titleForSection`` gives; a subclass may override it, as UIKit code
  /// does.
  open func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? {
    sectionIdentifier(for: section).flatMap { titleForSection(section, $0) }
  }

  /// No footer title; a subclass may override it, as UIKit code does.
  open func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? { nil }

  /// False: rows cannot be deleted or inserted unless a subclass says so, as in UIKit.
  open func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool { false }

  /// Not implemented: a subclass that lets rows be edited overrides it, and applies a
  /// snapshot without the deleted row.
  open func tableView(
    _ tableView: TableView, commit editingStyle: TableViewCell.EditingStyle, forRowAt indexPath: IndexPath
  ) {
    tableView.dataSourceCommittedEdit = false
  }

  /// What ``canMoveRow`` says; a subclass may override it, as UIKit code does.
  open func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool {
    core.itemIdentifier(at: indexPath).map { canMoveRow(indexPath, $0) } ?? false
  }

  /// Told of a reorder once the snapshot on show has followed it, as in UIKit: a subclass
  /// may override it to hear of reorders, and may apply a snapshot of its own there (one
  /// with the same order changes nothing). Does nothing by default.
  open func tableView(_ tableView: TableView, moveRowAt source: IndexPath, to destination: IndexPath) {}
}

extension TableViewDiffableDataSource: SnapshotReordering {
  var snapshotApplyCount: Int { core.applyCount }
  func moveInSnapshot(from source: IndexPath, to destination: IndexPath) {
    core.moveItem(from: source, to: destination)
  }
}

/// A diffable data source: a reorder is told to its `moveRowAt` or `moveItemAt`, which a
/// subclass may override; if the override applies a snapshot of its own, that snapshot
/// shows the reorder, and otherwise the snapshot on show follows the reorder by itself.
@MainActor
protocol SnapshotReordering: AnyObject {
  /// How many snapshots have been applied so far.
  var snapshotApplyCount: Int { get }
  /// Moves the item in the snapshot on show, without touching the view.
  func moveInSnapshot(from source: IndexPath, to destination: IndexPath)
}

extension SnapshotReordering {
  /// Tells `report` of the reorder, then makes the snapshot follow it unless `report`
  /// applied a snapshot itself. Returns whether it did: the view then shows the reorder
  /// already.
  func reorder(from source: IndexPath, to destination: IndexPath, reporting report: () -> Void) -> Bool {
    let before = snapshotApplyCount
    report()
    guard snapshotApplyCount == before else { return true }
    moveInSnapshot(from: source, to: destination)
    return false
  }
}

/// A collection view's data source that works from snapshots of identifiers (Apple's
/// `UICollectionViewDiffableDataSource`); see ``TableViewDiffableDataSource``.
@MainActor
open class CollectionViewDiffableDataSource<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>:
  CollectionViewReorderingDataSource
{
  /// The snapshots the data source applies.
  public typealias Snapshot = DiffableDataSourceSnapshot<SectionID, ItemID>
  /// Makes the cell of an item from its identifier.
  public typealias CellProvider = @MainActor (CollectionView, IndexPath, ItemID) -> CollectionViewCell?

  /// The collection view the data source serves; held weakly.
  public private(set) weak var collectionView: CollectionView?
  private let cellProvider: CellProvider
  private let core = DiffableDataSourceCore<SectionID, ItemID>()
  /// Whether items may be reordered (rules 22 and 28); false by default, as in UIKit.
  public var canMoveItem: @MainActor (IndexPath, ItemID) -> Bool = { _, _ in false }

  /// Becomes `collectionView`'s data source.
  public init(collectionView: CollectionView, cellProvider: @escaping CellProvider) {
    self.collectionView = collectionView
    self.cellProvider = cellProvider
    collectionView.dataSource = self
  }

  /// The state shown now.
  public func snapshot() -> Snapshot { core.current }

  /// Shows `snapshot`: the differences from the current state become one batch update, animated unless
  /// `animatingDifferences` is false; `completion` runs when the update has finished.
  ///
  /// - Complexity: O(n log n) for n identifiers, to find the moves; the view's update then
  ///   costs O(k log n) for k changed items.
  public func apply(
    _ snapshot: Snapshot, animatingDifferences: Bool = true, completion: (@MainActor () -> Void)? = nil
  ) {
    core.apply(snapshot, to: collectionView, animatingDifferences: animatingDifferences, completion: completion)
  }

  /// Shows `snapshot` by reloading the view, without working out differences.
  public func applySnapshotUsingReloadData(_ snapshot: Snapshot) {
    core.applyUsingReloadData(snapshot, to: collectionView)
  }

  /// Shows one section of `count` items by reloading the view, without building a
  /// snapshot; see ``TableViewDiffableDataSource/applyDeferredUsingReloadData(section:count:identifier:all:)``.
  package func applyDeferredUsingReloadData(
    section: SectionID, count: Int, identifier: @escaping @MainActor (Int) -> ItemID,
    all: @escaping @MainActor () -> [ItemID]
  ) {
    core.applyDeferred(section: section, count: count, identifier: identifier, all: all, to: collectionView)
  }

  /// The identifier of the item at `indexPath`, or nil.
  public func itemIdentifier(for indexPath: IndexPath) -> ItemID? { core.itemIdentifier(at: indexPath) }
  /// The index path of the item with `itemIdentifier`, or nil.
  public func indexPath(for itemIdentifier: ItemID) -> IndexPath? { core.current.indexPath(of: itemIdentifier) }

  /// Adds an item to the snapshot on show without applying it, for a placeholder's commit.
  public func insertItem(_ identifier: ItemID, at indexPath: IndexPath) throws(Snapshot.Failure) {
    try core.current.checked.insertItems([identifier], at: indexPath)
  }

  public func numberOfSections(in collectionView: CollectionView) -> Int { core.numberOfSections }

  public func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
    core.numberOfItems(inSection: section)
  }

  public func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell
  {
    guard let item = core.itemIdentifier(at: indexPath),
      let cell = cellProvider(collectionView, indexPath, item)
    else { return CollectionViewCell(reuseIdentifier: nil) }
    return cell
  }

  /// What ``canMoveItem`` says; a subclass may override it, as UIKit code does.
  open func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool {
    core.itemIdentifier(at: indexPath).map { canMoveItem(indexPath, $0) } ?? false
  }

  /// Told of a reorder once the snapshot on show has followed it, as in UIKit: a subclass
  /// may override it to hear of reorders. Does nothing by default.
  open func collectionView(
    _ collectionView: CollectionView, moveItemAt source: IndexPath, to destination: IndexPath
  ) {}
}

extension CollectionViewDiffableDataSource: SnapshotReordering {
  var snapshotApplyCount: Int { core.applyCount }
  func moveInSnapshot(from source: IndexPath, to destination: IndexPath) {
    core.moveItem(from: source, to: destination)
  }
}
