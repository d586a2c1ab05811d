import DragDrop
import Foundation

/// How a drop would change a list or grid (rule 20).
public enum DropIntent: Sendable, Hashable {
  /// Not known yet: no gap opens and nothing is highlighted.
  case unspecified
  /// The items go in at the destination: a gap opens there.
  case insertAtDestinationIndexPath
  /// The items go into the item at the destination: it is highlighted.
  case insertIntoDestinationIndexPath
  /// Tables only: at or into, from where the point falls within the row.
  case automatic
}

/// Where a drop over a list or grid lands: the index path (nil over empty space) and the
/// intent that applies there.
struct DropDestination: Sendable, Hashable, CustomStringConvertible {
  var indexPath: IndexPath?
  var intent: DropIntent

  init(indexPath: IndexPath?, intent: DropIntent) {
    self.indexPath = indexPath
    self.intent = intent
  }

  var description: String {
    guard let indexPath else { return "nowhere (\(intent))" }
    return "\(indexPath.itemDescription) (\(intent))"
  }
}

/// The geometry of a table: sections stacked vertically, each a header, rows of their own
/// heights, and a footer. Rows and sections are kept in `PrefixSumTree`s, so finding the
/// row at a point, the rectangle of a row, and every edit cost O(log n), whatever the count.
struct ListLayout: Sendable {
  struct Section: Sendable {
    var headerHeight: Double
    var footerHeight: Double
    var rows: PrefixSumTree

    init(headerHeight: Double = 0, rowHeights: [Double], footerHeight: Double = 0) {
      self.headerHeight = headerHeight
      self.footerHeight = footerHeight
      rows = PrefixSumTree(rowHeights)
    }

    /// A section of `count` rows whose heights are not known yet: each counts as
    /// `estimatedRowHeight` until it is set. O(count / 32,767).
    init(headerHeight: Double = 0, estimatedRowHeight: Double, count: Int, footerHeight: Double = 0) {
      self.headerHeight = headerHeight
      self.footerHeight = footerHeight
      rows = PrefixSumTree(repeating: estimatedRowHeight, count: count, estimated: true)
    }

    var height: Double { headerHeight + rows.total + footerHeight }
  }

  var width: Double
  private(set) var sections: [Section]
  /// The height of each section, for finding the section at a point.
  private var sectionHeights: PrefixSumTree
  /// Whether rows stand in from the sides, as an inset-grouped table's do.
  var insetsRows: Bool

  init(width: Double, sections: [Section], insetsRows: Bool = false) {
    self.width = width
    self.sections = sections
    self.insetsRows = insetsRows
    sectionHeights = PrefixSumTree(sections.map(\.height))
  }

  /// How far rows stand in from each side: an inset-grouped table's readable margin, 16
  /// points on a narrow table and 20 from 414 points wide, as UIKit's; 0 otherwise.
  var rowInset: Double { insetsRows ? (width >= 414 ? 20 : 16) : 0 }

  /// Where a section's parts lie, in content coordinates: its top, the top and bottom of
  /// its rows, and its bottom. Nil when out of range.
  func sectionGeometry(_ section: Int) -> (top: Double, rowsTop: Double, rowsBottom: Double, bottom: Double)? {
    guard sections.indices.contains(section), let top = sectionHeights.offset(of: section) else { return nil }
    let rowsTop = top + sections[section].headerHeight
    let rowsBottom = rowsTop + sections[section].rows.total
    return (top, rowsTop, rowsBottom, rowsBottom + sections[section].footerHeight)
  }

  /// The height of the whole table.
  var contentHeight: Double { sectionHeights.total }

  func numberOfRows(inSection section: Int) -> Int {
    sections.indices.contains(section) ? sections[section].rows.count : 0
  }

  /// The rectangle of a row, in content coordinates; nil when out of range.
  func rectForRow(at indexPath: IndexPath) -> Rect? {
    rectForRow(indexPath.row, inSection: indexPath.section)
  }

  func rectForRow(_ index: Int, inSection section: Int) -> Rect? {
    guard sections.indices.contains(section), let sectionTop = sectionHeights.offset(of: section) else { return nil }
    // Read through the array in place: binding the section to a local would copy its tree's
    // references, which costs more than the lookup.
    guard let row = sections[section].rows.element(at: index) else { return nil }
    let inset = rowInset
    return Rect(
      x: inset, y: sectionTop + sections[section].headerHeight + row.offset, width: max(0, width - 2 * inset),
      height: row.extent)
  }

