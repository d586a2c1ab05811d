import ContentTypes
import Foundation

/// A type whose values travel by drag and drop in the representations it declares, most
/// faithful first, as Apple's `Transferable` does:
///
/// ```swift
/// struct Note: Codable, Transferable {
///   var text: String
///   static var transferRepresentation: some TransferRepresentation {
///     CodableRepresentation(contentType: .note)
///     ProxyRepresentation(exporting: \.text)
///   }
/// }
/// ```
///
/// ``ItemProvider/init(transferable:)`` offers a value; ``ItemProvider/loadTransferable(type:)``
/// reads one back from the first representation the provider has.
public protocol Transferable: Sendable {
  /// The type of ``transferRepresentation``, which the builder infers.
  associatedtype Representation: TransferRepresentation
  /// The representations, most faithful first.
  @TransferRepresentationBuilder<Self> static var transferRepresentation: Representation { get }
}

extension Transferable {
  /// The type's representations, as DragDrop uses them. The builder only lets through
  /// representations of the type itself.
  static var transferEntries: [TransferEntry<Self>] {
    transferRepresentation.transferEntries.compactMap { $0 as? TransferEntry<Self> }
  }
}

/// One or more ways to write and read a ``Transferable`` type.
public protocol TransferRepresentation<Item>: Sendable {
  /// The type the representation writes and reads.
  associatedtype Item: Transferable
  /// The representations as DragDrop uses them: a content type, and how to write and
  /// read a value in it. The built-in representations provide it.
  var transferEntries: [TransferEntry<Item>] { get }
}

/// How one content type of a ``Transferable`` type is written and read.
public struct TransferEntry<Item: Sendable>: Sendable {
  /// How a value is written and read: as bytes or as a file. Either direction may be missing.
  public enum Payload: Sendable {
    /// As bytes: `export` writes a value, `import` reads one.
    case data(
      export: (@Sendable (Item) async throws -> Data)?, import: (@Sendable (Data) async throws -> Item)?)
    /// As a file: `export` writes a value to one, `import` reads one from a delivered file.
    case file(
      export: (@Sendable (Item) async throws -> SentTransferredFile)?,
      import: (@Sendable (ReceivedTransferredFile) async throws -> Item)?)
  }

  /// The content type the value travels as.
  public var contentType: ContentType
  /// How a value is written and read in it.
  public var payload: Payload

  /// An entry for `contentType`.
  public init(contentType: ContentType, payload: Payload) {
    self.contentType = contentType
    self.payload = payload
  }

  var canExport: Bool {
    switch payload {
    case .data(let export, _): export != nil
    case .file(let export, _): export != nil
    }
  }

  var canImport: Bool {
    switch payload {
    case .data(_, let importing): importing != nil
    case .file(_, let importing): importing != nil
    }
  }

  /// The entry for another item type, through conversions both ways.
  func mapped<Other: Sendable>(
    export: (@Sendable (Other) async throws -> Item)?, import: (@Sendable (Item) async throws -> Other)?
  ) -> TransferEntry<Other> {
    switch payload {
    case .data(let exportData, let importData):
      return TransferEntry<Other>(
        contentType: contentType,
        payload: .data(export: compose(export, exportData), import: compose(importData, `import`)))
    case .file(let exportFile, let importFile):
      return TransferEntry<Other>(
        contentType: contentType,
        payload: .file(export: compose(export, exportFile), import: compose(importFile, `import`)))
    }
  }
}

/// `second` after `first`, when there are both.
private func compose<A, B, C>(
  _ first: (@Sendable (A) async throws -> B)?, _ second: (@Sendable (B) async throws -> C)?
) -> (@Sendable (A) async throws -> C)? {
  guard let first, let second else { return nil }
  return { value in try await second(try await first(value)) }
}

/// A file a value is written to for a transfer.
public struct SentTransferredFile: Sendable {
  /// The file.
  public var file: URL
  /// Whether the receiver may open the file where it is, rather than a copy.
  public var allowAccessingOriginalFile: Bool

  /// A file to send; by default the receiver gets a copy.
  public init(_ file: URL, allowAccessingOriginalFile: Bool = false) {
    self.file = file
    self.allowAccessingOriginalFile = allowAccessingOriginalFile
  }
}

