package import CGTK

/// A connected signal handler (or a draw function or tick callback). The handler closure
/// is owned by GLib, which releases it when the handler is disconnected or the object is
/// finalised; ``disconnect()`` ends the connection early.
///
/// Every connection is made through one typed function per signal, whose C thunk has
/// exactly the signal's signature.
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

/// Connects `thunk` to `signal` of `instance` with `handler` boxed as its user data.
@MainActor
private func connect<Handler>(
  _ instance: UnsafeMutableRawPointer, _ signal: String, _ handler: Handler, thunk: GCallback
) -> SignalConnection {
  let id = g_signal_connect_data(
    instance, signal, thunk, HandlerBox(handler).retainedPointer, HandlerBox<Handler>.release, GConnectFlags(0))
  return SignalConnection(instance: instance, handlerID: id)
}

/// Runs `body` on the main actor from a GLib callback. GLib calls back on the thread that
/// runs its main context, which for DragDrop is the main actor's.
private func onMainActor<T: Sendable>(_ body: @MainActor () -> T) -> T {
  MainActor.assumeIsolated(body)
}

// MARK: - GApplication and GtkWindow

/// `activate` of a GApplication: `void (GApplication *, gpointer)`.
@MainActor
@discardableResult
package func connectActivate(
  _ application: UnsafeMutablePointer<GApplication>, _ handler: @escaping @MainActor () -> Void
) -> SignalConnection {
  typealias Handler = @MainActor () -> Void
  let thunk: @convention(c) (UnsafeMutablePointer<GApplication>?, gpointer?) -> Void = { _, data in
    onMainActor { HandlerBox<Handler>.from(data).handler() }
  }
  return connect(application, "activate", handler as Handler, thunk: unsafeBitCast(thunk, to: GCallback.self))
}

/// `close-request` of a GtkWindow: `gboolean (GtkWindow *, gpointer)`. Return true to keep
/// the window open.
@MainActor
@discardableResult
package func connectCloseRequest(
  _ window: UnsafeMutablePointer<GtkWindow>, _ handler: @escaping @MainActor () -> Bool
) -> SignalConnection {
  typealias Handler = @MainActor () -> Bool
  let thunk: @convention(c) (UnsafeMutablePointer<GtkWindow>?, gpointer?) -> gboolean = { _, data in
    onMainActor { HandlerBox<Handler>.from(data).handler() ? 1 : 0 }
  }
  return connect(window, "close-request", handler as Handler, thunk: unsafeBitCast(thunk, to: GCallback.self))
}

/// `notify::scale-factor` of a GtkWidget: `void (GObject *, GParamSpec *, gpointer)`.
@MainActor
@discardableResult
package func connectScaleFactorChanged(
  _ widget: UnsafeMutablePointer<GtkWidget>, _ handler: @escaping @MainActor () -> Void
) -> SignalConnection {
  typealias Handler = @MainActor () -> Void
  let thunk: @convention(c) (UnsafeMutablePointer<GObject>?, UnsafeMutablePointer<GParamSpec>?, gpointer?) -> Void = {
    _, _, data in
    onMainActor { HandlerBox<Handler>.from(data).handler() }
  }
  return connect(widget, "notify::scale-factor", handler as Handler, thunk: unsafeBitCast(thunk, to: GCallback.self))
}

// MARK: - GdkFrameClock