  /// Whether a row's height is an estimate, not yet set; false when out of range.
  func isRowHeightEstimated(at indexPath: IndexPath) -> Bool {
    sections.indices.contains(indexPath.section) && sections[indexPath.section].rows.isEstimated(at: indexPath.row)
  }

  /// Where the slot before `row` (0...count) lies in a section: the top of that row, or
  /// the bottom of the last. An insertion there opens its gap from this offset.
  func boundaryOffset(row: Int, inSection section: Int) -> Double? {
    guard sections.indices.contains(section), let top = sectionHeights.offset(of: section),
      let offset = sections[section].rows.offset(of: row)
    else { return nil }
    return top + sections[section].headerHeight + offset
  }

  /// The row under a point in content coordinates; nil over headers, footers and empty
  /// space.
  func indexPathForRow(at point: Point) -> IndexPath? {
    guard let (section, local) = section(at: point) else { return nil }
    let rowsTop = sections[section].headerHeight
    guard let (row, _) = sections[section].rows.index(covering: local - rowsTop) else { return nil }
    return IndexPath(row: row, section: section)
  }

  /// The section under a point, and the point's distance below the section's top.
  private func section(at point: Point) -> (Int, Double)? {
    guard point.x >= 0, point.x < width, let (section, local) = sectionHeights.index(covering: point.y) else {
      return nil
    }
    return (section, local)
  }

  /// Rule 20 for tables: where a drop at `point` lands with the intent the delegate
  /// proposed.
  ///
  /// - The slot between rows: the upper half of a row is before it, the lower half after.
  /// - Into a row: `.insertIntoDestinationIndexPath` over a row targets the row itself.
  /// - `.automatic`: the middle half of a row is into it; the outer quarters are the slots
  ///   before and after.
  /// - Below the last row of a section (its footer) is `row == count`.
  /// - Over empty space, or a header, the destination is nil and the intent unspecified.
  func destination(at point: Point, intent: DropIntent) -> DropDestination {
    guard let (section, local) = section(at: point) else {
      return DropDestination(indexPath: nil, intent: .unspecified)
    }
    let y = local - sections[section].headerHeight
    guard y >= 0 else { return DropDestination(indexPath: nil, intent: .unspecified) }
    guard let (row, within) = sections[section].rows.index(covering: y),
      let height = sections[section].rows.extent(at: row)
    else {
      // Past the last row: the end of the section.
      return DropDestination(
        indexPath: IndexPath(row: sections[section].rows.count, section: section), intent: resolvedEnd(intent))
    }
    let fraction = height > 0 ? within / height : 0
    switch intent {
    case .unspecified:
      return DropDestination(
        indexPath: IndexPath(row: fraction < 0.5 ? row : row + 1, section: section), intent: .unspecified)
    case .insertAtDestinationIndexPath:
      return DropDestination(
        indexPath: IndexPath(row: fraction < 0.5 ? row : row + 1, section: section), intent: intent)
    case .insertIntoDestinationIndexPath:
      return DropDestination(indexPath: IndexPath(row: row, section: section), intent: intent)
    case .automatic:
      if fraction < 0.25 {
        return DropDestination(indexPath: IndexPath(row: row, section: section), intent: .insertAtDestinationIndexPath)
      }
      if fraction >= 0.75 {
        return DropDestination(
          indexPath: IndexPath(row: row + 1, section: section), intent: .insertAtDestinationIndexPath)
      }
      return DropDestination(indexPath: IndexPath(row: row, section: section), intent: .insertIntoDestinationIndexPath)
    }
  }

  /// At the end of a section there is nothing to go into: the drop goes in at the end.
  private func resolvedEnd(_ intent: DropIntent) -> DropIntent {
    intent == .unspecified ? .unspecified : .insertAtDestinationIndexPath
  }

  // MARK: Edits

  /// Hands the sections over for editing in place and leaves the layout empty: the trees
  /// are then uniquely held, so edits do not copy them.
  mutating func takeSections() -> [Section] {
    let taken = sections
    sections = []
    sectionHeights = PrefixSumTree()
    return taken
  }

  mutating func insertRow(height: Double, at indexPath: IndexPath) -> Bool {
    guard sections.indices.contains(indexPath.section),
      sections[indexPath.section].rows.insert(height, at: indexPath.row)
    else { return false }
    refresh(indexPath.section)
    return true
  }

  @discardableResult
  mutating func removeRow(at indexPath: IndexPath) -> Double? {
    guard sections.indices.contains(indexPath.section),
      let height = sections[indexPath.section].rows.remove(at: indexPath.row)
    else { return nil }
    refresh(indexPath.section)
    return height
  }

