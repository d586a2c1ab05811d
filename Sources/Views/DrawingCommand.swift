import Foundation

/// One drawing operation with its values: what a ``RecordingGraphicsContext`` keeps, and
/// what a renderer compares with an earlier frame's and draws again.
public enum DrawingCommand: Hashable, Sendable {
  /// ``GraphicsContext/save()``.
  case save
  /// ``GraphicsContext/restore()``.
  case restore
  /// ``GraphicsContext/concatenate(_:)``, with the transform.
  case concatenate(CGAffineTransform)
  /// ``GraphicsContext/clip(to:)``, with the path.
  case clip(Path)
  /// ``GraphicsContext/multiplyAlpha(_:)``, with the factor.
  case multiplyAlpha(Double)
  /// ``GraphicsContext/fill(_:color:)``, with the path and the colour.
  case fill(Path, Color)
  /// ``GraphicsContext/stroke(_:color:lineWidth:)``, with the path, the colour and the width.
  case stroke(Path, Color, lineWidth: Double)
  /// ``GraphicsContext/drawText(_:at:font:color:)``, with the text, where it starts, the
  /// font and the colour.
  case text(String, origin: Point, font: Font, color: Color)
  /// ``GraphicsContext/drawImage(_:in:)``, with the image and the rectangle it fills.
  case image(Image, rect: Rect)

  /// Draws the command again, into `context`.
  @MainActor
  public func draw(in context: any GraphicsContext) {
    switch self {
    case .save: context.save()
    case .restore: context.restore()
    case .concatenate(let transform): context.concatenate(transform)
    case .clip(let path): context.clip(to: path)
    case .multiplyAlpha(let alpha): context.multiplyAlpha(alpha)
    case .fill(let path, let color): context.fill(path, color: color)
    case .stroke(let path, let color, let width): context.stroke(path, color: color, lineWidth: width)
    case .text(let text, let origin, let font, let color): context.drawText(text, at: origin, font: font, color: color)
    case .image(let image, let rect): context.drawImage(image, in: rect)
    }
  }
}
