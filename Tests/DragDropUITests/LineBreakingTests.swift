import PropertyBased
import TestSupport
import Testing

@testable import DragDropUI

/// Ten points a character, twenty for wide ones: easy widths to reason about.
private var breaker: LineBreaker {
  LineBreaker { text in text.reduce(0) { $0 + ($1.unicodeScalars.first!.value >= 0x2E80 ? 20 : 10) } }
}

@Suite struct LineBreakingTests {
  @Test func wordsWrapAtSpaces() {
    #expect(breaker.lines(of: "A rather long line of text", in: 90) == ["A rather", "long line", "of text"])
  }

  @Test func japaneseBreaksBetweenAnyTwoCharacters() {
    #expect(breaker.lines(of: "「SwiftUIとドラッグ」", in: 100) == ["「SwiftUI", "とドラッグ", "」"])
  }

  @Test func aWordWiderThanTheLineBreaksInside() {
    #expect(breaker.lines(of: "Supercalifragilistic", in: 80) == ["Supercal", "ifragili", "stic"])
  }

  @Test func newlinesBreakAndALineLimitEndsInAnEllipsis() {
    #expect(breaker.lines(of: "one\ntwo", in: 200) == ["one", "two"])
    #expect(breaker.lines(of: "A rather long line of text", in: 90, maxLines: 2) == ["A rather", "long lin…"])
  }

  @Test("Every line fits, and the lines hold the text, spaces at breaks aside")
  func linesFitAndKeepTheText() async {
    await propertyCheck(count: 300, input: Gen<UInt64>.value(in: 0...UInt64.max)) { seed in
      var random = SeededGenerator(state: seed)
      let pieces = ["a", "bc ", "def ", " ", "ド", "ラ", "ッ", "グ", "supercalifragilistic", "x"]
      let text = (0..<Int.random(in: 0...20, using: &random)).map { _ in pieces.randomElement(using: &random)! }
        .joined()
      let width = Double(Int.random(in: 20...200, using: &random))
      let lines = breaker.lines(of: text, in: width)
      for line in lines {
        #expect(breaker.width(line) <= width + 0.5 || line.count == 1, "\(line) in \(width)")
      }
      #expect(lines.joined().filter { $0 != " " } == text.filter { $0 != " " })
    }
  }
}
