import DragDrop
import Foundation

/// Supplies a collection view's sections, items and cells.
@MainActor
public protocol CollectionViewDataSource: AnyObject {
  /// 1 by default.
  func numberOfSections(in collectionView: CollectionView) -> Int
  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  /// A cell for a visible item, usually from
  /// ``CollectionView/dequeueReusableCell(withReuseIdentifier:for:)``.
  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell
}

extension CollectionViewDataSource {
  public func numberOfSections(in collectionView: CollectionView) -> Int { 1 }
}

/// A data source whose items can be moved by interactive movement (rule 28).
@MainActor
public protocol CollectionViewReorderingDataSource: CollectionViewDataSource {
  /// True by default.
  func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool
  /// Moves the item in the model; `destination` is its index after the move.
  func collectionView(_ collectionView: CollectionView, moveItemAt source: IndexPath, to destination: IndexPath)
}

extension CollectionViewReorderingDataSource {
  public func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool { true }
}

/// Selection, and where interactive movement may go.
@MainActor
public protocol CollectionViewDelegate: AnyObject {
  func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath)
  func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath)
  /// Where an interactively moving item goes when the finger proposes `proposed` (rule
  /// 28); the proposed path by default. `current` is where it was shown until now.
  func collectionView(
    _ collectionView: CollectionView, targetIndexPathForMoveOfItemFromOriginalIndexPath original: IndexPath,
    atCurrentIndexPath current: IndexPath, toProposedIndexPath proposed: IndexPath
  ) -> IndexPath
}

extension CollectionViewDelegate {
  public func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {}
  public func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) {}
  public func collectionView(
    _ collectionView: CollectionView, targetIndexPathForMoveOfItemFromOriginalIndexPath original: IndexPath,
    atCurrentIndexPath current: IndexPath, toProposedIndexPath proposed: IndexPath
  ) -> IndexPath { proposed }
}

/// An item of a collection view: a cell whose ``contentView`` holds what it shows.
@MainActor
open class CollectionViewCell: ItemsViewCell {
  /// The view to add content to; it fills the cell.
  public let contentView = View()

  public required init(reuseIdentifier: String?) {
    super.init(reuseIdentifier: reuseIdentifier)
    addSubview(contentView)
  }

  open override func layoutSubviews() {
    contentView.frame = bounds
  }
}

/// How a collection view places its items.
public enum CollectionViewLayout: Sendable {
  /// A grid of items of one size that wraps at the view's width.
  case flow(
    itemSize: Size, minimumInteritemSpacing: Double = 10, minimumLineSpacing: Double = 10,
    sectionInset: EdgeInsets = .zero)
  /// Full-width rows of one height.
  case list(itemHeight: Double)
}

/// How soon a collection view re-flows its items when a drag's destination changes
/// (rule 26).
public enum CollectionViewReorderingCadence: Sendable, Hashable {
  /// As soon as the destination changes.
  case immediate
  /// After a short delay once the destination changes.
  case fast
  /// Once the pointer rests, like a home screen.
  case slow

  /// The wait, in seconds, and whether each pointer movement restarts it.
  var delay: (seconds: Double, restartsOnMove: Bool) {
    switch self {
    case .immediate: (0, false)
    case .fast: (0.15, false)
    case .slow: (0.5, true)
    }
  }
}

/// A collection view: sections of items in a flow grid or a list, reusable cells of which
/// only the visible ones exist, selection, batch updates checked by rule 25, drag and drop
/// with a reordering cadence, placeholders, and interactive movement.
///
/// A flow grid keeps only its item counts, so every query is O(1) in the number of items;
/// a list keeps its rows in prefix-sum trees.
@MainActor
open class CollectionView: ItemsView {
  public weak var dataSource: (any CollectionViewDataSource)? { didSet { setNeedsReload() } }
  public weak var delegate: (any CollectionViewDelegate)?
  /// How soon items re-flow while a drag moves over the view (rule 26).
  public var reorderingCadence = CollectionViewReorderingCadence.immediate

  /// How items are placed. Setting it lays the items out again.
  public var collectionViewLayout: CollectionViewLayout {
    didSet {
      itemLayout = makeLayout(counts: itemCounts)
      itemLayout.width = bounds.width
      allPlaceholderEntries.forEach { _ = itemLayout.insertItem(extent: $0.extent, at: displayPath(of: $0)) }
      contentSize = Size(width: bounds.width, height: itemLayout.contentHeight)
      setNeedsLayout()
    }
  }

