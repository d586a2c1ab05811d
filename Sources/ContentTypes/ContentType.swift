/// A type of data: what a drag item or a file holds, named by a reverse-DNS identifier such
/// as `public.png`, and tagged with MIME types and filename extensions.
///
/// Types form a conformance graph with several parents per type: `public.utf8-plain-text`
/// conforms to `public.plain-text`, which conforms to `public.text`, which conforms to both
/// `public.data` and `public.content`. ``conforms(to:)`` is reflexive and transitive and
/// costs a bit test.
///
/// A tag nobody declared yields a *dynamic* type (``isDynamic``) whose identifier starts with
/// `dyn.` and encodes the tag, so it round-trips through its identifier:
///
/// ```swift
/// let raw = ContentType(filenameExtension: "xyzraw")!
/// raw.isDeclared                              // false
/// raw.preferredFilenameExtension              // "xyzraw"
/// ContentType(raw.identifier) == raw          // true
/// ```
///
/// Malformed input never traps: the failable initialisers return nil.
public struct ContentType: Sendable {
  let node: ContentTypeRegistry.Node
  /// The registry the type belongs to, held strongly: a type keeps its registry alive,
  /// while the registry's nodes refer back to it without owning it.
  let registry: ContentTypeRegistry

  init(node: ContentTypeRegistry.Node) {
    self.node = node
    self.registry = node.registry
  }

