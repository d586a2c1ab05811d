import DragDrop
import Foundation

/// The drag source side of a table (rules 17-19).
@MainActor
public protocol TableViewDragDelegate: AnyObject {
  /// The items for dragging the row at `indexPath`; empty means the row does not drag.
  /// When the row is selected, this is called once per selected row (rule 18).
  func tableView(_ tableView: TableView, itemsForBeginning session: DragSession, at indexPath: IndexPath) -> [DragItem]
  /// Items for a row tapped during a drag; `point` is in the table's coordinates. None by
  /// default.
  func tableView(
    _ tableView: TableView, itemsForAddingTo session: DragSession, at indexPath: IndexPath, point: Point
  )
    -> [DragItem]
  /// How a row's lift preview is drawn; nil (the default) shows the whole cell.
  func tableView(_ tableView: TableView, dragPreviewParametersForRowAt indexPath: IndexPath) -> DragPreviewParameters?
  /// The drag from the table begins.
  func tableView(_ tableView: TableView, dragSessionWillBegin session: DragSession)
  /// The drag from the table ended, after its animations.
  func tableView(_ tableView: TableView, dragSessionDidEnd session: DragSession)
  /// The session ended with `operation`: a source deletes moved rows on `.move` only. The
  /// default calls ``tableView(_:dragSessionDidEnd:)``. Beyond UIKit, whose delegate is not
  /// told the operation.
  func tableView(_ tableView: TableView, dragSessionDidEnd session: DragSession, operation: DropOperation)
  /// True by default; false turns move proposals into copies or cancels (rule 8).
  func tableView(_ tableView: TableView, dragSessionAllowsMoveOperation session: DragSession) -> Bool
  /// False by default; true keeps the drag in the application: a drop elsewhere is a cancel (rule 8).
  func tableView(_ tableView: TableView, dragSessionIsRestrictedToDraggingApplication session: DragSession) -> Bool
}

extension TableViewDragDelegate {
  public func tableView(
    _ tableView: TableView, itemsForAddingTo session: DragSession, at indexPath: IndexPath, point: Point
  ) -> [DragItem] { [] }
  public func tableView(
    _ tableView: TableView, dragPreviewParametersForRowAt indexPath: IndexPath
  )
    -> DragPreviewParameters?
  { nil }
  public func tableView(_ tableView: TableView, dragSessionWillBegin session: DragSession) {}
  public func tableView(_ tableView: TableView, dragSessionDidEnd session: DragSession) {}
  public func tableView(_ tableView: TableView, dragSessionDidEnd session: DragSession, operation: DropOperation) {
    self.tableView(tableView, dragSessionDidEnd: session)
  }
  public func tableView(_ tableView: TableView, dragSessionAllowsMoveOperation session: DragSession) -> Bool { true }
  public func tableView(
    _ tableView: TableView, dragSessionIsRestrictedToDraggingApplication session: DragSession
  )
    -> Bool
  { false }
}

/// The drop target side of a table (rules 20-23).
@MainActor
public protocol TableViewDropDelegate: AnyObject {
  /// Takes the drop: update the data source and describe the change, then animate the
  /// items with the coordinator. If it does nothing, the drag animates back.
  func tableView(_ tableView: TableView, performDropWith coordinator: TableViewDropCoordinator)
  /// True by default.
  func tableView(_ tableView: TableView, canHandle session: DropSession) -> Bool
  /// The proposal for the drag over `destinationIndexPath` (nil over empty space); a
  /// cancel with no intent by default.
  func tableView(
    _ tableView: TableView, dropSessionDidUpdate session: DropSession,
    withDestinationIndexPath destinationIndexPath: IndexPath?
  ) -> TableViewDropProposal
  /// The drag came over the table.
  func tableView(_ tableView: TableView, dropSessionDidEnter session: DropSession)
  /// The drag left the table.
  func tableView(_ tableView: TableView, dropSessionDidExit session: DropSession)
  /// The drag that came over the table ended, wherever it went.
  func tableView(_ tableView: TableView, dropSessionDidEnd session: DropSession)
  /// How the preview of an item dropped into the row at `indexPath` is drawn (through the
  /// coordinator's `drop(_:toRowAt:)` or `drop(_:intoRowAt:rect:)`); nil, the default,
  /// keeps the drag preview's parameters.
  func tableView(_ tableView: TableView, dropPreviewParametersForRowAt indexPath: IndexPath) -> DragPreviewParameters?
  /// Whether hovering over a row spring-loads it (rule 27); true by default. The context's
  /// target view may be changed to blink another view.
  func tableView(
    _ tableView: TableView, shouldSpringLoadRowAt indexPath: IndexPath, with context: SpringLoadedContext
  )
    -> Bool
}

extension TableViewDropDelegate {
  public func tableView(
    _ tableView: TableView, shouldSpringLoadRowAt indexPath: IndexPath, with context: SpringLoadedContext
  ) -> Bool { true }
  public func tableView(_ tableView: TableView, canHandle session: DropSession) -> Bool { true }
  public func tableView(
    _ tableView: TableView, dropSessionDidUpdate session: DropSession,
    withDestinationIndexPath destinationIndexPath: IndexPath?
  ) -> TableViewDropProposal { TableViewDropProposal(operation: .cancel) }
  public func tableView(_ tableView: TableView, dropSessionDidEnter session: DropSession) {}
  public func tableView(_ tableView: TableView, dropSessionDidExit session: DropSession) {}
  public func tableView(_ tableView: TableView, dropSessionDidEnd session: DropSession) {}
  public func tableView(
    _ tableView: TableView, dropPreviewParametersForRowAt indexPath: IndexPath
  ) -> DragPreviewParameters? { nil }
}

