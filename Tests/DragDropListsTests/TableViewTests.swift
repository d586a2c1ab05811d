import DragDrop
import DragDropTesting
import Foundation
import PropertyBased
import TestSupport
import Testing

@testable import DragDropLists

/// A model of sections of strings, the table's data source and delegate.
@MainActor
final class PrefectureModel: TableViewReorderingDataSource, TableViewDelegate {
  var sections: [[String]]
  var titles: [String?]
  var heights: [String: Double] = [:]
  var selections: [String] = []
  var moves: [(IndexPath, IndexPath)] = []

  init(_ sections: [[String]], titles: [String?]? = nil) {
    self.sections = sections
    self.titles = titles ?? sections.map { _ in nil }
  }

  func numberOfSections(in tableView: TableView) -> Int { sections.count }
  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { sections[section].count }
  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
    cell.textLabel?.text = sections[indexPath.section][indexPath.row]
    return cell
  }
  func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { titles[section] }
  func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
    heights[sections[indexPath.section][indexPath.row]] ?? tableView.rowHeight
  }
  func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
    selections.append("select \(sections[indexPath.section][indexPath.row])")
  }
  func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) {
    selections.append("deselect \(sections[indexPath.section][indexPath.row])")
  }
  func tableView(_ tableView: TableView, moveRowAt source: IndexPath, to destination: IndexPath) {
    moves.append((source, destination))
    sections[destination.section].insert(sections[source.section].remove(at: source.row), at: destination.row)
  }
}

@MainActor
@Suite struct TableViewTests {
  static let prefectures = ["北海道", "青森", "岩手", "宮城", "秋田", "山形", "福島", "茨城", "栃木", "群馬", "埼玉", "千葉"]

  func makeTable(_ model: PrefectureModel, height: Double = 220) -> (TestWindow, TableView) {
    let test = TestWindow(size: Size(width: 320, height: 480))
    let table = TableView(frame: Rect(x: 0, y: 0, width: 320, height: height))
    table.register(TableViewCell.self, forCellReuseIdentifier: "cell")
    table.dataSource = model
    table.delegate = model
    test.window.addSubview(table)
    table.layoutIfNeeded()
    return (test, table)
  }

  func texts(_ table: TableView) -> [String] { table.visibleCells.compactMap(\.textLabel?.text) }

  @Test func onlyVisibleRowsHaveCells() {
    let model = PrefectureModel([Self.prefectures])
    let (_, table) = makeTable(model)
    #expect(table.numberOfRows(inSection: 0) == 12)
    #expect(table.contentSize.height == 12 * 44.0)
    #expect(texts(table) == ["北海道", "青森", "岩手", "宮城", "秋田"])  // 220 / 44
    table.contentOffset = Point(x: 0, y: 100)
    table.layoutIfNeeded()
    #expect(texts(table) == ["岩手", "宮城", "秋田", "山形", "福島", "茨城"])
    #expect(table.cellForRow(at: IndexPath(row: 0, section: 0)) == nil)
    #expect(table.subviews.count { $0 is TableViewCell } == 6)
  }

  @Test func cellsAreReused() {
    let model = PrefectureModel([Self.prefectures])
    let (_, table) = makeTable(model)
    let first = table.cellForRow(at: IndexPath(row: 0, section: 0))
    table.contentOffset = Point(x: 0, y: 300)
    table.layoutIfNeeded()
    #expect(table.visibleCells.contains { $0 === first })
    #expect(first?.textLabel?.text != "北海道")
  }

