import Foundation
import Views

/// A view of the engine that shows a declarative view: put it in any window, a GTK window
/// or a headless test window, and it lays out, draws and takes drags like any other view.
///
/// ```swift
/// let host = HostingView(rootView: Sample11View())
/// host.frame = window.bounds
/// window.addSubview(host)
/// ```
///
/// State changes are applied on the window's clock, at once, and before any layout or
/// drawing: ``update()`` applies them now.
@MainActor
public final class HostingView<Content: View>: Views.View {
  /// The live tree: its ``ViewGraph/statistics`` count body evaluations and redraws.
  public let graph = ViewGraph()
  private var root: RootNode!
  private var scheduledUpdate: ScheduledAction?

  /// The view shown. Setting it updates the tree, keeping what keeps its identity.
  public var rootView: Content {
    didSet {
      root.updateChild(0, to: rootView)
      graph.update()
      setNeedsLayout()
    }
  }

  /// An engine view of `frame` that shows `rootView` and keeps it up to date.
  public init(rootView: Content, frame: Rect = .zero) {
    self.rootView = rootView
    super.init(frame: frame)
    graph.windowEnvironment = { [weak self] in self?.environment ?? .detached }
    graph.clock = { [weak self] in self?.window?.clock }
    graph.updateRequested = { [weak self] in self?.scheduleUpdate() }
    root = RootNode(graph: graph)
    root.children = [root.makeChild(rootView)]
    root.syncSubviews()
    root.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    root.view.frame = bounds
    addSubview(root.view)
    graph.update()
  }

  private func scheduleUpdate() {
    setNeedsLayout()
    guard scheduledUpdate?.isPending != true, let clock = window?.clock else { return }
    scheduledUpdate = clock.schedule(after: 0) { [weak self] in self?.update() }
  }

  public override func didMoveToWindow() {
    var values = root.environment
    values.windowEnvironment = environment
    root.inherit(values)
    if graph.needsUpdate { scheduleUpdate() }
    setNeedsLayout()
  }

  /// Applies the state changes made so far, and lays the views out again.
  public func update() {
    graph.update()
    setNeedsLayout()
    layoutIfNeeded()
  }

  public override func layoutSubviews() {
    graph.update()
    graph.beginLayoutPass()
    root.view.frame = bounds
    root.place(in: bounds, proposal: ProposedViewSize(bounds.size))
    graph.finishLayoutPass()
  }

  /// The size the content takes when offered `size`.
  public override func sizeThatFits(_ size: Size) -> Size {
    graph.update()
    graph.beginLayoutPass()
    return root.sizeThatFits(ProposedViewSize(size))
  }
}

/// The root of a hosting view's tree: its content, centred in the view.
@MainActor
final class RootNode: LayoutNode {
  init(graph: ViewGraph) {
    super.init(
      NodeContext(graph: graph, parent: nil, environment: EnvironmentValues()),
      viewType: ObjectIdentifier(RootNode.self))
  }

  override var displayName: String { "Root" }

  override func measure(_ proposal: ProposedViewSize) -> Size {
    ContentLayout(nodes: layoutChildren).size(proposal)
  }

  override func placeContent(in bounds: Rect, proposal: ProposedViewSize) {
    let content = ContentLayout(nodes: layoutChildren)
    let size = content.size(proposal)
    content.place(in: Rect(origin: Alignment.center.origin(of: size, in: bounds), size: size), proposal: proposal)
  }
}
