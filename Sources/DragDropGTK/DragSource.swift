import BackendSupport
internal import CGTK
internal import CXdnd
@_spi(Platform) import DragDrop
import Foundation

/// Drags from a GTK window to other applications: the window's platform port. When a drag
/// that may leave the application begins (rule 37), it becomes a GDK drag with our
/// ``ContentProvider``, which offers the items by MIME type and writes bytes only when a peer
/// asks. GDK then carries the drag: over our own windows it arrives through their drop
/// targets with its session as the local one, and over another application it ends when
/// that application reports.
///
/// A drop ends our session as the peer reported it (rule 39). GTK 4.8 reports every X11
/// drag that a peer finished as done, with the action last negotiated, even when the peer
/// failed; so on X11 the peer's own `XdndFinished` is read as it arrives (its accepted bit
/// and action), and a drop it did not accept ends as a cancel: the source keeps its data.
/// On other backends a finished drag is one the peer accepted (Wayland's data device
/// cancels the others), and its action is GDK's.
@MainActor
final class DragSource: DragPlatformPort {
  private unowned let host: GTKWindow
  /// The GDK drags of this process, by GdkDrag: a drop target in any of our windows finds
  /// its local session here.
  private static var live: [OpaquePointer: OutgoingDrag] = [:]
  /// Our drags that were dropped, and wait for the peer's answer: their icon stays hidden.
  private static var dropped: Set<OpaquePointer> = []
  private var current: Current?

  /// A GDK drag under way.
  private struct Current {
    let outgoing: OutgoingDrag
    let drag: OpaquePointer
    let content: ContentProvider
    let connections: [SignalConnection]
    /// The drag icon's picture, held while the drag lives.
    let picture: UnsafeMutablePointer<GtkWidget>?
  }

  init(host: GTKWindow) {
    self.host = host
  }

  /// The drag of ours that a GDK drop carries, if it is one.
  static func outgoing(for drop: OpaquePointer) -> OutgoingDrag? {
    gdk_drop_get_drag(drop).flatMap { live[$0] }
  }

  func dragSessionDidBegin(_ outgoing: OutgoingDrag) {
    // An XDND drag follows the pointer: a keyboard drag stays in our window. So does a
    // finger's: GDK 4.8 starts a Wayland drag with the serial of the last pointer press, not
    // the touch's (0 when no button was pressed), and the compositor never starts it; the
    // drag would then stand still, with the window no longer following the finger.
    guard !outgoing.isKeyboardDriven, !outgoing.isFingerDriven else { return }
    let widget = host.drawingArea
    guard let native = gtk_widget_get_native(widget), let surface = gtk_native_get_surface(native),
      let display = gtk_widget_get_display(widget), let seat = gdk_display_get_default_seat(display),
      let device = gdk_seat_get_pointer(seat)
    else { return }
    let content = ContentProvider(providers: outgoing.itemProviders)
    var actions = GDK_ACTION_COPY.rawValue
    if outgoing.session.allowsMoveOperation { actions |= GDK_ACTION_MOVE.rawValue }
    guard
      let drag = gdk_drag_begin(
        surface, device, UnsafeMutableRawPointer(content.object).assumingMemoryBound(to: GdkContentProvider.self),
        GdkDragAction(rawValue: actions), 0, 0)
    else {
      content.finish()
      return
    }
    // The peer's answer to this drag, and no earlier one.
    let readsX11Answers = ddxdnd_watch(UnsafeMutableRawPointer(display))
    ddxdnd_forget()
    let icon = setIcon(of: drag, for: outgoing)
    Self.letClicksThrough(drag)
    // GDK has the pointer now: the drag moves with the platform from here.
    outgoing.platformDidTakeOver()
    Self.live[drag] = outgoing
    let connections = [
      connectDragEvent(drag, "drop-performed") {
        // The drop is made: the icon goes, and no leave brings it back.
        Self.dropped.insert(drag)
        Self.hideIcon(of: drag)
      },
      connectDragEvent(drag, "dnd-finished") { [weak self] in
        let answer = Self.peerAnswer(for: drag, x11: readsX11Answers)
        outgoing.end(accepted: answer.accepted, operation: answer.operation)
        self?.end(drag, success: true)
      },
      connectDragCancel(drag) { [weak self] _ in
        outgoing.cancel()
        self?.end(drag, success: false)
      },
    ]
    current = Current(
      outgoing: outgoing, drag: drag, content: content, connections: connections + (icon.map { [$0.updates] } ?? []),
      picture: icon?.picture)
  }

