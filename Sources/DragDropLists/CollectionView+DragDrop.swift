import DragDrop
import Foundation

/// The drag source side of a collection view (rules 17-19).
@MainActor
public protocol CollectionViewDragDelegate: AnyObject {
  /// The items for dragging the item at `indexPath`; empty means the item does not drag.
  /// When the item is selected, this is called once per selected item (rule 18).
  func collectionView(
    _ collectionView: CollectionView, itemsForBeginning session: DragSession, at indexPath: IndexPath
  ) -> [DragItem]
  /// Items for an item tapped during a drag; `point` is in the view's coordinates. None by
  /// default.
  func collectionView(
    _ collectionView: CollectionView, itemsForAddingTo session: DragSession, at indexPath: IndexPath, point: Point
  )
    -> [DragItem]
  /// How an item's lift preview is drawn; nil (the default) shows the whole cell.
  func collectionView(
    _ collectionView: CollectionView, dragPreviewParametersForItemAt indexPath: IndexPath
  ) -> DragPreviewParameters?
  /// The drag from the view begins.
  func collectionView(_ collectionView: CollectionView, dragSessionWillBegin session: DragSession)
  /// The drag from the view ended, after its animations.
  func collectionView(_ collectionView: CollectionView, dragSessionDidEnd session: DragSession)
  /// The session ended with `operation`: a source deletes moved items on `.move` only.
  /// The default calls ``collectionView(_:dragSessionDidEnd:)``. Beyond UIKit, whose
  /// delegate is not told the operation.
  func collectionView(
    _ collectionView: CollectionView, dragSessionDidEnd session: DragSession, operation: DropOperation)
  /// True by default; false turns move proposals into copies or cancels (rule 8).
  func collectionView(_ collectionView: CollectionView, dragSessionAllowsMoveOperation session: DragSession) -> Bool
  /// False by default; true keeps the drag in the application: a drop elsewhere is a cancel (rule 8).
  func collectionView(
    _ collectionView: CollectionView, dragSessionIsRestrictedToDraggingApplication session: DragSession
  ) -> Bool
}

extension CollectionViewDragDelegate {
  public func collectionView(
    _ collectionView: CollectionView, itemsForAddingTo session: DragSession, at indexPath: IndexPath, point: Point
  ) -> [DragItem] { [] }
  public func collectionView(
    _ collectionView: CollectionView, dragPreviewParametersForItemAt indexPath: IndexPath
  )
    -> DragPreviewParameters?
  { nil }
  public func collectionView(_ collectionView: CollectionView, dragSessionWillBegin session: DragSession) {}
  public func collectionView(_ collectionView: CollectionView, dragSessionDidEnd session: DragSession) {}
  public func collectionView(
    _ collectionView: CollectionView, dragSessionDidEnd session: DragSession, operation: DropOperation
  ) {
    self.collectionView(collectionView, dragSessionDidEnd: session)
  }
  public func collectionView(
    _ collectionView: CollectionView, dragSessionAllowsMoveOperation session: DragSession
  ) -> Bool { true }
  public func collectionView(
    _ collectionView: CollectionView, dragSessionIsRestrictedToDraggingApplication session: DragSession
  )
    -> Bool
  { false }
}

/// The drop target side of a collection view (rules 20-23).
@MainActor
public protocol CollectionViewDropDelegate: AnyObject {
  /// Takes the drop: update the data source and describe the change, then animate the
  /// items with the coordinator. If it does nothing, the drag animates back.
  func collectionView(_ collectionView: CollectionView, performDropWith coordinator: CollectionViewDropCoordinator)
  /// True by default.
  func collectionView(_ collectionView: CollectionView, canHandle session: DropSession) -> Bool
  /// The proposal for the drag over `destinationIndexPath` (nil over empty space); a
  /// cancel with no intent by default.
  func collectionView(
    _ collectionView: CollectionView, dropSessionDidUpdate session: DropSession,
    withDestinationIndexPath destinationIndexPath: IndexPath?
  ) -> CollectionViewDropProposal
  /// The drag came over the view.
  func collectionView(_ collectionView: CollectionView, dropSessionDidEnter session: DropSession)
  /// The drag left the view.
  func collectionView(_ collectionView: CollectionView, dropSessionDidExit session: DropSession)
  /// The drag that came over the view ended, wherever it went.
  func collectionView(_ collectionView: CollectionView, dropSessionDidEnd session: DropSession)
  /// How the preview of an item dropped into the item at `indexPath` is drawn (through the
  /// coordinator's `drop(_:toItemAt:)` or `drop(_:intoItemAt:rect:)`); nil, the default,
  /// keeps the drag preview's parameters.
  func collectionView(
    _ collectionView: CollectionView, dropPreviewParametersForItemAt indexPath: IndexPath
  ) -> DragPreviewParameters?
  /// Whether hovering over an item spring-loads it (rule 27); true by default. The context's
  /// target view may be changed to blink another view.
  func collectionView(
    _ collectionView: CollectionView, shouldSpringLoadItemAt indexPath: IndexPath, with context: SpringLoadedContext
  )
    -> Bool
}

