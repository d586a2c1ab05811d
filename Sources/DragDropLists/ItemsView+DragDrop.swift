@_spi(Platform) import DragDrop
import Foundation

/// How a cell takes part in a drag (rule 19).
public enum CellDragState: Sendable, Hashable {
  case none
  /// The cell's item is lifting.
  case lifting
  /// The cell's item is being dragged; the cell stays in place, usually dimmed.
  case dragging
}

/// A drop proposal with an intent (rule 20), for tables and collection views.
public struct ItemsViewDropProposal: Sendable, Hashable {
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

public typealias TableViewDropProposal = ItemsViewDropProposal
public typealias CollectionViewDropProposal = ItemsViewDropProposal

/// One dropped item, as the coordinator describes it (rule 21).
@MainActor
public struct ItemsViewDropItem {
  public let dragItem: DragItem
  /// Where the item came from in this view; nil for items from elsewhere, or when the
  /// view was reloaded after the drag began.
  public let sourceIndexPath: IndexPath?
  /// The size of the item's preview.
  public let previewSize: Size
}

public typealias TableViewDropItem = ItemsViewDropItem
public typealias CollectionViewDropItem = ItemsViewDropItem

/// What a drop delegate works with in `performDropWith` (rules 21-23): the items, the
/// destination, the proposal and the session, and the animations of the items into place.
@MainActor
public class ItemsViewDropCoordinator {
  public let items: [ItemsViewDropItem]
  /// Where the drop lands: the slot for insert-at, the item for insert-into.
  public let destinationIndexPath: IndexPath?
  public let proposal: ItemsViewDropProposal
  public let session: DropSession
  /// The view, held weakly: a coordinator kept after its view is freed (from a load that
  /// completes late, say) animates nothing, and its placeholders are never pending.
  weak var view: ItemsView?
  /// Where an item's preview goes: a fixed place, or a placeholder's, found when the drop
  /// animation starts (the placeholder may have moved by then).
  enum PreviewDestination {
    case target(DragPreviewTarget)
    case placeholder(ItemsView.PlaceholderEntry)
  }

  /// Where each item's preview goes, by drag item.
  var targets: [ObjectIdentifier: PreviewDestination] = [:]
  var animators: [ObjectIdentifier: DeferredAnimator] = [:]
  /// The item each drag item was dropped to or into, for its drop preview's parameters.
  var droppedIndexPaths: [ObjectIdentifier: IndexPath] = [:]

  init(
    items: [ItemsViewDropItem], destinationIndexPath: IndexPath?, proposal: ItemsViewDropProposal,
    session: DropSession, view: ItemsView
  ) {
    self.items = items
    self.destinationIndexPath = destinationIndexPath
    self.proposal = proposal
    self.session = session
    self.view = view
    targets.reserveCapacity(items.count)
    animators.reserveCapacity(items.count)
  }

  /// The view, or nil with a warning naming the call when the view has been freed.
  func liveView(_ call: String) -> ItemsView? {
    if view == nil { ItemsView.logger.warning("\(call) did nothing: the coordinator's view was freed") }
    return view
  }

  /// Drop items for drag items from elsewhere: no source, the view's default preview size.
  static func itemsFromElsewhere(_ items: [DragItem], view: ItemsView) -> [ItemsViewDropItem] {
    items.map { ItemsViewDropItem(dragItem: $0, sourceIndexPath: nil, previewSize: view.kind.defaultPreviewSize) }
  }

  /// Animates the item into the item at `indexPath`, which must already be in the data
  /// source and inserted through `performBatchUpdates` (rule 23).
  func dropToItem(_ dragItem: DragItem, at indexPath: IndexPath) -> any DragAnimating {
    guard let view = liveView("drop(_:toItemAt:)") else { return DeferredAnimator() }
    let rect = view.itemFrame(at: indexPath) ?? .zero
    droppedIndexPaths[ObjectIdentifier(dragItem)] = indexPath
    return record(dragItem, DragPreviewTarget(container: view, center: rect.center))
  }

