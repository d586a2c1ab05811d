/// Makes a view a drag source. Its delegate says what to drag and how it looks.
///
/// A touch held still for ``liftDelay`` lifts the items; a pointer lifts them as soon as
/// it moves past the drag threshold (rule 2). The drag session begins when the lifted
/// items first move.
@MainActor
public final class DragInteraction: Interaction {
  /// True: a long press on the view lifts it (rule 2), before any context menu.
  public var claimsLongPress: Bool { true }

  /// Whether drag interactions start enabled on a device: true with a pointer or a large
  /// screen, false on the phone (rule 1).
  public static func isEnabledByDefault(on configuration: DeviceConfiguration) -> Bool {
    configuration != .phone
  }

  /// Held weakly (rule 1).
  public weak var delegate: (any DragInteractionDelegate)?
  public private(set) weak var view: View?
  /// A disabled interaction ignores input. Until it is set, it follows the device
  /// configuration of the view's window (``isEnabledByDefault(on:)``).
  public var isEnabled: Bool {
    get { explicitlyEnabled ?? Self.isEnabledByDefault(on: view?.environment.deviceConfiguration ?? .pointer) }
    set {
      explicitlyEnabled = newValue
      liftRecognizer.isEnabled = newValue
    }
  }
  private var explicitlyEnabled: Bool?
  /// Whether other gesture recognisers on the same touch keep going while the items lift.
  public var allowsSimultaneousRecognitionDuringLift = false
  /// How long a touch must stay still to lift; 0.5 s by default.
  public var liftDelay = 0.5 {
    didSet { liftRecognizer.liftDelay = liftDelay }
  }
  /// A name for delegate-call traces and announcements; the view's accessibility label
  /// when nil.
  public var name: String?

  let liftRecognizer: LiftGestureRecognizer

  /// An interaction whose drags `delegate` supplies; add it to a view with ``Views/View/addInteraction(_:)``.
  public init(delegate: any DragInteractionDelegate) {
    self.delegate = delegate
    liftRecognizer = LiftGestureRecognizer()
    liftRecognizer.interaction = self
    liftRecognizer.shouldRecognizeSimultaneously = { [weak self] _ in
      self?.allowsSimultaneousRecognitionDuringLift ?? false
    }
  }

  public func willMove(to view: View?) {}

  public func didMove(to view: View?) {
    self.view?.removeGestureRecognizer(liftRecognizer)
    self.view = view
    view?.addGestureRecognizer(liftRecognizer)
  }

  /// True while the interaction is enabled: its view takes the keyboard focus, so that
  /// Space can lift from it (rule 41).
  public var makesViewFocusable: Bool { isEnabled }

  /// Makes sure the window has its drag controller, which takes the keys of a keyboard drag.
  public func didEnter(_ window: Window) { _ = window.dragController }

  /// The name used in traces.
  var traceName: String {
    name ?? view?.accessibilityLabel ?? "DragInteraction(\(view.map { "\(type(of: $0))" } ?? "no view"))"
  }
}

/// Recognises the lift: a touch held within 10 points for the lift delay, or a pointer
/// press that moves past the drag threshold. Each touch lifts on its own, so two fingers on
/// one view can start two drags.
@MainActor
final class LiftGestureRecognizer: GestureRecognizer {
  weak var interaction: DragInteraction?
  var liftDelay = 0.5
  /// How far a touch may move before the delay passes and still lift.
  var tolerance = 10.0
  /// How far a pointer must move, button down, to start a drag.
  var pointerThreshold = 8.0
  /// Touches that may still lift, with where they went down and their timers.
  private var pending: [Int: (start: Touch, timer: ScheduledAction?)] = [:]
  /// Touches that lifted and now carry drags.
  private var lifted: Set<Int> = []

  override func touchesBegan(_ touches: [Touch]) {
    for touch in touches where pending[touch.id] == nil && !lifted.contains(touch.id) {
      let timer =
        touch.kind == .direct
        ? clock?.schedule(after: liftDelay) { [weak self] in self?.lift(touch.id) } : nil
      pending[touch.id] = (touch, timer)
    }
  }

  override func touchesMoved(_ touches: [Touch]) {
    for touch in touches {
      guard let start = pending[touch.id]?.start else { continue }
      let distance = touch.location.distance(to: start.location)
      switch start.kind {
      case .direct where distance > tolerance: drop(touch.id)
      case .pointer where distance > pointerThreshold: lift(touch.id)
      default: break
      }
    }
  }

  override func touchesEnded(_ touches: [Touch]) {
    for touch in touches { finish(touch.id) }
  }

  override func touchesCancelled(_ touches: [Touch]) {
    for touch in touches { finish(touch.id) }
  }

  /// A touch that can no longer lift.
  private func drop(_ id: Int) {
    pending.removeValue(forKey: id)?.timer?.cancel()
    if state == .possible && pending.isEmpty && lifted.isEmpty { state = .failed }
  }

  /// A touch that has gone: the recogniser ends once no touch is left.
  private func finish(_ id: Int) {
    pending.removeValue(forKey: id)?.timer?.cancel()
    lifted.remove(id)
    guard pending.isEmpty && lifted.isEmpty else { return }
    switch state {
    case .possible: state = .failed
    case .began, .changed: state = .ended
    default: break
    }
  }

  private func lift(_ id: Int) {
    guard let entry = pending.removeValue(forKey: id) else { return }
    entry.timer?.cancel()
    // Another recogniser took the touch (a scroll view's pan): it lifts nothing now.
    guard state != .failed && state != .cancelled else { return }
    guard let touch = touches[id], let interaction, let window = view?.window,
      window.dragController.lift(interaction, touch: touch, origin: entry.start.location)
    else {
      if state == .possible && pending.isEmpty && lifted.isEmpty { state = .failed }
      return
    }
    lifted.insert(id)
    if state == .possible { state = .began }
  }

  override func reset() {
    for entry in pending.values { entry.timer?.cancel() }
    pending = [:]
    lifted = []
  }
}
