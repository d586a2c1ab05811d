import CGTK
import DragDrop
import DragDropGTK
import Testing

/// Signal connections and the GLib clock, on GLib objects that need no display.
@MainActor
@Suite("GLib signals and clock", .serialized)
struct SignalTests {
  /// A GObject whose finalisation is observed; `GApplication` needs no display.
  func makeApplication() -> UnsafeMutablePointer<GApplication> {
    let application = g_application_new("org.dragdrop.SignalTests", G_APPLICATION_NON_UNIQUE)!
    // Only a registered application activates; without a session bus it registers locally.
    _ = g_application_register(application, nil, nil)
    return application
  }

  @Test func aHandlerRunsUntilDisconnected() {
    final class Counter {
      var count = 0
    }
    let application = makeApplication()
    defer { g_object_unref(application) }
    let first = Counter()
    let second = Counter()
    let connection = connectActivate(application) { first.count += 1 }
    let other = connectActivate(application) { second.count += 1 }
    g_application_activate(application)
    g_application_activate(application)
    #expect(first.count == 2 && second.count == 2)
    connection.disconnect()
    #expect(!connection.isConnected && other.isConnected)
    g_application_activate(application)
    #expect(first.count == 2 && second.count == 3)
    // A second disconnect does nothing.
    connection.disconnect()
    other.disconnect()
  }

  @Test func handlersAreReleasedWhenTheObjectIsFinalised() {
    final class Witness {}
    let application = makeApplication()
    weak var weakWitness: Witness?
    let connection: SignalConnection
    do {
      let witness = Witness()
      weakWitness = witness
      connection = connectActivate(application) { _ = witness }
    }
    #expect(weakWitness != nil)
    g_object_unref(application)
    #expect(weakWitness == nil)
    // Disconnecting after the object has gone is harmless.
    connection.disconnect()
  }

  @Test func theClockRunsActionsInTimeOrderAndSkipsCancelledOnes() {
    let clock = GLibClock()
    var order: [String] = []
    let start = clock.now
    clock.schedule(after: 0.03) { order.append("c") }
    clock.schedule(after: 0.01) { order.append("a") }
    let cancelled = clock.schedule(after: 0.005) { order.append("cancelled") }
    clock.schedule(after: 0.02) {
      order.append("b")
      clock.schedule(after: 0) { order.append("b2") }
    }
    cancelled.cancel()
    // Real time must pass; the loop sleeps in GLib until a timeout is due.
    let finished = MainLoop.run(until: { order.count == 4 }, timeout: 10)
    #expect(finished)
    #expect(order == ["a", "b", "b2", "c"])
    #expect(clock.now - start >= 0.03)
    #expect(!clock.hasPendingActions)
  }

  @Test("Near deadlines ask a window for frames, which run them; a timeout still runs them if no frame comes")
  func nearDeadlinesGoToTheFrameClock() {
    let clock = GLibClock()
    var requests = 0
    clock.frameDriver = { requests += 1 }
    var order: [String] = []
    clock.schedule(after: 5) { order.append("far") }
    #expect(requests == 0)  // five seconds away: a plain timeout
    clock.schedule(after: 0) { order.append("now") }
    #expect(requests == 1)
    #expect(clock.hasActionWithinFrameHorizon)
    clock.runDueActions()  // what a frame does
    #expect(order == ["now"])
    #expect(!clock.hasActionWithinFrameHorizon)
    // No frame comes for this one: the timeout a horizon later runs it.
    clock.schedule(after: 0.01) { order.append("unframed") }
    #expect(requests == 2)
    let finished = MainLoop.run(until: { order.count == 2 }, timeout: 10)
    #expect(finished)
    #expect(order == ["now", "unframed"])
  }

  @Test("An action after drawing runs once, after ready work at the default priority")
  func anActionAfterDrawingWaitsForMoreUrgentWork() {
    let clock = GLibClock()
    var order: [String] = []
    MainLoop.runAfterDrawing { order.append("after drawing") }
    clock.schedule(after: 0) { order.append("default priority") }
    let finished = MainLoop.run(until: { order.count == 2 }, timeout: 10)
    #expect(finished)
    #expect(order == ["default priority", "after drawing"])
    for _ in 0..<10 { MainLoop.iterate() }
    #expect(order.count == 2)
  }

  /// Busy work at the default priority that never lets GLib's loop go idle, as a stream of
  /// input does.
  final class Busy {
    var turns = 0
    var stop = false
  }

  @Test("An action after drawing runs by its deadline while more urgent work never lets the loop idle")
  func anActionAfterDrawingRunsByItsDeadline() {
    let busy = Busy()
    g_idle_add_full(
      G_PRIORITY_DEFAULT,
      { data in
        let busy = Unmanaged<Busy>.fromOpaque(data!).takeUnretainedValue()
        busy.turns += 1
        return busy.stop ? 0 : 1
      }, Unmanaged.passRetained(busy).toOpaque(), { data in Unmanaged<Busy>.fromOpaque(data!).release() })
    var runs = 0
    MainLoop.runAfterDrawing { runs += 1 }
    let finished = MainLoop.run(until: { runs > 0 }, timeout: 10)
    busy.stop = true
    for _ in 0..<10 { MainLoop.iterate() }
    #expect(finished)
    #expect(busy.turns > 1, "the loop was never idle")
    #expect(runs == 1)
  }
}
