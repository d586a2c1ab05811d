import Benchmark
import BenchmarkSupport
import DragDrop
@_spi(Internals) import DragDropLists
import DragDropTesting
import Foundation

/// Tables of variable-height rows and flow grids, 1,000 and 1,000,000 items each: the cost
/// of one drag move (hit test, destination, proposal, gap layout, visible-cell update), and
/// of one keyboard step of a drag, of placeholder insertions committed one after another,
/// beside naive linear scans for the item under a point.

@MainActor
final class Rows: TableViewDataSource, TableViewDelegate, TableViewDragDelegate, TableViewDropDelegate {
  var count: Int
  /// The height of every row; nil gives rows of 30 to 69 points, scattered.
  let rowHeight: Double?
  init(count: Int, rowHeight: Double? = nil) {
    self.count = count
    self.rowHeight = rowHeight
  }
  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { count }
  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
    cell.textLabel?.text = "row"
    return cell
  }
  func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
    rowHeight ?? Double(30 + (indexPath.row * 7919) % 40)
  }
  func tableView(_ tableView: TableView, itemsForBeginning session: DragSession, at indexPath: IndexPath) -> [DragItem]
  {
    [DragItem(itemProvider: ItemProvider(object: "row"))]
  }
  func tableView(
    _ tableView: TableView, dropSessionDidUpdate session: DropSession,
    withDestinationIndexPath destinationIndexPath: IndexPath?
  ) -> TableViewDropProposal {
    TableViewDropProposal(operation: .copy, intent: .insertAtDestinationIndexPath)
  }
  func tableView(_ tableView: TableView, performDropWith coordinator: TableViewDropCoordinator) {}
}

@MainActor
final class TableScene {
  let test = TestWindow(size: Size(width: 400, height: 800))
  let rows: Rows
  let table = TableView(frame: Rect(x: 0, y: 0, width: 400, height: 800))
  var step = 0

  init(count: Int) {
    rows = Rows(count: count)
    table.register(TableViewCell.self, forCellReuseIdentifier: "cell")
    table.dataSource = rows
    table.delegate = rows
    table.dragDelegate = rows
    table.dropDelegate = rows
    test.window.addSubview(table)
    table.layoutIfNeeded()
    table.contentOffset = Point(x: 0, y: table.contentSize.height / 2)
    table.layoutIfNeeded()
    test.longPress(at: Point(x: 200, y: 400))
    test.move(to: Point(x: 200, y: 420), steps: 2)
    test.recorder.detach()
  }

  func move() {
    step += 1
    let y = 50 + Double((step * 37) % 700)
    test.window.send(Touch(id: 1, phase: .moved, location: Point(x: 200, y: y), timestamp: test.clock.now))
  }
}

/// The same table, in a keyboard drag (rule 41): each step is a press of the Down key,
/// which moves the drag to the next position, passing by the row between (the table would
/// not drop into it), and scrolls the position into view when it leaves the screen.
@MainActor
final class KeyboardTableScene {
  let scene: TableScene

  init(count: Int) {
    scene = TableScene(count: count)
    scene.test.release()
    scene.test.settle()
    scene.test.window.focus(scene.table)
    scene.test.key(.space)
    scene.test.key(.tab)
  }

  func step() {
    scene.test.window.send(KeyEvent(key: .down, phase: .down, timestamp: scene.test.clock.now))
  }
}

/// A 1280×800 grid of 100-point photos (11 columns), mid-drag.
@MainActor
final class GridScene {
  let test = TestWindow(size: Size(width: 1280, height: 800))
  let photos: PhotoGrid
  let grid: CollectionView
  /// Gives the items widths of their own, when the scene is sized.
  let sizes: TileSizes?
  var step = 0