/// `after-paint` of a GdkFrameClock: `void (GdkFrameClock *, gpointer)`, once a frame has
/// been drawn and handed to the display.
@MainActor
@discardableResult
package func connectAfterPaint(
  _ clock: OpaquePointer, _ handler: @escaping @MainActor () -> Void
) -> SignalConnection {
  typealias Handler = @MainActor () -> Void
  let thunk: @convention(c) (OpaquePointer?, gpointer?) -> Void = { _, data in
    onMainActor { HandlerBox<Handler>.from(data).handler() }
  }
  return connect(
    UnsafeMutableRawPointer(clock), "after-paint", handler as Handler, thunk: unsafeBitCast(thunk, to: GCallback.self))
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

/// `resize` of a GtkDrawingArea: `void (GtkDrawingArea *, int width, int height, gpointer)`.
@MainActor
@discardableResult
package func connectResize(
  _ area: UnsafeMutablePointer<GtkDrawingArea>, _ handler: @escaping @MainActor (_ width: Int, _ height: Int) -> Void
) -> SignalConnection {
  typealias Handler = @MainActor (Int, Int) -> Void
  let thunk: @convention(c) (UnsafeMutablePointer<GtkDrawingArea>?, Int32, Int32, gpointer?) -> Void = {
    _, width, height, data in
    onMainActor { HandlerBox<Handler>.from(data).handler(Int(width), Int(height)) }
  }
  return connect(area, "resize", handler as Handler, thunk: unsafeBitCast(thunk, to: GCallback.self))
}

// MARK: - Event controllers

/// `event` of a GtkEventControllerLegacy: `gboolean (GtkEventControllerLegacy *, GdkEvent *,
/// gpointer)`. Return true to stop the event.
@MainActor
@discardableResult
package func connectLegacyEvent(
  _ controller: OpaquePointer, _ handler: @escaping @MainActor (_ event: OpaquePointer) -> Bool
) -> SignalConnection {
  typealias Handler = @MainActor (OpaquePointer) -> Bool
  let thunk: @convention(c) (OpaquePointer?, OpaquePointer?, gpointer?) -> gboolean = { _, event, data in
    guard let event else { return 0 }
    return onMainActor { HandlerBox<Handler>.from(data).handler(event) ? 1 : 0 }
  }
  return connect(
    UnsafeMutableRawPointer(controller), "event", handler as Handler, thunk: unsafeBitCast(thunk, to: GCallback.self))
}

/// `motion` of a GtkEventControllerMotion: `void (GtkEventControllerMotion *, double x,
/// double y, gpointer)`, in the widget's coordinates.
@MainActor
@discardableResult
package func connectMotion(
  _ controller: OpaquePointer, _ handler: @escaping @MainActor (_ x: Double, _ y: Double) -> Void
) -> SignalConnection {
  typealias Handler = @MainActor (Double, Double) -> Void
  let thunk: @convention(c) (OpaquePointer?, Double, Double, gpointer?) -> Void = { _, x, y, data in
    onMainActor { HandlerBox<Handler>.from(data).handler(x, y) }
  }
  return connect(
    UnsafeMutableRawPointer(controller), "motion", handler as Handler, thunk: unsafeBitCast(thunk, to: GCallback.self))
}

/// `enter` of a GtkEventControllerMotion: `void (GtkEventControllerMotion *, double x,
/// double y, gpointer)`.
@MainActor
@discardableResult
package func connectEnter(
  _ controller: OpaquePointer, _ handler: @escaping @MainActor (_ x: Double, _ y: Double) -> Void
) -> SignalConnection {
  typealias Handler = @MainActor (Double, Double) -> Void
  let thunk: @convention(c) (OpaquePointer?, Double, Double, gpointer?) -> Void = { _, x, y, data in
    onMainActor { HandlerBox<Handler>.from(data).handler(x, y) }
  }
  return connect(
    UnsafeMutableRawPointer(controller), "enter", handler as Handler, thunk: unsafeBitCast(thunk, to: GCallback.self))
}

/// `leave` of a GtkEventControllerMotion: `void (GtkEventControllerMotion *, gpointer)`.
@MainActor
@discardableResult
package func connectLeave(_ controller: OpaquePointer, _ handler: @escaping @MainActor () -> Void) -> SignalConnection {
  typealias Handler = @MainActor () -> Void
  let thunk: @convention(c) (OpaquePointer?, gpointer?) -> Void = { _, data in
    onMainActor { HandlerBox<Handler>.from(data).handler() }
  }
  return connect(
    UnsafeMutableRawPointer(controller), "leave", handler as Handler, thunk: unsafeBitCast(thunk, to: GCallback.self))
}

/// `pressed` of a GtkGestureClick: `void (GtkGestureClick *, int n_press, double x,
/// double y, gpointer)`.
@MainActor
@discardableResult
package func connectPressed(
  _ gesture: OpaquePointer, _ handler: @escaping @MainActor (_ pressCount: Int, _ x: Double, _ y: Double) -> Void
) -> SignalConnection {
  typealias Handler = @MainActor (Int, Double, Double) -> Void
  let thunk: @convention(c) (OpaquePointer?, Int32, Double, Double, gpointer?) -> Void = { _, count, x, y, data in
    onMainActor { HandlerBox<Handler>.from(data).handler(Int(count), x, y) }
  }
  return connect(
    UnsafeMutableRawPointer(gesture), "pressed", handler as Handler, thunk: unsafeBitCast(thunk, to: GCallback.self))
}

/// `released` of a GtkGestureClick: `void (GtkGestureClick *, int n_press, double x,
/// double y, gpointer)`.
@MainActor
@discardableResult
package func connectReleased(
  _ gesture: OpaquePointer, _ handler: @escaping @MainActor (_ pressCount: Int, _ x: Double, _ y: Double) -> Void
) -> SignalConnection {
  typealias Handler = @MainActor (Int, Double, Double) -> Void
  let thunk: @convention(c) (OpaquePointer?, Int32, Double, Double, gpointer?) -> Void = { _, count, x, y, data in
    onMainActor { HandlerBox<Handler>.from(data).handler(Int(count), x, y) }
  }
  return connect(
    UnsafeMutableRawPointer(gesture), "released", handler as Handler, thunk: unsafeBitCast(thunk, to: GCallback.self))
}

/// `key-pressed` of a GtkEventControllerKey: `gboolean (GtkEventControllerKey *, guint
/// keyval, guint keycode, GdkModifierType state, gpointer)`. Return true when handled.
@MainActor
@discardableResult
package func connectKeyPressed(
  _ controller: OpaquePointer,
  _ handler: @escaping @MainActor (_ keyval: UInt32, _ keycode: UInt32, _ state: GdkModifierType) -> Bool
) -> SignalConnection {
  typealias Handler = @MainActor (UInt32, UInt32, GdkModifierType) -> Bool
  let thunk: @convention(c) (OpaquePointer?, guint, guint, GdkModifierType, gpointer?) -> gboolean = {
    _, keyval, keycode, state, data in
    onMainActor { HandlerBox<Handler>.from(data).handler(keyval, keycode, state) ? 1 : 0 }
  }
  return connect(
    UnsafeMutableRawPointer(controller), "key-pressed", handler as Handler,
    thunk: unsafeBitCast(thunk, to: GCallback.self))
}

/// `key-released` of a GtkEventControllerKey: `void (GtkEventControllerKey *, guint keyval,
/// guint keycode, GdkModifierType state, gpointer)`.
@MainActor
@discardableResult
package func connectKeyReleased(
  _ controller: OpaquePointer,
  _ handler: @escaping @MainActor (_ keyval: UInt32, _ keycode: UInt32, _ state: GdkModifierType) -> Void
) -> SignalConnection {
  typealias Handler = @MainActor (UInt32, UInt32, GdkModifierType) -> Void
  let thunk: @convention(c) (OpaquePointer?, guint, guint, GdkModifierType, gpointer?) -> Void = {
    _, keyval, keycode, state, data in
    onMainActor { HandlerBox<Handler>.from(data).handler(keyval, keycode, state) }
  }
  return connect(
    UnsafeMutableRawPointer(controller), "key-released", handler as Handler,
    thunk: unsafeBitCast(thunk, to: GCallback.self))
}

// MARK: - Input methods

/// `commit` of a GtkIMContext: `void (GtkIMContext *, gchar *str, gpointer)`.
@MainActor
@discardableResult
package func connectCommit(
  _ context: OpaquePointer, _ handler: @escaping @MainActor (String) -> Void
)
  -> SignalConnection
{
  typealias Handler = @MainActor (String) -> Void
  let thunk: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, gpointer?) -> Void = { _, text, data in
    let string = text.map { String(cString: $0) } ?? ""
    onMainActor { HandlerBox<Handler>.from(data).handler(string) }
  }
  return connect(
    UnsafeMutableRawPointer(context), "commit", handler as Handler, thunk: unsafeBitCast(thunk, to: GCallback.self))
}

