import Foundation

/// Recognises a gesture from the touches that land on its view or the view's subviews.
///
/// States follow UIKit: a recogniser starts ``State-swift.enum/possible``; a continuous one
/// goes to `began`, `changed`* and `ended` (or `cancelled`), a discrete one straight to
/// `ended`; one that decides the touches are not its gesture goes to `failed`. When one
/// recogniser begins, the others tracking the same touches are cancelled (or fail, if they
/// had not begun), unless either allows simultaneous recognition.
@MainActor
open class GestureRecognizer {
  /// Where a recogniser is in telling its gesture apart, as UIKit's recogniser states.
  public enum State: String, Sendable {
    /// Watching the touches, not yet recognised: the state a recogniser starts and resets to.
    case possible
    /// A continuous gesture (a long press, a pan) was recognised; its action runs.
    case began
    /// A continuous gesture moved on; its action runs.
    case changed
    /// The gesture is over, or a discrete one (a tap) was recognised; its action runs.
    case ended
    /// A gesture under way was interrupted (its touch was cancelled, or another took it).
    case cancelled
    /// The touches were not this gesture: it will not begin for them.
    case failed
    /// Whether the recogniser is done with the current touches.
    public var isFinished: Bool { self == .ended || self == .cancelled || self == .failed }
  }

  /// Setting the state runs the actions on `began`, `changed` (each time it is set, so
  /// every movement is reported), `ended` and `cancelled`.
  /// Transitions that make no sense (from `failed` to `began`, say) are ignored.
  open var state: State = .possible {
    didSet {
      // Setting the state here does not call this observer again.
      guard state != oldValue else {
        // A continuous gesture reports every change, as UIKit's do.
        if state == .changed && waitingState == nil { runActions() }
        return
      }
      guard Self.allows(from: oldValue, to: state) else {
        state = oldValue
        return
      }
      if oldValue == .possible, waitingState != nil {
        // Waiting for others to fail: what it reaches meanwhile is kept for later.
        switch state {
        case .began, .ended:
          waitingState = state
          state = .possible
          return
        case .changed:
          state = .possible
          return
        default:
          waitingState = nil
        }
      }
      if oldValue == .possible && (state == .began || state == .ended) {
        if let delegate, !delegate.gestureRecognizerShouldBegin(self) {
          state = .failed
          view?.window?.recognizerDidFail(self)
          failureObserver?(self)
          return
        }
        if let window = view?.window, window.mustWait(self) {
          waitingState = state
          state = .possible
          return
        }
        view?.window?.recognizerDidRecognize(self)
      }
      if state == .failed {
        view?.window?.recognizerDidFail(self)
        failureObserver?(self)
      }
      if state != .failed && state != .possible {
        runActions()
      }
    }
  }

  /// Decides with the recogniser whether it may begin, which touches it sees, and how it
  /// shares them with others, as UIKit's gesture recogniser delegate does. Held weakly.
  public weak var delegate: (any GestureRecognizerDelegate)?

  /// What the recogniser recognised while others it requires to fail had not yet failed.
  package private(set) var waitingState: State?

  /// Whether the views under the recogniser's view stop tracking a touch (a control's
  /// highlight, a cell's) once the recogniser recognises it. True by default, as in UIKit.
  public var cancelsTouchesInView = true
  /// Whether the views under the recogniser's view see a touch begin only once the
  /// recogniser has failed (or the touch ends), as UIKit's `delaysTouchesBegan`: a scroll
  /// view's content highlights only once the finger has shown it does not scroll. False by
  /// default.
  public var delaysTouchesBegan = false
  /// Whether the recogniser stands for its view's own handling of touches (a control's
  /// tracking, a cell's highlight), which ``cancelsTouchesInView`` and
  /// ``delaysTouchesBegan`` of the recognisers above act on.
  package var handlesTouchesForView = false

  /// Told when the recogniser fails, which runs no action: a declarative gesture's state
  /// goes back to its first value then.
  package var failureObserver: ((GestureRecognizer) -> Void)?

  /// The recognisers that must fail before this one recognises.
  private var failureRequirements: [WeakRecognizer] = []

