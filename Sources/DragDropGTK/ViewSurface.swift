import BackendSupport
internal import CGTK
import DragDrop

/// A GtkDrawingArea that shows a DragDrop `Window`'s views, drawn with cairo, and feeds it
/// GTK's pointer, touch, scroll and key events, timed on its clock. A ``GTKWindow`` shows
/// its root through one, and a menu's popover (``GTKPopup``) its own.
///
/// - The root is resized with the drawing area, in logical pixels; the scale factor is
///   cairo's device scale.
/// - The views are drawn after input, after main-actor work (each drain of the main
///   queue), on resize, and on ``setNeedsDisplay()``; while ``animate(for:)`` is in force,
///   every frame. An idle surface draws nothing and wakes for nothing.
/// - The previews of live drags are drawn above the views.
@MainActor
final class ViewSurface {
  /// The root of the views shown.
  let window: Window
  let clock: GLibClock
  /// The `GtkDrawingArea`.
  let drawingArea: UnsafeMutablePointer<GtkWidget>
  /// Given each key press and release first (GTK's current event is the key): true when it
  /// took the key, which then does not reach the views.
  var keyFilter: (@MainActor () -> Bool)?
  /// Hears each frame once it is painted.
  var frameObserver: (@MainActor (DrawnFrame) -> Void)?
  /// Hears where the pointer moves over the views, for drivers that must learn where the
  /// window is on a screen that does not say (Wayland).
  var pointerObserver: (@MainActor (Point) -> Void)?
  /// How many frames have been drawn.
  private(set) var frameCount = 0
  /// The X server time (milliseconds) of the last input event delivered, 0 before the first.
  private(set) var lastInputEventTime: UInt32 = 0
  /// When the last input event reached ``handle(_:)``, on GLib's monotonic clock.
  private var lastInputReceivedTime = 0.0

  private var connections: [SignalConnection] = []
  private var translator = InputTranslator()
  private let overlay = DragPreviewOverlay()
  /// Keeps the last frame, so that each frame draws only what changed.
  private var renderer: IncrementalRenderer?
  private var animationDeadline = -Double.infinity
  private var animationTick: SignalConnection?
  /// The frame drawn and not yet painted, and the after-paint connection that reports it.
  private var unpaintedFrame: DrawnFrame?
  private var afterPaint: SignalConnection?
  /// Where the pointer was at its last motion or button event, in the drawing area.
  private var lastPointerLocation = Point.zero

  init(window: Window, clock: GLibClock) {
    self.window = window
    self.clock = clock
    drawingArea = gtk_drawing_area_new()
    gtk_widget_set_focusable(drawingArea, 1)
    connectSignals()
  }

  isolated deinit {
    MainLoop.removeDrainObserver(self)
    for connection in connections { connection.disconnect() }
    animationTick?.disconnect()
    afterPaint?.disconnect()
  }

  /// The display's scale factor: device pixels per logical pixel.
  var scaleFactor: Int { Int(gtk_widget_get_scale_factor(drawingArea)) }

  /// Asks for the views to be drawn in the next frame.
  func setNeedsDisplay() {
    gtk_widget_queue_draw(drawingArea)
  }

  /// Redraws every frame for the next `duration` seconds (on the clock). Calls extend the
  /// deadline; afterwards the frame clock stops.
  func animate(for duration: Double) {
    guard duration.isFinite, duration > 0 else { return }
    animationDeadline = max(animationDeadline, clock.now + duration)
    setNeedsDisplay()
    guard animationTick == nil else { return }
    animationTick = addTickCallback(drawingArea) { [weak self] _ in
      guard let self else { return false }
      self.setNeedsDisplay()
      guard self.clock.now < self.animationDeadline else {
        self.animationTick = nil
        return false
      }
      return true
    }
  }

  /// Whether the frame clock is redrawing every frame.
  var isAnimating: Bool { animationTick != nil }

  // MARK: Signals

