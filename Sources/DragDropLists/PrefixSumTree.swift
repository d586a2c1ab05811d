/// A sequence of non-negative extents (row heights, say) kept in a balanced tree of prefix
/// sums, so that every query and every edit costs O(log n):
///
/// - the extent of element `i`, and the sum of those before it (its offset);
/// - the element that covers a given offset;
/// - inserting, removing, moving and resizing an element.
///
/// It is an implicit treap stored in flat arrays: 32 bytes an element, with no per-node
/// allocation. Building from an array is O(n) and yields a perfectly balanced tree.
public struct PrefixSumTree: Sendable, Equatable {
  private typealias Node = Int32
  private static let none: Node = -1

  private var extent: [Double] = []
  private var sum: [Double] = []
  private var size: [Int32] = []
  private var priority: [UInt32] = []
  private var left: [Node] = []
  private var right: [Node] = []
  private var free: [Node] = []
  private var root: Node = none
  private var generator = SplitMix(state: 0x5EED)

  /// An empty tree.
  public init() {}

  /// A tree of `extents`, in order. Negative and non-finite extents count as 0.
  public init(_ extents: some Collection<Double>) {
    let values = extents.map(Self.sanitized)
    let count = values.count
    extent = values
    sum = Array(repeating: 0, count: count)
    size = Array(repeating: 0, count: count)
    priority = Array(repeating: 0, count: count)
    left = Array(repeating: Self.none, count: count)
    right = Array(repeating: Self.none, count: count)
    root = build(0, count, depth: 0)
  }

  /// `count` elements of the same extent.
  public init(repeating value: Double, count: Int) {
    self.init(repeatElement(value, count: max(0, count)))
  }

  /// Builds a balanced subtree over elements `lo..<hi`; nodes are numbered by position, and
  /// priorities fall with depth so the heap order holds.
  private mutating func build(_ lo: Int, _ hi: Int, depth: UInt32) -> Node {
    guard lo < hi else { return Self.none }
    let mid = (lo + hi) / 2
    let node = Node(mid)
    priority[mid] = UInt32.max - depth &* 64
    left[mid] = build(lo, mid, depth: depth + 1)
    right[mid] = build(mid + 1, hi, depth: depth + 1)
    update(node)
    return node
  }

  // MARK: Queries

  /// The number of elements.
  public var count: Int { Int(sizeOf(root)) }

  public var isEmpty: Bool { root == Self.none }

  /// The sum of every extent.
  public var total: Double { sumOf(root) }

  /// The extent of element `index`; nil when out of range.
  public func extent(at index: Int) -> Double? {
    guard let node = node(at: index) else { return nil }
    return extent[Int(node)]
  }

  /// The sum of the extents before element `index`; `index == count` gives the total. Nil
  /// when out of range.
  public func offset(of index: Int) -> Double? {
    guard index >= 0, index <= count else { return nil }
    var node = root
    var remaining = Int32(index)
    var offset = 0.0
    while node != Self.none {
      let l = left[Int(node)]
      let leftSize = sizeOf(l)
      if remaining <= leftSize {
        if remaining == leftSize {
          return offset + sumOf(l)
        }
        node = l
      } else {
        offset += sumOf(l) + extent[Int(node)]
        remaining -= leftSize + 1
        node = right[Int(node)]
      }
    }
    return offset
  }

