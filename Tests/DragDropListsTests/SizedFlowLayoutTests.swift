import DragDrop
import Foundation
import PropertyBased
import TestSupport
import Testing

@testable import DragDropLists

/// The flow of items of their own sizes: UIKit's rules on small cases, and random edits,
/// widths and drag displacements checked against a plain reference that lays every section
/// out from scratch.
@Suite struct SizedFlowLayoutTests {
  typealias Metrics = SizedFlowLayout.Metrics

  static let metrics = Metrics(inset: .zero, interitem: 10, line: 10)

  /// The reference: every line flowed from scratch, item by item, as the rules read.
  static func reference(
    width: Double, sections: [(metrics: Metrics, sizes: [Size])], justified: Bool = true
  )
    -> (frames: [[Rect]], height: Double, tops: [Double])
  {
    var frames: [[Rect]] = []
    var tops: [Double] = []
    var y = 0.0
    for (metrics, sizes) in sections {
      tops.append(y)
      let available = width - metrics.inset.left - metrics.inset.right
      var lines: [[Int]] = []
      for (index, size) in sizes.enumerated() {
        if let last = lines.last {
          let used = last.map { Double(sizes[$0].width) }.reduce(0, +) + Double(last.count) * metrics.interitem
          if used + Double(size.width) <= available + 1e-9 {
            lines[lines.count - 1].append(index)
            continue
          }
        }
        lines.append([index])
      }
      var sectionFrames = Array(repeating: Rect.zero, count: sizes.count)
      var top = y + metrics.inset.top
      for (number, line) in lines.enumerated() {
        let height = line.map { Double(sizes[$0].height) }.max() ?? 0
        let widths = line.map { Double(sizes[$0].width) }.reduce(0, +)
        let isLast = number == lines.count - 1
        var x = metrics.inset.left
        var spacing = metrics.interitem
        if justified, !isLast {
          if line.count == 1 {
            x += max(0, (available - widths) / 2)
          } else {
            spacing = max(spacing, (available - widths) / Double(line.count - 1))
          }
        }
        for index in line {
          let size = sizes[index]
          sectionFrames[index] = Rect(
            x: x, y: top + (height - Double(size.height)) / 2, width: size.width, height: size.height)
          x += Double(size.width) + spacing
        }
        top += height + (isLast ? 0 : metrics.line)
      }
      frames.append(sectionFrames)
      y = top + metrics.inset.bottom
    }
    return (frames, y, tops)
  }

  static func layout(
    width: Double, sections: [(metrics: Metrics, sizes: [Size])], justified: Bool = true
  )
    -> SizedFlowLayout
  {
    SizedFlowLayout(
      width: width, sections: sections, justified: justified, defaultSize: Size(width: 60, height: 40),
      defaultMetrics: metrics)
  }

  static func expectClose(_ a: Rect?, _ b: Rect?, _ note: @autoclosure () -> String) {
    guard let a, let b else {
      #expect(a == nil && b == nil, "\(note())")
      return
    }
    let close =
      abs(a.minX - b.minX) < 1e-6 && abs(a.minY - b.minY) < 1e-6 && abs(a.width - b.width) < 1e-6
      && abs(a.height - b.height) < 1e-6
    #expect(close, "\(note()): \(a) against \(b)")
  }

  @Test("A line takes items until the next does not fit, spreads them out, and centres them vertically")
  func lines() {
    let sizes = [Size(width: 100, height: 50), Size(width: 150, height: 80), Size(width: 100, height: 50)]
    let flow = Self.layout(width: 320, sections: [(Self.metrics, sizes)])
    // 100 + 10 + 150 fits in 320; 100 more does not. The first line spreads: 70 points apart.
    #expect(flow.frameForItem(at: IndexPath(item: 0, section: 0)) == Rect(x: 0, y: 15, width: 100, height: 50))
    #expect(flow.frameForItem(at: IndexPath(item: 1, section: 0)) == Rect(x: 170, y: 0, width: 150, height: 80))
    // The last line keeps to the leading edge, under the tallest item and the spacing.
    #expect(flow.frameForItem(at: IndexPath(item: 2, section: 0)) == Rect(x: 0, y: 90, width: 100, height: 50))
    #expect(flow.contentHeight == 140)
    #expect(flow.frameForItem(at: IndexPath(item: 3, section: 0)) == nil)
  }

