import Foundation
import Testing

@testable import ContentTypes

/// Rule 34 and rule 31: identifiers, conformance, tags and dynamic types.
@Suite struct ContentTypeTests {
  @Test func staticMembersCarryApplesIdentifiers() {
    let expected: [(ContentType, String)] = [
      (.item, "public.item"), (.content, "public.content"), (.data, "public.data"), (.text, "public.text"),
      (.plainText, "public.plain-text"), (.utf8PlainText, "public.utf8-plain-text"),
      (.utf16PlainText, "public.utf16-plain-text"), (.html, "public.html"), (.xml, "public.xml"),
      (.json, "public.json"), (.rtf, "public.rtf"), (.url, "public.url"), (.fileURL, "public.file-url"),
      (.image, "public.image"), (.png, "public.png"), (.jpeg, "public.jpeg"), (.gif, "com.compuserve.gif"),
      (.tiff, "public.tiff"), (.svg, "public.svg-image"), (.heic, "public.heic"), (.webP, "org.webmproject.webp"),
      (.pdf, "com.adobe.pdf"), (.movie, "public.movie"), (.mpeg4Movie, "public.mpeg-4"), (.audio, "public.audio"),
      (.mp3, "public.mp3"), (.folder, "public.folder"), (.directory, "public.directory"),
      (.archive, "public.archive"), (.zip, "public.zip-archive"), (.vCard, "public.vcard"),
      (.commaSeparatedText, "public.comma-separated-values-text"), (.sourceCode, "public.source-code"),
    ]
    for (type, identifier) in expected {
      #expect(type.identifier == identifier)
      #expect(type.isDeclared && !type.isDynamic)
      #expect(ContentType(identifier) == type)
    }
  }

  @Test func everyBuiltInDeclarationIsReachableAndItsParentsExist() {
    let registry = ContentTypeRegistry(mimeDatabaseDirectories: [])
    for declaration in BuiltInTypes.declarations {
      let type = registry.type(withIdentifier: declaration.identifier)
      #expect(type != nil, "\(declaration.identifier) missing")
      for parent in declaration.parents {
        #expect(type?.supertypes.contains { $0.identifier == parent } == true, "\(declaration.identifier) → \(parent)")
      }
    }
  }

  @Test("Rule 31: utf8 plain text conforms to plain text, text and data")
  func utf8PlainTextChain() {
    #expect(ContentType.utf8PlainText.conforms(to: .plainText))
    #expect(ContentType.utf8PlainText.conforms(to: .text))
    #expect(ContentType.utf8PlainText.conforms(to: .data))
    #expect(ContentType.utf8PlainText.conforms(to: .content))
    #expect(ContentType.utf8PlainText.conforms(to: .item))
    #expect(!ContentType.plainText.conforms(to: .utf8PlainText))
    #expect(!ContentType.utf8PlainText.conforms(to: .utf16PlainText))
    #expect(!ContentType.png.conforms(to: .text))
  }

  @Test func typesWithSeveralParentsConformToEach() {
    #expect(ContentType.vCard.conforms(to: .text))
    #expect(ContentType.vCard.conforms(to: .contact))
    #expect(ContentType.mpeg4Audio.conforms(to: .audio))
    #expect(ContentType.mpeg4Audio.conforms(to: .movie))
    #expect(ContentType.pdf.conforms(to: .compositeContent))
    #expect(ContentType.pdf.conforms(to: .data))
    #expect(ContentType.javaScript.conforms(to: .script))
  }