  init(count: Int, sized: Bool = false) {
    photos = PhotoGrid(count: count)
    sizes = sized ? TileSizes() : nil
    grid = CollectionView(
      frame: Rect(x: 0, y: 0, width: 1280, height: 800),
      collectionViewLayout: sized
        ? CollectionViewFlowLayout()
        : .flow(itemSize: Size(width: 100, height: 100), minimumInteritemSpacing: 10))
    grid.register(CollectionViewCell.self, forCellWithReuseIdentifier: "cell")
    grid.delegate = sizes
    grid.dataSource = photos
    grid.dragDelegate = photos
    grid.dropDelegate = photos
    test.window.addSubview(grid)
    grid.layoutIfNeeded()
    grid.contentOffset = Point(x: 0, y: (grid.contentSize.height / 2).rounded())
    grid.layoutIfNeeded()
    // A sized flow's lines fall where its sizes put them: it lifts the middle visible item.
    var press = Point(x: 50, y: 450)
    if sized, let path = grid.indexPathsForVisibleItems.sorted().dropFirst(20).first,
      let frame = grid.frameForItem(at: path)
    {
      press = grid.convert(Point(x: frame.midX, y: frame.midY), to: test.window)
    }
    test.longPress(at: press)
    test.move(to: Point(x: press.x + 10, y: press.y + 10), steps: 2)
    precondition(!test.window.dragController.activeSessions.isEmpty, "the scene's drag did not start")
    test.recorder.detach()
  }

  func move() {
    step += 1
    let x = 20 + Double((step * 53) % 1240)
    let y = 60 + Double((step * 37) % 680)
    test.window.send(Touch(id: 1, phase: .moved, location: Point(x: x, y: y), timestamp: test.clock.now))
  }
}

/// Tiles of five widths and two heights, from a flow layout delegate.
@MainActor
final class TileSizes: CollectionViewDelegateFlowLayout {
  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    sizeForItemAt indexPath: IndexPath
  ) -> CGSize {
    CGSize(width: 70 + (indexPath.item % 5) * 15, height: indexPath.item % 7 == 0 ? 120 : 100)
  }
}

