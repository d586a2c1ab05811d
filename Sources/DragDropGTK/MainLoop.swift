internal import CGTK
import DragDrop

/// GLib's main loop as the main actor's run loop.
///
/// Swift's main actor runs its jobs on Dispatch's main queue. When GLib owns the main
/// thread, nothing would drain that queue; ``integrateMainQueue()`` adds a GLib source
/// that watches the queue's wake-up descriptor (an eventfd on Linux) and drains the queue
/// whenever libdispatch signals it. Nothing polls: an idle process sleeps in `poll(2)`
/// until GLib or Dispatch has work.
@MainActor
public enum MainLoop {
  private static var sourceID: guint = 0
  private static var drainObservers: [ObjectIdentifier: @MainActor () -> Void] = [:]

  /// Whether the main queue is drained by GLib's default main context.
  public static var isMainQueueIntegrated: Bool { sourceID != 0 }

  /// Adds the main-queue source to GLib's default main context, once. Call it on the main
  /// thread before running GLib's loop (``GTKApplication/run(_:)`` does).
  public static func integrateMainQueue() {
    guard sourceID == 0 else { return }
    let descriptor = _dispatch_get_main_queue_handle_4CF()
    let drain: GUnixFDSourceFunc = { descriptor, _, _ in
      // Reset the eventfd first: work enqueued while draining signals it again.
      ddgtk_eventfd_clear(descriptor)
      _dispatch_main_queue_callback_4CF(nil)
      MainActor.assumeIsolated { MainLoop.mainQueueDidDrain() }
      return gboolean(1)
    }
    sourceID = g_unix_fd_add(descriptor, G_IO_IN, drain, nil)
  }

  /// Runs `action` on the main actor once GLib has nothing more urgent: after input,
  /// transfers, and GTK's layout and drawing that are due (an idle source at
  /// `G_PRIORITY_HIGH_IDLE + 30`, just after GTK's redraw).
  ///
  /// Work cut into pieces, each piece asking for the next this way, lets a window draw and
  /// take input between the pieces. Main-actor jobs cannot do that by themselves: the main
  /// queue's source runs at the default priority, ahead of drawing, so that transfers
  /// driven by main-actor reads keep pace with the peer.
  ///
  /// An idle source runs only when nothing more urgent is pending, which under a stream of
  /// input (a wheel turning, a drag moving) may be never: `action` runs at the latest
  /// ``afterDrawingDeadline`` seconds later, from a timeout at the default priority. So
  /// pieces of work go on, one per frame or one per deadline, while the user scrolls.
  public static func runAfterDrawing(_ action: @escaping @MainActor () -> Void) {
    addIdle(priority: G_PRIORITY_HIGH_IDLE + 30, deadline: afterDrawingDeadline, action)
  }

  /// How long ``runAfterDrawing(_:)`` waits at most for the main loop to be idle.
  public static let afterDrawingDeadline = 0.05

  /// Runs `action` on the main actor from an idle source at the default priority, level
  /// with input and transfers: the next step of a transfer, never from inside the previous
  /// step's callback. Unlike a main-actor job, it does not count as a drain of the main
  /// queue, so windows do not redraw for it: a transfer's steps change no view.
  static func runSoon(_ action: @escaping @MainActor () -> Void) {
    addIdle(priority: G_PRIORITY_DEFAULT, action)
  }

  /// Runs `action` on the main actor from an idle source at `G_PRIORITY_HIGH`, ahead of
  /// input and of GDK's X events: the next read of bytes that have already arrived, so that
  /// they are taken before GDK fetches more.
  static func runBeforeEvents(_ action: @escaping @MainActor () -> Void) {
    addIdle(priority: G_PRIORITY_HIGH, action)
  }

