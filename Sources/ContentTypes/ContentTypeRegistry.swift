import Foundation
import Logging
import Synchronization

/// The misuse of a type declaration, named precisely.
public enum ContentTypeError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The identifier is not a reverse-DNS identifier: empty, over 255 bytes, with empty
  /// components, or with characters other than letters, digits, hyphens and dots.
  case invalidIdentifier(String)
  /// Identifiers beginning with `dyn.` belong to dynamic types and cannot be declared.
  case reservedIdentifier(String)
  /// A MIME type given as a tag is malformed.
  case invalidMIMEType(String)
  /// A filename extension given as a tag is malformed.
  case invalidFilenameExtension(String)
  /// A supertype named by identifier is not known to the registry.
  case unknownSupertype(String)

  public var description: String {
    func quoted(_ string: String) -> String {
      string.utf8.count > 80 ? "\"\(string.prefix(80))…\" (\(string.utf8.count) bytes)" : "\"\(string)\""
    }
    return switch self {
    case .invalidIdentifier(let value): "\(quoted(value)) is not a valid type identifier"
    case .reservedIdentifier(let value): "\(quoted(value)) is reserved for dynamic types"
    case .invalidMIMEType(let value): "\(quoted(value)) is not a valid MIME type"
    case .invalidFilenameExtension(let value): "\(quoted(value)) is not a valid filename extension"
    case .unknownSupertype(let value): "the supertype \(quoted(value)) is not declared"
    }
  }
}

/// The set of known content types: the built-in public types, the freedesktop
/// shared-mime-info database when it is installed, types an application declares, and the
/// dynamic types made for tags nobody declared.
///
/// ``shared`` serves every ``ContentType`` initialiser. A separate registry reads another
/// database, which tests use to check what happens with a damaged one. Registries live for
/// the whole process: their types refer to them.
///
/// The shared-mime-info database is read on first need, which is the first lookup by MIME
/// type, filename extension or unknown identifier, or the first read of a type's tags.
/// Conformance never needs it: the database never changes the supertypes of a type that
/// existed before it was read.
public final class ContentTypeRegistry: Sendable {
  /// The registry behind ``ContentType``'s initialisers and static members.
  public static let shared = ContentTypeRegistry()

  final class Node: Sendable {
    /// Unowned, so that a registry and its nodes do not keep each other alive; every
    /// ``ContentType`` that reaches a node also holds its registry.
    unowned let registry: ContentTypeRegistry
    let identifier: String
    /// The lookup key: the identifier, lowercased.
    let key: String
    let index: Int
    let isDynamic: Bool
    /// Bit `i` is set when node `i` is a strict ancestor. The array ends at the highest
    /// ancestor, so a type that conforms only to low-numbered types costs a word or two.
    let ancestors: [UInt64]

    init(registry: ContentTypeRegistry, identifier: String, index: Int, isDynamic: Bool, parents: [Node]) {
      self.registry = registry
      self.identifier = identifier
      self.key = TagSyntax.key(identifier)
      self.index = index
      self.isDynamic = isDynamic
      var bits: [UInt64] = []
      for parent in parents {
        let words = max(parent.ancestors.count, parent.index / 64 + 1)
        if bits.count < words { bits += repeatElement(0, count: words - bits.count) }
        for (word, value) in parent.ancestors.enumerated() { bits[word] |= value }
        bits[parent.index / 64] |= 1 << UInt64(parent.index % 64)
      }
      self.ancestors = bits
    }

    @inline(__always)
    func hasAncestor(_ index: Int) -> Bool {
      let word = index &>> 6
      return word < ancestors.count && ancestors[word] & (1 &<< UInt64(index & 63)) != 0
    }
  }

  struct State: ~Copyable {
    var nodes: [Node] = []
    var byKey: [String: Node] = [:]
    var mimeTypes: [[String]] = []
    var extensions: [[String]] = []
    var descriptions: [String?] = []
    /// Normalised MIME type (essence, or essence with charset) to candidate nodes, best first.
    var byMIME: [String: [Int]] = [:]
    /// Lowercased extension to candidate nodes, best first.
    var byExtension: [String: [Int]] = [:]
    var databaseLoaded = false
    var databaseErrors: [MIMEDatabaseError] = []
  }

