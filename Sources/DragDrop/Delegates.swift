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
  func dragInteraction(
    _ interaction: DragInteraction, willAnimateLiftWith animator: any DragAnimating, session: DragSession)
  /// Sent to every interaction that has contributed items when items are added (rule 4).
  func dragInteraction(
    _ interaction: DragInteraction, session: DragSession, willAdd items: [DragItem],
    for addingInteraction: DragInteraction)
  func dragInteraction(_ interaction: DragInteraction, sessionWillBegin session: DragSession)
  /// True by default; false turns move proposals into cancels (rule 8).
  func dragInteraction(_ interaction: DragInteraction, sessionAllowsMoveOperation session: DragSession) -> Bool
  /// False by default; true makes a drop on another application cancel (rule 8).
  func dragInteraction(
    _ interaction: DragInteraction, sessionIsRestrictedToDraggingApplication session: DragSession
  )
    -> Bool
  func dragInteraction(_ interaction: DragInteraction, sessionDidMove session: DragSession)
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
    return try? TargetedDragPreview(view: view)
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
  func dropInteraction(_ interaction: DropInteraction, sessionDidEnter session: DropSession)
  /// On enter, on every move and when items are added; a cancel proposal by default.
  func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: DropSession) -> DropProposal
  func dropInteraction(_ interaction: DropInteraction, sessionDidExit session: DropSession)
  /// Takes the drop: the only place where the items' bytes can be requested (rule 16).
  func dropInteraction(_ interaction: DropInteraction, performDrop session: DropSession)
  /// Where a dropped item's preview goes; the default lands where the drag is.
  func dropInteraction(
    _ interaction: DropInteraction, previewForDropping item: DragItem, withDefault defaultPreview: TargetedDragPreview
  ) -> TargetedDragPreview?
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

/// One call the system made to a delegate, as recorded for tests and diagnostics.
public struct DelegateCall: Hashable, Sendable, CustomStringConvertible {
  /// The interaction's trace name.
  public var interaction: String
  /// The delegate method, named by its distinguishing label (`sessionDidEnter`,
  /// `performDrop`, `previewForLifting`, …).
  public var method: String
  /// The arguments that matter, summarised (an item's index, an operation).
  public var detail: String
  /// Which drag the call belongs to: drags are numbered from 1 in each window.
  public var session: Int

  public init(interaction: String, method: String, detail: String = "", session: Int = 0) {
    self.interaction = interaction
    self.method = method
    self.detail = detail
    self.session = session
  }

  public var description: String {
    detail.isEmpty ? "\(interaction).\(method)" : "\(interaction).\(method)(\(detail))"
  }
}
