import DragDrop
import DragDropLists
import Foundation
import Synchronization
import Views

/// A scrolling list of rows on a table view: only the rows on screen have views, each row
/// keeps its identity (and state) by its `ForEach` id, and rows of a `ForEach` with
/// ``ForEach/onMove(perform:)`` reorder by drag, from the pointer, a touch or the
/// keyboard.
///
/// ```swift
/// List {
///   ForEach(prefectures, id: \.self) { Text($0) }
///     .onMove { prefectures.move(fromOffsets: $0, toOffset: $1) }
/// }
/// ```
///
/// Rows are 44 points tall.
public struct List<Content: View>: View {
  let content: Content

  /// A list of the rows `content` makes.
  public init(@ViewBuilder content: () -> Content) {
    self.content = content()
  }

  public var body: Never { primitiveBodyRequested(Self.self) }
}

extension List {
  /// A row for each element of an identifiable collection.
  public init<Data: RandomAccessCollection, RowContent: View>(
    _ data: Data, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
  ) where Content == ForEach<Data, Data.Element.ID, RowContent>, Data.Element: Identifiable {
    content = ForEach(data, content: rowContent)
  }

  /// A row for each element, identified by a key path.
  public init<Data: RandomAccessCollection, ID: Hashable, RowContent: View>(
    _ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
  ) where Content == ForEach<Data, ID, RowContent> {
    content = ForEach(data, id: id, content: rowContent)
  }
}

// MARK: - Rows

/// A row of a list, before it has a view.
@MainActor
struct ListRow {
  var id: RowID
  /// The element of a `ForEach` row, or the view of a fixed row.
  let element: Any
  /// The `ForEach` the row comes from, and the row's offset in it.
  let group: ForEachGroup?
  let offset: Int

  /// The row's view.
  func make() -> AnyView {
    if let group { return group.makeView(element) }
    return element as? AnyView ?? AnyView(EmptyView())
  }

  /// What a drag of the row carries: the element, when it travels.
  func provider() -> ItemProvider {
    group == nil ? ItemProvider() : itemProvider(for: element)
  }
}

/// The rows of a list or grid, and the `ForEach` groups they come from, empty ones
/// included (an empty `ForEach` with `onInsert` still takes drops). The rows are not made
/// one by one: a `ForEach` gives its count, and an element and its id are read by index
/// when asked for, so a list of a million rows opens without touching them.
@MainActor
struct RowCollection {
  /// A fixed row, or the rows of one `ForEach`.
  @MainActor
  enum Segment {
    case fixed(ListRow)
    case group(ForEachGroup)

    var start: Int {
      switch self {
      case .fixed(let row): row.offset
      case .group(let group): group.start
      }
    }
  }

  private(set) var segments: [Segment] = []
  var groups: [ForEachGroup] = []
  /// How many rows there are.
  private(set) var count = 0

  mutating func appendFixed(_ view: AnyView, path: [Int]) {
    // A fixed row's offset is its index in the list.
    segments.append(
      .fixed(ListRow(id: RowID(group: -1, value: AnyHashable(path)), element: view, group: nil, offset: count)))
    count += 1
  }

  /// Adds the rows of `group`, whose `count` is set, after the rows so far.
  mutating func append(_ group: ForEachGroup) {
    group.index = groups.count
    group.start = count
    groups.append(group)
    segments.append(.group(group))
    count += group.count
  }

  /// The segment that holds row `index`, which is one of the rows.
  private func segment(holding index: Int) -> Segment {
    var low = 0
    var high = segments.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if segments[middle].start <= index { low = middle } else { high = middle - 1 }
    }
    // The last segment that starts at or before the row: an empty group shares its start
    // with the segment after it, which is the one found.
    return segments[low]
  }

  /// The `ForEach` of row `index`, without reading its element; nil for a fixed row.
  func group(at index: Int) -> ForEachGroup? {
    guard case .group(let group) = segment(holding: index) else { return nil }
    return group
  }

  /// Row `index`, read from its `ForEach` now.
  func row(at index: Int) -> ListRow {
    switch segment(holding: index) {
    case .fixed(let row): return row
    case .group(let group):
      let offset = index - group.start
      return ListRow(
        id: RowID(group: group.index, value: group.elementID(offset)), element: group.element(offset), group: group,
        offset: offset)
    }
  }

  /// The id of row `index` as its `ForEach` gives it, before repeats are told apart.
  func givenID(at index: Int) -> RowID {
    switch segment(holding: index) {
    case .fixed(let row): return row.id
    case .group(let group): return RowID(group: group.index, value: group.elementID(index - group.start))
    }
  }
}

/// The rows a list shows, and their ids once they are all needed: a repeated id becomes
/// its next occurrence, so that each repeat is a row of its own.
@MainActor
final class RowTable {
  let rows: RowCollection
  private var resolved: (ids: [RowID], index: [RowID: Int])?

  init(_ rows: RowCollection) { self.rows = rows }

  var count: Int { rows.count }
  /// Whether every id has been worked out.
  var isIndexed: Bool { resolved != nil }

  /// The id of row `index`: the one its `ForEach` gives, until the ids are all worked out.
  func id(at index: Int) -> RowID { resolved?.ids[index] ?? rows.givenID(at: index) }

