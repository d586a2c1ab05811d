import DragDrop
import Foundation

/// Supplies a table's sections, rows and cells.
@MainActor
public protocol TableViewDataSource: AnyObject {
  /// 1 by default.
  func numberOfSections(in tableView: TableView) -> Int
  /// How many rows `section` has.
  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int
  /// A cell for a visible row, usually from ``TableView/dequeueReusableCell(withIdentifier:for:)``.
  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell
  /// A header title; none by default. A section with a title gets a header.
  func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String?
  /// Whether a row may move; true by default.
  func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool
  /// Moves the row in the model; `destination` is its index after the move. A data source
  /// that implements it takes local single-row reorders here instead of in
  /// `performDropWith` (rule 22), as in UIKit; without it, they reach `performDropWith`.
  func tableView(_ tableView: TableView, moveRowAt source: IndexPath, to destination: IndexPath)
}

extension TableViewDataSource {
  public func numberOfSections(in tableView: TableView) -> Int { 1 }
  public func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { nil }
  /// Every row may move.
  public func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool { true }
  /// Not implemented: the table hears so, and the reorder goes to `performDropWith`.
  public func tableView(_ tableView: TableView, moveRowAt source: IndexPath, to destination: IndexPath) {
    tableView.dataSourceMovedRow = false
  }
}

/// A data source that says in its type that it reorders rows through
/// ``TableViewDataSource/tableView(_:moveRowAt:to:)`` (rule 22). Any data source that
/// implements that method reorders the same way; this protocol adds nothing to it.
@MainActor
public protocol TableViewReorderingDataSource: TableViewDataSource {}

/// Row heights and selection.
@MainActor
public protocol TableViewDelegate: AnyObject {
  /// The table's ``TableView/rowHeight`` by default.
  func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> CGFloat
  /// The user selected a row, by a tap or the keyboard.
  func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath)
  /// The user deselected a row.
  func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath)
}

extension TableViewDelegate {
  /// The table's ``TableView/rowHeight``.
  public func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> CGFloat { tableView.rowHeight }
  public func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {}
  public func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) {}
}