/// A file a transfer delivered: a copy that is deleted when the import returns, or the
/// original when the sender allowed that.
public struct ReceivedTransferredFile: Sendable {
  /// The file.
  public var file: URL
  /// Whether it is the sender's own file rather than a copy.
  public var isOriginalFile: Bool

  /// A delivered file.
  public init(file: URL, isOriginalFile: Bool) {
    self.file = file
    self.isOriginalFile = isOriginalFile
  }
}

/// Builds a list of representations from the statements of `transferRepresentation`.
@resultBuilder
public enum TransferRepresentationBuilder<Item: Transferable> {
  /// One representation, as written.
  public static func buildExpression<R: TransferRepresentation>(_ representation: R) -> R where R.Item == Item {
    representation
  }

  /// A body of one representation.
  public static func buildBlock<R: TransferRepresentation>(_ representation: R) -> R where R.Item == Item {
    representation
  }

  /// A body of several representations, most faithful first.
  public static func buildBlock<each R: TransferRepresentation>(
    _ representations: repeat each R
  ) -> TupleTransferRepresentation<Item> {
    var entries: [TransferEntry<Item>] = []
    for representation in repeat each representations {
      for entry in representation.transferEntries {
        // Each entry is of `Item` when the builder type-checked: the representations'
        // items are all `Item`.
        if let entry = entry as? TransferEntry<Item> { entries.append(entry) }
      }
    }
    return TupleTransferRepresentation(transferEntries: entries)
  }
}

/// Several representations, in order.
public struct TupleTransferRepresentation<Item: Transferable>: TransferRepresentation {
  public let transferEntries: [TransferEntry<Item>]
}

/// A `Codable` value as JSON under `contentType`.
public struct CodableRepresentation<Item: Transferable & Codable>: TransferRepresentation {
  /// The content type the JSON travels under.
  public let contentType: ContentType

  /// The item as JSON under `contentType`.
  public init(contentType: ContentType) {
    self.contentType = contentType
  }

  /// The item, of the type given, as JSON under `contentType`.
  public init(for itemType: Item.Type, contentType: ContentType) {
    self.contentType = contentType
  }

  public var transferEntries: [TransferEntry<Item>] {
    let contentType = self.contentType
    return [
      TransferEntry(
        contentType: contentType,
        payload: .data(
          export: { try JSONEncoder().encode($0) },
          import: { data in
            do {
              return try JSONDecoder().decode(Item.self, from: data)
            } catch {
              throw ItemProviderError.coercionFailed(
                from: contentType, to: "\(Item.self)", reason: "invalid JSON: \(error)")
            }
          }))
    ]
  }
}

/// A value written as, and read from, bytes of `contentType`.
public struct DataRepresentation<Item: Transferable>: TransferRepresentation {
  public let transferEntries: [TransferEntry<Item>]

  /// A value written by `exporting` and read by `importing`, as bytes of `contentType`.
  public init(
    contentType: ContentType, exporting: @escaping @Sendable (Item) async throws -> Data,
    importing: @escaping @Sendable (Data) async throws -> Item
  ) {
    transferEntries = [TransferEntry(contentType: contentType, payload: .data(export: exporting, import: importing))]
  }

  /// A value written by `exporting` as bytes of `contentType`; it is never read back.
  public init(exportedContentType contentType: ContentType, exporting: @escaping @Sendable (Item) async throws -> Data)
  {
    transferEntries = [TransferEntry(contentType: contentType, payload: .data(export: exporting, import: nil))]
  }

  /// A value read by `importing` from bytes of `contentType`; it is never written.
  public init(importedContentType contentType: ContentType, importing: @escaping @Sendable (Data) async throws -> Item)
  {
    transferEntries = [TransferEntry(contentType: contentType, payload: .data(export: nil, import: importing))]
  }
}

/// A value written to, and read from, a file of `contentType`.
public struct FileRepresentation<Item: Transferable>: TransferRepresentation {
  public let transferEntries: [TransferEntry<Item>]

