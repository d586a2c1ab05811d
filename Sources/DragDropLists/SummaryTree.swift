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

  // Leaves: `leafCapacity` slots each in `elements`.
  private var elements: [Element] = []
  private var leafCounts: [Int32] = []
  private var leafParents: [Int32] = []
  private var freeLeaves: [Int32] = []
  // Inner nodes: `innerCapacity` slots each in `children`, `childCounts` and `childSums`.
  private var children: [Int32] = []
  private var childCounts: [Int] = []
  private var childSums: [Value] = []
  private var innerCounts: [Int32] = []
  private var innerParents: [Int32] = []
  private var freeInners: [Int32] = []
  /// The leaf that holds each handle, by handle.
  private var handleLeaves: [Int32] = []

  /// The root, a leaf when ``height`` is 0; -1 when the tree is empty.
  private var root: Int32 = -1
  /// How many levels of inner nodes there are above the leaves.
  private var height = 0

  /// The summary of every element.
  private(set) var summary = Summary.zero
  /// How many elements there are.
  private(set) var elementCount = 0

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
    self.elements.reserveCapacity(leafTotal * leafCapacity)
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

  private static func summary(of element: Element) -> Summary { Summary(count: element.count, sum: element.sum) }

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

  // MARK: Nodes

  private mutating func allocateLeaf() -> Int32 {
    if let leaf = freeLeaves.popLast() {
      leafCounts[Int(leaf)] = 0
      leafParents[Int(leaf)] = -1
      return leaf
    }
    elements.append(contentsOf: repeatElement(.unused, count: leafCapacity))
    leafCounts.append(0)
    leafParents.append(-1)
    return Int32(leafCounts.count - 1)
  }

  private mutating func allocateInner() -> Int32 {
    if let node = freeInners.popLast() {
      innerCounts[Int(node)] = 0
      innerParents[Int(node)] = -1
      return node
    }
    children.append(contentsOf: repeatElement(-1, count: innerCapacity))
    childCounts.append(contentsOf: repeatElement(0, count: innerCapacity))
    childSums.append(contentsOf: repeatElement(.zero, count: innerCapacity))
    innerCounts.append(0)
    innerParents.append(-1)
    return Int32(innerCounts.count - 1)
  }

  private mutating func free(_ node: Int32, level: Int) {
    if level == 0 {
      leafCounts[Int(node)] = 0
      freeLeaves.append(node)
    } else {
      innerCounts[Int(node)] = 0
      freeInners.append(node)
    }
  }

  private mutating func track(_ element: Element, in leaf: Int32) {
    guard let handle = element.handle else { return }
    if Int(handle) >= handleLeaves.count {
      handleLeaves.append(contentsOf: repeatElement(-1, count: Int(handle) + 1 - handleLeaves.count))
    }
    handleLeaves[Int(handle)] = leaf
  }

  private func count(of node: Int32, level: Int) -> Int {
    level == 0 ? Int(leafCounts[Int(node)]) : Int(innerCounts[Int(node)])
  }

  private func capacity(atLevel level: Int) -> Int { level == 0 ? leafCapacity : innerCapacity }

  private func parent(of node: Int32, level: Int) -> Int32 {
    level == 0 ? leafParents[Int(node)] : innerParents[Int(node)]
  }

  private mutating func setParent(of node: Int32, atLevel level: Int, to parent: Int32) {
    if level == 0 { leafParents[Int(node)] = parent } else { innerParents[Int(node)] = parent }
  }

  private mutating func setEntry(_ node: Int32, _ slot: Int, child: Int32, _ childSummary: Summary) {
    let index = Int(node) * innerCapacity + slot
    children[index] = child
    childCounts[index] = childSummary.count
    childSums[index] = childSummary.sum
  }

  /// The summary of a node's entries, computed from them.
  private func computedSummary(of node: Int32, level: Int) -> Summary {
    var result = Summary.zero
    if level == 0 {
      let base = Int(node) * leafCapacity
      for slot in 0..<Int(leafCounts[Int(node)]) { result = result + Self.summary(of: elements[base + slot]) }
    } else {
      let base = Int(node) * innerCapacity
      for slot in 0..<Int(innerCounts[Int(node)]) {
        result = result + Summary(count: childCounts[base + slot], sum: childSums[base + slot])
      }
    }
    return result
  }

  /// The slot of `child` in its parent.
  private func slot(of child: Int32, in parent: Int32) -> Int {
    let base = Int(parent) * innerCapacity
    var slot = 0
    while children[base + slot] != child { slot += 1 }
    return slot
  }

  /// Recomputes the summaries from `leaf` up to the root, each from its parts.
  private mutating func refreshSummaries(from leaf: Int32) {
    var node = leaf
    var level = 0
    while true {
      let nodeSummary = computedSummary(of: node, level: level)
      let parent = parent(of: node, level: level)
      guard parent >= 0 else {
        summary = nodeSummary
        return
      }
      let index = Int(parent) * innerCapacity + slot(of: node, in: parent)
      childCounts[index] = nodeSummary.count
      childSums[index] = nodeSummary.sum
      node = parent
      level += 1
    }
  }

  /// Moves `count` entries from `source`'s slot `from` to `destination`'s slot `to`
  /// (nodes of one level; the destination's entries from `to` on must be free), keeping
  /// parents and handles right. Counts are the caller's.
  private mutating func transfer(
    _ count: Int, level: Int, from source: Int32, _ from: Int, to destination: Int32, _ to: Int
  ) {
    if level == 0 {
      for offset in 0..<count {
        let element = elements[Int(source) * leafCapacity + from + offset]
        elements[Int(destination) * leafCapacity + to + offset] = element
        elements[Int(source) * leafCapacity + from + offset] = .unused
        track(element, in: destination)
      }
    } else {
      for offset in 0..<count {
        let (s, d) = (Int(source) * innerCapacity + from + offset, Int(destination) * innerCapacity + to + offset)
        children[d] = children[s]
        childCounts[d] = childCounts[s]
        childSums[d] = childSums[s]
        setParent(of: children[d], atLevel: level - 1, to: destination)
      }
    }
  }

  /// Shifts a node's entries from `slot` on by `distance` slots (right when positive).
  private mutating func shiftEntries(of node: Int32, level: Int, from slot: Int, by distance: Int) {
    let filled = count(of: node, level: level)
    guard slot < filled else { return }
    if distance > 0 {
      for index in stride(from: filled - 1, through: slot, by: -1) {
        transfer(1, level: level, from: node, index, to: node, index + distance)
      }
    } else {
      for index in slot..<filled { transfer(1, level: level, from: node, index, to: node, index + distance) }
    }
  }

  private mutating func setCount(_ count: Int, of node: Int32, level: Int) {
    if level == 0 { leafCounts[Int(node)] = Int32(count) } else { innerCounts[Int(node)] = Int32(count) }
  }

  /// Splits a full node in two halves; the new right half goes into the parent after it
  /// (a new root when the node was the root), the summaries on the way are refreshed by the
  /// caller. Returns the right half.
  private mutating func split(_ node: Int32, level: Int) -> Int32 {
    let right = level == 0 ? allocateLeaf() : allocateInner()
    let filled = count(of: node, level: level)
    let keep = (filled + 1) / 2
    transfer(filled - keep, level: level, from: node, keep, to: right, 0)
    setCount(keep, of: node, level: level)
    setCount(filled - keep, of: right, level: level)
    var parent = parent(of: node, level: level)
    if parent < 0 {
      parent = allocateInner()
      setEntry(parent, 0, child: node, computedSummary(of: node, level: level))
      innerCounts[Int(parent)] = 1
      setParent(of: node, atLevel: level, to: parent)
      root = parent
      height += 1
    } else if Int(innerCounts[Int(parent)]) == innerCapacity {
      _ = split(parent, level: level + 1)
      // The node went to whichever half now holds it.
      parent = self.parent(of: node, level: level)
    }
    let slot = slot(of: node, in: parent)
    shiftEntries(of: parent, level: level + 1, from: slot + 1, by: 1)
    innerCounts[Int(parent)] += 1
    setEntry(parent, slot + 1, child: right, computedSummary(of: right, level: level))
    setParent(of: right, atLevel: level, to: parent)
    let leftIndex = Int(parent) * innerCapacity + slot
    let leftSummary = computedSummary(of: node, level: level)
    childCounts[leftIndex] = leftSummary.count
    childSums[leftIndex] = leftSummary.sum
    refreshInnerSummaries(from: parent, level: level + 1)
    return right
  }

  /// Recomputes the summaries from inner node `node` up to the root.
  private mutating func refreshInnerSummaries(from node: Int32, level: Int) {
    var node = node
    var level = level
    while true {
      let nodeSummary = computedSummary(of: node, level: level)
      let parent = parent(of: node, level: level)
      guard parent >= 0 else {
        summary = nodeSummary
        return
      }
      let index = Int(parent) * innerCapacity + slot(of: node, in: parent)
      childCounts[index] = nodeSummary.count
      childSums[index] = nodeSummary.sum
      node = parent
      level += 1
    }
  }

  /// Restores the fill of a node that lost an entry: a node under a quarter full takes
  /// entries from a neighbour, or merges with it, and a root of one child gives way to it.
  private mutating func rebalance(_ node: Int32, level: Int) {
    let parent = parent(of: node, level: level)
    guard parent >= 0 else {
      // The root: an inner root of one child gives way to it.
      if level > 0 && innerCounts[Int(node)] == 1 {
        let child = children[Int(node) * innerCapacity]
        setParent(of: child, atLevel: level - 1, to: -1)
        free(node, level: level)
        root = child
        height -= 1
        rebalance(child, level: level - 1)
      }
      return
    }
    let capacity = capacity(atLevel: level)
    guard count(of: node, level: level) < max(1, capacity / 4) else { return }
    let slot = slot(of: node, in: parent)
    let parentCount = Int(innerCounts[Int(parent)])
    if count(of: node, level: level) == 0 {
      // An empty node leaves its parent.
      for index in (slot + 1)..<parentCount {
        transfer(1, level: level + 1, from: parent, index, to: parent, index - 1)
      }
      innerCounts[Int(parent)] -= 1
      free(node, level: level)
      refreshInnerSummaries(from: parent, level: level + 1)
      rebalance(parent, level: level + 1)
      return
    }
    // A node alone under its parent (which only nodes of fewer than 8 entries allow) has
    // no neighbour to share with; the parent may be a root that gives way to it.
    guard parentCount > 1 else {
      rebalance(parent, level: level + 1)
      return
    }
    let (left, right) =
      slot > 0
      ? (children[Int(parent) * innerCapacity + slot - 1], node)
      : (node, children[Int(parent) * innerCapacity + slot + 1])
    let rightSlot = slot > 0 ? slot : slot + 1
    let (leftCount, rightCount) = (self.count(of: left, level: level), self.count(of: right, level: level))
    if leftCount + rightCount <= capacity {
      // Merge the right node into the left one, and take it out of the parent.
      transfer(rightCount, level: level, from: right, 0, to: left, leftCount)
      setCount(leftCount + rightCount, of: left, level: level)
      setCount(0, of: right, level: level)
      free(right, level: level)
      for index in (rightSlot + 1)..<parentCount {
        transfer(1, level: level + 1, from: parent, index, to: parent, index - 1)
      }
      innerCounts[Int(parent)] -= 1
      let leftIndex = Int(parent) * innerCapacity + rightSlot - 1
      let leftSummary = computedSummary(of: left, level: level)
      childCounts[leftIndex] = leftSummary.count
      childSums[leftIndex] = leftSummary.sum
      refreshInnerSummaries(from: parent, level: level + 1)
      rebalance(parent, level: level + 1)
    } else {
      // Share the entries evenly between the two.
      let total = leftCount + rightCount
      let newLeft = total / 2
      if leftCount > newLeft {
        let moving = leftCount - newLeft
        shiftEntries(of: right, level: level, from: 0, by: moving)
        transfer(moving, level: level, from: left, newLeft, to: right, 0)
      } else {
        let moving = newLeft - leftCount
        transfer(moving, level: level, from: right, 0, to: left, leftCount)
        setCount(rightCount, of: right, level: level)
        shiftEntries(of: right, level: level, from: moving, by: -moving)
      }
      setCount(newLeft, of: left, level: level)
      setCount(total - newLeft, of: right, level: level)
      for (child, childSlot) in [(left, rightSlot - 1), (right, rightSlot)] {
        let index = Int(parent) * innerCapacity + childSlot
        let childSummary = computedSummary(of: child, level: level)
        childCounts[index] = childSummary.count
        childSums[index] = childSummary.sum
      }
      refreshInnerSummaries(from: parent, level: level + 1)
    }
  }

  // MARK: Invariants

  /// The first broken invariant of the tree, described; nil when every one holds: each
  /// node's fill, each child's parent, each summary against its parts, the totals, and the
  /// leaf of each handle.
  var brokenInvariant: String? {
    func require(_ condition: Bool, _ description: @autoclosure () -> String) throws(BrokenInvariant) {
      if !condition { throw BrokenInvariant(description: description()) }
    }
    var elementsSeen = 0
    func check(_ node: Int32, level: Int) throws(BrokenInvariant) -> Summary {
      let count = self.count(of: node, level: level)
      try require(count >= 1 && count <= capacity(atLevel: level), "node \(node) at level \(level) holds \(count)")
      // A node below the root is at least a quarter full, unless it is its parent's only
      // child (which only nodes of fewer than 8 entries allow).
      let above = self.parent(of: node, level: level)
      if above >= 0 && innerCounts[Int(above)] > 1 {
        try require(
          count >= max(1, capacity(atLevel: level) / 4), "node \(node) at level \(level) is under a quarter full")
      }
      if level == 0 {
        let base = Int(node) * leafCapacity
        for slot in 0..<count {
          if let handle = elements[base + slot].handle {
            try require(handleLeaves[Int(handle)] == node, "handle \(handle) is not tracked in leaf \(node)")
          }
        }
        elementsSeen += count
        return computedSummary(of: node, level: 0)
      }
      var total = Summary.zero
      let base = Int(node) * innerCapacity
      for slot in 0..<count {
        let child = children[base + slot]
        try require(
          self.parent(of: child, level: level - 1) == node, "child \(child) does not name its parent \(node)")
        let childSummary = try check(child, level: level - 1)
        try require(
          childSummary == Summary(count: childCounts[base + slot], sum: childSums[base + slot]),
          "the summary of child \(child) of node \(node) is stale")
        total = total + childSummary
      }
      return total
    }
    do {
      guard root >= 0 else {
        try require(elementCount == 0 && summary == .zero, "an empty tree has a summary or elements")
        return nil
      }
      try require(parent(of: root, level: height) == -1, "the root has a parent")
      try require(try check(root, level: height) == summary, "the tree's summary is stale")
      try require(elementsSeen == elementCount, "the tree counts \(elementCount) elements but holds \(elementsSeen)")
      return nil
    } catch {
      return error.description
    }
  }

  /// Stops the program when an invariant is broken, naming it.
  func checkInvariants() {
    if let brokenInvariant { preconditionFailure("summary tree: \(brokenInvariant)") }
  }

  private func checkInvariantsInDebugBuilds() {
    #if DEBUG
      if elementCount <= 4_096 { checkInvariants() }
    #endif
  }
}

/// A broken invariant of a ``SummaryTree``, described.
private struct BrokenInvariant: Error {
  var description: String
}
