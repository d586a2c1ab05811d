import PropertyBased
import TestSupport
import Testing

@testable import DragDropLists

/// The order-statistics sequence of placeholders, against a plain array.
@Suite struct PlaceholderSequenceTests {
  /// The reference: placeholders in display order with their gaps.
  struct Reference {
    var entries: [(id: Int32, gap: Int)] = []

    mutating func insert(_ id: Int32, gap: Int) {
      let index = entries.firstIndex { $0.gap > gap } ?? entries.count
      entries.insert((id, gap), at: index)
    }

    mutating func remove(_ id: Int32, shift: Int) {
      let index = entries.firstIndex { $0.id == id }!
      entries.remove(at: index)
      for later in index..<entries.count { entries[later].gap += shift }
    }
  }

  func check(_ sequence: PlaceholderSequence, _ reference: Reference, _ seed: UInt64) {
    #expect(sequence.count == reference.entries.count, "seed \(seed)")
    #expect(sequence.all.map(\.handle) == reference.entries.map(\.id), "seed \(seed)")
    #expect(sequence.all.map(\.gap) == reference.entries.map(\.gap), "seed \(seed)")
    for (rank, entry) in reference.entries.enumerated() {
      #expect(sequence.rank(of: entry.id) == rank, "seed \(seed)")
      #expect(sequence.gap(of: entry.id) == entry.gap, "seed \(seed)")
      #expect(sequence.placeholder(atRank: rank)?.handle == entry.id, "seed \(seed)")
    }
    // Display rows: placeholder k shows at gap + k; data items fill the rest.
    let rows = reference.entries.enumerated().map { $0.element.gap + $0.offset }
    for row in 0...((rows.last ?? 0) + 2) {
      let expected: PlaceholderSequence.Location =
        rows.firstIndex(of: row).map { .placeholder(reference.entries[$0].id) }
        ?? .data(placeholdersBefore: rows.count { $0 < row })
      #expect(sequence.locate(displayRow: row) == expected, "seed \(seed) row \(row)")
      #expect(sequence.count(shownBefore: row) == rows.count { $0 < row }, "seed \(seed)")
    }
    let top = (reference.entries.last?.gap ?? 0) + 2
    for gap in -1...top {
      #expect(sequence.count(atOrBefore: gap) == reference.entries.count { $0.gap <= gap }, "seed \(seed)")
      #expect(sequence.count(before: gap) == reference.entries.count { $0.gap < gap }, "seed \(seed)")
    }
  }

  @Test("Inserts, removals, commits and remaps agree with a plain array")
  func randomOperations() async {
    await propertyCheck(count: 200, input: Gen<UInt64>.value(in: 0...UInt64.max)) { seed in
      var random = SeededGenerator(state: seed)
      var sequence = PlaceholderSequence()
      var reference = Reference()
      for _ in 0..<120 {
        let ids = reference.entries.map(\.id)
        switch Int.random(in: 0..<10, using: &random) {
        case 0...3:
          let gap = Int.random(in: 0...20, using: &random)
          reference.insert(sequence.insert(atGap: gap), gap: gap)
        case 4...5 where !ids.isEmpty:
          let id = ids.randomElement(using: &random)!
          sequence.remove(id)
          reference.remove(id, shift: 0)
        case 6...7 where !ids.isEmpty:
          let id = ids.randomElement(using: &random)!
          sequence.commit(id)
          reference.remove(id, shift: 1)
        case 8:
          // A batch update: rows inserted at `at` push later gaps down; gaps inside a
          // deleted range go away.
          let at = Int.random(in: 0...10, using: &random)
          let inserted = Int.random(in: 0...3, using: &random)
          let deletedBelow = Int.random(in: 0...2, using: &random)
          let map: (Int) -> Int? = { gap in
            if gap > at && gap <= at + deletedBelow { return nil }
            return gap >= at ? gap + inserted : gap
          }
          let dropped = sequence.remap(map)
          let expectedDropped = reference.entries.filter { map($0.gap) == nil }.map(\.id)
          #expect(dropped == expectedDropped, "seed \(seed)")
          reference.entries = reference.entries.compactMap { entry in map(entry.gap).map { (entry.id, $0) } }
        default:
          break
        }
        check(sequence, reference, seed)
      }
    }
  }

  @Test("10,000 placeholders inserted, then committed in random order, stay consistent")
  func manyPlaceholders() {
    var random = SeededGenerator(state: 9)
    var sequence = PlaceholderSequence()
    var handles: [PlaceholderSequence.Handle] = []
    for _ in 0..<10_000 { handles.append(sequence.insert(atGap: Int.random(in: 0...1_000_000, using: &random))) }
    handles.shuffle(using: &random)
    var committed = 0
    for handle in handles {
      let rank = sequence.rank(of: handle)
      let gap = sequence.gap(of: handle)
      #expect(sequence.placeholder(atRank: rank)?.gap == gap)
      sequence.commit(handle)
      committed += 1
    }
    #expect(sequence.isEmpty && committed == 10_000)
  }
}
