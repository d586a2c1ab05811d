import DragDrop
import Foundation

/// What a list shows while a drag is over it, and the timers behind it: the gap that opens
/// where the items would go in, the item an insert-into drop highlights (rule 20), the
/// reordering cadence that holds a moving gap back (rule 26), spring loading (rule 27) and
/// auto-scroll (rule 29). The list owns one; the drop side of its adapter drives it.
///
/// Four things between items are named apart in the lists:
/// - a *slot* is a position between data items, `0...count` in a section: where an insert
///   goes, and what `ResolvedBatchUpdate.newSlot(_:inSection:)` maps through an update;
/// - an ``OpenGap`` is the space this unit opens in the layout, before a slot;
/// - a placeholder's *anchor* is the slot it stands at, before the data item of that index
///   (see `AnchorSequence`);
/// - a *boundary offset* is where a slot lies along the layout's axis
///   (`ListLayout.boundaryOffset(row:inSection:)`).
@MainActor
final class DropFeedback {
  /// Space opened in the layout before a slot, as tall (or wide) as the dragged item.
  struct OpenGap: Equatable {
    /// The slot the gap opens before, in data index paths.
    var slot: IndexPath
    var extent: Double
  }

  /// The list this feedback shows in; it owns the feedback.
  private unowned let view: ItemsView

  /// The open gap, if any.
  private(set) var gap: OpenGap?
  /// The item an insert-into drop would go into, highlighted.
  private(set) var highlighted: IndexPath?
  /// Reordering cadence: the gap waiting to open, and its timer.
  private var pendingGap: OpenGap?
  private var cadenceTimer: ScheduledAction?
  /// Auto-scroll: the current speed, in points a second, and the ticking timer.
  private var scrollSpeed = 0.0
  private var scrollTimer: ScheduledAction?
  /// Spring loading: the item hovered and its timer.
  private var springItem: IndexPath?
  private var springTimer: ScheduledAction?

  init(view: ItemsView) {
    self.view = view
  }

  // MARK: The gap and the highlight

  /// Opens the gap for an insert-at destination, or highlights the item of an insert-into
  /// one (rule 20); nil closes and clears both. A gap that moves waits for the reordering
  /// cadence (rule 26); one that closes does not. `extent` is the dragged item's.
  func show(_ destination: DropDestination?, extent: @autoclosure () -> Double, pointerMoved: Bool = false) {
    var wanted: OpenGap?
    var highlight: IndexPath?
    if let destination, let indexPath = destination.indexPath {
      switch destination.intent {
      case .insertAtDestinationIndexPath: wanted = OpenGap(slot: indexPath, extent: extent())
      case .insertIntoDestinationIndexPath: highlight = indexPath
      default: break
      }
    }
    setHighlight(highlight)
    let delay = view.reflowDelay
    guard let wanted, delay.seconds > 0, let clock = view.window?.clock else {
      cancelCadence()
      setGap(wanted)
      return
    }
    if wanted.slot == gap?.slot {
      cancelCadence()
      return
    }
    let changed = wanted.slot != pendingGap?.slot
    guard changed || delay.restartsOnMove && pointerMoved || cadenceTimer == nil else { return }
    pendingGap = wanted
    cadenceTimer?.cancel()
    cadenceTimer = clock.schedule(after: delay.seconds) { [weak self] in
      guard let self, let pending = self.pendingGap else { return }
      self.cadenceTimer = nil
      self.pendingGap = nil
      self.setGap(pending)
    }
  }

  private func cancelCadence() {
    cadenceTimer?.cancel()
    cadenceTimer = nil
    pendingGap = nil
  }

  private func setHighlight(_ highlight: IndexPath?) {
    guard highlighted != highlight else { return }
    if let old = highlighted { view.visibleByPath[old]?.isDropTarget = false }
    highlighted = highlight
    if let highlight { view.visibleByPath[highlight]?.isDropTarget = true }
  }

  private func setGap(_ newGap: OpenGap?) {
    // Nothing to redo while the destination stays the same, as it does for most moves.
    guard gap != newGap else { return }
    gap = newGap
    if !view.needsLayout {
      // Only the gap moved: shift the cells already laid out, without walking the items.
      view.placeCells()
      return
    }
    view.setNeedsLayout()
    view.layoutIfNeeded()
  }

  // MARK: Auto-scroll

