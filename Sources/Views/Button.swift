import Foundation

/// A button, as UIKit's `UIButton`: a title and an image for each state, tinted by the
/// view's ``View/tintColor``, or drawn from a ``Configuration`` (filled, tinted, gray or
/// plain); it runs its actions when tapped.
///
/// ```swift
/// let share = Button(type: .system)
/// share.setTitle("Share", for: .normal)
/// share.addAction(Action { _ in controller.share() }, for: .touchUpInside)
///
/// let add = Button(configuration: .filled(), primaryAction: Action(title: "Add") { _ in model.add() })
/// ```
@MainActor
open class Button: Control {
  /// The kinds of button UIKit makes with `UIButton(type:)`.
  public enum ButtonType: Sendable, Hashable {
    /// A button that draws nothing of its own but its title and image.
    case custom
    /// A title in the tint colour that fades while touched.
    case system
    /// A ⓘ in the tint colour.
    case detailDisclosure
    /// A ⓘ in the tint colour.
    case infoLight
    /// A ⓘ in the tint colour.
    case infoDark
    /// A ⊕ in the tint colour.
    case contactAdd
    /// A ✕ in a grey circle.
    case close
  }

  /// How a configured button looks, as UIKit's `UIButton.Configuration`.
  public struct Configuration: Sendable, Hashable {
    /// The look: what fills the background and colours the title.
    public enum Style: Sendable, Hashable {
      /// Title in the tint colour, nothing behind it.
      case plain
      /// White title on a background of the tint colour.
      case filled
      /// Title in the tint colour on a light tint of it.
      case tinted
      /// Title in the tint colour on light grey.
      case gray
    }
    /// How round the background's corners are.
    public enum CornerStyle: Sendable, Hashable {
      /// The style's own: medium.
      case dynamic
      /// Square corners, or the radius of ``Configuration/background``.
      case fixed
      /// Slightly rounded: 4 points.
      case small
      /// Rounded: 8 points.
      case medium
      /// Very rounded: 12 points.
      case large
      /// Ends as round as the height allows.
      case capsule
    }

    /// The look.
    public var style: Style
    /// The title; the primary action's title when nil.
    public var title: String?
    /// A second line under the title.
    public var subtitle: String?
    /// An image before the title.
    public var image: Image?
    /// The title's colour; the style's when nil.
    public var baseForegroundColor: Color?
    /// The background's colour; the style's when nil.
    public var baseBackgroundColor: Color?
    /// How round the background's corners are.
    public var cornerStyle = CornerStyle.dynamic
    /// The space between the edges and the content.
    public var contentInsets = EdgeInsets(top: 7, left: 12, bottom: 7, right: 12)
    /// The space between the image and the title.
    public var imagePadding = 6.0
    /// Whether the button shows an activity indicator in place of its image.
    public var showsActivityIndicator = false

    /// A configuration of `style`.
    public init(style: Style) { self.style = style }

    /// A title in the tint colour.
    public static func plain() -> Configuration { Configuration(style: .plain) }
    /// A white title on the tint colour.
    public static func filled() -> Configuration { Configuration(style: .filled) }
    /// A title in the tint colour on a light tint.
    public static func tinted() -> Configuration { Configuration(style: .tinted) }
    /// A title in the tint colour on light grey.
    public static func gray() -> Configuration { Configuration(style: .gray) }
    /// As ``plain()``.
    public static func borderless() -> Configuration { Configuration(style: .plain) }
    /// As ``gray()``.
    public static func bordered() -> Configuration { Configuration(style: .gray) }
    /// As ``filled()``.
    public static func borderedProminent() -> Configuration { Configuration(style: .filled) }
    /// As ``tinted()``.
    public static func borderedTinted() -> Configuration { Configuration(style: .tinted) }
  }

  /// The kind the button was made as.
  public let buttonType: ButtonType
  /// How the button looks, when it is configured; nil draws the classic button of its
  /// type. Setting it redraws the button.
  public var configuration: Configuration? { didSet { contentDidChange() } }
  /// The label that shows the title, for its font; nil for a button without a title.
  public private(set) var titleLabel: Label?
  /// The font of the title.
  private var titleFont: Font {
    titleLabel?.font ?? (configuration != nil ? .systemFont(ofSize: 17) : .systemFont(ofSize: 15))
  }

  private var titles: [State.RawValue: String] = [:]
  private var titleColors: [State.RawValue: Color] = [:]
  private var images: [State.RawValue: Image] = [:]
  private var primaryAction: Action?

  /// A button of `type`.
  public init(type: ButtonType) {
    buttonType = type
    super.init(frame: .zero)
    accessibilityTraits.insert(.button)
  }

  /// A custom button of `frame`.
  public override init(frame: Rect = .zero) {
    buttonType = .custom
    super.init(frame: frame)
    accessibilityTraits.insert(.button)
  }

  /// A system button that runs `primaryAction` when tapped and shows its title and image.
  public convenience init(type: ButtonType = .system, primaryAction: Action?) {
    self.init(type: type)
    setPrimaryAction(primaryAction)
  }

  /// A configured button that runs `primaryAction` when tapped.
  public convenience init(configuration: Configuration, primaryAction: Action? = nil) {
    self.init(type: .system)
    self.configuration = configuration
    setPrimaryAction(primaryAction)
  }

  private func setPrimaryAction(_ action: Action?) {
    guard let action else { return }
    primaryAction = action
    if !action.title.isEmpty { setTitle(action.title, for: .normal) }
    if let image = action.image { setImage(image, for: .normal) }
    addAction(action, for: .primaryActionTriggered)
  }

  // MARK: Titles and images

