import Foundation

/// The checked forms of a table's or collection view's updates: each throws
/// ``BatchUpdateError`` and changes nothing where the Apple-named call logs the error and
/// recovers (rule 43). Reach them through the view's `checked` property.
///
/// ```swift
/// try tableView.checked.performBatchUpdates {
///   model.insert(name, at: 0)
///   try tableView.checked.insertRows(at: [IndexPath(row: 0, section: 0)])
/// }
/// ```
@MainActor
public struct CheckedUpdates<List: ItemsView> {
  let list: List

  /// Applies the changes made in `updates` as one change; throws what the block throws, or
  /// ``BatchUpdateError`` when the counts do not add up, and then nothing of the batch is
  /// applied. If the block had already changed the data source, call `reloadData()`.
  ///
  /// - Complexity: O(k log n) for k changed items among n.
  public func performBatchUpdates(
    _ updates: () throws -> Void, completion: (@MainActor (Bool) -> Void)? = nil
  ) throws {
    try list.checkedBatch(updates, completion: completion)
  }

  /// Inserts sections; throws when the change does not add up.
  public func insertSections(_ sections: IndexSet, with animation: RowAnimation = .automatic) throws(BatchUpdateError) {
    try list.record(animation: animation) { $0.insertSections(sections) }
  }
  /// Deletes sections; throws when the change does not add up.
  public func deleteSections(_ sections: IndexSet, with animation: RowAnimation = .automatic) throws(BatchUpdateError) {
    try list.record(animation: animation) { $0.deleteSections(sections) }
  }
  /// Moves a section; throws when the change does not add up.
  public func moveSection(_ section: Int, toSection newSection: Int) throws(BatchUpdateError) {
    try list.record { $0.moveSection(section, toSection: newSection) }
  }
  /// Reloads sections; throws when the change does not add up.
  public func reloadSections(_ sections: IndexSet, with animation: RowAnimation = .automatic) throws(BatchUpdateError) {
    try list.record(animation: animation) { $0.reloadSections(sections) }
  }
}

extension CheckedUpdates where List == TableView {
  /// Inserts rows (paths after the update); throws when the change does not add up.
  public func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation = .automatic) throws(BatchUpdateError)
  {
    try list.record(animation: animation) { $0.insertItems(at: indexPaths) }
  }
  /// Deletes rows (paths before the update); throws when the change does not add up.
  public func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation = .automatic) throws(BatchUpdateError)
  {
    try list.record(animation: animation) { $0.deleteItems(at: indexPaths) }
  }
  /// Moves a row; throws when the change does not add up.
  public func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) throws(BatchUpdateError) {
    try list.record { $0.moveItem(at: indexPath, to: newIndexPath) }
  }
  /// Reloads rows; throws when the change does not add up.
  public func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation = .automatic) throws(BatchUpdateError)
  {
    try list.record(animation: animation) { $0.reloadItems(at: indexPaths) }
  }
}

extension CheckedUpdates where List == CollectionView {
  /// Inserts items (paths after the update); throws when the change does not add up.
  public func insertItems(at indexPaths: [IndexPath]) throws(BatchUpdateError) {
    try list.record { $0.insertItems(at: indexPaths) }
  }
  /// Deletes items (paths before the update); throws when the change does not add up.
  public func deleteItems(at indexPaths: [IndexPath]) throws(BatchUpdateError) {
    try list.record { $0.deleteItems(at: indexPaths) }
  }
  /// Moves an item; throws when the change does not add up.
  public func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) throws(BatchUpdateError) {
    try list.record { $0.moveItem(at: indexPath, to: newIndexPath) }
  }
  /// Reloads items; throws when the change does not add up.
  public func reloadItems(at indexPaths: [IndexPath]) throws(BatchUpdateError) {
    try list.record { $0.reloadItems(at: indexPaths) }
  }
}

extension TableView {
  /// The checked forms of the table's updates, which throw where these recover.
  public var checked: CheckedUpdates<TableView> { CheckedUpdates(list: self) }
}

extension CollectionView {
  /// The checked forms of the collection view's updates, which throw where these recover.
  public var checked: CheckedUpdates<CollectionView> { CheckedUpdates(list: self) }
}
