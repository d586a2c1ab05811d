package import CGTK

/// A connected signal handler (or a draw function or tick callback). The handler closure
/// is owned by GLib, which releases it when the handler is disconnected or the object is
/// finalised; ``disconnect()`` ends the connection early.
///
/// Every signal is connected through one GClosure marshaller, written once: it reads the
/// emission's arguments from their GValues and sets the return value. Each typed
/// `connect…` function below only says which arguments its handler takes. The draw
/// function and the tick callback are not signals, and have C thunks of their own.
@MainActor
package final class SignalConnection {
  private var disconnectAction: (() -> Void)?

  init(disconnect: @escaping () -> Void) {
    disconnectAction = disconnect
  }

  /// A connection for a GObject signal handler: disconnecting is safe even after the
  /// object has been finalised, because the object is watched through a weak pointer.
  convenience init(instance: UnsafeMutableRawPointer, handlerID: gulong) {
    let weak = WeakObject(instance)
    self.init {
      guard let object = weak.object else { return }
      if g_signal_handler_is_connected(object, handlerID) != 0 {
        g_signal_handler_disconnect(object, handlerID)
      }
    }
  }

  /// Whether ``disconnect()`` has not been called yet.
  package var isConnected: Bool { disconnectAction != nil }

  /// Disconnects the handler; GLib then releases its closure. Calling it again does nothing.
  package func disconnect() {
    let action = disconnectAction
    disconnectAction = nil
    action?()
  }
}

/// A GObject watched through a GLib weak pointer, which GLib clears when the object dies.
@MainActor
final class WeakObject {
  private let slot: UnsafeMutablePointer<gpointer?>

  init(_ object: UnsafeMutableRawPointer) {
    slot = .allocate(capacity: 1)
    slot.initialize(to: object)
    g_object_add_weak_pointer(ddgtk_object(object), slot)
  }

  var object: UnsafeMutableRawPointer? { slot.pointee }

  isolated deinit {
    if let object = slot.pointee { g_object_remove_weak_pointer(ddgtk_object(object), slot) }
    slot.deinitialize(count: 1)
    slot.deallocate()
  }
}

/// A closure boxed for GLib: retained once as user data, released by the destroy-notify.
final class HandlerBox<Handler> {
  let handler: Handler
  init(_ handler: Handler) { self.handler = handler }

  /// A +1 reference for GLib to own.
  var retainedPointer: gpointer { Unmanaged.passRetained(self).toOpaque() }

  static func from(_ pointer: gpointer?) -> HandlerBox {
    Unmanaged<HandlerBox>.fromOpaque(pointer!).takeUnretainedValue()
  }

  /// The destroy-notify GLib calls when it drops the handler.
  static var release: GClosureNotify {
    { data, _ in
      guard let data else { return }
      Unmanaged<AnyObject>.fromOpaque(data).release()
    }
  }

  static var destroyNotify: GDestroyNotify {
    { data in
      guard let data else { return }
      Unmanaged<AnyObject>.fromOpaque(data).release()
    }
  }
}

/// The arguments of a signal emission after its instance, read from their GValues.
struct SignalArguments {
  private let values: UnsafePointer<GValue>
  private let count: Int

  init(_ values: UnsafePointer<GValue>, count: Int) {
    self.values = values
    self.count = count
  }

  /// The GValue of argument `index` (0 is the first after the instance).
  private func value(_ index: Int) -> UnsafePointer<GValue> {
    precondition(index + 1 < count, "the signal has no argument \(index)")
    return values + index + 1
  }

  func double(_ index: Int) -> Double { g_value_get_double(value(index)) }
  func int(_ index: Int) -> Int { Int(g_value_get_int(value(index))) }
  func uint(_ index: Int) -> UInt32 { g_value_get_uint(value(index)) }
  func flags(_ index: Int) -> UInt32 { g_value_get_flags(value(index)) }
  func enumeration(_ index: Int) -> Int32 { g_value_get_enum(value(index)) }
  func string(_ index: Int) -> String { g_value_get_string(value(index)).map { String(cString: $0) } ?? "" }
  /// An object, a boxed value, a fundamental instance (a GdkEvent) or a plain pointer: what
  /// the value holds in its first word.
  func pointer(_ index: Int) -> OpaquePointer? { OpaquePointer(g_value_peek_pointer(value(index))) }
  /// The emitting instance.
  var instance: OpaquePointer? { OpaquePointer(g_value_peek_pointer(values)) }
}

