/// One thing being dragged: a promise of data, plus what only the source process sees.
@MainActor
public final class DragItem {
  /// The data, loaded by the destination when it takes the drop.
  public let itemProvider: ItemProvider
  /// Anything the source wants to carry along, such as the model object or view the item
  /// came from. Visible only inside the source process: a drop session from another
  /// process has nil here (rule 9).
  public var localObject: Any?
  /// Makes the preview shown while the item is dragged. Nil means the default preview
  /// (the lift preview); a provider that returns nil means no preview.
  public var previewProvider: (@MainActor () -> DragPreview?)?

  public init(itemProvider: ItemProvider) {
    self.itemProvider = itemProvider
  }

  /// A copy for a drop session: the provider seen through `provider`, the local object only
  /// when the drag stays in the process.
  func copy(provider: ItemProvider, keepingLocalObject: Bool) -> DragItem {
    let item = DragItem(itemProvider: provider)
    item.localObject = keepingLocalObject ? localObject : nil
    item.previewProvider = previewProvider
    return item
  }
}

/// What a drop does with the data.
public enum DropOperation: Int, Sendable, Hashable, CustomStringConvertible {
  /// Nothing happens; the drag animates back.
  case cancel = 0
  /// The drop is not allowed here; the drag shows that and cancels if released.
  case forbidden = 1
  /// The data is copied to the destination.
  case copy = 2
  /// The data moves: the destination takes it, and the source deletes its own (the system
  /// deletes nothing).
  case move = 3

  public var description: String {
    switch self {
    case .cancel: "cancel"
    case .forbidden: "forbidden"
    case .copy: "copy"
    case .move: "move"
    }
  }

  /// Whether a drop with this operation performs (rule 14).
  public var performsDrop: Bool { self == .copy || self == .move }
}

/// What a drop target proposes for the session over it.
public struct DropProposal: Hashable, Sendable, CustomStringConvertible {
  public var operation: DropOperation
  /// Whether the target needs a precise location, which moves the touch point ahead of
  /// the finger.
  public var isPrecise = false
  /// Whether the preview should show at full size over the target.
  public var prefersFullSizePreview = false

  public init(operation: DropOperation) {
    self.operation = operation
  }

  public var description: String {
    var text = "DropProposal(\(operation)"
    if isPrecise { text += ", precise" }
    if prefersFullSizePreview { text += ", fullSize" }
    return text + ")"
  }
}
