import Foundation
import Views

/// How a change moves on screen, as SwiftUI's `Animation`: a timing curve or a spring, a
/// delay and a speed. Views moved or resized by the change glide from their old frames to
/// their new ones, views it inserts fade in and views it removes fade out, one frame at a
/// time on the window's clock.
///
/// ```swift
/// withAnimation(.spring(response: 0.3, dampingFraction: 0.7)) { items.move(fromOffsets: from, toOffset: to) }
/// Text(title).opacity(isOn ? 1 : 0).animation(.easeInOut, value: isOn)
/// ```
public struct Animation: Hashable, Sendable {
  enum Curve: Hashable, Sendable {
    case linear, easeIn, easeOut, easeInOut
    /// A spring that settles in about `response` seconds a cycle, losing `damping` of its
    /// energy (1 critically damped, below 1 bouncing).
    case spring(response: Double, damping: Double)
  }

  let curve: Curve
  let duration: Double
  let delayTime: Double
  let speedFactor: Double

  init(curve: Curve, duration: Double, delay: Double = 0, speed: Double = 1) {
    func clean(_ value: Double, _ fallback: Double) -> Double { value.isFinite && value >= 0 ? value : fallback }
    self.curve = curve
    self.duration = clean(duration, 0.35)
    delayTime = clean(delay, 0)
    speedFactor = speed.isFinite && speed > 0 ? speed : 1
  }

  /// SwiftUI's default: a smooth spring of half a second with no bounce.
  public static let `default` = Animation.spring(duration: 0.5, bounce: 0)
  /// Evenly, over 0.35 s.
  public static let linear = Animation.linear(duration: 0.35)
  /// Slow at first, over 0.35 s.
  public static let easeIn = Animation.easeIn(duration: 0.35)
  /// Slow at the end, over 0.35 s.
  public static let easeOut = Animation.easeOut(duration: 0.35)
  /// Slow at both ends, over 0.35 s.
  public static let easeInOut = Animation.easeInOut(duration: 0.35)
  /// A spring of half a second with no bounce.
  public static let smooth = Animation.spring(duration: 0.5, bounce: 0)
  /// A quick spring with a little bounce.
  public static let snappy = Animation.spring(duration: 0.5, bounce: 0.15)
  /// A spring that bounces.
  public static let bouncy = Animation.spring(duration: 0.5, bounce: 0.3)
  /// A spring of half a second: SwiftUI's `spring`.
  public static let spring = Animation.spring(response: 0.5, dampingFraction: 0.825)
  /// A quick spring for following a finger.
  public static let interactiveSpring = Animation.spring(response: 0.15, dampingFraction: 0.86)

  /// Evenly, over `duration` seconds.
  public static func linear(duration: Double) -> Animation { Animation(curve: .linear, duration: duration) }
  /// Slow at first, over `duration` seconds.
  public static func easeIn(duration: Double) -> Animation { Animation(curve: .easeIn, duration: duration) }
  /// Slow at the end, over `duration` seconds.
  public static func easeOut(duration: Double) -> Animation { Animation(curve: .easeOut, duration: duration) }
  /// Slow at both ends, over `duration` seconds.
  public static func easeInOut(duration: Double) -> Animation { Animation(curve: .easeInOut, duration: duration) }

  /// A spring that takes about `response` seconds a cycle, `dampingFraction` damped (1 comes
  /// to rest without bouncing, less bounces). It runs until it has come to rest.
  public static func spring(
    response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: Double = 0
  )
    -> Animation
  {
    let response = response.isFinite && response > 0 ? response : 0.5
    let damping = dampingFraction.isFinite ? min(max(dampingFraction, 0.01), 1) : 0.825
    return Animation(curve: .spring(response: response, damping: damping), duration: settlingTime(response, damping))
  }

  /// A spring of a perceived `duration`, bouncing by `bounce` (0 none, up to 1).
  public static func spring(duration: Double = 0.5, bounce: Double = 0) -> Animation {
    let bounce = bounce.isFinite ? min(max(bounce, 0), 1) : 0
    return spring(response: duration, dampingFraction: 1 - bounce)
  }

  /// How long a spring takes to come within a thousandth of its end.
  private static func settlingTime(_ response: Double, _ damping: Double) -> Double {
    let omega = 2 * Double.pi / response
    return min(10, log(1000) / (damping * omega) + (damping >= 1 ? response / 2 : 0))
  }

  /// The same animation, started `delay` seconds later.
  public func delay(_ delay: Double) -> Animation {
    Animation(
      curve: curve, duration: duration, delay: delayTime + (delay.isFinite ? max(0, delay) : 0), speed: speedFactor)
  }

