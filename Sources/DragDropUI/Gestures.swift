import Foundation
import Views

// MARK: - Transactions

/// The context of a state change, as SwiftUI's `Transaction`: the animation it is made
/// with. A gesture's ``GestureStateGesture`` body may set one for the change it makes.
public struct Transaction: Sendable {
  /// The animation of the change; nil makes it at once.
  public var animation: Animation?
  /// Whether the change ignores the animations views ask for with `animation(_:value:)`.
  public var disablesAnimations = false

  /// A transaction with no animation.
  public init() {}

  /// A transaction with `animation`.
  public init(animation: Animation?) {
    self.animation = animation
  }
}

/// Makes the state changes of `body` in `transaction`: with its animation, unless it
/// disables animations.
@MainActor
public func withTransaction<Result>(_ transaction: Transaction, _ body: () throws -> Result) rethrows -> Result {
  try withAnimation(transaction.disablesAnimations ? nil : transaction.animation, body)
}

// MARK: - Gestures

/// A gesture a view recognises, as SwiftUI's `Gesture`: ``TapGesture``,
/// ``LongPressGesture``, ``DragGesture``, or a gesture of your own whose `body` is one of
/// them. Attach one with ``View/gesture(_:including:)``, and act on it with
/// ``Gesture/onChanged(_:)``, ``Gesture/onEnded(_:)`` and
/// ``Gesture/updating(_:body:)``.
///
/// ```swift
/// @GestureState private var dragOffset = CGSize.zero
///
/// Circle()
///   .offset(dragOffset)
///   .gesture(DragGesture().updating($dragOffset) { value, state, _ in state = value.translation })
/// ```
@MainActor @preconcurrency
public protocol Gesture<Value> {
  /// What the gesture reports as it goes: a drag's ``DragGesture/Value``, a long press's
  /// `Bool`, a tap's `Void`; a gesture of your own has its body's.
  associatedtype Value = Body.Value
  /// The gesture this one is made of; `Never` for the built-in ones.
  associatedtype Body: Gesture
  /// The gesture this one is made of.
  var body: Body { get }
}

extension Never: Gesture {
  public typealias Value = Never
}

/// A built-in gesture: it says how to make its recogniser and read its value.
@MainActor
protocol PrimitiveGesture: Gesture {
  func recipe() -> GestureRecipe<Value>
}

/// How a gesture is recognised, and what runs as it goes.
@MainActor
struct GestureRecipe<Value> {
  /// The recogniser's type: a recogniser of the same type is kept across updates.
  var recognizerType: ObjectIdentifier
  /// Makes the recogniser.
  var make: () -> GestureRecognizer
  /// Sets the recogniser's parameters (again at each update).
  var configure: (GestureRecognizer) -> Void
  /// The gesture's value now, in the coordinates of the view the gesture is attached to.
  var value: (GestureRecognizer) -> Value?
  /// Hooks a report of the value, for a recogniser whose value changes while it has not
  /// recognised anything (a long press reports the touch going down).
  var reportsWhilePossible: ((GestureRecognizer, @escaping @MainActor () -> Void) -> Void)?
  /// Run with each value while the gesture goes on: ``GestureStateGesture``'s bodies.
  var updating: [(Value) -> Void] = []
  /// Run with each value while the gesture goes on, after `updating`.
  var changed: [(Value) -> Void] = []
  /// Run with the last value when the gesture succeeds.
  var ended: [(Value) -> Void] = []
  /// Run when the gesture is over, however it ended: ``GestureState`` goes back to its
  /// first value.
  var finished: [() -> Void] = []
}

extension GestureRecipe {
  /// Runs what goes with the recogniser's value now, as the gesture goes on.
  func report(_ recognizer: GestureRecognizer) {
    guard let value = value(recognizer) else { return }
    for action in updating { action(value) }
    for action in changed { action(value) }
  }

  /// Runs what goes with the gesture's end with `value`, and with its being over.
  func end(with value: Value) {
    for action in ended { action(value) }
    for action in finished { action() }
  }

  /// Runs what goes with the recogniser's new state.
  func handle(_ recognizer: GestureRecognizer) {
    switch recognizer.state {
    case .began, .changed:
      report(recognizer)
    case .ended:
      if let value = value(recognizer) {
        end(with: value)
      } else {
        for action in finished { action() }
      }
    case .cancelled, .failed:
      for action in finished { action() }
    case .possible:
      break
    }
  }
}

/// The recipe of any gesture: a built-in one's own, or its body's.
@MainActor
func gestureRecipe<G: Gesture>(_ gesture: G) -> GestureRecipe<G.Value> {
  if let primitive = gesture as? any PrimitiveGesture {
    func open<P: PrimitiveGesture>(_ gesture: P) -> Any { gesture.recipe() }
    if let recipe = open(primitive) as? GestureRecipe<G.Value> { return recipe }
  }
  guard G.Body.self != Never.self, let recipe = gestureRecipe(gesture.body) as Any as? GestureRecipe<G.Value> else {
    fatalError("\(G.self)'s body is a gesture of another value (\(G.Body.Value.self)), not of \(G.Value.self)")
  }
  return recipe
}

extension Gesture {
  /// Runs `action` with each new value while the gesture goes on.
  public func onChanged(_ action: @escaping @MainActor (Value) -> Void) -> _ChangedGesture<Self>
  where Value: Equatable {
    _ChangedGesture(base: self, action: action)
  }

