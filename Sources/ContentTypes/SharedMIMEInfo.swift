import Foundation
import FoundationXML

/// A problem found while reading the freedesktop shared-mime-info database.
///
/// The registry logs each one once and goes on with what it could read: the built-in types
/// always remain, and a file that cannot be read whole contributes nothing.
public enum MIMEDatabaseError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file could not be read at all.
  case unreadable(path: String, reason: String)
  /// The file is not well-formed XML (a truncated file ends up here). Nothing of it is used.
  case malformed(path: String, line: Int, column: Int, reason: String)
  /// The file is well-formed but is not a shared-mime-info package.
  case notAPackage(path: String, rootElement: String)
  /// One `mime-type` element was unusable, for example because its `type` attribute is not
  /// a MIME type. The rest of the file is used.
  case invalidEntry(path: String, line: Int, reason: String)

  public var description: String {
    switch self {
    case .unreadable(let path, let reason):
      "shared-mime-info file \(path) could not be read: \(reason)"
    case .malformed(let path, let line, let column, let reason):
      "shared-mime-info file \(path) is malformed at line \(line), column \(column): \(reason); it was skipped"
    case .notAPackage(let path, let root):
      "shared-mime-info file \(path) has root element <\(root)>, expected <mime-info>; it was skipped"
    case .invalidEntry(let path, let line, let reason):
      "shared-mime-info file \(path), line \(line): \(reason); the entry was skipped"
    }
  }
}

/// The parsed contents of shared-mime-info package files: one entry per MIME type.
struct MIMEDatabase: Sendable {
  struct Glob: Sendable, Hashable {
    /// The extension of a `*.ext` pattern, lowercased.
    var filenameExtension: String
    var weight: Int
  }

  struct Entry: Sendable {
    var mimeType: String
    var aliases: [String] = []
    var parents: [String] = []
    var globs: [Glob] = []
    var comment: String?
  }

  var entries: [Entry] = []
  var errors: [MIMEDatabaseError] = []

  /// The package directories of the XDG base directory specification, highest priority
  /// first: `$XDG_DATA_HOME/mime/packages`, then each of `$XDG_DATA_DIRS`.
  static func standardDirectories(environment: [String: String] = ProcessInfo.processInfo.environment) -> [URL] {
    var bases: [String] = []
    if let home = environment["XDG_DATA_HOME"], !home.isEmpty {
      bases.append(home)
    } else if let home = environment["HOME"], !home.isEmpty {
      bases.append(home + "/.local/share")
    }
    let dirs = environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share"
    bases += dirs.split(separator: ":").map(String.init)
    var seen = Set<String>()
    return bases.filter { seen.insert($0).inserted }.map {
      URL(fileURLWithPath: $0).appendingPathComponent("mime/packages", isDirectory: true)
    }
  }

  /// Reads every `*.xml` file in the given package directories, in order. Missing
  /// directories are not errors: the database is optional.
  static func load(directories: [URL]) -> MIMEDatabase {
    var database = MIMEDatabase()
    for directory in directories {
      let names: [String]
      do {
        names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
      } catch {
        continue
      }
      for name in names.sorted() where name.hasSuffix(".xml") {
        let file = directory.appendingPathComponent(name)
        do {
          let data = try Data(contentsOf: file)
          database.merge(try parse(data, path: file.path))
        } catch let error as MIMEDatabaseError {
          database.errors.append(error)
        } catch {
          database.errors.append(.unreadable(path: file.path, reason: "\(error.localizedDescription)"))
        }
      }
    }
    return database
  }

  mutating func merge(_ other: MIMEDatabase) {
    entries += other.entries
    errors += other.errors
  }