  /// The same animation, `speed` times as fast.
  public func speed(_ speed: Double) -> Animation {
    Animation(
      curve: curve, duration: duration, delay: delayTime, speed: speedFactor * (speed.isFinite && speed > 0 ? speed : 1)
    )
  }

  /// How long the animation runs, its delay included, in seconds.
  var totalDuration: Double { (delayTime + duration) / speedFactor }

  /// How far along the change is, `elapsed` seconds after it began: 0 at the start, 1 at
  /// the end (a spring may pass 1 on the way).
  func progress(at elapsed: Double) -> Double {
    let t = max(0, elapsed * speedFactor - delayTime)
    guard duration > 0, t < duration else { return 1 }
    let x = t / duration
    switch curve {
    case .linear: return x
    case .easeIn: return x * x * x
    case .easeOut: return 1 - pow(1 - x, 3)
    case .easeInOut: return x < 0.5 ? 4 * x * x * x : 1 - pow(-2 * x + 2, 3) / 2
    case .spring(let response, let damping):
      let omega = 2 * Double.pi / response
      if damping >= 1 { return 1 - exp(-omega * t) * (1 + omega * t) }
      let damped = omega * (1 - damping * damping).squareRoot()
      return 1 - exp(-damping * omega * t) * (cos(damped * t) + damping * omega / damped * sin(damped * t))
    }
  }
}

/// The animation of the state changes being made: what ``withAnimation(_:_:)`` sets.
enum TransactionContext {
  /// Bound for the duration of a `withAnimation` body, in its task: a change made there
  /// (to `@State`, or to an `@Observable` model, whose observers are told inside the
  /// mutation) reads it wherever it runs.
  @TaskLocal static var animation: Animation?
}

/// Makes the state changes of `body` with an animation: the views they move, resize,
/// insert or remove animate, as in SwiftUI. Nil makes them without one.
@MainActor
public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result {
  try TransactionContext.$animation.withValue(animation) { try body() }
}

extension View {
  /// Animates the changes inside the view when `value` changes, with `animation`.
  public func animation<V: Equatable>(_ animation: Animation?, value: V) -> some View {
    modifier(AnimationModifier(animation: animation, value: AnyEquatable(value)))
  }
}

extension View {
  /// Animates every change inside the view with `animation` whenever the view is updated;
  /// nil makes the changes inside at once, even inside a scope that animates. The older
  /// spelling of ``animation(_:value:)``, which animates only when its value changes.
  public func animation(_ animation: Animation?) -> some View {
    modifier(ImplicitAnimationModifier(animation: animation))
  }
}

struct ImplicitAnimationModifier: PrimitiveModifier {
  let animation: Animation?

  func makeNode<Content: View>(content: Content, in context: NodeContext) -> ViewNode {
    let node = AnimationNode(context, viewType: ObjectIdentifier(ModifiedContent<Content, Self>.self))
    node.children = [node.makeChild(content)]
    return node
  }

  func update<Content: View>(_ node: ViewNode, content: Content) {
    node.graph.animate(node, with: animation)
    node.updateChild(0, to: content)
  }
}

/// A value compared with the one before: the trigger of ``View/animation(_:value:)``.
struct AnyEquatable: Equatable {
  let value: Any
  let equals: (Any) -> Bool

  init<V: Equatable>(_ value: V) {
    self.value = value
    equals = { ($0 as? V) == value }
  }

  static func == (lhs: AnyEquatable, rhs: AnyEquatable) -> Bool { lhs.equals(rhs.value) }
}

struct AnimationModifier: PrimitiveModifier {
  let animation: Animation?
  let value: AnyEquatable

  func makeNode<Content: View>(content: Content, in context: NodeContext) -> ViewNode {
    let node = AnimationNode(context, viewType: ObjectIdentifier(ModifiedContent<Content, Self>.self))
    node.value = value
    node.children = [node.makeChild(content)]
    return node
  }

  func update<Content: View>(_ node: ViewNode, content: Content) {
    guard let node = node as? AnimationNode else { return }
    if let old = node.value, old != value, let animation { graph(of: node).animate(node, with: animation) }
    node.value = value
    node.updateChild(0, to: content)
  }

  private func graph(of node: ViewNode) -> ViewGraph { node.graph }
}

@MainActor
final class AnimationNode: ViewNode {
  var value: AnyEquatable?
}

// MARK: - The animator

/// Moves views from where they were to where layout put them, and fades views in and out,
/// frame by frame on the window's clock.
@MainActor
final class Animator {
  private struct Motion {
    var from: Rect
    var to: Rect
    var fromAlpha: Double
    var toAlpha: Double
    var start: Double
    var animation: Animation
    /// Whether the view leaves its superview at the end: a removed view fading out.
    var removesAtEnd: Bool
  }