  /// Makes this recogniser wait, once it recognises, until `other` fails; if `other`
  /// recognises instead, this one fails. A single tap that requires a double tap to fail
  /// runs only once no second tap came.
  public func require(toFail other: GestureRecognizer) {
    guard other !== self, !failureRequirements.contains(where: { $0.recognizer === other }) else { return }
    failureRequirements.removeAll { $0.recognizer == nil }
    failureRequirements.append(WeakRecognizer(recognizer: other))
  }

  /// Whether this recogniser must wait for `other` to fail: it was told to, or either
  /// delegate says so.
  func requiresFailure(of other: GestureRecognizer) -> Bool {
    failureRequirements.contains { $0.recognizer === other }
      || delegate?.gestureRecognizer(self, shouldRequireFailureOf: other) == true
      || other.delegate?.gestureRecognizer(other, shouldBeRequiredToFailBy: self) == true
  }

  /// Whether this recogniser and `other` may both recognise the same touches: either's
  /// ``shouldRecognizeSimultaneously`` or delegate allows it.
  func recognizesSimultaneously(with other: GestureRecognizer) -> Bool {
    shouldRecognizeSimultaneously?(other) == true
      || delegate?.gestureRecognizer(self, shouldRecognizeSimultaneouslyWith: other) == true
  }

  /// Ends the wait: recognises what it reached, or fails when `recognized` is false.
  func finishWaiting(recognized: Bool) {
    guard let reached = waitingState else { return }
    waitingState = nil
    state = recognized ? reached : .failed
    if touches.isEmpty { resetIfDone() }
  }

  /// Whether the recogniser takes touches; turning it off cancels a gesture under way.
  public var isEnabled = true {
    didSet {
      if !isEnabled, !state.isFinished, state != .possible { state = .cancelled }
    }
  }
  /// The view the recogniser is attached to.
  public internal(set) weak var view: View?
  /// For a recogniser that another drives (a part of a sequence of gestures), attached to
  /// no view: the view whose window's clock and coordinates it uses. It takes no part in
  /// the window's arbitration among recognisers.
  package weak var hostView: View?
  /// The kinds of touch the recogniser takes; others pass it by.
  public var allowedTouchKinds: Set<Touch.Kind> = [.direct, .pointer]
  /// Asked when this recogniser or `other` begins while both track the same touches.
  public var shouldRecognizeSimultaneously: ((GestureRecognizer) -> Bool)?

  /// An action, and the target it was added with (held weakly), if any.
  private struct Action {
    weak var target: AnyObject?
    let hasTarget: Bool
    let run: (GestureRecognizer) -> Void
  }
  private var actions: [Action] = []
  /// The touches the recogniser is tracking, by id.
  public internal(set) var touches: [Int: Touch] = [:]

  /// A recogniser that calls `action`, if given, at each change of state past ``State-swift.enum/possible``.
  public init(action: ((GestureRecognizer) -> Void)? = nil) {
    if let action { addAction(action) }
  }

  /// A recogniser that calls a method of `target` at each change of state past
  /// ``State-swift.enum/possible``: UIKit's `init(target:action:)`, with the method named
  /// as Swift names it, `PhotoCell.longPressed` for `#selector(longPressed)`. The target is
  /// held weakly, as in UIKit.
  public convenience init<Target: AnyObject, Recognizer: GestureRecognizer>(
    target: Target, action: @escaping (Target) -> (Recognizer) -> Void
  ) {
    self.init()
    addTarget(target, action: action)
  }

  /// A recogniser that calls a method of `target` that takes no argument; see
  /// ``init(target:action:)-(Target,(Target)->(Recognizer)->Void)``.
  public convenience init<Target: AnyObject>(target: Target, action: @escaping (Target) -> () -> Void) {
    self.init()
    addTarget(target, action: action)
  }

  /// Adds an action, called with the recogniser at each change of state past ``State-swift.enum/possible``, after
  /// those added before.
  public func addAction(_ action: @escaping (GestureRecognizer) -> Void) {
    actions.append(Action(target: nil, hasTarget: false, run: action))
  }

