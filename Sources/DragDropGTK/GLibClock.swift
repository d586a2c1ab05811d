internal import CGTK
import DragDrop

/// The window clock of a GTK application: GLib's monotonic time, with each deadline a
/// one-shot GLib timeout, or a frame of the window's frame clock when the deadline is near.
///
/// Only the earliest pending action has a timeout armed; when it fires, every action due
/// runs (in time order, then in the order scheduled) and the next timeout is armed. An
/// idle clock has no timeout at all, so it costs nothing.
///
/// Animations schedule their steps a frame apart. When a window drives the clock
/// (``GTKWindow`` sets ``frameDriver``), actions due within ``frameHorizon`` are left to
/// the frame clock: each frame runs what is due (``runDueActions()``) just before it is
/// drawn, so animations advance in step with the frames shown. A timeout a horizon later
/// still runs them if no frame comes (a hidden window).
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
  /// Asks for frames: set by a window whose frame clock then calls ``runDueActions()``
  /// each frame while an action is due within ``frameHorizon``.
  public var frameDriver: (@MainActor () -> Void)?
  /// How near a deadline must be to be left to the frame clock: three frames at 60 Hz.
  public static let frameHorizon = 0.05

  /// A clock on GLib's monotonic time, whose actions run from GLib's main loop.
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

  /// When the next action is due, if any.
  public var nextActionTime: Double? { queue.nextActionTime }

  /// Whether the next action is near enough for the frame clock to run it.
  public var hasActionWithinFrameHorizon: Bool {
    guard let next = queue.nextActionTime else { return false }
    return next - now < Self.frameHorizon
  }

  /// Runs the actions that are due, then arms for the next one. A window's frame clock
  /// calls it each frame while ``hasActionWithinFrameHorizon``.
  public func runDueActions() {
    disarm()
    runAndRearm()
  }

  /// Called by the armed timeout as it fires: GLib removes the source itself.
  private func fire() {
    armedSource = 0
    armedTime = .infinity
    ticket = nil
    runAndRearm()
  }

  private func runAndRearm() {
    queue.advance(to: now)
    arm()
    actionsDidRun?()
  }

  private func arm() {
    disarm()
    guard let next = queue.nextActionTime else { return }
    var deadline = next
    if let frameDriver, next - now < Self.frameHorizon {
      frameDriver()
      deadline = next + Self.frameHorizon  // only if no frame comes first
    }
    let milliseconds = max(0, ((deadline - now) * 1000).rounded(.up))
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
    armedTime = deadline
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
