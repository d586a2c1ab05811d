import Views

/// A line of text, in the environment's font and foreground colour.
///
/// Text wider than its frame is cut short with an ellipsis.
public struct Text: View, Equatable {
  let content: String

  public init<S: StringProtocol>(_ content: S) {
    self.content = String(content)
  }

  public init(verbatim content: String) {
    self.content = content
  }

  public var body: Never { primitiveBodyRequested(Self.self) }
}

extension Font {
  /// The font of body text, 17 points.
  public static let body = Font(size: 17)
  public static let largeTitle = Font(size: 34)
  public static let title = Font(size: 28)
  public static let title2 = Font(size: 22)
  public static let title3 = Font(size: 20)
  public static let headline = Font(size: 17, weight: .bold)
  public static let subheadline = Font(size: 15)
  public static let callout = Font(size: 16)
  public static let footnote = Font(size: 13)
  public static let caption = Font(size: 12)
  public static let caption2 = Font(size: 11)

  /// A system font of a size, regular or bold.
  public static func system(size: Double, weight: Weight = .regular) -> Font {
    Font(size: size, weight: weight)
  }

  /// The same font in bold.
  public func bold() -> Font { Font(size: size, weight: .bold) }
}

extension Color {
  /// The same colour: what `Color(UIColor.systemBackground)` becomes without the prefix.
  public init(_ color: Color) {
    self = color
  }

  /// The colour at an opacity.
  public func opacity(_ opacity: Double) -> Color {
    Color(red: self.red, green: self.green, blue: self.blue, alpha: self.alpha * opacity)
  }
}

/// Measures and draws one line of text.
@MainActor
final class TextNode: LayoutNode {
  private let textView = TextLeafView()
  var text: String {
    didSet {
      guard text != oldValue else { return }
      textView.text = text
      didRedraw()
    }
  }

  init(_ text: String, in context: NodeContext) {
    self.text = text
    super.init(context, viewType: ObjectIdentifier(Text.self), view: textView)
    textView.text = text
    applyEnvironment()
    didRedraw()
  }

  override var displayName: String { "Text" }

  override func environmentDidChange() {
    applyEnvironment()
    didRedraw()
  }

  private func applyEnvironment() {
    textView.font = environment.font ?? .body
    textView.color = environment.foregroundColor ?? .primary
    textView.measurer = graph.windowEnvironment().textMeasurer
  }

  override func measure(_ proposal: ProposedViewSize) -> Size {
    let size = textView.measurer.size(of: text, font: textView.font)
    guard let width = proposal.width, width < size.width else { return size }
    return Size(width: max(0, width), height: size.height)
  }
}

extension Text: PrimitiveView {
  func makeNode(in context: NodeContext) -> ViewNode {
    TextNode(content, in: context)
  }

  func update(_ node: ViewNode) {
    (node as? TextNode)?.text = content
  }
}

@MainActor
final class TextLeafView: HostedView {
  var text = "" { didSet { fitted = nil } }
  var font = Font.body { didSet { fitted = nil } }
  var color = Color.primary
  var measurer: any TextMeasuring = ApproximateTextMeasurer() { didSet { fitted = nil } }
  /// The text as drawn in the last width: cut short with an ellipsis when it did not fit.
  private var fitted: (width: Double, text: String)?

  override func draw(in context: any GraphicsContext) {
    let shown = fittedText(in: bounds.width)
    let size = measurer.size(of: shown, font: font)
    context.drawText(shown, at: Point(x: 0, y: (bounds.height - size.height) / 2), font: font, color: color)
  }

  /// The longest start of the text that fits `width` with an ellipsis, or the whole text.
  private func fittedText(in width: Double) -> String {
    if let fitted, fitted.width == width { return fitted.text }
    var result = text
    if measurer.size(of: text, font: font).width > width + 0.5 {
      let characters = Array(text)
      var low = 0
      var high = characters.count
      while low < high {
        let middle = (low + high + 1) / 2
        if measurer.size(of: String(characters[..<middle]) + "…", font: font).width <= width {
          low = middle
        } else {
          high = middle - 1
        }
      }
      result = String(characters[..<low]) + "…"
    }
    fitted = (width, result)
    return result
  }

  override var snapshotDescription: String {
    super.snapshotDescription + " text=\"\(text)\""
  }
}
