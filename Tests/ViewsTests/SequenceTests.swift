import TestSupport
import Testing

@testable import Views

@Suite struct SequenceTests {
  @Test("A longest strictly increasing subsequence is increasing, and as long as any, checked against every subset")
  func longestIncreasingSubsequence() {
    #expect(Views.longestIncreasingSubsequence([]) == [])
    #expect(Views.longestIncreasingSubsequence([5, 1, 2, 9, 3]) == [false, true, true, false, true])
    var random = SeededGenerator(state: 42)
    for _ in 0..<300 {
      let values = (0..<Int.random(in: 1...12, using: &random)).map { _ in Int.random(in: 0..<8, using: &random) }
      let marked = Views.longestIncreasingSubsequence(values)
      let chosen = values.indices.filter { marked[$0] }.map { values[$0] }
      #expect(zip(chosen, chosen.dropFirst()).allSatisfy { $0 < $1 }, "\(values)")
      var longest = 0
      for mask in 0..<(1 << values.count) {
        let subset = values.indices.filter { mask & (1 << $0) != 0 }.map { values[$0] }
        if zip(subset, subset.dropFirst()).allSatisfy({ $0 < $1 }) { longest = max(longest, subset.count) }
      }
      #expect(chosen.count == longest, "\(values)")
    }
  }
}
