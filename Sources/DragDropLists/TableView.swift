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

/// A row of a table: a cell with a text label.
@MainActor
open class TableViewCell: ItemsViewCell {
  public let textLabel = Label()

  public required init(reuseIdentifier: String?) {
    super.init(reuseIdentifier: reuseIdentifier)
    textLabel.font = .systemFont(ofSize: 17)
    addSubview(textLabel)
  }

  /// Called before a cell is handed out again; clears the text by default.
  open override func prepareForReuse() {
    super.prepareForReuse()
    textLabel.text = nil
  }

  open override func layoutSubviews() {
    textLabel.frame = bounds.inset(by: EdgeInsets(top: 0, left: 16, bottom: 0, right: 16))
  }

  override var contentSnapshot: String { textLabel.text.map { " text=\"\($0)\"" } ?? "" }

  /// The accessibility label, or the text the cell shows.
  open override var accessibilityText: String? { accessibilityLabel ?? textLabel.text }
}

/// A table: sections of rows with fixed or per-row heights, optional headers, reusable
/// cells of which only the visible ones exist, selection, and batch updates checked by
/// rule 25.
///
/// Row geometry is kept in prefix-sum trees, so scrolling, hit testing and updates cost
/// O(log n) per row involved, with a million rows as with ten.
@MainActor
open class TableView: ItemsView {
  public weak var dataSource: (any TableViewDataSource)? { didSet { setNeedsReload() } }
  public weak var delegate: (any TableViewDelegate)?
  /// The height of rows when the delegate does not give one.
  public var rowHeight = 44.0
  /// With a positive value, rows are not measured when the table loads: each counts as this
  /// height until it comes into view, when the delegate's
  /// ``TableViewDelegate/tableView(_:heightForRowAt:)`` is asked for it. Loading then costs
  /// O(visible rows), not O(rows): a table of ten million rows loads in well under a
  /// millisecond. While rows above the first one in view are measured, the content offset
  /// moves with them, so what is on screen does not jump. The content height, and the
  /// positions of rows not yet shown, are estimates until then.
  ///
  /// 0, the default, asks every row's height when the table loads, so that every position
  /// is exact from the start. Changing it reloads the table.
  public var estimatedRowHeight = 0.0 { didSet { if estimatedRowHeight != oldValue { setNeedsReload() } } }
  /// The height of a section header, for sections with a title.
  public var sectionHeaderHeight = 28.0
  private var headerTitles: [String?] = []
  private var headerViews: [Int: Label] = [:]

  /// The drag side: setting it makes rows draggable.
  public weak var dragDelegate: (any TableViewDragDelegate)? {
    didSet { if dragDelegate != nil { installDragInteraction() } }
  }

  /// The drop side: setting it makes the table a drop target.
  public weak var dropDelegate: (any TableViewDropDelegate)? {
    didSet { if dropDelegate != nil { installDropInteraction() } }
  }

  public init(frame: Rect = .zero) {
    super.init(frame: frame, layout: ListLayout(width: 0, sections: []))
    kind = self
  }

  /// The geometry of every row and header.
  public var layout: ListLayout { itemLayout as? ListLayout ?? ListLayout(width: bounds.width, sections: []) }

  // MARK: Cells

  /// Makes cells of `cellClass` for `identifier`.
  public func register(_ cellClass: TableViewCell.Type, forCellReuseIdentifier identifier: String) {
    register(cellClass: cellClass, identifier: identifier)
  }

  /// A cell for `identifier`: a reused one when there is one, otherwise a new one of the
  /// registered class. An identifier never registered gets a plain ``TableViewCell``, and
  /// the misuse is logged.
  public func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> TableViewCell {
    dequeueCell(identifier: identifier, fallback: TableViewCell.self) as? TableViewCell
      ?? TableViewCell(reuseIdentifier: identifier)
  }

  /// The cell of a visible row; nil for rows that are not visible.
  public func cellForRow(at indexPath: IndexPath) -> TableViewCell? {
    visibleCell(at: indexPath) as? TableViewCell
  }

