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

extension ItemsView {
  // MARK: Highlight

  /// Highlights the item under a touch, if the delegate lets it; nil when none is.
  func highlightItem(at point: Point) -> IndexPath? {
    guard allowsSelection, movement == nil, let indexPath = dataIndexPath(at: point), contains(indexPath),
      data.shouldHighlight(indexPath)
    else { return nil }
    visibleByPath[indexPath]?.isHighlighted = true
    data.didHighlight(indexPath)
    return indexPath
  }

  /// Takes the highlight off an item.
  func unhighlightItem(at indexPath: IndexPath) {
    visibleByPath[indexPath]?.isHighlighted = false
    data.didUnhighlight(indexPath)
  }
}

/// The items view's own handling of a touch: the item under it is highlighted while it is
/// down, as UIKit's cells are. In a scroll view a finger's touch reaches it only once it
/// has stayed still a moment (``ScrollView/delaysContentTouches``), and a scroll or a drag
/// that takes the touch takes the highlight off.
@MainActor
final class HighlightTracker: GestureRecognizer {
  private weak var items: ItemsView?
  private var highlighted: IndexPath?

  init(items: ItemsView) {
    self.items = items
    super.init()
    handlesTouchesForView = true
  }

  override var state: State {
    didSet { if state == .failed || state == .cancelled { unhighlight() } }
  }

  override func touchesBegan(_ touches: [Touch]) {
    guard highlighted == nil, let items, let touch = touches.first else { return }
    highlighted = items.highlightItem(at: items.convert(touch.location, from: nil))
  }

  override func touchesEnded(_ touches: [Touch]) {
    unhighlight()
    state = .failed
  }

  override func touchesCancelled(_ touches: [Touch]) {
    unhighlight()
    state = .failed
  }

  private func unhighlight() {
    guard let indexPath = highlighted else { return }
    highlighted = nil
    items?.unhighlightItem(at: indexPath)
  }

  override func reset() { unhighlight() }
}
