import DragDropTesting
import Foundation
import Testing

@testable import DragDrop

/// Keyboard drag: Space, Tab, arrows, Return and Escape, with announcements and the same
/// delegate calls as touch.
@MainActor
@Suite struct KeyboardDragTests {
  @MainActor final class Scene {
    let test = TestWindow(size: Size(width: 600, height: 400))
    let source: LabelSource
    let label = Label(text: "北海道", frame: Rect(x: 20, y: 20, width: 200, height: 40))
    let first = TextTarget()
    let second = TextTarget()
    let announcer = RecordingAnnouncer()

    init() {
      let container = View(frame: Rect(x: 0, y: 0, width: 300, height: 400))
      container.accessibilityLabel = "source"
      label.accessibilityLabel = "Hokkaido"
      container.addSubview(label)
      source = LabelSource(container: container)
      container.addInteraction(DragInteraction(delegate: source))
      test.window.addSubview(container)
      for (index, delegate) in [first, second].enumerated() {
        let view = View(frame: Rect(x: 300, y: Double(index) * 200, width: 300, height: 200))
        view.accessibilityLabel = index == 0 ? "First list" : "Second list"
        let interaction = DropInteraction(delegate: delegate)
        if index == 1 {
          // Twelve stops, as a list of twelve rows would offer.
          interaction.keyboardDropLocationProvider = { (0..<12).map { Point(x: 150, y: 8 + Double($0) * 16) } }
        }
        view.addInteraction(interaction)
        test.window.addSubview(view)
      }
      test.window.announcer = announcer
      test.window.focus(label)
    }
  }

  @Test func spaceLiftsTabMovesArrowsStepReturnDrops() async {
    let scene = Scene()
    scene.test.key(.space)
    #expect(scene.announcer.announcements == ["Picked up Hokkaido."])
    scene.test.recorder.expect([
      "source.itemsForBeginning", "source.previewForLifting(item 0)", "source.willAnimateLift",
      "source.sessionAllowsMoveOperation", "source.sessionIsRestrictedToDraggingApplication", "source.sessionWillBegin",
    ])
    scene.test.key(.tab)
    scene.test.recorder.expect([
      "First list.canHandle", "Second list.canHandle", "source.sessionDidMove", "First list.sessionDidEnter",
      "First list.sessionDidUpdate",
    ])
    scene.test.key(.tab)
    scene.test.key(.down)
    scene.test.key(.down)
    scene.test.key(.down)
    #expect(
      Array(scene.announcer.announcements.suffix(3)) == [
        "Over Second list, position 2 of 12.", "Over Second list, position 3 of 12.",
        "Over Second list, position 4 of 12.",
      ])
    scene.test.key(.up)
    #expect(scene.announcer.announcements.last == "Over Second list, position 3 of 12.")
    scene.test.key(.tab, modifiers: .shift)
    #expect(scene.announcer.announcements.last == "Over First list.")
    scene.test.recorder.skip()
    scene.test.key(.return)
    #expect(scene.announcer.announcements.last == "Copied Hokkaido to First list.")
    scene.test.recorder.expect([
      "source.willEnd(copy)", "First list.performDrop", "First list.previewForDropping(item 0)",
      "First list.willAnimateDrop(item 0)",
    ])
    scene.test.settle()
    #expect(await eventually { scene.first.received == ["北海道"] })
  }

  @Test func escapeCancels() {
    let scene = Scene()
    scene.test.key(.space)
    scene.test.key(.tab)
    scene.test.recorder.skip()
    scene.test.key(.escape)
    scene.test.settle()
    #expect(scene.announcer.announcements.last == "Cancelled. Hokkaido returned.")
    scene.test.recorder.expect([
      "source.willEnd(cancel)", "First list.sessionDidExit", "source.previewForCancelling(item 0)",
      "source.willAnimateCancel(item 0)", "source.didEnd(cancel)", "First list.sessionDidEnd",
    ])
    // Keys reach the focused view again once the drag is over.
    scene.test.key(.tab)
    #expect(scene.announcer.announcements.last == "Cancelled. Hokkaido returned.")
  }

  @Test func forbiddenTargetsAreAnnouncedAndReturnCancels() {
    let scene = Scene()
    scene.first.operation = .forbidden
    scene.test.key(.space)
    scene.test.key(.tab)
    #expect(scene.announcer.announcements.last == "Over First list. Cannot drop here.")
    scene.test.key(.return)
    #expect(scene.announcer.announcements.last == "Cancelled. Hokkaido returned.")
  }

  @Test func spaceWithoutADraggableFocusDoesNothing() {
    let scene = Scene()
    scene.test.window.focus(nil)
    scene.test.key(.space)
    scene.test.key(.tab)
    #expect(scene.announcer.announcements.isEmpty)
    scene.test.recorder.expectNothing()
  }
}
