import DragDrop
import Foundation

/// A collection view: sections of items in a flow grid or a list, reusable cells of which
/// only the visible ones exist, selection, batch updates checked by rule 25, drag and drop
/// with a reordering cadence, placeholders, and interactive movement.
///
/// A flow grid of items of one size keeps only its item counts, so every query is O(1) in
/// the number of items; a flow of items of their own sizes keeps its lines in sorted
/// arrays, and a list its rows in prefix-sum trees, so their queries are O(log n).
@MainActor
open class CollectionView: ItemsView {
  /// Supplies the sections, items and cells; held weakly. Setting it reloads the view.
  public weak var dataSource: (any CollectionViewDataSource)? { didSet { setNeedsReload() } }
  /// Hears selection, redirects interactive movement, sizes a flow layout's items and hears
  /// the content move; held weakly. Any ``CollectionViewDelegate`` (which is a
  /// ``ScrollViewDelegate``, as in UIKit) goes here.
  open override weak var delegate: (any ScrollViewDelegate)? {
    didSet { collectionDelegate = delegate as? any CollectionViewDelegate }
  }
  /// The delegate as a collection view's delegate.
  package private(set) weak var collectionDelegate: (any CollectionViewDelegate)?
  /// Whether the data source's last moveItemAt was its own: the protocol's default clears it.
  package var dataSourceMovedItem = false
  /// How soon items re-flow while a drag moves over the view (rule 26).
  public var reorderingCadence = CollectionViewReorderingCadence.immediate

  /// How items are placed. Setting it lays the items out again.
  public var collectionViewLayout: CollectionViewLayout {
    didSet {
      if oldValue !== collectionViewLayout, oldValue.collectionView === self { oldValue.collectionView = nil }
      collectionViewLayout.collectionView = self
      layoutDidChange()
    }
  }

  /// Gives the view another layout, as UIKit's `setCollectionViewLayout(_:animated:)`. The
  /// cells glide to their new places when `animated` is true.
  public func setCollectionViewLayout(_ layout: CollectionViewLayout, animated: Bool) {
    collectionViewLayout = layout
  }

  /// Makes the geometry again from the layout, keeping the placeholders in their places.
  func layoutDidChange() {
    itemLayout = makeLayout(counts: itemCounts)
    itemLayout.width = bounds.width
    allPlaceholderEntries.forEach { _ = itemLayout.insertItem(extent: $0.extent, at: displayPath(of: $0)) }
    contentSize = Size(width: bounds.width, height: itemLayout.contentHeight)
    setNeedsLayout()
  }

  /// The drag side: setting it makes items draggable.
  public weak var dragDelegate: (any CollectionViewDragDelegate)? {
    didSet { if dragDelegate != nil, dragBridge == nil { dragBridge = CollectionDragBridge(collectionView: self) } }
  }

  /// The drop side: setting it makes the view a drop target.
  public weak var dropDelegate: (any CollectionViewDropDelegate)? {
    didSet { if dropDelegate != nil, dropBridge == nil { dropBridge = CollectionDropBridge(collectionView: self) } }
  }

  /// A collection view of `frame` whose items `collectionViewLayout` places.
  ///
  /// The layout becomes this view's: a layout given to another view before leaves it.
  public init(frame: Rect = .zero, collectionViewLayout: CollectionViewLayout) {
    self.collectionViewLayout = collectionViewLayout
    super.init(frame: frame, layout: collectionViewLayout.itemLayout(width: frame.width, counts: []))
    if let previous = collectionViewLayout.collectionView, previous !== self {
      Self.logger.warning(
        "CollectionView(collectionViewLayout:): the layout already belongs to another collection view; it moves to this one"
      )
    }
    collectionViewLayout.collectionView = self
    dataBridge = CollectionDataBridge(collectionView: self)
  }

  // MARK: Cells

  /// Makes cells of `cellClass` for `identifier`.
  public func register(_ cellClass: CollectionViewCell.Type, forCellWithReuseIdentifier identifier: String) {
    register(cellClass: cellClass, identifier: identifier)
  }

