import Foundation

/// A font: a size in points and a weight. The platform picks the face, with fallback for
/// scripts the first choice lacks.
public struct Font: Hashable, Sendable, CustomStringConvertible {
  /// How heavy the strokes of the letters are.
  public enum Weight: String, Hashable, Sendable, CaseIterable {
    /// The thinnest weight.
    case ultraLight
    /// Thinner than light.
    case thin
    /// Lighter than the body text.
    case light
    /// The body text's weight.
    case regular
    /// A little heavier than regular.
    case medium
    /// Between medium and bold: the headline's weight.
    case semibold
    /// A heavier weight, for emphasis and headers.
    case bold
    /// Heavier than bold.
    case heavy
    /// The heaviest weight.
    case black

    /// The weight on the usual 100 (thin) to 900 (black) scale that font files and
    /// text engines use: 400 is regular, 700 bold.
    public var numericWeight: Int {
      switch self {
      case .ultraLight: 200
      case .thin: 100
      case .light: 300
      case .regular: 400
      case .medium: 500
      case .semibold: 600
      case .bold: 700
      case .heavy: 800
      case .black: 900
      }
    }
  }

  /// The text styles of Dynamic Type, at their sizes for the default (large) content size.
  public enum TextStyle: String, Hashable, Sendable, CaseIterable {
    /// 34 points.
    case largeTitle
    /// 28 points.
    case title1
    /// 22 points.
    case title2
    /// 20 points.
    case title3
    /// 17 points, semibold.
    case headline
    /// 15 points.
    case subheadline
    /// 17 points: body text.
    case body
    /// 16 points.
    case callout
    /// 13 points.
    case footnote
    /// 12 points.
    case caption1
    /// 11 points.
    case caption2

    /// The style's font.
    public var font: Font {
      switch self {
      case .largeTitle: Font(size: 34)
      case .title1: Font(size: 28)
      case .title2: Font(size: 22)
      case .title3: Font(size: 20)
      case .headline: Font(size: 17, weight: .semibold)
      case .subheadline: Font(size: 15)
      case .body: Font(size: 17)
      case .callout: Font(size: 16)
      case .footnote: Font(size: 13)
      case .caption1: Font(size: 12)
      case .caption2: Font(size: 11)
      }
    }
  }

  /// The size in points.
  public var size: Double
  /// How heavy the letters are.
  public var weight: Weight

  /// The system font of `size` points and `weight`.
  public init(size: Double, weight: Weight = .regular) {
    self.size = size
    self.weight = weight
  }

  /// The system font at `size` points, regular.
  public static func systemFont(ofSize size: Double) -> Font { Font(size: size) }
  /// The system font at `size` points, bold.
  public static func boldSystemFont(ofSize size: Double) -> Font { Font(size: size, weight: .bold) }
  /// The system font at `size` points and `weight`.
  public static func systemFont(ofSize size: Double, weight: Weight) -> Font { Font(size: size, weight: weight) }
  /// The font of a text style, as UIKit's Dynamic Type gives it at the default size.
  public static func preferredFont(forTextStyle style: TextStyle) -> Font { style.font }
  /// The size in points, UIKit's name for ``size``.
  public var pointSize: CGFloat { size }
  /// The same font at another size.
  public func withSize(_ size: CGFloat) -> Font { Font(size: size, weight: weight) }

  public var description: String { weight == .regular ? "\(formatted(size))pt" : "\(formatted(size))pt \(weight)" }
}

/// Measures text. The platform installs one backed by its text engine; the default is a
/// deterministic approximation, so that headless layout does not depend on installed fonts.
@MainActor
public protocol TextMeasuring: AnyObject {
  /// The size `text` takes in `font`, lines broken only at newlines.
  func size(of text: String, font: Font) -> Size
}

/// The deterministic measurer: East Asian wide characters are one em wide, others 0.6 em,
/// and a line is 1.2 em high.
@MainActor
public final class ApproximateTextMeasurer: TextMeasuring {
  /// The measurer.
  public init() {}

  public func size(of text: String, font: Font) -> Size {
    // One line, the common case: no array of lines.
    if !text.utf8.contains(10) {
      let width = text.unicodeScalars.reduce(0.0) { $0 + (Self.isWide($1) ? 1.0 : 0.6) * font.size }
      return Size(width: width.rounded(.up), height: (font.size * 1.2).rounded(.up))
    }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let widest =
      lines.map { line in
        line.unicodeScalars.reduce(0.0) { width, scalar in
          width + (Self.isWide(scalar) ? 1.0 : 0.6) * font.size
        }
      }.max() ?? 0
    return Size(width: widest.rounded(.up), height: (Double(lines.count) * font.size * 1.2).rounded(.up))
  }

  private static func isWide(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
      0xFFE0...0xFFE6, 0x1F300...0x1FAFF, 0x20000...0x3FFFD:
      true
    default:
      false
    }
  }
}

