import Views

/// Breaks text into lines that fit a width: at spaces between words, anywhere between two
/// characters of Chinese, Japanese or Korean text (as those scripts break), and inside a
/// word only when the word alone is wider than the line. Explicit newlines always break. A
/// line limit cuts the last line short with an ellipsis.
struct LineBreaker {
  let width: (String) -> Double

  func lines(of text: String, in available: Double, maxLines: Int? = nil) -> [String] {
    var lines: [String] = []
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
      lines += breakParagraph(String(paragraph), available)
    }
    if let maxLines, lines.count > max(1, maxLines) {
      let kept = max(1, maxLines)
      let last = lines[kept - 1] + " " + lines[kept...].joined(separator: " ")
      lines = Array(lines[..<(kept - 1)]) + [truncated(last, available)]
    }
    return lines
  }

  /// The longest start of `line` that fits with an ellipsis, or the whole line.
  func truncated(_ line: String, _ available: Double) -> String {
    guard width(line) > available + 0.5 else { return line }
    let characters = Array(line)
    var low = 0
    var high = characters.count
    while low < high {
      let middle = (low + high + 1) / 2
      if width(String(characters[..<middle]) + "…") <= available { low = middle } else { high = middle - 1 }
    }
    return String(characters[..<low]).trimmingTrailingSpaces + "…"
  }

  private func breakParagraph(_ paragraph: String, _ available: Double) -> [String] {
    guard width(paragraph) > available + 0.5 else { return [paragraph] }
    var lines: [String] = []
    var line = ""
    for token in Self.tokens(of: paragraph) {
      let candidate = line + token
      if width(candidate.trimmingTrailingSpaces) <= available + 0.5 || line.isEmpty && width(token) <= available + 0.5 {
        line = candidate
        continue
      }
      if !line.isEmpty { lines.append(line.trimmingTrailingSpaces) }
      // A token wider than the whole line breaks between its characters.
      var rest = token
      while width(rest.trimmingTrailingSpaces) > available + 0.5, rest.count > 1 {
        let characters = Array(rest)
        var fit = 1
        while fit < characters.count, width(String(characters[..<(fit + 1)])) <= available + 0.5 { fit += 1 }
        lines.append(String(characters[..<fit]))
        rest = String(characters[fit...])
      }
      line = rest
    }
    if !line.trimmingTrailingSpaces.isEmpty || lines.isEmpty { lines.append(line.trimmingTrailingSpaces) }
    return lines
  }

  /// The pieces a line may break between: a word with the spaces after it, or one
  /// character of a script that breaks anywhere.
  static func tokens(of text: String) -> [String] {
    var tokens: [String] = []
    var current = ""
    var inSpaces = false
    for character in text {
      if character.breaksAnywhere {
        if !current.isEmpty { tokens.append(current) }
        tokens.append(String(character))
        current = ""
        inSpaces = false
      } else if character == " " {
        current.append(character)
        inSpaces = true
      } else {
        if inSpaces {
          tokens.append(current)
          current = ""
          inSpaces = false
        }
        current.append(character)
      }
    }
    if !current.isEmpty { tokens.append(current) }
    return tokens
  }
}

extension Character {
  /// Whether a line may break before and after this character: ideographs, kana and
  /// hangul, and the full-width forms around them.
  fileprivate var breaksAnywhere: Bool {
    guard let scalar = unicodeScalars.first else { return false }
    switch scalar.value {
    case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
      0xFFE0...0xFFE6, 0x20000...0x3FFFD:
      return true
    default:
      return false
    }
  }
}

extension String {
  fileprivate var trimmingTrailingSpaces: String {
    var result = self
    while result.last == " " { result.removeLast() }
    return result
  }
}
