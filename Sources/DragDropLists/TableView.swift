import DragDrop
import Foundation
import Logging

/// Supplies a table's sections, rows and cells.
@MainActor
public protocol TableViewDataSource: AnyObject {
  /// 1 by default.
  func numberOfSections(in tableView: TableView) -> Int
  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int
  /// A cell for a visible row, usually from ``TableView/dequeueReusableCell(withIdentifier:for:)``.
  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell
  /// A header title; none by default. A section with a title gets a header.
  func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String?
}

extension TableViewDataSource {
  public func numberOfSections(in tableView: TableView) -> Int { 1 }
  public func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { nil }
}

/// A data source whose rows can be reordered: local single-row reorders go through
/// ``tableView(_:moveRowAt:to:)`` (rule 22).
@MainActor
public protocol TableViewReorderingDataSource: TableViewDataSource {
  /// True by default.
  func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool
  /// Moves the row in the model; `destination` is its index after the move.
  func tableView(_ tableView: TableView, moveRowAt source: IndexPath, to destination: IndexPath)
}

extension TableViewReorderingDataSource {
  public func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool { true }
}

/// Row heights and selection.
@MainActor
public protocol TableViewDelegate: AnyObject {
  /// The table's ``TableView/rowHeight`` by default.
  func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double
  func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath)
  func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath)
}

extension TableViewDelegate {
  public func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double { tableView.rowHeight }
  public func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {}
  public func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) {}
}

/// A row of a table: a view with a text label, reused as rows scroll in and out.
@MainActor
open class TableViewCell: View {
  public internal(set) var reuseIdentifier: String?
  public let textLabel = Label()
  /// Whether the row is selected.
  public internal(set) var isSelected = false

  public required init(reuseIdentifier: String?) {
    self.reuseIdentifier = reuseIdentifier
    super.init(frame: .zero)
    textLabel.font = .systemFont(ofSize: 17)
    addSubview(textLabel)
  }

  /// Called before a cell is handed out again; clears the text by default.
  open func prepareForReuse() {
    textLabel.text = nil
    isSelected = false
    dragState = .none
    isDropTarget = false
  }

  /// The cell's part in a drag (rule 19).
  public private(set) var dragState = CellDragState.none
  /// Whether the cell is highlighted as the target of an insert-into drop.
  public internal(set) var isDropTarget = false {
    didSet { backgroundColor = isDropTarget ? Color(red: 0.8, green: 0.9, blue: 1) : nil }
  }

  func setDragState(_ state: CellDragState) {
    guard state != dragState else { return }
    dragState = state
    dragStateDidChange(state)
  }

  /// Called when the cell's drag state changes; dims a dragged cell by default.
  open func dragStateDidChange(_ state: CellDragState) {
    alpha = state == .dragging ? 0.5 : 1
  }

  open override func layoutSubviews() {
    textLabel.frame = bounds.inset(by: EdgeInsets(top: 0, left: 16, bottom: 0, right: 16))
  }

  open override var snapshotDescription: String {
    super.snapshotDescription + (textLabel.text.map { " text=\"\($0)\"" } ?? "") + (isSelected ? " selected" : "")
      + (dragState == .none ? "" : " drag=\(dragState)") + (isDropTarget ? " dropTarget" : "")
  }
}

/// A table: sections of rows with fixed or per-row heights, optional headers, reusable
/// cells of which only the visible ones exist, selection, and batch updates checked by
/// rule 25.
///
/// Row geometry is kept in prefix-sum trees, so scrolling, hit testing and updates cost
/// O(log n) per row involved, with a million rows as with ten.
@MainActor
open class TableView: ScrollView {
  public weak var dataSource: (any TableViewDataSource)? { didSet { setNeedsReload() } }
  public weak var delegate: (any TableViewDelegate)?
  /// The height of rows when the delegate does not give one.
  public var rowHeight = 44.0
  /// The height of a section header, for sections with a title.
  public var sectionHeaderHeight = 28.0
  public var allowsSelection = true
  /// Whether hovering a drag over a row activates it (rule 27).
  public var isSpringLoaded = false
  /// How long a drag must hover over a row before it blinks and activates.
  public var springLoadingDelay = 1.0
  public var allowsMultipleSelection = false