  /// The visible cells, in row order.
  public var visibleCells: [TableViewCell] { sortedVisibleCells.compactMap { $0 as? TableViewCell } }

  public var indexPathsForVisibleRows: [IndexPath] { sortedVisiblePaths }

  // MARK: Geometry

  public var numberOfSections: Int { sectionCount }

  public func numberOfRows(inSection section: Int) -> Int { itemCount(inSection: section) }

  /// A row's rectangle in the table's content coordinates.
  public func rectForRow(at indexPath: IndexPath) -> Rect? { itemFrame(at: indexPath) }

  /// The row under a point in the table's coordinates (content coordinates).
  public func indexPathForRow(at point: Point) -> IndexPath? { dataIndexPath(at: point) }

  // MARK: Selection

  public var indexPathsForSelectedRows: [IndexPath] { sortedSelection }

  /// Selects a row; with single selection, the previous one is deselected.
  public func selectRow(at indexPath: IndexPath) { select(indexPath) }

  public func deselectRow(at indexPath: IndexPath) { deselect(indexPath) }

  // MARK: Updates

  public func insertRows(
    at indexPaths: [IndexPath], with animation: RowAnimation = .automatic
  )
    throws(BatchUpdateError)
  {
    try record(animation: animation) { $0.insertItems(at: indexPaths) }
  }
  public func deleteRows(
    at indexPaths: [IndexPath], with animation: RowAnimation = .automatic
  )
    throws(BatchUpdateError)
  {
    try record(animation: animation) { $0.deleteItems(at: indexPaths) }
  }
  public func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) throws(BatchUpdateError) {
    try record { $0.moveItem(at: indexPath, to: newIndexPath) }
  }
  public func reloadRows(
    at indexPaths: [IndexPath], with animation: RowAnimation = .automatic
  )
    throws(BatchUpdateError)
  {
    try record(animation: animation) { $0.reloadItems(at: indexPaths) }
  }

  // MARK: The data source, the delegate and the headers

  var hasDataSource: Bool { dataSource != nil }
  func sourceNumberOfSections() -> Int { dataSource?.numberOfSections(in: self) ?? 0 }
  func sourceNumberOfItems(inSection section: Int) -> Int {
    dataSource?.tableView(self, numberOfRowsInSection: section) ?? 0
  }
  func sourceCell(at indexPath: IndexPath) -> ItemsViewCell {
    dataSource?.tableView(self, cellForRowAt: indexPath) ?? TableViewCell(reuseIdentifier: nil)
  }
  func sourceExtent(at indexPath: IndexPath) -> Double {
    delegate?.tableView(self, heightForRowAt: indexPath) ?? rowHeight
  }
  var estimatedItemExtent: Double? {
    estimatedRowHeight > 0 && estimatedRowHeight.isFinite ? estimatedRowHeight : nil
  }
  func makeLayout(counts: [Int]) -> any ItemLayout {
    let headers = headerExtents(sections: counts.count)
    if let estimate = estimatedItemExtent {
      return ListLayout(
        width: bounds.width,
        sections: counts.enumerated().map { section, count in
          ListLayout.Section(headerHeight: headers[section], estimatedRowHeight: estimate, count: count)
        })
    }
    return ListLayout(
      width: bounds.width,
      sections: counts.enumerated().map { section, count in
        ListLayout.Section(
          headerHeight: headers[section],
          rowHeights: (0..<count).map { sourceExtent(at: IndexPath(row: $0, section: section)) })
      })
  }
  func headerExtents(sections: Int) -> [Double] {
    headerTitles = (0..<sections).map { dataSource?.tableView(self, titleForHeaderInSection: $0) ?? nil }
    return headerTitles.map { $0 == nil ? 0 : sectionHeaderHeight }
  }
  func notifySelect(_ indexPath: IndexPath) { delegate?.tableView(self, didSelectRowAt: indexPath) }
  func notifyDeselect(_ indexPath: IndexPath) { delegate?.tableView(self, didDeselectRowAt: indexPath) }
  var defaultPreviewSize: Size { Size(width: bounds.width, height: rowHeight) }

  func removeSupplementaryViews() {
    for (_, header) in headerViews { header.removeFromSuperview() }
    headerViews = [:]
  }

  func layoutSupplementaryViews(top: Double, bottom: Double) {
    for (section, title) in headerTitles.enumerated() {
      guard let title, let gap = layout.boundaryOffset(row: 0, inSection: section) else { continue }
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

  // MARK: The drag and drop delegates

  var hasDragDelegate: Bool { dragDelegate != nil }
  func dragItemsForBeginning(_ session: DragSession, at indexPath: IndexPath) -> [DragItem] {
    dragDelegate?.tableView(self, itemsForBeginning: session, at: indexPath) ?? []
  }
  func dragItemsForAdding(_ session: DragSession, at indexPath: IndexPath, point: Point) -> [DragItem] {
    dragDelegate?.tableView(self, itemsForAddingTo: session, at: indexPath, point: point) ?? []
  }
  func dragPreviewParameters(at indexPath: IndexPath) -> DragPreviewParameters? {
    dragDelegate?.tableView(self, dragPreviewParametersForRowAt: indexPath)
  }
  func dragSessionWillBegin(_ session: DragSession) {
    dragDelegate?.tableView(self, dragSessionWillBegin: session)
  }
  func dragSessionDidEnd(_ session: DragSession, operation: DropOperation) {
    dragDelegate?.tableView(self, dragSessionDidEnd: session, operation: operation)
  }
  func dragSessionAllowsMove(_ session: DragSession) -> Bool {
    dragDelegate?.tableView(self, dragSessionAllowsMoveOperation: session) ?? true
  }
  func dragSessionIsRestricted(_ session: DragSession) -> Bool {
    dragDelegate?.tableView(self, dragSessionIsRestrictedToDraggingApplication: session) ?? false
  }

  var hasDropDelegate: Bool { dropDelegate != nil }
  func dropCanHandle(_ session: DropSession) -> Bool {
    dropDelegate?.tableView(self, canHandle: session) ?? false
  }
  func dropSessionDidEnter(_ session: DropSession) {
    dropDelegate?.tableView(self, dropSessionDidEnter: session)
  }
  func dropProposal(_ session: DropSession, destination: IndexPath?) -> ItemsViewDropProposal {
    dropDelegate?.tableView(self, dropSessionDidUpdate: session, withDestinationIndexPath: destination)
      ?? ItemsViewDropProposal(operation: .cancel)
  }
  func dropSessionDidExit(_ session: DropSession) {
    dropDelegate?.tableView(self, dropSessionDidExit: session)
  }
  func dropSessionDidEnd(_ session: DropSession) { dropDelegate?.tableView(self, dropSessionDidEnd: session) }
  func performDrop(with coordinator: ItemsViewDropCoordinator) {
    guard let coordinator = coordinator as? TableViewDropCoordinator else { return }
    dropDelegate?.tableView(self, performDropWith: coordinator)
  }
  func dropPreviewParameters(at indexPath: IndexPath) -> DragPreviewParameters? {
    dropDelegate?.tableView(self, dropPreviewParametersForRowAt: indexPath)
  }
  func shouldSpringLoad(at indexPath: IndexPath, context: SpringLoadedContext) -> Bool {
    dropDelegate?.tableView(self, shouldSpringLoadRowAt: indexPath, with: context) ?? true
  }
  func makeCoordinator(
    items: [ItemsViewDropItem], destination: IndexPath?, proposal: ItemsViewDropProposal, session: DropSession
  ) -> ItemsViewDropCoordinator {
    TableViewDropCoordinator(
      items: items, destinationIndexPath: destination, proposal: proposal, session: session, tableView: self)
  }

  /// Rule 22: a local single-row reorder goes through the data source's moveRowAt when it
  /// can move the row.
  func reorderLocally(from source: IndexPath, to destination: IndexPath) -> Bool {
    guard let reordering = dataSource as? any TableViewReorderingDataSource,
      reordering.tableView(self, canMoveRowAt: source)
    else { return false }
    reordering.tableView(self, moveRowAt: source, to: destination)
    applyReorder(from: source, to: destination)
    return true
  }
}

extension TableView: ItemsViewKind {}
