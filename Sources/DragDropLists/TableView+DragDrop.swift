import DragDrop
import Foundation

/// How a cell takes part in a drag (rule 19).
public enum CellDragState: Sendable, Hashable {
  case none
  /// The cell's row is lifting.
  case lifting
  /// The cell's row is being dragged; the cell stays in place, usually dimmed.
  case dragging
}

/// The drag source side of a table (rules 17-19).
@MainActor
public protocol TableViewDragDelegate: AnyObject {
  /// The items for dragging the row at `indexPath`; empty means the row does not drag.
  /// When the row is selected, this is called once per selected row (rule 18).
  func tableView(_ tableView: TableView, itemsForBeginning session: DragSession, at indexPath: IndexPath) -> [DragItem]
  /// Items for a row tapped during a drag; `point` is in the table's coordinates. None by
  /// default.
  func tableView(
    _ tableView: TableView, itemsForAddingTo session: DragSession, at indexPath: IndexPath, point: Point
  )
    -> [DragItem]
  /// How a row's lift preview is drawn; nil (the default) shows the whole cell.
  func tableView(_ tableView: TableView, dragPreviewParametersForRowAt indexPath: IndexPath) -> DragPreviewParameters?
  func tableView(_ tableView: TableView, dragSessionWillBegin session: DragSession)
  func tableView(_ tableView: TableView, dragSessionDidEnd session: DragSession)
  func tableView(_ tableView: TableView, dragSessionAllowsMoveOperation session: DragSession) -> Bool
  func tableView(_ tableView: TableView, dragSessionIsRestrictedToDraggingApplication session: DragSession) -> Bool
}

extension TableViewDragDelegate {
  public func tableView(
    _ tableView: TableView, itemsForAddingTo session: DragSession, at indexPath: IndexPath, point: Point
  ) -> [DragItem] { [] }
  public func tableView(
    _ tableView: TableView, dragPreviewParametersForRowAt indexPath: IndexPath
  )
    -> DragPreviewParameters?
  { nil }
  public func tableView(_ tableView: TableView, dragSessionWillBegin session: DragSession) {}
  public func tableView(_ tableView: TableView, dragSessionDidEnd session: DragSession) {}
  public func tableView(_ tableView: TableView, dragSessionAllowsMoveOperation session: DragSession) -> Bool { true }
  public func tableView(
    _ tableView: TableView, dragSessionIsRestrictedToDraggingApplication session: DragSession
  )
    -> Bool
  { false }
}

/// A drop proposal with an intent (rule 20).
public struct TableViewDropProposal: Sendable, Hashable {
  public var operation: DropOperation
  public var intent: DropIntent
  public var isPrecise = false
  public var prefersFullSizePreview = false

  public init(operation: DropOperation, intent: DropIntent = .unspecified) {
    self.operation = operation
    self.intent = intent
  }

  var dropProposal: DropProposal {
    var proposal = DropProposal(operation: operation)
    proposal.isPrecise = isPrecise
    proposal.prefersFullSizePreview = prefersFullSizePreview
    return proposal
  }
}

/// The drop target side of a table (rules 20-23).
@MainActor
public protocol TableViewDropDelegate: AnyObject {
  /// Takes the drop: update the data source and describe the change, then animate the
  /// items with the coordinator. If it does nothing, the drag animates back.
  func tableView(_ tableView: TableView, performDropWith coordinator: TableViewDropCoordinator)
  /// True by default.
  func tableView(_ tableView: TableView, canHandle session: DropSession) -> Bool
  /// The proposal for the drag over `destinationIndexPath` (nil over empty space); a
  /// cancel with no intent by default.
  func tableView(
    _ tableView: TableView, dropSessionDidUpdate session: DropSession,
    withDestinationIndexPath destinationIndexPath: IndexPath?
  ) -> TableViewDropProposal
  func tableView(_ tableView: TableView, dropSessionDidEnter session: DropSession)
  func tableView(_ tableView: TableView, dropSessionDidExit session: DropSession)
  func tableView(_ tableView: TableView, dropSessionDidEnd session: DropSession)
  /// Whether hovering over a row spring-loads it (rule 27); true by default. The context's
  /// target view may be changed to blink another view.
  func tableView(
    _ tableView: TableView, shouldSpringLoadRowAt indexPath: IndexPath, with context: SpringLoadedContext
  )
    -> Bool
}

