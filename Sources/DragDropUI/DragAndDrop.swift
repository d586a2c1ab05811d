import DragDrop
import Synchronization
import Views

// MARK: - Drag sources

struct DragSourceModifier: WrappingModifier {
  let data: @MainActor () -> ItemProvider
  let preview: AnyView?
  let ended: (@MainActor (DropOperation) -> Void)?
  /// The identifiers of the dragged items, for ``DragSession/draggedItemIDs(for:)``.
  var ids: (@MainActor () -> [AnyHashable])? = nil
  /// The providers of several items, made from their identifiers; `data` makes the one
  /// item otherwise.
  var providers: (@MainActor ([AnyHashable]) -> [ItemProvider])? = nil
  /// The identifier of the view's own item among the dragged ones.
  var draggedID: AnyHashable? = nil
  var name: String { "OnDrag" }

  func configure(_ node: WrapperNode) {
    let source = node.attachment as? DragSource ?? DragSource(node: node)
    source.data = data
    source.preview = preview
    source.ended = ended
    source.ids = ids
    source.providers = providers
    source.draggedID = draggedID
    // SwiftUI's onDrag works on every device, the phone included, unless it is disabled.
    source.interaction.isEnabled = node.environment.isEnabled
    if source.interaction.name == nil { source.interaction.name = "onDrag" }
  }
}

/// The drag interaction of an `onDrag` view, and its delegate.
@MainActor
final class DragSource: DragInteractionDelegate {
  let interaction: DragInteraction
  private weak var node: WrapperNode?
  var data: (@MainActor () -> ItemProvider)?
  var preview: AnyView?
  var ended: (@MainActor (DropOperation) -> Void)?
  var ids: (@MainActor () -> [AnyHashable])?
  var providers: (@MainActor ([AnyHashable]) -> [ItemProvider])?
  var draggedID: AnyHashable?

  init(node: WrapperNode) {
    self.node = node
    interaction = DragInteraction(delegate: PlaceholderDelegate.shared)
    interaction.delegate = self
    node.attachment = self
    node.view.addInteraction(interaction)
  }

  func dragInteraction(_ interaction: DragInteraction, itemsForBeginning session: DragDrop.DragSession) -> [DragItem] {
    guard let data else { return [] }
    let ids = self.ids?() ?? []
    let providers = self.providers.map { $0(ids) } ?? [data()]
    let configuration = node?.environment.dragConfiguration
    session.localContext = DragSourceContext(
      ids, allowsMove: configuration?.allowsMove ?? true, allowsDelete: configuration?.allowsDelete ?? false,
      draggedIndex: draggedID.flatMap { ids.firstIndex(of: $0) } ?? 0)
    if let formation = node?.environment.dragPreviewsFormation.formation { session.previewFormation = formation }
    return providers.map { DragItem(itemProvider: $0) }
  }

  // The phases of SwiftUI's drag session, told to `onDragSessionUpdated` around the view.

  private func report(_ session: DragDrop.DragSession, _ phase: DragSession.Phase) {
    guard let node, !node.environment.dragSessionObservers.isEmpty else { return }
    let update = DragSession(
      id: DragSession.ID(value: ObjectIdentifier(session).hashValue), phase: phase,
      location: session.location(in: node.view),
      draggedItemIndex: (session.localContext as? DragSourceContext)?.draggedIndex ?? 0,
      itemIDs: DragSessionIDs.ids(of: session))
    for observer in node.environment.dragSessionObservers { observer(update) }
  }

  func dragInteraction(_ interaction: DragInteraction, sessionWillBegin session: DragDrop.DragSession) {
    report(session, .initial)
  }

  func dragInteraction(_ interaction: DragInteraction, sessionDidMove session: DragDrop.DragSession) {
    report(session, .active)
  }

  func dragInteraction(_ interaction: DragInteraction, sessionDidTransferItems session: DragDrop.DragSession) {
    report(session, .dataTransferCompleted)
  }

  /// Moves are allowed unless a ``DragConfiguration`` around the view forbids them; a
  /// drag that may be deleted may be moved to a trash.
  func dragInteraction(
    _ interaction: DragInteraction, sessionAllowsMoveOperation session: DragDrop.DragSession
  ) -> Bool {
    guard let configuration = node?.environment.dragConfiguration else { return true }
    return configuration.allowsMove || configuration.allowsDelete
  }

