import DragDrop
import Foundation

/// A table: sections of rows with fixed or per-row heights, optional headers, reusable
/// cells of which only the visible ones exist, selection, and batch updates checked by
/// rule 25.
///
/// Row geometry is kept in prefix-sum trees, so scrolling, hit testing and updates cost
/// O(log n) per row involved, with a million rows as with ten.
@MainActor
open class TableView: ItemsView {
  /// Supplies the sections, rows and cells; held weakly. Setting it reloads the table.
  public weak var dataSource: (any TableViewDataSource)? { didSet { setNeedsReload() } }
  /// Gives row heights, hears selection and hears the content move; held weakly. Any
  /// ``TableViewDelegate`` (which is a ``ScrollViewDelegate``, as in UIKit) goes here.
  open override weak var delegate: (any ScrollViewDelegate)? {
    didSet { tableDelegate = delegate as? any TableViewDelegate }
  }
  /// The delegate as a table's delegate.
  package private(set) weak var tableDelegate: (any TableViewDelegate)?
  /// The height of rows when the delegate does not give one; ``automaticDimension`` sizes
  /// each row to its cell's content.
  public var rowHeight = 44.0

  /// A row height that sizes the row to its cell: the table asks the data source for the
  /// row's cell and measures it (``View/sizeThatFits(_:)``) at the table's width.
  public static let automaticDimension: CGFloat = -1

  /// UIKit's name for the animations of row updates.
  public typealias RowAnimation = DragDropLists.RowAnimation
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
  /// Whether rows are drawn with a line between them.
  public enum SeparatorStyle: Int, Sendable {
    /// No lines.
    case none
    /// A thin line along the bottom of each row, as UIKit draws by default.
    case singleLine
  }

  /// Whether rows have a line along their bottom edge: ``SeparatorStyle/singleLine`` by
  /// default, as in UIKit.
  public var separatorStyle = SeparatorStyle.singleLine { didSet { setCellsNeedLayout() } }
  /// The separators' colour; nil draws none.
  public var separatorColor: Color? = .separator { didSet { setCellsNeedLayout() } }
  /// How far separators stay from the rows' left and right edges; 16 points from the left
  /// by default. A cell's own ``TableViewCell/separatorInset`` wins.
  public var separatorInset = TableView.defaultSeparatorInset { didSet { setCellsNeedLayout() } }
  /// The separators' inset unless a table or a cell sets one.
  nonisolated public static let defaultSeparatorInset = EdgeInsets(top: 0, left: 16, bottom: 0, right: 0)
  /// How thick a separator is, in points.
  nonisolated static let separatorThickness = 1.0

  /// Has the cells on show lay out again, without loading or laying out the table.
  private func setCellsNeedLayout() {
    for (cell, _) in laidOut { cell.setNeedsLayout() }
  }

  /// The height of section headers when the delegate gives none:
  /// ``automaticDimension`` by default, the height the table's ``style`` gives a header
  /// (see <doc:TableSections>).
  public var sectionHeaderHeight = Double(TableView.automaticDimension) { didSet { setNeedsReload() } }
  /// The height of section footers when the delegate gives none: ``automaticDimension``
  /// by default, as for headers.
  public var sectionFooterHeight = Double(TableView.automaticDimension) { didSet { setNeedsReload() } }
  /// What each section's header and footer show, as last asked.
  var supplements = SectionSupplements()

  /// The drag side: setting it makes rows draggable.
  public weak var dragDelegate: (any TableViewDragDelegate)? {
    didSet { if dragDelegate != nil, dragBridge == nil { dragBridge = TableDragBridge(table: self) } }
  }

  /// The drop side: setting it makes the table a drop target.
  public weak var dropDelegate: (any TableViewDropDelegate)? {
    didSet { if dropDelegate != nil, dropBridge == nil { dropBridge = TableDropBridge(table: self) } }
  }

  /// A table of `frame`.
  public init(frame: Rect = .zero) {
    super.init(frame: frame, layout: ListLayout(width: 0, sections: []))
    dataBridge = TableDataBridge(table: self)
    let reorder = ReorderRecognizer { [weak self] in
      guard let self, let recognizer = $0 as? ReorderRecognizer else { return }
      self.handleReorder(recognizer)
    }
    reorder.table = self
    addGestureRecognizer(reorder)
    addGestureRecognizer(
      RowSwipeRecognizer { [weak self] in
        guard let self, let recognizer = $0 as? RowSwipeRecognizer else { return }
        self.handleSwipe(recognizer)
      })
  }

  /// A table of `frame` in `style`. A grouped or inset-grouped table has the grouped
  /// background colour, and white behind each section's rows.
  public convenience init(frame: Rect, style: Style) {
    self.init(frame: frame)
    self.style = style
    if style != .plain { backgroundColor = .systemGroupedBackground }
  }

  /// How a table groups its sections, as UIKit names and draws the styles: see
  /// <doc:TableSections>.
  public enum Style: Int, Sendable {
    /// Rows edge to edge, headers that stay at the top while their section shows.
    case plain
    /// Sections apart, on a grouped background.
    case grouped
    /// Sections apart, inset, with rounded corners.
    case insetGrouped
  }

