import DragDrop
import Foundation
import Logging

/// What ``TableView`` and ``CollectionView`` share: sections of items in a scroll view,
/// reusable cells of which only the visible ones exist, selection, batch updates checked
/// by rule 25, placeholders, and drag and drop with a gap, a highlight, spring loading and
/// auto-scroll.
///
/// Item geometry lives in a layout whose queries and edits cost O(log n), so scrolling,
/// hit testing and updates cost the same with a million items as with ten. Use it through
/// its subclasses.
@MainActor
open class ItemsView: ScrollView {
  /// Whether selection by tapping is on.
  public var allowsSelection = true
  /// Whether a tap adds to the selection rather than replacing it.
  public var allowsMultipleSelection = false
  /// Whether hovering a drag over an item activates it (rule 27).
  public var isSpringLoaded = false
  /// How long a drag must hover over an item before it blinks and activates.
  public var springLoadingDelay = 1.0
  /// How long changes animate. The model and the frames change at once; cells on show
  /// glide from where they were over this time (their presentation offsets), and the
  /// completion of a batch update waits for it.
  public var updateAnimationDuration = 0.3
  /// Whether cells glide to new places after updates, gaps and reorders. Only views in a
  /// window animate: the window's clock drives them.
  public var animatesChanges = true

  /// The geometry of every item and placeholder, in display index paths.
  var itemLayout: any ItemLayout
  var itemCounts: [Int] = []
  var visibleByPath = VisibleCells()
  /// The cells placed by the last layout, with their display paths.
  var laidOut: [(cell: ItemsViewCell, display: IndexPath)] = []
  /// The cells gliding to their frames.
  let glides = CellGlides()
  /// Each section's placeholders, and those that have cells now.
  var placeholders = PlaceholderStore()
  var reuse = CellReuse()
  var selected = ItemSelection()
  var needsReload = true
  /// Updates collected inside `performBatchUpdates`; nil outside.
  var pendingUpdate: BatchUpdate?
  /// Whether a change of the batch under way asked for an animation.
  var pendingAnimates = false
  /// The next layout places cells without gliding: an update asked for no animation.
  var skipsNextGlide = false
  let dragState = DragDropState()
  /// The gap, highlight, cadence, spring loading and auto-scroll of drops over the view.
  lazy var dropFeedback = DropFeedback(view: self)
  /// The interactive movement under way (rule 28).
  var movement: InteractiveMovement?
  var dragInteraction: DragInteraction?
  package internal(set) var dropInteraction: DropInteraction?

  /// The name the view's drag and drop interactions go by in delegate-call traces. Nil (the
  /// default) means the accessibility label, which is also what announcements call the
  /// view: set this when traces need a short stable name and users a readable one.
  public var interactionName: String? {
    didSet {
      dragInteraction?.name = interactionName ?? accessibilityLabel
      dropInteraction?.name = interactionName ?? accessibilityLabel
    }
  }
  var dragAdapter: ItemsDragAdapter?
  var dropAdapter: ItemsDropAdapter?

  static let logger = Logger(label: "DragDrop.ItemsView")
  /// Whether the data source showed the last local reorder itself, by applying a snapshot
  /// in its move handler, so that the view does not move the item again.
  var reorderShownByDataSource = false

  /// An interactive movement (rule 28): the item moving, the index it would land at (after
  /// its removal), and where its cell is.
  struct InteractiveMovement {
    var original: IndexPath
    var target: IndexPath
    var position: Point

    func frame(for size: Size) -> Rect {
      Rect(x: position.x - size.width / 2, y: position.y - size.height / 2, width: size.width, height: size.height)
    }
  }

  /// The view's data source and delegates, as the engine asks them: set by the view when
  /// they are set.
  var dataBridge: (any ItemsDataBridge)? { didSet { setNeedsReload() } }
  var dragBridge: (any ItemsDragBridge)? { didSet { if dragBridge != nil { installDragInteraction() } } }
  var dropBridge: (any ItemsDropBridge)? { didSet { if dropBridge != nil { installDropInteraction() } } }

  // MARK: What a table or a collection view decides