  /// Runs `action` with the last value when the gesture succeeds: a tap, a long press
  /// held long enough, a drag lifted.
  public func onEnded(_ action: @escaping @MainActor (Value) -> Void) -> _EndedGesture<Self> {
    _EndedGesture(base: self, action: action)
  }

  /// Sets `state` from each value while the gesture goes on, through `body`; the state goes
  /// back to its first value when the gesture ends, however it ends.
  public func updating<State>(
    _ state: GestureState<State>, body: @escaping @MainActor (Value, inout State, inout Transaction) -> Void
  ) -> GestureStateGesture<Self, State> {
    GestureStateGesture(base: self, state: state, update: body)
  }
}

/// A gesture that runs an action as its value changes: ``Gesture/onChanged(_:)``.
public struct _ChangedGesture<Base: Gesture>: Gesture where Base.Value: Equatable {
  public typealias Value = Base.Value
  let base: Base
  let action: @MainActor (Value) -> Void
  public var body: Never { primitiveBodyRequested(Self.self) }
}

extension _ChangedGesture: PrimitiveGesture {
  func recipe() -> GestureRecipe<Value> {
    var recipe = gestureRecipe(base)
    var last: Value?
    let action = self.action
    recipe.changed.append { value in
      guard value != last else { return }
      last = value
      action(value)
    }
    recipe.finished.append { last = nil }
    return recipe
  }
}

/// A gesture that runs an action when it succeeds: ``Gesture/onEnded(_:)``.
public struct _EndedGesture<Base: Gesture>: Gesture {
  public typealias Value = Base.Value
  let base: Base
  let action: @MainActor (Value) -> Void
  public var body: Never { primitiveBodyRequested(Self.self) }
}

extension _EndedGesture: PrimitiveGesture {
  func recipe() -> GestureRecipe<Value> {
    var recipe = gestureRecipe(base)
    recipe.ended.append(action)
    return recipe
  }
}

/// A gesture that sets a ``GestureState`` as it goes: ``Gesture/updating(_:body:)``.
public struct GestureStateGesture<Base: Gesture, State>: Gesture {
  public typealias Value = Base.Value
  let base: Base
  let state: GestureState<State>
  let update: @MainActor (Value, inout State, inout Transaction) -> Void
  public var body: Never { primitiveBodyRequested(Self.self) }
}

extension GestureStateGesture: PrimitiveGesture {
  func recipe() -> GestureRecipe<Value> {
    var recipe = gestureRecipe(base)
    let state = self.state
    let update = self.update
    recipe.updating.append { value in
      var current = state.box.value
      var transaction = Transaction()
      update(value, &current, &transaction)
      withTransaction(transaction) { state.box.value = current }
    }
    recipe.finished.append { state.reset() }
    return recipe
  }
}

/// State a gesture sets while it goes on, as SwiftUI's `GestureState`: it reads as its
/// first value again once the gesture ends or is cancelled.
///
/// ```swift
/// @GestureState private var isPressing = false
/// ```
@propertyWrapper
public struct GestureState<Value>: DynamicProperty {
  let box: StateBox<Value>
  let initialValue: Value
  let resetTransaction: Transaction

  /// State that starts, and goes back to, `value`.
  public init(wrappedValue value: Value) {
    self.init(wrappedValue: value, resetTransaction: Transaction())
  }

  /// State that starts, and goes back to, `value`; the same as ``init(wrappedValue:)``.
  public init(initialValue value: Value) {
    self.init(wrappedValue: value)
  }

  /// State that goes back to `value` in `resetTransaction`: with its animation, say.
  public init(wrappedValue value: Value, resetTransaction: Transaction) {
    box = StateBox(value)
    initialValue = value
    self.resetTransaction = resetTransaction
  }

  /// The value now.
  public var wrappedValue: Value { box.value }

  /// The state itself, for ``Gesture/updating(_:body:)``: `$dragOffset`.
  public var projectedValue: GestureState<Value> { self }

  func reset() {
    let box = self.box
    let value = initialValue
    withTransaction(resetTransaction) { box.value = value }
  }
}

extension GestureState: LinkableProperty {
  func link(to node: CompositeNode, existing: (any StateStorage)?) -> DynamicPropertyLink {
    box.link(existing: existing)
  }
}

// MARK: Taps

/// A tap, or `count` taps in a row, as SwiftUI's `TapGesture`. Its value is `Void`:
/// ``Gesture/onEnded(_:)`` runs when the last tap lifts.
public struct TapGesture: Gesture {
  public typealias Value = Void
  /// How many taps make the gesture.
  public var count: Int

  /// A gesture of `count` taps (at least one).
  public init(count: Int = 1) {
    self.count = count
  }

  public var body: Never { primitiveBodyRequested(Self.self) }
}

extension TapGesture: PrimitiveGesture {
  func recipe() -> GestureRecipe<Void> {
    let count = max(1, self.count)
    return GestureRecipe(
      recognizerType: ObjectIdentifier(TapGestureRecognizer.self), make: { TapGestureRecognizer() },
      configure: { ($0 as? TapGestureRecognizer)?.numberOfTapsRequired = count },
      value: { _ in () })
  }
}

// MARK: Long presses

/// A touch held still, as SwiftUI's `LongPressGesture`. Its value is whether the touch
/// is down: `true` from the moment it goes down, to ``Gesture/updating(_:body:)`` and
/// ``Gesture/onChanged(_:)``, without taking the touch from other gestures. The gesture ends, with `true`, once the touch has been held
/// `minimumDuration` seconds, without waiting for it to lift; it fails if the touch lifts
/// sooner or moves more than `maximumDistance` points.
public struct LongPressGesture: Gesture {
  public typealias Value = Bool
  /// How long, in seconds, the touch must be held.
  public var minimumDuration: Double
  /// How far, in points, the touch may move.
  public var maximumDistance: Double

