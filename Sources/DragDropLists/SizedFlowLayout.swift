import DragDrop
import Foundation

/// The geometry of a flow grid whose items have sizes of their own, and whose sections have
/// insets and spacing of their own, placed as UIKit's flow layout places them when a
/// `CollectionViewDelegateFlowLayout` gives sizes item by item:
/// - a line takes items from the leading edge until the next one does not fit; an item
///   wider than the space has a line to itself;
/// - a line is as tall as its tallest item, and centres the others vertically;
/// - every line but a section's last spreads its items out to fill the width (a line of one
///   item centres it); the last line keeps the minimum spacing from the leading edge.
///
/// Each section keeps its lines in arrays of their first items, tops and heights, so that
/// finding an item or a point costs O(log n). An edit re-flows the lines from the one
/// before it until a line starts where an old one did; the lines after that are shifted,
/// not re-flowed.
struct SizedFlowLayout: Sendable {
  /// A section's insets and spacing.
  struct Metrics: Equatable, Sendable {
    var inset: EdgeInsets
    var interitem: Double
    var line: Double
  }

  /// Lines of items: the first item of each line, ascending; each line's top from the top
  /// of the first line; and each line's height.
  struct Lines: Sendable, Equatable {
    var starts: [Int] = []
    var tops: [Double] = []
    var heights: [Double] = []

    var count: Int { starts.count }
    var height: Double { tops.last.map { $0 + heights[heights.count - 1] } ?? 0 }

    /// The line holding `item`: the last whose first item is at or before it.
    func line(holding item: Int) -> Int {
      var (low, high) = (0, starts.count)
      while low < high {
        let middle = (low + high) / 2
        if starts[middle] <= item { low = middle + 1 } else { high = middle }
      }
      return max(0, low - 1)
    }

    /// The line at a height from the top of the first line: the last whose top is at or
    /// above it.
    func line(atY y: Double) -> Int {
      var (low, high) = (0, tops.count)
      while low < high {
        let middle = (low + high) / 2
        if tops[middle] <= y { low = middle + 1 } else { high = middle }
      }
      return max(0, low - 1)
    }

    mutating func append(start: Int, top: Double, height: Double) {
      starts.append(start)
      tops.append(top)
      heights.append(height)
    }
  }

  /// One section: its metrics, its items' sizes and its lines.
  struct Section: Sendable {
    var metrics: Metrics
    var sizes: [Size]
    var lines = Lines()

    var height: Double { metrics.inset.top + lines.height + metrics.inset.bottom }
  }

  var width: Double { didSet { if width != oldValue { reflowAll() } } }
  private(set) var sections: [Section]
  private var sectionHeights = PrefixSumTree([])
  /// Whether lines spread out to fill the width, as UIKit's flow layout does.
  let justified: Bool
  /// The size of an item inserted with a height only (a placeholder, or an item before the
  /// delegate is asked), and the metrics of a section added by a batch update.
  let defaultSize: Size
  let defaultMetrics: Metrics

  init(
    width: Double, sections: [(metrics: Metrics, sizes: [Size])], justified: Bool, defaultSize: Size,
    defaultMetrics: Metrics
  ) {
    self.width = width
    self.sections = sections.map { Section(metrics: $0.metrics, sizes: $0.sizes.map(Self.sanitized)) }
    self.justified = justified
    self.defaultSize = Self.sanitized(defaultSize)
    self.defaultMetrics = defaultMetrics
    reflowAll()
  }

  private static func sanitized(_ size: Size) -> Size {
    func clean(_ value: Double) -> Double { value.isFinite && value > 0 ? value : 0 }
    return Size(width: clean(size.width), height: clean(size.height))
  }

  private static func sanitized(_ value: Double) -> Double { value.isFinite && value > 0 ? value : 0 }

  /// The width lines fill in a section.
  private func available(_ metrics: Metrics) -> Double {
    width - metrics.inset.left - metrics.inset.right
  }

  // MARK: Flowing

  /// The end (one past the last item) and the height of the line that starts at `start`.
  fileprivate static func lineEnd(
    from start: Int, count: Int, available: Double, spacing: Double, size: (Int) -> Size
  ) -> (end: Int, height: Double) {
    let first = size(start)
    var (x, height, end) = (first.width, first.height, start + 1)
    // A hair of tolerance, so that items that fit exactly are not pushed down by rounding.
    while end < count {
      let next = size(end)
      guard x + spacing + next.width <= available + 1e-9 else { break }
      x += spacing + next.width
      height = max(height, next.height)
      end += 1
    }
    return (end, height)
  }