  /// The layout for `counts` items, from scratch.
  func makeLayout(counts: [Int]) -> any ItemLayout { ListLayout(width: bounds.width, sections: []) }
  /// Called once the geometry has followed a change to the items: a batch update, or a
  /// committed placeholder (with its item's data and display paths).
  func itemsDidChange(committed: (data: IndexPath, display: IndexPath)? = nil) {}
  /// The extent new sections' items take until they come into view and are measured; nil
  /// (the default) measures every item up front.
  var estimatedItemExtent: Double? { nil }
  /// Header extents for the sections the data source now reports; none by default.
  func sectionExtents(sections: Int) -> [SectionExtents] { Array(repeating: SectionExtents(), count: sections) }
  /// Places headers and other views that go with sections; none by default.
  func layoutSupplementaryViews(top: Double, bottom: Double) {}
  /// Reports a call to the application's own delegate or data source to the window's
  /// drag controller, for a recorder that asked for them
  /// (``DragController/recordsApplicationCalls``). The view is named as its interactions
  /// are in traces: ``interactionName``, else its accessibility label, else its type.
  func noteApplicationCall(
    _ method: @autoclosure () -> String, at indexPath: IndexPath? = nil, to destination: IndexPath? = nil
  ) {
    guard DragController.applicationCallObserverCount > 0, let controller = window?.dragController,
      controller.recordsApplicationCalls
    else { return }
    controller.recordApplicationCall(
      in: interactionName ?? accessibilityLabel ?? "\(type(of: self))", method(), at: indexPath, to: destination)
  }

  /// Sets up a data item's cell each time the view lays it out; nothing by default.
  func prepareShown(_ cell: ItemsViewCell, at indexPath: IndexPath) {}
  /// Takes a tap before it selects: true when the view did something else with it.
  func interceptTap(at point: Point) -> Bool { false }
  func removeSupplementaryViews() {}
  /// The preview size of an item from elsewhere.
  var defaultPreviewSize: Size { Size(width: bounds.width, height: 44) }
  /// How long the gap waits before moving to a new destination (rule 26), and whether each
  /// pointer movement restarts the wait. No wait by default.
  var reflowDelay: (seconds: Double, restartsOnMove: Bool) { (0, false) }
  /// Where an arrow key moves the focus from `indexPath`. By default, every arrow steps
  /// through the items in order.
  func keyboardFocusStep(from indexPath: IndexPath, key: KeyEvent.Key) -> IndexPath? {
    switch key {
    case .up, .left: flatStep(from: indexPath, by: -1)
    case .down, .right: flatStep(from: indexPath, by: 1)
    default: nil
    }
  }
  /// The point in an item's frame where a drag resolves to the gap before it (or after it,
  /// for the last gap). By default, the upper or lower quarter of a row.
  func keyboardStopPoint(in frame: Rect, beforeItem: Bool) -> Point {
    Point(x: frame.midX, y: beforeItem ? frame.minY + frame.height / 4 : frame.maxY - frame.height / 4)
  }

  init(frame: Rect, layout: any ItemLayout) {
    itemLayout = layout
    super.init(frame: frame)
    addGestureRecognizer(
      TapGestureRecognizer { [weak self] recognizer in
        guard let self, recognizer.state == .ended else { return }
        self.tap(at: recognizer.location(in: self))
      })
    addGestureRecognizer(HighlightTracker(items: self))
  }

  /// Whether items can be dragged. Until it is set, it follows the device configuration
  /// of the view's window, as drag interactions do (rule 17).
  public var dragInteractionEnabled: Bool {
    get { explicitDragInteractionEnabled ?? DragInteraction.isEnabledByDefault(on: environment.deviceConfiguration) }
    set {
      explicitDragInteractionEnabled = newValue
      dragInteraction?.isEnabled = newValue
    }
  }
  var explicitDragInteractionEnabled: Bool?

  /// Whether a drag from this view is under way.
  public var hasActiveDrag: Bool { dragState.dragSession != nil }
  /// Whether a drop session is over this view.
  public var hasActiveDrop: Bool { dragState.dropSession != nil }
  /// Whether the view shows changes its data source has not made yet (rule 17): an open
  /// gap, placeholders, or an interactive movement.
  public var hasUncommittedUpdates: Bool {
    dropFeedback.gap != nil || hasPlaceholders || movement != nil
  }

  // MARK: Keyboard focus