  /// A long press of `minimumDuration` seconds that moves at most `maximumDistance`
  /// points. Negative or NaN values count as 0; an infinite distance never fails.
  public init(minimumDuration: Double = 0.5, maximumDistance: CGFloat = 10) {
    self.minimumDuration = minimumDuration.isNaN ? 0 : max(0, minimumDuration)
    self.maximumDistance = maximumDistance.isNaN ? 0 : max(0, Double(maximumDistance))
  }

  public var body: Never { primitiveBodyRequested(Self.self) }
}

extension LongPressGesture: PrimitiveGesture {
  func recipe() -> GestureRecipe<Bool> {
    let duration = minimumDuration.isFinite ? minimumDuration : .greatestFiniteMagnitude
    let distance = maximumDistance
    return GestureRecipe(
      recognizerType: ObjectIdentifier(PressGestureRecognizer.self), make: { PressGestureRecognizer() },
      configure: { recognizer in
        guard let press = recognizer as? PressGestureRecognizer else { return }
        press.minimumDuration = duration
        press.maximumDistance = distance
      },
      // True while the touch is down, and once the press has succeeded.
      value: { ($0 as? PressGestureRecognizer).map { $0.isPressing || $0.state == .ended } ?? false },
      reportsWhilePossible: { recognizer, report in (recognizer as? PressGestureRecognizer)?.didPress = report })
  }
}

/// Recognises SwiftUI's long press: it tells ``didPress`` when the touch goes down,
/// without claiming the touch, and ends once the touch has been held long enough; a touch
/// that lifts sooner or moves too far fails it.
@MainActor
final class PressGestureRecognizer: GestureRecognizer {
  var minimumDuration = 0.5
  var maximumDistance = 10.0
  /// Told when the touch goes down.
  var didPress: (@MainActor () -> Void)?
  /// Whether the touch is down and the press not yet over.
  private(set) var isPressing = false
  private var start: Point?
  private var timer: ScheduledAction?

  override func touchesBegan(_ touches: [Touch]) {
    guard start == nil, let first = touches.first else { return }
    start = first.location
    isPressing = true
    didPress?()
    timer = clock?.schedule(after: minimumDuration) { [weak self] in
      guard let self, self.state == .possible, !self.touches.isEmpty else { return }
      self.state = .ended
      self.isPressing = false
    }
  }

  override func touchesMoved(_ touches: [Touch]) {
    guard let start, let point = touches.first?.location, point.distance(to: start) > maximumDistance else { return }
    isPressing = false
    state = .failed
  }

  override func touchesEnded(_ touches: [Touch]) {
    isPressing = false
    if state == .possible { state = .failed }
  }

  override func touchesCancelled(_ touches: [Touch]) {
    isPressing = false
    super.touchesCancelled(touches)
  }

  override func reset() {
    timer?.cancel()
    timer = nil
    start = nil
    isPressing = false
  }
}

// MARK: Drags

/// A touch or the pointer moved while down, as SwiftUI's `DragGesture`. It begins once the
/// touch has moved `minimumDistance` points (at once for 0), and reports where it is,
/// where it started and how fast it moves.
public struct DragGesture: Gesture {
  /// A drag's state at one moment.
  public struct Value: Equatable, Sendable {
    /// When.
    public var time: Date
    /// Where the touch is, in the gesture's coordinate space.
    public var location: CGPoint
    /// Where the touch went down.
    public var startLocation: CGPoint
    /// How fast the touch moves, in points a second.
    public var velocity: CGSize
    /// Where the touch would come to rest if it let go now and slowed as a scroll view
    /// does.
    public var predictedEndLocation: CGPoint

    /// How far the touch has moved since it went down.
    public var translation: CGSize {
      CGSize(width: location.x - startLocation.x, height: location.y - startLocation.y)
    }

    /// ``translation`` at ``predictedEndLocation``.
    public var predictedEndTranslation: CGSize {
      CGSize(width: predictedEndLocation.x - startLocation.x, height: predictedEndLocation.y - startLocation.y)
    }
  }

  /// How far, in points, the touch must move before the drag begins.
  public var minimumDistance: CGFloat
  /// The coordinates the values are in.
  public var coordinateSpace: CoordinateSpace

  /// A drag that begins after `minimumDistance` points (negative or NaN count as 0),
  /// reported in `coordinateSpace`: the view's own (`.local`) or the window's (`.global`).
  public init(minimumDistance: CGFloat = 10, coordinateSpace: CoordinateSpace = .local) {
    self.minimumDistance = minimumDistance.isNaN ? 0 : max(0, minimumDistance)
    self.coordinateSpace = coordinateSpace
  }

  public var body: Never { primitiveBodyRequested(Self.self) }
}

extension DragGesture: PrimitiveGesture {
  func recipe() -> GestureRecipe<Value> {
    let distance = Double(minimumDistance)
    let space = coordinateSpace
    return GestureRecipe(
      recognizerType: ObjectIdentifier(DragGestureRecognizer.self), make: { DragGestureRecognizer() },
      configure: { ($0 as? DragGestureRecognizer)?.minimumDistance = distance },
      value: { ($0 as? DragGestureRecognizer)?.value(in: space) })
  }
}

