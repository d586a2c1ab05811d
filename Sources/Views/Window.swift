/// The root of a view hierarchy: it owns the clock, receives input from the platform or a
/// test, and hands it to its window services (the drag controller, in DragDrop) and to
/// gesture recognisers.
@MainActor
open class Window: View {
  /// The clock every time-dependent behaviour in this window reads.
  public let clock: any MainActorClock

  /// The recognisers tracking each live touch, by touch id.
  private var recognizersByTouch: [Int: [GestureRecognizer]] = [:]
  /// The touch id a pressed pointer uses.
  package static let pointerTouchID = -1
  private var pointerDown = false

  /// The services working across the window, one per type, in the order they were made.
  private var services: [any WindowService] = []
  /// Told what the window's views do, for screen readers: drags announce each step.
  public var announcer: (any Announcer)?

  /// What the window's views share: text measurement and the device configuration.
  /// Changing it lays every view out again.
  public override var environment: WindowEnvironment {
    get { storedEnvironment }
    set {
      storedEnvironment = newValue
      setNeedsLayoutEverywhere()
    }
  }
  private var storedEnvironment = WindowEnvironment()

  /// A window of `frame` whose views read `clock` (the main queue's by default).
  public init(frame: Rect, clock: any MainActorClock = DispatchMainClock()) {
    self.clock = clock
    super.init(frame: frame)
  }

  // MARK: The root view controller

  /// The controller whose view fills the window. Setting it takes the old controller's
  /// view away (with its presented controllers) and puts the new one's in, each with its
  /// appearance calls; the window's ``title`` follows the controller's.
  public var rootViewController: ViewController? {
    didSet {
      guard rootViewController !== oldValue else { return }
      if let oldValue {
        oldValue.dismiss(animated: false)
        oldValue.disappear()
        oldValue.titleDidChange = nil
      }
      guard let controller = rootViewController else { return }
      controller.appear(in: self)
      if let title = controller.title { self.title = title }
      controller.titleDidChange = { [weak self] in self?.title = $0 }
    }
  }

  /// The window's title, as the platform shows it (a GTK window in its title bar); the
  /// root view controller's title sets it.
  public var title: String? {
    didSet { if title != oldValue { for observer in titleObservers { observer(title) } } }
  }

  /// Calls `observer` with each new ``title``.
  /// The views whose look changes with time alone (a spinning activity indicator, a bar
  /// that follows a `Progress`): while there are some, the platform draws every frame.
  package private(set) var continuouslyAnimating: Set<ObjectIdentifier> = []
  /// Whether a view in the window needs a frame drawn every frame.
  package var animatesContinuously: Bool { !continuouslyAnimating.isEmpty }
  /// Adds or removes `view` from those drawn every frame.
  package func setAnimatesContinuously(_ animating: Bool, _ view: View) {
    if animating {
      continuouslyAnimating.insert(ObjectIdentifier(view))
    } else {
      continuouslyAnimating.remove(ObjectIdentifier(view))
    }
  }

  package func observeTitle(_ observer: @escaping @MainActor (String?) -> Void) { titleObservers.append(observer) }
  private var titleObservers: [@MainActor (String?) -> Void] = []

  // MARK: Touches