  /// Runs `action` once from an idle source at `priority`, or, with a `deadline`, from a
  /// timeout at the default priority if the idle has not run by then, whichever comes
  /// first: the other then does nothing.
  private static func addIdle(priority: Int32, deadline: Double? = nil, _ action: @escaping @MainActor () -> Void) {
    let box = IdleAction(action)
    let callback: GSourceFunc = { data in
      let box = Unmanaged<IdleAction>.fromOpaque(data!).takeUnretainedValue()
      MainActor.assumeIsolated {
        box.run()
        // The idle ran first: the deadline's timeout is not needed.
        if box.timeout != 0 { g_source_remove(box.timeout) }
        box.timeout = 0
      }
      return gboolean(0)
    }
    let release: GDestroyNotify = { data in
      guard let data else { return }
      Unmanaged<IdleAction>.fromOpaque(data).release()
    }
    g_idle_add_full(priority, callback, Unmanaged.passRetained(box).toOpaque(), release)
    guard let deadline else { return }
    let late: GSourceFunc = { data in
      let box = Unmanaged<IdleAction>.fromOpaque(data!).takeUnretainedValue()
      MainActor.assumeIsolated {
        box.timeout = 0
        box.run()
      }
      return gboolean(0)
    }
    box.timeout = g_timeout_add_full(
      G_PRIORITY_DEFAULT, guint((deadline * 1000).rounded(.up)), late, Unmanaged.passRetained(box).toOpaque(), release)
  }

  /// Calls `observer` after each drain of the main queue (windows redraw then, since main
  /// actor work may have changed their views), until ``removeDrainObserver(_:)`` is called
  /// with the same owner.
  static func addDrainObserver(_ owner: AnyObject, _ observer: @escaping @MainActor () -> Void) {
    drainObservers[ObjectIdentifier(owner)] = observer
  }

  static func removeDrainObserver(_ owner: AnyObject) {
    drainObservers[ObjectIdentifier(owner)] = nil
  }

  private static func mainQueueDidDrain() {
    for observer in drainObservers.values { observer() }
  }

  /// Runs one iteration of GLib's default main context; with `blocking`, waits for an
  /// event first. Returns whether anything was dispatched.
  @discardableResult
  public static func iterate(blocking: Bool = false) -> Bool {
    g_main_context_iteration(nil, blocking ? 1 : 0) != 0
  }

  /// Runs the default main context until `condition` holds or `timeout` seconds pass on
  /// the monotonic clock, sleeping in GLib between events. Returns whether the condition
  /// held. Meant for programs that wait on a real display, where time cannot be injected.
  public static func run(until condition: () -> Bool, timeout: Double) -> Bool {
    // NaN waits no time; an infinite timeout waits until the condition holds.
    let timeout = timeout.isNaN ? 0 : timeout
    let deadline = monotonicNow + timeout
    // A wake-up at the deadline, so that a quiet display cannot block the wait forever;
    // GLib's timer takes at most 2³² - 1 ms (49 days), so a longer wait re-arms it.
    let milliseconds = min(Double(UInt32.max), max(1, (timeout * 1000).rounded(.up)))
    let wake = g_timeout_add_full(G_PRIORITY_DEFAULT, guint(milliseconds), { _ in gboolean(1) }, nil, nil)
    defer { g_source_remove(wake) }
    while !condition() {
      guard monotonicNow < deadline else { return false }
      iterate(blocking: true)
    }
    return true
  }

  /// GLib's monotonic clock in seconds.
  public static var monotonicNow: Double { Double(g_get_monotonic_time()) / 1_000_000 }
}

/// The action of one ``MainLoop/runAfterDrawing(_:)`` or `runSoon`, held by its idle source.
private final class IdleAction: @unchecked Sendable {
  // Touched only on the main thread: made there, run and released by GLib's default
  // main context, which the main thread runs.
  private var action: (@MainActor () -> Void)?
  /// The deadline's timeout source while it is pending; 0 for none.
  var timeout: guint = 0
  init(_ action: @escaping @MainActor () -> Void) { self.action = action }

  @MainActor func run() {
    let action = self.action
    self.action = nil
    action?()
  }
}
