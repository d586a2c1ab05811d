// The example of DragDropTesting's article "Testing drag and drop", compiled and run here
// so that the article stays true. Keep the two in step.
import DragDrop
import DragDropTesting
import Testing

/// A list of prefecture names the user drags from.
@MainActor
final class PrefectureList: DragInteractionDelegate {
  let view = View(frame: Rect(x: 0, y: 0, width: 300, height: 400))

  init(_ names: [String]) {
    view.accessibilityLabel = "list"
    for (index, name) in names.enumerated() {
      view.addSubview(Label(text: name, frame: Rect(x: 20, y: 20 + Double(index) * 44, width: 260, height: 40)))
    }
    view.addInteraction(DragInteraction(delegate: self))
  }

  func dragInteraction(_ interaction: DragInteraction, itemsForBeginning session: DragSession) -> [DragItem] {
    guard let label = view.hitTest(session.location(in: view)) as? Label, let text = label.text else { return [] }
    return [DragItem(itemProvider: ItemProvider(object: text))]
  }
}

/// A box that copies in whatever text is dropped on it.
@MainActor
final class Inbox: DropInteractionDelegate {
  let view = View(frame: Rect(x: 300, y: 0, width: 300, height: 400))
  private(set) var received: [String] = []

  init() {
    view.accessibilityLabel = "inbox"
    view.addInteraction(DropInteraction(delegate: self))
  }

  func dropInteraction(_ interaction: DropInteraction, canHandle session: DropSession) -> Bool {
    session.canLoadObjects(ofClass: String.self)
  }

  func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: DropSession) -> DropProposal {
    DropProposal(operation: .copy)
  }

  func dropInteraction(_ interaction: DropInteraction, performDrop session: DropSession) {
    session.loadObjects(ofClass: String.self) { self.received += $0 }
  }
}

@MainActor
@Suite struct ArticleExampleTests {
  @Test func dropCopiesTheName() async {
    let test = TestWindow(size: Size(width: 600, height: 400))
    let list = PrefectureList(["北海道", "青森", "岩手"])
    let inbox = Inbox()
    test.window.addSubview(list.view)
    test.window.addSubview(inbox.view)

    test.longPress(at: Point(x: 60, y: 40))
    test.recorder.expect(DelegateCalls.lift("list"))
    test.drag(along: [Point(x: 450, y: 200)])
    test.release()
    test.settle()
    test.recorder.expect(
      DelegateCalls.on(
        "list", .sessionAllowsMoveOperation, .sessionIsRestrictedToDraggingApplication, .sessionWillBegin)
        + DelegateCalls.on("list", .sessionDidMove, .sessionDidMove, .sessionDidMove)
        + DelegateCalls.on("inbox", .canHandle, .sessionDidEnter, .sessionDidUpdate) + [
          .init("list", .sessionDidMove), .init("inbox", .sessionDidUpdate), .init("list", .sessionDidMove),
          .init("inbox", .sessionDidUpdate), .init("list", .willEnd(.copy)), .init("inbox", .performDrop),
          .init("inbox", .previewForDropping(item: 0)), .init("inbox", .willAnimateDrop(item: 0)),
          .init("inbox", .concludeDrop), .init("list", .didEnd(.copy)), .init("inbox", .sessionDidEnd),
        ])

    // The load runs off the main actor; its completion comes back to it.
    await test.recorder.settle()
    #expect(inbox.received == ["北海道"])
    test.recorder.expect(DelegateCalls.transfer("list"))
  }

  /// The same check, with the builders and the moves skipped.
  @Test func dropCopiesTheNameWithBuilders() async {
    let test = TestWindow(size: Size(width: 600, height: 400))
    let list = PrefectureList(["北海道", "青森", "岩手"])
    let inbox = Inbox()
    test.window.addSubview(list.view)
    test.window.addSubview(inbox.view)
    test.longPress(at: Point(x: 60, y: 40))
    test.recorder.expect(DelegateCalls.lift("list"))
    test.drag(along: [Point(x: 450, y: 200)])
    test.release()
    test.settle()
    test.recorder.expect(
      DelegateCalls.begin("list") + DelegateCalls.enter("inbox") + DelegateCalls.drop("list", on: "inbox")
        + DelegateCalls.conclude("list", on: "inbox"),
      skippingMoves: true)
    await test.recorder.settle()
    test.recorder.expect(DelegateCalls.transfer("list"))
  }

  @Test func aDelegateAlone() {
    let item = DragItem(itemProvider: ItemProvider(object: "北海道"))
    let session = DropSession(items: [item], allowsLoading: true)
    let inbox = Inbox()
    let interaction = DropInteraction(delegate: inbox)
    #expect(inbox.dropInteraction(interaction, canHandle: session))
    #expect(inbox.dropInteraction(interaction, sessionDidUpdate: session).operation == .copy)
  }
}
