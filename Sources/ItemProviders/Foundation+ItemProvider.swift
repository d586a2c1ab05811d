import Foundation

// Foundation's bridged classes in item providers, as UIKit code writes them:
// `NSItemProvider(object: name as NSString)` and `loadObject(ofClass: NSString.self)`.
// Foundation on Linux keeps NSString and NSURL from being Sendable, so they travel as the
// String and URL they bridge to, and a load hands over that String or URL (`as? String`
// reads it).

extension ItemProvider {
  /// A provider of the text of `string`, as a `String` provides it.
  public convenience init(object string: NSString) {
    self.init(object: string as String)
  }

  /// A provider of `url`, as a `URL` provides it.
  public convenience init(object url: NSURL) {
    self.init(object: url as URL)
  }

  /// Whether a load of `NSString` would find text: as for `String`.
  public func canLoadObject(ofClass type: NSString.Type) -> Bool { canLoadObject(ofClass: String.self) }

  /// Whether a load of `NSURL` would find a URL: as for `URL`.
  public func canLoadObject(ofClass type: NSURL.Type) -> Bool { canLoadObject(ofClass: URL.self) }

  /// Loads the text as a `String`, handed over as Foundation hands over an `NSString`: the
  /// value or the error, one of them nil.
  @preconcurrency @discardableResult
  public func loadObject(
    ofClass type: NSString.Type,
    completionHandler: @escaping @Sendable ((any ItemProviderReading)?, (any Error)?) -> Void
  ) -> LoadProgress {
    loadObject(ofClass: String.self) { string, error in completionHandler(string, error) }
  }

  /// Loads the URL as a `URL`, handed over as Foundation hands over an `NSURL`.
  @preconcurrency @discardableResult
  public func loadObject(
    ofClass type: NSURL.Type, completionHandler: @escaping @Sendable ((any ItemProviderReading)?, (any Error)?) -> Void
  ) -> LoadProgress {
    loadObject(ofClass: URL.self) { url, error in completionHandler(url, error) }
  }
}

// UIKit's images and colours are classes that Foundation hands over as
// `NSItemProviderReading` values, which code casts (`object as? UIImage`). These loads
// hand them over the same way, so that the cast is the one UIKit code writes.

extension ItemProvider {
  /// Loads an image, handed over as Foundation hands over a `UIImage`: the value (cast it
  /// with `as? UIImage`) or the error, one of them nil.
  @preconcurrency @discardableResult
  public func loadObject(
    ofClass type: Image.Type,
    completionHandler: @escaping @Sendable ((any ItemProviderReading)?, (any Error)?) -> Void
  ) -> LoadProgress {
    loadObject(ofClass: Image.self) { (image: Image?, error) in completionHandler(image, error) }
  }

  /// Loads a colour, handed over as Foundation hands over a `UIColor`.
  @preconcurrency @discardableResult
  public func loadObject(
    ofClass type: Color.Type,
    completionHandler: @escaping @Sendable ((any ItemProviderReading)?, (any Error)?) -> Void
  ) -> LoadProgress {
    loadObject(ofClass: Color.self) { (color: Color?, error) in completionHandler(color, error) }
  }
}