  /// Every row's id, in order.
  var ids: [RowID] { resolve().ids }

  /// The row of `id`, if it is one.
  func index(of id: RowID) -> Int? { resolve().index[id] }

  /// Works out every row's id and the index of each, once. Returns whether an id repeats.
  @discardableResult
  func resolve() -> (ids: [RowID], index: [RowID: Int]) {
    if let resolved { return resolved }
    var ids: [RowID] = []
    var index: [RowID: Int] = [:]
    ids.reserveCapacity(rows.count)
    index.reserveCapacity(rows.count)
    for segment in rows.segments {
      switch segment {
      case .fixed(let row): add(row.id)
      case .group(let group):
        for offset in 0..<group.count { add(RowID(group: group.index, value: group.elementID(offset))) }
      }
    }
    func add(_ given: RowID) {
      var id = given
      while index[id] != nil { id = id.repeated }
      index[id] = ids.count
      ids.append(id)
    }
    resolved = (ids, index)
    return (ids, index)
  }
}

/// A row's identity in its list: its id, or its place among the list's fixed views.
struct RowID: Hashable, @unchecked Sendable {
  /// Which `ForEach` of the list the row comes from, by order; -1 for a fixed row.
  let group: Int
  // The element's id (Sendable, as ForEach ids are in practice), or a fixed row's path.
  let value: AnyHashable
  /// Which repeat of the id this is: a collection may repeat an id, and each repeat is a
  /// row of its own.
  let occurrence: Int
  /// The hash, worked out once: a list's ids are hashed several times each per update
  /// (the snapshot's checks and indexes, the list's own index).
  private let hash: Int

  init(group: Int, value: AnyHashable, occurrence: Int = 0) {
    self.group = group
    self.value = value
    self.occurrence = occurrence
    var hasher = Hasher()
    hasher.combine(group)
    hasher.combine(value)
    hasher.combine(occurrence)
    hash = hasher.finalize()
  }

  /// The id of the next repeat.
  var repeated: RowID { RowID(group: group, value: value, occurrence: occurrence + 1) }

  static func == (lhs: RowID, rhs: RowID) -> Bool {
    lhs.hash == rhs.hash && lhs.group == rhs.group && lhs.occurrence == rhs.occurrence && lhs.value == rhs.value
  }
  func hash(into hasher: inout Hasher) { hasher.combine(hash) }
}

/// What a `ForEach` in a list says of its rows: their number and place, and its actions.
@MainActor
final class ForEachGroup {
  /// Which `ForEach` of the list it is, by order.
  var index = 0
  var start = 0
  var count = 0
  /// The element at an offset, and its id.
  var element: @MainActor (Int) -> Any = { _ in () }
  var elementID: @MainActor (Int) -> AnyHashable = { AnyHashable($0) }
  var move: (@MainActor (IndexSet, Int) -> Void)?
  var insert: ForEachInsertAction?
  var delete: (@MainActor (IndexSet) -> Void)?
  /// Makes the view of one of its elements.
  var makeView: @MainActor (Any) -> AnyView = { _ in AnyView(EmptyView()) }
}

/// A view that can give its rows to a list without making them.
@MainActor
protocol RowSource {
  func collectRows(into rows: inout RowCollection, path: [Int])
}

@MainActor
func appendRows<V: View>(of view: V, into rows: inout RowCollection, path: [Int]) {
  if let source = view as? any RowSource {
    source.collectRows(into: &rows, path: path)
  } else {
    rows.appendFixed(AnyView(view), path: path)
  }
}

extension TupleView: RowSource {
  func collectRows(into rows: inout RowCollection, path: [Int]) {
    var index = 0
    for child in repeat each value {
      appendRows(of: child, into: &rows, path: path + [index])
      index += 1
    }
  }
}

extension Group: RowSource {
  func collectRows(into rows: inout RowCollection, path: [Int]) { appendRows(of: content, into: &rows, path: path) }
}

extension EmptyView: RowSource {
  func collectRows(into rows: inout RowCollection, path: [Int]) {}
}

extension Optional: RowSource where Wrapped: View {
  func collectRows(into rows: inout RowCollection, path: [Int]) {
    if let view = self { appendRows(of: view, into: &rows, path: path + [0]) }
  }
}

extension ConditionalContent: RowSource {
  func collectRows(into rows: inout RowCollection, path: [Int]) {
    switch storage {
    case .trueContent(let view): appendRows(of: view, into: &rows, path: path + [0])
    case .falseContent(let view): appendRows(of: view, into: &rows, path: path + [1])
    }
  }
}

extension ForEach: RowSource {
  func collectRows(into rows: inout RowCollection, path: [Int]) {
    let group = ForEachGroup()
    group.move = moveAction
    group.insert = insertAction
    group.delete = deleteAction
    let content = self.content
    let data = self.data
    let id = self.id
    let start = data.startIndex
    group.makeView = { element in AnyView(content(element as! Data.Element)) }
    group.element = { offset in data[data.index(start, offsetBy: offset)] }
    group.elementID = { offset in AnyHashable(id(data[data.index(start, offsetBy: offset)])) }
    group.count = data.count
    rows.append(group)
  }
}

