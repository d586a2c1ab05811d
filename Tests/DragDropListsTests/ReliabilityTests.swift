import DragDrop
import DragDropTesting
import Foundation
import PropertyBased
import TestSupport
import Testing

@testable import DragDropLists

/// Issue-level reliability: long random runs of batch updates, placeholders committed and
/// deleted out of order, reloads, coordinator drops, local reorders through the drag
/// pipeline, and misuse, checked after every step against a plain-array model.
@MainActor
@Suite struct ReliabilityTests {
  @MainActor final class Run {
    let test = TestWindow(size: Size(width: 320, height: 600))
    let model: PrefectureModel
    let table = TableView(frame: Rect(x: 0, y: 0, width: 320, height: 600))
    var pending: [any TableViewDropPlaceholderContext] = []
    var finished: [any TableViewDropPlaceholderContext] = []
    var counter = 0
    var random: SeededGenerator

    init(seed: UInt64) {
      random = SeededGenerator(state: seed)
      model = PrefectureModel([[]])
      model.sections[0] = (0..<Int.random(in: 0...12, using: &random)).map { "r\($0)" }
      counter = model.sections[0].count
      table.register(TableViewCell.self, forCellReuseIdentifier: "cell")
      table.register(TableViewCell.self, forCellReuseIdentifier: "placeholder")
      table.dataSource = model
      table.delegate = model
      test.window.addSubview(table)
      table.layoutIfNeeded()
      test.recorder.detach()
    }

    func name() -> String {
      counter += 1
      return "r\(counter)"
    }

    var rows: [String] { model.sections[0] }

    /// One random step.
    func step() {
      switch Int.random(in: 0..<10, using: &random) {
      case 0, 1:
        batch()
      case 2:
        let item = DragItem(itemProvider: ItemProvider(object: "x"))
        let placeholder = TableViewDropPlaceholder(
          insertionIndexPath: IndexPath(row: Int.random(in: 0...rows.count, using: &random), section: 0),
          reuseIdentifier: "placeholder", rowHeight: Double(Int.random(in: 20...60, using: &random)))
        placeholder.cellUpdateHandler = { $0.textLabel?.text = "…" }
        pending.append(TableViewDropCoordinator.make(items: [item], tableView: table).drop(item, to: placeholder))
      case 3 where !pending.isEmpty:
        // An asynchronous load finishes: any pending placeholder, in any order.
        let context = pending.remove(at: Int.random(in: 0..<pending.count, using: &random))
        let new = name()
        _ = context.commitInsertion { path in self.model.sections[0].insert(new, at: path.row) }
        finished.append(context)
      case 4 where !pending.isEmpty:
        let context = pending.remove(at: Int.random(in: 0..<pending.count, using: &random))
        _ = context.deletePlaceholder()
        finished.append(context)
      case 5 where Int.random(in: 0..<5, using: &random) == 0:
        table.reloadData()
        finished += pending
        pending = []
      case 6:
        // A drop from elsewhere, inserted through the coordinator.
        let item = DragItem(itemProvider: ItemProvider(object: "x"))
        let row = Int.random(in: 0...rows.count, using: &random)
        let coordinator = TableViewDropCoordinator.make(
          items: [item], destinationIndexPath: IndexPath(row: row, section: 0), tableView: table)
        let new = name()
        try? table.checked.performBatchUpdates {
          self.model.sections[0].insert(new, at: row)
          self.table.insertRows(at: [IndexPath(row: row, section: 0)])
        }
        coordinator.drop(item, toRowAt: IndexPath(row: row, section: 0))
      case 7 where !finished.isEmpty:
        // Misuse: committing or deleting a finished placeholder does nothing.
        let context = finished.randomElement(using: &random)!
        var ran = false
        #expect(!context.commitInsertion { _ in ran = true })
        #expect(!ran)
        #expect(!context.deletePlaceholder())
      case 8:
        // Misuse: an update whose counts do not add up is refused and changes nothing.
        let before = rows
        #expect(throws: BatchUpdateError.self) {
          try self.table.checked.performBatchUpdates {
            self.table.insertRows(at: [IndexPath(row: 0, section: 0)])
          }
        }
        #expect(rows == before)
      case 9:
        table.contentOffset = Point(x: 0, y: Double.random(in: 0...2000, using: &random))
      default:
        break
      }
    }

