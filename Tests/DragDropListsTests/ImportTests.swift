// Only the module under test: issue 9 asks that its API needs no other import.
import DragDropLists
import Testing

@MainActor
@Suite struct ImportTests {
  @Test("Issue 9: import DragDropLists alone gives tables, index paths, index sets and the engine")
  func listsAloneIsEnough() throws {
    let table = TableView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    let path = IndexPath(row: 0, section: 0)
    let sections = IndexSet(integer: 0)
    let provider = ItemProvider(object: "北海道")
    #expect(table.numberOfSections == 0)
    #expect(path.row == 0 && sections.count == 1)
    #expect(provider.hasItemConforming(to: .plainText))
  }
}
