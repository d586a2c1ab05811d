import Foundation

/// An action with a title and a handler, as UIKit's `UIAction`: what a button runs
/// (``Button/init(primaryAction:)``, ``Control/addAction(_:for:)``) and what an alert's
/// buttons are made from.
@MainActor
public final class Action {
  /// Names an action, so that one added again replaces the first.
  public struct Identifier: RawRepresentable, Hashable, Sendable {
    /// The name.
    public let rawValue: String
    /// An identifier named `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// An identifier named `rawValue`.
    public init(_ rawValue: String) { self.rawValue = rawValue }
  }

  /// The title a button or menu shows for the action.
  public var title: String
  /// The image a button or menu shows beside the title.
  public var image: Image?
  /// The action's name; a unique one when none is given.
  public let identifier: Identifier
  /// The control that ran the action last, while its handler runs.
  public private(set) weak var sender: AnyObject?
  private let handler: @MainActor (Action) -> Void

  /// An action that runs `handler` with itself.
  public init(
    title: String = "", image: Image? = nil, identifier: Identifier? = nil,
    handler: @escaping @MainActor (Action) -> Void
  ) {
    self.title = title
    self.image = image
    self.identifier = identifier ?? Identifier(UUID().uuidString)
    self.handler = handler
  }

  /// Runs the handler, with `sender` as the action's ``sender``.
  public func perform(sender: AnyObject?) {
    self.sender = sender
    handler(self)
    self.sender = nil
  }
}

/// A view that turns touches into actions, as UIKit's `UIControl`: targets and actions for
/// events (a touch up inside, a value changed), and the highlighted, selected and enabled
/// states.
///
/// A touch inside highlights the control; lifted inside, it sends
/// ``Event/touchUpInside`` and ``Event/primaryActionTriggered``. A touch that moves more
/// than 70 points outside unhighlights it, and lifted there sends ``Event/touchUpOutside``.
/// A scroll or a drag that takes the touch sends ``Event/touchCancel``.
///
/// Actions are Swift methods or closures: UIKit code's `addTarget(self, action:
/// #selector(tapped), for: .touchUpInside)` is `addTarget(self, action: Controller.tapped,
/// for: .touchUpInside)` here, there being no Objective-C runtime.
@MainActor
open class Control: View {
  /// The events a control sends actions for.
  public struct Event: OptionSet, Hashable, Sendable {
    /// The bits of the events.
    public let rawValue: UInt
    /// The events of `rawValue`'s bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// A touch went down inside.
    public static let touchDown = Event(rawValue: 1 << 0)
    /// The touch moved inside.
    public static let touchDragInside = Event(rawValue: 1 << 2)
    /// The touch moved outside.
    public static let touchDragOutside = Event(rawValue: 1 << 3)
    /// The touch lifted inside: a tap.
    public static let touchUpInside = Event(rawValue: 1 << 6)
    /// The touch lifted outside.
    public static let touchUpOutside = Event(rawValue: 1 << 7)
    /// The touch was taken away (a scroll began, say).
    public static let touchCancel = Event(rawValue: 1 << 8)
    /// The control's value changed.
    public static let valueChanged = Event(rawValue: 1 << 12)
    /// The control's main action happened: for a button, a tap.
    public static let primaryActionTriggered = Event(rawValue: 1 << 13)
    /// Every event.
    public static let allEvents = Event(rawValue: 0xFFFF_FFFF)
  }

  /// The states a control shows, for state-dependent titles and colours.
  public struct State: OptionSet, Hashable, Sendable {
    /// The bits of the state.
    public let rawValue: UInt
    /// The state of `rawValue`'s bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// Enabled, not highlighted, not selected.
    public static let normal = State([])
    /// Touched.
    public static let highlighted = State(rawValue: 1 << 0)
    /// Not enabled.
    public static let disabled = State(rawValue: 1 << 1)
    /// Selected.
    public static let selected = State(rawValue: 1 << 2)
  }

  /// Whether the control takes touches; a disabled control draws dimmed.
  open var isEnabled = true {
    didSet {
      if !isEnabled { isHighlighted = false }
      stateDidChange()
    }
  }
  /// Whether a touch is down on the control.
  open var isHighlighted = false { didSet { if isHighlighted != oldValue { stateDidChange() } } }
  /// Whether the control is selected.
  open var isSelected = false { didSet { if isSelected != oldValue { stateDidChange() } } }

  /// The control's state now.
  public var state: State {
    var state = State.normal
    if isHighlighted { state.insert(.highlighted) }
    if !isEnabled { state.insert(.disabled) }
    if isSelected { state.insert(.selected) }
    return state
  }

  private struct Registration {
    weak var target: AnyObject?
    let hasTarget: Bool
    let identifier: Action.Identifier?
    let events: Event
    let run: @MainActor (Control) -> Void
  }
  private var targets: [Registration] = []

  /// A control of `frame`.
  public override init(frame: Rect = .zero) {
    super.init(frame: frame)
    addGestureRecognizer(ControlTracker(control: self))
  }

  /// Called when the highlighted, selected or enabled state changes; redraws by default.
  open func stateDidChange() {
    setNeedsLayout()
  }

  // MARK: Actions