  /// The drag side: setting it makes items draggable.
  public weak var dragDelegate: (any CollectionViewDragDelegate)? {
    didSet { if dragDelegate != nil { installDragInteraction() } }
  }

  /// The drop side: setting it makes the view a drop target.
  public weak var dropDelegate: (any CollectionViewDropDelegate)? {
    didSet { if dropDelegate != nil { installDropInteraction() } }
  }

  public init(frame: Rect = .zero, collectionViewLayout: CollectionViewLayout) {
    self.collectionViewLayout = collectionViewLayout
    super.init(frame: frame, layout: Self.layout(collectionViewLayout, width: frame.width, counts: []))
    kind = self
  }

  static func layout(_ layout: CollectionViewLayout, width: Double, counts: [Int]) -> any ItemLayout {
    switch layout {
    case .flow(let itemSize, let interitem, let line, let inset):
      FlowLayout(
        width: width, itemSize: itemSize, minimumInteritemSpacing: interitem, minimumLineSpacing: line,
        sectionInset: inset, itemCounts: counts)
    case .list(let height):
      ListLayout(
        width: width, sections: counts.map { ListLayout.Section(rowHeights: Array(repeating: height, count: $0)) })
    }
  }

  // MARK: Cells

  /// Makes cells of `cellClass` for `identifier`.
  public func register(_ cellClass: CollectionViewCell.Type, forCellWithReuseIdentifier identifier: String) {
    register(cellClass: cellClass, identifier: identifier)
  }

  /// A cell for `identifier`: a reused one when there is one, otherwise a new one of the
  /// registered class. An identifier never registered gets a plain
  /// ``CollectionViewCell``, and the misuse is logged.
  public func dequeueReusableCell(
    withReuseIdentifier identifier: String, for indexPath: IndexPath
  )
    -> CollectionViewCell
  {
    dequeueCell(identifier: identifier, fallback: CollectionViewCell.self) as? CollectionViewCell
      ?? CollectionViewCell(reuseIdentifier: identifier)
  }

  /// The cell of a visible item; nil for items that are not visible.
  public func cellForItem(at indexPath: IndexPath) -> CollectionViewCell? {
    visibleCell(at: indexPath) as? CollectionViewCell
  }

  /// The visible cells, in item order.
  public var visibleCells: [CollectionViewCell] { sortedVisibleCells.compactMap { $0 as? CollectionViewCell } }

  public var indexPathsForVisibleItems: [IndexPath] { sortedVisiblePaths }

  // MARK: Geometry

  public var numberOfSections: Int { sectionCount }

  public func numberOfItems(inSection section: Int) -> Int { itemCount(inSection: section) }

  /// An item's frame in content coordinates; nil when out of range.
  public func frameForItem(at indexPath: IndexPath) -> Rect? { itemFrame(at: indexPath) }

  /// The item under a point in content coordinates; nil over spacing and empty space.
  public func indexPathForItem(at point: Point) -> IndexPath? { dataIndexPath(at: point) }

  // MARK: Selection

  public var indexPathsForSelectedItems: [IndexPath] { sortedSelection }

  /// Selects an item; with single selection, the previous one is deselected.
  public func selectItem(at indexPath: IndexPath) { select(indexPath) }

  public func deselectItem(at indexPath: IndexPath) { deselect(indexPath) }

  // MARK: Updates

