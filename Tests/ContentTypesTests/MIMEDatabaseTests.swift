import Foundation
import Logging
import PropertyBased
import Synchronization
import TestSupport
import Testing

@testable import ContentTypes

/// The freedesktop shared-mime-info database: lazy loading, merging, and damaged files.
@Suite struct MIMEDatabaseTests {
  static let systemPackages = URL(fileURLWithPath: "/usr/share/mime/packages")
  static let systemDatabase = URL(fileURLWithPath: "/usr/share/mime/packages/freedesktop.org.xml")
  static var hasSystemDatabase: Bool { FileManager.default.fileExists(atPath: systemDatabase.path) }

  static let samplePackage = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE mime-info [
      <!ELEMENT mime-info (mime-type)+>
      <!ATTLIST mime-info xmlns CDATA #FIXED "http://www.freedesktop.org/standards/shared-mime-info">
    ]>
    <mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">
      <!-- Comments and CDATA are allowed anywhere. -->
      <mime-type type="application/x-album">
        <comment>Photo album</comment>
        <comment xml:lang="ja">写真アルバム</comment>
        <sub-class-of type="application/json"/>
        <alias type="application/x-photo-album"/>
        <glob pattern="*.album"/>
        <glob pattern="*.ALB" weight="80"/>
        <glob pattern="README*"/>
      </mime-type>
      <mime-type type="application/x-album-archive">
        <sub-class-of type="application/x-photo-album"/>
        <sub-class-of type="application/zip"/>
        <glob pattern="*.albz"/>
      </mime-type>
      <mime-type type="image/png">
        <comment>PNG from the database</comment>
        <glob pattern="*.apng" weight="40"/>
      </mime-type>
      <mime-type type="text/x-cycle-a"><sub-class-of type="text/x-cycle-b"/></mime-type>
      <mime-type type="text/x-cycle-b"><sub-class-of type="text/x-cycle-a"/></mime-type>
      <mime-type type="not a mime type"><glob pattern="*.bad"/></mime-type>
      <mime-type type="image/x-sketch"><glob pattern="*.sketch"/></mime-type>
      <mime-type type="inode/x-dragdrop-mount"/>
    </mime-info>
    """

  static func registry(
    with files: [String: String], logs: LogBox = LogBox()
  ) throws -> (
    ContentTypeRegistry, TemporaryDirectory
  ) {
    let directory = try TemporaryDirectory()
    for (name, contents) in files {
      try directory.write(Data(contents.utf8), to: "mime/packages/\(name)")
    }
    let registry = ContentTypeRegistry(
      mimeDatabaseDirectories: [directory.url.appendingPathComponent("mime/packages")], logger: logs.logger())
    return (registry, directory)
  }

  @Test func databaseTypesGetTagsConformanceAndDescriptions() throws {
    let (registry, _directory) = try Self.registry(with: ["album.xml": Self.samplePackage])
    _ = _directory
    let album = try #require(registry.type(forMIMEType: "application/x-album"))
    #expect(album.isDeclared)
    #expect(album.identifier == "org.freedesktop.mime.application.x-album")
    #expect(album.localizedDescription == "Photo album")
    #expect(album.tags[.mimeType] == ["application/x-album", "application/x-photo-album"])
    #expect(album.tags[.filenameExtension] == ["alb", "album"])  // weight 80 before the default 50
    #expect(album.conforms(to: registry.type(withIdentifier: "public.json")!))
    #expect(album.conforms(to: .json))  // a type from another registry, compared by identifier
    #expect(registry.type(forMIMEType: "application/x-photo-album") == album)
    #expect(registry.type(forFilenameExtension: "ALBUM") == album)

    let archive = try #require(registry.type(forFilenameExtension: "albz"))
    #expect(archive.conforms(to: album))  // through the alias
    #expect(archive.conforms(to: .zip))
    #expect(archive.conforms(to: .archive))
  }

  @Test("preloadDatabase reads the database at once, from any thread, and only once")
  func preloading() async throws {
    let (registry, _directory) = try Self.registry(with: ["album.xml": Self.samplePackage])
    _ = _directory
    #expect(!registry.state.withLock { $0.databaseLoaded })
    await Task.detached { registry.preloadDatabase() }.value
    #expect(registry.state.withLock { $0.databaseLoaded })
    let types = registry.state.withLock { $0.mimeTypes.count }
    registry.preloadDatabase()  // a second call reads nothing again
    #expect(registry.state.withLock { $0.mimeTypes.count } == types)
    #expect(registry.type(forMIMEType: "application/x-album")?.localizedDescription == "Photo album")
  }

  @Test("Database entries for a built-in MIME type merge into it without changing conformance")
  func builtInTypesKeepPriority() throws {
    let (registry, _directory) = try Self.registry(with: ["album.xml": Self.samplePackage])
    _ = _directory
    let png = try #require(registry.type(forFilenameExtension: "apng"))
    #expect(png.identifier == "public.png")
    #expect(png.preferredFilenameExtension == "png")
    #expect(png.tags[.filenameExtension] == ["png", "apng"])
    #expect(png.localizedDescription == "PNG image")
    #expect(
      png.supertypes.map(\.identifier).sorted() == ["public.content", "public.data", "public.image", "public.item"])
  }

  @Test func implicitConformanceFromTheMediaKind() throws {
    let (registry, _directory) = try Self.registry(with: ["album.xml": Self.samplePackage])
    _ = _directory
    let sketch = try #require(registry.type(forMIMEType: "image/x-sketch"))
    #expect(sketch.conforms(to: .image))
    let mount = try #require(registry.type(forMIMEType: "inode/x-dragdrop-mount", conformingTo: .item))
    #expect(mount.isDeclared)
    #expect(!mount.conforms(to: .data))
  }

  @Test func cyclesAreBrokenAndEverythingStillConformsToItem() throws {
    let (registry, _directory) = try Self.registry(with: ["album.xml": Self.samplePackage])
    _ = _directory
    let a = try #require(registry.type(forMIMEType: "text/x-cycle-a"))
    let b = try #require(registry.type(forMIMEType: "text/x-cycle-b"))
    #expect(a.isDeclared && b.isDeclared)
    #expect(!(a.conforms(to: b) && b.conforms(to: a)))
    #expect(a.conforms(to: .plainText) && b.conforms(to: .plainText))
  }

  @Test func anInvalidEntryIsReportedAndTheRestOfTheFileIsUsed() throws {
    let logs = LogBox()
    let (registry, _directory) = try Self.registry(with: ["album.xml": Self.samplePackage], logs: logs)
    _ = _directory
    #expect(registry.type(forFilenameExtension: "bad")?.isDynamic == true)
    let errors = registry.databaseErrors
    #expect(errors.count == 1)
    guard case .invalidEntry(let path, let line, let reason)? = errors.first else {
      Issue.record("expected an invalid entry, got \(errors)")
      return
    }
    #expect(path.hasSuffix("album.xml"))
    #expect(line > 1)
    #expect(reason.contains("not a mime type"))
    #expect(logs.entries.count == 1)
  }

  @Test("A truncated database file is a typed error, logged once; built-in types still work")
  func truncatedFile() throws {
    let logs = LogBox()
    let truncated = String(Self.samplePackage.prefix(600))
    let (registry, _directory) = try Self.registry(
      with: [
        "a-truncated.xml": truncated,
        "b-good.xml": Self.samplePackage.replacingOccurrences(of: "x-album", with: "x-other"),
      ],
      logs: logs)
    _ = _directory
    // Lookups run the lazy load; ask several times to see that it is logged once.
    for _ in 0..<3 {
      #expect(registry.type(forMIMEType: "image/png")?.identifier == "public.png")
      #expect(registry.type(forMIMEType: "application/x-other")?.isDeclared == true)
      #expect(registry.type(forMIMEType: "application/x-album-archive")?.isDynamic == true)
    }
    let malformed = registry.databaseErrors.filter {
      if case .malformed(let path, _, _, _) = $0 { return path.hasSuffix("a-truncated.xml") }
      return false
    }
    #expect(malformed.count == 1)
    #expect(logs.entries.filter { $0.metadata["error"]?.contains("a-truncated.xml") == true }.count == 1)
    #expect(logs.entries.allSatisfy { $0.level == .error })
  }

  @Test(
    "Corrupt files never crash the loader",
    arguments: [
      "", "<", "not xml at all", "<mime-info>", "<other/>", "<!DOCTYPE x [ <!ATTLIST a b CDATA #IMPLIED> ]",
      "<mime-info><!ATTLIST a b CDATA #IMPLIED></mime-info>", "\u{0}\u{1}\u{2}",
      "<mime-info><mime-type type=\"a/b\"><sub-class-of/></mime-type></mime-info>",
    ])
  func corruptFiles(_ contents: String) throws {
    let (registry, _directory) = try Self.registry(with: ["broken.xml": contents])
    _ = _directory
    #expect(registry.type(forMIMEType: "image/png")?.identifier == "public.png")
    #expect(registry.type(withIdentifier: "public.utf8-plain-text") != nil)
  }

  @Test func declarationsOutsideTheDocumentTypeAreRefused() {
    for body in ["<!ENTITY x 'y'>", "<!ELEMENT a ANY>", "<!DOCTYPE a>"] {
      let file = Data("<mime-info>\(body)<mime-type type=\"a/b\"/></mime-info>".utf8)
      #expect(
        throws: MIMEDatabaseError.malformed(
          path: "p", line: 1, column: 1, reason: "unexpected declaration \(body.prefix(9))")
      ) {
        try MIMEDatabase.parse(file, path: "p")
      }
    }
    let withComment = Data("<mime-info><!-- x --><![CDATA[ y ]]><mime-type type=\"a/b\"/></mime-info>".utf8)
    #expect((try? MIMEDatabase.parse(withComment, path: "p"))?.entries.map(\.mimeType) == ["a/b"])
  }

  @Test func everyTruncationOfTheSystemDatabaseIsHandled() throws {
    guard Self.hasSystemDatabase else { return }
    let data = try Data(contentsOf: Self.systemDatabase)
    // Cut at a spread of points, including inside the document type declaration.
    let cuts = [0, 1, 10, 100, 300, 1000] + stride(from: 5000, to: data.count, by: data.count / 9).map { $0 }
    for cut in cuts {
      do {
        let database = try MIMEDatabase.parse(data.prefix(cut), path: "cut-\(cut)")
        Issue.record("a file cut at \(cut) bytes parsed with \(database.entries.count) entries")
      } catch {
        guard case .malformed = error else {
          Issue.record("cut at \(cut): \(error)")
          continue
        }
      }
    }
  }

  @Test func withoutTheDatabaseTheBuiltInTableServes() {
    let registry = ContentTypeRegistry(mimeDatabaseDirectories: [])
    #expect(registry.type(forMIMEType: "image/jpeg")?.identifier == "public.jpeg")
    #expect(registry.type(forFilenameExtension: "json")?.identifier == "public.json")
    #expect(registry.type(forMIMEType: "application/x-bzip-compressed-tar")?.isDynamic == true)
    #expect(registry.databaseErrors.isEmpty)
  }

  @Test func theStandardDirectoriesFollowXDG() {
    let dirs = MIMEDatabase.standardDirectories(environment: [
      "HOME": "/home/u", "XDG_DATA_DIRS": "/opt/share:/usr/share:/opt/share",
    ])
    #expect(
      dirs.map(\.path) == [
        "/home/u/.local/share/mime/packages", "/opt/share/mime/packages", "/usr/share/mime/packages",
      ])
    let defaults = MIMEDatabase.standardDirectories(environment: ["XDG_DATA_HOME": "/data"])
    #expect(
      defaults.map(\.path) == ["/data/mime/packages", "/usr/local/share/mime/packages", "/usr/share/mime/packages"])
  }
}

/// Property tests over the whole system database (skipped where it is not installed).
@Suite struct MIMEDatabasePropertyTests {
  static let registry = ContentTypeRegistry(mimeDatabaseDirectories: [MIMEDatabaseTests.systemPackages])

  @Test func theSystemDatabaseLoadsWithoutErrors() {
    guard MIMEDatabaseTests.hasSystemDatabase else { return }
    #expect(Self.registry.databaseErrors == [])
    #expect(Self.registry.declaredTypes.count > 800)
    #expect(Self.registry.type(forMIMEType: "text/x-python3")?.identifier == "public.python-script")
    #expect(Self.registry.type(forFilenameExtension: "flac")?.identifier == "org.xiph.flac")
    let rust = Self.registry.type(forFilenameExtension: "rs")
    #expect(rust?.conforms(to: .plainText) == true)
  }

  @Test("Conformance is reflexive, transitive and rooted at public.item, over every declared type")
  func conformanceLaws() {
    let types = Self.registry.declaredTypes
    for type in types {
      #expect(type.conforms(to: type))
      #expect(type.conforms(to: .item), "\(type) does not conform to public.item")
      let supertypes = type.supertypes
      #expect(!supertypes.contains(type), "\(type) is its own strict supertype")
      for supertype in supertypes {
        #expect(type.conforms(to: supertype))
        // Transitivity: what a supertype conforms to, the type conforms to as well.
        #expect(supertype.supertypes.isSubset(of: supertypes), "\(type) → \(supertype)")
      }
    }
  }

  @Test("conforms(to:) agrees with a graph walk over random pairs")
  func conformanceAgreesWithSupertypes() async {
    let types = Self.registry.declaredTypes
    guard types.count > 1 else { return }
    await propertyCheck(count: 2000, input: Gen.int(in: 0...(types.count - 1)), Gen.int(in: 0...(types.count - 1))) {
      i, j in
      let a = types[i]
      let b = types[j]
      #expect(a.conforms(to: b) == (a == b || a.supertypes.contains(b)))
    }
  }

  @Test("Every MIME type and extension in the database round-trips to a type that carries it")
  func tagRoundTrips() {
    guard MIMEDatabaseTests.hasSystemDatabase else { return }
    var mimeCount = 0
    var extensionCount = 0
    for type in Self.registry.declaredTypes {
      for mimeType in type.tags[.mimeType] ?? [] {
        mimeCount += 1
        let found = Self.registry.type(forMIMEType: mimeType, conformingTo: .item)
        #expect(found?.tags[.mimeType]?.contains(mimeType) == true, "\(mimeType) → \(String(describing: found))")
        #expect(found?.isDeclared == true)
      }
      for filenameExtension in type.tags[.filenameExtension] ?? [] {
        extensionCount += 1
        let found = Self.registry.type(forFilenameExtension: filenameExtension, conformingTo: .item)
        #expect(found?.tags[.filenameExtension]?.contains(filenameExtension) == true, "\(filenameExtension)")
        // The type itself is among the candidates for its extension.
        #expect(
          Self.registry.types(forTag: filenameExtension, tagClass: .filenameExtension, conformingTo: nil)
            .contains(type))
      }
    }
    #expect(mimeCount > 1000)
    #expect(extensionCount > 1000)
  }

  @Test("Random strings as tags either give nil or a type that keeps the tag")
  func randomTagsNeverTrap() async {
    await propertyCheck(count: 3000, input: Gen<Character>.character(in: "\u{0}"..."\u{3000}").string(of: 0...40)) {
      string in
      if let type = ContentType(filenameExtension: string) {
        #expect(type.tags[.filenameExtension]?.contains { $0.lowercased() == string.lowercased() } == true)
        #expect(ContentType(type.identifier) == type)
      }
      if let type = ContentType(mimeType: string) {
        #expect(type.preferredMIMEType != nil)
        #expect(ContentType(type.identifier) == type)
      }
      if let type = ContentType(string) {
        #expect(type.identifier.lowercased() == string.lowercased())
      }
    }
  }

  @Test("Random ASCII MIME-like strings never trap")
  func randomMIMELikeStrings() async {
    let gen = Gen<Character?>.element(of: Array("abcxyzXYZ019/;= \"-+.") as [Character]).map { $0! }
      .string(of: 0...30)
    await propertyCheck(count: 3000, input: gen) { string in
      if let type = ContentType(mimeType: string) {
        #expect(ContentType(type.identifier) == type)
        #expect(type.conforms(to: .data))
      }
    }
  }
}

/// A log handler that looks a type up while it logs: the registry must not hold its lock
/// while logging.
private struct ReentrantLogHandler: LogHandler {
  let registry: @Sendable () -> ContentTypeRegistry?
  let box: LogBox
  var metadata: Logger.Metadata = [:]
  var logLevel: Logger.Level = .trace
  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }
  func log(event: LogEvent) {
    let png = registry()?.type(forMIMEType: "image/png")
    box.logger().error("\(event.message) / \(png?.identifier ?? "none")")
  }
}

@Suite struct RegistryLoggingTests {
  @Test func aLogHandlerMayUseTheRegistry() throws {
    let directory = try TemporaryDirectory()
    try directory.write(Data("<broken".utf8), to: "mime/packages/broken.xml")
    let holder = Mutex<ContentTypeRegistry?>(nil)
    let box = LogBox()
    let logger = Logger(label: "reentrant") { _ in
      ReentrantLogHandler(registry: { holder.withLock { $0 } }, box: box)
    }
    let registry = ContentTypeRegistry(
      mimeDatabaseDirectories: [directory.url.appendingPathComponent("mime/packages")], logger: logger)
    holder.withLock { $0 = registry }
    #expect(registry.type(forFilenameExtension: "png")?.identifier == "public.png")
    #expect(box.entries.map(\.message) == ["shared-mime-info database problem / public.png"])
  }
}
