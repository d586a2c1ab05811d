import Foundation
import TestSupport
import Testing

@testable import ContentTypes

/// Types an application declares (rule 34: exportedAs and importedAs).
@Suite struct DeclarationTests {
  @Test func anExportedTypeIsDeclaredAndConformsToItsParent() throws {
    let album = ContentType(exportedAs: "com.example.albums.album-\(UUID().uuidString.prefix(8))", conformingTo: .json)
    #expect(album.isDeclared)
    #expect(album.conforms(to: .json))
    #expect(album.conforms(to: .text))
    #expect(!album.conforms(to: .image))
    #expect(ContentType(album.identifier) == album)
    // Declaring again returns the same type, whatever the second declaration says.
    #expect(ContentType(exportedAs: album.identifier, conformingTo: .image) == album)
    #expect(!ContentType(exportedAs: album.identifier, conformingTo: .image).conforms(to: .image))
  }

  @Test func theDefaultParentIsData() {
    let type = ContentType(importedAs: "com.example.other.format-\(UUID().uuidString.prefix(8))")
    #expect(type.supertypes == [.data, .item])
  }

  @Test func importingAKnownTypeUsesTheExistingDeclaration() {
    #expect(ContentType(importedAs: "public.png", conformingTo: .text) == .png)
    #expect(!ContentType(importedAs: "public.png", conformingTo: .text).conforms(to: .text))
  }

  @Test func exportedTagsTakePrecedenceAndImportedTagsComeLast() throws {
    let registry = ContentTypeRegistry(mimeDatabaseDirectories: [])
    let imported = try registry.declare(
      "com.example.imported", conformingTo: [.data], mimeTypes: ["application/x-example"],
      filenameExtensions: ["exa"], exported: false)
    let exported = try registry.declare(
      "com.example.exported", conformingTo: [.data], mimeTypes: ["application/x-example"],
      filenameExtensions: ["EXA"], description: "Example", exported: true)
    #expect(registry.type(forMIMEType: "application/x-example") == exported)
    #expect(registry.type(forFilenameExtension: "exa") == exported)
    #expect(
      registry.types(forTag: "exa", tagClass: .filenameExtension, conformingTo: nil).map(\.identifier) == [
        "com.example.exported", "com.example.imported",
      ])
    #expect(exported.localizedDescription == "Example")
    #expect(imported.preferredMIMEType == "application/x-example")
    // A public type keeps its tag against an imported declaration.
    let late = try registry.declare(
      "com.example.late", conformingTo: [.image], filenameExtensions: ["png"], exported: false)
    #expect(registry.type(forFilenameExtension: "png")?.identifier == "public.png")
    #expect(late.preferredFilenameExtension == "png")
  }

  @Test("Malformed declarations are typed errors that name the problem")
  func declarationErrors() {
    let registry = ContentTypeRegistry(mimeDatabaseDirectories: [])
    #expect(throws: ContentTypeError.invalidIdentifier("not valid!")) {
      try registry.declare("not valid!", conformingTo: [.data])
    }
    #expect(throws: ContentTypeError.reservedIdentifier("dyn.abc")) {
      try registry.declare("dyn.abc", conformingTo: [.data])
    }
    #expect(throws: ContentTypeError.invalidMIMEType("text/")) {
      try registry.declare("com.example.a", conformingTo: [.data], mimeTypes: ["text/"])
    }
    #expect(throws: ContentTypeError.invalidFilenameExtension(".x")) {
      try registry.declare("com.example.b", conformingTo: [.data], filenameExtensions: [".x"])
    }
    let foreign = ContentType(exportedAs: "com.example.only-in-shared-\(UUID().uuidString.prefix(8))")
    #expect(throws: ContentTypeError.unknownSupertype(foreign.identifier)) {
      try registry.declare("com.example.c", conformingTo: [foreign])
    }
    let long = String(repeating: "x", count: 10_000)
    #expect("\(ContentTypeError.invalidIdentifier(long))".count < 200)
  }

  @Test func aMalformedExportIsLoggedAndStandsInAsADynamicType() throws {
    let type = ContentType(exportedAs: "bad identifier", conformingTo: .image)
    #expect(type.isDynamic)
    #expect(type.conforms(to: .image))
    #expect(ContentType(type.identifier) == type)
    let huge = ContentType(exportedAs: String(repeating: "é ", count: 5_000))
    #expect(huge.isDynamic)
    #expect(huge.conforms(to: .data))
  }
}
