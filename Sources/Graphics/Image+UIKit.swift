import ContentTypes
import Foundation

// What UIKit's `UIImage` offers beside its bytes: its size in points, and images by name
// from an application's resources.

/// UIKit's and SwiftUI's name for the image bytes an item provider carries: ``Image``.
/// DragDropUI's `Image` is SwiftUI's view of a picture, as in SwiftUI.
public typealias UIImage = Image

extension Image {
  /// The size in points: the pixel size, every image being at a scale of 1.
  public var size: CGSize { CGSize(width: CGFloat(pixelWidth), height: CGFloat(pixelHeight)) }

  /// The number of pixels to a point: always 1.
  public var scale: CGFloat { 1 }

  /// The image named `name` among `bundle`'s resources (the main bundle's when nil), as
  /// UIKit's `UIImage(named:)`: the name as given, or with `.png`, `.jpg`, `.jpeg` or
  /// `.gif` added. Nil when there is no such file or it is not an image.
  public init?(named name: String, in bundle: Bundle? = nil) {
    let bundle = bundle ?? .main
    let given = (name as NSString).pathExtension.isEmpty ? nil : bundle.url(forResource: name, withExtension: nil)
    let candidates = [given] + ["png", "jpg", "jpeg", "gif"].map { bundle.url(forResource: name, withExtension: $0) }
    guard let url = candidates.lazy.compactMap({ $0 }).first else { return nil }
    self.init(contentsOfFile: url.path)
  }

  /// The image in the file at `path`; nil when it cannot be read or is not an image, as
  /// UIKit's `UIImage(contentsOfFile:)`. ``init(validating:)`` says why.
  public init?(contentsOfFile path: String) {
    guard let data = FileManager.default.contents(atPath: path), let image = try? Image(validating: data) else {
      return nil
    }
    self = image
  }

  /// The bytes as PNG when the image is a PNG; nil otherwise (converting needs the
  /// platform's decoder). UIKit's `pngData()`.
  public func pngData() -> Data? { contentType.conforms(to: .png) ? data : nil }

  /// The bytes as JPEG when the image is a JPEG, whatever the quality asked; nil
  /// otherwise. UIKit's `jpegData(compressionQuality:)`.
  public func jpegData(compressionQuality: CGFloat) -> Data? { contentType.conforms(to: .jpeg) ? data : nil }
}
