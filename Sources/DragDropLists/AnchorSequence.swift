/// Positions in one section, each at an *anchor*: the number of data items before it. It holds
/// a section's placeholders, shown before the data item at their anchor, in display order
/// (placeholders at the same anchor show in the order they were added); and a section's
/// selected items, each anchored at its own index.
///
/// It is an order-statistics tree (a treap keyed by position) whose nodes store the
/// difference between their anchor and the previous one's, so that committing a
/// placeholder, which moves every later placeholder down by one data item, or inserting a
/// row, which moves every later selected row, changes one node. Every operation costs
/// O(log p) for p positions; nodes keep their parents, so a handle finds its rank and
/// anchor without a search.
struct AnchorSequence {
  /// A placeholder's stable handle, valid until it is removed.
  typealias Handle = Int32

  private struct Node {
    var left: Int32 = -1
    var right: Int32 = -1
    var parent: Int32 = -1
    var priority: UInt32
    var size: Int32 = 1
    /// This anchor minus the previous placeholder's (the first one's is its anchor).
    var delta: Int
    /// The sum of the deltas in the subtree.
    var sum: Int
  }

  private var nodes: [Node] = []
  private var free: [Int32] = []
  private var root: Int32 = -1
  private var seed: UInt32 = 0x9E37_79B9

  /// How many placeholders there are.
  var count: Int { Int(size(root)) }
  var isEmpty: Bool { root < 0 }

  // MARK: Queries

  /// How many placeholders sit at anchors up to `anchor` (inclusive): those shown before the
  /// data item at `anchor`.
  func count(atOrBefore anchor: Int) -> Int { countWhile { placeholderAnchor, _ in placeholderAnchor <= anchor } }

  /// How many placeholders sit at anchors before `anchor`.
  func count(before anchor: Int) -> Int { countWhile { placeholderAnchor, _ in placeholderAnchor < anchor } }

  /// How many placeholders show at display rows before `row` (the placeholder of rank k
  /// shows at row anchor + k).
  func count(shownBefore row: Int) -> Int { countWhile { _, placeholderRow in placeholderRow < row } }

  /// What display row `row` of the section shows: a placeholder, or a data item after
  /// `placeholdersBefore` placeholders.
  enum Location: Equatable {
    case placeholder(Handle)
    case data(placeholdersBefore: Int)
  }

  func locate(displayRow row: Int) -> Location {
    let before = count(shownBefore: row)
    if let next = placeholder(atRank: before), next.anchor + before == row { return .placeholder(next.handle) }
    return .data(placeholdersBefore: before)
  }

  /// The number of leading placeholders for which `test(anchor, displayRow)` holds: a test
  /// that holds for a prefix, since anchors and display rows never decrease along the
  /// sequence. One walk down the tree.
  private func countWhile(_ test: (_ anchor: Int, _ displayRow: Int) -> Bool) -> Int {
    var node = root
    var before = 0  // the anchor of the last placeholder left of `node`'s subtree
    var counted = 0
    while node >= 0 {
      let n = nodes[Int(node)]
      let anchor = before + sum(n.left) + n.delta
      let rank = counted + Int(size(n.left))
      if test(anchor, anchor + rank) {
        counted = rank + 1
        before = anchor
        node = n.right
      } else {
        node = n.left
      }
    }
    return counted
  }

  /// The rank (display order, from 0) of a placeholder.
  func rank(of handle: Handle) -> Int {
    var node = handle
    var rank = Int(size(nodes[Int(node)].left))
    while nodes[Int(node)].parent >= 0 {
      let parent = nodes[Int(node)].parent
      if nodes[Int(parent)].right == node { rank += Int(size(nodes[Int(parent)].left)) + 1 }
      node = parent
    }
    return rank
  }

  /// A placeholder's anchor.
  func anchor(of handle: Handle) -> Int {
    var node = handle
    var anchor = sum(nodes[Int(node)].left) + nodes[Int(node)].delta
    while nodes[Int(node)].parent >= 0 {
      let parent = nodes[Int(node)].parent
      if nodes[Int(parent)].right == node { anchor += sum(nodes[Int(parent)].left) + nodes[Int(parent)].delta }
      node = parent
    }
    return anchor
  }

  /// The placeholder of rank `rank` and its anchor.
  func placeholder(atRank rank: Int) -> (handle: Handle, anchor: Int)? {
    guard rank >= 0, rank < count else { return nil }
    var node = root
    var remaining = Int32(rank)
    var before = 0
    while node >= 0 {
      let n = nodes[Int(node)]
      let leftSize = size(n.left)
      if remaining < leftSize {
        node = n.left
      } else if remaining == leftSize {
        return (node, before + sum(n.left) + n.delta)
      } else {
        before += sum(n.left) + n.delta
        remaining -= leftSize + 1
        node = n.right
      }
    }
    return nil
  }

  /// Every placeholder in display order, with its anchor: O(p).
  var all: [(handle: Handle, anchor: Int)] {
    var result: [(Handle, Int)] = []
    result.reserveCapacity(count)
    var anchor = 0
    func visit(_ node: Int32) {
      guard node >= 0 else { return }
      visit(nodes[Int(node)].left)
      anchor += nodes[Int(node)].delta
      result.append((node, anchor))
      visit(nodes[Int(node)].right)
    }
    visit(root)
    return result
  }

  // MARK: Changes

