import Views

// MARK: - Edit mode

/// Whether a list is being edited, as SwiftUI's `EditMode`: in edit mode a list shows
/// delete buttons on the rows of a `ForEach` with `onDelete`, and reorder handles on those
/// with `onMove`.
public enum EditMode: Hashable, Sendable {
  /// Not editing.
  case inactive
  /// Editing for a moment, as during a swipe.
  case transient
  /// Editing.
  case active

  /// Whether editing is on.
  public var isEditing: Bool { self != .inactive }
}

extension EnvironmentValues {
  private struct EditModeKey: EnvironmentKey {
    static let defaultValue: Binding<EditMode>? = nil
  }

  /// The edit mode of the views inside, which an ``EditButton`` toggles; a
  /// ``NavigationStack`` provides one.
  public var editMode: Binding<EditMode>? {
    get { self[EditModeKey.self] }
    set { self[EditModeKey.self] = newValue }
  }
}

/// A button that turns the environment's edit mode on and off, titled Edit or Done, as
/// SwiftUI's `EditButton`.
public struct EditButton: View {
  @Environment(\.editMode) private var editMode

  /// An edit button.
  public init() {}

  public var body: some View {
    let isEditing = editMode?.wrappedValue.isEditing ?? false
    Button(isEditing ? "Done" : "Edit") {
      guard let editMode else { return }
      editMode.wrappedValue = isEditing ? .inactive : .active
    }
    .bold(isEditing)
  }
}

// MARK: - Navigation stacks

/// The values pushed on a navigation stack, of any hashable types, as SwiftUI's
/// `NavigationPath`.
public struct NavigationPath: Equatable {
  var elements: [AnyHashable]

  /// An empty path.
  public init() { elements = [] }

  /// A path of `elements`, first at the bottom.
  public init<S: Sequence>(_ elements: S) where S.Element: Hashable {
    self.elements = elements.map { AnyHashable($0) }
  }

  /// How many values are on the path.
  public var count: Int { elements.count }
  /// Whether the path is empty: the stack shows its root.
  public var isEmpty: Bool { elements.isEmpty }

  /// Pushes a value.
  public mutating func append<V: Hashable>(_ value: V) { elements.append(AnyHashable(value)) }

  /// Pops `k` values (all there are, when fewer).
  public mutating func removeLast(_ k: Int = 1) { elements.removeLast(min(max(0, k), elements.count)) }
}

/// What a navigation stack keeps: the views pushed on it, the values of its path, and what
/// the views on it say of themselves (their titles, toolbars and destinations).
///
/// Its parts are state boxes: a body that reads one is evaluated again, at once, when it
/// changes.
@MainActor
final class NavigationModel {
  /// A screen of the stack above the root.
  enum Entry {
    /// A view a ``NavigationLink`` with a destination pushed.
    case view(AnyView)
    /// A value of the path, shown through a ``View/navigationDestination(for:destination:)``.
    case value(AnyHashable)
  }

  private let entriesBox = StateBox<[Entry]>([])
  private let pushedViewsBox = StateBox<[AnyView]>([])
  private let titlesBox = StateBox<[Int: String]>([:])
  private let toolbarsBox = StateBox<[Int: [ToolbarEntry]]>([:])
  /// Bumped when the stack changes the application's path: the stack shows the change
  /// even when the path's owner is not a view's state.
  private let pathRevisionBox = StateBox<Int>(0)

  /// The screens above the root, when the stack keeps its own path.
  var entries: [Entry] {
    get { entriesBox.value }
    set { entriesBox.value = newValue }
  }
  /// The path the application keeps, when it gave one.
  var path: Binding<NavigationPath>?
  /// Views pushed on top of an application's path.
  var pushedViews: [AnyView] {
    get { pushedViewsBox.value }
    set { pushedViewsBox.value = newValue }
  }
  /// The title of each screen, by its depth.
  var titles: [Int: String] {
    get { titlesBox.value }
    set { titlesBox.value = newValue }
  }
  /// The toolbar items of each screen, by its depth.
  var toolbars: [Int: [ToolbarEntry]] {
    get { toolbarsBox.value }
    set { toolbarsBox.value = newValue }
  }
  /// How to show a value of each type: what `navigationDestination(for:)` gave.
  var destinations: [ObjectIdentifier: (AnyHashable) -> AnyView?] = [:]

  /// The screens above the root, in order.
  var screens: [Entry] {
    guard let path else { return entries }
    _ = pathRevisionBox.value
    return path.wrappedValue.elements.map(Entry.value) + pushedViews.map(Entry.view)
  }

  var depth: Int { screens.count }

