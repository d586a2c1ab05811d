import ContentTypes
import Foundation
import ItemProviders

/// The formats drags use between applications on the Linux desktop (XDND on X11, and the
/// Wayland data device): MIME types, with the encodings that peers expect under them. One
/// table serves both directions, for every platform: what we offer for our items, and how
/// what a peer offers becomes content types an item provider loads.
///
/// Outgoing, an item offers each representation that is visible outside the process, in
/// fidelity order (``offers(for:)``): text as `text/plain;charset=utf-8`, `text/plain` and
/// `UTF8_STRING`; URLs as `text/uri-list` and, for browsers, `text/x-moz-url`; images and
/// every other type under their registered MIME type. Image data is also offered as a file
/// (`text/uri-list`), written only when a peer asks for it, for file managers.
///
/// Incoming, the peer's MIME types map to content types (``incomingRepresentations(for:)``):
/// what a browser offers for text, links and images, what file managers offer for files.
/// Every decoder checks what arrives and throws a ``PlatformDataError`` that names the
/// problem; nothing a peer sends can crash the reader.
public enum PlatformFormats {
  // MARK: Outgoing

  /// How the bytes offered under a MIME type are made from a representation.
  public enum Encoding: Hashable, Sendable {
    /// The representation's bytes as they are.
    case bytes
    /// A URL representation as a one-line `text/uri-list`, ended by CRLF.
    case uriList
    /// A URL representation as `text/x-moz-url`: UTF-16LE, the URL and a title on two lines.
    case mozURL
    /// The representation written to a file when a peer asks, offered as a `text/uri-list`
    /// naming that file.
    case temporaryFile
    /// The files the `text/uri-list` offer names, as GNOME's `x-special/gnome-copied-files`
    /// (`copy`, then one URI a line): what file managers paste from the clipboard.
    case gnomeCopiedFiles
  }

  /// A MIME type we offer, and the representation and encoding that make its bytes.
  public struct Offer: Hashable, Sendable {
    /// The MIME type offered.
    public var mimeType: String
    /// The representation its bytes come from.
    public var contentType: ContentType
    /// How the bytes are made from the representation.
    public var encoding: Encoding
  }

  /// The MIME types of plain text, best first.
  public static let textMIMETypes = ["text/plain;charset=utf-8", "text/plain", "UTF8_STRING"]

  /// What an item offers to other applications for its representations `types`, in
  /// fidelity order, each MIME type once: the offers of a drag.
  public static func offers(for types: [ContentType]) -> [Offer] {
    offers(for: types, clipboard: false)
  }

  /// What an item offers to other applications for its representations `types`, in
  /// fidelity order, each MIME type once. On the clipboard (`clipboard`), files also go out
  /// as GNOME's `x-special/gnome-copied-files`, which file managers paste.
  public static func offers(for types: [ContentType], clipboard: Bool) -> [Offer] {
    var offers: [Offer] = []
    func add(_ mimeType: String, _ type: ContentType, _ encoding: Encoding) {
      guard !offers.contains(where: { $0.mimeType == mimeType }) else { return }
      offers.append(Offer(mimeType: mimeType, contentType: type, encoding: encoding))
    }
    for type in types {
      if type.conforms(to: .url) {
        add("text/uri-list", type, .uriList)
        add("text/x-moz-url", type, .mozURL)
      } else if type.conforms(to: .utf8PlainText) || type == .plainText {
        for mime in textMIMETypes { add(mime, type, .bytes) }
      } else if type.conforms(to: .plainText), offers.contains(where: { $0.mimeType == "text/plain" }) {
        continue  // the same text in another encoding: peers on this desktop read UTF-8
      } else if let mime = type.preferredMIMEType, type != .data {
        add(mime, type, .bytes)
      } else if let mime = privateMIMEType(for: type) {
        add(mime, type, .bytes)
      }
    }
    // Images that are data, not files, go to file managers as a file written on request.
    if let image = types.first(where: { $0.conforms(to: .image) }), !types.contains(where: { $0.conforms(to: .url) }) {
      add("text/uri-list", image, .temporaryFile)
    }
    if clipboard, let list = offers.first(where: { $0.mimeType == "text/uri-list" }),
      list.encoding == .temporaryFile || list.contentType.conforms(to: .fileURL)
    {
      add("x-special/gnome-copied-files", list.contentType, .gnomeCopiedFiles)
    }
    return offers
  }

