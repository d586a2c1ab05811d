import DragDrop
import Foundation

/// A view for a table's section header or footer, as UIKit's `UITableViewHeaderFooterView`:
/// the table makes one to show a section's title, and a delegate's
/// ``TableViewDelegate/tableView(_:viewForHeaderInSection:)`` can return one of its own,
/// registered with ``TableView/register(_:forHeaderFooterViewReuseIdentifier:)`` and
/// dequeued with ``TableView/dequeueReusableHeaderFooterView(withIdentifier:)``.
@MainActor
open class TableViewHeaderFooterView: View {
  /// The identifier it is reused under; nil for a view that is not reused.
  public let reuseIdentifier: String?
  /// The view to add content to; it fills the header or footer.
  public let contentView = View()
  /// The title label, made when first asked for.
  public var textLabel: Label? {
    if let label { return label }
    let made = Label()
    made.font = .preferredFont(forTextStyle: .footnote)
    made.textColor = .secondaryLabel
    contentView.addSubview(made)
    label = made
    setNeedsLayout()
    return made
  }
  private var label: Label?
  /// Where the title sits: against the bottom, above the rows, for a grouped table's
  /// header; against the top for a footer; in the middle otherwise.
  enum TitlePlacement { case middle, bottom, top }
  var titlePlacement = TitlePlacement.middle
  /// How far the title stays from the sides.
  var titleInset = 16.0

  /// A header or footer view reused under `reuseIdentifier`. Subclasses override it to build
  /// their content.
  public required init(reuseIdentifier: String?) {
    self.reuseIdentifier = reuseIdentifier
    super.init(frame: Rect(x: 0, y: 0, width: 320, height: 28))
    addSubview(contentView)
  }

  /// Called before the view is handed out again by
  /// ``TableView/dequeueReusableHeaderFooterView(withIdentifier:)``: clear what the last
  /// section set.
  open func prepareForReuse() {}

  open override func layoutSubviews() {
    super.layoutSubviews()
    contentView.frame = bounds
    guard let label else { return }
    let height = min(bounds.height, max(label.font.size * 1.3, 16))
    let width = max(0, bounds.width - 2 * titleInset)
    let y: Double =
      switch titlePlacement {
      case .middle: (bounds.height - height) / 2
      case .bottom: max(0, bounds.height - height - 6)
      case .top: min(6, max(0, bounds.height - height))
      }
    label.frame = Rect(x: titleInset, y: y, width: width, height: height)
  }
}

/// What a section's header or footer shows.
enum SectionSupplement {
  case none
  case title(String)
  case view(View)

  var isNone: Bool {
    if case .none = self { return true }
    return false
  }
}

/// The headers and footers of a table's sections, and the views that show them.
struct SectionSupplements {
  /// What each section's header and footer show, as the data source and delegate last said.
  var headers: [SectionSupplement] = []
  var footers: [SectionSupplement] = []
  /// The views on show, by section.
  var shownHeaders: [Int: View] = [:]
  var shownFooters: [Int: View] = [:]
  /// White behind the rows of a grouped table's sections on show.
  var backgrounds: [Int: View] = [:]
  /// Header and footer views waiting for reuse, and the registered classes, by identifier.
  var pool: [String: [TableViewHeaderFooterView]] = [:]
  var registered: [String: TableViewHeaderFooterView.Type] = [:]
  /// Whether no section has a header or a footer to show: a plain table then has nothing
  /// to lay out beside its rows.
  var hasNone = true
}

extension TableView {
  /// Makes header and footer views of `viewClass` for `identifier`.
  public func register(
    _ viewClass: TableViewHeaderFooterView.Type, forHeaderFooterViewReuseIdentifier identifier: String
  ) {
    supplements.registered[identifier] = viewClass
  }

  /// A header or footer view for `identifier`: one no longer on show when there is one,
  /// otherwise a new one of the registered class; nil when the identifier was never
  /// registered, so that the caller makes one.
  public func dequeueReusableHeaderFooterView(withIdentifier identifier: String) -> TableViewHeaderFooterView? {
    if let view = supplements.pool[identifier]?.popLast() {
      view.prepareForReuse()
      return view
    }
    return supplements.registered[identifier].map { $0.init(reuseIdentifier: identifier) }
  }

  /// The view showing a section's header; nil when it is not on show, or is a view of the
  /// delegate's own that is not a ``TableViewHeaderFooterView``.
  public func headerView(forSection section: Int) -> TableViewHeaderFooterView? {
    supplements.shownHeaders[section] as? TableViewHeaderFooterView
  }

