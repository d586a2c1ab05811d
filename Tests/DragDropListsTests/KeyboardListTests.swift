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
    #expect(scene.left.indexPathForKeyboardFocus == IndexPath(row: 1, section: 0))
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
    // The focus follows the copy, onto the new row.
    #expect(scene.test.window.focusedView === scene.right)
    #expect(scene.right.indexPathForKeyboardFocus == IndexPath(row: 1, section: 0))
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

  @Test("Tab and Shift-Tab go through the lists in order; nothing focused, an arrow focuses the first")
  func tabMovesTheFocus() {
    let scene = TwoTables()
    let window = scene.test.window
    #expect(window.focusableViews.map(\.accessibilityLabel) == ["left", "right"])
    scene.test.key(.down)
    #expect(window.focusedView === scene.left)
    #expect(scene.left.indexPathForKeyboardFocus == IndexPath(row: 0, section: 0))
    scene.test.key(.tab)
    #expect(window.focusedView === scene.right)
    scene.test.key(.tab)
    #expect(window.focusedView === scene.left)
    scene.test.key(.tab, modifiers: .shift)
    #expect(window.focusedView === scene.right)
    // A hidden list is skipped.
    scene.left.isHidden = true
    scene.test.key(.tab)
    #expect(window.focusedView === scene.right)
  }

  @Test("A press focuses the list at the pressed row without scrolling, and hides the ring until a key")
  func pressFocuses() throws {
    let scene = TwoTables()
    scene.rightModel.sections[0] = (0..<100).map { "row \($0)" }
    scene.right.reloadData()
    scene.right.contentOffset = Point(x: 0, y: 44 * 50)
    scene.right.layoutIfNeeded()
    scene.test.tap(at: Point(x: 420, y: 44 * 2 + 10))
    #expect(scene.test.window.focusedView === scene.right)
    #expect(scene.right.indexPathForKeyboardFocus == IndexPath(row: 52, section: 0))
    #expect(scene.right.contentOffset.y == 44 * 50.0)
    #expect(!scene.test.window.isFocusVisible)
    #expect(!scene.test.window.subviews.contains { $0.snapshotDescription.hasPrefix("FocusRing") })
    scene.test.key(.down)
    #expect(scene.right.indexPathForKeyboardFocus == IndexPath(row: 53, section: 0))
    let ring = try #require(scene.test.window.subviews.last)
    #expect(ring.snapshotDescription.hasPrefix("FocusRing"))
  }

  @Test("Home, End and the page keys move the focus to the ends and by a screenful")
  func homeEndAndPages() {
    let (scene, _) = focusedScene()
    scene.leftModel.sections[0] = (0..<100).map { "row \($0)" }
    scene.left.reloadData()
    scene.test.key(.end)
    #expect(scene.left.indexPathForKeyboardFocus == IndexPath(row: 99, section: 0))
    #expect(scene.left.contentOffset.y > 0)
    scene.test.key(.home)
    #expect(scene.left.indexPathForKeyboardFocus == IndexPath(row: 0, section: 0))
    scene.test.key(.pageDown)
    let page = scene.left.indexPathForKeyboardFocus?.row ?? 0
    #expect(page >= 9 && page <= 11)  // 480 points of 44-point rows
    scene.test.key(.pageUp)
    scene.test.key(.pageUp)
    #expect(scene.left.indexPathForKeyboardFocus == IndexPath(row: 0, section: 0))
  }

  @Test("Over a list that drops into rows, the keys stop on the rows, and resting on one spring-loads it")
  func stopsOnRowsAndSpringLoads() {
    let (scene, announcer) = focusedScene()
    scene.rightController.copyIntent = .insertIntoDestinationIndexPath
    scene.right.delegate = scene.rightModel
    scene.right.isSpringLoaded = true
    scene.test.key(.space)
    scene.test.key(.tab)
    scene.test.key(.tab)  // the right table: its gaps are passed by, its first row is the stop
    scene.test.key(.down)  // the next row
    #expect(Array(announcer.announcements.suffix(2)) == ["Over 東京.", "Over 神奈川."])
    // Resting on a row for the spring-loading delay opens it, as a held finger does.
    scene.test.hold(1.5)
    #expect(scene.rightModel.selections == ["select 神奈川"])
    scene.test.key(.down)  // no row after: it stays
    #expect(announcer.announcements.last == "Over 神奈川.")
    scene.test.key(.return)
    scene.test.settle()
    #expect(scene.rightController.log == ["performDrop 1", "into [\"北海道\"]"])
    #expect(announcer.announcements.last == "Copied 北海道 into 神奈川.")
  }

  @Test("A keyboard drag resting at a position neither auto-scrolls nor spring-loads the row beside it")
  func positionsStayStill() {
    let (scene, _) = focusedScene()
    scene.rightModel.sections[0] = (0..<100).map { "row \($0)" }
    scene.right.reloadData()
    scene.right.delegate = scene.rightModel
    scene.right.isSpringLoaded = true
    scene.test.key(.space)
    scene.test.key(.tab)
    scene.test.key(.tab)
    for _ in 0..<10 { scene.test.key(.down) }  // position 11, at the bottom edge
    let offset = scene.right.contentOffset.y
    scene.test.hold(3)
    #expect(scene.right.contentOffset.y == offset)
    #expect(scene.rightModel.selections.isEmpty)
    scene.test.key(.escape)
    scene.test.settle()
  }

  @Test("Ctrl-Space adds the row under the drag, as a second finger's tap does")
  func controlSpaceAdds() {
    let (scene, announcer) = focusedScene()
    scene.test.key(.space)
    scene.test.key(.tab)  // the left table's first position, beside 北海道: already carried
    scene.test.key(.space, modifiers: .control)
    scene.test.key(.down)  // the position before 青森
    scene.test.key(.space, modifiers: .control)
    #expect(scene.leftController.log == ["itemsForBeginning 0", "itemsForAddingTo 0", "itemsForAddingTo 1"])
    #expect(
      Array(announcer.announcements.suffix(2)) == ["Over left, position 2 of 6.", "Added 1 item. Carrying 2 items."])
    #expect(announcer.announcements.contains("Nothing to add here."))
    scene.test.key(.escape)
    #expect(announcer.announcements.last == "Cancelled. 2 items are back in place.")
    scene.test.settle()
    // A cancel leaves the focus where the drag began.
    #expect(scene.test.window.focusedView === scene.left)
    #expect(scene.left.indexPathForKeyboardFocus == IndexPath(row: 0, section: 0))
  }

  @Test("A screen reader hears where the focus is; after a drop, the new focus is described without a word")
  func focusIsDescribed() throws {
    let (scene, announcer) = focusedScene()
    scene.left.delegate = scene.leftModel
    scene.test.key(.down)
    scene.test.key(.return)
    #expect(announcer.isFocusSelected)  // the accessibility tree's selected state
    scene.test.key(.space)
    scene.test.key(.tab)
    scene.test.key(.tab)
    scene.test.key(.return)
    scene.test.settle()
    #expect(
      announcer.focusDescriptions.map(\.text) == [
        "北海道, 1 of 5.", "青森, 2 of 5.", "青森, 2 of 5. Selected.", "青森, 1 of 3.",
      ])
    #expect(announcer.focusDescriptions.map(\.spoken) == [true, true, true, false])
    #expect(!announcer.isFocusSelected)
    // Japanese, from the window's announcement text: the focus is described again at the
    // next layout, though it has not moved.
    scene.test.window.environment.announcements = .standard(language: "ja")
    let focused = try #require(scene.test.window.focusedView)
    focused.setNeedsLayout()
    focused.layoutIfNeeded()
    #expect(announcer.focusDescriptions.last?.text == "青森、3 中 1 番目。")
    scene.test.key(.down)
    #expect(announcer.focusDescriptions.last?.text == "東京、3 中 2 番目。")
  }

  @Test("A pointer drag announces its lift, each target it stays over, and its end; targets it only crosses are not")
  func pointerDragsAnnounce() {
    let scene = TwoTables()
    let announcer = RecordingAnnouncer()
    scene.test.window.announcer = announcer
    scene.test.longPress(at: scene.rowCenter(scene.left, 1))
    scene.test.move(to: Point(x: 100, y: 300))  // over the left table
    scene.test.hold(0.6)
    scene.test.move(to: Point(x: 420, y: 60))  // crosses to the right table…
    scene.test.hold(0.2)
    scene.test.move(to: Point(x: 100, y: 300))  // …and comes back before it is announced
    scene.test.hold(0.6)
    scene.test.move(to: Point(x: 420, y: 60))
    scene.test.hold(0.6)
    scene.test.release()
    scene.test.settle()
    #expect(announcer.announcements == ["Picked up 青森.", "Over left.", "Over right.", "Copied 青森 into right."])
    // A drag put back where it started is cancelled, and says so.
    scene.test.longPress(at: scene.rowCenter(scene.right, 0))
    scene.test.move(to: Point(x: 630, y: 470))
    scene.test.key(.escape)
    scene.test.settle()
    #expect(announcer.announcements.last == "Cancelled. 東京 is back in place.")
  }

  @Test("Space on a selected row lifts the whole selection, as a touch on it does")
  func spaceLiftsTheSelection() {
    let (scene, announcer) = focusedScene()
    scene.left.allowsMultipleSelection = true
    scene.left.delegate = scene.leftModel
    scene.test.key(.down)
    scene.test.key(.return)  // selects 青森
    scene.test.key(.down)
    scene.test.key(.down)
    scene.test.key(.return)  // and 宮城
    scene.test.key(.space)
    #expect(scene.leftController.log == ["itemsForBeginning 1", "itemsForBeginning 3"])
    #expect(announcer.announcements.last == "Picked up 2 items.")
    scene.test.key(.tab)
    scene.test.key(.tab)
    scene.test.key(.return)
    scene.test.settle()
    #expect(scene.rightModel.sections[0] == ["青森", "宮城", "東京", "神奈川"])
  }
}