  /// The geometry of every row and header.
  public internal(set) var layout = ListLayout(width: 0, sections: [])
  var rowCounts: [Int] = []
  private var headerTitles: [String?] = []
  var visibleByPath: [IndexPath: TableViewCell] = [:]
  /// The cells placed by the last layout, with their display rows and rectangles before
  /// any gap.
  private var laidOut: [(cell: TableViewCell, display: IndexPath, rect: Rect)] = []
  var placeholderEntries: [PlaceholderEntry] = []
  private var headerViews: [Int: Label] = [:]
  private var reusePool: [String: [TableViewCell]] = [:]
  private var registrations: [String: TableViewCell.Type] = [:]
  private var selected: Set<IndexPath> = []
  private var needsReload = true
  /// Updates collected inside `performBatchUpdates`; nil outside.
  private var pendingUpdate: BatchUpdate?
  let dragState = DragDropState()
  private var dragInteraction: DragInteraction?
  private var dropInteraction: DropInteraction?
  private var dragAdapter: TableDragAdapter?
  private var dropAdapter: TableDropAdapter?

  /// The drag side: setting it makes rows draggable.
  public weak var dragDelegate: (any TableViewDragDelegate)? {
    didSet {
      if dragDelegate != nil, dragInteraction == nil {
        let adapter = TableDragAdapter(table: self)
        dragAdapter = adapter
        let interaction = DragInteraction(delegate: adapter)
        interaction.isEnabled = dragInteractionEnabled
        interaction.name = accessibilityLabel
        dragInteraction = interaction
        addInteraction(interaction)
      }
    }
  }

  /// The drop side: setting it makes the table a drop target.
  public weak var dropDelegate: (any TableViewDropDelegate)? {
    didSet {
      if dropDelegate != nil, dropInteraction == nil {
        let adapter = TableDropAdapter(table: self)
        dropAdapter = adapter
        let interaction = DropInteraction(delegate: adapter)
        interaction.name = accessibilityLabel
        dropInteraction = interaction
        addInteraction(interaction)
      }
    }
  }

  /// Whether rows can be dragged; starts as drag interactions do (rule 17).
  public var dragInteractionEnabled = DragInteraction.isEnabledByDefault {
    didSet { dragInteraction?.isEnabled = dragInteractionEnabled }
  }

  /// Whether a drag from this table is under way.
  public var hasActiveDrag: Bool { dragState.dragSession != nil }
  /// Whether a drop session is over this table.
  public var hasActiveDrop: Bool { dragState.dropSession != nil }
  /// Whether the table shows changes its data source has not made yet (rule 17).
  public var hasUncommittedUpdates: Bool { dragState.gap != nil || !placeholderEntries.isEmpty }

  /// Opens the gap for an insert-at destination, or highlights the row of an insert-into
  /// one (rule 20); nil closes and clears both.
  func showDropFeedback(for destination: DropDestination?) {
    var gap: (IndexPath, Double)?
    var highlight: IndexPath?
    if let destination, let indexPath = destination.indexPath {
      switch destination.intent {
      case .insertAtDestinationIndexPath:
        let dragged = dragState.dragSession.flatMap { session in
          session.items.first.flatMap { dragState.sourceIndexPaths[ObjectIdentifier($0)] }
        }
        gap = (indexPath, dragged.flatMap { layout.rectForRow(at: $0)?.height } ?? rowHeight)
      case .insertIntoDestinationIndexPath:
        highlight = indexPath
      default:
        break
      }
    }
    // Nothing to redo while the destination stays the same, as it does for most moves.
    if dragState.gap?.indexPath == gap?.0 && dragState.gap?.height == gap?.1 && dragState.highlighted == highlight {
      return
    }
    dragState.gap = gap.map { (indexPath: $0.0, height: $0.1) }
    if dragState.highlighted != highlight {
      if let old = dragState.highlighted { visibleByPath[old]?.isDropTarget = false }
      dragState.highlighted = highlight
      if let highlight { visibleByPath[highlight]?.isDropTarget = true }
    }
    if !needsLayout {
      // Only the gap moved: shift the cells already laid out, without walking the rows.
      applyGap()
      return
    }
    setNeedsLayout()
    layoutIfNeeded()
  }

  /// Places the laid-out cells at their rows, pushed down by the gap when below it.
  private func applyGap() {
    let gapDisplay = dragState.gap.map { displayPath(for: $0.indexPath) }
    for row in laidOut {
      var frame = row.rect
      if let gapDisplay, let gap = dragState.gap, gapDisplay.section == row.display.section,
        row.display.row >= gapDisplay.row
      {
        frame = frame.offsetBy(dx: 0, dy: gap.height)  // the gap pushes the rows below it down
      }
      row.cell.frame = frame
    }
  }