  /// A re-flow of a section's lines, made as far as it is asked: the lines before `first`
  /// stay, `made` replaces those from `first` on, and once the flow meets an old line, the
  /// old lines from `resumesAt` follow, their items `delta` later and their tops `dy` lower.
  struct Reflow: Sendable {
    let first: Int
    /// The first item of the re-flowed lines.
    let startItem: Int
    /// The items in the section after the change.
    let count: Int
    /// The last changed item: the flow may meet the old lines only past it.
    let changed: Int
    let delta: Int
    private(set) var made = Lines()
    private(set) var resumesAt: Int?
    private(set) var dy = 0.0
    /// The first item and the top of the next line to make, and the old line to compare
    /// it with.
    private var item: Int
    private var top: Double
    private var next: Int

    /// A flow of `count` items from the start of `old`'s line `first` (the first line when
    /// `old` has none), which meets the old lines at the first line that starts past item
    /// `changed` where an old line started `delta` items earlier.
    init(count: Int, old: Lines, first: Int, changed: Int, delta: Int) {
      let first = old.count == 0 ? 0 : max(0, min(first, old.count - 1))
      (self.first, self.count, self.changed, self.delta) = (first, count, changed, delta)
      item = old.count == 0 ? 0 : old.starts[first]
      top = old.count == 0 ? 0 : old.tops[first]
      next = first
      startItem = item
    }

    /// Whether the flow has met the old lines or run out of items.
    var isFinished: Bool { resumesAt != nil || item >= count }

    /// The end of the made lines: one past their last item.
    var madeEnd: Int { item }

    /// Makes lines until they hold item `target`, meet the old lines, or end.
    mutating func advance(
      through target: Int, old: Lines, metrics: Metrics, available: Double, size: (Int) -> Size
    ) {
      while !isFinished, item <= target {
        if item > changed {
          while next < old.count, old.starts[next] + delta < item { next += 1 }
          if next < old.count, old.starts[next] + delta == item {
            resumesAt = next
            dy = top - old.tops[next]
            return
          }
        }
        let (end, height) = SizedFlowLayout.lineEnd(
          from: item, count: count, available: available, spacing: metrics.interitem, size: size)
        made.append(start: item, top: top, height: height)
        top += height + metrics.line
        item = end
      }
    }

    /// The lines after the re-flow, made to the end.
    func applied(to old: Lines) -> Lines {
      var lines = Lines(
        starts: Array(old.starts[..<first]), tops: Array(old.tops[..<first]), heights: Array(old.heights[..<first]))
      lines.starts += made.starts
      lines.tops += made.tops
      lines.heights += made.heights
      if let resumesAt {
        lines.starts += old.starts[resumesAt...].lazy.map { $0 + delta }
        lines.tops += old.tops[resumesAt...].lazy.map { $0 + dy }
        lines.heights += old.heights[resumesAt...]
      }
      return lines
    }
  }

  /// Flows `count` items of `size` to the end: see ``Reflow``.
  private static func reflow(
    count: Int, size: (Int) -> Size, metrics: Metrics, available: Double, old: Lines, first: Int, changed: Int,
    delta: Int
  ) -> Reflow {
    var flow = Reflow(count: count, old: old, first: first, changed: changed, delta: delta)
    flow.advance(through: .max, old: old, metrics: metrics, available: available, size: size)
    return flow
  }

  /// Flows every section again, after the width changes: O(items).
  private mutating func reflowAll() {
    for index in sections.indices {
      let section = sections[index]
      sections[index].lines =
        Self.reflow(
          count: section.sizes.count, size: { section.sizes[$0] }, metrics: section.metrics,
          available: available(section.metrics), old: Lines(), first: 0, changed: .max, delta: 0
        ).made
    }
    sectionHeights = PrefixSumTree(sections.map(\.height))
  }

