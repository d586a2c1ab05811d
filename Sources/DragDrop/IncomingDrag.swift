/// A drag from another application over this window, as the platform reports it. Each call
/// reaches the window's drop targets just as a local drag would, with a drop session whose
/// `localDragSession` is nil.
///
/// The handle holds its window's controller weakly: once the window is freed, moving does
/// nothing, and dropping cancels and returns ``DropOperation/cancel``.
@MainActor
public final class IncomingDrag {
  private weak var controller: DragController?
  private let drag: DragController.LiveDrag

  init(controller: DragController, drag: DragController.LiveDrag) {
    self.controller = controller
    self.drag = drag
  }

  /// The session the drop targets see.
  public var session: DropSession { drag.dropSession }

  /// The proposal of the target under the drag, for the platform to show.
  public var proposal: DropProposal { drag.proposal }

  /// The drag moved to `location`, in window coordinates.
  public func move(to location: Point) {
    controller?.moveIncoming(drag, to: location)
  }

  /// The drag was released here: performs the drop if the target proposes a copy or a
  /// move, and returns the operation for the source application.
  @discardableResult
  public func drop() -> DropOperation {
    controller?.dropIncoming(drag) ?? .cancel
  }

  /// The drag left the window or was cancelled by its source.
  public func cancel() {
    controller?.cancel(drag)
  }
}
