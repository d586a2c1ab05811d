import DragDrop
import Foundation

/// An item of a collection view: a cell whose ``contentView`` holds what it shows.
@MainActor
open class CollectionViewCell: ItemsViewCell {
  /// The view to add content to; it fills the cell.
  public let contentView = View()

  public required init(reuseIdentifier: String?) {
    super.init(reuseIdentifier: reuseIdentifier)
    addSubview(contentView)
  }

  open override func layoutSubviews() {
    contentView.frame = bounds
  }
}
