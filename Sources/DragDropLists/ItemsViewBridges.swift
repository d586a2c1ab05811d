import DragDrop
import Foundation

// What the list engine asks of the objects a table or collection view is given. The
// engine (``ItemsView``) speaks in items, sections and extents; a table answers through
// `TableViewDataSource` and `TableViewDelegate`, a collection view through their
// `CollectionView…` twins. Each view makes one bridge of each kind when its data source or
// delegate is set, so the engine holds no reference to the view it serves beyond the one
// a bridge keeps, and a view with no drag delegate has no drag bridge at all.

/// The data source and the selection notices, as the engine asks for them.
@MainActor
protocol ItemsDataBridge {
  /// Whether the data source is still there: it is held weakly, as in UIKit.
  var isConnected: Bool { get }
  func numberOfSections() -> Int
  func numberOfItems(inSection section: Int) -> Int
  func cell(at indexPath: IndexPath) -> ItemsViewCell
  /// The extent of an item along the layout's axis (a row's height).
  func extent(at indexPath: IndexPath) -> Double
  func didSelect(_ indexPath: IndexPath)
  func didDeselect(_ indexPath: IndexPath)
  func shouldHighlight(_ indexPath: IndexPath) -> Bool
  func didHighlight(_ indexPath: IndexPath)
  func didUnhighlight(_ indexPath: IndexPath)
  /// Rule 22: moves a single item of a local reorder in the data source (`destination` is
  /// the index after removal) and returns true, or returns false when the data source
  /// does not reorder, leaving the drop to performDrop.
  func moveItem(from source: IndexPath, to destination: IndexPath) -> Bool
}

/// The drag delegate, as the engine asks it.
@MainActor
protocol ItemsDragBridge {
  var isConnected: Bool { get }
  func itemsForBeginning(_ session: DragSession, at indexPath: IndexPath) -> [DragItem]
  func itemsForAdding(_ session: DragSession, at indexPath: IndexPath, point: Point) -> [DragItem]
  func previewParameters(at indexPath: IndexPath) -> DragPreviewParameters?
  func sessionWillBegin(_ session: DragSession)
  func sessionDidEnd(_ session: DragSession, operation: DropOperation)
  func sessionAllowsMove(_ session: DragSession) -> Bool
  func sessionIsRestricted(_ session: DragSession) -> Bool
}

/// The drop delegate, as the engine asks it.
@MainActor
protocol ItemsDropBridge {
  var isConnected: Bool { get }
  func canHandle(_ session: DropSession) -> Bool
  func sessionDidEnter(_ session: DropSession)
  func proposal(_ session: DropSession, destination: IndexPath?) -> ItemsViewDropProposal
  func sessionDidExit(_ session: DropSession)
  func sessionDidEnd(_ session: DropSession)
  /// The view's own kind of coordinator, for `performDrop` or for a local reorder.
  func makeCoordinator(
    items: [EngineDropItem], destination: IndexPath?, proposal: ItemsViewDropProposal, session: DropSession
  ) -> ItemsViewDropCoordinator
  func performDrop(with coordinator: ItemsViewDropCoordinator)
  func previewParameters(at indexPath: IndexPath) -> DragPreviewParameters?
  func shouldSpringLoad(at indexPath: IndexPath, context: SpringLoadedContext) -> Bool
}

/// What a bridge whose object is gone answers: nothing, and no.
private struct Disconnected: ItemsDataBridge {
  var isConnected: Bool { false }
  func numberOfSections() -> Int { 0 }
  func numberOfItems(inSection section: Int) -> Int { 0 }
  func cell(at indexPath: IndexPath) -> ItemsViewCell { ItemsViewCell(reuseIdentifier: nil) }
  func extent(at indexPath: IndexPath) -> Double { 0 }
  func didSelect(_ indexPath: IndexPath) {}
  func didDeselect(_ indexPath: IndexPath) {}
  func shouldHighlight(_ indexPath: IndexPath) -> Bool { false }
  func didHighlight(_ indexPath: IndexPath) {}
  func didUnhighlight(_ indexPath: IndexPath) {}
  func moveItem(from source: IndexPath, to destination: IndexPath) -> Bool { false }
}

extension ItemsView {
  /// The data bridge, or one that answers nothing while no data source is set.
  var data: any ItemsDataBridge { dataBridge ?? Disconnected() }
}