  @Test("A line of one item that is not the last centres it; an item wider than the view has a line to itself")
  func loneItems() {
    let sizes = [Size(width: 300, height: 40), Size(width: 100, height: 40), Size(width: 500, height: 20)]
    let flow = Self.layout(
      width: 320,
      sections: [(Metrics(inset: EdgeInsets(top: 5, left: 10, bottom: 5, right: 10), interitem: 10, line: 4), sizes)])
    #expect(flow.frameForItem(at: IndexPath(item: 0, section: 0)) == Rect(x: 10, y: 5, width: 300, height: 40))
    #expect(flow.frameForItem(at: IndexPath(item: 1, section: 0)) == Rect(x: 110, y: 49, width: 100, height: 40))
    #expect(flow.frameForItem(at: IndexPath(item: 2, section: 0)) == Rect(x: 10, y: 93, width: 500, height: 20))
    #expect(flow.contentHeight == 5 + 40 + 4 + 40 + 4 + 20 + 5)
  }

  @Test("Points find items, and drops find the slot before or after an item, or the section's end")
  func points() {
    let sizes = [Size(width: 100, height: 50), Size(width: 150, height: 80), Size(width: 100, height: 50)]
    let flow = Self.layout(width: 320, sections: [(Self.metrics, sizes)])
    #expect(flow.indexPathForItem(at: Point(x: 50, y: 40)) == IndexPath(item: 0, section: 0))
    #expect(flow.indexPathForItem(at: Point(x: 50, y: 5)) == nil)  // above the shorter item
    #expect(flow.indexPathForItem(at: Point(x: 130, y: 40)) == nil)  // in the spread spacing
    #expect(flow.indexPathForItem(at: Point(x: 200, y: 40)) == IndexPath(item: 1, section: 0))
    let before = flow.destination(at: Point(x: 180, y: 40), intent: .insertAtDestinationIndexPath)
    #expect(before.indexPath == IndexPath(item: 1, section: 0))
    let after = flow.destination(at: Point(x: 300, y: 40), intent: .insertAtDestinationIndexPath)
    #expect(after.indexPath == IndexPath(item: 2, section: 0))
    let spacing = flow.destination(at: Point(x: 130, y: 40), intent: .insertAtDestinationIndexPath)
    #expect(spacing.indexPath == IndexPath(item: 1, section: 0))
    let into = flow.destination(at: Point(x: 200, y: 40), intent: .insertIntoDestinationIndexPath)
    #expect(into.indexPath == IndexPath(item: 1, section: 0) && into.intent == .insertIntoDestinationIndexPath)
    let end = flow.destination(at: Point(x: 250, y: 110), intent: .insertAtDestinationIndexPath)
    #expect(end.indexPath == IndexPath(item: 3, section: 0))
    #expect(flow.destination(at: Point(x: 400, y: 40), intent: .insertAtDestinationIndexPath).indexPath == nil)
  }

  @Test("Up and down step to the nearest item on the line above or below")
  func keyboard() {
    let sizes = [Size(width: 100, height: 50), Size(width: 150, height: 80), Size(width: 100, height: 50)]
    let flow = Self.layout(width: 320, sections: [(Self.metrics, sizes)])
    #expect(flow.lineNeighbour(of: IndexPath(item: 1, section: 0), below: true) == IndexPath(item: 2, section: 0))
    #expect(flow.lineNeighbour(of: IndexPath(item: 2, section: 0), below: false) == IndexPath(item: 0, section: 0))
    #expect(flow.lineNeighbour(of: IndexPath(item: 0, section: 0), below: false) == nil)
    #expect(flow.lineNeighbour(of: IndexPath(item: 2, section: 0), below: true) == nil)
  }

