import DragDropTesting
import PropertyBased
import TestSupport
import Testing

@_spi(Internals) @testable import DragDropLists

/// Diffable data sources: snapshots, the batch update between two of them, and tables and
/// grids that show them.
@MainActor
@Suite struct DiffableDataSourceTests {
  typealias Snapshot = DiffableDataSourceSnapshot<String, Int>

  /// A random snapshot: some of sections "a" to "f" in a random order, each holding some
  /// of items 0..<40, every item at most once.
  static func randomSnapshot(_ random: inout SeededGenerator) -> Snapshot {
    var snapshot = Snapshot()
    let sections = ["a", "b", "c", "d", "e", "f"].shuffled(using: &random).prefix(Int.random(in: 0...4, using: &random))
    try! snapshot.checked.appendSections(Array(sections))
    guard !sections.isEmpty else { return snapshot }
    for item in (0..<40).shuffled(using: &random).prefix(Int.random(in: 0...40, using: &random)) {
      try! snapshot.checked.appendItems([item], toSection: sections.randomElement(using: &random)!)
    }
    return snapshot
  }

  @Test("Random snapshot pairs: the batch update puts every item where the new snapshot has it")
  func randomPairs() async {
    await propertyCheck(count: 500, input: Gen<UInt64>.value(in: 0...UInt64.max)) { seed in
      var random = SeededGenerator(state: seed)
      let old = Self.randomSnapshot(&random)
      var new = Self.randomSnapshot(&random)
      // Some reloads of items and sections that both have.
      for item in new.itemIdentifiers where old.indexPath(of: item) != nil && Bool.random(using: &random) {
        if Int.random(in: 0..<4, using: &random) == 0 { try! new.checked.reloadItems([item]) }
      }
      for section in new.sectionIdentifiers where old.indexOfSection(section) != nil {
        if Int.random(in: 0..<6, using: &random) == 0 { try! new.checked.reloadSections([section]) }
      }
      let update = new.batchUpdate(from: old)
      let oldCounts = old.sectionIdentifiers.map { old.numberOfItems(inSection: $0) }
      let newCounts = new.sectionIdentifiers.map { new.numberOfItems(inSection: $0) }
      let resolved: ResolvedBatchUpdate
      do {
        resolved = try update.resolve(oldCounts: oldCounts, newCounts: newCounts)
      } catch {
        Issue.record("seed \(seed): \(error)\nold \(old.sectionIdentifiers) new \(new.sectionIdentifiers)")
        return
      }
      for item in old.itemIdentifiers {
        let from = old.indexPath(of: item)!
        let mapped = resolved.newIndexPath(for: from)
        // An item the update keeps lands where the new snapshot has it; the rest were
        // deleted (alone, or with their section) and, if still there, inserted again.
        if let mapped {
          #expect(new.itemIdentifier(at: mapped) == item, "seed \(seed): item \(item)")
        } else if let to = new.indexPath(of: item) {
          let insertedAlone = update.insertedItems.contains(to)
          let section = new.sectionIdentifiers[to.section]
          let insertedWithSection =
            update.insertedSections.contains(to.section)
            || old.indexOfSection(section).map { update.reloadedSections.contains($0) } == true
          #expect(
            insertedAlone || insertedWithSection,
            "seed \(seed): item \(item) lost, \(from) to \(to); \(old.sectionIdentifiers) to \(new.sectionIdentifiers); \(update)"
          )
        }
      }
      // Moves are few: an item whose section and neighbours stay the same is never moved.
      #expect(update.movedItems.count <= old.numberOfItems, "seed \(seed)")
    }
  }

  @Test("A reorder in one section is the fewest moves: the rest keep their order")
  func fewestMoves() throws {
    var old = Snapshot()
    try old.checked.appendSections(["a"])
    try old.checked.appendItems(Array(0..<10))
    var new = old
    try new.checked.moveItem(9, beforeItem: 0)
    try new.checked.moveItem(4, afterItem: 7)
    let update = new.batchUpdate(from: old)
    #expect(update.movedItems.count == 2)
    #expect(update.insertedItems.isEmpty && update.deletedItems.isEmpty)
  }

  @Test("Misuse names the identifier and changes nothing")
  func misuse() throws {
    var snapshot = Snapshot()
    #expect(throws: Snapshot.Failure.noSection) { try snapshot.checked.appendItems([1]) }
    try snapshot.checked.appendSections(["a"])
    #expect(throws: Snapshot.Failure.duplicateSection("a")) { try snapshot.checked.appendSections(["b", "a"]) }
    #expect(snapshot.sectionIdentifiers == ["a"])
    try snapshot.checked.appendItems([1, 2])
    #expect(throws: Snapshot.Failure.duplicateItem(2)) { try snapshot.checked.appendItems([3, 2], toSection: "a") }
    #expect(throws: Snapshot.Failure.duplicateItem(4)) { try snapshot.checked.appendItems([4, 4]) }
    #expect(throws: Snapshot.Failure.unknownSection("z")) { try snapshot.checked.appendItems([5], toSection: "z") }
    #expect(throws: Snapshot.Failure.unknownItem(9)) { try snapshot.checked.deleteItems([1, 9]) }
    #expect(throws: Snapshot.Failure.unknownItem(9)) { try snapshot.checked.moveItem(1, beforeItem: 9) }
    #expect(throws: Snapshot.Failure.indexPathOutOfRange(IndexPath(item: 0, section: 3))) {
      try snapshot.checked.insertItems([7], at: IndexPath(item: 0, section: 3))
    }
    #expect(snapshot.itemIdentifiers == [1, 2])
    #expect("\(Snapshot.Failure.duplicateItem(2))" == "the item 2 is already in the snapshot")
  }

  @MainActor final class TableScene {
    let test = TestWindow(size: Size(width: 300, height: 400))
    let table = TableView(frame: Rect(x: 0, y: 0, width: 300, height: 400))
    let dataSource: TableViewDiffableDataSource<String, String>

    init() {
      table.register(TableViewCell.self, forCellReuseIdentifier: "cell")
      dataSource = TableViewDiffableDataSource(tableView: table) { table, indexPath, name in
        let cell = table.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
        cell.textLabel?.text = name
        return cell
      }
      test.window.addSubview(table)
    }

    var shown: [String] {
      (0..<table.numberOfRows(inSection: 0)).map {
        table.cellForRow(at: IndexPath(row: $0, section: 0))?.textLabel?.text ?? "?"
      }
    }
  }

  @Test("A table shows its snapshots; applying one updates rows in place, selection following")
  func tableApplies() throws {
    let scene = TableScene()
    var snapshot = DiffableDataSourceSnapshot<String, String>()
    try snapshot.checked.appendSections(["prefectures"])
    try snapshot.checked.appendItems(["北海道", "青森", "岩手", "宮城"])
    scene.dataSource.apply(snapshot, animatingDifferences: false)
    scene.table.layoutIfNeeded()
    #expect(scene.shown == ["北海道", "青森", "岩手", "宮城"])
    scene.table.selectRow(at: IndexPath(row: 2, section: 0))  // 岩手
    try snapshot.checked.deleteItems(["青森"])
    try snapshot.checked.moveItem("宮城", beforeItem: "北海道")
    try snapshot.checked.appendItems(["秋田"])
    scene.dataSource.apply(snapshot)
    scene.test.settle()
    scene.table.layoutIfNeeded()
    #expect(scene.shown == ["宮城", "北海道", "岩手", "秋田"])
    #expect(scene.table.indexPathsForSelectedRows == [IndexPath(row: 2, section: 0)])
    #expect(scene.dataSource.itemIdentifier(for: IndexPath(row: 3, section: 0)) == "秋田")
    #expect(scene.dataSource.indexPath(for: "宮城") == IndexPath(row: 0, section: 0))
  }

  @Test("Rule 22: a reorder through a diffable data source needs no code; the snapshot follows")
  func reorderFollows() throws {
    let scene = TableScene()
    scene.dataSource.canMoveRow = { _, _ in true }
    var snapshot = DiffableDataSourceSnapshot<String, String>()
    try snapshot.checked.appendSections(["prefectures"])
    try snapshot.checked.appendItems(["北海道", "青森", "岩手"])
    scene.dataSource.apply(snapshot, animatingDifferences: false)
    scene.table.layoutIfNeeded()
    // As the engine does at a local drop (rule 22): the data source hears the move, then
    // the table shows it.
    #expect(scene.table.data.moveItem(from: IndexPath(row: 0, section: 0), to: IndexPath(row: 2, section: 0)))
    #expect(!scene.table.reorderShownByDataSource)
    scene.table.applyReorder(from: IndexPath(row: 0, section: 0), to: IndexPath(row: 2, section: 0))
    scene.table.layoutIfNeeded()
    #expect(scene.dataSource.snapshot().itemIdentifiers == ["青森", "岩手", "北海道"])
    #expect(scene.shown == ["青森", "岩手", "北海道"])
  }

  @Test("A deferred section shows by count, reads only the rows it shows, and becomes a snapshot when one is needed")
  func deferredSection() throws {
    let scene = TableScene()
    let names = (0..<100_000).map { "row \($0)" }
    var read = 0
    var allRead = 0
    scene.dataSource.applyDeferredUsingReloadData(
      section: "rows", count: names.count,
      identifier: {
        read += 1
        return names[$0]
      },
      all: {
        allRead += 1
        return names
      })
    scene.table.layoutIfNeeded()
    #expect(scene.table.numberOfRows(inSection: 0) == 100_000)
    #expect(scene.shown.prefix(3) == ["row 0", "row 1", "row 2"])
    // 400 points of 44-point rows: the rows on screen, not the hundred thousand.
    #expect(read < 40, "\(read) identifiers read")
    #expect(allRead == 0)
    #expect(scene.dataSource.itemIdentifier(for: IndexPath(row: 99_999, section: 0)) == "row 99999")
    #expect(scene.dataSource.itemIdentifier(for: IndexPath(row: 100_000, section: 0)) == nil)
    #expect(scene.dataSource.sectionIdentifier(for: 0) == "rows")

    // An update works from the whole snapshot, read once.
    var snapshot = scene.dataSource.snapshot()
    #expect(allRead == 1)
    #expect(snapshot.numberOfItems == 100_000)
    try snapshot.checked.moveItem("row 2", beforeItem: "row 0")
    try snapshot.checked.deleteItems(["row 1"])
    scene.dataSource.apply(snapshot, animatingDifferences: false)
    scene.table.layoutIfNeeded()
    #expect(scene.shown.prefix(3) == ["row 2", "row 0", "row 3"])
    #expect(scene.dataSource.indexPath(for: "row 3") == IndexPath(row: 2, section: 0))
    #expect(allRead == 1)
  }
}