  /// A cell for `identifier`: a reused one when there is one, otherwise a new one of the
  /// registered class. An identifier never registered gets a plain
  /// ``CollectionViewCell``, and the misuse is logged.
  public func dequeueReusableCell(
    withReuseIdentifier identifier: String, for indexPath: IndexPath
  )
    -> CollectionViewCell
  {
    let size = frameForItem(at: indexPath)?.size ?? collectionViewLayout.itemSize(width: bounds.width)
    return dequeueCell(identifier: identifier, fallback: CollectionViewCell.self, size: size) as? CollectionViewCell
      ?? CollectionViewCell(reuseIdentifier: identifier)
  }

  /// Where an item ends up in view when the collection view scrolls to it. The vertical
  /// positions are used; the view does not scroll sideways.
  public struct ScrollPosition: OptionSet, Sendable, Hashable {
    /// The bits of the positions.
    public let rawValue: UInt
    /// The positions of `rawValue`'s bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The item at the top.
    public static let top = ScrollPosition(rawValue: 1 << 0)
    /// The item in the middle, vertically.
    public static let centeredVertically = ScrollPosition(rawValue: 1 << 1)
    /// The item at the bottom.
    public static let bottom = ScrollPosition(rawValue: 1 << 2)
    /// The item at the left: not used.
    public static let left = ScrollPosition(rawValue: 1 << 3)
    /// The item in the middle, horizontally: not used.
    public static let centeredHorizontally = ScrollPosition(rawValue: 1 << 4)
    /// The item at the right: not used.
    public static let right = ScrollPosition(rawValue: 1 << 5)
  }

  /// Selects an item, scrolling it to `scrollPosition`, without telling the delegate, as
  /// UIKit does; nil deselects every item.
  public func selectItem(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
    guard let indexPath else {
      for selected in indexPathsForSelectedItems { deselect(selected) }
      return
    }
    select(indexPath)
    if !scrollPosition.isEmpty { scrollToItem(at: indexPath, at: scrollPosition, animated: animated) }
  }

  /// Deselects an item, without telling the delegate.
  public func deselectItem(at indexPath: IndexPath, animated: Bool) { deselect(indexPath) }

  /// Scrolls so that the item is at `scrollPosition` (as little as shows it when none of
  /// the vertical positions is given).
  public func scrollToItem(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
    guard let frame = frameForItem(at: indexPath) else { return }
    let position =
      scrollPosition.contains(.top)
      ? 1
      : scrollPosition.contains(.centeredVertically)
        ? 2
        : scrollPosition.contains(.bottom) ? 3 : 0
    scroll(toShow: frame, position: position)
  }

  /// The cell of a visible item; nil for items that are not visible.
  public func cellForItem(at indexPath: IndexPath) -> CollectionViewCell? {
    visibleCell(at: indexPath) as? CollectionViewCell
  }

  /// The cells on show, in item order. Placeholders' cells are among them, as they are on
  /// screen; ``indexPath(for:)`` gives them no index path, and
  /// ``indexPathsForVisibleItems`` lists the data source's items only.
  public var visibleCells: [CollectionViewCell] { shownCells.compactMap { $0 as? CollectionViewCell } }

  /// The index path of an item's cell on show; nil for a placeholder's cell, and for a
  /// cell that is not shown.
  public func indexPath(for cell: CollectionViewCell) -> IndexPath? { dataIndexPath(of: cell) }

  /// The index paths of the items in view, in order.
  public var indexPathsForVisibleItems: [IndexPath] { sortedVisiblePaths }

  // MARK: Geometry

  /// The number of sections, as the data source last reported it.
  public var numberOfSections: Int { sectionCount }

  /// The number of items in `section`, as the data source last reported it; 0 for a section out of range.
  public func numberOfItems(inSection section: Int) -> Int { itemCount(inSection: section) }