/// A provider of `element` when it can travel: in its transferable representations, or
/// as the object it is; an empty provider otherwise.
func itemProvider(for element: Any) -> ItemProvider {
  if let transferable = element as? any Transferable { return ItemProvider(transferable: transferable) }
  if let object = element as? any ItemProviderWriting { return ItemProvider(object: object) }
  return ItemProvider()
}

// MARK: - Actions of ForEach

extension ForEach {
  /// Lets the rows reorder by drag, in a list, a grid or a stack. `action` gets the offsets of the
  /// moved rows and where they go, counted before they are removed (rule 22), as
  /// `Array.move(fromOffsets:toOffset:)` takes them.
  public func onMove(perform action: (@MainActor (IndexSet, Int) -> Void)?) -> ForEach {
    var copy = self
    copy.moveAction = action
    return copy
  }

  /// Takes drops of items with one of `types` between the rows: `action` gets the offset
  /// where they go and their providers, whose data loads only now.
  public func onInsert(
    of types: [ContentType], perform action: @escaping @MainActor (Int, [ItemProvider]) -> Void
  )
    -> ForEach
  {
    var copy = self
    copy.insertAction = ForEachInsertAction(types: types, action: action)
    return copy
  }

  /// The same, with type identifiers, as older code writes them: `onInsert(of:
  /// ["public.text"])`. An identifier no type has is left out.
  public func onInsert(
    of types: [String], perform action: @escaping @MainActor (Int, [ItemProvider]) -> Void
  ) -> ForEach {
    onInsert(of: types.compactMap(ContentType.init), perform: action)
  }

  /// Takes drops of values of `type` between the rows, as SwiftUI's
  /// `dropDestination(for:action:)` of a `ForEach` does: `action` gets the values and the
  /// offset where they go. In a `List`, beyond SwiftUI, each dropped item holds its place as
  /// a placeholder row showing the load's progress until its value has arrived; an item
  /// that fails to load takes its placeholder away with it.
  public func dropDestination<T: Transferable>(
    for type: T.Type = T.self, action: @escaping @MainActor ([T], Int) -> Void
  ) -> ForEach {
    var copy = self
    copy.insertAction = ForEachInsertAction(
      types: ItemProvider.importedContentTypes(for: type),
      action: { offset, providers in
        // Outside a list: every value is read, then the action gets them together.
        let collected = TransferCollector<T>(count: providers.count) { values in
          Task { @MainActor in action(values, offset) }
        }
        for (index, provider) in providers.enumerated() {
          provider.loadTransferable(type: T.self) { result in collected.deliver(try? result.get(), at: index) }
        }
      },
      load: { provider, completion in
        provider.loadTransferable(type: T.self) { result in completion(result.map { $0 as any Sendable }) }
      },
      insertValues: { values, offset in action(values.compactMap { $0 as? T }, offset) })
    return copy
  }

  /// Called with the offsets of rows to delete: after a row moved into another list took
  /// it (with `onInsert`), so that the move loses nothing.
  public func onDelete(perform action: (@MainActor (IndexSet) -> Void)?) -> ForEach {
    var copy = self
    copy.deleteAction = action
    return copy
  }
}

/// Converts a move the table reports, from a row to its index after the move, into
/// `onMove`'s offsets: the moved offsets, and the destination counted before removal.
func moveOffsets(from source: Int, to final: Int) -> (IndexSet, Int) {
  (IndexSet(integer: source), final > source ? final + 1 : final)
}

// MARK: - The node

extension List: PrimitiveView {
  func makeNode(in context: NodeContext) -> ViewNode {
    let node = ListNode(context, viewType: ObjectIdentifier(Self.self))
    update(node)
    return node
  }

  func update(_ node: ViewNode) {
    guard let node = node as? ListNode else { return }
    let content = self.content
    node.content = { rows in appendRows(of: content, into: &rows, path: []) }
    node.reloadRows()
  }
}

/// What lists and grids share: rows collected from the content without making them, a
/// row node per id made as the row comes on screen, reorders told to the `ForEach`, and
/// drags between the rows.
@MainActor
class ItemsNode: LayoutNode {
  /// The engine's table or collection view that shows the rows.
  let itemsView: ItemsView
  /// Its data source, which shows snapshots of the rows' ids.
  var snapshots: (any SnapshotApplying)?
  var content: (@MainActor (inout RowCollection) -> Void)?
  /// The rows on show.
  private(set) var rowTable = RowTable(RowCollection())
  var rows: RowCollection { rowTable.rows }
  private(set) var groups: [ForEachGroup] = []
  private var rowNodes: [RowID: ListRowNode] = [:]
  private var isFirstLoad = true
  /// Bumped when the rows are collected again: a row node of an older one is brought up to
  /// date before it shows.
  private var generation = 0

  func rowGroup(at index: Int) -> ForEachGroup? {
    index >= 0 && index < rows.count ? rows.group(at: index) : nil
  }

  /// Whether the row's view says `moveDisabled(true)`: it neither lifts nor moves. A row
  /// not made yet (not on screen) says nothing.
  func isMoveDisabled(row index: Int) -> Bool {
    guard index >= 0, index < rows.count, let node = rowNodes[rowTable.id(at: index)] else { return false }
    return MoveDisabledNode.disables(node)
  }

  /// The ids with row `source` moved to index `final`.
  func ids(movingRow source: Int, to final: Int) -> [RowID] {
    var ids = rowTable.ids
    guard ids.indices.contains(source), ids.indices.contains(final) else { return ids }
    ids.insert(ids.remove(at: source), at: final)
    return ids
  }