  /// Delivers one touch event. A touch that begins is hit-tested, and the recognisers of
  /// the view it lands on and of every view above it track it until it ends. Events for
  /// touches that never began are ignored; a second `began` for a live id cancels the first.
  public func send(_ touch: Touch) {
    if touch.phase == .began, recognizersByTouch[touch.id] != nil {
      var cancel = touch
      cancel.phase = .cancelled
      send(cancel)
    }
    if services.contains(where: { $0.intercept(touch) }) {
      if touch.phase == .ended || touch.phase == .cancelled { finish(touchID: touch.id, with: touch) }
      return
    }
    switch touch.phase {
    case .began:
      // As UIKit's run loop does before it delivers an event: what changed is laid out.
      layoutIfNeeded()
      let target = hitTest(touch.location, with: Event(type: .touches, timestamp: touch.timestamp, touch: touch))
      focusOnPress(at: target)
      var recognizers: [GestureRecognizer] = []
      var view = target
      while let current = view {
        recognizers += current.gestureRecognizers.filter {
          $0.isEnabled && $0.allowedTouchKinds.contains(touch.kind)
            && $0.delegate?.gestureRecognizer($0, shouldReceive: touch) != false
        }
        view = current.superview
      }
      recognizersByTouch[touch.id] = recognizers
      // One that a timer failed or ended since its last touch starts afresh.
      for recognizer in recognizers where recognizer.touches.isEmpty { recognizer.resetIfDone() }
      let delayed = delayedHandlers(among: recognizers)
      if !delayed.handlers.isEmpty {
        delayedTouches[touch.id] = DelayedTouch(touch: touch, handlers: delayed.handlers, delayers: delayed.delayers)
      }
      for recognizer in recognizers where !delayed.handlers.contains(where: { $0 === recognizer }) {
        recognizer.deliver(touch)
      }
    case .moved, .stationary:
      delayedTouches[touch.id]?.touch = touch
      let held = delayedTouches[touch.id]?.handlers ?? []
      for recognizer in recognizersByTouch[touch.id] ?? [] where !held.contains(where: { $0 === recognizer }) {
        recognizer.deliver(touch)
      }
    case .ended, .cancelled:
      finish(touchID: touch.id, with: touch)
    }
    resetFinishedRecognizers()
  }

  private func finish(touchID: Int, with touch: Touch) {
    guard let recognizers = recognizersByTouch[touchID] else { return }
    // The recognisers that hold the views' touches back hear the end first: as they fail,
    // the views see the touch begin, then end with the others.
    var served: [GestureRecognizer] = []
    if let delayed = delayedTouches[touchID] {
      delayedTouches[touchID]?.touch.location = touch.location
      for delayer in delayed.delayers {
        delayer.deliver(touch)
        served.append(delayer)
      }
      // A touch that ends while held still begins for the views, as a tap's does.
      if touch.phase == .ended { flushDelayedTouch(touchID) }
      delayedTouches[touchID] = nil
    }
    // Delivered while the touch is still known, so that a recogniser that recognises as it
    // lifts finds those it must wait for.
    for recognizer in recognizers where !served.contains(where: { $0 === recognizer }) { recognizer.deliver(touch) }
    recognizersByTouch[touchID] = nil
    resetFinishedRecognizers(recognizers)
  }

  /// A touch whose beginning the views under a recogniser with ``GestureRecognizer/delaysTouchesBegan``
  /// have not seen yet.
  private struct DelayedTouch {
    var touch: Touch
    /// The recognisers standing for the views' own handling, waiting for the touch.
    var handlers: [GestureRecognizer]
    /// The recognisers holding it back.
    var delayers: [GestureRecognizer]
  }
  private var delayedTouches: [Int: DelayedTouch] = [:]

  /// The views' touch handlers among `recognizers` that a recogniser above them holds back,
  /// and the recognisers that do.
  private func delayedHandlers(
    among recognizers: [GestureRecognizer]
  ) -> (
    handlers: [GestureRecognizer], delayers: [GestureRecognizer]
  ) {
    let delayers = recognizers.filter { $0.delaysTouchesBegan && !$0.handlesTouchesForView }
    guard !delayers.isEmpty else { return ([], []) }
    let handlers = recognizers.filter { handler in
      guard handler.handlesTouchesForView, let view = handler.view else { return false }
      return delayers.contains { delayer in delayer.view.map { view.isDescendant(of: $0) } ?? false }
    }
    return (handlers, handlers.isEmpty ? [] : delayers)
  }

  /// Gives the held-back touch to the views once no recogniser holds it any longer.
  private func flushDelayedTouch(_ id: Int) {
    guard let delayed = delayedTouches[id] else { return }
    guard delayed.delayers.allSatisfy({ $0.state == .failed || $0.state == .possible && $0.touches[id] == nil })
    else { return }
    delayedTouches[id] = nil
    var began = delayed.touch
    began.phase = .began
    for handler in delayed.handlers { handler.deliver(began) }
  }

  /// The views' own touch handlers under `view` that track touch `id`: a control tracking
  /// it, a cell highlighted by it.
  package func viewHandlersTracking(touch id: Int, under view: View) -> [GestureRecognizer] {
    (recognizersByTouch[id] ?? []).filter {
      $0.handlesTouchesForView && $0.touches[id] != nil && ($0.view?.isDescendant(of: view) ?? false)
    }
  }