  private func connectSignals() {
    let area = drawingArea.withMemoryRebound(to: GtkDrawingArea.self, capacity: 1) { $0 }
    connections.append(
      setDrawFunction(area) { [weak self] cairo, width, height in self?.draw(cairo, width: width, height: height) })
    connections.append(
      connectResize(area) { [weak self] width, height in
        self?.window.frame = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
      })
    connections.append(connectScaleFactorChanged(drawingArea) { [weak self] in self?.setNeedsDisplay() })

    let legacy = gtk_event_controller_legacy_new()!
    gtk_widget_add_controller(drawingArea, legacy)
    connections.append(connectLegacyEvent(legacy) { [weak self] event in self?.handle(event) ?? false })

    let motion = gtk_event_controller_motion_new()!
    gtk_widget_add_controller(drawingArea, motion)
    connections.append(connectLeave(motion) { [weak self] in self?.deliver(.pointerLeft) })

    let keys = gtk_event_controller_key_new()!
    gtk_widget_add_controller(drawingArea, keys)
    keyController = keys
    connections.append(
      connectKeyPressed(keys) { [weak self] keyval, _, state in
        guard let self else { return false }
        if self.keyFilter?() == true { return true }
        return self.deliverKey(keyval, state: state, phase: .down)
      })
    connections.append(
      connectKeyReleased(keys) { [weak self] keyval, _, state in
        guard let self else { return }
        if self.keyFilter?() == true { return }
        _ = self.deliverKey(keyval, state: state, phase: .up)
      })
    MainLoop.addDrainObserver(self) { [weak self] in self?.setNeedsDisplay() }
  }

  /// The key controller, whose current event is the key being handled.
  private(set) var keyController: OpaquePointer?

  // MARK: Drawing

  private func draw(_ cairo: OpaquePointer, width: Int, height: Int) {
    let start = MainLoop.monotonicNow
    frameCount += 1
    // The views are drawn into images kept between frames, where only what changed is
    // drawn again, and the image is painted into GTK's frame. GTK keeps that frame's
    // drawing, which holds the image, until it has shown the frame and after: drawing into
    // the same image at once would make cairo copy it for GTK, every frame. Three images
    // in turn leave each alone until GTK is done with it.
    let scale = Double(max(1, scaleFactor))
    let size = Size(width: Double(width), height: Double(height))
    if renderer.map({ $0.image.scale != scale || $0.imageSize != size }) ?? true {
      renderer = try? IncrementalRenderer(size: size, scale: scale, buffers: 3)
    }
    guard let renderer else { return }
    // Live drags draw their previews on top, and keep frames coming until they end, as do
    // views that change with time alone (activity indicators, progress bars).
    do {
      if try renderer.render(window, dragPreviews: overlay) || window.animatesContinuously { animate(for: 0.1) }
    } catch {
      renderer.invalidate()
    }
    cairo_set_source_surface(cairo, renderer.image.surface, 0, 0)
    cairo_paint(cairo)
    let end = MainLoop.monotonicNow
    guard frameObserver != nil else { return }
    unpaintedFrame = DrawnFrame(
      number: frameCount, time: end, lastInputEventTime: lastInputEventTime, drawingTime: end - start,
      inputReceivedTime: lastInputReceivedTime, drawnTime: end)
    if afterPaint == nil, let frameClock = gtk_widget_get_frame_clock(drawingArea) {
      afterPaint = connectAfterPaint(frameClock) { [weak self] in self?.framePainted() }
    }
  }

  /// Reports the frame drawn last, now that the frame clock has painted it.
  private func framePainted() {
    guard var frame = unpaintedFrame else { return }
    unpaintedFrame = nil
    frame.time = MainLoop.monotonicNow
    frameObserver?(frame)
  }

  /// Where the drawing area's top-left corner is in its surface (an X window), in logical
  /// pixels; nil before it is realised.
  var drawingAreaOrigin: Point? {
    guard let native = gtk_widget_get_native(drawingArea) else { return nil }
    var surfaceX = 0.0
    var surfaceY = 0.0
    gtk_native_get_surface_transform(native, &surfaceX, &surfaceY)
    var x = 0.0
    var y = 0.0
    guard
      gtk_widget_translate_coordinates(drawingArea, ddgtk_widget(UnsafeMutableRawPointer(native)), 0, 0, &x, &y) != 0
    else { return nil }
    return Point(x: x + surfaceX, y: y + surfaceY)
  }

  // MARK: Input