let perMove = perOperation
let perQuery = BenchmarkMetric.custom("time per lookup (ns)", polarity: .prefersSmaller, useScalingFactor: false)
let perBatch = BenchmarkMetric.custom("all 10000 (ms)", polarity: .prefersSmaller, useScalingFactor: false)
let perLayout = BenchmarkMetric.custom("time per layout pass (ns)", polarity: .prefersSmaller, useScalingFactor: false)

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [perMove], timeUnits: .nanoseconds, maxDuration: .seconds(3), maxIterations: 100)

  for count in [1000, 1_000_000, 10_000_000] {
    Benchmark("table drag move, \(count) rows") { benchmark, scene in
      let samples = await MainActor.run { timeEach() { scene.move() } }
      for sample in samples { benchmark.measurement(perMove, sample) }
    } setup: {
      await MainActor.run { TableScene(count: count) }
    }
  }

  for count in [1000, 1_000_000] {
    Benchmark("table keyboard step, \(count) rows") { benchmark, scene in
      let samples = await MainActor.run { timeEach() { scene.step() } }
      for sample in samples { benchmark.measurement(perMove, sample) }
    } setup: {
      await MainActor.run { KeyboardTableScene(count: count) }
    }
  }

  for count in [1000, 1_000_000] {
    Benchmark("grid drag move, \(count) items") { benchmark, scene in
      let samples = await MainActor.run { timeEach() { scene.move() } }
      for sample in samples { benchmark.measurement(perMove, sample) }
    } setup: {
      await MainActor.run { GridScene(count: count) }
    }
    Benchmark("sized grid drag move, \(count) items") { benchmark, scene in
      let samples = await MainActor.run { timeEach() { scene.move() } }
      for sample in samples { benchmark.measurement(perMove, sample) }
    } setup: {
      await MainActor.run { GridScene(count: count, sized: true) }
    }
  }

  Benchmark(
    "naive grid lookup, 1000000 items (linear scan of frames)",
    configuration: .init(metrics: [perQuery], timeUnits: .nanoseconds, maxDuration: .seconds(3), maxIterations: 3)
  ) { benchmark, frames in
    for probe in 0..<20 {
      let target = Point(x: 55, y: Double(probe) * 450_000)
      let start = DispatchTime.now().uptimeNanoseconds
      blackHole(frames.firstIndex { $0.contains(target) } ?? -1)
      benchmark.measurement(perQuery, Int(DispatchTime.now().uptimeNanoseconds - start))
    }
  } setup: {
    (0..<1_000_000).map { Rect(x: Double($0 % 11) * 110, y: Double($0 / 11) * 110, width: 100, height: 100) }
  }

  Benchmark(
    "10000 placeholders inserted and committed, 1000000-item grid",
    configuration: .init(metrics: [perBatch], timeUnits: .milliseconds, maxDuration: .seconds(10), maxIterations: 5)
  ) { benchmark, scene in
    let nanoseconds = await MainActor.run {
      // One drop of 10,000 items from elsewhere: each goes to a placeholder, whose data
      // then arrives and is committed.
      let items = (0..<10_000).map { _ in DragItem(itemProvider: ItemProvider(object: "new")) }
      let coordinator = CollectionViewDropCoordinator.make(items: items, collectionView: scene.grid)
      let start = DispatchTime.now().uptimeNanoseconds
      for (index, item) in items.enumerated() {
        let placeholder = CollectionViewDropPlaceholder(
          insertionIndexPath: IndexPath(item: (index * 97) % scene.photos.count, section: 0), reuseIdentifier: "cell")
        coordinator.drop(item, to: placeholder).commitInsertion { _ in scene.photos.count += 1 }
      }
      return Int(DispatchTime.now().uptimeNanoseconds - start)
    }
    benchmark.measurement(perBatch, nanoseconds / 1_000_000)
  } setup: {
    await MainActor.run { GridScene(count: 1_000_000) }
  }

  Benchmark(
    "one placeholder inserted and committed, 1000000-item sized grid",
    configuration: .init(
      metrics: [perOperation], timeUnits: .milliseconds, maxDuration: .seconds(10), maxIterations: 10)
  ) { benchmark, scene in
    let nanoseconds = await MainActor.run {
      // A flow layout whose delegate gives sizes asks it for every item after the commit,
      // as UIKit's flow layout does when it prepares.
      let item = DragItem(itemProvider: ItemProvider(object: "new"))
      let coordinator = CollectionViewDropCoordinator.make(items: [item], collectionView: scene.grid)
      let start = DispatchTime.now().uptimeNanoseconds
      let placeholder = CollectionViewDropPlaceholder(
        insertionIndexPath: IndexPath(item: scene.photos.count / 2, section: 0), reuseIdentifier: "cell")
      coordinator.drop(item, to: placeholder).commitInsertion { _ in scene.photos.count += 1 }
      return Int(DispatchTime.now().uptimeNanoseconds - start)
    }
    benchmark.measurement(perOperation, nanoseconds)
  } setup: {
    await MainActor.run { GridScene(count: 1_000_000, sized: true) }
  }

  Benchmark(
    "naive row lookup, 1000000 rows (linear scan of heights)",
    configuration: .init(metrics: [perQuery], timeUnits: .nanoseconds, maxDuration: .seconds(3), maxIterations: 3)
  ) { benchmark, heights in
    for probe in 0..<20 {
      let target = Double(probe) * 1_000_000
      let start = DispatchTime.now().uptimeNanoseconds
      var y = 0.0
      var found = 0
      for (index, height) in heights.enumerated() {
        if y + height > target {
          found = index
          break
        }
        y += height
      }
      blackHole(found)
      benchmark.measurement(perQuery, Int(DispatchTime.now().uptimeNanoseconds - start))
    }
  } setup: {
    (0..<1_000_000).map { Double(30 + ($0 * 7919) % 40) }
  }

  pendingPlaceholderBenchmarks()
  diffableBenchmarks()
  autoScrollBenchmarks()
  selectionBenchmarks()
  reloadBenchmarks()

  Benchmark(
    "10000 placeholders inserted and committed, 1000000 rows",
    configuration: .init(metrics: [perBatch], timeUnits: .milliseconds, maxDuration: .seconds(10), maxIterations: 5)
  ) { benchmark, scene in
    let nanoseconds = await MainActor.run {
      // One drop of 10,000 items from elsewhere: each goes to a placeholder, whose data
      // then arrives and is committed.
      let items = (0..<10_000).map { _ in DragItem(itemProvider: ItemProvider(object: "new")) }
      let coordinator = scene.coordinator(items)
      let start = DispatchTime.now().uptimeNanoseconds
      for (index, item) in items.enumerated() {
        let placeholder = TableViewDropPlaceholder(
          insertionIndexPath: IndexPath(row: (index * 97) % scene.rows.count, section: 0), reuseIdentifier: "cell",
          rowHeight: 44)
        coordinator.drop(item, to: placeholder).commitInsertion { _ in scene.rows.count += 1 }
      }
      return Int(DispatchTime.now().uptimeNanoseconds - start)
    }
    benchmark.measurement(perBatch, nanoseconds / 1_000_000)
  } setup: {
    await MainActor.run { PlaceholderScene() }
  }
}

