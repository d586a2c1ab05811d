/// An element of a ``SummaryTree``: it stands for ``count`` items and adds ``sum`` to the sum
/// of every prefix that holds it.
protocol SummaryTreeElement: Sendable {
  associatedtype Value: AdditiveArithmetic & Sendable
  /// How many items the element stands for: 1, or a run's length.
  var count: Int { get }
  /// What the element adds to a prefix's sum.
  var sum: Value { get }
  /// The element's stable handle, when the tree keeps track of the leaf that holds each one
  /// (``SummaryTree/position(ofHandle:)``); nil when it does not.
  var handle: Int32? { get }
  /// A value for the unused slots of a leaf.
  static var unused: Self { get }
}

/// A sequence of elements in a B+-tree whose nodes keep the summary (item count and sum) of
/// each child, so that finding the element where a prefix's summary crosses a bound, and
/// every insertion and removal, costs O(log n) and touches a few cache lines a level.
///
/// Leaves hold up to ``leafCapacity`` elements side by side in one flat array, and inner
/// nodes up to ``innerCapacity`` children, with their counts and sums in arrays of their own,
/// so that a walk by count reads only counts. A million elements make a tree of four levels.
/// Nodes are numbered slots in those arrays, reused through free lists, so that no edit
/// allocates once the arrays have grown.
///
/// Each edit recomputes the summaries on the path from its leaf to the root from their
/// parts, so sums never drift however many edits there are. Debug builds check every
/// invariant (fill, parents, summaries, handles) after each edit of a tree of up to 4,096
/// elements; ``checkInvariants()`` checks them at any size.
struct SummaryTree<Element: SummaryTreeElement>: Sendable {
  typealias Value = Element.Value

  /// The item count and sum of a run of elements.
  struct Summary: Equatable, Sendable {
    var count: Int
    var sum: Value

    static var zero: Summary { Summary(count: 0, sum: .zero) }

    static func + (a: Summary, b: Summary) -> Summary { Summary(count: a.count + b.count, sum: a.sum + b.sum) }
  }

  /// Where an element is: its leaf, and its slot there. A position is good until the next edit.
  struct Position: Equatable, Sendable {
    var leaf: Int32
    var slot: Int
  }

  /// How many elements a leaf holds at most.
  let leafCapacity: Int
  /// How many children an inner node holds at most.
  let innerCapacity: Int

  // The storage, kept by the tree and its extensions in SummaryTree+Nodes.swift alone.
  // Leaves: `leafCapacity` slots each in `elements`.
  var elements: [Element] = []
  var leafCounts: [Int32] = []
  var leafParents: [Int32] = []
  var freeLeaves: [Int32] = []
  // Inner nodes: `innerCapacity` slots each in `children`, `childCounts` and `childSums`.
  var children: [Int32] = []
  var childCounts: [Int] = []
  var childSums: [Value] = []
  var innerCounts: [Int32] = []
  var innerParents: [Int32] = []
  var freeInners: [Int32] = []
  /// The leaf that holds each handle, by handle.
  var handleLeaves: [Int32] = []

  /// The root, a leaf when ``height`` is 0; -1 when the tree is empty.
  var root: Int32 = -1
  /// How many levels of inner nodes there are above the leaves.
  var height = 0

  /// The summary of every element (kept by the tree's edits).
  var summary = Summary.zero
  /// How many elements there are (kept by the tree's edits).
  var elementCount = 0

  /// An empty tree whose leaves and inner nodes hold up to `leafCapacity` and
  /// `innerCapacity` entries (at least 3 each).
  init(leafCapacity: Int = 32, innerCapacity: Int = 32) {
    precondition(leafCapacity >= 3 && innerCapacity >= 3, "a summary tree's nodes hold at least 3 entries")
    self.leafCapacity = leafCapacity
    self.innerCapacity = innerCapacity
  }

