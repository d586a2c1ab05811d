import DragDrop
import Foundation

/// A placeholder in a table or collection view, returned by the drop coordinator: commit
/// it once the data has arrived, or delete it if the load failed (rule 24).
@MainActor
public final class ItemsViewDropPlaceholderContext: DragAnimating {
  public let dragItem: DragItem
  weak var view: ItemsView?
  let entry: ItemsView.PlaceholderEntry
  let animator: DeferredAnimator

  init(dragItem: DragItem, view: ItemsView?, entry: ItemsView.PlaceholderEntry, animator: DeferredAnimator) {
    self.dragItem = dragItem
    self.view = view
    self.entry = entry
    self.animator = animator
  }

  /// Whether the placeholder is still in the view, and not being committed.
  public var isPending: Bool {
    !entry.isCommitting && (view?.placeholderEntries.contains { $0 === entry } ?? false)
  }

  /// Runs `dataSourceUpdates` with the placeholder's current index path (it follows the
  /// items around it through later updates) and turns the placeholder into the real item.
  ///
  /// Returns false, without running the block, once the placeholder is gone: committed,
  /// deleted, removed by `reloadData()`, or its view freed. That is logged as a warning,
  /// because it usually means a load completed twice. Inside the block the placeholder is
  /// being committed: deleting or committing it again there returns false and changes
  /// nothing.
  @discardableResult
  public func commitInsertion(dataSourceUpdates: (IndexPath) -> Void) -> Bool {
    guard let view, isPending else {
      warnGone("commitInsertion")
      return false
    }
    return view.commitPlaceholder(entry, dataSourceUpdates)
  }

  /// Removes the placeholder. Returns false once it is gone (logged as a warning), or while
  /// it is being committed.
  @discardableResult
  public func deletePlaceholder() -> Bool {
    guard let view, isPending else {
      warnGone("deletePlaceholder")
      return false
    }
    view.removePlaceholder(entry)
    return true
  }

  private func warnGone(_ call: String) {
    let why =
      entry.isCommitting
      ? "the placeholder is being committed" : view == nil ? "its view was freed" : "the placeholder is gone"
    ItemsView.logger.warning("\(call)() did nothing: \(why)")
  }

  /// Runs the placeholder's cell update handler again on its cell, if the cell is visible:
  /// for progress shown while the data loads. Returns false once the placeholder is gone.
  @discardableResult
  public func setNeedsCellUpdate() -> Bool {
    guard isPending else { return false }
    if let cell = entry.cell { entry.configure(cell) }
    return true
  }

  public func addAnimations(_ animations: @escaping @MainActor () -> Void) { animator.addAnimations(animations) }
  public func addCompletion(_ completion: @escaping @MainActor (AnimatingPosition) -> Void) {
    animator.addCompletion(completion)
  }
}

public typealias TableViewDropPlaceholderContext = ItemsViewDropPlaceholderContext
public typealias CollectionViewDropPlaceholderContext = ItemsViewDropPlaceholderContext

extension ItemsViewDropCoordinator {
  /// Drops the item into a placeholder entry, without touching the data source.
  func dropToPlaceholder(_ dragItem: DragItem, entry: ItemsView.PlaceholderEntry) -> ItemsViewDropPlaceholderContext {
    let view = liveView("drop(_:to: placeholder)")
    view?.insertPlaceholder(entry)
    let animator = record(dragItem, .placeholder(entry))
    return ItemsViewDropPlaceholderContext(dragItem: dragItem, view: view, entry: entry, animator: animator)
  }
}

extension ItemsView {
  /// A placeholder in the view: the section and the gap between data items it sits in,
  /// and how its cell is made.
  @MainActor
  final class PlaceholderEntry {
    var section: Int
    /// How many data items come before it in its section.
    var gap: Int
    let reuseIdentifier: String
    let cellClass: ItemsViewCell.Type
    let extent: Double
    let configure: (ItemsViewCell) -> Void
    var cell: ItemsViewCell?
    /// True while its commit's data source block runs.
    var isCommitting = false

    init(
      at indexPath: IndexPath, reuseIdentifier: String, cellClass: ItemsViewCell.Type, extent: Double,
      configure: @escaping (ItemsViewCell) -> Void
    ) {
      section = indexPath.section
      gap = indexPath.item
      self.reuseIdentifier = reuseIdentifier
      self.cellClass = cellClass
      self.extent = extent
      self.configure = configure
    }
  }

  /// The placeholders of a section, in display order. ``placeholderEntries`` is kept in
  /// display order within each section: placeholders at the same gap show in array order.
  func placeholders(inSection section: Int) -> [PlaceholderEntry] {
    placeholderEntries.filter { $0.section == section }
  }

  /// Whether `a` shows before `b` (both in one section).
  private func shows(_ a: PlaceholderEntry, before b: PlaceholderEntry) -> Bool {
    if a.gap != b.gap { return a.gap < b.gap }
    guard let i = placeholderEntries.firstIndex(where: { $0 === a }),
      let j = placeholderEntries.firstIndex(where: { $0 === b })
    else { return false }
    return i < j
  }

  /// The display row of a data row: placeholders at or before its position come first.
  func displayPath(for indexPath: IndexPath) -> IndexPath {
    guard !placeholderEntries.isEmpty else { return indexPath }
    let before = placeholderEntries.filter { $0.section == indexPath.section && $0.gap <= indexPath.item }.count
    return IndexPath(item: indexPath.item + before, section: indexPath.section)
  }

  /// The display row of a placeholder.
  func displayPath(of entry: PlaceholderEntry) -> IndexPath {
    let before = placeholderEntries.filter { $0.section == entry.section && $0 !== entry && shows($0, before: entry) }
      .count
    return IndexPath(item: entry.gap + before, section: entry.section)
  }