  /// Adds a method of `target` as an action, as UIKit's `addTarget(_:action:)`: it is
  /// called with the recogniser, which must be of the type the method takes (a misuse,
  /// reported through ``APIMisuse``, otherwise). The target is held weakly; the action ends
  /// with it.
  public func addTarget<Target: AnyObject, Recognizer: GestureRecognizer>(
    _ target: Target, action: @escaping (Target) -> (Recognizer) -> Void
  ) {
    guard self is Recognizer else {
      APIMisuse.report(
        GestureRecognizerError.actionTakesAnotherRecognizer(
          action: "\(Recognizer.self)", recognizer: "\(type(of: self))"))
      return
    }
    actions.append(
      Action(target: target, hasTarget: true) { [weak target] recognizer in
        guard let target, let recognizer = recognizer as? Recognizer else { return }
        action(target)(recognizer)
      })
  }

  /// Adds a method of `target` that takes no argument as an action.
  public func addTarget<Target: AnyObject>(_ target: Target, action: @escaping (Target) -> () -> Void) {
    actions.append(
      Action(target: target, hasTarget: true) { [weak target] _ in
        guard let target else { return }
        action(target)()
      })
  }

  /// Removes the actions added with `target`, or every target's when nil, as UIKit's
  /// `removeTarget(_:action:)` with a nil action. Actions added without a target stay.
  public func removeTarget(_ target: AnyObject?) {
    actions.removeAll { action in
      action.hasTarget && (target == nil || action.target == nil || action.target === target)
    }
  }

  private func runActions() {
    for action in actions where !action.hasTarget || action.target != nil { action.run(self) }
  }

  /// The clock of the view's window.
  public var clock: (any MainActorClock)? { (view ?? hostView)?.window?.clock }

  /// The centroid of the tracked touches, in `view`'s coordinates (the window's when nil).
  public func location(in view: View?) -> Point {
    let points = touches.values.map(\.location)
    guard !points.isEmpty else { return lastLocation.map { convert($0, to: view) } ?? .zero }
    let centroid = Point(
      x: points.reduce(0) { $0 + $1.x } / CGFloat(points.count),
      y: points.reduce(0) { $0 + $1.y } / CGFloat(points.count))
    return convert(centroid, to: view)
  }

  private var lastLocation: Point?

  private func convert(_ point: Point, to target: View?) -> Point {
    guard let target, let window = (self.view ?? hostView)?.window else { return point }
    return target.convert(point, from: window)
  }

  // MARK: Subclass hooks

  /// Touches went down on the view or its subviews. Subclasses watch them and set ``state``; the default does
  /// nothing.
  open func touchesBegan(_ touches: [Touch]) {}
  /// Tracked touches moved. The default does nothing.
  open func touchesMoved(_ touches: [Touch]) {}
  /// Tracked touches lifted. The default does nothing.
  open func touchesEnded(_ touches: [Touch]) {}
  /// Tracked touches were taken away. The default cancels a gesture under way and fails one not yet recognised.
  open func touchesCancelled(_ touches: [Touch]) {
    if state == .began || state == .changed { state = .cancelled } else if state == .possible { state = .failed }
  }
  /// Called when the recogniser returns to `possible` after its touches have ended.
  open func reset() {}

  /// Ends a continuous gesture when its touch lifts: `ended` if it had begun, `failed` if
  /// it had not.
  public func endContinuousGesture() {
    switch state {
    case .began, .changed: state = .ended
    case .possible: state = .failed
    default: break
    }
  }

  // MARK: Delivery, driven by the window

  package func deliver(_ touch: Touch) {
    guard isEnabled, allowedTouchKinds.contains(touch.kind) else { return }
    switch touch.phase {
    case .began:
      touches[touch.id] = touch
      lastLocation = touch.location
      if !state.isFinished { touchesBegan([touch]) }
    case .moved, .stationary:
      guard touches[touch.id] != nil else { return }
      touches[touch.id] = touch
      lastLocation = touch.location
      if !state.isFinished { touchesMoved([touch]) }
    case .ended:
      guard touches[touch.id] != nil else { return }
      lastLocation = touch.location
      if !state.isFinished { touchesEnded([touch]) }
      touches[touch.id] = nil
    case .cancelled:
      guard touches[touch.id] != nil else { return }
      if !state.isFinished { touchesCancelled([touch]) }
      touches[touch.id] = nil
    }
  }

