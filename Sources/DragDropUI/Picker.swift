import Views

/// A control that picks one of several values, as SwiftUI's `Picker`: each choice is a
/// view marked with ``View/tag(_:)``, and choosing it sets the selection to its tag. Its
/// look comes from ``View/pickerStyle(_:)``: a menu button by default, a row of segments,
/// or the choices one under another.
///
/// ```swift
/// Picker("Add to", selection: $position) {
///   ForEach(InsertPosition.allCases) { Text($0.rawValue).tag($0) }
/// }
/// .pickerStyle(.segmented)
/// ```
public struct Picker<Label: View, SelectionValue: Hashable, Content: View>: View {
  let selection: Binding<SelectionValue>
  let label: Label
  let content: Content

  /// A picker of `selection` among the tagged views of `content`, named by `label`.
  public init(
    selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label
  ) {
    self.selection = selection
    self.content = content()
    self.label = label()
  }

  public var body: some View {
    PickerBody(
      selection: selection, label: AnyView(label), content: AnyView(content))
  }
}

extension Picker where Label == Text {
  /// A picker titled `title`.
  public init(_ title: String, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content) {
    self.init(selection: selection, content: content) { Text(title) }
  }
}

extension Picker where Label == DragDropUI.Label<Text, Image?> {
  /// A picker titled `title` with a symbol.
  public init(
    _ title: String, systemImage: String, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content
  ) {
    self.init(selection: selection, content: content) { DragDropUI.Label(title, systemImage: systemImage) }
  }
}

/// How a picker shows its choices, as SwiftUI's `PickerStyle`. The built-in styles are
/// `.automatic` and `.menu` (a button that opens a menu of the choices), `.segmented`,
/// and `.inline`, `.wheel` and `.navigationLink` (the choices one under another, the
/// chosen one checked).
@MainActor @preconcurrency
public protocol PickerStyle {}

/// A built-in picker style: how it lays the choices out.
@MainActor
protocol BuiltInPickerStyle: PickerStyle {
  var kind: PickerKind { get }
}

enum PickerKind: Hashable {
  case menu, segmented, inline
}

/// The platform's picker style: a menu.
public struct DefaultPickerStyle: BuiltInPickerStyle, Hashable {
  /// The default style.
  public init() {}
  var kind: PickerKind { .menu }
}

/// A button showing the chosen value, which opens a menu of the choices.
public struct MenuPickerStyle: BuiltInPickerStyle, Hashable {
  /// The menu style.
  public init() {}
  var kind: PickerKind { .menu }
}

/// The choices side by side in a row of segments, the chosen one raised.
public struct SegmentedPickerStyle: BuiltInPickerStyle, Hashable {
  /// The segmented style.
  public init() {}
  var kind: PickerKind { .segmented }
}

/// The choices one under another, the chosen one checked.
public struct InlinePickerStyle: BuiltInPickerStyle, Hashable {
  /// The inline style.
  public init() {}
  var kind: PickerKind { .inline }
}

/// On iOS a spinning wheel; here the choices one under another, as ``InlinePickerStyle``.
public struct WheelPickerStyle: BuiltInPickerStyle, Hashable {
  /// The wheel style.
  public init() {}
  var kind: PickerKind { .inline }
}

/// On iOS a row that pushes a list of the choices; here the choices one under another.
public struct NavigationLinkPickerStyle: BuiltInPickerStyle, Hashable {
  /// The navigation link style.
  public init() {}
  var kind: PickerKind { .inline }
}

extension PickerStyle where Self == DefaultPickerStyle {
  /// The platform's style: a menu.
  public static var automatic: DefaultPickerStyle { DefaultPickerStyle() }
}

extension PickerStyle where Self == MenuPickerStyle {
  /// A menu of the choices.
  public static var menu: MenuPickerStyle { MenuPickerStyle() }
}

extension PickerStyle where Self == SegmentedPickerStyle {
  /// A row of segments.
  public static var segmented: SegmentedPickerStyle { SegmentedPickerStyle() }
}

extension PickerStyle where Self == InlinePickerStyle {
  /// The choices one under another.
  public static var inline: InlinePickerStyle { InlinePickerStyle() }
}

extension PickerStyle where Self == WheelPickerStyle {
  /// The choices one under another.
  public static var wheel: WheelPickerStyle { WheelPickerStyle() }
}

extension PickerStyle where Self == NavigationLinkPickerStyle {
  /// The choices one under another.
  public static var navigationLink: NavigationLinkPickerStyle { NavigationLinkPickerStyle() }
}

