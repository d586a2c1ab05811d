import DragDrop
import Foundation

extension CollectionView {
  // MARK: Interactive movement (rule 28)

  /// Starts moving the item at `indexPath` with the finger. Returns false, and starts
  /// nothing, when the data source cannot move it, the path is out of range, or a
  /// movement or a drag is already under way.
  @discardableResult
  public func beginInteractiveMovementForItem(at indexPath: IndexPath) -> Bool {
    reloadIfNeeded()
    guard movement == nil, !hasActiveDrag, !hasActiveDrop, contains(indexPath), let dataSource,
      dataSource.collectionView(self, canMoveItemAt: indexPath), let frame = itemFrame(at: indexPath)
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
  /// it. Nothing moves when the item is back where it started, or when the data source
  /// does not implement `moveItemAt` (a warning says so).
  public func endInteractiveMovement() {
    guard let moving = movement else { return }
    movement = nil
    if moving.target != moving.original, let dataSource {
      dataSourceMovedItem = true
      var shown = false
      if let diffable = dataSource as? any SnapshotReordering {
        shown = diffable.reorder(from: moving.original, to: moving.target) {
          dataSource.collectionView(self, moveItemAt: moving.original, to: moving.target)
        }
      } else {
        dataSource.collectionView(self, moveItemAt: moving.original, to: moving.target)
      }
      if shown {
        // The data source applied a snapshot that shows the move.
      } else if dataSourceMovedItem {
        applyReorder(from: moving.original, to: moving.target)
      } else {
        Self.logger.warning(
          "endInteractiveMovement(): the data source does not implement collectionView(_:moveItemAt:to:), so the item goes back",
          metadata: ["dataSource": "\(type(of: dataSource))"])
      }
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
}
