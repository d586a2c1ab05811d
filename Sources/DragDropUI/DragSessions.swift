import DragDrop
import Views

// SwiftUI's drag and drop of 2025: sessions that say where a drag is and how it ended,
// what a drag may do within and outside the application, and drag containers whose
// payload is made from the dragged items' identifiers. Each maps onto the engine's
// sessions and interactions.

/// A drag that a view of this application started, as SwiftUI's `DragSession`: where it is,
/// what phase it is in, and which items it carries. ``View/onDragSessionUpdated(_:)``
/// hears each change.
public struct DragSession: Identifiable {
  /// The identifier of a drag session.
  public struct ID: Hashable, Sendable {
    let value: Int
  }

  /// Where a drag is in its life.
  public enum Phase: Hashable, Sendable {
    /// The drag has lifted; nothing has moved yet.
    case initial
    /// The drag is moving.
    case active
    /// The drag has ended with the operation a target took, or `.cancel`.
    case ended(DropOperation)
    /// The target has loaded everything it asked for: temporary items can go.
    case dataTransferCompleted
  }

  /// The identifier of the drag session.
  public let id: ID
  /// The current phase of the drag session.
  public var phase: Phase
  /// Where the drag is, in the dragged view's coordinates.
  public var location: CGPoint
  /// The index, among the dragged items, of the item under the pointer or finger.
  public var draggedItemIndex: Int
  let itemIDs: [AnyHashable]

  /// The identifiers of the dragged items that are of type `ItemID`: those a drag
  /// container or `draggable(_:id:…)` gave; empty when none of that type were given.
  public func draggedItemIDs<ItemID: Hashable>(for type: ItemID.Type) -> [ItemID] {
    itemIDs.compactMap { $0.base as? ItemID }
  }
}

/// A drop in progress over a view, as SwiftUI's `DropSession`: where it is, how many items
/// it carries, its phase, and, for a drag from this application, that drag.
public struct DropSession: Identifiable {
  /// The identifier of a drop session.
  public struct ID: Hashable, Sendable {
    let value: Int
  }

  /// Where a drop is in its life over a view.
  public enum Phase: Hashable, Sendable {
    /// The drag has come over the view.
    case entering
    /// The drag is moving over the view.
    case active
    /// The drag has left the view.
    case exiting
    /// The drag has ended over the view, with the operation it took.
    case ended(DropOperation)
    /// The dropped items have been loaded.
    case dataTransferCompleted
  }

  /// What a drop session knows of a drag from this application.
  public struct LocalSession {
    let itemIDs: [AnyHashable]

    /// The identifiers of the dragged items that are of type `ItemID`.
    public func draggedItemIDs<ItemID: Hashable>(for type: ItemID.Type) -> [ItemID] {
      itemIDs.compactMap { $0.base as? ItemID }
    }
  }

  /// The identifier of the drop session.
  public let id: ID
  /// Where the drag is, in the view's coordinates.
  public var location: CGPoint
  /// How many items the drag carries.
  public var itemsCount: Int
  /// The phase of the drop session.
  public var phase: Phase
  /// The drag, when it started in this application; nil for a drag from elsewhere.
  public var localSession: LocalSession?

  @MainActor
  init(_ session: DragDrop.DropSession, location: Point, phase: Phase) {
    id = ID(value: ObjectIdentifier(session).hashValue)
    self.location = location
    itemsCount = session.items.count
    self.phase = phase
    localSession = session.localDragSession.map { LocalSession(itemIDs: DragSessionIDs.ids(of: $0)) }
  }
}

/// What a drag may do, within this application and outside it, as SwiftUI's
/// `DragConfiguration`. Copying is always allowed; a move lets a target take the items
/// and the source delete its own. A drag that may do nothing outside the application stays
/// in it (rule 12).
public struct DragConfiguration: Hashable, Sendable {
  /// The operations a drag allows.
  public struct AllowedOperations: Hashable, Sendable {
    /// Whether a target may copy the items.
    public var allowCopy: Bool
    /// Whether a target may move the items.
    public var allowMove: Bool
    /// Whether the items may be dropped on a trash, or another target whose
    /// ``View/dropConfiguration(_:)`` asks for `.delete`, to be deleted: the source hears
    /// `.ended(.delete)` and deletes them. Outside the application nothing is reported as a
    /// delete: a file manager's trash takes a move.
    public var allowDelete: Bool