  /// Parses one package file. Throws when the file cannot be used whole; entries that are
  /// unusable on their own are reported in ``errors`` and left out.
  static func parse(_ data: Data, path: String) throws(MIMEDatabaseError) -> MIMEDatabase {
    // The XML parser traps on bytes that are not UTF-8 in names and comments, so such a
    // file is refused before it gets there (package files are UTF-8 by specification).
    if let bad = firstInvalidText(in: data) {
      throw .malformed(path: path, line: bad.line, column: bad.column, reason: bad.reason)
    }
    let stripped = try strippingDocumentTypeDeclaration(data, path: path)
    let parser = XMLParser(data: stripped)
    parser.shouldProcessNamespaces = false
    parser.shouldResolveExternalEntities = false
    let reader = PackageReader(path: path, parser: parser)
    parser.delegate = reader
    let succeeded = parser.parse()
    // A truncated document can end with parse() reporting success and an error recorded.
    if !succeeded || parser.parserError != nil || reader.depth != 0 || reader.rootElement == nil {
      let reason = parser.parserError.map { "XML error \(($0 as NSError).code)" } ?? "the document ends early"
      throw .malformed(path: path, line: parser.lineNumber, column: parser.columnNumber, reason: reason)
    }
    if let root = reader.rootElement, root != "mime-info" {
      throw .notAPackage(path: path, rootElement: root)
    }
    return MIMEDatabase(entries: reader.entries, errors: reader.errors)
  }

  /// Package files open with an internal DTD subset that only documents the format. The
  /// XML parser's handling of attribute-list declarations is unsafe on this platform, so the
  /// declaration is removed before parsing, and a document that declares anything elsewhere
  /// is refused.
  private static func strippingDocumentTypeDeclaration(_ data: Data, path: String) throws(MIMEDatabaseError) -> Data {
    // Offsets below are from the start, so work on data whose indices start at zero.
    var data = data.startIndex == 0 ? data : Data(data)
    // A document type declaration belongs before the root element; one elsewhere is refused below.
    if let open = offset(of: "<!DOCTYPE", in: data), !data.prefix(open).hasElementStart {
      guard let close = offset(of: "]>", in: data, from: open) ?? offset(of: ">", in: data, from: open) else {
        throw .malformed(path: path, line: 1, column: 1, reason: "unterminated document type declaration")
      }
      data.removeSubrange(open..<(close + (data[close] == UInt8(ascii: "]") ? 2 : 1)))
    }
    if offset(of: "<!", in: data) != nil {
      // Comments and CDATA are harmless; any other declaration is refused.
      var start = 0
      while let found = offset(of: "<!", in: data, from: start) {
        let rest = data[found...].prefix(9)
        if !rest.starts(with: Array("<!--".utf8)) && !rest.starts(with: Array("<![CDATA[".utf8)) {
          throw .malformed(
            path: path, line: 1, column: 1, reason: "unexpected declaration \(String(decoding: rest, as: UTF8.self))")
        }
        start = found + 2
      }
    }
    return data
  }

  /// Where the bytes stop being text an XML parser can take: the first byte that is not
  /// part of well-formed UTF-8 (overlong forms and surrogates included), or a NUL, with its
  /// line and column (both from 1, the column in bytes). Nil when the whole file is good.
  static func firstInvalidText(in data: Data) -> (line: Int, column: Int, reason: String)? {
    data.withUnsafeBytes { buffer -> (line: Int, column: Int, reason: String)? in
      let bytes = buffer.bindMemory(to: UInt8.self)
      var index = 0
      var line = 1
      var lineStart = 0
      func failure(_ reason: String) -> (line: Int, column: Int, reason: String) {
        (line, index - lineStart + 1, reason)
      }
      while index < bytes.count {
        let lead = bytes[index]
        if lead < 0x80 {
          if lead == 0 { return failure("a NUL byte") }
          if lead == 0x0A {
            line += 1
            lineStart = index + 1
          }
          index += 1
          continue
        }
        // The length of the sequence, and the range its second byte must fall in (which
        // rules out overlong forms, surrogates and code points past U+10FFFF).
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
          length = 3
          low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
          length = 3
          high = 0x9F
        case 0xF0:
          length = 4
          low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4:
          length = 4
          high = 0x8F
        default:
          return failure(String(format: "byte 0x%02X is not UTF-8", lead))
        }
        guard index + length <= bytes.count else { return failure("a UTF-8 sequence is cut short by the end") }
        guard (low...high).contains(bytes[index + 1]) else {
          return failure(String(format: "byte 0x%02X does not continue a UTF-8 sequence", bytes[index + 1]))
        }
        for offset in 2..<length where !(0x80...0xBF).contains(bytes[index + offset]) {
          return failure(String(format: "byte 0x%02X does not continue a UTF-8 sequence", bytes[index + offset]))
        }
        index += length
      }
      return nil
    }
  }

  /// The offset of the first occurrence of `needle` at or after `start`: a plain byte scan,
  /// since the generic `Data` search costs a quarter of a second on a 2 MB file.
  static func offset(of needle: String, in data: Data, from start: Int = 0) -> Int? {
    let pattern = Array(needle.utf8)
    return data.withUnsafeBytes { buffer -> Int? in
      let bytes = buffer.bindMemory(to: UInt8.self)
      guard let first = pattern.first, start >= 0, bytes.count - start >= pattern.count else { return nil }
      var index = start
      let last = bytes.count - pattern.count
      while index <= last {
        if bytes[index] == first {
          var matched = 1
          while matched < pattern.count && bytes[index + matched] == pattern[matched] { matched += 1 }
          if matched == pattern.count { return index }
        }
        index += 1
      }
      return nil
    }
  }
}

