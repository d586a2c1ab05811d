import DragDrop
import DragDropTesting
import Foundation
import PropertyBased
import TestSupport
import Testing

@testable import DragDropLists

/// Rule 24: placeholders, alone and under random updates.
@MainActor
@Suite struct PlaceholderTests {
  /// A table over a model, and a way to get a drop coordinator without a drag.
  @MainActor final class Fixture {
    let model: PrefectureModel
    let table = TableView(frame: Rect(x: 0, y: 0, width: 320, height: 2000))
    var cellRequests: [IndexPath] = []

    init(_ rows: [String]) {
      model = PrefectureModel([rows])
      table.register(TableViewCell.self, forCellReuseIdentifier: "cell")
      table.register(TableViewCell.self, forCellReuseIdentifier: "placeholder")
      table.dataSource = model
      table.layoutIfNeeded()
    }

    func coordinator(_ items: [DragItem]) -> TableViewDropCoordinator {
      TableViewDropCoordinator(
        items: items.map {
          EngineDropItem(dragItem: $0, sourceIndexPath: nil, previewSize: Size(width: 320, height: 44))
        },
        destinationIndexPath: nil, proposal: ItemsViewDropProposal(operation: .copy),
        session: DropSession(items: items), tableView: table)
    }

    func placeholder(at row: Int) -> any TableViewDropPlaceholderContext {
      let item = DragItem(itemProvider: ItemProvider(object: "x"))
      let placeholder = TableViewDropPlaceholder(
        insertionIndexPath: IndexPath(row: row, section: 0), reuseIdentifier: "placeholder", rowHeight: 44)
      placeholder.cellUpdateHandler = { $0.textLabel?.text = "…" }
      return coordinator([item]).drop(item, to: placeholder)
    }

    /// What the table shows, top to bottom.
    var shown: [String] {
      table.layoutIfNeeded()
      return table.subviews.compactMap { $0 as? TableViewCell }.sorted { $0.frame.minY < $1.frame.minY }
        .compactMap(\.textLabel?.text)
    }
  }

  @Test("Rule 43: an update that does not add up reloads, keeps the placeholders whose places exist, and says so")
  func anUpdateThatDoesNotAddUpRecovers() {
    let fixture = Fixture(["東京", "神奈川", "千葉"])
    let kept = fixture.placeholder(at: 1)
    let lost = fixture.placeholder(at: 3)
    var reported: [any Error] = []
    APIMisuse.handler = { reported.append($0) }
    defer { APIMisuse.handler = { _ in } }
    var completions: [Bool] = []
    // The data source loses two rows; the update describes one.
    fixture.table.performBatchUpdates(
      {
        fixture.model.sections[0].removeLast(2)
        fixture.table.deleteRows(at: [IndexPath(row: 2, section: 0)])
      }, completion: { completions.append($0) })
    #expect(reported.count == 1 && reported.first is BatchUpdateError)
    #expect(completions == [false])
    #expect(fixture.shown == ["東京", "…"])
    #expect(kept.isPending && !lost.isPending)
    // The kept placeholder still commits where it stands.
    #expect(kept.commitInsertion { fixture.model.sections[0].insert("埼玉", at: $0.row) })
    #expect(fixture.shown == ["東京", "埼玉"])
  }