  let state: Mutex<State>
  private let databaseDirectories: [URL]
  private let logger: Logger

  /// Creates a registry with the built-in types.
  ///
  /// - Parameters:
  ///   - mimeDatabaseDirectories: the shared-mime-info package directories to read
  ///     (`…/mime/packages`), highest priority first. `nil` means the XDG base directories
  ///     (`$XDG_DATA_HOME`, then `$XDG_DATA_DIRS`); an empty array means built-in types only.
  ///   - logger: where problems with the database are reported, once each.
  public init(mimeDatabaseDirectories: [URL]? = nil, logger: Logger = Logger(label: "DragDrop.ContentTypes")) {
    self.databaseDirectories = mimeDatabaseDirectories ?? MIMEDatabase.standardDirectories()
    self.logger = logger
    self.state = Mutex(State())
    state.withLock { state in
      let declarations = BuiltInTypes.declarations
      let byIdentifier = Dictionary(declarations.map { ($0.identifier, $0) }, uniquingKeysWith: { first, _ in first })
      let order = topologicalOrder(declarations.map(\.identifier)) { byIdentifier[$0]?.parents ?? [] }
      for identifier in order.sorted {
        let declaration = byIdentifier[identifier]!
        let parents = declaration.parents.compactMap { state.byKey[TagSyntax.key($0)] }
        let node = makeNode(&state, identifier: identifier, isDynamic: false, parents: parents)
        addTags(&state, node: node.index, mimeTypes: declaration.mimeTypes, extensions: declaration.extensions)
        state.descriptions[node.index] = declaration.description
      }
    }
  }

  // MARK: - Public queries

  /// Every declared type: built-in, from the database, and declared by the application.
  public var declaredTypes: [ContentType] {
    withLoadedState { state in state.nodes.filter { !$0.isDynamic }.map(ContentType.init(node:)) }
  }

  /// The problems met while reading the shared-mime-info database. Reading it is lazy, so
  /// this reads it first if that has not happened yet.
  public var databaseErrors: [MIMEDatabaseError] {
    withLoadedState { $0.databaseErrors }
  }

  /// The declared type with this identifier, or the dynamic type it encodes; nil when the
  /// identifier is malformed or unknown.
  public func type(withIdentifier identifier: String) -> ContentType? {
    guard
      TagSyntax.isValidIdentifier(identifier, maximumLength: TagSyntax.maximumDynamicIdentifierLength)
    else { return nil }
    let key = TagSyntax.key(identifier)
    if let node = state.withLock({ $0.byKey[key] }) { return ContentType(node: node) }
    if key.hasPrefix(DynamicIdentifier.prefix) {
      guard let dynamic = DynamicIdentifier(decoding: identifier) else { return nil }
      return decodeDynamic(dynamic)
    }
    guard identifier.utf8.count <= TagSyntax.maximumDeclaredIdentifierLength else { return nil }
    return withLoadedState { $0.byKey[key] }.map(ContentType.init(node:))
  }

  /// The type for a MIME type: the first declared type with that tag that conforms to
  /// `supertype`, otherwise a dynamic type that does. Nil when the MIME type is malformed.
  public func type(forMIMEType mimeType: String, conformingTo supertype: ContentType? = nil) -> ContentType? {
    types(forTag: mimeType, tagClass: .mimeType, conformingTo: supertype, includingDynamic: true).first
  }

  /// The type for a filename extension: the first declared type with that tag that
  /// conforms to `supertype`, otherwise a dynamic type that does. Nil when the extension is
  /// malformed.
  public func type(
    forFilenameExtension filenameExtension: String, conformingTo supertype: ContentType? = nil
  )
    -> ContentType?
  {
    types(forTag: filenameExtension, tagClass: .filenameExtension, conformingTo: supertype, includingDynamic: true)
      .first
  }