  /// Rule 22: moves a row for a local reorder through the data source's moveRowAt.
  func moveRowForReorder(
    from source: IndexPath, to destination: IndexPath, dataSource: any TableViewReorderingDataSource
  ) {
    dataSource.tableView(self, moveRowAt: source, to: destination)
    do {
      try moveRow(at: source, to: destination)
    } catch {
      Self.logger.error("the data source's moveRowAt left counts that do not add up", metadata: ["error": "\(error)"])
      reloadData()
    }
  }
  static let logger = Logger(label: "DragDrop.TableView")

  public override init(frame: Rect = .zero) {
    super.init(frame: frame)
    addGestureRecognizer(
      TapGestureRecognizer { [weak self] recognizer in
        guard let self, recognizer.state == .ended else { return }
        self.tap(at: recognizer.location(in: self))
      })
  }

  // MARK: Cells

  /// Makes cells of `cellClass` for `identifier`.
  public func register(_ cellClass: TableViewCell.Type, forCellReuseIdentifier identifier: String) {
    registrations[identifier] = cellClass
  }

  /// A cell for `identifier`: a reused one when there is one, otherwise a new one of the
  /// registered class. An identifier never registered gets a plain ``TableViewCell``, and
  /// the misuse is logged.
  public func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> TableViewCell {
    if let cell = reusePool[identifier]?.popLast() {
      cell.prepareForReuse()
      return cell
    }
    guard let cellClass = registrations[identifier] else {
      Self.logger.error(
        "no cell class is registered for this reuse identifier; register one before dequeuing",
        metadata: ["identifier": "\(identifier)"])
      return TableViewCell(reuseIdentifier: identifier)
    }
    return cellClass.init(reuseIdentifier: identifier)
  }

  /// The cell of a visible row; nil for rows that are not visible.
  public func cellForRow(at indexPath: IndexPath) -> TableViewCell? {
    layoutIfNeeded()
    return visibleByPath[indexPath]
  }

  /// The visible cells, in row order.
  public var visibleCells: [TableViewCell] {
    layoutIfNeeded()
    return visibleByPath.sorted { $0.key < $1.key }.map(\.value)
  }

  public var indexPathsForVisibleRows: [IndexPath] {
    layoutIfNeeded()
    return visibleByPath.keys.sorted()
  }

  // MARK: Geometry

  public var numberOfSections: Int {
    reloadIfNeeded()
    return rowCounts.count
  }

  public func numberOfRows(inSection section: Int) -> Int {
    reloadIfNeeded()
    return rowCounts.indices.contains(section) ? rowCounts[section] : 0
  }

  /// A row's rectangle in the table's content coordinates.
  public func rectForRow(at indexPath: IndexPath) -> Rect? {
    reloadIfNeeded()
    guard rowCounts.indices.contains(indexPath.section), (0..<rowCounts[indexPath.section]).contains(indexPath.row)
    else { return nil }
    return layout.rectForRow(at: displayPath(for: indexPath))
  }

  /// The row under a point in the table's coordinates (content coordinates).
  public func indexPathForRow(at point: Point) -> IndexPath? {
    reloadIfNeeded()
    guard let display = layout.indexPathForRow(at: point), case .data(let indexPath) = displayRow(at: display) else {
      return nil
    }
    return indexPath
  }

  // MARK: Loading

  private func setNeedsReload() {
    needsReload = true
    setNeedsLayout()
  }

  private func reloadIfNeeded() {
    if needsReload { reloadData() }
  }