/// Recognises SwiftUI's drag: a pan that begins at once for a minimum distance of 0, and
/// measures the touch's velocity over its last tenth of a second.
@MainActor
final class DragGestureRecognizer: PanGestureRecognizer {
  /// Where the touch went down, in the window, and recent samples of where it was.
  private var startInWindow: Point?
  private var samples = TouchVelocity()

  override func touchesBegan(_ touches: [Touch]) {
    super.touchesBegan(touches)
    guard startInWindow == nil, let touch = touches.first else { return }
    startInWindow = touch.location
    samples.start(at: touch.location, time: touch.timestamp)
    if minimumDistance <= 0 { state = .began }
  }

  override func touchesMoved(_ touches: [Touch]) {
    if let touch = touches.first { samples.add(touch.location, time: touch.timestamp) }
    super.touchesMoved(touches)
  }

  override func reset() {
    super.reset()
    startInWindow = nil
    samples = TouchVelocity()
  }

  /// The velocity, in points a second in the window, over the recent samples.
  private var velocity: Point { samples.velocity }

  func value(in space: CoordinateSpace) -> DragGesture.Value? {
    guard let startInWindow, let view = view ?? hostView else { return nil }
    let target: Views.View? = space == .local ? view : nil
    let location = location(in: target)
    let start = target.map { $0.convert(startInWindow, from: $0.window) } ?? startInWindow
    let velocity = self.velocity
    let rate = Views.ScrollView.DecelerationRate.normal.rawValue
    let predicted = Point(
      x: location.x + ScrollPhysics.projectedDistance(velocity: velocity.x, rate: rate),
      y: location.y + ScrollPhysics.projectedDistance(velocity: velocity.y, rate: rate))
    let now = clock?.now ?? samples.lastTime ?? 0
    let time = Date().addingTimeInterval((samples.lastTime ?? now) - now)
    return DragGesture.Value(
      time: time, location: location, startLocation: start,
      velocity: CGSize(width: velocity.x, height: velocity.y), predictedEndLocation: predicted)
  }
}

// MARK: Mapping

extension Gesture {
  /// The gesture with its values made by `transform`: what ``onChanged(_:)``,
  /// ``onEnded(_:)`` and ``updating(_:body:)`` after it see.
  public func map<NewValue>(_ transform: @escaping @MainActor (Value) -> NewValue) -> _MapGesture<Self, NewValue> {
    _MapGesture(base: self, transform: transform)
  }
}

/// A gesture whose values are another's, transformed: ``Gesture/map(_:)``.
public struct _MapGesture<Base: Gesture, NewValue>: Gesture {
  public typealias Value = NewValue
  let base: Base
  let transform: @MainActor (Base.Value) -> NewValue
  public var body: Never { primitiveBodyRequested(Self.self) }
}

extension _MapGesture: PrimitiveGesture {
  func recipe() -> GestureRecipe<NewValue> {
    let base = gestureRecipe(self.base)
    let transform = self.transform
    var mapped = GestureRecipe<NewValue>(
      recognizerType: base.recognizerType, make: base.make, configure: base.configure,
      value: { base.value($0).map(transform) }, reportsWhilePossible: base.reportsWhilePossible)
    // What was attached before the map runs with the values before it: the recogniser's
    // value now, read again.
    let recognizer = RecognizerBox()
    mapped.configure = { made in
      recognizer.recognizer = made
      base.configure(made)
    }
    mapped.updating.append { _ in
      guard let made = recognizer.recognizer, let value = base.value(made) else { return }
      for action in base.updating { action(value) }
      for action in base.changed { action(value) }
    }
    mapped.ended.append { _ in
      guard let made = recognizer.recognizer, let value = base.value(made) else { return }
      for action in base.ended { action(value) }
    }
    mapped.finished.append { for action in base.finished { action() } }
    return mapped
  }
}

/// The recogniser a mapped gesture's recipe was configured with, held weakly.
@MainActor
final class RecognizerBox {
  weak var recognizer: GestureRecognizer?
}

// MARK: Sequences

extension Gesture {
  /// This gesture, then `other` once this one has ended, as SwiftUI's
  /// `sequenced(before:)`: a long press that then drags.
  public func sequenced<Other: Gesture>(before other: Other) -> SequenceGesture<Self, Other> {
    SequenceGesture(self, other)
  }
}

/// A gesture, then another from the same touch once the first has ended, as SwiftUI's
/// `SequenceGesture`. It recognises (and takes the touch from other gestures) when the
/// first ends; it ends when the second does, or when the touch lifts before the second
/// began.
public struct SequenceGesture<First: Gesture, Second: Gesture>: Gesture {
  /// Where the sequence is.
  public enum Value {
    /// The first gesture goes on, with its value.
    case first(First.Value)
    /// The first gesture ended with its value; the second's value once it has one.
    case second(First.Value, Second.Value?)
  }

  /// The gesture that comes first.
  public var first: First
  /// The gesture that follows.
  public var second: Second

  /// `first`, then `second`.
  public init(_ first: First, _ second: Second) {
    self.first = first
    self.second = second
  }

  public var body: Never { primitiveBodyRequested(Self.self) }
}

extension SequenceGesture.Value: Equatable where First.Value: Equatable, Second.Value: Equatable {}