  init(_ context: NodeContext, viewType: ObjectIdentifier, itemsView: ItemsView) {
    self.itemsView = itemsView
    super.init(context, viewType: viewType)
    view.addSubview(itemsView)
  }

  override func labelDidChange(_ label: String) {
    super.labelDidChange(label)
    itemsView.accessibilityLabel = label
    itemsView.interactionName = label
  }

  override func subviewOrder() -> [Views.View] { [itemsView] }

  /// Shows the rows' ids, gliding the changes.
  func apply(_ ids: [RowID]) {
    var snapshot = DiffableDataSourceSnapshot<Int, RowID>()
    try? snapshot.checked.appendSections([0])
    try? snapshot.checked.appendItems(ids, toSection: 0)
    snapshots?.apply(snapshot, animatingDifferences: true, completion: nil)
  }
  /// Override: turns dragging rows on or off.
  func setDragEnabled(_ enabled: Bool) {}
  /// Override: the cells on screen.
  var visibleHosts: [any RowHosting] { [] }

  /// Collects the rows again and shows them: new rows glide in, gone ones out, moved ones
  /// to their places; the visible rows' views are brought up to date. A list not on screen,
  /// or shown for the first time, reloads instead, without working out a single id: rows
  /// are read as they come on screen.
  func reloadRows() {
    var collection = RowCollection()
    content?(&collection)
    rowTable = RowTable(collection)
    groups = collection.groups
    generation += 1
    let animated = view.window != nil && !isFirstLoad
    isFirstLoad = false
    setDragEnabled(groups.contains { $0.move != nil || $0.insert != nil || $0.delete != nil })
    itemsView.dropInteraction?.previewFormation = environment.dropPreviewsFormation.formation
    if animated {
      // The data source works out the ids on show from the rows they came from, if it
      // has not yet.
      let index = rowTable.resolve().index
      for id in rowNodes.keys where index[id] == nil {
        rowNodes.removeValue(forKey: id)?.detach()
      }
      apply(rowTable.ids)
      for host in visibleHosts {
        guard let id = host.rowID, index[id] != nil else { continue }
        show(id, in: host)
      }
    } else {
      // Row nodes stay, and follow their ids when they show again.
      let table = rowTable
      snapshots?.applyDeferredUsingReloadData(
        section: 0, count: rowTable.count, identifier: { table.id(at: $0) }, all: { table.ids })
    }
  }

  /// Puts the row node of `id` in `host`, making it or bringing it up to date first, and
  /// returns it. The view asks for row `index`, which is where `id` is unless the ids have
  /// been worked out (a reorder or an insertion since may have moved it).
  @discardableResult
  func show(_ id: RowID, at index: Int? = nil, in host: any RowHosting) -> ListRowNode? {
    let row = rowTable.isIndexed ? rowTable.index(of: id) : index
    guard let row, let node = rowNode(for: id, row: row) else { return nil }
    host.show(node, id: node.id ?? id)
    return node
  }

  /// Override: a row's content changed, and may take another size.
  func rowDidChangeSize(_ row: ListRowNode) {}

  /// The row node of row `index`, made or brought up to date.
  func rowNode(at index: Int) -> ListRowNode? {
    guard index >= 0, index < rows.count else { return nil }
    return rowNode(for: rowTable.id(at: index), row: index)
  }

  /// The row node of `id`, at row `row`, made or brought up to date.
  private func rowNode(for id: RowID, row: Int) -> ListRowNode? {
    guard row >= 0, row < rows.count else { return nil }
    if let node = rowNodes[id] {
      // Two rows with one id, read before the ids were worked out: work them out, so that
      // each repeat has a node of its own.
      if !rowTable.isIndexed, let other = node.row, other != row, other < rows.count, rows.givenID(at: other) == id {
        indexRows()
        return rowNode(for: rowTable.id(at: row), row: row)
      }
      node.row = row
      if node.generation != generation {
        node.generation = generation
        node.updateChild(0, to: rows.row(at: row).make())
      }
      return node
    }
    let node = ListRowNode(NodeContext(graph: graph, parent: self, environment: childEnvironment))
    node.id = id
    node.row = row
    node.generation = generation
    node.children = [node.makeChild(rows.row(at: row).make())]
    node.syncSubviews()
    rowNodes[id] = node
    return node
  }

  /// Works out every row's id, and gives each row node the id of the row it shows: a repeat
  /// shown before becomes its own occurrence.
  private func indexRows() {
    let index = rowTable.resolve().index
    var nodes: [RowID: ListRowNode] = [:]
    for (id, node) in rowNodes {
      var key = id
      if let row = node.row, row < rows.count, rows.givenID(at: row) == id { key = rowTable.id(at: row) }
      if index[key] == nil || nodes[key] != nil {
        node.detach()
        continue
      }
      if node.row != index[key] { node.generation = -1 }
      node.id = key
      nodes[key] = node
    }
    rowNodes = nodes
  }

  /// The row of `id` now, if it is one: where its node last showed, while the ids have
  /// not been worked out.
  func rowIndex(of id: RowID) -> Int? {
    if rowTable.isIndexed { return rowTable.index(of: id) }
    guard let row = rowNodes[id]?.row, row < rows.count, rowTable.id(at: row) == id else { return nil }
    return row
  }

