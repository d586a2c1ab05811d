import PropertyBased
import TestSupport
import Testing

@testable import DragDropLists

/// The B+-tree under row heights and anchors, against a plain array.
@Suite struct SummaryTreeTests {
  /// An element of 1 to 3 items that adds `value` to a prefix's sum, with a handle.
  struct Item: SummaryTreeElement, Equatable {
    var items: Int
    var value: Int
    var id: Int32

    var count: Int { items }
    var sum: Int { value }
    var handle: Int32? { id }
    static var unused: Item { Item(items: 0, value: 0, id: -1) }
  }

  typealias Tree = SummaryTree<Item>

  /// The elements of `tree`, in order.
  func contents(_ tree: Tree) -> [Item] {
    var result: [Item] = []
    tree.forEach { result.append($0) }
    return result
  }

  @Test("Random inserts, removals, changes and searches agree with an array, at every node size")
  func agreesWithAnArray() async {
    await propertyCheck(count: 200, input: Gen<UInt64>.value(in: 0...UInt64.max)) { seed in
      var random = SeededGenerator(state: seed)
      let capacity = Int.random(in: 3...8, using: &random)
      var nextID: Int32 = 0
      func makeItem() -> Item {
        defer { nextID += 1 }
        return Item(
          items: Int.random(in: 1...3, using: &random), value: Int.random(in: 0...9, using: &random), id: nextID)
      }
      var reference = (0..<Int.random(in: 0...60, using: &random)).map { _ in makeItem() }
      var tree = Tree(reference, leafCapacity: capacity, innerCapacity: capacity)
      for _ in 0..<150 {
        // Mostly growth, then mostly shrinking, so that trees both deepen and collapse.
        let growing = reference.count < 80
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<(growing ? 5 : 2):
          let index = Int.random(in: 0...reference.count, using: &random)
          let item = makeItem()
          let position =
            index == reference.count ? tree.endPosition : tree.search { $0.count <= itemStart(reference, index) }!.0
          tree.insert(item, at: position)
          reference.insert(item, at: index)
        case (growing ? 5 : 2)..<8 where !reference.isEmpty:
          let index = Int.random(in: 0..<reference.count, using: &random)
          let removed = tree.remove(at: tree.position(ofHandle: reference[index].id))
          #expect(removed == reference.remove(at: index), "seed \(seed)")
        case 8 where !reference.isEmpty:
          let index = Int.random(in: 0..<reference.count, using: &random)
          let value = Int.random(in: 0...9, using: &random)
          tree.modify(at: tree.position(ofHandle: reference[index].id)) { $0.value = value }
          reference[index].value = value
        default:
          // The first element whose prefix sum passes a bound, and the sum before it.
          let bound = Int.random(in: -1...(reference.reduce(0) { $0 + $1.value } + 1), using: &random)
          var before = 0
          var expected = reference.count
          for (index, item) in reference.enumerated() {
            if before + item.value > bound {
              expected = index
              break
            }
            before += item.value
          }
          if let (position, summary) = tree.search({ $0.sum <= bound }) {
            #expect(summary.sum == before, "seed \(seed)")
            let found =
              position == tree.endPosition ? reference.count : reference.firstIndex { $0.id == tree[position].id }
            #expect(found == expected, "seed \(seed)")
          } else {
            #expect(reference.isEmpty, "seed \(seed)")
          }
        }
        #expect(tree.brokenInvariant == nil, "seed \(seed)")
        #expect(contents(tree) == reference, "seed \(seed)")
        #expect(tree.elementCount == reference.count, "seed \(seed)")
        #expect(tree.summary.count == reference.reduce(0) { $0 + $1.items }, "seed \(seed)")
        #expect(tree.summary.sum == reference.reduce(0) { $0 + $1.value }, "seed \(seed)")
        if let index = reference.indices.randomElement(using: &random) {
          // Each handle finds its element, and the summary before it.
          let position = tree.position(ofHandle: reference[index].id)
          #expect(tree[position] == reference[index], "seed \(seed)")
          let summary = tree.summary(before: position)
          #expect(summary.count == itemStart(reference, index), "seed \(seed)")
          #expect(summary.sum == reference.prefix(index).reduce(0) { $0 + $1.value }, "seed \(seed)")
          // And the element holding each of its items is that element.
          for item in 0..<reference[index].items {
            #expect(tree.element(holdingItem: summary.count + item)?.element == reference[index], "seed \(seed)")
          }
        }
      }
    }
  }

  /// The first item of element `index`.
  func itemStart(_ reference: [Item], _ index: Int) -> Int { reference.prefix(index).reduce(0) { $0 + $1.items } }

  @Test("A million elements make a tree of four levels whose walks agree with the array")
  func aMillionElements() {
    let items = (0..<1_000_000).map { Item(items: 1, value: $0 % 7, id: Int32($0)) }
    let tree = Tree(items)
    #expect(tree.brokenInvariant == nil)
    #expect(tree.summary.count == 1_000_000)
    let found = tree.element(holdingItem: 765_432)
    #expect(found?.element == items[765_432])
    #expect(found?.before.sum == items.prefix(765_432).reduce(0) { $0 + $1.value })
    #expect(tree.summary(before: tree.position(ofHandle: 765_432)).count == 765_432)
    // Full leaves, the leaf of each handle (4 bytes), and under 2 bytes an element for the
    // nodes above.
    #expect(tree.storageBytes < 1_000_000 * (MemoryLayout<Item>.stride + 4 + 2), "\(tree.storageBytes) bytes")
  }

  @Test("Removing every element, in random order, empties the tree and keeps it whole on the way")
  func removingEverything() {
    var random = SeededGenerator(state: 11)
    let items = (0..<5_000).map { Item(items: 1, value: 1, id: Int32($0)) }
    var tree = Tree(items, leafCapacity: 4, innerCapacity: 4)
    var left = items.map(\.id)
    left.shuffle(using: &random)
    while let id = left.popLast() {
      tree.remove(at: tree.position(ofHandle: id))
      if left.count % 500 == 0 { #expect(tree.brokenInvariant == nil) }
    }
    #expect(tree.isEmpty && tree.summary == .zero && tree.search { _ in true } == nil)
  }
}
