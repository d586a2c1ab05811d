import Foundation

/// The selected items of a list or grid. Each section's selected items are an
/// ``AnchorSequence``, so that a batch update moves them in O(k log s) for k changed items
/// and s selected ones: an insertion or a deletion shifts every later selected item with one
/// change to the tree, however many are selected.
struct ItemSelection {
  private var sections: [Int: AnchorSequence] = [:]

  var isEmpty: Bool { sections.isEmpty }

  var count: Int { sections.values.reduce(0) { $0 + $1.count } }

  func contains(_ indexPath: IndexPath) -> Bool {
    guard indexPath.count == 2, let sequence = sections[indexPath.section] else { return false }
    return sequence.contains(indexPath.item)
  }

  /// Selects an item; false when it was selected already.
  @discardableResult
  mutating func insert(_ indexPath: IndexPath) -> Bool {
    guard indexPath.count == 2, !contains(indexPath) else { return false }
    _ = sections[indexPath.section, default: AnchorSequence()].insert(atAnchor: indexPath.item)
    return true
  }

  /// Deselects an item; false when it was not selected.
  @discardableResult
  mutating func remove(_ indexPath: IndexPath) -> Bool {
    guard indexPath.count == 2, var sequence = sections.removeValue(forKey: indexPath.section) else { return false }
    let removed = sequence.remove(anchor: indexPath.item)
    if !sequence.isEmpty { sections[indexPath.section] = sequence }
    return removed
  }

  /// Every selected item, in order: O(s log s).
  var sorted: [IndexPath] {
    sections.keys.sorted().flatMap { section in
      sections[section]!.all.map { IndexPath(item: $0.anchor, section: section) }
    }
  }

  /// Follows the insertion of one item: the selected items at and after it move down one.
  mutating func insertItem(at indexPath: IndexPath) {
    sections[indexPath.section]?.shift(anchorsFrom: indexPath.item, by: 1)
  }

  /// Follows a batch update: deleted items and the items of reloaded sections are
  /// deselected, and the rest move with their items, as `update.newIndexPath(for:)` maps
  /// them. O(k log s) for the k items the update removes and adds in sections with a
  /// selection, and the s selected items.
  mutating func follow(_ update: ResolvedBatchUpdate, reloadedSections: IndexSet) {
    guard !sections.isEmpty else { return }
    // Selected items that move are taken out first, and put in at their new places last.
    var arriving: [IndexPath] = []
    for (from, to) in update.moves where contains(from) { arriving.append(to) }
    var followed: [Int: AnchorSequence] = [:]
    // Each section's tree is taken out of the dictionary before it changes, so that it is
    // held once and changes in place rather than being copied whole.
    var taken = sections
    sections = [:]
    for old in Array(taken.keys) {
      guard var sequence = taken.removeValue(forKey: old) else { continue }
      guard let new = update.newSection(for: old), !reloadedSections.contains(old) else { continue }
      // Leaving, from the last: each removal shifts the items after it up.
      for item in update.removed[old].reversed() {
        _ = sequence.remove(anchor: item)
        sequence.shift(anchorsFrom: item + 1, by: -1)
      }
      // Arriving, from the first: each takes its final index, pushing the items from there on.
      for item in update.arrivals[new] { sequence.shift(anchorsFrom: item, by: 1) }
      if !sequence.isEmpty { followed[new] = sequence }
    }
    sections = followed
    for path in arriving { insert(path) }
  }
}

extension AnchorSequence {
  /// Whether a position sits at `anchor`.
  func contains(_ anchor: Int) -> Bool { count(atOrBefore: anchor) > count(before: anchor) }

  /// Removes the first position at `anchor`, the later ones keeping their anchors; false when
  /// there is none.
  mutating func remove(anchor: Int) -> Bool {
    let rank = count(before: anchor)
    guard let next = placeholder(atRank: rank), next.anchor == anchor else { return false }
    remove(next.handle)
    return true
  }
}