/// A drop of 10,000 files into a million rows, as a file manager makes one: every
/// placeholder pending at once, then committed in random order; and a layout pass while
/// they are pending. (A function of its own, so that the closure above type-checks fast.)
func pendingPlaceholderBenchmarks() {
  // Rows of scattered heights, and rows all of the placeholders' height (44 points), which
  // share runs in the row tree.
  for (suffix, rowHeight) in [("", nil), (", one row height", 44.0)] as [(String, Double?)] {
    pendingPlaceholderDrop(suffix, rowHeight: rowHeight)
  }

  Benchmark(
    "layout pass with 10000 placeholders pending, 1000000 rows",
    configuration: .init(metrics: [perLayout], timeUnits: .nanoseconds, maxDuration: .seconds(10), maxIterations: 3)
  ) { (benchmark: Benchmark, scene: PlaceholderScene) in
    let samples = await MainActor.run { () -> [Int] in
      var samples: [Int] = []
      for step in 0..<200 {
        // A scroll to somewhere new: the cells in view are found and configured again.
        scene.table.contentOffset = Point(x: 0, y: Double(step) * 197_000)
        let start = DispatchTime.now().uptimeNanoseconds
        scene.table.layoutIfNeeded()
        samples.append(Int(DispatchTime.now().uptimeNanoseconds - start))
      }
      return samples
    }
    for sample in samples { benchmark.measurement(perLayout, sample) }
  } setup: {
    await MainActor.run { () -> PlaceholderScene in
      let scene = PlaceholderScene()
      scene.pending = pendingPlaceholders(in: scene, count: 10_000, seed: 7)
      return scene
    }
  }
}

/// One drop of 10,000 placeholders into a million rows of `rowHeight` (nil: scattered
/// heights), all pending, then committed in random order.
func pendingPlaceholderDrop(_ suffix: String, rowHeight: Double?) {
  Benchmark(
    "10000 placeholders pending, then committed in random order, 1000000 rows\(suffix)",
    configuration: .init(metrics: [perBatch], timeUnits: .milliseconds, maxDuration: .seconds(20), maxIterations: 5)
  ) { benchmark, scene in
    let nanoseconds = await MainActor.run {
      let start = DispatchTime.now().uptimeNanoseconds
      var contexts = pendingPlaceholders(in: scene, count: 10_000, seed: 7)
      var random = BenchmarkRandom(seed: 11)
      while !contexts.isEmpty {
        // A random one of those left, taken out in O(1).
        contexts.swapAt(Int(random.next() % UInt64(contexts.count)), contexts.count - 1)
        let context = contexts.removeLast()
        context.commitInsertion { _ in scene.rows.count += 1 }
      }
      return Int(DispatchTime.now().uptimeNanoseconds - start)
    }
    benchmark.measurement(perBatch, nanoseconds / 1_000_000)
  } setup: {
    await MainActor.run { PlaceholderScene(rowHeight: rowHeight) }
  }
}