  /// What a display position shows: a data item or a placeholder.
  enum DisplayItem {
    case data(IndexPath)
    case placeholder(PlaceholderEntry)
  }

  func displayItem(at display: IndexPath) -> DisplayItem {
    guard !placeholderEntries.isEmpty else { return .data(display) }
    var placeholdersBefore = 0
    for entry in placeholders(inSection: display.section) {
      let row = entry.gap + placeholdersBefore
      if row == display.item { return .placeholder(entry) }
      if row > display.item { break }
      placeholdersBefore += 1
    }
    return .data(IndexPath(item: display.item - placeholdersBefore, section: display.section))
  }

  /// A display slot (0...display count) as a data gap: the data rows before it.
  func dataGap(forDisplaySlot display: IndexPath) -> IndexPath {
    guard !placeholderEntries.isEmpty else { return display }
    let entries = placeholders(inSection: display.section)
    var before = 0
    for (index, entry) in entries.enumerated() where entry.gap + index < display.item { before = index + 1 }
    return IndexPath(item: display.item - before, section: display.section)
  }

  /// Rule 20 in the data source's index paths: the layout's destination, with slots counted
  /// in data rows, and a placeholder under the point taken as the slot it holds.
  func dataDestination(at point: Point, intent: DropIntent) -> DropDestination {
    var destination = itemLayout.destination(at: point, intent: intent)
    guard let display = destination.indexPath, !placeholderEntries.isEmpty else { return destination }
    if destination.intent == .insertIntoDestinationIndexPath {
      switch displayItem(at: display) {
      case .data(let indexPath):
        destination.indexPath = indexPath
      case .placeholder(let entry):
        destination = DropDestination(
          indexPath: IndexPath(item: entry.gap, section: entry.section), intent: .insertAtDestinationIndexPath)
      }
    } else {
      destination.indexPath = dataGap(forDisplaySlot: display)
    }
    return destination
  }

  func placeholderRect(_ entry: PlaceholderEntry) -> Rect? {
    itemLayout.frame(at: displayPath(of: entry))
  }

  /// Inserts a placeholder; an index path out of range inserts nothing (the entry is then
  /// never pending) and is logged.
  func insertPlaceholder(_ entry: PlaceholderEntry) {
    reloadIfNeeded()
    let path = IndexPath(item: entry.gap, section: entry.section)
    guard itemCounts.indices.contains(path.section), (0...itemCounts[path.section]).contains(path.item) else {
      Self.logger.error(
        "placeholder index path out of range; the placeholder was not inserted",
        metadata: ["indexPath": "\(path.itemDescription)"])
      return
    }
    // Keep each section's placeholders in display order: after every one at or before this
    // gap, before the first one after it.
    let position =
      placeholderEntries.lastIndex { $0.section == path.section && $0.gap <= path.item }.map { $0 + 1 }
      ?? placeholderEntries.firstIndex { $0.section == path.section } ?? placeholderEntries.count
    placeholderEntries.insert(entry, at: position)
    _ = itemLayout.insertItem(extent: entry.extent, at: displayPath(of: entry))
    contentSize = Size(width: bounds.width, height: itemLayout.contentHeight)
    setNeedsLayout()
  }

  func removePlaceholder(_ entry: PlaceholderEntry) {
    let display = displayPath(of: entry)
    placeholderEntries.removeAll { $0 === entry }
    if let cell = entry.cell { recycle(cell) }
    entry.cell = nil
    itemLayout.removeItem(at: display)
    contentSize = Size(width: bounds.width, height: itemLayout.contentHeight)
    setNeedsLayout()
  }

  func commitPlaceholder(_ entry: PlaceholderEntry, _ updates: (IndexPath) -> Void) -> Bool {
    let path = IndexPath(item: entry.gap, section: entry.section)
    let display = displayPath(of: entry)
    let showsAfter = placeholderEntries.filter {
      $0.section == entry.section && $0 !== entry && shows(entry, before: $0)
    }
    entry.isCommitting = true
    updates(path)
    entry.isCommitting = false
    let reported = hasDataSource ? sourceNumberOfItems(inSection: entry.section) : 0
    placeholderEntries.removeAll { $0 === entry }
    if let cell = entry.cell { recycle(cell) }
    entry.cell = nil
    guard itemCounts.indices.contains(entry.section), reported == itemCounts[entry.section] + 1 else {
      Self.logger.error(
        "committing a placeholder must insert exactly one item; the view reloads",
        metadata: [
          "section": "\(entry.section)",
          "before": "\(itemCounts.indices.contains(entry.section) ? itemCounts[entry.section] : 0)",
          "reported": "\(reported)",
        ])
      reloadData()
      return true
    }
    // The placeholder becomes the data item: data items at and after it move down one.
    itemCounts[entry.section] += 1
    // Placeholders shown after this one now come after the new item too.
    for other in showsAfter { other.gap += 1 }
    // Visible cells at and after the new item move down one, last first so none collide.
    visibleByPath.shiftItems(inSection: entry.section, from: path.item)
    // So does every index path the view keeps: the selection, a drag's, a movement's.
    followUpdate(
      item: {
        $0.section == path.section && $0.item >= path.item ? IndexPath(item: $0.item + 1, section: $0.section) : $0
      },
      slot: {
        $0.section == path.section && $0.item > path.item ? IndexPath(item: $0.item + 1, section: $0.section) : $0
      })
    itemLayout.setExtent(sourceExtent(at: path), at: display)
    contentSize = Size(width: bounds.width, height: itemLayout.contentHeight)
    setNeedsLayout()
    return true
  }
}
