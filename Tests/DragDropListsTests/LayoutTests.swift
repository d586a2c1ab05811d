import DragDrop
import Foundation
import PropertyBased
import TestSupport
import Testing

@testable import DragDropLists

@Suite struct ListLayoutTests {
  /// Two sections: a 20-point header, rows of 40, 60 and 40, a 10-point footer; then a
  /// header and one row of 50.
  static let layout = ListLayout(
    width: 300,
    sections: [
      .init(headerHeight: 20, rowHeights: [40, 60, 40], footerHeight: 10),
      .init(headerHeight: 20, rowHeights: [50]),
    ])

  @Test func geometry() {
    let layout = Self.layout
    #expect(layout.contentHeight == 240)
    #expect(layout.rectForRow(at: IndexPath(row: 1, section: 0)) == Rect(x: 0, y: 60, width: 300, height: 60))
    #expect(layout.rectForRow(at: IndexPath(row: 0, section: 1)) == Rect(x: 0, y: 190, width: 300, height: 50))
    #expect(layout.rectForRow(at: IndexPath(row: 3, section: 0)) == nil)
    #expect(layout.indexPathForRow(at: Point(x: 10, y: 65)) == IndexPath(row: 1, section: 0))
    #expect(layout.indexPathForRow(at: Point(x: 10, y: 5)) == nil)  // header
    #expect(layout.indexPathForRow(at: Point(x: 10, y: 165)) == nil)  // footer
  }

  @Test(
    "Rule 20: table destinations",
    arguments: [
      (
        65.0, DropIntent.insertAtDestinationIndexPath, IndexPath(row: 1, section: 0),
        DropIntent.insertAtDestinationIndexPath
      ),
      (95, .insertAtDestinationIndexPath, IndexPath(row: 2, section: 0), .insertAtDestinationIndexPath),
      (95, .insertIntoDestinationIndexPath, IndexPath(row: 1, section: 0), .insertIntoDestinationIndexPath),
      (90, .automatic, IndexPath(row: 1, section: 0), .insertIntoDestinationIndexPath),
      (62, .automatic, IndexPath(row: 1, section: 0), .insertAtDestinationIndexPath),
      (118, .automatic, IndexPath(row: 2, section: 0), .insertAtDestinationIndexPath),
      (95, .unspecified, IndexPath(row: 2, section: 0), .unspecified),
      (165, .insertIntoDestinationIndexPath, IndexPath(row: 3, section: 0), .insertAtDestinationIndexPath),
      (165, .unspecified, IndexPath(row: 3, section: 0), .unspecified),
    ] as [(Double, DropIntent, IndexPath, DropIntent)])
  func tableDestinations(_ y: Double, _ proposed: DropIntent, _ path: IndexPath, _ intent: DropIntent) {
    #expect(
      Self.layout.destination(at: Point(x: 100, y: y), intent: proposed)
        == DropDestination(indexPath: path, intent: intent))
  }

  @Test("Rule 20: over empty space or a header the destination is nil and the intent unspecified")
  func emptySpace() {
    for point in [Point(x: 100, y: 500), Point(x: 100, y: 5), Point(x: -1, y: 60), Point(x: 100, y: 180)] {
      #expect(
        Self.layout.destination(at: point, intent: .insertIntoDestinationIndexPath)
          == DropDestination(indexPath: nil, intent: .unspecified))
    }
  }

  @Test("Row lookups, rectangles and the rows in a band agree with a linear scan after random edits")
  func agreesWithALinearScan() async {
    await propertyCheck(count: 200, input: Gen<UInt64>.value(in: 0...UInt64.max)) { seed in
      var random = SeededGenerator(state: seed)
      var model: [(header: Double, rows: [Double], footer: Double)] = (0..<Int.random(in: 1...3, using: &random)).map {
        _ in
        (
          Double(Int.random(in: 0...20, using: &random)),
          (0..<Int.random(in: 0...6, using: &random)).map { _ in Double(Int.random(in: 1...60, using: &random)) },
          Double(Int.random(in: 0...10, using: &random))
        )
      }
      var layout = ListLayout(
        width: 100, sections: model.map { .init(headerHeight: $0.header, rowHeights: $0.rows, footerHeight: $0.footer) }
      )
      for _ in 0..<20 {
        let section = Int.random(in: 0..<model.count, using: &random)
        // Now and then a row of no height, which no point is over.
        let height = Double(max(0, Int.random(in: -5...60, using: &random)))
        switch Int.random(in: 0..<3, using: &random) {
        case 0:
          let row = Int.random(in: 0...model[section].rows.count, using: &random)
          let inserted = layout.insertRow(height: height, at: IndexPath(row: row, section: section))
          #expect(inserted)
          model[section].rows.insert(height, at: row)
        case 1 where !model[section].rows.isEmpty:
          let row = Int.random(in: 0..<model[section].rows.count, using: &random)
          let removed = layout.removeRow(at: IndexPath(row: row, section: section))
          #expect(removed == model[section].rows.remove(at: row))
        case 2 where !model[section].rows.isEmpty:
          let row = Int.random(in: 0..<model[section].rows.count, using: &random)
          let set = layout.setRowHeight(height, at: IndexPath(row: row, section: section))
          #expect(set)
          model[section].rows[row] = height
        default:
          break
        }
        // The reference: every row's rectangle by a linear walk.
        var rects: [(IndexPath, Rect)] = []
        var y = 0.0
        for (s, section) in model.enumerated() {
          y += section.header
          for (r, height) in section.rows.enumerated() {
            rects.append((IndexPath(row: r, section: s), Rect(x: 0, y: y, width: 100, height: height)))
            y += height
          }
          y += section.footer
        }
        #expect(layout.contentHeight == y)
        for (path, rect) in rects { #expect(layout.rectForRow(at: path) == rect, "seed \(seed)") }
        let probe = Point(x: 50, y: Double.random(in: -10...(y + 10), using: &random))
        #expect(layout.indexPathForRow(at: probe) == rects.first { $0.1.contains(probe) }?.0, "seed \(seed) \(probe)")
        // The rows in a band: those of some height that meet it.
        let top = Double.random(in: -10...(y + 10), using: &random)
        let bottom = top + Double.random(in: 0...80, using: &random)
        let band = rects.filter { $0.1.height > 0 && $0.1.maxY > top && $0.1.minY < bottom }.map(\.0)
        #expect(layout.indexPaths(fromY: top, toY: bottom) == band, "seed \(seed) \(top)..<\(bottom)")
      }
    }
  }
}

