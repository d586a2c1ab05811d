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
}

extension TableViewDataSource {
  public func numberOfSections(in tableView: TableView) -> Int { 1 }
  public func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { nil }
}

/// A data source whose rows can be reordered: local single-row reorders go through
/// ``tableView(_:moveRowAt:to:)`` (rule 22).
@MainActor
public protocol TableViewReorderingDataSource: TableViewDataSource {
  /// True by default.
  func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool
  /// Moves the row in the model; `destination` is its index after the move.
  func tableView(_ tableView: TableView, moveRowAt source: IndexPath, to destination: IndexPath)
}

extension TableViewReorderingDataSource {
  public func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool { true }
}

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
  public func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> CGFloat { tableView.rowHeight }
  public func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {}
  public func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) {}
}