  /// A tree of `elements`, in order, in full leaves: O(n).
  init(_ elements: some Collection<Element>, leafCapacity: Int = 32, innerCapacity: Int = 32) {
    self.init(leafCapacity: leafCapacity, innerCapacity: innerCapacity)
    guard !elements.isEmpty else { return }
    // Level 0: the leaves, filled evenly.
    var level: [(node: Int32, summary: Summary)] = []
    let leafTotal = (elements.count + leafCapacity - 1) / leafCapacity
    // Every array at its final size from the start, so that a tree built whole carries no
    // spare capacity from doubling.
    self.elements.reserveCapacity(leafTotal * leafCapacity)
    leafCounts.reserveCapacity(leafTotal)
    leafParents.reserveCapacity(leafTotal)
    handleLeaves.reserveCapacity(elements.count)
    var innerTotal = 0
    var levelCount = leafTotal
    while levelCount > 1 {
      levelCount = (levelCount + innerCapacity - 1) / innerCapacity
      innerTotal += levelCount
    }
    children.reserveCapacity(innerTotal * innerCapacity)
    childCounts.reserveCapacity(innerTotal * innerCapacity)
    childSums.reserveCapacity(innerTotal * innerCapacity)
    innerCounts.reserveCapacity(innerTotal)
    innerParents.reserveCapacity(innerTotal)
    var iterator = elements.makeIterator()
    for index in 0..<leafTotal {
      let leaf = allocateLeaf()
      let fill = Self.share(of: elements.count, among: leafTotal, at: index)
      var leafSummary = Summary.zero
      for slot in 0..<fill {
        let element = iterator.next()!
        self.elements[Int(leaf) * leafCapacity + slot] = element
        leafSummary = leafSummary + Self.summary(of: element)
        track(element, in: leaf)
      }
      leafCounts[Int(leaf)] = Int32(fill)
      level.append((leaf, leafSummary))
    }
    // Inner levels, until one node is left.
    var levelHeight = 0
    while level.count > 1 {
      let nodeTotal = (level.count + innerCapacity - 1) / innerCapacity
      var next: [(node: Int32, summary: Summary)] = []
      var taken = 0
      for index in 0..<nodeTotal {
        let node = allocateInner()
        let fill = Self.share(of: level.count, among: nodeTotal, at: index)
        var nodeSummary = Summary.zero
        for slot in 0..<fill {
          let (child, childSummary) = level[taken]
          taken += 1
          setEntry(node, slot, child: child, childSummary)
          setParent(of: child, atLevel: levelHeight, to: node)
          nodeSummary = nodeSummary + childSummary
        }
        innerCounts[Int(node)] = Int32(fill)
        next.append((node, nodeSummary))
      }
      level = next
      levelHeight += 1
    }
    root = level[0].node
    height = levelHeight
    summary = level[0].summary
    elementCount = elements.count
    checkInvariantsInDebugBuilds()
  }

  /// How many of `total` entries node `index` of `nodes` gets when they are shared evenly.
  private static func share(of total: Int, among nodes: Int, at index: Int) -> Int {
    total / nodes + (index < total % nodes ? 1 : 0)
  }

  static func summary(of element: Element) -> Summary { Summary(count: element.count, sum: element.sum) }

  var isEmpty: Bool { elementCount == 0 }

  // MARK: Finding elements

  /// The first element whose prefix (the element and every one before it) fails `holds`,
  /// and the summary of the elements before it. `holds` must hold for the prefixes up to
  /// some element and fail for the longer ones, as a bound on a prefix's count or sum does.
  /// When every prefix holds, the position is ``endPosition``. Nil when the tree is empty.
  func search(_ holds: (Summary) -> Bool) -> (position: Position, before: Summary)? {
    guard root >= 0 else { return nil }
    var node = Int(root)
    var before = Summary.zero
    for _ in 0..<height {
      let base = node * innerCapacity
      let last = Int(innerCounts[node]) - 1
      var slot = 0
      while slot < last {
        let through = Summary(count: before.count + childCounts[base + slot], sum: before.sum + childSums[base + slot])
        if !holds(through) { break }
        before = through
        slot += 1
      }
      node = Int(children[base + slot])
    }
    let base = node * leafCapacity
    let count = Int(leafCounts[node])
    var slot = 0
    while slot < count {
      let through = before + Self.summary(of: elements[base + slot])
      if !holds(through) { break }
      before = through
      slot += 1
    }
    return (Position(leaf: Int32(node), slot: slot), before)
  }

