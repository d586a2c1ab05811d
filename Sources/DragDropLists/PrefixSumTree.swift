/// A sequence of non-negative extents (row heights, say) kept in a balanced tree of prefix
/// sums, so that every query and every edit costs O(log n):
///
/// - the extent of element `i`, and the sum of those before it (its offset);
/// - the element that covers a given offset;
/// - inserting, removing, moving and resizing an element.
///
/// It is an implicit treap stored in one flat array of 32-byte nodes, one cache line for two,
/// so a walk down the tree touches one line a level, with no per-node allocation. Building
/// from an array is O(n) and yields a perfectly balanced tree.
///
/// A node holds a *run* of up to 32,767 elements of one extent. A tree built from an array
/// has a run for each stretch of equal extents; a tree of `count` elements of one extent,
/// such as the rows of a table of one row height, or its estimated rows not yet measured,
/// is built from `count / 32,767` nodes, so ten million rows cost a few hundred nodes. An
/// element inserted inside or beside a run of its own extent joins it; an edit that
/// changes an element inside a run cuts it. Each run also says whether its extent is an
/// estimate: setting an element's extent makes it exact.
///
/// Edits adjust the sums of the nodes they pass by the extent added or removed. Extents
/// whose sums are exact in floating point (whole numbers and halves, as row heights are)
/// never drift; others round as any running sum does, by about one part in 10^16 an edit.
struct PrefixSumTree: Sendable, Equatable {
  private typealias Node = Int32
  private static let none: Node = -1

  /// The longest run one node holds.
  static let maximumRun = 0x7FFF
  private static let estimatedFlag: UInt16 = 0x8000

  /// A node: the extent of each element of its run, the sum and element count of its
  /// subtree, its children, its heap priority, and its run's length with the estimate flag
  /// in the top bit.
  private struct NodeData: Sendable {
    var extent: Double
    var sum = 0.0
    var size: Int32 = 0
    var left: Int32 = PrefixSumTree.none
    var right: Int32 = PrefixSumTree.none
    var priority: UInt16 = 0
    var runAndFlag: UInt16 = 1

    var run: Int32 { Int32(runAndFlag & 0x7FFF) }
    var isEstimated: Bool { runAndFlag & PrefixSumTree.estimatedFlag != 0 }
    /// The sum of the run's extents.
    var own: Double { Double(run) * extent }

    init(extent: Double, run: Int = 1, estimated: Bool = false) {
      self.extent = extent
      runAndFlag = UInt16(run) | (estimated ? PrefixSumTree.estimatedFlag : 0)
    }

    mutating func setRun(_ run: Int32) {
      runAndFlag = (runAndFlag & PrefixSumTree.estimatedFlag) | UInt16(run)
    }
  }

  private var nodes: [NodeData] = []
  private var free: [Node] = []
  private var root: Node = none
  private var generator = SplitMix(state: 0x5EED)

  /// An empty tree.
  init() {}

  /// A tree of `extents`, in order. Negative and non-finite extents count as 0. Equal
  /// neighbours share a node.
  init(_ extents: some Collection<Double>) {
    for value in extents {
      let extent = Self.sanitized(value)
      if let last = nodes.indices.last, nodes[last].extent == extent, nodes[last].run < Self.maximumRun {
        nodes[last].setRun(nodes[last].run + 1)
      } else {
        nodes.append(NodeData(extent: extent))
      }
    }
    // An eighth to spare: the insertions that follow a reload (placeholders, drops) then
    // add nodes without copying the whole tree.
    nodes.reserveCapacity(nodes.count + nodes.count / 8 + 16)
    root = build(0, nodes.count, depth: 0)
  }

  /// `count` elements of the same extent, in runs: O(count / 32,767). With `estimated`, each
  /// element's extent is an estimate until it is set (``isEstimated(at:)``).
  init(repeating value: Double, count: Int, estimated: Bool = false) {
    self.init(repeating: value, count: count, estimated: estimated, runLimit: Self.maximumRun)
  }

