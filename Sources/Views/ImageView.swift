import Foundation

/// A view that shows an image, scaled to fit its bounds with its aspect ratio kept.
@MainActor
open class ImageView: View {
  /// The image shown, scaled to fit the bounds with its aspect ratio kept; nil shows nothing.
  public var image: Image?

  /// A view showing `image`, sized to the image's pixels unless `frame` is given.
  public init(image: Image? = nil, frame: Rect? = nil) {
    self.image = image
    super.init(
      frame: frame
        ?? Rect(x: 0, y: 0, width: Double(image?.pixelWidth ?? 0), height: Double(image?.pixelHeight ?? 0)))
  }

  open override func sizeThatFits(_ size: Size) -> Size {
    guard let image else { return .zero }
    return Size(width: Double(image.pixelWidth), height: Double(image.pixelHeight))
  }

  /// The rectangle the image is drawn in: aspect-fit and centred in the bounds.
  public var imageRect: Rect {
    guard let image, image.pixelWidth > 0, image.pixelHeight > 0 else { return .zero }
    let scale = min(bounds.width / Double(image.pixelWidth), bounds.height / Double(image.pixelHeight))
    return Rect(
      center: bounds.center,
      size: Size(width: Double(image.pixelWidth) * scale, height: Double(image.pixelHeight) * scale))
  }

  open override func draw(in context: any GraphicsContext) {
    guard let image else { return }
    context.drawImage(image, in: imageRect)
  }
}

extension View {
  /// The view and its subviews as indented text, one view a line: stable across runs, so
  /// it can be compared with a stored snapshot.
  public var treeSnapshot: String {
    var lines: [String] = []
    func visit(_ view: View, depth: Int) {
      lines.append(String(repeating: "  ", count: depth) + view.snapshotDescription)
      for subview in view.subviews { visit(subview, depth: depth + 1) }
    }
    visit(self, depth: 0)
    return lines.joined(separator: "\n")
  }

  /// The display list of the view and its subviews, as ``RecordingGraphicsContext`` prints
  /// it.
  public var displayListSnapshot: String {
    let context = RecordingGraphicsContext()
    render(in: context)
    return context.snapshot
  }
}
