import Foundation
import HeapModule

/// The one clock every time-dependent behaviour reads: the lift delay, spring loading,
/// reordering cadence, auto-scroll and animations. A window gets one when it is made.
///
/// Tests use ``ManualClock`` and advance it; applications use ``DispatchMainClock`` or a
/// platform clock. Nothing in the engine sleeps or polls.
@MainActor
public protocol MainActorClock: AnyObject {
  /// The current time, in seconds from an arbitrary origin. Never decreases.
  var now: Double { get }
  /// Runs `action` on the main actor once `now` has reached `time`. The token cancels it.
  @discardableResult
  func schedule(at time: Double, _ action: @escaping @MainActor () -> Void) -> ScheduledAction
}

extension MainActorClock {
  /// Runs `action` after `delay` seconds.
  @discardableResult
  public func schedule(after delay: Double, _ action: @escaping @MainActor () -> Void) -> ScheduledAction {
    schedule(at: now + max(0, delay), action)
  }
}

/// A scheduled action that has not run yet, or has run, or was cancelled.
@MainActor
public final class ScheduledAction {
  private var action: (@MainActor () -> Void)?
  /// When it runs.
  public let time: Double

  init(time: Double, action: @escaping @MainActor () -> Void) {
    self.time = time
    self.action = action
  }

  /// Whether it is still waiting to run.
  public var isPending: Bool { action != nil }

  /// Prevents the action from running; does nothing once it has run.
  public func cancel() {
    action = nil
  }

  func run() {
    guard let action else { return }
    self.action = nil
    action()
  }
}

/// A clock that moves only when told to. Actions run in time order, and actions due at the
/// same time run in the order they were scheduled; an action scheduled while advancing runs
/// in the same advance when it is due.
@MainActor
public final class ManualClock: MainActorClock {
  public private(set) var now: Double
  /// The pending actions, earliest first; cancelled ones leave when they reach the top.
  private var pending = Heap<Entry>()
  private var sequence = 0

  /// An action in the queue: ordered by time, then by when it was scheduled.
  private struct Entry: Comparable {
    let time: Double
    let sequence: Int
    let action: ScheduledAction

    static func < (lhs: Entry, rhs: Entry) -> Bool {
      lhs.time != rhs.time ? lhs.time < rhs.time : lhs.sequence < rhs.sequence
    }
    static func == (lhs: Entry, rhs: Entry) -> Bool { lhs.sequence == rhs.sequence }
  }

  /// A clock that reads `now` until it is moved.
  public init(now: Double = 0) {
    self.now = now
  }

  @discardableResult
  public func schedule(at time: Double, _ action: @escaping @MainActor () -> Void) -> ScheduledAction {
    let scheduled = ScheduledAction(time: max(time, now), action: action)
    sequence += 1
    pending.insert(Entry(time: scheduled.time, sequence: sequence, action: scheduled))
    return scheduled
  }

  /// Moves time forward by `interval` seconds, running every action that falls due, each
  /// with `now` set to its own time.
  public func advance(by interval: Double) {
    advance(to: now + max(0, interval))
  }

  /// Moves time forward to `time`, running every action that falls due on the way.
  public func advance(to time: Double) {
    while let next = nextDue(before: time) {
      now = max(now, next.time)
      next.run()
    }
    now = max(now, time)
  }

  /// Runs every action due now, without moving time.
  public func runDue() {
    advance(to: now)
  }

  /// Cancels every pending action. Actions often hold the views and windows that
  /// scheduled them; a clock that will never move again lets them go this way.
  public func cancelAll() {
    for entry in pending.unordered { entry.action.cancel() }
    pending = Heap()
  }

  /// The time of the next pending action, if any.
  public var nextActionTime: Double? {
    dropCancelled()
    return pending.min?.time
  }

  /// How many actions wait, cancelled ones not yet dropped included.
  var queuedCount: Int { pending.count }

  private func dropCancelled() {
    while let top = pending.min, !top.action.isPending { pending.removeMin() }
  }

  private func nextDue(before time: Double) -> ScheduledAction? {
    dropCancelled()
    guard let top = pending.min, top.time <= time else { return nil }
    return pending.removeMin().action
  }
}

/// A clock on the main dispatch queue, for applications without a platform clock.
@MainActor
public final class DispatchMainClock: MainActorClock {
  /// The clock of the main dispatch queue, in seconds of uptime.
  public init() {}

  public var now: Double { ProcessInfo.processInfo.systemUptime }

  @discardableResult
  public func schedule(at time: Double, _ action: @escaping @MainActor () -> Void) -> ScheduledAction {
    let scheduled = ScheduledAction(time: time, action: action)
    let delay = max(0, time - now)
    DispatchQueue.main.asyncAfter(deadline: .now() + delay) {
      MainActor.assumeIsolated { scheduled.run() }
    }
    return scheduled
  }
}