  /// GNOME's `x-special/gnome-copied-files` for the files a `text/uri-list` names: `copy`
  /// (or `cut`), then one URI a line.
  public static func gnomeCopiedFiles(fromURIList list: Data, cut: Bool = false) -> Data {
    let uris = String(decoding: list, as: UTF8.self).split(whereSeparator: \.isNewline).map(String.init)
    return Data(([cut ? "cut" : "copy"] + uris).joined(separator: "\n").utf8)
  }

  /// The prefix of the MIME types under which an application's own declared types travel
  /// when they have no MIME type of their own: `application/vnd.dragdrop.` and the type's
  /// identifier. Only our own processes read them.
  public static let privateMIMEPrefix = "application/vnd.dragdrop."

  /// The MIME type an application's own declared type travels under when it has none (a
  /// Codable type's exported type, for one); nil for public and dynamic types.
  public static func privateMIMEType(for type: ContentType) -> String? {
    guard type.isDeclared, type != .data, !type.identifier.hasPrefix("public."), type.preferredMIMEType == nil else {
      return nil
    }
    return privateMIMEPrefix + type.identifier
  }

  /// The bytes of `offer` from the representation's `data`. A ``Encoding/temporaryFile``
  /// offer is encoded from the written file's URL, by ``uriList(_:)``.
  public static func encode(_ data: Data, for offer: Offer) throws(PlatformDataError) -> Data {
    switch offer.encoding {
    case .bytes, .temporaryFile, .gnomeCopiedFiles:
      return data
    case .uriList:
      return uriList([try url(from: data, mimeType: offer.mimeType)])
    case .mozURL:
      let url = try url(from: data, mimeType: offer.mimeType)
      var bytes = Data()
      for unit in (url.absoluteString + "\n" + url.absoluteString).utf16 {
        bytes.append(UInt8(unit & 0xFF))
        bytes.append(UInt8(unit >> 8))
      }
      return bytes
    }
  }

  /// A `text/uri-list` of `urls`: one URI a line, each ended by CRLF.
  public static func uriList(_ urls: [URL]) -> Data {
    Data(urls.map { $0.absoluteString + "\r\n" }.joined().utf8)
  }

  private static func url(from data: Data, mimeType: String) throws(PlatformDataError) -> URL {
    try absoluteURL(decodeText(data, mimeType: mimeType).trimmingCharacters(in: .whitespacesAndNewlines))
  }

  // MARK: Incoming

  /// How the bytes a peer sends under a MIME type become a representation.
  public enum Decoding: Hashable, Sendable {
    /// UTF-8 text, checked, without the trailing NUL some X11 peers add.
    case text
    /// A `text/uri-list`, each URI checked (``PlatformFormats/decodeURIList(_:mimeType:filesOnly:fileExists:)``),
    /// delivered as the first URL.
    case uriList(filesOnly: Bool)
    /// Mozilla's `text/x-moz-url` (UTF-16, URL and title): the URL.
    case mozURL
    /// Netscape's `_NETSCAPE_URL` (UTF-8, URL and title): the URL.
    case netscapeURL
    /// GNOME's `x-special/gnome-copied-files` (`copy` or `cut`, then URIs): the first file.
    case gnomeCopiedFiles
    /// An image in bytes whose type the peer did not say (a browser's
    /// `application/octet-stream`): its type is found from its first bytes.
    case sniffedImage
    /// The bytes as they are, checked for truncation where the format declares its end.
    case bytes
  }

