import DragDrop

// SwiftUI's drop operations, a superset of the engine's: a drop may also delete (a trash)
// or alias. Each maps onto the engine's operations at the boundary: a delete is a move
// whose target keeps nothing, an alias a copy.

/// What a drop does with the dragged data, as SwiftUI's `DropOperation`.
public enum DropOperation: Hashable, Sendable, CustomStringConvertible {
  /// Nothing happens; the drag animates back.
  case cancel
  /// The drop is not allowed here; releasing cancels it.
  case forbidden
  /// The data is copied to the destination.
  case copy
  /// The data moves: the destination takes it, and the source deletes its own.
  case move
  /// The data is deleted: the items were dropped on a trash or another destination that
  /// stands for deletion. The source deletes its own, if its ``DragConfiguration`` allows
  /// deletes; otherwise a target asking for a delete is forbidden.
  case delete
  /// A link to the data is made: DragDrop makes a copy, as the desktop has no aliases to
  /// make between applications.
  case alias

  /// A set of operations.
  public struct Set: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    /// A set with the operations of `rawValue`'s bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Copying.
    public static let copy = Set(rawValue: 1 << 0)
    /// Moving.
    public static let move = Set(rawValue: 1 << 1)
    /// Deleting.
    public static let delete = Set(rawValue: 1 << 2)
    /// Making an alias.
    public static let alias = Set(rawValue: 1 << 3)
  }

  public var description: String {
    switch self {
    case .delete: "delete"
    case .alias: "alias"
    case .cancel, .forbidden, .copy, .move: engineOperation.description
    }
  }

  /// The operation the engine reports.
  init(_ operation: DragDrop.DropOperation) {
    switch operation {
    case .cancel: self = .cancel
    case .forbidden: self = .forbidden
    case .copy: self = .copy
    case .move: self = .move
    }
  }

  /// The engine's operation for this one: a delete moves the items out of their source,
  /// an alias copies them.
  var engineOperation: DragDrop.DropOperation {
    switch self {
    case .cancel: .cancel
    case .forbidden: .forbidden
    case .copy, .alias: .copy
    case .move, .delete: .move
    }
  }
}

/// What a drop target proposes for the drag over it, as SwiftUI's `DropProposal`.
public struct DropProposal: Hashable, Sendable {
  /// What a drop here would do.
  public let operation: DropOperation

  /// A proposal of `operation`.
  public init(operation: DropOperation) {
    self.operation = operation
  }
}

/// The operation a drop destination chooses for a drag, as SwiftUI's `DropConfiguration`;
/// ``View/dropConfiguration(_:)`` gives it.
public struct DropConfiguration: Hashable, Sendable {
  /// The operation the destination performs.
  public var operation: DropOperation

  /// A configuration that performs `operation`.
  public init(operation: DropOperation) {
    self.operation = operation
  }
}

extension EnvironmentValues {
  private struct DropConfigurationKey: EnvironmentKey {
    static let defaultValue: (@MainActor (DropSession) -> DropConfiguration)? = nil
  }

  var dropConfiguration: (@MainActor (DropSession) -> DropConfiguration)? {
    get { self[DropConfigurationKey.self] }
    set { self[DropConfigurationKey.self] = newValue }
  }
}

extension View {
  /// Chooses the operation of each drag over the drop destinations inside, from the drag:
  /// `configuration` is asked as the drag moves. A trash returns
  /// `DropConfiguration(operation: .delete)`: the source hears `.ended(.delete)` in
  /// ``View/onDragSessionUpdated(_:)`` and deletes the items, if its
  /// ``DragConfiguration`` allows deletes.
  public func dropConfiguration(_ configuration: @escaping @MainActor (DropSession) -> DropConfiguration) -> some View {
    environment(\.dropConfiguration, configuration)
  }
}
