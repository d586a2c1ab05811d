import DragDrop
import Foundation

/// What a drop delegate works with in `performDropWith` (rules 21-23): the items, the
/// destination, the proposal and the session, and the animations of the items into place.
@MainActor
public class ItemsViewDropCoordinator {
  /// The dropped items, in the session's order.
  package let dropItems: [EngineDropItem]
  /// Where the drop lands: the slot for insert-at, the item for insert-into.
  public let destinationIndexPath: IndexPath?
  /// The proposal the drop was made with.
  package let engineProposal: ItemsViewDropProposal
  /// The drop's session, through which the items are loaded.
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
    items: [EngineDropItem], destinationIndexPath: IndexPath?, proposal: ItemsViewDropProposal,
    session: DropSession, view: ItemsView
  ) {
    self.dropItems = items
    self.destinationIndexPath = destinationIndexPath
    self.engineProposal = proposal
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
  static func itemsFromElsewhere(_ items: [DragItem], view: ItemsView) -> [EngineDropItem] {
    items.map { EngineDropItem(dragItem: $0, sourceIndexPath: nil, previewSize: view.defaultPreviewSize) }
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
    let size = dropItems.first { $0.dragItem === dragItem }?.previewSize ?? rect.size
    droppedIndexPaths[ObjectIdentifier(dragItem)] = indexPath
    let scale = size.width > 0 && size.height > 0 ? min(rect.width / size.width, rect.height / size.height) : 1
    return record(
      dragItem,
      DragPreviewTarget(container: view, center: center, transform: CGAffineTransform(scaleX: scale, y: scale)))
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
