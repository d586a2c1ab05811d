import Foundation

/// The system side of drag and drop for one window: it lifts items, routes every live
/// session across the window's drop targets, and runs the drop and cancel sequences, calling
/// the delegates in the order of rules 6 and 13.
///
/// Every delegate call goes through ``callObserver`` first, so a test can record the exact
/// sequence.
@MainActor
public final class DragController {
  /// The window, held weakly: a controller kept after its window is freed does nothing
  /// (it has no sessions, and new incoming drags are refused).
  public private(set) weak var window: Window?

  /// How long the lift, cancel and drop animations take, in seconds on the window's clock.
  public var liftAnimationDuration = 0.25
  public var cancelAnimationDuration = 0.3
  public var dropAnimationDuration = 0.3
  /// How far a lifted touch must move for the session to begin.
  public var beginThreshold = 1.0
  /// How long a second touch may stay down and still be a tap that adds items.
  public var addTapMaximumDuration = 0.5

  /// Receives every delegate call just before it is made.
  public var callObserver: ((DelegateCall) -> Void)?

  var drags: [LiveDrag] = []
  /// Drops whose destination is still loading what it asked for: each reports
  /// `sessionDidTransferItems` when its loads end (rule 6).
  public private(set) var pendingTransfers = 0
  var nextDragID = 1
  /// Second touches that may become taps adding items to a drag.
  private var addCandidates: [Int: (interaction: DragInteraction, start: Touch)] = [:]

  init(window: Window) {
    self.window = window
    window.touchInterceptor = { [weak self] touch in self?.intercept(touch) ?? false }
  }

  /// The sessions currently lifting, dragging or ending, oldest first.
  public var activeSessions: [DragSession] { drags.filter { $0.phase != .ended }.map(\.session) }

  /// Each item's lift preview, in item order; nil for an item that lifts invisibly
  /// (rule 5). A renderer draws these while the session moves.
  public func liftPreviews(of session: DragSession) -> [TargetedDragPreview?] {
    guard let drag = drags.first(where: { $0.session === session }) else { return [] }
    return session.items.map { drag.liftPreviews[ObjectIdentifier($0)] }
  }

  /// The preview each item shows while the session moves, in item order (rule 9): what
  /// the item's preview provider returns, or its lift preview when it has no provider;
  /// nil when the provider returns nil or the item lifted invisibly.
  public func dragPreviews(of session: DragSession) -> [DragPreview?] {
    guard let drag = drags.first(where: { $0.session === session }) else { return [] }
    return session.items.map { drag.movingPreviews[ObjectIdentifier($0)] }
  }

  /// Works out the moving previews of items that do not have one yet.
  private func updateMovingPreviews(_ drag: LiveDrag) {
    for item in drag.session.items where drag.movingPreviews[ObjectIdentifier(item)] == nil {
      let key = ObjectIdentifier(item)
      if let provider = item.previewProvider {
        drag.movingPreviews[key] = provider()
      } else if let lift = drag.liftPreviews[key] {
        drag.movingPreviews[key] = DragPreview(view: lift.view, parameters: lift.parameters)
      }
    }
  }

  /// While a session ends, where each item's preview goes, in item order: the preview the
  /// delegate chose (its target is the destination), or nil when the item fades in place
  /// or has no preview.
  public func endingPreviews(of session: DragSession) -> [TargetedDragPreview?] {
    guard let drag = drags.first(where: { $0.session === session }) else { return [] }
    return session.items.map { drag.endingPreviews[ObjectIdentifier($0)] ?? nil }
  }

  /// The drop target the session is over, if any.
  public func currentTarget(of session: DragSession) -> DropInteraction? {
    drags.first(where: { $0.session === session })?.target
  }

  /// One live drag: its session, the touch that carries it, and where it is.
  @MainActor final class LiveDrag {
    enum Phase { case lifting, dragging, ending, ended }