  /// Every declared type with this tag that conforms to `supertype` (any type when nil), best
  /// first, and a dynamic type when there is none and `includingDynamic` is true.
  public func types(
    forTag tag: String, tagClass: ContentType.TagClass, conformingTo supertype: ContentType?,
    includingDynamic: Bool = false
  ) -> [ContentType] {
    let parent = supertype.flatMap { resolve($0) }
    if supertype != nil && parent == nil { return [] }
    guard tagClass == .mimeType || tagClass == .filenameExtension else { return [] }
    // Fast path: a tag that is already a normalised key (`image/png`, `png`) needs no parsing;
    // every key in the tables is valid.
    let direct = candidates(forKeys: [tag], tagClass: tagClass, conformingTo: parent)
    if !direct.isEmpty { return direct }
    let kind: DynamicIdentifier.Kind
    let keys: [String]
    let canonicalTag: String
    if tagClass == .mimeType {
      guard let mime = TagSyntax.parseMIME(tag) else { return [] }
      keys = [mime.charsetKey, mime.essence].compactMap { $0 }
      canonicalTag = mime.normalized
      kind = .mimeType
    } else {
      guard let key = TagSyntax.extensionKey(tag) else { return [] }
      keys = [key]
      canonicalTag = tag
      kind = .filenameExtension
    }
    let found = candidates(forKeys: keys, tagClass: tagClass, conformingTo: parent)
    if !found.isEmpty || !includingDynamic { return found }
    let base = parent ?? resolve(.data)!
    let dynamic = DynamicIdentifier(kind: kind, supertype: base.identifier, tag: canonicalTag)
    return [ContentType(node: dynamicNode(dynamic, parent: base))]
  }

  /// The declared types indexed under any of `keys`, best first, that conform to `parent`.
  private func candidates(
    forKeys keys: [String], tagClass: ContentType.TagClass, conformingTo parent: Node?
  )
    -> [ContentType]
  {
    withLoadedState { state in
      var result: [ContentType] = []
      for key in keys {
        let indices = (tagClass == .mimeType ? state.byMIME[key] : state.byExtension[key]) ?? []
        for index in indices where !result.contains(where: { $0.node.index == index }) {
          let node = state.nodes[index]
          if let parent, !(node === parent || node.hasAncestor(parent.index)) { continue }
          result.append(ContentType(node: node))
        }
      }
      return result
    }
  }

  /// Declares a type. The first declaration of an identifier wins: declaring one that
  /// exists returns the existing type unchanged.
  ///
  /// - Parameters:
  ///   - identifier: a reverse-DNS identifier outside the reserved `dyn.` domain.
  ///   - supertypes: the types it conforms to directly.
  ///   - mimeTypes: its MIME types, preferred first.
  ///   - filenameExtensions: its filename extensions without the dot, preferred first.
  ///   - description: a short English description.
  ///   - exported: whether the application owns the type. Its tags then take precedence
  ///     over other declarations of the same tags; an imported type's tags come last.
  /// - Throws: ``ContentTypeError`` naming the malformed identifier, tag or supertype.
  public func declare(
    _ identifier: String, conformingTo supertypes: [ContentType], mimeTypes: [String] = [],
    filenameExtensions: [String] = [], description: String? = nil, exported: Bool = true
  ) throws(ContentTypeError) -> ContentType {
    guard TagSyntax.isValidIdentifier(identifier) else { throw .invalidIdentifier(identifier) }
    guard !TagSyntax.key(identifier).hasPrefix(DynamicIdentifier.prefix) else {
      throw .reservedIdentifier(identifier)
    }
    var parents: [Node] = []
    for supertype in supertypes {
      guard let node = resolve(supertype) else { throw .unknownSupertype(supertype.identifier) }
      parents.append(node)
    }
    var mimeKeys: [String] = []
    for mimeType in mimeTypes {
      guard let mime = TagSyntax.parseMIME(mimeType) else { throw .invalidMIMEType(mimeType) }
      mimeKeys.append(mime.charsetKey ?? mime.essence)
    }
    for filenameExtension in filenameExtensions where TagSyntax.extensionKey(filenameExtension) == nil {
      throw .invalidFilenameExtension(filenameExtension)
    }
    let node: Node = withLoadedState { state in
      if let existing = state.byKey[TagSyntax.key(identifier)] { return existing }
      let node = makeNode(&state, identifier: identifier, isDynamic: false, parents: parents)
      addTags(&state, node: node.index, mimeTypes: mimeKeys, extensions: filenameExtensions, first: exported)
      state.descriptions[node.index] = description
      return node
    }
    return ContentType(node: node)
  }