  /// Maps one GDK event seen by the legacy controller; returns false so that other
  /// controllers still see it.
  private func handle(_ event: OpaquePointer) -> Bool {
    let type = gdk_event_get_event_type(event)
    // A touchscreen's touches come twice: as touch events, and as pointer events GDK or
    // the X server makes from the first finger. The touch events drive the views.
    if type == GDK_BUTTON_PRESS || type == GDK_BUTTON_RELEASE || type == GDK_MOTION_NOTIFY,
      gdk_event_get_pointer_emulated(event) != 0
    {
      return false
    }
    lastInputEventTime = gdk_event_get_time(event)
    lastInputReceivedTime = MainLoop.monotonicNow
    let modifiers = InputTranslator.modifiers(gdk_event_get_modifier_state(event))
    switch type {
    case GDK_BUTTON_PRESS, GDK_BUTTON_RELEASE:
      guard let location = location(of: event) else { return false }
      lastPointerLocation = location
      let button = Int(gdk_button_event_get_button(event))
      if type == GDK_BUTTON_PRESS {
        gtk_widget_grab_focus(drawingArea)
        deliver(.buttonPressed(button: button, location: location, modifiers: modifiers))
      } else {
        deliver(.buttonReleased(button: button, location: location, modifiers: modifiers))
      }
    case GDK_SCROLL:
      // GDK gives X11 scroll events no position: they go where the pointer last was.
      let location = location(of: event) ?? lastPointerLocation
      var dx = 0.0
      var dy = 0.0
      gdk_scroll_event_get_deltas(event, &dx, &dy)
      guard
        let scroll = InputTranslator.scroll(
          direction: gdk_scroll_event_get_direction(event), deltas: Point(x: dx, y: dy),
          unit: gdk_scroll_event_get_unit(event), isStop: gdk_scroll_event_is_stop(event) != 0)
      else { return false }
      window.send(
        ScrollEvent(
          kind: scroll.kind, phase: scroll.phase, delta: scroll.delta, location: location, modifiers: modifiers,
          timestamp: clock.now))
      setNeedsDisplay()
    case GDK_MOTION_NOTIFY:
      guard let location = location(of: event) else { return false }
      lastPointerLocation = location
      pointerObserver?(location)
      deliver(.pointerMoved(location: location, modifiers: modifiers))
    case GDK_TOUCH_BEGIN, GDK_TOUCH_UPDATE, GDK_TOUCH_END, GDK_TOUCH_CANCEL:
      guard let location = location(of: event), let sequence = gdk_event_get_event_sequence(event) else {
        return false
      }
      let phase: Touch.Phase =
        switch type {
        case GDK_TOUCH_BEGIN: .began
        case GDK_TOUCH_UPDATE: .moved
        case GDK_TOUCH_END: .ended
        default: .cancelled
        }
      deliver(
        .touch(
          sequence: UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(sequence))), phase: phase, location: location,
          modifiers: modifiers))
    default:
      break
    }
    return false
  }

  /// The event's position in the drawing area's coordinates. GDK gives it relative to the
  /// surface; the surface transform and the widget's place in the window map it over.
  private func location(of event: OpaquePointer) -> Point? {
    var x = 0.0
    var y = 0.0
    guard gdk_event_get_position(event, &x, &y) != 0, let native = gtk_widget_get_native(drawingArea) else {
      return nil
    }
    var surfaceX = 0.0
    var surfaceY = 0.0
    gtk_native_get_surface_transform(native, &surfaceX, &surfaceY)
    var localX = 0.0
    var localY = 0.0
    guard
      gtk_widget_translate_coordinates(
        ddgtk_widget(UnsafeMutableRawPointer(native)), drawingArea, x - surfaceX, y - surfaceY, &localX, &localY) != 0
    else { return nil }
    return Point(x: localX, y: localY)
  }

  func deliver(_ input: PlatformInput) {
    for event in translator.translate(input, timestamp: clock.now) {
      switch event {
      case .pointer(let pointer): window.send(pointer)
      case .touch(let touch): window.send(touch)
      }
    }
    setNeedsDisplay()
  }

  private func deliverKey(_ keyval: UInt32, state: GdkModifierType, phase: KeyEvent.Phase) -> Bool {
    guard let key = InputTranslator.key(keyval) else { return false }
    window.send(KeyEvent(key: key, phase: phase, modifiers: InputTranslator.modifiers(state), timestamp: clock.now))
    setNeedsDisplay()
    return true
  }
}