  private func resetFinishedRecognizers(_ extra: [GestureRecognizer] = []) {
    let live = recognizersByTouch.values.flatMap { $0 }
    for recognizer in live + extra { recognizer.resetIfDone() }
  }

  /// Stops every recogniser tracking a touch, as when a drag takes the touch over; later
  /// events of that touch reach no recogniser.
  package func cancelRecognizers(forTouch id: Int) {
    guard let recognizers = recognizersByTouch.removeValue(forKey: id) else { return }
    for recognizer in recognizers {
      guard var touch = recognizer.touches[id] else { continue }
      touch.phase = .cancelled
      recognizer.deliver(touch)
    }
    resetFinishedRecognizers(recognizers)
  }

  /// The touches currently down, by id, with the recognisers tracking them.
  package var liveTouchIDs: Set<Int> { Set(recognizersByTouch.keys) }

  /// When a recogniser begins (or ends, if discrete), the others that share a touch with it
  /// stop, unless either allows simultaneous recognition; those that waited for it to fail
  /// fail.
  func recognizerDidRecognize(_ recognizer: GestureRecognizer) {
    for waiting in waitingRecognizers where waiting.requiresFailure(of: recognizer) {
      waitingRecognizers.removeAll { $0 === waiting }
      waiting.finishWaiting(recognized: false)
    }
    // The views' touches it held back never begin.
    for (id, delayed) in delayedTouches where delayed.delayers.contains(where: { $0 === recognizer }) {
      delayedTouches[id] = nil
    }
    for other in recognizersSharingTouches(with: recognizer) {
      if other.handlesTouchesForView && !recognizer.cancelsTouchesInView { continue }
      let simultaneous =
        recognizer.recognizesSimultaneously(with: other) || other.recognizesSimultaneously(with: recognizer)
      if !simultaneous { other.abandon() }
    }
  }

  /// The recognisers that track a touch `recognizer` tracks, other than it.
  private func recognizersSharingTouches(with recognizer: GestureRecognizer) -> [GestureRecognizer] {
    var found: [GestureRecognizer] = []
    for list in recognizersByTouch.values where list.contains(where: { $0 === recognizer }) {
      for other in list where other !== recognizer && !found.contains(where: { $0 === other }) { found.append(other) }
    }
    return found
  }

  /// The recognisers that recognised and wait for others to fail.
  private var waitingRecognizers: [GestureRecognizer] = []

  /// Whether `recognizer` must wait before it recognises: a recogniser it requires to fail
  /// still tracks one of its touches, undecided. It is then kept until that one decides.
  func mustWait(_ recognizer: GestureRecognizer) -> Bool {
    let blocked = recognizersSharingTouches(with: recognizer).contains {
      $0.state == .possible && recognizer.requiresFailure(of: $0)
    }
    if blocked, !waitingRecognizers.contains(where: { $0 === recognizer }) { waitingRecognizers.append(recognizer) }
    return blocked
  }

  /// A recogniser failed: those that waited for it recognise, once nothing else holds them,
  /// and the views see the touches it held back.
  func recognizerDidFail(_ recognizer: GestureRecognizer) {
    for (id, delayed) in delayedTouches where delayed.delayers.contains(where: { $0 === recognizer }) {
      flushDelayedTouch(id)
    }
    waitingRecognizers.removeAll { $0 === recognizer }
    for waiting in waitingRecognizers where waiting.requiresFailure(of: recognizer) {
      let stillBlocked = recognizersSharingTouches(with: waiting).contains {
        $0 !== recognizer && $0.state == .possible && waiting.requiresFailure(of: $0)
      }
      guard !stillBlocked else { continue }
      waitingRecognizers.removeAll { $0 === waiting }
      waiting.finishWaiting(recognized: true)
    }
  }

  // MARK: Pointer

