import DragDrop
import DragDropLists
import Views

/// A column of a ``LazyVGrid``.
public struct GridItem: Hashable, Sendable {
  /// How wide the column is.
  public enum Size: Hashable, Sendable {
    /// Exactly this wide.
    case fixed(Double)
    /// A share of the width, within limits.
    case flexible(minimum: Double = 10, maximum: Double = .infinity)
    /// As many columns as fit, each at least `minimum` wide.
    case adaptive(minimum: Double, maximum: Double = .infinity)
  }

  /// How wide the column is.
  public var size: Size
  /// The space after the column; nil for the grid's own.
  public var spacing: Double?
  /// Where items sit in the column; nil for the centre.
  public var alignment: Alignment?

  /// A column of `size`, with `spacing` after it and its items placed by `alignment`.
  public init(_ size: Size = .flexible(), spacing: Double? = nil, alignment: Alignment? = nil) {
    self.size = size
    self.spacing = spacing
    self.alignment = alignment
  }
}

/// A scrolling grid on a collection view: the items on screen have views, each keeps its
/// identity by its `ForEach` id, and items of a `ForEach` with ``ForEach/onMove(perform:)``
/// reorder by drag — in a grid, beyond SwiftUI, which reorders only lists.
///
/// ```swift
/// LazyVGrid(columns: [GridItem(.adaptive(minimum: 80))]) {
///   ForEach(photos) { PhotoView(photo: $0) }
///     .onMove { photos.move(fromOffsets: $0, toOffset: $1) }
/// }
/// ```
///
/// Items are square: as tall as the columns are wide. The grid scrolls by itself.
public struct LazyVGrid<Content: View>: View {
  let columns: [GridItem]
  let spacing: Double?
  let content: Content

  /// A grid of `columns`, `spacing` points between its rows (the default's when nil), showing `content`.
  public init(
    columns: [GridItem], alignment: HorizontalAlignment = .center, spacing: Double? = nil,
    @ViewBuilder content: () -> Content
  ) {
    self.columns = columns
    self.spacing = spacing
    self.content = content()
  }

  public var body: Never { primitiveBodyRequested(Self.self) }
}

extension LazyVGrid: PrimitiveView {
  func makeNode(in context: NodeContext) -> ViewNode {
    let node = GridNode(context, viewType: ObjectIdentifier(Self.self))
    update(node)
    return node
  }

  func update(_ node: ViewNode) {
    guard let node = node as? GridNode else { return }
    let content = self.content
    node.columns = columns
    node.spacing = spacing.map(spacingLength) ?? defaultStackSpacing
    node.content = { rows in appendRows(of: content, into: &rows, path: []) }
    node.reloadRows()
  }
}

/// The node of a grid: a collection view whose cells show item nodes.
@MainActor
final class GridNode: ItemsNode {
  let collection = CollectionView(collectionViewLayout: .flow(itemSize: Size(width: 80, height: 80)))
  var columns: [GridItem] = [GridItem()]
  var spacing = defaultStackSpacing
  private var dataSource: GridDataSource!
  /// The item width, height and spacing the collection view was last given.
  private var appliedLayout: [Double] = []
  /// The height of every line: the tallest item measured at the column width so far; nil
  /// before any item is measured.
  private var lineHeight: Double?
  private var controller: GridDragController!

  init(_ context: NodeContext, viewType: ObjectIdentifier) {
    super.init(context, viewType: viewType, itemsView: collection)
    collection.register(GridItemCell.self, forCellWithReuseIdentifier: "item")
    dataSource = GridDataSource(collectionView: collection) { [weak self] collection, indexPath, id in
      let cell = collection.dequeueReusableCell(withReuseIdentifier: "item", for: indexPath)
      if let self, let host = cell as? GridItemCell, let node = self.show(id, at: indexPath.item, in: host) {
        self.noteHeight(of: node)
      }
      return cell
    }
    dataSource.canMoveItem = { [weak self] indexPath, _ in self?.rowGroup(at: indexPath.item)?.move != nil }
    dataSource.node = self
    collection.dataSource = dataSource
    snapshots = dataSource
    controller = GridDragController(node: self)
  }

  override var displayName: String { "LazyVGrid" }

  /// The columns' width and count for a grid `width` wide.
  func itemLayout(width: Double) -> (count: Int, width: Double) {
    var count = columns.count
    if case .adaptive(let minimum, _)? = columns.first?.size {
      let fitting = (width + spacing) / (max(1, spacingLength(minimum)) + spacing)
      count = fitting.isFinite ? max(1, Int(min(fitting, 10_000))) : 1
    }
    count = max(1, count)
    if case .fixed(let fixed)? = columns.first?.size { return (count, max(1, spacingLength(fixed))) }
    return (count, max(1, (width - spacing * Double(count - 1)) / Double(count)))
  }

  override func measure(_ proposal: ProposedViewSize) -> Size {
    let width = proposal.width ?? 320
    let layout = itemLayout(width: width)
    let lines = (rows.count + layout.count - 1) / layout.count
    let ideal = Double(lines) * (lineHeight(columns: layout, showing: proposal.height) + spacing)
    return Size(width: width, height: proposal.height ?? ideal)
  }

