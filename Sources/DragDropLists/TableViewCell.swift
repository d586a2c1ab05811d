import DragDrop
import Foundation

/// A row of a table: a cell with a text label, and, by its style, a detail label and an
/// image view, as UIKit's `UITableViewCell`.
@MainActor
open class TableViewCell: ItemsViewCell {
  /// What a cell shows beside its text.
  public enum CellStyle: Int, Sendable {
    /// A text label, with an image view on its left.
    case `default`
    /// A text label on the left and a detail label on the right.
    case value1
    /// A detail label on the left and a text label beside it.
    case value2
    /// A text label over a smaller detail label.
    case subtitle
  }

  /// The cell's style.
  public let style: CellStyle

  private let primaryLabel = Label()
  private var secondaryLabel: Label?
  private var image: ImageView?

  /// A cell of `style` for `reuseIdentifier`. Subclasses override this to build their
  /// content, as in UIKit.
  public init(style: CellStyle, reuseIdentifier: String?) {
    self.style = style
    // UIKit's cells start at 320 by 44 points; one the table makes starts at its row's size.
    super.init(frame: Rect(origin: .zero, size: Self.sizeOfNextCell ?? Size(width: 320, height: 44)))
    self.reuseIdentifier = reuseIdentifier
    contentView.frame = bounds
    addSubview(contentView)
    primaryLabel.font = .systemFont(ofSize: 17)
    addSubview(primaryLabel)
    if style != .default {
      let detail = Label()
      detail.font = .systemFont(ofSize: style == .subtitle ? 12 : 17)
      detail.textColor = .secondary
      addSubview(detail)
      secondaryLabel = detail
    }
  }

  /// A default-style cell of `frame`.
  public override convenience init(frame: Rect = .zero) {
    self.init(style: .default, reuseIdentifier: nil)
    self.frame = frame
  }

  /// A default-style cell for `reuseIdentifier`, as the table makes one of a registered
  /// class: through ``init(style:reuseIdentifier:)``, so a subclass's override of it runs.
  public required convenience init(reuseIdentifier: String?) {
    self.init(style: .default, reuseIdentifier: reuseIdentifier)
  }

  /// The view to add content to, as UIKit code does; it fills the cell, behind the labels
  /// and the image of the cell's style.
  public let contentView = View()

  /// The line along the cell's bottom edge that the table's ``TableView/separatorStyle``
  /// asks for, above everything the cell shows, as UIKit's cells have.
  private let separatorView: View = {
    let line = View()
    line.isUserInteractionEnabled = false
    line.isHidden = true
    return line
  }()
  private var ownSeparatorInset: EdgeInsets?

  /// How far the separator stays from the cell's edges (left and right are used): the
  /// table's ``TableView/separatorInset`` unless set.
  public var separatorInset: EdgeInsets {
    get { ownSeparatorInset ?? (superview as? TableView)?.separatorInset ?? TableView.defaultSeparatorInset }
    set {
      ownSeparatorInset = newValue
      setNeedsLayout()
    }
  }

  /// Shows the separator as the table the cell is in asks, along the bottom edge. In a
  /// grouped table, a section's last row has none: the section's edge is enough.
  private func layoutSeparator() {
    guard let table = superview as? TableView, table.separatorStyle == .singleLine, let color = table.separatorColor,
      !isLastRowOfGroupedSection(in: table)
    else {
      separatorView.isHidden = true
      return
    }
    if separatorView.superview !== self { addSubview(separatorView) }
    if subviews.last !== separatorView { bringSubviewToFront(separatorView) }
    let inset = separatorInset
    separatorView.isHidden = false
    separatorView.backgroundColor = color
    separatorView.frame = Rect(
      x: inset.left, y: bounds.height - TableView.separatorThickness,
      width: max(0, bounds.width - inset.left - inset.right), height: TableView.separatorThickness)
  }

  private func isLastRowOfGroupedSection(in table: TableView) -> Bool {
    guard table.style != .plain, let path = table.indexPath(for: self) else { return false }
    return path.row == table.numberOfRows(inSection: path.section) - 1
  }

  // MARK: Editing

  /// Whether the cell shows its table's editing mode: its editing control on the left and,
  /// when the row can move, a reorder control on the right. The table sets it.
  public private(set) var isEditing = false
  /// Whether the cell shows a reorder control in editing mode when its row can move: true
  /// by default here, so that a data source implementing `moveRowAt` needs nothing more;
  /// false hides the control.
  public var showsReorderControl = true
  /// The editing control on show in editing mode.
  private(set) var editingControl: EditingControlView?
  /// The reorder control on show in editing mode.
  private(set) var reorderControl: ReorderControlView?
  /// How far the content moves right for the editing control.
  private(set) var editingIndent = 0.0
  /// How wide the reorder control is.
  nonisolated static let reorderControlWidth = 44.0

  /// Shows or hides the editing and reorder controls, and moves the content aside for them.
  func applyEditing(_ editing: Bool, style: TableViewCell.EditingStyle, indent: Double, reorder: Bool) {
    let reorderShown = reorderControl.map { !$0.isHidden } ?? false
    guard
      editing != isEditing || style != (editingControl?.style ?? .none) || indent != editingIndent
        || reorder != reorderShown
    else { return }
    isEditing = editing
    editingIndent = indent
    show(&editingControl, style != .none) { EditingControlView() }?.style = style
    show(&reorderControl, reorder) { ReorderControlView() }
    setNeedsLayout()
  }