  /// Delivers a pointer event. A press of the primary button becomes a pointer touch that
  /// recognisers see like a finger, until the button is released.
  public func send(_ event: PointerEvent) {
    if case .down(let buttons) = event.phase, buttons.contains(.secondary), !buttons.contains(.primary),
      !pointerDown
    {
      requestContextMenu(at: event.location)
      return
    }
    if case .down(let buttons) = event.phase, buttons.contains(.middle), !buttons.contains(.primary), !pointerDown {
      middleClick(at: event.location)
      return
    }
    let touchPhase: Touch.Phase?
    switch event.phase {
    case .down(let buttons) where buttons.contains(.primary) && !pointerDown:
      pointerDown = true
      touchPhase = .began
    case .moved where pointerDown:
      touchPhase = .moved
    case .up(let buttons) where buttons.contains(.primary) && pointerDown:
      pointerDown = false
      touchPhase = .ended
    case .exited where pointerDown:
      touchPhase = nil
    default:
      touchPhase = nil
    }
    guard let touchPhase else { return }
    send(
      Touch(
        id: Self.pointerTouchID, kind: .pointer, phase: touchPhase, location: event.location,
        timestamp: event.timestamp, modifiers: event.modifiers))
  }

  /// A middle click pastes the primary selection into the nearest view under it that takes
  /// it (``View/pastePrimarySelection(at:)``).
  private func middleClick(at location: Point) {
    var view = hitTest(location)
    while let current = view {
      if current.pastePrimarySelection(at: current.convert(location, from: self)) { return }
      view = current.superview
    }
  }

  /// A secondary click asks the nearest view under it with a ``ContextMenuRequests``
  /// interaction for its menu.
  private func requestContextMenu(at location: Point) {
    var view = hitTest(location)
    while let current = view {
      if let requests = current.interactions.lazy.compactMap({ $0 as? ContextMenuRequests }).first {
        requests.request(current.convert(location, from: self))
        return
      }
      view = current.superview
    }
  }

  /// The platform took the pointer's press away (a drag it now carries ends with a
  /// release this window never sees): the next press begins a new pointer touch.
  package func pointerPressWasTaken() {
    pointerDown = false
  }

  // MARK: Scrolling

  /// Delivers a scroll to the view under its location, then to each superview in turn,
  /// until one scrolls (``View/scrollWheel(with:)`` returns true). A precise gesture keeps
  /// going to the view that took its first change, wherever the pointer goes.
  public func send(_ event: ScrollEvent) {
    if event.kind == .precise, let scrolling = preciseScrollTarget, scrolling.window === self {
      _ = scrolling.scrollWheel(with: event)
      if event.phase == .ended { preciseScrollTarget = nil }
      return
    }
    layoutIfNeeded()
    var view = hitTest(event.location, with: Event(type: .scroll, timestamp: event.timestamp))
    while let current = view {
      if current.scrollWheel(with: event) {
        if event.kind == .precise && event.phase == .changed { preciseScrollTarget = current }
        return
      }
      view = current.superview
    }
  }

  /// The view a precise scroll gesture under way goes to.
  private weak var preciseScrollTarget: View?

  // MARK: Keys and focus

  /// The view that receives key events.
  public private(set) var focusedView: View?

  /// Makes `view` the focused view; a view outside this window cannot take focus.
  @discardableResult
  public func focus(_ view: View?) -> Bool {
    guard view == nil || view?.window === self else { return false }
    let previous = focusedView
    focusedView = view
    if previous !== view {
      previous?.focusDidChange(false)
      view?.focusDidChange(true)
      focusMoved()
    }
    updateFocusRing()
    return true
  }

  private var focusObservers: [Int: @MainActor (View?) -> Void] = [:]
  private var nextFocusObserver = 0

  /// Calls `observer` with the focused view each time the focus moves; returns a token for
  /// ``removeFocusObserver(_:)``.
  package func addFocusObserver(_ observer: @escaping @MainActor (View?) -> Void) -> Int {
    nextFocusObserver += 1
    focusObservers[nextFocusObserver] = observer
    return nextFocusObserver
  }

  /// Stops calling the observer `token` names.
  package func removeFocusObserver(_ token: Int) {
    focusObservers[token] = nil
  }

  private func focusMoved() {
    for observer in focusObservers.values { observer(focusedView) }
  }

  /// Whether the window draws a ring around the focused view (or its
  /// ``View/keyboardFocusRect``) while the keyboard is in use. True by default.
  public var showsFocusRing = true {
    didSet { updateFocusRing() }
  }

  /// Whether the keyboard is in use, so that the focus ring shows: true when a key is
  /// pressed, false when the pointer or a finger presses, as desktop toolkits do. True
  /// at first; a platform window sets it false when it opens.
  public var isFocusVisible = true {
    didSet { if isFocusVisible != oldValue { updateFocusRing() } }
  }