  /// A representation an incoming item registers: its content type, the MIME type to read,
  /// and how the bytes are decoded.
  public struct IncomingRepresentation: Hashable, Sendable {
    /// The content type the item registers.
    public var contentType: ContentType
    /// The MIME type read from the peer.
    public var mimeType: String
    /// How its bytes become the representation.
    public var decoding: Decoding
  }

  /// MIME types that platforms add for their own use, and that no item provider loads.
  static let ignoredMIMETypes: Set<String> = [
    "TARGETS", "MULTIPLE", "TIMESTAMP", "SAVE_TARGETS", "DELETE", "TEXT", "STRING", "COMPOUND_TEXT",
    "GdkFileList", "GFile", "gchararray", "XdndDirectSave0", "text/html",
  ]

  /// The representations an item from a peer registers for the MIME types it offers, in
  /// fidelity order: each content type once, from the first MIME type that gives it.
  public static func incomingRepresentations(for mimeTypes: [String]) -> [IncomingRepresentation] {
    var result: [IncomingRepresentation] = []
    func add(_ type: ContentType, _ mime: String, _ decoding: Decoding) {
      guard !result.contains(where: { $0.contentType == type }) else { return }
      result.append(IncomingRepresentation(contentType: type, mimeType: mime, decoding: decoding))
    }
    let lowered = mimeTypes.map { $0.lowercased() }
    let offersImageType = lowered.contains { $0.hasPrefix("image/") }
    // A browser's image: raw bytes beside a save-as offer (Chromium on X11), with no image/*
    // type.
    let browserImage =
      lowered.contains("application/octet-stream") && lowered.contains("xdnddirectsave0")
      && !offersImageType
    for (mime, lower) in zip(mimeTypes, lowered) {
      if ignoredMIMETypes.contains(mime) || lower.hasPrefix("chromium/") { continue }
      // Raw bytes that name their file (Chromium on Wayland offers an image so): the file
      // name's type, and an image's bytes say which image they are.
      if lower.hasPrefix("application/octet-stream;"), let name = parameter("name", of: mime),
        let type = ContentType(filenameExtension: URL(fileURLWithPath: name).pathExtension)
      {
        if type.conforms(to: .image) {
          if !offersImageType { add(.untypedImage, mime, .sniffedImage) }
        } else {
          add(type, mime, .bytes)
        }
        continue
      }
      switch lower {
      case "text/uri-list":
        add(.fileURL, mime, .uriList(filesOnly: true))
        add(.url, mime, .uriList(filesOnly: false))
      case "x-special/gnome-copied-files":
        add(.fileURL, mime, .gnomeCopiedFiles)
      case "text/x-moz-url":
        add(.url, mime, .mozURL)
      case "_netscape_url":
        add(.url, mime, .netscapeURL)
      case "text/plain;charset=utf-8", "utf8_string", "text/plain":
        add(.utf8PlainText, mime, .text)
      case "application/octet-stream" where browserImage:
        add(.untypedImage, mime, .sniffedImage)
      case _ where lower.hasPrefix(privateMIMEPrefix) && lower.count > privateMIMEPrefix.count:
        // Another process of ours: its own type, known here, or imported as data.
        let identifier = String(mime.dropFirst(privateMIMEPrefix.count))
        add(ContentType(identifier) ?? ContentType(importedAs: identifier), mime, .bytes)
      default:
        guard let type = ContentType(mimeType: mime), type != .data || lower == "application/octet-stream" else {
          continue
        }
        add(type, mime, .bytes)
      }
    }
    return result
  }

  /// The value of parameter `name` of a MIME type (`type/subtype; name="value"`), unquoted;
  /// nil when it has none.
  static func parameter(_ name: String, of mimeType: String) -> String? {
    for part in mimeType.split(separator: ";").dropFirst() {
      let pair = part.split(separator: "=", maxSplits: 1)
      guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == name.lowercased() else {
        continue
      }
      var value = pair[1].trimmingCharacters(in: .whitespaces)
      if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
      return value.isEmpty ? nil : value
    }
    return nil
  }

