import DragDrop
import Foundation

/// A drop proposal with an intent (rule 20), as the list engine keeps it; a table's
/// delegate answers with a ``TableViewDropProposal`` and a collection view's with a
/// ``CollectionViewDropProposal``.
package struct ItemsViewDropProposal: Sendable, Hashable {
  package var operation: DropOperation
  package var intent: DropIntent
  package var isPrecise = false
  package var prefersFullSizePreview = false

  package init(operation: DropOperation, intent: DropIntent = .unspecified) {
    self.operation = operation
    self.intent = intent
  }

  var dropProposal: DropProposal {
    var proposal = DropProposal(operation: operation)
    proposal.isPrecise = isPrecise
    proposal.prefersFullSizePreview = prefersFullSizePreview
    return proposal
  }
}

/// What a drop on a table would do, and where its rows would go (rule 20).
public struct TableViewDropProposal: Sendable, Hashable {
  /// The intents a table's proposal may have.
  public typealias Intent = DropIntent
  /// What the drop does.
  public var operation: DropOperation
  /// Where the rows go relative to the destination: between rows, into a row, or left
  /// unspecified.
  public var intent: Intent
  /// Whether the destination follows the pointer precisely across a row, rather than
  /// snapping to its halves.
  public var isPrecise = false
  /// Whether the drop preview is shown at full size rather than shrunk to the destination.
  public var prefersFullSizePreview = false

  /// A proposal of `operation` with `intent`.
  public init(operation: DropOperation, intent: Intent = .unspecified) {
    self.operation = operation
    self.intent = intent
  }
}

/// What a drop on a collection view would do, and where its items would go (rule 20).
public struct CollectionViewDropProposal: Sendable, Hashable {
  /// The intents a collection view's proposal may have.
  public typealias Intent = DropIntent
  /// What the drop does.
  public var operation: DropOperation
  /// Where the items go relative to the destination: between items, into an item, or
  /// left unspecified.
  public var intent: Intent
  /// Whether the destination follows the pointer precisely across an item, rather than
  /// snapping to its halves.
  public var isPrecise = false
  /// Whether the drop preview is shown at full size rather than shrunk to the destination.
  public var prefersFullSizePreview = false

  /// A proposal of `operation` with `intent`.
  public init(operation: DropOperation, intent: Intent = .unspecified) {
    self.operation = operation
    self.intent = intent
  }

  /// The first SDK's spelling of ``init(operation:intent:)``, which WWDC 2017 showed.
  public init(dropOperation: DropOperation, intent: Intent = .unspecified) {
    self.init(operation: dropOperation, intent: intent)
  }
}

/// The two views' proposals, read and made alike by the engine.
package protocol ListDropProposal {
  var operation: DropOperation { get set }
  var intent: DropIntent { get set }
  var isPrecise: Bool { get set }
  var prefersFullSizePreview: Bool { get set }
  init(operation: DropOperation, intent: DropIntent)
}

extension TableViewDropProposal: ListDropProposal {}
extension CollectionViewDropProposal: ListDropProposal {}

extension ListDropProposal {
  /// The proposal as the engine keeps it.
  package var engineProposal: ItemsViewDropProposal {
    var proposal = ItemsViewDropProposal(operation: operation, intent: intent)
    proposal.isPrecise = isPrecise
    proposal.prefersFullSizePreview = prefersFullSizePreview
    return proposal
  }

  /// The engine's proposal, as a view's delegate sees it.
  package init(_ proposal: ItemsViewDropProposal) {
    self.init(operation: proposal.operation, intent: proposal.intent)
    isPrecise = proposal.isPrecise
    prefersFullSizePreview = proposal.prefersFullSizePreview
  }
}