  /// The element that holds item `index` (counting each element's ``SummaryTreeElement/count``
  /// items), and the summary of the elements before it; nil when out of range.
  func element(holdingItem index: Int) -> (position: Position, before: Summary, element: Element)? {
    guard index >= 0, index < summary.count, let (position, before) = search({ $0.count <= index }) else {
      return nil
    }
    return (position, before, self[position])
  }

  /// The position after the last element, where an element is appended.
  var endPosition: Position {
    guard root >= 0 else { return Position(leaf: -1, slot: 0) }
    var node = root
    for _ in 0..<height { node = children[Int(node) * innerCapacity + Int(innerCounts[Int(node)]) - 1] }
    return Position(leaf: node, slot: Int(leafCounts[Int(node)]))
  }

  /// The element at `position`.
  subscript(position: Position) -> Element {
    precondition(
      position.leaf >= 0 && position.slot < Int(leafCounts[Int(position.leaf)]), "no element at \(position)")
    return elements[Int(position.leaf) * leafCapacity + position.slot]
  }

  /// Where the element with `handle` is.
  func position(ofHandle handle: Int32) -> Position {
    let leaf = handleLeaves[Int(handle)]
    precondition(leaf >= 0, "the summary tree holds no element with handle \(handle)")
    let base = Int(leaf) * leafCapacity
    for slot in 0..<Int(leafCounts[Int(leaf)]) where elements[base + slot].handle == handle {
      return Position(leaf: leaf, slot: slot)
    }
    preconditionFailure("the summary tree lost track of handle \(handle)")
  }

  /// The summary of every element before `position`: one walk up the tree.
  func summary(before position: Position) -> Summary {
    var result = Summary.zero
    let base = Int(position.leaf) * leafCapacity
    for slot in 0..<position.slot { result = result + Self.summary(of: elements[base + slot]) }
    var child = position.leaf
    var parent = leafParents[Int(child)]
    while parent >= 0 {
      let parentBase = Int(parent) * innerCapacity
      var slot = 0
      while children[parentBase + slot] != child {
        result = result + Summary(count: childCounts[parentBase + slot], sum: childSums[parentBase + slot])
        slot += 1
      }
      child = parent
      parent = innerParents[Int(child)]
    }
    return result
  }

  /// Calls `body` with every element, in order.
  func forEach(_ body: (Element) -> Void) {
    guard root >= 0 else { return }
    func visit(_ node: Int32, level: Int) {
      if level == 0 {
        let base = Int(node) * leafCapacity
        for slot in 0..<Int(leafCounts[Int(node)]) { body(elements[base + slot]) }
      } else {
        let base = Int(node) * innerCapacity
        for slot in 0..<Int(innerCounts[Int(node)]) { visit(children[base + slot], level: level - 1) }
      }
    }
    visit(root, level: height)
  }

  /// Calls `body` with every element from `position` on, in order, until it returns
  /// false: along the leaves, climbing to a leaf's next sibling when it ends. Reading n
  /// elements this way costs O(n + log count), where finding each costs O(log count).
  func forEach(from position: Position, _ body: (Element) -> Bool) {
    var leaf = position.leaf
    var slot = position.slot
    while leaf >= 0 {
      let base = Int(leaf) * leafCapacity
      let count = Int(leafCounts[Int(leaf)])
      while slot < count {
        if !body(elements[base + slot]) { return }
        slot += 1
      }
      guard let next = self.leaf(after: leaf) else { return }
      (leaf, slot) = (next, 0)
    }
  }

  /// The leaf after `leaf`, in order; nil after the last.
  private func leaf(after leaf: Int32) -> Int32? {
    var child = leaf
    var parent = leafParents[Int(child)]
    // How many levels of inner nodes `child` has below it.
    var level = 0
    while parent >= 0 {
      let base = Int(parent) * innerCapacity
      var slot = 0
      while children[base + slot] != child { slot += 1 }
      if slot + 1 < Int(innerCounts[Int(parent)]) {
        var node = children[base + slot + 1]
        for _ in 0..<level { node = children[Int(node) * innerCapacity] }
        return node
      }
      child = parent
      parent = innerParents[Int(child)]
      level += 1
    }
    return nil
  }

