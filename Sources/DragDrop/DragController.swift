import Foundation

/// The system side of drag and drop for one window: it lifts items, routes every live
/// session across the window's drop targets, and runs the drop and cancel sequences, calling
/// the delegates in the order of rules 6 and 13.
///
/// Every drag goes through one pipeline, whatever drives it: touches and the pointer
/// (`Window.send(_:)`), the keyboard sensor (`Window.send(_:)`), and
/// the platform (``beginIncomingDrag(items:at:allowsMoveOperation:localSession:)`` for
/// drags from elsewhere, and ``OutgoingDrag`` for ours that leave the window). Drags that
/// may leave the application are reported to the window's `Window.dragPlatform`.
///
/// Every delegate call is recorded and made by one helper: the observers added with
/// ``addCallObserver(_:)`` hear each call just before it is made, so a test can check the
/// exact sequence.
@MainActor
public final class DragController {
  /// The window, held weakly: a controller kept after its window is freed does nothing
  /// (it has no sessions, and new incoming drags are refused).
  public private(set) weak var window: Window?

  /// How long the lift, cancel and drop animations take, in seconds on the window's clock.
  public var liftAnimationDuration = 0.25
  /// How long a cancelled item takes to return, in seconds.
  public var cancelAnimationDuration = 0.3
  /// How long a dropped item takes to land, in seconds.
  public var dropAnimationDuration = 0.3
  /// How far a lifted touch must move for the session to begin.
  public var beginThreshold = 1.0
  /// How long a second touch may stay down and still be a tap that adds items.
  public var addTapMaximumDuration = 0.5
  /// How long a pointer or touch drag must stay over a target before the target is
  /// announced to assistive technology, in seconds on the window's clock.
  public var announcementDelay = 0.5

  /// Those who hear every delegate call, by the token that removes them.
  private var callObservers: [(token: DelegateCallObservation, observe: (DelegateCall) -> Void)] = []
  /// Those who also hear the calls views make to the application's own delegates.
  private var applicationCallObservers: [(token: DelegateCallObservation, observe: (DelegateCall) -> Void)] = []
  /// Whether anyone hears the application's own delegate methods: views check it before
  /// working out a call to report.
  public var recordsApplicationCalls: Bool { !applicationCallObservers.isEmpty }

  var drags: [LiveDrag] = []
  /// Drops whose destination is still loading what it asked for: each reports
  /// `sessionDidTransferItems` when its loads end (rule 6).
  public private(set) var pendingTransfers = 0
  /// The load gates of drops performed here, kept until their last load ends.
  private var loadingDrops: [LoadGate] = []
  var nextDragID = 1
  /// Second touches that may become taps adding items to a drag.
  var addCandidates: [Int: (interaction: DragInteraction, start: Touch)] = [:]
  /// Where the keyboard sensor's drag is.
  var keyboard = KeyboardDragState()
  /// The drop interactions whose views have entered the window, held weakly: the drop
  /// targets a keyboard drag visits are these, not a walk over every view at each key.
  /// An interaction that left, or whose view left the window, is dropped when next read.
  private var dropInteractions: [WeakDropInteraction] = []

  /// Notes a drop interaction whose view entered the window (or was given the interaction
  /// there).
  func register(_ interaction: DropInteraction) {
    guard !dropInteractions.contains(where: { $0.interaction === interaction }) else { return }
    dropInteractions.append(WeakDropInteraction(interaction: interaction))
  }

  /// The drop interactions in the window that could take a drop: their view is in the
  /// window and shown (no hidden view above it), and they have a delegate, in the window's
  /// order (a view before its subviews, subviews back to front; a view's interactions in
  /// the order they were added).
  func dropInteractionsInWindowOrder() -> [DropInteraction] {
    guard let window else { return [] }
    // One pass: the entries still in the window are kept, and those that could take a drop
    // are shown.
    var kept: [WeakDropInteraction] = []
    var shown: [(interaction: DropInteraction, path: [Int], order: Int)] = []
    for entry in dropInteractions {
      guard let interaction = entry.interaction, let view = interaction.view, view.window === window,
        let order = view.interactions.firstIndex(where: { $0 === interaction })
      else { continue }
      kept.append(entry)
      if interaction.delegate != nil, let path = Self.treePath(of: view, in: window) {
        shown.append((interaction, path, order))
      }
    }
    dropInteractions = kept
    shown.sort { a, b in
      // A view's path is a prefix of its subviews' paths, which sort after it.
      a.path.lexicographicallyPrecedes(b.path) || a.path == b.path && a.order < b.order
    }
    return shown.map(\.interaction)
  }

