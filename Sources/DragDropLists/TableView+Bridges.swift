import DragDrop
import Foundation

/// A table's data source and delegate, as the list engine asks them.
@MainActor
struct TableDataBridge: ItemsDataBridge {
  unowned let table: TableView

  var isConnected: Bool { table.dataSource != nil }
  func numberOfSections() -> Int { table.dataSource?.numberOfSections(in: table) ?? 0 }
  func numberOfItems(inSection section: Int) -> Int {
    table.dataSource?.tableView(table, numberOfRowsInSection: section) ?? 0
  }
  func cell(at indexPath: IndexPath) -> ItemsViewCell {
    table.dataSource?.tableView(table, cellForRowAt: indexPath) ?? TableViewCell(reuseIdentifier: nil)
  }
  func extent(at indexPath: IndexPath) -> Double { table.rowHeight(at: indexPath) }
  func didSelect(_ indexPath: IndexPath) { table.tableDelegate?.tableView(table, didSelectRowAt: indexPath) }
  func didDeselect(_ indexPath: IndexPath) { table.tableDelegate?.tableView(table, didDeselectRowAt: indexPath) }
  func shouldHighlight(_ indexPath: IndexPath) -> Bool {
    table.tableDelegate?.tableView(table, shouldHighlightRowAt: indexPath) ?? true
  }
  func didHighlight(_ indexPath: IndexPath) { table.tableDelegate?.tableView(table, didHighlightRowAt: indexPath) }
  func didUnhighlight(_ indexPath: IndexPath) {
    table.tableDelegate?.tableView(table, didUnhighlightRowAt: indexPath)
  }

  /// Rule 22: a local single-row reorder goes through the data source's moveRowAt when it
  /// implements it and can move the row. The protocol's default moveRowAt says it is not
  /// implemented, and the reorder then goes to performDrop.
  func moveItem(from source: IndexPath, to destination: IndexPath) -> Bool {
    guard let dataSource = table.dataSource, dataSource.tableView(table, canMoveRowAt: source) else { return false }
    table.noteApplicationCall("tableView(_:moveRowAt:to:)", at: source, to: destination)
    table.dataSourceMovedRow = true
    if let diffable = dataSource as? any SnapshotReordering {
      table.reorderShownByDataSource = diffable.reorder(from: source, to: destination) {
        dataSource.tableView(table, moveRowAt: source, to: destination)
      }
      return true
    }
    dataSource.tableView(table, moveRowAt: source, to: destination)
    return table.dataSourceMovedRow
  }
}

/// A table's drag delegate, as the list engine asks it.
@MainActor
struct TableDragBridge: ItemsDragBridge {
  unowned let table: TableView

  var isConnected: Bool { table.dragDelegate != nil }
  func itemsForBeginning(_ session: DragSession, at indexPath: IndexPath) -> [DragItem] {
    table.noteApplicationCall("tableView(_:itemsForBeginning:at:)", at: indexPath)
    return table.dragDelegate?.tableView(table, itemsForBeginning: session, at: indexPath) ?? []
  }
  func itemsForAdding(_ session: DragSession, at indexPath: IndexPath, point: Point) -> [DragItem] {
    table.noteApplicationCall("tableView(_:itemsForAddingTo:at:point:)", at: indexPath)
    return table.dragDelegate?.tableView(table, itemsForAddingTo: session, at: indexPath, point: point) ?? []
  }
  func previewParameters(at indexPath: IndexPath) -> DragPreviewParameters? {
    table.noteApplicationCall("tableView(_:dragPreviewParametersForRowAt:)", at: indexPath)
    return table.dragDelegate?.tableView(table, dragPreviewParametersForRowAt: indexPath)
  }
  func sessionWillBegin(_ session: DragSession) {
    table.noteApplicationCall("tableView(_:dragSessionWillBegin:)")
    table.dragDelegate?.tableView(table, dragSessionWillBegin: session)
  }
  func sessionDidEnd(_ session: DragSession, operation: DropOperation) {
    table.noteApplicationCall("tableView(_:dragSessionDidEnd:operation:)")
    table.dragDelegate?.tableView(table, dragSessionDidEnd: session, operation: operation)
  }
  func sessionAllowsMove(_ session: DragSession) -> Bool {
    table.noteApplicationCall("tableView(_:dragSessionAllowsMoveOperation:)")
    return table.dragDelegate?.tableView(table, dragSessionAllowsMoveOperation: session) ?? true
  }
  func sessionIsRestricted(_ session: DragSession) -> Bool {
    table.noteApplicationCall("tableView(_:dragSessionIsRestrictedToDraggingApplication:)")
    return table.dragDelegate?.tableView(table, dragSessionIsRestrictedToDraggingApplication: session) ?? false
  }
}

/// A table's drop delegate, as the list engine asks it.
@MainActor
struct TableDropBridge: ItemsDropBridge {
  unowned let table: TableView

  var isConnected: Bool { table.dropDelegate != nil }
  func canHandle(_ session: DropSession) -> Bool {
    table.noteApplicationCall("tableView(_:canHandle:)")
    return table.dropDelegate?.tableView(table, canHandle: session) ?? false
  }
  func sessionDidEnter(_ session: DropSession) {
    table.noteApplicationCall("tableView(_:dropSessionDidEnter:)")
    table.dropDelegate?.tableView(table, dropSessionDidEnter: session)
  }
  func proposal(_ session: DropSession, destination: IndexPath?) -> ItemsViewDropProposal {
    table.noteApplicationCall("tableView(_:dropSessionDidUpdate:withDestinationIndexPath:)", at: destination)
    return table.dropDelegate?.tableView(table, dropSessionDidUpdate: session, withDestinationIndexPath: destination)
      .engineProposal ?? ItemsViewDropProposal(operation: .cancel)
  }
  func sessionDidExit(_ session: DropSession) {
    table.noteApplicationCall("tableView(_:dropSessionDidExit:)")
    table.dropDelegate?.tableView(table, dropSessionDidExit: session)
  }
  func sessionDidEnd(_ session: DropSession) {
    table.noteApplicationCall("tableView(_:dropSessionDidEnd:)")
    table.dropDelegate?.tableView(table, dropSessionDidEnd: session)
  }
  func makeCoordinator(
    items: [EngineDropItem], destination: IndexPath?, proposal: ItemsViewDropProposal, session: DropSession
  ) -> ItemsViewDropCoordinator {
    TableViewDropCoordinator(
      items: items, destinationIndexPath: destination, proposal: proposal, session: session, tableView: table)
  }
  func performDrop(with coordinator: ItemsViewDropCoordinator) {
    table.noteApplicationCall("tableView(_:performDropWith:)", at: coordinator.destinationIndexPath)
    guard let coordinator = coordinator as? TableViewDropCoordinator else { return }
    table.dropDelegate?.tableView(table, performDropWith: coordinator)
  }
  func previewParameters(at indexPath: IndexPath) -> DragPreviewParameters? {
    table.noteApplicationCall("tableView(_:dropPreviewParametersForRowAt:)", at: indexPath)
    return table.dropDelegate?.tableView(table, dropPreviewParametersForRowAt: indexPath)
  }
  func shouldSpringLoad(at indexPath: IndexPath, context: SpringLoadedContext) -> Bool {
    table.noteApplicationCall("tableView(_:shouldSpringLoadRowAt:with:)", at: indexPath)
    return table.dropDelegate?.tableView(table, shouldSpringLoadRowAt: indexPath, with: context) ?? true
  }
}