  /// Bytes of storage, the spare capacity of the arrays included.
  var storageBytes: Int {
    elements.capacity * MemoryLayout<Element>.stride + (leafCounts.capacity + leafParents.capacity) * 4
      + (children.capacity + innerCounts.capacity + innerParents.capacity) * 4
      + childCounts.capacity * MemoryLayout<Int>.stride + childSums.capacity * MemoryLayout<Value>.stride
      + (freeLeaves.capacity + freeInners.capacity + handleLeaves.capacity) * 4
  }

  // MARK: Edits

  /// Changes the element at `position` with `body`, and returns what `body` returns.
  mutating func modify<Result>(at position: Position, _ body: (inout Element) -> Result) -> Result {
    precondition(
      position.leaf >= 0 && position.slot < Int(leafCounts[Int(position.leaf)]), "no element at \(position)")
    let result = body(&elements[Int(position.leaf) * leafCapacity + position.slot])
    refreshSummaries(from: position.leaf)
    checkInvariantsInDebugBuilds()
    return result
  }

  /// Inserts `element` before the one at `position` (any slot of a leaf up to its count,
  /// ``endPosition`` included).
  mutating func insert(_ element: Element, at position: Position) {
    var (leaf, slot) = (position.leaf, position.slot)
    if root < 0 {
      leaf = allocateLeaf()
      slot = 0
      root = leaf
      height = 0
    }
    precondition(slot >= 0 && slot <= Int(leafCounts[Int(leaf)]), "no place to insert at \(position)")
    var sibling: Int32?
    if Int(leafCounts[Int(leaf)]) == leafCapacity {
      let right = split(leaf, level: 0)
      let leftCount = Int(leafCounts[Int(leaf)])
      if slot > leftCount {
        sibling = leaf
        leaf = right
        slot -= leftCount
      } else {
        sibling = right
      }
    }
    let base = Int(leaf) * leafCapacity
    let count = Int(leafCounts[Int(leaf)])
    var moving = count
    while moving > slot {
      elements[base + moving] = elements[base + moving - 1]
      moving -= 1
    }
    elements[base + slot] = element
    leafCounts[Int(leaf)] += 1
    track(element, in: leaf)
    elementCount += 1
    refreshSummaries(from: leaf)
    if let sibling { refreshSummaries(from: sibling) }
    checkInvariantsInDebugBuilds()
  }

  /// Removes the element at `position` and returns it.
  @discardableResult
  mutating func remove(at position: Position) -> Element {
    let (leaf, slot) = (position.leaf, position.slot)
    precondition(leaf >= 0 && slot >= 0 && slot < Int(leafCounts[Int(leaf)]), "no element at \(position)")
    let base = Int(leaf) * leafCapacity
    let removed = elements[base + slot]
    let count = Int(leafCounts[Int(leaf)])
    for moving in slot..<(count - 1) { elements[base + moving] = elements[base + moving + 1] }
    elements[base + count - 1] = .unused
    leafCounts[Int(leaf)] -= 1
    if let handle = removed.handle { handleLeaves[Int(handle)] = -1 }
    elementCount -= 1
    if elementCount == 0 {
      removeAll()
    } else {
      refreshSummaries(from: leaf)
      rebalance(leaf, level: 0)
    }
    checkInvariantsInDebugBuilds()
    return removed
  }

  /// Removes every element, keeping the storage's capacity.
  mutating func removeAll() {
    elements.removeAll(keepingCapacity: true)
    leafCounts.removeAll(keepingCapacity: true)
    leafParents.removeAll(keepingCapacity: true)
    freeLeaves.removeAll(keepingCapacity: true)
    children.removeAll(keepingCapacity: true)
    childCounts.removeAll(keepingCapacity: true)
    childSums.removeAll(keepingCapacity: true)
    innerCounts.removeAll(keepingCapacity: true)
    innerParents.removeAll(keepingCapacity: true)
    freeInners.removeAll(keepingCapacity: true)
    for index in handleLeaves.indices { handleLeaves[index] = -1 }
    root = -1
    height = 0
    summary = .zero
    elementCount = 0
  }
}
