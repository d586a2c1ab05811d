import DragDropTesting
import Foundation
import TestSupport
import Testing

@_spi(Platform) @testable import DragDrop

/// Seed 002 (customising the drag): previews, lift and cancel animations, and adding items
/// with a second touch, driven by scripted input and checked call by call.
@MainActor
@Suite struct Seed002Tests {
  /// The seed's screen: a draggable view holding labels, and a text target beside it.
  @MainActor final class Screen {
    let test = TestWindow(size: Size(width: 600, height: 400))
    let draggable = View(frame: Rect(x: 0, y: 0, width: 300, height: 400))
    let labels: [Label]
    let source: LabelSource
    let target = TextTarget()
    let targetView = View(frame: Rect(x: 300, y: 0, width: 300, height: 400))

    init() {
      draggable.accessibilityLabel = "labels"
      labels = ["北海道", "青森", "秋田"].enumerated().map { index, text in
        Label(text: text, frame: Rect(x: 20, y: 40 + Double(index) * 80, width: 160, height: 40))
      }
      labels.forEach(draggable.addSubview)
      source = LabelSource(container: draggable)
      draggable.addInteraction(DragInteraction(delegate: source))
      targetView.accessibilityLabel = "box"
      targetView.addInteraction(DropInteraction(delegate: target))
      test.window.addSubview(draggable)
      test.window.addSubview(targetView)
    }

    func center(_ label: Label) -> Point { label.convert(label.bounds.center, to: test.window) }
    var session: DragSession? { test.window.dragController.activeSessions.first }
  }

  @Test("The label itself is the lift preview, found through localObject")
  func labelPreview() throws {
    let screen = Screen()
    screen.test.longPress(at: screen.center(screen.labels[0]))
    screen.test.recorder.expect(DelegateCalls.lift("labels"))
    let session = try #require(screen.session)
    let preview = try #require(screen.test.window.dragController.liftPreviews(of: session).first ?? nil)
    #expect(preview.view === screen.labels[0])
    #expect(preview.centerInWindow == screen.center(screen.labels[0]))
  }

  @Test("A new view with a target is the preview: 🚚 and the label's text at 42 points")
  func newPreviewViewWithTarget() throws {
    let screen = Screen()
    screen.source.previewStyle = .newView
    screen.test.longPress(at: screen.center(screen.labels[1]))
    let session = try #require(screen.session)
    let preview = try #require(screen.test.window.dragController.liftPreviews(of: session).first ?? nil)
    let label = try #require(preview.view as? Label)
    #expect(label.text == "🚚青森")
    #expect(label.font.size == 42)
    #expect(label.window == nil)  // not in the hierarchy: the target places it
    #expect(preview.target.container === screen.draggable)
    #expect(preview.target.center == screen.labels[1].center)
  }

  @Test("The default lift preview is the whole view; nil makes the item invisible")
  func defaultAndInvisiblePreviews() throws {
    let screen = Screen()
    screen.source.previewStyle = .systemDefault
    screen.test.longPress(at: screen.center(screen.labels[0]))
    let session = try #require(screen.session)
    #expect(screen.test.window.dragController.liftPreviews(of: session).first??.view === screen.draggable)
    screen.test.release()
    screen.test.settle()
    screen.source.previewStyle = .invisible
    screen.test.longPress(at: screen.center(screen.labels[0]))
    let second = try #require(screen.session)
    #expect(screen.test.window.dragController.liftPreviews(of: second).count == 1)
    #expect(screen.test.window.dragController.liftPreviews(of: second).first! == nil)
    // An invisible item has no cancel preview either, but still hears willAnimateCancel.
    screen.test.recorder.skip()
    screen.test.move(to: Point(x: 150, y: 390))
    screen.test.release()
    screen.test.recorder.expect([
      .init("labels", .sessionAllowsMoveOperation), .init("labels", .sessionIsRestrictedToDraggingApplication),
      .init("labels", .sessionWillBegin),
      .init("labels", .sessionDidMove), .init("labels", .sessionDidMove), .init("labels", .sessionDidMove),
      .init("labels", .sessionDidMove),
      .init("labels", .sessionDidMove), .init("labels", .willEnd(.cancel)),
      .init("labels", .willAnimateCancel(item: 0)),
    ])
  }

  @Test("A cancelled preview is retargeted back to its label")
  func cancelBackToLabel() throws {
    let screen = Screen()
    let label = screen.labels[2]
    screen.test.longPress(at: screen.center(label))
    screen.test.move(to: Point(x: 150, y: 395))
    let session = try #require(screen.session)
    screen.test.release()
    let preview = try #require(screen.test.window.dragController.endingPreviews(of: session).first ?? nil)
    #expect(preview.target.container === screen.draggable)
    #expect(preview.centerInWindow == screen.center(label))
    screen.source.cancelStyle = .fade
    screen.test.settle()
    screen.test.longPress(at: screen.center(label))
    screen.test.move(to: Point(x: 150, y: 395))
    let second = try #require(screen.session)
    screen.test.release()
    #expect(screen.test.window.dragController.endingPreviews(of: second).first! == nil)
  }

