import DragDropUI
import PropertyBased
import TestSupport
import Testing

/// The editor as plainly as it can be written: the text, the fixed end of the selection
/// and the end that moves.
struct ReferenceEditor {
  var text: [Character] = []
  var anchor = 0
  var head = 0

  var selection: Range<Int> { min(anchor, head)..<max(anchor, head) }

  mutating func replace(_ range: Range<Int>, with string: String) {
    let lower = min(max(range.lowerBound, 0), text.count)
    let upper = min(max(range.upperBound, lower), text.count)
    let new = Array(string.filter { !$0.isNewline })
    text.replaceSubrange(lower..<upper, with: new)
    head = lower + new.count
    anchor = head
  }

  mutating func move(to position: Int, extending: Bool) {
    head = min(max(position, 0), text.count)
    if !extending { anchor = head }
  }
}

@Suite struct TextEditingTests {
  @Test func typingReplacesTheSelectionAndMovesTheCaret() {
    var editing = TextEditing(text: "ドラッグ")
    editing.select(1..<3)
    editing.insert("ロ")
    #expect(editing.text == "ドログ")
    #expect(editing.selection == 2..<2)
  }

  @Test func aCharacterWithACombiningMarkIsOneStep() {
    // か followed by the combining voiced sound mark: one character on screen.
    var editing = TextEditing(text: "か\u{3099}な")
    #expect(editing.characters.count == 2)
    editing.moveCaret(to: 0)
    editing.moveCaret(by: 1)
    editing.deleteBackward()
    #expect(editing.text == "な")
  }

  @Test func newlinesAreLeftOutOfASingleLine() {
    var editing = TextEditing()
    editing.insert("one\ntwo\r\n")
    #expect(editing.text == "onetwo")
  }

  @Test("Random edits give the text and selection a plain model gives")
  func agreesWithAReferenceModel() async {
    await propertyCheck(count: 300, input: Gen<UInt64>.value(in: 0...UInt64.max)) { seed in
      var random = SeededGenerator(state: seed)
      let pieces = ["a", "bc", "ド", "ラッ", "🇯🇵", "e\u{301}", "\n", ""]
      var editing = TextEditing()
      var model = ReferenceEditor()
      for _ in 0..<60 {
        let extending = Bool.random(using: &random)
        switch Int.random(in: 0..<9, using: &random) {
        case 0, 1:
          let piece = pieces.randomElement(using: &random)!
          editing.insert(piece)
          model.replace(model.selection, with: piece)
        case 2:
          editing.deleteBackward()
          if model.selection.isEmpty {
            if model.head > 0 { model.replace((model.head - 1)..<model.head, with: "") }
          } else {
            model.replace(model.selection, with: "")
          }
        case 3:
          editing.deleteForward()
          if model.selection.isEmpty {
            if model.head < model.text.count { model.replace(model.head..<(model.head + 1), with: "") }
          } else {
            model.replace(model.selection, with: "")
          }
        case 4:
          let step = Bool.random(using: &random) ? 1 : -1
          editing.moveCaret(by: step, extending: extending)
          if !extending && !model.selection.isEmpty {
            model.move(to: step < 0 ? model.selection.lowerBound : model.selection.upperBound, extending: false)
          } else {
            model.move(to: model.head + step, extending: extending)
          }
        case 5:
          let position = Int.random(in: -2...(model.text.count + 2), using: &random)
          editing.moveCaret(to: position, extending: extending)
          model.move(to: position, extending: extending)
        case 6:
          editing.selectAll()
          model.anchor = 0
          model.head = model.text.count
        case 7:
          // A drop: text put in at a point, wherever the selection is.
          let position = Int.random(in: -1...(model.text.count + 1), using: &random)
          let piece = pieces.randomElement(using: &random)!
          editing.insert(piece, at: position..<position)
          model.replace(position..<position, with: piece)
        default:
          let text = String(
            (0..<Int.random(in: 0...6, using: &random)).map { _ in "xyzカナ".randomElement(using: &random)! })
          editing.setText(text)
          model.text = Array(text)
          model.anchor = min(model.anchor, model.text.count)
          model.head = min(model.head, model.text.count)
        }
        #expect(editing.characters == model.text)
        #expect(editing.selection == model.selection)
        #expect(editing.caret == model.head)
      }
    }
  }
}
