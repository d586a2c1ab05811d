import Foundation

/// A view that shows one or more lines of text.
@MainActor
open class Label: View {
  /// The text shown; nil shows nothing.
  public var text: String? { didSet { setNeedsLayout() } }
  /// The font, 17 points by default.
  public var font = Font.systemFont(ofSize: 17) { didSet { setNeedsLayout() } }
  /// The colour of the text, black by default.
  public var textColor = Color.black
  /// Where the text sits across the label.
  public enum Alignment: Sendable {
    /// Against the left edge.
    case left
    /// In the middle.
    case center
    /// Against the right edge.
    case right
  }
  /// Where the text sits across the label: left by default.
  public var textAlignment = Alignment.left

  /// A label showing `text`.
  public init(text: String? = nil, frame: Rect = .zero) {
    self.text = text
    super.init(frame: frame)
  }

  open override func sizeThatFits(_ size: Size) -> Size {
    guard let text, !text.isEmpty else { return .zero }
    let measured = environment.textMeasurer.size(of: text, font: font)
    return Size(width: min(measured.width, size.width), height: min(measured.height, size.height))
  }

  open override func draw(in context: any GraphicsContext) {
    guard let text, !text.isEmpty else { return }
    let measured = environment.textMeasurer.size(of: text, font: font)
    let x: Double =
      switch textAlignment {
      case .left: bounds.minX
      case .center: bounds.midX - measured.width / 2
      case .right: bounds.maxX - measured.width
      }
    context.drawText(text, at: Point(x: x, y: bounds.midY - measured.height / 2), font: font, color: textColor)
  }

  open override var snapshotDescription: String {
    super.snapshotDescription + (text.map { " text=\"\($0)\"" } ?? "")
  }
}