  func push(_ view: AnyView) {
    if path != nil { pushedViews.append(view) } else { entries.append(.view(view)) }
  }

  func push(value: AnyHashable) {
    if let path {
      path.wrappedValue.elements.append(value)
      pathRevisionBox.value += 1
    } else {
      entries.append(.value(value))
    }
  }

  func pop() {
    if !pushedViews.isEmpty {
      pushedViews.removeLast()
    } else if let path, !path.wrappedValue.isEmpty {
      path.wrappedValue.removeLast()
      pathRevisionBox.value += 1
    } else if !entries.isEmpty {
      entries.removeLast()
    }
  }

  /// The view of a screen.
  func view(of entry: Entry) -> AnyView {
    switch entry {
    case .view(let view): return view
    case .value(let value):
      if let make = destinations[ObjectIdentifier(type(of: value.base))], let view = make(value) { return view }
      return AnyView(Text("No destination for \(String(describing: value.base))").foregroundColor(.secondary))
    }
  }
}

extension EnvironmentValues {
  private struct NavigationKey: EnvironmentKey {
    static let defaultValue: NavigationModel? = nil
  }

  private struct NavigationDepthKey: EnvironmentKey {
    static let defaultValue = 0
  }

  /// The navigation stack the views are in.
  var navigation: NavigationModel? {
    get { self[NavigationKey.self] }
    set { self[NavigationKey.self] = newValue }
  }

  /// How deep in the stack the views' screen is: 0 for the root.
  var navigationDepth: Int {
    get { self[NavigationDepthKey.self] }
    set { self[NavigationDepthKey.self] = newValue }
  }
}

/// A stack of screens with a bar above them, as SwiftUI's `NavigationStack`: its root,
/// and the screens ``NavigationLink``s push on it. The bar shows the top screen's
/// ``View/navigationTitle(_:)`` and ``View/toolbar(content:)`` items, and a Back button
/// that pops it. The stack also gives its views an edit mode, for ``EditButton``.
///
/// ```swift
/// NavigationStack {
///   List { ForEach(items) { item in NavigationLink(item.name, value: item) } }
///     .navigationTitle("Items")
///     .navigationDestination(for: Item.self) { item in ItemView(item: item) }
///     .toolbar { EditButton() }
/// }
/// ```
public struct NavigationStack<Root: View>: View {
  let root: Root
  let path: Binding<NavigationPath>?
  @State private var model = NavigationModel()
  @State private var editMode = EditMode.inactive

  /// A stack that keeps its own path.
  public init(@ViewBuilder root: () -> Root) {
    self.root = root()
    path = nil
  }

  /// A stack whose path the application keeps: pushing a value appends it, Back removes
  /// the last.
  public init(path: Binding<NavigationPath>, @ViewBuilder root: () -> Root) {
    self.root = root()
    self.path = path
  }

  /// A stack whose path is an array of one type of value.
  public init<Data: Hashable>(path: Binding<[Data]>, @ViewBuilder root: () -> Root) {
    self.root = root()
    self.path = Binding(
      get: { NavigationPath(path.wrappedValue) },
      set: { newValue in path.wrappedValue = newValue.elements.compactMap { $0.base as? Data } })
  }

  public var body: some View {
    let _ = model.path = path
    let screens = model.screens
    let _ = editMode
    VStack(spacing: 0) {
      NavigationBar(model: model, depth: screens.count)
      Divider()
      Group {
        if let top = screens.last {
          model.view(of: top).environment(\.navigationDepth, screens.count)
        } else {
          root.environment(\.navigationDepth, 0)
        }
      }
      .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .top)
    }
    .environment(\.navigation, model)
    .environment(\.editMode, $editMode)
  }
}

/// The older name of ``NavigationStack``, as SwiftUI's `NavigationView`: a stack that keeps
/// its own path.
public struct NavigationView<Content: View>: View {
  let content: Content

  /// A navigation view of `content`.
  public init(@ViewBuilder content: () -> Content) {
    self.content = content()
  }

  public var body: some View {
    NavigationStack { content }
  }
}

/// The bar above a navigation stack: Back, the leading items, the title, and the trailing
/// items.
struct NavigationBar: View {
  let model: NavigationModel
  let depth: Int

