import BackendSupport
package import CGTK
import DragDrop

/// A GTK window hosting a DragDrop `Window`: a GtkApplicationWindow whose only child is a
/// GtkDrawingArea that draws the view tree with cairo and feeds GTK's input to the engine.
///
/// - The root ``window`` is resized with the drawing area, in logical pixels; the scale
///   factor is cairo's device scale, so views draw sharply on high-density displays.
/// - The view tree is drawn after input, after the ``clock``'s actions, after main-actor
///   work (each drain of the main queue), on resize, and on ``setNeedsDisplay()``. While
///   ``animate(for:)`` is in force, the frame clock redraws every frame; otherwise an idle
///   window draws nothing and wakes for nothing.
/// - The frame clock drives animations: while the ``clock`` has actions due within a few
///   frames (the steps of cell glides, drag previews and other animations), each frame
///   runs them just before it is drawn.
/// - The previews of live drags are drawn above the view tree: they follow the drag and,
///   when it ends, glide to their targets.
/// - Pointer buttons, pointer motion with modifiers, touch sequences (one engine touch
///   each) and keys (while the drawing area has focus; a press gives it focus) reach the
///   window as `PointerEvent`s, `Touch`es and `KeyEvent`s, timed on the ``clock``.
@MainActor
public final class GTKWindow {
  /// The engine's root view.
  public let window: Window
  /// The clock the root view reads.
  public let clock: GLibClock
  /// The `GtkWindow` (a GtkApplicationWindow) as a widget.
  package let widget: UnsafeMutablePointer<GtkWidget>
  /// The `GtkDrawingArea` that shows the view tree.
  package let drawingArea: UnsafeMutablePointer<GtkWidget>
  /// Called when the user closes the window; return false to keep it open.
  public var shouldClose: (@MainActor () -> Bool)?

  private weak var application: GTKApplication?
  private var connections: [SignalConnection] = []
  private var translator = InputTranslator()
  private let overlay = DragPreviewOverlay()
  /// Keeps the last frame, so that each frame draws only what changed.
  private var renderer: IncrementalRenderer?
  private var animationDeadline = -Double.infinity
  private var animationTick: SignalConnection?
  /// Drags from other applications into the window.
  private var dropTarget: DropTarget?
  /// Drags from the window to other applications: the window's platform port, while
  /// ``carriesDragsToOtherApplications`` is on.
  private var dragSource: DragSource?

  /// Whether drags that may leave the application become GDK drags when they begin, so that
  /// other applications can take them (rule 37). On by default; off, every drag stays in
  /// the window it began in. GDK draws no drag icon of ours yet: over our windows the
  /// preview is ours, over others only the cursor shows.
  public var carriesDragsToOtherApplications = true {
    didSet {
      guard carriesDragsToOtherApplications != oldValue else { return }
      if carriesDragsToOtherApplications {
        let source = DragSource(host: self)
        dragSource = source
        window.dragPlatform = source
      } else {
        window.dragPlatform = nil
        dragSource = nil
      }
    }
  }
  /// The tick callback that runs the clock's near actions, while there are some.
  private var clockTick: SignalConnection?
  /// How many frames have been drawn, for tests and diagnostics.
  public private(set) var frameCount = 0
  /// Hears each frame once it is painted (the frame clock's after-paint: drawn and handed to
  /// the display), for diagnostics and latency measurements.
  public var frameObserver: (@MainActor (DrawnFrame) -> Void)?
  /// The frame drawn and not yet painted, and the after-paint connection that reports it.
  private var unpaintedFrame: DrawnFrame?
  private var afterPaint: SignalConnection?
  /// The X server time (milliseconds) of the last input event delivered, 0 before the first.
  public private(set) var lastInputEventTime: UInt32 = 0

