import DragDrop
import Foundation

/// The cells on show, by index path, kept in index-path order in flat arrays.
///
/// A view shows a few dozen cells at most, so a binary search finds one as fast as a hash
/// would, and shifting every cell after an insertion is a pass over plain integers instead
/// of rehashing each key.
struct VisibleCells: Sequence {
  /// Each index path packed into one integer (section in the high half), ascending.
  private var keys: [Int] = []
  private var cells: [ItemsViewCell] = []

  init() {}

  /// The cells of `pairs`, in any order.
  init(_ pairs: [(IndexPath, ItemsViewCell)]) {
    let sorted = pairs.map { (Self.key($0.0), $0.1) }.sorted { $0.0 < $1.0 }
    keys = sorted.map(\.0)
    cells = sorted.map(\.1)
  }

  /// An index path packed into one integer, as the cells on show are kept: a key that is
  /// cheap to hash and to compare.
  static func key(_ indexPath: IndexPath) -> Int {
    indexPath.section << 32 | (indexPath.item & 0xFFFF_FFFF)
  }

  private static func indexPath(_ key: Int) -> IndexPath {
    IndexPath(item: key & 0xFFFF_FFFF, section: key >> 32)
  }

  /// The position of `key`, or where it would go.
  private func search(_ key: Int) -> (index: Int, found: Bool) {
    var low = 0
    var high = keys.count
    while low < high {
      let middle = (low + high) / 2
      if keys[middle] < key { low = middle + 1 } else { high = middle }
    }
    return (low, low < keys.count && keys[low] == key)
  }

  var isEmpty: Bool { keys.isEmpty }
  var count: Int { keys.count }
  /// The index paths on show, in order.
  var paths: [IndexPath] { keys.map(Self.indexPath) }
  /// The cells on show, in index-path order.
  var orderedCells: [ItemsViewCell] { cells }

  subscript(indexPath: IndexPath) -> ItemsViewCell? {
    get {
      let (index, found) = search(Self.key(indexPath))
      return found ? cells[index] : nil
    }
    set {
      let (index, found) = search(Self.key(indexPath))
      switch (found, newValue) {
      case (true, let cell?): cells[index] = cell
      case (true, nil):
        keys.remove(at: index)
        cells.remove(at: index)
      case (false, let cell?):
        keys.insert(Self.key(indexPath), at: index)
        cells.insert(cell, at: index)
      case (false, nil): break
      }
    }
  }

  /// Removes the cells whose keys (``key(_:)``) `shouldRemove` picks, and returns them.
  mutating func removeAll(whereKey shouldRemove: (Int) -> Bool) -> [ItemsViewCell] {
    var removed: [ItemsViewCell] = []
    var kept = 0
    for index in keys.indices {
      if shouldRemove(keys[index]) {
        removed.append(cells[index])
      } else {
        keys[kept] = keys[index]
        cells[kept] = cells[index]
        kept += 1
      }
    }
    keys.removeSubrange(kept...)
    cells.removeSubrange(kept...)
    return removed
  }

  /// Moves the cells of `section` at or after `item` down one, after an item appears
  /// before them: the order stays as it is.
  mutating func shiftItems(inSection section: Int, from item: Int) {
    let start = search(Self.key(IndexPath(item: item, section: section))).index
    var index = start
    while index < keys.count && keys[index] >> 32 == section {
      keys[index] += 1
      index += 1
    }
  }

  func makeIterator() -> some IteratorProtocol<(IndexPath, ItemsViewCell)> {
    zip(keys, cells).lazy.map { (Self.indexPath($0.0), $0.1) }.makeIterator()
  }
}
