import DragDrop
import DragDropTesting
import Foundation
import PropertyBased
import TestSupport
import Testing

@testable import DragDropLists

/// Reliability of collection views: random runs of batch updates across two sections,
/// placeholders whose loads finish out of order, reloads, coordinator drops, interactive
/// movements begun, moved, ended and cancelled, scrolling and misuse, checked after every
/// step against the model.
@MainActor
@Suite struct GridReliabilityTests {
  @MainActor final class Run {
    let test = TestWindow(size: Size(width: 560, height: 440))
    let model: GridModel
    let grid: CollectionView
    /// With items of their own sizes, from a flow layout delegate: nil for a grid of one size.
    let sizer: ItemSizer?
    var pending: [any CollectionViewDropPlaceholderContext] = []
    var finished: [any CollectionViewDropPlaceholderContext] = []
    /// The item under interactive movement, by name: it stays under way through updates
    /// that keep it, and ends with one that deletes it.
    var moving: String?
    var counter = 0
    var random: SeededGenerator

    init(seed: UInt64, sized: Bool = false) {
      random = SeededGenerator(state: seed)
      model = GridModel([[], []])
      grid = CollectionView(
        frame: Rect(x: 0, y: 0, width: 560, height: 440),
        collectionViewLayout: sized ? CollectionViewFlowLayout() : .flow(itemSize: Size(width: 100, height: 100)))
      sizer = sized ? ItemSizer(model: model) : nil
      for section in 0..<2 {
        model.sections[section] = (0..<Int.random(in: 0...14, using: &random)).map { _ in name() }
      }
      grid.register(CollectionViewCell.self, forCellWithReuseIdentifier: "cell")
      grid.register(CollectionViewCell.self, forCellWithReuseIdentifier: "placeholder")
      grid.dataSource = model
      grid.delegate = sizer ?? model
      test.window.addSubview(grid)
      grid.layoutIfNeeded()
      test.recorder.detach()
    }

    func name() -> String {
      counter += 1
      return "i\(counter)"
    }

    func randomSection() -> Int { Int.random(in: 0..<2, using: &random) }

    /// One random step.
    func step() {
      switch Int.random(in: 0..<12, using: &random) {
      case 0, 1:
        batch()
      case 2:
        let section = randomSection()
        let item = DragItem(itemProvider: ItemProvider(object: "x"))
        let placeholder = CollectionViewDropPlaceholder(
          insertionIndexPath: IndexPath(
            item: Int.random(in: 0...model.sections[section].count, using: &random), section: section),
          reuseIdentifier: "placeholder")
        placeholder.cellUpdateHandler = { $0.accessibilityLabel = "…" }
        pending.append(
          CollectionViewDropCoordinator.make(items: [item], collectionView: grid).drop(item, to: placeholder))
      case 3 where !pending.isEmpty:
        // A load finishes: any pending placeholder, in any order.
        let context = pending.remove(at: Int.random(in: 0..<pending.count, using: &random))
        let new = name()
        let committed = context.commitInsertion { path in
          self.model.sections[path.section].insert(new, at: path.item)
        }
        #expect(committed)
        finished.append(context)
      case 4 where !pending.isEmpty:
        let context = pending.remove(at: Int.random(in: 0..<pending.count, using: &random))
        #expect(context.deletePlaceholder())
        finished.append(context)
      case 5 where Int.random(in: 0..<5, using: &random) == 0:
        grid.reloadData()
        finished += pending
        pending = []
        moving = nil
      case 6:
        // A drop from elsewhere, inserted through the coordinator.
        let section = randomSection()
        let item = DragItem(itemProvider: ItemProvider(object: "x"))
        let path = IndexPath(item: Int.random(in: 0...model.sections[section].count, using: &random), section: section)
        let coordinator = CollectionViewDropCoordinator.make(
          items: [item], destinationIndexPath: path, collectionView: grid)
        let new = name()
        try? grid.checked.performBatchUpdates {
          self.model.sections[section].insert(new, at: path.item)
          self.grid.insertItems(at: [path])
        }
        coordinator.drop(item, toItemAt: path)
      case 7 where !finished.isEmpty:
        // Misuse: a finished placeholder can be neither committed, deleted nor updated.
        let context = finished.randomElement(using: &random)!
        var ran = false
        #expect(!context.commitInsertion { _ in ran = true })
        #expect(!ran)
        #expect(!context.deletePlaceholder())
        #expect(!context.setNeedsCellUpdate())
      case 8:
        // Misuse: an update whose counts do not add up is refused and changes nothing.
        let before = model.sections
        #expect(throws: BatchUpdateError.self) {
          try self.grid.checked.performBatchUpdates { self.grid.deleteItems(at: [IndexPath(item: 0, section: 0)]) }
        }
        #expect(model.sections == before)
      case 9:
        grid.contentOffset = Point(x: 0, y: Double.random(in: 0...1000, using: &random))
      case 10, 11:
        interactiveStep()
      default:
        break
      }
    }