  /// Makes a window of `size` logical pixels in `application`, with a root made by
  /// `makeRoot` (a plain `Window` by default) on a new ``GLibClock``, whose environment
  /// measures text with pango. Call ``present()`` to show it.
  public init(
    application: GTKApplication, title: String, size: Size,
    makeRoot: (Rect, GLibClock) -> Window = { Window(frame: $0, clock: $1) }
  ) {
    let clock = GLibClock()
    self.clock = clock
    let width = Int32(max(1, min(size.width.isFinite ? size.width : 1, 16384)).rounded())
    let height = Int32(max(1, min(size.height.isFinite ? size.height : 1, 16384)).rounded())
    window = makeRoot(Rect(x: 0, y: 0, width: Double(width), height: Double(height)), clock)
    window.environment.textMeasurer = PangoTextMeasurer.shared
    self.application = application
    widget = gtk_application_window_new(application.application)
    drawingArea = gtk_drawing_area_new()
    let gtkWindow = ddgtk_window(widget)
    gtk_window_set_title(gtkWindow, title)
    window.title = title
    // A root view controller's title shows in the title bar.
    // The Window and its observer live as long as the GTK window they are part of.
    nonisolated(unsafe) let titled = gtkWindow
    window.observeTitle { title in gtk_window_set_title(titled, title ?? "") }
    gtk_window_set_default_size(gtkWindow, width, height)
    gtk_window_set_child(gtkWindow, drawingArea)
    gtk_widget_set_focusable(drawingArea, 1)
    connectSignals()
    // Announcements reach screen readers through the drawing area's description, and the
    // focused item through its name: the window's title until something has the focus.
    let announcer = AccessibleAnnouncer(widget: drawingArea)
    announcer.describeFocus(title, speak: true)
    window.announcer = announcer
    dropTarget = DropTarget(widget: drawingArea, host: self)
    let source = DragSource(host: self)
    dragSource = source
    window.dragPlatform = source
    application.windows.append(self)
  }

  isolated deinit {
    MainLoop.removeDrainObserver(self)
    for connection in connections { connection.disconnect() }
    animationTick?.disconnect()
    afterPaint?.disconnect()
    clockTick?.disconnect()
    gtk_im_context_set_client_widget(inputMethod, nil)
    g_object_unref(inputMethod)
  }

  /// Shows the window and brings it to the front.
  /// Shows the window. As in any GTK window, the first focusable view takes the keyboard
  /// focus, with its ring hidden until a key is pressed.
  public func present() {
    if window.focusedView == nil {
      window.isFocusVisible = false
      window.moveFocus()
    }
    gtk_window_present(ddgtk_window(widget))
  }

  /// Closes the window (without asking ``shouldClose``).
  public func close() {
    shouldClose = nil
    gtk_window_close(ddgtk_window(widget))
  }

  /// The display's scale factor: device pixels per logical pixel.
  public var scaleFactor: Int { Int(gtk_widget_get_scale_factor(drawingArea)) }

  /// Asks for the view tree to be drawn in the next frame.
  public func setNeedsDisplay() {
    gtk_widget_queue_draw(drawingArea)
  }