/// `preedit-changed` of a GtkIMContext: `void (GtkIMContext *, gpointer)`.
@MainActor
@discardableResult
package func connectPreeditChanged(
  _ context: OpaquePointer, _ handler: @escaping @MainActor () -> Void
)
  -> SignalConnection
{
  typealias Handler = @MainActor () -> Void
  let thunk: @convention(c) (OpaquePointer?, gpointer?) -> Void = { _, data in
    onMainActor { HandlerBox<Handler>.from(data).handler() }
  }
  return connect(
    UnsafeMutableRawPointer(context), "preedit-changed", handler as Handler,
    thunk: unsafeBitCast(thunk, to: GCallback.self))
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

/// `accept` of a GtkDropTargetAsync: `gboolean (GtkDropTargetAsync *, GdkDrop *, gpointer)`.
@MainActor
@discardableResult
package func connectDropAccept(
  _ target: OpaquePointer, _ handler: @escaping @MainActor (_ drop: OpaquePointer) -> Bool
) -> SignalConnection {
  typealias Handler = @MainActor (OpaquePointer) -> Bool
  let thunk: @convention(c) (OpaquePointer?, OpaquePointer?, gpointer?) -> gboolean = { _, drop, data in
    nonisolated(unsafe) let drop = drop
    return onMainActor { HandlerBox<Handler>.from(data).handler(drop!) } ? 1 : 0
  }
  return connect(
    UnsafeMutableRawPointer(target), "accept", handler as Handler, thunk: unsafeBitCast(thunk, to: GCallback.self))
}

/// `drag-enter` and `drag-motion` of a GtkDropTargetAsync: `GdkDragAction
/// (GtkDropTargetAsync *, GdkDrop *, double x, double y, gpointer)`, in the widget's
/// coordinates. The handler returns the action the drop would take, or 0.
@MainActor
@discardableResult
package func connectDropPosition(
  _ target: OpaquePointer, _ signal: String,
  _ handler: @escaping @MainActor (_ drop: OpaquePointer, _ x: Double, _ y: Double) -> GdkDragAction
) -> SignalConnection {
  typealias Handler = @MainActor (OpaquePointer, Double, Double) -> GdkDragAction
  let thunk: @convention(c) (OpaquePointer?, OpaquePointer?, Double, Double, gpointer?) -> GdkDragAction = {
    _, drop, x, y, data in
    nonisolated(unsafe) let drop = drop
    return onMainActor { HandlerBox<Handler>.from(data).handler(drop!, x, y).rawValue }.asDragAction
  }
  return connect(
    UnsafeMutableRawPointer(target), signal, handler as Handler, thunk: unsafeBitCast(thunk, to: GCallback.self))
}

/// `drag-leave` of a GtkDropTargetAsync: `void (GtkDropTargetAsync *, GdkDrop *, gpointer)`.
@MainActor
@discardableResult
package func connectDropLeave(
  _ target: OpaquePointer, _ handler: @escaping @MainActor (_ drop: OpaquePointer) -> Void
) -> SignalConnection {
  typealias Handler = @MainActor (OpaquePointer) -> Void
  let thunk: @convention(c) (OpaquePointer?, OpaquePointer?, gpointer?) -> Void = { _, drop, data in
    nonisolated(unsafe) let drop = drop
    onMainActor { HandlerBox<Handler>.from(data).handler(drop!) }
  }
  return connect(
    UnsafeMutableRawPointer(target), "drag-leave", handler as Handler, thunk: unsafeBitCast(thunk, to: GCallback.self))
}

/// `drop` of a GtkDropTargetAsync: `gboolean (GtkDropTargetAsync *, GdkDrop *, double x,
/// double y, gpointer)`. Return true when the drop is taken (and finished later).
@MainActor
@discardableResult
package func connectDrop(
  _ target: OpaquePointer, _ handler: @escaping @MainActor (_ drop: OpaquePointer, _ x: Double, _ y: Double) -> Bool
) -> SignalConnection {
  typealias Handler = @MainActor (OpaquePointer, Double, Double) -> Bool
  let thunk: @convention(c) (OpaquePointer?, OpaquePointer?, Double, Double, gpointer?) -> gboolean = {
    _, drop, x, y, data in
    nonisolated(unsafe) let drop = drop
    return onMainActor { HandlerBox<Handler>.from(data).handler(drop!, x, y) } ? 1 : 0
  }
  return connect(
    UnsafeMutableRawPointer(target), "drop", handler as Handler, thunk: unsafeBitCast(thunk, to: GCallback.self))
}

extension UInt32 {
  /// The action with these bits.
  fileprivate var asDragAction: GdkDragAction { GdkDragAction(rawValue: self) }
}

// MARK: - GdkDrag

/// `dnd-finished` and `drop-performed` of a GdkDrag: `void (GdkDrag *, gpointer)`.
@MainActor
@discardableResult
package func connectDragEvent(
  _ drag: OpaquePointer, _ signal: String, _ handler: @escaping @MainActor () -> Void
) -> SignalConnection {
  typealias Handler = @MainActor () -> Void
  let thunk: @convention(c) (OpaquePointer?, gpointer?) -> Void = { _, data in
    onMainActor { HandlerBox<Handler>.from(data).handler() }
  }
  return connect(
    UnsafeMutableRawPointer(drag), signal, handler as Handler, thunk: unsafeBitCast(thunk, to: GCallback.self))
}

/// `cancel` of a GdkDrag: `void (GdkDrag *, GdkDragCancelReason, gpointer)`.
@MainActor
@discardableResult
package func connectDragCancel(
  _ drag: OpaquePointer, _ handler: @escaping @MainActor (_ reason: GdkDragCancelReason) -> Void
) -> SignalConnection {
  typealias Handler = @MainActor (GdkDragCancelReason) -> Void
  let thunk: @convention(c) (OpaquePointer?, GdkDragCancelReason, gpointer?) -> Void = { _, reason, data in
    onMainActor { HandlerBox<Handler>.from(data).handler(reason) }
  }
  return connect(
    UnsafeMutableRawPointer(drag), "cancel", handler as Handler, thunk: unsafeBitCast(thunk, to: GCallback.self))
}

/// `notify::selected-action` of a GdkDrag: `void (GObject *, GParamSpec *, gpointer)`; the
/// handler gets the action the destination would take now.
@MainActor
@discardableResult
package func connectDragAction(
  _ drag: OpaquePointer, _ handler: @escaping @MainActor (_ action: GdkDragAction) -> Void
) -> SignalConnection {
  typealias Handler = @MainActor (GdkDragAction) -> Void
  let thunk: @convention(c) (OpaquePointer?, OpaquePointer?, gpointer?) -> Void = { object, _, data in
    let action = gdk_drag_get_selected_action(object).rawValue
    onMainActor { HandlerBox<Handler>.from(data).handler(GdkDragAction(rawValue: action)) }
  }
  return connect(
    UnsafeMutableRawPointer(drag), "notify::selected-action", handler as Handler,
    thunk: unsafeBitCast(thunk, to: GCallback.self))
}
