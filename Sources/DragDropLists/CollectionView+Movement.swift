import DragDrop
import Foundation

extension CollectionView {
  // MARK: Interactive movement (rule 28)

  /// Starts moving the item at `indexPath` with the finger. Returns false, and starts
  /// nothing, when the data source cannot move it, the path is out of range, or a
  /// movement or a drag is already under way.
  @discardableResult
  public func beginInteractiveMovementForItem(at indexPath: IndexPath) -> Bool {
    guard let dataSource else { return false }
    return beginMovement(at: indexPath) { dataSource.collectionView(self, canMoveItemAt: $0) }
  }

  /// Moves the moving item's cell to `targetPosition` (content coordinates), and the other
  /// items out of the way of where it would land.
  public func updateInteractiveMovementTargetPosition(_ targetPosition: Point) {
    updateMovement(to: targetPosition) { original, current, proposed in
      collectionDelegate?.collectionView(
        self, targetIndexPathForMoveOfItemFromOriginalIndexPath: original, atCurrentIndexPath: current,
        toProposedIndexPath: proposed) ?? proposed
    }
  }

  /// Ends the movement: the data source moves the item (`moveItemAt`), and the view with
  /// it. Nothing moves when the item is back where it started, or when the data source
  /// does not implement `moveItemAt` (a warning says so).
  public func endInteractiveMovement() {
    endMovement(missing: "collectionView(_:moveItemAt:to:)") { source, destination in
      guard let dataSource else { return (false, false) }
      noteApplicationCall("collectionView(_:moveItemAt:to:)", at: source, to: destination)
      dataSourceMovedItem = true
      if let diffable = dataSource as? any SnapshotReordering {
        let shown = diffable.reorder(from: source, to: destination) {
          dataSource.collectionView(self, moveItemAt: source, to: destination)
        }
        return (dataSourceMovedItem, shown)
      }
      dataSource.collectionView(self, moveItemAt: source, to: destination)
      return (dataSourceMovedItem, false)
    }
  }

  /// Ends the movement without moving anything: the items go back to their places.
  public func cancelInteractiveMovement() { cancelMovement() }
}