  /// The views that take the keyboard focus (``View/canBecomeFocused``), in the order Tab
  /// visits them: front to back through the hierarchy, depth first. Hidden views, views
  /// that take no input, and the views inside them are left out.
  public var focusableViews: [View] {
    var result: [View] = []
    func visit(_ view: View) {
      guard !view.isHidden, view.isUserInteractionEnabled, view.alpha > 0.01 else { return }
      if view !== self && view.canBecomeFocused { result.append(view) }
      view.subviews.forEach(visit)
    }
    visit(modalView?.window === self ? modalView! : self)
    return result
  }

  /// Makes the platform's own surfaces for the popups shown over the window (the menus
  /// of DragDropUI's `Menu` and `contextMenu`). Nil, as in a headless window, draws them
  /// inside the window, over its views, as does a provider that returns nil.
  public var popupSurfaceProvider: (@MainActor () -> (any PopupSurface)?)?

  /// The window a popup's root belongs to; nil for a window of its own.
  public internal(set) weak var parentWindow: Window?
  /// The popups' roots made by ``makePopupRoot(size:)``.
  var popupRootReferences: [WeakWindow] = []

  /// A view that holds the focus while it shows (a presented menu, an alert): Tab moves
  /// only among the focusable views inside it.
  package weak var modalView: View?

  /// Moves the focus to the next focusable view (the previous one when `backward`),
  /// wrapping around; with nothing focused, to the first (or the last). Returns false
  /// when no view can take the focus.
  @discardableResult
  public func moveFocus(backward: Bool = false) -> Bool {
    let views = focusableViews
    guard !views.isEmpty else { return false }
    let next: Int
    if let focusedView, let index = views.firstIndex(where: { $0 === focusedView }) {
      next = (index + (backward ? views.count - 1 : 1)) % views.count
    } else {
      next = backward ? views.count - 1 : 0
    }
    return focus(views[next])
  }

  /// A press focuses the focusable view it lands in, or the nearest focusable view around
  /// it; a press elsewhere leaves the focus where it is.
  private func focusOnPress(at target: View?) {
    isFocusVisible = false
    var view = target
    while let current = view, current !== self {
      if current.canBecomeFocused {
        if focusedView !== current { focus(current) }
        return
      }
      view = current.superview
    }
  }

  /// The ring around the focused part, above every other view.
  private lazy var focusRing: FocusRingView = {
    let ring = FocusRingView()
    ring.isUserInteractionEnabled = false
    return ring
  }()

  /// The focus description last given to the announcer.
  private var describedFocus: String?
  /// While positive, focus changes are described to the announcer without being spoken.
  private var quietFocusChanges = 0

  /// Runs `body`, in which the focus moves as part of something already announced (a
  /// keyboard drop): the announcer learns the new focus without speaking it.
  package func movingFocusQuietly(_ body: () -> Void) {
    quietFocusChanges += 1
    defer { quietFocusChanges -= 1 }
    body()
  }

  /// Whether the focus was last said to be on something selected.
  private var describedSelection = false

  /// Tells the announcer what the focus is on, when that changed.
  private func describeFocus() {
    let isSelected = focusedView?.window === self && focusedView?.accessibilityFocusIsSelected == true
    if isSelected != describedSelection {
      describedSelection = isSelected
      announcer?.focusSelectionDidChange(isSelected)
    }
    guard let focusedView, focusedView.window === self else {
      describedFocus = nil
      return
    }
    // A view's own description says everything; a name is followed by the value and the
    // hint (worked out only for a view without a description of its own).
    let text =
      focusedView.accessibilityFocusDescription
      ?? (focusedView.keyboardFocusLabel ?? focusedView.accessibilityLabel).map { name in
        [name, focusedView.keyboardFocusValue, focusedView.accessibilityHint].compactMap { $0 }
          .filter { !$0.isEmpty }.joined(separator: ", ")
      }
    guard let text, text != describedFocus else { return }
    describedFocus = text
    announcer?.describeFocus(text, speak: quietFocusChanges == 0)
  }

