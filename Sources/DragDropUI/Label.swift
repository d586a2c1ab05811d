import Views

/// A title with an icon before it, as SwiftUI's `Label`: what a button, a list row or a
/// menu item commonly shows. Its ``LabelStyle`` (``View/labelStyle(_:)``) may show the
/// title or the icon alone.
///
/// ```swift
/// Label("Favourites", systemImage: "star.fill")
/// Label { Text("Inbox") } icon: { Circle().fill(Color.blue).frame(width: 12, height: 12) }
/// ```
public struct Label<Title: View, Icon: View>: View {
  let title: Title
  let icon: Icon
  @Environment(\.labelStyle) private var style

  /// A label of `title` and `icon`.
  public init(@ViewBuilder title: () -> Title, @ViewBuilder icon: () -> Icon) {
    self.title = title()
    self.icon = icon()
  }

  public var body: some View {
    (style ?? AnyLabelStyle(DefaultLabelStyle())).makeBody(
      LabelStyleConfiguration(
        title: LabelStyleConfiguration.Title(view: AnyView(title)),
        icon: LabelStyleConfiguration.Icon(view: AnyView(LabelIcon(icon: icon)))))
  }
}

extension Label where Title == Text, Icon == Image? {
  /// A label titled `title` with a symbol (see ``Image/init(systemName:)``) as its icon,
  /// drawn at the height of a line of text. A name DragDropUI has no symbol for shows the
  /// title alone.
  public init(_ title: String, systemImage name: String) {
    self.init(title: { Text(title) }, icon: { Image(systemName: name) })
  }
}

/// A label's icon: an image is scaled to fit a line of text, as a symbol is in SwiftUI;
/// another view is shown as it is.
struct LabelIcon<Icon: View>: View {
  let icon: Icon

  var body: some View {
    if let image = (icon as? Image) ?? ((icon as? Image?) ?? nil) {
      image.resizable().scaledToFit().frame(width: 20, height: 20)
    } else {
      icon
    }
  }
}

/// How a label shows its title and icon, as SwiftUI's `LabelStyle`.
@MainActor @preconcurrency
public protocol LabelStyle {
  /// The type of view the style makes.
  associatedtype Body: View
  /// The view of a label in this style.
  @ViewBuilder func makeBody(configuration: Configuration) -> Body
  /// What a style is given.
  typealias Configuration = LabelStyleConfiguration
}

/// What a ``LabelStyle`` makes a label's view from.
public struct LabelStyleConfiguration {
  /// The label's title, as a view.
  public struct Title: View {
    let view: AnyView
    public var body: Never { primitiveBodyRequested(Self.self) }
  }

  /// The label's icon, as a view.
  public struct Icon: View {
    let view: AnyView
    public var body: Never { primitiveBodyRequested(Self.self) }
  }

  /// The title.
  public let title: Title
  /// The icon.
  public let icon: Icon
}

extension LabelStyleConfiguration.Title: ForwardingView {}

extension LabelStyleConfiguration.Icon: ForwardingView {}

/// The icon, then the title, 8 points apart: the platform's style.
public struct DefaultLabelStyle: LabelStyle, Hashable {
  /// The default style.
  public init() {}
  public func makeBody(configuration: Configuration) -> some View {
    HStack(spacing: 8) {
      configuration.icon
      configuration.title
    }
  }
}

/// The title alone.
public struct TitleOnlyLabelStyle: LabelStyle, Hashable {
  /// The title-only style.
  public init() {}
  public func makeBody(configuration: Configuration) -> some View { configuration.title }
}

/// The icon alone.
public struct IconOnlyLabelStyle: LabelStyle, Hashable {
  /// The icon-only style.
  public init() {}
  public func makeBody(configuration: Configuration) -> some View { configuration.icon }
}

/// The icon, then the title.
public struct TitleAndIconLabelStyle: LabelStyle, Hashable {
  /// The title-and-icon style.
  public init() {}
  public func makeBody(configuration: Configuration) -> some View {
    DefaultLabelStyle().makeBody(configuration: configuration)
  }
}

extension LabelStyle where Self == DefaultLabelStyle {
  /// The platform's style: the icon, then the title.
  public static var automatic: DefaultLabelStyle { DefaultLabelStyle() }
}

extension LabelStyle where Self == TitleOnlyLabelStyle {
  /// The title alone.
  public static var titleOnly: TitleOnlyLabelStyle { TitleOnlyLabelStyle() }
}

extension LabelStyle where Self == IconOnlyLabelStyle {
  /// The icon alone.
  public static var iconOnly: IconOnlyLabelStyle { IconOnlyLabelStyle() }
}

extension LabelStyle where Self == TitleAndIconLabelStyle {
  /// The icon, then the title.
  public static var titleAndIcon: TitleAndIconLabelStyle { TitleAndIconLabelStyle() }
}

/// A label style kept in the environment.
typealias AnyLabelStyle = AnyStyle<LabelStyleConfiguration>

extension AnyStyle where Configuration == LabelStyleConfiguration {
  @MainActor init<Style: LabelStyle>(_ style: Style) {
    makeBody = { AnyView(style.makeBody(configuration: $0)) }
  }
}

extension EnvironmentValues {
  private struct LabelStyleKey: EnvironmentKey {
    static let defaultValue: AnyLabelStyle? = nil
  }

  /// The style of the labels inside; nil means `.automatic`.
  var labelStyle: AnyLabelStyle? {
    get { self[LabelStyleKey.self] }
    set { self[LabelStyleKey.self] = newValue }
  }
}

extension View {
  /// Sets the style of the labels inside.
  public func labelStyle<Style: LabelStyle>(_ style: Style) -> some View {
    modifier(EnvironmentWriter.style(style) { $0.labelStyle = AnyLabelStyle($1) })
  }
}
