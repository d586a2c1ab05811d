import BackendSupport
package import CGTK
import DragDrop

/// A GTK window hosting a DragDrop `Window`: a GtkApplicationWindow whose only child is a
/// GtkDrawingArea that draws the view tree with cairo and feeds GTK's input to the engine.
/// Menus (DragDropUI's `Menu` and `contextMenu`) open in popovers of their own
/// (``GTKPopup``), which may reach past the window's edges.
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
  public var window: Window { surface.window }
  /// The clock the root view reads.
  public let clock: GLibClock
  /// The `GtkWindow` (a GtkApplicationWindow) as a widget.
  package let widget: UnsafeMutablePointer<GtkWidget>
  /// The `GtkDrawingArea` that shows the view tree.
  package var drawingArea: UnsafeMutablePointer<GtkWidget> { surface.drawingArea }
  /// Called when the user closes the window; return false to keep it open.
  public var shouldClose: (@MainActor () -> Bool)?

  /// Draws the view tree and feeds it input.
  private let surface: ViewSurface
  private weak var application: GTKApplication?
  private var connections: [SignalConnection] = []
  /// Drags from other applications into the window.
  private var dropTarget: DropTarget?
  /// Drags from the window to other applications: the window's platform port, while
  /// ``carriesDragsToOtherApplications`` is on.
  private var dragSource: DragSource?
  /// The menus open over the window, each in a popover.
  private var popups: [WeakPopup] = []

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
  public var frameCount: Int { surface.frameCount }
  /// Hears each frame once it is painted (the frame clock's after-paint: drawn and handed to
  /// the display), for diagnostics and latency measurements.
  public var frameObserver: (@MainActor (DrawnFrame) -> Void)? {
    get { surface.frameObserver }
    set { surface.frameObserver = newValue }
  }
  /// The X server time (milliseconds) of the last input event delivered, 0 before the first.
  public var lastInputEventTime: UInt32 { surface.lastInputEventTime }
  /// Hears where the pointer moves over the view tree, for drivers that must learn where the
  /// window is on a screen that does not say (Wayland).
  package var pointerObserver: (@MainActor (Point) -> Void)? {
    get { surface.pointerObserver }
    set { surface.pointerObserver = newValue }
  }

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
    let window = makeRoot(Rect(x: 0, y: 0, width: Double(width), height: Double(height)), clock)
    window.environment.textMeasurer = PangoTextMeasurer.shared
    // A phone's window starts with drag interactions off, as on iOS (rule 1); the
    // application may say otherwise through the window's environment.
    if let configuration = Self.deviceConfiguration(
      hasTouchscreen: Self.displayHasTouchscreen, screen: Self.displayScreenSize)
    {
      window.environment.deviceConfiguration = configuration
    }
    surface = ViewSurface(window: window, clock: clock, tiled: true)
    self.application = application
    widget = gtk_application_window_new(application.application)
    let gtkWindow = ddgtk_window(widget)
    gtk_window_set_title(gtkWindow, title)
    window.title = title
    // A root view controller's title shows in the title bar.
    // The Window and its observer live as long as the GTK window they are part of.
    nonisolated(unsafe) let titled = gtkWindow
    window.observeTitle { title in gtk_window_set_title(titled, title ?? "") }
    gtk_window_set_default_size(gtkWindow, width, height)
    contentSize = (width, height)
    gtk_window_set_child(gtkWindow, surface.widget)
    connectSignals()
    // Announcements reach screen readers through the drawing area's description, and the
    // focused item through its name: the window's title until something has the focus.
    let announcer = AccessibleAnnouncer(widget: surface.drawingArea)
    announcer.describeFocus(title, speak: true)
    window.announcer = announcer
    // Menus open in popovers of their own, which may reach past the window's edges.
    window.popupSurfaceProvider = { [weak self] in
      guard let self else { return nil }
      let popup = GTKPopup(over: self)
      self.popups.removeAll { $0.popup == nil }
      self.popups.append(WeakPopup(popup: popup))
      return popup
    }
    dropTarget = DropTarget(widget: surface.drawingArea, host: self)
    // The general pasteboard is the display's clipboard from the first window on.
    GTKClipboard.install(for: gtk_widget_get_display(widget))
    let source = DragSource(host: self)
    dragSource = source
    window.dragPlatform = source
    application.windows.append(self)
  }

  isolated deinit {
    for connection in connections { connection.disconnect() }
    clockTick?.disconnect()
    gtk_im_context_set_client_widget(inputMethod, nil)
    g_object_unref(inputMethod)
  }

  /// Shows the window. As in any GTK window, the first focusable view takes the keyboard
  /// focus, with its ring hidden until a key is pressed.
  public func present() {
    if window.focusedView == nil {
      window.isFocusVisible = false
      window.moveFocus()
    }
    gtk_window_present(ddgtk_window(widget))
  }

  /// The device configuration a window starts with on a display: ``DeviceConfiguration/phone``
  /// on a touchscreen whose smaller side is under 600 points (a phone, whose drag
  /// interactions start disabled, as on iOS), and nil (the environment's own, a pointer
  /// device) otherwise.
  public static func deviceConfiguration(hasTouchscreen: Bool, screen: Size?) -> DeviceConfiguration? {
    guard hasTouchscreen, let screen, screen.width > 0, screen.height > 0, min(screen.width, screen.height) < 600
    else { return nil }
    return .phone
  }

  /// Whether the default display's seat has a touchscreen.
  private static var displayHasTouchscreen: Bool {
    guard let display = gdk_display_get_default(), let seat = gdk_display_get_default_seat(display) else {
      return false
    }
    return gdk_seat_get_capabilities(seat).rawValue & GDK_SEAT_CAPABILITY_TOUCH.rawValue != 0
  }

  /// The size of the default display's first monitor, in logical pixels.
  private static var displayScreenSize: Size? {
    guard let display = gdk_display_get_default(), let monitors = gdk_display_get_monitors(display),
      g_list_model_get_n_items(monitors) > 0, let item = g_list_model_get_item(monitors, 0)
    else { return nil }
    defer { g_object_unref(item) }
    var geometry = GdkRectangle()
    gdk_monitor_get_geometry(OpaquePointer(item), &geometry)
    return Size(width: Double(geometry.width), height: Double(geometry.height))
  }

  /// Fills the screen with the window, without its title bar, as a kiosk or a phone
  /// application does; false brings it back to its size.
  public func setFullscreen(_ fullscreen: Bool) {
    if fullscreen {
      gtk_window_fullscreen(ddgtk_window(widget))
    } else {
      gtk_window_unfullscreen(ddgtk_window(widget))
    }
  }

  /// Closes the window (without asking ``shouldClose``).
  public func close() {
    shouldClose = nil
    gtk_window_close(ddgtk_window(widget))
  }

  /// The display's scale factor: device pixels per logical pixel.
  public var scaleFactor: Int { surface.scaleFactor }

  /// Asks for the view tree, and the menus open over it, to be drawn in the next frame.
  public func setNeedsDisplay() {
    surface.setNeedsDisplay()
    for popup in popups { popup.popup?.setNeedsDisplay() }
  }

  /// Redraws every frame, driven by GTK's frame clock, for the next `duration` seconds (on
  /// the ``clock``), while views animate. Calls extend the deadline; afterwards the frame
  /// clock stops.
  public func animate(for duration: Double) { surface.animate(for: duration) }

  /// Whether the frame clock is redrawing every frame.
  public var isAnimating: Bool { surface.isAnimating }

  /// The menus open over the window, for tests.
  package var openPopups: [GTKPopup] { popups.compactMap { $0.popup }.filter(\.isShown) }

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

  /// The size the window was made for, in points: its content's, without a title bar.
  private let contentSize: (width: Int32, height: Int32)

  private func connectSignals() {
    connections.append(
      connectRealize(widget) { [weak self] in self?.makeRoomForTitleBar() })
    connections.append(
      connectCloseRequest(ddgtk_window(widget)) { [weak self] in
        guard let self else { return false }
        if let shouldClose = self.shouldClose, !shouldClose() { return true }
        self.application?.windows.removeAll { $0 === self }
        return false
      })
    surface.keyFilter = { [weak self] in self?.inputMethodTakesKey() ?? false }
    gtk_im_context_set_client_widget(inputMethod, drawingArea)
    connections.append(connectCommit(OpaquePointer(inputMethod)) { [weak self] text in self?.commitText(text) })
    connections.append(connectPreeditChanged(OpaquePointer(inputMethod)) { [weak self] in self?.preeditDidChange() })

    clock.actionsDidRun = { [weak self] in self?.setNeedsDisplay() }
    clock.frameDriver = { [weak self] in self?.driveClockFromFrames() }
  }

  /// Grows the window's default size by its title bar, once GTK has made one: a GTK 4
  /// window's default size includes the title bar it draws itself (on GNOME's mutter, and
  /// on any compositor without server-side decorations), and the views were laid out for
  /// ``contentSize``. A compositor that sizes windows itself (a tiling one) still does.
  private func makeRoomForTitleBar() {
    guard !madeRoomForTitleBar else { return }
    madeRoomForTitleBar = true
    var titleBar: Int32 = 0
    var child = gtk_widget_get_first_child(widget)
    while let widget = child {
      child = gtk_widget_get_next_sibling(widget)
      guard widget != drawingArea, gtk_widget_get_visible(widget) != 0 else { continue }
      var natural: Int32 = 0
      gtk_widget_measure(widget, GTK_ORIENTATION_VERTICAL, contentSize.width, nil, &natural, nil, nil)
      titleBar += natural
    }
    guard titleBar > 0 else { return }
    gtk_window_set_default_size(ddgtk_window(widget), contentSize.width, contentSize.height + titleBar)
  }

  private var madeRoomForTitleBar = false

  /// Where the drawing area's top-left corner is in the window's surface (the X window), in
  /// logical pixels; nil before the window is realised. Add the surface's position on the
  /// screen to aim real input at a point of the view tree.
  public var drawingAreaOrigin: Point? { surface.drawingAreaOrigin }

  func deliver(_ input: PlatformInput) { surface.deliver(input) }

  // MARK: Input methods

  /// The input method context: it turns keys into text (a Japanese one composes first)
  /// while a view that edits text has the focus. Other views get the keys as they are, so
  /// that Space still lifts a keyboard drag.
  private let inputMethod: UnsafeMutablePointer<GtkIMContext> = gtk_im_multicontext_new()
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
    guard let focused, let keyController = surface.keyController,
      let event = gtk_event_controller_get_current_event(keyController)
    else {
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
}

/// A menu's popover, held weakly by its window.
private struct WeakPopup {
  weak var popup: GTKPopup?
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
  /// When the window's input handler received that last input event, on GLib's monotonic
  /// clock, in seconds; 0 before the first. With ``lastInputEventTime``, ``drawnTime`` and
  /// ``time`` it splits an input's latency into its stages: the event's way to the window,
  /// the wait for the frame clock's next frame, the drawing, and GTK's painting.
  public var inputReceivedTime: Double = 0
  /// When the window finished laying out and drawing the frame (before GTK painted it), on
  /// GLib's monotonic clock, in seconds.
  public var drawnTime: Double = 0
}