extension SequenceGesture: PrimitiveGesture {
  func recipe() -> GestureRecipe<Value> {
    let firstRecipe = gestureRecipe(first)
    let secondRecipe = gestureRecipe(second)
    return GestureRecipe(
      recognizerType: ObjectIdentifier(Self.self),
      make: { SequenceGestureRecognizer(first: firstRecipe.make(), second: secondRecipe.make()) },
      configure: { recognizer in
        guard let sequence = recognizer as? SequenceGestureRecognizer else { return }
        firstRecipe.configure(sequence.first)
        secondRecipe.configure(sequence.second)
        sequence.handleFirst = { [weak sequence] part in
          if part.state == .ended { sequence?.firstEndValue = firstRecipe.value(part) }
          firstRecipe.handle(part)
        }
        sequence.handleSecond = { secondRecipe.handle($0) }
        firstRecipe.reportsWhilePossible?(sequence.first) { [weak sequence] in
          guard let sequence else { return }
          firstRecipe.report(sequence.first)
          sequence.firstDidReport()
        }
      },
      value: { recognizer in
        guard let sequence = recognizer as? SequenceGestureRecognizer else { return nil }
        if let ended = sequence.firstEndValue as? First.Value {
          return .second(ended, secondRecipe.value(sequence.second))
        }
        return firstRecipe.value(sequence.first).map { .first($0) }
      },
      reportsWhilePossible: { recognizer, report in
        (recognizer as? SequenceGestureRecognizer)?.reportWhilePossible = report
      })
  }
}

/// Drives a sequence's two recognisers with its touches: the first until it ends, then the
/// second, from the touch where it is. The two take no part in the window's arbitration;
/// this one does.
@MainActor
final class SequenceGestureRecognizer: GestureRecognizer {
  let first: GestureRecognizer
  let second: GestureRecognizer
  var handleFirst: ((GestureRecognizer) -> Void)?
  var handleSecond: ((GestureRecognizer) -> Void)?
  /// Reports the sequence's value while it has not recognised: the first goes on.
  var reportWhilePossible: (@MainActor () -> Void)?
  /// The first gesture's value when it ended.
  var firstEndValue: Any?
  private var inSecond = false
  private var lifting = false

  init(first: GestureRecognizer, second: GestureRecognizer) {
    self.first = first
    self.second = second
    super.init()
    first.addAction { [weak self] in self?.firstDidChange($0) }
    first.failureObserver = { [weak self] in self?.firstDidChange($0) }
    second.addAction { [weak self] in self?.secondDidChange($0) }
    second.failureObserver = { [weak self] in self?.secondDidChange($0) }
  }

  private var active: GestureRecognizer { inSecond ? second : first }

  func firstDidReport() {
    if state == .possible { reportWhilePossible?() }
  }

  private func firstDidChange(_ part: GestureRecognizer) {
    guard !state.isFinished, !inSecond else { return }
    handleFirst?(part)
    switch part.state {
    case .began, .changed:
      firstDidReport()
    case .ended:
      inSecond = true
      state = .began
      // The second gesture starts from the touch where it is now.
      for touch in touches.values {
        second.deliver(
          Touch(
            id: touch.id, kind: touch.kind, phase: .began, location: touch.location, timestamp: touch.timestamp,
            modifiers: touch.modifiers))
      }
    case .failed, .cancelled:
      state = state == .possible ? .failed : .cancelled
    case .possible:
      break
    }
  }

  private func secondDidChange(_ part: GestureRecognizer) {
    guard inSecond, !state.isFinished else { return }
    handleSecond?(part)
    switch part.state {
    case .began, .changed:
      state = .changed
    case .ended:
      state = .ended
    case .failed:
      // Lifted before the second began: the sequence ends with the first's value.
      state = lifting ? .ended : .cancelled
    case .cancelled:
      state = .cancelled
    case .possible:
      break
    }
  }

  override func touchesBegan(_ touches: [Touch]) {
    first.hostView = view
    second.hostView = view
    for touch in touches { active.deliver(touch) }
  }

  override func touchesMoved(_ touches: [Touch]) {
    for touch in touches { active.deliver(touch) }
  }

  override func touchesEnded(_ touches: [Touch]) {
    lifting = true
    defer { lifting = false }
    for touch in touches { active.deliver(touch) }
  }

  override func touchesCancelled(_ touches: [Touch]) {
    for touch in touches { active.deliver(touch) }
    super.touchesCancelled(touches)
  }

  override func reset() {
    inSecond = false
    firstEndValue = nil
    first.resetForReuse()
    second.resetForReuse()
  }
}

// MARK: Simultaneous gestures

extension Gesture {
  /// This gesture and `other` at once, from the same touches, as SwiftUI's
  /// `simultaneously(with:)`: the value holds each one's value once it has one.
  public func simultaneously<Other: Gesture>(with other: Other) -> SimultaneousGesture<Self, Other> {
    SimultaneousGesture(self, other)
  }
}

/// Two gestures recognised together, as SwiftUI's `SimultaneousGesture`. It begins when
/// either does, and ends once both are over, with success when either succeeded.
public struct SimultaneousGesture<First: Gesture, Second: Gesture>: Gesture {
  /// Each gesture's value, once it has one.
  public struct Value {
    /// The first gesture's value.
    public var first: First.Value?
    /// The second gesture's value.
    public var second: Second.Value?
  }

  /// One of the gestures.
  public var first: First
  /// The other.
  public var second: Second

  /// `first` and `second` together.
  public init(_ first: First, _ second: Second) {
    self.first = first
    self.second = second
  }

  public var body: Never { primitiveBodyRequested(Self.self) }
}