  /// Places the focus ring around the focused view's focused part, or hides it, and tells
  /// the announcer what the focus is on.
  public func updateFocusRing() {
    describeFocus()
    guard showsFocusRing, isFocusVisible, let focusedView, focusedView !== self, focusedView.window === self else {
      if focusRing.superview != nil { focusRing.removeFromSuperview() }
      return
    }
    let rect = focusedView.convert(focusedView.keyboardFocusRect ?? focusedView.bounds, to: self)
    focusRing.frame = rect.inset(dx: -FocusRingView.outset, dy: -FocusRingView.outset)
    if focusRing.superview !== self {
      addSubview(focusRing)
    } else if subviews.last !== focusRing {
      bringSubviewToFront(focusRing)
    }
  }

  /// Delivers a key event to the window's services first (a keyboard drag takes the keys
  /// it uses), then to the focused view. Tab and Shift-Tab move the focus
  /// (``moveFocus(backward:)``); with nothing focused, a key that moves or acts focuses the
  /// first focusable view instead.
  public func send(_ event: KeyEvent) {
    if event.phase == .down { isFocusVisible = true }
    if services.contains(where: { $0.handleKey(event) }) { return }
    if event.key == .tab && !event.modifiers.contains(.control) {
      if event.phase == .down { moveFocus(backward: event.modifiers.contains(.shift)) }
      return
    }
    guard let focusedView else {
      if event.phase == .down, let action = EditAction(key: event.key, modifiers: event.modifiers) {
        // With nothing focused, the window and its root view controller may still act.
        sendEditAction(action)
        return
      }
      if event.phase == .down, case .character = event.key {
        return
      } else if event.phase == .down, event.key != .escape {
        moveFocus()
      }
      return
    }
    focusedView.keyEvent(event)
  }

  /// A key that no view took on its way up: Control-X, C, V and A become edit commands,
  /// sent along the responder chain from the focused view.
  open override func keyEvent(_ event: KeyEvent) {
    if event.phase == .down, let action = EditAction(key: event.key, modifiers: event.modifiers) {
      (focusedView ?? self).sendEditAction(action)
      return
    }
    super.keyEvent(event)
  }

  // MARK: Services

  /// The window's service of type `Service`, made by `make` on first use.
  package func service<Service: WindowService>(_ type: Service.Type, make: () -> Service) -> Service {
    if let existing = services.first(where: { $0 is Service }) as? Service { return existing }
    let service = make()
    services.append(service)
    return service
  }

  /// Tells the services that `view` scrolled its content, so that what is under a live
  /// touch may have changed.
  package func contentDidScroll(in view: View) {
    for service in services { service.contentDidScroll(in: view) }
  }

  // MARK: Hierarchy notifications

  func viewDidEnter(_ view: View) {
    for interaction in view.interactions { interaction.didEnter(self) }
  }

  func viewWillLeave(_ view: View) {
    if view === focusRing { return }
    if let focusedView, focusedView.isDescendant(of: view) {
      self.focusedView = nil
      focusedView.focusDidChange(false)
      focusMoved()
      updateFocusRing()
    }
  }

  func interactionsDidChange(in view: View) {
    for interaction in view.interactions { interaction.didEnter(self) }
  }

  open override var snapshotDescription: String {
    "Window frame=\(frame.formatted)"
  }
}

/// The ring a window draws around the focused part of its focused view.
@MainActor
final class FocusRingView: View {
  /// How far the ring stands out of the focused rectangle.
  static let outset = 2.0
  static let color = Color(red: 0.21, green: 0.52, blue: 0.89)

  override func draw(in context: any GraphicsContext) {
    let inset = bounds.inset(dx: 1, dy: 1)
    context.stroke(Path(roundedRect: inset, cornerRadius: 3), color: Self.color, lineWidth: 2)
  }

  override var snapshotDescription: String { "FocusRing frame=\(frame.formatted)" }
}

/// Something that works across a whole window, before the views' own gesture recognisers:
/// DragDrop's drag controller is one. A window keeps one service of each type.
@MainActor
package protocol WindowService: AnyObject {
  /// Returns true when the service takes `touch`, which then reaches no recogniser.
  func intercept(_ touch: Touch) -> Bool
  /// Returns true when the service takes `event`, which then reaches no view.
  func handleKey(_ event: KeyEvent) -> Bool
  /// `view` scrolled its content.
  func contentDidScroll(in view: View)
}
