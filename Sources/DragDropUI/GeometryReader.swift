import Views

/// A view that takes all the space it is offered and makes its content from that space's
/// size, as SwiftUI's `GeometryReader`. The content sits at the top leading corner.
///
/// ```swift
/// GeometryReader { proxy in
///   Color.blue.frame(width: proxy.size.width / 2)
/// }
/// ```
///
/// The content is made again when the size changes, as well as when state it reads does.
public struct GeometryReader<Content: View>: View {
  let content: @MainActor (GeometryProxy) -> Content

  /// A reader whose content `content` makes from the space given.
  public init(@ViewBuilder content: @escaping @MainActor (GeometryProxy) -> Content) {
    self.content = content
  }

  public var body: Never { primitiveBodyRequested(Self.self) }
}

/// The space a ``GeometryReader`` was given.
public struct GeometryProxy {
  /// The size of the space.
  public let size: Size
  let frameInWindow: Rect

  /// The space's frame: in its own coordinates (`.local`), or in the window's (`.global`).
  public func frame(in space: CoordinateSpace) -> Rect {
    switch space {
    case .local: Rect(origin: .zero, size: size)
    case .global: frameInWindow
    }
  }

  /// The insets of the safe area: none, there being no notch or bar over a window's content.
  public var safeAreaInsets: EdgeInsets { .zero }
}

/// The coordinates a frame is read in.
public enum CoordinateSpace: Hashable, Sendable {
  /// The view's own.
  case local
  /// The window's.
  case global
}

extension GeometryReader: PrimitiveView {
  func makeNode(in context: NodeContext) -> ViewNode {
    let node = GeometryReaderNode(context, viewType: ObjectIdentifier(Self.self))
    node.makeContent = { AnyView(content($0)) }
    node.rebuild()
    return node
  }

  func update(_ node: ViewNode) {
    guard let node = node as? GeometryReaderNode else { return }
    node.makeContent = { AnyView(content($0)) }
    node.rebuild()
  }
}

@MainActor
final class GeometryReaderNode: LayoutNode {
  var makeContent: ((GeometryProxy) -> AnyView)?
  /// The size the content was last made for.
  private var size = Size.zero

  override var displayName: String { "GeometryReader" }

  /// Makes the content again for the current size, as part of the body around the reader.
  func rebuild() {
    guard let makeContent else { return }
    let proxy = GeometryProxy(size: size, frameInWindow: view.convert(Rect(origin: .zero, size: size), to: nil))
    let content = readingState { makeContent(proxy) }
    if children.isEmpty {
      children = [makeChild(content)]
      structureDidChange()
    } else {
      updateChild(0, to: content)
    }
  }

  override func measure(_ proposal: ProposedViewSize) -> Size {
    proposal.replacingUnspecifiedDimensions()
  }

  override func placeContent(in bounds: Rect, proposal: ProposedViewSize) {
    if bounds.size != size {
      size = bounds.size
      rebuild()
      syncSubviews()
    }
    let nodes = layoutChildren
    let offered = ProposedViewSize(bounds.size)
    for node in nodes {
      let fitted = node.sizeThatFits(offered)
      node.place(in: Rect(origin: .zero, size: fitted), proposal: offered)
    }
  }
}

/// A column of views, as SwiftUI's `LazyVStack`: as wide as the space offered, its views
/// placed across by `alignment`. Every view is made and laid out, not only those in view:
/// for thousands of rows, a ``List`` makes only the rows on screen.
public struct LazyVStack<Content: View>: View {
  let alignment: HorizontalAlignment
  let spacing: Double?
  let content: Content

  /// A column of the views `content` makes.
  public init(alignment: HorizontalAlignment = .center, spacing: Double? = nil, @ViewBuilder content: () -> Content) {
    self.alignment = alignment
    self.spacing = spacing
    self.content = content()
  }

  public var body: some View {
    VStack(alignment: alignment, spacing: spacing) { content }
      .frame(maxWidth: .infinity, alignment: Alignment(horizontal: alignment, vertical: .center))
  }
}

/// A row of views, as SwiftUI's `LazyHStack`: as tall as the space offered, its views
/// placed down by `alignment`. Every view is made and laid out, not only those in view.
public struct LazyHStack<Content: View>: View {
  let alignment: VerticalAlignment
  let spacing: Double?
  let content: Content

  /// A row of the views `content` makes.
  public init(alignment: VerticalAlignment = .center, spacing: Double? = nil, @ViewBuilder content: () -> Content) {
    self.alignment = alignment
    self.spacing = spacing
    self.content = content()
  }

  public var body: some View {
    HStack(alignment: alignment, spacing: spacing) { content }
      .frame(maxHeight: .infinity, alignment: Alignment(horizontal: .center, vertical: alignment))
  }
}