    /// Operations of a drag; copying only by default.
    public init(allowCopy: Bool = true, allowMove: Bool = false, allowDelete: Bool = false) {
      self.allowCopy = allowCopy
      self.allowMove = allowMove
      self.allowDelete = allowDelete
    }
  }

  /// What the drag may do over this application's views.
  public var operationsWithinApp: AllowedOperations
  /// What the drag may do over other applications.
  public var operationsOutsideApp: AllowedOperations

  /// A configuration of both.
  public init(
    operationsWithinApp: AllowedOperations = AllowedOperations(allowMove: true),
    operationsOutsideApp: AllowedOperations = AllowedOperations()
  ) {
    self.operationsWithinApp = operationsWithinApp
    self.operationsOutsideApp = operationsOutsideApp
  }

  /// Moves allowed within the application and outside it, or not.
  public init(allowMove: Bool) {
    self.init(
      operationsWithinApp: AllowedOperations(allowMove: allowMove),
      operationsOutsideApp: AllowedOperations(allowMove: allowMove))
  }

  /// Moves and deletes allowed within the application and outside it, or not.
  public init(allowMove: Bool, allowDelete: Bool) {
    self.init(
      operationsWithinApp: AllowedOperations(allowMove: allowMove, allowDelete: allowDelete),
      operationsOutsideApp: AllowedOperations(allowMove: allowMove, allowDelete: allowDelete))
  }

  var allowsMove: Bool { operationsWithinApp.allowMove || operationsOutsideApp.allowMove }
  var allowsDelete: Bool { operationsWithinApp.allowDelete }
  var staysInApplication: Bool {
    let outside = operationsOutsideApp
    return !outside.allowCopy && !outside.allowMove && !outside.allowDelete
  }
}

/// The identifiers a drag carries, kept on the engine's session.
@MainActor
enum DragSessionIDs {
  static func ids(of session: DragDrop.DragSession) -> [AnyHashable] {
    (session.localContext as? DragSourceContext)?.ids ?? []
  }
}

/// What a SwiftUI drag source keeps on its session, as the session's local context: the
/// dragged items' identifiers, which of them the drag began on, what its configuration
/// allows, and whether a target deleted the items.
final class DragSourceContext: @unchecked Sendable {
  let ids: [AnyHashable]
  /// Whether the source's configuration lets a target move the items.
  let allowsMove: Bool
  /// Whether the source's configuration lets a target delete the items.
  let allowsDelete: Bool
  /// Whether a target that stands for deletion took the drop.
  var deleted = false
  /// Which of the items is the one whose view the drag began on.
  let draggedIndex: Int
  init(_ ids: [AnyHashable], allowsMove: Bool = true, allowsDelete: Bool = false, draggedIndex: Int = 0) {
    self.ids = ids
    self.allowsMove = allowsMove
    self.allowsDelete = allowsDelete
    self.draggedIndex = draggedIndex
  }
}

extension EnvironmentValues {
  private struct DragConfigurationKey: EnvironmentKey {
    static let defaultValue: DragConfiguration? = nil
  }

  private struct DragObserversKey: EnvironmentKey {
    static let defaultValue: [@MainActor (DragSession) -> Void] = []
  }

  private struct DropObserversKey: EnvironmentKey {
    static let defaultValue: [@MainActor (DropSession) -> Void] = []
  }

  private struct DragFormationKey: EnvironmentKey {
    static let defaultValue = DragDropPreviewsFormation.default
  }

  private struct DropFormationKey: EnvironmentKey {
    static let defaultValue = DragDropPreviewsFormation.default
  }

  private struct DragSelectionKey: EnvironmentKey {
    nonisolated(unsafe) static let defaultValue: DragContainerSelection? = nil
  }

  private struct DragContainerKey: EnvironmentKey {
    nonisolated(unsafe) static let defaultValue: DragContainer? = nil
  }

  var dragConfiguration: DragConfiguration? {
    get { self[DragConfigurationKey.self] }
    set { self[DragConfigurationKey.self] = newValue }
  }

  var dragPreviewsFormation: DragDropPreviewsFormation {
    get { self[DragFormationKey.self] }
    set { self[DragFormationKey.self] = newValue }
  }