  /// Adds a placeholder at `anchor`, after every placeholder already at or before it.
  mutating func insert(atAnchor anchor: Int) -> Handle {
    let rank = count(atOrBefore: anchor)
    let previousAnchor = rank == 0 ? 0 : placeholder(atRank: rank - 1)!.anchor
    let handle = makeNode(delta: anchor - previousAnchor)
    let (left, right) = split(root, Int32(rank))
    // The next placeholder's delta was measured from the previous one; now from this one.
    let adjusted = addToFirst(right, -(anchor - previousAnchor))
    root = merge(merge(left, handle), adjusted)
    nodes[Int(root)].parent = -1
    return handle
  }

  /// Removes a placeholder; the ones after it keep their anchors.
  mutating func remove(_ handle: Handle) {
    removeNode(handle, shiftingLaterBy: 0)
  }

  /// Removes a placeholder that became a data item at its anchor: every placeholder after it
  /// now has one more data item before it.
  mutating func commit(_ handle: Handle) {
    removeNode(handle, shiftingLaterBy: 1)
  }

  private mutating func removeNode(_ handle: Handle, shiftingLaterBy shift: Int) {
    let rank = self.rank(of: handle)
    let delta = nodes[Int(handle)].delta
    let (left, rest) = split(root, Int32(rank))
    let (middle, right) = split(rest, 1)
    precondition(middle == handle, "the placeholder sequence lost track of a handle")
    root = merge(left, addToFirst(right, delta + shift))
    if root >= 0 { nodes[Int(root)].parent = -1 }
    free.append(handle)
  }

  /// Adds `amount` to every anchor at or after `anchor`: O(log p). The anchors must stay in
  /// order: a negative `amount` may not take them below the anchor of one before `anchor`.
  mutating func shift(anchorsFrom anchor: Int, by amount: Int) {
    guard amount != 0 else { return }
    let (left, right) = split(root, Int32(count(before: anchor)))
    root = merge(left, addToFirst(right, amount))
    if root >= 0 { nodes[Int(root)].parent = -1 }
  }

  /// Puts every placeholder at the anchor `newAnchor` gives for its old one, keeping their order
  /// where anchors tie, and returns the handles `newAnchor` dropped (nil). The order of the rest
  /// must stay non-decreasing, as a batch update's mapping of anchors keeps it. O(p log p).
  mutating func remap(_ newAnchor: (Int) -> Int?) -> [Handle] {
    let old = all
    var dropped: [Handle] = []
    var kept: [(Handle, Int)] = []
    for (handle, anchor) in old {
      if let mapped = newAnchor(anchor) { kept.append((handle, mapped)) } else { dropped.append(handle) }
    }
    // Rebuild with the same handles, in order: deltas from the new anchors.
    root = -1
    var previous = 0
    for (handle, anchor) in kept {
      let delta = anchor - previous
      previous = anchor
      nodes[Int(handle)] = Node(priority: nodes[Int(handle)].priority, delta: delta, sum: delta)
      root = merge(root, handle)
      nodes[Int(root)].parent = -1
    }
    free += dropped
    return dropped
  }

  // MARK: The tree

  private mutating func makeNode(delta: Int) -> Handle {
    seed ^= seed << 13
    seed ^= seed >> 17
    seed ^= seed << 5
    let node = Node(priority: seed, delta: delta, sum: delta)
    if let reused = free.popLast() {
      nodes[Int(reused)] = node
      return reused
    }
    nodes.append(node)
    return Int32(nodes.count - 1)
  }

  private func size(_ node: Int32) -> Int32 { node < 0 ? 0 : nodes[Int(node)].size }
  private func sum(_ node: Int32) -> Int { node < 0 ? 0 : nodes[Int(node)].sum }

  private mutating func update(_ node: Int32) {
    let n = nodes[Int(node)]
    nodes[Int(node)].size = size(n.left) + size(n.right) + 1
    nodes[Int(node)].sum = sum(n.left) + sum(n.right) + n.delta
    if n.left >= 0 { nodes[Int(n.left)].parent = node }
    if n.right >= 0 { nodes[Int(n.right)].parent = node }
  }

  /// The first `k` nodes, and the rest.
  private mutating func split(_ node: Int32, _ k: Int32) -> (Int32, Int32) {
    guard node >= 0 else { return (-1, -1) }
    let leftSize = size(nodes[Int(node)].left)
    if k <= leftSize {
      let (a, b) = split(nodes[Int(node)].left, k)
      nodes[Int(node)].left = b
      update(node)
      if a >= 0 { nodes[Int(a)].parent = -1 }
      nodes[Int(node)].parent = -1
      return (a, node)
    } else {
      let (a, b) = split(nodes[Int(node)].right, k - leftSize - 1)
      nodes[Int(node)].right = a
      update(node)
      if b >= 0 { nodes[Int(b)].parent = -1 }
      nodes[Int(node)].parent = -1
      return (node, b)
    }
  }

  private mutating func merge(_ a: Int32, _ b: Int32) -> Int32 {
    if a < 0 { return b }
    if b < 0 { return a }
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

  /// Adds `amount` to the delta of the first node of a subtree, fixing the sums on the way.
  private mutating func addToFirst(_ subtree: Int32, _ amount: Int) -> Int32 {
    guard subtree >= 0, amount != 0 else { return subtree }
    var node = subtree
    while true {
      nodes[Int(node)].sum += amount
      let left = nodes[Int(node)].left
      if left < 0 { break }
      node = left
    }
    nodes[Int(node)].delta += amount
    return subtree
  }
}