  /// Decodes what a peer sent under `representation.mimeType` into the bytes of its
  /// content type: text as UTF-8, URLs as their absolute string, images and other data as
  /// they are. `fileExists` checks the files a URI list names.
  public static func decode(
    _ data: Data, as representation: IncomingRepresentation,
    fileExists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }
  ) throws(PlatformDataError) -> Data {
    let mime = representation.mimeType
    switch representation.decoding {
    case .text:
      return Data(try decodeText(data, mimeType: mime).utf8)
    case .uriList(let filesOnly):
      let urls = try decodeURIList(data, mimeType: mime, filesOnly: filesOnly, fileExists: fileExists)
      return Data(urls[0].absoluteString.utf8)
    case .mozURL:
      return Data(try decodeMozURL(data).absoluteString.utf8)
    case .netscapeURL:
      let text = try decodeText(data, mimeType: mime)
      let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
      return Data(try absoluteURL(line).absoluteString.utf8)
    case .gnomeCopiedFiles:
      let urls = try decodeGnomeCopiedFiles(data, fileExists: fileExists)
      return Data(urls[0].absoluteString.utf8)
    case .sniffedImage:
      guard let type = imageType(of: data) else { throw .notAnImage(mime) }
      try checkPixelBudget(data, mimeType: mime)
      try checkComplete(data, as: type, mimeType: mime)
      return data
    case .bytes:
      guard !data.isEmpty else { throw .empty(mime) }
      if representation.contentType.conforms(to: .image) { try checkPixelBudget(data, mimeType: mime) }
      try checkComplete(data, as: representation.contentType, mimeType: mime)
      return data
    }
  }

  /// UTF-8 text, without a trailing NUL; empty or invalid input throws.
  public static func decodeText(_ data: Data, mimeType: String) throws(PlatformDataError) -> String {
    var bytes = data
    while bytes.last == 0 { bytes.removeLast() }
    guard !bytes.isEmpty else { throw .empty(mimeType) }
    guard let text = String(validating: bytes, as: UTF8.self) else { throw .invalidUTF8(mimeType) }
    return text
  }

  /// The URIs of a `text/uri-list` (RFC 2483): one a line, lines starting with `#` skipped.
  /// Each must be absolute; with `filesOnly`, each must be a `file:` URI with an absolute
  /// path, no `..` segment, naming a file that exists. At least one must be there.
  public static func decodeURIList(
    _ data: Data, mimeType: String, filesOnly: Bool,
    fileExists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }
  ) throws(PlatformDataError) -> [URL] {
    let text = try decodeText(data, mimeType: mimeType)
    var urls: [URL] = []
    for raw in text.split(whereSeparator: \.isNewline) {
      let line = raw.trimmingCharacters(in: .whitespaces)
      if line.isEmpty || line.hasPrefix("#") { continue }
      let url = try absoluteURL(line)
      if filesOnly {
        guard url.isFileURL else { throw .notAFile(line) }
        try checkFile(url, as: line, fileExists: fileExists)
      }
      urls.append(url)
    }
    guard !urls.isEmpty else { throw .empty(mimeType) }
    return urls
  }

  /// Checks that a file URI names a local file by an absolute path without `..`, and that
  /// the file exists.
  private static func checkFile(
    _ url: URL, as line: String, fileExists: (String) -> Bool
  ) throws(PlatformDataError) {
    let path = url.path(percentEncoded: false)
    guard path.hasPrefix("/"), url.host(percentEncoded: false).map({ $0.isEmpty || $0 == "localhost" }) ?? true
    else { throw .notAFile(line) }
    guard !path.split(separator: "/").contains("..") else { throw .pathTraversal(line) }
    guard fileExists(path) else { throw .missingFile(path) }
  }

  /// The files of GNOME's `x-special/gnome-copied-files`: `copy` or `cut` on the first
  /// line, then a URI a line, each checked as in a file-only URI list.
  public static func decodeGnomeCopiedFiles(
    _ data: Data, fileExists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }
  ) throws(PlatformDataError) -> [URL] {
    let mime = "x-special/gnome-copied-files"
    let text = try decodeText(data, mimeType: mime)
    var lines = text.split(whereSeparator: \.isNewline).map(String.init)
    guard let verb = lines.first, verb == "copy" || verb == "cut" else {
      throw .malformed(mime, reason: "no copy or cut")
    }
    lines.removeFirst()
    return try decodeURIList(
      Data(lines.joined(separator: "\r\n").utf8), mimeType: mime, filesOnly: true, fileExists: fileExists)
  }

  // MARK: Lists of files

  /// The MIME type under which a peer lists several files or links, if it offers one:
  /// `text/uri-list` (file managers, GTK), else `x-special/gnome-copied-files`.
  public static func listMIMEType(in mimeTypes: [String]) -> String? {
    mimeTypes.first { $0.lowercased() == "text/uri-list" }
      ?? mimeTypes.first { $0.lowercased() == "x-special/gnome-copied-files" }
  }

  /// Whether a peer's list (under `mimeType`) is the drag's items, one per URI, or one more
  /// representation of a single item.
  ///
  /// A list of files, or of several links, is the items. One web link beside data of another
  /// kind (`image/…`, `audio/…`, `video/…`, or an `application/…` type) is where that data came
  /// from: a browser offers an image's bytes with its address. The item then keeps every
  /// representation the peer offers, the link among them, as UIKit gives a drop from Safari.
  public static func listIsItems(_ data: Data, mimeType: String, offering mimeTypes: [String]) -> Bool {
    guard mimeType.lowercased() == "text/uri-list",
      let urls = try? decodeURIList(data, mimeType: mimeType, filesOnly: false, fileExists: { _ in true }),
      urls.count == 1, !urls[0].isFileURL
    else { return true }
    let kinds = ["image/", "audio/", "video/", "application/"]
    let offersData = mimeTypes.contains { mime in
      let mime = mime.lowercased()
      return kinds.contains { mime.hasPrefix($0) } && !mime.hasPrefix("application/x-moz-")
        && !mime.hasPrefix(privateMIMEPrefix)
    }
    return !offersData
  }

  /// The items a list of files or links stands for: one per URI, in the list's order. A
  /// local file becomes a provider of its contents and its URL
  /// (`ItemProvider(contentsOf:)`); any other URL, a provider of the URL. The list is
  /// checked whole: a file URI that is relative, climbs out with `..` or names nothing
  /// throws, and no items are made.
  public static func items(
    fromList data: Data, mimeType: String,
    fileExists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }
  ) throws(PlatformDataError) -> [ItemProvider] {
    let urls: [URL]
    if mimeType.lowercased() == "x-special/gnome-copied-files" {
      urls = try decodeGnomeCopiedFiles(data, fileExists: fileExists)
    } else {
      urls = try decodeURIList(data, mimeType: mimeType, filesOnly: false)
      for url in urls where url.isFileURL { try checkFile(url, as: url.absoluteString, fileExists: fileExists) }
    }
    var providers: [ItemProvider] = []
    providers.reserveCapacity(urls.count)
    for url in urls {
      guard url.isFileURL else {
        providers.append(ItemProvider(object: url))
        continue
      }
      // Gone since the check: the list is no longer what the peer meant.
      guard let provider = ItemProvider(contentsOf: url) else { throw .missingFile(url.path(percentEncoded: false)) }
      providers.append(provider)
    }
    return providers
  }

  /// The URL of a `text/x-moz-url`: UTF-16 (little-endian unless a byte-order mark says
  /// otherwise), the URL on the first line and a title on the second. Chromium on Wayland
  /// writes it in UTF-8: a URL's scheme in UTF-16 always has zero bytes, so bytes with none
  /// and no byte-order mark are read as UTF-8.
  public static func decodeMozURL(_ data: Data) throws(PlatformDataError) -> URL {
    let mime = "text/x-moz-url"
    guard !data.isEmpty else { throw .empty(mime) }
    if !data.contains(0), !data.starts(with: [0xFE, 0xFF]), !data.starts(with: [0xFF, 0xFE]) {
      guard let text = String(validating: data, as: UTF8.self) else { throw .invalidUTF8(mime) }
      return try absoluteURL(text.split(whereSeparator: \.isNewline).first.map(String.init) ?? "")
    }
    guard data.count % 2 == 0 else { throw .truncated(mime, reason: "an odd number of bytes in UTF-16 text") }
    var bytes = [UInt8](data)
    var bigEndian = false
    if bytes.starts(with: [0xFE, 0xFF]) {
      bigEndian = true
      bytes.removeFirst(2)
    } else if bytes.starts(with: [0xFF, 0xFE]) {
      bytes.removeFirst(2)
    }
    var units: [UInt16] = []
    units.reserveCapacity(bytes.count / 2)
    for index in stride(from: 0, to: bytes.count, by: 2) {
      let (first, second) = (UInt16(bytes[index]), UInt16(bytes[index + 1]))
      units.append(bigEndian ? first << 8 | second : second << 8 | first)
    }
    while units.last == 0 { units.removeLast() }
    guard let text = String(validating: units, as: UTF16.self) else { throw .invalidUTF16(mime) }
    let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
    return try absoluteURL(line)
  }

  private static func absoluteURL(_ text: String) throws(PlatformDataError) -> URL {
    guard !text.isEmpty else { throw .malformedURI(text) }
    guard let url = URL(string: text), let scheme = url.scheme, !scheme.isEmpty else {
      throw text.hasPrefix("/") || text.hasPrefix(".") || !text.contains(":") ? .relativeURI(text) : .malformedURI(text)
    }
    return url
  }

  /// The image type of `data` from its header: PNG, JPEG or GIF; nil when the bytes are
  /// none of these or their header is damaged.
  public static func imageType(of data: Data) -> ContentType? {
    Image.contentType(of: data)
  }

  /// Throws when a format that declares its end lacks it: a PNG without its IEND chunk, a
  /// JPEG without its end-of-image marker. A source that dies mid-stream looks like a
  /// clean end to the reader, so this is the only check there is; other formats declare no
  /// end, and a truncated one of those cannot be told from a whole one.
  public static func checkComplete(
    _ data: Data, as type: ContentType, mimeType: String
  ) throws(PlatformDataError) {
    try checkComplete(size: data.count, tail: data.suffix(tailLength), as: type, mimeType: mimeType)
  }

  /// How many of the last bytes ``checkComplete(size:tail:as:mimeType:)`` looks at.
  public static let tailLength = 64

  /// ``checkComplete(_:as:mimeType:)`` for bytes of which only the `size` and the last
  /// ``tailLength`` bytes (`tail`) are at hand: a file being received, for example.
  public static func checkComplete(
    size: Int, tail: Data, as type: ContentType, mimeType: String
  ) throws(PlatformDataError) {
    if type.conforms(to: .png) {
      let iend: [UInt8] = [0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]
      guard size >= 8 + 12, Array(tail.suffix(8)) == iend else {
        throw .truncated(mimeType, reason: "the PNG has no IEND chunk")
      }
    } else if type.conforms(to: .jpeg) {
      var end = tail.endIndex
      // Some writers pad after the end-of-image marker.
      while end > tail.startIndex, tail[end - 1] == 0 { end -= 1 }
      let padding = tail.endIndex - end
      guard size - padding >= 4, end - tail.startIndex >= 2, tail[end - 2] == 0xFF, tail[end - 1] == 0xD9 else {
        throw .truncated(mimeType, reason: "the JPEG has no end-of-image marker")
      }
    }
  }

  /// Checks a file that holds what a peer sent under `representation.mimeType`, as
  /// ``decode(_:as:fileExists:)`` checks bytes of kind ``Decoding/bytes`` or
  /// ``Decoding/sniffedImage``: not empty, an image whose header says what it is, and whole
  /// where the format declares its end. Reads only the file's start and end.
  @discardableResult
  public static func checkFile(
    _ url: URL, as representation: IncomingRepresentation
  ) throws(PlatformDataError)
    -> ContentType
  {
    let mime = representation.mimeType
    let head: Data
    let tail: Data
    let size: Int
    do {
      let handle = try FileHandle(forReadingFrom: url)
      defer { try? handle.close() }
      size = Int(try handle.seekToEnd())
      try handle.seek(toOffset: UInt64(max(0, size - tailLength)))
      tail = try handle.readToEnd() ?? Data()
      try handle.seek(toOffset: 0)
      head = try handle.read(upToCount: sniffLength) ?? Data()
    } catch {
      throw .malformed(mime, reason: "the received file cannot be read: \(error)")
    }
    guard size > 0 else { throw .empty(mime) }
    var type = representation.contentType
    if representation.decoding == .sniffedImage {
      guard let sniffed = imageType(of: head) ?? imageHeaderType(of: head) else { throw .notAnImage(mime) }
      type = sniffed
    }
    if type.conforms(to: .image) { try checkPixelBudget(head, mimeType: mime) }
    try checkComplete(size: size, tail: tail, as: type, mimeType: mime)
    return type
  }

  /// Throws when the image header at the start of `head` announces more pixels than
  /// `Image.maximumPixelCount`; bytes that are no image we read pass.
  static func checkPixelBudget(_ head: Data, mimeType mime: String) throws(PlatformDataError) {
    do {
      _ = try Image(validating: head.prefix(sniffLength))
    } catch {
      if case .tooLarge = error { throw .imageTooLarge(mime, error) }
    }
  }

  /// A file name made from a name someone else chose (an item's suggested name, a file's
  /// original name): never a path, only what follows the last slash, without control
  /// characters; `fallback` when nothing usable is left.
  public static func safeFileName(_ suggested: String?, fallback: String) -> String {
    let last = suggested?.split(separator: "/").last.map(String.init) ?? ""
    let cleaned = String(last.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F })
    return cleaned.isEmpty || cleaned == "." || cleaned == ".." ? fallback : cleaned
  }

  /// Checks that the file at `url` is a whole image, whatever its name says, and returns
  /// the image type its bytes announce: the check a photo library makes before it takes a
  /// file in. The errors name the file by its extension's MIME type.
  public static func checkImageFile(_ url: URL) throws(PlatformDataError) -> ContentType {
    let named = ContentType(filenameExtension: url.pathExtension)
    let representation = IncomingRepresentation(
      contentType: .image, mimeType: named?.preferredMIMEType ?? "application/octet-stream",
      decoding: .sniffedImage)
    return try checkFile(url, as: representation)
  }

  /// How much of a received file's start is read to tell what image it is.
  static let sniffLength = 256 << 10

  /// The image type a file's first bytes announce, for an image whose header is longer than
  /// what was read.
  private static func imageHeaderType(of head: Data) -> ContentType? {
    if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
    if head.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
    if head.starts(with: Array("GIF8".utf8)) { return .gif }
    return nil
  }
}