/// What a handler returns to the emission: nothing, a boolean, or flags.
enum SignalResult {
  case none
  case bool(Bool)
  case flags(UInt32)
}

typealias SignalHandler = @MainActor (SignalArguments) -> SignalResult

/// The one marshaller of every signal: runs the handler boxed in the closure's data on the
/// main actor with the emission's arguments, and sets the return value.
private let marshal: GClosureMarshal = { closure, returnValue, count, values, _, _ in
  guard let closure, let values, let box = closure.pointee.data else { return }
  nonisolated(unsafe) let data = box
  nonisolated(unsafe) let arguments = SignalArguments(values, count: Int(count))
  nonisolated(unsafe) let returnValue = returnValue
  MainActor.assumeIsolated {
    let result = HandlerBox<SignalHandler>.from(data).handler(arguments)
    guard let returnValue else { return }
    switch result {
    case .none: break
    case .bool(let value): g_value_set_boolean(returnValue, value ? 1 : 0)
    case .flags(let value): g_value_set_flags(returnValue, value)
    }
  }
}

/// Connects `handler` to `signal` of `instance` through the one marshaller.
@MainActor
private func connect(
  _ instance: UnsafeMutableRawPointer, _ signal: String, _ handler: @escaping SignalHandler
) -> SignalConnection {
  let box = HandlerBox(handler).retainedPointer
  let closure = g_closure_new_simple(guint(MemoryLayout<GClosure>.size), box)
  g_closure_set_marshal(closure, marshal)
  g_closure_add_finalize_notifier(closure, box, HandlerBox<SignalHandler>.release)
  let id = g_signal_connect_closure(instance, signal, closure, 0)
  return SignalConnection(instance: instance, handlerID: id)
}

@MainActor
private func connect(
  _ instance: OpaquePointer, _ signal: String, _ handler: @escaping SignalHandler
) -> SignalConnection {
  connect(UnsafeMutableRawPointer(instance), signal, handler)
}

/// Connects a handler that takes no argument and returns nothing to `signal`.
@MainActor
private func connect(
  _ instance: UnsafeMutableRawPointer, _ signal: String, plain handler: @escaping @MainActor () -> Void
) -> SignalConnection {
  connect(instance, signal) { _ in
    handler()
    return .none
  }
}

/// Runs `body` on the main actor from a GLib callback. GLib calls back on the thread that
/// runs its main context, which for DragDrop is the main actor's.
private func onMainActor<T: Sendable>(_ body: @MainActor () -> T) -> T {
  MainActor.assumeIsolated(body)
}

// MARK: - GApplication and GtkWindow

/// `activate` of a GApplication.
@MainActor
@discardableResult
package func connectActivate(
  _ application: UnsafeMutablePointer<GApplication>, _ handler: @escaping @MainActor () -> Void
) -> SignalConnection {
  connect(UnsafeMutableRawPointer(application), "activate", plain: handler)
}

/// `close-request` of a GtkWindow. Return true to keep the window open.
@MainActor
@discardableResult
package func connectCloseRequest(
  _ window: UnsafeMutablePointer<GtkWindow>, _ handler: @escaping @MainActor () -> Bool
) -> SignalConnection {
  connect(window, "close-request") { _ in .bool(handler()) }
}

/// `notify::scale-factor` of a GtkWidget.
@MainActor
@discardableResult
package func connectScaleFactorChanged(
  _ widget: UnsafeMutablePointer<GtkWidget>, _ handler: @escaping @MainActor () -> Void
) -> SignalConnection {
  connect(UnsafeMutableRawPointer(widget), "notify::scale-factor", plain: handler)
}

/// `realize` of a GtkWidget, after the widget's own realisation (the signal runs first).
@MainActor
@discardableResult
package func connectRealize(
  _ widget: UnsafeMutablePointer<GtkWidget>, _ handler: @escaping @MainActor () -> Void
) -> SignalConnection {
  connect(UnsafeMutableRawPointer(widget), "realize", plain: handler)
}