  @Test("Rule 43: the checked form throws the error instead")
  func theCheckedFormThrows() {
    let fixture = Fixture(["東京", "神奈川", "千葉"])
    var reported = 0
    APIMisuse.handler = { _ in reported += 1 }
    defer { APIMisuse.handler = { _ in } }
    #expect(throws: BatchUpdateError.self) {
      try fixture.table.checked.performBatchUpdates {
        fixture.model.sections[0].removeLast()
      }
    }
    #expect(reported == 0)
  }

  @Test("A placeholder shows without the data source and commits at its current index path")
  func placeholderFollowsUpdatesThenCommits() throws {
    let fixture = Fixture(["東京", "神奈川", "千葉"])
    let context = fixture.placeholder(at: 1)
    #expect(fixture.shown == ["東京", "…", "神奈川", "千葉"])
    #expect(fixture.table.numberOfRows(inSection: 0) == 3)  // the data source's count
    #expect(fixture.table.hasUncommittedUpdates)
    // Other updates happen while the load is slow: two rows go in above the placeholder.
    try fixture.table.checked.performBatchUpdates {
      fixture.model.sections[0].insert(contentsOf: ["沖縄", "大阪"], at: 0)
      fixture.table.insertRows(at: [IndexPath(row: 0, section: 0), IndexPath(row: 1, section: 0)])
    }
    #expect(fixture.shown == ["沖縄", "大阪", "東京", "…", "神奈川", "千葉"])
    var committedAt: IndexPath?
    let committed = context.commitInsertion { indexPath in
      committedAt = indexPath
      fixture.model.sections[0].insert("青森", at: indexPath.row)
    }
    #expect(committed)
    #expect(committedAt == IndexPath(row: 3, section: 0))
    #expect(fixture.shown == ["沖縄", "大阪", "東京", "青森", "神奈川", "千葉"])
    #expect(!fixture.table.hasUncommittedUpdates)
    // A second commit does nothing and does not run its block.
    var ranAgain = false
    #expect(!context.commitInsertion { _ in ranAgain = true })
    #expect(!ranAgain)
    #expect(!context.deletePlaceholder())
  }

  @Test("A failed load deletes the placeholder and leaves the model alone")
  func deleteOnFailure() {
    let fixture = Fixture(["東京", "神奈川"])
    let context = fixture.placeholder(at: 2)
    #expect(fixture.shown == ["東京", "神奈川", "…"])
    #expect(context.deletePlaceholder())
    #expect(fixture.shown == ["東京", "神奈川"])
    #expect(fixture.model.sections[0] == ["東京", "神奈川"])
    #expect(!context.commitInsertion { _ in })
  }

  @Test("reloadData removes every placeholder")
  func reloadRemovesPlaceholders() {
    let fixture = Fixture(["東京"])
    let first = fixture.placeholder(at: 0)
    let second = fixture.placeholder(at: 1)
    fixture.table.reloadData()
    fixture.table.layoutIfNeeded()
    #expect(fixture.shown == ["東京"])
    #expect(!first.isPending && !second.isPending)
    #expect(!first.commitInsertion { _ in })
  }

  @Test("Deleting the rows around a placeholder keeps it at the gap")
  func deletesAroundThePlaceholder() throws {
    let fixture = Fixture(["a", "b", "c", "d"])
    let context = fixture.placeholder(at: 2)
    try fixture.table.checked.performBatchUpdates {
      fixture.model.sections[0].removeSubrange(1...2)
      fixture.table.deleteRows(at: [IndexPath(row: 1, section: 0), IndexPath(row: 2, section: 0)])
    }
    #expect(fixture.shown == ["a", "…", "d"])
    #expect(context.commitInsertion { fixture.model.sections[0].insert("X", at: $0.row) })
    #expect(fixture.model.sections[0] == ["a", "X", "d"])
    #expect(fixture.shown == ["a", "X", "d"])
  }

  @Test("An out-of-range placeholder is refused, not inserted")
  func outOfRange() {
    let fixture = Fixture(["a"])
    let context = fixture.placeholder(at: 5)
    #expect(!context.isPending)
    #expect(fixture.shown == ["a"])
  }

  @Test("Random placeholders, commits, deletes, updates and reloads agree with a plain model")
  func randomSteps() async {
    await propertyCheck(count: 150, input: Gen<UInt64>.value(in: 0...UInt64.max)) { seed in
      var random = SeededGenerator(state: seed)
      var counter = 0
      func name() -> String {
        counter += 1
        return "r\(counter)"
      }
      let fixture = Fixture((0..<Int.random(in: 0...5, using: &random)).map { _ in name() })
      // The reference: data rows and, separately, pending placeholders by their gap.
      var pending: [(context: any TableViewDropPlaceholderContext, label: String)] = []
      var dead: [any TableViewDropPlaceholderContext] = []
      for _ in 0..<40 {
        let rows = fixture.model.sections[0]
        switch Int.random(in: 0..<7, using: &random) {
        case 0:
          let context = fixture.placeholder(at: Int.random(in: 0...rows.count, using: &random))
          pending.append((context, ""))
        case 1 where !pending.isEmpty:
          let index = Int.random(in: 0..<pending.count, using: &random)
          let (context, _) = pending.remove(at: index)
          let new = name()
          let gapBefore = (context.entry.anchor)
          var received: IndexPath?
          #expect(
            context.commitInsertion { path in
              received = path
              fixture.model.sections[0].insert(new, at: path.row)
            })
          #expect(received?.row == gapBefore, "seed \(seed)")
          dead.append(context)
        case 2 where !pending.isEmpty:
          let index = Int.random(in: 0..<pending.count, using: &random)
          let (context, _) = pending.remove(at: index)
          #expect(context.deletePlaceholder())
          dead.append(context)
        case 3:
          let row = Int.random(in: 0...rows.count, using: &random)
          fixture.model.sections[0].insert(name(), at: row)
          fixture.table.insertRows(at: [IndexPath(row: row, section: 0)])
        case 4 where !rows.isEmpty:
          let row = Int.random(in: 0..<rows.count, using: &random)
          fixture.model.sections[0].remove(at: row)
          fixture.table.deleteRows(at: [IndexPath(row: row, section: 0)])
        case 5 where Int.random(in: 0..<4, using: &random) == 0:
          fixture.table.reloadData()
          dead += pending.map(\.context)
          pending = []
        case 6:
          // Misuse: a commit after deletion or a double commit does nothing.
          if let context = dead.randomElement(using: &random) {
            var ran = false
            #expect(!context.commitInsertion { _ in ran = true })
            #expect(!ran)
          }
        default:
          break
        }
        fixture.table.layoutIfNeeded()
        // The data rows show in model order, with the placeholders among them.
        let shownData = fixture.shown.filter { $0 != "…" }
        #expect(shownData == fixture.model.sections[0], "seed \(seed)")
        #expect(fixture.shown.filter { $0 == "…" }.count == pending.count, "seed \(seed)")
        #expect(fixture.table.numberOfRows(inSection: 0) == fixture.model.sections[0].count)
        // Every pending placeholder sits after exactly `gap` data rows.
        for (context, _) in pending {
          let frame = context.entry.cell?.frame
          let dataAbove = fixture.table.subviews.compactMap { $0 as? TableViewCell }
            .filter { $0.textLabel?.text != "…" && $0.frame.minY < (frame?.minY ?? 0) }.count
          #expect(dataAbove == context.entry.anchor, "seed \(seed)")
        }
        #expect(fixture.table.hasUncommittedUpdates == !pending.isEmpty)
      }
    }
  }
}
