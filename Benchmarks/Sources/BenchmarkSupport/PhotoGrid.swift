import DragDrop
import DragDropLists
import Foundation

/// A grid of `count` photos for the benchmarks: its data source and its drag and drop
/// delegates. Each item drags a string; every drag over it proposes `operation` at the slot
/// under the pointer; a drop does nothing, so the benchmark measures the view's own work.
@MainActor
public final class PhotoGrid: CollectionViewDataSource, CollectionViewDragDelegate, CollectionViewDropDelegate {
  public var count: Int
  public let reuseIdentifier: String
  public let operation: DropOperation
  /// Configures each dequeued cell for its item.
  public var configure: (CollectionViewCell, IndexPath) -> Void = { _, _ in }

  public init(count: Int, reuseIdentifier: String = "cell", operation: DropOperation = .copy) {
    self.count = count
    self.reuseIdentifier = reuseIdentifier
    self.operation = operation
  }

  public func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { count }

  public func collectionView(
    _ collectionView: CollectionView, cellForItemAt indexPath: IndexPath
  ) -> CollectionViewCell {
    let cell = collectionView.dequeueReusableCell(withReuseIdentifier: reuseIdentifier, for: indexPath)
    configure(cell, indexPath)
    return cell
  }

  public func collectionView(
    _ collectionView: CollectionView, itemsForBeginning session: DragSession, at indexPath: IndexPath
  ) -> [DragItem] {
    [DragItem(itemProvider: ItemProvider(object: "photo"))]
  }

  public func collectionView(
    _ collectionView: CollectionView, dropSessionDidUpdate session: DropSession,
    withDestinationIndexPath destinationIndexPath: IndexPath?
  ) -> CollectionViewDropProposal {
    CollectionViewDropProposal(operation: operation, intent: .insertAtDestinationIndexPath)
  }

  public func collectionView(
    _ collectionView: CollectionView, performDropWith coordinator: CollectionViewDropCoordinator
  ) {}
}