    /// Begins, moves, ends or cancels an interactive movement.
    func interactiveStep() {
      guard moving != nil else {
        let section = randomSection()
        guard !model.sections[section].isEmpty else { return }
        let path = IndexPath(item: Int.random(in: 0..<model.sections[section].count, using: &random), section: section)
        // Items already under way elsewhere (a movement never overlaps a drag here).
        if grid.beginInteractiveMovementForItem(at: path) { moving = model.sections[section][path.item] }
        return
      }
      switch Int.random(in: 0..<4, using: &random) {
      case 0, 1:
        let point = Point(
          x: Double.random(in: 0..<560, using: &random),
          y: Double.random(in: 0..<max(1, grid.contentSize.height), using: &random))
        grid.updateInteractiveMovementTargetPosition(point)
      case 2:
        let before = model.sections.flatMap { $0 }.sorted()
        let moves = model.log.count
        grid.endInteractiveMovement()
        moving = nil
        #expect(model.sections.flatMap { $0 }.sorted() == before, "a movement never loses or adds items")
        #expect(model.log.count <= moves + 1)
      default:
        let before = model.sections
        grid.cancelInteractiveMovement()
        moving = nil
        #expect(model.sections == before)
      }
    }

    /// A batch of deletions, moves and insertions across the sections.
    func batch() {
      var removed: [IndexPath] = []
      var survivors = model.sections
      for section in 0..<2 {
        for index in model.sections[section].indices.reversed() where Int.random(in: 0..<6, using: &random) == 0 {
          removed.append(IndexPath(item: index, section: section))
          survivors[section].remove(at: index)
        }
      }
      // One item may move to the other section: deleted and inserted as a move.
      var move: (from: IndexPath, to: IndexPath)?
      let from = randomSection()
      if !model.sections[from].isEmpty, Int.random(in: 0..<2, using: &random) == 0 {
        let item = Int.random(in: 0..<model.sections[from].count, using: &random)
        let source = IndexPath(item: item, section: from)
        if !removed.contains(source) {
          let name = model.sections[from][item]
          survivors[from].removeAll { $0 == name }
          let to = 1 - from
          let position = Int.random(in: 0...survivors[to].count, using: &random)
          survivors[to].insert(name, at: position)
          move = (source, IndexPath(item: position, section: to))
        }
      }
      var final = survivors
      var inserted: [IndexPath] = []
      for section in 0..<2 {
        for _ in 0..<Int.random(in: 0...2, using: &random) {
          let position = Int.random(in: 0...final[section].count, using: &random)
          final[section].insert(name(), at: position)
          inserted =
            inserted.map {
              $0.section == section && $0.item >= position ? IndexPath(item: $0.item + 1, section: section) : $0
            }
            + [IndexPath(item: position, section: section)]
          if let current = move, current.to.section == section, current.to.item >= position {
            move = (current.from, IndexPath(item: current.to.item + 1, section: section))
          }
        }
      }
      do {
        try grid.checked.performBatchUpdates {
          self.model.sections = final
          self.grid.deleteItems(at: removed)
          self.grid.insertItems(at: inserted)
          if let move { self.grid.moveItem(at: move.from, to: move.to) }
        }
      } catch {
        Issue.record("a consistent batch was refused: \(error)")
      }
      // The movement goes on with its item, unless the batch deleted it.
      if let name = moving, !final.joined().contains(name) { moving = nil }
    }

