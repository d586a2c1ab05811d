import DragDrop
import Foundation
import Logging

/// A cell of a table or collection view, reused as items scroll in and out.
@MainActor
open class ItemsViewCell: View {
  public internal(set) var reuseIdentifier: String?
  /// Whether the item is selected.
  public internal(set) var isSelected = false

  public required init(reuseIdentifier: String?) {
    self.reuseIdentifier = reuseIdentifier
    super.init(frame: .zero)
  }

  /// Called before a cell is handed out again; clears the selection and drag state.
  open func prepareForReuse() {
    isSelected = false
    // Through dragStateDidChange, so that a cell reused after a drag drops its dragged look.
    setDragState(.none)
    isDropTarget = false
  }

  /// Whether the last layout placed the cell (it then has a place to glide from).
  var isPlaced = false
  /// The glide under way: the presentation offset it started from, and when.
  var glide: (from: Point, start: Double)?

  /// The cell's part in a drag (rule 19).
  public private(set) var dragState = CellDragState.none
  /// Whether the cell is highlighted as the target of an insert-into drop.
  public internal(set) var isDropTarget = false {
    didSet { if isDropTarget != oldValue { dropTargetStateDidChange(isDropTarget) } }
  }
  /// The background the cell had before the highlight.
  private var backgroundBeforeHighlight: Color?

  /// Called when the cell becomes or stops being the target of an insert-into drop. By
  /// default it tints the background light blue, and then gives the cell back its own.
  open func dropTargetStateDidChange(_ isDropTarget: Bool) {
    if isDropTarget {
      backgroundBeforeHighlight = backgroundColor
      backgroundColor = Color(red: 0.8, green: 0.9, blue: 1)
    } else {
      backgroundColor = backgroundBeforeHighlight
      backgroundBeforeHighlight = nil
    }
  }

  func setDragState(_ state: CellDragState) {
    guard state != dragState else { return }
    dragState = state
    dragStateDidChange(state)
  }

  /// Called when the cell's drag state changes; dims a dragged cell by default.
  open func dragStateDidChange(_ state: CellDragState) {
    alpha = state == .dragging ? 0.5 : 1
  }

  /// What the cell shows, for its line in a tree snapshot.
  var contentSnapshot: String { "" }

  /// What the cell is called in announcements: its accessibility label by default.
  open var accessibilityText: String? { accessibilityLabel }

  open override var snapshotDescription: String {
    super.snapshotDescription + contentSnapshot + (isSelected ? " selected" : "")
      + (dragState == .none ? "" : " drag=\(dragState)")
      + (isDropTarget ? " dropTarget" : "")
  }
}

