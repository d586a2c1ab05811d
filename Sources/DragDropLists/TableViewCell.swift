import DragDrop
import Foundation

/// A row of a table: a cell with a text label.
@MainActor
open class TableViewCell: ItemsViewCell {
  /// The label that shows the row's text, inset 16 points from the sides.
  public let textLabel = Label()

  public required init(reuseIdentifier: String?) {
    super.init(reuseIdentifier: reuseIdentifier)
    textLabel.font = .systemFont(ofSize: 17)
    addSubview(textLabel)
  }

  /// Called before a cell is handed out again; clears the text by default.
  open override func prepareForReuse() {
    super.prepareForReuse()
    textLabel.text = nil
  }

  open override func layoutSubviews() {
    textLabel.frame = bounds.inset(by: EdgeInsets(top: 0, left: 16, bottom: 0, right: 16))
  }

  override var contentSnapshot: String { textLabel.text.map { " text=\"\($0)\"" } ?? "" }

  /// The accessibility label, or the text the cell shows.
  open override var accessibilityText: String? { accessibilityLabel ?? textLabel.text }
}