  /// Returns to `possible` once the gesture is over and no touches remain; one that waits
  /// for others to fail keeps waiting.
  package func resetIfDone() {
    guard touches.isEmpty, waitingState == nil, state.isFinished || state == .possible else { return }
    if state != .possible {
      state = .possible
    }
    reset()
  }

  /// Forgets its touches and returns to `possible` at once: for a recogniser that another
  /// drives, when that one is done.
  package func resetForReuse() {
    touches = [:]
    waitingState = nil
    if state != .possible { state = .possible }
    reset()
  }

  /// Stops tracking: cancelled if it had begun, failed if it had not.
  func abandon() {
    switch state {
    case .began, .changed: state = .cancelled
    case .possible: state = .failed
    default: break
    }
  }

  private static func allows(from old: State, to new: State) -> Bool {
    switch (old, new) {
    case (.possible, _): true
    case (.began, .changed), (.began, .ended), (.began, .cancelled): true
    case (.changed, .changed), (.changed, .ended), (.changed, .cancelled): true
    case (_, .possible): true
    default: false
    }
  }
}

/// Recognises one or more taps: touches that go down and up within `allowableMovement`.
@MainActor
public final class TapGestureRecognizer: GestureRecognizer {
  /// How many taps in a row make the gesture: 1, the default, or more for a double tap.
  public var numberOfTapsRequired = 1
  /// How far a touch may move and still be a tap.
  public var allowableMovement = 10.0
  /// How long the next tap of a multiple tap may take to start.
  public var maximumTapInterval = 0.35
  private var start: Point?
  private var taps = 0
  private var timeout: ScheduledAction?

  /// A tap that failed (moved, timed out, or lost its touch to another gesture) counts no
  /// tap towards the next.
  public override var state: State {
    didSet {
      if state == .failed || state == .cancelled {
        taps = 0
        timeout?.cancel()
        timeout = nil
      }
    }
  }

  public override func touchesBegan(_ touches: [Touch]) {
    timeout?.cancel()
    start = touches.first?.location
  }

  public override func touchesMoved(_ touches: [Touch]) {
    if let start, let point = touches.first?.location, point.distance(to: start) > allowableMovement {
      state = .failed
    }
  }

  public override func touchesEnded(_ touches: [Touch]) {
    taps += 1
    if taps >= numberOfTapsRequired {
      state = .ended
    } else {
      timeout = clock?.schedule(after: maximumTapInterval) { [weak self] in
        guard let self, self.state == .possible else { return }
        self.state = .failed
      }
    }
  }

  public override func reset() {
    if state == .possible && taps > 0 && taps < numberOfTapsRequired { return }
    taps = 0
    start = nil
    timeout?.cancel()
  }
}

/// Recognises a touch held still for `minimumPressDuration`: `began` then, `changed` as it
/// moves, `ended` when it lifts. Moving past `allowableMovement` before then fails it.
@MainActor
public final class LongPressGestureRecognizer: GestureRecognizer {
  /// How long, in seconds, the finger must stay down before the gesture begins.
  public var minimumPressDuration = 0.5
  /// How far, in points, the finger may move before it begins without failing the gesture.
  public var allowableMovement = 10.0
  private var start: Point?
  private var timer: ScheduledAction?

  public override func touchesBegan(_ touches: [Touch]) {
    guard start == nil, let first = touches.first else { return }
    start = first.location
    timer = clock?.schedule(after: minimumPressDuration) { [weak self] in
      guard let self, self.state == .possible, !self.touches.isEmpty else { return }
      self.state = .began
    }
  }

  public override func touchesMoved(_ touches: [Touch]) {
    guard let start, let point = touches.first?.location else { return }
    switch state {
    case .possible where point.distance(to: start) > allowableMovement: state = .failed
    case .began, .changed: state = .changed
    default: break
    }
  }

  public override func touchesEnded(_ touches: [Touch]) {
    endContinuousGesture()
  }

  public override func reset() {
    timer?.cancel()
    timer = nil
    start = nil
  }
}

