/// The platform's side of the pipeline: drags that leave the window for another
/// application, and drags that the platform carries into the window, from another
/// application or from another of our windows.
extension DragController {
  /// The platform reports that a drag from this window was released over another
  /// application. A drag restricted to its application cancels; otherwise the source sees
  /// a copy, or a move when the platform reports one and the source allows it (rule 8).
  /// A report of ``DropOperation/cancel`` or ``DropOperation/forbidden`` (the peer failed or
  /// refused) ends the drag as a cancel: the source keeps its data (rule 39).
  @_spi(Platform) public func endInOtherApplication(_ session: DragSession, reportedOperation: DropOperation = .copy) {
    guard let drag = drag(of: session), drag.phase == .dragging else { return }
    guard !session.isRestrictedToDraggingApplication, reportedOperation.performsDrop else {
      cancel(drag)
      return
    }
    let operation: DropOperation = reportedOperation == .move && session.allowsMoveOperation ? .move : .copy
    drag.phase = .ending
    if let target = drag.target {
      call(target, .sessionDidExit, session: drag.id) { $0.dropInteraction(target, sessionDidExit: drag.dropSession) }
      drag.routing.target = nil
    }
    if let source = drag.source {
      call(source, .willEnd(operation), session: drag.id) {
        $0.dragInteraction(source, session: drag.session, willEndWith: operation)
      }
    }
    finish(drag, operation: operation)
    reportTransfer(source: drag.source, session: drag.session, id: drag.id)
  }

  /// A drag that the platform carries enters this window at `location`, in window
  /// coordinates. The platform moves, drops and cancels it through the handle, and each
  /// call takes the same path as a touch's.
  ///
  /// - From another application, `localSession` is nil: the items are promises from
  ///   another process, with no local objects, only representations visible to all, and
  ///   the drop session has no `localDragSession` (rule 16).
  /// - For a drag of ours (rule 37), `localSession` is its session: the drop session's
  ///   `localDragSession` is set and local objects are readable. A drag that began in this
  ///   window goes on as the same drag, now driven by the platform.
  @_spi(Platform) public func beginIncomingDrag(
    items: [DragItem], at location: Point, allowsMoveOperation: Bool = true, localSession: DragSession? = nil
  )
    -> IncomingDrag
  {
    if let localSession, let drag = drag(of: localSession), drag.isLive {
      if drag.phase == .lifting { begin(drag) }
      // The platform's drag has the pointer now: its release goes to the platform.
      if drag.driver.touchID == Window.pointerTouchID { window?.pointerPressWasTaken() }
      drag.driver = .platform
      move(drag, to: location)
      return IncomingDrag(controller: self, drag: drag)
    }
    let session = DragSession(items: localSession?.items ?? items, location: location, window: window)
    session.allowsMoveOperation = localSession?.allowsMoveOperation ?? allowsMoveOperation
    let drag = LiveDrag(
      id: nextDragID, session: session, source: nil, driver: .platform, isFromOtherProcess: localSession == nil,
      localSessionFromElsewhere: localSession, window: window)
    nextDragID += 1
    drag.phase = .dragging
    drag.dropSession = makeDropSession(for: drag)
    drags.append(drag)
    route(drag)
    return IncomingDrag(controller: self, drag: drag)
  }

  /// The platform carries the drag out of this window. A drag from elsewhere ends here as
  /// a cancel; one of ours goes on, over no target, until the platform reports where it
  /// ended.
  func leave(_ drag: LiveDrag) {
    guard drag.phase == .dragging else { return }
    guard drag.source != nil else {
      cancel(drag)
      return
    }
    if let target = drag.target {
      call(target, .sessionDidExit, session: drag.id) { $0.dropInteraction(target, sessionDidExit: drag.dropSession) }
      drag.routing.target = nil
      drag.routing.proposal = DropProposal(operation: .cancel)
    }
    drag.routing.hasLeftWindow = true
    reportOperation(of: drag)
  }

  /// Whether the platform has carried `session`'s drag out of this window, to another
  /// application or another of our windows: its previews are not drawn here meanwhile.
  @_spi(Platform) public func isOutsideWindow(_ session: DragSession) -> Bool {
    drag(of: session)?.routing.hasLeftWindow ?? false
  }

  /// Tells the platform the operation the drag would perform now, when it changed.
  func reportOperation(of drag: LiveDrag) {
    guard let outgoing = drag.outgoing, outgoing.reportedOperation != drag.proposal.operation else { return }
    outgoing.reportedOperation = drag.proposal.operation
    platform?.dragSession(outgoing, didUpdate: drag.proposal.operation)
  }
}

/// What a drag's preview shows about what a release would do (rule 40): a badge for a copy
/// (+) or a forbidden drop, and the number of items when several travel. A move and a drop
/// that nothing takes show no operation badge.
public struct DragBadge: Hashable, Sendable {
  /// The operation a badge shows.
  public enum Operation: Hashable, Sendable {
    /// A copy: a plus.
    case copy
    /// A drop that would do nothing: a forbidden sign.
    case forbidden
  }

  /// The operation shown, if any.
  public var operation: Operation?
  /// The number of items, when there are several.
  public var count: Int?

  /// A badge showing `operation` and `count`, either of which may be left out.
  public init(operation: Operation? = nil, count: Int? = nil) {
    self.operation = operation
    self.count = count
  }

  /// The badge for a drag of `items` items whose target proposes `operation`.
  public init(operation: DropOperation, items: Int) {
    switch operation {
    case .copy: self.operation = .copy
    case .forbidden: self.operation = .forbidden
    default: self.operation = nil
    }
    count = items > 1 ? items : nil
  }
}

extension DragController {
  /// The badge `session`'s preview shows now (rule 40); none for a session that is not live.
  @_spi(Platform) public func badge(of session: DragSession) -> DragBadge {
    guard let drag = drag(of: session), drag.isLive else { return DragBadge() }
    return DragBadge(operation: drag.proposal.operation, items: session.items.count)
  }
}