    let id: Int
    let session: DragSession
    let source: DragInteraction?
    /// Whether the drag comes from another application (it then has no source here).
    var isFromOtherProcess = false
    var touchID: Int
    var phase = Phase.lifting
    /// The interaction that supplied each item (the source, or one that added items).
    var owners: [ObjectIdentifier: DragInteraction] = [:]
    /// Interactions that have contributed items, in order.
    var contributors: [DragInteraction] = []
    /// Each item's lift preview; nil for items that are invisible (rule 5).
    var liftPreviews: [ObjectIdentifier: TargetedDragPreview] = [:]
    var liftAnimator: DragAnimator?
    var dropSession: DropSession
    var target: DropInteraction?
    var proposal = DropProposal(operation: .cancel)
    /// Drop interactions that received enter, update or exit (rule 13), in order, and as a
    /// set for the check on every enter.
    var involved: [DropInteraction] = []
    var involvedSet: Set<ObjectIdentifier> = []
    /// Answers of canHandle, until the items change (rule 12).
    var canHandle: [ObjectIdentifier: Bool] = [:]
    /// The preview each item shows while it moves (rule 9); nil for none.
    var movingPreviews: [ObjectIdentifier: DragPreview] = [:]
    /// While the drag ends: where each item's preview goes, nil to fade in place.
    var endingPreviews: [ObjectIdentifier: TargetedDragPreview?] = [:]
    /// For keyboard drags: the target and position the keys have reached, and what to call
    /// the items.
    weak var keyboardTarget: DropInteraction?
    var keyboardPosition = 0
    var keyboardNames: String?

    init(id: Int, session: DragSession, source: DragInteraction?, touchID: Int, dropSession: DropSession) {
      self.id = id
      self.session = session
      self.source = source
      self.touchID = touchID
      self.dropSession = dropSession
    }
  }

  // MARK: - Lift

  /// Lifts the items of `interaction` for a touch; false when there is nothing to drag.
  func lift(_ interaction: DragInteraction, touch: Touch, origin: Point) -> Bool {
    startLift(interaction, touchID: touch.id, location: origin) != nil
  }

  /// Lifts the items of `interaction` for the touch (or key press) `touchID` at `origin`,
  /// in window coordinates; nil when there is nothing to drag.
  func startLift(_ interaction: DragInteraction, touchID: Int, location origin: Point) -> LiveDrag? {
    guard interaction.isEnabled, let delegate = interaction.delegate, let window,
      interaction.view?.window === window
    else {
      return nil
    }
    // The session starts where the touch went down: a pointer lifts only after moving.
    let session = DragSession(items: [], location: origin, window: window)
    let dragID = nextDragID
    nextDragID += 1
    call(interaction, "itemsForBeginning", session: dragID)
    let items = delegate.dragInteraction(interaction, itemsForBeginning: session)
    guard !items.isEmpty else { return nil }
    session.items = items
    let drag = LiveDrag(
      id: dragID, session: session, source: interaction, touchID: touchID,
      dropSession: DropSession(items: [], window: window))
    drag.dropSession = makeDropSession(for: drag)
    for item in items {
      drag.owners[ObjectIdentifier(item)] = interaction
      drag.liftPreviews[ObjectIdentifier(item)] = liftPreview(for: item, in: drag, from: interaction)
    }
    drag.contributors = [interaction]
    drags.append(drag)

    let animator = DragAnimator(duration: liftAnimationDuration)
    drag.liftAnimator = animator
    call(interaction, "willAnimateLift", session: drag.id)
    delegate.dragInteraction(interaction, willAnimateLiftWith: animator, session: session)
    animator.start(on: window.clock)
    return drag
  }

  func liftPreview(
    for item: DragItem, in drag: LiveDrag, from interaction: DragInteraction
  )
    -> TargetedDragPreview?
  {
    call(interaction, "previewForLifting", itemLabel(item, in: drag), session: drag.id)
    return interaction.delegate?.dragInteraction(interaction, previewForLifting: item, session: drag.session)
  }

  // MARK: - Touches

  /// Takes the touches that carry a drag, and watches second touches that may add items.
  /// Returns true for touches the drag consumed.
  private func intercept(_ touch: Touch) -> Bool {
    if let drag = drags.first(where: { $0.touchID == touch.id && $0.phase != .ended && $0.phase != .ending }) {
      return handleDragTouch(touch, drag)
    }
    return watchForAddTap(touch)
  }

  private func handleDragTouch(_ touch: Touch, _ drag: LiveDrag) -> Bool {
    switch (drag.phase, touch.phase) {
    case (.lifting, .moved):
      let start = drag.session.locationInWindow
      guard touch.location.distance(to: start) >= beginThreshold else { return false }
      begin(drag)
      move(drag, to: touch.location)
      return true
    case (.lifting, .ended), (.lifting, .cancelled):
      // Lifted but never moved: the lift reverses and the drag cancels.
      drag.liftAnimator?.finish(at: .start)
      cancel(drag)
      return false
    case (.dragging, .moved), (.dragging, .stationary):
      move(drag, to: touch.location)
      return true
    case (.dragging, .ended):
      move(drag, to: touch.location)
      end(drag)
      return true
    case (.dragging, .cancelled):
      cancel(drag)
      return true
    default:
      return false
    }
  }

