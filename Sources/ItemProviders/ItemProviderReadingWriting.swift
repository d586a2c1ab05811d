import ContentTypes
import Foundation

/// A type whose values an ``ItemProvider`` can offer, in one or more content types.
///
/// List `writableContentTypes` highest fidelity first: loaders take the first they can use.
public protocol ItemProviderWriting: Sendable {
  /// The content types every value can be written as, highest fidelity first.
  static var writableContentTypes: [ContentType] { get }
  /// The content types this value can be written as; by default the static list.
  var writableContentTypes: [ContentType] { get }
  /// Who may see the representation of a content type; `.all` by default.
  static func itemProviderVisibility(for contentType: ContentType) -> ItemProviderRepresentationVisibility
  /// Produces the bytes of one representation, now or later, and calls the handler once.
  /// Returns a `LoadProgress` when the work is long enough to report and cancel.
  func loadData(
    for contentType: ContentType, completionHandler: @escaping @Sendable (Result<Data, any Error>) -> Void
  ) -> LoadProgress?
}

extension ItemProviderWriting {
  public var writableContentTypes: [ContentType] { Self.writableContentTypes }

  public static func itemProviderVisibility(for contentType: ContentType) -> ItemProviderRepresentationVisibility {
    .all
  }
}

/// A type that can be made from the bytes of a representation.
public protocol ItemProviderReading: Sendable {
  /// The content types a value can be read from. A load reads the item's highest-fidelity
  /// representation whose type conforms to one of these; plain text, listed beside other
  /// types, is read only when the item has none of the others.
  static var readableContentTypes: [ContentType] { get }
  /// Makes a value from the bytes of a representation whose type is `contentType`.
  /// Throws when the bytes do not make a valid value.
  static func object(from data: Data, contentType: ContentType) throws -> Self
}

/// A `Codable` type that travels as JSON under a content type it exports.
///
/// ```swift
/// struct Photo: ItemProviderCodable {
///   static let contentType = ContentType(exportedAs: "com.example.albums.photo")
///   var name: String
///   var rating: Int
/// }
/// let provider = ItemProvider(object: Photo(name: "Shiretoko", rating: 5))
/// ```
public protocol ItemProviderCodable: Codable, ItemProviderReading, ItemProviderWriting {
  /// The content type the JSON travels under. It should conform to `ContentType.json`
  /// or `ContentType.data`.
  static var contentType: ContentType { get }
}

extension ItemProviderCodable {
  public static var writableContentTypes: [ContentType] { [contentType] }
  public static var readableContentTypes: [ContentType] { [contentType] }

  public func loadData(
    for contentType: ContentType, completionHandler: @escaping @Sendable (Result<Data, any Error>) -> Void
  ) -> LoadProgress? {
    completionHandler(Result { try JSONEncoder().encode(self) })
    return nil
  }

  public static func object(from data: Data, contentType: ContentType) throws -> Self {
    do {
      return try JSONDecoder().decode(Self.self, from: data)
    } catch {
      throw ItemProviderError.coercionFailed(from: contentType, to: "\(Self.self)", reason: "invalid JSON: \(error)")
    }
  }
}

extension ItemProviderWriting {
  /// Completes a load synchronously with the result of `encode`: for values whose bytes
  /// are cheap to make.
  static func completeImmediately(
    _ completionHandler: @Sendable (Result<Data, any Error>) -> Void, _ encode: () throws -> Data
  ) -> LoadProgress? {
    completionHandler(Result { try encode() })
    return nil
  }
}
