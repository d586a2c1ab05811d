import ContentTypes
import Foundation

// MARK: - String

extension String: ItemProviderWriting, ItemProviderReading {
  /// UTF-8 first, then UTF-16 in little-endian order without a byte-order mark.
  public static var writableContentTypes: [ContentType] { [.utf8PlainText, .utf16PlainText] }

  /// Any plain text: UTF-8 and UTF-16 are decoded by their type, other plain text by its
  /// byte-order mark, or as UTF-8 when it has none.
  public static var readableContentTypes: [ContentType] { [.plainText] }

  public func loadData(
    for contentType: ContentType, completionHandler: @escaping @Sendable (Result<Data, any Error>) -> Void
  ) -> LoadProgress? {
    Self.completeImmediately(completionHandler) {
      if contentType.conforms(to: .utf16PlainText) {
        var data = Data(capacity: utf16.count * 2)
        for unit in utf16 { withUnsafeBytes(of: unit.littleEndian) { data.append(contentsOf: $0) } }
        return data
      }
      return Data(utf8)
    }
  }

  public static func object(from data: Data, contentType: ContentType) throws -> String {
    let bytes = [UInt8](data)
    let decoded: String?
    if contentType.conforms(to: .utf16PlainText) || contentType.conforms(to: .utf16ExternalPlainText) {
      decoded = TextDecoding.utf16(bytes, requireBOM: contentType.conforms(to: .utf16ExternalPlainText))
    } else if contentType.conforms(to: .utf8PlainText) {
      decoded = TextDecoding.utf8(bytes)
    } else {
      decoded = TextDecoding.sniffing(bytes)
    }
    guard let decoded else {
      throw ItemProviderError.coercionFailed(
        from: contentType, to: "String", reason: TextDecoding.failureReason(bytes, contentType: contentType))
    }
    return decoded
  }
}

/// Strict text decoding: invalid input gives nil, never replacement characters.
enum TextDecoding {
  static func utf8(_ bytes: [UInt8]) -> String? {
    let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
    return String(validating: body, as: UTF8.self)
  }

  static func utf16(_ bytes: [UInt8], requireBOM: Bool) -> String? {
    guard bytes.count % 2 == 0 else { return nil }
    var littleEndian = true
    var body = bytes[...]
    if bytes.starts(with: [0xFF, 0xFE]) {
      body = body.dropFirst(2)
    } else if bytes.starts(with: [0xFE, 0xFF]) {
      littleEndian = false
      body = body.dropFirst(2)
    } else if requireBOM {
      return nil
    }
    var units: [UInt16] = []
    units.reserveCapacity(body.count / 2)
    var index = body.startIndex
    while index < body.endIndex {
      let first = UInt16(body[index])
      let second = UInt16(body[index + 1])
      units.append(littleEndian ? first | second << 8 : first << 8 | second)
      index += 2
    }
    return String(validating: units, as: UTF16.self)
  }

  static func sniffing(_ bytes: [UInt8]) -> String? {
    if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
      return utf16(bytes, requireBOM: true)
    }
    return utf8(bytes)
  }

  static func failureReason(_ bytes: [UInt8], contentType: ContentType) -> String {
    if contentType.conforms(to: .utf16PlainText) || contentType.conforms(to: .utf16ExternalPlainText) {
      if bytes.count % 2 != 0 { return "UTF-16 text has an odd number of bytes (\(bytes.count))" }
      if contentType.conforms(to: .utf16ExternalPlainText),
        !(bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]))
      {
        return "external UTF-16 text has no byte-order mark"
      }
      return "invalid UTF-16 (unpaired surrogate)"
    }
    var iterator = bytes.makeIterator()
    var parser = Unicode.UTF8.ForwardParser()
    var offset = 0
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let scalar): offset += scalar.count
      case .error: return "invalid UTF-8 at byte \(offset)"
      case .emptyInput: return "invalid text"
      }
    }
  }
}

// MARK: - URL

extension URL: ItemProviderWriting, ItemProviderReading {
  public static var writableContentTypes: [ContentType] { [.fileURL, .url, .utf8PlainText] }

  /// A file URL is also written as `public.file-url`; every URL as `public.url` and as its
  /// string in UTF-8 plain text.
  public var writableContentTypes: [ContentType] {
    isFileURL ? [.fileURL, .url, .utf8PlainText] : [.url, .utf8PlainText]
  }

  /// URLs, and plain text holding one absolute URL.
  public static var readableContentTypes: [ContentType] { [.url, .plainText] }

  public func loadData(
    for contentType: ContentType, completionHandler: @escaping @Sendable (Result<Data, any Error>) -> Void
  ) -> LoadProgress? {
    Self.completeImmediately(completionHandler) { Data(absoluteString.utf8) }
  }

  public static func object(from data: Data, contentType: ContentType) throws -> URL {
    let text = try String.object(
      from: data, contentType: contentType.conforms(to: .plainText) ? contentType : .utf8PlainText)
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty, !trimmed.contains(where: \.isNewline), let url = URL(string: trimmed), url.scheme != nil
    else {
      throw ItemProviderError.coercionFailed(from: contentType, to: "URL", reason: "not an absolute URL")
    }
    if contentType.conforms(to: .fileURL), !url.isFileURL {
      throw ItemProviderError.coercionFailed(from: contentType, to: "URL", reason: "not a file URL")
    }
    return url
  }
}

// MARK: - Data

extension Data: ItemProviderWriting, ItemProviderReading {
  /// Bytes of no particular kind.
  public static var writableContentTypes: [ContentType] { [.data] }
  /// Every representation that is data, unchanged.
  public static var readableContentTypes: [ContentType] { [.data] }

  public func loadData(
    for contentType: ContentType, completionHandler: @escaping @Sendable (Result<Data, any Error>) -> Void
  ) -> LoadProgress? {
    Self.completeImmediately(completionHandler) { self }
  }

  public static func object(from data: Data, contentType: ContentType) throws -> Data { data }
}
