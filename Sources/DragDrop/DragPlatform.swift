import ContentTypes
import Foundation
import ItemProviders

/// The platform's side of drags that cross the process boundary: GTK's GDK drags in a real
/// window, `FakePlatform` in tests.
///
/// A window's drag controller calls the port when a drag that may leave the application
/// begins (rule 37), when the operation it would perform changes (for the platform's cursor
/// and badges, rule 40), and when it ends. The platform delivers drags from elsewhere, and
/// carries our own drags over our own windows, through
/// ``DragController/beginIncomingDrag(items:at:allowsMoveOperation:localSession:)``, so a
/// drop from another window of ours takes the same path as any drop, with
/// `localDragSession` set.
@MainActor
public protocol DragPlatformPort: AnyObject {
  /// A drag that is not restricted to the application began. From now on the platform
  /// offers its items to other applications by MIME type (``OutgoingDrag/offeredTypes``),
  /// and reads their bytes only when a peer asks (``OutgoingDrag/itemProviders``).
  func dragSessionDidBegin(_ drag: OutgoingDrag)
  /// The operation the drag would perform where it is now changed.
  func dragSession(_ drag: OutgoingDrag, didUpdate operation: DropOperation)
  /// The drag ended: the source has been told `operation`.
  func dragSession(_ drag: OutgoingDrag, didEndWith operation: DropOperation)
}

/// A failure that a platform reports about a transfer with another application.
public enum PlatformTransferError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The other application went away before the transfer finished.
  case peerVanished
  /// The stream ended before the length the peer announced.
  case truncated(expected: Int, received: Int)
  /// The other application refused the drop, or reported that it failed.
  case refused
  /// Reading what the other application sent failed; the platform's message says why.
  case readFailed(String)
  /// The other application sent nothing for this many seconds, and is still there.
  case stalled(seconds: Double)
  /// The other application would not send its data as this MIME type, though it offered it.
  case formatRefused(String)

  public var description: String {
    switch self {
    case .peerVanished: "the other application went away during the transfer"
    case .truncated(let expected, let received): "the transfer ended after \(received) of \(expected) bytes"
    case .refused: "the other application refused the drop"
    case .readFailed(let message): "reading from the other application failed: \(message)"
    case .stalled(let seconds): "the other application sent nothing for \(Int(seconds)) seconds"
    case .formatRefused(let mime): "the other application would not send its \(mime)"
    }
  }
}

/// A drag of ours that the platform may carry to other applications, as the port sees it.
///
/// It offers each item's representations that are visible outside the process, in
/// fidelity order; representations marked `.ownProcess` are never offered. The platform
/// reports how the drag ended in another application with ``end(accepted:operation:)``:
/// the source session ends with `.move` only when the peer accepted a move (rule 39).
@MainActor
public final class OutgoingDrag {
  private weak var controller: DragController?
  let drag: LiveDrag

  init(controller: DragController, drag: LiveDrag) {
    self.controller = controller
    self.drag = drag
    self.itemProviders = drag.session.items.map { $0.itemProvider.restricted(to: .all) }
  }

  /// The drag session, as the source sees it.
  public var session: DragSession { drag.session }

  /// Each item's provider, restricted to what other applications may load.
  public private(set) var itemProviders: [ItemProvider]

  /// Each item's content types that other applications may see, in fidelity order.
  public var offeredTypes: [[ContentType]] { itemProviders.map { $0.registeredContentTypes(visibleTo: .all) } }

  /// The operation the drag would perform where it is now.
  public var operation: DropOperation { drag.proposal.operation }
  /// The operation last reported to the platform.
  var reportedOperation = DropOperation.cancel

  /// Whether the keyboard moves the drag. A platform whose drags follow the pointer, as
  /// X11's do, cannot carry it; it stays in the window, where the keyboard can drop it.
  public var isKeyboardDriven: Bool { drag.driver == .keyboard }

  /// Whether a finger moves the drag: a platform carries it with that touch, not with the
  /// pointer.
  public var isFingerDriven: Bool { if case .touch = drag.driver { true } else { false } }

  /// Whether the drag is still moving (not yet dropped, cancelled or ended elsewhere).
  public var isActive: Bool { drag.phase == .dragging || drag.phase == .lifting }

  /// The drag ended over another application. `accepted` is what the peer reported (on
  /// X11, `XdndFinished`'s accepted bit), and `operation` the operation it performed. A
  /// drop the peer did not accept ends as a cancel, and the source keeps its data.
  public func end(accepted: Bool, operation: DropOperation) {
    controller?.endInOtherApplication(session, reportedOperation: accepted ? operation : .cancel)
  }

  /// The platform cancelled the drag (Escape during a platform drag, or a release over
  /// nothing that takes drops).
  public func cancel() {
    guard let controller, drag.isLive else { return }
    controller.cancel(drag)
  }

  /// The platform carries the drag from now on: touch and pointer events no longer move it,
  /// and it moves, drops or ends through the platform (an incoming drag with this session as
  /// its local session, or ``end(accepted:operation:)``). GDK takes the pointer this way
  /// when its drag begins.
  public func platformDidTakeOver() {
    guard drag.isLive else { return }
    // The platform's drag has the pointer now: the press's release goes to the platform, and
    // the window never sees it. The window lets the press go, so that its next press begins
    // a new pointer touch rather than being taken for the one still down.
    if drag.driver.touchID == Window.pointerTouchID { controller?.window?.pointerPressWasTaken() }
    drag.driver = .platform
  }

  /// Items added to the drag (rule 4) become offers too.
  func itemsDidChange() {
    itemProviders = drag.session.items.map { $0.itemProvider.restricted(to: .all) }
  }
}
