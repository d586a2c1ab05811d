/// One thing being dragged: a promise of data, plus what only the source process sees.
@MainActor
public final class DragItem {
  /// The data, loaded by the destination when it takes the drop.
  public let itemProvider: ItemProvider
  /// Anything the source wants to carry along, such as the model object or view the item
  /// came from. Visible only inside the source process: a drop session from another
  /// process has nil here (rule 9).
  public var localObject: Any?
  /// Makes the preview shown while the item is dragged. Nil means the default preview
  /// (the lift preview); a provider that returns nil means no preview.
  public var previewProvider: (@MainActor () -> DragPreview?)?

  /// An item carrying what `itemProvider` provides. It may be made on any thread, as
  /// UIKit code makes its items in item provider callbacks.
  nonisolated public init(itemProvider: ItemProvider) {
    self.itemProvider = itemProvider
  }

  /// A copy for a drop session: the provider seen through `provider`, the local object only
  /// when the drag stays in the process.
  func copy(provider: ItemProvider, keepingLocalObject: Bool) -> DragItem {
    let item = DragItem(itemProvider: provider)
    item.localObject = keepingLocalObject ? localObject : nil
    item.previewProvider = previewProvider
    return item
  }
}
