import BackendSupport
internal import CGTK
import DragDrop
import Foundation

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

  /// A surface for `window`. A tiled one hands GTK its image in tiles (``TileLayer``),
  /// under ``widget``, when `DRAGDROP_TILES=1` is in the environment; otherwise it paints
  /// its image whole.
  init(window: Window, clock: GLibClock, tiled: Bool = false) {
    self.window = window
    self.clock = clock
    drawingArea = gtk_drawing_area_new()
    gtk_widget_set_focusable(drawingArea, 1)
    if tiled && ProcessInfo.processInfo.environment["DRAGDROP_TILES"] == "1" {
      let layer = TileLayer()
      let overlay = gtk_overlay_new()!
      let gtkOverlay = OpaquePointer(overlay)
      gtk_overlay_set_child(gtkOverlay, drawingArea)
      gtk_overlay_add_overlay(gtkOverlay, layer.widget)
      tiles = layer
      widget = overlay
    } else {
      tiles = nil
      widget = drawingArea
    }
    connectSignals()
  }

  /// The widget to put in a window: the drawing area, or the overlay that holds it and the
  /// tiles over it.
  let widget: UnsafeMutablePointer<GtkWidget>
  /// The tiles that show the image, when the surface is tiled; the drawing area then draws
  /// nothing itself, and takes the input.
  private let tiles: TileLayer?
  /// A tiled surface's frames: they are drawn at the frame clock's update phase, before GTK
  /// paints the tiles that changed.
  private var frameTick: SignalConnection?
  private var needsFrame = false

  isolated deinit {
    MainLoop.removeDrainObserver(self)
    for connection in connections { connection.disconnect() }
    animationTick?.disconnect()
    frameTick?.disconnect()
    afterPaint?.disconnect()
  }

  /// The display's scale factor: device pixels per logical pixel.
  var scaleFactor: Int { Int(gtk_widget_get_scale_factor(drawingArea)) }

  /// Asks for the views to be drawn in the next frame.
  func setNeedsDisplay() {
    guard tiles != nil else {
      gtk_widget_queue_draw(drawingArea)
      return
    }
    needsFrame = true
    startFrameTick()
  }

  /// A tiled surface draws a frame at each tick while one is needed or an animation runs.
  private func startFrameTick() {
    guard frameTick == nil else { return }
    frameTick = addTickCallback(drawingArea) { [weak self] _ in
      guard let self else { return false }
      // The frame after an animation's end is drawn too, and is the first not animating.
      let animating = self.clock.now < self.animationDeadline
      self.needsFrame = false
      if !animating { self.frameTick = nil }
      self.drawTiles()
      // A frame asked for while this one was drawn starts the tick again.
      return animating
    }
  }

  /// Redraws every frame for the next `duration` seconds (on the clock). Calls extend the
  /// deadline; afterwards the frame clock stops.
  func animate(for duration: Double) {
    guard duration.isFinite, duration > 0 else { return }
    animationDeadline = max(animationDeadline, clock.now + duration)
    setNeedsDisplay()
    guard tiles == nil else { return }
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
  var isAnimating: Bool {
    tiles == nil ? animationTick != nil : frameTick != nil && clock.now < animationDeadline
  }

  // MARK: Signals

  private func connectSignals() {
    let area = drawingArea.withMemoryRebound(to: GtkDrawingArea.self, capacity: 1) { $0 }
    if tiles == nil {
      connections.append(
        setDrawFunction(area) { [weak self] cairo, width, height in self?.draw(cairo, width: width, height: height) })
    }
    connections.append(
      connectResize(area) { [weak self] width, height in
        self?.window.frame = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        self?.setNeedsDisplay()
      })
    // GTK draws a drawing area when it is shown; a tiled surface's frames are its own.
    if tiles != nil { connections.append(connectMap(drawingArea) { [weak self] in self?.setNeedsDisplay() }) }
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
    guard let renderer = render(width: width, height: height) else { return }
    cairo_set_source_surface(cairo, renderer.image.surface, 0, 0)
    cairo_paint(cairo)
    frameDrawn(since: start)
  }

  /// Draws a tiled surface's frame, and hands GTK the tiles it changed.
  private func drawTiles() {
    guard let tiles else { return }
    let start = MainLoop.monotonicNow
    let width = Int(gtk_widget_get_width(drawingArea))
    let height = Int(gtk_widget_get_height(drawingArea))
    guard width > 0, height > 0 else { return }
    tiles.resize(width: width, height: height)
    guard let renderer = render(width: width, height: height) else { return }
    if tiles.update(from: renderer.image, changed: renderer.lastDrawnArea) == 0 {
      // A frame that changed nothing still paints one tile: on Wayland the frame clock waits
      // for the compositor's word that a frame was shown, which a frame that commits
      // nothing never gets, and the clock would stop with timers and animations due.
      tiles.repaintOne()
    }
    frameDrawn(since: start)
    // Reported at this frame's after-paint.
    if let frameClock = gtk_widget_get_frame_clock(drawingArea) {
      gdk_frame_clock_request_phase(frameClock, GDK_FRAME_CLOCK_PHASE_AFTER_PAINT)
    }
  }

  /// Lays out and draws the views into the renderer's image, only where they changed.
  private func render(width: Int, height: Int) -> IncrementalRenderer? {
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
    guard let renderer else { return nil }
    // Live drags draw their previews on top, and keep frames coming until they end, as do
    // views that change with time alone (activity indicators, progress bars).
    do {
      if try renderer.render(window, dragPreviews: overlay) || window.animatesContinuously { animate(for: 0.1) }
    } catch {
      renderer.invalidate()
    }
    return renderer
  }

  /// Notes a frame drawn since `start`, for the frame observer, which hears of it at the
  /// frame clock's after-paint.
  private func frameDrawn(since start: Double) {
    let end = MainLoop.monotonicNow
    guard frameObserver != nil else { return }
    let frame = DrawnFrame(
      number: frameCount, time: end, lastInputEventTime: lastInputEventTime, drawingTime: end - start,
      inputReceivedTime: lastInputReceivedTime, drawnTime: end)
    unpaintedFrame = frame
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
