/// Validation and normalisation of the strings a content type is named by: identifiers,
/// MIME types and filename extensions. Every function here is total: malformed input gives
/// nil, never a trap.
enum TagSyntax {
  /// The longest declared identifier accepted, in UTF-8 bytes.
  static let maximumDeclaredIdentifierLength = 255
  /// The longest dynamic identifier accepted; dynamic identifiers encode a tag and a
  /// supertype, so they run longer than declared ones.
  static let maximumDynamicIdentifierLength = 4096
  /// RFC 6838 limits a type or subtype name to 127 characters; a whole MIME string with its
  /// parameters is capped here.
  static let maximumMIMELength = 255
  /// The longest filename extension accepted, in UTF-8 bytes (a file name's own limit).
  static let maximumExtensionLength = 255

  /// The lookup key of an identifier: identifiers compare without regard to ASCII case.
  static func key(_ identifier: String) -> String {
    identifier.lowercased()
  }

  /// Whether `identifier` is a well-formed reverse-DNS identifier: ASCII letters, digits,
  /// hyphens and non-ASCII letters, in dot-separated non-empty components.
  static func isValidIdentifier(
    _ identifier: String, maximumLength: Int = maximumDeclaredIdentifierLength
  )
    -> Bool
  {
    let bytes = identifier.utf8
    guard !bytes.isEmpty, bytes.count <= maximumLength else { return false }
    var previousWasDot = true
    for scalar in identifier.unicodeScalars {
      switch scalar.value {
      case 0x2E:  // "."
        if previousWasDot { return false }
        previousWasDot = true
        continue
      case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2D:
        break
      case 0x80...:
        guard scalar.properties.isAlphabetic || scalar.properties.numericType != nil else { return false }
      default:
        return false
      }
      previousWasDot = false
    }
    return !previousWasDot
  }

  /// A MIME type split into its parts, lowercased where case does not matter.
  struct MIME: Hashable, Sendable {
    var type: String
    var subtype: String
    /// Parameters in the order given, names lowercased; the charset value is lowercased too.
    var parameters: [(name: String, value: String)]

    /// `type/subtype`, without parameters.
    var essence: String { "\(type)/\(subtype)" }

    /// The essence plus a charset parameter when there is one: the form the registry keys
    /// text types by (`text/plain;charset=utf-8`).
    var charsetKey: String? {
      guard let charset = parameters.first(where: { $0.name == "charset" })?.value else { return nil }
      return "\(essence);charset=\(charset)"
    }

    /// The normalised full string, parameters included; values that are not tokens are
    /// quoted, so the string parses back to the same parameters.
    var normalized: String {
      parameters.reduce(essence) { "\($0);\($1.name)=\(TagSyntax.quotedIfNeeded($1.value))" }
    }

    static func == (lhs: MIME, rhs: MIME) -> Bool { lhs.normalized == rhs.normalized }
    func hash(into hasher: inout Hasher) { hasher.combine(normalized) }
  }

