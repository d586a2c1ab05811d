import Foundation
import Logging
import Observation
import Views

private let graphLogger = Logger(label: "DragDrop.ViewGraph")

/// What a node is made in: its graph, its parent and the environment it inherits.
@MainActor
struct NodeContext {
  unowned let graph: ViewGraph
  weak var parent: ViewNode?
  var environment: EnvironmentValues

  func child(environment: EnvironmentValues? = nil, of parent: ViewNode) -> NodeContext {
    NodeContext(graph: graph, parent: parent, environment: environment ?? parent.environment)
  }
}

/// How much an update did: what tests count to prove that a state change re-evaluates only
/// the bodies that read it, and redraws only what changed.
public struct UpdateStatistics: Hashable, Sendable, CustomStringConvertible {
  /// Bodies of views (`body`) evaluated.
  public var bodyEvaluations = 0
  /// On-screen views made, or changed in a way that shows.
  public var viewsRedrawn = 0
  /// Layout passes.
  public var layoutPasses = 0
  /// Nodes placed again in layout passes: those that changed, or whose place or offer
  /// did, and the nodes above them. The others keep their places.
  public var nodesPlaced = 0

  /// Zero counts.
  public init() {}

  public var description: String {
    "\(bodyEvaluations) bodies, \(viewsRedrawn) views redrawn, \(layoutPasses) layout passes, \(nodesPlaced) nodes placed"
  }
}

/// The live tree behind a declarative view: a node per view, holding its state, its
/// dependencies and its on-screen view. State changes mark the nodes that read the state;
/// an update evaluates their bodies again, top down, and keeps every node whose identity
/// (its place in the tree, or its `id` in a `ForEach`) is unchanged.
@MainActor
public final class ViewGraph {
  /// Called once when the graph needs an update, until ``update()`` runs.
  var updateRequested: (@MainActor () -> Void)?
  /// The window environment: text measuring and the device configuration.
  var windowEnvironment: @MainActor () -> WindowEnvironment = { .detached }
  /// The clock animations run on: the window's.
  var clock: @MainActor () -> (any MainActorClock)? = { nil }
  /// Moves and fades the views of animated changes.
  let animator = Animator()
  /// The animation of the state changes waiting for an update (``withAnimation(_:_:)``).
  private var pendingAnimation: Animation?
  /// The animation of the update under way and the layout pass after it.
  private(set) var layoutAnimation: Animation?
  /// Parts of the tree whose changes animate in the next layout pass
  /// (``View/animation(_:value:)``).
  private var animatedScopes: [(node: ViewNode, animation: Animation?)] = []
  /// Layout passes so far: a node placed first in this one is new.
  private(set) var layoutPassNumber = 0

  /// Counts since the graph was made; tests read and reset them.
  public var statistics = UpdateStatistics()

  /// The node whose body is being evaluated: state read now is a dependency of it.
  static var evaluating: CompositeNode?

  private var dirty: [ObjectIdentifier: CompositeNode] = [:]
  /// Actions to run once the update under way, or the next one, has finished:
  /// `onAppear` and `onDisappear`.
  private var afterUpdates: [@MainActor () -> Void] = []
  private var pendingSyncs: [LayoutNode] = []
  private var updateIsRequested = false
  private var isUpdating = false

  init() {}

  /// Whether a state change waits for ``update()``.
  public var needsUpdate: Bool { !dirty.isEmpty || !pendingSyncs.isEmpty || !afterUpdates.isEmpty }

  /// Runs `action` when the update under way has finished, or after the next one.
  func afterUpdate(_ action: @escaping @MainActor () -> Void) {
    afterUpdates.append(action)
    requestUpdate()
  }

  /// Makes the node of a view, with its subtree.
  func makeNode<V: View>(_ view: V, in context: NodeContext) -> ViewNode {
    guard let primitive = view as? any PrimitiveView else { return CompositeNode(view, in: context) }
    let node = primitive.makeNode(in: context)
    if let layout = node as? LayoutNode { layout.syncSubviews() }
    return node
  }

  /// Brings `node` up to date with `view`, and returns the node to keep: the same one when
  /// it was made for a view of the same type, a new one otherwise.
  func update<V: View>(_ node: ViewNode, to view: V, environment: EnvironmentValues) -> ViewNode {
    // A view that stands for another (a modifier's content, a style's label) has the node
    // of the `AnyView` it forwards to.
    let type = V.self is any ForwardingView.Type ? ObjectIdentifier(AnyView.self) : ObjectIdentifier(V.self)
    guard node.viewType == type else {
      let replacement = makeNode(view, in: NodeContext(graph: self, parent: node.parent, environment: environment))
      node.detach()
      replacement.parent?.structureDidChange()
      return replacement
    }
    node.inherit(environment)
    if let primitive = view as? any PrimitiveView {
      primitive.update(node)
      if !Swift.type(of: primitive).updateInvalidatesItself { (node as? LayoutNode)?.invalidateLayout() }
    } else if let composite = node as? CompositeNode {
      composite.update(to: view)
    }
    return node
  }

