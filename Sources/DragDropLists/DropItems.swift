import DragDrop
import Foundation

/// One row a table's drop brings, as its coordinator describes it (rule 21).
@MainActor
public protocol TableViewDropItem {
  /// The dragged item.
  var dragItem: DragItem { get }
  /// Where the row came from in this table; nil for items from elsewhere, or when the
  /// table was reloaded after the drag began.
  var sourceIndexPath: IndexPath? { get }
  /// The size of the item's preview.
  var previewSize: Size { get }
}

/// One item a collection view's drop brings, as its coordinator describes it (rule 21).
@MainActor
public protocol CollectionViewDropItem {
  /// The dragged item.
  var dragItem: DragItem { get }
  /// Where the item came from in this collection view; nil for items from elsewhere, or
  /// when the view was reloaded after the drag began.
  var sourceIndexPath: IndexPath? { get }
  /// The size of the item's preview.
  var previewSize: Size { get }
}

/// One dropped item, as the engine describes it to either view's delegate.
@MainActor
package struct ItemsViewDropItem: TableViewDropItem, CollectionViewDropItem {
  package let dragItem: DragItem
  package let sourceIndexPath: IndexPath?
  package let previewSize: Size
}
