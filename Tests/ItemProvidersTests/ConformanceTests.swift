import ContentTypes
import Foundation
import PropertyBased
import TestSupport
import Testing

@testable import ItemProviders

/// Rule 33: the built-in reading and writing conformances, and bad data.
@Suite struct ConformanceTests {
  /// Writes `value` through a provider and reads it back as `T` through `type`.
  static func roundTrip<T: ItemProviderReading>(
    _ provider: ItemProvider, as _: T.Type, via type: ContentType? = nil
  ) async throws(ItemProviderError) -> T {
    if let type {
      let data = try await provider.loadDataRepresentation(for: type)
      let resolved = provider.registeredContentTypes.first { $0.conforms(to: type) }!
      return try ItemProvider.decode(T.self, from: data, contentType: resolved).get()
    }
    return try await provider.loadObject(ofClass: T.self)
  }

  static func provider(_ type: ContentType, bytes: Data) -> ItemProvider {
    let provider = ItemProvider()
    provider.registerDataRepresentation(for: type) { completion in
      completion(.success(bytes))
      return nil
    }
    return provider
  }

  // MARK: - String

  @Test func stringWritesUTF8AndUTF16() async throws {
    let provider = ItemProvider(object: "Aé北😀")
    #expect(try await provider.loadDataRepresentation(for: .utf8PlainText) == Data("Aé北😀".utf8))
    let utf16 = try await provider.loadDataRepresentation(for: .utf16PlainText)
    #expect(utf16 == Data([0x41, 0x00, 0xE9, 0x00, 0x17, 0x53, 0x3D, 0xD8, 0x00, 0xDE]))
    #expect(try String.object(from: utf16, contentType: .utf16PlainText) == "Aé北😀")
  }

  @Test(
    "String reads any plain text",
    arguments: [
      (ContentType.utf8PlainText, [0x68, 0x69]), (.utf8PlainText, [0xEF, 0xBB, 0xBF, 0x68, 0x69]),
      (.utf16PlainText, [0x68, 0x00, 0x69, 0x00]), (.utf16PlainText, [0xFE, 0xFF, 0x00, 0x68, 0x00, 0x69]),
      (.utf16ExternalPlainText, [0xFF, 0xFE, 0x68, 0x00, 0x69, 0x00]), (.plainText, [0x68, 0x69]),
      (.plainText, [0xFE, 0xFF, 0x00, 0x68, 0x00, 0x69]), (.swiftSource, [0x68, 0x69]),
    ] as [(ContentType, [UInt8])])
  func stringReading(_ type: ContentType, _ bytes: [UInt8]) async throws {
    #expect(try await Self.provider(type, bytes: Data(bytes)).loadObject(ofClass: String.self) == "hi")
  }

