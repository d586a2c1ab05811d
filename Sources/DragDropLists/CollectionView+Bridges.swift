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
    collectionView.collectionDelegate?.collectionView(collectionView, didSelectItemAt: indexPath)
  }
  func didDeselect(_ indexPath: IndexPath) {
    collectionView.collectionDelegate?.collectionView(collectionView, didDeselectItemAt: indexPath)
  }
  func shouldHighlight(_ indexPath: IndexPath) -> Bool {
    collectionView.collectionDelegate?.collectionView(collectionView, shouldHighlightItemAt: indexPath) ?? true
  }
  func didHighlight(_ indexPath: IndexPath) {
    collectionView.collectionDelegate?.collectionView(collectionView, didHighlightItemAt: indexPath)
  }
  func didUnhighlight(_ indexPath: IndexPath) {
    collectionView.collectionDelegate?.collectionView(collectionView, didUnhighlightItemAt: indexPath)
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
    collectionView.noteApplicationCall("collectionView(_:itemsForBeginning:at:)", at: indexPath)
    return collectionView.dragDelegate?.collectionView(collectionView, itemsForBeginning: session, at: indexPath) ?? []
  }
  func itemsForAdding(_ session: DragSession, at indexPath: IndexPath, point: Point) -> [DragItem] {
    collectionView.noteApplicationCall("collectionView(_:itemsForAddingTo:at:point:)", at: indexPath)
    return collectionView.dragDelegate?.collectionView(
      collectionView, itemsForAddingTo: session, at: indexPath, point: point) ?? []
  }
  func previewParameters(at indexPath: IndexPath) -> DragPreviewParameters? {
    collectionView.noteApplicationCall("collectionView(_:dragPreviewParametersForItemAt:)", at: indexPath)
    return collectionView.dragDelegate?.collectionView(collectionView, dragPreviewParametersForItemAt: indexPath)
  }
  func sessionWillBegin(_ session: DragSession) {
    collectionView.noteApplicationCall("collectionView(_:dragSessionWillBegin:)")
    collectionView.dragDelegate?.collectionView(collectionView, dragSessionWillBegin: session)
  }
  func sessionDidEnd(_ session: DragSession, operation: DropOperation) {
    collectionView.noteApplicationCall("collectionView(_:dragSessionDidEnd:operation:)")
    collectionView.dragDelegate?.collectionView(collectionView, dragSessionDidEnd: session, operation: operation)
  }
  func sessionAllowsMove(_ session: DragSession) -> Bool {
    collectionView.noteApplicationCall("collectionView(_:dragSessionAllowsMoveOperation:)")
    return collectionView.dragDelegate?.collectionView(collectionView, dragSessionAllowsMoveOperation: session) ?? true
  }
  func sessionIsRestricted(_ session: DragSession) -> Bool {
    collectionView.noteApplicationCall("collectionView(_:dragSessionIsRestrictedToDraggingApplication:)")
    return collectionView.dragDelegate?.collectionView(
      collectionView, dragSessionIsRestrictedToDraggingApplication: session) ?? false
  }
}

/// A collection view's drop delegate, as the list engine asks it.
@MainActor
struct CollectionDropBridge: ItemsDropBridge {
  unowned let collectionView: CollectionView

  var isConnected: Bool { collectionView.dropDelegate != nil }
  func canHandle(_ session: DropSession) -> Bool {
    collectionView.noteApplicationCall("collectionView(_:canHandle:)")
    return collectionView.dropDelegate?.collectionView(collectionView, canHandle: session) ?? false
  }
  func sessionDidEnter(_ session: DropSession) {
    collectionView.noteApplicationCall("collectionView(_:dropSessionDidEnter:)")
    collectionView.dropDelegate?.collectionView(collectionView, dropSessionDidEnter: session)
  }
  func proposal(_ session: DropSession, destination: IndexPath?) -> ItemsViewDropProposal {
    collectionView.noteApplicationCall(
      "collectionView(_:dropSessionDidUpdate:withDestinationIndexPath:)", at: destination)
    return collectionView.dropDelegate?.collectionView(
      collectionView, dropSessionDidUpdate: session, withDestinationIndexPath: destination
    ).engineProposal ?? ItemsViewDropProposal(operation: .cancel)
  }
  func sessionDidExit(_ session: DropSession) {
    collectionView.noteApplicationCall("collectionView(_:dropSessionDidExit:)")
    collectionView.dropDelegate?.collectionView(collectionView, dropSessionDidExit: session)
  }
  func sessionDidEnd(_ session: DropSession) {
    collectionView.noteApplicationCall("collectionView(_:dropSessionDidEnd:)")
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
    collectionView.noteApplicationCall("collectionView(_:performDropWith:)", at: coordinator.destinationIndexPath)
    guard let coordinator = coordinator as? CollectionViewDropCoordinator else { return }
    collectionView.dropDelegate?.collectionView(collectionView, performDropWith: coordinator)
  }
  func previewParameters(at indexPath: IndexPath) -> DragPreviewParameters? {
    collectionView.noteApplicationCall("collectionView(_:dropPreviewParametersForItemAt:)", at: indexPath)
    return collectionView.dropDelegate?.collectionView(collectionView, dropPreviewParametersForItemAt: indexPath)
  }
  func shouldSpringLoad(at indexPath: IndexPath, context: SpringLoadedContext) -> Bool {
    collectionView.noteApplicationCall("collectionView(_:shouldSpringLoadItemAt:with:)", at: indexPath)
    return collectionView.dropDelegate?.collectionView(collectionView, shouldSpringLoadItemAt: indexPath, with: context)
      ?? true
  }
}
