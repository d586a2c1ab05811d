import DragDropTesting
import Foundation
import TestSupport
import Testing

@testable import DragDrop

/// A drag source for tests: labels that drag their text, as in seed 002.
@MainActor
final class LabelSource: DragInteractionDelegate {
  let container: View
  var fadeOnLift = true
  var restoreOnCancel = true
  var previewStyle = PreviewStyle.label
  var cancelStyle = CancelStyle.backToLabel
  var allowsMove = true
  var addedLabels: [Label] = []
  var liftCompletions: [AnimatingPosition] = []

  enum PreviewStyle { case label, newView, invisible, systemDefault }
  enum CancelStyle { case systemDefault, backToLabel, fade }

  init(container: View) {
    self.container = container
  }

  func dragItem(for label: Label) -> DragItem {
    let item = DragItem(itemProvider: ItemProvider(object: label.text ?? ""))
    item.localObject = label
    return item
  }

  func dragInteraction(_ interaction: DragInteraction, itemsForBeginning session: DragSession) -> [DragItem] {
    let point = session.location(in: container)
    guard let label = container.hitTest(point) as? Label else { return [] }
    return [dragItem(for: label)]
  }

  // Seed 002: add the tapped label, unless it is already dragged or the session holds
  // something that is not text.
  func dragInteraction(
    _ interaction: DragInteraction, itemsForAddingTo session: DragSession, withTouchAt point: Point
  )
    -> [DragItem]
  {
    guard let label = container.hitTest(point) as? Label else { return [] }
    if session.items.contains(where: { ($0.localObject as? Label) === label }) { return [] }
    if session.items.contains(where: { !$0.itemProvider.canLoadObject(ofClass: String.self) }) { return [] }
    addedLabels.append(label)
    return [dragItem(for: label)]
  }

  func dragInteraction(
    _ interaction: DragInteraction, previewForLifting item: DragItem, session: DragSession
  )
    -> TargetedDragPreview?
  {
    guard let label = item.localObject as? Label else { return nil }
    switch previewStyle {
    case .label:
      return try? TargetedDragPreview.checked(view: label)
    case .newView:
      let preview = Label(text: "🚚" + (label.text ?? ""))
      preview.font = .systemFont(ofSize: 42)
      preview.sizeToFit()
      return TargetedDragPreview(
        view: preview, parameters: DragPreviewParameters(),
        target: DragPreviewTarget(container: container, center: label.center))
    case .invisible:
      return nil
    case .systemDefault:
      guard let view = interaction.view else { return nil }
      return try? TargetedDragPreview.checked(view: view)
    }
  }

  func dragInteraction(
    _ interaction: DragInteraction, willAnimateLiftWith animator: any DragAnimating, session: DragSession
  ) {
    animator.addCompletion { [weak self] position in self?.liftCompletions.append(position) }
    guard fadeOnLift else { return }
    animator.addCompletion { position in
      guard position == .end else { return }
      for item in session.items { (item.localObject as? Label)?.alpha = 0.5 }
    }
  }

  func dragInteraction(_ interaction: DragInteraction, sessionAllowsMoveOperation session: DragSession) -> Bool {
    allowsMove
  }

  func dragInteraction(
    _ interaction: DragInteraction, previewForCancelling item: DragItem, withDefault defaultPreview: TargetedDragPreview
  ) -> TargetedDragPreview? {
    switch cancelStyle {
    case .systemDefault: return defaultPreview
    case .fade: return nil
    case .backToLabel:
      guard let label = item.localObject as? Label, let superview = label.superview else { return defaultPreview }
      return defaultPreview.retargetedPreview(with: DragPreviewTarget(container: superview, center: label.center))
    }
  }

  func dragInteraction(
    _ interaction: DragInteraction, item: DragItem, willAnimateCancelWith animator: any DragAnimating
  ) {
    guard restoreOnCancel, let label = item.localObject as? Label else { return }
    animator.addAnimations { label.alpha = 1 }
  }

