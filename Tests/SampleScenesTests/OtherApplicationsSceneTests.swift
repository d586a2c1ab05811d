import DragDrop
import DragDropLists
import DragDropTesting
import Foundation
import SampleScenes
import TestSupport
import Testing

/// The other-applications scene, headless, with the fake platform playing a browser and a
/// file manager: drops land in the inbox through placeholders that show their progress, and
/// the outbox's rows leave as copies offered by MIME type.
@MainActor
@Suite struct OtherApplicationsSceneTests {
  @MainActor final class Scene {
    let test = TestWindow(size: SceneKind.otherApplications.size)
    let platform = FakePlatform()
    let scene: OtherApplicationsScene

    init() {
      scene = SceneKind.otherApplications.make(in: test.window) as! OtherApplicationsScene
      platform.attach(test.window)
      test.settle()
    }

    /// The texts of the inbox's rows on screen, placeholders included, top to bottom.
    var inboxRows: [String] {
      scene.inbox.layoutIfNeeded()
      return scene.inbox.subviews.compactMap { $0 as? TableViewCell }.filter { !$0.isHidden }
        .sorted { $0.frame.minY < $1.frame.minY }.map { $0.textLabel?.text ?? "" }
    }
  }

  @Test("A browser's text, link and image land through placeholders showing progress, in order")
  func dropsLandThroughPlaceholders() async throws {
    let scene = Scene()
    let browser = scene.platform.application(named: "browser")
    browser.holdsTransfers = true
    let png = TestImages.png(width: 3, height: 2)
    let items = [
      browser.item([(.utf8PlainText, Data("北海道の夏".utf8))]),
      browser.item([(.url, Data("https://example.org/sapporo".utf8)), (.utf8PlainText, Data("x".utf8))]),
      browser.item([(.png, png)]),
    ]
    let point = scene.scene.rowCenter(scene.scene.inbox, 0)
    let incoming = browser.drag(items, into: scene.test.window, at: point)
    #expect(incoming.proposal.operation == .copy)
    #expect(incoming.drop() == .copy)
    scene.test.settle()
    #expect(scene.inboxRows == ["Loading…", "Loading…", "Loading…"])
    #expect(scene.scene.isSettled == false)
    #expect(await eventually { browser.pendingTransferCount == 3 })
    browser.deliverPendingTransfers()
    #expect(await eventually { scene.scene.isSettled })
    scene.test.settle()
    #expect(scene.scene.state == "inbox=[Text: 北海道の夏,Link: https://example.org/sapporo,Image: 3×2 png]")
    #expect(scene.inboxRows == ["Text: 北海道の夏", "Link: https://example.org/sapporo", "Image: 3×2 png"])
    #expect(scene.scene.journal.entries.first == "inbox.performDrop 3 at 0")
  }

  @Test("A load that fails removes its placeholder and leaves the inbox as it was")
  func aFailedLoadRemovesItsPlaceholder() async throws {
    let scene = Scene()
    let browser = scene.platform.application(named: "browser")
    browser.holdsTransfers = true
    let incoming = browser.drag(
      [browser.item([(.utf8PlainText, Data("札幌".utf8))])], into: scene.test.window,
      at: scene.scene.rowCenter(scene.scene.inbox, 0))
    #expect(incoming.drop() == .copy)
    #expect(await eventually { browser.pendingTransferCount == 1 })
    browser.die()
    #expect(await eventually { scene.scene.isSettled })
    scene.test.settle()
    #expect(scene.scene.state == "inbox=[]")
    #expect(scene.inboxRows.isEmpty)
    #expect(scene.scene.journal.entries.last?.hasPrefix("inbox.deletePlaceholder") == true)
  }

  @Test("The outbox's rows leave as copies, offered by MIME type")
  func outboxRowsLeaveAsCopies() throws {
    let scene = Scene()
    scene.test.longPress(at: scene.scene.rowCenter(scene.scene.outbox, 2))
    scene.test.move(to: Point(x: 300, y: 300))
    let drag = try #require(scene.platform.current)
    #expect(drag.session.allowsMoveOperation == false)
    #expect(scene.platform.events.first == .began(mimeTypes: [["image/png", "text/uri-list"]]))
    scene.test.release()
    scene.test.settle()
  }
}