/// Applying a snapshot: the batch update between two snapshots of 100,000 and 1,000,000
/// items, with 1 % of the items deleted, 1 % inserted and 1 % moved; and a plain baseline
/// in the same run, building the two identifier-to-index dictionaries alone.
func diffableBenchmarks() {
  let perDiff = BenchmarkMetric.custom("time per diff (ms)", polarity: .prefersSmaller, useScalingFactor: false)
  for count in [100_000, 1_000_000] {
    Benchmark(
      "diffable snapshot batch update, \(count) items",
      configuration: .init(metrics: [perDiff], timeUnits: .milliseconds, maxDuration: .seconds(10), maxIterations: 10)
    ) { benchmark, pair in
      let start = DispatchTime.now().uptimeNanoseconds
      let update = pair.new.batchUpdate(from: pair.old)
      blackHole(update)
      benchmark.measurement(perDiff, Int(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000)
    } setup: {
      SnapshotPair(count: count)
    }
    Benchmark(
      "baseline: two identifier dictionaries, \(count) items",
      configuration: .init(metrics: [perDiff], timeUnits: .milliseconds, maxDuration: .seconds(10), maxIterations: 10)
    ) { benchmark, pair in
      let start = DispatchTime.now().uptimeNanoseconds
      var oldIndex: [Int: Int] = [:]
      var newIndex: [Int: Int] = [:]
      oldIndex.reserveCapacity(count)
      newIndex.reserveCapacity(count)
      for (index, item) in pair.old.itemIdentifiers.enumerated() { oldIndex[item] = index }
      for (index, item) in pair.new.itemIdentifiers.enumerated() { newIndex[item] = index }
      blackHole((oldIndex, newIndex))
      benchmark.measurement(perDiff, Int(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000)
    } setup: {
      SnapshotPair(count: count)
    }
  }
}

struct SnapshotPair {
  var old = DiffableDataSourceSnapshot<Int, Int>()
  var new = DiffableDataSourceSnapshot<Int, Int>()

  init(count: Int) {
    var random = BenchmarkRandom(seed: 3)
    try! old.appendSections([0])
    try! old.appendItems(Array(0..<count))
    let changes = count / 100
    // Deleted, and moved (taken out, then put back elsewhere), in one pass each.
    var deleted = Set<Int>()
    while deleted.count < changes { deleted.insert(Int(random.next() % UInt64(count))) }
    var moved = Set<Int>()
    while moved.count < changes {
      let item = Int(random.next() % UInt64(count))
      if !deleted.contains(item) { moved.insert(item) }
    }
    let kept = (0..<count).filter { !deleted.contains($0) && !moved.contains($0) }
    // New items and moved items go in at random places, merged in one pass.
    let arriving = (Array(moved) + (count..<(count + changes))).map { (Int(random.next() % UInt64(kept.count)), $0) }
      .sorted { $0.0 < $1.0 }
    var items: [Int] = []
    items.reserveCapacity(count)
    var next = 0
    for (index, item) in kept.enumerated() {
      while next < arriving.count && arriving[next].0 == index {
        items.append(arriving[next].1)
        next += 1
      }
      items.append(item)
    }
    try! new.appendSections([0])
    try! new.appendItems(items)
  }
}

/// A drop of 10,000 items from elsewhere into a million rows, as a file manager makes: every
/// placeholder goes in first, in `performDrop`, and their data arrives later in any order.
@MainActor
func pendingPlaceholders(in scene: PlaceholderScene, count: Int, seed: UInt64) -> [TableViewDropPlaceholderContext] {
  var random = BenchmarkRandom(seed: seed)
  let items = (0..<count).map { _ in DragItem(itemProvider: ItemProvider(object: "new")) }
  let coordinator = scene.coordinator(items)
  return items.map { item in
    coordinator.drop(
      item,
      to: TableViewDropPlaceholder(
        insertionIndexPath: IndexPath(row: Int(random.next() % UInt64(scene.rows.count)), section: 0),
        reuseIdentifier: "cell", rowHeight: 44))
  }
}

/// A small deterministic generator (SplitMix64), so that each run makes the same drop.
struct BenchmarkRandom {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

@MainActor
final class PlaceholderScene {
  let rows: Rows
  let table = TableView(frame: Rect(x: 0, y: 0, width: 400, height: 800))
  /// Placeholders kept pending for the layout benchmark.
  var pending: [TableViewDropPlaceholderContext] = []

  /// A million rows, of 30 to 69 points or all of `rowHeight`.
  init(rowHeight: Double? = nil) {
    rows = Rows(count: 1_000_000, rowHeight: rowHeight)
    table.register(TableViewCell.self, forCellReuseIdentifier: "cell")
    table.dataSource = rows
    table.delegate = rows
    table.layoutIfNeeded()
  }

  func coordinator(_ items: [DragItem]) -> TableViewDropCoordinator {
    TableViewDropCoordinator.make(items: items, tableView: table)
  }
}

/// A drag held at the bottom edge of a million rows (rule 29), one frame a sample: the
/// auto-scroll tick scrolls, lays the visible cells out again and routes the drag again;
/// the destination moves, the gap with it, and the cells it displaces glide. Every timer due
/// in the frame runs, glides included, as the window's clock runs them.
@MainActor
final class AutoScrollScene {
  let test: TestWindow
  let view: ItemsView
  var frames = 0

  init(table count: Int) {
    let scene = TableScene(count: count)
    (test, view) = (scene.test, scene.table)
    test.window.send(Touch(id: 1, phase: .moved, location: Point(x: 200, y: 795), timestamp: test.clock.now))
    checkScrollingAndGliding()
  }

  init(grid count: Int) {
    let scene = GridScene(count: count)
    (test, view) = (scene.test, scene.grid)
    test.window.send(Touch(id: 1, phase: .moved, location: Point(x: 640, y: 795), timestamp: test.clock.now))
    checkScrollingAndGliding()
  }

  /// Refuses to measure a scene that does not scroll, or whose cells do not glide.
  private func checkScrollingAndGliding() {
    let start = view.contentOffset.y
    var glided = false
    for _ in 0..<30 {
      test.clock.advance(by: 1.0 / 60)
      glided = glided || view.subviews.contains { ($0 as? ItemsViewCell)?.presentationOffset != .zero }
    }
    precondition(view.contentOffset.y > start + 100, "the scene does not auto-scroll")
    precondition(glided, "no cell glides while the scene auto-scrolls")
  }

  /// One frame. Every 600 frames (10 s of scrolling) the view jumps to another tenth of its
  /// content, so that the run keeps scrolling through new rows.
  func frame() {
    frames += 1
    if frames % 600 == 0 {
      view.contentOffset.y = (Double(frames / 600 % 9 + 1) * view.contentSize.height / 10).rounded()
    }
    test.clock.advance(by: 1.0 / 60)
  }
}

func autoScrollBenchmarks() {
  let perFrame = BenchmarkMetric.custom("time per frame (ns)", polarity: .prefersSmaller, useScalingFactor: false)
  let configuration = Benchmark.Configuration(
    metrics: [perFrame], timeUnits: .nanoseconds, maxDuration: .seconds(5), maxIterations: 20)
  Benchmark("table auto-scroll frame, 1000000 rows", configuration: configuration) { benchmark, scene in
    let samples = await MainActor.run { timeEach(600) { scene.frame() } }
    for sample in samples { benchmark.measurement(perFrame, sample) }
  } setup: {
    await MainActor.run { AutoScrollScene(table: 1_000_000) }
  }
  Benchmark("grid auto-scroll frame, 1000000 items", configuration: configuration) { benchmark, scene in
    let samples = await MainActor.run { timeEach(600) { scene.frame() } }
    for sample in samples { benchmark.measurement(perFrame, sample) }
  } setup: {
    await MainActor.run { AutoScrollScene(grid: 1_000_000) }
  }
}

/// A table of a million rows with `selected` of them selected (every tenth, from the top).
@MainActor
final class SelectionScene {
  let rows = Rows(count: 1_000_000)
  let table = TableView(frame: Rect(x: 0, y: 0, width: 400, height: 800))
  var random = BenchmarkRandom(seed: 5)

  init(selected: Int) {
    table.register(TableViewCell.self, forCellReuseIdentifier: "cell")
    table.dataSource = rows
    table.delegate = rows
    table.allowsMultipleSelection = true
    table.layoutIfNeeded()
    for row in 0..<selected { table.selectRow(at: IndexPath(row: row * 10, section: 0)) }
  }

  /// One row inserted at a random place, in a batch update.
  func insertOne() {
    let row = Int(random.next() % UInt64(rows.count))
    try! table.checked.performBatchUpdates {
      rows.count += 1
      try table.checked.insertRows(at: [IndexPath(row: row, section: 0)], with: .none)
    }
  }
}

/// A one-row batch update at a million rows, with no row selected and with 100,000
/// selected; beside the way a selection kept as a set of index paths follows the same
/// update, mapping every selected path.
func selectionBenchmarks() {
  let perUpdate = BenchmarkMetric.custom("time per update (ns)", polarity: .prefersSmaller, useScalingFactor: false)
  let configuration = Benchmark.Configuration(
    metrics: [perUpdate], timeUnits: .nanoseconds, maxDuration: .seconds(5), maxIterations: 10)
  for selected in [0, 100_000] {
    Benchmark("one-row batch update, \(selected) of 1000000 rows selected", configuration: configuration) {
      benchmark, scene in
      let samples = await MainActor.run { timeEach(200) { scene.insertOne() } }
      for sample in samples { benchmark.measurement(perUpdate, sample) }
    } setup: {
      await MainActor.run { SelectionScene(selected: selected) }
    }
  }
  Benchmark(
    "baseline: a set of 100000 selected index paths mapped through a one-row update", configuration: configuration
  ) {
    benchmark, selection in
    var random = BenchmarkRandom(seed: 5)
    for _ in 0..<20 {
      var update = BatchUpdate()
      update.insertItems(at: [IndexPath(item: Int(random.next() % 1_000_000), section: 0)])
      let start = DispatchTime.now().uptimeNanoseconds
      let resolved = try! update.resolve(oldCounts: [1_000_000], newCounts: [1_000_001])
      blackHole(Set(selection.compactMap { resolved.newIndexPath(for: $0) }))
      benchmark.measurement(perUpdate, Int(DispatchTime.now().uptimeNanoseconds - start))
    }
  } setup: {
    Set((0..<100_000).map { IndexPath(item: $0 * 10, section: 0) })
  }
}

/// A table of `count` rows, loaded with estimated heights or with every height asked.
@MainActor
final class ReloadScene {
  let rows: Rows
  let table = TableView(frame: Rect(x: 0, y: 0, width: 400, height: 800))

  init(count: Int, estimated: Bool) {
    rows = Rows(count: count)
    table.register(TableViewCell.self, forCellReuseIdentifier: "cell")
    table.estimatedRowHeight = estimated ? 50 : 0
    table.dataSource = rows
    table.delegate = rows
    table.layoutIfNeeded()
  }

  /// `reloadData`, then the layout that shows the first screen.
  func reload() {
    table.reloadData()
    table.layoutIfNeeded()
  }
}

/// `reloadData` and the first layout after it, with estimated heights at 1,000 and
/// 10,000,000 rows, beside the same at 10,000,000 rows with every height asked.
func reloadBenchmarks() {
  let perReload = BenchmarkMetric.custom("time per reload (ns)", polarity: .prefersSmaller, useScalingFactor: false)
  for count in [1000, 10_000_000] {
    Benchmark(
      "table reload, estimated heights, \(count) rows",
      configuration: .init(metrics: [perReload], timeUnits: .nanoseconds, maxDuration: .seconds(3), maxIterations: 10)
    ) { benchmark, scene in
      let samples = await MainActor.run { timeEach(100) { scene.reload() } }
      for sample in samples { benchmark.measurement(perReload, sample) }
    } setup: {
      await MainActor.run { ReloadScene(count: count, estimated: true) }
    }
  }
  Benchmark(
    "baseline: table reload, every height asked, 10000000 rows",
    configuration: .init(metrics: [perReload], timeUnits: .nanoseconds, maxDuration: .seconds(10), maxIterations: 3)
  ) { benchmark, scene in
    let samples = await MainActor.run { timeEach(2) { scene.reload() } }
    for sample in samples { benchmark.measurement(perReload, sample) }
  } setup: {
    await MainActor.run { ReloadScene(count: 10_000_000, estimated: false) }
  }
}
