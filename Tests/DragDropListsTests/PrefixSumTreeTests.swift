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

  @Test("Random edits agree with a plain array", arguments: 0..<1)
  func agreesWithAnArray(_: Int) async {
    await propertyCheck(count: 300, input: Gen<UInt64>.value(in: 0...UInt64.max)) { seed in
      var random = SeededGenerator(state: seed)
      let start = Int.random(in: 0...50, using: &random)
      var reference = (0..<start).map { _ in Double(Int.random(in: 0...40, using: &random)) }
      var tree = PrefixSumTree(reference)
      for _ in 0..<200 {
        let value = Double(Int.random(in: 0...40, using: &random))
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
}
