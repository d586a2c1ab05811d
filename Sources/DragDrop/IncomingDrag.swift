/// A drag that the platform carries over this window: from another application, or one of
/// ours (see ``DragController/beginIncomingDrag(items:at:allowsMoveOperation:localSession:)``).
/// Each call reaches the window's drop targets just as a touch's would.
///
/// The handle holds its window's controller weakly: once the window is freed, moving does
/// nothing, and dropping cancels and returns ``DropOperation/cancel``.
@MainActor
public final class IncomingDrag {
  private weak var controller: DragController?
  private let drag: LiveDrag

  init(controller: DragController, drag: LiveDrag) {
    self.controller = controller
    self.drag = drag
  }

  /// The session the drop targets see.
  public var session: DropSession { drag.dropSession }

  /// The proposal of the target under the drag, for the platform to show.
  public var proposal: DropProposal { drag.proposal }

  /// The drag moved to `location`, in window coordinates, with `modifiers` held (nil when
  /// the platform does not say; the session keeps the last ones it heard).
  public func move(to location: Point, modifiers: KeyModifiers? = nil) {
    controller?.move(drag, to: location, modifiers: modifiers)
  }

  /// The drag was released here: performs the drop if the target proposes a copy or a
  /// move, and returns the operation for the source application.
  @discardableResult
  public func drop() -> DropOperation {
    controller?.release(drag) ?? .cancel
  }

  /// Replaces the items of a drag from another application, before ``drop()``. A platform
  /// that learns how many items a drag holds only by reading it (a file manager's list of
  /// files, on X11) reads that list at the release and gives one item per file here. The
  /// targets see the new items as items added during a drag: a new drop session, `canHandle`
  /// asked again, and `sessionDidUpdate`, so the proposal `drop()` uses is made for them.
  /// Ignored for our own drags, for a drag no longer over the window, and for no items.
  public func replaceItems(with items: [DragItem]) {
    controller?.replaceItems(of: drag, with: items)
  }

  /// The drag left the window. A drag from another application ends here (its targets see
  /// it exit and end); one of ours goes on, and the platform reports later where it ended.
  public func leave() {
    controller?.leave(drag)
  }

  /// Runs `body` once no load the drop started is in flight: at once when none was
  /// started, or when the last one ends. A platform tells the source application that the
  /// transfer is over from here.
  public func whenLoadsEnd(_ body: @escaping @Sendable () -> Void) {
    drag.dropSession.loadGate.whenIdle(body)
  }

  /// The drag was cancelled by its source or the platform.
  public func cancel() {
    controller?.cancel(drag)
  }
}