  var body: some View {
    let toolbar = model.toolbars[depth] ?? []
    ZStack {
      Text(model.titles[depth] ?? "").font(.headline)
      HStack(spacing: 12) {
        if depth > 0 {
          Button {
            model.pop()
          } label: {
            HStack(spacing: 2) {
              Image(systemName: "chevron.left")
              Text("Back")
            }
          }
        }
        ForEach(Array(toolbar.enumerated().filter { $0.element.placement.isLeading }), id: \.offset) { $0.element.view }
        Spacer()
        ForEach(Array(toolbar.enumerated().filter { !$0.element.placement.isLeading }), id: \.offset) {
          $0.element.view
        }
      }
    }
    .padding(.horizontal, 16)
    .frame(height: 44)
  }
}

/// A button that pushes a screen on the navigation stack it is in, as SwiftUI's
/// `NavigationLink`: a view, or a value the stack shows through
/// ``View/navigationDestination(for:destination:)``.
public struct NavigationLink<Label: View, Destination: View>: View {
  let label: Label
  let destination: Destination?
  let value: AnyHashable?
  @Environment(\.navigation) private var navigation

  /// A link that pushes `destination`.
  public init(destination: Destination, @ViewBuilder label: () -> Label) {
    self.label = label()
    self.destination = destination
    value = nil
  }

  /// A link that pushes the view `destination` makes.
  public init(@ViewBuilder destination: () -> Destination, @ViewBuilder label: () -> Label) {
    self.init(destination: destination(), label: label)
  }

  public var body: some View {
    Button {
      if let destination {
        navigation?.push(AnyView(destination))
      } else if let value {
        navigation?.push(value: value)
      }
    } label: {
      HStack {
        label
        Spacer(minLength: 8)
        Image(systemName: "chevron.right").foregroundColor(.secondary)
      }
    }
    .buttonStyle(.plain)
    .disabled(navigation == nil || (destination == nil && value == nil))
  }
}

extension NavigationLink where Label == Text {
  /// A link titled `title` that pushes `destination`.
  public init(_ title: String, destination: Destination) {
    self.init(destination: destination) { Text(title) }
  }

  /// A link titled `title` that pushes the view `destination` makes.
  public init(_ title: String, @ViewBuilder destination: () -> Destination) {
    self.init(destination: destination()) { Text(title) }
  }
}

extension NavigationLink where Destination == Never {
  /// A link that pushes `value`, shown by the stack's destination for its type; nil makes
  /// a link that does nothing.
  public init<V: Hashable>(value: V?, @ViewBuilder label: () -> Label) {
    self.label = label()
    destination = nil
    self.value = value.map { AnyHashable($0) }
  }
}

extension NavigationLink where Destination == Never, Label == Text {
  /// A link titled `title` that pushes `value`.
  public init<V: Hashable>(_ title: String, value: V?) {
    self.init(value: value) { Text(title) }
  }
}

// MARK: - Titles, toolbars and destinations

/// Where a toolbar item goes in the bar, as SwiftUI's `ToolbarItemPlacement`.
public struct ToolbarItemPlacement: Hashable, Sendable {
  let isLeading: Bool

  /// Where the platform puts it: the trailing side.
  public static let automatic = ToolbarItemPlacement(isLeading: false)
  /// The leading side of the bar.
  public static let topBarLeading = ToolbarItemPlacement(isLeading: true)
  /// The trailing side of the bar.
  public static let topBarTrailing = ToolbarItemPlacement(isLeading: false)
  /// The leading side of the bar.
  public static let navigationBarLeading = ToolbarItemPlacement(isLeading: true)
  /// The trailing side of the bar.
  public static let navigationBarTrailing = ToolbarItemPlacement(isLeading: false)
  /// The screen's main action: the trailing side.
  public static let primaryAction = ToolbarItemPlacement(isLeading: false)
  /// A Cancel button: the leading side.
  public static let cancellationAction = ToolbarItemPlacement(isLeading: true)
  /// A Done or Save button: the trailing side.
  public static let confirmationAction = ToolbarItemPlacement(isLeading: false)
}

/// One item of a toolbar: a view and where it goes.
public struct ToolbarEntry {
  let placement: ToolbarItemPlacement
  let view: AnyView
}

/// A toolbar item placed in the bar, as SwiftUI's `ToolbarItem`.
public struct ToolbarItem<Content: View> {
  let entry: ToolbarEntry

  /// An item of `content`, at `placement`.
  @MainActor
  public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) {
    entry = ToolbarEntry(placement: placement, view: AnyView(content()))
  }
}

/// Several toolbar items together, as SwiftUI's `ToolbarItemGroup`.
public struct ToolbarItemGroup<Content: View> {
  let entry: ToolbarEntry

  /// Items of `content`, side by side at `placement`.
  @MainActor
  public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) {
    entry = ToolbarEntry(placement: placement, view: AnyView(HStack(spacing: 12) { content() }))
  }
}

