import DragDrop
import DragDropTesting
import Foundation
import Testing

@testable import DragDropLists

/// Sections of strings with header and footer titles, and, when set, header views and
/// heights from the delegate.
@MainActor
final class SectionedModel: TableViewDataSource, TableViewDelegate {
  var sections: [[String]]
  var headers: [String?]
  var footers: [String?]
  var headerViews: [Int: View] = [:]
  var headerHeights: [Int: CGFloat] = [:]
  var askedHeaderViews: [Int] = []

  init(_ sections: [[String]], headers: [String?], footers: [String?]) {
    self.sections = sections
    self.headers = headers
    self.footers = footers
  }

  func numberOfSections(in tableView: TableView) -> Int { sections.count }
  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { sections[section].count }
  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
    cell.textLabel?.text = sections[indexPath.section][indexPath.row]
    return cell
  }
  func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { headers[section] }
  func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? { footers[section] }
  func tableView(_ tableView: TableView, viewForHeaderInSection section: Int) -> View? {
    askedHeaderViews.append(section)
    return headerViews[section]
  }
  func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> CGFloat {
    headerHeights[section] ?? CGFloat(tableView.sectionHeaderHeight)
  }
}

@MainActor
@Suite struct TableSectionsTests {
  func makeTable(
    _ model: SectionedModel, style: TableView.Style, width: Double = 320, height: Double = 480
  ) -> (TestWindow, TableView) {
    let test = TestWindow(size: Size(width: width, height: height))
    let table = TableView(frame: Rect(x: 0, y: 0, width: width, height: height), style: style)
    table.register(TableViewCell.self, forCellReuseIdentifier: "cell")
    table.dataSource = model
    table.delegate = model
    test.window.addSubview(table)
    table.layoutIfNeeded()
    return (test, table)
  }

  func title(_ view: TableViewHeaderFooterView?) -> String? { view?.textLabel?.text }