  /// Parses `type/subtype *(; name=value)` as RFC 2045 and RFC 6838 define it, where a
  /// value is a token or a quoted string (which may hold `;`, `=` and backslash-escaped
  /// quotes). Returns nil for anything else: a missing subtype, an empty parameter value, an
  /// unterminated quote, control characters or non-ASCII bytes, or an over-long string.
  static func parseMIME(_ string: String) -> MIME? {
    guard !string.isEmpty, string.utf8.count <= maximumMIMELength else { return nil }
    let bytes = Array(string.utf8)
    let semicolon = UInt8(ascii: ";")
    let quote = UInt8(ascii: "\"")
    let backslash = UInt8(ascii: "\\")
    var index = bytes.firstIndex(of: semicolon) ?? bytes.count
    let essence = String(decoding: bytes[..<index], as: UTF8.self).trimmingASCIIWhitespace()
    let halves = essence.split(separator: "/", omittingEmptySubsequences: false)
    guard halves.count == 2, isRestrictedName(halves[0]), isRestrictedName(halves[1]) else { return nil }
    func skipSpace() {
      while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
    }
    var parameters: [(name: String, value: String)] = []
    while index < bytes.count {
      index += 1  // past the semicolon
      let nameStart = index
      while index < bytes.count, bytes[index] != UInt8(ascii: "="), bytes[index] != semicolon { index += 1 }
      guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { return nil }
      let name = String(decoding: bytes[nameStart..<index], as: UTF8.self).trimmingASCIIWhitespace()
      guard isToken(name) else { return nil }
      index += 1
      skipSpace()
      var value: String
      if index < bytes.count, bytes[index] == quote {
        index += 1
        var unquoted: [UInt8] = []
        while true {
          guard index < bytes.count else { return nil }  // unterminated
          var byte = bytes[index]
          index += 1
          if byte == quote { break }
          if byte == backslash {
            guard index < bytes.count else { return nil }
            byte = bytes[index]
            index += 1
          }
          guard byte >= 0x20 && byte < 0x7F else { return nil }
          unquoted.append(byte)
        }
        guard !unquoted.isEmpty else { return nil }
        skipSpace()
        guard index == bytes.count || bytes[index] == semicolon else { return nil }
        value = String(decoding: unquoted, as: UTF8.self)
      } else {
        let valueStart = index
        while index < bytes.count, bytes[index] != semicolon { index += 1 }
        let token = String(decoding: bytes[valueStart..<index], as: UTF8.self).trimmingASCIIWhitespace()
        guard isToken(token) else { return nil }
        value = String(token)
      }
      let lowerName = name.lowercased()
      if lowerName == "charset" { value = value.lowercased() }
      parameters.append((lowerName, value))
    }
    return MIME(type: halves[0].lowercased(), subtype: halves[1].lowercased(), parameters: parameters)
  }

  /// A parameter value as it is written: a token as it is, anything else quoted, with
  /// quotes and backslashes escaped.
  static func quotedIfNeeded(_ value: String) -> String {
    if isToken(Substring(value)) { return value }
    var escaped = ""
    for character in value {
      if character == "\"" || character == "\\" { escaped.append("\\") }
      escaped.append(character)
    }
    return "\"\(escaped)\""
  }

  /// A filename extension as a lookup key, or nil when it cannot be one: empty, too long,
  /// containing a path separator, whitespace or a control character, or with a leading,
  /// trailing or doubled dot.
  static func extensionKey(_ string: String) -> String? {
    guard isValidExtension(string) else { return nil }
    return string.lowercased()
  }

  static func isValidExtension(_ string: String) -> Bool {
    let bytes = string.utf8
    guard !bytes.isEmpty, bytes.count <= maximumExtensionLength else { return false }
    guard bytes.first != 0x2E, bytes.last != 0x2E else { return false }
    var previous: UInt8 = 0
    for byte in bytes {
      if byte < 0x21 || byte == 0x7F || byte == 0x2F || byte == 0x5C { return false }
      if byte == 0x2E && previous == 0x2E { return false }
      previous = byte
    }
    return true
  }

  /// RFC 6838 `restricted-name`: a letter or digit, then up to 126 of letters, digits and
  /// `! # $ & - ^ _ . +`.
  private static func isRestrictedName(_ name: Substring) -> Bool {
    let bytes = name.utf8
    guard let first = bytes.first, bytes.count <= 127, isAlphanumeric(first) else { return false }
    return bytes.allSatisfy { byte in
      isAlphanumeric(byte) || "!#$&-^_.+".utf8.contains(byte)
    }
  }

  /// RFC 2045 `token`: printable ASCII other than space and tspecials.
  private static func isToken(_ value: Substring) -> Bool {
    !value.isEmpty
      && value.utf8.allSatisfy { byte in
        byte > 0x20 && byte < 0x7F && !"()<>@,;:\\\"/[]?=".utf8.contains(byte)
      }
  }

  private static func isAlphanumeric(_ byte: UInt8) -> Bool {
    (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
  }
}

extension StringProtocol {
  func trimmingASCIIWhitespace() -> Substring {
    let view = Substring(self)
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    guard let start = view.firstIndex(where: { !isSpace($0) }) else { return view[view.endIndex...] }
    let end = view.lastIndex(where: { !isSpace($0) })!
    return Substring(view[start...end])
  }
}