extension CollectionViewDropDelegate {
  public func collectionView(
    _ collectionView: CollectionView, shouldSpringLoadItemAt indexPath: IndexPath, with context: SpringLoadedContext
  ) -> Bool { true }
  public func collectionView(_ collectionView: CollectionView, canHandle session: DropSession) -> Bool { true }
  public func collectionView(
    _ collectionView: CollectionView, dropSessionDidUpdate session: DropSession,
    withDestinationIndexPath destinationIndexPath: IndexPath?
  ) -> CollectionViewDropProposal { CollectionViewDropProposal(operation: .cancel) }
  public func collectionView(_ collectionView: CollectionView, dropSessionDidEnter session: DropSession) {}
  public func collectionView(_ collectionView: CollectionView, dropSessionDidExit session: DropSession) {}
  public func collectionView(_ collectionView: CollectionView, dropSessionDidEnd session: DropSession) {}
  public func collectionView(
    _ collectionView: CollectionView, dropPreviewParametersForItemAt indexPath: IndexPath
  ) -> DragPreviewParameters? { nil }
}

/// An item a drop reserves before its data has arrived (rule 24): the collection view
/// shows it without asking the data source, configured by ``cellUpdateHandler``.
@MainActor
public final class CollectionViewDropPlaceholder {
  /// Where the item goes, in the data source's index paths (`item == count` is the end).
  public let insertionIndexPath: IndexPath
  /// The reuse identifier of the placeholder's cell, registered like any other.
  public let reuseIdentifier: String
  /// Configures the placeholder's cell whenever it is shown, and on
  /// ``CollectionViewDropPlaceholderContext/setNeedsCellUpdate()``.
  public var cellUpdateHandler: ((CollectionViewCell) -> Void)?

  /// A placeholder at `insertionIndexPath` whose cell is dequeued with `reuseIdentifier`.
  public init(insertionIndexPath: IndexPath, reuseIdentifier: String) {
    self.insertionIndexPath = insertionIndexPath
    self.reuseIdentifier = reuseIdentifier
  }
}

/// What the collection view's drop delegate works with in `performDropWith` (rules 21-24).
@MainActor
public final class CollectionViewDropCoordinator: ItemsViewDropCoordinator {
  /// The dropped items, in the session's order.
  public var items: [any CollectionViewDropItem] { dropItems }
  /// The proposal the drop was made with.
  public var proposal: CollectionViewDropProposal { CollectionViewDropProposal(engineProposal) }

  /// The collection view the drop is over.
  /// Nil once the view has been freed: a coordinator may outlive it in a late completion.
  public var collectionView: CollectionView? { view as? CollectionView }

  init(
    items: [EngineDropItem], destinationIndexPath: IndexPath?, proposal: ItemsViewDropProposal,
    session: DropSession, collectionView: CollectionView
  ) {
    super.init(
      items: items, destinationIndexPath: destinationIndexPath, proposal: proposal, session: session,
      view: collectionView)
  }

  /// A coordinator for dropping `items` from elsewhere into `collectionView` without a
  /// drag: for tests of a drop delegate, and for drops the application performs itself.
  public static func make(
    items: [DragItem], destinationIndexPath: IndexPath? = nil,
    proposal: CollectionViewDropProposal = CollectionViewDropProposal(operation: .copy),
    collectionView: CollectionView
  ) -> CollectionViewDropCoordinator {
    CollectionViewDropCoordinator(
      items: itemsFromElsewhere(items, view: collectionView), destinationIndexPath: destinationIndexPath,
      proposal: proposal.engineProposal, session: DropSession(items: items), collectionView: collectionView)
  }

