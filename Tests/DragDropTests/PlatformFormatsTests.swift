import DragDropTesting
import Foundation
import PropertyBased
import Synchronization
import TestSupport
import Testing

@testable import DragDrop

/// The formats of drags between applications: what we offer, what peers offer, and bad
/// bytes from peers.
@Suite struct PlatformFormatsTests {
  typealias R = PlatformFormats.IncomingRepresentation

  // MARK: Outgoing

  @Test func textIsOfferedUnderEveryTextType() {
    #expect(
      PlatformFormats.offers(for: [.utf8PlainText]).map(\.mimeType) == [
        "text/plain;charset=utf-8", "text/plain", "UTF8_STRING",
      ])
  }

  @Test func aFileURLIsAURIListAndAMozillaURLThenText() {
    let offers = PlatformFormats.offers(for: [.fileURL, .url, .utf8PlainText])
    #expect(
      offers.map(\.mimeType) == [
        "text/uri-list", "text/x-moz-url", "text/plain;charset=utf-8", "text/plain", "UTF8_STRING",
      ])
    #expect(offers.map(\.encoding) == [.uriList, .mozURL, .bytes, .bytes, .bytes])
    #expect(offers[0].contentType == .fileURL)
  }

  @Test func imageDataIsOfferedAsItselfAndAsAFileWrittenOnRequest() {
    let offers = PlatformFormats.offers(for: [.png, .jpeg])
    #expect(offers.map(\.mimeType) == ["image/png", "image/jpeg", "text/uri-list"])
    #expect(offers.last?.encoding == .temporaryFile)
    #expect(offers.last?.contentType == .png)
  }

  @Test func theEncodingsArePeersOwn() throws {
    let url = Data("file:///home/me/北海道.png".utf8)
    let list = try PlatformFormats.encode(
      url, for: .init(mimeType: "text/uri-list", contentType: .url, encoding: .uriList))
    #expect(String(decoding: list, as: UTF8.self) == "file:///home/me/%E5%8C%97%E6%B5%B7%E9%81%93.png\r\n")
    let moz = try PlatformFormats.encode(
      Data("https://example.org/a".utf8), for: .init(mimeType: "text/x-moz-url", contentType: .url, encoding: .mozURL))
    #expect(moz.count % 2 == 0)
    #expect(try PlatformFormats.decodeMozURL(moz) == URL(string: "https://example.org/a"))
    #expect(throws: PlatformDataError.relativeURI("a/b")) {
      try PlatformFormats.encode(
        Data("a/b".utf8), for: .init(mimeType: "text/uri-list", contentType: .url, encoding: .uriList))
    }
  }

  @MainActor @Test func ownProcessRepresentationsAreNeverOffered() {
    let test = TestWindow()
    let platform = FakePlatform()
    platform.attach(test.window)
    let source = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    let delegate = SecretSource()
    source.addInteraction(DragInteraction(delegate: delegate))
    test.window.addSubview(source)
    test.longPress(at: Point(x: 50, y: 50))
    test.move(to: Point(x: 300, y: 300))
    #expect(platform.events.first == .began(mimeTypes: [["text/plain;charset=utf-8", "text/plain", "UTF8_STRING"]]))
    test.recorder.stopChecking()
  }

  // MARK: Incoming: what peers offer

  @Test func chromiumTextBecomesUTF8Text() {
    let offered = ["UTF8_STRING", "STRING", "TEXT", "text/plain", "text/html", "chromium/x-renderer-taint"]
    #expect(
      PlatformFormats.incomingRepresentations(for: offered) == [
        R(contentType: .utf8PlainText, mimeType: "UTF8_STRING", decoding: .text)
      ])
  }

  @Test func chromiumLinksBecomeURLsAndText() {
    let offered = ["text/x-moz-url", "_NETSCAPE_URL", "UTF8_STRING", "text/plain"]
    #expect(
      PlatformFormats.incomingRepresentations(for: offered) == [
        R(contentType: .url, mimeType: "text/x-moz-url", decoding: .mozURL),
        R(contentType: .utf8PlainText, mimeType: "UTF8_STRING", decoding: .text),
      ])
  }

  @Test func chromiumImagesAreImagesOfTheirBytesFormat() {
    let offered = ["application/octet-stream", "text/x-moz-url", "XdndDirectSave0", "text/plain"]
    let representations = PlatformFormats.incomingRepresentations(for: offered)
    #expect(representations.map(\.contentType) == [.untypedImage, .url, .utf8PlainText])
    #expect(representations[0].decoding == .sniffedImage)
  }

  /// Chromium on Wayland offers an image's bytes as raw bytes that name their file.
  @Test func rawBytesThatNameTheirFileTakeTheFilesType() {
    let image = "application/octet-stream;name=\"sq.png\""
    let offered = ["text/x-moz-url", "text/html", "text/plain;charset=utf-8", "text/plain", image]
    let representations = PlatformFormats.incomingRepresentations(for: offered)
    #expect(representations.map(\.contentType) == [.url, .utf8PlainText, .untypedImage])
    #expect(representations.last == R(contentType: .untypedImage, mimeType: image, decoding: .sniffedImage))
    let document = "application/octet-stream; name=report.pdf"
    #expect(
      PlatformFormats.incomingRepresentations(for: [document]) == [
        R(contentType: ContentType(filenameExtension: "pdf")!, mimeType: document, decoding: .bytes)
      ])
    // An image type beside it is the image; a name without a type is nothing known.
    #expect(PlatformFormats.incomingRepresentations(for: ["image/png", image]).map(\.contentType) == [.png])
    #expect(PlatformFormats.incomingRepresentations(for: ["application/octet-stream;name=\"\""]).isEmpty)
  }

  @Test func fileManagersGiveFiles() {
    let offered = ["text/uri-list", "GdkFileList", "x-special/gnome-copied-files", "text/plain;charset=utf-8"]
    #expect(
      PlatformFormats.incomingRepresentations(for: offered) == [
        R(contentType: .fileURL, mimeType: "text/uri-list", decoding: .uriList(filesOnly: true)),
        R(contentType: .url, mimeType: "text/uri-list", decoding: .uriList(filesOnly: false)),
        R(contentType: .utf8PlainText, mimeType: "text/plain;charset=utf-8", decoding: .text),
      ])
    #expect(
      PlatformFormats.incomingRepresentations(for: ["x-special/gnome-copied-files"]) == [
        R(contentType: .fileURL, mimeType: "x-special/gnome-copied-files", decoding: .gnomeCopiedFiles)
      ])
  }

  @Test func imagesAndUnknownTypesKeepTheirMIMEType() {
    let representations = PlatformFormats.incomingRepresentations(for: ["image/png", "image/jpeg", "x-unknown/thing"])
    #expect(representations.map(\.contentType).prefix(2) == [.png, .jpeg])
    #expect(representations.count == 3)  // a dynamic type for the unknown one
    #expect(representations[2].contentType.preferredMIMEType == "x-unknown/thing")
  }

  // MARK: Incoming: bad bytes

  static let exists: @Sendable (String) -> Bool = { $0.hasPrefix("/home/me/") }

  func decode(_ text: String, _ representation: R) throws(PlatformDataError) -> String {
    String(
      decoding: try PlatformFormats.decode(Data(text.utf8), as: representation, fileExists: Self.exists), as: UTF8.self)
  }

  @Test func uriListsAreChecked() throws {
    let files = R(contentType: .fileURL, mimeType: "text/uri-list", decoding: .uriList(filesOnly: true))
    #expect(
      try decode("# from nautilus\r\nfile:///home/me/a.png\r\nfile:///home/me/b.png\r\n", files)
        == "file:///home/me/a.png")
    #expect(throws: PlatformDataError.relativeURI("home/me/a.png")) { try decode("home/me/a.png", files) }
    #expect(throws: PlatformDataError.relativeURI("/home/me/a.png")) { try decode("/home/me/a.png", files) }
    #expect(throws: PlatformDataError.notAFile("https://example.org/a.png")) {
      try decode("https://example.org/a.png", files)
    }
    #expect(throws: PlatformDataError.pathTraversal("file:///home/me/../../etc/passwd")) {
      try decode("file:///home/me/../../etc/passwd", files)
    }
    #expect(throws: PlatformDataError.missingFile("/home/other/a.png")) {
      try decode("file:///home/other/a.png", files)
    }
    #expect(throws: PlatformDataError.notAFile("file://evil.example/home/me/a.png")) {
      try decode("file://evil.example/home/me/a.png", files)
    }
    #expect(throws: PlatformDataError.empty("text/uri-list")) { try decode("# nothing\r\n", files) }
    let any = R(contentType: .url, mimeType: "text/uri-list", decoding: .uriList(filesOnly: false))
    #expect(try decode("https://example.org/a.png\r\n", any) == "https://example.org/a.png")
  }

  @Test func aThousandFilesDecode() throws {
    let list = (0..<1000).map { "file:///home/me/photo-\($0).jpg" }.joined(separator: "\r\n")
    let urls = try PlatformFormats.decodeURIList(
      Data(list.utf8), mimeType: "text/uri-list", filesOnly: true, fileExists: Self.exists)
    #expect(urls.count == 1000)
    #expect(urls.last?.path == "/home/me/photo-999.jpg")
  }

  @Test("A list of files and links becomes one item each, checked whole")
  func aListBecomesOneItemEach() async throws {
    let folder = FileManager.default.temporaryDirectory.appending(path: "list-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let photo = folder.appending(path: "写真 1.png")
    try TestImages.png(width: 2, height: 2).write(to: photo)
    let list = "# from a file manager\r\n\(photo.absoluteString)\r\nhttps://example.org/page\r\n"
    let items = try PlatformFormats.items(fromList: Data(list.utf8), mimeType: "text/uri-list")
    #expect(items.map(\.registeredContentTypes) == [[.png, .fileURL, .url], [.url, .utf8PlainText]])
    #expect(try await items[1].loadObject(ofClass: URL.self) == URL(string: "https://example.org/page"))
    let copied = try PlatformFormats.items(
      fromList: Data("cut\n\(photo.absoluteString)".utf8), mimeType: "x-special/gnome-copied-files")
    #expect(copied.count == 1 && copied[0].suggestedName == "写真 1")
    #expect(throws: PlatformDataError.pathTraversal("file:///tmp/../etc/passwd")) {
      try PlatformFormats.items(
        fromList: Data("\(photo.absoluteString)\r\nfile:///tmp/../etc/passwd".utf8), mimeType: "text/uri-list")
    }
    let missing = folder.appending(path: "gone.png")
    #expect(throws: PlatformDataError.missingFile(missing.path)) {
      try PlatformFormats.items(fromList: Data(missing.absoluteString.utf8), mimeType: "text/uri-list")
    }
    #expect(
      PlatformFormats.listMIMEType(in: ["UTF8_STRING", "x-special/gnome-copied-files", "text/uri-list"])
        == "text/uri-list")
    #expect(PlatformFormats.listMIMEType(in: ["UTF8_STRING"]) == nil)
    // A thousand files from a file manager: a thousand items.
    let many = (0..<1000).map { _ in photo.absoluteString }.joined(separator: "\r\n")
    #expect(try PlatformFormats.items(fromList: Data(many.utf8), mimeType: "text/uri-list").count == 1000)
  }

  @Test("A web image's address is one more representation of the image; files and links alone are items")
  func aWebImagesAddressIsARepresentation() {
    let link = Data("https://example.org/aqua.png\r\n".utf8)
    let browser = ["image/png", "image/jpeg", "text/uri-list", "text/x-moz-url", "application/x-moz-file-promise-url"]
    #expect(!PlatformFormats.listIsItems(link, mimeType: "text/uri-list", offering: browser))
    #expect(!PlatformFormats.listIsItems(link, mimeType: "text/uri-list", offering: ["text/uri-list", "video/mp4"]))
    // A link with text only, two links, a file, a file manager's list: items.
    #expect(PlatformFormats.listIsItems(link, mimeType: "text/uri-list", offering: ["text/uri-list", "text/plain"]))
    #expect(
      PlatformFormats.listIsItems(
        link, mimeType: "text/uri-list", offering: ["text/uri-list", "application/x-moz-file-promise-url"]))
    let two = Data("https://example.org/a.png\r\nhttps://example.org/b.png\r\n".utf8)
    #expect(PlatformFormats.listIsItems(two, mimeType: "text/uri-list", offering: browser))
    let file = Data("file:///tmp/aqua.png\r\n".utf8)
    #expect(PlatformFormats.listIsItems(file, mimeType: "text/uri-list", offering: browser))
    #expect(
      PlatformFormats.listIsItems(
        Data("copy\nfile:///tmp/aqua.png".utf8), mimeType: "x-special/gnome-copied-files", offering: browser))
    // A list that does not decode is left to the load that reports its error.
    #expect(PlatformFormats.listIsItems(Data([0xFF, 0xFE]), mimeType: "text/uri-list", offering: browser))
  }

  @Test("A type of the application's own travels under a private MIME type that our processes map back")
  func ownTypesTravelUnderAPrivateMIMEType() {
    let note = ContentType(exportedAs: "org.dragdrop.tests.note", conformingTo: .json)
    let offers = PlatformFormats.offers(for: [note, .utf8PlainText])
    #expect(offers.first?.mimeType == "application/vnd.dragdrop.org.dragdrop.tests.note")
    #expect(PlatformFormats.privateMIMEType(for: .png) == nil)
    #expect(PlatformFormats.privateMIMEType(for: ContentType(filenameExtension: "xyzunknown")!) == nil)
    let incoming = PlatformFormats.incomingRepresentations(for: offers.map(\.mimeType))
    #expect(incoming.first?.contentType == note)
    // A type this process has never heard of arrives imported, as data.
    let unknown = PlatformFormats.incomingRepresentations(for: ["application/vnd.dragdrop.org.example.never.seen"])
    #expect(unknown.map(\.contentType.identifier) == ["org.example.never.seen"])
    #expect(unknown.first?.contentType.conforms(to: .data) == true)
  }

  @Test func textMustBeUTF8AndNotEmpty() throws {
    let text = R(contentType: .utf8PlainText, mimeType: "UTF8_STRING", decoding: .text)
    #expect(try decode("北海道\0", text) == "北海道")
    #expect(throws: PlatformDataError.invalidUTF8("UTF8_STRING")) {
      try PlatformFormats.decode(Data([0x41, 0xC3, 0x28]), as: text)
    }
    #expect(throws: PlatformDataError.empty("UTF8_STRING")) { try PlatformFormats.decode(Data(), as: text) }
    #expect(throws: PlatformDataError.empty("UTF8_STRING")) { try PlatformFormats.decode(Data([0, 0]), as: text) }
  }

  @Test func mozillaURLsMustBeWholeUTF16() throws {
    #expect(throws: PlatformDataError.truncated("text/x-moz-url", reason: "an odd number of bytes in UTF-16 text")) {
      try PlatformFormats.decodeMozURL(Data([0x68, 0x00, 0x74]))
    }
    #expect(throws: PlatformDataError.invalidUTF16("text/x-moz-url")) {
      try PlatformFormats.decodeMozURL(Data([0x00, 0xD8, 0x41, 0x00]))  // a lone high surrogate
    }
    let bigEndian = Data(
      [0xFE, 0xFF] + Array("https://a.example".utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }))
    #expect(try PlatformFormats.decodeMozURL(bigEndian) == URL(string: "https://a.example"))
  }

  /// Chromium on Wayland writes `text/x-moz-url` in UTF-8, with its title on the next line.
  @Test func mozillaURLsInUTF8AreRead() throws {
    let utf8 = Data("https://example.org/%E5%8C%97\n北海道へ".utf8)
    #expect(try PlatformFormats.decodeMozURL(utf8) == URL(string: "https://example.org/%E5%8C%97"))
    #expect(throws: PlatformDataError.invalidUTF8("text/x-moz-url")) {
      try PlatformFormats.decodeMozURL(Data([0x68, 0x74, 0xC3, 0x28]))
    }
    // UTF-16 without a byte-order mark is still UTF-16: its ASCII has zero bytes.
    let littleEndian = Data(Array("https://a.example".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }))
    #expect(try PlatformFormats.decodeMozURL(littleEndian) == URL(string: "https://a.example"))
  }

  @Test func gnomeCopiedFilesNameTheirVerb() throws {
    let copied = R(contentType: .fileURL, mimeType: "x-special/gnome-copied-files", decoding: .gnomeCopiedFiles)
    #expect(try decode("copy\nfile:///home/me/a.png", copied) == "file:///home/me/a.png")
    #expect(throws: PlatformDataError.malformed("x-special/gnome-copied-files", reason: "no copy or cut")) {
      try decode("file:///home/me/a.png", copied)
    }
  }

  @Test func imagesMustBeWhole() throws {
    let png = TestImages.png(width: 3, height: 2)
    let sniffed = R(contentType: .untypedImage, mimeType: "application/octet-stream", decoding: .sniffedImage)
    #expect(try PlatformFormats.decode(png, as: sniffed) == png)
    #expect(throws: PlatformDataError.truncated("application/octet-stream", reason: "the PNG has no IEND chunk")) {
      try PlatformFormats.decode(png.dropLast(5), as: sniffed)
    }
    #expect(throws: PlatformDataError.notAnImage("application/octet-stream")) {
      try PlatformFormats.decode(Data("<html>".utf8), as: sniffed)
    }
    let typed = R(contentType: .png, mimeType: "image/png", decoding: .bytes)
    #expect(throws: PlatformDataError.truncated("image/png", reason: "the PNG has no IEND chunk")) {
      try PlatformFormats.decode(png.prefix(30), as: typed)
    }
    #expect(throws: PlatformDataError.empty("image/png")) { try PlatformFormats.decode(Data(), as: typed) }
  }

  @Test("Random bytes under every decoding give bytes or a typed error, never a crash")
  func randomBytesNeverCrash() async {
    let decodings: [R] = [
      R(contentType: .utf8PlainText, mimeType: "UTF8_STRING", decoding: .text),
      R(contentType: .fileURL, mimeType: "text/uri-list", decoding: .uriList(filesOnly: true)),
      R(contentType: .url, mimeType: "text/uri-list", decoding: .uriList(filesOnly: false)),
      R(contentType: .url, mimeType: "text/x-moz-url", decoding: .mozURL),
      R(contentType: .url, mimeType: "_NETSCAPE_URL", decoding: .netscapeURL),
      R(contentType: .fileURL, mimeType: "x-special/gnome-copied-files", decoding: .gnomeCopiedFiles),
      R(contentType: .untypedImage, mimeType: "application/octet-stream", decoding: .sniffedImage),
      R(contentType: .png, mimeType: "image/png", decoding: .bytes),
      R(contentType: .jpeg, mimeType: "image/jpeg", decoding: .bytes),
    ]
    await propertyCheck(count: 300, input: Gen<UInt64>.value(in: 0...UInt64.max)) { seed in
      var random = SeededGenerator(state: seed)
      let length = Int.random(in: 0...64, using: &random)
      // Bytes biased toward the characters these formats use.
      let alphabet = Array("file:///home/me/..\r\n#copy\0httpsé".utf8) + [0xFF, 0xD8, 0x89, 0x50, 0xFE]
      let bytes = (0..<length).map { _ in
        Bool.random(using: &random)
          ? alphabet.randomElement(using: &random)! : UInt8.random(in: 0...255, using: &random)
      }
      for representation in decodings {
        do throws(PlatformDataError) {
          _ = try PlatformFormats.decode(Data(bytes), as: representation, fileExists: Self.exists)
        } catch {
          #expect(!error.description.isEmpty)  // typed: a PlatformDataError that says what is wrong
        }
      }
    }
  }

  // MARK: Incoming: item providers

  @Test func anItemFromAPeerLoadsOnlyWhenAsked() async throws {
    let reads = Reads()
    let png = TestImages.png(width: 4, height: 4)
    let provider = PlatformFormats.itemProvider(
      offering: ["application/octet-stream", "text/x-moz-url", "XdndDirectSave0", "text/plain"]
    ) { mime, completion in
      reads.append(mime)
      completion(.success(mime == "application/octet-stream" ? png : Data("https://example.org/p.png".utf8)))
      return nil
    }
    #expect(reads.all.isEmpty)
    #expect(provider.canLoadObject(ofClass: Image.self))
    let image = try await provider.loadObject(ofClass: Image.self)
    #expect(image.contentType == .png && image.pixelWidth == 4)
    #expect(reads.all == ["application/octet-stream"])
    let text = try await provider.loadObject(ofClass: String.self)
    #expect(text == "https://example.org/p.png")
  }

  @Test func aBadReadFailsTheLoadWithItsTypedError() async {
    let provider = PlatformFormats.itemProvider(offering: ["text/uri-list"]) { _, completion in
      completion(.success(Data("../etc/passwd".utf8)))
      return nil
    }
    await #expect(throws: (any Error).self) { try await provider.loadObject(ofClass: URL.self) }
    do {
      _ = try await provider.loadObject(ofClass: URL.self)
    } catch {
      guard case .loadHandlerFailed(_, let underlying) = error else {
        Issue.record("unexpected \(error)")
        return
      }
      #expect(underlying as? PlatformDataError == .relativeURI("../etc/passwd"))
    }
  }

  /// A peer whose bytes, for any MIME type, are received into files of a test folder.
  func fileBackedProvider(_ mimeTypes: [String], bytes: Data, folder: URL) -> ItemProvider {
    PlatformFormats.itemProvider(
      offering: mimeTypes,
      read: { _, completion in
        completion(.success(bytes))
        return nil
      },
      readFile: { _, completion in
        let file = folder.appending(path: UUID().uuidString)
        completion(
          Result {
            try bytes.write(to: file); return file
          })
        return nil
      })
  }

  @Test("Data that is not text is received into a file, checked there, and loads as the rest does")
  func dataIsReceivedIntoAFileAndChecked() async throws {
    let folder = FileManager.default.temporaryDirectory.appending(path: "received-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let png = TestImages.png(width: 5, height: 4)
    let provider = fileBackedProvider(["image/png", "UTF8_STRING"], bytes: png, folder: folder)
    // The image is a file representation; text stays data.
    #expect(provider.hasRepresentationConforming(to: .png))
    let image = try await provider.loadObject(ofClass: Image.self)
    #expect(image.pixelWidth == 5 && image.pixelHeight == 4)
    let copy = try await provider.loadFileRepresentation(for: .png) { try Data(contentsOf: $0) }
    #expect(copy == png)
    // A browser's untyped image is told by its header.
    let browser = fileBackedProvider(
      ["application/octet-stream", "XdndDirectSave0"], bytes: png, folder: folder)
    #expect(try await browser.loadObject(ofClass: Image.self).contentType == .png)
    // Cut short, empty, or no image at all: typed errors.
    for (bytes, mime, expected) in [
      (png.dropLast(6), "image/png", PlatformDataError.truncated("image/png", reason: "the PNG has no IEND chunk")),
      (Data(), "image/png", .empty("image/png")),
      (Data("<html>".utf8), "application/octet-stream", .notAnImage("application/octet-stream")),
    ] {
      let bad = fileBackedProvider([mime, "XdndDirectSave0"], bytes: Data(bytes), folder: folder)
      do {
        _ = try await bad.loadObject(ofClass: Image.self)
        Issue.record("\(mime) with \(bytes.count) bytes loaded")
      } catch {
        guard case .loadHandlerFailed(_, let underlying) = error else {
          Issue.record("unexpected \(error)")
          continue
        }
        #expect(underlying as? PlatformDataError == expected)
      }
    }
  }

  @Test func completenessNeedsOnlyTheSizeAndTheTail() throws {
    let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 7, count: 200) + [0xFF, 0xD9, 0, 0])
    try PlatformFormats.checkComplete(size: jpeg.count, tail: jpeg.suffix(64), as: .jpeg, mimeType: "image/jpeg")
    #expect(throws: PlatformDataError.truncated("image/jpeg", reason: "the JPEG has no end-of-image marker")) {
      try PlatformFormats.checkComplete(size: 3, tail: Data([0xFF, 0xD9, 0]), as: .jpeg, mimeType: "image/jpeg")
    }
  }
}

/// The MIME types a test's peer was asked for, from any thread.
final class Reads: Sendable {
  private let reads = Mutex<[String]>([])
  func append(_ mime: String) { reads.withLock { $0.append(mime) } }
  var all: [String] { reads.withLock { $0 } }
}

/// A drag source whose one item has a representation for this process only, and text for
/// everyone.
@MainActor
final class SecretSource: DragInteractionDelegate {
  func dragInteraction(_ interaction: DragInteraction, itemsForBeginning session: DragSession) -> [DragItem] {
    let provider = ItemProvider()
    provider.registerDataRepresentation(for: .json, visibility: .ownProcess) { completion in
      completion(.success(Data("{}".utf8)))
      return nil
    }
    provider.registerObject("北海道", visibility: .all)
    return [DragItem(itemProvider: provider)]
  }
}