  /// A drag whose ``DragConfiguration`` allows nothing outside the application stays in it.
  func dragInteraction(
    _ interaction: DragInteraction, sessionIsRestrictedToDraggingApplication session: DragDrop.DragSession
  ) -> Bool {
    node?.environment.dragConfiguration?.staysInApplication ?? false
  }

  func dragInteraction(
    _ interaction: DragInteraction, previewForLifting item: DragItem, session: DragDrop.DragSession
  ) -> TargetedDragPreview? {
    guard let node else { return nil }
    let view = node.view
    guard let preview else {
      // A content shape of `.dragPreview` inside outlines the preview.
      let parameters = DragPreviewParameters()
      if let path = WrapperNode.dragPreviewPath(in: node, relativeTo: view) {
        parameters.visiblePath = BezierPath(cgPath: path)
      }
      return try? TargetedDragPreview.checked(view: view, parameters: parameters)
    }
    let host = HostingView(rootView: preview)
    host.frame = Rect(origin: .zero, size: host.sizeThatFits(view.bounds.size))
    host.layoutIfNeeded()
    return TargetedDragPreview(
      view: host, parameters: DragPreviewParameters(),
      target: DragPreviewTarget(container: view, center: view.bounds.center))
  }

  func dragInteraction(
    _ interaction: DragInteraction, session: DragDrop.DragSession, didEndWith operation: DragDrop.DropOperation
  ) {
    // A move onto a target that stands for deletion ends as a delete.
    let deleted = operation == .move && (session.localContext as? DragSourceContext)?.deleted == true
    let ending = deleted ? DropOperation.delete : DropOperation(operation)
    ended?(ending)
    report(session, .ended(ending))
  }
}

/// Stands in as a delegate while an interaction's real delegate is being made.
@MainActor
private final class PlaceholderDelegate: DragInteractionDelegate {
  static let shared = PlaceholderDelegate()
  func dragInteraction(_ interaction: DragInteraction, itemsForBeginning session: DragDrop.DragSession) -> [DragItem] {
    []
  }
}

extension View {
  /// Makes the view a drag source: a press held still, or a pointer moved while pressed,
  /// lifts the view itself as the preview and drags what `data` provides (rule 35).
  public func onDrag(_ data: @escaping @MainActor () -> ItemProvider) -> some View {
    modifier(DragSourceModifier(data: data, preview: nil, ended: nil))
  }

  /// A drag source whose preview is another view.
  public func onDrag<Preview: View>(
    _ data: @escaping @MainActor () -> ItemProvider, @ViewBuilder preview: () -> Preview
  ) -> some View {
    modifier(DragSourceModifier(data: data, preview: AnyView(preview()), ended: nil))
  }

  /// A drag source that hears how its drags end: `.copy`, `.move` or `.delete` when a
  /// target took the drop, `.cancel` otherwise. Beyond SwiftUI, which has no such callback.
  public func onDrag(
    _ data: @escaping @MainActor () -> ItemProvider, onEnded: @escaping @MainActor (DropOperation) -> Void
  ) -> some View {
    modifier(DragSourceModifier(data: data, preview: nil, ended: onEnded))
  }
}

// MARK: - Drop targets

/// What a drop target is told while a drag is over it, and when it is dropped.
@MainActor
public struct DropInfo {
  /// Where the drag is, in the drop target's own coordinates.
  public let location: Point
  let session: DragDrop.DropSession

  /// Whether any dragged item has a representation conforming to one of `contentTypes`.
  public func hasItemsConforming(to contentTypes: [ContentType]) -> Bool {
    session.hasItemsConforming(to: contentTypes)
  }

  /// The same, with type identifiers: `["public.text"]`. SwiftUI deprecates this form;
  /// DragDropUI keeps it undeprecated so that code written for it, seed 004's included,
  /// builds without warnings. Identifiers that name no known type match nothing.
  public func hasItemsConforming(to types: [String]) -> Bool {
    hasItemsConforming(to: types.compactMap(ContentType.init))
  }

