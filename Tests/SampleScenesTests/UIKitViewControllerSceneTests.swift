import DragDrop
import DragDropLists
import DragDropTesting
import DragDropUIKit
import Foundation
import SampleScenes
import TestSupport
import Testing

/// Scene 006, headless: the reading list, a view controller written for iOS, reorders by
/// drag, sorts with its button, takes titles from other applications through placeholders,
/// and removes a book dropped in the bin once its alert says so.
@MainActor
@Suite struct UIKitViewControllerSceneTests {
  let test = TestWindow(size: SceneKind.uikitViewController.size)
  let platform = FakePlatform()
  let scene: UIKitViewControllerScene

  init() {
    scene = SceneKind.uikitViewController.make(in: test.window) as! UIKitViewControllerScene
    platform.attach(test.window)
    test.settle()
  }

  var grid: UICollectionView { scene.controller.collectionView }

  func center(ofItem item: Int) -> CGPoint {
    let frame = grid.frameForItem(at: IndexPath(item: item, section: 0))!
    return grid.convert(CGPoint(x: frame.midX, y: frame.midY), to: test.window)
  }

  func center(of view: UIView) -> CGPoint {
    view.convert(CGPoint(x: view.bounds.midX, y: view.bounds.midY), to: test.window)
  }

  var shown: [String] { grid.visibleCells.compactMap(\.accessibilityLabel) }

  @Test("The controller names the window and shows its books three a row")
  func shows() {
    #expect(test.window.title == "Reading List")
    #expect(shown == ["Dune", "Emma", "Ulysses", "Beloved", "Kokoro", "Snow Country"])
    #expect(grid.frameForItem(at: IndexPath(item: 3, section: 0))?.minY == CGFloat(16 + 64 + 12))
  }

  @Test("A book dragged after another lands there, as the controller's performDrop says")
  func reorder() {
    test.longPress(at: center(ofItem: 0))
    test.move(to: CGPoint(x: center(ofItem: 4).x + 40, y: center(ofItem: 4).y))
    test.release()
    test.settle()
    #expect(scene.state == "books=[Emma,Ulysses,Beloved,Kokoro,Dune,Snow Country]")
    #expect(shown == scene.controller.books)
  }

  @Test("The sort button sorts")
  func sort() {
    test.tap(at: center(of: scene.controller.sortButton), touch: 1)
    #expect(scene.state == "books=[Beloved,Dune,Emma,Kokoro,Snow Country,Ulysses]")
    #expect(shown == scene.controller.books)
  }

  @Test("A title from another application arrives through a placeholder")
  func titleFromAnotherApplication() async {
    let notes = platform.application(named: "notes")
    notes.holdsTransfers = true
    let incoming = notes.drag(
      [notes.item([(.utf8PlainText, Data("Middlemarch".utf8))])], into: test.window,
      at: CGPoint(x: center(ofItem: 0).x - 40, y: center(ofItem: 0).y))
    #expect(incoming.drop() == .copy)
    test.settle()
    #expect(!scene.isSettled)
    #expect(grid.visibleCells.count == 7)
    #expect(await eventually { notes.pendingTransferCount == 1 })
    notes.deliverPendingTransfers()
    await test.settleTransfers()
    #expect(scene.isSettled)
    #expect(scene.controller.books.first == "Middlemarch")
    #expect(shown == scene.controller.books)
  }

  @Test("A book dropped in the bin goes once the alert's Remove is tapped")
  func bin() throws {
    test.longPress(at: center(ofItem: 1))
    test.move(to: center(of: scene.controller.binView))
    #expect(scene.controller.binView.layer.borderWidth == 2)
    test.release()
    test.settle()
    let alert = try #require(scene.controller.presentedViewController as? UIAlertController)
    #expect(alert.title == "Remove “Emma”?")
    let remove = alert.buttons[1]
    test.tap(at: center(of: remove), touch: 1)
    test.settle()
    #expect(scene.controller.presentedViewController == nil)
    #expect(scene.state == "books=[Dune,Ulysses,Beloved,Kokoro,Snow Country]")
    #expect(shown == scene.controller.books)
    #expect(scene.journal.entries.last == "books Dune,Ulysses,Beloved,Kokoro,Snow Country")
  }
}
