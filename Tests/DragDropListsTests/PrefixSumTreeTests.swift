import PropertyBased
import TestSupport
import Testing

@testable import DragDropLists

@Suite struct PrefixSumTreeTests {
  @Test func basics() throws {
    var tree = PrefixSumTree([10, 20, 30])
    #expect(tree.count == 3)
    #expect(tree.total == 60)
    #expect(tree.offset(of: 0) == 0)
    #expect(tree.offset(of: 2) == 30)
    #expect(tree.offset(of: 3) == 60)
    #expect(tree.offset(of: 4) == nil)
    #expect(tree.index(covering: 0)! == (0, 0))
    #expect(tree.index(covering: 29.5)! == (1, 19.5))
    #expect(tree.index(covering: 60) == nil)
    #expect(tree.index(covering: -1) == nil)
    let inserted = tree.insert(5, at: 1)
    #expect(inserted)
    #expect(tree.extents == [10, 5, 20, 30])
    let removed = tree.remove(at: 0)
    #expect(removed == 10)
    let moved = tree.move(from: 0, to: 2)
    #expect(moved)
    #expect(tree.extents == [20, 30, 5])
    let set = tree.setExtent(.nan, at: 1)
    #expect(set)
    #expect(tree.extents == [20, 0, 5])
    let outOfRange = tree.insert(1, at: 9)
    #expect(!outOfRange)
    let negative = tree.remove(at: -1)
    #expect(negative == nil)
    #expect(tree.index(covering: 20)! == (2, 0))  // the empty element covers nothing
  }

  /// Extents up to 40 are mostly unequal neighbours; up to 2, equal neighbours share runs,
  /// which insertions join and edits cut.
  @Test("Random edits agree with a plain array", arguments: [40, 2])
  func agreesWithAnArray(largest: Int) async {
    await propertyCheck(count: 300, input: Gen<UInt64>.value(in: 0...UInt64.max)) { seed in
      var random = SeededGenerator(state: seed)
      let start = Int.random(in: 0...50, using: &random)
      var reference = (0..<start).map { _ in Double(Int.random(in: 0...largest, using: &random)) }
      // Small nodes split and merge within a few dozen elements.
      var tree = PrefixSumTree(reference, nodeCapacity: [3, 4, 5, 32].randomElement(using: &random)!)
      for _ in 0..<200 {
        let value = Double(Int.random(in: 0...largest, using: &random))
        let index = Int.random(in: -2...(reference.count + 2), using: &random)
        switch Int.random(in: 0..<5, using: &random) {
        case 0:
          let ok = tree.insert(value, at: index)
          #expect(ok == (0...reference.count).contains(index))
          if ok { reference.insert(value, at: index) }
        case 1:
          let removed = tree.remove(at: index)
          #expect(removed == (reference.indices.contains(index) ? reference[index] : nil))
          if removed != nil { reference.remove(at: index) }
        case 2:
          let ok = tree.setExtent(value, at: index)
          if ok { reference[index] = value }
          #expect(ok == reference.indices.contains(index))
        case 3:
          let destination = Int.random(in: 0..<max(1, reference.count), using: &random)
          let ok = tree.move(from: index, to: destination)
          if ok { reference.insert(reference.remove(at: index), at: destination) }
        default:
          let position = Double.random(in: -5...(reference.reduce(0, +) + 5), using: &random)
          let found = tree.index(covering: position)
          var expected: (Int, Double)?
          var offset = 0.0
          for (i, extent) in reference.enumerated() {
            if position >= offset && position < offset + extent {
              expected = (i, position - offset)
              break
            }
            offset += extent
          }
          #expect(found?.index == expected?.0, "seed \(seed) position \(position)")
          #expect(found?.offsetInElement == expected?.1)
        }
        #expect(tree.brokenInvariant == nil, "seed \(seed)")
        #expect(tree.count == reference.count)
        #expect(tree.total == reference.reduce(0, +))
        let probe = Int.random(in: 0...reference.count, using: &random)
        #expect(tree.offset(of: probe) == reference.prefix(probe).reduce(0, +), "seed \(seed)")
      }
      #expect(tree.extents == reference, "seed \(seed)")
    }
  }

  @Test func aMillionRowsBuildBalancedAndCompact() {
    let tree = PrefixSumTree((0..<1_000_000).map { Double(20 + $0 % 7) })
    #expect(tree.count == 1_000_000)
    #expect(tree.bytesPerElement <= 64)
    #expect(tree.index(covering: tree.offset(of: 765_432)! + 1)?.index == 765_432)
  }

