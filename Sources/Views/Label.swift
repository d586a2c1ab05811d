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

  /// How a line too long for the label is cut, as UIKit's `NSLineBreakMode`.
  public enum LineBreakMode: Int, Sendable {
    /// Broken at word boundaries (here: at newlines only).
    case byWordWrapping
    /// Broken at any character (here: at newlines only).
    case byCharWrapping
    /// Cut at the edge.
    case byClipping
    /// An ellipsis in place of the start.
    case byTruncatingHead
    /// An ellipsis in place of the end: the default.
    case byTruncatingTail
    /// An ellipsis in place of the middle.
    case byTruncatingMiddle
  }

  /// How many lines the label shows: 1 by default, 0 for as many as the text has. Text is
  /// broken into lines at its newlines only.
  public var numberOfLines = 1 { didSet { setNeedsLayout() } }
  /// How a single line too wide for the label is cut: an ellipsis at the end by default,
  /// as in UIKit.
  public var lineBreakMode = LineBreakMode.byTruncatingTail

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
    guard let full = text, !full.isEmpty else { return }
    let text = shownText(full)
    let measured = environment.textMeasurer.size(of: text, font: font)
    let x: Double =
      switch textAlignment {
      case .left: bounds.minX
      case .center: bounds.midX - measured.width / 2
      case .right: bounds.maxX - measured.width
      }
    context.drawText(text, at: Point(x: x, y: bounds.midY - measured.height / 2), font: font, color: textColor)
  }

  /// The text as drawn: one line cut with an ellipsis where the label is too narrow and
  /// its line break mode truncates.
  func shownText(_ text: String) -> String {
    guard numberOfLines == 1, !text.contains("\n"), bounds.width > 0 else { return text }
    let key = TruncationKey(
      text: text, width: bounds.width, font: font, mode: lineBreakMode,
      measurer: ObjectIdentifier(environment.textMeasurer))
    if let truncation, truncation.key == key { return truncation.shown }
    let shown = truncated(text)
    truncation = (key, shown)
    return shown
  }

  /// What the last truncation was worked out for, and its result: drawing the same label
  /// again measures nothing.
  private struct TruncationKey: Equatable {
    var text: String
    var width: Double
    var font: Font
    var mode: LineBreakMode
    var measurer: ObjectIdentifier
  }
  private var truncation: (key: TruncationKey, shown: String)?

  private func truncated(_ text: String) -> String {
    let measurer = environment.textMeasurer
    guard measurer.size(of: text, font: font).width > bounds.width else { return text }
    let characters = Array(text)
    func candidate(keeping count: Int) -> String {
      switch lineBreakMode {
      case .byTruncatingHead: "…" + String(characters.suffix(count))
      case .byTruncatingMiddle:
        String(characters.prefix((count + 1) / 2)) + "…" + String(characters.suffix(count / 2))
      default: String(characters.prefix(count)) + "…"
      }
    }
    switch lineBreakMode {
    case .byTruncatingHead, .byTruncatingTail, .byTruncatingMiddle:
      // The most characters whose cut text fits, found by halving.
      var low = 0
      var high = characters.count - 1
      while low < high {
        let middle = (low + high + 1) / 2
        if measurer.size(of: candidate(keeping: middle), font: font).width <= bounds.width {
          low = middle
        } else {
          high = middle - 1
        }
      }
      return candidate(keeping: low)
    default:
      return text
    }
  }

  open override var snapshotDescription: String {
    super.snapshotDescription + (text.map { " text=\"\($0)\"" } ?? "")
  }
}
