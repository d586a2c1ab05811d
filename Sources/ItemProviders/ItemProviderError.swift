import ContentTypes

/// Why a load from an ``ItemProvider`` failed. Every load completes exactly once, with a
/// value or with one of these.
public enum ItemProviderError: Error, Sendable, CustomStringConvertible {
  /// No registered representation conforms to what was asked for. `requested` lists the
  /// acceptable types (a reading type's readable types, for object loads); `available`
  /// lists what the provider offers to this loader.
  case unavailableContentType(requested: [ContentType], available: [ContentType])
  /// The load was cancelled through its `LoadProgress` or its task.
  case cancelled
  /// The bytes arrived but could not become the requested value, for example text that
  /// is not valid UTF-8, or an image whose header is damaged.
  case coercionFailed(from: ContentType, to: String, reason: String)
  /// The registered load handler reported an error, or handed over a file that could not
  /// be read. The handler's own error is kept.
  case loadHandlerFailed(ContentType, underlying: any Error)
  /// The provider could not create, write or read its own temporary copy of a file.
  case fileOperationFailed(path: String, reason: String)
  /// Whoever handed out the provider does not allow loading now, for example a drop
  /// session outside `performDrop`. The reason says when loading is allowed.
  case loadNotPermitted(reason: String)
  /// A load asked for a type by an identifier that no declared type has.
  case unknownTypeIdentifier(String)

  public var description: String {
    switch self {
    case .unavailableContentType(let requested, let available):
      "no representation conforms to \(requested.map(\.identifier)); available: \(available.map(\.identifier))"
    case .cancelled:
      "the load was cancelled"
    case .coercionFailed(let from, let to, let reason):
      "the \(from.identifier) representation could not become \(to): \(reason)"
    case .loadHandlerFailed(let type, let underlying):
      "the load handler for \(type.identifier) failed: \(underlying)"
    case .fileOperationFailed(let path, let reason):
      "file operation on \(path) failed: \(reason)"
    case .loadNotPermitted(let reason):
      "loading is not permitted now: \(reason)"
    case .unknownTypeIdentifier(let identifier):
      "no declared type has the identifier \"\(identifier)\""
    }
  }
}

extension ItemProviderError: Equatable {
  /// Errors compare by case and values; a handler's underlying errors compare by their
  /// descriptions, since arbitrary errors are not comparable.
  public static func == (lhs: ItemProviderError, rhs: ItemProviderError) -> Bool {
    switch (lhs, rhs) {
    case (.unavailableContentType(let a, let b), .unavailableContentType(let c, let d)): a == c && b == d
    case (.cancelled, .cancelled): true
    case (.coercionFailed(let a, let b, let c), .coercionFailed(let d, let e, let f)): a == d && b == e && c == f
    case (.loadHandlerFailed(let a, let b), .loadHandlerFailed(let c, let d)):
      a == c && String(describing: b) == String(describing: d)
    case (.fileOperationFailed(let a, let b), .fileOperationFailed(let c, let d)): a == c && b == d
    case (.loadNotPermitted(let a), .loadNotPermitted(let b)): a == b
    case (.unknownTypeIdentifier(let a), .unknownTypeIdentifier(let b)): a == b
    default: false
    }
  }
}
