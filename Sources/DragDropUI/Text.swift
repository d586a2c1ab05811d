import Views

/// Text in the environment's font and foreground colour.
///
/// Text wider than the width offered wraps onto more lines: at spaces, and between any two
/// characters of Japanese, Chinese or Korean. When the height offered holds fewer lines,
/// the last one is cut short with an ellipsis.
public struct Text: View, Equatable {
  let content: String

  /// Text that shows `content`.
  public init<S: StringProtocol>(_ content: S) {
    self.content = String(content)
  }

  /// Text that shows `content` as it is.
  public init(verbatim content: String) {
    self.content = content
  }

  public var body: Never { primitiveBodyRequested(Self.self) }
}

extension Font {
  /// The font of body text, 17 points.
  public static let body = Font(size: 17)
  /// The largest title, 34 points.
  public static let largeTitle = Font(size: 34)
  /// A title, 28 points.
  public static let title = Font(size: 28)
  /// A second-level title, 22 points.
  public static let title2 = Font(size: 22)
  /// A third-level title, 20 points.
  public static let title3 = Font(size: 20)
  /// A headline, 17 points bold.
  public static let headline = Font(size: 17, weight: .bold)
  /// A subheadline, 15 points.
  public static let subheadline = Font(size: 15)
  /// A callout, 16 points.
  public static let callout = Font(size: 16)
  /// A footnote, 13 points.
  public static let footnote = Font(size: 13)
  /// A caption, 12 points.
  public static let caption = Font(size: 12)
  /// A second caption, 11 points.
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
    var font = environment.font ?? .body
    if let weight = environment.fontWeight { font.weight = weight }
    textView.font = font
    textView.color = environment.foregroundColor ?? .primary
    textView.alignment = environment.multilineTextAlignment
    textView.lineLimit = environment.lineLimit
    textView.measurer = graph.windowEnvironment().textMeasurer
  }

  override func measure(_ proposal: ProposedViewSize) -> Size {
    let size = textView.measurer.size(of: text, font: textView.font)
    guard let width = proposal.width, width < size.width else { return size }
    let lines = textView.lines(in: max(0, width), height: proposal.height)
    let widest = lines.map { textView.measurer.size(of: $0, font: textView.font).width }.max() ?? 0
    return Size(width: min(max(0, width), widest), height: textView.lineHeight * Double(lines.count))
  }

  override func placeContent(in bounds: Rect, proposal: ProposedViewSize) {
    // The lines drawn are those measured for the proposal, not broken again for the
    // (narrower) width they took.
    textView.breakWidth = proposal.width
    textView.breakHeight = proposal.height
  }
}

extension Text: PrimitiveView {
  /// A text node redraws, and so invalidates its layout, only when its string changes.
  static var updateInvalidatesItself: Bool { true }

  func makeNode(in context: NodeContext) -> ViewNode {
    TextNode(content, in: context)
  }

  func update(_ node: ViewNode) {
    (node as? TextNode)?.text = content
  }
}

@MainActor
final class TextLeafView: HostedView {
  var text = "" { didSet { laidOut = nil } }
  var font = Font.body { didSet { laidOut = nil } }
  var color = Color.primary
  /// How the lines line up.
  var alignment = TextAlignment.leading
  /// The most lines shown (``View/lineLimit(_:)``); nil for as many as fit.
  var lineLimit: Int? { didSet { if lineLimit != oldValue { laidOut = nil } } }
  var measurer: any TextMeasuring = ApproximateTextMeasurer() { didSet { laidOut = nil } }
  /// The width and height offered at the last layout, which the lines are broken for.
  var breakWidth: Double?
  var breakHeight: Double?
  /// The lines of the last layout, for the width and height they were broken for.
  private var laidOut: (width: Double, height: Double?, lines: [String])?

  /// The height of one line.
  var lineHeight: Double { measurer.size(of: "Ag", font: font).height }

  /// The text broken into lines that fit `width`, as many as `height` holds (all when nil).
  func lines(in width: Double, height: Double?) -> [String] {
    if let laidOut, laidOut.width == width, laidOut.height == height { return laidOut.lines }
    let font = self.font
    let measurer = self.measurer
    let lineHeight = self.lineHeight
    let fitting = height.flatMap { height -> Int? in
      guard height.isFinite, lineHeight > 0 else { return nil }
      return max(1, Int((max(0, height) + 0.5) / lineHeight))
    }
    let maxLines = [fitting, lineLimit].compactMap { $0 }.min()
    let lines = LineBreaker { measurer.size(of: $0, font: font).width }.lines(of: text, in: width, maxLines: maxLines)
    laidOut = (width, height, lines)
    return lines
  }

  override func draw(in context: any GraphicsContext) {
    let width = breakWidth.map { max($0, bounds.width) } ?? .infinity
    let lines = lines(in: width, height: breakHeight.map { max($0, bounds.height) } ?? bounds.height)
    let height = lineHeight
    var y = (bounds.height - height * Double(lines.count)) / 2
    for line in lines {
      var x = 0.0
      if alignment != .leading {
        let free = bounds.width - measurer.size(of: line, font: font).width
        x = alignment == .center ? free / 2 : free
      }
      context.drawText(line, at: Point(x: x, y: y), font: font, color: color)
      y += height
    }
  }

  override var snapshotDescription: String {
    super.snapshotDescription + " text=\"\(text)\""
  }
}