  /// The same, with runs of at most `runLimit` (1...32,767) elements.
  init(repeating value: Double, count: Int, estimated: Bool, runLimit: Int) {
    let runLimit = max(1, min(Self.maximumRun, runLimit))
    let count = max(0, count)
    let runs = (count + runLimit - 1) / runLimit
    nodes.reserveCapacity(runs + 16)
    var left = count
    for _ in 0..<runs {
      let run = min(left, runLimit)
      nodes.append(NodeData(extent: Self.sanitized(value), run: run, estimated: estimated))
      left -= run
    }
    root = build(0, nodes.count, depth: 0)
  }

  /// Builds a balanced subtree over elements `lo..<hi`; nodes are numbered by position, and
  /// priorities fall with depth so the heap order holds.
  private mutating func build(_ lo: Int, _ hi: Int, depth: UInt32) -> Node {
    guard lo < hi else { return Self.none }
    let mid = (lo + hi) / 2
    let node = Node(mid)
    nodes[mid].priority = UInt16.max - UInt16(min(depth, 1000)) &* 8
    nodes[mid].left = build(lo, mid, depth: depth + 1)
    nodes[mid].right = build(mid + 1, hi, depth: depth + 1)
    update(node)
    return node
  }

  // MARK: Queries

  /// The number of elements.
  var count: Int { Int(sizeOf(root)) }

  var isEmpty: Bool { root == Self.none }

  /// The sum of every extent.
  var total: Double { sumOf(root) }

  /// The extent of element `index`; nil when out of range.
  func extent(at index: Int) -> Double? {
    guard let (node, _) = node(at: index) else { return nil }
    return nodes[Int(node)].extent
  }

  /// Whether the extent of element `index` is an estimate, not yet set; false when out of
  /// range.
  func isEstimated(at index: Int) -> Bool {
    guard let (node, _) = node(at: index) else { return false }
    return nodes[Int(node)].isEstimated
  }

  /// The sum of the extents before element `index`; `index == count` gives the total. Nil
  /// when out of range.
  func offset(of index: Int) -> Double? {
    guard index >= 0, index <= count else { return nil }
    var node = root
    var remaining = Int32(index)
    var offset = 0.0
    while node != Self.none {
      let n = Int(node)
      let l = nodes[n].left
      let leftSize = sizeOf(l)
      if remaining < leftSize {
        node = l
      } else if remaining < leftSize + nodes[n].run {
        return offset + sumOf(l) + Double(remaining - leftSize) * nodes[n].extent
      } else {
        offset += sumOf(l) + nodes[n].own
        remaining -= leftSize + nodes[n].run
        node = nodes[n].right
      }
    }
    return offset
  }

  /// The offset and the extent of element `index` in one walk down the tree; nil when out
  /// of range.
  func element(at index: Int) -> (offset: Double, extent: Double)? {
    guard index >= 0, index < count else { return nil }
    var node = root
    var remaining = Int32(index)
    var offset = 0.0
    while node != Self.none {
      let n = Int(node)
      let l = nodes[n].left
      let leftSize = sizeOf(l)
      if remaining < leftSize {
        node = l
      } else if remaining < leftSize + nodes[n].run {
        return (offset + sumOf(l) + Double(remaining - leftSize) * nodes[n].extent, nodes[n].extent)
      } else {
        offset += sumOf(l) + nodes[n].own
        remaining -= leftSize + nodes[n].run
        node = nodes[n].right
      }
    }
    return nil
  }