  /// The item providers of the dragged items that conform to one of `contentTypes`, in
  /// the drag's order. Their data can be loaded only in ``DropDelegate/performDrop(info:)``.
  public func itemProviders(for contentTypes: [ContentType]) -> [ItemProvider] {
    session.items.map(\.itemProvider).filter { provider in
      contentTypes.contains { provider.hasItemConforming(to: $0) }
    }
  }

  /// The same, with type identifiers (see ``hasItemsConforming(to:)-([String])``).
  public func itemProviders(for types: [String]) -> [ItemProvider] {
    itemProviders(for: types.compactMap(ContentType.init))
  }
}

/// Decides what a drop target does with a drag: `performDrop` is required; the others
/// have SwiftUI's defaults (rule 35).
@MainActor @preconcurrency
public protocol DropDelegate {
  /// Whether the target takes a drag that has one of its types. Asked when the drag
  /// enters, and again before the drop; true by default. A drag it refuses does not
  /// target the view: no other method is called for it.
  func validateDrop(info: DropInfo) -> Bool
  /// The drag entered the view. Does nothing by default. Each call is followed by one
  /// ``dropExited(info:)``: when the drag leaves, ends, or after ``performDrop(info:)``.
  func dropEntered(info: DropInfo)
  /// The drag moved in the view. Nil (the default) keeps the last proposal returned, or
  /// copy when there was none.
  func dropUpdated(info: DropInfo) -> DropProposal?
  /// The drag left the view, ended, or was dropped. Does nothing by default.
  func dropExited(info: DropInfo)
  /// Takes the drop; returns whether it did.
  func performDrop(info: DropInfo) -> Bool
}

extension DropDelegate {
  public func validateDrop(info: DropInfo) -> Bool { true }
  public func dropEntered(info: DropInfo) {}
  public func dropUpdated(info: DropInfo) -> DropProposal? { nil }
  public func dropExited(info: DropInfo) {}
}

/// The delegate behind the closure forms of `onDrop`.
private struct ClosureDropDelegate: DropDelegate {
  let perform: @MainActor ([ItemProvider], Point) -> Bool
  let types: [ContentType]

  func performDrop(info: DropInfo) -> Bool {
    perform(info.itemProviders(for: types), info.location)
  }
}

struct DropTargetModifier: WrappingModifier {
  let types: [ContentType]
  let isTargeted: Binding<Bool>?
  let delegate: any DropDelegate
  /// Whether the target takes drops; the view inside stays enabled either way.
  var isEnabled = true
  var name: String { "OnDrop" }

  func configure(_ node: WrapperNode) {
    let target = node.attachment as? DropTarget ?? DropTarget(node: node)
    target.types = types
    target.isEnabled = isEnabled
    target.isTargeted = isTargeted
    target.delegate = delegate
    target.interaction.previewFormation = node.environment.dropPreviewsFormation.formation
    if target.interaction.name == nil { target.interaction.name = "onDrop" }
  }
}

/// The drop interaction of an `onDrop` view, turning the engine's delegate calls into
/// those of a ``DropDelegate``.
@MainActor
final class DropTarget: DropInteractionDelegate {
  let interaction: DropInteraction
  private weak var node: WrapperNode?
  var types: [ContentType] = []
  var isEnabled = true
  var isTargeted: Binding<Bool>?
  var delegate: (any DropDelegate)?
  /// Whether the drag over the view passed `validateDrop`.
  private var isEntered = false
  /// What `isTargeted` was last told.
  private var targeted = false
  private var lastProposal: DropProposal?

  init(node: WrapperNode) {
    self.node = node
    interaction = DropInteraction(delegate: InertDropDelegate.shared)
    interaction.delegate = self
    node.attachment = self
    node.view.addInteraction(interaction)
  }

  private func info(_ session: DragDrop.DropSession) -> DropInfo {
    DropInfo(location: node.map { session.location(in: $0.view) } ?? session.locationInWindow, session: session)
  }