  /// The height of row `index` at `width`: its content's, with 11 points above and below,
  /// and at least 44 points, as a list row on iOS.
  func contentHeight(ofRow index: Int, width: Double) -> Double {
    guard let node = rowNode(at: index) else { return ListNode.rowHeight }
    let inner = max(0, width - 32)
    let height = node.sizeThatFits(ProposedViewSize(width: inner, height: nil)).height + 22
    return height.isFinite ? max(ListNode.rowHeight, height.rounded(.up)) : ListNode.rowHeight
  }

  override func detach() {
    for node in rowNodes.values { node.detach() }
    rowNodes.removeAll()
    super.detach()
  }

  /// The view reordered row `source` to `final`: its `ForEach` hears of it, in its own
  /// offsets.
  func didMoveRow(from source: Int, to final: Int) {
    guard let group = rowGroup(at: source), let move = group.move else { return }
    let (offsets, destination) = moveOffsets(from: source - group.start, to: final - group.start)
    move(offsets, destination)
    // What the action did shows at the next update; if it did nothing, the rows go back.
    needsReload = true
    graph.needsSubviewSync(self)
  }

  /// Whether the rows are collected again at the next update, after a reorder or an insert.
  var needsReload = false

  override func syncSubviews() {
    super.syncSubviews()
    if needsReload {
      needsReload = false
      reloadRows()
    }
  }

  // MARK: Dragging rows

  /// The items for a drag of row `row`: its element, when it travels, and where it is.
  func itemsForBeginning(at row: Int, session: DragDrop.DragSession) -> [DragItem] {
    guard let group = rowGroup(at: row), group.move != nil || group.delete != nil, !isMoveDisabled(row: row) else {
      return []
    }
    if let formation = environment.dragPreviewsFormation.formation { session.previewFormation = formation }
    let item = DragItem(itemProvider: rows.row(at: row).provider())
    item.localObject = ListRowDrag(node: self, group: group, offset: row - group.start)
    return [item]
  }

  /// Whether a drag concerns the rows: a drag of its own rows, or one a `ForEach` with
  /// `onInsert` takes. Other drags pass on to drop targets around the list.
  func canHandle(_ session: DragDrop.DropSession) -> Bool {
    if session.items.contains(where: { ($0.localObject as? ListRowDrag)?.node === self }) { return true }
    return groups.contains { group in group.insert.map { session.hasItemsConforming(to: $0.types) } ?? false }
  }

  /// A reorder within its `ForEach`, or an insert into a `ForEach` with `onInsert`: a move
  /// when the rows come from another list or grid of ours that deletes them.
  func proposal(for session: DragDrop.DropSession, slot: Int?) -> ItemsViewDropProposal {
    let slot = slot ?? rows.count
    let drags = session.items.compactMap { $0.localObject as? ListRowDrag }
    if drags.count == session.items.count, let drag = drags.first, drag.node === self {
      guard let group = drag.group, group.move != nil, slot >= group.start, slot <= group.start + group.count else {
        return ItemsViewDropProposal(operation: .forbidden)
      }
      return ItemsViewDropProposal(operation: .move, intent: .insertAtDestinationIndexPath)
    }
    guard let group = insertGroup(at: slot), let insert = group.insert, session.hasItemsConforming(to: insert.types)
    else { return ItemsViewDropProposal(operation: .cancel) }
    let fromOurs = !drags.isEmpty && drags.allSatisfy { $0.group?.delete != nil }
    return ItemsViewDropProposal(operation: fromOurs ? .move : .copy, intent: .insertAtDestinationIndexPath)
  }

  /// The `ForEach` with `onInsert` that takes a drop at slot `slot`.
  private func insertGroup(at slot: Int) -> ForEachGroup? {
    groups.first { $0.insert != nil && slot >= $0.start && slot <= $0.start + $0.count }
  }

  /// Override: moves row `source` to index `final` on screen, and sends the dropped item
  /// there, for a view that does not reorder by itself (a collection view).
  func moveLocally(_ item: DragItem, from source: Int, to final: Int, with coordinator: ItemsViewDropCoordinator) {}