  /// Asks the data source for everything again. Visible cells return to the reuse pool and
  /// the selection is cleared.
  public func reloadData() {
    needsReload = false
    dragState.reloadedSinceDragBegan = true
    for (_, cell) in visibleByPath { recycle(cell) }
    visibleByPath = [:]
    for entry in placeholderEntries { entry.cell.map(recycleCell) }
    placeholderEntries = []
    for (_, header) in headerViews { header.removeFromSuperview() }
    headerViews = [:]
    selected = []
    guard let dataSource else {
      rowCounts = []
      headerTitles = []
      layout = ListLayout(width: bounds.width, sections: [])
      contentSize = Size(width: bounds.width, height: 0)
      return
    }
    let sections = max(0, dataSource.numberOfSections(in: self))
    rowCounts = (0..<sections).map { max(0, dataSource.tableView(self, numberOfRowsInSection: $0)) }
    headerTitles = (0..<sections).map { dataSource.tableView(self, titleForHeaderInSection: $0) }
    layout = ListLayout(
      width: bounds.width,
      sections: (0..<sections).map { section in
        ListLayout.Section(
          headerHeight: headerTitles[section] == nil ? 0 : sectionHeaderHeight,
          rowHeights: (0..<rowCounts[section]).map { height(for: IndexPath(row: $0, section: section)) })
      })
    contentSize = Size(width: bounds.width, height: layout.contentHeight)
    setNeedsLayout()
  }

  private func height(for indexPath: IndexPath) -> Double {
    delegate?.tableView(self, heightForRowAt: indexPath) ?? rowHeight
  }

  func recycleCell(_ cell: TableViewCell) { recycle(cell) }

  func rowHeightFromDelegate(_ indexPath: IndexPath) -> Double { height(for: indexPath) }

  /// Moves selected rows at or after `row` down one, after a row appears above them.
  func shiftSelection(inSection section: Int, from row: Int) {
    selected = Set(
      selected.map { $0.section == section && $0.row >= row ? IndexPath(row: $0.row + 1, section: section) : $0 })
  }

  private func recycle(_ cell: TableViewCell) {
    cell.removeFromSuperview()
    if let identifier = cell.reuseIdentifier { reusePool[identifier, default: []].append(cell) }
  }

  // MARK: Layout

  open override func geometryDidChange() {
    super.geometryDidChange()
    if layout.width != bounds.width { layout.width = bounds.width }
  }

  /// Shows the cells of the rows in view and recycles the rest: O(log n + visible).
  /// Placeholder rows get their own cells, configured by their update handlers.
  open override func layoutSubviews() {
    reloadIfNeeded()
    guard let dataSource else { return }
    let top = contentOffset.y
    let bottom = top + bounds.height
    var wanted: [(display: IndexPath, row: DisplayRow, rect: Rect)] = []
    var y = top
    // Walk down from the first row in view, one row at a time, skipping headers.
    while y < bottom {
      if let display = layout.indexPathForRow(at: Point(x: 0, y: y)), let rect = layout.rectForRow(at: display) {
        wanted.append((display, displayRow(at: display), rect))
        y = rect.maxY
      } else if let next = nextRowStart(after: y) {
        y = next
      } else {
        break
      }
    }
    var wantedData = Set<IndexPath>()
    var wantedPlaceholders = Set<ObjectIdentifier>()
    for entry in wanted {
      switch entry.row {
      case .data(let indexPath): wantedData.insert(indexPath)
      case .placeholder(let placeholder): wantedPlaceholders.insert(ObjectIdentifier(placeholder))
      }
    }
    for (indexPath, cell) in visibleByPath where !wantedData.contains(indexPath) {
      recycle(cell)
      visibleByPath[indexPath] = nil
    }
    for entry in placeholderEntries where !wantedPlaceholders.contains(ObjectIdentifier(entry)) {
      if let cell = entry.cell { recycle(cell) }
      entry.cell = nil
    }
    laidOut = []
    for (display, row, rect) in wanted {
      let cell: TableViewCell
      switch row {
      case .data(let indexPath):
        if let existing = visibleByPath[indexPath] {
          cell = existing
        } else {
          cell = dataSource.tableView(self, cellForRowAt: indexPath)
          visibleByPath[indexPath] = cell
          insertSubview(cell, at: 0)
        }
        cell.isSelected = selected.contains(indexPath)
        cell.isDropTarget = dragState.highlighted == indexPath
      case .placeholder(let entry):
        if let existing = entry.cell {
          cell = existing
        } else {
          cell = dequeueReusableCell(withIdentifier: entry.placeholder.reuseIdentifier, for: display)
          entry.cell = cell
          insertSubview(cell, at: 0)
        }
        entry.placeholder.cellUpdateHandler?(cell)
      }
      laidOut.append((cell, display, rect))
    }
    applyGap()
    layoutHeaders(top: top, bottom: bottom)
  }

  /// The top of the first row below `y` (past a header, a footer or an empty section).
  private func nextRowStart(after y: Double) -> Double? {
    for section in 0..<layout.sections.count where layout.numberOfRows(inSection: section) > 0 {
      if let rect = layout.rectForRow(at: IndexPath(row: 0, section: section)), rect.minY > y { return rect.minY }
    }
    return nil
  }