/// Builds a toolbar's items: ``ToolbarItem``s, ``ToolbarItemGroup``s, and plain views,
/// which go where the platform puts them.
@resultBuilder @MainActor
public enum ToolbarContentBuilder {
  /// Items in order.
  public static func buildBlock(_ components: [ToolbarEntry]...) -> [ToolbarEntry] { components.flatMap { $0 } }
  /// An item.
  public static func buildExpression<Content: View>(_ item: ToolbarItem<Content>) -> [ToolbarEntry] { [item.entry] }
  /// A group of items.
  public static func buildExpression<Content: View>(_ group: ToolbarItemGroup<Content>) -> [ToolbarEntry] {
    [group.entry]
  }
  /// A plain view, placed automatically.
  public static func buildExpression<Content: View>(_ view: Content) -> [ToolbarEntry] {
    [ToolbarEntry(placement: .automatic, view: AnyView(view))]
  }
  /// Items under an `if`.
  public static func buildOptional(_ component: [ToolbarEntry]?) -> [ToolbarEntry] { component ?? [] }
  /// The first branch of an `if`.
  public static func buildEither(first component: [ToolbarEntry]) -> [ToolbarEntry] { component }
  /// The second branch of an `if`.
  public static func buildEither(second component: [ToolbarEntry]) -> [ToolbarEntry] { component }
}

extension View {
  /// The title the navigation bar shows while this view's screen is on top.
  public func navigationTitle(_ title: String) -> some View {
    modifier(
      NavigationRegistration { model, depth in
        if model.titles[depth] != title { model.titles[depth] = title }
      } removal: {
        $0.titles[$1] = nil
      })
  }

  /// The items the navigation bar shows while this view's screen is on top.
  public func toolbar(@ToolbarContentBuilder content: () -> [ToolbarEntry]) -> some View {
    let entries = content()
    return modifier(
      NavigationRegistration { model, depth in
        model.toolbars[depth] = entries
      } removal: {
        $0.toolbars[$1] = nil
      })
  }

  /// How the stack shows a value of type `type` that a ``NavigationLink`` pushes.
  public func navigationDestination<D: Hashable, C: View>(
    for type: D.Type, @ViewBuilder destination: @escaping @MainActor (D) -> C
  ) -> some View {
    modifier(
      NavigationRegistration { model, _ in
        model.destinations[ObjectIdentifier(D.self)] = { value in (value.base as? D).map { AnyView(destination($0)) } }
        // Kept when the view goes: the root that declares it leaves the screen when a value
        // is pushed, and the stack still shows values of the type.
      } removal: { _, _ in
      })
  }

  /// How the title shows: accepted for code written for SwiftUI; the bar shows titles
  /// inline.
  public func navigationBarTitleDisplayMode(_ mode: NavigationBarItem.TitleDisplayMode) -> some View { self }
}

/// What SwiftUI's `navigationBarTitleDisplayMode` takes.
public enum NavigationBarItem {
  /// How a title shows.
  public enum TitleDisplayMode: Hashable, Sendable {
    /// The platform's choice.
    case automatic
    /// In the bar.
    case inline
    /// Large, under the bar.
    case large
  }
}

/// Tells the navigation stack around it something about its screen, and takes it back
/// when the view goes.
struct NavigationRegistration: PrimitiveModifier {
  let register: @MainActor (NavigationModel, Int) -> Void
  let removal: @MainActor (NavigationModel, Int) -> Void

  init(
    _ register: @escaping @MainActor (NavigationModel, Int) -> Void,
    removal: @escaping @MainActor (NavigationModel, Int) -> Void
  ) {
    self.register = register
    self.removal = removal
  }

  func makeNode<Content: View>(content: Content, in context: NodeContext) -> ViewNode {
    let node = NavigationRegistrationNode(context, viewType: ObjectIdentifier(ModifiedContent<Content, Self>.self))
    node.registration = self
    node.children = [node.makeChild(content)]
    node.apply()
    return node
  }

  func update<Content: View>(_ node: ViewNode, content: Content) {
    guard let node = node as? NavigationRegistrationNode else { return }
    node.registration = self
    node.updateChild(0, to: content)
    node.apply()
  }
}

@MainActor
final class NavigationRegistrationNode: ViewNode {
  var registration: NavigationRegistration?

  func apply() {
    guard let model = environment.navigation, let registration else { return }
    registration.register(model, environment.navigationDepth)
  }

  override func environmentDidChange() { apply() }

  override func detach() {
    if isAttached, let model = environment.navigation, let registration {
      registration.removal(model, environment.navigationDepth)
    }
    super.detach()
  }
}