  /// The class of a tag: a MIME type or a filename extension.
  public struct TagClass: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Filename extensions, such as `png`.
    public static let filenameExtension = TagClass(rawValue: "public.filename-extension")
    /// MIME types, such as `image/png`.
    public static let mimeType = TagClass(rawValue: "public.mime-type")
    public var description: String { rawValue }
  }

  // MARK: Identity

  /// The reverse-DNS identifier, such as `public.png`.
  public var identifier: String { node.identifier }

  /// Whether the type was made for an undeclared tag rather than declared.
  public var isDynamic: Bool { node.isDynamic }

  /// Whether the type was declared: built in, read from the shared-mime-info database, or
  /// declared by the application.
  public var isDeclared: Bool { !node.isDynamic }

  /// Whether the identifier is in the reserved `public` domain.
  public var isPublicType: Bool { node.key.hasPrefix("public.") }

  /// A short English description, such as "PNG image".
  public var localizedDescription: String? { registry.description(of: node) }

  // MARK: Tags

  /// Every tag, by class, preferred first.
  public var tags: [TagClass: [String]] { registry.tags(of: node) }

  /// The preferred MIME type, such as `image/png`.
  public var preferredMIMEType: String? { registry.preferredTag(of: node, .mimeType) }

  /// The preferred filename extension, without a dot, such as `png`.
  public var preferredFilenameExtension: String? { registry.preferredTag(of: node, .filenameExtension) }

  // MARK: Conformance

  /// Whether this type is `type` or a descendant of it. Reflexive and transitive; a bit test
  /// when both types come from the same registry.
  public func conforms(to type: ContentType) -> Bool {
    let node = self.node
    let other = type.node
    if node === other { return true }
    if registry === other.registry { return node.hasAncestor(other.index) }
    guard let resolved = registry.resolve(type) else { return false }
    return node === resolved || node.hasAncestor(resolved.index)
  }

  /// Whether `type` conforms to this type.
  public func isSupertype(of type: ContentType) -> Bool { type.conforms(to: self) }

  /// Whether this type conforms to `type` and is not `type`.
  public func isSubtype(of type: ContentType) -> Bool { self != type && conforms(to: type) }

  /// Every type this one conforms to, except itself.
  public var supertypes: Set<ContentType> { registry.supertypes(of: node) }

  // MARK: Creation

  /// The type with this identifier: declared, or dynamic (a `dyn.` identifier this
  /// framework made). Nil when the identifier is malformed or not known.
  public init?(_ identifier: String) {
    guard let type = ContentTypeRegistry.shared.type(withIdentifier: identifier) else { return nil }
    self = type
  }

  /// The type for a MIME type such as `image/png` or `text/plain; charset=utf-8`.
  ///
  /// Returns the first declared type with that tag that conforms to `supertype`; when there
  /// is none, a dynamic type that conforms to `supertype` and keeps the tag. Nil only for a
  /// malformed MIME type.
  public init?(mimeType: String, conformingTo supertype: ContentType = .data) {
    guard let type = ContentTypeRegistry.shared.type(forMIMEType: mimeType, conformingTo: supertype) else {
      return nil
    }
    self = type
  }

  /// The type for a filename extension, given without the dot (`png`, `tar.gz`).
  ///
  /// Matching ignores case. Returns the first declared type with that extension that
  /// conforms to `supertype`; when there is none, a dynamic type that conforms to
  /// `supertype` and keeps the extension as given. Nil only for a malformed extension.
  public init?(filenameExtension: String, conformingTo supertype: ContentType = .data) {
    guard
      let type = ContentTypeRegistry.shared.type(forFilenameExtension: filenameExtension, conformingTo: supertype)
    else { return nil }
    self = type
  }

  /// The type for a tag of either class; see ``init(mimeType:conformingTo:)``.
  public init?(tag: String, tagClass: TagClass, conformingTo supertype: ContentType?) {
    guard
      let type = ContentTypeRegistry.shared.types(
        forTag: tag, tagClass: tagClass, conformingTo: supertype, includingDynamic: true
      ).first
    else { return nil }
    self = type
  }

  /// Every declared type with this tag that conforms to `supertype` (any type when nil).
  public static func types(tag: String, tagClass: TagClass, conformingTo supertype: ContentType?) -> [ContentType] {
    ContentTypeRegistry.shared.types(forTag: tag, tagClass: tagClass, conformingTo: supertype)
  }

  /// Declares a type the application owns, such as the format of its own documents. Its
  /// tags, given through ``ContentTypeRegistry/declare(_:conformingTo:mimeTypes:filenameExtensions:description:exported:)``,
  /// take precedence over other declarations of the same tags.
  ///
  /// If the identifier is already declared, this is that type. A malformed identifier is a
  /// programming error: it is logged, and the result is a dynamic stand-in that conforms to
  /// `parentType` only. Use the registry's throwing `declare` to get the error instead.
  ///
  /// - Parameters:
  ///   - identifier: a reverse-DNS identifier, such as `com.example.albums.album`.
  ///   - parentType: the supertype; `nil` means ``data``.
  public init(exportedAs identifier: String, conformingTo parentType: ContentType? = nil) {
    self = ContentType.declaring(identifier, conformingTo: parentType, exported: true)
  }

  /// Declares a type another party owns. If it is already declared (by the system or the
  /// shared-mime-info database), that declaration is used; otherwise this one. See
  /// ``init(exportedAs:conformingTo:)`` for malformed identifiers.
  ///
  /// - Parameters:
  ///   - identifier: the identifier its owner declared.
  ///   - parentType: the supertype; `nil` means ``data``.
  public init(importedAs identifier: String, conformingTo parentType: ContentType? = nil) {
    self = ContentType.declaring(identifier, conformingTo: parentType, exported: false)
  }

  private static func declaring(
    _ identifier: String, conformingTo parent: ContentType?, exported: Bool
  )
    -> ContentType
  {
    let registry = ContentTypeRegistry.shared
    do {
      return try registry.declare(identifier, conformingTo: [parent ?? .data], exported: exported)
    } catch {
      return registry.invalidDeclaration(identifier, conformingTo: parent)
    }
  }
}

extension ContentType: Hashable {
  public static func == (lhs: ContentType, rhs: ContentType) -> Bool {
    if lhs.node === rhs.node { return true }
    if lhs.registry === rhs.registry { return false }
    return lhs.node.key == rhs.node.key
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(node.key)
  }
}

extension ContentType: CustomStringConvertible, CustomDebugStringConvertible {
  public var description: String { identifier }
  public var debugDescription: String { "ContentType(\(identifier))" }
}

extension ContentType: Codable {
  /// Decodes an identifier; a malformed or unknown one is a data-corruption error.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let identifier = try container.decode(String.self)
    guard let type = ContentType(identifier) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "unknown or malformed content type identifier")
    }
    self = type
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(identifier)
  }
}