  /// Rule 29: starts, retunes or stops scrolling from where the drag is, in the view's
  /// coordinates. While it scrolls, the window's drags are routed again each frame, so
  /// the destination keeps updating.
  func updateAutoScroll(at point: Point) {
    let speed = AutoScroll.speed(at: point.y - view.contentOffset.y, length: view.bounds.height)
    scrollSpeed = speed
    guard speed != 0 else {
      scrollTimer?.cancel()
      scrollTimer = nil
      return
    }
    // Auto-scroll takes over from a wheel or touchpad glide.
    view.stopDecelerating()
    if scrollTimer == nil { scheduleScrollTick() }
  }

  private func scheduleScrollTick() {
    guard let clock = view.window?.clock else { return }
    let frame = 1.0 / 60
    scrollTimer = clock.schedule(after: frame) { [weak self] in
      guard let self, self.scrollSpeed != 0 else { return }
      let view = self.view
      let before = view.contentOffset
      view.contentOffset = Point(x: before.x, y: before.y + self.scrollSpeed * frame)
      self.scrollTimer = nil
      guard view.contentOffset != before else { return }  // at the end of the content
      view.flashScrollIndicators()
      view.layoutIfNeeded()
      view.window?.dragController.refreshDropTargets()
      if self.scrollSpeed != 0 && self.scrollTimer == nil { self.scheduleScrollTick() }
    }
  }

  // MARK: Spring loading

  /// Rule 27: hovering over an item for the view's `springLoadingDelay` blinks it and then
  /// activates it (selects it, as a tap would). A nil point is over no item: the timer
  /// stops. With `followingDrop`, the context the delegate gets when the timer fires has
  /// the drop session's location then; otherwise `point`.
  func updateSpringLoading(at point: Point?, followingDrop: Bool) {
    guard view.isSpringLoaded else { return }
    let item = point.flatMap { view.dataIndexPath(at: $0) }
    guard item != springItem else { return }
    springTimer?.cancel()
    springItem = item
    guard item != nil, let point, let clock = view.window?.clock else { return }
    // The item is read again when the timers fire: an update may have moved it since.
    springTimer = clock.schedule(after: view.springLoadingDelay) { [weak self] in
      guard let self, let item = self.springItem else { return }
      let view = self.view
      let context = SpringLoadedContext(
        view: view, location: (followingDrop ? view.dragState.dropSession?.location(in: view) : nil) ?? point,
        targetView: view.visibleCell(at: item), targetItem: item,
        state: .activating)
      guard view.dropBridge?.shouldSpringLoad(at: item, context: context) ?? true else { return }
      self.blink(context.targetView, times: 2) { [weak self] in
        guard let self, let item = self.springItem else { return }
        context.state = .activated
        self.view.select(item)
        self.view.data.didSelect(item)
      }
    }
  }

  /// Flashes a view's background `times` times on the clock, then runs `completion`.
  private func blink(_ target: View?, times: Int, completion: @escaping @MainActor () -> Void) {
    guard let clock = view.window?.clock else { return }
    let original = target?.backgroundColor
    let flash = Color(red: 0.6, green: 0.8, blue: 1)
    let step = 0.1
    for index in 0..<(times * 2) {
      clock.schedule(after: step * Double(index)) { target?.backgroundColor = index % 2 == 0 ? flash : original }
    }
    springTimer = clock.schedule(after: step * Double(times * 2)) {
      target?.backgroundColor = original
      completion()
    }
  }

  // MARK: Ending and updates

  /// Stops auto-scroll, spring loading and a waiting gap; the gap and highlight stay until
  /// ``show(_:extent:pointerMoved:)`` clears them.
  func stopTimers() {
    scrollTimer?.cancel()
    scrollTimer = nil
    scrollSpeed = 0
    springTimer?.cancel()
    springTimer = nil
    springItem = nil
    cancelCadence()
  }

  /// Follows a batch update: `item` maps an item's path (nil when it went away), `slot` a
  /// slot's (nil when its section went away). A hovered item that went away never springs.
  func follow(item: (IndexPath) -> IndexPath?, slot: (IndexPath) -> IndexPath?) {
    highlighted = highlighted.flatMap(item)
    if let spring = springItem {
      springItem = item(spring)
      if springItem == nil {
        springTimer?.cancel()
        springTimer = nil
      }
    }
    gap = gap.flatMap { gap in slot(gap.slot).map { OpenGap(slot: $0, extent: gap.extent) } }
    pendingGap = pendingGap.flatMap { gap in slot(gap.slot).map { OpenGap(slot: $0, extent: gap.extent) } }
  }
}