// MARK: - GtkPopover

/// `closed` of a GtkPopover: it was hidden, by GTK (a press outside it, Escape) or by us.
@MainActor
@discardableResult
package func connectPopoverClosed(
  _ popover: UnsafeMutablePointer<GtkWidget>, _ handler: @escaping @MainActor () -> Void
) -> SignalConnection {
  connect(UnsafeMutableRawPointer(popover), "closed", plain: handler)
}

// MARK: - GdkFrameClock

/// `after-paint` of a GdkFrameClock, once a frame has been drawn and handed to the display.
@MainActor
@discardableResult
package func connectAfterPaint(
  _ clock: OpaquePointer, _ handler: @escaping @MainActor () -> Void
) -> SignalConnection {
  connect(UnsafeMutableRawPointer(clock), "after-paint", plain: handler)
}

/// `map` of a widget: it is about to be shown.
@MainActor
package func connectMap(
  _ widget: UnsafeMutablePointer<GtkWidget>, _ handler: @escaping @MainActor () -> Void
)
  -> SignalConnection
{
  connect(UnsafeMutableRawPointer(widget), "map", plain: handler)
}

// MARK: - GtkDrawingArea

/// Sets the draw function of a GtkDrawingArea: `void (GtkDrawingArea *, cairo_t *, int
/// width, int height, gpointer)`. The handler gets the cairo context and the size in
/// logical pixels. Disconnecting removes the draw function.
@MainActor
@discardableResult
package func setDrawFunction(
  _ area: UnsafeMutablePointer<GtkDrawingArea>,
  _ handler: @escaping @MainActor (_ cairo: OpaquePointer, _ width: Int, _ height: Int) -> Void
) -> SignalConnection {
  typealias Handler = @MainActor (OpaquePointer, Int, Int) -> Void
  let thunk: @convention(c) (UnsafeMutablePointer<GtkDrawingArea>?, OpaquePointer?, Int32, Int32, gpointer?) -> Void = {
    _, cairo, width, height, data in
    guard let cairo else { return }
    onMainActor { HandlerBox<Handler>.from(data).handler(cairo, Int(width), Int(height)) }
  }
  gtk_drawing_area_set_draw_func(
    area, thunk, HandlerBox(handler as Handler).retainedPointer, HandlerBox<Handler>.destroyNotify)
  let weak = WeakObject(area)
  return SignalConnection {
    guard let object = weak.object else { return }
    gtk_drawing_area_set_draw_func(ddgtk_drawing_area(object), nil, nil, nil)
  }
}

/// `resize` of a GtkDrawingArea: the new size in logical pixels.
@MainActor
@discardableResult
package func connectResize(
  _ area: UnsafeMutablePointer<GtkDrawingArea>, _ handler: @escaping @MainActor (_ width: Int, _ height: Int) -> Void
) -> SignalConnection {
  connect(area, "resize") { arguments in
    handler(arguments.int(0), arguments.int(1))
    return .none
  }
}

// MARK: - Event controllers

/// `event` of a GtkEventControllerLegacy. Return true to stop the event.
@MainActor
@discardableResult
package func connectLegacyEvent(
  _ controller: OpaquePointer, _ handler: @escaping @MainActor (_ event: OpaquePointer) -> Bool
) -> SignalConnection {
  connect(controller, "event") { arguments in
    guard let event = arguments.pointer(0) else { return .bool(false) }
    return .bool(handler(event))
  }
}

/// `motion` of a GtkEventControllerMotion, in the widget's coordinates.
@MainActor
@discardableResult
package func connectMotion(
  _ controller: OpaquePointer, _ handler: @escaping @MainActor (_ x: Double, _ y: Double) -> Void
) -> SignalConnection {
  connectPosition(controller, "motion", handler)
}

/// A signal whose handler takes a position in the widget's coordinates.
@MainActor
private func connectPosition(
  _ controller: OpaquePointer, _ signal: String, _ handler: @escaping @MainActor (_ x: Double, _ y: Double) -> Void
) -> SignalConnection {
  connect(controller, signal) { arguments in
    handler(arguments.double(0), arguments.double(1))
    return .none
  }
}

