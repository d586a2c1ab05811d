import DragDrop
import Foundation

extension ItemsView {
  // MARK: Cells

  func register(cellClass: ItemsViewCell.Type, identifier: String) {
    reuse.register(cellClass, identifier: identifier)
  }

  func dequeueCell(identifier: String, fallback: ItemsViewCell.Type, size: Size? = nil) -> ItemsViewCell {
    reuse.dequeue(identifier: identifier, fallback: fallback, size: size)
  }

  func recycle(_ cell: ItemsViewCell) {
    glides.stop(cell)
    cell.isPlaced = false
    cell.removeFromSuperview()
    reuse.enqueue(cell)
  }

  func visibleCell(at indexPath: IndexPath) -> ItemsViewCell? {
    layoutIfNeeded()
    return visibleByPath[indexPath]
  }

  var sortedVisibleCells: [ItemsViewCell] {
    layoutIfNeeded()
    return visibleByPath.orderedCells
  }

  /// Scrolls to show `rect` (content coordinates): as little as shows it (0), at the top
  /// (1), in the middle (2) or at the bottom (3), within the content.
  func scroll(toShow rect: Rect, position: Int) {
    reloadIfNeeded()
    let top: Double
    switch position {
    case 1: top = rect.minY
    case 2: top = rect.midY - bounds.height / 2
    case 3: top = rect.maxY - bounds.height
    default:
      scrollRectToVisible(rect)
      return
    }
    contentOffset = Point(x: contentOffset.x, y: min(max(0, top), max(0, contentSize.height - bounds.height)))
  }

  /// Every cell on show, placeholders' included, in the order they are shown.
  var shownCells: [ItemsViewCell] {
    layoutIfNeeded()
    return laidOut.sorted { $0.display < $1.display }.map(\.cell)
  }

  /// The data index path of a cell on show; nil for a placeholder's cell and for a cell
  /// that is not shown.
  func dataIndexPath(of cell: ItemsViewCell) -> IndexPath? {
    layoutIfNeeded()
    return visibleByPath.paths.first { visibleByPath[$0] === cell }
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

  /// Shows the cells of the items in view and recycles the rest: O(log n + visible).
  /// Placeholders get their own cells, configured by their update handlers.
  func layoutCells() {
    reloadIfNeeded()
    guard data.isConnected else { return }
    let band =
      estimatedItemExtent != nil
      ? measureEstimatedItems() : itemLayout.indexPaths(fromY: contentOffset.y, toY: contentOffset.y + bounds.height)
    let top = contentOffset.y
    let bottom = top + bounds.height
    let wanted = band.map { ($0, displayItem(at: $0)) }
    // The data items wanted, by their packed keys: hashing an integer costs far less
    // than hashing an index path.
    var wantedData = Set<Int>(minimumCapacity: wanted.count + 1)
    var wantedPlaceholders = Set<ObjectIdentifier>()
    for (_, item) in wanted {
      switch item {
      case .data(let indexPath): wantedData.insert(VisibleCells.key(indexPath))
      case .placeholder(let placeholder): wantedPlaceholders.insert(ObjectIdentifier(placeholder))
      }
    }
    if let movement { wantedData.insert(VisibleCells.key(movement.original)) }  // the moving item stays
    for cell in visibleByPath.removeAll(whereKey: { !wantedData.contains($0) }) { recycle(cell) }
    for (key, entry) in placeholders.withCells where !wantedPlaceholders.contains(key) {
      if let cell = entry.cell { recycle(cell) }
      entry.cell = nil
      placeholders.withCells[key] = nil
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
          cell = data.cell(at: indexPath)
          visibleByPath[indexPath] = cell
          insertSubview(cell, at: 0)
        }
        cell.isSelected = selected.contains(indexPath)
        cell.isDropTarget = dropFeedback.highlighted == indexPath
        prepareShown(cell, at: indexPath)
      case .placeholder(let entry):
        if let existing = entry.cell {
          cell = existing
        } else {
          cell = dequeueCell(identifier: entry.reuseIdentifier, fallback: entry.cellClass)
          entry.cell = cell
          placeholders.withCells[ObjectIdentifier(entry)] = entry
          insertSubview(cell, at: 0)
        }
        entry.configure(cell)
      }
      laidOut.append((cell, display))
    }
    placeCells()
    layoutSupplementaryViews(top: top, bottom: bottom)
    if keyboardFocus != nil { setNeedsFocusRingUpdate() }
  }

  /// The item at `indexPath` (of the data) changed size: it is measured again, and the
  /// items after it move. An item not measured yet is measured when it comes into view.
  package func itemSizeDidChange(at indexPath: IndexPath) {
    guard indexPath.section < itemCounts.count, indexPath.item < itemCounts[indexPath.section] else { return }
    let display = displayPath(for: indexPath)
    guard !itemLayout.isEstimated(at: display), let old = itemLayout.extent(at: display) else { return }
    let new = data.extent(at: indexPath)
    guard new != old, itemLayout.setExtent(new, at: display) else { return }
    contentSize = Size(width: bounds.width, height: itemLayout.contentHeight)
    setNeedsLayout()
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
        if itemLayout.setExtent(data.extent(at: path), at: display) { measured += 1 }
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
        glides.stop(cell)  // it follows the finger exactly
        cell.isPlaced = true
        continue
      }
      // Only cells whose place changes are touched: setting a frame invalidates the hit
      // index and the layout.
      if let frame = itemLayout.displacedFrame(position.item, inSection: position.section, in: &pass),
        frame != cell.frame
      {
        if let clock, cell.isPlaced {
          glides.start(cell, from: cell.frame, to: frame, clock: clock, duration: updateAnimationDuration)
        }
        cell.frame = frame
      }
      cell.isPlaced = true
    }
  }
}