  @Test func headersAndPerRowHeights() {
    let model = PrefectureModel([["北海道"], ["青森", "岩手"]], titles: ["北海道", "東北"])
    model.heights["青森"] = 80
    let (_, table) = makeTable(model)
    #expect(table.rectForRow(at: IndexPath(row: 0, section: 0)) == Rect(x: 0, y: 28, width: 320, height: 44))
    #expect(table.rectForRow(at: IndexPath(row: 0, section: 1)) == Rect(x: 0, y: 100, width: 320, height: 80))
    #expect(table.indexPathForRow(at: Point(x: 10, y: 90)) == nil)  // the second header
    #expect(table.indexPathForRow(at: Point(x: 10, y: 190)) == IndexPath(row: 1, section: 1))
    #expect(table.headerView(forSection: 0)?.textLabel?.text == "北海道")
    #expect(table.headerView(forSection: 1)?.textLabel?.text == "東北")
  }

  @Test func tappingSelects() {
    let model = PrefectureModel([Self.prefectures])
    let (test, table) = makeTable(model)
    test.tap(at: Point(x: 50, y: 60), touch: 1)
    test.tap(at: Point(x: 50, y: 100), touch: 1)
    #expect(model.selections == ["select 青森", "deselect 青森", "select 岩手"])
    #expect(table.indexPathsForSelectedRows == [IndexPath(row: 2, section: 0)])
    table.allowsMultipleSelection = true
    test.tap(at: Point(x: 50, y: 10), touch: 1)
    #expect(table.indexPathsForSelectedRows == [IndexPath(row: 0, section: 0), IndexPath(row: 2, section: 0)])
    #expect(table.cellForRow(at: IndexPath(row: 0, section: 0))?.isSelected == true)
  }