  static func randomSize(_ random: inout SeededGenerator) -> Size {
    Size(
      width: Double(Int.random(in: 0...14, using: &random) * 10),
      height: Double(Int.random(in: 1...6, using: &random) * 10))
  }

  static func randomMetrics(_ random: inout SeededGenerator) -> Metrics {
    Metrics(
      inset: EdgeInsets(
        top: Double(Int.random(in: 0...2, using: &random) * 5), left: Double(Int.random(in: 0...2, using: &random) * 5),
        bottom: Double(Int.random(in: 0...2, using: &random) * 5),
        right: Double(Int.random(in: 0...2, using: &random) * 5)),
      interitem: Double(Int.random(in: 0...3, using: &random) * 5),
      line: Double(Int.random(in: 0...3, using: &random) * 5))
  }

  /// Every frame, the content height, the items in a band and the items under points agree
  /// with the reference.
  static func check(
    _ flow: SizedFlowLayout, _ model: [(metrics: Metrics, sizes: [Size])], justified: Bool, seed: UInt64
  ) {
    let expected = Self.reference(width: flow.width, sections: model, justified: justified)
    #expect(abs(flow.contentHeight - expected.height) < 1e-6, "seed \(seed)")
    for (section, frames) in expected.frames.enumerated() {
      #expect(flow.numberOfItems(inSection: section) == frames.count, "seed \(seed)")
      for (item, frame) in frames.enumerated() {
        let path = IndexPath(item: item, section: section)
        Self.expectClose(flow.frameForItem(at: path), frame, "seed \(seed) \(path)")
        if frame.width > 0, frame.height > 0, frame.minX >= 0, frame.maxX <= flow.width {
          #expect(flow.indexPathForItem(at: Point(x: frame.midX, y: frame.midY)) == path, "seed \(seed) \(path)")
        }
      }
    }
    let top = expected.height * 0.3
    let bottom = expected.height * 0.6
    let band = expected.frames.enumerated().flatMap { section, frames in
      frames.enumerated().compactMap { item, frame in
        frame.maxY > top && frame.minY < bottom ? IndexPath(item: item, section: section) : nil
      }
    }
    // Zero-height items meet no band; the others, in order.
    let found = flow.indexPaths(fromY: top, toY: bottom).filter { flow.frameForItem(at: $0)?.height ?? 0 > 0 }
    #expect(found == band.filter { expected.frames[$0.section][$0.item].height > 0 }, "seed \(seed)")
  }

  @Test("Random edits and widths agree with a layout made from scratch", arguments: [true, false])
  func randomEdits(justified: Bool) async {
    await propertyCheck(count: 150, input: Gen<UInt64>.value(in: 0...UInt64.max)) { seed in
      var random = SeededGenerator(state: seed)
      var model: [(metrics: Metrics, sizes: [Size])] = (0..<Int.random(in: 1...3, using: &random)).map { _ in
        (
          Self.randomMetrics(&random),
          (0..<Int.random(in: 0...30, using: &random)).map { _ in Self.randomSize(&random) }
        )
      }
      var flow = Self.layout(
        width: Double(Int.random(in: 10...40, using: &random) * 10), sections: model, justified: justified)
      Self.check(flow, model, justified: justified, seed: seed)
      for _ in 0..<40 {
        let section = Int.random(in: 0..<model.count, using: &random)
        let count = model[section].sizes.count
        switch Int.random(in: 0..<8, using: &random) {
        case 0, 1, 2:
          let item = Int.random(in: 0...count, using: &random)
          let size = Self.randomSize(&random)
          let inserted = flow.insertItem(size: size, at: IndexPath(item: item, section: section))
          #expect(inserted)
          model[section].sizes.insert(size, at: item)
        case 3 where count > 0, 4 where count > 0:
          let item = Int.random(in: 0..<count, using: &random)
          let removed = flow.remove(at: IndexPath(item: item, section: section))
          #expect(removed == model[section].sizes.remove(at: item))
        case 5 where count > 0:
          let item = Int.random(in: 0..<count, using: &random)
          let size = Self.randomSize(&random)
          let set = flow.setSize(size, at: IndexPath(item: item, section: section))
          #expect(set)
          model[section].sizes[item] = size
        case 6:
          flow.width = Double(Int.random(in: 10...40, using: &random) * 10)
        default:
          let inserted = flow.insertItem(
            size: Self.randomSize(&random), at: IndexPath(item: count + 1, section: section))
          let removed = flow.remove(at: IndexPath(item: count, section: section))
          #expect(!inserted && removed == nil)
        }
        Self.check(flow, model, justified: justified, seed: seed)
      }
    }
  }