  /// Flows a section again after its sizes changed at `item` (`delta` items inserted there,
  /// or removed when negative): from the line before the change.
  private mutating func reflow(_ index: Int, at item: Int, delta: Int) {
    let section = sections[index]
    let old = section.lines
    sections[index].lines = Self.reflow(
      count: section.sizes.count, size: { section.sizes[$0] }, metrics: section.metrics,
      available: available(section.metrics), old: old, first: old.line(holding: max(0, item - 1)), changed: item,
      delta: delta
    ).applied(to: old)
    sectionHeights.setExtent(sections[index].height, at: index)
  }

  // MARK: Frames

  /// The frame of item `item`, on line `line` of `lines`, in a section whose first line's
  /// top is `top`.
  private func frame(
    of item: Int, line: Int, lines: Lines, isLast: Bool, count: Int, size: (Int) -> Size, metrics: Metrics,
    top: Double
  ) -> Rect {
    let start = lines.starts[line]
    let end = line + 1 < lines.count ? lines.starts[line + 1] : count
    let available = available(metrics)
    var x = metrics.inset.left
    var spacing = metrics.interitem
    if justified, !isLast {
      let widths = (start..<end).reduce(0.0) { $0 + size($1).width }
      let free = available - widths
      if end - start == 1 {
        if free > 0 { x += free / 2 }
      } else if free > 0 {
        spacing = max(spacing, free / Double(end - start - 1))
      }
    }
    for before in start..<item { x += size(before).width + spacing }
    let own = size(item)
    return Rect(
      x: x, y: top + lines.tops[line] + (lines.heights[line] - own.height) / 2, width: own.width, height: own.height)
  }

  /// The top of a section's first line in content coordinates.
  private func linesTop(ofSection section: Int) -> Double? {
    sectionHeights.offset(of: section).map { $0 + sections[section].metrics.inset.top }
  }

  func frameForItem(at indexPath: IndexPath) -> Rect? {
    guard sections.indices.contains(indexPath.section), let top = linesTop(ofSection: indexPath.section) else {
      return nil
    }
    let section = sections[indexPath.section]
    guard section.sizes.indices.contains(indexPath.item) else { return nil }
    let line = section.lines.line(holding: indexPath.item)
    return frame(
      of: indexPath.item, line: line, lines: section.lines, isLast: line == section.lines.count - 1,
      count: section.sizes.count, size: { section.sizes[$0] }, metrics: section.metrics, top: top)
  }

  /// The section at a height: 0 above the content, the section count below it.
  func indexOfSection(atY y: Double) -> Int {
    y <= 0 ? 0 : sectionHeights.index(covering: y)?.0 ?? sections.count
  }

  // MARK: Points

  /// Where a point falls: its section, the item whose place (the item and the spacing after
  /// it on its line) holds it, which may be the section's item count past the end, how far
  /// across the item it is (0...1), and whether it is on the item itself.
  private func place(at point: Point) -> (section: Int, item: Int, across: Double, inside: Bool)? {
    guard point.x >= 0, point.x < width, let (index, local) = sectionHeights.index(covering: point.y),
      let top = linesTop(ofSection: index)
    else { return nil }
    let section = sections[index]
    let lines = section.lines
    let y = local - section.metrics.inset.top
    guard lines.count > 0, y < lines.height + section.metrics.line else {
      return (index, section.sizes.count, 0, false)
    }
    let line = lines.line(atY: max(0, y))
    let end = line + 1 < lines.count ? lines.starts[line + 1] : section.sizes.count
    let isLast = line == lines.count - 1
    var item = lines.starts[line]
    var frame = self.frame(
      of: item, line: line, lines: lines, isLast: isLast, count: section.sizes.count, size: { section.sizes[$0] },
      metrics: section.metrics, top: top)
    while item + 1 < end {
      let next = self.frame(
        of: item + 1, line: line, lines: lines, isLast: isLast, count: section.sizes.count,
        size: { section.sizes[$0] }, metrics: section.metrics, top: top)
      guard point.x >= next.minX else { break }
      (item, frame) = (item + 1, next)
    }
    let across = frame.width > 0 ? max(0, min(1, Double((point.x - frame.minX) / frame.width))) : 0
    return (index, item, across, frame.contains(point))
  }

  func indexPathForItem(at point: Point) -> IndexPath? {
    guard let place = place(at: point), place.inside else { return nil }
    return IndexPath(item: place.item, section: place.section)
  }