  func dragInteraction(_ interaction: DragInteraction, session: DragSession, didEndWith operation: DropOperation) {
    for item in session.items { (item.localObject as? Label)?.alpha = 1 }
  }
}

/// A drop target for tests: accepts text with a fixed operation, and loads it in
/// performDrop.
@MainActor
final class TextTarget: DropInteractionDelegate {
  var operation = DropOperation.copy
  var acceptsText = true
  var received: [String] = []
  var loadResults: [Result<String, ItemProviderError>] = []

  func dropInteraction(_ interaction: DropInteraction, canHandle session: DropSession) -> Bool {
    acceptsText && session.canLoadObjects(ofClass: String.self)
  }

  func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: DropSession) -> DropProposal {
    DropProposal(operation: operation)
  }

  func dropInteraction(_ interaction: DropInteraction, performDrop session: DropSession) {
    session.loadObjects(ofClass: String.self) { [weak self] strings in
      self?.received += strings
    }
  }
}

/// A window with a source container of labels on the left and a drop target on the right.
@MainActor
final class DragScene {
  let test = TestWindow(size: Size(width: 600, height: 400))
  var clock: ManualClock { test.clock }
  var window: Window { test.window }
  let source: View
  let labels: [Label]
  let target: View
  let sourceDelegate: LabelSource
  let targetDelegate = TextTarget()
  let drag: DragInteraction
  let drop: DropInteraction
  /// The calls since the last time the recorder passed over them.
  var calls: [DelegateCall] { test.recorder.unchecked }

  init(labels texts: [String] = ["北海道", "青森", "岩手"]) {
    source = View(frame: Rect(x: 0, y: 0, width: 300, height: 400))
    source.accessibilityLabel = "source"
    labels = texts.enumerated().map { index, text in
      let label = Label(text: text, frame: Rect(x: 20, y: 20 + Double(index) * 60, width: 200, height: 40))
      return label
    }
    for label in labels { source.addSubview(label) }
    target = View(frame: Rect(x: 300, y: 0, width: 300, height: 400))
    target.accessibilityLabel = "target"
    test.window.addSubview(source)
    test.window.addSubview(target)
    sourceDelegate = LabelSource(container: source)
    drag = DragInteraction(delegate: sourceDelegate)
    source.addInteraction(drag)
    drop = DropInteraction(delegate: targetDelegate)
    target.addInteraction(drop)
  }

  func touch(_ id: Int, _ phase: Touch.Phase, _ point: Point) {
    window.send(Touch(id: id, phase: phase, location: point, timestamp: clock.now))
  }

  /// Long-presses a label's centre until it lifts.
  func lift(_ label: Label, touch id: Int = 1) {
    touch(id, .began, label.convert(label.bounds.center, to: window))
    clock.advance(by: 0.5)
  }

  /// Moves touch `id` to `point` in a few steps.
  func move(_ id: Int, to point: Point, from start: Point, steps: Int = 3) {
    for step in 1...steps {
      let t = Double(step) / Double(steps)
      touch(id, .moved, Point(x: start.x + (point.x - start.x) * t, y: start.y + (point.y - start.y) * t))
    }
  }

  var callNames: [DelegateCall] { calls.map { DelegateCall($0.interaction, $0.method) } }
}

