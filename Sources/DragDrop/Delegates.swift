/// The source side of a drag (rules 1-11). Only ``dragInteraction(_:itemsForBeginning:)``
/// is required; every other method has the default the rules give.
@MainActor
public protocol DragInteractionDelegate: AnyObject {
  /// The items to drag, in display order; an empty array means no drag (rule 3).
  func dragInteraction(_ interaction: DragInteraction, itemsForBeginning session: DragSession) -> [DragItem]
  /// Items to add to a live drag when another touch taps the view; the point is in the
  /// view's coordinates. Empty by default: the tap is handled normally (rule 4).
  func dragInteraction(
    _ interaction: DragInteraction, itemsForAddingTo session: DragSession, withTouchAt point: Point
  )
    -> [DragItem]
  /// The lift preview of an item; nil makes the item invisible. The whole view by default
  /// (rule 5).
  func dragInteraction(
    _ interaction: DragInteraction, previewForLifting item: DragItem, session: DragSession
  )
    -> TargetedDragPreview?
  /// The lift animation is about to run; add animations and completions to `animator` (rule 5).
  func dragInteraction(
    _ interaction: DragInteraction, willAnimateLiftWith animator: any DragAnimating, session: DragSession)
  /// Sent to every interaction that has contributed items when items are added (rule 4).
  func dragInteraction(
    _ interaction: DragInteraction, session: DragSession, willAdd items: [DragItem],
    for addingInteraction: DragInteraction)
  /// The session begins: the lifted items moved past the threshold (rule 5).
  func dragInteraction(_ interaction: DragInteraction, sessionWillBegin session: DragSession)
  /// True by default; false turns move proposals into cancels (rule 8).
  func dragInteraction(_ interaction: DragInteraction, sessionAllowsMoveOperation session: DragSession) -> Bool
  /// False by default; true makes a drop on another application cancel (rule 8).
  func dragInteraction(
    _ interaction: DragInteraction, sessionIsRestrictedToDraggingApplication session: DragSession
  )
    -> Bool
  /// The drag moved.
  func dragInteraction(_ interaction: DragInteraction, sessionDidMove session: DragSession)
  /// The drag is about to end with `operation`: a cancel, or what the drop performs (rule 6).
  func dragInteraction(_ interaction: DragInteraction, session: DragSession, willEndWith operation: DropOperation)
  /// After every animation has finished (rule 6).
  func dragInteraction(_ interaction: DragInteraction, session: DragSession, didEndWith operation: DropOperation)
  /// After a copy or move, once the destination has loaded everything it asked for.
  func dragInteraction(_ interaction: DragInteraction, sessionDidTransferItems session: DragSession)
  /// The preview a cancelled item returns with (rule 7). Returning `defaultPreview` sends
  /// it back to where it was lifted; returning nil, or leaving this method out, makes it
  /// grow slightly and fade where it is; a retargeted preview sends it elsewhere.
  func dragInteraction(
    _ interaction: DragInteraction, previewForCancelling item: DragItem, withDefault defaultPreview: TargetedDragPreview
  ) -> TargetedDragPreview?
  /// A cancelled item's return animation is about to run; add animations and completions to `animator`.
  func dragInteraction(
    _ interaction: DragInteraction, item: DragItem, willAnimateCancelWith animator: any DragAnimating)
}

extension DragInteractionDelegate {
  public func dragInteraction(
    _ interaction: DragInteraction, itemsForAddingTo session: DragSession, withTouchAt point: Point
  ) -> [DragItem] { [] }

  public func dragInteraction(
    _ interaction: DragInteraction, previewForLifting item: DragItem, session: DragSession
  )
    -> TargetedDragPreview?
  {
    guard let view = interaction.view else { return nil }
    return try? TargetedDragPreview.checked(view: view)
  }

  public func dragInteraction(
    _ interaction: DragInteraction, willAnimateLiftWith animator: any DragAnimating, session: DragSession
  ) {}
  public func dragInteraction(
    _ interaction: DragInteraction, session: DragSession, willAdd items: [DragItem],
    for addingInteraction: DragInteraction
  ) {}
  public func dragInteraction(_ interaction: DragInteraction, sessionWillBegin session: DragSession) {}
  public func dragInteraction(_ interaction: DragInteraction, sessionAllowsMoveOperation session: DragSession) -> Bool {
    true
  }
  public func dragInteraction(
    _ interaction: DragInteraction, sessionIsRestrictedToDraggingApplication session: DragSession
  ) -> Bool { false }
  public func dragInteraction(_ interaction: DragInteraction, sessionDidMove session: DragSession) {}
  public func dragInteraction(
    _ interaction: DragInteraction, session: DragSession, willEndWith operation: DropOperation
  ) {}
  public func dragInteraction(_ interaction: DragInteraction, session: DragSession, didEndWith operation: DropOperation)
  {}
  public func dragInteraction(_ interaction: DragInteraction, sessionDidTransferItems session: DragSession) {}
  public func dragInteraction(
    _ interaction: DragInteraction, previewForCancelling item: DragItem, withDefault defaultPreview: TargetedDragPreview
  ) -> TargetedDragPreview? { nil }
  public func dragInteraction(
    _ interaction: DragInteraction, item: DragItem, willAnimateCancelWith animator: any DragAnimating
  ) {}
}