  /// The table's style.
  public private(set) var style = Style.plain

  /// Whether the data source's last moveRowAt was its own: the protocol's default clears it.
  package var dataSourceMovedRow = false
  /// Whether the data source's last `commit` was its own: the protocol's default clears it.
  package var dataSourceCommittedEdit = false
  /// Set once a reorder found that the data source does not implement moveRowAt: editing
  /// mode then shows no reorder controls.
  var dataSourceLacksMoveRow = false

  // MARK: Editing

  /// Whether the table is in editing mode; setting it calls ``setEditing(_:animated:)``
  /// without animation.
  public var isEditing: Bool {
    get { isEditingRows }
    set { setEditing(newValue, animated: false) }
  }
  var isEditingRows = false
  /// How many cells, shown or waiting for reuse, still show editing mode's controls.
  var cellsInEditingState = 0
  /// Whether a tap selects a row in editing mode: false by default, as in UIKit.
  public var allowsSelectionDuringEditing = false
  /// The row swiped open, or being swiped.
  var swipe: RowSwipe?
  /// The swipe a gesture is moving, and its offset when the gesture began.
  var swipeBase: (RowSwipe, Double)?
  /// Where a reorder control was grabbed, from the row's middle.
  var reorderGrip = 0.0

  /// The geometry of every row and header.
  var layout: ListLayout { itemLayout as? ListLayout ?? ListLayout(width: bounds.width, sections: []) }

  // MARK: Cells

  /// Makes cells of `cellClass` for `identifier`.
  public func register(_ cellClass: TableViewCell.Type, forCellReuseIdentifier identifier: String) {
    register(cellClass: cellClass, identifier: identifier)
  }

  /// A cell for `identifier`: a reused one when there is one, otherwise a new one of the
  /// registered class. An identifier never registered gets a plain ``TableViewCell``, and
  /// the misuse is logged.
  public func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> TableViewCell {
    let height = rectForRow(at: indexPath)?.height ?? (rowHeight > 0 ? rowHeight : 44)
    let size = Size(width: bounds.width > 0 ? bounds.width : 320, height: height)
    return dequeueCell(identifier: identifier, fallback: TableViewCell.self, size: size) as? TableViewCell
      ?? TableViewCell(reuseIdentifier: identifier)
  }

  /// A cell waiting for reuse with `identifier`, or a new one of its registered class; nil
  /// when there is neither, so that the caller makes one: UIKit's older form, written
  /// `dequeueReusableCell(withIdentifier: id) ?? TableViewCell(style: .subtitle, reuseIdentifier: id)`.
  public func dequeueReusableCell(withIdentifier identifier: String) -> TableViewCell? {
    reuse.dequeueIfAvailable(identifier: identifier) as? TableViewCell
  }

  /// Where a row ends up in view when the table scrolls to it.
  public enum ScrollPosition: Int, Sendable {
    /// Scroll as little as shows the row.
    case none
    /// The row at the top.
    case top
    /// The row in the middle.
    case middle
    /// The row at the bottom.
    case bottom
  }