  /// The index of each view from the window down to `view` among its superview's subviews;
  /// nil when the view or one above it is hidden, or it is not in `window`.
  private static func treePath(of view: View, in window: Window) -> [Int]? {
    var path: [Int] = []
    var current = view
    while current !== window {
      guard !current.isHidden, let superview = current.superview,
        let index = superview.subviews.firstIndex(where: { $0 === current })
      else { return nil }
      path.append(index)
      current = superview
    }
    guard !window.isHidden else { return nil }
    return path.reversed()
  }

  init(window: Window) {
    self.window = window
  }

  /// The platform that carries drags to and from other applications: GTK's in a real
  /// window, `FakePlatform` in tests, none for a window that keeps its drags to itself.
  /// Held weakly: the platform owns its windows.
  weak var platform: (any DragPlatformPort)?

  /// The sessions currently lifting, dragging or ending, oldest first.
  public var activeSessions: [DragSession] { drags.filter { $0.phase != .ended }.map(\.session) }

  /// Whether drag and drop has nothing under way: no session is lifting, dragging or
  /// ending, and every drop's loads have ended and been reported to its source
  /// (``pendingTransfers`` is zero). A drop's loads go on after its session ends, until
  /// the destination has what it asked for.
  public var isIdle: Bool { pendingTransfers == 0 && drags.allSatisfy { $0.phase == .ended } }

  /// Each item's lift preview, in item order; nil for an item that lifts invisibly
  /// (rule 5). A renderer draws these while the session moves.
  @_spi(Platform) public func liftPreviews(of session: DragSession) -> [TargetedDragPreview?] {
    guard let drag = drag(of: session) else { return [] }
    return session.items.map { drag.contents.liftPreviews[ObjectIdentifier($0)] }
  }

  /// The preview each item shows while the session moves, in item order (rule 9): what
  /// the item's preview provider returns, or its lift preview when it has no provider;
  /// nil when the provider returns nil or the item lifted invisibly.
  @_spi(Platform) public func dragPreviews(of session: DragSession) -> [DragPreview?] {
    guard let drag = drag(of: session) else { return [] }
    return session.items.map { drag.contents.movingPreviews[ObjectIdentifier($0)] }
  }

  /// Works out the moving previews of items that do not have one yet.
  private func updateMovingPreviews(_ drag: LiveDrag) {
    for item in drag.session.items where drag.contents.movingPreviews[ObjectIdentifier(item)] == nil {
      let key = ObjectIdentifier(item)
      if let provider = item.previewProvider {
        drag.contents.movingPreviews[key] = provider()
      } else if let lift = drag.contents.liftPreviews[key] {
        drag.contents.movingPreviews[key] = DragPreview(view: lift.view, parameters: lift.parameters)
      }
    }
  }

  /// While a session ends, where each item's preview goes, in item order: the preview the
  /// delegate chose (its target is the destination), or nil when the item fades in place
  /// or has no preview.
  @_spi(Platform) public func endingPreviews(of session: DragSession) -> [TargetedDragPreview?] {
    guard let drag = drag(of: session) else { return [] }
    return session.items.map { drag.contents.endingPreviews[ObjectIdentifier($0)] ?? nil }
  }

  /// How the session's previews are laid out now: as the target under it says, or as the
  /// session does.
  @_spi(Platform) public func previewFormation(of session: DragSession) -> DragPreviewFormation {
    currentTarget(of: session)?.previewFormation ?? session.previewFormation
  }

  /// The drop target the session is over, if any.
  @_spi(Platform) public func currentTarget(of session: DragSession) -> DropInteraction? {
    drag(of: session)?.target
  }

  func drag(of session: DragSession) -> LiveDrag? {
    drags.first { $0.session === session }
  }

  // MARK: - Lift