  /// Redraws every frame, driven by GTK's frame clock, for the next `duration` seconds (on
  /// the ``clock``), while views animate. Calls extend the deadline; afterwards the frame
  /// clock stops.
  public func animate(for duration: Double) {
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
  public var isAnimating: Bool { animationTick != nil }

  /// Runs the clock's near actions (animation steps) from the frame clock: each frame runs
  /// what is due just before it is drawn, for as long as something is due within a few
  /// frames; then the clock goes back to timeouts.
  private func driveClockFromFrames() {
    guard clockTick == nil else { return }
    clockTick = addTickCallback(drawingArea) { [weak self] _ in
      guard let self else { return false }
      self.clock.runDueActions()
      guard self.clock.hasActionWithinFrameHorizon else {
        self.clockTick = nil
        return false
      }
      return true
    }
  }

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
    connections.append(
      connectCloseRequest(ddgtk_window(widget)) { [weak self] in
        guard let self else { return false }
        if let shouldClose = self.shouldClose, !shouldClose() { return true }
        self.application?.windows.removeAll { $0 === self }
        return false
      })

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
        if self.inputMethodTakesKey() { return true }
        return self.deliverKey(keyval, state: state, phase: .down)
      })
    connections.append(
      connectKeyReleased(keys) { [weak self] keyval, _, state in
        guard let self else { return }
        if self.inputMethodTakesKey() { return }
        _ = self.deliverKey(keyval, state: state, phase: .up)
      })
    gtk_im_context_set_client_widget(inputMethod, drawingArea)
    connections.append(connectCommit(OpaquePointer(inputMethod)) { [weak self] text in self?.commitText(text) })
    connections.append(connectPreeditChanged(OpaquePointer(inputMethod)) { [weak self] in self?.preeditDidChange() })

    clock.actionsDidRun = { [weak self] in self?.setNeedsDisplay() }
    clock.frameDriver = { [weak self] in self?.driveClockFromFrames() }
    MainLoop.addDrainObserver(self) { [weak self] in self?.setNeedsDisplay() }
  }

  // MARK: Drawing

  private func draw(_ cairo: OpaquePointer, width: Int, height: Int) {
    let start = MainLoop.monotonicNow
    frameCount += 1
    // The window is drawn into images kept between frames, where only what changed is
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
      number: frameCount, time: end, lastInputEventTime: lastInputEventTime, drawingTime: end - start)
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

  /// Where the drawing area's top-left corner is in the window's surface (the X window), in
  /// logical pixels; nil before the window is realised. Add the surface's position on the
  /// screen to aim real input at a point of the view tree.
  public var drawingAreaOrigin: Point? {
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

  /// Where the pointer was at its last motion or button event, in the drawing area.
  private var lastPointerLocation = Point.zero

  /// Maps one GDK event seen by the legacy controller; returns false so that other
  /// controllers still see it.
  private func handle(_ event: OpaquePointer) -> Bool {
    let type = gdk_event_get_event_type(event)
    lastInputEventTime = gdk_event_get_time(event)
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

  // MARK: Input methods

  /// The input method context: it turns keys into text (a Japanese one composes first)
  /// while a view that edits text has the focus. Other views get the keys as they are, so
  /// that Space still lifts a keyboard drag.
  private let inputMethod: UnsafeMutablePointer<GtkIMContext> = gtk_im_multicontext_new()
  private var keyController: OpaquePointer?
  /// The view the input method is working for, while one is focused.
  private weak var textInputView: Views.View?

  /// Gives the key event being handled to the input method when a text view has the
  /// focus; true when the input method took it.
  private func inputMethodTakesKey() -> Bool {
    let focused = window.focusedView.flatMap { $0.acceptsTextInput ? $0 : nil }
    if focused !== textInputView {
      if textInputView != nil { gtk_im_context_focus_out(inputMethod) }
      textInputView?.setMarkedText(nil)
      textInputView = focused
      if focused != nil {
        gtk_im_context_reset(inputMethod)
        gtk_im_context_focus_in(inputMethod)
      }
    }
    guard let focused, let keyController, let event = gtk_event_controller_get_current_event(keyController) else {
      return false
    }
    updateCaretLocation(of: focused)
    return gtk_im_context_filter_keypress(inputMethod, event) != 0
  }

  /// Tells the input method where the caret is, for its candidate window.
  private func updateCaretLocation(of view: Views.View) {
    let local = view.textInputCaretRect ?? view.bounds
    let rect = view.convert(local, to: window)
    var area = GdkRectangle(
      x: Int32(rect.minX.rounded()), y: Int32(rect.minY.rounded()), width: Int32(max(1, rect.width.rounded())),
      height: Int32(max(1, rect.height.rounded())))
    gtk_im_context_set_cursor_location(inputMethod, &area)
  }

  private func commitText(_ text: String) {
    guard let view = textInputView, view.window === window, !text.isEmpty else { return }
    view.setMarkedText(nil)
    view.insertText(text)
    setNeedsDisplay()
  }

  private func preeditDidChange() {
    guard let view = textInputView, view.window === window else { return }
    var text: UnsafeMutablePointer<CChar>?
    gtk_im_context_get_preedit_string(inputMethod, &text, nil, nil)
    let preedit = text.map { String(cString: $0) }
    g_free(text)
    view.setMarkedText(preedit)
    setNeedsDisplay()
  }

  private func deliverKey(_ keyval: UInt32, state: GdkModifierType, phase: KeyEvent.Phase) -> Bool {
    guard let key = InputTranslator.key(keyval) else { return false }
    window.send(KeyEvent(key: key, phase: phase, modifiers: InputTranslator.modifiers(state), timestamp: clock.now))
    setNeedsDisplay()
    return true
  }
}

/// A frame a ``GTKWindow`` has drawn.
public struct DrawnFrame: Sendable, Hashable {
  /// Counted from 1.
  public var number: Int
  /// When the frame was painted (the frame clock's after-paint), on GLib's monotonic clock,
  /// in seconds.
  public var time: Double
  /// The X server time (milliseconds) of the last input event before the frame; on X11 it
  /// reads the same monotonic clock, in milliseconds.
  public var lastInputEventTime: UInt32
  /// How long the frame took to lay out and draw, in seconds.
  public var drawingTime: Double = 0
}