  /// The element covering `position`, and the position's distance into it. Positions
  /// before 0 or at or past the total cover nothing. Elements of extent 0 cover nothing.
  public func index(covering position: Double) -> (index: Int, offsetInElement: Double)? {
    guard position >= 0, position < total else { return nil }
    var node = root
    var remaining = position
    var before: Int32 = 0
    while node != Self.none {
      let n = Int(node)
      let leftSum = sumOf(left[n])
      if remaining < leftSum {
        node = left[n]
      } else if remaining < leftSum + extent[n] {
        return (Int(before + sizeOf(left[n])), remaining - leftSum)
      } else {
        remaining -= leftSum + extent[n]
        before += sizeOf(left[n]) + 1
        node = right[n]
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
  public var extents: [Double] {
    var result: [Double] = []
    result.reserveCapacity(count)
    var stack: [Node] = []
    var node = root
    while node != Self.none || !stack.isEmpty {
      while node != Self.none {
        stack.append(node)
        node = left[Int(node)]
      }
      node = stack.removeLast()
      result.append(extent[Int(node)])
      node = right[Int(node)]
    }
    return result
  }

  /// Bytes of storage per element, the spare capacity of the arrays included.
  public var bytesPerElement: Double {
    let capacity =
      Double(extent.capacity + sum.capacity) * 8 + Double(size.capacity + priority.capacity) * 4
      + Double(left.capacity + right.capacity + free.capacity) * 4
    return count == 0 ? 0 : capacity / Double(count)
  }

  // MARK: Edits

  /// Inserts an element at `index` (0...count); returns false, changing nothing, when the
  /// index is out of range.
  @discardableResult
  public mutating func insert(_ value: Double, at index: Int) -> Bool {
    guard index >= 0, index <= count else { return false }
    let node = allocate(Self.sanitized(value))
    // Walk down while the nodes outrank the new one; where it outranks the next node, that
    // subtree splits around it. The nodes passed are recomputed on the way back up, so sums
    // never drift.
    var path: [Node] = []
    var parent = Self.none
    var parentIsLeft = false
    var current = root
    var k = Int32(index)
    while current != Self.none && priority[Int(current)] >= priority[Int(node)] {
      let c = Int(current)
      path.append(current)
      parent = current
      parentIsLeft = k <= sizeOf(left[c])
      current = stepDown(from: current, k: &k, toLeft: parentIsLeft)
    }
    let (l, r) = split(current, k)
    left[Int(node)] = l
    right[Int(node)] = r
    update(node)
    attach(node, to: parent, left: parentIsLeft)
    for passed in path.reversed() { update(passed) }
    return true
  }

  /// Removes the element at `index`; returns its extent, or nil when out of range.
  @discardableResult
  public mutating func remove(at index: Int) -> Double? {
    guard index >= 0, index < count else { return nil }
    // Find the node, then merge its children into its place and recompute the nodes passed.
    var path: [Node] = []
    var parent = Self.none
    var parentIsLeft = false
    var current = root
    var k = Int32(index)
    while current != Self.none {
      let c = Int(current)
      let leftSize = sizeOf(left[c])
      if k == leftSize { break }
      path.append(current)
      parent = current
      parentIsLeft = k < leftSize
      current = stepDown(from: current, k: &k, toLeft: parentIsLeft)
    }
    let value = extent[Int(current)]
    let merged = merge(left[Int(current)], right[Int(current)])
    free.append(current)
    attach(merged, to: parent, left: parentIsLeft)
    for passed in path.reversed() { update(passed) }
    return value
  }

  /// One step down the tree: into the left subtree, or into the right one with `k` counted
  /// past the node and its left subtree.
  private func stepDown(from node: Node, k: inout Int32, toLeft: Bool) -> Node {
    if toLeft { return left[Int(node)] }
    k -= sizeOf(left[Int(node)]) + 1
    return right[Int(node)]
  }

  private mutating func attach(_ node: Node, to parent: Node, left isLeft: Bool) {
    if parent == Self.none {
      root = node
    } else if isLeft {
      left[Int(parent)] = node
    } else {
      right[Int(parent)] = node
    }
  }

  /// Sets the extent of element `index`; false when out of range.
  @discardableResult
  public mutating func setExtent(_ value: Double, at index: Int) -> Bool {
    guard index >= 0, index < count else { return false }
    set(root, Int32(index), Self.sanitized(value))
    return true
  }

  /// Moves the element at `source` so that it ends at `destination` (both indexes in the
  /// sequence before the move, `destination` being where it lands after removal).
  @discardableResult
  public mutating func move(from source: Int, to destination: Int) -> Bool {
    guard source >= 0, source < count, destination >= 0, destination < count else { return false }
    guard let value = remove(at: source) else { return false }
    return insert(value, at: destination)
  }

  // MARK: Treap internals

  private func sizeOf(_ node: Node) -> Int32 { node == Self.none ? 0 : size[Int(node)] }
  private func sumOf(_ node: Node) -> Double { node == Self.none ? 0 : sum[Int(node)] }

  private mutating func update(_ node: Node) {
    let n = Int(node)
    size[n] = 1 + sizeOf(left[n]) + sizeOf(right[n])
    sum[n] = extent[n] + sumOf(left[n]) + sumOf(right[n])
  }

  private mutating func allocate(_ value: Double) -> Node {
    let node: Node
    if let reused = free.popLast() {
      node = reused
    } else {
      node = Node(extent.count)
      extent.append(0)
      sum.append(0)
      size.append(0)
      priority.append(0)
      left.append(Self.none)
      right.append(Self.none)
    }
    let n = Int(node)
    extent[n] = value
    priority[n] = UInt32(truncatingIfNeeded: generator.next())
    left[n] = Self.none
    right[n] = Self.none
    update(node)
    return node
  }

  /// Splits off the first `k` elements.
  private mutating func split(_ node: Node, _ k: Int32) -> (Node, Node) {
    guard node != Self.none else { return (Self.none, Self.none) }
    let n = Int(node)
    if sizeOf(left[n]) >= k {
      let (l, r) = split(left[n], k)
      left[n] = r
      update(node)
      return (l, node)
    } else {
      let (l, r) = split(right[n], k - sizeOf(left[n]) - 1)
      right[n] = l
      update(node)
      return (node, r)
    }
  }

  private mutating func merge(_ a: Node, _ b: Node) -> Node {
    if a == Self.none { return b }
    if b == Self.none { return a }
    if priority[Int(a)] > priority[Int(b)] {
      right[Int(a)] = merge(right[Int(a)], b)
      update(a)
      return a
    } else {
      left[Int(b)] = merge(a, left[Int(b)])
      update(b)
      return b
    }
  }

  private mutating func set(_ node: Node, _ index: Int32, _ value: Double) {
    let n = Int(node)
    let leftSize = sizeOf(left[n])
    if index < leftSize {
      set(left[n], index, value)
    } else if index == leftSize {
      extent[n] = value
    } else {
      set(right[n], index - leftSize - 1, value)
    }
    update(node)
  }

  private func node(at index: Int) -> Node? {
    guard index >= 0, index < count else { return nil }
    var node = root
    var remaining = Int32(index)
    while node != Self.none {
      let leftSize = sizeOf(left[Int(node)])
      if remaining < leftSize {
        node = left[Int(node)]
      } else if remaining == leftSize {
        return node
      } else {
        remaining -= leftSize + 1
        node = right[Int(node)]
      }
    }
    return nil
  }

  private static func sanitized(_ value: Double) -> Double {
    value.isFinite && value > 0 ? value : 0
  }

  /// Trees are equal when they hold the same extents in the same order.
  public static func == (lhs: PrefixSumTree, rhs: PrefixSumTree) -> Bool {
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
