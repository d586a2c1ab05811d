import DragDrop
import DragDropTesting
import Foundation
import Testing

@testable import DragDropLists

/// Issue 9 and rule 41: lists take the keyboard: the arrows move the focus, Space lifts
/// the focused row, Tab and the arrows move between lists and positions, Return drops.
@MainActor
@Suite struct KeyboardListTests {
  func focusedScene() -> (TwoTables, RecordingAnnouncer) {
    let scene = TwoTables()
    let announcer = RecordingAnnouncer()
    scene.test.window.announcer = announcer
    scene.test.window.focus(scene.left)
    return (scene, announcer)
  }

  @Test("Focus lands on the first row, the arrows move it, and the window rings it")
  func focusMovesAndShows() throws {
    let (scene, _) = focusedScene()
    #expect(scene.left.indexPathForKeyboardFocus == IndexPath(row: 0, section: 0))
    scene.test.key(.down)
    scene.test.key(.down)
    #expect(scene.left.indexPathForKeyboardFocus == IndexPath(row: 2, section: 0))
    let ring = try #require(scene.test.window.subviews.last)
    #expect(ring.snapshotDescription == "FocusRing frame=(-2, 86, 324×48)")
    scene.test.key(.up)
    scene.test.key(.up)
    scene.test.key(.up)  // at the top it stays
    #expect(scene.left.indexPathForKeyboardFocus == IndexPath(row: 0, section: 0))
    // Return selects, as a tap does.
    scene.left.delegate = scene.leftModel
    scene.test.key(.return)
    #expect(scene.left.indexPathsForSelectedRows == [IndexPath(row: 0, section: 0)])
    #expect(scene.leftModel.selections == ["select 北海道"])
    // Focus elsewhere: no ring.
    scene.test.window.focus(nil)
    #expect(!scene.test.window.subviews.contains { $0.snapshotDescription.hasPrefix("FocusRing") })
  }

  @Test("Space lifts the focused row; a reorder by keys goes through moveRowAt, as touch does")
  func keyboardReorder() {
    let (scene, announcer) = focusedScene()
    scene.test.key(.down)
    scene.test.key(.down)
    scene.test.key(.space)
    #expect(scene.leftController.log == ["itemsForBeginning 2"])
    scene.test.key(.tab)  // the first list: the left table, at its first position
    scene.test.key(.down)  // the gap before 青森
    scene.test.key(.return)
    scene.test.settle()
    #expect(scene.leftModel.moves.map { "\($0.0.row)→\($0.1.row)" } == ["2→1"])
    #expect(scene.leftModel.sections[0] == ["北海道", "岩手", "青森", "宮城", "秋田"])
    #expect(
      announcer.announcements == [
        "Picked up 岩手.", "Over left, position 1 of 6.", "Over left, position 2 of 6.",
        "Dropped 岩手 into left at position 2.",
      ])
  }

  @Test("Tab carries a row into the other table, which copies it at the chosen position")
  func keyboardCopyAcross() {
    let (scene, announcer) = focusedScene()
    scene.test.key(.space)
    scene.test.key(.tab)
    scene.test.key(.tab)
    scene.test.key(.down)
    scene.test.key(.return)
    scene.test.settle()
    #expect(scene.rightController.log == ["performDrop 1"])
    #expect(scene.rightModel.sections[0] == ["東京", "北海道", "神奈川"])
    #expect(announcer.announcements.last == "Copied 北海道 into right at position 2.")
  }

  @Test("A keyboard drag over a long list scrolls each position into view")
  func keyboardStopsScroll() {
    let (scene, _) = focusedScene()
    scene.rightModel.sections[0] = (0..<100).map { "row \($0)" }
    scene.right.reloadData()
    scene.test.key(.space)
    scene.test.key(.tab)
    scene.test.key(.tab)
    for _ in 0..<60 { scene.test.key(.down) }
    #expect(scene.right.contentOffset.y > 44 * 40)
    scene.test.key(.return)
    scene.test.settle()
    #expect(scene.rightModel.sections[0][60] == "北海道")
  }
}