/// The destination side of a drag (rules 12-16). Every method has the default the rules
/// give; a target that takes drops implements ``dropInteraction(_:sessionDidUpdate:)`` and
/// ``dropInteraction(_:performDrop:)``.
@MainActor
public protocol DropInteractionDelegate: AnyObject {
  /// True by default. False ignores the session until its items change (rule 12).
  func dropInteraction(_ interaction: DropInteraction, canHandle session: DropSession) -> Bool
  /// The session came over the view, and ``dropInteraction(_:canHandle:)`` said it can handle it.
  func dropInteraction(_ interaction: DropInteraction, sessionDidEnter session: DropSession)
  /// On enter, on every move and when items are added; a cancel proposal by default.
  func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: DropSession) -> DropProposal
  /// The session left the view, or can no longer drop on it.
  func dropInteraction(_ interaction: DropInteraction, sessionDidExit session: DropSession)
  /// Takes the drop: the only place where the items' bytes can be requested (rule 16).
  func dropInteraction(_ interaction: DropInteraction, performDrop session: DropSession)
  /// Where a dropped item's preview goes; the default lands where the drag is.
  func dropInteraction(
    _ interaction: DropInteraction, previewForDropping item: DragItem, withDefault defaultPreview: TargetedDragPreview
  ) -> TargetedDragPreview?
  /// A dropped item's animation is about to run; add animations and completions to `animator`.
  func dropInteraction(_ interaction: DropInteraction, item: DragItem, willAnimateDropWith animator: any DragAnimating)
  /// After the drop animations.
  func dropInteraction(_ interaction: DropInteraction, concludeDrop session: DropSession)
  /// To every interaction that saw the session enter, update or exit (rule 13).
  func dropInteraction(_ interaction: DropInteraction, sessionDidEnd session: DropSession)
}

extension DropInteractionDelegate {
  public func dropInteraction(_ interaction: DropInteraction, canHandle session: DropSession) -> Bool { true }
  public func dropInteraction(_ interaction: DropInteraction, sessionDidEnter session: DropSession) {}
  public func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: DropSession) -> DropProposal {
    DropProposal(operation: .cancel)
  }
  public func dropInteraction(_ interaction: DropInteraction, sessionDidExit session: DropSession) {}
  public func dropInteraction(_ interaction: DropInteraction, performDrop session: DropSession) {}
  public func dropInteraction(
    _ interaction: DropInteraction, previewForDropping item: DragItem, withDefault defaultPreview: TargetedDragPreview
  ) -> TargetedDragPreview? { defaultPreview }
  public func dropInteraction(
    _ interaction: DropInteraction, item: DragItem, willAnimateDropWith animator: any DragAnimating
  ) {}
  public func dropInteraction(_ interaction: DropInteraction, concludeDrop session: DropSession) {}
  public func dropInteraction(_ interaction: DropInteraction, sessionDidEnd session: DropSession) {}
}

/// A delegate method the system calls, with the arguments that tell one call from another.
public enum DelegateMethod: Hashable, Sendable {
  // The drag interaction's delegate.
  /// ``DragInteractionDelegate/dragInteraction(_:itemsForBeginning:)``.
  case itemsForBeginning
  /// `item` is the item's index in the session, when it is in it.
  case previewForLifting(item: Int?)
  /// ``DragInteractionDelegate/dragInteraction(_:willAnimateLiftWith:session:)``.
  case willAnimateLift
  /// ``DragInteractionDelegate/dragInteraction(_:sessionAllowsMoveOperation:)``.
  case sessionAllowsMoveOperation
  /// ``DragInteractionDelegate/dragInteraction(_:sessionIsRestrictedToDraggingApplication:)``.
  case sessionIsRestrictedToDraggingApplication
  /// ``DragInteractionDelegate/dragInteraction(_:sessionWillBegin:)``.
  case sessionWillBegin
  /// ``DragInteractionDelegate/dragInteraction(_:sessionDidMove:)``.
  case sessionDidMove
  /// ``DragInteractionDelegate/dragInteraction(_:itemsForAddingTo:withTouchAt:)``.
  case itemsForAddingTo
  /// Told to each interaction that contributed items: `count` items come from `adder`.
  case willAdd(count: Int, from: String)
  /// ``DragInteractionDelegate/dragInteraction(_:session:willEndWith:)``, with the operation.
  case willEnd(DropOperation)
  /// ``DragInteractionDelegate/dragInteraction(_:session:didEndWith:)``, with the operation.
  case didEnd(DropOperation)
  /// ``DragInteractionDelegate/dragInteraction(_:sessionDidTransferItems:)``.
  case sessionDidTransferItems
  /// ``DragInteractionDelegate/dragInteraction(_:previewForCancelling:withDefault:)``, for the item at `item` in
  /// the session.
  case previewForCancelling(item: Int?)
  /// ``DragInteractionDelegate/dragInteraction(_:item:willAnimateCancelWith:)``, for the item at `item` in the
  /// session.
  case willAnimateCancel(item: Int?)
  // The drop interaction's delegate.
  /// ``DropInteractionDelegate/dropInteraction(_:canHandle:)``.
  case canHandle
  /// ``DropInteractionDelegate/dropInteraction(_:sessionDidEnter:)``.
  case sessionDidEnter
  /// ``DropInteractionDelegate/dropInteraction(_:sessionDidUpdate:)``.
  case sessionDidUpdate
  /// ``DropInteractionDelegate/dropInteraction(_:sessionDidExit:)``.
  case sessionDidExit
  /// ``DropInteractionDelegate/dropInteraction(_:performDrop:)``.
  case performDrop
  /// ``DropInteractionDelegate/dropInteraction(_:previewForDropping:withDefault:)``, for the item at `item` in
  /// the session.
  case previewForDropping(item: Int?)
  /// ``DropInteractionDelegate/dropInteraction(_:item:willAnimateDropWith:)``, for the item at `item` in the
  /// session.
  case willAnimateDrop(item: Int?)
  /// ``DropInteractionDelegate/dropInteraction(_:concludeDrop:)``.
  case concludeDrop
  /// ``DropInteractionDelegate/dropInteraction(_:sessionDidEnd:)``.
  case sessionDidEnd
  /// A method of the application's own delegate or data source that a view called (a
  /// table's `tableView(_:performDropWith:)`, say), spelled as in Swift, with its index
  /// path as `section-item` in `detail`. Recorded only for observers that ask for them.
  case application(String, detail: String = "")

