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
  /// A footer title; none by default. A section with one gets a footer, below its rows.
  func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String?
  /// Whether a row may move; true by default.
  func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool
  /// Moves the row in the model; `destination` is its index after the move. A data source
  /// that implements it takes local single-row reorders here instead of in
  /// `performDropWith` (rule 22), as in UIKit; without it, they reach `performDropWith`.
  func tableView(_ tableView: TableView, moveRowAt source: IndexPath, to destination: IndexPath)
  /// Whether a row can be edited: deleted by a swipe or its delete control, or inserted
  /// by its insert control. True by default.
  func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool
  /// Deletes or inserts a row in the model and tells the table (``TableView/deleteRows(at:with:)``),
  /// as a swipe's Delete action or an editing control asks. A data source that does not
  /// implement it leaves the row, and a warning says so.
  func tableView(
    _ tableView: TableView, commit editingStyle: TableViewCell.EditingStyle, forRowAt indexPath: IndexPath)
}

extension TableViewDataSource {
  public func numberOfSections(in tableView: TableView) -> Int { 1 }
  public func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { nil }
  /// No footer title.
  public func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? { nil }
  /// Every row may move.
  public func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool { true }
  /// Not implemented: the table hears so, and the reorder goes to `performDropWith`.
  public func tableView(_ tableView: TableView, moveRowAt source: IndexPath, to destination: IndexPath) {
    tableView.dataSourceMovedRow = false
  }
  /// Every row can be edited.
  public func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool { true }
  /// Not implemented: the row stays, and the table warns.
  public func tableView(
    _ tableView: TableView, commit editingStyle: TableViewCell.EditingStyle, forRowAt indexPath: IndexPath
  ) {
    tableView.dataSourceCommittedEdit = false
  }
}

/// A data source that says in its type that it reorders rows through
/// ``TableViewDataSource/tableView(_:moveRowAt:to:)`` (rule 22). Any data source that
/// implements that method reorders the same way; this protocol adds nothing to it.
@MainActor
public protocol TableViewReorderingDataSource: TableViewDataSource {}

/// Row heights, section headers and footers, and selection.
@MainActor
public protocol TableViewDelegate: ScrollViewDelegate {
  /// The table's ``TableView/rowHeight`` by default.
  func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> CGFloat
  /// A section header's height: the table's ``TableView/sectionHeaderHeight`` by default.
  /// ``TableView/automaticDimension`` takes the height the table's style gives a header
  /// with the section's title or view.
  func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> CGFloat
  /// A section footer's height: the table's ``TableView/sectionFooterHeight`` by default;
  /// ``TableView/automaticDimension`` as for headers.
  func tableView(_ tableView: TableView, heightForFooterInSection section: Int) -> CGFloat
  /// A view to show as a section's header, in place of its title; none by default.
  func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> View?
  /// A view to show as a section's footer, in place of its title; none by default.
  func tableView(_ tableView: TableView, viewForFooterInSection section: Int) -> View?
  /// A row's editing control in editing mode, and whether a swipe offers Delete:
  /// ``TableViewCell/EditingStyle/delete`` by default.
  func tableView(_ tableView: TableView, editingStyleForRowAt indexPath: IndexPath) -> TableViewCell.EditingStyle
  /// Whether a row's content moves right for its editing control: true by default.
  func tableView(_ tableView: TableView, shouldIndentWhileEditingRowAt indexPath: IndexPath) -> Bool
  /// The title of the Delete action a swipe or a delete control shows: "Delete" by default.
  func tableView(_ tableView: TableView, titleForDeleteConfirmationButtonForRowAt indexPath: IndexPath) -> String?
  /// The actions a row shows when swiped from its leading edge: none by default.
  func tableView(
    _ tableView: TableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath
  ) -> SwipeActionsConfiguration?
  /// The actions a row shows when swiped from its trailing edge. Nil, the default, offers
  /// Delete when the row can be edited with the delete style; an empty configuration
  /// offers nothing.
  func tableView(
    _ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath
  ) -> SwipeActionsConfiguration?
  /// Where a row moved by its reorder control may go: the proposed path by default.
  func tableView(
    _ tableView: TableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
    toProposedIndexPath proposedDestinationIndexPath: IndexPath
  ) -> IndexPath
  /// The user selected a row, by a tap or the keyboard.
  func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath)
  /// The user deselected a row.
  func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath)
  /// Whether a touch on a row highlights it. True by default.
  func tableView(_ tableView: TableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool
  /// A touch highlighted a row: a finger that stayed still a moment, or the pointer.
  func tableView(_ tableView: TableView, didHighlightRowAt indexPath: IndexPath)
  /// The highlight went: the touch lifted, or a scroll or a drag took it.
  func tableView(_ tableView: TableView, didUnhighlightRowAt indexPath: IndexPath)
}

extension TableViewDelegate {
  /// The table's ``TableView/rowHeight``.
  public func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> CGFloat { tableView.rowHeight }
  /// The table's ``TableView/sectionHeaderHeight``.
  public func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> CGFloat {
    CGFloat(tableView.sectionHeaderHeight)
  }
  /// The table's ``TableView/sectionFooterHeight``.
  public func tableView(_ tableView: TableView, heightForFooterInSection section: Int) -> CGFloat {
    CGFloat(tableView.sectionFooterHeight)
  }
  /// No view: the section's title, if it has one, shows.
  public func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> View? { nil }
  /// No view: the section's footer title, if it has one, shows.
  public func tableView(_ tableView: TableView, viewForFooterInSection section: Int) -> View? { nil }
  /// The delete style.
  public func tableView(
    _ tableView: TableView, editingStyleForRowAt indexPath: IndexPath
  )
    -> TableViewCell.EditingStyle
  { .delete }
  /// Rows indent.
  public func tableView(_ tableView: TableView, shouldIndentWhileEditingRowAt indexPath: IndexPath) -> Bool { true }
  /// "Delete".
  public func tableView(
    _ tableView: TableView, titleForDeleteConfirmationButtonForRowAt indexPath: IndexPath
  )
    -> String?
  { "Delete" }
  /// No leading actions.
  public func tableView(
    _ tableView: TableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath
  ) -> SwipeActionsConfiguration? { nil }
  /// The table's default: Delete where the row can be edited.
  public func tableView(
    _ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath
  ) -> SwipeActionsConfiguration? { nil }
  /// The proposed path.
  public func tableView(
    _ tableView: TableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
    toProposedIndexPath proposedDestinationIndexPath: IndexPath
  ) -> IndexPath { proposedDestinationIndexPath }
  public func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {}
  public func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) {}
  public func tableView(_ tableView: TableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool { true }
  public func tableView(_ tableView: TableView, didHighlightRowAt indexPath: IndexPath) {}
  public func tableView(_ tableView: TableView, didUnhighlightRowAt indexPath: IndexPath) {}
}