  /// Calls a method of `target` with the control for `events`, as UIKit's
  /// `addTarget(_:action:for:)`. The target is held weakly. A method that takes another
  /// type of control than this one is a misuse, reported through ``APIMisuse``.
  public func addTarget<Target: AnyObject, Sender>(
    _ target: Target, action: @escaping (Target) -> (Sender) -> Void, for events: Event
  ) {
    guard self is Sender else {
      APIMisuse.report(
        ControlError.actionTakesAnotherSender(action: "\(Sender.self)", control: "\(type(of: self))"))
      return
    }
    targets.append(
      Registration(target: target, hasTarget: true, identifier: nil, events: events) { [weak target] control in
        guard let target, let sender = control as? Sender else { return }
        action(target)(sender)
      })
  }

  /// Calls a method of `target` that takes no argument for `events`.
  public func addTarget<Target: AnyObject>(
    _ target: Target, action: @escaping (Target) -> () -> Void, for events: Event
  ) {
    targets.append(
      Registration(target: target, hasTarget: true, identifier: nil, events: events) { [weak target] _ in
        guard let target else { return }
        action(target)()
      })
  }

  /// Removes `target`'s actions for `events` (every target's, when nil), as UIKit's
  /// `removeTarget(_:action:for:)` with a nil action.
  public func removeTarget(_ target: AnyObject?, for events: Event) {
    targets.removeAll { entry in
      entry.hasTarget && !entry.events.isDisjoint(with: events)
        && (target == nil || entry.target == nil || entry.target === target)
    }
  }

  /// Runs `action` for `events`; an action of the same identifier added before is replaced.
  public func addAction(_ action: Action, for events: Event) {
    removeAction(identifiedBy: action.identifier, for: events)
    targets.append(
      Registration(target: nil, hasTarget: false, identifier: action.identifier, events: events) { control in
        action.perform(sender: control)
      })
  }

  /// Stops running `action` for `events`.
  public func removeAction(_ action: Action, for events: Event) {
    removeAction(identifiedBy: action.identifier, for: events)
  }

  /// Stops running the action named `identifier` for `events`.
  public func removeAction(identifiedBy identifier: Action.Identifier, for events: Event) {
    targets.removeAll { $0.identifier == identifier && !$0.events.isDisjoint(with: events) }
  }

  /// Runs the actions for any of `events` now, in the order they were added.
  public func sendActions(for events: Event) {
    for entry in targets where !entry.events.isDisjoint(with: events) && (!entry.hasTarget || entry.target != nil) {
      entry.run(self)
    }
  }

  // MARK: Tracking

  /// How far outside its bounds a touch may go and still count as inside, as in UIKit.
  static let trackingSlop = 70.0

  fileprivate func track(_ phase: Touch.Phase, at point: Point) {
    guard isEnabled else { return }
    let inside = bounds.insetBy(dx: -Self.trackingSlop, dy: -Self.trackingSlop).contains(point)
    switch phase {
    case .began:
      isHighlighted = true
      sendActions(for: .touchDown)
    case .moved, .stationary:
      isHighlighted = inside
      sendActions(for: inside ? .touchDragInside : .touchDragOutside)
    case .ended:
      isHighlighted = false
      if inside {
        sendActions(for: [.touchUpInside])
        sendActions(for: [.primaryActionTriggered])
      } else {
        sendActions(for: .touchUpOutside)
      }
    case .cancelled:
      isHighlighted = false
      sendActions(for: .touchCancel)
    }
  }
}

/// Follows a control's touch without recognising a gesture of its own, so that a scroll
/// or a drag that begins takes the touch from it, as UIKit's controls yield to scroll
/// views.
@MainActor
private final class ControlTracker: GestureRecognizer {
  weak var control: Control?
  private var tracking = false

  init(control: Control) {
    self.control = control
    super.init()
    handlesTouchesForView = true
  }

  override var state: State {
    didSet {
      if state == .failed || state == .cancelled, tracking {
        tracking = false
        control?.track(.cancelled, at: .zero)
      }
    }
  }

  override func touchesBegan(_ touches: [Touch]) {
    guard !tracking, let control, let touch = touches.first else { return }
    tracking = true
    control.track(.began, at: control.convert(touch.location, from: nil))
  }

  override func touchesMoved(_ touches: [Touch]) {
    guard tracking, let control, let touch = touches.first else { return }
    control.track(.moved, at: control.convert(touch.location, from: nil))
  }

  override func touchesEnded(_ touches: [Touch]) {
    guard tracking, let control, let touch = touches.first else { return }
    tracking = false
    control.track(.ended, at: control.convert(touch.location, from: nil))
    state = .failed
  }

  override func touchesCancelled(_ touches: [Touch]) {
    super.touchesCancelled(touches)
    if tracking {
      tracking = false
      control?.track(.cancelled, at: .zero)
    }
  }
}

/// A control used in a way that cannot work.
public enum ControlError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A target's action takes another type of sender than the control it was added to.
  case actionTakesAnotherSender(action: String, control: String)

  /// What went wrong, in a sentence.
  public var description: String {
    switch self {
    case .actionTakesAnotherSender(let action, let control):
      "the action takes a \(action), but it was added to a \(control): it is never called"
    }
  }
}