/// `enter` of a GtkEventControllerMotion, in the widget's coordinates.
@MainActor
@discardableResult
package func connectEnter(
  _ controller: OpaquePointer, _ handler: @escaping @MainActor (_ x: Double, _ y: Double) -> Void
) -> SignalConnection {
  connectPosition(controller, "enter", handler)
}

/// `leave` of a GtkEventControllerMotion.
@MainActor
@discardableResult
package func connectLeave(_ controller: OpaquePointer, _ handler: @escaping @MainActor () -> Void) -> SignalConnection {
  connect(UnsafeMutableRawPointer(controller), "leave", plain: handler)
}

/// `pressed` or `released` of a GtkGestureClick: how many presses in a row, and where.
@MainActor
@discardableResult
package func connectClick(
  _ gesture: OpaquePointer, _ signal: String,
  _ handler: @escaping @MainActor (_ pressCount: Int, _ x: Double, _ y: Double) -> Void
) -> SignalConnection {
  connect(gesture, signal) { arguments in
    handler(arguments.int(0), arguments.double(1), arguments.double(2))
    return .none
  }
}

/// `pressed` of a GtkGestureClick.
@MainActor
@discardableResult
package func connectPressed(
  _ gesture: OpaquePointer, _ handler: @escaping @MainActor (_ pressCount: Int, _ x: Double, _ y: Double) -> Void
) -> SignalConnection {
  connectClick(gesture, "pressed", handler)
}

/// `released` of a GtkGestureClick.
@MainActor
@discardableResult
package func connectReleased(
  _ gesture: OpaquePointer, _ handler: @escaping @MainActor (_ pressCount: Int, _ x: Double, _ y: Double) -> Void
) -> SignalConnection {
  connectClick(gesture, "released", handler)
}

/// `key-pressed` of a GtkEventControllerKey. Return true when handled.
@MainActor
@discardableResult
package func connectKeyPressed(
  _ controller: OpaquePointer,
  _ handler: @escaping @MainActor (_ keyval: UInt32, _ keycode: UInt32, _ state: GdkModifierType) -> Bool
) -> SignalConnection {
  connect(controller, "key-pressed") { arguments in
    .bool(handler(arguments.uint(0), arguments.uint(1), GdkModifierType(rawValue: arguments.flags(2))))
  }
}

/// `key-released` of a GtkEventControllerKey.
@MainActor
@discardableResult
package func connectKeyReleased(
  _ controller: OpaquePointer,
  _ handler: @escaping @MainActor (_ keyval: UInt32, _ keycode: UInt32, _ state: GdkModifierType) -> Void
) -> SignalConnection {
  connect(controller, "key-released") { arguments in
    handler(arguments.uint(0), arguments.uint(1), GdkModifierType(rawValue: arguments.flags(2)))
    return .none
  }
}

// MARK: - Input methods

/// `commit` of a GtkIMContext: the text the input method typed.
@MainActor
@discardableResult
package func connectCommit(
  _ context: OpaquePointer, _ handler: @escaping @MainActor (String) -> Void
) -> SignalConnection {
  connect(context, "commit") { arguments in
    handler(arguments.string(0))
    return .none
  }
}

/// `preedit-changed` of a GtkIMContext.
@MainActor
@discardableResult
package func connectPreeditChanged(
  _ context: OpaquePointer, _ handler: @escaping @MainActor () -> Void
) -> SignalConnection {
  connect(UnsafeMutableRawPointer(context), "preedit-changed", plain: handler)
}

// MARK: - Frame clock

/// Adds a tick callback to `widget`: `gboolean (GtkWidget *, GdkFrameClock *, gpointer)`,
/// called once per frame with the frame time in seconds. Return false to stop; the
/// connection's `disconnect()` removes it too.
@MainActor
@discardableResult
package func addTickCallback(
  _ widget: UnsafeMutablePointer<GtkWidget>, _ handler: @escaping @MainActor (_ frameTime: Double) -> Bool
) -> SignalConnection {
  typealias Handler = @MainActor (Double) -> Bool
  let thunk: @convention(c) (UnsafeMutablePointer<GtkWidget>?, OpaquePointer?, gpointer?) -> gboolean = {
    _, frameClock, data in
    let time = frameClock.map { Double(gdk_frame_clock_get_frame_time($0)) / 1_000_000 } ?? 0
    return onMainActor { HandlerBox<Handler>.from(data).handler(time) ? 1 : 0 }
  }
  let id = gtk_widget_add_tick_callback(
    widget, thunk, HandlerBox(handler as Handler).retainedPointer, HandlerBox<Handler>.destroyNotify)
  let weak = WeakObject(widget)
  return SignalConnection {
    guard let object = weak.object else { return }
    gtk_widget_remove_tick_callback(ddgtk_widget(object), id)
  }
}