  /// Selects a row, scrolling it to `scrollPosition`, without telling the delegate, as
  /// UIKit does; with single selection, the previous one is deselected.
  public func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
    guard let indexPath else {
      for selected in indexPathsForSelectedRows { deselect(selected) }
      return
    }
    select(indexPath)
    if scrollPosition != .none { scrollToRow(at: indexPath, at: scrollPosition, animated: animated) }
  }

  /// Deselects a row, without telling the delegate.
  public func deselectRow(at indexPath: IndexPath, animated: Bool) { deselect(indexPath) }

  /// Scrolls so that the row is at `scrollPosition` (as little as shows it for `.none`).
  public func scrollToRow(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
    guard let rect = rectForRow(at: indexPath) else { return }
    scroll(toShow: rect, position: scrollPosition.rawValue)
  }

  /// The cell of a visible row; nil for rows that are not visible.
  public func cellForRow(at indexPath: IndexPath) -> TableViewCell? {
    visibleCell(at: indexPath) as? TableViewCell
  }

  /// The cells on show, in row order. Placeholders' cells are among them, as they are on
  /// screen; ``indexPath(for:)`` gives them no index path, and ``indexPathsForVisibleRows``
  /// lists the data source's rows only.
  public var visibleCells: [TableViewCell] { shownCells.compactMap { $0 as? TableViewCell } }

  /// The index path of a row's cell on show; nil for a placeholder's cell, and for a cell
  /// that is not shown.
  public func indexPath(for cell: TableViewCell) -> IndexPath? { dataIndexPath(of: cell) }

  /// The index paths of the rows in view, in order.
  public var indexPathsForVisibleRows: [IndexPath] { sortedVisiblePaths }

  // MARK: Geometry

  /// The number of sections, as the data source last reported it.
  public var numberOfSections: Int { sectionCount }

  /// The number of rows in `section`, as the data source last reported it; 0 for a section out of range.
  public func numberOfRows(inSection section: Int) -> Int { itemCount(inSection: section) }

  /// A row's rectangle in the table's content coordinates.
  ///
  /// - Complexity: O(log n) for n rows.
  public func rectForRow(at indexPath: IndexPath) -> Rect? { itemFrame(at: indexPath) }

  /// The row under a point in the table's coordinates (content coordinates).
  ///
  /// - Complexity: O(log n) for n rows.
  public func indexPathForRow(at point: Point) -> IndexPath? { dataIndexPath(at: point) }

  // MARK: Selection

  /// The selected rows, in order.
  public var indexPathsForSelectedRows: [IndexPath] { sortedSelection }

  /// Selects a row; with single selection, the previous one is deselected.
  public func selectRow(at indexPath: IndexPath) { select(indexPath) }

  /// Deselects a row, without telling the delegate.
  public func deselectRow(at indexPath: IndexPath) { deselect(indexPath) }

  // MARK: Updates

  /// Inserts rows the data source now has; inside ``ItemsView/performBatchUpdates(_:completion:)`` it joins the
  /// batch. The paths are those after the update.
  public func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation = .automatic) {
    recording("insertRows", animation: animation) { $0.insertItems(at: indexPaths) }
  }
  /// Deletes rows the data source no longer has; inside a batch it joins it. The paths are those before the
  /// update.
  public func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation = .automatic) {
    recording("deleteRows", animation: animation) { $0.deleteItems(at: indexPaths) }
  }
  /// Moves a row the data source has moved, from its path before the update to its path after it.
  public func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {
    recording("moveRow") { $0.moveItem(at: indexPath, to: newIndexPath) }
  }
  /// Asks the data source for new cells for rows, which keep their places and get their heights asked again.
  public func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation = .automatic) {
    recording("reloadRows", animation: animation) { $0.reloadItems(at: indexPaths) }
  }

  // MARK: Rows and headers

  override var estimatedItemExtent: Double? {
    estimatedRowHeight > 0 && estimatedRowHeight.isFinite ? estimatedRowHeight : nil
  }

  override func makeLayout(counts: [Int]) -> any ItemLayout {
    let extents = sectionExtents(sections: counts.count)
    let insetsRows = style == .insetGrouped
    if let estimate = estimatedItemExtent {
      return ListLayout(
        width: bounds.width,
        sections: counts.enumerated().map { section, count in
          ListLayout.Section(
            headerHeight: extents[section].header, estimatedRowHeight: estimate, count: count,
            footerHeight: extents[section].footer)
        }, insetsRows: insetsRows)
    }
    return ListLayout(
      width: bounds.width,
      sections: counts.enumerated().map { section, count in
        ListLayout.Section(
          headerHeight: extents[section].header,
          rowHeights: (0..<count).map { rowHeight(at: IndexPath(row: $0, section: section)) },
          footerHeight: extents[section].footer)
      }, insetsRows: insetsRows)
  }

  /// A row's height: the delegate's, or ``rowHeight``; a cell's own when either is
  /// ``automaticDimension``.
  func rowHeight(at indexPath: IndexPath) -> Double {
    let height = tableDelegate.map { Double($0.tableView(self, heightForRowAt: indexPath)) } ?? rowHeight
    guard height == Double(Self.automaticDimension) else { return height }
    return measuredHeight(at: indexPath)
  }

  /// The height of the row's cell at the table's width, its content laid out; the cell goes
  /// back to the reuse pool.
  private func measuredHeight(at indexPath: IndexPath) -> Double {
    guard let source = dataSource else { return 44 }
    let cell = source.tableView(self, cellForRowAt: indexPath)
    let width = bounds.width > 0 ? bounds.width : 320
    let height = Double(cell.sizeThatFits(Size(width: width, height: .greatestFiniteMagnitude)).height)
    if cell.superview == nil { recycle(cell) }
    return height.isFinite && height > 0 ? height : 44
  }

  override var defaultPreviewSize: Size { Size(width: bounds.width, height: rowHeight) }

  override func sectionExtents(sections: Int) -> [SectionExtents] { askSectionExtents(sections: sections) }
  override func removeSupplementaryViews() {
    removeSectionViews()
    closeSwipe()
  }
  override func layoutSupplementaryViews(top: Double, bottom: Double) {
    layoutSectionViews(top: top, bottom: bottom)
    layoutSwipe()
  }
  override func prepareShown(_ cell: ItemsViewCell, at indexPath: IndexPath) {
    // Nothing to do, the common case, costs no cast on each drag move.
    guard isEditingRows || swipe != nil || cellsInEditingState > 0, let cell = cell as? TableViewCell else { return }
    prepareRowForEditing(cell, at: indexPath)
  }
  override func interceptTap(at point: Point) -> Bool { interceptRowTap(at: point) }

  /// A touchpad's sideways scroll over a row swipes it; other scrolling scrolls.
  open override func scrollWheel(with event: ScrollEvent) -> Bool {
    swipeByScrolling(event) || super.scrollWheel(with: event)
  }
}