  /// An item's frame in content coordinates; nil when out of range.
  ///
  /// - Complexity: O(1) in a flow grid; O(log n) for n items in a list.
  public func frameForItem(at indexPath: IndexPath) -> Rect? { itemFrame(at: indexPath) }

  /// The item under a point in content coordinates; nil over spacing and empty space.
  ///
  /// - Complexity: O(1) in a flow grid; O(log n) for n items in a list.
  public func indexPathForItem(at point: Point) -> IndexPath? { dataIndexPath(at: point) }

  // MARK: Selection

  /// The selected items, in order.
  public var indexPathsForSelectedItems: [IndexPath] { sortedSelection }

  /// Selects an item; with single selection, the previous one is deselected.
  public func selectItem(at indexPath: IndexPath) { select(indexPath) }

  /// Deselects an item, without telling the delegate.
  public func deselectItem(at indexPath: IndexPath) { deselect(indexPath) }

  // MARK: Updates

  /// Inserts items the data source now has; inside ``ItemsView/performBatchUpdates(_:completion:)`` it joins the
  /// batch. The paths are those after the update.
  public func insertItems(at indexPaths: [IndexPath], with animation: RowAnimation = .automatic) {
    recording("insertItems", animation: animation) { $0.insertItems(at: indexPaths) }
  }
  /// Deletes items the data source no longer has; inside a batch it joins it. The paths are those before the
  /// update.
  public func deleteItems(at indexPaths: [IndexPath], with animation: RowAnimation = .automatic) {
    recording("deleteItems", animation: animation) { $0.deleteItems(at: indexPaths) }
  }
  /// Moves an item the data source has moved, from its path before the update to its path after it.
  public func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
    recording("moveItem") { $0.moveItem(at: indexPath, to: newIndexPath) }
  }
  /// Asks the data source for new cells for items, which keep their places.
  public func reloadItems(at indexPaths: [IndexPath], with animation: RowAnimation = .automatic) {
    recording("reloadItems", animation: animation) { $0.reloadItems(at: indexPaths) }
  }
  // MARK: Keyboard

  /// In a grid, up and down move by a row within the section; left and right step through
  /// the items in order.
  override func keyboardFocusStep(from indexPath: IndexPath, key: KeyEvent.Key) -> IndexPath? {
    guard collectionViewLayout.isGrid, key == .up || key == .down, let grid = itemLayout as? any GridLines,
      let step = grid.item(beside: indexPath, below: key == .down)
    else { return super.keyboardFocusStep(from: indexPath, key: key) }
    return step
  }

  /// In a grid the gap before an item is at its left: its left quarter, or the right
  /// quarter of the last item.
  override func keyboardStopPoint(in frame: Rect, beforeItem: Bool) -> Point {
    guard collectionViewLayout.isGrid else { return super.keyboardStopPoint(in: frame, beforeItem: beforeItem) }
    return Point(x: beforeItem ? frame.minX + frame.width / 4 : frame.maxX - frame.width / 4, y: frame.midY)
  }

  // MARK: Layout

  override func makeLayout(counts: [Int]) -> any ItemLayout {
    collectionViewLayout.itemLayout(width: bounds.width, counts: counts)
  }

  /// A layout whose delegate gives sizes is made again, so that new items get theirs; a
  /// committed placeholder's item alone is asked for its size, when the layout can take it.
  override func itemsDidChange(committed: (data: IndexPath, display: IndexPath)?) {
    guard collectionViewLayout.remakesAfterChanges else { return }
    if let committed, let size = collectionViewLayout.delegateSize(at: committed.data),
      itemLayout.setItemSize(size, at: committed.display)
    {
      contentSize = Size(width: bounds.width, height: itemLayout.contentHeight)
      return
    }
    layoutDidChange()
  }

  override var defaultPreviewSize: Size {
    collectionViewLayout.itemSize(width: bounds.width)
  }

  override var reflowDelay: (seconds: Double, restartsOnMove: Bool) { reorderingCadence.delay }
}