  /// The session begins when the lifted items first move (rule 6).
  func begin(_ drag: LiveDrag) {
    drag.phase = .dragging
    if let source = drag.source, let delegate = source.delegate {
      call(source, "sessionAllowsMoveOperation", session: drag.id)
      drag.session.allowsMoveOperation = delegate.dragInteraction(source, sessionAllowsMoveOperation: drag.session)
      call(source, "sessionIsRestrictedToDraggingApplication", session: drag.id)
      drag.session.isRestrictedToDraggingApplication = delegate.dragInteraction(
        source, sessionIsRestrictedToDraggingApplication: drag.session)
      drag.dropSession.allowsMoveOperation = drag.session.allowsMoveOperation
      drag.dropSession.isRestrictedToDraggingApplication = drag.session.isRestrictedToDraggingApplication
      call(source, "sessionWillBegin", session: drag.id)
      delegate.dragInteraction(source, sessionWillBegin: drag.session)
    }
    updateMovingPreviews(drag)
    // The drag owns the touch now: other recognisers on it stop.
    window?.cancelRecognizers(forTouch: drag.touchID)
  }

  func move(_ drag: LiveDrag, to location: Point) {
    drag.session.locationInWindow = location
    drag.dropSession.locationInWindow = location
    if let source = drag.source, let delegate = source.delegate {
      call(source, "sessionDidMove", session: drag.id)
      delegate.dragInteraction(source, sessionDidMove: drag.session)
    }
    route(drag)
  }

  // MARK: - Routing

  /// Finds the target under the drag and sends exit, enter and update as needed (rule 13).
  private func route(_ drag: LiveDrag) {
    let newTarget = target(at: drag.session.locationInWindow, for: drag)
    if let old = drag.target, old !== newTarget {
      call(old, "sessionDidExit", session: drag.id)
      old.delegate?.dropInteraction(old, sessionDidExit: drag.dropSession)
      drag.target = nil
      drag.proposal = DropProposal(operation: .cancel)
    }
    guard let newTarget else { return }
    if drag.target !== newTarget {
      drag.target = newTarget
      note(newTarget, involvedIn: drag)
      call(newTarget, "sessionDidEnter", session: drag.id)
      newTarget.delegate?.dropInteraction(newTarget, sessionDidEnter: drag.dropSession)
    }
    update(drag, newTarget)
  }

  private func update(_ drag: LiveDrag, _ target: DropInteraction) {
    call(target, "sessionDidUpdate", session: drag.id)
    var proposal =
      target.delegate?.dropInteraction(target, sessionDidUpdate: drag.dropSession)
      ?? DropProposal(operation: .cancel)
    if proposal.operation == .move && !drag.session.allowsMoveOperation {
      proposal.operation = .cancel  // rule 8
    }
    drag.proposal = proposal
  }

  /// The deepest view under the point with a drop interaction that can handle the drag and
  /// is free to take it.
  private func target(at point: Point, for drag: LiveDrag) -> DropInteraction? {
    var view = window?.hitTest(point)
    while let current = view {
      for case let interaction as DropInteraction in current.interactions where interaction.delegate != nil {
        guard isFree(interaction, for: drag) else { continue }
        if canHandle(interaction, drag) { return interaction }
      }
      view = current.superview
    }
    return nil
  }

  private func isFree(_ interaction: DropInteraction, for drag: LiveDrag) -> Bool {
    interaction.allowsSimultaneousDropSessions
      || !drags.contains { $0 !== drag && $0.phase != .ended && $0.target === interaction }
  }

  func canHandle(_ interaction: DropInteraction, _ drag: LiveDrag) -> Bool {
    let key = ObjectIdentifier(interaction)
    if let known = drag.canHandle[key] { return known }
    call(interaction, "canHandle", session: drag.id)
    let answer = interaction.delegate?.dropInteraction(interaction, canHandle: drag.dropSession) ?? false
    drag.canHandle[key] = answer
    return answer
  }

  private func note(_ interaction: DropInteraction, involvedIn drag: LiveDrag) {
    if drag.involvedSet.insert(ObjectIdentifier(interaction)).inserted { drag.involved.append(interaction) }
  }

  // MARK: - Adding items