  mutating func setRowHeight(_ height: Double, at indexPath: IndexPath) -> Bool {
    guard sections.indices.contains(indexPath.section),
      sections[indexPath.section].rows.setExtent(height, at: indexPath.row)
    else { return false }
    refresh(indexPath.section)
    return true
  }

  private mutating func refresh(_ section: Int) {
    sectionHeights.setExtent(sections[section].height, at: section)
  }

  /// The section at a height: 0 above the content, the section count below it.
  func indexOfSection(atY y: Double) -> Int {
    y <= 0 ? 0 : sectionHeights.index(covering: y)?.0 ?? sections.count
  }
}

/// Rule 20 for grids, from where a point fell: in `section`, in the place of `item` (the
/// item and the spacing after it; `count` or more past the end), `across` the item (0...1),
/// and on the item itself or not. Left of an item's middle is the slot before it, right of
/// it the slot after; `.insertIntoDestinationIndexPath` over an item targets the item; past
/// the last item is `item == count`. `.automatic` is for tables and acts as insert-at here.
func gridDestination(
  section: Int, item: Int, count: Int, across: Double, inside: Bool, intent: DropIntent
) -> DropDestination {
  let effective = intent == .automatic ? .insertAtDestinationIndexPath : intent
  guard item < count else {
    let end = effective == .unspecified ? DropIntent.unspecified : .insertAtDestinationIndexPath
    return DropDestination(indexPath: IndexPath(item: count, section: section), intent: end)
  }
  if effective == .insertIntoDestinationIndexPath && inside {
    return DropDestination(indexPath: IndexPath(item: item, section: section), intent: effective)
  }
  let slot = across < 0.5 ? item : item + 1
  let gapIntent = effective == .insertIntoDestinationIndexPath ? .insertAtDestinationIndexPath : effective
  return DropDestination(indexPath: IndexPath(item: min(slot, count), section: section), intent: gapIntent)
}

/// The geometry of a flow grid: items of one size in rows that wrap at the width, with
/// spacing and section insets; sections stack vertically.
struct FlowLayout: Sendable {
  var width: Double { didSet { remeasure() } }
  var itemSize: Size { didSet { remeasure() } }
  var minimumInteritemSpacing: Double { didSet { remeasure() } }
  var minimumLineSpacing: Double { didSet { remeasure() } }
  var sectionInset: EdgeInsets { didSet { remeasure() } }
  private(set) var itemCounts: [Int]
  private var sectionHeights: PrefixSumTree

  /// Whether the items of a line spread out to fill the width, as UIKit's flow layout
  /// does, rather than keeping the minimum spacing from the leading edge.
  let justified: Bool

  init(
    width: Double, itemSize: Size, minimumInteritemSpacing: Double = 10, minimumLineSpacing: Double = 10,
    sectionInset: EdgeInsets = .zero, itemCounts: [Int], justified: Bool = false
  ) {
    self.width = width
    self.itemSize = itemSize
    self.minimumInteritemSpacing = minimumInteritemSpacing
    self.minimumLineSpacing = minimumLineSpacing
    self.sectionInset = sectionInset
    self.justified = justified
    self.itemCounts = itemCounts.map { max(0, $0) }
    sectionHeights = PrefixSumTree([])
    remeasure()
  }

  /// Items per row: as many as fit, at least one.
  private(set) var columns = 1
  /// Where the first column starts, from the section's leading inset: 0, or the centring
  /// of a lone column in a justified layout.
  private var leading = 0.0
  /// The space between columns: the minimum, or the spread-out spacing of a justified
  /// layout.
  private var interitem = 0.0

  private static func columns(
    width: Double, itemWidth: Double, spacing: Double, inset: EdgeInsets
  ) -> Int {
    let available = width - inset.left - inset.right
    guard itemWidth > 0 else { return 1 }
    let fitting = ((available + spacing) / (itemWidth + spacing)).rounded(.down)
    return fitting.isFinite ? max(1, Int(min(fitting, Double(Int32.max)))) : 1
  }

  private func sectionHeight(count: Int) -> Double {
    let rows = (count + columns - 1) / columns
    let items = rows == 0 ? 0 : Double(rows) * itemSize.height + Double(rows - 1) * minimumLineSpacing
    return sectionInset.top + items + sectionInset.bottom
  }