extension TableViewDropDelegate {
  public func tableView(
    _ tableView: TableView, shouldSpringLoadRowAt indexPath: IndexPath, with context: SpringLoadedContext
  ) -> Bool { true }
  public func tableView(_ tableView: TableView, canHandle session: DropSession) -> Bool { true }
  public func tableView(
    _ tableView: TableView, dropSessionDidUpdate session: DropSession,
    withDestinationIndexPath destinationIndexPath: IndexPath?
  ) -> TableViewDropProposal { TableViewDropProposal(operation: .cancel) }
  public func tableView(_ tableView: TableView, dropSessionDidEnter session: DropSession) {}
  public func tableView(_ tableView: TableView, dropSessionDidExit session: DropSession) {}
  public func tableView(_ tableView: TableView, dropSessionDidEnd session: DropSession) {}
}

/// One dropped item, as the coordinator describes it (rule 21).
@MainActor
public struct TableViewDropItem {
  public let dragItem: DragItem
  /// Where the item came from in this table; nil for items from elsewhere, or when the
  /// table was reloaded after the drag began.
  public let sourceIndexPath: IndexPath?
  /// The size of the item's preview.
  public let previewSize: Size
}

/// What the drop delegate works with in `performDropWith` (rules 21-23).
@MainActor
public final class TableViewDropCoordinator {
  public let items: [TableViewDropItem]
  /// Where the drop lands: the slot for insert-at, the row for insert-into.
  public let destinationIndexPath: IndexPath?
  public let proposal: TableViewDropProposal
  public let session: DropSession
  unowned let tableView: TableView
  /// Where each item's preview goes, by drag item.
  var targets: [ObjectIdentifier: DragPreviewTarget] = [:]
  var animators: [ObjectIdentifier: DeferredAnimator] = [:]

  /// A coordinator for dropping `items` from elsewhere into `tableView` without a drag:
  /// for tests of a drop delegate, and for drops the application performs itself.
  public static func make(
    items: [DragItem], destinationIndexPath: IndexPath? = nil,
    proposal: TableViewDropProposal = TableViewDropProposal(operation: .copy), tableView: TableView
  ) -> TableViewDropCoordinator {
    TableViewDropCoordinator(
      items: items.map {
        TableViewDropItem(
          dragItem: $0, sourceIndexPath: nil,
          previewSize: Size(width: tableView.bounds.width, height: tableView.rowHeight))
      },
      destinationIndexPath: destinationIndexPath, proposal: proposal, session: DropSession(items: items),
      tableView: tableView)
  }

  init(
    items: [TableViewDropItem], destinationIndexPath: IndexPath?, proposal: TableViewDropProposal,
    session: DropSession, tableView: TableView
  ) {
    self.items = items
    self.destinationIndexPath = destinationIndexPath
    self.proposal = proposal
    self.session = session
    self.tableView = tableView
  }

  /// Animates the item into the row at `indexPath`, which must already be in the data
  /// source and inserted through `performBatchUpdates` (rule 23).
  @discardableResult
  public func drop(_ dragItem: DragItem, toRowAt indexPath: IndexPath) -> any DragAnimating {
    let rect = tableView.rectForRow(at: indexPath) ?? .zero
    return record(dragItem, DragPreviewTarget(container: tableView, center: rect.center))
  }

  /// Animates the item into the row at `indexPath`, aspect-fitting its preview into `rect`
  /// (in the cell's coordinates).
  @discardableResult
  public func drop(_ dragItem: DragItem, intoRowAt indexPath: IndexPath, rect: Rect) -> any DragAnimating {
    let row = tableView.rectForRow(at: indexPath) ?? .zero
    let center = Point(x: row.minX + rect.midX, y: row.minY + rect.midY)
    let size = items.first { $0.dragItem === dragItem }?.previewSize ?? rect.size
    let scale = size.width > 0 && size.height > 0 ? min(rect.width / size.width, rect.height / size.height) : 1
    return record(
      dragItem,
      DragPreviewTarget(container: tableView, center: center, transform: AffineTransform(scaleX: scale, y: scale)))
  }

  /// Animates the item to any place.
  @discardableResult
  public func drop(_ dragItem: DragItem, to target: DragPreviewTarget) -> any DragAnimating {
    record(dragItem, target)
  }

  func record(_ item: DragItem, _ target: DragPreviewTarget) -> DeferredAnimator {
    let key = ObjectIdentifier(item)
    targets[key] = target
    let animator = animators[key] ?? DeferredAnimator()
    animators[key] = animator
    return animator
  }
}

/// An animator handed out before the drop animation exists: what is added to it joins the
/// drop animation of its item when that starts.
@MainActor
final class DeferredAnimator: DragAnimating {
  private var animations: [@MainActor () -> Void] = []
  private var completions: [@MainActor (AnimatingPosition) -> Void] = []
  private weak var target: (any DragAnimating)?