  /// Rule 20 for grids, as ``FlowLayout/destination(at:intent:)`` decides it: left of an
  /// item's middle is the slot before it, right of it the slot after, over an item with
  /// `.insertIntoDestinationIndexPath` the item, below a section's last line its end.
  func destination(at point: Point, intent: DropIntent) -> DropDestination {
    guard let place = place(at: point) else { return DropDestination(indexPath: nil, intent: .unspecified) }
    return gridDestination(
      section: place.section, item: place.item, count: sections[place.section].sizes.count, across: place.across,
      inside: place.inside, intent: intent)
  }

  /// The items that meet the band from `top` to `bottom`, in order: O(log n + visible).
  func indexPaths(fromY top: Double, toY bottom: Double) -> [IndexPath] {
    var found: [IndexPath] = []
    var index = indexOfSection(atY: top)
    while index < sections.count, let linesTop = linesTop(ofSection: index),
      linesTop - sections[index].metrics.inset.top < bottom
    {
      let section = sections[index]
      let lines = section.lines
      if lines.count > 0 {
        var line = lines.line(atY: max(0, top - linesTop))
        while line < lines.count, linesTop + lines.tops[line] < bottom {
          let end = line + 1 < lines.count ? lines.starts[line + 1] : section.sizes.count
          if linesTop + lines.tops[line] + lines.heights[line] > top {
            for item in lines.starts[line]..<end {
              let path = IndexPath(item: item, section: index)
              // A short item centred in a tall line may miss the band.
              if let frame = frameForItem(at: path), frame.maxY > top, frame.minY < bottom { found.append(path) }
            }
          }
          line += 1
        }
      }
      index += 1
    }
    return found
  }

  /// The item on the line above or below `indexPath` nearest to it across, or nil on the
  /// section's first or last line.
  func lineNeighbour(of indexPath: IndexPath, below: Bool) -> IndexPath? {
    guard let frame = frameForItem(at: indexPath) else { return nil }
    let section = sections[indexPath.section]
    let line = section.lines.line(holding: indexPath.item)
    let target = below ? line + 1 : line - 1
    guard (0..<section.lines.count).contains(target) else { return nil }
    let end = target + 1 < section.lines.count ? section.lines.starts[target + 1] : section.sizes.count
    let candidates = (section.lines.starts[target]..<end).map { IndexPath(item: $0, section: indexPath.section) }
    return candidates.min {
      abs((frameForItem(at: $0)?.midX ?? 0) - frame.midX) < abs((frameForItem(at: $1)?.midX ?? 0) - frame.midX)
    }
  }

  // MARK: Edits

  var contentHeight: Double { sectionHeights.total }

  func numberOfItems(inSection section: Int) -> Int {
    sections.indices.contains(section) ? sections[section].sizes.count : 0
  }

  func size(at indexPath: IndexPath) -> Size? {
    guard sections.indices.contains(indexPath.section),
      sections[indexPath.section].sizes.indices.contains(indexPath.item)
    else { return nil }
    return sections[indexPath.section].sizes[indexPath.item]
  }

  mutating func insertItem(size: Size, at indexPath: IndexPath) -> Bool {
    guard sections.indices.contains(indexPath.section),
      (0...sections[indexPath.section].sizes.count).contains(indexPath.item)
    else { return false }
    sections[indexPath.section].sizes.insert(Self.sanitized(size), at: indexPath.item)
    reflow(indexPath.section, at: indexPath.item, delta: 1)
    return true
  }

  mutating func remove(at indexPath: IndexPath) -> Size? {
    guard let size = size(at: indexPath) else { return nil }
    sections[indexPath.section].sizes.remove(at: indexPath.item)
    reflow(indexPath.section, at: indexPath.item, delta: -1)
    return size
  }

  mutating func setSize(_ size: Size, at indexPath: IndexPath) -> Bool {
    guard self.size(at: indexPath) != nil else { return false }
    sections[indexPath.section].sizes[indexPath.item] = Self.sanitized(size)
    reflow(indexPath.section, at: indexPath.item, delta: 0)
    return true
  }