  /// The element covering `position`, and the position's distance into it. Positions
  /// before 0 or at or past the total cover nothing. Elements of extent 0 cover nothing.
  func index(covering position: Double) -> (index: Int, offsetInElement: Double)? {
    guard position >= 0, position < total else { return nil }
    var node = root
    var remaining = position
    var before: Int32 = 0
    while node != Self.none {
      let n = Int(node)
      let leftSum = sumOf(nodes[n].left)
      if remaining < leftSum {
        node = nodes[n].left
      } else if remaining < leftSum + nodes[n].own {
        let within = remaining - leftSum
        let extent = nodes[n].extent
        // Within the run: the element the position falls in, by division, kept in the run
        // where rounding would put it one past.
        var i = Int32(min(Double(nodes[n].run - 1), (within / extent).rounded(.down)))
        if Double(i) * extent > within { i -= 1 }
        return (Int(before + sizeOf(nodes[n].left) + i), within - Double(i) * extent)
      } else {
        remaining -= leftSum + nodes[n].own
        before += sizeOf(nodes[n].left) + nodes[n].run
        node = nodes[n].right
      }
    }
    // Rounding at the very end: the last element with a positive extent.
    return lastPositive()
  }

  private func lastPositive() -> (index: Int, offsetInElement: Double)? {
    var index = count - 1
    while index >= 0 {
      if let value = extent(at: index), value > 0 { return (index, value) }
      index -= 1
    }
    return nil
  }

  /// Every extent, in order.
  var extents: [Double] {
    var result: [Double] = []
    result.reserveCapacity(count)
    var stack: [Node] = []
    var node = root
    while node != Self.none || !stack.isEmpty {
      while node != Self.none {
        stack.append(node)
        node = nodes[Int(node)].left
      }
      node = stack.removeLast()
      result.append(contentsOf: repeatElement(nodes[Int(node)].extent, count: Int(nodes[Int(node)].run)))
      node = nodes[Int(node)].right
    }
    return result
  }

  /// Bytes of storage per element, the spare capacity of the arrays included.
  var bytesPerElement: Double {
    let capacity =
      Double(nodes.capacity * MemoryLayout<NodeData>.stride) + Double(free.capacity * MemoryLayout<Node>.stride)
    return count == 0 ? 0 : capacity / Double(count)
  }

  // MARK: Edits

  /// Inserts an element at `index` (0...count); returns false, changing nothing, when the
  /// index is out of range.
  @discardableResult
  mutating func insert(_ value: Double, at index: Int) -> Bool {
    insert(value, at: index, estimated: false)
  }

  /// Inserts an element at `index` (0...count), its extent an estimate or not; false,
  /// changing nothing, when the index is out of range.
  @discardableResult
  mutating func insert(_ value: Double, at index: Int, estimated: Bool) -> Bool {
    guard index >= 0, index <= count else { return false }
    let extent = Self.sanitized(value)
    let priority = UInt16(truncatingIfNeeded: generator.next())
    // Walk down while the nodes outrank the new one, counting it into each node passed;
    // where it outranks the next node, that subtree splits around it. Counting on the way
    // down touches one node a level, where recomputing would read both children too.
    var parent = Self.none
    var parentIsLeft = false
    var current = root
    var k = Int32(index)
    while current != Self.none && nodes[Int(current)].priority >= priority {
      let c = Int(current)
      let within = k - sizeOf(nodes[c].left)
      if within >= 0 && within <= nodes[c].run {
        // Inside or beside a run of the same extent: the element joins it.
        if nodes[c].extent == extent && nodes[c].isEstimated == estimated && nodes[c].run < Self.maximumRun {
          nodes[c].setRun(nodes[c].run + 1)
          nodes[c].size += 1
          nodes[c].sum += extent
          return true
        }
        // An insertion inside a run cuts it: the rest of the run becomes the right child.
        if within > 0 && within < nodes[c].run { cutRun(current, keeping: within) }
      }
      nodes[c].size += 1
      nodes[c].sum += extent
      parent = current
      parentIsLeft = k <= sizeOf(nodes[c].left)
      current = stepDown(from: current, k: &k, toLeft: parentIsLeft)
    }
    let node = allocate(extent, estimated: estimated, priority: priority)
    let (l, r) = split(current, k)
    nodes[Int(node)].left = l
    nodes[Int(node)].right = r
    update(node)
    attach(node, to: parent, left: parentIsLeft)
    return true
  }

