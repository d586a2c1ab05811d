import DragDrop
import Foundation

/// A row a drop reserves before its data has arrived (rule 24): the table shows it without
/// asking the data source, configured by ``cellUpdateHandler``.
@MainActor
public final class TableViewDropPlaceholder {
  /// Where the row goes, in the data source's index paths (`row == count` is the end).
  public let insertionIndexPath: IndexPath
  public let reuseIdentifier: String
  public let rowHeight: Double
  /// Configures the placeholder's cell whenever it is shown.
  public var cellUpdateHandler: ((TableViewCell) -> Void)?

  public init(insertionIndexPath: IndexPath, reuseIdentifier: String, rowHeight: Double) {
    self.insertionIndexPath = insertionIndexPath
    self.reuseIdentifier = reuseIdentifier
    self.rowHeight = rowHeight
  }
}

/// A placeholder in the table, returned by the drop coordinator: commit it once the data
/// has arrived, or delete it if the load failed (rule 24).
@MainActor
public final class TableViewDropPlaceholderContext: DragAnimating {
  public let dragItem: DragItem
  weak var table: TableView?
  let entry: TableView.PlaceholderEntry
  let animator: DeferredAnimator

  init(dragItem: DragItem, table: TableView, entry: TableView.PlaceholderEntry, animator: DeferredAnimator) {
    self.dragItem = dragItem
    self.table = table
    self.entry = entry
    self.animator = animator
  }

  /// Whether the placeholder is still in the table.
  public var isPending: Bool { table?.placeholderEntries.contains { $0 === entry } ?? false }

  /// Runs `dataSourceUpdates` with the placeholder's current index path (it follows the
  /// rows around it through later updates) and turns the placeholder into the real row.
  /// Returns false, without running the block, once the placeholder is gone.
  @discardableResult
  public func commitInsertion(dataSourceUpdates: (IndexPath) -> Void) -> Bool {
    guard let table, isPending else { return false }
    return table.commitPlaceholder(entry, dataSourceUpdates)
  }

  /// Removes the placeholder. Returns false once it is gone.
  @discardableResult
  public func deletePlaceholder() -> Bool {
    guard let table, isPending else { return false }
    table.removePlaceholder(entry)
    return true
  }

  public func addAnimations(_ animations: @escaping @MainActor () -> Void) { animator.addAnimations(animations) }
  public func addCompletion(_ completion: @escaping @MainActor (AnimatingPosition) -> Void) {
    animator.addCompletion(completion)
  }
}

extension TableViewDropCoordinator {
  /// Drops the item into a placeholder row at `placeholder.insertionIndexPath`, without
  /// touching the data source; commit or delete it through the returned context.
  @discardableResult
  public func drop(_ dragItem: DragItem, to placeholder: TableViewDropPlaceholder) -> TableViewDropPlaceholderContext {
    let entry = tableView.insertPlaceholder(placeholder)
    let center = tableView.placeholderRect(entry)?.center ?? .zero
    let animator = record(dragItem, DragPreviewTarget(container: tableView, center: center))
    return TableViewDropPlaceholderContext(dragItem: dragItem, table: tableView, entry: entry, animator: animator)
  }
}

extension TableView {
  /// A placeholder in the table: the section and the gap between data rows it sits in.
  @MainActor
  final class PlaceholderEntry {
    var section: Int
    /// How many data rows come before it in its section.
    var gap: Int
    let placeholder: TableViewDropPlaceholder
    var cell: TableViewCell?

    init(section: Int, gap: Int, placeholder: TableViewDropPlaceholder) {
      self.section = section
      self.gap = gap
      self.placeholder = placeholder
    }
  }

  /// The placeholders of a section, in display order. ``placeholderEntries`` is kept in
  /// display order within each section: placeholders at the same gap show in array order.
  func placeholders(inSection section: Int) -> [PlaceholderEntry] {
    placeholderEntries.filter { $0.section == section }
  }

  /// Whether `a` shows before `b` (both in one section).
  private func shows(_ a: PlaceholderEntry, before b: PlaceholderEntry) -> Bool {
    if a.gap != b.gap { return a.gap < b.gap }
    guard let i = placeholderEntries.firstIndex(where: { $0 === a }),
      let j = placeholderEntries.firstIndex(where: { $0 === b })
    else { return false }
    return i < j
  }

  /// The display row of a data row: placeholders at or before its position come first.
  func displayPath(for indexPath: IndexPath) -> IndexPath {
    guard !placeholderEntries.isEmpty else { return indexPath }
    let before = placeholderEntries.filter { $0.section == indexPath.section && $0.gap <= indexPath.row }.count
    return IndexPath(row: indexPath.row + before, section: indexPath.section)
  }

  /// The display row of a placeholder.
  func displayPath(of entry: PlaceholderEntry) -> IndexPath {
    let before = placeholderEntries.filter { $0.section == entry.section && $0 !== entry && shows($0, before: entry) }
      .count
    return IndexPath(row: entry.gap + before, section: entry.section)
  }

  /// What a display row shows: a data row or a placeholder.
  enum DisplayRow {
    case data(IndexPath)
    case placeholder(PlaceholderEntry)
  }

