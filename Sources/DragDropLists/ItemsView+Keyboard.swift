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

  /// The last item of the last section that has one.
  var lastItem: IndexPath? {
    reloadIfNeeded()
    guard let section = itemCounts.lastIndex(where: { $0 > 0 }) else { return nil }
    return IndexPath(item: itemCounts[section] - 1, section: section)
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

  /// One stop of a keyboard drag over the view: the gap before item `slot` of `section`
  /// (or after its last), or the item `slot` itself.
  struct KeyboardStop: Equatable {
    var section: Int
    var slot: Int
    var isItem: Bool
    /// The gap's number across the whole view, from 0.
    var gap: Int
  }

  /// The stops of a keyboard drag over the view: in each section, every gap between items
  /// and every item between them (a section of n items has n + 1 gaps and n items). A gap
  /// is a position. The keys stop on a gap when the view would insert there, and on an item
  /// when it would drop into it; they pass the others by. Each stop is scrolled into view
  /// when reached.
  func keyboardDropStops() -> KeyboardDropStops {
    reloadIfNeeded()
    let counts = itemCounts
    let gaps = counts.reduce(0) { $0 + $1 + 1 }
    let total = counts.reduce(0) { $0 + 2 * $1 + 1 }
    func stop(_ index: Int) -> KeyboardStop? {
      var rest = index
      var gap = 0
      for (section, count) in counts.enumerated() {
        if rest <= 2 * count {
          return KeyboardStop(section: section, slot: rest / 2, isItem: rest % 2 == 1, gap: gap + rest / 2)
        }
        rest -= 2 * count + 1
        gap += count + 1
      }
      return nil
    }
    return KeyboardDropStops(
      count: total,
      location: { [weak self] index in
        guard let self, let stop = stop(index) else { return .zero }
        return self.keyboardStopLocation(stop)
      },
      kind: { [weak self] index in
        guard let stop = stop(index) else { return .place }
        guard stop.isItem else { return .position(stop.gap + 1, of: gaps) }
        return .item(named: self?.itemLabel(at: IndexPath(item: stop.slot, section: stop.section)))
      },
      isReached: { [weak self] index in
        // A gap counts when the view would insert there, an item when it would drop into it.
        guard let self, let stop = stop(index) else { return false }
        guard stop.isItem else { return self.dropFeedback.highlighted == nil }
        return self.dropFeedback.highlighted == IndexPath(item: stop.slot, section: stop.section)
      },
      start: { [weak self] point in
        // The lifted item's own stop: its section's stops, then two an item before it.
        guard let path = self?.dataIndexPath(at: point) else { return nil }
        return counts.prefix(path.section).reduce(0) { $0 + 2 * $1 + 1 } + 2 * path.item + 1
      })
  }

  /// What to call the item at `indexPath`: its cell's accessibility text.
  func itemLabel(at indexPath: IndexPath) -> String? {
    // The cells on show are the list's own layout's: their labels do not wait for the
    // cells' layouts, so the cells' subtrees are not walked (the focus ring asks at every
    // layout pass).
    if needsLayout { layoutIfNeeded() }
    return visibleByPath[indexPath]?.accessibilityText
  }

  /// Where a drag resolves to a stop: for a gap, in the item beside it, on the side
  /// nearest the gap; for an item, its centre. The item is scrolled into view first.
  private func keyboardStopLocation(_ stop: KeyboardStop) -> Point {
    let count = itemCount(inSection: stop.section)
    let item = IndexPath(item: min(stop.slot, count - 1), section: stop.section)
    guard count > 0, let frame = itemFrame(at: item) else {
      return bounds.center
    }
    let offset = contentOffset
    scrollRectToVisible(frame)
    // Laid out again only when it scrolled: the frame comes from the layout's model, which
    // is up to date, and a pass over the visible cells at every step cost most of a step.
    if contentOffset != offset { layoutIfNeeded() }
    return stop.isItem ? frame.center : keyboardStopPoint(in: frame, beforeItem: stop.slot < count)
  }
}
