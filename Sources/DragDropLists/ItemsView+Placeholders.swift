import DragDrop
import Foundation

/// A placeholder in a table or a collection view, returned by its drop coordinator: commit
/// it once the data has arrived, or delete it if the load failed (rule 24).
@MainActor
public protocol ItemsViewDropPlaceholderContext: DragAnimating, Sendable {
  /// The dragged item the placeholder stands for.
  var dragItem: DragItem { get }
  /// Whether the placeholder is still in the view, and not being committed.
  var isPending: Bool { get }
  /// Runs `dataSourceUpdates` with the placeholder's current index path (it follows the
  /// items around it through later updates) and turns the placeholder into the real item.
  /// Returns false, without running the block, once the placeholder is gone (logged).
  @discardableResult func commitInsertion(dataSourceUpdates: (IndexPath) -> Void) -> Bool
  /// Removes the placeholder. Returns false once it is gone (logged), or while it is being
  /// committed.
  @discardableResult func deletePlaceholder() -> Bool
  /// Runs the placeholder's cell update handler again on its cell, if the cell is visible.
  /// Returns false once the placeholder is gone.
  @discardableResult func setNeedsCellUpdate() -> Bool
}

/// A placeholder row in a table, returned by its drop coordinator (rule 24).
@MainActor
public protocol TableViewDropPlaceholderContext: ItemsViewDropPlaceholderContext {}

/// A placeholder item in a collection view, returned by its drop coordinator (rule 24).
@MainActor
public protocol CollectionViewDropPlaceholderContext: ItemsViewDropPlaceholderContext {}

