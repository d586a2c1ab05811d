import DragDrop
import Foundation

/// Supplies a collection view's sections, items and cells.
@MainActor
public protocol CollectionViewDataSource: AnyObject {
  /// 1 by default.
  func numberOfSections(in collectionView: CollectionView) -> Int
  /// How many items `section` has.
  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  /// A cell for a visible item, usually from
  /// ``CollectionView/dequeueReusableCell(withReuseIdentifier:for:)``.
  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell
  /// Whether an item may move by interactive movement (rule 28); true by default.
  func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool
  /// Moves the item in the model at the end of an interactive movement (rule 28);
  /// `destination` is its index after the move. As in UIKit, a data source that does not
  /// implement it does not reorder: the item goes back, and the view logs why.
  func collectionView(_ collectionView: CollectionView, moveItemAt source: IndexPath, to destination: IndexPath)
}

extension CollectionViewDataSource {
  /// One section.
  public func numberOfSections(in collectionView: CollectionView) -> Int { 1 }
  /// Every item may move.
  public func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool { true }
  /// Not implemented: the collection view hears so, and the item goes back.
  public func collectionView(_ collectionView: CollectionView, moveItemAt source: IndexPath, to destination: IndexPath)
  {
    collectionView.dataSourceMovedItem = false
  }
}

/// A data source that says in its type that it reorders items through
/// ``CollectionViewDataSource/collectionView(_:moveItemAt:to:)`` (rule 28). Any data
/// source that implements that method reorders the same way; this protocol adds nothing
/// to it.
@MainActor
public protocol CollectionViewReorderingDataSource: CollectionViewDataSource {}

/// Selection, and where interactive movement may go.
@MainActor
public protocol CollectionViewDelegate: ScrollViewDelegate {
  /// The user selected an item, by a tap or the keyboard.
  func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath)
  /// The user deselected an item.
  func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath)
  /// Whether a touch on an item highlights it. True by default.
  func collectionView(_ collectionView: CollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool
  /// A touch highlighted an item: a finger that stayed still a moment, or the pointer.
  func collectionView(_ collectionView: CollectionView, didHighlightItemAt indexPath: IndexPath)
  /// The highlight went: the touch lifted, or a scroll or a drag took it.
  func collectionView(_ collectionView: CollectionView, didUnhighlightItemAt indexPath: IndexPath)
  /// Where an interactively moving item goes when the finger proposes `proposed` (rule
  /// 28); the proposed path by default. `current` is where it was shown until now.
  func collectionView(
    _ collectionView: CollectionView, targetIndexPathForMoveOfItemFromOriginalIndexPath original: IndexPath,
    atCurrentIndexPath current: IndexPath, toProposedIndexPath proposed: IndexPath
  ) -> IndexPath
}

extension CollectionViewDelegate {
  public func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {}
  public func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) {}
  public func collectionView(_ collectionView: CollectionView, shouldHighlightItemAt indexPath: IndexPath) -> Bool {
    true
  }
  public func collectionView(_ collectionView: CollectionView, didHighlightItemAt indexPath: IndexPath) {}
  public func collectionView(_ collectionView: CollectionView, didUnhighlightItemAt indexPath: IndexPath) {}
  public func collectionView(
    _ collectionView: CollectionView, targetIndexPathForMoveOfItemFromOriginalIndexPath original: IndexPath,
    atCurrentIndexPath current: IndexPath, toProposedIndexPath proposed: IndexPath
  ) -> IndexPath { proposed }
}
