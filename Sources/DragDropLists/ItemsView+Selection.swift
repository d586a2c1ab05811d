import DragDrop
import Foundation

extension ItemsView {
  // MARK: Selection

  var sortedSelection: [IndexPath] { selected.sorted }

  /// Selects an item; with single selection, the previous one is deselected.
  func select(_ indexPath: IndexPath) {
    reloadIfNeeded()
    guard contains(indexPath) else {
      Self.logger.warning(
        "selecting an index path that names no item does nothing", metadata: ["indexPath": "\(indexPath)"])
      return
    }
    if !allowsMultipleSelection {
      for old in selected.sorted where old != indexPath { deselect(old) }
    }
    guard selected.insert(indexPath) else { return }
    visibleByPath[indexPath]?.isSelected = true
  }

  func deselect(_ indexPath: IndexPath) {
    guard selected.remove(indexPath) else { return }
    visibleByPath[indexPath]?.isSelected = false
  }

  func tap(at point: Point) {
    guard !interceptTap(at: point), let indexPath = dataIndexPath(at: point) else { return }
    tapItem(at: indexPath)
  }

  /// Selects or deselects an item as a tap on it does, and tells the delegate.
  func tapItem(at indexPath: IndexPath) {
    guard movement == nil, contains(indexPath) else { return }
    keyboardFocus = indexPath
    defer { setNeedsFocusRingUpdate() }
    guard allowsSelection else { return }
    if selected.contains(indexPath) && allowsMultipleSelection {
      deselect(indexPath)
      data.didDeselect(indexPath)
    } else {
      let previous = allowsMultipleSelection ? [] : selected.sorted.filter { $0 != indexPath }
      select(indexPath)
      for old in previous { data.didDeselect(old) }
      data.didSelect(indexPath)
    }
  }
}