  /// The view showing a section's footer; nil when it is not on show, or is a view of the
  /// delegate's own that is not a ``TableViewHeaderFooterView``.
  public func footerView(forSection section: Int) -> TableViewHeaderFooterView? {
    supplements.shownFooters[section] as? TableViewHeaderFooterView
  }

  /// A section's whole rectangle, header and footer included, in content coordinates.
  public func rect(forSection section: Int) -> Rect {
    guard let part = layout.sectionGeometry(section) else { return .zero }
    return Rect(x: 0, y: part.top, width: bounds.width, height: part.bottom - part.top)
  }

  /// A section header's rectangle, in content coordinates.
  public func rectForHeader(inSection section: Int) -> Rect {
    guard let part = layout.sectionGeometry(section) else { return .zero }
    return Rect(x: 0, y: part.top, width: bounds.width, height: part.rowsTop - part.top)
  }

  /// A section footer's rectangle, in content coordinates.
  public func rectForFooter(inSection section: Int) -> Rect {
    guard let part = layout.sectionGeometry(section) else { return .zero }
    return Rect(x: 0, y: part.rowsBottom, width: bounds.width, height: part.bottom - part.rowsBottom)
  }

  /// Asks the data source and the delegate what each section's header and footer show and
  /// how tall they are. Views no longer asked for go back to the reuse pool.
  func askSectionExtents(sections: Int) -> [SectionExtents] {
    let old = supplements.headers + supplements.footers
    supplements.headers = (0..<sections).map { section in
      if let view = tableDelegate?.tableView(self, viewForHeaderInSection: section) { return .view(view) }
      return dataSource?.tableView(self, titleForHeaderInSection: section).map(SectionSupplement.title) ?? .none
    }
    supplements.footers = (0..<sections).map { section in
      if let view = tableDelegate?.tableView(self, viewForFooterInSection: section) { return .view(view) }
      return dataSource?.tableView(self, titleForFooterInSection: section).map(SectionSupplement.title) ?? .none
    }
    supplements.hasNone = supplements.headers.allSatisfy(\.isNone) && supplements.footers.allSatisfy(\.isNone)
    let kept = Set((supplements.headers + supplements.footers).compactMap(\.viewIdentity))
    for case .view(let view) in old where !kept.contains(ObjectIdentifier(view)) { recycleSupplement(view) }
    return (0..<sections).map { section in
      SectionExtents(
        header: extent(
          of: supplements.headers[section], asked: tableDelegate?.tableView(self, heightForHeaderInSection: section),
          fallback: sectionHeaderHeight, isHeader: true, section: section),
        footer: extent(
          of: supplements.footers[section], asked: tableDelegate?.tableView(self, heightForFooterInSection: section),
          fallback: sectionFooterHeight, isHeader: false, section: section))
    }
  }

  /// A header's or footer's height: the delegate's or the table's when set, otherwise the
  /// height the table's style gives it (<doc:TableSections>).
  private func extent(
    of supplement: SectionSupplement, asked: CGFloat?, fallback: Double, isHeader: Bool, section: Int
  ) -> Double {
    let given = asked.map(Double.init) ?? fallback
    if given != Double(Self.automaticDimension) { return given.isFinite ? max(0, given) : 0 }
    let grouped = style != .plain
    switch supplement {
    case .none:
      // A grouped table keeps its sections apart even without titles.
      guard grouped else { return 0 }
      return isHeader && section == 0 ? 35 : 18
    case .title:
      return grouped ? 38 : 28
    case .view(let view):
      let fitted = Double(view.sizeThatFits(Size(width: bounds.width, height: .greatestFiniteMagnitude)).height)
      if fitted.isFinite, fitted > 0 { return fitted }
      return view.frame.height > 0 ? view.frame.height : (grouped ? 38 : 28)
    }
  }

  /// Puts a header or footer view that left the table back in the pool, when it is reusable.
  private func recycleSupplement(_ view: View) {
    if view.superview === self { view.removeFromSuperview() }
    guard let reusable = view as? TableViewHeaderFooterView, let identifier = reusable.reuseIdentifier,
      !(supplements.pool[identifier]?.contains { $0 === reusable } ?? false)
    else { return }
    supplements.pool[identifier, default: []].append(reusable)
  }

  /// Takes every header, footer and section background off the table, for a reload.
  func removeSectionViews() {
    for view in supplements.shownHeaders.values { recycleSupplement(view) }
    for view in supplements.shownFooters.values { recycleSupplement(view) }
    for view in supplements.backgrounds.values { view.removeFromSuperview() }
    supplements.shownHeaders = [:]
    supplements.shownFooters = [:]
    supplements.backgrounds = [:]
  }