  /// A second touch that taps a draggable view during a drag may add items (rule 4).
  private func watchForAddTap(_ touch: Touch) -> Bool {
    switch touch.phase {
    case .began:
      guard drags.contains(where: { $0.phase == .dragging }) else { return false }
      var view = window?.hitTest(touch.location)
      while let current = view {
        if let interaction = current.interactions.compactMap({ $0 as? DragInteraction }).first(where: \.isEnabled) {
          addCandidates[touch.id] = (interaction, touch)
          break
        }
        view = current.superview
      }
      return false
    case .moved:
      if let candidate = addCandidates[touch.id], touch.location.distance(to: candidate.start.location) > 10 {
        addCandidates[touch.id] = nil
      }
      return false
    case .cancelled:
      addCandidates[touch.id] = nil
      return false
    case .ended:
      guard let candidate = addCandidates.removeValue(forKey: touch.id),
        touch.timestamp - candidate.start.timestamp <= addTapMaximumDuration,
        let drag = drags.last(where: { $0.phase == .dragging })
      else { return false }
      guard add(from: candidate.interaction, at: touch.location, to: drag) else { return false }
      // The tap became part of the drag: the recognisers that saw it go down are cancelled.
      window?.cancelRecognizers(forTouch: touch.id)
      return true
    case .stationary:
      return false
    }
  }

  private func add(from interaction: DragInteraction, at location: Point, to drag: LiveDrag) -> Bool {
    guard let delegate = interaction.delegate, let view = interaction.view, let window else { return false }
    let point = view.convert(location, from: window)
    call(interaction, "itemsForAddingTo", session: drag.id)
    let items = delegate.dragInteraction(interaction, itemsForAddingTo: drag.session, withTouchAt: point)
    guard !items.isEmpty else { return false }
    if !drag.contributors.contains(where: { $0 === interaction }) { drag.contributors.append(interaction) }
    for contributor in drag.contributors {
      call(contributor, "willAdd", "\(items.count) for \(interaction.traceName)", session: drag.id)
      contributor.delegate?.dragInteraction(contributor, session: drag.session, willAdd: items, for: interaction)
    }
    drag.session.items += items
    for item in items {
      drag.owners[ObjectIdentifier(item)] = interaction
      drag.liftPreviews[ObjectIdentifier(item)] = liftPreview(for: item, in: drag, from: interaction)
    }
    updateMovingPreviews(drag)
    // The drop side sees new items: a new session object, and canHandle asked again.
    drag.dropSession = makeDropSession(for: drag, reusing: drag.dropSession)
    drag.canHandle = [:]
    if let target = drag.target {
      if canHandle(target, drag) {
        update(drag, target)
      } else {
        route(drag)
      }
    } else {
      route(drag)
    }
    return true
  }

  // MARK: - Ending

  /// The touch lifted over the current target: drop if the proposal is a copy or move,
  /// otherwise cancel (rule 14).
  func end(_ drag: LiveDrag) {
    guard let target = drag.target, drag.proposal.operation.performsDrop else {
      cancel(drag)
      return
    }
    drop(drag, on: target, operation: drag.proposal.operation)
  }

  private func drop(_ drag: LiveDrag, on target: DropInteraction, operation: DropOperation) {
    drag.phase = .ending
    if let source = drag.source, let delegate = source.delegate {
      call(source, "willEnd", "\(operation)", session: drag.id)
      delegate.dragInteraction(source, session: drag.session, willEndWith: operation)
    }
    let dropSession = drag.dropSession
    dropSession.loadGate.isOpen = true
    call(target, "performDrop", session: drag.id)
    target.delegate?.dropInteraction(target, performDrop: dropSession)
    dropSession.loadGate.isOpen = false

    let animator = DragAnimator(duration: dropAnimationDuration)
    for item in dropSession.items {
      let label = itemLabel(item, in: drag)
      if let preview = defaultDropPreview(for: item, in: drag) {
        call(target, "previewForDropping", label, session: drag.id)
        let chosen = target.delegate?.dropInteraction(target, previewForDropping: item, withDefault: preview)
        if let index = dropSession.items.firstIndex(where: { $0 === item }) {
          drag.endingPreviews[ObjectIdentifier(drag.session.items[index])] = .some(chosen)
        }
      }
      call(target, "willAnimateDrop", label, session: drag.id)
      target.delegate?.dropInteraction(target, item: item, willAnimateDropWith: animator)
    }
    animator.start(on: window?.clock) { [weak self] _ in
      guard let self else { return }
      self.call(target, "concludeDrop", session: drag.id)
      target.delegate?.dropInteraction(target, concludeDrop: dropSession)
      self.finish(drag, operation: operation)
      // Rule 6: the transfer is reported once the destination has loaded what it asked for.
      // A load that never finishes must not keep the window alive: the wait holds only the
      // source interaction (weakly) and the session.
      let (source, session, id) = (drag.source, drag.session, drag.id)
      self.pendingTransfers += 1
      dropSession.loadGate.whenIdle { [weak self, weak source] in
        Task { @MainActor [weak self] in
          self?.pendingTransfers -= 1
          self?.reportTransfer(source: source, session: session, id: id)
        }
      }
    }
  }