  /// Makes the sections again after a batch update. New items take the default width and
  /// the given height until the collection view asks its delegate for their sizes.
  mutating func rebuild(_ changes: [LayoutSectionChange], extent: (IndexPath) -> Double) {
    let old = sections
    sections = changes.enumerated().map { new, change in
      switch change.source {
      case .kept(let index, let removed, let inserted, let resized):
        var section = old[index]
        for item in removed.reversed() where section.sizes.indices.contains(item) { section.sizes.remove(at: item) }
        for (item, height) in inserted where (0...section.sizes.count).contains(item) {
          section.sizes.insert(Self.sanitized(Size(width: defaultSize.width, height: height)), at: item)
        }
        for (item, height) in resized where section.sizes.indices.contains(item) {
          section.sizes[item].height = Self.sanitized(height)
        }
        return section
      case .fresh(let count):
        return Section(
          metrics: defaultMetrics,
          sizes: (0..<count).map {
            Self.sanitized(Size(width: defaultSize.width, height: extent(IndexPath(item: $0, section: new))))
          })
      case .estimated(let count, let height):
        return Section(
          metrics: defaultMetrics,
          sizes: Array(repeating: Self.sanitized(Size(width: defaultSize.width, height: height)), count: count))
      }
    }
    reflowAll()
  }

  // MARK: Displacement

  /// The size of item `item` of a section during a pass, counted with the removed item out
  /// and the gap in.
  private static func displacedSize(
    _ item: Int, section: Section, removed: Int?, gap: Int?, gapSize: Size
  ) -> Size {
    var index = item
    if let gap {
      if index == gap { return gapSize }
      if index > gap { index -= 1 }
    }
    if let removed, index >= removed { index += 1 }
    return section.sizes[index]
  }

  /// Where item `item` of section `index` shows while the pass's removed item is out and
  /// its gap open: the section's lines re-flowed from the first change until they meet its
  /// own again, once a pass for each section.
  func displacedFrame(_ item: Int, inSection index: Int, in pass: inout DisplacementPass) -> Rect? {
    guard sections.indices.contains(index), sections[index].sizes.indices.contains(item),
      let top = linesTop(ofSection: index)
    else { return nil }
    let section = sections[index]
    let removed = pass.removed.flatMap { $0.section == index ? $0.item : nil }
    let gap = pass.gap.flatMap { $0.section == index ? $0.item : nil }
    guard removed != item, removed != nil || gap != nil else {
      return frameForItem(at: IndexPath(item: item, section: index))
    }
    let gapSize =
      pass.removed.flatMap { size(at: IndexPath(item: $0.item, section: $0.section)) }
      ?? Size(width: defaultSize.width, height: pass.extent)
    let shownSize: (Int) -> Size = {
      Self.displacedSize($0, section: section, removed: removed, gap: gap, gapSize: gapSize)
    }
    let own = section.lines
    let shown = displacedIndex(item, inSection: index, removing: pass.removed, gap: pass.gap)
    // The flow is made once a pass, as far as the cells asked for need it. It leaves the
    // pass while it grows, so that its arrays are not copied.
    var flow =
      pass.sizedFlows.removeValue(forKey: index)
      ?? {
        let delta = (gap == nil ? 0 : 1) - (removed == nil ? 0 : 1)
        return Reflow(
          count: section.sizes.count + delta, old: own,
          first: own.line(holding: max(0, min(removed ?? .max, gap ?? .max) - 1)),
          changed: max(removed ?? -1, gap ?? -1) + 1, delta: delta)
      }()
    flow.advance(
      through: shown, old: own, metrics: section.metrics, available: available(section.metrics), size: shownSize)
    pass.sizedFlows[index] = flow
    if shown < flow.startItem {
      // Before the change: where the section's own lines put it.
      let line = own.line(holding: shown)
      let isLast = line == flow.first - 1 && flow.made.count == 0 && flow.isFinished && flow.resumesAt == nil
      return frame(
        of: shown, line: line, lines: own, isLast: isLast, count: flow.startItem, size: { section.sizes[$0] },
        metrics: section.metrics, top: top)
    }
    if shown < flow.madeEnd {
      let line = flow.made.line(holding: shown)
      let isLast = flow.isFinished && flow.resumesAt == nil && line == flow.made.count - 1
      return frame(
        of: shown, line: line, lines: flow.made, isLast: isLast, count: flow.madeEnd, size: shownSize,
        metrics: section.metrics, top: top)
    }
    // After it: the section's own frame, moved down by the re-flow.
    return frameForItem(at: IndexPath(item: shown - flow.delta, section: index))?.offsetBy(dx: 0, dy: flow.dy)
  }
}