/// How rows or items animate in and out with an update, as UIKit's `RowAnimation` names
/// it. ``none`` places cells at once. Every other value glides the cells on show to their
/// new places over ``ItemsView/updateAnimationDuration``; the directional slides and the
/// fade of UIKit are not drawn differently here.
public enum RowAnimation: Sendable, Hashable {
  case fade, right, left, top, bottom, none, middle, automatic
}

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
  /// The cells gliding to their frames, and the timer of the next animation frame.
  private var gliding: [ItemsViewCell] = []
  private var glideTimer: ScheduledAction?
  /// Each section's placeholders, in display order, and the entries behind their handles.
  var placeholderSequences: [Int: AnchorSequence] = [:]
  var placeholderLookup: [Int: [AnchorSequence.Handle: PlaceholderEntry]] = [:]
  var placeholderCount = 0
  /// The placeholders that have cells now.
  var placeholdersWithCells: [ObjectIdentifier: PlaceholderEntry] = [:]
  private var reusePool: [String: [ItemsViewCell]] = [:]
  private var registrations: [String: ItemsViewCell.Type] = [:]
  var selected = ItemSelection()
  private var needsReload = true
  /// Updates collected inside `performBatchUpdates`; nil outside.
  private var pendingUpdate: BatchUpdate?
  /// Whether a change of the batch under way asked for an animation.
  private var pendingAnimates = false
  /// The next layout places cells without gliding: an update asked for no animation.
  var skipsNextGlide = false
  let dragState = DragDropState()
  /// The gap, highlight, cadence, spring loading and auto-scroll of drops over the view.
  lazy var dropFeedback = DropFeedback(view: self)
  /// The interactive movement under way (rule 28).
  var movement: InteractiveMovement?
  var dragInteraction: DragInteraction?
  var dropInteraction: DropInteraction?

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

  /// What the concrete view (a table or a collection view) supplies: its data, layout and
  /// delegates. It is the view itself, so the reference needs no counting.
  unowned(unsafe) var kind: (any ItemsViewKind)!

  init(frame: Rect, layout: any ItemLayout) {
    itemLayout = layout
    super.init(frame: frame)
    addGestureRecognizer(
      TapGestureRecognizer { [weak self] recognizer in
        guard let self, recognizer.state == .ended else { return }
        self.tap(at: recognizer.location(in: self))
      })
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
    return environment.announcements.sentence(
      .focused(item: itemLabel(at: focus), position: position, of: total, isSelected: selected.contains(focus)))
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
      if let next = kind.keyboardFocusStep(from: focus, key: event.key) { indexPathForKeyboardFocus = next }
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

  // MARK: Cells

  func register(cellClass: ItemsViewCell.Type, identifier: String) {
    registrations[identifier] = cellClass
  }

  /// A cell for `identifier`: a reused one when there is one, otherwise a new one of the
  /// registered class, or of `fallback` for an identifier never registered (logged).
  func dequeueCell(identifier: String, fallback: ItemsViewCell.Type) -> ItemsViewCell {
    if let cell = reusePool[identifier]?.popLast() {
      cell.prepareForReuse()
      return cell
    }
    guard let cellClass = registrations[identifier] else {
      Self.logger.error(
        "no cell class is registered for this reuse identifier; register one before dequeuing",
        metadata: ["identifier": "\(identifier)"])
      return fallback.init(reuseIdentifier: identifier)
    }
    return cellClass.init(reuseIdentifier: identifier)
  }

  func recycle(_ cell: ItemsViewCell) {
    stopGlide(cell)
    cell.isPlaced = false
    cell.removeFromSuperview()
    if let identifier = cell.reuseIdentifier { reusePool[identifier, default: []].append(cell) }
  }

  func visibleCell(at indexPath: IndexPath) -> ItemsViewCell? {
    layoutIfNeeded()
    return visibleByPath[indexPath]
  }

  var sortedVisibleCells: [ItemsViewCell] {
    layoutIfNeeded()
    return visibleByPath.orderedCells
  }

  var sortedVisiblePaths: [IndexPath] {
    layoutIfNeeded()
    return visibleByPath.paths
  }

  // MARK: Geometry

  var sectionCount: Int {
    reloadIfNeeded()
    return itemCounts.count
  }

  func itemCount(inSection section: Int) -> Int {
    reloadIfNeeded()
    return itemCounts.indices.contains(section) ? itemCounts[section] : 0
  }

  /// Whether a path names an item: two indexes, both in range.
  func contains(_ indexPath: IndexPath) -> Bool {
    indexPath.count == 2 && itemCounts.indices.contains(indexPath.section)
      && (0..<itemCounts[indexPath.section]).contains(indexPath.item)
  }

  /// An item's frame in content coordinates; nil when out of range.
  func itemFrame(at indexPath: IndexPath) -> Rect? {
    reloadIfNeeded()
    guard contains(indexPath) else { return nil }
    return itemLayout.frame(at: displayPath(for: indexPath))
  }

  /// The data item under a point in content coordinates.
  func dataIndexPath(at point: Point) -> IndexPath? {
    reloadIfNeeded()
    guard let display = itemLayout.indexPath(at: point), case .data(let indexPath) = displayItem(at: display) else {
      return nil
    }
    return indexPath
  }

  // MARK: Loading

  func setNeedsReload() {
    needsReload = true
    setNeedsLayout()
  }

  func reloadIfNeeded() {
    if needsReload { reloadData() }
  }

  /// Asks the data source for everything again. Visible cells return to the reuse pool,
  /// placeholders and an interactive movement are dropped, and the selection is cleared.
  public func reloadData() {
    needsReload = false
    dragState.reloadedSinceDragBegan = true
    for (_, cell) in visibleByPath { recycle(cell) }
    visibleByPath = VisibleCells()
    laidOut = []
    removeAllPlaceholders()
    placeholdersWithCells = [:]
    movement = nil
    kind.removeSupplementaryViews()
    selected = ItemSelection()
    keyboardFocus = nil
    let sections = kind.hasDataSource ? max(0, kind.sourceNumberOfSections()) : 0
    itemCounts = (0..<sections).map(sourceItemCount(inSection:))
    itemLayout = kind.makeLayout(counts: itemCounts)
    itemLayout.width = bounds.width
    contentSize = Size(width: bounds.width, height: itemLayout.contentHeight)
    setNeedsLayout()
  }

  /// The most items one section shows: the row bookkeeping counts in 32 bits, with room
  /// left for insertions. 1,073,741,824.
  public static let maximumItemsPerSection = 1 << 30

  /// The data source's item count for a section: negative counts are 0, and counts past
  /// ``maximumItemsPerSection`` show that many, logged.
  func sourceItemCount(inSection section: Int) -> Int {
    let reported = kind.sourceNumberOfItems(inSection: section)
    guard reported <= Self.maximumItemsPerSection else {
      Self.logger.error(
        "a section can show at most \(Self.maximumItemsPerSection) items; it shows that many",
        metadata: ["section": "\(section)", "reported": "\(reported)"])
      return Self.maximumItemsPerSection
    }
    return max(0, reported)
  }

  /// Makes every index path the view keeps, but the selection, follow an update (rules 21, 22
  /// and 25): a drag's source items, the drop destination, the gap, the highlighted and
  /// spring-loaded items, and an interactive movement. `item` maps an item's path, nil when
  /// the item went away; `slot` maps a slot between items, nil when its section went away.
  /// What went away is forgotten: a deleted source item has no source index path any more,
  /// and a movement whose item was deleted ends.
  func followUpdate(item: (IndexPath) -> IndexPath?, slot: (IndexPath) -> IndexPath?) {
    if let focus = keyboardFocus { keyboardFocus = item(focus) }
    let state = dragState
    if !state.sourceIndexPaths.isEmpty { state.sourceIndexPaths = state.sourceIndexPaths.compactMapValues(item) }
    dropFeedback.follow(item: item, slot: slot)
    if let destination = state.destination, let path = destination.indexPath {
      let mapped = destination.intent == .insertIntoDestinationIndexPath ? item(path) : slot(path)
      state.destination =
        mapped.map { DropDestination(indexPath: $0, intent: destination.intent) }
        ?? DropDestination(indexPath: nil, intent: .unspecified)
    }
    if let moving = movement {
      guard let original = item(moving.original) else {
        movement = nil
        return
      }
      // The target counts positions once the moving item is out of its section.
      let target = slot(moving.target) ?? original
      let limit = itemCounts[target.section] - (target.section == original.section ? 1 : 0)
      movement?.original = original
      movement?.target = IndexPath(item: max(0, min(target.item, limit)), section: target.section)
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
  /// Placeholders get their own cells, configured by their update handlers.
  open override func layoutSubviews() {
    reloadIfNeeded()
    guard kind.hasDataSource else { return }
    let band =
      kind.estimatedItemExtent != nil
      ? measureEstimatedItems() : itemLayout.indexPaths(fromY: contentOffset.y, toY: contentOffset.y + bounds.height)
    let top = contentOffset.y
    let bottom = top + bounds.height
    let wanted = band.map { ($0, displayItem(at: $0)) }
    var wantedData = Set<IndexPath>()
    var wantedPlaceholders = Set<ObjectIdentifier>()
    for (_, item) in wanted {
      switch item {
      case .data(let indexPath): wantedData.insert(indexPath)
      case .placeholder(let placeholder): wantedPlaceholders.insert(ObjectIdentifier(placeholder))
      }
    }
    if let movement { wantedData.insert(movement.original) }  // the moving item stays
    for cell in visibleByPath.removeAll(where: { !wantedData.contains($0) }) { recycle(cell) }
    for (key, entry) in placeholdersWithCells where !wantedPlaceholders.contains(key) {
      if let cell = entry.cell { recycle(cell) }
      entry.cell = nil
      placeholdersWithCells[key] = nil
    }
    laidOut = []
    var shown = wanted
    if let movement, !wanted.contains(where: { $0.0 == displayPath(for: movement.original) }) {
      shown.append((displayPath(for: movement.original), .data(movement.original)))
    }
    for (display, item) in shown {
      let cell: ItemsViewCell
      switch item {
      case .data(let indexPath):
        if let existing = visibleByPath[indexPath] {
          cell = existing
        } else {
          cell = kind.sourceCell(at: indexPath)
          visibleByPath[indexPath] = cell
          insertSubview(cell, at: 0)
        }
        cell.isSelected = selected.contains(indexPath)
        cell.isDropTarget = dropFeedback.highlighted == indexPath
      case .placeholder(let entry):
        if let existing = entry.cell {
          cell = existing
        } else {
          cell = dequeueCell(identifier: entry.reuseIdentifier, fallback: entry.cellClass)
          entry.cell = cell
          placeholdersWithCells[ObjectIdentifier(entry)] = entry
          insertSubview(cell, at: 0)
        }
        entry.configure(cell)
      }
      laidOut.append((cell, display))
    }
    placeCells()
    kind.layoutSupplementaryViews(top: top, bottom: bottom)
    if keyboardFocus != nil { setNeedsFocusRingUpdate() }
  }

  /// Asks the heights of the items in view whose heights are still estimates, and keeps the
  /// first item that starts in view where it is on screen, so that measuring the items above
  /// it does not make the content jump. Each pass measures only items not measured yet;
  /// the loop ends when the items in view are all measured. Returns the items in view.
  private func measureEstimatedItems() -> [IndexPath] {
    while true {
      let top = contentOffset.y
      let band = itemLayout.indexPaths(fromY: top, toY: top + bounds.height)
      let estimated = band.filter { itemLayout.isEstimated(at: $0) }
      guard !estimated.isEmpty else { return band }
      let anchor = band.first { (itemLayout.frame(at: $0)?.minY ?? -1) >= top } ?? band[0]
      let anchorTop = itemLayout.frame(at: anchor)?.minY
      var measured = 0
      for display in estimated {
        // Placeholders have their own extents; only data items are estimated.
        guard case .data(let path) = displayItem(at: display) else { continue }
        if itemLayout.setExtent(kind.sourceExtent(at: path), at: display) { measured += 1 }
      }
      guard measured > 0 else { return band }
      contentSize = Size(width: bounds.width, height: itemLayout.contentHeight)
      if let anchorTop, let newTop = itemLayout.frame(at: anchor)?.minY, newTop != anchorTop {
        contentOffset = Point(x: contentOffset.x, y: contentOffset.y + newTop - anchorTop)
      }
    }
  }

  /// Places the laid-out cells at their frames, moved aside by an open gap or an
  /// interactive movement: O(visible), without walking the items. Cells already on show
  /// glide to their new frames.
  func placeCells() {
    let gap = dropFeedback.gap.map { (display: displayPath(for: $0.slot), extent: $0.extent) }
    let moving = movement.map { (display: displayPath(for: $0.original), target: displayPath(for: $0.target)) }
    let extent = moving.flatMap { itemLayout.extent(at: $0.display) } ?? gap?.extent ?? 0
    let clock = animatesChanges && !skipsNextGlide && updateAnimationDuration > 0 ? window?.clock : nil
    skipsNextGlide = false
    var pass = itemLayout.displacementPass(
      removing: moving?.display, gap: moving?.target ?? gap?.display, extent: extent)
    let moved = moving.map { ItemPosition($0.display) }
    for (cell, display) in laidOut {
      let position = ItemPosition(display)
      if position == moved {
        cell.frame = movement?.frame(for: cell.frame.size) ?? cell.frame
        stopGlide(cell)  // it follows the finger exactly
        cell.isPlaced = true
        continue
      }
      // Only cells whose place changes are touched: setting a frame invalidates the hit
      // index and the layout.
      if let frame = itemLayout.displacedFrame(position.item, inSection: position.section, in: &pass),
        frame != cell.frame
      {
        if let clock, cell.isPlaced { startGlide(cell, from: cell.frame, to: frame, now: clock.now) }
        cell.frame = frame
      }
      cell.isPlaced = true
    }
  }

  // MARK: Animation

  /// Starts a cell gliding from where it is shown, at `old` plus its presentation
  /// offset, to `new`: its offset then shrinks to zero over ``updateAnimationDuration``.
  private func startGlide(_ cell: ItemsViewCell, from old: Rect, to new: Rect, now: Double) {
    let offset = Point(
      x: old.minX + cell.presentationOffset.x - new.minX, y: old.minY + cell.presentationOffset.y - new.minY)
    cell.presentationOffset = offset
    if cell.glide == nil { gliding.append(cell) }
    cell.glide = (offset, now)
    if glideTimer == nil { scheduleGlideFrame() }
  }

  /// One animation frame: every glide moves on; the next frame is scheduled only while
  /// something still moves.
  private func scheduleGlideFrame() {
    guard let clock = window?.clock else { return }
    glideTimer = clock.schedule(after: 1.0 / 60) { [weak self] in
      guard let self else { return }
      self.glideTimer = nil
      let duration = self.updateAnimationDuration
      for cell in self.gliding {
        guard let glide = cell.glide else { continue }
        let t = duration > 0 ? min(1, (clock.now - glide.start) / duration) : 1
        // Ease in and out, as UIKit's default curve does.
        let eased = t < 0.5 ? 4 * t * t * t : 1 - pow(-2 * t + 2, 3) / 2
        cell.presentationOffset = Point(x: glide.from.x * (1 - eased), y: glide.from.y * (1 - eased))
        if t >= 1 { cell.glide = nil }
      }
      self.gliding.removeAll { $0.glide == nil }
      if !self.gliding.isEmpty { self.scheduleGlideFrame() }
    }
  }

  /// Stops a cell's glide, leaving it drawn at its frame.
  func stopGlide(_ cell: ItemsViewCell) {
    if cell.glide != nil {
      cell.glide = nil
      gliding.removeAll { $0 === cell }
    }
    cell.presentationOffset = .zero
  }

  // MARK: Selection

  var sortedSelection: [IndexPath] { selected.sorted }

  /// Selects an item; with single selection, the previous one is deselected.
  func select(_ indexPath: IndexPath) {
    reloadIfNeeded()
    guard contains(indexPath) else {
      Self.logger.warning(
        "selecting an index path that names no item does nothing", metadata: ["indexPath": "\(indexPath)"])
      return
    }
    if !allowsMultipleSelection {
      for old in selected.sorted where old != indexPath { deselect(old) }
    }
    guard selected.insert(indexPath) else { return }
    visibleByPath[indexPath]?.isSelected = true
  }

  func deselect(_ indexPath: IndexPath) {
    guard selected.remove(indexPath) else { return }
    visibleByPath[indexPath]?.isSelected = false
  }

  private func tap(at point: Point) {
    guard let indexPath = dataIndexPath(at: point) else { return }
    tapItem(at: indexPath)
  }

  /// Selects or deselects an item as a tap on it does, and tells the delegate.
  func tapItem(at indexPath: IndexPath) {
    guard movement == nil, contains(indexPath) else { return }
    keyboardFocus = indexPath
    defer { setNeedsFocusRingUpdate() }
    guard allowsSelection else { return }
    if selected.contains(indexPath) && allowsMultipleSelection {
      deselect(indexPath)
      kind.notifyDeselect(indexPath)
    } else {
      let previous = allowsMultipleSelection ? [] : selected.sorted.filter { $0 != indexPath }
      select(indexPath)
      for old in previous { kind.notifyDeselect(old) }
      kind.notifySelect(indexPath)
    }
  }

  // MARK: Updates

  /// Applies the insertions, deletions, moves and reloads made in `updates` as one change.
  ///
  /// Update the data source inside the block, then describe the change with the insert,
  /// delete, move and reload calls. The counts must add up (rule 25); if they do not, the
  /// error names the section and every count, and the view keeps its state from before.
  ///
  /// The block may throw, so that the insert, delete, move and reload calls inside it need
  /// a plain `try` and no `try?`: an error it throws ends the batch, nothing of the batch is
  /// applied, and the error reaches the caller as it was thrown. If the block had already
  /// changed the data source, call `reloadData()` to show what it holds.
  ///
  /// - Parameters:
  ///   - updates: changes the data source and describes the change.
  ///   - completion: runs once the update animation has finished, after
  ///     ``updateAnimationDuration`` on the window's clock (at once outside a window), with
  ///     true.
  /// - Throws: ``BatchUpdateError`` when the changes do not add up, or what the block threw.
  public func performBatchUpdates(
    _ updates: () throws -> Void, completion: (@MainActor (Bool) -> Void)? = nil
  ) throws {
    reloadIfNeeded()
    let outer = pendingUpdate == nil
    if outer {
      pendingUpdate = BatchUpdate()
      pendingAnimates = false
    }
    do {
      try updates()
    } catch {
      if outer { pendingUpdate = nil }
      throw error
    }
    guard outer, let update = pendingUpdate else { return }
    pendingUpdate = nil
    skipsNextGlide = !pendingAnimates && !update.isEmpty
    try apply(update)
    guard let completion else { return }
    if let clock = window?.clock {
      clock.schedule(after: updateAnimationDuration) { completion(true) }
    } else {
      completion(true)
    }
  }

  /// Inserts sections; inside ``performBatchUpdates(_:completion:)`` it joins the batch,
  /// outside it applies on its own. The same goes for the other section changes.
  public func insertSections(_ sections: IndexSet, with animation: RowAnimation = .automatic) throws(BatchUpdateError) {
    try record(animation: animation) { $0.insertSections(sections) }
  }
  public func deleteSections(_ sections: IndexSet, with animation: RowAnimation = .automatic) throws(BatchUpdateError) {
    try record(animation: animation) { $0.deleteSections(sections) }
  }
  public func moveSection(_ section: Int, toSection newSection: Int) throws(BatchUpdateError) {
    try record { $0.moveSection(section, toSection: newSection) }
  }
  public func reloadSections(_ sections: IndexSet, with animation: RowAnimation = .automatic) throws(BatchUpdateError) {
    try record(animation: animation) { $0.reloadSections(sections) }
  }

  /// Inside a batch, adds to it; outside, applies the change on its own. Cells glide to
  /// their new places unless every change of the update asks for no animation.
  func record(animation: RowAnimation = .automatic, _ change: (inout BatchUpdate) -> Void) throws(BatchUpdateError) {
    if pendingUpdate != nil {
      change(&pendingUpdate!)
      if animation != .none { pendingAnimates = true }
      return
    }
    reloadIfNeeded()
    var update = BatchUpdate()
    change(&update)
    skipsNextGlide = animation == .none
    try apply(update)
  }

  /// Moves an item for a local reorder, after the data source has moved it; a data source
  /// whose counts then do not add up gets a reload, logged.
  func applyReorder(from source: IndexPath, to destination: IndexPath) {
    do {
      try record { $0.moveItem(at: source, to: destination) }
    } catch {
      Self.logger.error("the data source's move left counts that do not add up", metadata: ["error": "\(error)"])
      reloadData()
    }
  }

  private func apply(_ update: BatchUpdate) throws(BatchUpdateError) {
    guard kind.hasDataSource else { return }
    let newSections = max(0, kind.sourceNumberOfSections())
    let newCounts = (0..<newSections).map(sourceItemCount(inSection:))
    let resolved = try update.resolve(oldCounts: itemCounts, newCounts: newCounts)
    // The movement is laid out again below, from its mapped place.
    let movingBefore = movement
    movement = nil

    // Geometry, edited in place: O(k log n) for k changed items. The layout holds data
    // items and placeholders; data items leave at their display positions before the
    // update, and arrive at their display positions after it, once the placeholders have
    // followed the items around them. Extents of moving items are read before anything is
    // removed.
    let headers = kind.headerExtents(sections: newSections)
    let removedDisplay = resolved.removed.enumerated().map { section, items in
      items.map { displayPath(for: IndexPath(item: $0, section: section)).item }
    }
    var movingExtents: [IndexPath: Double] = [:]
    for move in update.movedItems {
      movingExtents[move.to] = itemLayout.extent(at: displayPath(for: move.from))
    }
    // Placeholders follow the items around them; those of a section that went away or
    // was reloaded go too.
    remapPlaceholders { section, anchor in
      update.reloadedSections.contains(section) ? nil : resolved.newSlot(anchor, inSection: section)
    }
    placeholdersWithCells = placeholdersWithCells.filter { $0.value.isInView }
    let estimate = kind.estimatedItemExtent
    var changes = (0..<newSections).map { section -> LayoutSectionChange in
      let count = newCounts[section]
      return LayoutSectionChange(
        source: estimate.map { .estimated(count: count, extent: $0) } ?? .fresh(count: count),
        headerExtent: headers[section])
    }
    for (old, new) in resolved.sectionMap.enumerated() {
      guard let new, !update.reloadedSections.contains(old) else { continue }
      let inserted = resolved.arrivals[new].map { item in
        let target = IndexPath(item: item, section: new)
        return (displayPath(for: target).item, movingExtents[target] ?? kind.sourceExtent(at: target))
      }
      let resized = update.reloadedItems.filter { $0.section == old }.compactMap { path -> (Int, Double)? in
        guard let target = resolved.newIndexPath(for: path) else { return nil }
        return (displayPath(for: target).item, kind.sourceExtent(at: target))
      }
      changes[new].source = .kept(old: old, removed: removedDisplay[old], inserted: inserted, resized: resized)
    }

    // Cells and selection follow their items; deleted and reloaded items' cells are recycled.
    var newVisible: [(IndexPath, ItemsViewCell)] = []
    for (indexPath, cell) in visibleByPath {
      if let target = resolved.newIndexPath(for: indexPath), !update.reloadedItems.contains(indexPath),
        !update.reloadedSections.contains(indexPath.section)
      {
        newVisible.append((target, cell))
      } else {
        recycle(cell)
      }
    }
    visibleByPath = VisibleCells(newVisible)
    itemCounts = newCounts
    movement = movingBefore
    selected.follow(resolved, reloadedSections: update.reloadedSections)
    followUpdate(
      item: { path in
        update.reloadedSections.contains(path.section) ? nil : resolved.newIndexPath(for: path)
      },
      slot: { slot in
        update.reloadedSections.contains(slot.section) ? nil : resolved.newSlot(slot.item, inSection: slot.section)
      })
    itemLayout.rebuild(changes) { self.kind.sourceExtent(at: $0) }
    contentSize = Size(width: bounds.width, height: itemLayout.contentHeight)
    setNeedsLayout()
  }
}