  private func reportTransfer(source: DragInteraction?, session: DragSession, id: Int) {
    guard let source, let delegate = source.delegate else { return }
    call(source, "sessionDidTransferItems", session: id)
    delegate.dragInteraction(source, sessionDidTransferItems: session)
  }

  /// Cancels: the target (if any) sees the session exit, and each visible item goes back
  /// to where it came from unless its delegate says otherwise (rule 7).
  func cancel(_ drag: LiveDrag) {
    guard drag.phase == .lifting || drag.phase == .dragging else { return }
    drag.phase = .ending
    if let source = drag.source, let delegate = source.delegate {
      call(source, "willEnd", "\(DropOperation.cancel)", session: drag.id)
      delegate.dragInteraction(source, session: drag.session, willEndWith: .cancel)
    }
    if let target = drag.target {
      call(target, "sessionDidExit", session: drag.id)
      target.delegate?.dropInteraction(target, sessionDidExit: drag.dropSession)
      drag.target = nil
    }
    let animator = DragAnimator(duration: cancelAnimationDuration)
    for item in drag.session.items {
      guard let owner = drag.owners[ObjectIdentifier(item)], let delegate = owner.delegate,
        let liftPreview = drag.liftPreviews[ObjectIdentifier(item)]
      else { continue }
      call(owner, "previewForCancelling", itemLabel(item, in: drag), session: drag.id)
      let chosen = delegate.dragInteraction(owner, previewForCancelling: item, withDefault: liftPreview)
      drag.endingPreviews[ObjectIdentifier(item)] = .some(chosen)
    }
    for item in drag.session.items {
      guard let owner = drag.owners[ObjectIdentifier(item)], let delegate = owner.delegate else { continue }
      call(owner, "willAnimateCancel", itemLabel(item, in: drag), session: drag.id)
      delegate.dragInteraction(owner, item: item, willAnimateCancelWith: animator)
    }
    animator.start(on: window?.clock) { [weak self] _ in
      self?.finish(drag, operation: .cancel)
    }
  }

  /// After the animations: the source hears didEnd, and every target involved hears
  /// sessionDidEnd (rules 6 and 13).
  private func finish(_ drag: LiveDrag, operation: DropOperation) {
    drag.liftAnimator?.finish(at: operation == .cancel && drag.liftAnimator?.isRunning == true ? .start : .end)
    drag.phase = .ended
    if let source = drag.source, let delegate = source.delegate {
      call(source, "didEnd", "\(operation)", session: drag.id)
      delegate.dragInteraction(source, session: drag.session, didEndWith: operation)
    }
    for interaction in drag.involved {
      call(interaction, "sessionDidEnd", session: drag.id)
      interaction.delegate?.dropInteraction(interaction, sessionDidEnd: drag.dropSession)
    }
    drags.removeAll { $0 === drag }
  }

  /// Routes every moving drag again at its current location, as when the content under it
  /// has moved (an auto-scrolling list): targets see exit, enter and update in the order
  /// of rule 13, as for a move.
  public func refreshDropTargets() {
    for drag in drags where drag.phase == .dragging { route(drag) }
  }

  // MARK: - Other applications

  /// The platform reports that a drag from this window was released over another
  /// application. A drag restricted to its application cancels; otherwise the source sees
  /// a copy, or a move when the platform reports one and the source allows it (rule 8).
  public func endInOtherApplication(_ session: DragSession, reportedOperation: DropOperation = .copy) {
    guard let drag = drags.first(where: { $0.session === session }), drag.phase == .dragging else { return }
    guard !session.isRestrictedToDraggingApplication, reportedOperation.performsDrop else {
      cancel(drag)
      return
    }
    let operation: DropOperation = reportedOperation == .move && session.allowsMoveOperation ? .move : .copy
    drag.phase = .ending
    if let target = drag.target {
      call(target, "sessionDidExit", session: drag.id)
      target.delegate?.dropInteraction(target, sessionDidExit: drag.dropSession)
      drag.target = nil
    }
    if let source = drag.source, let delegate = source.delegate {
      call(source, "willEnd", "\(operation)", session: drag.id)
      delegate.dragInteraction(source, session: drag.session, willEndWith: operation)
    }
    finish(drag, operation: operation)
    reportTransfer(source: drag.source, session: drag.session, id: drag.id)
  }