  /// A reorder the view did not do by itself, or the dropped items' providers handed to
  /// `onInsert`.
  func performDrop(with coordinator: ItemsViewDropCoordinator) {
    // An `onInsert` closure may load from a task it starts, as SwiftUI's may.
    coordinator.session.keepLoadingUntilConcluded()
    if coordinator.engineProposal.operation == .move, let first = coordinator.dropItems.first,
      (first.dragItem.localObject as? ListRowDrag)?.node === self, let source = first.sourceIndexPath?.item,
      let slot = coordinator.destinationIndexPath?.item
    {
      // One row moved within the list: the destination is its index once it has left its
      // place (the end of the list is the count). Several: the slot counts them all.
      let final =
        coordinator.dropItems.count == 1
        ? min(slot, rows.count - 1) : min(slot > source ? slot - 1 : slot, rows.count - 1)
      moveLocally(first.dragItem, from: source, to: final, with: coordinator)
      didMoveRow(from: source, to: final)
      return
    }
    let slot = coordinator.destinationIndexPath?.item ?? rows.count
    guard let group = insertGroup(at: slot), let insert = group.insert else { return }
    let taken = coordinator.dropItems.filter { item in
      insert.types.contains { item.dragItem.itemProvider.hasItemConforming(to: $0) }
    }
    // A move from another list: the source deletes the row once this list has read it,
    // and not before, so that the move loses nothing. A row this list never reads stays.
    let moves = coordinator.engineProposal.operation == .move
    let providers = taken.map { item -> ItemProvider in
      let provider = item.dragItem.itemProvider
      guard moves, let drag = item.dragItem.localObject as? ListRowDrag, drag.node !== self,
        let delete = drag.group?.delete
      else { return provider }
      let loads = LoadCount { Task { @MainActor in delete(IndexSet(integer: drag.offset)) } }
      return provider.observingLoads(didStart: { loads.started() }, didFinish: { loads.finished() })
    }
    if let load = insert.load, let insertValues = insert.insertValues,
      insertWithPlaceholders(
        zip(taken, providers).map { ($0.dragItem, $1) }, at: slot, load: load, coordinator: coordinator,
        insert: { values, row in insertValues(values, row - group.start) })
    {
      return
    }
    insert.action(slot - group.start, providers)
  }

  /// Override: drops each item into a placeholder at `slot` that holds its place while it
  /// loads, and inserts its value when it arrives. Returns false when the view has no
  /// placeholders.
  func insertWithPlaceholders(
    _ items: [(DragItem, ItemProvider)], at slot: Int,
    load: @MainActor (ItemProvider, @escaping @Sendable (Result<any Sendable, any Error>) -> Void) -> LoadProgress,
    coordinator: ItemsViewDropCoordinator, insert: @escaping @MainActor ([Any], Int) -> Void
  ) -> Bool { false }
}

/// A cell that shows a row node.
@MainActor
protocol RowHosting: AnyObject {
  var rowID: RowID? { get }
  func show(_ node: ListRowNode, id: RowID)
}

/// The node of a list: a table view whose cells show row nodes.
@MainActor
final class ListNode: ItemsNode {
  let table = ListTableView()
  private var dataSource: ListDataSource!
  private var controller: ListDragController!
  private let heights = ListRowHeights()
  /// The rows whose content changed since they were measured, by id.
  private var resized: Set<RowID> = []
  /// A row's least height, and the estimate of a row not measured yet.
  static let rowHeight = 44.0

  init(_ context: NodeContext, viewType: ObjectIdentifier) {
    super.init(context, viewType: viewType, itemsView: table)
    table.separatorStyle = .none  // the rows draw their own
    // Rows are as tall as their content (the delegate measures each as it comes into
    // view); 44 points is the estimate until then, and a preview's height.
    table.rowHeight = Self.rowHeight
    table.estimatedRowHeight = Self.rowHeight
    heights.node = self
    table.delegate = heights
    table.register(ListRowCell.self, forCellReuseIdentifier: "row")
    table.register(ListRowCell.self, forCellReuseIdentifier: "placeholder")
    dataSource = ListDataSource(tableView: table) { [weak self] table, indexPath, id in
      let cell = table.dequeueReusableCell(withIdentifier: "row", for: indexPath)
      if let self, let host = cell as? ListRowCell { self.show(id, at: indexPath.row, in: host) }
      return cell
    }
    dataSource.canMoveRow = { [weak self] indexPath, _ in
      guard let self else { return false }
      return self.rowGroup(at: indexPath.row)?.move != nil && !self.isMoveDisabled(row: indexPath.row)
    }
    dataSource.node = self
    table.dataSource = dataSource
    snapshots = dataSource
    controller = ListDragController(node: self)
    followEditMode()
  }

  override var displayName: String { "List" }

  /// The environment's edit mode turns the table's editing on and off.
  override func environmentDidChange() {
    super.environmentDidChange()
    followEditMode()
  }

  func followEditMode() {
    let editing = environment.editMode?.wrappedValue.isEditing ?? false
    if table.isEditing != editing { table.setEditing(editing, animated: true) }
  }

  /// A row's content changed: it is measured again once the update is over, and the rows
  /// after it move.
  override func rowDidChangeSize(_ row: ListRowNode) {
    guard let id = row.id, resized.insert(id).inserted, resized.count == 1 else { return }
    graph.afterUpdate { [weak self] in
      guard let self else { return }
      let ids = self.resized
      self.resized = []
      for id in ids {
        guard let index = self.rowIndex(of: id) else { continue }
        self.table.itemSizeDidChange(at: IndexPath(row: index, section: 0))
      }
    }
  }

  override func measure(_ proposal: ProposedViewSize) -> Size {
    let ideal = Size(width: 320, height: Double(rows.count) * Self.rowHeight)
    return Size(width: proposal.width ?? ideal.width, height: proposal.height ?? ideal.height)
  }

  override func placeContent(in bounds: Rect, proposal: ProposedViewSize) {
    if table.frame != bounds { table.frame = bounds }
  }

  override func setDragEnabled(_ enabled: Bool) {
    table.dragDelegate = enabled ? controller : nil
    table.dropDelegate = enabled ? controller : nil
    table.dragInteractionEnabled = enabled
  }

