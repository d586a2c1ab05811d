import DragDrop
import Foundation

/// A collection view's data source and delegate, as the list engine asks them.
@MainActor
struct CollectionDataBridge: ItemsDataBridge {
  unowned let collectionView: CollectionView

  var isConnected: Bool { collectionView.dataSource != nil }
  func numberOfSections() -> Int { collectionView.dataSource?.numberOfSections(in: collectionView) ?? 0 }
  func numberOfItems(inSection section: Int) -> Int {
    collectionView.dataSource?.collectionView(collectionView, numberOfItemsInSection: section) ?? 0
  }
  func cell(at indexPath: IndexPath) -> ItemsViewCell {
    collectionView.dataSource?.collectionView(collectionView, cellForItemAt: indexPath)
      ?? CollectionViewCell(reuseIdentifier: nil)
  }
  func extent(at indexPath: IndexPath) -> Double { collectionView.defaultPreviewSize.height }
  func didSelect(_ indexPath: IndexPath) {
    collectionView.delegate?.collectionView(collectionView, didSelectItemAt: indexPath)
  }
  func didDeselect(_ indexPath: IndexPath) {
    collectionView.delegate?.collectionView(collectionView, didDeselectItemAt: indexPath)
  }
  /// A collection view leaves every drop, local reorders included, to performDrop.
  func moveItem(from source: IndexPath, to destination: IndexPath) -> Bool { false }
}

/// A collection view's drag delegate, as the list engine asks it.
@MainActor
struct CollectionDragBridge: ItemsDragBridge {
  unowned let collectionView: CollectionView

  var isConnected: Bool { collectionView.dragDelegate != nil }
  func itemsForBeginning(_ session: DragSession, at indexPath: IndexPath) -> [DragItem] {
    collectionView.dragDelegate?.collectionView(collectionView, itemsForBeginning: session, at: indexPath) ?? []
  }
  func itemsForAdding(_ session: DragSession, at indexPath: IndexPath, point: Point) -> [DragItem] {
    collectionView.dragDelegate?.collectionView(
      collectionView, itemsForAddingTo: session, at: indexPath, point: point) ?? []
  }
  func previewParameters(at indexPath: IndexPath) -> DragPreviewParameters? {
    collectionView.dragDelegate?.collectionView(collectionView, dragPreviewParametersForItemAt: indexPath)
  }
  func sessionWillBegin(_ session: DragSession) {
    collectionView.dragDelegate?.collectionView(collectionView, dragSessionWillBegin: session)
  }
  func sessionDidEnd(_ session: DragSession, operation: DropOperation) {
    collectionView.dragDelegate?.collectionView(collectionView, dragSessionDidEnd: session, operation: operation)
  }
  func sessionAllowsMove(_ session: DragSession) -> Bool {
    collectionView.dragDelegate?.collectionView(collectionView, dragSessionAllowsMoveOperation: session) ?? true
  }
  func sessionIsRestricted(_ session: DragSession) -> Bool {
    collectionView.dragDelegate?.collectionView(
      collectionView, dragSessionIsRestrictedToDraggingApplication: session) ?? false
  }
}

/// A collection view's drop delegate, as the list engine asks it.
@MainActor
struct CollectionDropBridge: ItemsDropBridge {
  unowned let collectionView: CollectionView

  var isConnected: Bool { collectionView.dropDelegate != nil }
  func canHandle(_ session: DropSession) -> Bool {
    collectionView.dropDelegate?.collectionView(collectionView, canHandle: session) ?? false
  }
  func sessionDidEnter(_ session: DropSession) {
    collectionView.dropDelegate?.collectionView(collectionView, dropSessionDidEnter: session)
  }
  func proposal(_ session: DropSession, destination: IndexPath?) -> ItemsViewDropProposal {
    collectionView.dropDelegate?.collectionView(
      collectionView, dropSessionDidUpdate: session, withDestinationIndexPath: destination
    ).engineProposal ?? ItemsViewDropProposal(operation: .cancel)
  }
  func sessionDidExit(_ session: DropSession) {
    collectionView.dropDelegate?.collectionView(collectionView, dropSessionDidExit: session)
  }
  func sessionDidEnd(_ session: DropSession) {
    collectionView.dropDelegate?.collectionView(collectionView, dropSessionDidEnd: session)
  }
  func makeCoordinator(
    items: [EngineDropItem], destination: IndexPath?, proposal: ItemsViewDropProposal, session: DropSession
  ) -> ItemsViewDropCoordinator {
    CollectionViewDropCoordinator(
      items: items, destinationIndexPath: destination, proposal: proposal, session: session,
      collectionView: collectionView)
  }
  func performDrop(with coordinator: ItemsViewDropCoordinator) {
    guard let coordinator = coordinator as? CollectionViewDropCoordinator else { return }
    collectionView.dropDelegate?.collectionView(collectionView, performDropWith: coordinator)
  }
  func previewParameters(at indexPath: IndexPath) -> DragPreviewParameters? {
    collectionView.dropDelegate?.collectionView(collectionView, dropPreviewParametersForItemAt: indexPath)
  }
  func shouldSpringLoad(at indexPath: IndexPath, context: SpringLoadedContext) -> Bool {
    collectionView.dropDelegate?.collectionView(collectionView, shouldSpringLoadItemAt: indexPath, with: context)
      ?? true
  }
}
