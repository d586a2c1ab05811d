import Foundation
import Logging
import TestSupport
import Testing

@testable import ContentTypes

/// Bounded fuzzing with a fixed seed (issue 9): mutated database files, MIME tags and
/// identifiers, invalid UTF-8 among them. Nothing may trap; every refusal is typed. Each
/// test runs a fixed number of cases that takes a few seconds at most.
@Suite struct FuzzTests {
  /// Bytes that tend to matter to a parser.
  static let interesting: [UInt8] = [
    0x00, 0x0A, 0x20, 0x22, 0x26, 0x27, 0x2F, 0x3B, 0x3C, 0x3D, 0x3E, 0x5B, 0x5D, 0x7F, 0x80, 0xBF, 0xC0, 0xC3, 0xE3,
    0xED, 0xEF, 0xF0, 0xF4, 0xF8, 0xFE, 0xFF,
  ]

  /// Changes a few bytes: replaces, inserts, deletes, or repeats a run.
  static func mutate(_ data: [UInt8], using random: inout SeededGenerator) -> [UInt8] {
    var bytes = data
    for _ in 0..<Int.random(in: 1...6, using: &random) {
      let byte =
        Bool.random(using: &random)
        ? interesting.randomElement(using: &random)! : UInt8.random(in: 0...255, using: &random)
      let index = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &random)
      switch Int.random(in: 0..<4, using: &random) {
      case 0 where !bytes.isEmpty: bytes[index] = byte
      case 1: bytes.insert(byte, at: index)
      case 2 where !bytes.isEmpty: bytes.remove(at: index)
      default:
        let end = min(bytes.count, index + Int.random(in: 1...40, using: &random))
        bytes.insert(contentsOf: bytes[index..<end], at: index)
      }
    }
    return bytes
  }

  @Test("Issue 9: a byte that is not UTF-8 in a comment or a name skips that file only, with its place")
  func invalidUTF8SkipsTheFile() throws {
    let good = MIMEDatabaseTests.samplePackage.replacingOccurrences(of: "x-album", with: "x-kept")
    var inComment = Array(MIMEDatabaseTests.samplePackage.utf8)
    let comment = try #require(inComment.firstRange(of: Array("Comments".utf8)))
    inComment[comment.lowerBound + 1] = 0xFF
    var inName = Array(MIMEDatabaseTests.samplePackage.utf8)
    let name = try #require(inName.firstRange(of: Array("<comment>".utf8)))
    inName[name.lowerBound + 2] = 0xC3  // a lead byte followed by an ASCII letter
    let directory = try TemporaryDirectory()
    try directory.write(Data(inComment), to: "mime/packages/a-comment.xml")
    try directory.write(Data(inName), to: "mime/packages/b-name.xml")
    try directory.write(Data(good.utf8), to: "mime/packages/c-good.xml")
    let logs = LogBox()
    let registry = ContentTypeRegistry(
      mimeDatabaseDirectories: [directory.url.appendingPathComponent("mime/packages")], logger: logs.logger())
    registry.preloadDatabase()
    #expect(registry.type(forMIMEType: "application/x-kept")?.isDeclared == true)
    #expect(registry.type(forMIMEType: "application/x-album")?.isDeclared == false)
    let refused = registry.databaseErrors.compactMap { error -> String? in
      guard case .malformed(let path, let line, let column, let reason) = error else { return nil }
      return "\(URL(fileURLWithPath: path).lastPathComponent):\(line):\(column) \(reason)"
    }
    #expect(
      refused == [
        "a-comment.xml:7:9 byte 0xFF is not UTF-8",
        "b-name.xml:9:7 byte 0x6D does not continue a UTF-8 sequence",
      ])
    // The two refused files, and the good file's deliberately invalid entry.
    #expect(logs.entries.count == 3)
  }

  @Test("Issue 9: 3,000 mutated database files parse or are refused with a typed error")
  func mutatedDatabaseFiles() throws {
    var random = SeededGenerator(state: 0x0D0C_AFE0)
    let sample = Array(MIMEDatabaseTests.samplePackage.utf8)
    var parsed = 0
    for _ in 0..<3000 {
      let mutated = Self.mutate(sample, using: &random)
      do {
        let database = try MIMEDatabase.parse(Data(mutated), path: "fuzz")
        parsed += 1
        // What parses is usable: every entry's type is a MIME type.
        for entry in database.entries { #expect(entry.mimeType.contains("/")) }
      } catch {
        #expect(!error.description.isEmpty)
      }
    }
    #expect(parsed > 100)  // the mutations are small: many files stay well-formed
  }

  @Test("Issue 9: a registry over mutated files always keeps its built-in types")
  func mutatedFilesInARegistry() throws {
    var random = SeededGenerator(state: 42)
    let sample = Array(MIMEDatabaseTests.samplePackage.utf8)
    for _ in 0..<40 {
      let directory = try TemporaryDirectory()
      for index in 0..<3 {
        try directory.write(Data(Self.mutate(sample, using: &random)), to: "mime/packages/\(index).xml")
      }
      let registry = ContentTypeRegistry(
        mimeDatabaseDirectories: [directory.url.appendingPathComponent("mime/packages")],
        logger: Logger(label: "fuzz") { _ in SwiftLogNoOpLogHandler() })
      #expect(registry.type(forMIMEType: "image/png")?.identifier == "public.png")
      _ = registry.type(forMIMEType: "application/x-album")
      _ = registry.type(forFilenameExtension: "album")
    }
  }

  @Test("Issue 9 (rule 34): a dynamic type keeps a MIME tag with quoted parameters exactly")
  func quotedParametersRoundTrip() throws {
    for tag in [
      "multipart/form-data; boundary=\"a@b\"", "text/x-note; charset=utf-8; title=\"a;b=c\"",
      "application/x-thing; name=\"with \\\"escaped\\\" quotes\"",
    ] {
      // The tag is kept in its normal form (no spaces), which parses back to the same
      // parameters: quoted values stay quoted.
      let type = try #require(ContentType(mimeType: tag))
      let preferred = try #require(type.preferredMIMEType)
      #expect(preferred == tag.replacingOccurrences(of: "; ", with: ";"))
      #expect(ContentType(type.identifier)?.preferredMIMEType == preferred)
      #expect(ContentType(mimeType: preferred) == type)
    }
  }

  @Test("Issue 9: mutated MIME tags, extensions and identifiers never trap, and what they give round-trips")
  func mutatedTags() {
    var random = SeededGenerator(state: 7)
    let seeds = [
      "text/plain; charset=utf-8", "multipart/form-data; boundary=\"a@b\"", "image/svg+xml", "application/x-album",
      "public.utf8-plain-text", "dyn.ah62d4rv4ge80k2py", "com.example.photo", "jpg", "tar.gz",
    ]
    for _ in 0..<20000 {
      let seed = Array(seeds.randomElement(using: &random)!.utf8)
      let string = String(decoding: Self.mutate(seed, using: &random), as: UTF8.self)
      if let type = ContentType(mimeType: string) {
        #expect(ContentType(type.identifier) == type, "\(string)")
        let preferred = type.preferredMIMEType
        #expect(preferred.flatMap { ContentType(mimeType: $0) } == type, "\(string)")
      }
      if let type = ContentType(filenameExtension: string) {
        #expect(ContentType(type.identifier) == type, "\(string)")
      }
      _ = ContentType(string)
      _ = ContentType(string)?.conforms(to: .data)
    }
  }
}

@Suite struct RegistryLifetimeTests {
  @Test("Issue 9: a registry is freed with its last type, and a type kept keeps its registry")
  func registriesAreFreed() throws {
    weak var freed: ContentTypeRegistry?
    do {
      let registry = ContentTypeRegistry(mimeDatabaseDirectories: [])
      freed = registry
      _ = registry.type(forMIMEType: "image/png")
      _ = registry.type(forFilenameExtension: "xyzraw")
    }
    #expect(freed == nil)
    weak var kept: ContentTypeRegistry?
    var type: ContentType?
    do {
      let registry = ContentTypeRegistry(mimeDatabaseDirectories: [])
      kept = registry
      type = registry.type(forFilenameExtension: "xyzraw")
    }
    #expect(kept != nil)
    #expect(type?.preferredFilenameExtension == "xyzraw")
    type = nil
    #expect(kept == nil)
  }
}