  /// Shows the headers, footers and (in grouped styles) section backgrounds that meet the
  /// band from `top` to `bottom`, and takes the others off. A plain table's headers stay
  /// at the top of the band while their section shows, over the rows.
  func layoutSectionViews(top: Double, bottom: Double) {
    // A plain table without headers or footers, the common case, has nothing to do on
    // each drag move.
    if style == .plain, supplements.hasNone, supplements.shownHeaders.isEmpty, supplements.shownFooters.isEmpty {
      return
    }
    let layout = self.layout
    let inset = layout.rowInset
    for section in 0..<layout.numberOfSections {
      guard let part = layout.sectionGeometry(section) else { continue }
      var header = Rect(x: 0, y: part.top, width: bounds.width, height: part.rowsTop - part.top)
      if style == .plain, header.height > 0 {
        // A plain table's header stays at the top while its section shows, until the next
        // section's pushes it up.
        header.origin.y = max(part.top, min(top, part.bottom - header.height))
      }
      let footer = Rect(x: 0, y: part.rowsBottom, width: bounds.width, height: part.bottom - part.rowsBottom)
      place(
        section < supplements.headers.count ? supplements.headers[section] : .none, in: header, section: section,
        isHeader: true,
        visible: header.height > 0 && header.maxY > top && header.minY < bottom)
      place(
        section < supplements.footers.count ? supplements.footers[section] : .none, in: footer, section: section,
        isHeader: false,
        visible: footer.height > 0 && footer.maxY > top && footer.minY < bottom)
      let rows = Rect(
        x: inset, y: part.rowsTop, width: max(0, bounds.width - 2 * inset), height: part.rowsBottom - part.rowsTop)
      if style != .plain, rows.height > 0, rows.maxY > top, rows.minY < bottom {
        let background = supplements.backgrounds[section] ?? View()
        background.backgroundColor = .secondarySystemGroupedBackground
        background.cornerRadius = style == .insetGrouped ? 10 : 0
        background.clipsToBounds = true
        background.frame = rows
        if supplements.backgrounds[section] == nil {
          supplements.backgrounds[section] = background
          insertSubview(background, at: 0)
        }
        sendSubviewToBack(background)
      } else {
        supplements.backgrounds.removeValue(forKey: section)?.removeFromSuperview()
      }
    }
    // Sections that no longer exist.
    for section in supplements.backgrounds.keys where section >= layout.numberOfSections {
      supplements.backgrounds.removeValue(forKey: section)?.removeFromSuperview()
    }
  }

  private func place(_ supplement: SectionSupplement, in rect: Rect, section: Int, isHeader: Bool, visible: Bool) {
    let shown = isHeader ? supplements.shownHeaders[section] : supplements.shownFooters[section]
    var view: View?
    if visible {
      switch supplement {
      case .none: view = nil
      case .view(let own): view = own
      case .title(let title): view = titleView(reusing: shown, title: title, isHeader: isHeader)
      }
    }
    if let shown, shown !== view {
      if case .title = supplement, view == nil { recycleSupplement(shown) } else { shown.removeFromSuperview() }
    }
    if isHeader { supplements.shownHeaders[section] = view } else { supplements.shownFooters[section] = view }
    guard let view else { return }
    view.frame = rect
    if view.superview !== self { addSubview(view) }
  }

  /// The table's own view for a title, styled for the table's style.
  private func titleView(reusing shown: View?, title: String, isHeader: Bool) -> TableViewHeaderFooterView {
    let view =
      (shown as? TableViewHeaderFooterView).flatMap { $0.reuseIdentifier == Self.titleIdentifier ? $0 : nil }
      ?? dequeueReusableHeaderFooterView(withIdentifier: Self.titleIdentifier)
      ?? TableViewHeaderFooterView(reuseIdentifier: Self.titleIdentifier)
    guard let label = view.textLabel else { return view }
    let grouped = style != .plain
    view.titleInset = layout.rowInset + 16
    if isHeader && !grouped {
      label.text = title
      label.font = .boldSystemFont(ofSize: 15)
      label.textColor = .black
      view.backgroundColor = Color(red: 0.97, green: 0.97, blue: 0.97)
      view.titlePlacement = .middle
    } else {
      label.text = isHeader ? title.uppercased() : title
      label.font = .preferredFont(forTextStyle: .footnote)
      label.textColor = .secondaryLabel
      view.backgroundColor = nil
      view.titlePlacement = isHeader ? .bottom : .top
    }
    view.setNeedsLayout()
    return view
  }

  /// The identifier of the table's own title views.
  static let titleIdentifier = "DragDrop.TableView.title"
}

extension SectionSupplement {
  var viewIdentity: ObjectIdentifier? {
    if case .view(let view) = self { return ObjectIdentifier(view) }
    return nil
  }
}
