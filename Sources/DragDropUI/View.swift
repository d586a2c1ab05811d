import Views

/// A piece of interface described by a value: its ``body`` says what it is made of.
///
/// ```swift
/// struct Greeting: View {
///   @State private var name = ""
///   var body: some View {
///     VStack {
///       Text("Hello, \(name)")
///       TextField("Your name", text: $name).padding().border(Color.black)
///     }
///   }
/// }
/// ```
///
/// A view value is cheap and short-lived: DragDropUI keeps the identity, the state and the
/// on-screen views behind it, and asks for a view's `body` again only when something the
/// body read has changed (see the module overview).
@MainActor @preconcurrency
public protocol View {
  /// The type of view the body returns.
  associatedtype Body: View
  /// What the view is made of.
  @ViewBuilder var body: Body { get }
}

extension Never: View {
  /// A primitive view has no body; DragDropUI draws it itself.
  public var body: Never { primitiveBodyRequested(Never.self) }
}

/// Stops with a message that names the misuse: asking a built-in view for its body.
func primitiveBodyRequested(_ type: Any.Type) -> Never {
  fatalError("\(type) is a built-in view: it has no body to ask for; put it in another view's body instead")
}

/// A built-in view: DragDropUI makes and updates its node itself instead of asking for a
/// body.
@MainActor
protocol PrimitiveView {
  /// Makes the node for this view, with its whole subtree.
  func makeNode(in context: NodeContext) -> ViewNode
  /// Brings a node that this view's type made up to date with this value.
  func update(_ node: ViewNode)
  /// Whether ``update(_:)`` invalidates the node's layout itself, only when what the view
  /// shows changed; the graph invalidates the layout of every other primitive at each
  /// update. False by default.
  static var updateInvalidatesItself: Bool { get }
}

extension PrimitiveView {
  static var updateInvalidatesItself: Bool { false }
}

/// Builds views from the statements of a closure: blocks of any length, `if`, `if let`,
/// `if`/`else`, `switch`, and optionals.
@resultBuilder @MainActor
public enum ViewBuilder {
  /// An empty body.
  public static func buildBlock() -> EmptyView { EmptyView() }

  /// A body of one view.
  public static func buildBlock<Content: View>(_ content: Content) -> Content { content }

  /// A body of several views.
  public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<repeat each Content> {
    TupleView(repeat each content)
  }

  /// A view, as written.
  public static func buildExpression<Content: View>(_ content: Content) -> Content { content }

  /// A view shown when an `if` holds.
  public static func buildOptional<Content: View>(_ content: Content?) -> Content? { content }

  /// The first branch of an `if` or a `switch`.
  public static func buildEither<TrueContent: View, FalseContent: View>(
    first: TrueContent
  ) -> ConditionalContent<TrueContent, FalseContent> {
    ConditionalContent(storage: .trueContent(first))
  }

  /// The second branch of an `if` or a `switch`.
  public static func buildEither<TrueContent: View, FalseContent: View>(
    second: FalseContent
  ) -> ConditionalContent<TrueContent, FalseContent> {
    ConditionalContent(storage: .falseContent(second))
  }

  /// A view under `if #available`.
  public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView { AnyView(content) }
}

/// Several views side by side in a builder block. A stack lays them out one after another.
public struct TupleView<each Content: View>: View {
  /// The views.
  public var value: (repeat each Content)

  /// The views given, in order.
  public init(_ content: repeat each Content) {
    value = (repeat each content)
  }

  public var body: Never { primitiveBodyRequested(Self.self) }
}

/// One of two views, chosen by an `if`/`else` or a `switch` in a builder. Switching
/// branches replaces the views, and the state, of the old branch.
public struct ConditionalContent<TrueContent: View, FalseContent: View>: View {
  enum Storage {
    case trueContent(TrueContent)
    case falseContent(FalseContent)
  }

  let storage: Storage

  public var body: Never { primitiveBodyRequested(Self.self) }
}

/// No view at all.
public struct EmptyView: View {
  /// A view that shows nothing and takes no space.
  public init() {}
  public var body: Never { primitiveBodyRequested(Self.self) }
}

extension Optional: View where Wrapped: View {
  public var body: Never { primitiveBodyRequested(Self.self) }
}

/// Views gathered without a layout of their own: the container around the group lays them
/// out, and modifiers applied to the group apply to each of them.
public struct Group<Content: View>: View {
  /// The views grouped.
  public var content: Content

  /// The views `content` makes, as one.
  public init(@ViewBuilder content: () -> Content) {
    self.content = content()
  }

  public var body: Never { primitiveBodyRequested(Self.self) }
}

/// A view of any type. Changing the type of view inside replaces it, state and all.
public struct AnyView: View {
  let view: any View
  let type: ObjectIdentifier

  /// `view`, with its type erased.
  public init<V: View>(_ view: V) {
    if let any = view as? AnyView {
      self = any
    } else {
      self.view = view
      type = ObjectIdentifier(V.self)
    }
  }

  /// `view`, with its type erased.
  public init<V: View>(erasing view: V) { self.init(view) }

  public var body: Never { primitiveBodyRequested(Self.self) }
}
