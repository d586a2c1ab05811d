import DragDrop
import Foundation

/// The geometry a table or collection view places its items with: `ListLayout` (rows of
/// their own heights), `FlowLayout` (a wrapping grid of items of one size) or
/// `SizedFlowLayout` (a wrapping flow of items of their own sizes). Every query and edit costs
/// O(log n) or less, so the views stay fast at a million items.
///
/// Index paths here are display paths: placeholders count as items.
protocol ItemLayout: Sendable {
  var width: Double { get set }
  var contentHeight: Double { get }
  var numberOfSections: Int { get }
  func numberOfItems(inSection section: Int) -> Int
  /// The frame of an item in content coordinates; nil when out of range.
  func frame(at indexPath: IndexPath) -> Rect?
  /// The item under a point; nil over spacing, headers and empty space.
  func indexPath(at point: Point) -> IndexPath?
  /// Rule 20: where a drop at `point` lands with the proposed intent.
  func destination(at point: Point, intent: DropIntent) -> DropDestination
  /// The items that meet the band from `top` to `bottom`, in order: O(log n + visible).
  func indexPaths(fromY top: Double, toY bottom: Double) -> [IndexPath]
  /// Where item `item` of `section` shows during `pass`: while the pass's removed item is
  /// taken out of the layout and its gap is open. Nil when out of range. The removed item
  /// itself keeps its frame.
  func displacedFrame(_ item: Int, inSection section: Int, in pass: inout DisplacementPass) -> Rect?
  /// The extent (height for lists) of an item.
  func extent(at indexPath: IndexPath) -> Double?
  /// Whether an item's extent is an estimate, not yet measured.
  func isEstimated(at indexPath: IndexPath) -> Bool

  mutating func insertItem(extent: Double, at indexPath: IndexPath) -> Bool
  @discardableResult mutating func removeItem(at indexPath: IndexPath) -> Double?
  @discardableResult mutating func setExtent(_ extent: Double, at indexPath: IndexPath) -> Bool
  /// Gives an item a size of its own; false when the layout cannot (its items share one
  /// size, and this one differs), and must be made again.
  mutating func setItemSize(_ size: Size, at indexPath: IndexPath) -> Bool
  /// Rebuilds the sections after a batch update, editing kept sections in place.
  mutating func rebuild(_ sections: [LayoutSectionChange], extent: (IndexPath) -> Double)
}

/// How one section of a layout is made after a batch update.
struct LayoutSectionChange {
  enum Source {
    /// An old section, edited: items removed at `removed` (display rows before the update,
    /// ascending), then inserted at `inserted` (display rows after it, ascending), then
    /// resized.
    case kept(old: Int, removed: [Int], inserted: [(row: Int, extent: Double)], resized: [(row: Int, extent: Double)])
    /// A new or reloaded section of `count` items, measured through the extent function.
    case fresh(count: Int)
    /// A new or reloaded section of `count` items of an estimated extent each, measured
    /// later, as they come into view.
    case estimated(count: Int, extent: Double)
  }
  var source: Source
  var extents: SectionExtents
}

/// The heights of a section's header and footer (zero for a grid's sections).
struct SectionExtents: Equatable {
  var header = 0.0
  var footer = 0.0
}

extension ItemLayout {
  /// A pass over the cells while the item at `removed` is taken out of the layout and a
  /// gap of `extent` opens before `gap` (counted without the removed item).
  func displacementPass(removing removed: IndexPath?, gap: IndexPath?, extent: Double) -> DisplacementPass {
    DisplacementPass(
      removed: removed.map(ItemPosition.init), gap: gap.map(ItemPosition.init), extent: extent,
      removedExtent: removed.flatMap { self.extent(at: $0) } ?? 0)
  }
}

