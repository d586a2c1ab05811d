import Foundation

/// Marks the positions of one longest strictly increasing subsequence of `values`, by
/// patience sorting: O(n log n).
@usableFromInline
package func longestIncreasingSubsequence(_ values: [Int]) -> [Bool] {
  var result = [Bool](repeating: false, count: values.count)
  guard !values.isEmpty else { return result }
  var tails: [Int] = []  // positions of the smallest tail of each length
  var previous = [Int](repeating: -1, count: values.count)
  for (position, value) in values.enumerated() {
    var low = 0
    var high = tails.count
    while low < high {
      let middle = (low + high) / 2
      if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
    }
    if low > 0 { previous[position] = tails[low - 1] }
    if low == tails.count { tails.append(position) } else { tails[low] = position }
  }
  var position = tails.last!
  while position >= 0 {
    result[position] = true
    position = previous[position]
  }
  return result
}