  @Test("A plain table: 28-point headers and footers where a section has a title, none where it has not")
  func plainHeadersAndFooters() {
    let model = SectionedModel([["a", "b"], ["c"]], headers: ["One", nil], footers: [nil, "Two rows above"])
    let (_, table) = makeTable(model, style: .plain)
    #expect(table.rectForHeader(inSection: 0) == Rect(x: 0, y: 0, width: 320, height: 28))
    #expect(table.rectForRow(at: IndexPath(row: 0, section: 0)) == Rect(x: 0, y: 28, width: 320, height: 44))
    #expect(table.rectForFooter(inSection: 0).height == 0)
    #expect(table.rectForHeader(inSection: 1) == Rect(x: 0, y: 116, width: 320, height: 0))
    #expect(table.rectForFooter(inSection: 1) == Rect(x: 0, y: 160, width: 320, height: 28))
    #expect(table.contentSize.height == 188)
    #expect(title(table.headerView(forSection: 0)) == "One")
    #expect(title(table.footerView(forSection: 1)) == "Two rows above")
    #expect(table.headerView(forSection: 1) == nil)
    // A drop over a footer goes in at the end of its section.
    #expect(
      table.itemLayout.destination(at: Point(x: 10, y: 170), intent: .insertAtDestinationIndexPath).indexPath
        == IndexPath(row: 1, section: 1))
    // Rows alone are hit.
    #expect(table.indexPathForRow(at: Point(x: 10, y: 170)) == nil)
  }

  @Test("A grouped table keeps sections apart without titles, puts headers in capitals, and draws white behind rows")
  func grouped() {
    let model = SectionedModel([["a"], ["b", "c"]], headers: [nil, "Fruit"], footers: [nil, "Picked today"])
    let (_, table) = makeTable(model, style: .grouped)
    #expect(table.backgroundColor == .systemGroupedBackground)
    #expect(table.rectForHeader(inSection: 0).height == 35)
    #expect(table.rectForFooter(inSection: 0).height == 18)
    #expect(table.rectForHeader(inSection: 1).height == 38)
    #expect(table.rectForFooter(inSection: 1).height == 38)
    #expect(
      table.rectForRow(at: IndexPath(row: 0, section: 1)) == Rect(x: 0, y: 35 + 44 + 18 + 38, width: 320, height: 44))
    #expect(title(table.headerView(forSection: 1)) == "FRUIT")
    #expect(title(table.footerView(forSection: 1)) == "Picked today")
    let backgrounds = table.supplements.backgrounds
    #expect(backgrounds[1]?.frame == Rect(x: 0, y: 135, width: 320, height: 88))
    #expect(backgrounds[1]?.backgroundColor == .secondarySystemGroupedBackground)
    #expect(backgrounds[1]?.cornerRadius == 0)
    // Behind the cells.
    let order = table.subviews.firstIndex { $0 === backgrounds[1] }
    let firstCell = table.subviews.firstIndex { $0 is TableViewCell }
    #expect(order != nil && firstCell != nil && order! < firstCell!)
  }

  @Test("An inset-grouped table insets its rows by the readable margin and rounds each section's corners")
  func insetGrouped() throws {
    let model = SectionedModel([["a", "b"]], headers: [nil], footers: [nil])
    let (_, narrow) = makeTable(model, style: .insetGrouped, width: 375)
    #expect(narrow.rectForRow(at: IndexPath(row: 0, section: 0)) == Rect(x: 16, y: 35, width: 343, height: 44))
    #expect(narrow.cellForRow(at: IndexPath(row: 1, section: 0))?.frame.minX == 16)
    #expect(narrow.supplements.backgrounds[0]?.cornerRadius == 10)
    #expect(narrow.supplements.backgrounds[0]?.frame == Rect(x: 16, y: 35, width: 343, height: 88))
    let (_, wide) = makeTable(model, style: .insetGrouped, width: 428)
    #expect(wide.rectForRow(at: IndexPath(row: 0, section: 0))?.minX == 20)
    // The last row of a section has no separator; the others have one.
    let first = try #require(narrow.cellForRow(at: IndexPath(row: 0, section: 0)))
    let last = try #require(narrow.cellForRow(at: IndexPath(row: 1, section: 0)))
    first.layoutIfNeeded()
    last.layoutIfNeeded()
    #expect(first.subviews.contains { !$0.isHidden && $0.frame.height == 1 && $0.frame.maxY == 44 })
    #expect(!last.subviews.contains { !$0.isHidden && $0.frame.height == 1 && $0.frame.maxY == 44 })
  }

  @Test("A delegate's header view and height win over the title, and registered views are reused on reload")
  func headerViewsFromTheDelegate() {
    let model = SectionedModel([["a"], ["b"]], headers: ["ignored", nil], footers: [nil, nil])
    let test = TestWindow(size: Size(width: 320, height: 480))
    let table = TableView(frame: Rect(x: 0, y: 0, width: 320, height: 480))
    table.register(TableViewCell.self, forCellReuseIdentifier: "cell")
    table.register(TableViewHeaderFooterView.self, forHeaderFooterViewReuseIdentifier: "header")
    let made = table.dequeueReusableHeaderFooterView(withIdentifier: "header")
    #expect(made != nil)
    #expect(table.dequeueReusableHeaderFooterView(withIdentifier: "never registered") == nil)
    made?.textLabel?.text = "Mine"
    model.headerViews[0] = made
    model.headerHeights[0] = 50
    table.dataSource = model
    table.delegate = model
    test.window.addSubview(table)
    table.layoutIfNeeded()
    #expect(table.headerView(forSection: 0) === made)
    #expect(made?.frame == Rect(x: 0, y: 0, width: 320, height: 50))
    #expect(table.rectForRow(at: IndexPath(row: 0, section: 0))?.minY == 50)
    // Reloaded without a view for section 0, the title shows, and the view goes back to
    // the pool.
    model.headerViews = [:]
    model.headerHeights = [:]
    table.reloadData()
    table.layoutIfNeeded()
    #expect(title(table.headerView(forSection: 0)) == "ignored")
    #expect(made?.superview == nil)
    #expect(table.dequeueReusableHeaderFooterView(withIdentifier: "header") === made)
  }

  @Test("A batch update keeps every section's header and footer")
  func batchUpdatesKeepFooters() throws {
    let model = SectionedModel([["a"], ["b"]], headers: ["H0", "H1"], footers: ["F0", "F1"])
    let (_, table) = makeTable(model, style: .grouped)
    let before = table.rect(forSection: 1)
    model.sections[0].append("a2")
    table.performBatchUpdates {
      table.insertRows(at: [IndexPath(row: 1, section: 0)])
    }
    table.layoutIfNeeded()
    #expect(table.rectForFooter(inSection: 0) == Rect(x: 0, y: 38 + 88, width: 320, height: 38))
    #expect(table.rect(forSection: 1) == before.offsetBy(dx: 0, dy: 44))
    #expect(title(table.footerView(forSection: 0)) == "F0")
    #expect(title(table.footerView(forSection: 1)) == "F1")
  }

  @Test("A plain table's header stays at the top while its section shows, until the next one pushes it up")
  func stickyHeaders() throws {
    let model = SectionedModel(
      (0..<3).map { section in (0..<10).map { "\(section)-\($0)" } }, headers: ["A", "B", "C"],
      footers: [nil, nil, nil])
    let (_, table) = makeTable(model, style: .plain, height: 200)
    // Each section: a 28-point header and 440 points of rows.
    table.contentOffset = Point(x: 0, y: 100)
    table.layoutIfNeeded()
    #expect(table.headerView(forSection: 0)?.frame.minY == 100)
    let header = try #require(table.headerView(forSection: 0))
    let firstCell = table.subviews.firstIndex { $0 is TableViewCell } ?? 0
    #expect(table.subviews.firstIndex { $0 === header }! > firstCell)
    // Near the end of section 0, the next header pushes it up.
    table.contentOffset = Point(x: 0, y: 450)
    table.layoutIfNeeded()
    #expect(table.headerView(forSection: 0)?.frame.minY == 440)
    #expect(table.headerView(forSection: 1)?.frame.minY == 468)
    // Grouped headers scroll with their sections.
    let (_, grouped) = makeTable(model, style: .grouped, height: 200)
    grouped.contentOffset = Point(x: 0, y: 10)
    grouped.layoutIfNeeded()
    #expect(grouped.headerView(forSection: 0)?.frame.minY == 0)
  }

  @Test("Headers and footers scrolled out of view leave the table")
  func offscreenSupplementsLeave() {
    let model = SectionedModel(
      (0..<20).map { ["row \($0)"] }, headers: (0..<20).map { "H\($0)" }, footers: (0..<20).map { "F\($0)" })
    let (_, table) = makeTable(model, style: .plain, height: 200)
    #expect(table.headerView(forSection: 0) != nil)
    #expect(table.headerView(forSection: 10) == nil)
    table.contentOffset = Point(x: 0, y: 1000)
    table.layoutIfNeeded()
    #expect(table.headerView(forSection: 0) == nil)
    #expect(table.headerView(forSection: 10) != nil)
    let shown = table.subviews.count { $0 is TableViewHeaderFooterView }
    #expect(shown <= 10)
  }
}
