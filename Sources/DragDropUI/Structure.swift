import Foundation
import Views

extension TupleView: PrimitiveView {
  func makeNode(in context: NodeContext) -> ViewNode {
    let node = ViewNode(context, viewType: ObjectIdentifier(Self.self))
    for child in repeat each value { node.children.append(node.makeChild(child)) }
    return node
  }

  func update(_ node: ViewNode) {
    var index = 0
    for child in repeat each value {
      node.updateChild(index, to: child)
      index += 1
    }
  }
}

/// The node of a view that shows one of several subtrees, or none: an `if`, an optional.
@MainActor
final class BranchNode: ViewNode {
  /// Which branch the child comes from; nil when there is no child.
  var branch: Int?

  /// Shows `view` as branch `branch`, keeping the child when the branch is the same.
  func show<V: View>(_ view: V, branch: Int) {
    if self.branch == branch, !children.isEmpty {
      updateChild(0, to: view)
      return
    }
    hide()
    self.branch = branch
    children = [makeChild(view)]
    structureDidChange()
  }

  func hide() {
    guard !children.isEmpty else { return }
    for child in children { child.detach() }
    children = []
    branch = nil
    structureDidChange()
  }
}

extension ConditionalContent: PrimitiveView {
  func makeNode(in context: NodeContext) -> ViewNode {
    let node = BranchNode(context, viewType: ObjectIdentifier(Self.self))
    update(node)
    return node
  }

  func update(_ node: ViewNode) {
    guard let node = node as? BranchNode else { return }
    switch storage {
    case .trueContent(let view): node.show(view, branch: 0)
    case .falseContent(let view): node.show(view, branch: 1)
    }
  }
}

extension Optional: PrimitiveView where Wrapped: View {
  func makeNode(in context: NodeContext) -> ViewNode {
    let node = BranchNode(context, viewType: ObjectIdentifier(Self.self))
    update(node)
    return node
  }

  func update(_ node: ViewNode) {
    guard let node = node as? BranchNode else { return }
    if let view = self { node.show(view, branch: 0) } else { node.hide() }
  }
}

extension EmptyView: PrimitiveView {
  func makeNode(in context: NodeContext) -> ViewNode {
    ViewNode(context, viewType: ObjectIdentifier(Self.self))
  }

  func update(_ node: ViewNode) {}
}

extension Group: PrimitiveView {
  func makeNode(in context: NodeContext) -> ViewNode {
    let node = ViewNode(context, viewType: ObjectIdentifier(Self.self))
    node.children = [node.makeChild(content)]
    return node
  }

  func update(_ node: ViewNode) {
    node.updateChild(0, to: content)
  }
}

extension AnyView: PrimitiveView {
  func makeNode(in context: NodeContext) -> ViewNode {
    let node = ViewNode(context, viewType: ObjectIdentifier(Self.self))
    func make<V: View>(_ view: V) -> ViewNode { node.makeChild(view) }
    node.children = [make(view)]
    return node
  }

  func update(_ node: ViewNode) {
    func update<V: View>(_ view: V) { node.updateChild(0, to: view) }
    let before = node.children.first
    update(view)
    if node.children.first !== before { node.structureDidChange() }
  }
}

/// Views made from a collection, one per element, each keeping its identity (and its
/// state) by the element's id as the collection changes.
///
/// ```swift
/// ForEach(photos) { photo in Text(photo.title) }
/// ForEach(names, id: \.self) { Text($0) }
/// ForEach(0..<3) { Text("Row \($0)") }
/// ```
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: View {
  /// The data the views are made from.
  public var data: Data
  /// Makes the view of one element.
  public var content: (Data.Element) -> Content
  let id: (Data.Element) -> ID
  var moveAction: (@MainActor (IndexSet, Int) -> Void)?
  var insertAction: ForEachInsertAction?
  var deleteAction: (@MainActor (IndexSet) -> Void)?

  /// A view for each element of `data`, told apart by the identifier at `id`.
  public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
    self.data = data
    self.content = content
    nonisolated(unsafe) let keyPath = id
    self.id = { $0[keyPath: keyPath] }
  }

  public var body: Never { primitiveBodyRequested(Self.self) }
}

extension ForEach where Data.Element: Identifiable, ID == Data.Element.ID {
  /// A view for each element of `data`, told apart by its `id`.
  public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
    self.data = data
    self.content = content
    id = { $0.id }
  }
}

extension ForEach where Data == Range<Int>, ID == Int {
  /// Views for a constant range of numbers: each is identified by its number.
  public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
    self.data = data
    self.content = content
    id = { $0 }
  }
}

/// The node of a ``ForEach``: a child per element, keyed by id.
@MainActor
final class ForEachNode: ViewNode {
  /// The key of each child, a `[ForEachKey<ID>]` for the `ForEach`'s `ID`: the element's
  /// id, and which occurrence of it this is, since a collection may repeat an id (each
  /// repeat gets a node of its own). Typed, so that matching keys hashes and compares the
  /// ids themselves, not boxes of them.
  private var keys: Any = ()
  /// Reordering by drag, when the `ForEach` has `onMove` and sits in a stack.
  private var reorder: StackReorder?