  /// Shows `control`, made and added on first use, or hides it; returns it when shown.
  @discardableResult
  private func show<Control: View>(_ control: inout Control?, _ shown: Bool, make: () -> Control) -> Control? {
    guard shown else {
      control?.isHidden = true
      return nil
    }
    if control == nil {
      let made = make()
      addSubview(made)
      control = made
    }
    control?.isHidden = false
    return control
  }

  /// The cell's rectangle in its own coordinates, whatever its bounds' origin: a swiped
  /// row moves its bounds' origin to slide its content aside.
  private var localBounds: Rect { Rect(origin: .zero, size: bounds.size) }

  /// Slides the content sideways by `offset` points (negative to the left), clipped to the
  /// cell, as a swiped row shows it; 0 puts it back.
  func slideContent(by offset: Double) {
    bounds.origin = Point(x: -offset, y: 0)
    clipsToBounds = offset != 0
  }

  /// The content's rectangle: the cell, less the editing controls' room.
  private var contentArea: Rect {
    let right = reorderControl.map { $0.isHidden ? 0 : Self.reorderControlWidth } ?? 0
    return localBounds.inset(by: EdgeInsets(top: 0, left: editingIndent, bottom: 0, right: right))
  }

  /// The label that shows the row's text. Never nil; optional as in UIKit.
  public var textLabel: Label? { primaryLabel }

  /// The label that shows the row's detail; nil in the default style.
  public var detailTextLabel: Label? { secondaryLabel }

  /// The image view at the row's leading edge, made on first use; nil in the `value2` style.
  public var imageView: ImageView? {
    guard style != .value2 else { return nil }
    if let image { return image }
    let made = ImageView()
    addSubview(made)
    image = made
    setNeedsLayout()
    return made
  }

  /// Called before a cell is handed out again; clears the text, the detail and the image
  /// by default.
  open override func prepareForReuse() {
    super.prepareForReuse()
    primaryLabel.text = nil
    secondaryLabel?.text = nil
    image?.image = nil
  }

  open override func layoutSubviews() {
    let area = contentArea
    contentView.frame = area
    layoutSeparator()
    editingControl?.frame = Rect(x: 4, y: 0, width: 34, height: bounds.height)
    reorderControl?.frame = Rect(
      x: bounds.width - Self.reorderControlWidth, y: 0, width: Self.reorderControlWidth, height: bounds.height)
    var content = area.inset(by: EdgeInsets(top: 0, left: 16, bottom: 0, right: 16))
    if let image, image.image != nil {
      let side = min(content.height - 8, 40)
      image.frame = Rect(x: content.minX, y: content.midY - side / 2, width: side, height: side)
      content = content.inset(by: EdgeInsets(top: 0, left: side + 12, bottom: 0, right: 0))
    }
    guard let detail = secondaryLabel else {
      primaryLabel.frame = content
      return
    }
    switch style {
    case .subtitle:
      let top = content.inset(by: EdgeInsets(top: 0, left: 0, bottom: content.height * 0.45, right: 0))
      primaryLabel.frame = top
      detail.frame = content.inset(by: EdgeInsets(top: content.height * 0.55, left: 0, bottom: 0, right: 0))
    case .value2:
      detail.frame = content.inset(by: EdgeInsets(top: 0, left: 0, bottom: 0, right: content.width * 0.7))
      primaryLabel.frame = content.inset(by: EdgeInsets(top: 0, left: content.width * 0.32, bottom: 0, right: 0))
    default:
      primaryLabel.frame = content.inset(by: EdgeInsets(top: 0, left: 0, bottom: 0, right: content.width * 0.4))
      detail.frame = content.inset(by: EdgeInsets(top: 0, left: content.width * 0.6, bottom: 0, right: 0))
      detail.textAlignment = .right
    }
  }

  /// The height the cell's labels need at `size`'s width, with UIKit's margins: at least
  /// 44 points.
  open override func sizeThatFits(_ size: Size) -> Size {
    var width = size.width - 32
    // An image shows 36 points wide in a row of the minimum height, with 12 after it.
    if let image, image.image != nil { width -= 36 + 12 }
    let primary = primaryLabel.sizeThatFits(Size(width: width, height: .greatestFiniteMagnitude)).height
    let detail = secondaryLabel?.sizeThatFits(Size(width: width, height: .greatestFiniteMagnitude)).height ?? 0
    let content = style == .subtitle ? primary + detail + 2 : max(primary, detail)
    return Size(width: size.width, height: max(44, (content + 22).rounded(.up)))
  }

  override var contentSnapshot: String {
    (primaryLabel.text.map { " text=\"\($0)\"" } ?? "") + (secondaryLabel?.text.map { " detail=\"\($0)\"" } ?? "")
  }

  /// The accessibility label, or the text the cell shows.
  open override var accessibilityText: String? {
    if let accessibilityLabel { return accessibilityLabel }
    let texts = [primaryLabel.text, secondaryLabel?.text].compactMap { $0 }
    return texts.isEmpty ? nil : texts.joined(separator: ", ")
  }
}
