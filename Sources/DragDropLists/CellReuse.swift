import DragDrop
import Foundation
import Logging

/// The cell classes a list has registered by reuse identifier, and the cells waiting to be
/// handed out again. The list owns one.
@MainActor
struct CellReuse {
  private var pool: [String: [ItemsViewCell]] = [:]
  private var registrations: [String: ItemsViewCell.Type] = [:]

  mutating func register(_ cellClass: ItemsViewCell.Type, identifier: String) {
    registrations[identifier] = cellClass
  }

  /// A cell for `identifier`: a reused one when there is one, otherwise a new one of the
  /// registered class, or of `fallback` for an identifier never registered (logged).
  ///
  /// A new cell is made at `size`, as UIKit makes a cell at its item's size, so that
  /// content laid out from the bounds in the cell's initializer fits.
  mutating func dequeue(identifier: String, fallback: ItemsViewCell.Type, size: Size? = nil) -> ItemsViewCell {
    if let cell = pool[identifier]?.popLast() {
      cell.prepareForReuse()
      return cell
    }
    guard let cellClass = registrations[identifier] else {
      ItemsView.logger.error(
        "no cell class is registered for this reuse identifier; register one before dequeuing",
        metadata: ["identifier": "\(identifier)"])
      return ItemsViewCell.making(size: size) { fallback.init(reuseIdentifier: identifier) }
    }
    return ItemsViewCell.making(size: size) { cellClass.init(reuseIdentifier: identifier) }
  }

  /// A reused cell for `identifier`, or a new one of its registered class; nil for an
  /// identifier with neither, as UIKit's `dequeueReusableCell(withIdentifier:)` gives.
  mutating func dequeueIfAvailable(identifier: String) -> ItemsViewCell? {
    if let cell = pool[identifier]?.popLast() {
      cell.prepareForReuse()
      return cell
    }
    return registrations[identifier].map { cellClass in
      ItemsViewCell.making(size: nil) { cellClass.init(reuseIdentifier: identifier) }
    }
  }

  /// Keeps a cell off screen for reuse; a cell without an identifier is let go.
  mutating func enqueue(_ cell: ItemsViewCell) {
    if let identifier = cell.reuseIdentifier { pool[identifier, default: []].append(cell) }
  }
}
