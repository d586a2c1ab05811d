import Foundation
import Synchronization
import Views

extension Image: View {
  public var body: Never { primitiveBodyRequested(Self.self) }

  /// The same image: what `Image(uiImage: weatherImage)` becomes without the prefix, where
  /// the image is already an `Image`.
  public init(uiImage image: Image) {
    self = image
  }

  /// The image read from a file, or nil when the file cannot be read or is not a PNG, JPEG
  /// or GIF image.
  public init?(contentsOfFile path: String) {
    guard let data = FileManager.default.contents(atPath: path), let image = try? Image(data: data) else {
      return nil
    }
    self = image
  }

  /// A symbol drawn at 64 × 64 pixels in the primary colour, or nil when DragDropUI has no
  /// symbol of that name. The symbols are SF Symbols' names for a few common pictures:
  /// `cloud`, `cloud.rain`, `cloud.sun.rain`, `sun.max`, `star.fill`, `heart.fill`,
  /// `circle`, `circle.fill`, `square`, `square.fill` and `photo`.
  public init?(systemName name: String) {
    guard let image = SymbolImages.image(named: name) else { return nil }
    self = image
  }

  /// The image stretched to the frame it is given, rather than kept at its pixel size.
  public func resizable() -> ResizableImage {
    ResizableImage(image: self, contentMode: nil)
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
  var resizable = false

  init(_ context: NodeContext, viewType: ObjectIdentifier) {
    super.init(context, viewType: viewType, view: imageView)
  }

  override var displayName: String { "Image" }

  func set(_ image: Image, resizable: Bool, contentMode: ContentMode?) {
    self.resizable = resizable
    guard imageView.image != image || imageView.contentMode != contentMode else { return }
    imageView.image = image
    imageView.contentMode = contentMode
    didRedraw()
  }

  override func measure(_ proposal: ProposedViewSize) -> Size {
    let natural = Size(
      width: Double(imageView.image?.pixelWidth ?? 0), height: Double(imageView.image?.pixelHeight ?? 0))
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
  var image: Image?
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

/// The symbols of ``Image/init(systemName:)``, drawn from simple shapes.
enum SymbolImages {
  static let size = 64

  /// A part of a symbol, in a unit square with y downwards.
  enum Part {
    case disc(x: Double, y: Double, radius: Double)
    case ring(x: Double, y: Double, radius: Double, width: Double)
    case box(Rect, radius: Double)
    case frame(Rect, radius: Double, width: Double)
    case stroke(from: Point, to: Point, width: Double)
    case polygon([Point])
    case heart

    func contains(_ p: Point) -> Bool {
      switch self {
      case .disc(let x, let y, let radius):
        return (p.x - x) * (p.x - x) + (p.y - y) * (p.y - y) <= radius * radius
      case .ring(let x, let y, let radius, let width):
        let distance = ((p.x - x) * (p.x - x) + (p.y - y) * (p.y - y)).squareRoot()
        return abs(distance - radius) <= width / 2
      case .box(let rect, let radius):
        return Path(roundedRect: rect, cornerRadius: radius).contains(p)
      case .frame(let rect, let radius, let width):
        let outer = rect.inset(dx: -width / 2, dy: -width / 2)
        let inner = rect.inset(dx: width / 2, dy: width / 2)
        return Path(roundedRect: outer, cornerRadius: radius + width / 2).contains(p)
          && !Path(roundedRect: inner, cornerRadius: max(0, radius - width / 2)).contains(p)
      case .stroke(let a, let b, let width):
        let dx = b.x - a.x
        let dy = b.y - a.y
        let t = max(0, min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / (dx * dx + dy * dy)))
        let x = a.x + t * dx - p.x
        let y = a.y + t * dy - p.y
        return x * x + y * y <= width * width / 4
      case .polygon(let points):
        var inside = false
        var j = points.count - 1
        for i in points.indices {
          let (a, b) = (points[i], points[j])
          if (a.y > p.y) != (b.y > p.y) && p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x { inside.toggle() }
          j = i
        }
        return inside
      case .heart:
        let x = (p.x - 0.5) * 2.6
        let y = (0.45 - p.y) * 2.6
        let a = x * x + y * y - 1
        return a * a * a - x * x * y * y * y <= 0
      }
    }
  }

  static func parts(named name: String) -> [Part]? {
    func cloud(dx: Double = 0, dy: Double = 0, scale: Double = 1) -> [Part] {
      func x(_ value: Double) -> Double { 0.5 + (value - 0.5) * scale + dx }
      func y(_ value: Double) -> Double { 0.5 + (value - 0.5) * scale + dy }
      return [
        .disc(x: x(0.33), y: y(0.55), radius: 0.16 * scale),
        .disc(x: x(0.52), y: y(0.45), radius: 0.22 * scale),
        .disc(x: x(0.7), y: y(0.57), radius: 0.14 * scale),
        .box(Rect(x: x(0.2), y: y(0.55), width: 0.64 * scale, height: 0.16 * scale), radius: 0.08 * scale),
      ]
    }
    func sun(x: Double, y: Double, radius: Double) -> [Part] {
      var parts: [Part] = [.disc(x: x, y: y, radius: radius)]
      for index in 0..<8 {
        let angle = Double(index) * .pi / 4
        parts.append(
          .stroke(
            from: Point(x: x + cos(angle) * radius * 1.45, y: y + sin(angle) * radius * 1.45),
            to: Point(x: x + cos(angle) * radius * 1.95, y: y + sin(angle) * radius * 1.95), width: radius * 0.35))
      }
      return parts
    }
    func rain(_ xs: [Double], top: Double) -> [Part] {
      xs.map { .stroke(from: Point(x: $0, y: top), to: Point(x: $0 - 0.06, y: top + 0.16), width: 0.06) }
    }
    switch name {
    case "cloud": return cloud()
    case "cloud.rain": return cloud(dy: -0.1) + rain([0.35, 0.52, 0.69], top: 0.72)
    case "cloud.sun.rain":
      return sun(x: 0.68, y: 0.28, radius: 0.12) + cloud(dx: -0.06, dy: -0.02, scale: 0.9)
        + rain([0.3, 0.46, 0.62], top: 0.76)
    case "sun.max": return sun(x: 0.5, y: 0.5, radius: 0.2)
    case "star.fill":
      return [
        .polygon(
          (0..<10).map { index in
            let angle = -Double.pi / 2 + Double(index) * .pi / 5
            let radius = index.isMultiple(of: 2) ? 0.45 : 0.19
            return Point(x: 0.5 + cos(angle) * radius, y: 0.53 + sin(angle) * radius)
          })
      ]
    case "heart.fill": return [.heart]
    case "circle": return [.ring(x: 0.5, y: 0.5, radius: 0.4, width: 0.07)]
    case "circle.fill": return [.disc(x: 0.5, y: 0.5, radius: 0.43)]
    case "square": return [.frame(Rect(x: 0.12, y: 0.12, width: 0.76, height: 0.76), radius: 0.1, width: 0.07)]
    case "square.fill": return [.box(Rect(x: 0.08, y: 0.08, width: 0.84, height: 0.84), radius: 0.12)]
    case "photo":
      return [
        .frame(Rect(x: 0.1, y: 0.2, width: 0.8, height: 0.6), radius: 0.08, width: 0.06),
        .polygon([Point(x: 0.16, y: 0.74), Point(x: 0.4, y: 0.44), Point(x: 0.56, y: 0.62), Point(x: 0.16, y: 0.74)]),
        .polygon([Point(x: 0.42, y: 0.74), Point(x: 0.64, y: 0.48), Point(x: 0.84, y: 0.74)]),
        .disc(x: 0.7, y: 0.34, radius: 0.07),
      ]
    default: return nil
    }
  }

  /// The symbols drawn so far: at most one per name DragDropUI knows.
  private static let cache = Mutex<[String: Image]>([:])

  static func image(named name: String) -> Image? {
    if let cached = cache.withLock({ $0[name] }) { return cached }
    guard let parts = parts(named: name) else { return nil }
    let samples = 4
    let color = Color.primary
    let rgb = [color.red, color.green, color.blue].map { UInt8(($0 * 255).rounded()) }
    var pixels = [UInt8](repeating: 0, count: size * size * 4)
    for row in 0..<size {
      for column in 0..<size {
        var covered = 0
        for sy in 0..<samples {
          for sx in 0..<samples {
            let point = Point(
              x: (Double(column) + (Double(sx) + 0.5) / Double(samples)) / Double(size),
              y: (Double(row) + (Double(sy) + 0.5) / Double(samples)) / Double(size))
            if parts.contains(where: { $0.contains(point) }) { covered += 1 }
          }
        }
        guard covered > 0 else { continue }
        let offset = (row * size + column) * 4
        pixels[offset] = rgb[0]
        pixels[offset + 1] = rgb[1]
        pixels[offset + 2] = rgb[2]
        pixels[offset + 3] = UInt8(covered * 255 / (samples * samples))
      }
    }
    guard let image = try? Image(rgbaPixels: pixels, width: size, height: size) else { return nil }
    cache.withLock { $0[name] = image }
    return image
  }
}
