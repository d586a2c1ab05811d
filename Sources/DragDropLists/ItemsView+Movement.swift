import DragDrop
import Foundation

extension ItemsView {
  // MARK: Interactive movement (rule 28)

  /// Starts moving the item at `indexPath`, when `canMove` says it may and no movement or
  /// drag is under way. Returns whether it started.
  func beginMovement(at indexPath: IndexPath, canMove: (IndexPath) -> Bool) -> Bool {
    reloadIfNeeded()
    guard movement == nil, !hasActiveDrag, !hasActiveDrop, contains(indexPath), canMove(indexPath),
      let frame = itemFrame(at: indexPath)
    else { return false }
    movement = InteractiveMovement(original: indexPath, target: indexPath, position: frame.center)
    if let cell = visibleCell(at: indexPath) { bringSubviewToFront(cell) }
    setNeedsLayout()
    return true
  }

  /// Moves the moving item's cell to `position` (content coordinates), and the other items
  /// out of the way of where it would land; `redirect` may send the item elsewhere, as a
  /// delegate's `targetIndexPathForMove…` does.
  func updateMovement(
    to position: Point, redirect: (_ original: IndexPath, _ current: IndexPath, _ proposed: IndexPath) -> IndexPath
  ) {
    guard var moving = movement else { return }
    moving.position = position
    if let proposed = proposedMovementTarget(at: position, original: moving.original) {
      let redirected = redirect(moving.original, moving.target, proposed)
      if isValidMovementTarget(redirected, original: moving.original) { moving.target = redirected }
    }
    movement = moving
    if needsLayout { layoutIfNeeded() } else { placeCells() }
  }

  /// Ends the movement: `move` moves the item in the data source and says whether it did,
  /// and whether it showed the move itself (a diffable data source's snapshot). The view
  /// moves the item too unless the data source showed it; when the data source did not
  /// move it, the item goes back and `missing` names the method it lacks, in a warning.
  func endMovement(missing: String, move: (IndexPath, IndexPath) -> (moved: Bool, shown: Bool)) {
    guard let moving = movement else { return }
    movement = nil
    if moving.target != moving.original {
      let result = move(moving.original, moving.target)
      if result.shown {
        // The data source applied a snapshot that shows the move.
      } else if result.moved {
        applyReorder(from: moving.original, to: moving.target)
      } else {
        Self.logger.warning(
          "the data source does not implement \(missing), so the item goes back",
          metadata: ["view": "\(type(of: self))"])
      }
    }
    setNeedsLayout()
    layoutIfNeeded()
  }

  /// Ends the movement without moving anything: the items go back to their places.
  func cancelMovement() {
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