  /// Measures every section again, after the width or the metrics change: O(sections).
  private mutating func remeasure() {
    columns = Self.columns(
      width: width, itemWidth: itemSize.width, spacing: minimumInteritemSpacing, inset: sectionInset)
    (leading, interitem) = (0, minimumInteritemSpacing)
    let free = width - sectionInset.left - sectionInset.right - Double(columns) * itemSize.width
    if justified, free.isFinite, free > 0 {
      if columns == 1 { leading = free / 2 } else { interitem = free / Double(columns - 1) }
    }
    sectionHeights = PrefixSumTree(itemCounts.map(sectionHeight(count:)))
  }

  var contentHeight: Double { sectionHeights.total }

  /// The frame of an item in content coordinates; nil when out of range.
  func frameForItem(at indexPath: IndexPath) -> Rect? {
    guard itemCounts.indices.contains(indexPath.section), (0..<itemCounts[indexPath.section]).contains(indexPath.item)
    else { return nil }
    return slotFrame(indexPath.item, inSection: indexPath.section)
  }

  /// The frame of the `index`th slot of a section, whether or not an item fills it.
  func slotFrame(_ index: Int, inSection section: Int) -> Rect? {
    guard let top = sectionHeights.offset(of: section) else { return nil }
    return slotFrame(index, inSection: section, top: top)
  }

  /// ``slotFrame(_:inSection:)`` with the section's top known.
  func slotFrame(_ index: Int, inSection section: Int, top: Double) -> Rect? {
    guard index >= 0 else { return nil }
    let row = index / columns
    let column = index % columns
    return Rect(
      x: sectionInset.left + leading + Double(column) * (itemSize.width + interitem),
      y: top + sectionInset.top + Double(row) * (itemSize.height + minimumLineSpacing),
      width: itemSize.width, height: itemSize.height)
  }

  /// The top of a section in content coordinates.
  func offset(ofSection section: Int) -> Double? { sectionHeights.offset(of: section) }

  /// The section at a height: 0 above the content, the section count below it.
  func indexOfSection(atY y: Double) -> Int {
    y <= 0 ? 0 : sectionHeights.index(covering: y)?.0 ?? itemCounts.count
  }

  /// The item under a point; nil over spacing, insets and empty space.
  func indexPathForItem(at point: Point) -> IndexPath? {
    guard let cell = cell(at: point), cell.inside, cell.index < itemCounts[cell.section] else { return nil }
    return IndexPath(item: cell.index, section: cell.section)
  }

  /// The grid cell a point falls in: its section, its index (which may be past the last
  /// item), where in the cell the point is (0...1 across), and whether it is on the item
  /// rather than the spacing.
  private func cell(at point: Point) -> (section: Int, index: Int, across: Double, inside: Bool)? {
    guard point.x >= 0, point.x < width, let (section, local) = sectionHeights.index(covering: point.y) else {
      return nil
    }
    let strideX = itemSize.width + interitem
    let strideY = itemSize.height + minimumLineSpacing
    let x = point.x - sectionInset.left - leading
    let y = local - sectionInset.top
    // Zero or negative strides (empty items, negative spacing) and infinite points give
    // saturated values, clamped to the grid, never a trap.
    let column = max(0, min(columns - 1, Int(saturating: (x / strideX).rounded(.down))))
    let row = max(0, min(Int(Int32.max), Int(saturating: (max(0, y) / strideY).rounded(.down))))
    let withinX = x - Double(column) * strideX
    let withinY = y - Double(row) * strideY
    let inside = x >= 0 && y >= 0 && withinX < itemSize.width && withinY < itemSize.height
    let across = itemSize.width > 0 ? max(0, min(1, withinX / itemSize.width)) : 0
    return (section, row * columns + column, across, inside)
  }

  /// Rule 20 for grids: where a drop at `point` lands. Left of an item's middle is the slot
  /// before it, right of it the slot after; `.insertIntoDestinationIndexPath` over an item
  /// targets the item. Past the last item of a section is `item == count`; over empty space
  /// the destination is nil and the intent unspecified. `.automatic` is for tables and
  /// acts as insert-at here.
  func destination(at point: Point, intent: DropIntent) -> DropDestination {
    guard let cell = cell(at: point) else { return DropDestination(indexPath: nil, intent: .unspecified) }
    return gridDestination(
      section: cell.section, item: cell.index, count: itemCounts[cell.section], across: cell.across,
      inside: cell.inside, intent: intent)
  }

  mutating func setItemCount(_ count: Int, inSection section: Int) {
    guard itemCounts.indices.contains(section) else { return }
    itemCounts[section] = max(0, count)
    sectionHeights.setExtent(sectionHeight(count: itemCounts[section]), at: section)
  }
}