extension View {
  /// Sets how the pickers inside show their choices.
  public func pickerStyle<Style: PickerStyle>(_ style: Style) -> some View {
    let kind = (style as? any BuiltInPickerStyle)?.kind ?? .menu
    return environment(\.pickerKind, kind)
  }

  /// Marks the view as the choice of `tag` in a ``Picker``. Outside a picker it changes
  /// nothing.
  public func tag<V: Hashable>(_ tag: V) -> some View {
    TaggedChoice(tag: AnyHashable(tag), content: AnyView(self))
  }
}

/// What the tagged choices inside a picker see of it.
struct PickerContext {
  enum Role {
    case segment, menuItem, inlineRow, selectedOnly
  }

  var role: Role
  let selected: AnyHashable
  let select: @MainActor (AnyHashable) -> Void
}

extension EnvironmentValues {
  private struct PickerKindKey: EnvironmentKey {
    static let defaultValue = PickerKind.menu
  }

  private struct PickerContextKey: EnvironmentKey {
    nonisolated(unsafe) static let defaultValue: PickerContext? = nil
  }

  var pickerKind: PickerKind {
    get { self[PickerKindKey.self] }
    set { self[PickerKindKey.self] = newValue }
  }

  var pickerContext: PickerContext? {
    get { self[PickerContextKey.self] }
    set { self[PickerContextKey.self] = newValue }
  }
}

private struct PickerBody<SelectionValue: Hashable>: View {
  let selection: Binding<SelectionValue>
  let label: AnyView
  let content: AnyView
  @Environment(\.pickerKind) private var kind

  var body: some View {
    let context = PickerContext(
      role: .selectedOnly, selected: AnyHashable(selection.wrappedValue),
      select: { tag in
        if let value = tag.base as? SelectionValue { selection.wrappedValue = value }
      })
    return choices(context)
  }

  @ViewBuilder private func choices(_ context: PickerContext) -> some View {
    switch kind {
    case .segmented:
      HStack(spacing: 2) {
        content.environment(\.pickerContext, with(context, .segment))
      }
      .padding(2)
      .background(RoundedRectangle(cornerRadius: 9).fill(Color(white: 0.93)))
    case .inline:
      VStack(alignment: .leading, spacing: 0) {
        label.font(.headline).padding(.vertical, 6)
        content.environment(\.pickerContext, with(context, .inlineRow))
      }
    case .menu:
      Menu {
        content.environment(\.pickerContext, with(context, .menuItem))
      } label: {
        HStack(spacing: 4) {
          content.environment(\.pickerContext, context)
          Image(systemName: "chevron.up.chevron.down").font(.footnote)
        }
      }
    }
  }

  private func with(_ context: PickerContext, _ role: PickerContext.Role) -> PickerContext {
    var context = context
    context.role = role
    return context
  }
}

/// A view marked with a tag: inside a picker, one of its choices.
private struct TaggedChoice: View {
  let tag: AnyHashable
  let content: AnyView
  @Environment(\.pickerContext) private var context
  @Environment(\.tint) private var tint

  var body: some View {
    if let context {
      choice(context, isSelected: context.selected == tag)
    } else {
      content
    }
  }

  @ViewBuilder private func choice(_ context: PickerContext, isSelected: Bool) -> some View {
    let tag = self.tag
    let plain = content.environment(\.pickerContext, nil)
    switch context.role {
    case .selectedOnly:
      if isSelected { plain }
    case .segment:
      ButtonHost(
        role: nil, action: { context.select(tag) },
        label: AnyView(
          plain
            .font(.subheadline)
            .padding(.horizontal, 10)
            .frame(maxWidth: .infinity, minHeight: 28)
            .background(RoundedRectangle(cornerRadius: 7).fill(isSelected ? Color.white : Color.clear))),
        accessibility: .choice(isSelected: isSelected), styled: false)
    case .menuItem:
      Button {
        context.select(tag)
      } label: {
        HStack(spacing: 8) {
          Image(systemName: "checkmark").opacity(isSelected ? 1 : 0)
          plain
        }
      }
    case .inlineRow:
      ButtonHost(
        role: nil, action: { context.select(tag) },
        label: AnyView(
          HStack {
            plain
            Spacer()
            if isSelected { Image(systemName: "checkmark").foregroundColor(tint ?? .accentColor) }
          }
          .frame(minHeight: 44)),
        accessibility: .choice(isSelected: isSelected), styled: false)
    }
  }
}
