/// The configuration the process runs in, which decides whether drag interactions start
/// enabled (rule 1).
public enum DeviceConfiguration: Sendable, Hashable {
  /// A phone: drag interactions start disabled.
  case phone
  /// A tablet or a desktop with a pointer: drag interactions start enabled.
  case largeScreen
  case pointer
}

/// Makes a view a drag source. Its delegate says what to drag and how it looks.
///
/// A touch held still for ``liftDelay`` lifts the items; a pointer lifts them as soon as
/// it moves past the drag threshold (rule 2). The drag session begins when the lifted
/// items first move.
@MainActor
public final class DragInteraction: Interaction {
  /// The configuration that decides ``isEnabledByDefault``.
  public static var configuration = DeviceConfiguration.pointer

  /// True on pointer and large-screen configurations, false on the phone (rule 1).
  public static var isEnabledByDefault: Bool { configuration != .phone }

  /// Held weakly (rule 1).
  public weak var delegate: (any DragInteractionDelegate)?
  public private(set) weak var view: View?
  /// A disabled interaction ignores input. Starts at ``isEnabledByDefault``.
  public var isEnabled = DragInteraction.isEnabledByDefault {
    didSet { liftRecognizer.isEnabled = isEnabled }
  }
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

  public init(delegate: any DragInteractionDelegate) {
    self.delegate = delegate
    liftRecognizer = LiftGestureRecognizer()
    liftRecognizer.interaction = self
    liftRecognizer.isEnabled = isEnabled
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

  /// The name used in traces.
  var traceName: String {
    name ?? view?.accessibilityLabel ?? "DragInteraction(\(view.map { "\(type(of: $0))" } ?? "no view"))"
  }
}

/// Recognises the lift: a touch held within 10 points for the lift delay, or a pointer
/// press that moves past the drag threshold.
@MainActor
final class LiftGestureRecognizer: GestureRecognizer {
  weak var interaction: DragInteraction?
  var liftDelay = 0.5
  /// How far a touch may move before the delay passes and still lift.
  var tolerance = 10.0
  /// How far a pointer must move, button down, to start a drag.
  var pointerThreshold = 8.0
  private var start: Touch?
  private var timer: ScheduledAction?

  override func touchesBegan(_ touches: [Touch]) {
    guard start == nil, let touch = touches.first else { return }
    start = touch
    if touch.kind == .direct {
      timer = clock?.schedule(after: liftDelay) { [weak self] in self?.lift() }
    }
  }

  override func touchesMoved(_ touches: [Touch]) {
    guard let start, let touch = touches.first(where: { $0.id == start.id }), state == .possible else { return }
    let distance = touch.location.distance(to: start.location)
    switch start.kind {
    case .direct where distance > tolerance: state = .failed
    case .pointer where distance > pointerThreshold: lift()
    default: break
    }
  }

  override func touchesEnded(_ touches: [Touch]) {
    switch state {
    case .possible: state = .failed
    case .began, .changed: state = .ended
    default: break
    }
  }

  private func lift() {
    guard state == .possible, let start, let touch = touches[start.id], let interaction,
      let window = view?.window
    else { return }
    if window.dragController.lift(interaction, touch: touch, origin: start.location) {
      state = .began
    } else {
      state = .failed
    }
  }

  override func reset() {
    timer?.cancel()
    timer = nil
    start = nil
  }
}