  /// A value written by `exporting` to a file of `contentType`, and read by `importing` from one.
  public init(
    contentType: ContentType, exporting: @escaping @Sendable (Item) async throws -> SentTransferredFile,
    importing: @escaping @Sendable (ReceivedTransferredFile) async throws -> Item
  ) {
    transferEntries = [TransferEntry(contentType: contentType, payload: .file(export: exporting, import: importing))]
  }

  /// A value written by `exporting` to a file of `contentType`; it is never read back.
  public init(
    exportedContentType contentType: ContentType,
    exporting: @escaping @Sendable (Item) async throws -> SentTransferredFile
  ) {
    transferEntries = [TransferEntry(contentType: contentType, payload: .file(export: exporting, import: nil))]
  }

  /// A value read by `importing` from a file of `contentType`; it is never written.
  public init(
    importedContentType contentType: ContentType,
    importing: @escaping @Sendable (ReceivedTransferredFile) async throws -> Item
  ) {
    transferEntries = [TransferEntry(contentType: contentType, payload: .file(export: nil, import: importing))]
  }
}

/// A value that travels as another ``Transferable`` value: a photo as its image, a contact
/// as its name.
public struct ProxyRepresentation<Item: Transferable, Proxy: Transferable>: TransferRepresentation {
  public let transferEntries: [TransferEntry<Item>]

  /// A value that travels as the proxy `exporting` makes, and is made by `importing` from one.
  public init(
    exporting: @escaping @Sendable (Item) async throws -> Proxy,
    importing: @escaping @Sendable (Proxy) async throws -> Item
  ) {
    transferEntries = Proxy.transferEntries.map { $0.mapped(export: exporting, import: importing) }
  }

  /// A value that travels as the proxy `exporting` makes; it is never read back.
  public init(exporting: @escaping @Sendable (Item) async throws -> Proxy) {
    transferEntries = Proxy.transferEntries.map { $0.mapped(export: exporting, import: nil) }
      .filter(\.canExport)
  }

  /// A value made by `importing` from a proxy; it is never written.
  public init(importing: @escaping @Sendable (Proxy) async throws -> Item) {
    transferEntries = Proxy.transferEntries.map { $0.mapped(export: nil, import: importing) }
      .filter(\.canImport)
  }
}

/// Marks ``ObjectRepresentation``, whatever its item type.
protocol ObjectTransferRepresentation {}

extension ObjectRepresentation: ObjectTransferRepresentation {}

/// The representations of a type that item providers already know how to write and read:
/// what the built-in types (String, URL, Data, Image, Color) are transferred as.
public struct ObjectRepresentation<Item: Transferable & ItemProviderWriting & ItemProviderReading>:
  TransferRepresentation
{
  /// The item type's own item-provider representations.
  public init() {}

  public var transferEntries: [TransferEntry<Item>] {
    let types = Item.writableContentTypes + Item.readableContentTypes.filter { !Item.writableContentTypes.contains($0) }
    return types.map { contentType in
      let writes = Item.writableContentTypes.contains(contentType)
      let reads = Item.readableContentTypes.contains { contentType.conforms(to: $0) }
      let export: @Sendable (Item) async throws -> Data = { item in
        try await withCheckedThrowingContinuation { continuation in
          _ = item.loadData(for: contentType) { continuation.resume(with: $0) }
        }
      }
      let read: @Sendable (Data) async throws -> Item = { data in
        try Item.object(from: data, contentType: contentType)
      }
      return TransferEntry(
        contentType: contentType, payload: .data(export: writes ? export : nil, import: reads ? read : nil))
    }
  }
}

extension String: Transferable {
  public static var transferRepresentation: ObjectRepresentation<String> { ObjectRepresentation() }
}

extension URL: Transferable {
  public static var transferRepresentation: ObjectRepresentation<URL> { ObjectRepresentation() }
}

extension Data: Transferable {
  public static var transferRepresentation: ObjectRepresentation<Data> { ObjectRepresentation() }
}

extension Image: Transferable {
  public static var transferRepresentation: ObjectRepresentation<Image> { ObjectRepresentation() }
}

extension Color: Transferable {
  public static var transferRepresentation: ObjectRepresentation<Color> { ObjectRepresentation() }
}

extension ItemProvider {
  /// A provider of `item` in each representation its type exports, in order.
  public convenience init<T: Transferable>(transferable item: T) {
    self.init()
    register(item)
  }