  @Test(
    "Invalid text is a coercion error that says where",
    arguments: [
      (ContentType.utf8PlainText, [0x61, 0x62, 0xFF], "invalid UTF-8 at byte 2"),
      (.utf8PlainText, [0x61, 0xC3], "invalid UTF-8 at byte 1"),
      (.plainText, [0xED, 0xA0, 0x80], "invalid UTF-8 at byte 0"),
      (.utf16PlainText, [0x61, 0x00, 0x62], "UTF-16 text has an odd number of bytes (3)"),
      (.utf16PlainText, [0x00, 0xD8, 0x61, 0x00], "invalid UTF-16 (unpaired surrogate)"),
      (.utf16ExternalPlainText, [0x61, 0x00], "external UTF-16 text has no byte-order mark"),
    ] as [(ContentType, [UInt8], String)])
  func invalidText(_ type: ContentType, _ bytes: [UInt8], _ reason: String) async {
    await #expect(throws: ItemProviderError.coercionFailed(from: type, to: "String", reason: reason)) {
      try await Self.provider(type, bytes: Data(bytes)).loadObject(ofClass: String.self)
    }
  }

  @Test func randomBytesNeverTrapTheTextReaders() async {
    await propertyCheck(count: 2000, input: Gen<UInt8>.value(in: 0...255).array(of: 0...24)) { bytes in
      for type in [ContentType.utf8PlainText, .utf16PlainText, .utf16ExternalPlainText, .plainText] {
        if let string = try? String.object(from: Data(bytes), contentType: type) {
          // Whatever decodes, re-encodes to text the reader accepts again.
          #expect((try? String.object(from: Data(string.utf8), contentType: .utf8PlainText)) == string)
        }
      }
    }
  }

  // MARK: - URL and Data

  @Test func urlsRoundTrip() async throws {
    let web = URL(string: "https://example.com/albums?id=7#top")!
    let webProvider = ItemProvider(object: web)
    #expect(webProvider.registeredContentTypes == [.url, .utf8PlainText])
    #expect(try await webProvider.loadObject(ofClass: URL.self) == web)
    #expect(try await webProvider.loadObject(ofClass: String.self) == web.absoluteString)

    let file = URL(fileURLWithPath: "/home/user/Pictures/Shiretoko.jpg")
    let fileProvider = ItemProvider(object: file)
    #expect(fileProvider.registeredContentTypes == [.fileURL, .url, .utf8PlainText])
    #expect(try await fileProvider.loadObject(ofClass: URL.self) == file)
  }

  @Test(arguments: ["", "   ", "not a url", "two\nlines", "/relative/path"])
  func badURLs(_ text: String) async {
    await #expect(throws: ItemProviderError.self) {
      try await Self.provider(.url, bytes: Data(text.utf8)).loadObject(ofClass: URL.self)
    }
  }

  @Test func aWebURLIsNotAFileURL() async {
    await #expect(
      throws: ItemProviderError.coercionFailed(from: .fileURL, to: "URL", reason: "not a file URL")
    ) {
      try await Self.provider(.fileURL, bytes: Data("https://example.com".utf8)).loadObject(ofClass: URL.self)
    }
  }

  @Test func dataReadsAnyRepresentationUnchanged() async throws {
    let bytes = Data([0, 1, 2, 255])
    #expect(try await Self.provider(.png, bytes: bytes).loadObject(ofClass: Data.self) == bytes)
    #expect(try await ItemProvider(object: bytes).loadDataRepresentation(for: .data) == bytes)
  }

  // MARK: - Image

  static func png(width: UInt32, height: UInt32) -> Data {
    var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
    bytes += Array("IHDR".utf8)
    for value in [width, height] { bytes += withUnsafeBytes(of: value.bigEndian, Array.init) }
    bytes += [8, 6, 0, 0, 0, 0, 0, 0, 0]
    return Data(bytes)
  }

  static func jpeg(width: UInt16, height: UInt16) -> Data {
    var bytes: [UInt8] = [0xFF, 0xD8]
    bytes += [0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]  // APP0
    bytes += [0xFF, 0xDB, 0x00, 0x03, 0x00]  // a short table segment to skip
    bytes += [
      0xFF, 0xC0, 0x00, 0x11, 0x08, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF), 3,
    ]
    bytes += Array(repeating: 0, count: 9)
    bytes += [0xFF, 0xD9]
    return Data(bytes)
  }

  static func gif(width: UInt16, height: UInt16) -> Data {
    Data(
      Array("GIF89a".utf8) + [
        UInt8(width & 0xFF), UInt8(width >> 8), UInt8(height & 0xFF), UInt8(height >> 8), 0, 0, 0,
      ])
  }

  @Test func imageHeadersGiveFormatAndPixelSize() throws {
    let png = try Image(validating: Self.png(width: 640, height: 480))
    #expect(png.contentType == .png)
    #expect((png.pixelWidth, png.pixelHeight) == (640, 480))
    let jpeg = try Image(validating: Self.jpeg(width: 4032, height: 3024))
    #expect(jpeg.contentType == .jpeg)
    #expect((jpeg.pixelWidth, jpeg.pixelHeight) == (4032, 3024))
    let gif = try Image(validating: Self.gif(width: 300, height: 2))
    #expect(gif.contentType == .gif)
    #expect((gif.pixelWidth, gif.pixelHeight) == (300, 2))
  }

  @Test func imagesTravelInTheirOwnFormat() async throws {
    let image = try Image(validating: Self.jpeg(width: 10, height: 20))
    let provider = ItemProvider(object: image)
    #expect(provider.registeredContentTypes == [.jpeg])
    #expect(provider.canLoadObject(ofClass: Image.self))
    #expect(try await provider.loadObject(ofClass: Image.self) == image)
  }

  @Test(
    "Damaged images are typed errors",
    arguments: [
      (Data(), ImageError.unrecognizedFormat), (Data("hello".utf8), .unrecognizedFormat),
      (png(width: 1, height: 1).prefix(20), .truncated(.png)),
      (png(width: 0, height: 5), .invalidHeader(.png, reason: "zero width or height")),
      (png(width: 1 << 30, height: 5), .invalidHeader(.png, reason: "implausible size 1073741824×5")),
      (jpeg(width: 4, height: 4).prefix(12), .truncated(.jpeg)),
      (Data([0xFF, 0xD8, 0xFF, 0xD9]), .invalidHeader(.jpeg, reason: "no frame header before the image data")),
      (gif(width: 3, height: 3).prefix(8), .truncated(.gif)),
    ] as [(Data, ImageError)])
  func damagedImages(_ data: Data, _ error: ImageError) {
    #expect(throws: error) { try Image(validating: data) }
  }

  /// A header that announces more pixels than the budget is refused before anything
  /// decodes: a megabyte of PNG can stand for gigabytes of pixels.
  @Test func imagesBeyondThePixelBudgetAreRefusedFromTheirHeader() async throws {
    #expect(Image.maximumPixelCount == 100_000_000)
    for (data, type) in [
      (Self.png(width: 20_000, height: 20_000), ContentType.png), (Self.jpeg(width: 60_000, height: 60_000), .jpeg),
      (Self.gif(width: 65_535, height: 65_535), .gif),
    ] {
      let side = type == .gif ? 65_535 : type == .jpeg ? 60_000 : 20_000
      #expect(throws: ImageError.tooLarge(type, width: side, height: side, limit: 100_000_000)) {
        try Image(validating: data)
      }
      // Its type is still known, and a provider's load says why it failed.
      #expect(Image.contentType(of: data) == type)
      await #expect(throws: ItemProviderError.self) {
        try await Self.provider(type, bytes: data).loadObject(ofClass: Image.self)
      }
    }
    // Exactly the budget passes.
    #expect(throws: Never.self) { try Image(validating: Self.png(width: 10_000, height: 10_000)) }
    #expect(
      ImageError.tooLarge(.png, width: 20_000, height: 20_000, limit: 100_000_000).description
        == "the public.png image is 20000×20000 pixels, more than the 100 megapixels an image may have "
        + "(Image.maximumPixelCount)")
  }

  @Test func aDeclaredTypeMustMatchTheBytes() async {
    await #expect(
      throws: ItemProviderError.coercionFailed(
        from: .png, to: "Image", reason: "declared public.png but the bytes are com.compuserve.gif")
    ) {
      try await Self.provider(.png, bytes: Self.gif(width: 1, height: 1)).loadObject(ofClass: Image.self)
    }
  }

  @Test func randomAndTruncatedImageBytesNeverTrap() async {
    let samples = [Self.png(width: 3, height: 4), Self.jpeg(width: 3, height: 4), Self.gif(width: 3, height: 4)]
    for sample in samples {
      for cut in 0...sample.count {
        _ = try? Image(validating: sample.prefix(cut))
      }
    }
    await propertyCheck(count: 2000, input: Gen<UInt8>.value(in: 0...255).array(of: 0...64), Gen.int(in: 0...2)) {
      noise, kind in
      // A real signature followed by noise reaches the header parsers.
      let data = samples[kind].prefix(4) + Data(noise)
      if let image = try? Image(validating: data) {
        #expect(image.pixelWidth > 0 && image.pixelHeight > 0)
      }
    }
  }

  // MARK: - Color and Codable

  @Test func colorsTravelAsJSONAndAsHexText() async throws {
    let color = Color(red: 1, green: 0.5, blue: 0, alpha: 0.25)
    let provider = ItemProvider(object: color)
    #expect(provider.registeredContentTypes == [Color.contentType, .utf8PlainText])
    #expect(Color.contentType.identifier == "org.dragdrop.color")
    #expect(Color.contentType.conforms(to: .json))
    let back = try await provider.loadObject(ofClass: Color.self)
    #expect(back == color)
    #expect(try await provider.loadObject(ofClass: String.self) == "#ff800040")
    #expect(
      try await Self.provider(.utf8PlainText, bytes: Data("#0f0".utf8)).loadObject(ofClass: Color.self)
        == Color(red: 0, green: 1, blue: 0))
  }

  @Test(arguments: [
    #"{"red":2,"green":0,"blue":0}"#, #"{"red":0,"green":0}"#, "[]", "nan", #"{"red":0,"green":0,"blue":0,"alpha":-1}"#,
  ])
  func badColorJSON(_ json: String) async {
    do {
      _ = try await Self.provider(Color.contentType, bytes: Data(json.utf8)).loadObject(ofClass: Color.self)
      Issue.record("decoded \(json)")
    } catch {
      guard case .coercionFailed(Color.contentType, "Color", _) = error else {
        Issue.record("unexpected \(error)")
        return
      }
    }
  }

  @Test func colorHexParsing() {
    #expect(Color(hex: "#FFFFFF") == .white)
    #expect(Color(hex: "#00000000") == .clear)
    #expect(Color(hex: "fff") == nil)
    #expect(Color(hex: "#ggg") == nil)
    #expect(Color(hex: "#12345") == nil)
    #expect(Color(red: 2, green: -1, blue: .nan) == Color(red: 1, green: 0, blue: 0))
  }

  struct Photo: ItemProviderCodable, Equatable {
    static let contentType = ContentType(exportedAs: "com.example.albums.photo", conformingTo: .json)
    var name: String
    var rating: Int
  }

  @Test("Codable types travel as JSON under their exported type")
  func codableTransfer() async throws {
    let photo = Photo(name: "知床", rating: 5)
    let provider = ItemProvider(object: photo)
    #expect(provider.registeredContentTypes == [Photo.contentType])
    #expect(Photo.contentType.isDeclared)
    #expect(try await provider.loadObject(ofClass: Photo.self) == photo)
    let json = try await provider.loadDataRepresentation(for: .json)
    #expect(try JSONDecoder().decode(Photo.self, from: json) == photo)
    #expect(!provider.canLoadObject(ofClass: Color.self))
  }

  @Test func badJSONIsACoercionError() async {
    do {
      _ = try await Self.provider(Photo.contentType, bytes: Data(#"{"name":1}"#.utf8)).loadObject(ofClass: Photo.self)
      Issue.record("decoded bad JSON")
    } catch {
      guard case .coercionFailed(Photo.contentType, "Photo", let reason) = error else {
        Issue.record("unexpected \(error)")
        return
      }
      #expect(reason.hasPrefix("invalid JSON"))
    }
  }
}
