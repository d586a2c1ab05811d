import DragDrop
import Foundation

/// One item a drop brings to a table or a collection view, as its coordinator describes
/// it (rule 21).
@MainActor
public protocol ItemsViewDropItem {
  /// The dragged item.
  var dragItem: DragItem { get }
  /// Where the item came from in this view; nil for items from elsewhere, or when the view
  /// was reloaded after the drag began.
  var sourceIndexPath: IndexPath? { get }
  /// The size of the item's preview.
  var previewSize: Size { get }
}

/// One row a table's drop brings (rule 21).
@MainActor
public protocol TableViewDropItem: ItemsViewDropItem {}

/// One item a collection view's drop brings (rule 21).
@MainActor
public protocol CollectionViewDropItem: ItemsViewDropItem {}

/// One dropped item, as the engine describes it to either view's delegate.
@MainActor
package struct EngineDropItem: TableViewDropItem, CollectionViewDropItem {
  package let dragItem: DragItem
  package let sourceIndexPath: IndexPath?
  package let previewSize: Size
}
