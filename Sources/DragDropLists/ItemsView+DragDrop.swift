@_spi(Platform) import DragDrop
import Foundation

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
        return dragged.flatMap { (itemFrame(at: $0)?.height).map(Double.init) } ?? defaultPreviewSize.height
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
    guard let bridge = view.dragBridge, bridge.isConnected, view.movement == nil,
      let indexPath = view.dataIndexPath(at: session.location(in: view))
    else { return [] }
    // Rule 18: dragging a selected item drags every selected item, once per item.
    let selection = view.sortedSelection
    let paths = selection.contains(indexPath) ? selection : [indexPath]
    var items: [DragItem] = []
    for path in paths {
      let pathItems = bridge.itemsForBeginning(session, at: path)
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
    guard let bridge = view.dragBridge, bridge.isConnected, let indexPath = view.dataIndexPath(at: point) else {
      return []
    }
    let items = bridge.itemsForAdding(session, at: indexPath, point: point)
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
    let parameters = view.dragBridge?.previewParameters(at: indexPath)
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
    view.dragBridge?.sessionWillBegin(session)
  }

  func dragInteraction(_ interaction: DragInteraction, sessionAllowsMoveOperation session: DragSession) -> Bool {
    view.dragBridge?.sessionAllowsMove(session) ?? true
  }

  func dragInteraction(
    _ interaction: DragInteraction, sessionIsRestrictedToDraggingApplication session: DragSession
  ) -> Bool {
    view.dragBridge?.sessionIsRestricted(session) ?? false
  }

  func dragInteraction(_ interaction: DragInteraction, session: DragSession, didEndWith operation: DropOperation) {
    for cell in view.sortedVisibleCells { cell.setDragState(.none) }
    view.dragState.sourceIndexPaths = [:]
    view.dragState.dragSession = nil
    view.dragBridge?.sessionDidEnd(session, operation: operation)
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
    guard let bridge = view.dropBridge, bridge.isConnected else { return false }
    return bridge.canHandle(session)
  }

  func dropInteraction(_ interaction: DropInteraction, sessionDidEnter session: DropSession) {
    view.dragState.dropSession = session
    view.dropBridge?.sessionDidEnter(session)
  }

  func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: DropSession) -> DropProposal {
    // Held once for the whole update: each read of the unowned reference checks the view
    // is alive and counts a reference.
    let view = self.view
    guard let bridge = view.dropBridge, bridge.isConnected else { return DropProposal(operation: .cancel) }
    let point = session.location(in: view)
    let provisional = view.dataDestination(at: point, intent: .insertAtDestinationIndexPath)
    let moving = view.dragState.proposal.operation == .move
    var proposal = bridge.proposal(
      session, destination: delegateDestination(provisional.indexPath, session, moving: moving))
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
    view.dropBridge?.sessionDidExit(session)
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
      view.reorderShownByDataSource = false
      if view.data.moveItem(from: source, to: final) {
        // A diffable data source's handler may have applied a snapshot that shows it.
        if !view.reorderShownByDataSource { view.applyReorder(from: source, to: final) }
        view.reorderShownByDataSource = false
        let coordinator = makeCoordinator(session, destination: final)
        _ = coordinator.dropToItem(session.items[0], at: final)
        state.coordinator = coordinator
        focusAfterKeyboardDrop(session, coordinator)
        return
      }
    }
    let moving = state.proposal.operation == .move && destination?.intent == .insertAtDestinationIndexPath
    let coordinator = makeCoordinator(
      session, destination: delegateDestination(destination?.indexPath, session, moving: moving))
    state.coordinator = coordinator
    view.dropBridge?.performDrop(with: coordinator)
    focusAfterKeyboardDrop(session, coordinator)
  }

  /// The destination as the delegate hears it (rule 21). The engine counts slots between
  /// the items as they are; for one item moved within this view, UIKit code counts where
  /// the item will sit once it has left its place: `remove(at: source)` then
  /// `insert(at: destination)`. So a slot after the item's own place is one less, except
  /// the end of the section, which stays `count` (rule 20).
  private func delegateDestination(_ slot: IndexPath?, _ session: DropSession, moving: Bool) -> IndexPath? {
    guard moving, let slot, let source = singleLocalSource(session), slot.section == source.section,
      slot.item > source.item, slot.item < view.itemCount(inSection: slot.section)
    else { return slot }
    return IndexPath(item: slot.item - 1, section: slot.section)
  }

  /// Where the one item of a drag from this view came from, when the drag is that.
  private func singleLocalSource(_ session: DropSession) -> IndexPath? {
    let state = view.dragState
    guard let local = session.localDragSession, local === state.dragSession, local.items.count == 1,
      !state.reloadedSinceDragBegan
    else { return nil }
    return state.sourceIndexPaths[ObjectIdentifier(local.items[0])]
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
          $0.parameters.visiblePath?.cgPath.bounds.size ?? $0.view.bounds.size
        }
      }
      let size = preview ?? source.flatMap { view.itemFrame(at: $0)?.size } ?? view.defaultPreviewSize
      return EngineDropItem(dragItem: item, sourceIndexPath: source, previewSize: size)
    }
    return view.dropBridge?.makeCoordinator(
      items: items, destination: destination, proposal: state.proposal, session: session)
      ?? ItemsViewDropCoordinator(
        items: items, destinationIndexPath: destination, proposal: state.proposal, session: session, view: view)
  }

  func dropInteraction(
    _ interaction: DropInteraction, previewForDropping item: DragItem, withDefault defaultPreview: TargetedDragPreview
  ) -> TargetedDragPreview? {
    let coordinator = view.dragState.coordinator
    if let target = coordinator?.target(for: item) {
      // Into an item: the delegate may draw the preview differently there.
      if let path = coordinator?.droppedIndexPaths[ObjectIdentifier(item)],
        let parameters = view.dropBridge?.previewParameters(at: path)
      {
        return TargetedDragPreview(view: defaultPreview.view, parameters: parameters, target: target)
      }
      return defaultPreview.retargetedPreview(with: target)
    }
    // Rule 21: the delegate did nothing with the item; it goes back to its cell, or fades
    // when it came from elsewhere.
    guard let source = coordinator?.dropItems.first(where: { $0.dragItem === item })?.sourceIndexPath,
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
    view.dropBridge?.sessionDidEnd(session)
  }
}
