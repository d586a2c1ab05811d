import Foundation
import Logging
import Views

private let logger = Logger(label: "DragDrop.Image")

/// A picture, as SwiftUI's `Image`: a bitmap (``init(uiImage:)``), an image among an
/// application's resources (``init(_:bundle:)``), or a symbol (``init(systemName:)``).
/// The bytes an item provider carries are the other image type, ``UIImage``, as in
/// SwiftUI.
///
/// A bitmap shows at its pixel size, a point a pixel. A symbol is drawn in the foreground
/// colour, as large as a line of the environment's font, as SF Symbols are. An image that
/// is not found shows nothing and says so in the log, as in SwiftUI.
public struct Image: View, Hashable, Sendable {
  enum Source: Hashable, Sendable {
    case bitmap(UIImage)
    case symbol(String)
    /// A name nothing was found for.
    case missing
  }

  let source: Source
  /// What a screen reader hears: a symbol's name in words ("trash.fill" is "trash").
  var accessibilityName: String?

  /// A view of a bitmap: what `Image(uiImage: weatherImage)` shows.
  public nonisolated init(uiImage image: UIImage) {
    source = .bitmap(image)
  }

  /// A symbol, drawn from simple shapes (see ``UIImage/init(systemName:)`` for the names
  /// there are). Another name shows nothing, and is logged.
  public init(systemName name: String) {
    accessibilityName = name.split(separator: ".").filter { $0 != "fill" }.joined(separator: " ")
    if UIImage.symbol(named: name, color: .primary) != nil {
      source = .symbol(name)
    } else {
      logger.warning("Image(systemName:): no symbol named \(name); the image shows nothing")
      source = .missing
    }
  }

  /// The image of that name among `bundle`'s resources (the main bundle's when nil): the
  /// name as given, or with `.png`, `.jpg`, `.jpeg` or `.gif` added. A name not found
  /// shows nothing, and is logged.
  public init(_ name: String, bundle: Bundle? = nil) {
    if let image = UIImage(named: name, in: bundle) {
      source = .bitmap(image)
    } else {
      logger.warning("Image(_:bundle:): no image named \(name) among the resources; the image shows nothing")
      source = .missing
    }
  }

  /// An image of that name that a screen reader passes over.
  public init(decorative name: String, bundle: Bundle? = nil) {
    self.init(name, bundle: bundle)
  }

  public var body: Never { primitiveBodyRequested(Self.self) }

  /// The image stretched to the frame it is given, rather than kept at its natural size.
  public func resizable() -> ResizableImage {
    ResizableImage(image: self, contentMode: nil)
  }

  /// The bitmap the image shows, a symbol drawn in `color`; nil when nothing was found.
  nonisolated func bitmap(color: Color) -> UIImage? {
    switch source {
    case .bitmap(let image): image
    case .symbol(let name): UIImage.symbol(named: name, color: color)
    case .missing: nil
    }
  }
}

extension Image: Transferable {
  /// An image travels as its bitmap (a symbol drawn in the primary colour), and is made
  /// from one.
  public nonisolated static var transferRepresentation: some TransferRepresentation {
    ProxyRepresentation(
      exporting: { image in
        guard let bitmap = image.bitmap(color: .primary) else {
          throw ItemProviderError.coercionFailed(from: .image, to: "Image", reason: "the image was not found")
        }
        return bitmap
      }, importing: { Image(uiImage: $0) })
  }
}

/// How a resizable image fills its frame.
public enum ContentMode: Hashable, Sendable {
  /// The whole image, as large as fits, centred.
  case fit
  /// The whole frame, the image cropped to it.
  case fill
}

/// An image that takes the size it is offered: `Image.resizable()`.
public struct ResizableImage: View, Equatable {
  let image: Image
  let contentMode: ContentMode?

  /// Keeps the image's aspect ratio.
  public func aspectRatio(contentMode: ContentMode) -> ResizableImage {
    ResizableImage(image: image, contentMode: contentMode)
  }