  /// The item with the keyboard focus; see ``indexPathForKeyboardFocus``.
  var keyboardFocus: IndexPath? {
    didSet { if keyboardFocus != oldValue { keyboardFocusPlaceholder = nil } }
  }
  /// The placeholder a keyboard drop went to: the focus moves onto its item when it is
  /// committed, unless the focus moved on before.
  weak var keyboardFocusPlaceholder: PlaceholderEntry?
  /// The focus's last description, with what it said and whose sentences made it.
  var lastFocusDescription: (announcement: DragAnnouncement, text: DragAnnouncementText.Identity, sentence: String)?

  open override var keyboardFocusRect: Rect? {
    keyboardFocus.flatMap { itemFrame(at: $0) }
  }

  open override var keyboardFocusLabel: String? {
    keyboardFocus.flatMap(itemLabel(at:))
  }

  /// The label of the item at `point`, or the view's own label away from any item.
  open override func accessibilityLabel(at point: Point) -> String? {
    dataIndexPath(at: point).flatMap(itemLabel(at:)) ?? accessibilityLabel
  }

  /// Whether the focused item is selected.
  open override var accessibilityFocusIsSelected: Bool {
    keyboardFocus.map { selected.contains($0) } ?? false
  }

  /// The focused item's label, its position among all the items, and whether it is
  /// selected, in the window's announcement text.
  open override var accessibilityFocusDescription: String? {
    guard let focus = keyboardFocus, contains(focus) else { return accessibilityLabel }
    let position = itemCounts.prefix(focus.section).reduce(0, +) + focus.item + 1
    let total = itemCounts.reduce(0, +)
    let announcement = DragAnnouncement.focused(
      item: itemLabel(at: focus), position: position, of: total, isSelected: selected.contains(focus))
    // Every layout pass asks again (the ring follows a scroll): the sentence is made again
    // only when what it says changed.
    let announcements = environment.announcements
    if let last = lastFocusDescription, last.announcement == announcement, last.text === announcements.identity {
      return last.sentence
    }
    let sentence = announcements.sentence(announcement)
    lastFocusDescription = (announcement, announcements.identity, sentence)
    return sentence
  }

  /// Lists take the keyboard focus.
  open override var canBecomeFocused: Bool { true }

  open override func focusDidChange(_ isFocused: Bool) {
    super.focusDidChange(isFocused)
    guard isFocused, keyboardFocus.map(contains) != true else { return }
    if window?.isFocusVisible == true {
      // From the keyboard: the selection, or the first item, scrolled into view.
      indexPathForKeyboardFocus = sortedSelection.first ?? firstItem
    } else {
      // From a press: an item in view, without scrolling away from what was pressed.
      keyboardFocus = sortedSelection.first { sortedVisiblePaths.contains($0) } ?? sortedVisiblePaths.first ?? firstItem
      setNeedsFocusRingUpdate()
    }
  }

  open override func keyEvent(_ event: KeyEvent) {
    guard event.phase == .down else { return super.keyEvent(event) }
    switch event.key {
    case .up, .down, .left, .right:
      guard let focus = keyboardFocus ?? firstItem else { return }
      if let next = keyboardFocusStep(from: focus, key: event.key) { indexPathForKeyboardFocus = next }
    case .home:
      indexPathForKeyboardFocus = firstItem
    case .end:
      indexPathForKeyboardFocus = lastItem
    case .pageUp, .pageDown:
      guard let focus = keyboardFocus ?? firstItem else { return }
      let page = max(1, sortedVisiblePaths.count - 1) * (event.key == .pageUp ? -1 : 1)
      indexPathForKeyboardFocus = flatStep(from: focus, by: page) ?? (page < 0 ? firstItem : lastItem)
    case .return, .space:
      // As a tap on the focused item: Return, or Ctrl-Space (Space alone lifts).
      guard event.key == .return || event.modifiers.contains(.control), movement == nil, let focus = keyboardFocus
      else {
        return super.keyEvent(event)
      }
      tapItem(at: focus)
    default:
      super.keyEvent(event)
    }
  }

  // MARK: Layout

  open override func geometryDidChange() {
    super.geometryDidChange()
    if itemLayout.width != bounds.width {
      itemLayout.width = bounds.width
      contentSize = Size(width: bounds.width, height: itemLayout.contentHeight)
      setNeedsLayout()
    }
  }

  /// The visible cells move all the time and stay few: scanning them beats an index.
  open override var indexesSubviewsForHitTesting: Bool { false }

  /// Shows the cells of the items in view and recycles the rest: O(log n + visible).
  open override func layoutSubviews() { layoutCells() }
}