  @Test("Runs of estimated extents, cut by random edits, agree with a plain array")
  func runsAgreeWithAnArray() async {
    await propertyCheck(count: 300, input: Gen<UInt64>.value(in: 0...UInt64.max)) { seed in
      var random = SeededGenerator(state: seed)
      let extents: [Double] = [0, 0.5, 30, 30.5, 44, 1.0 / 3]
      let estimate = extents.randomElement(using: &random)!
      let start = Int.random(in: 0...60, using: &random)
      var reference = Array(repeating: (extent: estimate, estimated: true), count: start)
      var tree = PrefixSumTree(
        repeating: estimate, count: start, estimated: true, runLimit: Int.random(in: 1...9, using: &random),
        nodeCapacity: [3, 4, 32].randomElement(using: &random)!)
      for _ in 0..<150 {
        let value = extents.randomElement(using: &random)!
        let index = Int.random(in: -1...(reference.count + 1), using: &random)
        switch Int.random(in: 0..<6, using: &random) {
        case 0:
          let estimated = Bool.random(using: &random)
          let ok = tree.insert(value, at: index, estimated: estimated)
          #expect(ok == (0...reference.count).contains(index), "seed \(seed)")
          if ok { reference.insert((value, estimated), at: index) }
        case 1:
          let removed = tree.remove(at: index)
          #expect(removed == (reference.indices.contains(index) ? reference[index].extent : nil), "seed \(seed)")
          if removed != nil { reference.remove(at: index) }
        case 2:
          let ok = tree.setExtent(value, at: index)
          #expect(ok == reference.indices.contains(index), "seed \(seed)")
          if ok { reference[index] = (value, false) }
        case 3:
          let destination = Int.random(in: 0..<max(1, reference.count), using: &random)
          let ok = tree.move(from: index, to: destination)
          #expect(ok == (reference.indices.contains(index) && reference.indices.contains(destination)))
          if ok { reference.insert(reference.remove(at: index), at: destination) }
        case 4:
          let total = reference.reduce(0) { $0 + $1.extent }
          let position = Double.random(in: -1...(total + 1), using: &random)
          var expected: (Int, Double)?
          var offset = 0.0
          for (i, element) in reference.enumerated() {
            if position >= offset && position < offset + element.extent {
              expected = (i, position - offset)
              break
            }
            offset += element.extent
          }
          let found = tree.index(covering: position)
          #expect(found?.index == expected?.0, "seed \(seed) position \(position)")
          if let found, let expected { #expect(abs(found.offsetInElement - expected.1) < 1e-9, "seed \(seed)") }
        default:
          let probe = Int.random(in: 0..<max(1, reference.count), using: &random)
          #expect(tree.isEstimated(at: probe) == (reference.indices.contains(probe) && reference[probe].estimated))
          let element = tree.element(at: probe)
          let offset = reference.prefix(probe).reduce(0) { $0 + $1.extent }
          #expect(element.map { abs($0.offset - offset) < 1e-9 } ?? !reference.indices.contains(probe))
          // Read on from there, along the leaves, as far as the reader asks.
          let limit = Int.random(in: 1...40, using: &random)
          var read: [(index: Int, offset: Double, extent: Double)] = []
          tree.forEachElement(from: probe) { index, offset, extent in
            read.append((index, offset, extent))
            return read.count < limit
          }
          let expected = Array(reference.indices.filter { $0 >= probe }.prefix(limit))
          #expect(read.map(\.index) == expected, "seed \(seed)")
          #expect(read.map(\.extent) == expected.map { reference[$0].extent }, "seed \(seed)")
          for (index, offset, _) in read {
            #expect(abs(offset - reference.prefix(index).reduce(0) { $0 + $1.extent }) < 1e-9, "seed \(seed)")
          }
        }
        #expect(tree.brokenInvariant == nil, "seed \(seed)")
        #expect(tree.count == reference.count, "seed \(seed)")
        #expect(abs(tree.total - reference.reduce(0) { $0 + $1.extent }) < 1e-9, "seed \(seed)")
        let probe = Int.random(in: 0...reference.count, using: &random)
        #expect(abs(tree.offset(of: probe)! - reference.prefix(probe).reduce(0) { $0 + $1.extent }) < 1e-9)
      }
      #expect(tree.extents == reference.map(\.extent), "seed \(seed)")
      #expect((0..<reference.count).map { tree.isEstimated(at: $0) } == reference.map(\.estimated), "seed \(seed)")
    }
  }

  @Test("Rows of one height are a few nodes, and stay so as rows of that height come and are set")
  func rowsOfOneHeightShareRuns() {
    var tree = PrefixSumTree(Array(repeating: 44.0, count: 1_000_000))
    #expect(tree.bytesPerElement < 0.01)
    var random = SeededGenerator(state: 3)
    for _ in 0..<10_000 {
      let inserted = tree.insert(44, at: Int.random(in: 0...tree.count, using: &random))
      let set = tree.setExtent(44, at: Int.random(in: 0..<tree.count, using: &random))
      #expect(inserted && set)
    }
    #expect(tree.count == 1_010_000)
    #expect(tree.total == 44 * 1_010_000)
    #expect(tree.bytesPerElement < 0.01)
    // Another height cuts a run; the element then stands alone.
    let cut = tree.setExtent(60, at: 500_000)
    #expect(cut)
    #expect(tree.element(at: 500_000)! == (500_000 * 44, 60))
    #expect(tree.element(at: 500_001)! == (500_000 * 44 + 60, 44))
    #expect(tree.extents == Array(repeating: 44, count: 500_000) + [60] + Array(repeating: 44, count: 509_999))
  }

  @Test("Ten million estimated rows are a few hundred nodes, and setting one cuts its run")
  func tenMillionEstimatedRows() {
    var tree = PrefixSumTree(repeating: 44, count: 10_000_000, estimated: true)
    #expect(tree.count == 10_000_000)
    #expect(tree.total == 440_000_000)
    #expect(tree.bytesPerElement < 0.01)
    #expect(tree.isEstimated(at: 5_000_000))
    let set = tree.setExtent(60, at: 5_000_000)
    #expect(set)
    #expect(!tree.isEstimated(at: 5_000_000) && tree.isEstimated(at: 4_999_999) && tree.isEstimated(at: 5_000_001))
    #expect(tree.element(at: 5_000_001)! == (5_000_000 * 44 + 60, 44))
    #expect(tree.index(covering: 5_000_000 * 44 + 59)! == (5_000_000, 59))
    #expect(tree.index(covering: 5_000_000 * 44 + 60)! == (5_000_001, 0))
    #expect(tree.total == 440_000_016)
  }
}
