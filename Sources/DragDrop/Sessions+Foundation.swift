import ContentTypes
import Foundation
import Graphics
import ItemProviders
import Views

// Foundation's bridged classes in drop sessions, as UIKit code writes them:
// `session.canLoadObjects(ofClass: NSString.self)` and
// `session.loadObjects(ofClass: NSString.self) { strings in … }`. The values are the
// Strings and URLs the classes bridge to (see `ItemProvider.init(object:)` for NSString).

extension DragDropSession {
  /// Whether any item can be loaded as text.
  public func canLoadObjects(ofClass type: NSString.Type) -> Bool { canLoadObjects(ofClass: String.self) }

  /// Whether any item can be loaded as a URL.
  public func canLoadObjects(ofClass type: NSURL.Type) -> Bool { canLoadObjects(ofClass: URL.self) }

  /// Whether any item has a representation conforming to one of the types named by
  /// `typeIdentifiers`, as UIKit's `hasItemsConforming(toTypeIdentifiers:)`; identifiers
  /// no declared type has match nothing.
  public func hasItemsConforming(toTypeIdentifiers typeIdentifiers: [String]) -> Bool {
    hasItemsConforming(to: typeIdentifiers.compactMap { ContentType($0) })
  }
}

extension LoadProgress: ObservableProgress {}

extension DropSession {
  /// Loads every item's text, as ``loadObjects(ofClass:completion:)`` does for `String`,
  /// and hands the strings over as Foundation hands over `NSString`s.
  @discardableResult
  public func loadObjects(
    ofClass type: NSString.Type, completion: @escaping @MainActor ([any ItemProviderReading]) -> Void
  ) -> LoadProgress {
    loadObjects(ofClass: String.self) { strings in completion(strings) }
  }

  /// Loads every item's image, handed over as UIKit hands over `UIImage`s: as
  /// `NSItemProviderReading` values, which code casts (`images as? [UIImage]`).
  @discardableResult
  public func loadObjects(
    ofClass type: Image.Type, completion: @escaping @MainActor ([any ItemProviderReading]) -> Void
  ) -> LoadProgress {
    loadObjects(ofClass: Image.self) { (images: [Image]) in completion(images) }
  }

  /// Loads every item's colour, handed over as UIKit hands over `UIColor`s.
  @discardableResult
  public func loadObjects(
    ofClass type: Color.Type, completion: @escaping @MainActor ([any ItemProviderReading]) -> Void
  ) -> LoadProgress {
    loadObjects(ofClass: Color.self) { (colors: [Color]) in completion(colors) }
  }

  /// Loads every item's URL, as ``loadObjects(ofClass:completion:)`` does for `URL`.
  @discardableResult
  public func loadObjects(
    ofClass type: NSURL.Type, completion: @escaping @MainActor ([any ItemProviderReading]) -> Void
  ) -> LoadProgress {
    loadObjects(ofClass: URL.self) { urls in completion(urls) }
  }
}
