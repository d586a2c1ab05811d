import DragDrop
import Foundation

extension ItemsView {
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
  ///
  /// - Complexity: O(n) for n items, each measured; O(s + v) for s sections and v items
  ///   in view when a table estimates its row heights.
  public func reloadData() {
    needsReload = false
    dragState.reloadedSinceDragBegan = true
    for (_, cell) in visibleByPath { recycle(cell) }
    visibleByPath = VisibleCells()
    laidOut = []
    removeAllPlaceholders()
    placeholders.withCells = [:]
    movement = nil
    removeSupplementaryViews()
    selected = ItemSelection()
    keyboardFocus = nil
    let sections = data.isConnected ? max(0, data.numberOfSections()) : 0
    itemCounts = (0..<sections).map(sourceItemCount(inSection:))
    itemLayout = makeLayout(counts: itemCounts)
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
    let reported = data.numberOfItems(inSection: section)
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

  // MARK: Updates

  /// Applies the insertions, deletions, moves and reloads made in `updates` as one change,
  /// as UIKit's `performBatchUpdates(_:completion:)` does.
  ///
  /// Update the data source inside the block, then describe the change with the insert,
  /// delete, move and reload calls. The counts must add up (rule 25). When they do not, the
  /// view does what rule 43 asks instead of stopping the app: it logs the
  /// ``BatchUpdateError``, reloads from the data source (keeping the placeholders whose
  /// places still exist), calls ``Views/APIMisuse/handler``, and then `completion` with
  /// false. ``checked`` has the same call that throws the error and changes nothing.
  ///
  /// - Parameters:
  ///   - updates: changes the data source and describes the change.
  ///   - completion: runs once the update animation has finished, after
  ///     ``updateAnimationDuration`` on the window's clock (at once outside a window), with
  ///     true; with false at once when the update did not add up.
  /// - Complexity: O(k log n) for k changed items among n, whatever the selection.
  public func performBatchUpdates(_ updates: (() -> Void)?, completion: (@MainActor (Bool) -> Void)? = nil) {
    do {
      try checkedBatch(updates ?? {}, completion: completion)
    } catch {
      recover(from: error, in: "performBatchUpdates")
      completion?(false)
    }
  }

  /// The checked batch: throws what ``performBatchUpdates(_:completion:)`` recovers from.
  func checkedBatch(_ updates: () throws -> Void, completion: (@MainActor (Bool) -> Void)?) throws {
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
  /// outside it applies on its own, recovering as that call does when the counts do not
  /// add up. The same goes for the other section changes.
  public func insertSections(_ sections: IndexSet, with animation: RowAnimation = .automatic) {
    recording("insertSections", animation: animation) { $0.insertSections(sections) }
  }
  /// Deletes sections the data source no longer has; inside a batch it joins it.
  public func deleteSections(_ sections: IndexSet, with animation: RowAnimation = .automatic) {
    recording("deleteSections", animation: animation) { $0.deleteSections(sections) }
  }
  /// Moves a section the data source has moved, with its items.
  public func moveSection(_ section: Int, toSection newSection: Int) {
    recording("moveSection") { $0.moveSection(section, toSection: newSection) }
  }
  /// Asks the data source for the sections' items again; they get new cells.
  public func reloadSections(_ sections: IndexSet, with animation: RowAnimation = .automatic) {
    recording("reloadSections", animation: animation) { $0.reloadSections(sections) }
  }

  /// ``record(animation:_:)``, recovering as rule 43 asks when the change does not add up.
  func recording(_ call: String, animation: RowAnimation = .automatic, _ change: (inout BatchUpdate) -> Void) {
    do {
      try record(animation: animation, change)
    } catch {
      recover(from: error, in: call)
    }
  }

  /// What a non-throwing update does when its counts do not add up (rule 43): logs the
  /// error, reloads from the data source keeping the placeholders whose places still exist
  /// (the others are gone, and their contexts say so when used), and tells
  /// ``Views/APIMisuse/handler``.
  func recover(from error: any Error, in call: String) {
    Self.logger.error(
      "\(call)(…): the update does not add up; the view reloads from its data source",
      metadata: ["error": "\(error)"])
    let pending = allPlaceholderEntries.map { ($0, IndexPath(item: $0.anchor, section: $0.section)) }
    reloadData()
    for (entry, path) in pending {
      if itemCounts.indices.contains(path.section) && path.item <= itemCounts[path.section] {
        insertPlaceholder(entry)
      } else {
        Self.logger.error(
          "a placeholder's place went in the reload; its drop fails",
          metadata: ["indexPath": "\(path.itemDescription)"])
      }
    }
    APIMisuse.report(error)
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
    guard data.isConnected else { return }
    let newSections = max(0, data.numberOfSections())
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
    let extents = sectionExtents(sections: newSections)
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
    placeholders.withCells = placeholders.withCells.filter { $0.value.isInView }
    let estimate = estimatedItemExtent
    var changes = (0..<newSections).map { section -> LayoutSectionChange in
      let count = newCounts[section]
      return LayoutSectionChange(
        source: estimate.map { .estimated(count: count, extent: $0) } ?? .fresh(count: count),
        extents: extents[section])
    }
    for (old, new) in resolved.sectionMap.enumerated() {
      guard let new, !update.reloadedSections.contains(old) else { continue }
      let inserted = resolved.arrivals[new].map { item in
        let target = IndexPath(item: item, section: new)
        return (displayPath(for: target).item, movingExtents[target] ?? data.extent(at: target))
      }
      let resized = update.reloadedItems.filter { $0.section == old }.compactMap { path -> (Int, Double)? in
        guard let target = resolved.newIndexPath(for: path) else { return nil }
        return (displayPath(for: target).item, data.extent(at: target))
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
    itemLayout.rebuild(changes) { self.data.extent(at: $0) }
    contentSize = Size(width: bounds.width, height: itemLayout.contentHeight)
    setNeedsLayout()
    itemsDidChange()
  }
}
