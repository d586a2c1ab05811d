internal import CGTK
import DragDrop

/// A menu's popup: a `GtkPopover` over a ``GTKWindow``'s drawing area whose only child is a
/// drawing area of its own, showing the menu's views (``ViewSurface``).
///
/// It is what GTK applications' menus are: on Wayland an `xdg_popup`, on X11 an
/// override-redirect window, so it may reach past the window's edges; it takes the pointer
/// and the keyboard while it shows, and a press outside it or Escape closes it. GTK places
/// it below its anchor, or above it where the screen has no room. The popover draws no
/// padding of its own: the menu's card fills it.
@MainActor
package final class GTKPopup: PopupSurface {
  package let window: Window
  package var dismissed: (@MainActor () -> Void)?
  /// Whether it shows now.
  package private(set) var isShown = false

  private let surface: ViewSurface
  private let popover: UnsafeMutablePointer<GtkWidget>
  private var closedConnection: SignalConnection?
  private var isClosed = false

  /// A popup over `host`, hidden until ``show(size:anchor:)``.
  init(over host: GTKWindow) {
    window = host.window.makePopupRoot(size: Size(width: 1, height: 1))
    surface = ViewSurface(window: window, clock: host.clock)
    popover = gtk_popover_new()
    Self.installStyle()
    let gtkPopover = ddgtk_popover(popover)
    gtk_popover_set_has_arrow(gtkPopover, 0)
    gtk_popover_set_autohide(gtkPopover, 1)
    gtk_popover_set_position(gtkPopover, GTK_POS_BOTTOM)
    gtk_widget_add_css_class(popover, "dragdrop-popup")
    gtk_popover_set_child(gtkPopover, surface.drawingArea)
    gtk_widget_set_parent(popover, host.drawingArea)
    // A screen reader hears the focused item of the menu through its drawing area.
    window.announcer = AccessibleAnnouncer(widget: surface.drawingArea)
    closedConnection = connectPopoverClosed(popover) { [weak self] in self?.popoverDidClose() }
  }

  isolated deinit {
    closedConnection?.disconnect()
    if !isClosed { gtk_widget_unparent(popover) }
  }

  package func show(size: Size, anchor: Rect) {
    guard !isClosed else { return }
    let area = surface.drawingArea.withMemoryRebound(to: GtkDrawingArea.self, capacity: 1) { $0 }
    gtk_drawing_area_set_content_width(area, Int32(max(1, min(size.width, 16384)).rounded(.up)))
    gtk_drawing_area_set_content_height(area, Int32(max(1, min(size.height, 16384)).rounded(.up)))
    var rect = GdkRectangle(
      x: Int32(clamping: Int(anchor.minX.rounded())), y: Int32(clamping: Int(anchor.minY.rounded())),
      width: Int32(clamping: max(1, Int(anchor.width.rounded()))),
      height: Int32(clamping: max(1, Int(anchor.height.rounded()))))
    gtk_popover_set_pointing_to(ddgtk_popover(popover), &rect)
    if !isShown {
      isShown = true
      gtk_popover_popup(ddgtk_popover(popover))
      gtk_widget_grab_focus(surface.drawingArea)
    }
    surface.setNeedsDisplay()
  }

  package func close() {
    guard !isClosed else { return }
    isClosed = true
    isShown = false
    closedConnection?.disconnect()
    closedConnection = nil
    gtk_popover_popdown(ddgtk_popover(popover))
    // GTK may be telling us the popover closed: it goes once that is over.
    nonisolated(unsafe) let popover = self.popover
    g_object_ref(popover)
    Task { @MainActor in
      gtk_widget_unparent(popover)
      g_object_unref(popover)
    }
  }

  /// Draws the menu again in the next frame.
  func setNeedsDisplay() { surface.setNeedsDisplay() }

  /// Where the popup's drawing area is in its window's surface (the X window), in logical
  /// pixels, and how large it is; nil until it has drawn its first frame. Tests aim real
  /// input with it.
  package var frameInParentSurface: Rect? {
    guard isShown, surface.frameCount > 0, let origin = surface.drawingAreaOrigin,
      let gdkSurface = gtk_native_get_surface(ddgtk_native(popover)),
      ddgtk_is_popup(UnsafeMutableRawPointer(gdkSurface)) != 0
    else { return nil }
    let popup = gdkSurface
    let x = Double(gdk_popup_get_position_x(popup))
    let y = Double(gdk_popup_get_position_y(popup))
    return Rect(
      x: x + origin.x, y: y + origin.y, width: Double(gtk_widget_get_width(surface.drawingArea)),
      height: Double(gtk_widget_get_height(surface.drawingArea)))
  }

  private func popoverDidClose() {
    guard !isClosed else { return }
    isShown = false
    dismissed?()
  }

  /// The popover draws no padding or background of its own: the menu's card fills it.
  private static var styleInstalled = false
  private static func installStyle() {
    guard !styleInstalled, let display = gdk_display_get_default() else { return }
    styleInstalled = true
    let provider = gtk_css_provider_new()
    gtk_css_provider_load_from_data(provider, "popover.dragdrop-popup > contents { padding: 0; }", -1)
    gtk_style_context_add_provider_for_display(
      display, OpaquePointer(provider), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
  }
}
