import Foundation
import PropertyBased
import TestSupport
import Testing

@_spi(Internals) @testable import DragDropLists

@Suite struct BatchUpdateTests {
  @Test("Rule 25: a count mismatch names the section and every count")
  func countMismatch() {
    var update = BatchUpdate()
    update.insertItems(at: [IndexPath(item: 0, section: 1)])
    update.deleteItems(at: [IndexPath(item: 2, section: 1), IndexPath(item: 3, section: 1)])
    #expect(
      throws: BatchUpdateError.invalidItemCount(
        section: 1, before: 5, inserted: 1, deleted: 2, movedIn: 0, movedOut: 0, reported: 5)
    ) {
      try update.resolve(oldCounts: [3, 5], newCounts: [3, 5])
    }
    let message =
      "\(BatchUpdateError.invalidItemCount(section: 1, before: 5, inserted: 1, deleted: 2, movedIn: 0, movedOut: 0, reported: 5))"
    #expect(
      message
        == "invalid number of items in section 1: the data source reports 5 after the update, but 5 before, plus 1 inserted, minus 2 deleted, plus 0 moved in, minus 0 moved out, makes 4"
    )
    #expect((try? update.resolve(oldCounts: [3, 5], newCounts: [3, 4])) != nil)
  }

  @Test func structuralMistakesAreTypedErrors() {
    func resolve(_ build: (inout BatchUpdate) -> Void, old: [Int] = [3], new: [Int] = [3]) -> BatchUpdateError? {
      var update = BatchUpdate()
      build(&update)
      do {
        _ = try update.resolve(oldCounts: old, newCounts: new)
        return nil
      } catch {
        return error
      }
    }
    #expect(
      resolve { $0.deleteItems(at: [IndexPath(item: 3, section: 0)]) }
        == .outOfRange("deleted item 3 in section 0 before the update"))
    #expect(
      resolve({ $0.deleteItems(at: [IndexPath(item: 1, section: 0), IndexPath(item: 1, section: 0)]) }, new: [1])
        == .conflict("item 1 in section 0 deleted twice"))
    #expect(
      resolve { $0.insertItems(at: [IndexPath(item: 0, section: 5)]) }
        == .outOfRange("inserted item 0 in section 5 after the update"))
    #expect(
      resolve({ $0.deleteSections([0]) }, old: [3], new: [3])
        == .invalidSectionCount(before: 1, inserted: 0, deleted: 1, reported: 1))
    #expect(
      resolve(
        {
          $0.insertSections([0]); $0.insertItems(at: [IndexPath(item: 0, section: 0)])
        }, old: [3], new: [1, 3])
        == .itemInChangedSection("inserted item 0 in section 0"))
    #expect(resolve { $0.moveItem(at: IndexPath(item: 0, section: 0), to: IndexPath(item: 2, section: 0)) } == nil)
  }

  @Test func placementFollowsUIKit() throws {
    // [a b c d] delete b, insert X at 0, move d to 1 → [X d a c]
    var update = BatchUpdate()
    update.deleteItems(at: [IndexPath(item: 1, section: 0)])
    update.insertItems(at: [IndexPath(item: 0, section: 0)])
    update.moveItem(at: IndexPath(item: 3, section: 0), to: IndexPath(item: 1, section: 0))
    let resolved = try update.resolve(oldCounts: [4], newCounts: [4])
    #expect(resolved.newIndexPath(for: IndexPath(item: 0, section: 0)) == IndexPath(item: 2, section: 0))
    #expect(resolved.newIndexPath(for: IndexPath(item: 1, section: 0)) == nil)
    #expect(resolved.newIndexPath(for: IndexPath(item: 2, section: 0)) == IndexPath(item: 3, section: 0))
    #expect(resolved.newIndexPath(for: IndexPath(item: 3, section: 0)) == IndexPath(item: 1, section: 0))
  }

  @Test("Rule 24: a gap follows the item before it; items inserted at it go before it")
  func gaps() throws {
    // [a b | c]: the gap after b.
    var insertAtGap = BatchUpdate()
    insertAtGap.insertItems(at: [IndexPath(item: 2, section: 0)])
    #expect(
      try insertAtGap.resolve(oldCounts: [3], newCounts: [4]).newSlot(2, inSection: 0) == IndexPath(item: 3, section: 0)
    )
    var deleteBefore = BatchUpdate()
    deleteBefore.deleteItems(at: [IndexPath(item: 0, section: 0), IndexPath(item: 1, section: 0)])
    #expect(
      try deleteBefore.resolve(oldCounts: [3], newCounts: [1]).newSlot(2, inSection: 0)
        == IndexPath(item: 0, section: 0)
    )
    var insertAfter = BatchUpdate()
    insertAfter.insertItems(at: [IndexPath(item: 3, section: 0)])
    #expect(
      try insertAfter.resolve(oldCounts: [3], newCounts: [4]).newSlot(2, inSection: 0) == IndexPath(item: 2, section: 0)
    )
    var sectionDeleted = BatchUpdate()
    sectionDeleted.deleteSections([0])
    #expect(try sectionDeleted.resolve(oldCounts: [3, 1], newCounts: [1]).newSlot(1, inSection: 0) == nil)
    #expect(
      try sectionDeleted.resolve(oldCounts: [3, 1], newCounts: [1]).newSlot(1, inSection: 1)
        == IndexPath(item: 1, section: 0))
  }

  @Test("Random updates place every item where a plain-array model puts it")
  func agreesWithAReferenceModel() async {
    await propertyCheck(count: 500, input: Gen<UInt64>.value(in: 0...UInt64.max)) { seed in
      var random = SeededGenerator(state: seed)
      var nextID = 0
      let old: [[Int]] = (0..<Int.random(in: 1...4, using: &random)).map { _ in
        (0..<Int.random(in: 0...8, using: &random)).map { _ in
          nextID += 1
          return nextID
        }
      }
      var update = BatchUpdate()
      // Section deletions (old side) and insertions (new side).
      let deletedSections = Set(old.indices.filter { _ in Int.random(in: 0..<6, using: &random) == 0 })
      update.deleteSections(IndexSet(deletedSections))
      let survivingOld = old.indices.filter { !deletedSections.contains($0) }
      let insertedCount = Int.random(in: 0...1, using: &random)
      let newSectionCount = survivingOld.count + insertedCount
      let insertedSections = Set((0..<newSectionCount).shuffled(using: &random).prefix(insertedCount))
      update.insertSections(IndexSet(insertedSections))
      let newForOld = Dictionary(
        uniqueKeysWithValues: zip(survivingOld, (0..<newSectionCount).filter { !insertedSections.contains($0) }))
      // Per surviving section: deletions, moves out, then arrivals.
      var arrivals: [Int: [(id: Int, from: IndexPath?)]] = [:]
      var survivors: [Int: [Int]] = [:]
      var expected: [Int: IndexPath] = [:]
      for section in survivingOld {
        var stay: [Int] = []
        for (index, id) in old[section].enumerated() {
          switch Int.random(in: 0..<6, using: &random) {
          case 0: update.deleteItems(at: [IndexPath(item: index, section: section)])
          case 1:
            let target = newForOld.values.randomElement(using: &random)!
            arrivals[target, default: []].append((id, IndexPath(item: index, section: section)))
          default: stay.append(id)
          }
        }
        survivors[newForOld[section]!] = stay
      }
      for section in newForOld.values {
        for _ in 0..<Int.random(in: 0...3, using: &random) {
          nextID += 1
          arrivals[section, default: []].append((nextID, nil))
        }
      }
      var newModel: [[Int]] = Array(repeating: [], count: newSectionCount)
      for section in 0..<newSectionCount where !insertedSections.contains(section) {
        let incoming = arrivals[section, default: []].shuffled(using: &random)
        let stay = survivors[section, default: []]
        let count = incoming.count + stay.count
        let slots = Array((0..<count).shuffled(using: &random).prefix(incoming.count)).sorted()
        var model = Array(repeating: 0, count: count)
        for (slot, arrival) in zip(slots, incoming) {
          model[slot] = arrival.id
          let path = IndexPath(item: slot, section: section)
          if let from = arrival.from { update.moveItem(at: from, to: path) } else { update.insertItems(at: [path]) }
        }
        var rest = stay.makeIterator()
        for index in 0..<count where !slots.contains(index) { model[index] = rest.next()! }
        newModel[section] = model
        for (index, id) in model.enumerated() { expected[id] = IndexPath(item: index, section: section) }
      }
      for section in insertedSections { newModel[section] = (0..<Int.random(in: 0...3, using: &random)).map { _ in 0 } }
      do {
        let resolved = try update.resolve(oldCounts: old.map(\.count), newCounts: newModel.map(\.count))
        for (section, items) in old.enumerated() {
          for (index, id) in items.enumerated() {
            #expect(
              resolved.newIndexPath(for: IndexPath(item: index, section: section)) == expected[id],
              "seed \(seed): item \(id)")
          }
        }
        // A selection follows its items, and forgets those deleted and those of sections
        // reloaded (sections of which the update names no item, as rule 25 requires).
        let reloaded = IndexSet(
          old.indices.filter { section in
            resolved.removed[section].isEmpty && (newForOld[section].map { resolved.arrivals[$0].isEmpty } ?? true)
              && Int.random(in: 0..<3, using: &random) == 0
          })
        var selection = ItemSelection()
        var expectedSelection = Set<IndexPath>()
        for (section, items) in old.enumerated() {
          for (index, id) in items.enumerated() where Bool.random(using: &random) {
            selection.insert(IndexPath(item: index, section: section))
            if !reloaded.contains(section), let target = expected[id] { expectedSelection.insert(target) }
          }
        }
        selection.follow(resolved, reloadedSections: reloaded)
        #expect(selection.sorted == expectedSelection.sorted(), "seed \(seed)")
        #expect(selection.count == expectedSelection.count, "seed \(seed)")
      } catch {
        Issue.record("seed \(seed): \(error)")
      }
      // One count off anywhere is refused.
      if let section = newForOld.values.first {
        var wrong = newModel.map(\.count)
        wrong[section] += 1
        #expect(throws: BatchUpdateError.self) { try update.resolve(oldCounts: old.map(\.count), newCounts: wrong) }
      }
    }
  }
}