  private func layoutHeaders(top: Double, bottom: Double) {
    for (section, title) in headerTitles.enumerated() {
      guard let title, let gap = layout.gapOffset(row: 0, inSection: section) else { continue }
      let rect = Rect(x: 0, y: gap - sectionHeaderHeight, width: bounds.width, height: sectionHeaderHeight)
      if rect.maxY <= top || rect.minY >= bottom {
        headerViews.removeValue(forKey: section)?.removeFromSuperview()
        continue
      }
      let header = headerViews[section] ?? Label(text: title)
      header.text = title
      header.font = .boldSystemFont(ofSize: 13)
      header.backgroundColor = Color(red: 0.94, green: 0.94, blue: 0.96)
      header.frame = rect
      if headerViews[section] == nil {
        headerViews[section] = header
        addSubview(header)
      }
    }
  }

  // MARK: Selection

  public var indexPathsForSelectedRows: [IndexPath] { selected.sorted() }

  /// Selects a row; with single selection, the previous one is deselected.
  public func selectRow(at indexPath: IndexPath) {
    guard layout.rectForRow(at: indexPath) != nil else { return }
    if !allowsMultipleSelection {
      for old in selected where old != indexPath { deselectRow(at: old) }
    }
    guard selected.insert(indexPath).inserted else { return }
    visibleByPath[indexPath]?.isSelected = true
  }

  public func deselectRow(at indexPath: IndexPath) {
    guard selected.remove(indexPath) != nil else { return }
    visibleByPath[indexPath]?.isSelected = false
  }

  private func tap(at point: Point) {
    guard allowsSelection, let indexPath = indexPathForRow(at: point) else { return }
    if selected.contains(indexPath) && allowsMultipleSelection {
      deselectRow(at: indexPath)
      delegate?.tableView(self, didDeselectRowAt: indexPath)
    } else {
      let previous = allowsMultipleSelection ? [] : selected.filter { $0 != indexPath }
      selectRow(at: indexPath)
      for old in previous { delegate?.tableView(self, didDeselectRowAt: old) }
      delegate?.tableView(self, didSelectRowAt: indexPath)
    }
  }

  // MARK: Updates

  /// Applies the insertions, deletions, moves and reloads made in `updates` as one change.
  ///
  /// Update the data source inside the block, then describe the change with the
  /// `insertRows`, `deleteRows` (and so on) calls. The counts must add up (rule 25);
  /// if they do not, the error names the section and every count, and the table keeps
  /// its state from before.
  ///
  /// - Parameter completion: runs once the update animation has finished, after
  ///   ``updateAnimationDuration`` on the window's clock (at once outside a window), with
  ///   true.
  public func performBatchUpdates(
    _ updates: () -> Void, completion: (@MainActor (Bool) -> Void)? = nil
  )
    throws(BatchUpdateError)
  {
    reloadIfNeeded()
    let outer = pendingUpdate == nil
    if outer { pendingUpdate = BatchUpdate() }
    updates()
    guard outer, let update = pendingUpdate else { return }
    pendingUpdate = nil
    try apply(update)
    guard let completion else { return }
    if let clock = window?.clock {
      clock.schedule(after: updateAnimationDuration) { completion(true) }
    } else {
      completion(true)
    }
  }

  /// How long batch updates animate: the model changes at once, the completion waits this
  /// long on the clock.
  public var updateAnimationDuration = 0.3