  /// Lifts the items of `interaction` at `origin`, in window coordinates, for `driver`;
  /// nil when there is nothing to drag.
  func lift(_ interaction: DragInteraction, driver: LiveDrag.Driver, at origin: Point) -> LiveDrag? {
    guard interaction.isEnabled, interaction.delegate != nil, let window,
      interaction.view?.window === window
    else {
      return nil
    }
    // The session starts where the touch went down: a pointer lifts only after moving.
    let session = DragSession(items: [], location: origin, window: window)
    let dragID = nextDragID
    nextDragID += 1
    let items =
      call(interaction, .itemsForBeginning, session: dragID) {
        $0.dragInteraction(interaction, itemsForBeginning: session)
      }
      ?? []
    guard !items.isEmpty else { return nil }
    session.items = items
    let drag = LiveDrag(id: dragID, session: session, source: interaction, driver: driver, window: window)
    drag.itemName = interaction.view.flatMap { $0.accessibilityLabel(at: $0.convert(origin, from: window)) }
    drag.dropSession = makeDropSession(for: drag)
    for item in items {
      drag.contents.owners[ObjectIdentifier(item)] = interaction
      drag.contents.liftPreviews[ObjectIdentifier(item)] = liftPreview(for: item, in: drag, from: interaction)
    }
    drag.contents.contributors = [interaction]
    drags.append(drag)

    let animator = DragAnimator(duration: liftAnimationDuration)
    drag.liftAnimator = animator
    call(interaction, .willAnimateLift, session: drag.id) {
      $0.dragInteraction(interaction, willAnimateLiftWith: animator, session: session)
    }
    animator.start(on: window.clock)
    return drag
  }

  func liftPreview(
    for item: DragItem, in drag: LiveDrag, from interaction: DragInteraction
  )
    -> TargetedDragPreview?
  {
    call(interaction, .previewForLifting(item: itemIndex(item, in: drag)), session: drag.id) {
      $0.dragInteraction(interaction, previewForLifting: item, session: drag.session)
    } ?? nil
  }

  /// The session begins when the lifted items first move (rule 6). A drag that may leave
  /// the application is handed to the platform from here on (rule 37), unless the keyboard
  /// drives it: the platform's drags follow the pointer.
  func begin(_ drag: LiveDrag) {
    drag.phase = .dragging
    if let source = drag.source, source.delegate != nil {
      let session = drag.session
      session.allowsMoveOperation =
        call(source, .sessionAllowsMoveOperation, session: drag.id) {
          $0.dragInteraction(source, sessionAllowsMoveOperation: session)
        } ?? session.allowsMoveOperation
      session.isRestrictedToDraggingApplication =
        call(source, .sessionIsRestrictedToDraggingApplication, session: drag.id) {
          $0.dragInteraction(source, sessionIsRestrictedToDraggingApplication: session)
        } ?? session.isRestrictedToDraggingApplication
      drag.dropSession.allowsMoveOperation = session.allowsMoveOperation
      drag.dropSession.isRestrictedToDraggingApplication = session.isRestrictedToDraggingApplication
      call(source, .sessionWillBegin, session: drag.id) { $0.dragInteraction(source, sessionWillBegin: session) }
    }
    updateMovingPreviews(drag)
    // The drag owns the touch now: other recognisers on it stop.
    if let touchID = drag.driver.touchID { window?.cancelRecognizers(forTouch: touchID) }
    // A keyboard drag stays in the process: the platform's drags follow the pointer.
    if drag.source != nil, !drag.session.isRestrictedToDraggingApplication, drag.driver != .keyboard,
      let platform = platform
    {
      let outgoing = OutgoingDrag(controller: self, drag: drag)
      drag.outgoing = outgoing
      platform.dragSessionDidBegin(outgoing)
    }
    announceLift(of: drag)
  }

  // MARK: - The pipeline: move, release, cancel

  /// The drag moved to `location`, in window coordinates: the source hears `sessionDidMove`,
  /// and the targets under it exit, enter and update (rule 13).
  func move(_ drag: LiveDrag, to location: Point, modifiers: KeyModifiers? = nil) {
    guard drag.phase == .dragging else { return }
    if let modifiers { drag.dropSession.modifierFlags = modifiers }
    drag.routing.hasLeftWindow = false
    drag.session.locationInWindow = location
    drag.dropSession.locationInWindow = location
    if let source = drag.source {
      call(source, .sessionDidMove, session: drag.id) { $0.dragInteraction(source, sessionDidMove: drag.session) }
    }
    route(drag)
  }

