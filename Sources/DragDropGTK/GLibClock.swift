import CGTK
import DragDrop

/// The window clock of a GTK application: GLib's monotonic time, with each deadline a
/// one-shot GLib timeout.
///
/// Only the earliest pending action has a timeout armed; when it fires, every action due
/// runs (in time order, then in the order scheduled) and the next timeout is armed. An
/// idle clock has no timeout at all, so it costs nothing.
@MainActor
public final class GLibClock: MainActorClock {
  /// Keeps the pending actions in order; it is advanced to the real time when a timeout
  /// fires.
  private let queue = ManualClock(now: MainLoop.monotonicNow)
  private var armedSource: guint = 0
  private var armedTime = Double.infinity
  private var ticket: TimeoutTicket?
  /// Called after actions have run, so that a window can redraw.
  var actionsDidRun: (@MainActor () -> Void)?

  public init() {}

  isolated deinit {
    disarm()
  }

  /// GLib's monotonic time, in seconds.
  public var now: Double { MainLoop.monotonicNow }

  @discardableResult
  public func schedule(at time: Double, _ action: @escaping @MainActor () -> Void) -> ScheduledAction {
    let scheduled = queue.schedule(at: time, action)
    if scheduled.time < armedTime { arm() }
    return scheduled
  }

  /// Whether an action is waiting.
  public var hasPendingActions: Bool { queue.nextActionTime != nil }

  /// Runs the actions that are due and arms a timeout for the next one.
  private func fire() {
    armedSource = 0
    armedTime = .infinity
    ticket = nil
    queue.advance(to: now)
    arm()
    actionsDidRun?()
  }

  private func arm() {
    disarm()
    guard let next = queue.nextActionTime else { return }
    let milliseconds = max(0, ((next - now) * 1000).rounded(.up))
    let ticket = TimeoutTicket(clock: self)
    let callback: GSourceFunc = { data in
      let ticket = Unmanaged<TimeoutTicket>.fromOpaque(data!).takeUnretainedValue()
      MainActor.assumeIsolated { ticket.clock?.fire() }
      return gboolean(0)
    }
    let release: GDestroyNotify = { data in
      guard let data else { return }
      Unmanaged<TimeoutTicket>.fromOpaque(data).release()
    }
    armedSource = g_timeout_add_full(
      G_PRIORITY_DEFAULT, guint(min(milliseconds, Double(UInt32.max))), callback,
      Unmanaged.passRetained(ticket).toOpaque(), release)
    armedTime = next
    self.ticket = ticket
  }

  private func disarm() {
    if armedSource != 0 { g_source_remove(armedSource) }
    armedSource = 0
    armedTime = .infinity
    ticket = nil
  }
}

/// The user data of one armed timeout: a weak reference back to its clock.
@MainActor
private final class TimeoutTicket {
  weak var clock: GLibClock?
  init(clock: GLibClock) { self.clock = clock }
}