  func displayRow(at display: IndexPath) -> DisplayRow {
    guard !placeholderEntries.isEmpty else { return .data(display) }
    var placeholdersBefore = 0
    for entry in placeholders(inSection: display.section) {
      let row = entry.gap + placeholdersBefore
      if row == display.row { return .placeholder(entry) }
      if row > display.row { break }
      placeholdersBefore += 1
    }
    return .data(IndexPath(row: display.row - placeholdersBefore, section: display.section))
  }

  /// A display slot (0...display count) as a data gap: the data rows before it.
  func dataGap(forDisplaySlot display: IndexPath) -> IndexPath {
    guard !placeholderEntries.isEmpty else { return display }
    let entries = placeholders(inSection: display.section)
    var before = 0
    for (index, entry) in entries.enumerated() where entry.gap + index < display.row { before = index + 1 }
    return IndexPath(row: display.row - before, section: display.section)
  }

  /// Rule 20 in the data source's index paths: the layout's destination, with slots counted
  /// in data rows, and a placeholder under the point taken as the slot it holds.
  func dataDestination(at point: Point, intent: DropIntent) -> DropDestination {
    var destination = layout.destination(at: point, intent: intent)
    guard let display = destination.indexPath, !placeholderEntries.isEmpty else { return destination }
    if destination.intent == .insertIntoDestinationIndexPath {
      switch displayRow(at: display) {
      case .data(let indexPath):
        destination.indexPath = indexPath
      case .placeholder(let entry):
        destination = DropDestination(
          indexPath: IndexPath(row: entry.gap, section: entry.section), intent: .insertAtDestinationIndexPath)
      }
    } else {
      destination.indexPath = dataGap(forDisplaySlot: display)
    }
    return destination
  }

  func placeholderRect(_ entry: PlaceholderEntry) -> Rect? {
    layout.rectForRow(at: displayPath(of: entry))
  }

  /// Inserts a placeholder row; an index path out of range inserts nothing (the entry is
  /// then never pending) and is logged.
  func insertPlaceholder(_ placeholder: TableViewDropPlaceholder) -> PlaceholderEntry {
    let path = placeholder.insertionIndexPath
    let entry = PlaceholderEntry(section: path.section, gap: path.row, placeholder: placeholder)
    guard rowCounts.indices.contains(path.section), (0...rowCounts[path.section]).contains(path.row) else {
      Self.logger.error(
        "placeholder index path out of range; the placeholder was not inserted",
        metadata: ["indexPath": "\(path.itemDescription)"])
      return entry
    }
    // Keep each section's placeholders in display order: after every one at or before this
    // gap, before the first one after it.
    let position =
      placeholderEntries.lastIndex { $0.section == path.section && $0.gap <= path.row }.map { $0 + 1 }
      ?? placeholderEntries.firstIndex { $0.section == path.section } ?? placeholderEntries.count
    placeholderEntries.insert(entry, at: position)
    _ = layout.insertRow(height: placeholder.rowHeight, at: displayPath(of: entry))
    contentSize = Size(width: bounds.width, height: layout.contentHeight)
    setNeedsLayout()
    return entry
  }

  func removePlaceholder(_ entry: PlaceholderEntry) {
    let display = displayPath(of: entry)
    placeholderEntries.removeAll { $0 === entry }
    if let cell = entry.cell { recycleCell(cell) }
    entry.cell = nil
    layout.removeRow(at: display)
    contentSize = Size(width: bounds.width, height: layout.contentHeight)
    setNeedsLayout()
  }

  func commitPlaceholder(_ entry: PlaceholderEntry, _ updates: (IndexPath) -> Void) -> Bool {
    let path = IndexPath(row: entry.gap, section: entry.section)
    let display = displayPath(of: entry)
    let showsAfter = placeholderEntries.filter {
      $0.section == entry.section && $0 !== entry && shows(entry, before: $0)
    }
    updates(path)
    let reported = dataSource.map { $0.tableView(self, numberOfRowsInSection: entry.section) } ?? 0
    placeholderEntries.removeAll { $0 === entry }
    if let cell = entry.cell { recycleCell(cell) }
    entry.cell = nil
    guard reported == rowCounts[entry.section] + 1 else {
      Self.logger.error(
        "committing a placeholder must insert exactly one row; the table reloads",
        metadata: [
          "section": "\(entry.section)", "before": "\(rowCounts[entry.section])", "reported": "\(reported)",
        ])
      reloadData()
      return true
    }
    // The placeholder's row becomes the data row: data rows at and after it move down one.
    rowCounts[entry.section] += 1
    // Placeholders shown after this one now come after the new row too.
    for other in showsAfter { other.gap += 1 }
    // Visible cells at and after the new row move down one, bottom first so none collide.
    let moving = visibleByPath.keys.filter { $0.section == entry.section && $0.row >= path.row }.sorted(by: >)
    for key in moving {
      visibleByPath[IndexPath(row: key.row + 1, section: key.section)] = visibleByPath.removeValue(forKey: key)
    }
    shiftSelection(inSection: entry.section, from: path.row)
    _ = layout.setRowHeight(rowHeightFromDelegate(path), at: display)
    contentSize = Size(width: bounds.width, height: layout.contentHeight)
    setNeedsLayout()
    return true
  }
}