  /// Scales the image to fit its frame, its aspect ratio kept.
  public func scaledToFit() -> ResizableImage { aspectRatio(contentMode: .fit) }
  /// Scales the image to fill its frame, its aspect ratio kept and the rest cropped.
  public func scaledToFill() -> ResizableImage { aspectRatio(contentMode: .fill) }

  public var body: Never { primitiveBodyRequested(Self.self) }
}

@MainActor
final class ImageNode: LayoutNode {
  let imageView = ImageLeafView()
  private var image: Image?
  private var resizable = false

  init(_ context: NodeContext, viewType: ObjectIdentifier) {
    super.init(context, viewType: viewType, view: imageView)
  }

  override var displayName: String { "Image" }

  func set(_ image: Image, resizable: Bool, contentMode: ContentMode?) {
    guard self.image != image || self.resizable != resizable || imageView.contentMode != contentMode else { return }
    self.image = image
    self.resizable = resizable
    imageView.contentMode = contentMode
    if let name = image.accessibilityName {
      imageView.accessibilityLabel = name
      imageView.accessibilityTraits.insert(.image)
    }
    render()
  }

  /// Draws the image again for the environment: a symbol takes the foreground colour.
  private func render() {
    imageView.image = image?.bitmap(color: environment.foregroundColor ?? .primary)
    didRedraw()
  }

  override func environmentDidChange() {
    if case .symbol = image?.source { render() }
  }

  /// A bitmap's pixel size, a point a pixel; a symbol as tall as a line of the font.
  private var naturalSize: Size {
    switch image?.source {
    case .symbol:
      let side = (environment.font ?? .body).size * 1.2
      return Size(width: side, height: side)
    case .bitmap(let bitmap): return Size(width: Double(bitmap.pixelWidth), height: Double(bitmap.pixelHeight))
    case .missing, nil: return .zero
    }
  }

  override func measure(_ proposal: ProposedViewSize) -> Size {
    let natural = naturalSize
    guard resizable else { return natural }
    let size = proposal.replacingUnspecifiedDimensions(by: natural)
    guard imageView.contentMode == .fit, natural.width > 0, natural.height > 0 else { return size }
    let scale = min(size.width / natural.width, size.height / natural.height)
    return Size(width: natural.width * scale, height: natural.height * scale)
  }
}

extension Image: PrimitiveView {
  func makeNode(in context: NodeContext) -> ViewNode {
    let node = ImageNode(context, viewType: ObjectIdentifier(Image.self))
    update(node)
    return node
  }

  func update(_ node: ViewNode) {
    (node as? ImageNode)?.set(self, resizable: false, contentMode: nil)
  }
}

extension ResizableImage: PrimitiveView {
  func makeNode(in context: NodeContext) -> ViewNode {
    let node = ImageNode(context, viewType: ObjectIdentifier(ResizableImage.self))
    update(node)
    return node
  }

  func update(_ node: ViewNode) {
    (node as? ImageNode)?.set(image, resizable: true, contentMode: contentMode)
  }
}

@MainActor
final class ImageLeafView: HostedView {
  var image: UIImage?
  var contentMode: ContentMode?

  override func draw(in context: any GraphicsContext) {
    guard let image, image.pixelWidth > 0, image.pixelHeight > 0 else { return }
    var rect = bounds
    if let contentMode {
      let scaleX = bounds.width / Double(image.pixelWidth)
      let scaleY = bounds.height / Double(image.pixelHeight)
      let scale = contentMode == .fit ? min(scaleX, scaleY) : max(scaleX, scaleY)
      rect = Rect(
        center: bounds.center,
        size: Size(width: Double(image.pixelWidth) * scale, height: Double(image.pixelHeight) * scale))
    }
    context.save()
    context.clip(to: Path(bounds))
    context.drawImage(image, in: rect)
    context.restore()
  }
}