  /// Sets the title shown in `state`; the normal state's shows where a state has none.
  public func setTitle(_ title: String?, for state: State) {
    titles[state.rawValue] = title
    if titleLabel == nil, title != nil { titleLabel = Label(text: title) }
    contentDidChange()
  }

  /// The title for `state`, falling back to the normal state's.
  public func title(for state: State) -> String? { titles[state.rawValue] ?? titles[State.normal.rawValue] }

  /// Sets the title's colour in `state`.
  public func setTitleColor(_ color: Color?, for state: State) {
    titleColors[state.rawValue] = color
    contentDidChange()
  }

  /// The title's colour in `state`, falling back to the normal state's and then to the
  /// button's own.
  public func titleColor(for state: State) -> Color? {
    titleColors[state.rawValue] ?? titleColors[State.normal.rawValue]
  }

  /// Sets the image shown in `state`.
  public func setImage(_ image: Image?, for state: State) {
    images[state.rawValue] = image
    contentDidChange()
  }

  /// The image for `state`, falling back to the normal state's.
  public func image(for state: State) -> Image? { images[state.rawValue] ?? images[State.normal.rawValue] }

  /// The title shown now.
  public var currentTitle: String? {
    configuration?.title ?? title(for: state) ?? glyph
  }
  /// The image shown now.
  public var currentImage: Image? { configuration?.image ?? image(for: state) }

  /// What the button types with a symbol show.
  private var glyph: String? {
    switch buttonType {
    case .detailDisclosure, .infoLight, .infoDark: "ⓘ"
    case .contactAdd: "⊕"
    case .close: "✕"
    case .custom, .system: nil
    }
  }

  private func contentDidChange() {
    titleLabel?.text = currentTitle
    if accessibilityLabel == nil || accessibilityLabel == labelFromTitle {
      labelFromTitle = currentTitle ?? primaryAction?.title
      accessibilityLabel = labelFromTitle
    }
    setNeedsLayout()
  }
  private var labelFromTitle: String?

  open override func stateDidChange() {
    super.stateDidChange()
    contentDidChange()
  }

  // MARK: Size and drawing

  private var insets: EdgeInsets {
    configuration?.contentInsets ?? EdgeInsets(top: 6, left: 0, bottom: 6, right: 0)
  }

  /// The title and image with the insets around them; a classic button is at least 30
  /// points high, as in UIKit.
  open override func sizeThatFits(_ size: Size) -> Size {
    let content = contentSize()
    let width = content.width + insets.left + insets.right
    let height = max(configuration == nil ? 30 : 34, content.height + insets.top + insets.bottom)
    return Size(width: min(width, size.width), height: min(height, size.height))
  }

  private func contentSize() -> Size {
    var width = 0.0
    var height = 0.0
    if let title = currentTitle, !title.isEmpty {
      let measured = environment.textMeasurer.size(of: title, font: titleFont)
      width += measured.width
      height = measured.height
    }
    if let image = currentImage {
      width += Double(image.pixelWidth) + (width > 0 ? (configuration?.imagePadding ?? 6) : 0)
      height = max(height, Double(image.pixelHeight))
    }
    return Size(width: width, height: height)
  }

  /// The colour the title is drawn in now.
  var currentTitleColor: Color {
    let tint = tintColor ?? .systemBlue
    var color: Color
    if let configuration {
      color =
        configuration.baseForegroundColor ?? (configuration.style == .filled ? .white : tint)
    } else {
      color = titleColor(for: state) ?? (buttonType == .custom ? .white : tint)
    }
    if !isEnabled { color = configuration?.style == .filled ? color : .gray }
    if isHighlighted && (buttonType != .custom || configuration != nil) {
      color = color.withAlphaComponent(color.alpha * 0.3)
    }
    return color
  }

  open override func draw(in context: any GraphicsContext) {
    if let configuration, let background = backgroundColor(for: configuration) {
      let radius: Double =
        switch configuration.cornerStyle {
        case .fixed: 0
        case .small: 4
        case .dynamic, .medium: 8
        case .large: 12
        case .capsule: bounds.height / 2
        }
      context.fill(Path(roundedRect: bounds, cornerRadius: radius), color: background)
    }
    let content = contentSize()
    var x = bounds.midX - content.width / 2
    if let image = currentImage {
      let rect = Rect(
        x: x, y: bounds.midY - Double(image.pixelHeight) / 2, width: Double(image.pixelWidth),
        height: Double(image.pixelHeight))
      context.drawImage(image, in: rect)
      x += rect.width + (configuration?.imagePadding ?? 6)
    }
    if let title = currentTitle, !title.isEmpty {
      let measured = environment.textMeasurer.size(of: title, font: titleFont)
      context.drawText(
        title, at: Point(x: x, y: bounds.midY - measured.height / 2), font: titleFont, color: currentTitleColor)
    }
  }

  private func backgroundColor(for configuration: Configuration) -> Color? {
    let tint = tintColor ?? .systemBlue
    var color: Color? =
      configuration.baseBackgroundColor
      ?? {
        switch configuration.style {
        case .plain: nil
        case .filled: tint
        case .tinted: tint.withAlphaComponent(0.15)
        case .gray: Color(white: 0.9)
        }
      }()
    if !isEnabled, color != nil { color = Color(white: 0.88) }
    if isHighlighted, let current = color { color = current.withAlphaComponent(current.alpha * 0.7) }
    return color
  }

  open override var snapshotDescription: String {
    super.snapshotDescription + (currentTitle.map { " title=\"\($0)\"" } ?? "")
      + (isHighlighted ? " highlighted" : "") + (isEnabled ? "" : " disabled")
  }
}