/// What is wrong with bytes another application sent, or with what we were asked to send.
public enum PlatformDataError: Error, Sendable, Hashable, CustomStringConvertible {
  /// No bytes, or only NULs, under a type that needs some.
  case empty(String)
  /// Text that is not UTF-8.
  case invalidUTF8(String)
  /// Text that is not UTF-16.
  case invalidUTF16(String)
  /// A URI without a scheme: a relative path.
  case relativeURI(String)
  /// A string that is not a URI.
  case malformedURI(String)
  /// A URI that must name a local file and does not.
  case notAFile(String)
  /// A file URI with a `..` segment.
  case pathTraversal(String)
  /// A file URI naming a file that does not exist.
  case missingFile(String)
  /// Bytes offered as an image that are no image we know.
  case notAnImage(String)
  /// An image whose header announces more pixels than `Image.maximumPixelCount`: refused
  /// before anything decodes it.
  case imageTooLarge(String, ImageError)
  /// A format that declares its end ended early: the source stopped mid-stream.
  case truncated(String, reason: String)
  /// Bytes that do not follow their format.
  case malformed(String, reason: String)

  public var description: String {
    switch self {
    case .empty(let mime): "no data under \(mime)"
    case .invalidUTF8(let mime): "the text under \(mime) is not UTF-8"
    case .invalidUTF16(let mime): "the text under \(mime) is not UTF-16"
    case .relativeURI(let uri): "\"\(uri)\" is a relative path, not a URI"
    case .malformedURI(let uri): "\"\(uri)\" is not a URI"
    case .notAFile(let uri): "\(uri) is not a local file"
    case .pathTraversal(let uri): "\(uri) climbs out of its folder with \"..\""
    case .missingFile(let path): "\(path) does not exist"
    case .notAnImage(let mime): "the data under \(mime) is not a PNG, JPEG or GIF image"
    case .imageTooLarge(let mime, let error): "the data under \(mime) is refused: \(error)"
    case .truncated(let mime, let reason): "the data under \(mime) was cut short: \(reason)"
    case .malformed(let mime, let reason): "the data under \(mime) is malformed: \(reason)"
    }
  }
}