  var dropPreviewsFormation: DragDropPreviewsFormation {
    get { self[DropFormationKey.self] }
    set { self[DropFormationKey.self] = newValue }
  }

  var dragSessionObservers: [@MainActor (DragSession) -> Void] {
    get { self[DragObserversKey.self] }
    set { self[DragObserversKey.self] = newValue }
  }

  var dropSessionObservers: [@MainActor (DropSession) -> Void] {
    get { self[DropObserversKey.self] }
    set { self[DropObserversKey.self] = newValue }
  }

  var dragContainerSelection: DragContainerSelection? {
    get { self[DragSelectionKey.self] }
    set { self[DragSelectionKey.self] = newValue }
  }

  var dragContainer: DragContainer? {
    get { self[DragContainerKey.self] }
    set { self[DragContainerKey.self] = newValue }
  }
}

/// The selected items of a drag container, which a drag from one of them carries together.
struct DragContainerSelection {
  let namespace: AnyHashable?
  let ids: @MainActor () -> [AnyHashable]
}

/// A drag container's payload: providers made from the dragged items' identifiers.
struct DragContainer {
  let namespace: AnyHashable?
  let payload: @MainActor ([AnyHashable]) -> [ItemProvider]
}

/// How the previews of a drag's several items are laid out: as a source asks with
/// ``View/dragPreviewsFormation(_:)``, or as a destination asks, while the drag is over it,
/// with ``View/dropPreviewsFormation(_:)``.
public struct DragDropPreviewsFormation: Hashable, Sendable {
  let formation: DragPreviewFormation?

  /// As DragDrop lays them out: a stack, or what the other side asks for.
  public static let `default` = DragDropPreviewsFormation(formation: nil)
  /// One under another, not overlapping, their left edges aligned.
  public static let list = DragDropPreviewsFormation(formation: .list)
  /// Where each was when the drag began, relative to the first.
  public static let none = DragDropPreviewsFormation(formation: DragPreviewFormation.none)
  /// One on top of another, each turned by a small angle of its own.
  public static let pile = DragDropPreviewsFormation(formation: .pile)
  /// Overlapping, each a little below and to the right of the one before.
  public static let stack = DragDropPreviewsFormation(formation: .stack)
}

extension View {
  /// Lays out the previews of the items that the drags begun inside carry, as `formation`
  /// says, unless the destination under the drag asks for a formation of its own.
  public func dragPreviewsFormation(_ formation: DragDropPreviewsFormation) -> some View {
    environment(\.dragPreviewsFormation, formation)
  }

  /// Lays out the previews of a drag's items as `formation` says while the drag is over a
  /// drop destination inside.
  public func dropPreviewsFormation(_ formation: DragDropPreviewsFormation) -> some View {
    environment(\.dropPreviewsFormation, formation)
  }

  /// Runs `onUpdate` as each drag that the views inside start changes: when it lifts,
  /// moves, ends (with the operation a target took, or `.cancel`), and when the target has
  /// loaded everything.
  public func onDragSessionUpdated(_ onUpdate: @escaping @MainActor (DragSession) -> Void) -> some View {
    modifier(EnvironmentWriter(key: nil) { $0.dragSessionObservers.append(onUpdate) })
  }

  /// Runs `onUpdate` as each drop over the drop targets inside changes: entering,
  /// moving, exiting, ending, and once the dropped items are loaded.
  public func onDropSessionUpdated(_ onUpdate: @escaping @MainActor (DropSession) -> Void) -> some View {
    modifier(EnvironmentWriter(key: nil) { $0.dropSessionObservers.append(onUpdate) })
  }

  /// Says what the drags that the views inside start may do, within this application
  /// and outside it.
  public func dragConfiguration(_ configuration: DragConfiguration) -> some View {
    environment(\.dragConfiguration, configuration)
  }

  /// A container of views marked with ``View/draggable(containerItemID:containerNamespace:)``:
  /// a drag from one of them carries the items `payload` makes from the dragged
  /// identifiers, made only when the drag begins.
  public func dragContainer<Item: Transferable & Identifiable, Data: Collection>(
    for itemType: Item.Type = Item.self, in namespace: AnyHashable? = nil,
    _ payload: @escaping @MainActor ([Item.ID]) -> Data
  ) -> some View where Data.Element == Item, Item.ID: Sendable {
    dragContainer(for: itemType, itemID: \.id, in: namespace, payload)
  }

