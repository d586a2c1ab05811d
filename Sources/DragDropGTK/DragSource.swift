internal import CGTK
import DragDrop
import Foundation

/// Drags from a GTK window to other applications: the window's platform port. When a drag
/// that may leave the application begins (rule 37), it becomes a GDK drag with our
/// ``ContentProvider``, which offers the items by MIME type and writes bytes only when a peer
/// asks. GDK then carries the drag: over our own windows it arrives through their drop
/// targets with its session as the local one, and over another application it ends when
/// that application reports.
///
/// A move reported by another application ends our session as a copy: GTK 4.8 reports a
/// move as done even when the peer failed (its `XdndFinished` said otherwise), so the
/// source keeps its data unless the move is known to have succeeded (rule 39).
@MainActor
final class DragSource: DragPlatformPort {
  private unowned let host: GTKWindow
  /// The GDK drags of this process, by GdkDrag: a drop target in any of our windows finds
  /// its local session here.
  private static var live: [OpaquePointer: OutgoingDrag] = [:]
  private var current: Current?

  /// A GDK drag under way.
  private struct Current {
    let outgoing: OutgoingDrag
    let drag: OpaquePointer
    let content: ContentProvider
    let connections: [SignalConnection]
  }

  init(host: GTKWindow) {
    self.host = host
  }

  /// The drag of ours that a GDK drop carries, if it is one.
  static func outgoing(for drop: OpaquePointer) -> OutgoingDrag? {
    gdk_drop_get_drag(drop).flatMap { live[$0] }
  }

  func dragSessionDidBegin(_ outgoing: OutgoingDrag) {
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
    // GDK has the pointer now: the drag moves with the platform from here.
    outgoing.platformDidTakeOver()
    Self.live[drag] = outgoing
    let connections = [
      connectDragEvent(drag, "dnd-finished") { [weak self] in
        let action = gdk_drag_get_selected_action(drag).rawValue
        // A move elsewhere is not trusted (see above): the source hears a copy.
        _ = action
        outgoing.end(accepted: true, operation: .copy)
        self?.end(drag)
      },
      connectDragCancel(drag) { [weak self] _ in
        outgoing.cancel()
        self?.end(drag)
      },
    ]
    current = Current(outgoing: outgoing, drag: drag, content: content, connections: connections)
  }

  func dragSession(_ drag: OutgoingDrag, didUpdate operation: DropOperation) {}

  func dragSession(_ drag: OutgoingDrag, didEndWith operation: DropOperation) {}

  /// GDK is done with the drag: writes end, files written for peers go, the GdkDrag goes.
  private func end(_ drag: OpaquePointer) {
    guard let current, current.drag == drag else { return }
    self.current = nil
    Self.live[drag] = nil
    for connection in current.connections { connection.disconnect() }
    current.content.finish()
    g_object_unref(UnsafeMutableRawPointer(drag))
  }
}