extension SimultaneousGesture.Value: Equatable where First.Value: Equatable, Second.Value: Equatable {}

extension SimultaneousGesture: PrimitiveGesture {
  func recipe() -> GestureRecipe<Value> {
    let firstRecipe = gestureRecipe(first)
    let secondRecipe = gestureRecipe(second)
    return GestureRecipe(
      recognizerType: ObjectIdentifier(Self.self),
      make: { SimultaneousGestureRecognizer(first: firstRecipe.make(), second: secondRecipe.make()) },
      configure: { recognizer in
        guard let pair = recognizer as? SimultaneousGestureRecognizer else { return }
        firstRecipe.configure(pair.first)
        secondRecipe.configure(pair.second)
        pair.handleFirst = { firstRecipe.handle($0) }
        pair.handleSecond = { secondRecipe.handle($0) }
      },
      value: { recognizer in
        guard let pair = recognizer as? SimultaneousGestureRecognizer else { return nil }
        @MainActor func recognised(_ part: GestureRecognizer) -> Bool {
          part.state == .began || part.state == .changed || part.state == .ended
        }
        return Value(
          first: recognised(pair.first) ? firstRecipe.value(pair.first) : nil,
          second: recognised(pair.second) ? secondRecipe.value(pair.second) : nil)
      })
  }
}

/// Drives two recognisers with the same touches; both recognise.
@MainActor
final class SimultaneousGestureRecognizer: GestureRecognizer {
  let first: GestureRecognizer
  let second: GestureRecognizer
  var handleFirst: ((GestureRecognizer) -> Void)?
  var handleSecond: ((GestureRecognizer) -> Void)?

  init(first: GestureRecognizer, second: GestureRecognizer) {
    self.first = first
    self.second = second
    super.init()
    for part in [first, second] {
      part.addAction { [weak self] in self?.partDidChange($0) }
      part.failureObserver = { [weak self] in self?.partDidChange($0) }
    }
  }

  private func partDidChange(_ part: GestureRecognizer) {
    guard !state.isFinished else { return }
    (part === first ? handleFirst : handleSecond)?(part)
    let parts = [first, second]
    let succeeded = parts.contains { $0.state == .ended }
    let going = parts.contains { $0.state == .began || $0.state == .changed }
    if parts.allSatisfy({ $0.state.isFinished }) {
      state = succeeded ? .ended : (state == .possible ? .failed : .cancelled)
    } else if going || succeeded {
      state = state == .possible ? .began : .changed
    }
  }

  override func touchesBegan(_ touches: [Touch]) {
    first.hostView = view
    second.hostView = view
    for touch in touches {
      first.deliver(touch)
      second.deliver(touch)
    }
  }

  override func touchesMoved(_ touches: [Touch]) {
    for touch in touches {
      first.deliver(touch)
      second.deliver(touch)
    }
  }

  override func touchesEnded(_ touches: [Touch]) {
    for touch in touches {
      first.deliver(touch)
      second.deliver(touch)
    }
  }

  override func touchesCancelled(_ touches: [Touch]) {
    for touch in touches {
      first.deliver(touch)
      second.deliver(touch)
    }
    super.touchesCancelled(touches)
  }

  override func reset() {
    first.resetForReuse()
    second.resetForReuse()
  }
}

// MARK: Exclusive gestures

extension Gesture {
  /// This gesture, or `other` only once this one has failed, as SwiftUI's
  /// `exclusively(before:)`: `TapGesture(count: 2).exclusively(before: TapGesture())`
  /// runs the single tap only when no second tap came.
  public func exclusively<Other: Gesture>(before other: Other) -> ExclusiveGesture<Self, Other> {
    ExclusiveGesture(self, other)
  }
}

/// Two gestures of which one succeeds, the first preferred, as SwiftUI's
/// `ExclusiveGesture`: the second is reported only once the first has failed.
public struct ExclusiveGesture<First: Gesture, Second: Gesture>: Gesture {
  /// Which gesture is reporting.
  public enum Value {
    /// The first, with its value.
    case first(First.Value)
    /// The second, with its value.
    case second(Second.Value)
  }

  /// The preferred gesture.
  public var first: First
  /// The gesture that counts once the first has failed.
  public var second: Second

  /// `first`, or else `second`.
  public init(_ first: First, _ second: Second) {
    self.first = first
    self.second = second
  }

  public var body: Never { primitiveBodyRequested(Self.self) }
}

extension ExclusiveGesture.Value: Equatable where First.Value: Equatable, Second.Value: Equatable {}

extension ExclusiveGesture: PrimitiveGesture {
  func recipe() -> GestureRecipe<Value> {
    let firstRecipe = gestureRecipe(first)
    let secondRecipe = gestureRecipe(second)
    return GestureRecipe(
      recognizerType: ObjectIdentifier(Self.self),
      make: { ExclusiveGestureRecognizer(first: firstRecipe.make(), second: secondRecipe.make()) },
      configure: { recognizer in
        guard let pair = recognizer as? ExclusiveGestureRecognizer else { return }
        firstRecipe.configure(pair.first)
        secondRecipe.configure(pair.second)
        pair.valueOfSecond = { secondRecipe.value($0) }
        pair.endSecond = { value in
          guard let value = value as? Second.Value else { return }
          secondRecipe.end(with: value)
        }
        pair.handleFirst = { firstRecipe.handle($0) }
        pair.handleSecond = { secondRecipe.handle($0) }
      },
      value: { recognizer in
        guard let pair = recognizer as? ExclusiveGestureRecognizer else { return nil }
        switch pair.winner {
        case .first: return firstRecipe.value(pair.first).map { .first($0) }
        case .second:
          if let kept = pair.keptSecondValue as? Second.Value { return .second(kept) }
          return secondRecipe.value(pair.second).map { .second($0) }
        case nil: return nil
        }
      })
  }
}