/// The SAX delegate that collects `mime-type` elements.
private final class PackageReader: NSObject, XMLParserDelegate {
  let path: String
  unowned let parser: XMLParser
  var entries: [MIMEDatabase.Entry] = []
  var errors: [MIMEDatabaseError] = []
  var rootElement: String?
  var depth = 0

  private var current: MIMEDatabase.Entry?
  private var currentIsValid = true
  private var commentText: String?

  init(path: String, parser: XMLParser) {
    self.path = path
    self.parser = parser
  }

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
    attributes: [String: String] = [:]
  ) {
    depth += 1
    if depth == 1 {
      rootElement = elementName
      return
    }
    guard rootElement == "mime-info" else { return }
    switch (depth, elementName) {
    case (2, "mime-type"):
      current = nil
      currentIsValid = true
      guard let type = attributes["type"], let mime = TagSyntax.parseMIME(type), mime.parameters.isEmpty else {
        invalid(
          "mime-type has no valid type attribute (\(attributes["type"].map { "\"\($0.prefix(80))\"" } ?? "none"))")
        return
      }
      current = MIMEDatabase.Entry(mimeType: mime.essence)
    case (3, "alias"), (3, "sub-class-of"):
      guard current != nil else { return }
      guard let type = attributes["type"], let mime = TagSyntax.parseMIME(type) else {
        errors.append(
          .invalidEntry(path: path, line: parser.lineNumber, reason: "<\(elementName)> has no valid type attribute"))
        return
      }
      if elementName == "alias" {
        current?.aliases.append(mime.essence)
      } else {
        current?.parents.append(mime.essence)
      }
    case (3, "glob"):
      guard current != nil, let pattern = attributes["pattern"] else { return }
      // Only simple `*.ext` patterns name an extension; others (`README*`, `*.[ch]`) match
      // file names and are left to a file-name matcher.
      guard pattern.hasPrefix("*."),
        !pattern.dropFirst(2).contains(where: { "*?[]".contains($0) }),
        let ext = TagSyntax.extensionKey(String(pattern.dropFirst(2)))
      else { return }
      let weight = attributes["weight"].flatMap { Int($0) }.map { min(max($0, 0), 100) } ?? 50
      current?.globs.append(.init(filenameExtension: ext, weight: weight))
    case (3, "comment"):
      // The untranslated comment carries no xml:lang attribute.
      commentText = attributes["xml:lang"] == nil && current?.comment == nil ? "" : nil
    default:
      break
    }
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    commentText? += string
  }

  func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
    defer { depth -= 1 }
    guard rootElement == "mime-info" else { return }
    if depth == 3, elementName == "comment", let text = commentText {
      let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
      if !trimmed.isEmpty { current?.comment = trimmed }
      commentText = nil
    }
    if depth == 2, elementName == "mime-type" {
      if let entry = current, currentIsValid { entries.append(entry) }
      current = nil
    }
  }

  private func invalid(_ reason: String) {
    if currentIsValid {
      errors.append(.invalidEntry(path: path, line: parser.lineNumber, reason: reason))
    }
    currentIsValid = false
  }
}

extension Data {
  /// Whether the bytes contain the start of an element: `<` followed by a letter.
  fileprivate var hasElementStart: Bool {
    zip(self, dropFirst()).contains { pair in
      pair.0 == UInt8(ascii: "<") && (pair.1 | 0x20 >= UInt8(ascii: "a") && pair.1 | 0x20 <= UInt8(ascii: "z"))
    }
  }
}
