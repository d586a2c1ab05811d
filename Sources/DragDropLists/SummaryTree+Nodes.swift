// The nodes of a summary tree: allocation, summaries, splits and rebalancing.

extension SummaryTree {
  mutating func allocateLeaf() -> Int32 {
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

  mutating func allocateInner() -> Int32 {
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

  mutating func free(_ node: Int32, level: Int) {
    if level == 0 {
      leafCounts[Int(node)] = 0
      freeLeaves.append(node)
    } else {
      innerCounts[Int(node)] = 0
      freeInners.append(node)
    }
  }

  mutating func track(_ element: Element, in leaf: Int32) {
    guard let handle = element.handle else { return }
    if Int(handle) >= handleLeaves.count {
      handleLeaves.append(contentsOf: repeatElement(-1, count: Int(handle) + 1 - handleLeaves.count))
    }
    handleLeaves[Int(handle)] = leaf
  }

  func count(of node: Int32, level: Int) -> Int {
    level == 0 ? Int(leafCounts[Int(node)]) : Int(innerCounts[Int(node)])
  }

  func capacity(atLevel level: Int) -> Int { level == 0 ? leafCapacity : innerCapacity }

  func parent(of node: Int32, level: Int) -> Int32 {
    level == 0 ? leafParents[Int(node)] : innerParents[Int(node)]
  }

  mutating func setParent(of node: Int32, atLevel level: Int, to parent: Int32) {
    if level == 0 { leafParents[Int(node)] = parent } else { innerParents[Int(node)] = parent }
  }

  mutating func setEntry(_ node: Int32, _ slot: Int, child: Int32, _ childSummary: Summary) {
    let index = Int(node) * innerCapacity + slot
    children[index] = child
    childCounts[index] = childSummary.count
    childSums[index] = childSummary.sum
  }

  /// The summary of a node's entries, computed from them.
  func computedSummary(of node: Int32, level: Int) -> Summary {
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
  func slot(of child: Int32, in parent: Int32) -> Int {
    let base = Int(parent) * innerCapacity
    var slot = 0
    while children[base + slot] != child { slot += 1 }
    return slot
  }

  /// Moves `count` entries from `source`'s slot `from` to `destination`'s slot `to`
  /// (nodes of one level; the destination's entries from `to` on must be free), keeping
  /// parents and handles right. Counts are the caller's.
  mutating func transfer(
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
  mutating func shiftEntries(of node: Int32, level: Int, from slot: Int, by distance: Int) {
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

  mutating func setCount(_ count: Int, of node: Int32, level: Int) {
    if level == 0 { leafCounts[Int(node)] = Int32(count) } else { innerCounts[Int(node)] = Int32(count) }
  }

  /// Splits a full node in two halves; the new right half goes into the parent after it
  /// (a new root when the node was the root), the summaries on the way are refreshed by the
  /// caller. Returns the right half.
  mutating func split(_ node: Int32, level: Int) -> Int32 {
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
    refreshSummaries(from: parent, level: level + 1)
    return right
  }

  /// Recomputes the summaries from `node` (a leaf at level 0) up to the root, each from its
  /// parts.
  mutating func refreshSummaries(from node: Int32, level: Int = 0) {
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
  mutating func rebalance(_ node: Int32, level: Int) {
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
      refreshSummaries(from: parent, level: level + 1)
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
      refreshSummaries(from: parent, level: level + 1)
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
      refreshSummaries(from: parent, level: level + 1)
    }
  }
}