  /// What the peer reported when it finished `drag`: on X11 its own `XdndFinished`; on
  /// other backends the action GDK negotiated. A move is a move only when the peer said so.
  private static func peerAnswer(for drag: OpaquePointer, x11: Bool) -> (accepted: Bool, operation: DropOperation) {
    var accepted = false
    var action = DDXdndActionNone
    if ddxdnd_take(&accepted, &action) {
      switch action {
      case DDXdndActionMove: return (accepted, .move)
      case DDXdndActionCopy, DDXdndActionOther: return (accepted, .copy)
      // A peer that accepted without naming an action (XDND before version 5) copied.
      default: return (accepted, accepted ? .copy : .cancel)
      }
    }
    // An X11 drag finished without an answer we saw: nothing proves a move.
    guard !x11 else { return (true, .copy) }
    let selected = gdk_drag_get_selected_action(drag).rawValue
    return (selected != 0, selected & GDK_ACTION_MOVE.rawValue != 0 ? .move : .copy)
  }

  /// The drag icon other applications show under the pointer: the first item's lift
  /// preview, rendered, held where the pointer holds it. Over our own windows it shows
  /// nothing, and the window draws the previews itself (``showsIcon(_:over:)``).
  /// Returns the icon's picture (one reference is the caller's) and the connection that
  /// redraws its badge; nil when the drag has no preview to show.
  private func setIcon(
    of drag: OpaquePointer, for outgoing: OutgoingDrag
  ) -> (picture: UnsafeMutablePointer<GtkWidget>, updates: SignalConnection)? {
    let previews = host.window.dragController.liftPreviews(of: outgoing.session)
    let scale = Double(host.scaleFactor)
    guard let preview = previews.first ?? nil,
      let image = try? HeadlessRenderer.render(
        preview.view, scale: scale, background: preview.view.backgroundColor ?? .white),
      let texture = Self.texture(image, badge: DragBadge(operation: .cancel, items: outgoing.session.items.count)),
      let picture = gtk_picture_new_for_paintable(texture)
    else { return nil }
    g_object_unref(UnsafeMutableRawPointer(texture))
    // Kept while the drag lives, so that it can come back after our windows hid it.
    g_object_ref_sink(UnsafeMutableRawPointer(picture))
    gtk_drag_icon_set_child(OpaquePointer(gtk_drag_icon_get_for_drag(drag)), picture)
    let size = preview.view.frame.size
    let topLeft = preview.target.centerInWindow - Point(x: size.width / 2, y: size.height / 2)
    let hotspot = outgoing.session.locationInWindow - topLeft + Point(x: 0, y: DragBadgeDrawing.outset)
    gdk_drag_set_hotspot(drag, Int32(hotspot.x.rounded()), Int32(hotspot.y.rounded()))
    // The badge follows what the application under the pointer would do (rule 40).
    let items = outgoing.session.items.count
    let updates = connectDragAction(drag) { action in
      let operation: DropOperation = action.rawValue & GDK_ACTION_COPY.rawValue != 0 ? .copy : .cancel
      guard let texture = Self.texture(image, badge: DragBadge(operation: operation, items: items)) else { return }
      gtk_picture_set_paintable(OpaquePointer(picture), texture)
      g_object_unref(UnsafeMutableRawPointer(texture))
    }
    return (picture, updates)
  }