  func addAnimations(_ animations: @escaping @MainActor () -> Void) {
    if let target { target.addAnimations(animations) } else { self.animations.append(animations) }
  }

  func addCompletion(_ completion: @escaping @MainActor (AnimatingPosition) -> Void) {
    if let target { target.addCompletion(completion) } else { completions.append(completion) }
  }

  /// Hands everything to the real animator, and anything added later too.
  func forward(to animator: any DragAnimating) {
    target = animator
    animations.forEach(animator.addAnimations)
    completions.forEach(animator.addCompletion)
    animations = []
    completions = []
  }
}

extension TableView {
  /// What the table keeps while a drag or drop is under way.
  final class DragDropState {
    var sourceIndexPaths: [ObjectIdentifier: IndexPath] = [:]
    var dragSession: DragSession?
    var dropSession: DropSession?
    var proposal = TableViewDropProposal(operation: .cancel)
    var destination: DropDestination?
    var coordinator: TableViewDropCoordinator?
    /// The row the gap opens before, and its height.
    var gap: (indexPath: IndexPath, height: Double)?
    var highlighted: IndexPath?
    var reloadedSinceDragBegan = false
    /// Auto-scroll: the current speed and the ticking timer.
    var scrollSpeed = 0.0
    var scrollTimer: ScheduledAction?
    /// Spring loading: the row hovered and its timer.
    var springRow: IndexPath?
    var springTimer: ScheduledAction?
  }
}

/// Bridges the table's drag delegate to a drag interaction.
@MainActor
final class TableDragAdapter: DragInteractionDelegate {
  unowned let table: TableView

  init(table: TableView) {
    self.table = table
  }

  func dragInteraction(_ interaction: DragInteraction, itemsForBeginning session: DragSession) -> [DragItem] {
    guard let delegate = table.dragDelegate,
      let indexPath = table.indexPathForRow(at: session.location(in: table))
    else { return [] }
    // Rule 18: dragging a selected row drags every selected row, once per row.
    let rows = table.indexPathsForSelectedRows.contains(indexPath) ? table.indexPathsForSelectedRows : [indexPath]
    var items: [DragItem] = []
    for row in rows {
      let rowItems = delegate.tableView(table, itemsForBeginning: session, at: row)
      for item in rowItems { table.dragState.sourceIndexPaths[ObjectIdentifier(item)] = row }
      items += rowItems
    }
    if !items.isEmpty {
      table.dragState.dragSession = session
      table.dragState.reloadedSinceDragBegan = false
      for row in rows { table.cellForRow(at: row)?.setDragState(.lifting) }
    }
    return items
  }

  func dragInteraction(
    _ interaction: DragInteraction, itemsForAddingTo session: DragSession, withTouchAt point: Point
  ) -> [DragItem] {
    guard let delegate = table.dragDelegate, let indexPath = table.indexPathForRow(at: point) else { return [] }
    let items = delegate.tableView(table, itemsForAddingTo: session, at: indexPath, point: point)
    for item in items { table.dragState.sourceIndexPaths[ObjectIdentifier(item)] = indexPath }
    if !items.isEmpty { table.cellForRow(at: indexPath)?.setDragState(.dragging) }
    return items
  }

  func dragInteraction(
    _ interaction: DragInteraction, previewForLifting item: DragItem, session: DragSession
  )
    -> TargetedDragPreview?
  {
    guard let indexPath = table.dragState.sourceIndexPaths[ObjectIdentifier(item)],
      let cell = table.cellForRow(at: indexPath)
    else { return nil }
    let parameters = table.dragDelegate?.tableView(table, dragPreviewParametersForRowAt: indexPath)
    return try? TargetedDragPreview(view: cell, parameters: parameters ?? DragPreviewParameters())
  }

  func dragInteraction(_ interaction: DragInteraction, sessionWillBegin session: DragSession) {
    for (_, indexPath) in table.dragState.sourceIndexPaths { table.cellForRow(at: indexPath)?.setDragState(.dragging) }
    table.dragDelegate?.tableView(table, dragSessionWillBegin: session)
  }

  func dragInteraction(_ interaction: DragInteraction, sessionAllowsMoveOperation session: DragSession) -> Bool {
    table.dragDelegate?.tableView(table, dragSessionAllowsMoveOperation: session) ?? true
  }

  func dragInteraction(
    _ interaction: DragInteraction, sessionIsRestrictedToDraggingApplication session: DragSession
  ) -> Bool {
    table.dragDelegate?.tableView(table, dragSessionIsRestrictedToDraggingApplication: session) ?? false
  }

