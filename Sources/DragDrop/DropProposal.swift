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
  /// What a drop here would do.
  public var operation: DropOperation
  /// Whether the target needs a precise location, which moves the touch point ahead of
  /// the finger.
  public var isPrecise = false
  /// Whether the preview should show at full size over the target.
  public var prefersFullSizePreview = false

  /// A proposal of `operation`.
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