  override func placeContent(in bounds: Rect, proposal: ProposedViewSize) {
    let layout = itemLayout(width: bounds.width)
    if collection.frame != bounds { collection.frame = bounds }
    let height = lineHeight(columns: layout, showing: bounds.height)
    let wanted = [layout.width, height, spacing]
    guard wanted != appliedLayout else { return }
    appliedLayout = wanted
    collection.collectionViewLayout = .flow(
      itemSize: Size(width: layout.width, height: height), minimumInteritemSpacing: spacing,
      minimumLineSpacing: spacing)
  }

  /// The height of the grid's lines, as SwiftUI's are as tall as their tallest item: the
  /// tallest item measured at the column width so far. The first time, the items of the
  /// lines that fill `visibleHeight` are measured (they are the first to show); until
  /// there is an item, lines are square.
  private func lineHeight(columns layout: (count: Int, width: Double), showing visibleHeight: Double?) -> Double {
    if let lineHeight { return lineHeight }
    var measured = 0
    var tallest = 0.0
    // Measures line by line until the lines measured fill the height shown.
    while measured < rows.count {
      let end = min(rows.count, measured + layout.count)
      for index in measured..<end {
        guard let node = rowNode(at: index) else { continue }
        let height = node.sizeThatFits(ProposedViewSize(width: layout.width, height: nil)).height
        if height.isFinite { tallest = max(tallest, height) }
      }
      measured = end
      let lines = Double(measured / layout.count)
      guard let visibleHeight, visibleHeight.isFinite, lines * (tallest + spacing) < visibleHeight else { break }
    }
    guard measured > 0, tallest > 0 else { return layout.width }
    lineHeight = tallest.rounded(.up)
    return tallest.rounded(.up)
  }

  /// An item came on screen, or its content changed: a taller one makes every line taller.
  func noteHeight(of node: ListRowNode) {
    guard let width = appliedLayout.first, let current = lineHeight else { return }
    let height = node.sizeThatFits(ProposedViewSize(width: width, height: nil)).height.rounded(.up)
    guard height.isFinite, height > current else { return }
    lineHeight = height
    graph.afterUpdate { [weak self] in self?.invalidateLayout() }
  }

  /// Measured once the update is over: the row may be in the middle of being made.
  override func rowDidChangeSize(_ row: ListRowNode) {
    graph.afterUpdate { [weak self, weak row] in
      guard let self, let row else { return }
      self.noteHeight(of: row)
    }
  }

  override func moveLocally(
    _ item: DragItem, from source: Int, to final: Int, with coordinator: ItemsViewDropCoordinator
  ) {
    apply(ids(movingRow: source, to: final))
    _ = (coordinator as? CollectionViewDropCoordinator)?.drop(item, toItemAt: IndexPath(item: final, section: 0))
  }

  override func setDragEnabled(_ enabled: Bool) {
    collection.dragDelegate = enabled ? controller : nil
    collection.dropDelegate = enabled ? controller : nil
    collection.dragInteractionEnabled = enabled
  }

  override var visibleHosts: [any RowHosting] { collection.visibleCells.compactMap { $0 as? GridItemCell } }
}

/// A grid cell: it shows an item node's view, centred.
@MainActor
final class GridItemCell: CollectionViewCell, RowHosting {
  private let container = RowContainer(insets: .zero, alignment: .center)

  override init(frame: Rect = .zero) {
    super.init(frame: frame)
    contentView.addSubview(container)
  }

  var rowID: RowID? { container.rowID }

  func show(_ node: ListRowNode, id: RowID) { container.show(node, id: id) }

  override func layoutSubviews() {
    super.layoutSubviews()
    container.frame = contentView.bounds
  }

  override var accessibilityText: String? { accessibilityLabel ?? container.text }
}

/// The grid's diffable data source: a reorder through the collection view is told to the
/// grid.
@MainActor
final class GridDataSource: CollectionViewDiffableDataSource<Int, RowID> {
  weak var node: GridNode?

  override func collectionView(
    _ collectionView: CollectionView, moveItemAt source: IndexPath, to destination: IndexPath
  ) {
    super.collectionView(collectionView, moveItemAt: source, to: destination)
    node?.didMoveRow(from: source.item, to: destination.item)
  }
}

/// The grid's drag and drop delegate, handing each call to its node.
@MainActor
final class GridDragController: CollectionViewDragDelegate, CollectionViewDropDelegate {
  private weak var node: ItemsNode?

  init(node: ItemsNode) { self.node = node }

  func collectionView(
    _ collectionView: CollectionView, itemsForBeginning session: DragDrop.DragSession, at indexPath: IndexPath
  ) -> [DragItem] {
    node?.itemsForBeginning(at: indexPath.item, session: session) ?? []
  }

  func collectionView(_ collectionView: CollectionView, canHandle session: DragDrop.DropSession) -> Bool {
    node?.canHandle(session) ?? false
  }

  func collectionView(
    _ collectionView: CollectionView, dropSessionDidUpdate session: DragDrop.DropSession,
    withDestinationIndexPath destinationIndexPath: IndexPath?
  ) -> CollectionViewDropProposal {
    (node?.proposal(for: session, slot: destinationIndexPath?.item)).map(CollectionViewDropProposal.init)
      ?? CollectionViewDropProposal(operation: .cancel)
  }

  func collectionView(_ collectionView: CollectionView, performDropWith coordinator: CollectionViewDropCoordinator) {
    node?.performDrop(with: coordinator)
  }
}