/// Drives two recognisers with the same touches and reports the first, or the second once
/// the first has failed: what the second recognises meanwhile waits, and runs nothing.
@MainActor
final class ExclusiveGestureRecognizer: GestureRecognizer {
  enum Part { case first, second }

  let first: GestureRecognizer
  let second: GestureRecognizer
  var handleFirst: ((GestureRecognizer) -> Void)?
  var handleSecond: ((GestureRecognizer) -> Void)?
  var valueOfSecond: ((GestureRecognizer) -> Any?)?
  /// Runs what goes with the second's end, with the value it ended with.
  var endSecond: ((Any) -> Void)?
  /// Which part the recogniser reports.
  private(set) var winner: Part?
  /// The second's value when it ended while the first could still succeed.
  private(set) var keptSecondValue: Any?
  private var secondEndedWhileWaiting = false
  private var firstFailed = false

  init(first: GestureRecognizer, second: GestureRecognizer) {
    self.first = first
    self.second = second
    super.init()
    first.addAction { [weak self] in self?.firstDidChange($0) }
    first.failureObserver = { [weak self] in self?.firstDidChange($0) }
    second.addAction { [weak self] in self?.secondDidChange($0) }
    second.failureObserver = { [weak self] in self?.secondDidChange($0) }
  }

  private func firstDidChange(_ part: GestureRecognizer) {
    guard !state.isFinished, winner != .second else { return }
    switch part.state {
    case .began, .changed, .ended:
      winner = .first
      handleFirst?(part)
      state = state == .possible && part.state == .changed ? .began : part.state
    case .failed, .cancelled:
      handleFirst?(part)
      if winner == .first {
        state = .cancelled
        return
      }
      firstFailed = true
      if secondEndedWhileWaiting {
        winner = .second
        if let kept = keptSecondValue { endSecond?(kept) }
        state = .ended
        // Recognised with no touch left (a double tap's wait ran out): ready for the next
        // touch once the part that failed has finished failing.
        clock?.schedule(after: 0) { [weak self] in self?.resetIfDone() }
      } else if second.state == .began || second.state == .changed {
        winner = .second
        state = .began
      } else if second.state.isFinished {
        state = .failed
      }
    case .possible:
      break
    }
  }

  private func secondDidChange(_ part: GestureRecognizer) {
    guard !state.isFinished, winner != .first else { return }
    guard firstFailed else {
      // Nothing of the second runs while the first may still succeed.
      if part.state == .ended {
        secondEndedWhileWaiting = true
        keptSecondValue = valueOfSecond?(part)
      }
      return
    }
    handleSecond?(part)
    switch part.state {
    case .began, .changed, .ended:
      winner = .second
      state = state == .possible && part.state == .changed ? .began : part.state
    case .failed, .cancelled:
      state = state == .possible ? .failed : .cancelled
    case .possible:
      break
    }
  }

  private func deliverToBoth(_ touches: [Touch]) {
    for touch in touches {
      first.deliver(touch)
      second.deliver(touch)
    }
  }

  override func touchesBegan(_ touches: [Touch]) {
    first.hostView = view
    second.hostView = view
    deliverToBoth(touches)
  }

  override func touchesMoved(_ touches: [Touch]) { deliverToBoth(touches) }

  override func touchesEnded(_ touches: [Touch]) { deliverToBoth(touches) }

  override func touchesCancelled(_ touches: [Touch]) {
    deliverToBoth(touches)
    super.touchesCancelled(touches)
  }

  override func reset() {
    if state == .possible && winner == nil && !firstFailed {
      // Between the touches of a gesture that takes several (a double tap): each part
      // keeps what it has counted.
      first.resetIfDone()
      if !secondEndedWhileWaiting { second.resetIfDone() }
      return
    }
    winner = nil
    keptSecondValue = nil
    secondEndedWhileWaiting = false
    firstFailed = false
    first.resetForReuse()
    second.resetForReuse()
  }
}

// MARK: - Attaching gestures to views

/// Which gestures of a view and of the views inside it take part, as SwiftUI's
/// `GestureMask`.
public struct GestureMask: OptionSet, Sendable {
  public let rawValue: UInt8
  public init(rawValue: UInt8) { self.rawValue = rawValue }
  /// Neither.
  public static let none: GestureMask = []
  /// The gesture being attached.
  public static let gesture = GestureMask(rawValue: 1)
  /// The gestures of the views inside.
  public static let subviews = GestureMask(rawValue: 2)
  /// Both: the default.
  public static let all: GestureMask = [.gesture, .subviews]
}

/// How a gesture shares touches with the gestures of the views inside.
enum GesturePriority {
  /// The views inside come first when both recognise the same touches at once (a tap in a
  /// tap); otherwise the first to recognise takes them.
  case normal
  /// Before the views inside: theirs wait for it to fail.
  case high
  /// Beside the views inside and other gestures: both recognise.
  case simultaneous
}

struct GestureModifier: WrappingModifier {
  let configureAttachment: (GestureAttachment) -> Void
  let recognizerType: ObjectIdentifier
  let make: () -> GestureRecognizer
  let priority: GesturePriority
  let mask: GestureMask
  var name: String { "Gesture" }