/// A row a drop reserves before its data has arrived (rule 24): the table shows it without
/// asking the data source, configured by ``cellUpdateHandler``.
@MainActor
public final class TableViewDropPlaceholder {
  /// Where the row goes, in the data source's index paths (`row == count` is the end).
  public let insertionIndexPath: IndexPath
  /// The reuse identifier of the placeholder's cell, registered like any other.
  public let reuseIdentifier: String
  /// The placeholder row's height; ``TableView/automaticDimension`` takes the table's
  /// ``TableView/rowHeight`` (44 points when that is automatic too).
  public let rowHeight: CGFloat
  /// Configures the placeholder's cell whenever it is shown.
  public var cellUpdateHandler: ((TableViewCell) -> Void)?

  /// A placeholder row at `insertionIndexPath`, `rowHeight` high, whose cell is dequeued with `reuseIdentifier`.
  public init(insertionIndexPath: IndexPath, reuseIdentifier: String, rowHeight: CGFloat) {
    self.insertionIndexPath = insertionIndexPath
    self.reuseIdentifier = reuseIdentifier
    self.rowHeight = rowHeight
  }
}

/// What the table's drop delegate works with in `performDropWith` (rules 21-23).
@MainActor
public final class TableViewDropCoordinator: ItemsViewDropCoordinator {
  /// The dropped rows, in the session's order.
  public var items: [any TableViewDropItem] { dropItems }
  /// The proposal the drop was made with.
  public var proposal: TableViewDropProposal { TableViewDropProposal(engineProposal) }

  /// The table the drop is over.
  /// Nil once the view has been freed: a coordinator may outlive it in a late completion.
  public var tableView: TableView? { view as? TableView }

  init(
    items: [EngineDropItem], destinationIndexPath: IndexPath?, proposal: ItemsViewDropProposal,
    session: DropSession, tableView: TableView
  ) {
    super.init(
      items: items, destinationIndexPath: destinationIndexPath, proposal: proposal, session: session, view: tableView)
  }

  /// A coordinator for dropping `items` from elsewhere into `tableView` without a drag:
  /// for tests of a drop delegate, and for drops the application performs itself.
  public static func make(
    items: [DragItem], destinationIndexPath: IndexPath? = nil,
    proposal: TableViewDropProposal = TableViewDropProposal(operation: .copy), tableView: TableView
  ) -> TableViewDropCoordinator {
    TableViewDropCoordinator(
      items: itemsFromElsewhere(items, view: tableView), destinationIndexPath: destinationIndexPath,
      proposal: proposal.engineProposal, session: DropSession(items: items), tableView: tableView)
  }

  /// Animates the item into the row at `indexPath`, which must already be in the data
  /// source and inserted through `performBatchUpdates` (rule 23).
  @discardableResult
  public func drop(_ dragItem: DragItem, toRowAt indexPath: IndexPath) -> any DragAnimating {
    dropToItem(dragItem, at: indexPath)
  }

  /// Animates the item into the row at `indexPath`, aspect-fitting its preview into `rect`
  /// (in the cell's coordinates).
  @discardableResult
  public func drop(_ dragItem: DragItem, intoRowAt indexPath: IndexPath, rect: Rect) -> any DragAnimating {
    dropIntoItem(dragItem, at: indexPath, rect: rect)
  }

  /// A placeholder's row height: ``TableView/automaticDimension`` takes the table's
  /// ``TableView/rowHeight``, and 44 points when that is automatic too.
  private func placeholderHeight(_ height: CGFloat) -> Double {
    guard height == TableView.automaticDimension else { return Double(height) }
    let rowHeight = tableView?.rowHeight ?? 44
    return rowHeight == Double(TableView.automaticDimension) ? 44 : rowHeight
  }

  /// Drops the item into a placeholder row at `placeholder.insertionIndexPath`, without
  /// touching the data source; commit or delete it through the returned context.
  @discardableResult
  public func drop(
    _ dragItem: DragItem, to placeholder: TableViewDropPlaceholder
  ) -> any TableViewDropPlaceholderContext {
    let entry = ItemsView.PlaceholderEntry(
      at: placeholder.insertionIndexPath, reuseIdentifier: placeholder.reuseIdentifier, cellClass: TableViewCell.self,
      extent: placeholderHeight(placeholder.rowHeight)
    ) { [placeholder] cell in
      if let cell = cell as? TableViewCell { placeholder.cellUpdateHandler?(cell) }
    }
    return dropToPlaceholder(dragItem, entry: entry)
  }

  /// The first SDK's form of ``drop(_:to:)``, which WWDC 2017 showed and later SDKs
  /// dropped: a placeholder row at `indexPath` whose cell `cellUpdateHandler` configures,
  /// of `rowHeight` (the table's ``TableView/rowHeight`` by default).
  @discardableResult
  public func drop(
    _ dragItem: DragItem, toPlaceholderInsertedAt indexPath: IndexPath, withReuseIdentifier reuseIdentifier: String,
    rowHeight: CGFloat? = nil, cellUpdateHandler: @escaping (TableViewCell) -> Void
  ) -> any TableViewDropPlaceholderContext {
    let rowHeight = rowHeight ?? CGFloat(tableView?.rowHeight ?? 44)
    let placeholder = TableViewDropPlaceholder(
      insertionIndexPath: indexPath, reuseIdentifier: reuseIdentifier, rowHeight: rowHeight)
    placeholder.cellUpdateHandler = cellUpdateHandler
    return drop(dragItem, to: placeholder)
  }
}