    /// A batch of deletions, moves and insertions, described the way UIKit wants.
    func batch() {
      var survivors = rows
      var deleted: [Int] = []
      for index in rows.indices.reversed() where Int.random(in: 0..<6, using: &random) == 0 {
        deleted.append(index)
        survivors.remove(at: index)
      }
      var final = survivors
      var inserted: [Int] = []
      for _ in 0..<Int.random(in: 0...3, using: &random) {
        let position = Int.random(in: 0...final.count, using: &random)
        final.insert(name(), at: position)
        inserted = inserted.map { $0 >= position ? $0 + 1 : $0 } + [position]
      }
      try? table.checked.performBatchUpdates {
        self.model.sections[0] = final
        self.table.deleteRows(at: deleted.map { IndexPath(row: $0, section: 0) })
        self.table.insertRows(at: inserted.map { IndexPath(row: $0, section: 0) })
      }
    }

    /// The table, its cells and its placeholders agree with the model.
    func check(_ seed: UInt64) {
      table.layoutIfNeeded()
      #expect(table.numberOfRows(inSection: 0) == rows.count, "seed \(seed)")
      let cells = table.subviews.compactMap { $0 as? TableViewCell }.sorted { $0.frame.minY < $1.frame.minY }
      for path in table.indexPathsForVisibleRows {
        #expect(table.cellForRow(at: path)?.textLabel?.text == rows[path.row], "seed \(seed)")
      }
      #expect(cells.filter { $0.textLabel?.text == "…" }.count <= pending.count, "seed \(seed)")
      for context in pending {
        #expect(context.isPending, "seed \(seed)")
        #expect((0...rows.count).contains(context.entry.anchor), "seed \(seed)")
      }
      #expect(table.hasUncommittedUpdates == !pending.isEmpty, "seed \(seed)")
      var y = 0.0
      for (index, row) in rows.enumerated() {
        // Rows below placeholders sit lower by the placeholders' heights.
        let above = pending.filter { $0.entry.anchor <= index }.reduce(0.0) { $0 + $1.entry.extent }
        #expect(
          (table.rectForRow(at: IndexPath(row: index, section: 0))?.minY).map(Double.init) == y + above,
          "seed \(seed) \(row)")
        y += model.heights[row] ?? 44
      }
    }
  }

  @Test("100,000 random steps agree with a plain-array model")
  func longRandomRuns() async {
    await propertyCheck(count: 500, input: Gen<UInt64>.value(in: 0...UInt64.max)) { seed in
      let run = Run(seed: seed)
      for _ in 0..<200 {
        run.step()
        run.check(seed)
      }
    }
  }

  @Test("Local reorders through the drag pipeline keep the model and the table in step")
  func reordersThroughDrags() async {
    await propertyCheck(count: 40, input: Gen<UInt64>.value(in: 0...UInt64.max)) { seed in
      let run = Run(seed: seed)
      let controller = PrefectureTableController(model: run.model, name: "table")
      run.table.dragDelegate = controller
      run.table.dropDelegate = controller
      for _ in 0..<5 where run.rows.count > 1 {
        let from = Int.random(in: 0..<min(run.rows.count, 10), using: &run.random)
        run.table.contentOffset = .zero
        run.table.layoutIfNeeded()
        let start = run.table.rectForRow(at: IndexPath(row: from, section: 0))!.center
        let target = Double.random(in: 0...400, using: &run.random)
        let expected = run.rows
        run.test.longPress(at: start)
        run.test.move(to: Point(x: 100, y: target))
        run.test.release()
        run.test.settle()
        run.check(seed)
        #expect(run.rows.sorted() == expected.sorted(), "seed \(seed): a reorder never loses or adds rows")
      }
    }
  }
}