  /// The icon's picture: the rendered preview, with room above and to the right for its
  /// badge, and the badge.
  private static func texture(_ preview: RenderedImage, badge: DragBadge) -> OpaquePointer? {
    let outset = DragBadgeDrawing.outset
    let width = Double(preview.pixelWidth) / preview.scale
    let height = Double(preview.pixelHeight) / preview.scale
    guard
      let image = try? RenderedImage(size: Size(width: width + outset, height: height + outset), scale: preview.scale)
    else { return nil }
    let cairo = cairo_create(image.surface)!
    cairo_scale(cairo, preview.scale, preview.scale)
    cairo_save(cairo)
    cairo_translate(cairo, 0, outset)
    cairo_scale(cairo, 1 / preview.scale, 1 / preview.scale)
    cairo_set_source_surface(cairo, preview.surface, 0, 0)
    cairo_paint(cairo)
    cairo_restore(cairo)
    let context = CairoGraphicsContext(cairo: cairo)
    if badge != DragBadge() {
      DragBadgeDrawing.draw(
        badge, at: Point(x: width - 4, y: outset + 4), in: context, textMeasurer: PangoTextMeasurer.shared)
    }
    context.finish()
    cairo_destroy(cairo)
    cairo_surface_flush(image.surface)
    guard let png = try? image.pngData() else { return nil }
    let bytes = png.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
    defer { g_bytes_unref(bytes) }
    return gdk_texture_new_from_bytes(bytes, nil)
  }

  /// Shows or hides the drag icon of `drop`'s drag, if it is one of ours: over our own
  /// windows the window draws the previews.
  ///
  /// On X11 the icon is hidden: making it transparent would need a compositor. On Wayland
  /// it stays, and only what it shows goes: hiding it makes GDK destroy its surface, and the
  /// one made when it is shown again is never the compositor's drag icon, so no image would
  /// follow the pointer outside our windows.
  static func showsIcon(_ shows: Bool, over drop: OpaquePointer) {
    guard let drag = gdk_drop_get_drag(drop), live[drag] != nil, !dropped.contains(drag) else { return }
    let icon = gtk_drag_icon_get_for_drag(drag)!
    if isWayland(gdk_drag_get_display(drag)) {
      if let child = gtk_drag_icon_get_child(OpaquePointer(icon)) { gtk_widget_set_opacity(child, shows ? 1 : 0) }
    } else {
      gtk_widget_set_visible(icon, shows ? 1 : 0)
    }
  }

  /// Whether `display` (a `GdkDisplay *`) is a Wayland one.
  static func isWayland(_ display: OpaquePointer?) -> Bool {
    guard let display else { return false }
    let instance = UnsafeMutableRawPointer(display).assumingMemoryBound(to: GTypeInstance.self)
    return g_type_name_from_instance(instance).map { String(cString: $0) } == "GdkWaylandDisplay"
  }

  /// Makes the drag icon's surface take no input. On X11, a cancelled drag's icon slides
  /// back to where the drag began for half a second (GDK maps it again for that), over the
  /// source's own window: without this, a click the user makes there in that time lands on
  /// the icon and is lost. (A Wayland drag icon takes no input by the protocol.)
  private static func letClicksThrough(_ drag: OpaquePointer) {
    guard let surface = gdk_drag_get_drag_surface(drag), let empty = cairo_region_create() else { return }
    gdk_surface_set_input_region(surface, empty)
    cairo_region_destroy(empty)
  }

  /// Hides the icon of a drag that has ended or dropped. Shown again after GDK hid it (by
  /// the leave that follows a drop on our own window), the icon's window would stay on
  /// screen, a blank square where the drop was.
  private static func hideIcon(of drag: OpaquePointer) {
    gtk_widget_set_visible(gtk_drag_icon_get_for_drag(drag), 0)
  }

  func dragSession(_ drag: OutgoingDrag, didUpdate operation: DropOperation) {}

  func dragSession(_ drag: OutgoingDrag, didEndWith operation: DropOperation) {}

  /// GDK is done with the drag: writes end, files written for peers go, the GdkDrag goes.
  /// `gdk_drag_drop_done` is the source's last word on it (on X11 it gives up the XDND
  /// selection).
  private func end(_ drag: OpaquePointer, success: Bool) {
    guard let current, current.drag == drag else { return }
    Self.hideIcon(of: drag)
    gdk_drag_drop_done(drag, success ? 1 : 0)
    self.current = nil
    Self.live[drag] = nil
    Self.dropped.remove(drag)
    for connection in current.connections { connection.disconnect() }
    if let picture = current.picture { g_object_unref(UnsafeMutableRawPointer(picture)) }
    current.content.finish()
    g_object_unref(UnsafeMutableRawPointer(drag))
  }
}