  @Test("While a drag takes an item out and opens a gap, items show where a layout of that order puts them")
  func randomDisplacement() async {
    await propertyCheck(count: 300, input: Gen<UInt64>.value(in: 0...UInt64.max)) { seed in
      var random = SeededGenerator(state: seed)
      let model: [(metrics: Metrics, sizes: [Size])] = (0..<Int.random(in: 1...2, using: &random)).map { _ in
        (
          Self.randomMetrics(&random),
          (0..<Int.random(in: 0...40, using: &random)).map { _ in Self.randomSize(&random) }
        )
      }
      let flow = Self.layout(width: Double(Int.random(in: 10...40, using: &random) * 10), sections: model)
      let all = model.enumerated().flatMap { section, entry in
        entry.sizes.indices.map { IndexPath(item: $0, section: section) }
      }
      let removed = all.isEmpty || Bool.random(using: &random) ? nil : all.randomElement(using: &random)
      let gapSection = Int.random(in: 0..<model.count, using: &random)
      let gapLimit = model[gapSection].sizes.count - (removed?.section == gapSection ? 1 : 0)
      let gap =
        Bool.random(using: &random) && removed != nil
        ? nil : IndexPath(item: Int.random(in: 0...gapLimit, using: &random), section: gapSection)
      let extent = Double(Int.random(in: 1...6, using: &random) * 10)
      var pass = flow.displacementPass(removing: removed, gap: gap, extent: extent)
      // The order the drag shows: the removed item out, a gap of its size (or the default
      // width and the given extent) in.
      var shown = model
      var gapSize = Size(width: 60, height: extent)
      if let removed { gapSize = shown[removed.section].sizes.remove(at: removed.item) }
      if let gap { shown[gap.section].sizes.insert(gapSize, at: gap.item) }
      // Sections keep their tops while a drag is under way: only items move.
      let expected = Self.reference(width: flow.width, sections: shown)
      let tops = Self.reference(width: flow.width, sections: model).tops
      // Cells ask in any order; the pass's flow grows as far as each needs.
      for path in all.shuffled(using: &random) {
        let frame = flow.displacedFrame(path.item, inSection: path.section, in: &pass)
        if path == removed {
          Self.expectClose(frame, flow.frameForItem(at: path), "seed \(seed) removed \(path)")
          continue
        }
        let index = displacedIndex(
          path.item, inSection: path.section, removing: removed.map(ItemPosition.init), gap: gap.map(ItemPosition.init))
        let place = expected.frames[path.section][index].offsetBy(
          dx: 0, dy: tops[path.section] - expected.tops[path.section])
        Self.expectClose(frame, place, "seed \(seed) \(path)")
      }
    }
  }

  @Test("Sizes that are not finite or negative count as zero, and never trap")
  func degenerate() {
    let sizes = [
      Size(width: Double.infinity, height: Double.nan), Size(width: -5, height: 20), Size(width: 30, height: 30),
    ]
    var flow = Self.layout(width: 100, sections: [(Self.metrics, sizes)])
    #expect(flow.frameForItem(at: IndexPath(item: 0, section: 0))?.width == 0)
    #expect(flow.contentHeight.isFinite)
    flow.width = -10
    #expect(flow.indexPathForItem(at: Point(x: Double.nan, y: Double.infinity)) == nil)
    #expect(flow.indexPaths(fromY: -Double.infinity, toY: Double.infinity).count == 3)
  }
}
