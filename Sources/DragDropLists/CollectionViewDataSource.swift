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
}

extension CollectionViewDataSource {
  public func numberOfSections(in collectionView: CollectionView) -> Int { 1 }
}

/// A data source whose items can be moved by interactive movement (rule 28).
@MainActor
public protocol CollectionViewReorderingDataSource: CollectionViewDataSource {
  /// True by default.
  func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool
  /// Moves the item in the model; `destination` is its index after the move.
  func collectionView(_ collectionView: CollectionView, moveItemAt source: IndexPath, to destination: IndexPath)
}

extension CollectionViewReorderingDataSource {
  public func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool { true }
}

/// Selection, and where interactive movement may go.
@MainActor
public protocol CollectionViewDelegate: AnyObject {
  /// The user selected an item, by a tap or the keyboard.
  func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath)
  /// The user deselected an item.
  func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath)
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
  public func collectionView(
    _ collectionView: CollectionView, targetIndexPathForMoveOfItemFromOriginalIndexPath original: IndexPath,
    atCurrentIndexPath current: IndexPath, toProposedIndexPath proposed: IndexPath
  ) -> IndexPath { proposed }
}
