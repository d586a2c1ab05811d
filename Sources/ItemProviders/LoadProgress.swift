import Synchronization

/// The progress of a load: how much is done, and a way to cancel it.
///
/// It has the shape of Foundation's `Progress` (unit counts, `fractionCompleted`, children
/// with pending unit counts, `cancel()` and a cancellation handler) and is safe to use from
/// any thread at once, as loads are: a handler reports from its own thread while the
/// interface reads the fraction and the person cancels. Foundation's `Progress` on this
/// platform does not lock, so it is not used across threads here.
public final class LoadProgress: Sendable, CustomStringConvertible {
  private struct State {
    var total: Int64
    var completed: Int64 = 0
    var cancelled = false
    var cancellationHandler: (@Sendable () -> Void)?
    var children: [(progress: LoadProgress, pending: Int64)] = []
  }

  private let state: Mutex<State>

  /// A progress of `totalUnitCount` units; 0 or less means the amount is not known yet.
  public init(totalUnitCount: Int64 = 0) {
    state = Mutex(State(total: totalUnitCount))
  }

  /// How many units the whole load is; 0 or less while it is not known.
  public var totalUnitCount: Int64 {
    get { state.withLock { $0.total } }
    set { state.withLock { $0.total = newValue } }
  }

  /// How many units are done.
  public var completedUnitCount: Int64 {
    get { state.withLock { $0.completed } }
    set { state.withLock { $0.completed = newValue } }
  }

  /// From 0 to 1: the completed units plus each child's share of its pending units, over
  /// the total. 0 while the total is unknown.
  public var fractionCompleted: Double {
    let (total, completed, children) = state.withLock { ($0.total, $0.completed, $0.children) }
    guard total > 0 else { return 0 }
    var done = Double(max(0, min(completed, total)))
    for child in children { done += Double(child.pending) * child.progress.fractionCompleted }
    return min(1, done / Double(total))
  }

  /// Whether the completed units have reached a known total, or the fraction has reached 1.
  public var isFinished: Bool { fractionCompleted >= 1 }

  /// Whether ``cancel()`` has been called, here or on a parent.
  public var isCancelled: Bool { state.withLock { $0.cancelled } }

  /// Runs once when the progress is cancelled, on the cancelling thread; at once if it
  /// already is.
  public var cancellationHandler: (@Sendable () -> Void)? {
    get { state.withLock { $0.cancellationHandler } }
    set {
      let runNow = state.withLock { state -> Bool in
        guard !state.cancelled else { return true }
        state.cancellationHandler = newValue
        return false
      }
      if runNow { newValue?() }
    }
  }

  /// Cancels this progress and its children. Only the first call has an effect.
  public func cancel() {
    let (handler, children) =
      state.withLock { state -> ((@Sendable () -> Void)?, [LoadProgress])? in
        guard !state.cancelled else { return nil }
        state.cancelled = true
        defer { state.cancellationHandler = nil }
        return (state.cancellationHandler, state.children.map(\.progress))
      } ?? (nil, [])
    handler?()
    for child in children { child.cancel() }
  }

  /// Makes `child` part of this progress, worth `pendingUnitCount` of its units. A child
  /// added to a cancelled progress is cancelled at once.
  ///
  /// Progress forms a tree: adding a progress to itself, or to one of its own descendants,
  /// would make a cycle whose fraction has no answer. That is refused: nothing changes and
  /// the call returns false.
  @discardableResult
  public func addChild(_ child: LoadProgress, withPendingUnitCount pendingUnitCount: Int64) -> Bool {
    // One lock for every change of shape, so that two threads cannot close a cycle between
    // them by adding each to the other at once.
    let cancelled = Self.shapeLock.withLock { _ -> Bool? in
      guard !child.hasDescendant(self) else { return nil }
      return state.withLock { state -> Bool in
        state.children.append((child, max(0, pendingUnitCount)))
        return state.cancelled
      }
    }
    guard let cancelled else { return false }
    if cancelled { child.cancel() }
    return true
  }

  private static let shapeLock = Mutex(())

  /// Whether `other` is this progress or below it.
  private func hasDescendant(_ other: LoadProgress) -> Bool {
    var stack = [self]
    var seen = Set<ObjectIdentifier>()
    while let next = stack.popLast() {
      if next === other { return true }
      guard seen.insert(ObjectIdentifier(next)).inserted else { continue }
      stack += next.state.withLock { $0.children.map(\.progress) }
    }
    return false
  }

  public var description: String {
    let (total, completed, cancelled) = state.withLock { ($0.total, $0.completed, $0.cancelled) }
    return "LoadProgress(\(completed)/\(total)\(cancelled ? ", cancelled" : ""), \(fractionCompleted))"
  }
}