  // MARK: - Per-type data

  func tags(of node: Node) -> [ContentType.TagClass: [String]] {
    withLoadedState { state in
      var tags: [ContentType.TagClass: [String]] = [:]
      if !state.mimeTypes[node.index].isEmpty { tags[.mimeType] = state.mimeTypes[node.index] }
      if !state.extensions[node.index].isEmpty { tags[.filenameExtension] = state.extensions[node.index] }
      return tags
    }
  }

  func preferredTag(of node: Node, _ tagClass: ContentType.TagClass) -> String? {
    withLoadedState { state in
      (tagClass == .mimeType ? state.mimeTypes : state.extensions)[node.index].first
    }
  }

  func description(of node: Node) -> String? {
    withLoadedState { $0.descriptions[node.index] }
  }

  func supertypes(of node: Node) -> Set<ContentType> {
    state.withLock { state in
      var result = Set<ContentType>()
      for (word, bits) in node.ancestors.enumerated() where bits != 0 {
        for bit in 0..<64 where bits & (1 << UInt64(bit)) != 0 {
          result.insert(ContentType(node: state.nodes[word * 64 + bit]))
        }
      }
      return result
    }
  }

  /// A built-in type, without reading the database (built-in types never need it).
  func builtIn(_ identifier: String) -> ContentType {
    ContentType(node: state.withLock { $0.byKey[TagSyntax.key(identifier)]! })
  }

  /// This registry's node for a type, which may come from another registry.
  func resolve(_ type: ContentType) -> Node? {
    if type.registry === self { return type.node }
    return self.type(withIdentifier: type.identifier)?.node
  }

  /// Reads the shared-mime-info database now, rather than at the first lookup that needs
  /// it. Reading takes tens of milliseconds: an application calls this off the main thread
  /// at launch, so that its first drag does not wait for it. Calling it again does nothing.
  public func preloadDatabase() {
    withLoadedState { _ in () }
  }

  // MARK: - Internals

  /// Runs `body` with the database loaded. Problems found while loading are logged once,
  /// after the lock is released, so a log handler may use the registry.
  private func withLoadedState<T: Sendable>(_ body: (inout State) -> T) -> T {
    var found: [MIMEDatabaseError] = []
    let result = state.withLock { state in
      if !state.databaseLoaded {
        state.databaseLoaded = true
        loadDatabase(&state)
        found = state.databaseErrors
      }
      return body(&state)
    }
    for error in found {
      logger.error("shared-mime-info database problem", metadata: ["error": "\(error)"])
    }
    return result
  }

  private func makeNode(_ state: inout State, identifier: String, isDynamic: Bool, parents: [Node]) -> Node {
    let node = Node(
      registry: self, identifier: identifier, index: state.nodes.count, isDynamic: isDynamic, parents: parents)
    state.nodes.append(node)
    state.byKey[node.key] = node
    state.mimeTypes.append([])
    state.extensions.append([])
    state.descriptions.append(nil)
    return node
  }

  /// Records tags for a node and indexes them, after existing candidates or before them.
  private func addTags(
    _ state: inout State, node index: Int, mimeTypes: [String], extensions: [String], first: Bool = false
  ) {
    for mimeType in mimeTypes where !state.mimeTypes[index].contains(mimeType) {
      state.mimeTypes[index].append(mimeType)
      if first {
        state.byMIME[mimeType, default: []].insert(index, at: 0)
      } else {
        state.byMIME[mimeType, default: []].append(index)
      }
    }
    for filenameExtension in extensions {
      let key = filenameExtension.lowercased()
      guard !state.extensions[index].contains(key) else { continue }
      state.extensions[index].append(key)
      if first {
        state.byExtension[key, default: []].insert(index, at: 0)
      } else {
        state.byExtension[key, default: []].append(index)
      }
    }
  }