  override var visibleHosts: [any RowHosting] {
    table.visibleCells.compactMap { cell in cell.reuseIdentifier == "row" ? cell as? ListRowCell : nil }
  }

  /// The loads under way into placeholders, with their progress.
  private var loads: [ObjectIdentifier: (context: any TableViewDropPlaceholderContext, progress: LoadProgress)] = [:]
  private var ticking: ScheduledAction?

  override func insertWithPlaceholders(
    _ items: [(DragItem, ItemProvider)], at slot: Int,
    load: @MainActor (ItemProvider, @escaping @Sendable (Result<any Sendable, any Error>) -> Void) -> LoadProgress,
    coordinator: ItemsViewDropCoordinator, insert: @escaping @MainActor ([Any], Int) -> Void
  ) -> Bool {
    guard let coordinator = coordinator as? TableViewDropCoordinator else { return false }
    for (dragItem, provider) in items {
      let placeholder = TableViewDropPlaceholder(
        insertionIndexPath: IndexPath(row: slot, section: 0), reuseIdentifier: "placeholder",
        rowHeight: Self.rowHeight)
      let box = ProgressBox()
      placeholder.cellUpdateHandler = { cell in
        let percent = Int(((box.progress?.fractionCompleted ?? 0) * 100).rounded())
        cell.textLabel?.text = "Loading… \(percent)%"
        cell.textLabel?.textColor = .secondary
      }
      let context = coordinator.drop(dragItem, to: placeholder)
      let key = ObjectIdentifier(context)
      // The load starts inside performDrop, where loading is permitted (rule 16).
      let progress = load(provider) { result in
        Task { @MainActor [weak self] in self?.finish(key, context: context, result: result, insert: insert) }
      }
      box.progress = progress
      loads[key] = (context, progress)
    }
    tick()
    return true
  }

  private func finish(
    _ key: ObjectIdentifier, context: any TableViewDropPlaceholderContext, result: Result<any Sendable, any Error>,
    insert: @escaping @MainActor ([Any], Int) -> Void
  ) {
    loads[key] = nil
    switch result {
    case .success(let value):
      context.commitInsertion { path in
        // The row holds the place until the data source's update shows the new element.
        try? dataSource.insertItem(RowID(group: -2, value: AnyHashable(key)), at: path)
        insert([value], path.row)
      }
    case .failure:
      context.deletePlaceholder()
    }
    // The rows come from the content again: the inserted element takes the row's place.
    needsReload = true
    graph.needsSubviewSync(self)
  }

  /// While loads are under way, their placeholders show their progress, ten times a second.
  private func tick() {
    ticking?.cancel()
    guard !loads.isEmpty, let clock = view.window?.clock else {
      ticking = nil
      return
    }
    for (context, _) in loads.values { context.setNeedsCellUpdate() }
    ticking = clock.schedule(after: 0.1) { [weak self] in self?.tick() }
  }
}

/// The progress of a load, set once the load has started.
@MainActor
final class ProgressBox {
  var progress: LoadProgress?
}

/// The root of one row's views, inside a list's cell.
@MainActor
final class ListRowNode: LayoutNode {
  var generation = 0
  /// The row's id in its list.
  var id: RowID?
  /// The row it last showed.
  var row: Int?
  /// Where the row's content sits in its cell.
  var alignment = Alignment.leading

  init(_ context: NodeContext) {
    super.init(context, viewType: ObjectIdentifier(ListRowNode.self))
  }

  override var displayName: String { "Row" }

  override func measure(_ proposal: ProposedViewSize) -> Size {
    ContentLayout(nodes: layoutChildren).size(proposal)
  }

  override func placeContent(in bounds: Rect, proposal: ProposedViewSize) {
    let content = ContentLayout(nodes: layoutChildren)
    let size = content.size(proposal)
    content.place(in: Rect(origin: alignment.origin(of: size, in: bounds), size: size), proposal: proposal)
  }
}

/// The table of a list.
@MainActor
final class ListTableView: TableView {}

/// Gives a list's rows the heights of their content.
@MainActor
final class ListRowHeights: TableViewDelegate {
  weak var node: ListNode?

  func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
    guard let node else { return CGFloat(ListNode.rowHeight) }
    let width = tableView.bounds.width > 0 ? tableView.bounds.width : 320
    return CGFloat(node.contentHeight(ofRow: indexPath.row, width: width))
  }
}

/// A list cell: it shows a row node's view, inset by 16 points at the sides, with a
/// hairline under it.
@MainActor
final class ListRowCell: TableViewCell, RowHosting {
  private let container = RowContainer(insets: EdgeInsets(top: 0, left: 16, bottom: 0, right: 16), alignment: .leading)

  override init(style: TableViewCell.CellStyle, reuseIdentifier: String?) {
    super.init(style: style, reuseIdentifier: reuseIdentifier)
    addSubview(container)
  }

  var rowID: RowID? { container.rowID }

  func show(_ node: ListRowNode, id: RowID) { container.show(node, id: id) }

  override func layoutSubviews() {
    super.layoutSubviews()
    // Where the content view is: the row makes room for the editing controls.
    container.frame = contentView.frame
  }

  override func draw(in context: any GraphicsContext) {
    context.fill(
      Path(Rect(x: 16, y: bounds.height - 1, width: max(0, bounds.width - 16), height: 1)),
      color: Color(red: 0.88, green: 0.88, blue: 0.9))
  }