  /// Removes the element at `index`; returns its extent, or nil when out of range.
  @discardableResult
  mutating func remove(at index: Int) -> Double? {
    removeElement(at: index)?.extent
  }

  /// Removes the element at `index`; returns its extent and whether it was an estimate.
  private mutating func removeElement(at index: Int) -> (extent: Double, estimated: Bool)? {
    guard index >= 0, index < count, let (found, _) = node(at: index) else { return nil }
    // Find the node, taking the element out of the count of each node passed; one of a
    // longer run shortens it, and a node of one is replaced by its children merged.
    let value = nodes[Int(found)].extent
    let estimated = nodes[Int(found)].isEstimated
    var parent = Self.none
    var parentIsLeft = false
    var current = root
    var k = Int32(index)
    while current != Self.none {
      let c = Int(current)
      let leftSize = sizeOf(nodes[c].left)
      nodes[c].size -= 1
      nodes[c].sum -= value
      if k >= leftSize && k < leftSize + nodes[c].run {
        if nodes[c].run > 1 {
          nodes[c].setRun(nodes[c].run - 1)
          return (value, estimated)
        }
        break
      }
      parent = current
      parentIsLeft = k < leftSize
      current = stepDown(from: current, k: &k, toLeft: parentIsLeft)
    }
    let merged = merge(nodes[Int(current)].left, nodes[Int(current)].right)
    free.append(current)
    attach(merged, to: parent, left: parentIsLeft)
    return (value, estimated)
  }

  /// One step down the tree: into the left subtree, or into the right one with `k` counted
  /// past the node and its left subtree.
  private func stepDown(from node: Node, k: inout Int32, toLeft: Bool) -> Node {
    if toLeft { return nodes[Int(node)].left }
    k -= sizeOf(nodes[Int(node)].left) + nodes[Int(node)].run
    return nodes[Int(node)].right
  }

  /// Cuts a node's run after its first `keep` elements: the rest becomes a node of the same
  /// priority and extent, the right child, with the old right subtree below it. The
  /// subtree's size and sum do not change.
  private mutating func cutRun(_ node: Node, keeping keep: Int32) {
    let n = Int(node)
    let rest = allocate(nodes[n].extent, estimated: nodes[n].isEstimated)
    let r = Int(rest)
    nodes[r].setRun(nodes[n].run - keep)
    nodes[r].priority = nodes[n].priority
    nodes[r].right = nodes[n].right
    update(rest)
    nodes[n].setRun(keep)
    nodes[n].right = rest
    update(node)
  }

  private mutating func attach(_ node: Node, to parent: Node, left isLeft: Bool) {
    if parent == Self.none {
      root = node
    } else if isLeft {
      nodes[Int(parent)].left = node
    } else {
      nodes[Int(parent)].right = node
    }
  }

  /// Sets the extent of element `index`; false when out of range.
  @discardableResult
  mutating func setExtent(_ value: Double, at index: Int) -> Bool {
    guard let (found, _) = node(at: index) else { return false }
    // The same exact extent: nothing changes, and no run is cut.
    if nodes[Int(found)].extent == Self.sanitized(value) && !nodes[Int(found)].isEstimated { return true }
    if nodes[Int(found)].run > 1 {
      // Inside a longer run: the element leaves it and comes back, exact, in a node of its own.
      _ = removeElement(at: index)
      return insert(value, at: index, estimated: false)
    }
    let delta = Self.sanitized(value) - nodes[Int(found)].extent
    // Every node from the root down to the element covers it: each sum moves by the change.
    var node = root
    var remaining = Int32(index)
    while node != Self.none {
      let n = Int(node)
      nodes[n].sum += delta
      let leftSize = sizeOf(nodes[n].left)
      if remaining < leftSize {
        node = nodes[n].left
      } else if remaining == leftSize {
        nodes[n].extent = Self.sanitized(value)
        nodes[n].runAndFlag = 1
        break
      } else {
        remaining -= leftSize + nodes[n].run
        node = nodes[n].right
      }
    }
    return true
  }