  public func insertRows(at indexPaths: [IndexPath]) throws(BatchUpdateError) {
    try record { $0.insertItems(at: indexPaths) }
  }
  public func deleteRows(at indexPaths: [IndexPath]) throws(BatchUpdateError) {
    try record { $0.deleteItems(at: indexPaths) }
  }
  public func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) throws(BatchUpdateError) {
    try record { $0.moveItem(at: indexPath, to: newIndexPath) }
  }
  public func reloadRows(at indexPaths: [IndexPath]) throws(BatchUpdateError) {
    try record { $0.reloadItems(at: indexPaths) }
  }
  public func insertSections(_ sections: IndexSet) throws(BatchUpdateError) {
    try record { $0.insertSections(sections) }
  }
  public func deleteSections(_ sections: IndexSet) throws(BatchUpdateError) {
    try record { $0.deleteSections(sections) }
  }
  public func moveSection(_ section: Int, toSection newSection: Int) throws(BatchUpdateError) {
    try record { $0.moveSection(section, toSection: newSection) }
  }
  public func reloadSections(_ sections: IndexSet) throws(BatchUpdateError) {
    try record { $0.reloadSections(sections) }
  }

  /// Inside a batch, adds to it; outside, applies the change on its own.
  private func record(_ change: (inout BatchUpdate) -> Void) throws(BatchUpdateError) {
    if pendingUpdate != nil {
      change(&pendingUpdate!)
      return
    }
    reloadIfNeeded()
    var update = BatchUpdate()
    change(&update)
    try apply(update)
  }

  private func apply(_ update: BatchUpdate) throws(BatchUpdateError) {
    guard let dataSource else { return }
    let newSections = max(0, dataSource.numberOfSections(in: self))
    let newCounts = (0..<newSections).map { max(0, dataSource.tableView(self, numberOfRowsInSection: $0)) }
    let resolved = try update.resolve(oldCounts: rowCounts, newCounts: newCounts)

    // Geometry, edited in place: O(k log n) for k changed rows. The layout holds data rows
    // and placeholders; data rows leave at their display positions before the update, and
    // arrive at their display positions after it, once the placeholders have followed the
    // rows around them. Heights of moving rows are read before anything is removed.
    let titles = (0..<newSections).map { dataSource.tableView(self, titleForHeaderInSection: $0) }
    let removedDisplay = resolved.removed.enumerated().map { section, rows in
      rows.map { displayPath(for: IndexPath(row: $0, section: section)).row }
    }
    var movingHeights: [IndexPath: Double] = [:]
    for move in update.movedItems {
      movingHeights[move.to] = layout.rectForRow(at: displayPath(for: move.from))?.height ?? rowHeight
    }
    for entry in placeholderEntries {
      if let gap = update.reloadedSections.contains(entry.section)
        ? nil : resolved.newGap(entry.gap, inSection: entry.section)
      {
        entry.section = gap.section
        entry.gap = gap.row
      } else {
        // The placeholder's section went away or was reloaded: so does the placeholder.
        entry.cell.map(recycle)
        entry.cell = nil
        placeholderEntries.removeAll { $0 === entry }
      }
    }
    let oldWidth = layout.width
    var oldSections = layout.takeSections()
    var sections: [ListLayout.Section?] = Array(repeating: nil, count: newSections)
    for (old, new) in resolved.sectionMap.enumerated() {
      guard let new, !update.reloadedSections.contains(old) else { continue }
      var section = oldSections[old]
      oldSections[old] = ListLayout.Section(rowHeights: [])  // release it, so the tree is unique
      for row in removedDisplay[old].reversed() { section.rows.remove(at: row) }
      for row in resolved.arrivals[new] {
        let target = IndexPath(row: row, section: new)
        section.rows.insert(movingHeights[target] ?? height(for: target), at: displayPath(for: target).row)
      }
      for path in update.reloadedItems where path.section == old {
        if let target = resolved.newIndexPath(for: path) {
          section.rows.setExtent(height(for: target), at: displayPath(for: target).row)
        }
      }
      section.headerHeight = titles[new] == nil ? 0 : sectionHeaderHeight
      sections[new] = section
    }
    let finalSections = sections.enumerated().map { new, section in
      section
        ?? ListLayout.Section(
          headerHeight: titles[new] == nil ? 0 : sectionHeaderHeight,
          rowHeights: (0..<newCounts[new]).map { height(for: IndexPath(row: $0, section: new)) })
    }

    // Cells and selection follow their rows; deleted and reloaded rows' cells are recycled.
    var newVisible: [IndexPath: TableViewCell] = [:]
    for (indexPath, cell) in visibleByPath {
      if let target = resolved.newIndexPath(for: indexPath), !update.reloadedItems.contains(indexPath),
        !update.reloadedSections.contains(indexPath.section)
      {
        newVisible[target] = cell
      } else {
        recycle(cell)
      }
    }
    selected = Set(selected.compactMap { resolved.newIndexPath(for: $0) })
    visibleByPath = newVisible
    rowCounts = newCounts
    headerTitles = titles
    layout = ListLayout(width: oldWidth, sections: finalSections)
    contentSize = Size(width: bounds.width, height: layout.contentHeight)
    setNeedsLayout()
  }
}