/// One pass over the cells with an item taken out and a gap open: the positions read out
/// of their index paths once, and the top of the last section asked for, which most of the
/// pass's cells share.
struct DisplacementPass {
  let removed: ItemPosition?
  let gap: ItemPosition?
  /// The gap's extent, and the removed item's.
  let extent: Double
  let removedExtent: Double
  /// The last section asked for, and its top (a list's: the top of its rows).
  var section = -1
  var sectionTop = 0.0
  /// A list's rows read ahead along the leaves of its row tree, from row `rowsStart` of
  /// section `rowsSection`: each row's offset in its section's rows, and its height. A pass
  /// over the cells on show asks for rows one after another, so one walk down the tree
  /// serves them all.
  var rowsSection = -1
  var rowsStart = 0
  var rows: [(offset: Double, extent: Double)] = []
  /// A flow of items of their own sizes: each section's lines re-flowed for the pass,
  /// made once a section.
  var sizedFlows: [Int: SizedFlowLayout.Reflow] = [:]
}

/// An item's place as two integers: reading them out of an `IndexPath` once per pass, not
/// at every comparison, keeps a pass over the cells cheap.
struct ItemPosition: Equatable {
  var section: Int
  var item: Int

  init(_ indexPath: IndexPath) {
    section = indexPath.section
    item = indexPath.item
  }
}

/// The index of an item in its section once `removed` is taken out and a gap opens at
/// `gap`: the shared arithmetic of displaced frames.
func displacedIndex(_ item: Int, inSection section: Int, removing removed: ItemPosition?, gap: ItemPosition?) -> Int {
  var index = item
  if let removed, removed.section == section, index > removed.item { index -= 1 }
  if let gap, gap.section == section, index >= gap.item { index += 1 }
  return index
}

extension ListLayout: ItemLayout {
  var numberOfSections: Int { sections.count }

  func numberOfItems(inSection section: Int) -> Int { numberOfRows(inSection: section) }
  func frame(at indexPath: IndexPath) -> Rect? { rectForRow(at: indexPath) }
  func indexPath(at point: Point) -> IndexPath? { indexPathForRow(at: point) }

  func extent(at indexPath: IndexPath) -> Double? {
    sections.indices.contains(indexPath.section) ? sections[indexPath.section].rows.extent(at: indexPath.row) : nil
  }

  func isEstimated(at indexPath: IndexPath) -> Bool { isRowHeightEstimated(at: indexPath) }

  func indexPaths(fromY top: Double, toY bottom: Double) -> [IndexPath] {
    var found: [IndexPath] = []
    guard width > 0 else { return found }
    // One walk down a section's row tree to the first row in view, then along its leaves;
    // rows of no height show nothing and are left out.
    var section = indexOfSection(atY: top)
    while section < numberOfSections, let geometry = sectionGeometry(section), geometry.rowsTop < bottom {
      let start = top - geometry.rowsTop
      if let first = start <= 0 ? 0 : sections[section].rows.index(covering: start)?.index {
        sections[section].rows.forEachElement(from: first) { row, offset, extent in
          guard geometry.rowsTop + offset < bottom else { return false }
          if extent > 0 { found.append(IndexPath(row: row, section: section)) }
          return true
        }
      }
      section += 1
    }
    return found
  }

  func displacedFrame(_ row: Int, inSection section: Int, in pass: inout DisplacementPass) -> Rect? {
    if pass.section != section {
      guard let geometry = sectionGeometry(section) else { return nil }
      (pass.section, pass.sectionTop) = (section, geometry.rowsTop)
    }
    if pass.rowsSection != section || row < pass.rowsStart || row >= pass.rowsStart + pass.rows.count {
      pass.rows.removeAll(keepingCapacity: true)
      (pass.rowsSection, pass.rowsStart) = (section, row)
      sections[section].rows.forEachElement(from: row) { _, offset, extent in
        pass.rows.append((offset, extent))
        return pass.rows.count < 64
      }
      guard !pass.rows.isEmpty else { return nil }
    }
    let (offset, extent) = pass.rows[row - pass.rowsStart]
    let inset = rowInset
    let rect = Rect(x: inset, y: pass.sectionTop + offset, width: max(0, width - 2 * inset), height: extent)
    var dy = 0.0
    if let removed = pass.removed, removed.section == section, row > removed.item { dy -= pass.removedExtent }
    let index = displacedIndex(row, inSection: section, removing: pass.removed, gap: nil)
    if let gap = pass.gap, gap.section == section, index >= gap.item { dy += pass.extent }
    return rect.offsetBy(dx: 0, dy: dy)
  }