  /// Turns reordering by drag on (with the action) or off.
  func setMoveAction(_ action: (@MainActor (IndexSet, Int) -> Void)?) {
    guard let action else {
      reorder?.detach()
      reorder = nil
      return
    }
    let reorder = self.reorder ?? StackReorder(node: self)
    self.reorder = reorder
    reorder.move = action
    reorder.attach()
  }

  override func detach() {
    reorder?.detach()
    reorder = nil
    super.detach()
  }

  func reconcile<ID: Hashable, V: View>(keys newKeys: [ForEachKey<ID>], views: [V]) {
    let oldKeys = keys as? [ForEachKey<ID>] ?? []
    if oldKeys.isEmpty && children.isEmpty {
      children = views.map { makeChild($0) }
      keys = newKeys
      if !children.isEmpty { structureDidChange() }
      return
    }
    // The same keys in the same order: each child is updated in its place.
    if oldKeys == newKeys && children.count == views.count {
      keys = newKeys
      for index in views.indices { updateChild(index, to: views[index]) }
      return
    }
    var old: [ForEachKey<ID>: Int] = [:]
    old.reserveCapacity(oldKeys.count)
    for index in 0..<min(oldKeys.count, children.count) { old[oldKeys[index]] = index }
    var reused = [Bool](repeating: false, count: children.count)
    var next: [ViewNode] = []
    next.reserveCapacity(views.count)
    for index in 0..<min(newKeys.count, views.count) {
      if let position = old.removeValue(forKey: newKeys[index]) {
        reused[position] = true
        next.append(graph.update(children[position], to: views[index], environment: childEnvironment))
      } else {
        next.append(makeChild(views[index]))
      }
    }
    for (position, child) in children.enumerated() where !reused[position] { child.detach() }
    // Each node keeps its key: the same nodes in the same places mean the same keys.
    var changed = next.count != children.count
    if !changed {
      for index in next.indices where next[index] !== children[index] {
        changed = true
        break
      }
    }
    children = next
    keys = newKeys
    if changed { structureDidChange() }
  }
}

struct ForEachKey<ID: Hashable>: Hashable {
  var id: ID
  var occurrence: Int
}

extension ForEach: PrimitiveView {
  func makeNode(in context: NodeContext) -> ViewNode {
    let node = ForEachNode(context, viewType: ObjectIdentifier(Self.self))
    update(node)
    return node
  }

  func update(_ node: ViewNode) {
    guard let node = node as? ForEachNode else { return }
    var seen: [ID: Int] = [:]
    var keys: [ForEachKey<ID>] = []
    var views: [Content] = []
    seen.reserveCapacity(data.count)
    keys.reserveCapacity(data.count)
    views.reserveCapacity(data.count)
    for element in data {
      let id = id(element)
      let occurrence = seen[id, default: 0]
      seen[id] = occurrence + 1
      keys.append(ForEachKey(id: id, occurrence: occurrence))
      views.append(content(element))
    }
    node.reconcile(keys: keys, views: views)
    node.setMoveAction(moveAction)
  }
}

/// What ``ForEach/onInsert(of:perform:)`` keeps.
struct ForEachInsertAction {
  var types: [ContentType]
  var action: @MainActor (Int, [ItemProvider]) -> Void
  /// For a typed drop destination: reads one provider as the type, starting now.
  var load: (@MainActor (ItemProvider, @escaping @Sendable (Result<any Sendable, any Error>) -> Void) -> LoadProgress)?
  /// For a typed drop destination: takes the values read, at an offset.
  var insertValues: (@MainActor ([Any], Int) -> Void)?
}

extension MutableCollection where Self: RangeReplaceableCollection {
  /// Moves the elements at `source` so that they go, in their order, before the element
  /// that was at `destination` (an offset counted before they are removed): what
  /// ``ForEach/onMove(perform:)`` hands its action.
  public mutating func move(fromOffsets source: IndexSet, toOffset destination: Int) {
    let offsets = source.filter { $0 >= 0 && $0 < count }
    guard !offsets.isEmpty else { return }
    let moving = offsets.map { self[index(startIndex, offsetBy: $0)] }
    let before = offsets.count { $0 < destination }
    for offset in offsets.reversed() { remove(at: index(startIndex, offsetBy: offset)) }
    let target = Swift.min(Swift.max(0, destination - before), count)
    insert(contentsOf: moving, at: index(startIndex, offsetBy: target))
  }
}

extension RangeReplaceableCollection {
  /// Removes the elements at `offsets`: what ``ForEach/onDelete(perform:)`` hands its
  /// action.
  public mutating func remove(atOffsets offsets: IndexSet) {
    for offset in offsets.reversed() where offset >= 0 && offset < count {
      remove(at: index(startIndex, offsetBy: offset))
    }
  }
}