  /// Animates the item into the item at `indexPath`, aspect-fitting its preview into `rect`
  /// (in the cell's coordinates).
  func dropIntoItem(_ dragItem: DragItem, at indexPath: IndexPath, rect: Rect) -> any DragAnimating {
    guard let view = liveView("drop(_:intoItemAt:rect:)") else { return DeferredAnimator() }
    let frame = view.itemFrame(at: indexPath) ?? .zero
    let center = Point(x: frame.minX + rect.midX, y: frame.minY + rect.midY)
    let size = items.first { $0.dragItem === dragItem }?.previewSize ?? rect.size
    droppedIndexPaths[ObjectIdentifier(dragItem)] = indexPath
    let scale = size.width > 0 && size.height > 0 ? min(rect.width / size.width, rect.height / size.height) : 1
    return record(
      dragItem, DragPreviewTarget(container: view, center: center, transform: AffineTransform(scaleX: scale, y: scale)))
  }

  /// Animates the item to any place.
  @discardableResult
  public func drop(_ dragItem: DragItem, to target: DragPreviewTarget) -> any DragAnimating {
    record(dragItem, target)
  }

  /// Where the item's preview goes now: a placeholder's current place, or the committed
  /// item's once the placeholder has become one. Nil when the item was not sent anywhere.
  func target(for item: DragItem) -> DragPreviewTarget? {
    guard let view else { return nil }
    switch targets[ObjectIdentifier(item)] {
    case .target(let target):
      return target
    case .placeholder(let entry):
      let frame =
        entry.isInView && entry.owner === view
        ? view.placeholderRect(entry) : view.itemFrame(at: IndexPath(item: entry.anchor, section: entry.section))
      return frame.map { DragPreviewTarget(container: view, center: $0.center) }
    case nil:
      return nil
    }
  }

  func record(_ item: DragItem, _ target: DragPreviewTarget) -> DeferredAnimator {
    record(item, .target(target))
  }

