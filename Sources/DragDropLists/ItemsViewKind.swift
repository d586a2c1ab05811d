import DragDrop
import Foundation

/// What a concrete list view supplies to ``ItemsView``, which does everything else: its
/// data, its layout, its selection notices, and its drag and drop delegates. `TableView`
/// and `CollectionView` adopt it, each forwarding to its own data source and delegates; the
/// view sets itself as ``ItemsView/kind`` when it is made.
@MainActor
protocol ItemsViewKind: ItemsView {
  // MARK: Data and layout

  var hasDataSource: Bool { get }
  func sourceNumberOfSections() -> Int
  func sourceNumberOfItems(inSection section: Int) -> Int
  func sourceCell(at indexPath: IndexPath) -> ItemsViewCell
  /// The extent of a data item along the layout's axis (a row's height).
  func sourceExtent(at indexPath: IndexPath) -> Double
  /// The layout for `counts` items, from scratch.
  func makeLayout(counts: [Int]) -> any ItemLayout
  /// The extent new sections' items take until they come into view and are measured; nil
  /// (the default) measures every item up front.
  var estimatedItemExtent: Double? { get }
  /// Header extents for the sections the data source now reports; none by default.
  func headerExtents(sections: Int) -> [Double]
  /// Places headers and other views that go with sections; none by default.
  func layoutSupplementaryViews(top: Double, bottom: Double)
  func removeSupplementaryViews()
  func notifySelect(_ indexPath: IndexPath)
  func notifyDeselect(_ indexPath: IndexPath)
  /// The preview size of an item from elsewhere.
  var defaultPreviewSize: Size { get }

  // MARK: Keyboard

  /// Where an arrow key moves the focus from `indexPath`. By default, every arrow steps
  /// through the items in order.
  func keyboardFocusStep(from indexPath: IndexPath, key: KeyEvent.Key) -> IndexPath?
  /// The point in an item's frame where a drag resolves to the gap before it (or after it,
  /// for the last gap). By default, the upper or lower quarter of a row.
  func keyboardStopPoint(in frame: Rect, beforeItem: Bool) -> Point

  // MARK: The drag delegate

  var hasDragDelegate: Bool { get }
  func dragItemsForBeginning(_ session: DragSession, at indexPath: IndexPath) -> [DragItem]
  func dragItemsForAdding(_ session: DragSession, at indexPath: IndexPath, point: Point) -> [DragItem]
  func dragPreviewParameters(at indexPath: IndexPath) -> DragPreviewParameters?
  func dragSessionWillBegin(_ session: DragSession)
  func dragSessionDidEnd(_ session: DragSession, operation: DropOperation)
  func dragSessionAllowsMove(_ session: DragSession) -> Bool
  func dragSessionIsRestricted(_ session: DragSession) -> Bool

  // MARK: The drop delegate

  var hasDropDelegate: Bool { get }
  func dropCanHandle(_ session: DropSession) -> Bool
  func dropSessionDidEnter(_ session: DropSession)
  func dropProposal(_ session: DropSession, destination: IndexPath?) -> ItemsViewDropProposal
  func dropSessionDidExit(_ session: DropSession)
  func dropSessionDidEnd(_ session: DropSession)
  func performDrop(with coordinator: ItemsViewDropCoordinator)
  func dropPreviewParameters(at indexPath: IndexPath) -> DragPreviewParameters?
  func shouldSpringLoad(at indexPath: IndexPath, context: SpringLoadedContext) -> Bool
  /// Rule 22: takes a local single-item reorder (`destination` is the index after
  /// removal) without performDrop; false (the default) leaves it to performDrop.
  func reorderLocally(from source: IndexPath, to destination: IndexPath) -> Bool
  func makeCoordinator(
    items: [ItemsViewDropItem], destination: IndexPath?, proposal: ItemsViewDropProposal, session: DropSession
  ) -> ItemsViewDropCoordinator
  /// How long the gap waits before moving to a new destination (rule 26), and whether each
  /// pointer movement restarts the wait. No wait by default.
  var reflowDelay: (seconds: Double, restartsOnMove: Bool) { get }
}

extension ItemsViewKind {
  func headerExtents(sections: Int) -> [Double] { Array(repeating: 0, count: sections) }
  func layoutSupplementaryViews(top: Double, bottom: Double) {}
  func removeSupplementaryViews() {}
  func reorderLocally(from source: IndexPath, to destination: IndexPath) -> Bool { false }
  var reflowDelay: (seconds: Double, restartsOnMove: Bool) { (0, false) }
  var estimatedItemExtent: Double? { nil }

  func keyboardFocusStep(from indexPath: IndexPath, key: KeyEvent.Key) -> IndexPath? {
    listFocusStep(from: indexPath, key: key)
  }

  func keyboardStopPoint(in frame: Rect, beforeItem: Bool) -> Point {
    listStopPoint(in: frame, beforeItem: beforeItem)
  }
}

extension ItemsView {
  /// The focus step of a list: every arrow steps through the items in order.
  func listFocusStep(from indexPath: IndexPath, key: KeyEvent.Key) -> IndexPath? {
    switch key {
    case .up, .left: flatStep(from: indexPath, by: -1)
    case .down, .right: flatStep(from: indexPath, by: 1)
    default: nil
    }
  }

  /// The keyboard stop of a list: the upper or lower quarter of a row.
  func listStopPoint(in frame: Rect, beforeItem: Bool) -> Point {
    Point(x: frame.midX, y: beforeItem ? frame.minY + frame.height / 4 : frame.maxY - frame.height / 4)
  }
}