  /// Notes that a node's body must be evaluated again.
  func invalidate(_ node: CompositeNode, animation: Animation? = TransactionContext.animation) {
    guard node.isAttached else { return }
    if let animation { pendingAnimation = animation }
    node.isDirty = true
    dirty[ObjectIdentifier(node)] = node
    requestUpdate()
  }

  /// Notes that a layout node's on-screen subviews must follow its children.
  func needsSubviewSync(_ node: LayoutNode) {
    guard !node.needsSubviewSync else { return }
    node.needsSubviewSync = true
    pendingSyncs.append(node)
    requestUpdate()
  }

  private func requestUpdate() {
    guard !updateIsRequested, !isUpdating else { return }
    updateIsRequested = true
    updateRequested?()
  }

  /// Evaluates the bodies of every node whose state changed, parents first, and brings the
  /// on-screen views up to date. Nothing happens when nothing changed.
  public func update() {
    updateIsRequested = false
    guard !isUpdating else { return }
    isUpdating = true
    var deferred = false
    defer {
      isUpdating = false
      if deferred { requestUpdate() }
    }
    // Changes waiting since a withAnimation, or made inside one now (a new root view).
    if let animation = TransactionContext.animation ?? pendingAnimation {
      layoutAnimation = animation
      pendingAnimation = nil
    }
    var rounds = 0
    repeat {
      rounds += 1
      guard rounds <= Self.maximumRounds else {
        // An action that changes what it watches, every time: go on at the next update,
        // so that the window stays responsive.
        graphLogger.warning(
          "an onAppear, onChange or onDisappear action kept changing state; the rest waits for the next update")
        deferred = true
        return
      }
      while !dirty.isEmpty {
        let nodes = dirty.values.sorted { $0.depth < $1.depth }
        dirty.removeAll()
        for node in nodes where node.isAttached && node.isDirty {
          node.evaluate()
        }
      }
      while let node = pendingSyncs.popLast() {
        node.needsSubviewSync = false
        if node.isAttached { node.syncSubviews() }
      }
      // Appear and disappear actions run once the tree is up to date; the state they
      // change is applied in the same update.
      let actions = afterUpdates
      afterUpdates.removeAll()
      for action in actions { action() }
    } while !dirty.isEmpty || !pendingSyncs.isEmpty || !afterUpdates.isEmpty
  }

  /// How many rounds of bodies and actions one update runs at most.
  static let maximumRounds = 100

  /// Counts a layout pass.
  func beginLayoutPass() {
    statistics.layoutPasses += 1
    layoutPassNumber += 1
  }

  /// Ends the layout pass after an animated update: later changes do not animate.
  func finishLayoutPass() {
    layoutAnimation = nil
    animatedScopes.removeAll()
  }

  /// Animates the changes inside `node` in the next layout pass; nil makes them at once,
  /// whatever a scope around it says.
  func animate(_ node: ViewNode, with animation: Animation?) {
    animatedScopes.append((node, animation))
  }

  /// The animation the changes of `node` take now, if any: the update's, or that of an
  /// ``View/animation(_:value:)`` around the node.
  func animation(for node: ViewNode) -> Animation? {
    if let animation = TransactionContext.animation ?? layoutAnimation { return animation }
    guard !animatedScopes.isEmpty else { return nil }
    var current: ViewNode? = node
    while let scope = current {
      if let found = animatedScopes.last(where: { $0.node === scope }) { return found.animation }
      current = scope.parent
    }
    return nil
  }
}

/// One view's place in the live tree.
@MainActor
class ViewNode {
  unowned let graph: ViewGraph
  weak var parent: ViewNode?
  private(set) var environment: EnvironmentValues
  var children: [ViewNode] = []
  let viewType: ObjectIdentifier
  let depth: Int
  private(set) var isAttached = true

  init(_ context: NodeContext, viewType: ObjectIdentifier) {
    graph = context.graph
    parent = context.parent
    environment = context.environment
    self.viewType = viewType
    depth = (context.parent?.depth ?? -1) + 1
  }

  /// The environment children inherit: the node's own, unless it writes to it.
  var childEnvironment: EnvironmentValues { environment }

  /// Takes the parent's environment; when it changed, tells the node and its subtree.
  func inherit(_ environment: EnvironmentValues) {
    guard !environment.isSame(as: self.environment) else { return }
    self.environment = environment
    environmentDidChange()
    for child in children { child.inherit(childEnvironment) }
  }

  /// Called when the inherited environment changed.
  func environmentDidChange() {}

  /// The nodes that lay themselves out, in order: the node itself when it does, otherwise
  /// those of its children.
  func collectLayoutNodes(into nodes: inout [LayoutNode]) {
    for child in children { child.collectLayoutNodes(into: &nodes) }
  }

  final var layoutNodes: [LayoutNode] {
    var nodes: [LayoutNode] = []
    collectLayoutNodes(into: &nodes)
    return nodes
  }

