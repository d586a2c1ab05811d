import DragDrop
import DragDropLists
import Testing

// Apple's names are the types themselves, not aliases of one shared type: code may
// overload on them, as it can on UIKit's.

@MainActor
private func kind(of proposal: TableViewDropProposal) -> String { "table \(proposal.operation)" }
@MainActor
private func kind(of proposal: CollectionViewDropProposal) -> String { "collection \(proposal.operation)" }
@MainActor
private func source(of item: any TableViewDropItem) -> String { "row \(item.sourceIndexPath?.row ?? -1)" }
@MainActor
private func source(of item: any CollectionViewDropItem) -> String { "item \(item.sourceIndexPath?.item ?? -1)" }

@MainActor
struct AppleNamesTests {
  @Test func eachViewHasItsOwnProposalType() {
    let table = TableViewDropProposal(operation: .move, intent: .insertAtDestinationIndexPath)
    let grid = CollectionViewDropProposal(
      operation: .copy, intent: CollectionViewDropProposal.Intent.insertIntoDestinationIndexPath)
    #expect(kind(of: table) == "table move")
    #expect(kind(of: grid) == "collection copy")
    #expect(table.intent == TableViewDropProposal.Intent.insertAtDestinationIndexPath)
    #expect(!table.isPrecise && !table.prefersFullSizePreview)
  }

  @Test func aCoordinatorHandsOutItsViewsOwnItemsAndProposal() {
    let tableView = TableView(frame: Rect(x: 0, y: 0, width: 320, height: 200))
    let collectionView = CollectionView(
      frame: Rect(x: 0, y: 0, width: 320, height: 200),
      collectionViewLayout: .flow(itemSize: Size(width: 50, height: 50)))
    let item = DragItem(itemProvider: ItemProvider(object: "北海道" as String))
    var proposal = TableViewDropProposal(operation: .copy, intent: .insertAtDestinationIndexPath)
    proposal.isPrecise = true
    let rows = TableViewDropCoordinator.make(items: [item], proposal: proposal, tableView: tableView)
    let items = CollectionViewDropCoordinator.make(items: [item], collectionView: collectionView)
    #expect(rows.items.map(source(of:)) == ["row -1"])
    #expect(items.items.map(source(of:)) == ["item -1"])
    #expect(rows.proposal == proposal)
    #expect(items.proposal == CollectionViewDropProposal(operation: .copy))
    #expect(rows.items.first?.dragItem === item)
    #expect(rows.items.first?.previewSize == Size(width: 320, height: 44))
  }
}