  func dragInteraction(_ interaction: DragInteraction, session: DragSession, didEndWith operation: DropOperation) {
    for cell in table.visibleCells { cell.setDragState(.none) }
    table.dragState.sourceIndexPaths = [:]
    table.dragState.dragSession = nil
    table.dragDelegate?.tableView(table, dragSessionDidEnd: session)
  }
}

/// Bridges the table's drop delegate to a drop interaction: destinations, the gap, the
/// highlight, local reorders and the coordinator.
@MainActor
final class TableDropAdapter: DropInteractionDelegate {
  unowned let table: TableView

  init(table: TableView) {
    self.table = table
  }

  func dropInteraction(_ interaction: DropInteraction, canHandle session: DropSession) -> Bool {
    table.dropDelegate?.tableView(table, canHandle: session) ?? false
  }

  func dropInteraction(_ interaction: DropInteraction, sessionDidEnter session: DropSession) {
    table.dragState.dropSession = session
    table.dropDelegate?.tableView(table, dropSessionDidEnter: session)
  }

  func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: DropSession) -> DropProposal {
    guard let delegate = table.dropDelegate else { return DropProposal(operation: .cancel) }
    let point = session.location(in: table)
    let provisional = table.dataDestination(at: point, intent: .insertAtDestinationIndexPath)
    var proposal = delegate.tableView(
      table, dropSessionDidUpdate: session, withDestinationIndexPath: provisional.indexPath)
    // Insert-at, the common answer, needs no second lookup.
    let destination =
      proposal.intent == .insertAtDestinationIndexPath
      ? provisional : table.dataDestination(at: point, intent: proposal.intent)
    // Rule 20: over empty space the intent is forced to unspecified.
    if destination.indexPath == nil { proposal.intent = .unspecified } else { proposal.intent = destination.intent }
    table.dragState.proposal = proposal
    table.dragState.destination = destination
    table.showDropFeedback(for: proposal.operation.performsDrop ? destination : nil)
    table.updateAutoScroll(at: point)
    table.updateSpringLoading(at: point)
    return proposal.dropProposal
  }

  func dropInteraction(_ interaction: DropInteraction, sessionDidExit session: DropSession) {
    table.stopDropTimers()
    table.showDropFeedback(for: nil)
    table.dragState.dropSession = nil
    table.dropDelegate?.tableView(table, dropSessionDidExit: session)
  }

  func dropInteraction(_ interaction: DropInteraction, performDrop session: DropSession) {
    table.stopDropTimers()
    let state = table.dragState
    let destination = state.destination
    table.showDropFeedback(for: nil)
    // Rule 22: a local single-row reorder goes through moveRowAt when the data source can.
    if let reordering = table.dataSource as? any TableViewReorderingDataSource,
      let local = session.localDragSession, local === state.dragSession, session.items.count == 1,
      let source = state.sourceIndexPaths[ObjectIdentifier(local.items[0])],
      let target = destination?.indexPath, destination?.intent == .insertAtDestinationIndexPath,
      state.proposal.operation == .move, !state.reloadedSinceDragBegan,
      reordering.tableView(table, canMoveRowAt: source)
    {
      // The slot is counted before removal; the data source wants the index after it.
      let final =
        target.section == source.section && target.row > source.row
        ? IndexPath(row: target.row - 1, section: target.section) : target
      table.moveRowForReorder(from: source, to: final, dataSource: reordering)
      let coordinator = makeCoordinator(session, destination: final)
      coordinator.drop(session.items[0], toRowAt: final)
      state.coordinator = coordinator
      return
    }
    let coordinator = makeCoordinator(session, destination: destination?.indexPath)
    state.coordinator = coordinator
    table.dropDelegate?.tableView(table, performDropWith: coordinator)
  }

  private func makeCoordinator(_ session: DropSession, destination: IndexPath?) -> TableViewDropCoordinator {
    let state = table.dragState
    let local = session.localDragSession
    let items = session.items.enumerated().map { index, item in
      var source: IndexPath?
      if let local, local === state.dragSession, !state.reloadedSinceDragBegan, local.items.indices.contains(index) {
        source = state.sourceIndexPaths[ObjectIdentifier(local.items[index])]
      }
      let size =
        source.flatMap { table.rectForRow(at: $0)?.size } ?? Size(width: table.bounds.width, height: table.rowHeight)
      return TableViewDropItem(dragItem: item, sourceIndexPath: source, previewSize: size)
    }
    return TableViewDropCoordinator(
      items: items, destinationIndexPath: destination, proposal: state.proposal, session: session, tableView: table)
  }

  func dropInteraction(
    _ interaction: DropInteraction, previewForDropping item: DragItem, withDefault defaultPreview: TargetedDragPreview
  ) -> TargetedDragPreview? {
    let coordinator = table.dragState.coordinator
    if let target = coordinator?.targets[ObjectIdentifier(item)] {
      return defaultPreview.retargetedPreview(with: target)
    }
    // Rule 21: the delegate did nothing with the item; it goes back to its row, or fades
    // when it came from elsewhere.
    guard let source = coordinator?.items.first(where: { $0.dragItem === item })?.sourceIndexPath,
      let rect = table.rectForRow(at: source)
    else { return nil }
    return defaultPreview.retargetedPreview(with: DragPreviewTarget(container: table, center: rect.center))
  }

  func dropInteraction(_ interaction: DropInteraction, item: DragItem, willAnimateDropWith animator: any DragAnimating)
  {
    table.dragState.coordinator?.animators[ObjectIdentifier(item)]?.forward(to: animator)
  }

  func dropInteraction(_ interaction: DropInteraction, sessionDidEnd session: DropSession) {
    table.stopDropTimers()
    table.showDropFeedback(for: nil)
    table.dragState.dropSession = nil
    table.dragState.coordinator = nil
    table.dropDelegate?.tableView(table, dropSessionDidEnd: session)
  }
}