  /// A drag from another application enters this window. Its items are promises from
  /// another process: no local objects, only representations visible to all, and no
  /// `localDragSession` (rule 16). The platform moves and ends it through the handle.
  public func beginIncomingDrag(
    items: [DragItem], at location: Point, allowsMoveOperation: Bool = true
  )
    -> IncomingDrag
  {
    let session = DragSession(items: items, location: location, window: window)
    session.allowsMoveOperation = allowsMoveOperation
    let drag = LiveDrag(
      id: nextDragID, session: session, source: nil, touchID: Int.min + nextDragID,
      dropSession: DropSession(items: [], window: window))
    nextDragID += 1
    drag.isFromOtherProcess = true
    drag.phase = .dragging
    drag.dropSession = makeDropSession(for: drag)
    drags.append(drag)
    route(drag)
    return IncomingDrag(controller: self, drag: drag)
  }

  func moveIncoming(_ drag: LiveDrag, to location: Point) {
    guard drag.phase == .dragging else { return }
    drag.session.locationInWindow = location
    drag.dropSession.locationInWindow = location
    route(drag)
  }

  /// Releases an incoming drag; returns the operation performed, for the platform to
  /// report back to the source application.
  func dropIncoming(_ drag: LiveDrag) -> DropOperation {
    guard drag.phase == .dragging else { return .cancel }
    guard let target = drag.target, drag.proposal.operation.performsDrop else {
      cancel(drag)
      return .cancel
    }
    let operation = drag.proposal.operation
    drop(drag, on: target, operation: operation)
    return operation
  }

  // MARK: - Helpers

  func makeDropSession(for drag: LiveDrag, reusing old: DropSession? = nil) -> DropSession {
    let session = DropSession(
      items: drag.session.items, localDragSession: drag.session, fromOtherProcess: drag.isFromOtherProcess,
      location: drag.session.locationInWindow, window: window)
    if drag.isFromOtherProcess {
      session.allowsMoveOperation = drag.session.allowsMoveOperation
    }
    session.progressIndicatorStyle = old?.progressIndicatorStyle ?? .default
    return session
  }

  /// The preview a dropped item lands with unless the target says otherwise: its lift
  /// preview at the drop location, or for an item from another application (whose preview
  /// this process never had) a stand-in of the platform's icon size. Items that lifted
  /// invisibly have none.
  private func defaultDropPreview(for item: DragItem, in drag: LiveDrag) -> TargetedDragPreview? {
    guard let window else { return nil }
    let target = DragPreviewTarget(container: window, center: drag.session.locationInWindow)
    if drag.isFromOtherProcess {
      return TargetedDragPreview(
        view: View(frame: Rect(x: 0, y: 0, width: 64, height: 64)), parameters: DragPreviewParameters(),
        target: target)
    }
    guard let index = drag.dropSession.items.firstIndex(where: { $0 === item }),
      let original = drag.session.items[safe: index],
      let lift = drag.liftPreviews[ObjectIdentifier(original)]
    else { return nil }
    return lift.retargetedPreview(with: target)
  }

  private func itemLabel(_ item: DragItem, in drag: LiveDrag) -> String {
    if let index = drag.session.items.firstIndex(where: { $0 === item }) { return "item \(index)" }
    if let index = drag.dropSession.items.firstIndex(where: { $0 === item }) { return "item \(index)" }
    return "item"
  }

  private func call(_ interaction: DragInteraction, _ method: String, _ detail: String = "", session: Int) {
    callObserver?(DelegateCall(interaction: interaction.traceName, method: method, detail: detail, session: session))
  }

  private func call(_ interaction: DropInteraction, _ method: String, _ detail: String = "", session: Int) {
    callObserver?(DelegateCall(interaction: interaction.traceName, method: method, detail: detail, session: session))
  }
}

extension Array {
  subscript(safe index: Int) -> Element? {
    indices.contains(index) ? self[index] : nil
  }
}

extension Window {
  /// The window's drag controller, made on first use.
  public var dragController: DragController {
    if let controller = storedDragController { return controller }
    let controller = DragController(window: self)
    storedDragController = controller
    return controller
  }
}
