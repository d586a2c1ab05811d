import Foundation

/// A view controller whose view is a table it is the data source and delegate of, as
/// UIKit's `UITableViewController`. Subclasses override the data source and delegate
/// methods they need.
///
/// ```swift
/// final class PrefecturesController: TableViewController {
///   let names = ["北海道", "青森県", "岩手県"]
///
///   override func viewDidLoad() {
///     super.viewDidLoad()
///     tableView.register(TableViewCell.self, forCellReuseIdentifier: "Cell")
///   }
///
///   override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
///     names.count
///   }
///
///   override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
///     let cell = tableView.dequeueReusableCell(withIdentifier: "Cell", for: indexPath)
///     cell.textLabel?.text = names[indexPath.row]
///     return cell
///   }
/// }
/// ```
@MainActor
open class TableViewController: ViewController, TableViewDataSource, TableViewDelegate {
  /// The style of the table the controller makes.
  public let tableViewStyle: TableView.Style

  /// A controller whose table is of `style`.
  public init(style: TableView.Style) {
    tableViewStyle = style
    super.init()
  }

  /// A controller of a plain table.
  public override convenience init() {
    self.init(style: .plain)
  }

  /// A controller of a plain table, as UIKit makes one from code; nib names and bundles
  /// are not used.
  public override init(nibName: String?, bundle: Bundle?) {
    tableViewStyle = .plain
    super.init(nibName: nibName, bundle: bundle)
  }

  /// UIKit's archive initializer; archives are not read.
  public required init?(coder: NSCoder) {
    tableViewStyle = .plain
    super.init(coder: coder)
  }

  /// The controller's table: its view.
  open var tableView: TableView! {
    get { view as? TableView }
    set { view = newValue }
  }

  /// Makes the table, with the controller as its data source and delegate.
  open override func loadView() {
    let table = TableView(frame: Rect(x: 0, y: 0, width: 320, height: 480), style: tableViewStyle)
    table.dataSource = self
    table.delegate = self
    view = table
  }

  // MARK: Data source

  /// One section, by default.
  open func numberOfSections(in tableView: TableView) -> Int { 1 }
  /// No rows, by default.
  open func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 0 }
  /// A plain cell, by default.
  open func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
    TableViewCell(style: .default, reuseIdentifier: nil)
  }
  /// No header title, by default.
  open func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { nil }
  /// No footer title, by default.
  open func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? { nil }
  /// True, by default.
  open func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool { true }
  /// Not implemented, by default: override it to delete or insert rows; until then the row
  /// stays, and the table warns.
  open func tableView(
    _ tableView: TableView, commit editingStyle: TableViewCell.EditingStyle, forRowAt indexPath: IndexPath
  ) {
    tableView.dataSourceCommittedEdit = false
  }
  /// True, by default.
  open func tableView(_ tableView: TableView, canMoveRowAt indexPath: IndexPath) -> Bool { true }
  /// Not implemented, by default: override it to take local reorders here (rule 22); until
  /// then they reach the drop delegate's `performDropWith`.
  open func tableView(_ tableView: TableView, moveRowAt source: IndexPath, to destination: IndexPath) {
    tableView.dataSourceMovedRow = false
  }

  // MARK: Delegate

  /// The table's ``TableView/rowHeight``, by default.
  open func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
    tableView.rowHeight
  }
  /// Does nothing, by default.
  open func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {}
  /// Does nothing, by default.
  open func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) {}
  /// The table's ``TableView/sectionHeaderHeight``, by default.
  open func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> CGFloat {
    CGFloat(tableView.sectionHeaderHeight)
  }
  /// The table's ``TableView/sectionFooterHeight``, by default.
  open func tableView(_ tableView: TableView, heightForFooterInSection section: Int) -> CGFloat {
    CGFloat(tableView.sectionFooterHeight)
  }
  /// No view, by default: the title shows.
  open func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> View? { nil }
  /// No view, by default: the footer title shows.
  open func tableView(_ tableView: TableView, viewForFooterInSection section: Int) -> View? { nil }
  /// The delete style, by default.
  open func tableView(
    _ tableView: TableView, editingStyleForRowAt indexPath: IndexPath
  )
    -> TableViewCell.EditingStyle
  { .delete }
  /// True, by default.
  open func tableView(_ tableView: TableView, shouldIndentWhileEditingRowAt indexPath: IndexPath) -> Bool { true }
  /// "Delete", by default.
  open func tableView(
    _ tableView: TableView, titleForDeleteConfirmationButtonForRowAt indexPath: IndexPath
  )
    -> String?
  { "Delete" }
  /// None, by default.
  open func tableView(
    _ tableView: TableView, leadingSwipeActionsConfigurationForRowAt indexPath: IndexPath
  ) -> SwipeActionsConfiguration? { nil }
  /// The table's default, by default: Delete where the row can be edited.
  open func tableView(
    _ tableView: TableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath
  ) -> SwipeActionsConfiguration? { nil }
  /// The proposed path, by default.
  open func tableView(
    _ tableView: TableView, targetIndexPathForMoveFromRowAt sourceIndexPath: IndexPath,
    toProposedIndexPath proposedDestinationIndexPath: IndexPath
  ) -> IndexPath { proposedDestinationIndexPath }

  // MARK: Editing

  /// Turns editing on or off for the controller and its table.
  open override func setEditing(_ editing: Bool, animated: Bool) {
    super.setEditing(editing, animated: animated)
    tableView?.setEditing(editing, animated: animated)
  }
}