    /// The grid, its cells, its placeholders and its frames agree with the model.
    func check(_ seed: UInt64) {
      grid.layoutIfNeeded()
      let flow = FlowLayout(width: 560, itemSize: Size(width: 100, height: 100), itemCounts: [0, 0])
      for section in 0..<2 {
        #expect(grid.numberOfItems(inSection: section) == model.sections[section].count, "seed \(seed)")
      }
      let counts = (0..<2).map { section in
        model.sections[section].count + pending.filter { $0.entry.section == section }.count
      }
      var layout = flow
      for section in 0..<2 { layout.setItemCount(counts[section], inSection: section) }
      for path in grid.indexPathsForVisibleItems {
        let cell = grid.cellForItem(at: path)
        #expect(cell?.accessibilityLabel == model.sections[path.section][path.item], "seed \(seed)")
        // Away from a movement, each item sits in its slot, after the placeholders before it.
        guard moving == nil, sizer == nil else { continue }
        let before = pending.filter { $0.entry.section == path.section && $0.entry.anchor <= path.item }.count
        let slot = layout.frameForItem(at: IndexPath(item: path.item + before, section: path.section))
        #expect(cell?.frame == slot, "seed \(seed) \(path.itemDescription)")
      }
      for context in pending {
        #expect(context.isPending, "seed \(seed)")
        #expect((0...model.sections[context.entry.section].count).contains(context.entry.anchor), "seed \(seed)")
      }
      #expect(grid.hasUncommittedUpdates == (!pending.isEmpty || moving != nil), "seed \(seed)")
      if let name = moving {
        // The movement's item followed every update (issue 9).
        let original = grid.movement?.original
        #expect(original.map { model.sections[$0.section][$0.item] } == name, "seed \(seed)")
      }
      guard let sizer else {
        #expect(Double(grid.contentSize.height) == layout.contentHeight, "seed \(seed)")
        return
      }
      // Items of their own sizes: with no placeholder or movement under way, every cell and
      // the content height agree with a flow made from scratch.
      guard pending.isEmpty, moving == nil else { return }
      let expected = SizedFlowLayoutTests.reference(
        width: 560,
        sections: model.sections.map { (SizedFlowLayoutTests.metrics, $0.map(sizer.size(of:))) })
      for path in grid.indexPathsForVisibleItems {
        SizedFlowLayoutTests.expectClose(
          grid.cellForItem(at: path)?.frame, expected.frames[path.section][path.item], "seed \(seed) \(path)")
      }
      #expect(abs(Double(grid.contentSize.height) - expected.height) < 1e-6, "seed \(seed)")
    }
  }

  /// Sizes items by their names, through the flow layout's delegate.
  @MainActor final class ItemSizer: CollectionViewDelegateFlowLayout {
    let model: GridModel
    init(model: GridModel) { self.model = model }

    func size(of name: String) -> Size {
      let number = Int(name.dropFirst()) ?? 0
      return Size(width: Double(60 + (number * 37) % 90), height: Double(40 + (number * 53) % 80))
    }

    func collectionView(
      _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
      sizeForItemAt indexPath: IndexPath
    ) -> CGSize {
      size(of: model.sections[indexPath.section][indexPath.item])
    }
  }

  @Test("60,000 random steps, interactive movements among them, agree with the model")
  func longRandomRuns() async {
    await propertyCheck(count: 300, input: Gen<UInt64>.value(in: 0...UInt64.max)) { seed in
      let run = Run(seed: seed)
      for _ in 0..<200 {
        run.step()
        run.check(seed)
      }
    }
  }

  @Test("Random steps over items of their own sizes agree with the model and with a flow made from scratch")
  func sizedRandomRuns() async {
    await propertyCheck(count: 100, input: Gen<UInt64>.value(in: 0...UInt64.max)) { seed in
      let run = Run(seed: seed, sized: true)
      for _ in 0..<200 {
        run.step()
        run.check(seed)
      }
    }
  }
}