  init<G: Gesture>(_ gesture: G, priority: GesturePriority, mask: GestureMask) {
    let recipe = gestureRecipe(gesture)
    recognizerType = recipe.recognizerType
    make = recipe.make
    self.priority = priority
    self.mask = mask
    configureAttachment = { attachment in
      recipe.configure(attachment.recognizer)
      recipe.reportsWhilePossible?(attachment.recognizer) { [weak attachment] in
        guard let recognizer = attachment?.recognizer else { return }
        recipe.report(recognizer)
      }
      attachment.handle = { recipe.handle($0) }
    }
  }

  func configure(_ node: WrapperNode) {
    let attachment: GestureAttachment
    if let existing = node.attachment as? GestureAttachment, existing.recognizerType == recognizerType {
      attachment = existing
    } else {
      (node.attachment as? GestureAttachment)?.detach()
      attachment = GestureAttachment(recognizer: make(), type: recognizerType)
      node.view.addGestureRecognizer(attachment.recognizer)
      node.attachment = attachment
    }
    attachment.priority = priority
    // A disabled view, or a mask without the gesture, takes no part.
    attachment.recognizer.isEnabled = node.environment.isEnabled && mask.contains(.gesture)
    configureAttachment(attachment)
  }
}

/// A gesture's recogniser on a view, and what it runs: those of the latest value of the
/// view.
@MainActor
final class GestureAttachment: GestureRecognizerDelegate {
  let recognizer: GestureRecognizer
  let recognizerType: ObjectIdentifier
  var priority = GesturePriority.normal
  var handle: (@MainActor (GestureRecognizer) -> Void)?

  init(recognizer: GestureRecognizer, type: ObjectIdentifier) {
    self.recognizer = recognizer
    recognizerType = type
    recognizer.delegate = self
    recognizer.addAction { [weak self] recognizer in self?.handle?(recognizer) }
    // A failure runs no action; the state's reset must still happen.
    recognizer.failureObserver = { [weak self] recognizer in self?.handle?(recognizer) }
  }

  func detach() {
    recognizer.view?.removeGestureRecognizer(recognizer)
    handle = nil
  }

  /// Whether `other` belongs to a view inside this gesture's view.
  private func isInside(_ other: GestureRecognizer) -> Bool {
    guard let mine = recognizer.view, let theirs = other.view, theirs !== mine else { return false }
    return theirs.isDescendant(of: mine)
  }

  func gestureRecognizer(
    _ gestureRecognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer
  ) -> Bool {
    priority == .simultaneous
  }

  func gestureRecognizer(
    _ gestureRecognizer: GestureRecognizer, shouldBeRequiredToFailBy other: GestureRecognizer
  ) -> Bool {
    priority == .high && isInside(other)
  }
}

extension View {
  /// Attaches `gesture`. The gestures of the views inside come first, as in SwiftUI:
  /// this one recognises what they do not.
  public func gesture<G: Gesture>(_ gesture: G, including mask: GestureMask = .all) -> some View {
    modifier(GestureModifier(gesture, priority: .normal, mask: mask))
  }

  /// Attaches `gesture` before the gestures of the views inside: theirs wait for it to
  /// fail.
  public func highPriorityGesture<G: Gesture>(_ gesture: G, including mask: GestureMask = .all) -> some View {
    modifier(GestureModifier(gesture, priority: .high, mask: mask))
  }

  /// Attaches `gesture` beside the others: it and they recognise the same touches.
  public func simultaneousGesture<G: Gesture>(_ gesture: G, including mask: GestureMask = .all) -> some View {
    modifier(GestureModifier(gesture, priority: .simultaneous, mask: mask))
  }

  /// Runs `action` once a touch has been held on the view `minimumDuration` seconds
  /// without moving `maximumDistance` points; `onPressingChanged` hears `true` when the
  /// touch goes down and `false` when the press is over, however it ends.
  public func onLongPressGesture(
    minimumDuration: Double = 0.5, maximumDistance: CGFloat = 10, perform action: @escaping @MainActor () -> Void,
    onPressingChanged: (@MainActor (Bool) -> Void)? = nil
  ) -> some View {
    let press = LongPressGesture(minimumDuration: minimumDuration, maximumDistance: maximumDistance)
    return modifier(
      GestureModifier(
        PressingGesture(base: press, action: action, pressing: onPressingChanged), priority: .normal, mask: .all))
  }
}

/// ``View/onLongPressGesture(minimumDuration:maximumDistance:perform:onPressingChanged:)``'s
/// gesture: the press's action, and the pressing state as it changes.
struct PressingGesture: Gesture, PrimitiveGesture {
  typealias Value = Bool
  let base: LongPressGesture
  let action: @MainActor () -> Void
  let pressing: (@MainActor (Bool) -> Void)?
  var body: Never { primitiveBodyRequested(Self.self) }

  func recipe() -> GestureRecipe<Bool> {
    var recipe = gestureRecipe(base)
    let action = self.action
    var isPressing = false
    if let pressing {
      recipe.changed.append { value in
        guard value != isPressing else { return }
        isPressing = value
        pressing(value)
      }
      recipe.finished.append {
        guard isPressing else { return }
        isPressing = false
        pressing(false)
      }
    }
    // The press is over before its action runs.
    recipe.ended.append { _ in
      if isPressing {
        isPressing = false
        pressing?(false)
      }
      action()
    }
    return recipe
  }
}