  /// A drag with none of the target's types does not activate it (rule 35), nor does any
  /// drag while the target is disabled.
  func dropInteraction(_ interaction: DropInteraction, canHandle session: DragDrop.DropSession) -> Bool {
    isEnabled && (node?.environment.isEnabled ?? false) && session.hasItemsConforming(to: types)
  }

  func dropInteraction(_ interaction: DropInteraction, sessionDidEnter session: DragDrop.DropSession) {
    guard let delegate else { return }
    let info = info(session)
    guard delegate.validateDrop(info: info) else { return }
    isEntered = true
    lastProposal = nil
    delegate.dropEntered(info: info)
    setTargeted(true)
    report(info, .entering)
  }

  /// Tells `onDropSessionUpdated` around the view.
  private func report(_ info: DropInfo, _ phase: DropSession.Phase) {
    guard let observers = node?.environment.dropSessionObservers, !observers.isEmpty else { return }
    let session = info.dropSession(phase: phase)
    for observer in observers { observer(session) }
  }

  func dropInteraction(
    _ interaction: DropInteraction, sessionDidUpdate session: DragDrop.DropSession
  )
    -> DragDrop.DropProposal
  {
    guard isEntered, let delegate else { return DragDrop.DropProposal(operation: .cancel) }
    let info = info(session)
    var proposal = delegate.dropUpdated(info: info) ?? lastProposal ?? DropProposal(operation: .copy)
    // A `dropConfiguration` around the target chooses the operation.
    if let configure = node?.environment.dropConfiguration {
      proposal = DropProposal(operation: configure(info.dropSession(phase: .active)).operation)
    }
    // Only a drag from this application whose source allows deletes can be deleted; one
    // that may be deleted but not moved is not moved (rule 8).
    let source = session.localDragSession?.localContext as? DragSourceContext
    if proposal.operation == .delete, source?.allowsDelete != true {
      proposal = DropProposal(operation: .forbidden)
    } else if proposal.operation == .move, source?.allowsMove == false {
      proposal = DropProposal(operation: .cancel)
    }
    lastProposal = proposal
    report(info, .active)
    return DragDrop.DropProposal(operation: proposal.operation.engineOperation)
  }

  func dropInteraction(_ interaction: DropInteraction, sessionDidExit session: DragDrop.DropSession) {
    exit(session)
  }

  func dropInteraction(_ interaction: DropInteraction, performDrop session: DragDrop.DropSession) {
    guard isEntered, let delegate else { return }
    // A drop closure may load from a task it starts, as SwiftUI's may.
    session.keepLoadingUntilConcluded()
    let info = info(session)
    if lastProposal?.operation == .delete {
      (session.localDragSession?.localContext as? DragSourceContext)?.deleted = true
    }
    if delegate.validateDrop(info: info) { _ = delegate.performDrop(info: info) }
    report(info, .ended(lastProposal?.operation ?? .copy))
    exit(session)
  }

  func dropInteraction(_ interaction: DropInteraction, sessionDidEnd session: DragDrop.DropSession) {
    exit(session)
  }

  private func exit(_ session: DragDrop.DropSession) {
    guard isEntered else { return }
    isEntered = false
    lastProposal = nil
    let info = info(session)
    delegate?.dropExited(info: info)
    setTargeted(false)
    report(info, .exiting)
  }

  private func setTargeted(_ value: Bool) {
    guard targeted != value else { return }
    targeted = value
    isTargeted?.wrappedValue = value
  }
}

/// Stands in as a drop delegate while an interaction's real delegate is being made.
@MainActor
final class InertDropDelegate: DropInteractionDelegate {
  static let shared = InertDropDelegate()
}

extension View {
  /// Makes the view a drop target for drags with one of `types`, run by a ``DropDelegate``.
  public func onDrop(of types: [ContentType], delegate: some DropDelegate) -> some View {
    modifier(DropTargetModifier(types: types, isTargeted: nil, delegate: delegate))
  }

  /// The same, with type identifiers: `["public.text", "public.utf8-plain-text"]`.
  public func onDrop(of types: [String], delegate: some DropDelegate) -> some View {
    onDrop(of: types.compactMap(ContentType.init), delegate: delegate)
  }