/// Recognises a drag: `began` once a touch has moved `minimumDistance`, then `changed`,
/// then `ended`. ``translation(in:)`` is measured from where the touch went down.
@MainActor
open class PanGestureRecognizer: GestureRecognizer {
  /// How far, in points, the finger must move before the pan begins.
  public var minimumDistance = 10.0
  private var start: Point?

  open override func touchesBegan(_ touches: [Touch]) {
    if start == nil { start = touches.first?.location }
  }

  open override func touchesMoved(_ touches: [Touch]) {
    guard let start, let point = touches.first?.location else { return }
    switch state {
    case .possible where point.distance(to: start) >= minimumDistance: state = .began
    case .began, .changed: state = .changed
    default: break
    }
  }

  open override func touchesEnded(_ touches: [Touch]) {
    endContinuousGesture()
  }

  /// How far the touch has moved since it went down, in `view`'s coordinates.
  public func translation(in view: View?) -> Point {
    guard let start, let window = self.view?.window else { return .zero }
    let current = location(in: nil)
    guard let view else { return current - start }
    return view.convert(current, from: window) - view.convert(start, from: window)
  }

  open override func reset() {
    start = nil
  }
}

/// A recogniser held weakly.
struct WeakRecognizer {
  weak var recognizer: GestureRecognizer?
}

/// Decides with a ``GestureRecognizer`` whether it may begin, which touches it sees, and how
/// it shares them with others, as UIKit's `UIGestureRecognizerDelegate`. Every method has a
/// default: begin, see every touch, recognise alone, wait for nothing.
@MainActor
public protocol GestureRecognizerDelegate: AnyObject {
  /// Asked when the recogniser would begin (or, for a discrete one, end): false makes it
  /// fail instead.
  func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool
  /// Whether the recogniser and `other` may both recognise the same touches.
  func gestureRecognizer(
    _ gestureRecognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer
  ) -> Bool
  /// Whether the recogniser waits for `other` to fail before it recognises.
  func gestureRecognizer(
    _ gestureRecognizer: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer
  )
    -> Bool
  /// Whether `other` waits for the recogniser to fail before it recognises.
  func gestureRecognizer(
    _ gestureRecognizer: GestureRecognizer, shouldBeRequiredToFailBy other: GestureRecognizer
  ) -> Bool
  /// Whether the recogniser sees `touch`, which just went down.
  func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool
}

extension GestureRecognizerDelegate {
  public func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool { true }
  public func gestureRecognizer(
    _ gestureRecognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer
  ) -> Bool { false }
  public func gestureRecognizer(
    _ gestureRecognizer: GestureRecognizer, shouldRequireFailureOf other: GestureRecognizer
  )
    -> Bool
  { false }
  public func gestureRecognizer(
    _ gestureRecognizer: GestureRecognizer, shouldBeRequiredToFailBy other: GestureRecognizer
  ) -> Bool { false }
  public func gestureRecognizer(_ gestureRecognizer: GestureRecognizer, shouldReceive touch: Touch) -> Bool { true }
}

extension View {
  /// Attaches a gesture recogniser. It sees touches that land on this view or its
  /// subviews.
  public func addGestureRecognizer(_ recognizer: GestureRecognizer) {
    if let old = recognizer.view, old !== self { old.removeGestureRecognizer(recognizer) }
    guard !gestureRecognizers.contains(where: { $0 === recognizer }) else { return }
    gestureRecognizers.append(recognizer)
    recognizer.view = self
  }

  /// Detaches a recogniser; it stops tracking touches.
  public func removeGestureRecognizer(_ recognizer: GestureRecognizer) {
    guard gestureRecognizers.contains(where: { $0 === recognizer }) else { return }
    recognizer.abandon()
    gestureRecognizers.removeAll { $0 === recognizer }
    recognizer.view = nil
    recognizer.touches = [:]
    recognizer.resetIfDone()
  }
}

/// A gesture recogniser used in a way that cannot work.
public enum GestureRecognizerError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A target's action takes a recogniser of another type than the one it was added to.
  case actionTakesAnotherRecognizer(action: String, recognizer: String)

  /// What went wrong, in a sentence.
  public var description: String {
    switch self {
    case .actionTakesAnotherRecognizer(let action, let recognizer):
      "the action takes a \(action), but it was added to a \(recognizer): it is never called"
    }
  }
}
