import ContentTypes
import Foundation
import Logging

// Foundation's `NSItemProvider` calls as code written for Apple's systems spells them:
// type identifiers as strings, completion handlers that take two optionals. Each runs the
// typed call of the same name, so a load behaves the same either way; the error handed
// over is an `ItemProviderError`.

extension ItemProvider {
  /// The identifiers of the registered types, in fidelity order, as Foundation's
  /// `registeredTypeIdentifiers`.
  public var registeredTypeIdentifiers: [String] { registeredContentTypes.map(\.identifier) }

  /// Whether a registered type conforms to the type of `typeIdentifier`; false for an
  /// identifier no type has.
  public func hasItemConformingToTypeIdentifier(_ typeIdentifier: String) -> Bool {
    guard let type = ContentType(typeIdentifier) else { return false }
    return hasItemConforming(to: type)
  }

  /// Whether a registered representation conforms to the type of `typeIdentifier`, able to
  /// open in place if `fileOptions` asks it.
  public func hasRepresentationConforming(
    toTypeIdentifier typeIdentifier: String, fileOptions: FileOptions = []
  ) -> Bool {
    guard let type = ContentType(typeIdentifier) else { return false }
    return hasRepresentationConforming(to: type, fileOptions: fileOptions)
  }

  /// Loads the bytes of the first representation that conforms to `contentType`, handed
  /// over as the data or the error, one of them nil.
  @preconcurrency @discardableResult
  public func loadDataRepresentation(
    for contentType: ContentType, completionHandler: @escaping @Sendable (Data?, (any Error)?) -> Void
  ) -> LoadProgress {
    loadDataRepresentation(for: contentType) { (result: Result<Data, ItemProviderError>) in
      Self.hand(result, to: completionHandler)
    }
  }

  /// Loads the bytes of the first representation that conforms to the type of
  /// `typeIdentifier`. An identifier no type has fails with
  /// ``ItemProviderError/unknownTypeIdentifier(_:)``.
  @preconcurrency @discardableResult
  public func loadDataRepresentation(
    forTypeIdentifier typeIdentifier: String,
    completionHandler: @escaping @Sendable (Data?, (any Error)?) -> Void
  ) -> LoadProgress {
    guard let type = ContentType(typeIdentifier) else { return Self.fail(typeIdentifier, completionHandler) }
    return loadDataRepresentation(for: type, completionHandler: completionHandler)
  }

  /// Loads the first representation that conforms to `contentType` as a temporary file,
  /// deleted when the handler returns, handed over as the URL or the error.
  @preconcurrency @discardableResult
  public func loadFileRepresentation(
    for contentType: ContentType, completionHandler: @escaping @Sendable (URL?, (any Error)?) -> Void
  ) -> LoadProgress {
    loadFileRepresentation(for: contentType) { (result: Result<URL, ItemProviderError>) in
      Self.hand(result, to: completionHandler)
    }
  }

  /// Loads the first representation that conforms to the type of `typeIdentifier` as a
  /// temporary file, deleted when the handler returns. An identifier no type has fails
  /// with ``ItemProviderError/unknownTypeIdentifier(_:)``.
  @preconcurrency @discardableResult
  public func loadFileRepresentation(
    forTypeIdentifier typeIdentifier: String,
    completionHandler: @escaping @Sendable (URL?, (any Error)?) -> Void
  ) -> LoadProgress {
    guard let type = ContentType(typeIdentifier) else { return Self.fail(typeIdentifier, completionHandler) }
    return loadFileRepresentation(for: type, completionHandler: completionHandler)
  }

  /// Loads the first representation that conforms to `contentType` as a file: a temporary
  /// copy, deleted when the handler returns (the handler's flag says it is not the
  /// original). Opening in place, as Apple's systems can, is not offered: a file handed
  /// over is always a copy.
  @preconcurrency @discardableResult
  public func loadFileRepresentation(
    for contentType: ContentType, openInPlace: Bool,
    completionHandler: @escaping @Sendable (URL?, Bool, (any Error)?) -> Void
  ) -> LoadProgress {
    loadFileRepresentation(for: contentType) { (result: Result<URL, ItemProviderError>) in
      switch result {
      case .success(let url): completionHandler(url, false, nil)
      case .failure(let error): completionHandler(nil, false, error)
      }
    }
  }

  /// Loads a file representation conforming to the type of `typeIdentifier`, in place when
  /// it was registered to open in place and otherwise as a temporary copy deleted when the
  /// handler returns; the flag says which. An identifier no type has fails with
  /// ``ItemProviderError/unknownTypeIdentifier(_:)``.
  @preconcurrency @discardableResult
  public func loadInPlaceFileRepresentation(
    forTypeIdentifier typeIdentifier: String,
    completionHandler: @escaping @Sendable (URL?, Bool, (any Error)?) -> Void
  ) -> LoadProgress {
    guard let type = ContentType(typeIdentifier) else {
      return Self.fail(typeIdentifier) { (_: URL?, error) in completionHandler(nil, false, error) }
    }
    return loadInPlaceFileRepresentation(for: type) { result in
      switch result {
      case .success(let file): completionHandler(file.url, file.isInPlace, nil)
      case .failure(let error): completionHandler(nil, false, error)
      }
    }
  }