  /// Makes the view a drop target: `isTargeted` is true while a drag with one of `types`
  /// is over it, and `perform` takes the dropped items' providers.
  public func onDrop(
    of types: [ContentType], isTargeted: Binding<Bool>?, perform: @escaping @MainActor ([ItemProvider]) -> Bool
  ) -> some View {
    modifier(
      DropTargetModifier(
        types: types, isTargeted: isTargeted,
        delegate: ClosureDropDelegate(perform: { providers, _ in perform(providers) }, types: types)))
  }

  /// A drop target whose `perform` also receives where the drop landed, in the view's
  /// coordinates.
  public func onDrop(
    of types: [ContentType], isTargeted: Binding<Bool>?,
    perform: @escaping @MainActor ([ItemProvider], Point) -> Bool
  ) -> some View {
    modifier(
      DropTargetModifier(
        types: types, isTargeted: isTargeted, delegate: ClosureDropDelegate(perform: perform, types: types)))
  }

  /// The same, with type identifiers.
  public func onDrop(
    of types: [String], isTargeted: Binding<Bool>?, perform: @escaping @MainActor ([ItemProvider]) -> Bool
  ) -> some View {
    onDrop(of: types.compactMap(ContentType.init), isTargeted: isTargeted, perform: perform)
  }
}

// MARK: - Transferable

/// Gathers the values of several loads, in item order, and hands them on once all have
/// finished.
final class TransferCollector<T: Sendable>: Sendable {
  private let state: Mutex<(values: [T?], left: Int)>
  private let done: @Sendable ([T]) -> Void

  init(count: Int, done: @escaping @Sendable ([T]) -> Void) {
    state = Mutex((Array(repeating: nil, count: count), count))
    self.done = done
  }

  func deliver(_ value: T?, at index: Int) {
    let finished: [T]? = state.withLock { state in
      state.values[index] = value
      state.left -= 1
      return state.left == 0 ? state.values.compactMap { $0 } : nil
    }
    if let finished { done(finished) }
  }
}

extension View {
  /// Makes the view a drag source of `payload`, in each representation its type exports;
  /// the view itself is the preview.
  public func draggable<T: Transferable>(_ payload: @autoclosure @escaping () -> T) -> some View {
    onDrag { ItemProvider(transferable: payload()) }
  }

  /// A drag source of `payload` whose preview is another view.
  public func draggable<T: Transferable, Preview: View>(
    _ payload: @autoclosure @escaping () -> T, @ViewBuilder preview: () -> Preview
  ) -> some View {
    onDrag({ ItemProvider(transferable: payload()) }, preview: preview)
  }

  /// Makes the view a drop target for values of `type`. When a drag with one of the
  /// type's representations drops, every item that has one is read as a `T`; `action`
  /// then gets the values, in the drag's order, and where the drop landed in the view.
  /// Items that fail to read are left out. `isTargeted` hears when a drag with such items
  /// enters and leaves.
  public func dropDestination<T: Transferable>(
    for type: T.Type = T.self, action: @escaping @MainActor ([T], Point) -> Bool,
    isTargeted: @escaping @MainActor (Bool) -> Void = { _ in }
  ) -> some View {
    let types = ItemProvider.importedContentTypes(for: type)
    return modifier(
      DropTargetModifier(
        types: types, isTargeted: Binding(get: { false }, set: isTargeted),
        delegate: TransferableDropDelegate<T>(types: types) { values, info in action(values, info.location) }))
  }
}

/// Reads every dropped item as a `T`, then runs the action.
struct TransferableDropDelegate<T: Transferable>: DropDelegate {
  let types: [ContentType]
  /// Gets the values, and the drop as it was performed.
  let action: @MainActor ([T], DropInfo) -> Bool

  func performDrop(info: DropInfo) -> Bool {
    let providers = info.itemProviders(for: types)
    let action = self.action
    guard !providers.isEmpty else { return false }
    let collected = TransferCollector<T>(count: providers.count) { values in
      Task { @MainActor in _ = action(values, info) }
    }
    // Each load starts now, inside performDrop, where loading is permitted.
    for (index, provider) in providers.enumerated() {
      provider.loadTransferable(type: T.self) { result in collected.deliver(try? result.get(), at: index) }
    }
    return true
  }
}