// MARK: - GtkDropTargetAsync

/// `accept` of a GtkDropTargetAsync: whether the drop can be taken at all.
@MainActor
@discardableResult
package func connectDropAccept(
  _ target: OpaquePointer, _ handler: @escaping @MainActor (_ drop: OpaquePointer) -> Bool
) -> SignalConnection {
  connect(target, "accept") { arguments in
    guard let drop = arguments.pointer(0) else { return .bool(false) }
    return .bool(handler(drop))
  }
}

/// `drag-enter` and `drag-motion` of a GtkDropTargetAsync, in the widget's coordinates.
/// The handler returns the action the drop would take, or 0.
@MainActor
@discardableResult
package func connectDropPosition(
  _ target: OpaquePointer, _ signal: String,
  _ handler: @escaping @MainActor (_ drop: OpaquePointer, _ x: Double, _ y: Double) -> GdkDragAction
) -> SignalConnection {
  connect(target, signal) { arguments in
    guard let drop = arguments.pointer(0) else { return .flags(0) }
    return .flags(handler(drop, arguments.double(1), arguments.double(2)).rawValue)
  }
}

/// `drag-leave` of a GtkDropTargetAsync.
@MainActor
@discardableResult
package func connectDropLeave(
  _ target: OpaquePointer, _ handler: @escaping @MainActor (_ drop: OpaquePointer) -> Void
) -> SignalConnection {
  connect(target, "drag-leave") { arguments in
    if let drop = arguments.pointer(0) { handler(drop) }
    return .none
  }
}

/// `drop` of a GtkDropTargetAsync. Return true when the drop is taken (and finished later).
@MainActor
@discardableResult
package func connectDrop(
  _ target: OpaquePointer, _ handler: @escaping @MainActor (_ drop: OpaquePointer, _ x: Double, _ y: Double) -> Bool
) -> SignalConnection {
  connect(target, "drop") { arguments in
    guard let drop = arguments.pointer(0) else { return .bool(false) }
    return .bool(handler(drop, arguments.double(1), arguments.double(2)))
  }
}

// MARK: - GdkDrag

/// `dnd-finished` and `drop-performed` of a GdkDrag.
@MainActor
@discardableResult
package func connectDragEvent(
  _ drag: OpaquePointer, _ signal: String, _ handler: @escaping @MainActor () -> Void
) -> SignalConnection {
  connect(UnsafeMutableRawPointer(drag), signal, plain: handler)
}

/// `cancel` of a GdkDrag, with the reason.
@MainActor
@discardableResult
package func connectDragCancel(
  _ drag: OpaquePointer, _ handler: @escaping @MainActor (_ reason: GdkDragCancelReason) -> Void
) -> SignalConnection {
  connect(drag, "cancel") { arguments in
    handler(GdkDragCancelReason(rawValue: UInt32(bitPattern: arguments.enumeration(0))))
    return .none
  }
}

/// `notify::selected-action` of a GdkDrag; the handler gets the action the destination
/// would take now.
@MainActor
@discardableResult
package func connectDragAction(
  _ drag: OpaquePointer, _ handler: @escaping @MainActor (_ action: GdkDragAction) -> Void
) -> SignalConnection {
  connect(drag, "notify::selected-action") { arguments in
    handler(gdk_drag_get_selected_action(arguments.instance))
    return .none
  }
}

// MARK: - GdkClipboard

/// `changed` of a GdkClipboard: its content or its owner changed.
@MainActor
package func connectClipboardChanged(
  _ clipboard: OpaquePointer, _ handler: @escaping @MainActor () -> Void
) -> SignalConnection {
  connect(UnsafeMutableRawPointer(clipboard), "changed", plain: handler)
}
