import ContentTypes
import Foundation

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