  /// Moves the element at `source` so that it ends at `destination` (both indexes in the
  /// sequence before the move, `destination` being where it lands after removal).
  @discardableResult
  mutating func move(from source: Int, to destination: Int) -> Bool {
    guard source >= 0, source < count, destination >= 0, destination < count else { return false }
    guard let (value, estimated) = removeElement(at: source) else { return false }
    return insert(value, at: destination, estimated: estimated)
  }

  // MARK: Treap internals

  private func sizeOf(_ node: Node) -> Int32 { node == Self.none ? 0 : nodes[Int(node)].size }
  private func sumOf(_ node: Node) -> Double { node == Self.none ? 0 : nodes[Int(node)].sum }

  private mutating func update(_ node: Node) {
    let n = Int(node)
    nodes[n].size = nodes[n].run + sizeOf(nodes[n].left) + sizeOf(nodes[n].right)
    nodes[n].sum = nodes[n].own + sumOf(nodes[n].left) + sumOf(nodes[n].right)
  }

  private mutating func allocate(_ value: Double, estimated: Bool = false, priority: UInt16? = nil) -> Node {
    let node: Node
    if let reused = free.popLast() {
      node = reused
    } else {
      node = Node(nodes.count)
      nodes.append(NodeData(extent: 0))
    }
    let n = Int(node)
    nodes[n] = NodeData(extent: value, estimated: estimated)
    nodes[n].priority = priority ?? UInt16(truncatingIfNeeded: generator.next())
    nodes[n].left = Self.none
    nodes[n].right = Self.none
    update(node)
    return node
  }

  /// Splits off the first `k` elements; a run that `k` falls inside is cut.
  private mutating func split(_ node: Node, _ k: Int32) -> (Node, Node) {
    guard node != Self.none else { return (Self.none, Self.none) }
    let n = Int(node)
    let within = k - sizeOf(nodes[n].left)
    if within > 0 && within < nodes[n].run { cutRun(node, keeping: within) }
    if sizeOf(nodes[n].left) >= k {
      let (l, r) = split(nodes[n].left, k)
      nodes[n].left = r
      update(node)
      return (l, node)
    } else {
      let (l, r) = split(nodes[n].right, k - sizeOf(nodes[n].left) - nodes[n].run)
      nodes[n].right = l
      update(node)
      return (node, r)
    }
  }

  private mutating func merge(_ a: Node, _ b: Node) -> Node {
    if a == Self.none { return b }
    if b == Self.none { return a }
    if nodes[Int(a)].priority > nodes[Int(b)].priority {
      nodes[Int(a)].right = merge(nodes[Int(a)].right, b)
      update(a)
      return a
    } else {
      nodes[Int(b)].left = merge(a, nodes[Int(b)].left)
      update(b)
      return b
    }
  }

  /// The node whose run holds element `index`, and the element's place in the run.
  private func node(at index: Int) -> (Node, Int32)? {
    guard index >= 0, index < count else { return nil }
    var node = root
    var remaining = Int32(index)
    while node != Self.none {
      let leftSize = sizeOf(nodes[Int(node)].left)
      if remaining < leftSize {
        node = nodes[Int(node)].left
      } else if remaining < leftSize + nodes[Int(node)].run {
        return (node, remaining - leftSize)
      } else {
        remaining -= leftSize + nodes[Int(node)].run
        node = nodes[Int(node)].right
      }
    }
    return nil
  }

  private static func sanitized(_ value: Double) -> Double {
    value.isFinite && value > 0 ? value : 0
  }

  /// Trees are equal when they hold the same extents in the same order.
  static func == (lhs: PrefixSumTree, rhs: PrefixSumTree) -> Bool {
    lhs.count == rhs.count && lhs.extents == rhs.extents
  }
}

/// A small deterministic generator for treap priorities.
private struct SplitMix: Sendable {
  var state: UInt64
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