  /// The method's distinguishing label: `sessionDidEnter`, `performDrop`, `previewForLifting`.
  public var name: String {
    switch self {
    case .itemsForBeginning: "itemsForBeginning"
    case .previewForLifting: "previewForLifting"
    case .willAnimateLift: "willAnimateLift"
    case .sessionAllowsMoveOperation: "sessionAllowsMoveOperation"
    case .sessionIsRestrictedToDraggingApplication: "sessionIsRestrictedToDraggingApplication"
    case .sessionWillBegin: "sessionWillBegin"
    case .sessionDidMove: "sessionDidMove"
    case .itemsForAddingTo: "itemsForAddingTo"
    case .willAdd: "willAdd"
    case .willEnd: "willEnd"
    case .didEnd: "didEnd"
    case .sessionDidTransferItems: "sessionDidTransferItems"
    case .previewForCancelling: "previewForCancelling"
    case .willAnimateCancel: "willAnimateCancel"
    case .canHandle: "canHandle"
    case .sessionDidEnter: "sessionDidEnter"
    case .sessionDidUpdate: "sessionDidUpdate"
    case .sessionDidExit: "sessionDidExit"
    case .performDrop: "performDrop"
    case .previewForDropping: "previewForDropping"
    case .willAnimateDrop: "willAnimateDrop"
    case .concludeDrop: "concludeDrop"
    case .sessionDidEnd: "sessionDidEnd"
    case .application(let method, _): method
    }
  }

  /// The arguments, summarised: `item 2`, `move`, `3 for photos`; empty when none matter.
  public var detail: String {
    switch self {
    case .previewForLifting(let item), .previewForCancelling(let item), .willAnimateCancel(let item),
      .previewForDropping(let item), .willAnimateDrop(let item):
      item.map { "item \($0)" } ?? "item"
    case .willAdd(let count, let adder): "\(count) for \(adder)"
    case .willEnd(let operation), .didEnd(let operation): "\(operation)"
    case .application(_, let detail): detail
    default: ""
    }
  }

  /// Whether the call only follows the drag's movement: `sessionDidMove` and
  /// `sessionDidUpdate`, which a test may skip.
  public var followsMovement: Bool {
    switch self {
    case .sessionDidMove, .sessionDidUpdate: true
    case .application(let method, _): method.contains("dropSessionDidUpdate:")
    default: false
    }
  }
}

/// One call the system made to a delegate, as recorded for tests and diagnostics.
public struct DelegateCall: Hashable, Sendable, CustomStringConvertible {
  /// The interaction's trace name.
  public var interaction: String
  /// The delegate method, with its arguments.
  public var method: DelegateMethod
  /// Which drag the call belongs to: drags are numbered from 1 in each window.
  public var session: Int

  /// A call to `interaction`'s delegate, in drag `session` (0 when it does not matter).
  public init(interaction: String, method: DelegateMethod, session: Int = 0) {
    self.interaction = interaction
    self.method = method
    self.session = session
  }

  /// `interaction.method` or `interaction.method(detail)`, as traces print it.
  public var description: String {
    let detail = method.detail
    return detail.isEmpty ? "\(interaction).\(method.name)" : "\(interaction).\(method.name)(\(detail))"
  }
}
