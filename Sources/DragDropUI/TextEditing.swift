/// The text of a single-line editor and its selection, with the edits the keys make: a
/// value with no view, so that every edit can be tested on its own.
///
/// Positions count characters (grapheme clusters), so that the caret never stops inside
/// one: an emoji with a skin tone or a kana with a sound mark moves as one.
public struct TextEditing: Hashable, Sendable {
  /// The text, as characters.
  public private(set) var characters: [Character]
  /// The selected characters; an empty range is the caret.
  public private(set) var selection: Range<Int>
  /// The end of the selection that moves when Shift extends it.
  private var anchor: Int

  /// An editor of `text` with the caret at `caret` (clamped), or at the end when nil.
  public init(text: String = "", caret: Int? = nil) {
    characters = Array(text)
    let position = min(max(caret ?? characters.count, 0), characters.count)
    selection = position..<position
    anchor = position
  }

  /// The text.
  public var text: String { String(characters) }
  /// Where the caret is: the end of the selection that moves.
  public var caret: Int { selection.upperBound == anchor ? selection.lowerBound : selection.upperBound }

  /// Replaces the text, keeping the selection where it still fits.
  public mutating func setText(_ text: String) {
    characters = Array(text)
    let count = characters.count
    selection = min(selection.lowerBound, count)..<min(selection.upperBound, count)
    anchor = min(anchor, count)
  }

  /// Selects `range`, clamped to the text; the caret goes to its end.
  public mutating func select(_ range: Range<Int>) {
    let lower = min(max(range.lowerBound, 0), characters.count)
    let upper = min(max(range.upperBound, lower), characters.count)
    selection = lower..<upper
    anchor = lower
  }

  /// Puts the caret at `position`, or extends the selection to it.
  public mutating func moveCaret(to position: Int, extending: Bool = false) {
    let position = min(max(position, 0), characters.count)
    if extending {
      selection = min(anchor, position)..<max(anchor, position)
    } else {
      selection = position..<position
      anchor = position
    }
  }

  /// Types `string` over the selection.
  public mutating func insert(_ string: String) {
    insert(string, at: selection)
  }

  /// Puts `string` in place of `range` (clamped), and the caret after it.
  public mutating func insert(_ string: String, at range: Range<Int>) {
    let lower = min(max(range.lowerBound, 0), characters.count)
    let upper = min(max(range.upperBound, lower), characters.count)
    let new = Array(string.filter { !$0.isNewline })
    characters.replaceSubrange(lower..<upper, with: new)
    moveCaret(to: lower + new.count)
  }

  /// Backspace: the selection, or the character before the caret.
  public mutating func deleteBackward() {
    if selection.isEmpty {
      guard selection.lowerBound > 0 else { return }
      insert("", at: (selection.lowerBound - 1)..<selection.lowerBound)
    } else {
      insert("")
    }
  }

  /// Delete: the selection, or the character after the caret.
  public mutating func deleteForward() {
    if selection.isEmpty {
      guard selection.upperBound < characters.count else { return }
      insert("", at: selection.lowerBound..<(selection.lowerBound + 1))
    } else {
      insert("")
    }
  }

  /// Left or right by a character; without Shift, a selection collapses to its side.
  public mutating func moveCaret(by step: Int, extending: Bool = false) {
    if !extending && !selection.isEmpty {
      moveCaret(to: step < 0 ? selection.lowerBound : selection.upperBound)
    } else {
      moveCaret(to: caret + step, extending: extending)
    }
  }

  /// Selects the whole text.
  public mutating func selectAll() {
    selection = 0..<characters.count
    anchor = 0
  }
}