  func record(_ item: DragItem, _ destination: PreviewDestination) -> DeferredAnimator {
    let key = ObjectIdentifier(item)
    targets[key] = destination
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

extension ItemsView {
  /// What the view keeps while a drag or drop is under way.
  final class DragDropState {
    var sourceIndexPaths: [ObjectIdentifier: IndexPath] = [:]
    var dragSession: DragSession?
    var dropSession: DropSession?
    var proposal = ItemsViewDropProposal(operation: .cancel)
    var destination: DropDestination?
    var coordinator: ItemsViewDropCoordinator?
    var reloadedSinceDragBegan = false
  }

  func installDragInteraction() {
    guard dragInteraction == nil else { return }
    let adapter = ItemsDragAdapter(view: self)
    dragAdapter = adapter
    let interaction = DragInteraction(delegate: adapter)
    if let explicit = explicitDragInteractionEnabled { interaction.isEnabled = explicit }
    interaction.name = interactionName ?? accessibilityLabel
    dragInteraction = interaction
    addInteraction(interaction)
  }

  func installDropInteraction() {
    guard dropInteraction == nil else { return }
    let adapter = ItemsDropAdapter(view: self)
    dropAdapter = adapter
    let interaction = DropInteraction(delegate: adapter)
    interaction.name = interactionName ?? accessibilityLabel
    // A keyboard drag stops at every gap between items (rule 41).
    interaction.keyboardDropStopsProvider = { [weak self] in self?.keyboardDropStops() ?? KeyboardDropStops([]) }
    dropInteraction = interaction
    addInteraction(interaction)
  }

  // MARK: Feedback

  /// Shows the drop feedback for `destination` (nil clears it), with the gap as long as
  /// the dragged item, or the default preview's extent for items from elsewhere.
  func showDropFeedback(for destination: DropDestination?, pointerMoved: Bool = false) {
    dropFeedback.show(
      destination,
      extent: {
        let dragged = dragState.dragSession.flatMap { session in
          session.items.first.flatMap { dragState.sourceIndexPaths[ObjectIdentifier($0)] }
        }
        return dragged.flatMap { itemFrame(at: $0)?.height } ?? kind.defaultPreviewSize.height
      }(), pointerMoved: pointerMoved)
  }
}

/// Bridges a view's drag delegate to a drag interaction.
@MainActor
final class ItemsDragAdapter: DragInteractionDelegate {
  unowned let view: ItemsView

  init(view: ItemsView) {
    self.view = view
  }

  func dragInteraction(_ interaction: DragInteraction, itemsForBeginning session: DragSession) -> [DragItem] {
    guard view.kind.hasDragDelegate, view.movement == nil,
      let indexPath = view.dataIndexPath(at: session.location(in: view))
    else { return [] }
    // Rule 18: dragging a selected item drags every selected item, once per item.
    let selection = view.sortedSelection
    let paths = selection.contains(indexPath) ? selection : [indexPath]
    var items: [DragItem] = []
    for path in paths {
      let pathItems = view.kind.dragItemsForBeginning(session, at: path)
      for item in pathItems { view.dragState.sourceIndexPaths[ObjectIdentifier(item)] = path }
      items += pathItems
    }
    if !items.isEmpty {
      view.dragState.dragSession = session
      view.dragState.reloadedSinceDragBegan = false
      for path in paths { view.visibleCell(at: path)?.setDragState(.lifting) }
    }
    return items
  }

  func dragInteraction(
    _ interaction: DragInteraction, itemsForAddingTo session: DragSession, withTouchAt point: Point
  ) -> [DragItem] {
    guard view.kind.hasDragDelegate, let indexPath = view.dataIndexPath(at: point) else { return [] }
    let items = view.kind.dragItemsForAdding(session, at: indexPath, point: point)
    for item in items { view.dragState.sourceIndexPaths[ObjectIdentifier(item)] = indexPath }
    if !items.isEmpty { view.visibleCell(at: indexPath)?.setDragState(.dragging) }
    return items
  }

  func dragInteraction(
    _ interaction: DragInteraction, previewForLifting item: DragItem, session: DragSession
  )
    -> TargetedDragPreview?
  {
    guard let indexPath = view.dragState.sourceIndexPaths[ObjectIdentifier(item)],
      let cell = view.visibleCell(at: indexPath)
    else { return nil }
    let parameters = view.kind.dragPreviewParameters(at: indexPath)
    // A snapshot, not the cell: the cell may be reused for another item while this one is
    // in the air (during auto-scroll, say), and the preview must not change with it.
    return TargetedDragPreview(
      view: cell.snapshotView(), parameters: parameters ?? DragPreviewParameters(),
      target: DragPreviewTarget(container: view, center: cell.frame.center))
  }

  /// A cancelled row or item goes back to its cell, as in UIKit's tables and collection
  /// views (a plain drag interaction fades in place instead, rule 7).
  func dragInteraction(
    _ interaction: DragInteraction, previewForCancelling item: DragItem, withDefault defaultPreview: TargetedDragPreview
  ) -> TargetedDragPreview? {
    guard let indexPath = view.dragState.sourceIndexPaths[ObjectIdentifier(item)],
      let rect = view.itemFrame(at: indexPath)
    else { return nil }
    return defaultPreview.retargetedPreview(with: DragPreviewTarget(container: view, center: rect.center))
  }

  func dragInteraction(_ interaction: DragInteraction, sessionWillBegin session: DragSession) {
    for (_, indexPath) in view.dragState.sourceIndexPaths { view.visibleCell(at: indexPath)?.setDragState(.dragging) }
    view.kind.dragSessionWillBegin(session)
  }

  func dragInteraction(_ interaction: DragInteraction, sessionAllowsMoveOperation session: DragSession) -> Bool {
    view.kind.dragSessionAllowsMove(session)
  }

  func dragInteraction(
    _ interaction: DragInteraction, sessionIsRestrictedToDraggingApplication session: DragSession
  ) -> Bool {
    view.kind.dragSessionIsRestricted(session)
  }

  func dragInteraction(_ interaction: DragInteraction, session: DragSession, didEndWith operation: DropOperation) {
    for cell in view.sortedVisibleCells { cell.setDragState(.none) }
    view.dragState.sourceIndexPaths = [:]
    view.dragState.dragSession = nil
    view.kind.dragSessionDidEnd(session, operation: operation)
  }
}

/// Bridges a view's drop delegate to a drop interaction: destinations, the gap, the
/// highlight, local reorders and the coordinator.
@MainActor
final class ItemsDropAdapter: DropInteractionDelegate {
  unowned let view: ItemsView

  init(view: ItemsView) {
    self.view = view
  }

  func dropInteraction(_ interaction: DropInteraction, canHandle session: DropSession) -> Bool {
    view.kind.hasDropDelegate && view.kind.dropCanHandle(session)
  }

  func dropInteraction(_ interaction: DropInteraction, sessionDidEnter session: DropSession) {
    view.dragState.dropSession = session
    view.kind.dropSessionDidEnter(session)
  }

  func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: DropSession) -> DropProposal {
    // Held once for the whole update: each read of the unowned reference checks the view
    // is alive and counts a reference.
    let view = self.view
    guard view.kind.hasDropDelegate else { return DropProposal(operation: .cancel) }
    let point = session.location(in: view)
    let provisional = view.dataDestination(at: point, intent: .insertAtDestinationIndexPath)
    var proposal = view.kind.dropProposal(session, destination: provisional.indexPath)
    // Insert-at, the common answer, needs no second lookup.
    let destination =
      proposal.intent == .insertAtDestinationIndexPath
      ? provisional : view.dataDestination(at: point, intent: proposal.intent)
    // Rule 20: over empty space the intent is forced to unspecified.
    if destination.indexPath == nil { proposal.intent = .unspecified } else { proposal.intent = destination.intent }
    view.dragState.proposal = proposal
    view.dragState.destination = destination
    view.showDropFeedback(for: proposal.operation.performsDrop ? destination : nil, pointerMoved: true)
    // A keyboard drag's stops scroll themselves into view, and spring-load only an item
    // the keys stopped on.
    switch session.keyboardStop {
    case nil, .item?:
      if session.keyboardStop == nil { view.dropFeedback.updateAutoScroll(at: point) }
      view.dropFeedback.updateSpringLoading(at: point, followingDrop: true)
    case .place?, .position?:
      view.dropFeedback.updateSpringLoading(at: nil, followingDrop: false)
    }
    return proposal.dropProposal
  }

  func dropInteraction(_ interaction: DropInteraction, sessionDidExit session: DropSession) {
    view.dropFeedback.stopTimers()
    view.showDropFeedback(for: nil)
    view.dragState.dropSession = nil
    view.kind.dropSessionDidExit(session)
  }

  func dropInteraction(_ interaction: DropInteraction, performDrop session: DropSession) {
    view.dropFeedback.stopTimers()
    let state = view.dragState
    let destination = state.destination
    view.showDropFeedback(for: nil)
    // Rule 22: a local single-item reorder may go through the data source's move.
    if let local = session.localDragSession, local === state.dragSession, session.items.count == 1,
      let source = state.sourceIndexPaths[ObjectIdentifier(local.items[0])],
      let target = destination?.indexPath, destination?.intent == .insertAtDestinationIndexPath,
      state.proposal.operation == .move, !state.reloadedSinceDragBegan
    {
      // The slot is counted before removal; the data source wants the index after it.
      let final =
        target.section == source.section && target.item > source.item
        ? IndexPath(item: target.item - 1, section: target.section) : target
      if view.kind.reorderLocally(from: source, to: final) {
        let coordinator = makeCoordinator(session, destination: final)
        _ = coordinator.dropToItem(session.items[0], at: final)
        state.coordinator = coordinator
        focusAfterKeyboardDrop(session, coordinator)
        return
      }
    }
    let coordinator = makeCoordinator(session, destination: destination?.indexPath)
    state.coordinator = coordinator
    view.kind.performDrop(with: coordinator)
    focusAfterKeyboardDrop(session, coordinator)
  }

  /// After a keyboard drop the focus goes where the items went (rule 41): the list takes
  /// it, on the first item dropped to or into, or else on the destination. An item that
  /// went to a placeholder takes the focus when the placeholder is committed.
  private func focusAfterKeyboardDrop(_ session: DropSession, _ coordinator: ItemsViewDropCoordinator) {
    guard session.keyboardStop != nil, let window = view.window else { return }
    let dropped = session.items.lazy.compactMap { coordinator.droppedIndexPaths[ObjectIdentifier($0)] }.first
    let placeholder = session.items.lazy.compactMap { item -> ItemsView.PlaceholderEntry? in
      guard case .placeholder(let entry)? = coordinator.targets[ObjectIdentifier(item)] else { return nil }
      return entry
    }.first
    let destination = dropped ?? coordinator.destinationIndexPath ?? view.lastItem
    // The drop was announced: the new focus is described without a word.
    window.movingFocusQuietly {
      window.focus(view)
      if let destination {
        view.indexPathForKeyboardFocus = view.contains(destination) ? destination : view.lastItem
      }
    }
    if dropped == nil, let placeholder { view.keyboardFocusPlaceholder = placeholder }
  }

  private func makeCoordinator(_ session: DropSession, destination: IndexPath?) -> ItemsViewDropCoordinator {
    let state = view.dragState
    let local = session.localDragSession
    let items = session.items.enumerated().map { index, item in
      var source: IndexPath?
      if let local, local === state.dragSession, !state.reloadedSinceDragBegan, local.items.indices.contains(index) {
        source = state.sourceIndexPaths[ObjectIdentifier(local.items[index])]
      }
      // The preview's own size when the drag is ours (its visible part, when clipped); the
      // cell's size otherwise.
      let preview = local.flatMap { local in
        view.window?.dragController.dragPreviews(of: local).dropFirst(index).first?.map {
          $0.parameters.visiblePath?.bounds.size ?? $0.view.bounds.size
        }
      }
      let size = preview ?? source.flatMap { view.itemFrame(at: $0)?.size } ?? view.kind.defaultPreviewSize
      return ItemsViewDropItem(dragItem: item, sourceIndexPath: source, previewSize: size)
    }
    return view.kind.makeCoordinator(items: items, destination: destination, proposal: state.proposal, session: session)
  }

  func dropInteraction(
    _ interaction: DropInteraction, previewForDropping item: DragItem, withDefault defaultPreview: TargetedDragPreview
  ) -> TargetedDragPreview? {
    let coordinator = view.dragState.coordinator
    if let target = coordinator?.target(for: item) {
      // Into an item: the delegate may draw the preview differently there.
      if let path = coordinator?.droppedIndexPaths[ObjectIdentifier(item)],
        let parameters = view.kind.dropPreviewParameters(at: path)
      {
        return TargetedDragPreview(view: defaultPreview.view, parameters: parameters, target: target)
      }
      return defaultPreview.retargetedPreview(with: target)
    }
    // Rule 21: the delegate did nothing with the item; it goes back to its cell, or fades
    // when it came from elsewhere.
    guard let source = coordinator?.items.first(where: { $0.dragItem === item })?.sourceIndexPath,
      let rect = view.itemFrame(at: source)
    else { return nil }
    return defaultPreview.retargetedPreview(with: DragPreviewTarget(container: view, center: rect.center))
  }

  func dropInteraction(_ interaction: DropInteraction, item: DragItem, willAnimateDropWith animator: any DragAnimating)
  {
    view.dragState.coordinator?.animators[ObjectIdentifier(item)]?.forward(to: animator)
  }

  func dropInteraction(_ interaction: DropInteraction, sessionDidEnd session: DropSession) {
    view.dropFeedback.stopTimers()
    view.showDropFeedback(for: nil)
    view.dragState.dropSession = nil
    view.dragState.coordinator = nil
    view.kind.dropSessionDidEnd(session)
  }
}