  /// A container of draggable views whose items are identified by `itemID`.
  public func dragContainer<ItemID: Hashable & Sendable, Item: Transferable, Data: Collection>(
    for itemType: Item.Type = Item.self, itemID: KeyPath<Item, ItemID>, in namespace: AnyHashable? = nil,
    _ payload: @escaping @MainActor ([ItemID]) -> Data
  ) -> some View where Data.Element == Item {
    let container = DragContainer(namespace: namespace) { ids in
      payload(ids.compactMap { $0.base as? ItemID }).map { ItemProvider(transferable: $0) }
    }
    return environment(\.dragContainer, container)
  }

  /// The selected items of the drag containers inside: a drag that begins on one of them
  /// carries them all, in `selection`'s order, and ``DragSession/draggedItemIndex`` says
  /// which one the drag began on. A drag that begins on an item outside the selection
  /// carries that item alone.
  public func dragContainerSelection<ItemID: Hashable & Sendable>(
    _ selection: @autoclosure @escaping () -> [ItemID], containerNamespace: AnyHashable? = nil
  ) -> some View {
    nonisolated(unsafe) let selection = selection
    let value = DragContainerSelection(namespace: containerNamespace) { selection().map(AnyHashable.init) }
    return environment(\.dragContainerSelection, value)
  }

  /// Inside a ``View/dragContainer(for:in:_:)``, makes the view a drag source of the item
  /// of `containerItemID`, whose payload the container makes when the drag begins.
  public func draggable<ItemID: Hashable & Sendable>(
    containerItemID: ItemID, containerNamespace: AnyHashable? = nil
  ) -> some View {
    modifier(ContainerDragModifier(id: AnyHashable(containerItemID)))
  }

  /// Makes the view a drag source of the item `payload` makes, identified by `id` for
  /// ``DragSession/draggedItemIDs(for:)``.
  public func draggable<Item: Transferable, ItemID: Hashable & Sendable>(
    _ itemType: Item.Type = Item.self, id: KeyPath<Item, ItemID>, containerNamespace: AnyHashable? = nil,
    _ payload: @escaping @MainActor () -> Item?
  ) -> some View {
    nonisolated(unsafe) let keyPath = id
    return modifier(
      DragSourceModifier(
        data: { payload().map { ItemProvider(transferable: $0) } ?? ItemProvider() }, preview: nil, ended: nil,
        ids: { payload().map { [AnyHashable($0[keyPath: keyPath])] } ?? [] }))
  }

  /// Makes the view a drop target for values of `type`: when a drag with such items drops,
  /// `action` gets the values, in the drag's order, and the drop session. A target that is
  /// not enabled takes no drops; what it shows stays enabled.
  public func dropDestination<T: Transferable>(
    for type: T.Type = T.self, isEnabled: Bool = true,
    action: @escaping @MainActor ([T], DropSession) -> Void
  ) -> some View {
    let types = ItemProvider.importedContentTypes(for: type)
    return modifier(
      DropTargetModifier(
        types: types, isTargeted: nil,
        delegate: TransferableDropDelegate<T>(types: types) { values, info in
          action(values, info.dropSession(phase: .ended(.copy)))
          return true
        }, isEnabled: isEnabled))
  }
}

/// A drag source inside a drag container: the container makes its payload.
struct ContainerDragModifier: WrappingModifier {
  let id: AnyHashable
  var name: String { "OnDrag" }

  func configure(_ node: WrapperNode) {
    let id = self.id
    let container = node.environment.dragContainer
    let selection = node.environment.dragContainerSelection.flatMap { $0.namespace == container?.namespace ? $0 : nil }
    DragSourceModifier(
      data: { container?.payload([id]).first ?? ItemProvider() }, preview: nil, ended: nil,
      // The whole selection when the view's item is part of it; the item alone otherwise.
      ids: {
        let selected = selection?.ids() ?? []
        return selected.contains(id) ? selected : [id]
      },
      providers: { ids in container?.payload(ids) ?? [] }, draggedID: id
    ).configure(node)
  }
}

extension DropInfo {
  /// The drop session this information describes, in `phase`.
  func dropSession(phase: DropSession.Phase) -> DropSession {
    DropSession(session, location: location, phase: phase)
  }
}
