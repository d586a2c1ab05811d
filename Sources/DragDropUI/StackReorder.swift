import DragDrop
import Foundation
import Views

/// Reordering the views of a `ForEach` with `onMove` inside a stack, beyond SwiftUI, which
/// reorders only lists: each element's view drags, and the stack takes the drop between
/// its elements, showing a line where the element will go.
@MainActor
final class StackReorder: DragInteractionDelegate, DropInteractionDelegate {
  private weak var node: ForEachNode?
  var move: (@MainActor (IndexSet, Int) -> Void)?
  private var drags: [ObjectIdentifier: DragInteraction] = [:]
  private weak var stackView: Views.View?
  private var drop: DropInteraction?
  private let indicator = HostedView()
  /// The slot the drag is over, counted before the element leaves.
  private var slot: Int?

  init(node: ForEachNode) {
    self.node = node
    indicator.backgroundColor = .accentColor
    indicator.isUserInteractionEnabled = false
  }

  /// The stack the elements are in, and its axis; nil outside a vertical or horizontal
  /// stack.
  private var stack: (node: StackNode, axis: Axis)? {
    var current = node?.parent
    while let candidate = current {
      if let stack = candidate as? StackNode {
        switch stack.kind {
        case .vertical: return (stack, .vertical)
        case .horizontal: return (stack, .horizontal)
        case .depth: return nil
        }
      }
      if candidate is LayoutNode { return nil }
      current = candidate.parent
    }
    return nil
  }

  /// The elements' views, in order: the first view of each element.
  private var elementViews: [Views.View] {
    node?.children.compactMap { $0.layoutNodes.first?.view } ?? []
  }

  /// Puts a drag interaction on each element's view and the drop interaction on the stack.
  func attach() {
    let views = elementViews
    let wanted = Set(views.map(ObjectIdentifier.init))
    for (key, interaction) in drags where !wanted.contains(key) {
      interaction.view?.removeInteraction(interaction)
      drags[key] = nil
    }
    for view in views where drags[ObjectIdentifier(view)] == nil {
      let interaction = DragInteraction(delegate: self)
      interaction.isEnabled = true
      interaction.name = view.accessibilityLabel ?? "onMove"
      view.addInteraction(interaction)
      drags[ObjectIdentifier(view)] = interaction
    }
    guard let stack = stack?.node.view else { return }
    if stackView !== stack {
      if let drop { stackView?.removeInteraction(drop) }
      let interaction = DropInteraction(delegate: self)
      interaction.name = "onMove"
      interaction.keyboardDropStopsProvider = { [weak self] in self?.keyboardStops() ?? KeyboardDropStops([]) }
      stack.addInteraction(interaction)
      drop = interaction
      stackView = stack
    }
  }

  func detach() {
    for interaction in drags.values { interaction.view?.removeInteraction(interaction) }
    drags.removeAll()
    if let drop { stackView?.removeInteraction(drop) }
    indicator.removeFromSuperview()
  }

  // MARK: Dragging an element

  func dragInteraction(_ interaction: DragInteraction, itemsForBeginning session: DragDrop.DragSession) -> [DragItem] {
    guard move != nil, let view = interaction.view,
      let index = elementViews.firstIndex(where: { $0 === view })
    else { return [] }
    let item = DragItem(itemProvider: ItemProvider())
    item.localObject = StackElementDrag(reorder: self, index: index)
    return [item]
  }

  func dragInteraction(
    _ interaction: DragInteraction, sessionIsRestrictedToDraggingApplication session: DragDrop.DragSession
  )
    -> Bool
  { true }

  // MARK: Dropping between elements

  private func drag(in session: DragDrop.DropSession) -> StackElementDrag? {
    guard session.items.count == 1, let drag = session.items.first?.localObject as? StackElementDrag,
      drag.reorder === self
    else { return nil }
    return drag
  }

  func dropInteraction(_ interaction: DropInteraction, canHandle session: DragDrop.DropSession) -> Bool {
    drag(in: session) != nil
  }

  func dropInteraction(
    _ interaction: DropInteraction, sessionDidUpdate session: DragDrop.DropSession
  ) -> DragDrop.DropProposal {
    guard drag(in: session) != nil, let (stack, axis) = stack else { return DragDrop.DropProposal(operation: .cancel) }
    let location = session.location(in: stack.view)
    let frames = elementViews.map { $0.frame }
    let along = axis == .vertical ? location.y : location.x
    let slot = frames.firstIndex { (axis == .vertical ? $0.midY : $0.midX) > along } ?? frames.count
    show(slot, frames: frames, axis: axis, in: stack.view)
    return DragDrop.DropProposal(operation: .move)
  }

  func dropInteraction(_ interaction: DropInteraction, sessionDidExit session: DragDrop.DropSession) { hide() }
  func dropInteraction(_ interaction: DropInteraction, sessionDidEnd session: DragDrop.DropSession) { hide() }

  func dropInteraction(_ interaction: DropInteraction, performDrop session: DragDrop.DropSession) {
    guard let drag = drag(in: session), let slot else { return }
    hide()
    // The slot is counted before the element leaves, as onMove takes it.
    if slot != drag.index && slot != drag.index + 1 { move?(IndexSet(integer: drag.index), slot) }
  }

  /// The stops of a keyboard drag: each place between the elements, from the first.
  private func keyboardStops() -> KeyboardDropStops {
    guard let (stack, axis) = stack else { return KeyboardDropStops([]) }
    return KeyboardDropStops(positions(frames: elementViews.map(\.frame), axis: axis, in: stack.view))
  }

  private func positions(frames: [Rect], axis: Axis, in view: Views.View) -> [Point] {
    return (0...frames.count).map { slot -> Point in
      let before = slot > 0 ? frames[slot - 1] : nil
      let after = slot < frames.count ? frames[slot] : nil
      switch axis {
      case .vertical:
        let y = before.map { b in after.map { ($0.minY + b.maxY) / 2 } ?? b.maxY - 1 } ?? (after?.minY ?? 0) + 1
        return Point(x: (after ?? before)?.midX ?? view.bounds.midX, y: y)
      case .horizontal:
        let x = before.map { b in after.map { ($0.minX + b.maxX) / 2 } ?? b.maxX - 1 } ?? (after?.minX ?? 0) + 1
        return Point(x: x, y: (after ?? before)?.midY ?? view.bounds.midY)
      }
    }
  }

  private func show(_ slot: Int, frames: [Rect], axis: Axis, in view: Views.View) {
    self.slot = slot
    guard let reference = slot < frames.count ? frames[slot] : frames.last else { return }
    let atEnd = slot >= frames.count
    indicator.frame =
      axis == .vertical
      ? Rect(x: reference.minX, y: (atEnd ? reference.maxY : reference.minY) - 1, width: reference.width, height: 2)
      : Rect(x: (atEnd ? reference.maxX : reference.minX) - 1, y: reference.minY, width: 2, height: reference.height)
    if indicator.superview !== view { view.addSubview(indicator) }
  }

  private func hide() {
    slot = nil
    indicator.removeFromSuperview()
  }
}

/// What an element dragged out of a stack carries inside the application.
@MainActor
final class StackElementDrag {
  weak var reorder: StackReorder?
  let index: Int

  init(reorder: StackReorder, index: Int) {
    self.reorder = reorder
    self.index = index
  }
}