  @Test("The source fades when the lift animation ends, and is restored by willAnimateCancel")
  func fadeAndRestoreInWillAnimateCancel() {
    let screen = Screen()
    let label = screen.labels[0]
    screen.test.longPress(at: screen.center(label))
    #expect(label.alpha == 1)
    screen.test.hold(0.25)
    #expect(label.alpha == 0.5)
    screen.test.move(to: Point(x: 150, y: 395))
    screen.test.release()
    #expect(label.alpha == 1)  // the cancel animations set the end state at once
  }

  @Test("Without willAnimateCancel, didEnd restores the source after the animation")
  func restoreInDidEnd() {
    let screen = Screen()
    screen.source.restoreOnCancel = false
    let label = screen.labels[0]
    screen.test.longPress(at: screen.center(label))
    screen.test.hold(0.25)
    screen.test.move(to: Point(x: 150, y: 395))
    screen.test.release()
    #expect(label.alpha == 0.5)
    screen.test.hold(0.29)
    #expect(label.alpha == 0.5)
    screen.test.hold(0.01)
    #expect(label.alpha == 1)
  }

  @Test("A second touch adds a label; a label already dragged is not added again")
  func addWithSecondTouch() async throws {
    let screen = Screen()
    screen.test.longPress(at: screen.center(screen.labels[0]))
    screen.test.move(to: Point(x: 250, y: 380))
    screen.test.recorder.skip()
    screen.test.tap(at: screen.center(screen.labels[1]))
    screen.test.recorder.expect([
      .init("labels", .itemsForAddingTo), .init("labels", .willAdd(count: 1, from: "labels")),
      .init("labels", .previewForLifting(item: 1)),
    ])
    screen.test.tap(at: screen.center(screen.labels[0]), touch: 3)
    screen.test.recorder.expect([.init("labels", .itemsForAddingTo)])
    let session = try #require(screen.session)
    #expect(session.items.map { ($0.localObject as? Label)?.text } == ["北海道", "青森"])
    screen.test.move(to: Point(x: 450, y: 200))
    screen.test.release()
    await screen.test.recorder.settle()
    #expect(screen.target.received == ["北海道", "青森"])
    screen.test.recorder.expect(
      DelegateCalls.enter("box") + DelegateCalls.drop("labels", on: "box", items: 2)
        + DelegateCalls.conclude("labels", on: "box") + DelegateCalls.transfer("labels"),
      skippingMoves: true)
  }

  @Test("Nothing is added to a session holding something that is not text")
  func addGuardForNonText() throws {
    let screen = Screen()
    // A photo source beside the labels: its items are PNG only.
    @MainActor final class PhotoSource: DragInteractionDelegate {
      func dragInteraction(_ interaction: DragInteraction, itemsForBeginning session: DragSession) -> [DragItem] {
        let provider = ItemProvider()
        provider.registerDataRepresentation(for: .png) { _ in nil }
        return [DragItem(itemProvider: provider)]
      }
    }
    let photos = View(frame: Rect(x: 200, y: 300, width: 90, height: 90))
    photos.accessibilityLabel = "photos"
    let photoSource = PhotoSource()
    photos.addInteraction(DragInteraction(delegate: photoSource))
    screen.draggable.addSubview(photos)
    screen.test.longPress(at: Point(x: 245, y: 345))
    screen.test.move(to: Point(x: 250, y: 250))
    screen.test.recorder.skip()
    screen.test.tap(at: screen.center(screen.labels[0]))
    screen.test.recorder.expect([.init("labels", .itemsForAddingTo)])
    #expect(try #require(screen.session).items.count == 1)
  }

  @Test("Two fingers drag two labels to two targets at once")
  func simultaneousSessions() async throws {
    let screen = Screen()
    let second = TextTarget()
    let secondView = View(frame: Rect(x: 300, y: 300, width: 300, height: 100))
    secondView.accessibilityLabel = "tray"
    secondView.addInteraction(DropInteraction(delegate: second))
    screen.test.window.addSubview(secondView)
    screen.test.longPress(at: screen.center(screen.labels[0]), touch: 1)
    screen.test.longPress(at: screen.center(screen.labels[2]), touch: 2)
    #expect(screen.test.window.dragController.activeSessions.count == 2)
    screen.test.move(touch: 1, to: Point(x: 450, y: 100))
    screen.test.move(touch: 2, to: Point(x: 450, y: 350))
    screen.test.release(touch: 1)
    screen.test.release(touch: 2)
    screen.test.settle()
    #expect(await eventually { screen.target.received == ["北海道"] && second.received == ["秋田"] })
    let calls = screen.test.recorder.calls
    #expect(Set(calls.map(\.session)) == [1, 2])
    #expect(calls.filter { $0.method.name == "performDrop" }.map(\.interaction) == ["box", "tray"])
  }

  @Test("Rule 15: a target takes one session at a time unless it allows simultaneous sessions")
  func simultaneousDropSessions() {
    for allows in [false, true] {
      let screen = Screen()
      let interaction = screen.targetView.interactions.first as! DropInteraction
      interaction.allowsSimultaneousDropSessions = allows
      screen.test.longPress(at: screen.center(screen.labels[0]), touch: 1)
      screen.test.longPress(at: screen.center(screen.labels[1]), touch: 2)
      screen.test.move(touch: 1, to: Point(x: 450, y: 100))
      screen.test.move(touch: 2, to: Point(x: 450, y: 200))
      let entered = screen.test.recorder.calls.filter { $0.method.name == "sessionDidEnter" }.map(\.session)
      #expect(entered == (allows ? [1, 2] : [1]))
    }
  }
}
