/// One live drag in a window's controller: its session, what drives it, where it is, and
/// what it has touched. Touch, pointer, keyboard and platform drags are all kept here, and
/// all go through the controller's one pipeline: ``DragController/move(_:to:)``,
/// ``DragController/release(_:)`` and ``DragController/cancel(_:)``.
@MainActor
final class LiveDrag {
  /// What moves and ends the drag.
  enum Driver: Hashable, Sendable {
    /// A finger, by touch id.
    case touch(Int)
    /// A pointer with its primary button down, by the touch id the window gives it.
    case pointer(Int)
    /// The keyboard sensor: Space lifted it, the arrow keys and Tab move it.
    case keyboard
    /// The platform: a drag from another application, or one of ours that the platform
    /// carries (over our own windows too, with `localDragSession` set).
    case platform

    /// The touch id of a touch or pointer driver.
    var touchID: Int? {
      switch self {
      case .touch(let id), .pointer(let id): id
      case .keyboard, .platform: nil
      }
    }

    init(_ touch: Touch) {
      self = touch.kind == .pointer ? .pointer(touch.id) : .touch(touch.id)
    }
  }

  enum Phase { case lifting, dragging, ending, ended }

  /// Where the drop side stands: what it is over, what it proposed, and whom it involved.
  struct Routing {
    var target: DropInteraction?
    var proposal = DropProposal(operation: .cancel)
    /// Drop interactions that received enter, update or exit (rule 13), in order, and as a
    /// set for the check on every enter.
    var involved: [DropInteraction] = []
    var involvedSet: Set<ObjectIdentifier> = []
    /// Answers of canHandle, until the items change (rule 12).
    var canHandle: [ObjectIdentifier: Bool] = [:]
    /// Whether the platform carried the drag out of the window (until it comes back).
    var hasLeftWindow = false

    mutating func note(_ interaction: DropInteraction) {
      if involvedSet.insert(ObjectIdentifier(interaction)).inserted { involved.append(interaction) }
    }
  }

  /// The items' sources and previews.
  struct Contents {
    /// The interaction that supplied each item (the source, or one that added items).
    var owners: [ObjectIdentifier: DragInteraction] = [:]
    /// Interactions that have contributed items, in order.
    var contributors: [DragInteraction] = []
    /// Each item's lift preview; nil for items that are invisible (rule 5).
    var liftPreviews: [ObjectIdentifier: TargetedDragPreview] = [:]
    /// The preview each item shows while it moves (rule 9); nil for none.
    var movingPreviews: [ObjectIdentifier: DragPreview] = [:]
    /// While the drag ends: where each item's preview goes, nil to fade in place.
    var endingPreviews: [ObjectIdentifier: TargetedDragPreview?] = [:]
  }

  /// Numbered from 1 in each window, for traces.
  let id: Int
  let session: DragSession
  /// The interaction the drag was lifted from; nil when the drag comes from elsewhere.
  let source: DragInteraction?
  /// Whether the drag comes from another application: its items are promises from another
  /// process, and its drop session has no `localDragSession` (rule 16).
  let isFromOtherProcess: Bool
  /// For a drag from another of our windows, carried here by the platform: its session.
  let localSessionFromElsewhere: DragSession?
  var driver: Driver
  var phase = Phase.lifting
  var liftAnimator: DragAnimator?
  var dropSession: DropSession
  var routing = Routing()
  var contents = Contents()
  /// The handle through which the platform carries the drag out of the process, while the
  /// drag may leave it (rule 37).
  var outgoing: OutgoingDrag?
  /// What announcements call the items while there is one: the label of what was lifted.
  var itemName: String?
  /// The target a pointer or touch drag was last announced over, and the announcement
  /// waiting for the drag to stay over its new one.
  weak var announcedTarget: DropInteraction?
  var pendingAnnouncement: ScheduledAction?

  init(
    id: Int, session: DragSession, source: DragInteraction?, driver: Driver, isFromOtherProcess: Bool = false,
    localSessionFromElsewhere: DragSession? = nil, window: Window?
  ) {
    self.id = id
    self.session = session
    self.source = source
    self.driver = driver
    self.isFromOtherProcess = isFromOtherProcess
    self.localSessionFromElsewhere = localSessionFromElsewhere
    self.dropSession = DropSession(items: [], window: window)
  }

  var target: DropInteraction? { routing.target }
  var proposal: DropProposal { routing.proposal }
  /// Lifting or dragging: the drag still moves.
  var isLive: Bool { phase == .lifting || phase == .dragging }
}
