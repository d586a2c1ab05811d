import ContentTypes
import Foundation

// The graphics values travel in item providers: a colour as JSON or as `#rrggbb` text, an
// image as its own bytes.

extension Color: ItemProviderCodable {
  /// `org.dragdrop.color`: a colour as JSON with `red`, `green`, `blue` and `alpha`.
  public static let contentType = ContentType(exportedAs: "org.dragdrop.color", conformingTo: .json)

  public static var writableContentTypes: [ContentType] { [contentType, .utf8PlainText] }
  public static var readableContentTypes: [ContentType] { [contentType, .plainText] }

  public func loadData(
    for contentType: ContentType, completionHandler: @escaping @Sendable (Result<Data, any Error>) -> Void
  ) -> LoadProgress? {
    Self.completeImmediately(completionHandler) {
      contentType.conforms(to: Self.contentType) ? try JSONEncoder().encode(self) : Data(hex.utf8)
    }
  }

  public static func object(from data: Data, contentType: ContentType) throws -> Color {
    if contentType.conforms(to: Self.contentType) {
      do {
        return try JSONDecoder().decode(Color.self, from: data)
      } catch {
        throw ItemProviderError.coercionFailed(from: contentType, to: "Color", reason: "\(error)")
      }
    }
    let text = try String.object(from: data, contentType: contentType)
    guard let color = Color(hex: text) else {
      throw ItemProviderError.coercionFailed(from: contentType, to: "Color", reason: "not a #rrggbb colour")
    }
    return color
  }
}

extension Image: ItemProviderWriting, ItemProviderReading {
  public static var writableContentTypes: [ContentType] { [.png, .jpeg, .gif] }
  /// Its own format only: the bytes are not converted.
  public var writableContentTypes: [ContentType] { [contentType] }
  /// PNG, JPEG and GIF, and images of a format only the bytes tell
  /// (`ContentType.untypedImage`), which read as whichever of the three they are.
  public static var readableContentTypes: [ContentType] { [.png, .jpeg, .gif, .untypedImage] }

  public func loadData(
    for contentType: ContentType, completionHandler: @escaping @Sendable (Result<Data, any Error>) -> Void
  ) -> LoadProgress? {
    Self.completeImmediately(completionHandler) { data }
  }

  public static func object(from data: Data, contentType: ContentType) throws -> Image {
    do {
      if contentType == .untypedImage { return try Image(validating: data) }
      return try Image(data: data, contentType: contentType)
    } catch {
      throw ItemProviderError.coercionFailed(from: contentType, to: "Image", reason: error.description)
    }
  }
}