/// A placeholder in a table or collection view, as either view's coordinator hands it out.
@MainActor
package final class EnginePlaceholderContext: TableViewDropPlaceholderContext,
  CollectionViewDropPlaceholderContext
{
  package let dragItem: DragItem
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
  package var isPending: Bool {
    !entry.isCommitting && entry.isInView && entry.owner === view && view != nil
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
  package func commitInsertion(dataSourceUpdates: (IndexPath) -> Void) -> Bool {
    guard let view, isPending else {
      warnGone("commitInsertion")
      return false
    }
    return view.commitPlaceholder(entry, dataSourceUpdates)
  }

  /// Removes the placeholder. Returns false once it is gone (logged as a warning), or while
  /// it is being committed.
  @discardableResult
  package func deletePlaceholder() -> Bool {
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
  package func setNeedsCellUpdate() -> Bool {
    guard isPending else { return false }
    if let cell = entry.cell { entry.configure(cell) }
    return true
  }

  package func addAnimations(_ animations: @escaping @MainActor () -> Void) { animator.addAnimations(animations) }
  package func addCompletion(_ completion: @escaping @MainActor (AnimatingPosition) -> Void) {
    animator.addCompletion(completion)
  }
}

extension ItemsViewDropCoordinator {
  /// Drops the item into a placeholder entry, without touching the data source.
  func dropToPlaceholder(_ dragItem: DragItem, entry: ItemsView.PlaceholderEntry) -> EnginePlaceholderContext {
    let view = liveView("drop(_:to: placeholder)")
    view?.insertPlaceholder(entry)
    let animator = record(dragItem, .placeholder(entry))
    return EnginePlaceholderContext(dragItem: dragItem, view: view, entry: entry, animator: animator)
  }
}

extension ItemsView {
  /// The placeholders of a view: each section's, in display order, with the entries behind
  /// their handles, and those that have cells now.
  struct PlaceholderStore {
    var sequences: [Int: AnchorSequence] = [:]
    var lookup: [Int: [AnchorSequence.Handle: PlaceholderEntry]] = [:]
    /// How many placeholders the view holds, in every section.
    var count = 0
    var withCells: [ObjectIdentifier: PlaceholderEntry] = [:]
  }

  /// A placeholder in the view: its section, where it sits among the data items (kept by
  /// the section's ``AnchorSequence``), and how its cell is made.
  @MainActor
  final class PlaceholderEntry {
    /// The section it is in.
    var section: Int
    /// Its handle in the section's sequence while it is in the view; nil before it is
    /// inserted and once it is gone.
    var handle: AnchorSequence.Handle?
    /// The view it is in, while it is.
    weak var owner: ItemsView?
    /// Its anchor when it is not in the view: where it was asked to go, or where it was when
    /// it left (a committed placeholder's item is there).
    private var settledAnchor: Int
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
      settledAnchor = indexPath.item
      self.reuseIdentifier = reuseIdentifier
      self.cellClass = cellClass
      self.extent = extent
      self.configure = configure
    }

    /// How many data items come before it in its section: O(log p).
    var anchor: Int {
      guard let handle, let sequence = owner?.placeholders.sequences[section] else { return settledAnchor }
      return sequence.anchor(of: handle)
    }

    /// Whether it is in a view.
    var isInView: Bool { handle != nil && owner != nil }

    /// Leaves the view, remembering where it was.
    func leave(at anchor: Int) {
      settledAnchor = anchor
      handle = nil
      owner = nil
    }
  }

  /// Whether there are placeholders at all.
  var hasPlaceholders: Bool { placeholders.count > 0 }

  /// Every placeholder, section by section in display order: O(p).
  var allPlaceholderEntries: [PlaceholderEntry] {
    placeholders.sequences.keys.sorted().flatMap { section in
      (placeholders.sequences[section]?.all ?? []).compactMap { placeholders.lookup[section]?[$0.handle] }
    }
  }

  /// The display row of a data row: placeholders at or before its position come first.
  /// O(log p).
  func displayPath(for indexPath: IndexPath) -> IndexPath {
    guard hasPlaceholders, let sequence = placeholders.sequences[indexPath.section] else { return indexPath }
    return IndexPath(item: indexPath.item + sequence.count(atOrBefore: indexPath.item), section: indexPath.section)
  }

  /// The display row of a placeholder: its anchor plus the placeholders shown before it.
  func displayPath(of entry: PlaceholderEntry) -> IndexPath {
    guard let handle = entry.handle, let sequence = placeholders.sequences[entry.section] else {
      return IndexPath(item: entry.anchor, section: entry.section)
    }
    return IndexPath(item: sequence.anchor(of: handle) + sequence.rank(of: handle), section: entry.section)
  }

  /// What a display position shows: a data item or a placeholder.
  enum DisplayItem {
    case data(IndexPath)
    case placeholder(PlaceholderEntry)
  }

  func displayItem(at display: IndexPath) -> DisplayItem {
    guard hasPlaceholders, let sequence = placeholders.sequences[display.section] else { return .data(display) }
    switch sequence.locate(displayRow: display.item) {
    case .placeholder(let handle):
      guard let entry = placeholders.lookup[display.section]?[handle] else { return .data(display) }
      return .placeholder(entry)
    case .data(let placeholdersBefore):
      return .data(IndexPath(item: display.item - placeholdersBefore, section: display.section))
    }
  }

  /// A display slot (0...display count) as a data slot: the data rows before it.
  func dataSlot(forDisplaySlot display: IndexPath) -> IndexPath {
    guard hasPlaceholders, let sequence = placeholders.sequences[display.section] else { return display }
    return IndexPath(item: display.item - sequence.count(shownBefore: display.item), section: display.section)
  }

  /// Rule 20 in the data source's index paths: the layout's destination, with slots counted
  /// in data rows, and a placeholder under the point taken as the slot it holds.
  func dataDestination(at point: Point, intent: DropIntent) -> DropDestination {
    var destination = itemLayout.destination(at: point, intent: intent)
    guard let display = destination.indexPath, hasPlaceholders else { return destination }
    if destination.intent == .insertIntoDestinationIndexPath {
      switch displayItem(at: display) {
      case .data(let indexPath):
        destination.indexPath = indexPath
      case .placeholder(let entry):
        destination = DropDestination(
          indexPath: IndexPath(item: entry.anchor, section: entry.section), intent: .insertAtDestinationIndexPath)
      }
    } else {
      destination.indexPath = dataSlot(forDisplaySlot: display)
    }
    return destination
  }

  func placeholderRect(_ entry: PlaceholderEntry) -> Rect? {
    itemLayout.frame(at: displayPath(of: entry))
  }

  /// Inserts a placeholder; an index path out of range inserts nothing (the entry is then
  /// never pending) and is logged. O(log p + log n).
  func insertPlaceholder(_ entry: PlaceholderEntry) {
    reloadIfNeeded()
    let path = IndexPath(item: entry.anchor, section: entry.section)
    guard itemCounts.indices.contains(path.section), (0...itemCounts[path.section]).contains(path.item) else {
      Self.logger.error(
        "placeholder index path out of range; the placeholder was not inserted",
        metadata: ["indexPath": "\(path.itemDescription)"])
      return
    }
    // After every placeholder already at or before this anchor.
    let handle = placeholders.sequences[path.section, default: AnchorSequence()].insert(atAnchor: path.item)
    placeholders.lookup[path.section, default: [:]][handle] = entry
    placeholders.count += 1
    entry.handle = handle
    entry.owner = self
    _ = itemLayout.insertItem(extent: entry.extent, at: displayPath(of: entry))
    contentSize = Size(width: bounds.width, height: itemLayout.contentHeight)
    setNeedsLayout()
  }

  /// Takes a placeholder out of its section's sequence, committed (the placeholders after it
  /// move down one data item) or not. Its cell goes back to the pool.
  private func detachPlaceholder(_ entry: PlaceholderEntry, committed: Bool) {
    guard let handle = entry.handle else { return }
    let anchor = entry.anchor
    if committed {
      placeholders.sequences[entry.section]?.commit(handle)
    } else {
      placeholders.sequences[entry.section]?.remove(handle)
    }
    if placeholders.sequences[entry.section]?.isEmpty == true { placeholders.sequences[entry.section] = nil }
    placeholders.lookup[entry.section]?[handle] = nil
    if placeholders.lookup[entry.section]?.isEmpty == true { placeholders.lookup[entry.section] = nil }
    placeholders.count -= 1
    entry.leave(at: anchor)
    if let cell = entry.cell { recycle(cell) }
    entry.cell = nil
    placeholders.withCells[ObjectIdentifier(entry)] = nil
  }

  /// Removes every placeholder, as `reloadData()` does.
  func removeAllPlaceholders() {
    for entry in allPlaceholderEntries {
      entry.leave(at: entry.anchor)
      if let cell = entry.cell { recycle(cell) }
      entry.cell = nil
    }
    placeholders.sequences = [:]
    placeholders.lookup = [:]
    placeholders.count = 0
  }

  /// Moves every placeholder through a batch update: `newSlot` maps a section and anchor
  /// before it to the index path after it, nil when the section went away or was
  /// reloaded, which removes its placeholders. O(p log p).
  func remapPlaceholders(_ newSlot: (Int, Int) -> IndexPath?) {
    guard hasPlaceholders else { return }
    var sequences: [Int: AnchorSequence] = [:]
    var lookup: [Int: [AnchorSequence.Handle: PlaceholderEntry]] = [:]
    for (section, var sequence) in placeholders.sequences {
      var newSection: Int?
      let dropped = sequence.remap { anchor in
        guard let path = newSlot(section, anchor) else { return nil }
        newSection = path.section
        return path.item
      }
      let entries = placeholders.lookup[section] ?? [:]
      for handle in dropped {
        guard let entry = entries[handle] else { continue }
        entry.leave(at: entry.anchor)
        if let cell = entry.cell { recycle(cell) }
        entry.cell = nil
        placeholders.count -= 1
      }
      guard let newSection, !sequence.isEmpty else { continue }
      for (handle, entry) in entries where !dropped.contains(handle) {
        entry.section = newSection
        lookup[newSection, default: [:]][handle] = entry
      }
      sequences[newSection] = sequence
    }
    placeholders.sequences = sequences
    placeholders.lookup = lookup
  }

  func removePlaceholder(_ entry: PlaceholderEntry) {
    let display = displayPath(of: entry)
    detachPlaceholder(entry, committed: false)
    itemLayout.removeItem(at: display)
    contentSize = Size(width: bounds.width, height: itemLayout.contentHeight)
    setNeedsLayout()
  }

  func commitPlaceholder(_ entry: PlaceholderEntry, _ updates: (IndexPath) -> Void) -> Bool {
    let path = IndexPath(item: entry.anchor, section: entry.section)
    let display = displayPath(of: entry)
    let focusWaits = keyboardFocusPlaceholder === entry
    entry.isCommitting = true
    updates(path)
    entry.isCommitting = false
    let reported = data.isConnected ? sourceItemCount(inSection: entry.section) : 0
    guard entry.isInView else {
      // The block reloaded the view, which removed every placeholder.
      return true
    }
    // The placeholder becomes the data item; the placeholders shown after it now come
    // after the new item too.
    detachPlaceholder(entry, committed: true)
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
    // Data items at and after it move down one.
    itemCounts[entry.section] += 1
    // Visible cells at and after the new item move down one, last first so none collide.
    visibleByPath.shiftItems(inSection: entry.section, from: path.item)
    // So does every index path the view keeps: the selection, a drag's, a movement's.
    selected.insertItem(at: path)
    followUpdate(
      item: {
        $0.section == path.section && $0.item >= path.item ? IndexPath(item: $0.item + 1, section: $0.section) : $0
      },
      slot: {
        $0.section == path.section && $0.item > path.item ? IndexPath(item: $0.item + 1, section: $0.section) : $0
      })
    itemLayout.setExtent(data.extent(at: path), at: display)
    contentSize = Size(width: bounds.width, height: itemLayout.contentHeight)
    setNeedsLayout()
    itemsDidChange(committed: (path, display))
    // A keyboard drop's focus waited for this placeholder: it lands on the new item.
    if focusWaits {
      keyboardFocusPlaceholder = nil
      if isFocused { indexPathForKeyboardFocus = path }
    }
    return true
  }
}