  /// Registers bytes made on demand under the type of `typeIdentifier`, with Foundation's
  /// handler shape: the handler calls its argument once with the data or an error, and
  /// returns a progress or nil. An identifier no type has registers nothing, and is logged.
  @preconcurrency
  public func registerDataRepresentation(
    forTypeIdentifier typeIdentifier: String, visibility: ItemProviderRepresentationVisibility = .all,
    loadHandler: @escaping @Sendable (@escaping @Sendable (Data?, (any Error)?) -> Void) -> LoadProgress?
  ) {
    guard let type = Self.registrable(typeIdentifier) else { return }
    registerDataRepresentation(for: type, visibility: visibility) { completion in
      loadHandler { data, error in
        completion(data.map { .success($0) } ?? .failure(error ?? HandlerGaveNothing()))
      }
    }
  }

  /// Registers a file made on demand under the type of `typeIdentifier`, with Foundation's
  /// handler shape: the handler calls its argument once with the file (and whether it may
  /// be opened in place) or an error.
  @preconcurrency
  public func registerFileRepresentation(
    forTypeIdentifier typeIdentifier: String, fileOptions: FileOptions = [],
    visibility: ItemProviderRepresentationVisibility = .all,
    loadHandler: @escaping @Sendable (@escaping @Sendable (URL?, Bool, (any Error)?) -> Void) -> LoadProgress?
  ) {
    guard let type = Self.registrable(typeIdentifier) else { return }
    registerFileRepresentation(
      for: type, openInPlace: fileOptions.contains(.openInPlace), visibility: visibility
    ) { completion in
      loadHandler { url, _, error in
        completion(url.map { .success($0) } ?? .failure(error ?? HandlerGaveNothing()))
      }
    }
  }

  /// A provider of one item under the type of `typeIdentifier`, as Foundation's
  /// `NSItemProvider(item:typeIdentifier:)` makes it: `NSString` or `String` text, an
  /// `NSURL` or `URL`, or `Data`/`NSData` bytes. A nil item or identifier makes an empty
  /// provider; an item of another class registers nothing, and is logged.
  public convenience init(item: (any NSSecureCoding)?, typeIdentifier: String?) {
    self.init()
    guard let item, let typeIdentifier, let type = Self.registrable(typeIdentifier) else { return }
    let bytes: Data?
    if let string = item as? NSString {
      bytes = Data((string as String).utf8)
    } else if let url = item as? NSURL {
      bytes = Data((url as URL).absoluteString.utf8)
    } else if let data = item as? NSData {
      bytes = data as Data
    } else {
      bytes = nil
    }
    guard let bytes else {
      Self.appleShapesLogger.error(
        "NSItemProvider(item:typeIdentifier:) got a \(Swift.type(of: item)); only text, URLs and data are carried")
      return
    }
    registerDataRepresentation(for: type) { completion in
      completion(.success(bytes))
      return nil
    }
  }

  /// Loads the item of the type of `typeIdentifier` as Foundation's `loadItem` hands it
  /// over on iOS: a URL type as a URL (`item as? URL`), text as a string (`item as?
  /// String`), anything else as its bytes (`item as? Data`); or the error, one of them nil.
  /// The item is typed `Any?` rather than Foundation's `NSSecureCoding?`, which on Linux
  /// cannot be cast to `String`, `URL` or `Data` without a warning; closures written for
  /// Foundation's shape compile unchanged.
  @preconcurrency
  public func loadItem(
    forTypeIdentifier typeIdentifier: String, options: [AnyHashable: Any]? = nil,
    completionHandler: (@Sendable ((any Sendable)?, (any Error)?) -> Void)? = nil
  ) {
    guard let completionHandler else { return }
    guard let type = ContentType(typeIdentifier) else {
      _ = Self.fail(typeIdentifier) { (_: Data?, error) in completionHandler(nil, error) }
      return
    }
    if type.conforms(to: .url) {
      loadObject(ofClass: URL.self) { (result: Result<URL, ItemProviderError>) in
        switch result {
        case .success(let url): completionHandler(url, nil)
        case .failure(let error): completionHandler(nil, error)
        }
      }
      return
    }
    let isText = type.conforms(to: .plainText)
    loadDataRepresentation(for: type) { (result: Result<Data, ItemProviderError>) in
      switch result {
      case .success(let data):
        if isText, let text = String(data: data, encoding: .utf8) {
          completionHandler(text, nil)
        } else {
          completionHandler(data, nil)
        }
      case .failure(let error): completionHandler(nil, error)
      }
    }
  }

  /// The type of `identifier` for a registration, or nil (logged) when no type has it.
  private static func registrable(_ identifier: String) -> ContentType? {
    guard let type = ContentType(identifier) else {
      appleShapesLogger.error("no type has the identifier \"\(identifier)\"; nothing is registered")
      return nil
    }
    return type
  }

  private static let appleShapesLogger = Logger(label: "DragDrop.ItemProvider")

  /// Fails a load of an unknown identifier, on the load queue as every load completes.
  private static func fail<Value: Sendable>(
    _ identifier: String, _ handler: @escaping @Sendable (Value?, (any Error)?) -> Void
  ) -> LoadProgress {
    let progress = LoadProgress(totalUnitCount: 1)
    loadQueue.async { handler(nil, ItemProviderError.unknownTypeIdentifier(identifier)) }
    return progress
  }

  private static func hand<Value: Sendable>(
    _ result: Result<Value, ItemProviderError>, to handler: @Sendable (Value?, (any Error)?) -> Void
  ) {
    switch result {
    case .success(let value): handler(value, nil)
    case .failure(let error): handler(nil, error)
    }
  }
}

/// What a registered handler reports when it calls its completion with neither a value nor
/// an error.
struct HandlerGaveNothing: Error, CustomStringConvertible {
  var description: String { "the load handler gave neither a value nor an error" }
}
