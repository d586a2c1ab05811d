import PropertyBased
import TestSupport
import Testing

@testable import DragDropLists

/// The order-statistics sequence of placeholders, against a plain array.
@Suite struct AnchorSequenceTests {
  /// The reference: placeholders in display order with their anchors.
  struct Reference {
    var entries: [(id: Int32, anchor: Int)] = []

    mutating func insert(_ id: Int32, anchor: Int) {
      let index = entries.firstIndex { $0.anchor > anchor } ?? entries.count
      entries.insert((id, anchor), at: index)
    }

    mutating func remove(_ id: Int32, shift: Int) {
      let index = entries.firstIndex { $0.id == id }!
      entries.remove(at: index)
      for later in index..<entries.count { entries[later].anchor += shift }
    }
  }

  func check(_ sequence: AnchorSequence, _ reference: Reference, _ seed: UInt64) {
    #expect(sequence.brokenInvariant == nil, "seed \(seed)")
    #expect(sequence.count == reference.entries.count, "seed \(seed)")
    #expect(sequence.all.map(\.handle) == reference.entries.map(\.id), "seed \(seed)")
    #expect(sequence.all.map(\.anchor) == reference.entries.map(\.anchor), "seed \(seed)")
    for (rank, entry) in reference.entries.enumerated() {
      #expect(sequence.rank(of: entry.id) == rank, "seed \(seed)")
      #expect(sequence.anchor(of: entry.id) == entry.anchor, "seed \(seed)")
      #expect(sequence.placeholder(atRank: rank)?.handle == entry.id, "seed \(seed)")
    }
    // Display rows: placeholder k shows at anchor + k; data items fill the rest.
    let rows = reference.entries.enumerated().map { $0.element.anchor + $0.offset }
    for row in 0...((rows.last ?? 0) + 2) {
      let expected: AnchorSequence.Location =
        rows.firstIndex(of: row).map { .placeholder(reference.entries[$0].id) }
        ?? .data(placeholdersBefore: rows.count { $0 < row })
      #expect(sequence.locate(displayRow: row) == expected, "seed \(seed) row \(row)")
      #expect(sequence.count(shownBefore: row) == rows.count { $0 < row }, "seed \(seed)")
    }
    let top = (reference.entries.last?.anchor ?? 0) + 2
    for anchor in -1...top {
      #expect(sequence.count(atOrBefore: anchor) == reference.entries.count { $0.anchor <= anchor }, "seed \(seed)")
      #expect(sequence.count(before: anchor) == reference.entries.count { $0.anchor < anchor }, "seed \(seed)")
    }
  }

  @Test("Inserts, removals, commits and remaps agree with a plain array")
  func randomOperations() async {
    await propertyCheck(count: 200, input: Gen<UInt64>.value(in: 0...UInt64.max)) { seed in
      var random = SeededGenerator(state: seed)
      // Small nodes split and merge within a few dozen placeholders.
      var sequence = AnchorSequence(nodeCapacity: Int.random(in: 3...6, using: &random))
      var reference = Reference()
      for _ in 0..<120 {
        let ids = reference.entries.map(\.id)
        switch Int.random(in: 0..<10, using: &random) {
        case 0...3:
          let anchor = Int.random(in: 0...20, using: &random)
          reference.insert(sequence.insert(atAnchor: anchor), anchor: anchor)
        case 4...5 where !ids.isEmpty:
          let id = ids.randomElement(using: &random)!
          sequence.remove(id)
          reference.remove(id, shift: 0)
        case 6...7 where !ids.isEmpty:
          let id = ids.randomElement(using: &random)!
          sequence.commit(id)
          reference.remove(id, shift: 1)
        case 8:
          // A batch update: rows inserted at `at` push later anchors down; anchors inside a
          // deleted range go away.
          let at = Int.random(in: 0...10, using: &random)
          let inserted = Int.random(in: 0...3, using: &random)
          let deletedBelow = Int.random(in: 0...2, using: &random)
          let map: (Int) -> Int? = { anchor in
            if anchor > at && anchor <= at + deletedBelow { return nil }
            return anchor >= at ? anchor + inserted : anchor
          }
          let dropped = sequence.remap(map)
          let expectedDropped = reference.entries.filter { map($0.anchor) == nil }.map(\.id)
          #expect(dropped == expectedDropped, "seed \(seed)")
          reference.entries = reference.entries.compactMap { entry in map(entry.anchor).map { (entry.id, $0) } }
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
    var sequence = AnchorSequence()
    var handles: [AnchorSequence.Handle] = []
    for _ in 0..<10_000 { handles.append(sequence.insert(atAnchor: Int.random(in: 0...1_000_000, using: &random))) }
    handles.shuffle(using: &random)
    var committed = 0
    for handle in handles {
      let rank = sequence.rank(of: handle)
      let anchor = sequence.anchor(of: handle)
      #expect(sequence.placeholder(atRank: rank)?.anchor == anchor)
      sequence.commit(handle)
      committed += 1
    }
    #expect(sequence.isEmpty && committed == 10_000)
  }
}