  private func dynamicNode(_ dynamic: DynamicIdentifier, parent: Node) -> Node {
    let identifier = dynamic.identifier
    return state.withLock { state in
      if let existing = state.byKey[TagSyntax.key(identifier)] { return existing }
      let node = makeNode(&state, identifier: identifier, isDynamic: true, parents: [parent])
      switch dynamic.kind {
      case .mimeType: state.mimeTypes[node.index] = [dynamic.tag]
      case .filenameExtension: state.extensions[node.index] = [dynamic.tag]
      case .invalidDeclaration: break
      }
      return node
    }
  }

  /// Rebuilds a dynamic type from its identifier, checking that what it encodes is valid.
  private func decodeDynamic(_ dynamic: DynamicIdentifier) -> ContentType? {
    guard let parent = type(withIdentifier: dynamic.supertype)?.node else { return nil }
    switch dynamic.kind {
    case .mimeType:
      guard TagSyntax.parseMIME(dynamic.tag)?.normalized == dynamic.tag else { return nil }
    case .filenameExtension:
      guard TagSyntax.isValidExtension(dynamic.tag) else { return nil }
    case .invalidDeclaration:
      guard dynamic.tag.utf8.count <= DynamicIdentifier.maximumInvalidDeclarationLength else { return nil }
    }
    return ContentType(node: dynamicNode(dynamic, parent: parent))
  }

  /// A stand-in for a declaration whose identifier was malformed: a dynamic type that
  /// conforms to the requested supertype and to nothing it should not.
  func invalidDeclaration(_ identifier: String, conformingTo supertype: ContentType?) -> ContentType {
    let parent = supertype.flatMap { resolve($0) } ?? resolve(.data)!
    var tag = String(decoding: identifier.utf8.prefix(DynamicIdentifier.maximumInvalidDeclarationLength), as: UTF8.self)
    if tag.isEmpty { tag = "(empty)" }
    logger.error(
      "type declaration refused",
      metadata: ["error": "\(ContentTypeError.invalidIdentifier(identifier))"])
    return ContentType(
      node: dynamicNode(.init(kind: .invalidDeclaration, supertype: parent.identifier, tag: tag), parent: parent))
  }

  /// Reads the shared-mime-info database into the registry. Database types that name a
  /// built-in type's MIME type merge into it: the built-in declaration keeps its
  /// conformance and preferred tags, and gains the database's other tags. The rest become
  /// declared types named `org.freedesktop.mime.<type>.<subtype>`.
  private func loadDatabase(_ state: inout State) {
    let database = MIMEDatabase.load(directories: databaseDirectories)
    state.databaseErrors = database.errors
    guard !database.entries.isEmpty else { return }

    // Merge duplicate entries (several package files may describe one type).
    var merged: [String: MIMEDatabase.Entry] = [:]
    var order: [String] = []
    for entry in database.entries {
      if var existing = merged[entry.mimeType] {
        existing.aliases += entry.aliases
        existing.parents += entry.parents
        existing.globs += entry.globs
        existing.comment = existing.comment ?? entry.comment
        merged[entry.mimeType] = existing
      } else {
        merged[entry.mimeType] = entry
        order.append(entry.mimeType)
      }
    }

    // Which entries name an existing type, and which MIME strings lead to which entry.
    var existingNode: [String: Int] = [:]
    var canonical: [String: String] = [:]
    for mimeType in order {
      let entry = merged[mimeType]!
      for name in [mimeType] + entry.aliases {
        if canonical[name] == nil { canonical[name] = mimeType }
        if existingNode[mimeType] == nil, let index = state.byMIME[name]?.first { existingNode[mimeType] = index }
      }
    }
    let newTypes = order.filter { existingNode[$0] == nil }
    let newSet = Set(newTypes)
    let sorted = topologicalOrder(newTypes) { mimeType in
      merged[mimeType]!.parents.compactMap { canonical[$0] }.filter { newSet.contains($0) }
    }

    var nodeFor = existingNode
    for mimeType in sorted.sorted {
      let entry = merged[mimeType]!
      var parents: [Node] = []
      for parent in entry.parents {
        guard let target = canonical[parent] ?? (state.byMIME[parent] != nil ? parent : nil) else { continue }
        if let index = nodeFor[target] ?? state.byMIME[target]?.first {
          // A dropped cycle edge leaves the parent without a node yet; skip it.
          parents.append(state.nodes[index])
        }
      }
      parents.append(contentsOf: implicitParents(of: mimeType, state: state))
      let identifier = uniqueIdentifier(forMIMEType: mimeType, state: state)
      let node = makeNode(&state, identifier: identifier, isDynamic: false, parents: parents)
      nodeFor[mimeType] = node.index
    }

    // Tags: MIME types now; extensions by glob weight, heaviest first, so that the most
    // likely type for an extension is the first candidate.
    var globs: [(ext: String, weight: Int, node: Int)] = []
    for mimeType in order {
      let entry = merged[mimeType]!
      let index = nodeFor[mimeType]!
      addTags(&state, node: index, mimeTypes: [mimeType] + entry.aliases, extensions: [])
      if state.descriptions[index] == nil { state.descriptions[index] = entry.comment }
      globs += entry.globs.map { ($0.filenameExtension, $0.weight, index) }
    }
    let byWeight = globs.enumerated().sorted { lhs, rhs in
      lhs.element.weight != rhs.element.weight ? lhs.element.weight > rhs.element.weight : lhs.offset < rhs.offset
    }
    for (_, glob) in byWeight {
      addTags(&state, node: glob.node, mimeTypes: [], extensions: [glob.ext])
    }
  }