  private var motions: [ObjectIdentifier: (view: Views.View, motion: Motion)] = [:]
  private var timer: ScheduledAction?

  /// Whether anything is moving.
  var isAnimating: Bool { !motions.isEmpty }

  /// Moves `view` from where it shows now to `frame`, keeping any fade it makes.
  func move(_ view: Views.View, to frame: Rect, animation: Animation, clock: any MainActorClock) {
    start(view, frame: frame, alpha: nil, animation: animation, clock: clock)
  }

  /// Fades `view` in from transparent to its own opacity.
  func fadeIn(_ view: Views.View, animation: Animation, clock: any MainActorClock) {
    let alpha = view.alpha
    view.alpha = 0
    start(view, frame: nil, alpha: alpha, animation: animation, clock: clock)
  }

  /// Fades `view` from the opacity it shows to `alpha`, keeping any move it makes.
  func fade(_ view: Views.View, to alpha: Double, animation: Animation, clock: any MainActorClock) {
    start(view, frame: nil, alpha: alpha, animation: animation, clock: clock)
  }

  /// The opacity `view` is fading to, when it fades.
  func targetAlpha(of view: Views.View) -> Double? { motions[ObjectIdentifier(view)]?.motion.toAlpha }

  /// Fades `view` out, then takes it out of its superview.
  func fadeOut(_ view: Views.View, animation: Animation, clock: any MainActorClock) {
    start(view, frame: nil, alpha: 0, animation: animation, clock: clock, removesAtEnd: true)
  }

  /// Starts a motion of `view` from where and how it shows now to `frame` and `alpha`; nil
  /// keeps the end of any motion it makes, or where and how it is.
  private func start(
    _ view: Views.View, frame: Rect?, alpha: Double?, animation: Animation, clock: any MainActorClock,
    removesAtEnd: Bool = false
  ) {
    let key = ObjectIdentifier(view)
    let running = motions[key]?.motion
    motions[key] = (
      view,
      Motion(
        from: view.untransformedFrame, to: frame ?? running?.to ?? view.untransformedFrame, fromAlpha: view.alpha,
        toAlpha: alpha ?? running?.toAlpha ?? view.alpha, start: clock.now, animation: animation,
        removesAtEnd: removesAtEnd)
    )
    schedule(clock)
  }

  /// Stops any motion of `view`, leaving it at its end.
  func stop(_ view: Views.View) {
    guard let (_, motion) = motions.removeValue(forKey: ObjectIdentifier(view)) else { return }
    view.frame = motion.to
    view.alpha = motion.toAlpha
  }

  /// The frame `view` is moving to, when it moves.
  func target(of view: Views.View) -> Rect? {
    // Asked at every placement: most of the time nothing moves.
    motions.isEmpty ? nil : motions[ObjectIdentifier(view)]?.motion.to
  }

  private func schedule(_ clock: any MainActorClock) {
    guard timer == nil else { return }
    timer = clock.schedule(after: 1.0 / 60) { [weak self] in
      guard let self else { return }
      self.timer = nil
      self.step(clock)
    }
  }

  /// One frame: every motion moves on, and those that ended leave.
  private func step(_ clock: any MainActorClock) {
    let now = clock.now
    for (key, entry) in motions {
      let (view, motion) = entry
      let elapsed = now - motion.start
      let p = motion.animation.progress(at: elapsed)
      func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * p }
      let finished = elapsed >= motion.animation.totalDuration
      if finished {
        view.frame = motion.to
        view.alpha = motion.toAlpha
        if motion.removesAtEnd { view.removeFromSuperview() }
        motions.removeValue(forKey: key)
      } else {
        view.frame = Rect(
          x: mix(motion.from.minX, motion.to.minX), y: mix(motion.from.minY, motion.to.minY),
          width: max(0, mix(motion.from.width, motion.to.width)),
          height: max(0, mix(motion.from.height, motion.to.height)))
        view.alpha = min(1, max(0, mix(motion.fromAlpha, motion.toAlpha)))
      }
    }
    if !motions.isEmpty { schedule(clock) }
  }
}

/// A picture of a removed view, fading out where the view was.
@MainActor
final class FadingGhost: Views.View {
  init(of view: Views.View) {
    super.init(frame: view.frame)
    let snapshot = view.snapshotView()
    snapshot.frame = bounds
    addSubview(snapshot)
    isUserInteractionEnabled = false
    alpha = view.alpha
  }
}