  /// Registers each representation `item`'s type exports, after those already registered.
  public func register<T: Transferable>(_ item: T) {
    // A type transferred as the object it is registers as that object: its own value
    // says which types it has (a web URL has no file URL).
    if T.Representation.self is any ObjectTransferRepresentation.Type, let object = item as? any ItemProviderWriting {
      registerObject(object, visibility: .all)
      return
    }
    for entry in T.transferEntries {
      switch entry.payload {
      case .data(let export?, _):
        registerDataRepresentation(for: entry.contentType) { completion in
          let task = Task { completion(await Result { try await export(item) }) }
          let progress = LoadProgress(totalUnitCount: 1)
          progress.cancellationHandler = { task.cancel() }
          return progress
        }
      case .file(let export?, _):
        registerFileRepresentation(for: entry.contentType) { completion in
          let task = Task { completion(await Result { try await export(item).file }) }
          let progress = LoadProgress(totalUnitCount: 1)
          progress.cancellationHandler = { task.cancel() }
          return progress
        }
      default:
        continue
      }
    }
  }

  /// The content types a value of `type` can be read from, in its order.
  public static func importedContentTypes<T: Transferable>(for type: T.Type) -> [ContentType] {
    T.transferEntries.filter(\.canImport).map(\.contentType)
  }

  /// Whether the provider has a representation a value of `type` can be read from.
  public func canLoadTransferable<T: Transferable>(type: T.Type) -> Bool {
    Self.importedContentTypes(for: type).contains { hasItemConforming(to: $0) }
  }

  /// Reads a value of `type` from the first of its representations, in the type's order,
  /// that the provider has. The load starts now (inside `performDrop`, where loading is
  /// permitted); the import runs when the bytes or the file have arrived, and
  /// `completionHandler` gets the value or the error, on no particular thread.
  ///
  /// The error is ``ItemProviderError/unavailableContentType(requested:available:)`` when
  /// the provider has none of the type's representations; otherwise what loading or the
  /// import threw.
  @discardableResult
  public func loadTransferable<T: Transferable>(
    type: T.Type, completionHandler: @escaping @Sendable (Result<T, any Error>) -> Void
  ) -> LoadProgress {
    for entry in T.transferEntries where hasItemConforming(to: entry.contentType) {
      switch entry.payload {
      case .data(_, let importing?):
        return loadDataRepresentation(for: entry.contentType) { result in
          switch result {
          case .success(let data):
            Task { completionHandler(await Result { try await importing(data) }) }
          case .failure(let error):
            completionHandler(.failure(error))
          }
        }
      case .file(_, let importing?):
        return loadFileRepresentation(for: entry.contentType) { result in
          // The provider deletes its copy when this handler returns; the import is
          // asynchronous, so it gets a copy of its own, deleted when it returns. A file
          // the import keeps, it copies or moves.
          let copied = result.mapError { $0 as any Error }.flatMap { url in
            Result {
              let copy = FileManager.default.temporaryDirectory
                .appendingPathComponent("transfer-\(UUID().uuidString)-\(url.lastPathComponent)")
              try FileManager.default.copyItem(at: url, to: copy)
              return copy
            }
          }
          switch copied {
          case .success(let copy):
            Task {
              let value = await Result {
                try await importing(ReceivedTransferredFile(file: copy, isOriginalFile: false))
              }
              try? FileManager.default.removeItem(at: copy)
              completionHandler(value)
            }
          case .failure(let error):
            completionHandler(.failure(error))
          }
        }
      default:
        continue
      }
    }
    completionHandler(
      .failure(
        ItemProviderError.unavailableContentType(
          requested: ItemProvider.importedContentTypes(for: type), available: registeredContentTypes)))
    return LoadProgress(totalUnitCount: 0)
  }

  /// Reads a value of `type`; see ``loadTransferable(type:completionHandler:)``.
  public func loadTransferable<T: Transferable>(type: T.Type) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
      loadTransferable(type: type) { continuation.resume(with: $0) }
    }
  }
}

extension Result where Failure == any Error {
  fileprivate init(catching body: () async throws -> Success) async {
    do {
      self = .success(try await body())
    } catch {
      self = .failure(error)
    }
  }
}