  mutating func insertItem(extent: Double, at indexPath: IndexPath) -> Bool { insertRow(height: extent, at: indexPath) }
  /// A list takes heights alone: it does not take sizes.
  mutating func setItemSize(_ size: Size, at indexPath: IndexPath) -> Bool { false }
  mutating func removeItem(at indexPath: IndexPath) -> Double? { removeRow(at: indexPath) }
  mutating func setExtent(_ extent: Double, at indexPath: IndexPath) -> Bool {
    setRowHeight(extent, at: indexPath)
  }

  mutating func rebuild(_ changes: [LayoutSectionChange], extent: (IndexPath) -> Double) {
    var old = takeSections()
    let rebuilt = changes.enumerated().map { new, change -> Section in
      switch change.source {
      case .kept(let index, let removed, let inserted, let resized):
        var section = old[index]
        old[index] = Section(rowHeights: [])  // release it, so the tree is unique
        for row in removed.reversed() { section.rows.remove(at: row) }
        for (row, height) in inserted { section.rows.insert(height, at: row) }
        for (row, height) in resized { section.rows.setExtent(height, at: row) }
        section.headerHeight = change.extents.header
        section.footerHeight = change.extents.footer
        return section
      case .fresh(let count):
        return Section(
          headerHeight: change.extents.header,
          rowHeights: (0..<count).map { extent(IndexPath(row: $0, section: new)) }, footerHeight: change.extents.footer)
      case .estimated(let count, let estimate):
        return Section(
          headerHeight: change.extents.header, estimatedRowHeight: estimate, count: count,
          footerHeight: change.extents.footer)
      }
    }
    self = ListLayout(width: width, sections: rebuilt, insetsRows: insetsRows)
  }
}

extension FlowLayout: ItemLayout {
  var numberOfSections: Int { itemCounts.count }

  func numberOfItems(inSection section: Int) -> Int {
    itemCounts.indices.contains(section) ? itemCounts[section] : 0
  }
  func frame(at indexPath: IndexPath) -> Rect? { frameForItem(at: indexPath) }
  func indexPath(at point: Point) -> IndexPath? { indexPathForItem(at: point) }

  func extent(at indexPath: IndexPath) -> Double? { (frameForItem(at: indexPath)?.height).map(Double.init) }

  /// Items of a flow layout share one known size.
  func isEstimated(at indexPath: IndexPath) -> Bool { false }

  func indexPaths(fromY top: Double, toY bottom: Double) -> [IndexPath] {
    var found: [IndexPath] = []
    var section = max(0, indexOfSection(atY: top))
    while section < itemCounts.count, let sectionTop = offset(ofSection: section), sectionTop < bottom {
      let count = itemCounts[section]
      let stride = itemSize.height + minimumLineSpacing
      if count > 0, stride > 0 {
        let itemsTop = sectionTop + sectionInset.top
        // Rows counted at most to the item count, so that an infinite or huge extent
        // neither traps in the conversion nor overflows the multiplication.
        let firstRow = min(count, max(0, Int(saturating: ((top - itemsTop - itemSize.height) / stride).rounded(.down))))
        let lastRow = min(count, max(0, Int(saturating: ((bottom - itemsTop) / stride).rounded(.up))))
        let first = min(count, firstRow * columns)
        let last = min(count, max(first, (lastRow + 1) * columns))
        for item in first..<last {
          let path = IndexPath(item: item, section: section)
          if let frame = frameForItem(at: path), frame.maxY > top, frame.minY < bottom { found.append(path) }
        }
      }
      section += 1
    }
    return found
  }