extension PlatformFormats {
  /// An item provider for an item a peer offers under `mimeTypes`: it registers the
  /// content types of ``incomingRepresentations(for:)`` and reads nothing until a load. A
  /// load reads the MIME type through `read` (which the platform streams, and which ends
  /// early when its progress is cancelled) and decodes it, failing with a
  /// ``PlatformDataError`` when the bytes are bad. With `readFile`, data that is not text
  /// is received into a file instead, checked by ``checkFile(_:as:)``, and registered as a
  /// file representation: a big image or a custom type is never held in memory unless the
  /// destination loads it as data. `readFile` must make a new file for each call, which the
  /// provider may move: a load of a temporary copy takes the file itself rather than copying
  /// its bytes again.
  public static func itemProvider(
    offering mimeTypes: [String],
    read:
      @escaping @Sendable (_ mimeType: String, _ completion: @escaping @Sendable (Result<Data, any Error>) -> Void)
      -> LoadProgress?,
    readFile:
      (
        @Sendable (_ mimeType: String, _ completion: @escaping @Sendable (Result<URL, any Error>) -> Void)
          -> LoadProgress?
      )? = nil
  ) -> ItemProvider {
    let provider = ItemProvider()
    for representation in incomingRepresentations(for: mimeTypes) {
      // Data that is not text may be large: received into a file, never held in memory.
      if let readFile, representation.decoding == .bytes || representation.decoding == .sniffedImage,
        !representation.contentType.conforms(to: .text)
      {
        // Each read makes a new file, which a temporary copy may take by moving it.
        provider.registerDisposableFileRepresentation(for: representation.contentType) { completion in
          readFile(representation.mimeType) { result in
            completion(
              result.flatMap { url in
                Result { () throws(PlatformDataError) -> URL in
                  try checkFile(url, as: representation)
                  return url
                }.mapError { $0 as any Error }
              })
          }
        }
        continue
      }
      provider.registerDataRepresentation(for: representation.contentType) { completion in
        read(representation.mimeType) { result in
          completion(
            result.flatMap { data in
              Result { () throws(PlatformDataError) -> Data in try decode(data, as: representation) }.mapError {
                $0 as any Error
              }
            })
        }
      }
    }
    return provider
  }
}
