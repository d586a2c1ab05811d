/// The identifier of a dynamic type: `dyn.` followed by the lowercase base32 (RFC 4648,
/// unpadded) of a payload that records the tag it was made from and the type it conforms to.
/// The encoding is reversible, so a dynamic type survives a round trip through its identifier.
struct DynamicIdentifier: Hashable, Sendable {
  enum Kind: Character, Sendable {
    /// Made from a MIME type the registry does not know.
    case mimeType = "m"
    /// Made from a filename extension the registry does not know.
    case filenameExtension = "e"
    /// Made from a declaration whose identifier was malformed; the tag is that identifier.
    case invalidDeclaration = "x"
  }

  var kind: Kind
  /// The identifier of the type this one conforms to.
  var supertype: String
  /// The tag, as given (normalised for MIME types).
  var tag: String

  static let prefix = "dyn."
  /// How much of a malformed declaration's identifier a stand-in type keeps.
  static let maximumInvalidDeclarationLength = 200

  var identifier: String {
    Self.prefix + Base32.encode(Array("\(kind.rawValue):\(supertype):\(tag)".utf8))
  }

  /// Decodes an identifier made by ``identifier``; nil for anything else.
  init?(decoding identifier: String) {
    guard identifier.utf8.count <= TagSyntax.maximumDynamicIdentifierLength,
      identifier.lowercased().hasPrefix(Self.prefix),
      let bytes = Base32.decode(identifier.dropFirst(Self.prefix.count).lowercased()),
      let payload = String(validating: bytes, as: UTF8.self)
    else { return nil }
    let fields = payload.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
    guard fields.count == 3, fields[0].count == 1, let kind = Kind(rawValue: fields[0].first!),
      !fields[2].isEmpty
    else { return nil }
    self.init(kind: kind, supertype: String(fields[1]), tag: String(fields[2]))
  }

  init(kind: Kind, supertype: String, tag: String) {
    self.kind = kind
    self.supertype = supertype
    self.tag = tag
  }
}

/// RFC 4648 base32 with the lowercase alphabet and no padding: the result is a valid
/// identifier component.
enum Base32 {
  private static let alphabet = Array("abcdefghijklmnopqrstuvwxyz234567".utf8)

  static func encode(_ bytes: [UInt8]) -> String {
    var output: [UInt8] = []
    output.reserveCapacity((bytes.count * 8 + 4) / 5)
    var buffer: UInt32 = 0
    var bits = 0
    for byte in bytes {
      buffer = (buffer << 8) | UInt32(byte)
      bits += 8
      while bits >= 5 {
        output.append(alphabet[Int((buffer >> UInt32(bits - 5)) & 31)])
        bits -= 5
      }
    }
    if bits > 0 {
      output.append(alphabet[Int((buffer << UInt32(5 - bits)) & 31)])
    }
    return String(decoding: output, as: UTF8.self)
  }

  static func decode(_ string: String) -> [UInt8]? {
    var output: [UInt8] = []
    var buffer: UInt32 = 0
    var bits = 0
    for character in string.utf8 {
      let value: UInt32
      switch character {
      case UInt8(ascii: "a")...UInt8(ascii: "z"): value = UInt32(character - UInt8(ascii: "a"))
      case UInt8(ascii: "2")...UInt8(ascii: "7"): value = UInt32(character - UInt8(ascii: "2")) + 26
      default: return nil
      }
      buffer = (buffer << 5) | value
      bits += 5
      if bits >= 8 {
        output.append(UInt8((buffer >> UInt32(bits - 8)) & 0xFF))
        bits -= 8
      }
    }
    // Leftover bits must be zero padding from the encoder, fewer than a whole character.
    guard bits < 5, buffer & ((1 << UInt32(bits)) - 1) == 0 else { return nil }
    return output
  }
}