/// A surface to draw on. Views draw through it; the platform renders it with cairo, and
/// tests record it as a display list.
@MainActor
public protocol GraphicsContext: AnyObject {
  /// Saves the transform, clip and alpha; ``restore()`` brings them back.
  func save()
  /// Restores the state saved by the matching ``save()``.
  func restore()
  /// Applies `transform` before the current one: later drawing is in the new space.
  func concatenate(_ transform: CGAffineTransform)
  /// Intersects the clip with `path`.
  func clip(to path: Path)
  /// Multiplies the opacity of later drawing.
  func multiplyAlpha(_ alpha: Double)
  /// Fills `path` with `color`.
  func fill(_ path: Path, color: Color)
  /// Strokes the outline of `path` with `color`, `lineWidth` points wide.
  func stroke(_ path: Path, color: Color, lineWidth: Double)
  /// Draws text with its top-left corner at `origin`.
  func drawText(_ text: String, at origin: Point, font: Font, color: Color)
  /// Draws an encoded image scaled into `rect`.
  func drawImage(_ image: Image, in rect: Rect)
}

/// A graphics context that can keep a view's drawing as a bitmap between frames, for views
/// whose ``View/shouldRasterize`` is true.
@MainActor
public protocol RasterizingGraphicsContext: GraphicsContext {
  /// Draws what `content` draws, in the current coordinates and within `bounds`: through
  /// a bitmap kept from an earlier frame when `content` draws exactly what it drew then,
  /// through a new one otherwise, or directly when a bitmap would not land on whole pixels.
  func drawRasterized(in bounds: Rect, content: (any GraphicsContext) -> Void)
}

/// A graphics context that records what is drawn, for snapshots and tests.
@MainActor
public final class RecordingGraphicsContext: GraphicsContext {
  /// What has been drawn, in order.
  public private(set) var commands: [DrawingCommand] = []

  /// An empty recording.
  public init() {}

  public func save() { commands.append(.save) }
  public func restore() { commands.append(.restore) }
  public func concatenate(_ transform: CGAffineTransform) { commands.append(.concatenate(transform)) }
  public func clip(to path: Path) { commands.append(.clip(path)) }
  public func multiplyAlpha(_ alpha: Double) { commands.append(.multiplyAlpha(alpha)) }
  public func fill(_ path: Path, color: Color) { commands.append(.fill(path, color)) }
  public func stroke(_ path: Path, color: Color, lineWidth: Double) {
    commands.append(.stroke(path, color, lineWidth: lineWidth))
  }
  public func drawText(_ text: String, at origin: Point, font: Font, color: Color) {
    commands.append(.text(text, origin: origin, font: font, color: color))
  }
  public func drawImage(_ image: Image, in rect: Rect) {
    commands.append(.image(image, rect: rect))
  }

  /// The display list as indented text, one command a line: stable across runs, so it
  /// can be compared with a stored snapshot.
  public var snapshot: String {
    var lines: [String] = []
    var depth = 0
    for command in commands {
      if command == .restore { depth = max(0, depth - 1) }
      let indent = String(repeating: "  ", count: depth)
      let text: String =
        switch command {
        case .save: "save"
        case .restore: "restore"
        case .concatenate(let transform): "transform \(transform)"
        case .clip(let path): "clip \(path)"
        case .multiplyAlpha(let alpha): "alpha \(formatted(alpha))"
        case .fill(let path, let color): "fill \(path) \(color.hex)"
        case .stroke(let path, let color, let width): "stroke \(path) \(color.hex) width \(formatted(width))"
        case .text(let text, let origin, let font, let color):
          "text \"\(text)\" at \(origin.formatted) \(font) \(color.hex)"
        case .image(let image, let rect):
          "image \(image.contentType.identifier) \(image.pixelWidth)×\(image.pixelHeight) in \(rect.formatted)"
        }
      lines.append(indent + text)
      if command == .save { depth += 1 }
    }
    return lines.joined(separator: "\n")
  }
}

extension View {
  /// Draws the view and its subviews into `context`, in the coordinates of the view's
  /// superview: the background, then ``draw(in:)``, then each visible subview.
  public func render(in context: any GraphicsContext) {
    guard !isHidden, alpha > 0 else { return }
    context.save()
    context.concatenate(
      CGAffineTransform(translationX: -bounds.midX, y: -bounds.midY)
        .concatenating(transform)
        .concatenating(
          CGAffineTransform(translationX: center.x + presentationOffset.x, y: center.y + presentationOffset.y)))
    if alpha < 1 { context.multiplyAlpha(alpha) }
    if shouldRasterize, let rasterizing = context as? any RasterizingGraphicsContext {
      rasterizing.drawRasterized(in: bounds) { renderContent(in: $0) }
    } else {
      renderContent(in: context)
    }
    context.restore()
  }
}
