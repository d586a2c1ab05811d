import DragDrop
import Foundation

/// An item of a collection view: a cell whose ``contentView`` holds what it shows.
@MainActor
open class CollectionViewCell: ItemsViewCell {
  /// The view to add content to; it fills the cell.
  public let contentView = View()

  /// A cell of `frame`, its content view filling it. Subclasses override this to build
  /// their content, as in UIKit.
  public override init(frame: Rect = .zero) {
    super.init(frame: frame)
    contentView.frame = bounds
    addSubview(contentView)
  }

  open override func layoutSubviews() {
    contentView.frame = bounds
  }
}
