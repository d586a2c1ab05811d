import DragDrop
import DragDropTesting
import DragDropUI
import Foundation
import SampleScenes
import TestSupport
import Testing

import class DragDrop.Pasteboard

/// Scene 007, headless: a city reaches the basket by a drag, by Control-C then Control-V,
/// and by the PasteButton, and the line below says what the pasteboard holds.
@MainActor
@Suite(.serialized) struct CopyAndPasteSceneTests {
  let test = TestWindow(size: SceneKind.copyAndPaste.size)
  let scene: CopyAndPasteScene

  init() {
    scene = SceneKind.copyAndPaste.make(in: test.window) as! CopyAndPasteScene
    test.settle()
  }

  func find(_ text: String) throws -> FoundView { try #require(scene.host.find(text: text), "\(text)") }

  @Test("A city dragged into the basket lands there")
  func dragIntoTheBasket() async throws {
    let basket = try #require(scene.host.find(label: "basket"))
    test.longPress(at: try find("函館").center)
    test.drag(along: [basket.center])
    test.release()
    test.settle()
    #expect(await eventually { scene.state == "basket=[函館]" })
    #expect(scene.journal.entries == ["basket.drop 函館"])
  }

  /// Other suites change the general pasteboard meanwhile: the copy and the paste follow
  /// one another with no wait between, and only the paste's load is awaited.
  @Test(
    "Control-C on a city, then Control-V on the basket's Paste button, pastes it; the line says what the pasteboard holds"
  )
  func copyThenPaste() async throws {
    let city = try find("小樽")
    #expect(test.window.focus(city.view))
    test.key(.character("c"), modifiers: .control)
    #expect(Pasteboard.general.hasStrings && Pasteboard.general.numberOfItems == 1)
    #expect(test.window.focus(try find("Paste").view))
    test.key(.character("v"), modifiers: .control)
    #expect(await eventually { scene.state == "basket=[小樽]" })
    #expect(scene.journal.entries == ["basket.paste 小樽"])
    // The line follows the pasteboard, from its change notification.
    Pasteboard.general.strings = ["帯広", "網走"]
    let line = try #require(scene.host.find(label: "pasteboard"))
    #expect(
      await eventually {
        test.settle()
        // Other suites may change it meanwhile: the line says what it holds now.
        let count = Pasteboard.general.changeCount
        return line.view.snapshotDescription.contains("The pasteboard holds ")
          && line.view.snapshotDescription.contains("it has changed \(count) times.")
      }, "\(line.view.snapshotDescription)")
  }

  @Test("The Paste button pastes the pasteboard's text")
  func pasteButton() async throws {
    let button = try find("Paste")
    Pasteboard.general.strings = ["釧路", "帯広"]
    test.settle()
    test.tap(at: button.center, touch: 1)
    #expect(await eventually { scene.state == "basket=[釧路,帯広]" })
    #expect(scene.journal.entries == ["basket.pasteButton 釧路,帯広"])
  }
}