  /// The conformance a MIME type's top-level name implies: the shared-mime-info
  /// specification makes every `text/*` a kind of `text/plain`, and every other streamable
  /// type a kind of `application/octet-stream`; the media kinds map to their abstract types.
  private func implicitParents(of mimeType: String, state: borrowing State) -> [Node] {
    let topLevel = mimeType.prefix(while: { $0 != "/" })
    let identifier =
      switch topLevel {
      case "text": "public.plain-text"
      case "image": "public.image"
      case "audio": "public.audio"
      case "video": "public.movie"
      case "font": "public.font"
      case "inode", "x-content": "public.item"
      default: "public.data"
      }
    return [state.byKey[identifier]!]
  }

  private func uniqueIdentifier(forMIMEType mimeType: String, state: borrowing State) -> String {
    let sanitized = String(
      mimeType.unicodeScalars.map { scalar -> Character in
        switch scalar {
        case "/": "."
        case "a"..."z", "A"..."Z", "0"..."9", "-", ".": Character(scalar)
        default: "-"
        }
      })
    let components = sanitized.split(separator: ".", omittingEmptySubsequences: true)
      .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "-")) }
      .filter { !$0.isEmpty }
    let base = "org.freedesktop.mime." + components.joined(separator: ".")
    var candidate = base
    var suffix = 2
    while state.byKey[TagSyntax.key(candidate)] != nil {
      candidate = "\(base)-\(suffix)"
      suffix += 1
    }
    return candidate
  }
}

/// Orders keys so that each comes after the parents it names among them. Iterative, so a
/// long chain cannot exhaust the stack. An edge that would close a cycle is dropped.
func topologicalOrder(_ keys: [String], parents: (String) -> [String]) -> (sorted: [String], droppedEdges: Int) {
  let members = Set(keys)
  var state: [String: Bool] = [:]  // false: in progress, true: done
  var sorted: [String] = []
  sorted.reserveCapacity(keys.count)
  var dropped = 0
  for root in keys where state[root] == nil {
    var stack: [(key: String, parents: [String], next: Int)] = [(root, parents(root), 0)]
    state[root] = false
    while !stack.isEmpty {
      let top = stack.count - 1
      if stack[top].next < stack[top].parents.count {
        let parent = stack[top].parents[stack[top].next]
        stack[top].next += 1
        guard members.contains(parent) else { continue }
        switch state[parent] {
        case nil:
          state[parent] = false
          stack.append((parent, parents(parent), 0))
        case false?:
          dropped += 1
        case true?:
          break
        }
      } else {
        state[stack[top].key] = true
        sorted.append(stack[top].key)
        stack.removeLast()
      }
    }
  }
  return (sorted, dropped)
}
