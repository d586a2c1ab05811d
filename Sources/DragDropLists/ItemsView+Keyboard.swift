import DragDrop
import Foundation

/// Keyboard focus and keyboard drags in tables and collection views (rule 41): the arrow
/// keys move the focus from item to item, Return selects the focused item, and Space lifts
/// it (or the selection it belongs to) for a keyboard drag, whose stops over a list are its
/// positions, one per gap between items, scrolled into view as the keys reach them.
extension ItemsView {
  /// The item with the keyboard focus while the view is focused; the window draws the
  /// focus ring around it. Setting it scrolls it into view. It follows updates, and is nil
  /// when the view has no items.
  public var indexPathForKeyboardFocus: IndexPath? {
    get { keyboardFocus }
    set {
      guard let newValue, contains(newValue) else {
        keyboardFocus = nil
        setNeedsFocusRingUpdate()
        return
      }
      keyboardFocus = newValue
      if let frame = itemFrame(at: newValue) { scrollRectToVisible(frame) }
      layoutIfNeeded()
      setNeedsFocusRingUpdate()
    }
  }

  /// The first item of the first section that has one.
  var firstItem: IndexPath? {
    reloadIfNeeded()
    guard let section = itemCounts.firstIndex(where: { $0 > 0 }) else { return nil }
    return IndexPath(item: 0, section: section)
  }

  /// The next item along the flat order of items, across sections; nil at either end.
  func flatStep(from indexPath: IndexPath, by delta: Int) -> IndexPath? {
    var section = indexPath.section
    var item = indexPath.item + delta
    while section >= 0 && section < itemCounts.count {
      if item >= 0 && item < itemCounts[section] { return IndexPath(item: item, section: section) }
      if item < 0 {
        section -= 1
        guard section >= 0 else { return nil }
        item += itemCounts[section]
      } else {
        item -= itemCounts[section]
        section += 1
      }
    }
    return nil
  }

  // MARK: Keyboard drags

  /// The stops of a keyboard drag over the view: every gap between items, section by
  /// section (a section of n items has n + 1), each scrolled into view when reached.
  func keyboardDropStops() -> KeyboardDropStops {
    reloadIfNeeded()
    let counts = itemCounts
    let total = counts.reduce(0) { $0 + $1 + 1 }
    return KeyboardDropStops(count: total) { [weak self] index in
      guard let self else { return .zero }
      var rest = index
      for (section, count) in counts.enumerated() {
        if rest <= count { return self.keyboardStopLocation(slot: rest, section: section) }
        rest -= count + 1
      }
      return self.bounds.center
    }
  }

  /// Where a drag resolves to the gap before item `slot` (or after the last): in the item
  /// itself, on the side nearest the gap. The item is scrolled into view first.
  private func keyboardStopLocation(slot: Int, section: Int) -> Point {
    let count = itemCount(inSection: section)
    guard count > 0, let frame = itemFrame(at: IndexPath(item: min(slot, count - 1), section: section)) else {
      return bounds.center
    }
    scrollRectToVisible(frame)
    layoutIfNeeded()
    return kind.keyboardStopPoint(in: frame, beforeItem: slot < count)
  }
}
