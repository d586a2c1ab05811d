extension SummaryTree {
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

  func checkInvariantsInDebugBuilds() {
    #if DEBUG
      if elementCount <= 4_096 { checkInvariants() }
    #endif
  }
}

/// A broken invariant of a ``SummaryTree``, described.
private struct BrokenInvariant: Error {
  var description: String
}
