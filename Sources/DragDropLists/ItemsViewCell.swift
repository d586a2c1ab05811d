import DragDrop
import Foundation

/// A cell of a table or collection view, reused as items scroll in and out.
@MainActor
open class ItemsViewCell: View {
  /// The identifier the cell was dequeued with; nil for a cell made directly.
  public internal(set) var reuseIdentifier: String?
  /// Whether the item is selected.
  public internal(set) var isSelected = false
  /// Whether a touch highlights the item now: a finger held on it, or the pointer pressed.
  public internal(set) var isHighlighted = false

  /// A cell of `frame`. A subclass builds its content in an override of this initializer
  /// (a table cell's in `init(style:reuseIdentifier:)`), as in UIKit.
  /// The size the list makes its next cell at: its item's, as UIKit makes cells.
  static var sizeOfNextCell: Size?

  /// Runs `make` with ``sizeOfNextCell`` set to `size`.
  static func making<Cell>(size: Size?, _ make: () -> Cell) -> Cell {
    let previous = sizeOfNextCell
    sizeOfNextCell = size
    defer { sizeOfNextCell = previous }
    return make()
  }

  public override init(frame: Rect = .zero) {
    super.init(frame: frame)
  }

  /// A cell for `reuseIdentifier`, as the view makes one of a registered class when it is
  /// dequeued. It calls the class's own designated initializer, so a subclass that
  /// overrides that initializer inherits this one.
  public required convenience init(reuseIdentifier: String?) {
    self.init(frame: Rect(origin: .zero, size: Self.sizeOfNextCell ?? .zero))
    self.reuseIdentifier = reuseIdentifier
  }

  /// Called before a cell is handed out again; clears the selection and drag state.
  open func prepareForReuse() {
    isSelected = false
    isHighlighted = false
    // Through dragStateDidChange, so that a cell reused after a drag drops its dragged look.
    setDragState(.none)
    isDropTarget = false
  }

  /// Whether the last layout placed the cell (it then has a place to glide from).
  var isPlaced = false
  /// The glide under way: the presentation offset it started from, and when.
  var glide: (from: Point, start: Double)?

  /// The cell's part in a drag (rule 19).
  public private(set) var dragState = CellDragState.none
  /// Whether the cell is highlighted as the target of an insert-into drop.
  public internal(set) var isDropTarget = false {
    didSet { if isDropTarget != oldValue { dropTargetStateDidChange(isDropTarget) } }
  }
  /// The background the cell had before the highlight.
  private var backgroundBeforeHighlight: Color?

  /// Called when the cell becomes or stops being the target of an insert-into drop. By
  /// default it tints the background light blue, and then gives the cell back its own.
  open func dropTargetStateDidChange(_ isDropTarget: Bool) {
    if isDropTarget {
      backgroundBeforeHighlight = backgroundColor
      backgroundColor = Color(red: 0.8, green: 0.9, blue: 1)
    } else {
      backgroundColor = backgroundBeforeHighlight
      backgroundBeforeHighlight = nil
    }
  }

  func setDragState(_ state: CellDragState) {
    guard state != dragState else { return }
    dragState = state
    dragStateDidChange(state)
  }

  /// Called when the cell's drag state changes; dims a dragged cell by default.
  open func dragStateDidChange(_ state: CellDragState) {
    alpha = state == .dragging ? 0.5 : 1
  }

  /// What the cell shows, for its line in a tree snapshot.
  var contentSnapshot: String { "" }

  /// What the cell is called in announcements: its accessibility label by default.
  open var accessibilityText: String? { accessibilityLabel }

  open override var snapshotDescription: String {
    super.snapshotDescription + contentSnapshot + (isSelected ? " selected" : "")
      + (dragState == .none ? "" : " drag=\(dragState)")
      + (isDropTarget ? " dropTarget" : "")
  }
}

/// How a cell takes part in a drag (rule 19).
public enum CellDragState: Sendable, Hashable {
  /// Not part of a drag.
  case none
  /// The cell's item is lifting.
  case lifting
  /// The cell's item is being dragged; the cell stays in place, usually dimmed.
  case dragging
}