  /// Called when the node's children were replaced, added or removed: the nearest layout
  /// node above must bring its on-screen subviews in line.
  func structureDidChange() {
    var node: ViewNode? = self
    while let current = node {
      if let layout = current as? LayoutNode {
        graph.needsSubviewSync(layout)
        return
      }
      node = current.parent
    }
  }

  /// Runs `body`, which reads state for a built-in view (a text field reads its binding),
  /// as part of the body that made the view: a change of that state evaluates the body
  /// again, and so updates the view.
  final func readingState<T>(_ body: () -> T) -> T {
    var node: ViewNode? = parent
    while let current = node, !(current is CompositeNode) { node = current.parent }
    let outer = ViewGraph.evaluating
    ViewGraph.evaluating = node as? CompositeNode
    defer { ViewGraph.evaluating = outer }
    return body()
  }

  /// Takes the node out of the tree: it no longer hears state changes.
  func detach() {
    isAttached = false
    for child in children { child.detach() }
  }

  /// Makes a child for `view`.
  final func makeChild<V: View>(_ view: V, environment: EnvironmentValues? = nil) -> ViewNode {
    graph.makeNode(view, in: NodeContext(graph: graph, parent: self, environment: environment ?? childEnvironment))
  }

  /// Updates child `index` to `view`, replacing it when its type changed.
  final func updateChild<V: View>(_ index: Int, to view: V) {
    let old = children[index]
    let new = graph.update(old, to: view, environment: childEnvironment)
    if new !== old { children[index] = new }
  }
}

/// The node of a view with a body: it keeps the view's state, and evaluates the body again
/// when state the body read changed, or when the view's own inputs did.
@MainActor
final class CompositeNode: ViewNode {
  private(set) var view: any View
  var isDirty = false
  /// The state boxes the body read last time.
  private var dependencies: [ObjectIdentifier: any StateStorage] = [:]
  /// The state of the view, by the order its properties are declared in.
  private var stateSlots: [any StateStorage] = []
  private var readsEnvironment = false

  init<V: View>(_ view: V, in context: NodeContext) {
    self.view = view
    super.init(context, viewType: ObjectIdentifier(V.self))
    install(view)
    evaluate()
  }

  /// Links the view's dynamic properties (its `@State`, `@Environment`) to this node.
  private func install(_ view: any View) {
    var slot = 0
    DynamicProperties.visit(view) { property in
      switch property.link(to: self, existing: slot < stateSlots.count ? stateSlots[slot] : nil) {
      case .state(let storage):
        if slot >= stateSlots.count { stateSlots.append(storage) }
        slot += 1
      case .environment:
        readsEnvironment = true
      case .none:
        break
      }
    }
  }

  func update<V: View>(to newView: V) {
    install(newView)
    let changed = !ViewInputs.areEqual(view, newView)
    view = newView
    if changed || isDirty { evaluate() }
  }

  override func environmentDidChange() {
    if readsEnvironment { graph.invalidate(self) }
  }

  /// Evaluates the body and brings the child up to date with it.
  func evaluate() {
    isDirty = false
    for storage in dependencies.values { storage.removeDependent(self) }
    dependencies.removeAll()
    graph.statistics.bodyEvaluations += 1
    let outer = ViewGraph.evaluating
    ViewGraph.evaluating = self
    let reference = WeakNode(self)
    let body = withObservationTracking {
      Self.body(of: view)
    } onChange: {
      reference.invalidateOnMainActor()
    }
    ViewGraph.evaluating = outer
    reconcile(body)
  }

  private static func body(of view: some View) -> any View { view.body }

  private func reconcile(_ body: some View) {
    if children.isEmpty {
      children = [makeChild(body)]
      structureDidChange()
    } else {
      updateChild(0, to: body)
    }
  }

  /// Records that the body being evaluated read `storage`.
  func noteDependency(on storage: any StateStorage) {
    let key = ObjectIdentifier(storage)
    guard dependencies[key] == nil else { return }
    dependencies[key] = storage
    storage.addDependent(self)
  }

  override func detach() {
    for storage in dependencies.values { storage.removeDependent(self) }
    dependencies.removeAll()
    super.detach()
  }
}

/// A node held weakly across the Observation callback, which may run on any thread.
private final class WeakNode: @unchecked Sendable {
  // Read and written on the main actor only.
  private weak var node: CompositeNode?

  @MainActor init(_ node: CompositeNode) { self.node = node }

  /// Observation calls back inside the mutation, on whatever thread or actor made it:
  /// the node is marked on the main actor, as soon as it runs next.
  func invalidateOnMainActor() {
    // A change made inside withAnimation animates, whatever thread the main actor runs on.
    let animation = TransactionContext.animation
    Task { @MainActor in self.invalidate(animation) }
  }

  @MainActor private func invalidate(_ animation: Animation?) {
    guard let node else { return }
    node.graph.invalidate(node, animation: animation)
  }
}
