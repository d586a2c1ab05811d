/// A view that shows a picture of another view as it looked when the picture was taken:
/// what ``View/snapshotView()`` returns. Later changes to the original, or its reuse for
/// other content, do not show in the snapshot.
@MainActor
public final class SnapshotView: View {
  /// The original's drawing, in its bounds' coordinates, replayed on every draw.
  private let operations: [@MainActor (any GraphicsContext) -> Void]

  init(of view: View) {
    let recorder = ReplayingGraphicsContext()
    view.layoutIfNeeded()
    view.renderContent(in: recorder)
    operations = recorder.operations
    super.init(frame: view.frame)
    bounds = view.bounds
    cornerRadius = view.cornerRadius
    clipsToBounds = view.clipsToBounds
    accessibilityLabel = view.accessibilityLabel
  }

  public override func draw(in context: any GraphicsContext) {
    for operation in operations { operation(context) }
  }
}

extension View {
  /// A picture of the view and its subviews as they look now, in a new view of the same
  /// frame that is not in any window (UIKit's `snapshotView(afterScreenUpdates:)`). Drag
  /// previews of reused cells are snapshots, so that a cell reused while its item is in
  /// the air does not change the preview.
  public func snapshotView() -> SnapshotView {
    SnapshotView(of: self)
  }

  /// The background, the view's own drawing and its subviews, in its bounds' coordinates.
  /// A layer with a border, a shadow or a mask adds them around it.
  func renderContent(in context: any GraphicsContext) {
    let shape = cornerRadius > 0 ? Path(roundedRect: bounds, cornerRadius: cornerRadius) : Path(bounds)
    guard let layer = layerIfMade, layer.drawsDecorations else {
      if let backgroundColor { context.fill(shape, color: backgroundColor) }
      if clipsToBounds { context.clip(to: shape) }
      draw(in: context)
      for subview in subviews { subview.render(in: context) }
      return
    }
    layer.drawShadow(in: context, bounds: bounds)
    context.save()
    layer.clipToMask(in: context)
    if let backgroundColor { context.fill(shape, color: backgroundColor) }
    if clipsToBounds { context.clip(to: shape) }
    draw(in: context)
    for subview in subviews { subview.render(in: context) }
    context.restore()
    context.save()
    layer.clipToMask(in: context)
    layer.drawBorder(in: context, bounds: bounds)
    context.restore()
  }
}

/// Keeps each drawing operation, values included, to draw them again later.
@MainActor
final class ReplayingGraphicsContext: GraphicsContext {
  private(set) var operations: [@MainActor (any GraphicsContext) -> Void] = []

  func save() { operations.append { $0.save() } }
  func restore() { operations.append { $0.restore() } }
  func concatenate(_ transform: CGAffineTransform) { operations.append { $0.concatenate(transform) } }
  func clip(to path: Path) { operations.append { $0.clip(to: path) } }
  func multiplyAlpha(_ alpha: Double) { operations.append { $0.multiplyAlpha(alpha) } }
  func fill(_ path: Path, color: Color) { operations.append { $0.fill(path, color: color) } }
  func stroke(_ path: Path, color: Color, lineWidth: Double) {
    operations.append { $0.stroke(path, color: color, lineWidth: lineWidth) }
  }
  func drawText(_ text: String, at origin: Point, font: Font, color: Color) {
    operations.append { $0.drawText(text, at: origin, font: font, color: color) }
  }
  func drawImage(_ image: Image, in rect: Rect) { operations.append { $0.drawImage(image, in: rect) } }
}
