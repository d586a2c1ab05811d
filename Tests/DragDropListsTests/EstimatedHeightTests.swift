import DragDrop
import DragDropTesting
import Foundation
import Testing

@testable import DragDropLists

/// Rows of heights 30 to 69 points, counting each time a height is asked.
@MainActor
final class CountedRows: TableViewDataSource, TableViewDelegate {
  var count: Int
  var asked: [Int: Int] = [:]

  init(count: Int) { self.count = count }

  static func height(_ row: Int) -> Double { Double(30 + (row * 7919) % 40) }

  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { count }
  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
    cell.textLabel?.text = "row \(indexPath.row)"
    return cell
  }
  func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
    asked[indexPath.row, default: 0] += 1
    return Self.height(indexPath.row)
  }
}

@MainActor
@Suite struct EstimatedHeightTests {
  func makeTable(rows: Int) -> (TestWindow, TableView, CountedRows) {
    let test = TestWindow(size: Size(width: 320, height: 480))
    let model = CountedRows(count: rows)
    let table = TableView(frame: Rect(x: 0, y: 0, width: 320, height: 400))
    table.register(TableViewCell.self, forCellReuseIdentifier: "cell")
    table.estimatedRowHeight = 50
    table.dataSource = model
    table.delegate = model
    test.window.addSubview(table)
    table.layoutIfNeeded()
    return (test, table, model)
  }

  @Test("Ten million rows load asking only the heights of the rows in view")
  func loadingAsksOnlyTheRowsInView() {
    let (test, table, model) = makeTable(rows: 10_000_000)
    defer { withExtendedLifetime(test) {} }
    let visible = table.indexPathsForVisibleRows.map(\.row)
    #expect(visible.first == 0)
    // The rows in view were measured, and the few the estimate put in view before.
    #expect(Set(visible).isSubset(of: model.asked.keys))
    #expect(model.asked.count <= 400 / 50)
    #expect(model.asked.values.allSatisfy { $0 == 1 })
    // The rows in view are exact; the rest count as the estimate.
    var y = 0.0
    for row in visible {
      #expect(
        table.rectForRow(at: IndexPath(row: row, section: 0))
          == Rect(x: 0, y: y, width: 320, height: CountedRows.height(row)))
      y += CountedRows.height(row)
    }
    let measured = model.asked.keys.map(CountedRows.height).reduce(0, +)
    #expect(Double(table.contentSize.height) == measured + Double(10_000_000 - model.asked.count) * 50)
    #expect(table.layout.isRowHeightEstimated(at: IndexPath(row: model.asked.count, section: 0)))
    #expect(!table.layout.isRowHeightEstimated(at: IndexPath(row: 0, section: 0)))
  }

  @Test("Scrolling up into rows not yet measured keeps the first row in view where it was on screen")
  func scrollingUpDoesNotJump() {
    let (test, table, model) = makeTable(rows: 100_000)  // the table holds neither weakly held object
    defer { withExtendedLifetime((test, model)) {} }
    table.contentOffset = Point(x: 0, y: 2_000_000)
    table.layoutIfNeeded()
    for _ in 0..<40 {
      table.contentOffset = Point(x: 0, y: table.contentOffset.y - 97)
      // The first row starting in view, before the rows above it are measured.
      let top = table.contentOffset.y
      var row = table.indexPathForRow(at: Point(x: 1, y: top))!
      if table.rectForRow(at: row)!.minY < top { row = IndexPath(row: row.row + 1, section: 0) }
      let onScreen = table.rectForRow(at: row)!.minY - top
      table.layoutIfNeeded()
      #expect(table.rectForRow(at: row)!.minY - table.contentOffset.y == onScreen)
      #expect(!table.layout.isRowHeightEstimated(at: row))
    }
  }

  @Test("Paging through every row asks each height once and ends with exact geometry")
  func pagingMeasuresEveryRowOnce() {
    let (test, table, model) = makeTable(rows: 1_000)
    defer { withExtendedLifetime(test) {} }
    while table.contentOffset.y < table.maximumContentOffset.y {
      table.contentOffset = Point(x: 0, y: table.contentOffset.y + 300)
      table.layoutIfNeeded()
    }
    #expect(model.asked.count == 1_000)
    #expect(model.asked.values.allSatisfy { $0 == 1 })
    #expect(Double(table.contentSize.height) == (0..<1_000).map(CountedRows.height).reduce(0, +))
    #expect(table.indexPathsForVisibleRows.last?.row == 999)
  }

  @Test("Rows inserted into an estimated table are measured; the rest stay estimates")
  func insertionsAreMeasured() throws {
    let (test, table, model) = makeTable(rows: 1_000_000)
    defer { withExtendedLifetime(test) {} }
    try table.checked.performBatchUpdates {
      model.count += 1
      try table.checked.insertRows(at: [IndexPath(row: 500_000, section: 0)], with: .none)
    }
    #expect(table.numberOfRows(inSection: 0) == 1_000_001)
    #expect(!table.layout.isRowHeightEstimated(at: IndexPath(row: 500_000, section: 0)))
    #expect(table.layout.isRowHeightEstimated(at: IndexPath(row: 500_001, section: 0)))
    #expect(model.asked[500_000] == 1)
  }

  @Test("Turning the estimate off reloads the table with every height asked")
  func turningTheEstimateOff() {
    let (test, table, model) = makeTable(rows: 300)
    defer { withExtendedLifetime(test) {} }
    table.estimatedRowHeight = 0
    table.layoutIfNeeded()
    #expect(model.asked.count == 300)
    #expect(!table.layout.isRowHeightEstimated(at: IndexPath(row: 299, section: 0)))
    #expect(Double(table.contentSize.height) == (0..<300).map(CountedRows.height).reduce(0, +))
  }

  @Test("A section of five billion estimated rows shows the most a section can, logged, and does not trap")
  func countsPastTheLimitAreClamped() {
    let (test, table, model) = makeTable(rows: 5_000_000_000)
    defer { withExtendedLifetime(test) {} }
    #expect(table.numberOfRows(inSection: 0) == ItemsView.maximumItemsPerSection)
    table.contentOffset = Point(x: 0, y: table.contentSize.height - 400)
    table.layoutIfNeeded()
    #expect(table.indexPathsForVisibleRows.last?.row == ItemsView.maximumItemsPerSection - 1)
    #expect(model.asked.keys.contains(ItemsView.maximumItemsPerSection - 1))
  }
}