  @Test func supertypesAreTheTransitiveClosureWithoutSelf() {
    let supertypes = ContentType.utf8PlainText.supertypes
    #expect(
      Set(supertypes.map(\.identifier)) == [
        "public.plain-text", "public.text", "public.data", "public.content", "public.item",
      ])
    #expect(ContentType.item.supertypes.isEmpty)
    #expect(ContentType.png.isSubtype(of: .image))
    #expect(ContentType.image.isSupertype(of: .png))
    #expect(!ContentType.png.isSubtype(of: .png))
  }

  @Test func tagsOfBuiltInTypes() {
    #expect(ContentType.png.preferredMIMEType == "image/png")
    #expect(ContentType.png.preferredFilenameExtension == "png")
    #expect(ContentType.jpeg.tags[.filenameExtension]?.prefix(2) == ["jpeg", "jpg"])
    #expect(ContentType.utf8PlainText.preferredMIMEType == "text/plain;charset=utf-8")
    #expect(ContentType.plainText.preferredFilenameExtension == "txt")
    #expect(ContentType.item.preferredMIMEType == nil)
    #expect(ContentType.png.localizedDescription == "PNG image")
  }

  @Test func lookupByMIMEType() {
    #expect(ContentType(mimeType: "image/png") == .png)
    #expect(ContentType(mimeType: "IMAGE/PNG") == .png)
    #expect(ContentType(mimeType: "text/plain") == .plainText)
    #expect(ContentType(mimeType: "text/plain; charset=UTF-8") == .utf8PlainText)
    #expect(ContentType(mimeType: "text/plain;charset=\"utf-8\"") == .utf8PlainText)
    #expect(ContentType(mimeType: "text/plain; charset=iso-8859-1") == .plainText)
    #expect(ContentType(mimeType: "text/html; charset=utf-8") == .html)
    #expect(ContentType(mimeType: "text/xml") == .xml)
    #expect(ContentType(mimeType: "application/octet-stream") == .data)
  }

  @Test func lookupByFilenameExtension() {
    #expect(ContentType(filenameExtension: "png") == .png)
    #expect(ContentType(filenameExtension: "PNG") == .png)
    #expect(ContentType(filenameExtension: "jpg") == .jpeg)
    #expect(ContentType(filenameExtension: "txt") == .plainText)
    #expect(ContentType(filenameExtension: "csv") == .commaSeparatedText)
    #expect(ContentType(filenameExtension: "swift") == .swiftSource)
  }

  @Test("Rule 34: an unknown extension yields a dynamic type that round-trips its tag")
  func dynamicExtension() throws {
    let type = try #require(ContentType(filenameExtension: "xyzzy-Raw"))
    #expect(type.isDynamic)
    #expect(!type.isDeclared)
    #expect(type.identifier.hasPrefix("dyn."))
    #expect(type.preferredFilenameExtension == "xyzzy-Raw")
    #expect(type.preferredMIMEType == nil)
    #expect(type.conforms(to: .data))
    #expect(!type.conforms(to: .text))
    let again = try #require(ContentType(type.identifier))
    #expect(again == type)
    #expect(again.preferredFilenameExtension == "xyzzy-Raw")
    #expect(ContentType(filenameExtension: "xyzzy-Raw") == type)
  }

  @Test("Rule 34: an unknown MIME type yields a dynamic type that round-trips its tag")
  func dynamicMIMEType() throws {
    let type = try #require(ContentType(mimeType: "application/x-dragdrop-test; Version=2"))
    #expect(type.isDynamic)
    #expect(type.preferredMIMEType == "application/x-dragdrop-test;version=2")
    #expect(ContentType(type.identifier) == type)
    #expect(ContentType(mimeType: "Application/X-DragDrop-Test;version=2") == type)
  }

  @Test func aDeclaredTagThatDoesNotConformGivesADynamicTypeThatDoes() throws {
    let type = try #require(ContentType(filenameExtension: "txt", conformingTo: .image))
    #expect(type.isDynamic)
    #expect(type.conforms(to: .image))
    #expect(!type.conforms(to: .text))
    #expect(type.preferredFilenameExtension == "txt")
    #expect(ContentType(filenameExtension: "txt", conformingTo: .text) == .plainText)
    // The directory type is not data, so with the default supertype its MIME type is dynamic.
    #expect(ContentType(mimeType: "inode/directory")?.isDynamic == true)
    #expect(ContentType(mimeType: "inode/directory", conformingTo: .item) == .directory)
  }

  @Test func identifiersCompareWithoutCase() {
    #expect(ContentType("PUBLIC.PNG") == .png)
    #expect(ContentType("Public.Utf8-Plain-Text") == .utf8PlainText)
  }

  @Test func unknownIdentifiersAreNil() {
    #expect(ContentType("com.example.never-declared") == nil)
    #expect(ContentType("dyn.aaaa") == nil)
    #expect(ContentType("dyn.") == nil)
    #expect(ContentType("dyn.!!") == nil)
  }

  @Test(
    "Bad input gives nil, never a trap",
    arguments: [
      "", "text/", "/png", "image/png ; x=", "image/png;", "image/png; =x", "image png", "text/plain\0",
      "\0", "image/p\u{7}ng", "imäge/png", "a/b/c", String(repeating: "a", count: 10_000),
      "text/" + String(repeating: "x", count: 10_000), "image/png; charset=\"unterminated",
    ])
  func malformedMIMETypes(_ input: String) {
    #expect(ContentType(mimeType: input) == nil)
  }

  @Test(
    arguments: [
      "", ".", ".png", "png.", "a..b", "a/b", "a b", "a\0b", "\0", "a\tb", "\u{7F}",
      String(repeating: "e", count: 10_000),
    ])
  func malformedExtensions(_ input: String) {
    #expect(ContentType(filenameExtension: input) == nil)
  }

  @Test(
    arguments: [
      "", ".", "public.", ".public", "public..png", "public png", "public/png", "public.png\0", "\0",
      "public_png", String(repeating: "a", count: 10_000), "dyn." + String(repeating: "a", count: 10_000),
    ])
  func malformedIdentifiers(_ input: String) {
    #expect(ContentType(input) == nil)
  }

  @Test func codableRoundTripAndRejection() throws {
    let encoded = try JSONEncoder().encode([ContentType.png, .utf8PlainText])
    #expect(String(decoding: encoded, as: UTF8.self) == #"["public.png","public.utf8-plain-text"]"#)
    #expect(try JSONDecoder().decode([ContentType].self, from: encoded) == [.png, .utf8PlainText])
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode([ContentType].self, from: Data(#"["not an identifier"]"#.utf8))
    }
  }

  @Test func hashingAgreesWithEquality() {
    let set: Set<ContentType> = [.png, ContentType("public.png")!, ContentType(mimeType: "image/png")!]
    #expect(set.count == 1)
  }
}