  /// The drag was released where it is: it drops when the target proposes a copy or a
  /// move, and cancels otherwise (rule 14). Returns the operation performed.
  @discardableResult
  func release(_ drag: LiveDrag) -> DropOperation {
    guard drag.phase == .dragging else {
      cancel(drag)
      return .cancel
    }
    guard let target = drag.target, drag.proposal.operation.performsDrop else {
      cancel(drag)
      return .cancel
    }
    let operation = drag.proposal.operation
    drop(drag, on: target, operation: operation)
    return operation
  }

  // MARK: - Routing

  /// Finds the target under the drag and sends exit, enter and update as needed (rule 13).
  func route(_ drag: LiveDrag) {
    let newTarget = target(at: drag.session.locationInWindow, for: drag)
    if newTarget !== drag.target { announceTargetChange(of: drag) }
    if let old = drag.target, old !== newTarget {
      call(old, .sessionDidExit, session: drag.id) { $0.dropInteraction(old, sessionDidExit: drag.dropSession) }
      drag.routing.target = nil
      drag.routing.proposal = DropProposal(operation: .cancel)
    }
    guard let newTarget else {
      reportOperation(of: drag)
      return
    }
    if drag.target !== newTarget {
      drag.routing.target = newTarget
      drag.routing.note(newTarget)
      call(newTarget, .sessionDidEnter, session: drag.id) {
        $0.dropInteraction(newTarget, sessionDidEnter: drag.dropSession)
      }
    }
    update(drag, newTarget)
  }

  private func update(_ drag: LiveDrag, _ target: DropInteraction) {
    var proposal =
      call(target, .sessionDidUpdate, session: drag.id) {
        $0.dropInteraction(target, sessionDidUpdate: drag.dropSession)
      }
      ?? DropProposal(operation: .cancel)
    if proposal.operation == .move && !drag.session.allowsMoveOperation {
      proposal.operation = .cancel  // rule 8
    }
    drag.routing.proposal = proposal
    reportOperation(of: drag)
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
    if let known = drag.routing.canHandle[key] { return known }
    let answer =
      call(interaction, .canHandle, session: drag.id) { $0.dropInteraction(interaction, canHandle: drag.dropSession) }
      ?? false
    drag.routing.canHandle[key] = answer
    return answer
  }

  // MARK: - Adding items

  func add(from interaction: DragInteraction, at location: Point, to drag: LiveDrag) -> Bool {
    guard interaction.delegate != nil, let view = interaction.view, let window else { return false }
    let point = view.convert(location, from: window)
    let items =
      call(interaction, .itemsForAddingTo, session: drag.id) {
        $0.dragInteraction(interaction, itemsForAddingTo: drag.session, withTouchAt: point)
      } ?? []
    guard !items.isEmpty else { return false }
    if !drag.contents.contributors.contains(where: { $0 === interaction }) {
      drag.contents.contributors.append(interaction)
    }
    for contributor in drag.contents.contributors {
      call(contributor, .willAdd(count: items.count, from: interaction.traceName), session: drag.id) {
        $0.dragInteraction(contributor, session: drag.session, willAdd: items, for: interaction)
      }
    }
    drag.session.items += items
    drag.itemName = nil
    for item in items {
      drag.contents.owners[ObjectIdentifier(item)] = interaction
      drag.contents.liftPreviews[ObjectIdentifier(item)] = liftPreview(for: item, in: drag, from: interaction)
    }
    updateMovingPreviews(drag)
    drag.outgoing?.itemsDidChange()
    dropSideDidChangeItems(drag)
    return true
  }

  /// The drop side sees new items: a new session object, canHandle asked again, and the
  /// target's update, or a new target.
  private func dropSideDidChangeItems(_ drag: LiveDrag) {
    drag.dropSession = makeDropSession(for: drag, reusing: drag.dropSession)
    drag.routing.canHandle = [:]
    if let target = drag.target {
      if canHandle(target, drag) {
        update(drag, target)
      } else {
        route(drag)
      }
    } else {
      route(drag)
    }
  }