  @Test("Rule 25: a batch whose counts do not add up is refused and the table keeps its state")
  func refusedBatch() {
    let model = PrefectureModel([Self.prefectures])
    let (_, table) = makeTable(model)
    table.selectRow(at: IndexPath(row: 1, section: 0))
    let before = table.treeSnapshot
    #expect(
      throws: BatchUpdateError.invalidItemCount(
        section: 0, before: 12, inserted: 1, deleted: 0, movedIn: 0, movedOut: 0, reported: 14)
    ) {
      try table.checked.performBatchUpdates {
        model.sections[0].insert(contentsOf: ["沖縄", "鹿児島"], at: 0)
        table.insertRows(at: [IndexPath(row: 0, section: 0)])
      }
    }
    #expect(table.numberOfRows(inSection: 0) == 12)
    #expect(table.treeSnapshot == before)
    #expect(table.indexPathsForSelectedRows == [IndexPath(row: 1, section: 0)])
  }

  @Test func batchUpdatesMoveCellsAndSelection() throws {
    let model = PrefectureModel([Self.prefectures])
    let (_, table) = makeTable(model)
    table.selectRow(at: IndexPath(row: 2, section: 0))  // 岩手
    let cell = table.cellForRow(at: IndexPath(row: 2, section: 0))
    try table.checked.performBatchUpdates {
      model.sections[0].remove(at: 0)
      model.sections[0].insert("沖縄", at: 3)
      table.deleteRows(at: [IndexPath(row: 0, section: 0)])
      table.insertRows(at: [IndexPath(row: 3, section: 0)])
    }
    #expect(texts(table) == ["青森", "岩手", "宮城", "沖縄", "秋田"])
    #expect(table.indexPathsForSelectedRows == [IndexPath(row: 1, section: 0)])
    #expect(table.cellForRow(at: IndexPath(row: 1, section: 0)) === cell)
  }

  @Test("Random updates keep the table, its cells and its geometry in step with an array")
  func randomUpdates() async {
    await propertyCheck(count: 100, input: Gen<UInt64>.value(in: 0...UInt64.max)) { seed in
      var random = SeededGenerator(state: seed)
      var counter = 0
      func name() -> String {
        counter += 1
        return "row\(counter)"
      }
      let model = PrefectureModel((0..<2).map { _ in (0..<Int.random(in: 0...10, using: &random)).map { _ in name() } })
      let (_, table) = makeTable(model)
      for _ in 0..<30 {
        let section = Int.random(in: 0..<2, using: &random)
        let count = model.sections[section].count
        switch Int.random(in: 0..<5, using: &random) {
        case 0, 1:
          let row = Int.random(in: 0...count, using: &random)
          let new = name()
          model.heights[new] = Double(Int.random(in: 20...80, using: &random))
          model.sections[section].insert(new, at: row)
          table.insertRows(at: [IndexPath(row: row, section: section)])
        case 2 where count > 0:
          let row = Int.random(in: 0..<count, using: &random)
          model.sections[section].remove(at: row)
          table.deleteRows(at: [IndexPath(row: row, section: section)])
        case 3 where count > 0:
          let from = IndexPath(row: Int.random(in: 0..<count, using: &random), section: section)
          let other = 1 - section
          let to = IndexPath(row: Int.random(in: 0...model.sections[other].count, using: &random), section: other)
          model.sections[other].insert(model.sections[section].remove(at: from.row), at: to.row)
          table.moveRow(at: from, to: to)
        default:
          table.contentOffset = Point(x: 0, y: Double.random(in: 0...1000, using: &random))
        }
        table.layoutIfNeeded()
        // Every visible cell shows the model's row at its index path, at the right place.
        var y = 0.0
        var expectedRects: [IndexPath: Rect] = [:]
        for (s, rows) in model.sections.enumerated() {
          for (r, row) in rows.enumerated() {
            let height = model.heights[row] ?? 44
            expectedRects[IndexPath(row: r, section: s)] = Rect(x: 0, y: y, width: 320, height: height)
            y += height
          }
        }
        #expect(Double(table.contentSize.height) == y, "seed \(seed)")
        for indexPath in table.indexPathsForVisibleRows {
          let cell = table.cellForRow(at: indexPath)
          #expect(cell?.textLabel?.text == model.sections[indexPath.section][indexPath.row], "seed \(seed)")
          #expect(cell?.frame == expectedRects[indexPath], "seed \(seed)")
        }
        let shown = Set(table.indexPathsForVisibleRows)
        let window = Rect(x: 0, y: table.contentOffset.y, width: 320, height: 220)
        let wanted = Set(expectedRects.filter { $0.value.overlaps(window) }.keys)
        #expect(shown == wanted, "seed \(seed)")
      }
    }
  }

  @Test func aMillionRows() {
    @MainActor final class Million: TableViewDataSource {
      func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { 1_000_000 }
      func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
        cell.textLabel?.text = "\(indexPath.row)"
        return cell
      }
    }
    let source = Million()
    let table = TableView(frame: Rect(x: 0, y: 0, width: 320, height: 480))
    table.register(TableViewCell.self, forCellReuseIdentifier: "cell")
    table.dataSource = source
    table.layoutIfNeeded()
    table.contentOffset = Point(x: 0, y: 44 * 500_000)
    table.layoutIfNeeded()
    #expect(table.visibleCells.count == 11)
    #expect(table.visibleCells.first?.textLabel?.text == "500000")
    #expect(table.layout.sections[0].rows.bytesPerElement <= 64)
  }
}

@MainActor
@Suite struct BatchCompletionTests {
  @Test("A batch's completion runs after the update animation on the window's clock")
  func completionOnTheClock() throws {
    let model = PrefectureModel([["a", "b"]])
    let test = TestWindow()
    let table = TableView(frame: Rect(x: 0, y: 0, width: 320, height: 400))
    table.register(TableViewCell.self, forCellReuseIdentifier: "cell")
    table.dataSource = model
    test.window.addSubview(table)
    var finished: [Bool] = []
    try table.checked.performBatchUpdates(
      {
        model.sections[0].append("c")
        table.insertRows(at: [IndexPath(row: 2, section: 0)])
      }, completion: { finished.append($0) })
    #expect(table.numberOfRows(inSection: 0) == 3)  // the model changes at once
    test.hold(0.29)
    #expect(finished.isEmpty)
    test.hold(0.01)
    #expect(finished == [true])
  }
}