@MainActor
@Suite struct DragFlowTests {
  @Test("Rules 5, 6 and 13: lift, move over a target, drop, in order")
  func liftMoveDrop() async throws {
    let scene = DragScene()
    let label = scene.labels[0]
    let start = label.convert(label.bounds.center, to: scene.window)
    #expect(scene.window.dragController.isIdle)
    scene.lift(label)
    #expect(
      scene.callNames == DelegateCalls.lift("source"))
    #expect(!scene.window.dragController.isIdle)
    scene.test.recorder.skip()
    scene.clock.advance(by: 0.25)
    #expect(label.alpha == 0.5)  // faded in the lift animator's completion
    scene.move(1, to: Point(x: 450, y: 200), from: start)
    #expect(
      Array(scene.callNames.prefix(4)) == [
        .init("source", .sessionAllowsMoveOperation), .init("source", .sessionIsRestrictedToDraggingApplication),
        .init("source", .sessionWillBegin), .init("source", .sessionDidMove),
      ])
    #expect(scene.callNames.contains(.init("target", .canHandle)))
    let enter = try #require(scene.callNames.firstIndex(of: .init("target", .sessionDidEnter)))
    #expect(scene.callNames[enter - 1] == .init("target", .canHandle))
    #expect(scene.callNames[enter + 1] == .init("target", .sessionDidUpdate))
    #expect(scene.callNames.filter { $0 == .init("target", .canHandle) }.count == 1)
    scene.test.recorder.skip()
    scene.touch(1, .ended, Point(x: 450, y: 200))
    #expect(
      scene.callNames == [
        .init("source", .sessionDidMove), .init("target", .sessionDidUpdate), .init("source", .willEnd(.copy)),
        .init("target", .performDrop),
        .init("target", .previewForDropping(item: 0)), .init("target", .willAnimateDrop(item: 0)),
      ])
    scene.test.recorder.skip()
    scene.clock.advance(by: 0.3)
    #expect(
      scene.callNames == [
        .init("target", .concludeDrop), .init("source", .didEnd(.copy)), .init("target", .sessionDidEnd),
      ])
    #expect(label.alpha == 1)
    // The session is over, but drag and drop is not idle until the load is reported.
    #expect(scene.window.dragController.activeSessions.isEmpty)
    #expect(scene.window.dragController.pendingTransfers == 1)
    #expect(!scene.window.dragController.isIdle)
    // The load finishes off the main actor; the transfer is reported after it.
    #expect(await eventually { scene.callNames.contains(.init("source", .sessionDidTransferItems)) })
    #expect(scene.window.dragController.isIdle)
    #expect(scene.targetDelegate.received == ["北海道"])
  }

  @Test("Rule 7: a drop over nothing cancels; previews go back and the label is restored")
  func cancelOverNothing() {
    let scene = DragScene()
    let label = scene.labels[1]
    let start = label.convert(label.bounds.center, to: scene.window)
    scene.lift(label)
    scene.clock.advance(by: 0.25)
    scene.move(1, to: Point(x: 150, y: 380), from: start)
    scene.test.recorder.skip()
    scene.touch(1, .ended, Point(x: 150, y: 380))
    #expect(
      scene.callNames == [
        .init("source", .sessionDidMove), .init("source", .willEnd(.cancel)),
        .init("source", .previewForCancelling(item: 0)),
        .init("source", .willAnimateCancel(item: 0)),
      ])
    #expect(label.alpha == 1)  // restored in willAnimateCancel's animations
    scene.test.recorder.skip()
    scene.clock.advance(by: 0.3)
    #expect(scene.callNames == [.init("source", .didEnd(.cancel))])
  }

  @Test("Rule 13: leaving a target sends exit; a forbidden proposal cancels with exit, then sessionDidEnd")
  func exitAndForbidden() {
    let scene = DragScene()
    scene.targetDelegate.operation = .forbidden
    let label = scene.labels[0]
    let start = label.convert(label.bounds.center, to: scene.window)
    scene.lift(label)
    scene.move(1, to: Point(x: 450, y: 100), from: start)
    scene.move(1, to: Point(x: 100, y: 300), from: Point(x: 450, y: 100), steps: 1)
    #expect(scene.callNames.contains(.init("target", .sessionDidExit)))
    scene.move(1, to: Point(x: 450, y: 100), from: Point(x: 100, y: 300), steps: 1)
    scene.test.recorder.skip()
    scene.touch(1, .ended, Point(x: 450, y: 100))
    scene.clock.advance(by: 0.3)
    #expect(
      scene.callNames == [
        .init("source", .sessionDidMove), .init("target", .sessionDidUpdate), .init("source", .willEnd(.cancel)),
        .init("target", .sessionDidExit),
        .init("source", .previewForCancelling(item: 0)), .init("source", .willAnimateCancel(item: 0)),
        .init("source", .didEnd(.cancel)),
        .init("target", .sessionDidEnd),
      ])
    #expect(scene.targetDelegate.received.isEmpty)
  }

  @Test("Rule 8: when the source disallows moves, a move proposal cancels")
  func moveDisallowed() {
    let scene = DragScene()
    scene.sourceDelegate.allowsMove = false
    scene.targetDelegate.operation = .move
    let label = scene.labels[0]
    scene.lift(label)
    scene.move(1, to: Point(x: 450, y: 100), from: label.convert(label.bounds.center, to: scene.window))
    scene.touch(1, .ended, Point(x: 450, y: 100))
    scene.clock.advance(by: 0.3)
    #expect(!scene.callNames.contains(.init("target", .performDrop)))
    #expect(scene.callNames.contains(.init("source", .didEnd(.cancel))))
  }

  @Test("Rule 12: a target that cannot handle the session is passed by")
  func canHandleFalse() {
    let scene = DragScene()
    scene.targetDelegate.acceptsText = false
    let label = scene.labels[0]
    scene.lift(label)
    scene.move(1, to: Point(x: 450, y: 100), from: label.convert(label.bounds.center, to: scene.window))
    scene.move(1, to: Point(x: 460, y: 120), from: Point(x: 450, y: 100))
    #expect(scene.callNames.filter { $0 == .init("target", .canHandle) }.count == 1)
    #expect(!scene.callNames.contains(.init("target", .sessionDidEnter)))
  }

  @Test("Rule 3: no items means no drag")
  func noItems() {
    let scene = DragScene()
    scene.touch(1, .began, Point(x: 150, y: 390))  // empty space in the source
    scene.clock.advance(by: 0.5)
    #expect(scene.callNames == [.init("source", .itemsForBeginning)])
    scene.touch(1, .moved, Point(x: 450, y: 100))
    scene.touch(1, .ended, Point(x: 450, y: 100))
    #expect(scene.callNames == [.init("source", .itemsForBeginning)])
  }

  @Test("Rule 1: a disabled interaction ignores input")
  func disabled() {
    let scene = DragScene()
    scene.drag.isEnabled = false
    scene.lift(scene.labels[0])
    #expect(scene.calls.isEmpty)
  }

  @Test("Rule 2: moving before the lift delay cancels the lift")
  func earlyMovement() {
    let scene = DragScene()
    let start = scene.labels[0].convert(scene.labels[0].bounds.center, to: scene.window)
    scene.touch(1, .began, start)
    scene.clock.advance(by: 0.3)
    scene.touch(1, .moved, Point(x: start.x + 20, y: start.y))
    scene.clock.advance(by: 0.5)
    #expect(scene.calls.isEmpty)
  }

  @Test("Rule 6: lifting and releasing without moving reverses the lift and cancels")
  func liftWithoutMovement() {
    let scene = DragScene()
    let label = scene.labels[0]
    scene.lift(label)
    scene.test.recorder.skip()
    scene.touch(1, .ended, label.convert(label.bounds.center, to: scene.window))
    #expect(scene.sourceDelegate.liftCompletions == [.start])
    #expect(label.alpha == 1)  // the fade never happened
    scene.clock.advance(by: 0.3)
    #expect(
      scene.callNames == [
        .init("source", .willEnd(.cancel)), .init("source", .previewForCancelling(item: 0)),
        .init("source", .willAnimateCancel(item: 0)),
        .init("source", .didEnd(.cancel)),
      ])
    #expect(scene.sourceDelegate.liftCompletions == [.start])
  }

  @Test("Rule 4: a second touch adds a label, not one already dragged")
  func addingItems() async {
    let scene = DragScene()
    let first = scene.labels[0]
    let second = scene.labels[1]
    scene.lift(first)
    scene.move(1, to: Point(x: 250, y: 300), from: first.convert(first.bounds.center, to: scene.window))
    scene.test.recorder.skip()
    let secondCenter = second.convert(second.bounds.center, to: scene.window)
    scene.touch(2, .began, secondCenter)
    scene.clock.advance(by: 0.1)
    scene.touch(2, .ended, secondCenter)
    #expect(
      scene.callNames == [
        .init("source", .itemsForAddingTo), .init("source", .willAdd(count: 1, from: "source")),
        .init("source", .previewForLifting(item: 1)),
      ])
    #expect(scene.window.dragController.activeSessions.first?.items.count == 2)
    // Tapping the first label again adds nothing.
    let firstCenter = first.convert(first.bounds.center, to: scene.window)
    scene.touch(3, .began, firstCenter)
    scene.touch(3, .ended, firstCenter)
    #expect(scene.window.dragController.activeSessions.first?.items.count == 2)
    scene.move(1, to: Point(x: 450, y: 300), from: Point(x: 250, y: 300))
    scene.touch(1, .ended, Point(x: 450, y: 300))
    scene.clock.advance(by: 0.3)
    #expect(await eventually { scene.callNames.contains(.init("source", .sessionDidTransferItems)) })
    #expect(scene.targetDelegate.received == ["北海道", "青森"])
  }

  @Test("Rule 16: bytes cannot be loaded outside performDrop")
  func loadingOutsidePerformDrop() async throws {
    let item = DragItem(itemProvider: ItemProvider(object: "secret"))
    let session = DropSession(items: [item])
    await #expect(throws: ItemProviderError.self) {
      try await session.items[0].itemProvider.loadObject(ofClass: String.self)
    }
    #expect(session.items[0].itemProvider.registeredContentTypes == [.utf8PlainText, .utf16PlainText])
    #expect(session.hasItemsConforming(to: [.plainText]))
    let open = DropSession(items: [item], allowsLoading: true)
    #expect(try await open.items[0].itemProvider.loadObject(ofClass: String.self) == "secret")
  }

  @Test("Rule 9 and 16: a drag from another process hides local objects and own-process data")
  func otherProcess() {
    let provider = ItemProvider()
    provider.registerDataRepresentation(for: .png, visibility: .ownProcess) { _ in nil }
    provider.registerDataRepresentation(for: .utf8PlainText) { _ in nil }
    let item = DragItem(itemProvider: provider)
    item.localObject = "local"
    let dragSession = DragSession(items: [item])
    let session = DropSession(items: [item], localDragSession: dragSession, fromOtherProcess: true)
    #expect(session.localDragSession == nil)
    #expect(session.items[0].localObject == nil)
    #expect(session.items[0].itemProvider.registeredContentTypes == [.utf8PlainText])
    let local = DropSession(items: [item], localDragSession: dragSession)
    #expect(local.localDragSession === dragSession)
    #expect(local.items[0].localObject as? String == "local")
  }

  @Test("Rule 11: a targeted preview of a view outside a window is a typed error")
  func previewOutsideWindow() {
    #expect(throws: DragPreviewError.viewNotInWindow("Label")) {
      try TargetedDragPreview.checked(view: Label(text: "x"))
    }
  }

  @Test("Rule 43: UIKit's form reports a view outside a window and centres the preview on the view")
  func previewOutsideWindowAsUIKitWritesIt() {
    var misuse: [DragPreviewError] = []
    APIMisuse.handler = { misuse.append($0 as! DragPreviewError) }
    defer { APIMisuse.handler = { _ in } }
    let label = Label(text: "x")
    label.frame = Rect(x: 10, y: 10, width: 40, height: 20)
    let preview = TargetedDragPreview(view: label)
    #expect(misuse == [.viewNotInWindow("Label")])
    #expect(preview.target.container === label)
    #expect(preview.target.center == Point(x: 20, y: 10))
  }
}