  public func insertItems(
    at indexPaths: [IndexPath], with animation: RowAnimation = .automatic
  )
    throws(BatchUpdateError)
  {
    try record(animation: animation) { $0.insertItems(at: indexPaths) }
  }
  public func deleteItems(
    at indexPaths: [IndexPath], with animation: RowAnimation = .automatic
  )
    throws(BatchUpdateError)
  {
    try record(animation: animation) { $0.deleteItems(at: indexPaths) }
  }
  public func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) throws(BatchUpdateError) {
    try record { $0.moveItem(at: indexPath, to: newIndexPath) }
  }
  public func reloadItems(
    at indexPaths: [IndexPath], with animation: RowAnimation = .automatic
  )
    throws(BatchUpdateError)
  {
    try record(animation: animation) { $0.reloadItems(at: indexPaths) }
  }

  // MARK: Keyboard

  /// In a grid, up and down move by a row within the section; left and right step through
  /// the items in order.
  func keyboardFocusStep(from indexPath: IndexPath, key: KeyEvent.Key) -> IndexPath? {
    guard case .flow = collectionViewLayout, let columns = (itemLayout as? FlowLayout)?.columns, columns > 1
    else { return listFocusStep(from: indexPath, key: key) }
    switch key {
    case .up:
      return indexPath.item >= columns ? IndexPath(item: indexPath.item - columns, section: indexPath.section) : nil
    case .down:
      let count = itemCount(inSection: indexPath.section)
      return indexPath.item + columns < count
        ? IndexPath(item: indexPath.item + columns, section: indexPath.section) : nil
    default:
      return listFocusStep(from: indexPath, key: key)
    }
  }

  /// In a grid the gap before an item is at its left: its left quarter, or the right
  /// quarter of the last item.
  func keyboardStopPoint(in frame: Rect, beforeItem: Bool) -> Point {
    guard case .flow = collectionViewLayout else { return listStopPoint(in: frame, beforeItem: beforeItem) }
    return Point(x: beforeItem ? frame.minX + frame.width / 4 : frame.maxX - frame.width / 4, y: frame.midY)
  }

  // MARK: Interactive movement (rule 28)

  /// Starts moving the item at `indexPath` with the finger. Returns false, and starts
  /// nothing, when the data source cannot move it, the path is out of range, or a
  /// movement or a drag is already under way.
  @discardableResult
  public func beginInteractiveMovementForItem(at indexPath: IndexPath) -> Bool {
    reloadIfNeeded()
    guard movement == nil, !hasActiveDrag, !hasActiveDrop, contains(indexPath),
      let reordering = dataSource as? any CollectionViewReorderingDataSource,
      reordering.collectionView(self, canMoveItemAt: indexPath), let frame = itemFrame(at: indexPath)
    else { return false }
    movement = InteractiveMovement(original: indexPath, target: indexPath, position: frame.center)
    if let cell = visibleCell(at: indexPath) { bringSubviewToFront(cell) }
    setNeedsLayout()
    return true
  }

  /// Moves the moving item's cell to `targetPosition` (content coordinates), and the other
  /// items out of the way of where it would land.
  public func updateInteractiveMovementTargetPosition(_ targetPosition: Point) {
    guard var moving = movement else { return }
    moving.position = targetPosition
    if let proposed = proposedMovementTarget(at: targetPosition, original: moving.original) {
      let redirected =
        delegate?.collectionView(
          self, targetIndexPathForMoveOfItemFromOriginalIndexPath: moving.original, atCurrentIndexPath: moving.target,
          toProposedIndexPath: proposed) ?? proposed
      if isValidMovementTarget(redirected, original: moving.original) { moving.target = redirected }
    }
    movement = moving
    if needsLayout { layoutIfNeeded() } else { placeCells() }
  }

  /// Ends the movement: the data source moves the item (`moveItemAt`), and the view with
  /// it. Nothing moves when the item is back where it started.
  public func endInteractiveMovement() {
    guard let moving = movement else { return }
    movement = nil
    if moving.target != moving.original, let reordering = dataSource as? any CollectionViewReorderingDataSource {
      reordering.collectionView(self, moveItemAt: moving.original, to: moving.target)
      applyReorder(from: moving.original, to: moving.target)
    }
    setNeedsLayout()
    layoutIfNeeded()
  }

  /// Ends the movement without moving anything: the items go back to their places.
  public func cancelInteractiveMovement() {
    guard movement != nil else { return }
    movement = nil
    setNeedsLayout()
    layoutIfNeeded()
  }

  /// The index the moving item would take with the finger at `point`: the slot of the item
  /// under it (or past the end of a section), counted after the item's removal.
  private func proposedMovementTarget(at point: Point, original: IndexPath) -> IndexPath? {
    let destination = dataDestination(at: point, intent: .insertIntoDestinationIndexPath)
    guard let path = destination.indexPath else { return nil }
    let count = itemCounts[path.section]
    if path.section == original.section {
      // An item under the finger takes its slot; a slot past it counts without the item.
      let item =
        destination.intent == .insertIntoDestinationIndexPath || path.item <= original.item ? path.item : path.item - 1
      return IndexPath(item: min(max(0, item), count - 1), section: path.section)
    }
    return IndexPath(item: min(max(0, path.item), count), section: path.section)
  }

  private func isValidMovementTarget(_ target: IndexPath, original: IndexPath) -> Bool {
    guard itemCounts.indices.contains(target.section) else { return false }
    let count = itemCounts[target.section] - (target.section == original.section ? 1 : 0)
    return (0...count).contains(target.item)
  }

  // MARK: The data source and the delegate

  var hasDataSource: Bool { dataSource != nil }
  func sourceNumberOfSections() -> Int { dataSource?.numberOfSections(in: self) ?? 0 }
  func sourceNumberOfItems(inSection section: Int) -> Int {
    dataSource?.collectionView(self, numberOfItemsInSection: section) ?? 0
  }
  func sourceCell(at indexPath: IndexPath) -> ItemsViewCell {
    dataSource?.collectionView(self, cellForItemAt: indexPath) ?? CollectionViewCell(reuseIdentifier: nil)
  }
  func sourceExtent(at indexPath: IndexPath) -> Double { defaultPreviewSize.height }
  func makeLayout(counts: [Int]) -> any ItemLayout {
    Self.layout(collectionViewLayout, width: bounds.width, counts: counts)
  }
  func notifySelect(_ indexPath: IndexPath) { delegate?.collectionView(self, didSelectItemAt: indexPath) }
  func notifyDeselect(_ indexPath: IndexPath) {
    delegate?.collectionView(self, didDeselectItemAt: indexPath)
  }
  var defaultPreviewSize: Size {
    switch collectionViewLayout {
    case .flow(let itemSize, _, _, _): itemSize
    case .list(let height): Size(width: bounds.width, height: height)
    }
  }
  var reflowDelay: (seconds: Double, restartsOnMove: Bool) { reorderingCadence.delay }

  // MARK: The drag and drop delegates

  var hasDragDelegate: Bool { dragDelegate != nil }
  func dragItemsForBeginning(_ session: DragSession, at indexPath: IndexPath) -> [DragItem] {
    dragDelegate?.collectionView(self, itemsForBeginning: session, at: indexPath) ?? []
  }
  func dragItemsForAdding(_ session: DragSession, at indexPath: IndexPath, point: Point) -> [DragItem] {
    dragDelegate?.collectionView(self, itemsForAddingTo: session, at: indexPath, point: point) ?? []
  }
  func dragPreviewParameters(at indexPath: IndexPath) -> DragPreviewParameters? {
    dragDelegate?.collectionView(self, dragPreviewParametersForItemAt: indexPath)
  }
  func dragSessionWillBegin(_ session: DragSession) {
    dragDelegate?.collectionView(self, dragSessionWillBegin: session)
  }
  func dragSessionDidEnd(_ session: DragSession, operation: DropOperation) {
    dragDelegate?.collectionView(self, dragSessionDidEnd: session, operation: operation)
  }
  func dragSessionAllowsMove(_ session: DragSession) -> Bool {
    dragDelegate?.collectionView(self, dragSessionAllowsMoveOperation: session) ?? true
  }
  func dragSessionIsRestricted(_ session: DragSession) -> Bool {
    dragDelegate?.collectionView(self, dragSessionIsRestrictedToDraggingApplication: session) ?? false
  }

  var hasDropDelegate: Bool { dropDelegate != nil }
  func dropCanHandle(_ session: DropSession) -> Bool {
    dropDelegate?.collectionView(self, canHandle: session) ?? false
  }
  func dropSessionDidEnter(_ session: DropSession) {
    dropDelegate?.collectionView(self, dropSessionDidEnter: session)
  }
  func dropProposal(_ session: DropSession, destination: IndexPath?) -> ItemsViewDropProposal {
    dropDelegate?.collectionView(self, dropSessionDidUpdate: session, withDestinationIndexPath: destination)
      ?? ItemsViewDropProposal(operation: .cancel)
  }
  func dropSessionDidExit(_ session: DropSession) {
    dropDelegate?.collectionView(self, dropSessionDidExit: session)
  }
  func dropSessionDidEnd(_ session: DropSession) {
    dropDelegate?.collectionView(self, dropSessionDidEnd: session)
  }
  func performDrop(with coordinator: ItemsViewDropCoordinator) {
    guard let coordinator = coordinator as? CollectionViewDropCoordinator else { return }
    dropDelegate?.collectionView(self, performDropWith: coordinator)
  }
  func dropPreviewParameters(at indexPath: IndexPath) -> DragPreviewParameters? {
    dropDelegate?.collectionView(self, dropPreviewParametersForItemAt: indexPath)
  }
  func shouldSpringLoad(at indexPath: IndexPath, context: SpringLoadedContext) -> Bool {
    dropDelegate?.collectionView(self, shouldSpringLoadItemAt: indexPath, with: context) ?? true
  }
  func makeCoordinator(
    items: [ItemsViewDropItem], destination: IndexPath?, proposal: ItemsViewDropProposal, session: DropSession
  ) -> ItemsViewDropCoordinator {
    CollectionViewDropCoordinator(
      items: items, destinationIndexPath: destination, proposal: proposal, session: session, collectionView: self)
  }
}

extension CollectionView: ItemsViewKind {}