  override var accessibilityText: String? { accessibilityLabel ?? container.text }
}

/// The view inside a list's or a grid's cell that holds a row node's view and lays it out.
@MainActor
final class RowContainer: Views.View {
  /// The id of the row it shows.
  var rowID: RowID? { rowNode?.id }
  private weak var rowNode: ListRowNode?
  private let insets: EdgeInsets
  private let alignment: Alignment

  init(insets: EdgeInsets, alignment: Alignment) {
    self.insets = insets
    self.alignment = alignment
    super.init(frame: .zero)
  }

  func show(_ node: ListRowNode, id: RowID) {
    node.alignment = alignment
    if rowNode !== node {
      rowNode?.view.removeFromSuperview()
      rowNode = node
      addSubview(node.view)
    }
    layoutRow()
  }

  override func layoutSubviews() { layoutRow() }

  private func layoutRow() {
    guard let rowNode else { return }
    let inner = bounds.inset(by: insets)
    rowNode.graph.beginLayoutPass()
    rowNode.place(in: inner, proposal: ProposedViewSize(inner.size))
  }

  /// The first text the row shows, for its accessibility label.
  var text: String? { rowNode.flatMap { firstText(in: $0.view) } }
}

/// The list's diffable data source: a reorder through the table is told to the list.
@MainActor
final class ListDataSource: TableViewDiffableDataSource<Int, RowID> {
  weak var node: ListNode?

  override func tableView(_ tableView: TableView, moveRowAt source: IndexPath, to destination: IndexPath) {
    super.tableView(tableView, moveRowAt: source, to: destination)
    node?.didMoveRow(from: source.row, to: destination.row)
  }

  /// A row of a `ForEach` with `onDelete` can be deleted: by a swipe, or in edit mode.
  override func tableView(_ tableView: TableView, canEditRowAt indexPath: IndexPath) -> Bool {
    node?.rowGroup(at: indexPath.row)?.delete != nil
  }

  /// Hands the deleted row's offset to its `ForEach`'s `onDelete`, which removes it from
  /// the data; the list follows the data.
  override func tableView(
    _ tableView: TableView, commit editingStyle: TableViewCell.EditingStyle, forRowAt indexPath: IndexPath
  ) {
    guard editingStyle == .delete, let node, let group = node.rowGroup(at: indexPath.row), let delete = group.delete
    else {
      super.tableView(tableView, commit: editingStyle, forRowAt: indexPath)
      return
    }
    delete(IndexSet(integer: indexPath.row - group.start))
  }
}

/// What a row dragged out of a list carries inside the application.
@MainActor
final class ListRowDrag {
  weak var node: ItemsNode?
  let group: ForEachGroup?
  let offset: Int

  init(node: ItemsNode, group: ForEachGroup?, offset: Int) {
    self.node = node
    self.group = group
    self.offset = offset
  }
}

/// The list's drag and drop delegate, handing each call to its node.
@MainActor
final class ListDragController: TableViewDragDelegate, TableViewDropDelegate {
  private weak var node: ItemsNode?

  init(node: ItemsNode) { self.node = node }

  func tableView(
    _ tableView: TableView, itemsForBeginning session: DragDrop.DragSession, at indexPath: IndexPath
  ) -> [DragItem] {
    node?.itemsForBeginning(at: indexPath.row, session: session) ?? []
  }

  func tableView(_ tableView: TableView, canHandle session: DragDrop.DropSession) -> Bool {
    node?.canHandle(session) ?? false
  }

  func tableView(
    _ tableView: TableView, dropSessionDidUpdate session: DragDrop.DropSession,
    withDestinationIndexPath destinationIndexPath: IndexPath?
  ) -> TableViewDropProposal {
    (node?.proposal(for: session, slot: destinationIndexPath?.row)).map(TableViewDropProposal.init)
      ?? TableViewDropProposal(operation: .cancel)
  }

  func tableView(_ tableView: TableView, performDropWith coordinator: TableViewDropCoordinator) {
    node?.performDrop(with: coordinator)
  }
}

/// Counts the loads of one provider, and runs an action once, when the last ends.
private final class LoadCount: Sendable {
  private let count = Mutex((running: 0, done: false))
  private let action: @Sendable () -> Void

  init(_ action: @escaping @Sendable () -> Void) { self.action = action }

  func started() { count.withLock { $0.running += 1 } }

  func finished() {
    let run = count.withLock { state -> Bool in
      state.running -= 1
      guard state.running == 0, !state.done else { return false }
      state.done = true
      return true
    }
    if run { action() }
  }
}

/// A diffable data source, seen by the list and the grid alike.
@MainActor
protocol SnapshotApplying: AnyObject {
  func apply(
    _ snapshot: DiffableDataSourceSnapshot<Int, RowID>, animatingDifferences: Bool,
    completion: (@MainActor () -> Void)?)
  func applyDeferredUsingReloadData(
    section: Int, count: Int, identifier: @escaping @MainActor (Int) -> RowID, all: @escaping @MainActor () -> [RowID])
}

extension TableViewDiffableDataSource: SnapshotApplying where SectionID == Int, ItemID == RowID {}
extension CollectionViewDiffableDataSource: SnapshotApplying where SectionID == Int, ItemID == RowID {}