extension TableView {
  /// Rule 29: starts, retunes or stops scrolling from where the drag is, in the table's
  /// coordinates. While it scrolls, the window's drags are routed again each frame, so
  /// the destination keeps updating.
  func updateAutoScroll(at point: Point) {
    let speed = AutoScroll.speed(at: point.y - contentOffset.y, length: bounds.height)
    dragState.scrollSpeed = speed
    guard speed != 0 else {
      dragState.scrollTimer?.cancel()
      dragState.scrollTimer = nil
      return
    }
    if dragState.scrollTimer == nil { scheduleScrollTick() }
  }

  private func scheduleScrollTick() {
    guard let clock = window?.clock else { return }
    let frame = 1.0 / 60
    dragState.scrollTimer = clock.schedule(after: frame) { [weak self] in
      guard let self, self.dragState.scrollSpeed != 0 else { return }
      let before = self.contentOffset
      self.contentOffset = Point(x: before.x, y: before.y + self.dragState.scrollSpeed * frame)
      self.dragState.scrollTimer = nil
      guard self.contentOffset != before else { return }  // at the end of the content
      self.layoutIfNeeded()
      self.window?.dragController.refreshDropTargets()
      if self.dragState.scrollSpeed != 0 && self.dragState.scrollTimer == nil { self.scheduleScrollTick() }
    }
  }

  /// Rule 27: hovering over a row for ``springLoadingDelay`` blinks it and then activates
  /// it (selects it, as a tap would).
  func updateSpringLoading(at point: Point) {
    guard isSpringLoaded else { return }
    let row = indexPathForRow(at: point)
    guard row != dragState.springRow else { return }
    dragState.springTimer?.cancel()
    dragState.springRow = row
    guard let row, let clock = window?.clock else { return }
    dragState.springTimer = clock.schedule(after: springLoadingDelay) { [weak self] in
      guard let self, self.dragState.springRow == row else { return }
      let context = SpringLoadedContext(targetView: self.cellForRow(at: row), location: point)
      guard self.dropDelegate?.tableView(self, shouldSpringLoadRowAt: row, with: context) ?? true else { return }
      self.blink(context.targetView, times: 2) { [weak self] in
        guard let self, self.dragState.springRow == row else { return }
        self.selectRow(at: row)
        self.delegate?.tableView(self, didSelectRowAt: row)
      }
    }
  }

  /// Flashes a view's background `times` times on the clock, then runs `completion`.
  private func blink(_ view: View?, times: Int, completion: @escaping @MainActor () -> Void) {
    guard let clock = window?.clock else { return }
    let original = view?.backgroundColor
    let flash = Color(red: 0.6, green: 0.8, blue: 1)
    let step = 0.1
    for index in 0..<(times * 2) {
      clock.schedule(after: step * Double(index)) { view?.backgroundColor = index % 2 == 0 ? flash : original }
    }
    dragState.springTimer = clock.schedule(after: step * Double(times * 2)) {
      view?.backgroundColor = original
      completion()
    }
  }

  func stopDropTimers() {
    dragState.scrollTimer?.cancel()
    dragState.scrollTimer = nil
    dragState.scrollSpeed = 0
    dragState.springTimer?.cancel()
    dragState.springTimer = nil
    dragState.springRow = nil
  }
}