  func displacedFrame(_ item: Int, inSection section: Int, in pass: inout DisplacementPass) -> Rect? {
    guard itemCounts.indices.contains(section), (0..<itemCounts[section]).contains(item) else { return nil }
    if pass.section != section {
      guard let top = offset(ofSection: section) else { return nil }
      (pass.section, pass.sectionTop) = (section, top)
    }
    return slotFrame(
      displacedIndex(item, inSection: section, removing: pass.removed, gap: pass.gap), inSection: section,
      top: pass.sectionTop)
  }

  mutating func insertItem(extent: Double, at indexPath: IndexPath) -> Bool {
    guard itemCounts.indices.contains(indexPath.section), (0...itemCounts[indexPath.section]).contains(indexPath.item)
    else { return false }
    setItemCount(itemCounts[indexPath.section] + 1, inSection: indexPath.section)
    return true
  }

  mutating func removeItem(at indexPath: IndexPath) -> Double? {
    guard let frame = frameForItem(at: indexPath) else { return nil }
    setItemCount(itemCounts[indexPath.section] - 1, inSection: indexPath.section)
    return frame.height
  }

  /// Items of one size take only that size.
  mutating func setItemSize(_ size: Size, at indexPath: IndexPath) -> Bool {
    frameForItem(at: indexPath) != nil && size == itemSize
  }

  /// Items of a flow layout share one size: only the index path is checked.
  mutating func setExtent(_ extent: Double, at indexPath: IndexPath) -> Bool { frameForItem(at: indexPath) != nil }

  mutating func rebuild(_ changes: [LayoutSectionChange], extent: (IndexPath) -> Double) {
    let counts = changes.map { change in
      switch change.source {
      case .kept(let old, let removed, let inserted, _): itemCounts[old] - removed.count + inserted.count
      case .fresh(let count), .estimated(let count, _): count
      }
    }
    self = FlowLayout(
      width: width, itemSize: itemSize, minimumInteritemSpacing: minimumInteritemSpacing,
      minimumLineSpacing: minimumLineSpacing, sectionInset: sectionInset, itemCounts: counts, justified: justified)
  }
}

/// A grid's lines, as the keyboard walks them: up and down move to the nearest item on
/// the line above or below.
protocol GridLines {
  /// The item on the line above or below, nil on a section's first or last line; nil for
  /// the whole call when the grid is a single column, which steps as a list.
  func item(beside indexPath: IndexPath, below: Bool) -> IndexPath??
}

extension FlowLayout: GridLines {
  func item(beside indexPath: IndexPath, below: Bool) -> IndexPath?? {
    guard columns > 1 else { return nil }
    let target = indexPath.item + (below ? columns : -columns)
    return .some(
      (0..<numberOfItems(inSection: indexPath.section)).contains(target)
        ? IndexPath(item: target, section: indexPath.section) : nil)
  }
}

extension SizedFlowLayout: ItemLayout, GridLines {
  var numberOfSections: Int { sections.count }

  func frame(at indexPath: IndexPath) -> Rect? { frameForItem(at: indexPath) }
  func indexPath(at point: Point) -> IndexPath? { indexPathForItem(at: point) }
  func extent(at indexPath: IndexPath) -> Double? { size(at: indexPath).map { Double($0.height) } }

  /// Items of a sized flow have the sizes their delegate gave.
  func isEstimated(at indexPath: IndexPath) -> Bool { false }

  func item(beside indexPath: IndexPath, below: Bool) -> IndexPath?? {
    .some(lineNeighbour(of: indexPath, below: below))
  }

  mutating func insertItem(extent: Double, at indexPath: IndexPath) -> Bool {
    insertItem(size: Size(width: defaultSize.width, height: extent), at: indexPath)
  }

  mutating func removeItem(at indexPath: IndexPath) -> Double? {
    remove(at: indexPath).map { Double($0.height) }
  }

  mutating func setItemSize(_ size: Size, at indexPath: IndexPath) -> Bool { setSize(size, at: indexPath) }

  mutating func setExtent(_ extent: Double, at indexPath: IndexPath) -> Bool {
    guard let size = size(at: indexPath) else { return false }
    return size.height == extent || setSize(Size(width: size.width, height: extent), at: indexPath)
  }
}