@Suite struct FlowLayoutTests {
  /// Width 330 with 100-point items and 10-point spacing: three columns. Section 0 has 5
  /// items (two rows), section 1 has 1.
  static let layout = FlowLayout(
    width: 330, itemSize: Size(width: 100, height: 100),
    sectionInset: EdgeInsets(top: 10, left: 0, bottom: 10, right: 0),
    itemCounts: [5, 1])

  @Test func geometry() {
    let layout = Self.layout
    #expect(layout.columns == 3)
    #expect(layout.contentHeight == 10 + 210 + 10 + 10 + 100 + 10)
    #expect(layout.frameForItem(at: IndexPath(item: 4, section: 0)) == Rect(x: 110, y: 120, width: 100, height: 100))
    #expect(layout.frameForItem(at: IndexPath(item: 0, section: 1)) == Rect(x: 0, y: 240, width: 100, height: 100))
    #expect(layout.indexPathForItem(at: Point(x: 150, y: 150)) == IndexPath(item: 4, section: 0))
    #expect(layout.indexPathForItem(at: Point(x: 105, y: 50)) == nil)  // spacing
    #expect(layout.indexPathForItem(at: Point(x: 250, y: 150)) == nil)  // past the last item
  }

  @Test(
    "Rule 20: grid destinations",
    arguments: [
      (
        Point(x: 20, y: 50), DropIntent.insertAtDestinationIndexPath, IndexPath(item: 0, section: 0),
        DropIntent.insertAtDestinationIndexPath
      ),
      (
        Point(x: 80, y: 50), .insertAtDestinationIndexPath, IndexPath(item: 1, section: 0),
        .insertAtDestinationIndexPath
      ),
      (
        Point(x: 80, y: 50), .insertIntoDestinationIndexPath, IndexPath(item: 0, section: 0),
        .insertIntoDestinationIndexPath
      ),
      (
        Point(x: 105, y: 50), .insertIntoDestinationIndexPath, IndexPath(item: 1, section: 0),
        .insertAtDestinationIndexPath
      ),
      (
        Point(x: 250, y: 150), .insertIntoDestinationIndexPath, IndexPath(item: 5, section: 0),
        .insertAtDestinationIndexPath
      ),
      (Point(x: 80, y: 50), .automatic, IndexPath(item: 1, section: 0), .insertAtDestinationIndexPath),
      (Point(x: 250, y: 300), .unspecified, IndexPath(item: 1, section: 1), .unspecified),
    ] as [(Point, DropIntent, IndexPath, DropIntent)])
  func gridDestinations(_ point: Point, _ proposed: DropIntent, _ path: IndexPath, _ intent: DropIntent) {
    #expect(Self.layout.destination(at: point, intent: proposed) == DropDestination(indexPath: path, intent: intent))
  }

  @Test func emptySpaceIsNowhere() {
    #expect(
      Self.layout.destination(at: Point(x: 100, y: 400), intent: .insertAtDestinationIndexPath)
        == DropDestination(indexPath: nil, intent: .unspecified))
  }

  @Test func itemCountChangesReflow() {
    var layout = Self.layout
    layout.setItemCount(7, inSection: 0)
    #expect(layout.frameForItem(at: IndexPath(item: 6, section: 0)) == Rect(x: 0, y: 230, width: 100, height: 100))
    #expect(layout.frameForItem(at: IndexPath(item: 0, section: 1))?.minY == 350)
  }
}