  /// A drag from another application whose items the platform knows only now (a list of
  /// files read at the release): the targets see them as items added during a drag.
  func replaceItems(of drag: LiveDrag, with items: [DragItem]) {
    guard drag.isFromOtherProcess, drag.phase == .dragging, !items.isEmpty else { return }
    drag.session.items = items
    dropSideDidChangeItems(drag)
  }

  // MARK: - Ending

  func drop(_ drag: LiveDrag, on target: DropInteraction, operation: DropOperation) {
    announceEnd(of: drag, operation: operation, on: target)
    drag.phase = .ending
    if let source = drag.source {
      call(source, .willEnd(operation), session: drag.id) {
        $0.dragInteraction(source, session: drag.session, willEndWith: operation)
      }
    }
    let dropSession = drag.dropSession
    dropSession.loadGate.isOpen = true
    call(target, .performDrop, session: drag.id) { $0.dropInteraction(target, performDrop: dropSession) }
    if !dropSession.loadsUntilConcluded { dropSession.loadGate.isOpen = false }
    loadingDrops.removeAll { $0.inFlight == 0 && !$0.isOpen }
    loadingDrops.append(dropSession.loadGate)

    let animator = DragAnimator(duration: dropAnimationDuration)
    // The drop session's items stand in the same order as the drag session's.
    for (index, item) in dropSession.items.enumerated() {
      if let preview = defaultDropPreview(at: index, in: drag) {
        let chosen =
          call(target, .previewForDropping(item: index), session: drag.id) {
            $0.dropInteraction(target, previewForDropping: item, withDefault: preview)
          } ?? nil
        if let original = drag.session.items[safe: index] {
          drag.contents.endingPreviews[ObjectIdentifier(original)] = .some(chosen)
        }
      }
      call(target, .willAnimateDrop(item: index), session: drag.id) {
        $0.dropInteraction(target, item: item, willAnimateDropWith: animator)
      }
    }
    animator.start(on: window?.clock) { [weak self] _ in
      dropSession.loadGate.isOpen = false
      guard let self else { return }
      self.call(target, .concludeDrop, session: drag.id) { $0.dropInteraction(target, concludeDrop: dropSession) }
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

  /// Whether loads that drops started are still under way. They run off the main actor,
  /// whatever the window's clock says: a test harness gives them turns instead of running a
  /// manual clock on.
  public var hasLoadsInFlight: Bool { loadingDrops.contains { $0.inFlight > 0 } }

  func reportTransfer(source: DragInteraction?, session: DragSession, id: Int) {
    guard let source else { return }
    call(source, .sessionDidTransferItems, session: id) { $0.dragInteraction(source, sessionDidTransferItems: session) }
  }

  /// Cancels: the target (if any) sees the session exit, and each visible item goes back
  /// to where it came from unless its delegate says otherwise (rule 7).
  func cancel(_ drag: LiveDrag) {
    guard drag.phase == .lifting || drag.phase == .dragging else { return }
    announceEnd(of: drag, operation: .cancel, on: nil)
    drag.phase = .ending
    if let source = drag.source {
      call(source, .willEnd(.cancel), session: drag.id) {
        $0.dragInteraction(source, session: drag.session, willEndWith: .cancel)
      }
    }
    if let target = drag.target {
      call(target, .sessionDidExit, session: drag.id) { $0.dropInteraction(target, sessionDidExit: drag.dropSession) }
      drag.routing.target = nil
    }
    let animator = DragAnimator(duration: cancelAnimationDuration)
    for item in drag.session.items {
      guard let owner = drag.contents.owners[ObjectIdentifier(item)],
        let liftPreview = drag.contents.liftPreviews[ObjectIdentifier(item)],
        let chosen = call(
          owner, .previewForCancelling(item: itemIndex(item, in: drag)), session: drag.id,
          {
            $0.dragInteraction(owner, previewForCancelling: item, withDefault: liftPreview)
          })
      else { continue }
      drag.contents.endingPreviews[ObjectIdentifier(item)] = .some(chosen)
    }
    for item in drag.session.items {
      guard let owner = drag.contents.owners[ObjectIdentifier(item)] else { continue }
      call(owner, .willAnimateCancel(item: itemIndex(item, in: drag)), session: drag.id) {
        $0.dragInteraction(owner, item: item, willAnimateCancelWith: animator)
      }
    }
    animator.start(on: window?.clock) { [weak self] _ in
      self?.finish(drag, operation: .cancel)
    }
  }

  /// After the animations: the source hears didEnd, and every target involved hears
  /// sessionDidEnd (rules 6 and 13).
  func finish(_ drag: LiveDrag, operation: DropOperation) {
    drag.liftAnimator?.finish(at: operation == .cancel && drag.liftAnimator?.isRunning == true ? .start : .end)
    drag.phase = .ended
    if let source = drag.source {
      call(source, .didEnd(operation), session: drag.id) {
        $0.dragInteraction(source, session: drag.session, didEndWith: operation)
      }
    }
    for interaction in drag.routing.involved {
      call(interaction, .sessionDidEnd, session: drag.id) {
        $0.dropInteraction(interaction, sessionDidEnd: drag.dropSession)
      }
    }
    drags.removeAll { $0 === drag }
    if keyboard.drag === drag { keyboard = KeyboardDragState() }
    if let outgoing = drag.outgoing {
      drag.outgoing = nil
      platform?.dragSession(outgoing, didEndWith: operation)
    }
  }

  /// Routes every moving drag again at its current location, as when the content under it
  /// has moved (an auto-scrolling list): targets see exit, enter and update in the order
  /// of rule 13, as for a move.
  public func refreshDropTargets() {
    for drag in drags where drag.phase == .dragging { route(drag) }
  }

  // MARK: - Helpers

  func makeDropSession(for drag: LiveDrag, reusing old: DropSession? = nil) -> DropSession {
    let session = DropSession(
      items: drag.session.items, localDragSession: drag.localSessionFromElsewhere ?? drag.session,
      fromOtherProcess: drag.isFromOtherProcess,
      location: drag.session.locationInWindow, window: window)
    if drag.isFromOtherProcess {
      session.allowsMoveOperation = drag.session.allowsMoveOperation
    }
    session.progressIndicatorStyle = old?.progressIndicatorStyle ?? .default
    session.keyboardStop = old?.keyboardStop
    session.modifierFlags = old?.modifierFlags ?? []
    return session
  }

  /// The preview a dropped item lands with unless the target says otherwise: its lift
  /// preview at the drop location, or for an item from another application (whose preview
  /// this process never had) a stand-in of the platform's icon size. Items that lifted
  /// invisibly have none.
  /// The preview of the drop session's item at `index`: its lift preview at the drag's
  /// location, or a plain square for an item from another process.
  private func defaultDropPreview(at index: Int, in drag: LiveDrag) -> TargetedDragPreview? {
    guard let window else { return nil }
    let target = DragPreviewTarget(container: window, center: drag.session.locationInWindow)
    if drag.isFromOtherProcess {
      return TargetedDragPreview(
        view: View(frame: Rect(x: 0, y: 0, width: 64, height: 64)), parameters: DragPreviewParameters(),
        target: target)
    }
    guard let original = drag.session.items[safe: index],
      let lift = drag.contents.liftPreviews[ObjectIdentifier(original)]
    else { return nil }
    return lift.retargetedPreview(with: target)
  }

  // MARK: - Calling delegates

  /// Adds an observer that hears every delegate call just before it is made, after those
  /// added before it. Keep the token to remove it.
  @discardableResult
  public func addCallObserver(_ observe: @escaping (DelegateCall) -> Void) -> DelegateCallObservation {
    let token = DelegateCallObservation()
    callObservers.append((token, observe))
    return token
  }

  /// Adds an observer that hears the calls views make to the application's own delegates
  /// and data sources (see ``DelegateMethod/application(_:detail:)``). Keep the token to
  /// remove it.
  @discardableResult
  public func addApplicationCallObserver(_ observe: @escaping (DelegateCall) -> Void) -> DelegateCallObservation {
    let token = DelegateCallObservation()
    applicationCallObservers.append((token, observe))
    Self.applicationCallObserverCount += 1
    return token
  }

  /// How many application call observers there are in all windows: while there are none,
  /// views skip even looking for their window's controller, which costs a walk up the
  /// view tree on every drag move.
  package static var applicationCallObserverCount = 0

  /// Stops the observer that `token` names from hearing calls.
  public func removeCallObserver(_ token: DelegateCallObservation) {
    callObservers.removeAll { $0.token === token }
    let before = applicationCallObservers.count
    applicationCallObservers.removeAll { $0.token === token }
    Self.applicationCallObserverCount -= before - applicationCallObservers.count
  }

  /// Reports a call a view makes to the application's own delegate or data source, for the
  /// observers of ``addApplicationCallObserver(_:)``: `method` as Swift spells it, with
  /// the index path it is about, and the one it goes to for a move. The arguments are
  /// worked out only when someone listens.
  public func recordApplicationCall(
    in interaction: @autoclosure () -> String, _ method: @autoclosure () -> String, at indexPath: IndexPath? = nil,
    to destination: IndexPath? = nil
  ) {
    guard !applicationCallObservers.isEmpty else { return }
    let format = { (path: IndexPath) in path.count == 2 ? "\(path[0])-\(path[1])" : "\(path)" }
    let detail = [indexPath.map(format), destination.map { "to \(format($0))" }].compactMap { $0 }.joined(
      separator: " ")
    let call = DelegateCall(
      interaction: interaction(), method: .application(method(), detail: detail), session: drags.last?.id ?? 0)
    for observer in applicationCallObservers { observer.observe(call) }
  }

  /// Tells the observers, if any; the name is only worked out for them.
  private func record(
    _ interaction: @autoclosure () -> String, _ method: @autoclosure () -> DelegateMethod, session: Int
  ) {
    guard !callObservers.isEmpty else { return }
    let call = DelegateCall(interaction: interaction(), method: method(), session: session)
    for observer in callObservers { observer.observe(call) }
  }

  /// The index of `item` in the drag's session, or in its drop session.
  func itemIndex(_ item: DragItem, in drag: LiveDrag) -> Int? {
    drag.session.items.firstIndex { $0 === item } ?? drag.dropSession.items.firstIndex { $0 === item }
  }

  /// Records a call to the interaction's delegate, then makes it with `body`; nil when the
  /// interaction has no delegate, which is not called and not recorded. The method and its
  /// arguments (an item's index, found by a search) are worked out only for observers.
  @discardableResult
  func call<Interaction: TracedInteraction, Result>(
    _ interaction: Interaction, _ method: @autoclosure () -> DelegateMethod, session: Int,
    _ body: (Interaction.Delegate) -> Result
  ) -> Result? {
    guard let delegate = interaction.delegate else { return nil }
    record(interaction.traceName, method(), session: session)
    return body(delegate)
  }
}

/// A drag or drop interaction, as the controller calls and traces its delegate.
@MainActor
protocol TracedInteraction: AnyObject {
  associatedtype Delegate
  var delegate: Delegate? { get }
  /// The name the interaction has in traces.
  var traceName: String { get }
}

extension DragInteraction: TracedInteraction {}
extension DropInteraction: TracedInteraction {}

/// Names an observer of a drag controller's delegate calls, to remove it.
public final class DelegateCallObservation: Sendable {}

extension Array {
  subscript(safe index: Int) -> Element? {
    indices.contains(index) ? self[index] : nil
  }
}

extension Window {
  /// The window's drag controller, made on first use.
  public var dragController: DragController {
    service(DragController.self) { DragController(window: self) }
  }

  /// The platform that carries drags to and from other applications: GTK's in a real
  /// window, `FakePlatform` in tests, none for a window that keeps its drags to itself.
  /// Held weakly: the platform owns its windows.
  public var dragPlatform: (any DragPlatformPort)? {
    get { dragController.platform }
    set { dragController.platform = newValue }
  }
}

extension DragController: WindowService {
  /// Live drags find their targets again under content that moved.
  package func contentDidScroll(in view: View) {
    if drags.contains(where: { $0.phase != .ended }) { refreshDropTargets() }
  }
}

/// A drop interaction held weakly, in the controller's list of them.
@MainActor
struct WeakDropInteraction {
  weak var interaction: DropInteraction?
}