  /// Animates the item into the item at `indexPath`, which must already be in the data
  /// source and inserted through `performBatchUpdates` (rule 23).
  @discardableResult
  public func drop(_ dragItem: DragItem, toItemAt indexPath: IndexPath) -> any DragAnimating {
    dropToItem(dragItem, at: indexPath)
  }

  /// Animates the item into the item at `indexPath`, aspect-fitting its preview into
  /// `rect` (in the cell's coordinates).
  @discardableResult
  public func drop(_ dragItem: DragItem, intoItemAt indexPath: IndexPath, rect: Rect) -> any DragAnimating {
    dropIntoItem(dragItem, at: indexPath, rect: rect)
  }

  /// Drops the item into a placeholder at `placeholder.insertionIndexPath`, without
  /// touching the data source; commit or delete it through the returned context.
  @discardableResult
  public func drop(
    _ dragItem: DragItem, to placeholder: CollectionViewDropPlaceholder
  ) -> any CollectionViewDropPlaceholderContext {
    let entry =
      collectionView?.placeholderEntry(for: placeholder)
      ?? CollectionView.placeholderEntry(for: placeholder, extent: 0)
    return dropToPlaceholder(dragItem, entry: entry)
  }

  /// The first SDK's form of ``drop(_:to:)``, which WWDC 2017 showed and later SDKs
  /// dropped: a placeholder at `indexPath` whose cell `cellUpdateHandler` configures.
  @discardableResult
  public func drop(
    _ dragItem: DragItem, toPlaceholderInsertedAt indexPath: IndexPath, withReuseIdentifier reuseIdentifier: String,
    cellUpdateHandler: @escaping (CollectionViewCell) -> Void
  ) -> any CollectionViewDropPlaceholderContext {
    let placeholder = CollectionViewDropPlaceholder(insertionIndexPath: indexPath, reuseIdentifier: reuseIdentifier)
    placeholder.cellUpdateHandler = cellUpdateHandler
    return drop(dragItem, to: placeholder)
  }
}

extension CollectionView {
  /// Puts a placeholder at `placeholder.insertionIndexPath` for an item that arrives other
  /// than by a drop (a paste, a download), without touching the data source: the same
  /// placeholder a drop coordinator's `drop(_:to:)` makes, with its cell configured by
  /// `placeholder.cellUpdateHandler`, committed with
  /// ``CollectionViewDropPlaceholderContext/commitInsertion(dataSourceUpdates:)`` or removed
  /// with ``CollectionViewDropPlaceholderContext/deletePlaceholder()`` once the item has
  /// loaded, and moving with the items around it meanwhile. The context's `dragItem` wraps
  /// `itemProvider`. Beyond UIKit, whose placeholders exist only inside a drop.
  @discardableResult
  public func insertPlaceholder(
    _ placeholder: CollectionViewDropPlaceholder, for itemProvider: ItemProvider
  ) -> any CollectionViewDropPlaceholderContext {
    let entry = placeholderEntry(for: placeholder)
    insertPlaceholder(entry)
    return EnginePlaceholderContext(
      dragItem: DragItem(itemProvider: itemProvider), view: self, entry: entry, animator: DeferredAnimator())
  }

  /// The entry of `placeholder`, as tall as an item of the view.
  func placeholderEntry(for placeholder: CollectionViewDropPlaceholder) -> ItemsView.PlaceholderEntry {
    Self.placeholderEntry(for: placeholder, extent: Double(defaultPreviewSize.height))
  }

  /// The entry of `placeholder`, `extent` points along the layout's axis; its cell is
  /// configured by the placeholder's handler.
  static func placeholderEntry(
    for placeholder: CollectionViewDropPlaceholder, extent: Double
  ) -> ItemsView.PlaceholderEntry {
    ItemsView.PlaceholderEntry(
      at: placeholder.insertionIndexPath, reuseIdentifier: placeholder.reuseIdentifier,
      cellClass: CollectionViewCell.self, extent: extent
    ) { [placeholder] cell in
      if let cell = cell as? CollectionViewCell { placeholder.cellUpdateHandler?(cell) }
    }
  }
}
