import DragDropTesting
import Foundation
import TestSupport
import Testing

@_spi(Platform) @testable import DragDrop

/// Rules 1-16 that the flow and seed tests do not already pin down.
@MainActor
@Suite(.serialized) struct RuleTests {
  /// A window with one label source on the left and one text target on the right.
  @MainActor final class Scene {
    let test = TestWindow(size: Size(width: 600, height: 400))
    let source: LabelSource
    let target = TextTarget()
    let label = Label(text: "岩手", frame: Rect(x: 20, y: 20, width: 200, height: 40))
    let drag: DragInteraction
    let drop: DropInteraction

    init() {
      let container = View(frame: Rect(x: 0, y: 0, width: 300, height: 400))
      container.accessibilityLabel = "source"
      container.addSubview(label)
      source = LabelSource(container: container)
      drag = DragInteraction(delegate: source)
      container.addInteraction(drag)
      let targetView = View(frame: Rect(x: 300, y: 0, width: 300, height: 400))
      targetView.accessibilityLabel = "target"
      drop = DropInteraction(delegate: target)
      targetView.addInteraction(drop)
      test.window.addSubview(container)
      test.window.addSubview(targetView)
    }

    var labelCenter: Point { label.convert(label.bounds.center, to: test.window) }
    var session: DragSession? { test.window.dragController.activeSessions.first }
  }

  @Test("Rule 1: the delegate is held weakly, and enabled by default depends on the window's device")
  func weakDelegateAndDefaults() {
    var delegate: LabelSource? = LabelSource(container: View())
    let interaction = DragInteraction(delegate: delegate!)
    delegate = nil
    #expect(interaction.delegate == nil)
    #expect(!DragInteraction.isEnabledByDefault(on: .phone))
    #expect(DragInteraction.isEnabledByDefault(on: .largeScreen) && DragInteraction.isEnabledByDefault(on: .pointer))
    // Two windows differ, with no global to save and restore.
    let phoneWindow = TestWindow(size: Size(width: 100, height: 100))
    let phone = phoneWindow.window
    phone.environment.deviceConfiguration = .phone
    let desktopWindow = TestWindow(size: Size(width: 100, height: 100))
    let desktop = desktopWindow.window
    let source = LabelSource(container: View())
    let onPhone = DragInteraction(delegate: source)
    let onDesktop = DragInteraction(delegate: source)
    phone.addInteraction(onPhone)
    desktop.addInteraction(onDesktop)
    #expect(!onPhone.isEnabled && onDesktop.isEnabled)
    onPhone.isEnabled = true  // set explicitly, it stays so
    phone.environment.deviceConfiguration = .phone
    #expect(onPhone.isEnabled)
  }

  @Test("Rule 2: a pointer drag begins once it passes the threshold, without the delay")
  func pointerLiftsWithoutDelay() {
    let scene = Scene()
    scene.test.pointerMove(to: scene.labelCenter, steps: 1)
    scene.test.pointerDown(at: scene.labelCenter)
    scene.test.pointerMove(to: Point(x: scene.labelCenter.x + 5, y: scene.labelCenter.y), steps: 1)
    scene.test.recorder.expectNothing()
    scene.test.pointerMove(to: Point(x: 450, y: 200), steps: 2)
    #expect(
      scene.test.recorder.unchecked.prefix(6).map(\.unnumbered) == DelegateCalls.lift("source")
        + DelegateCalls.begin("source"))
    scene.test.recorder.skip()
    scene.test.pointerUp()
    scene.test.settle()
    scene.test.recorder.expect(
      DelegateCalls.drop("source", on: "target") + DelegateCalls.conclude("source", on: "target"), skippingMoves: true)
  }

  @Test("Rule 2: the lift delay is configurable")
  func configurableDelay() {
    let scene = Scene()
    scene.drag.liftDelay = 1
    scene.test.longPress(at: scene.labelCenter, duration: 0.9)
    scene.test.recorder.expectNothing()
    scene.test.hold(0.1)
    scene.test.recorder.expect(DelegateCalls.lift("source"))
  }

  @Test("Rule 2: other recognisers stop at the lift unless simultaneous recognition is allowed")
  func liftArbitration() {
    for allows in [false, true] {
      let scene = Scene()
      scene.drag.allowsSimultaneousRecognitionDuringLift = allows
      var taps = 0
      let press = LongPressGestureRecognizer { recognizer in
        if recognizer.state == .ended { taps += 1 }
      }
      press.minimumPressDuration = 0.8
      scene.label.addGestureRecognizer(press)
      scene.test.longPress(at: scene.labelCenter)  // lifts at 0.5
      scene.test.hold(0.4)  // the press would begin at 0.8
      scene.test.release()
      #expect(taps == (allows ? 1 : 0))
    }
  }

  @Test("Rule 10: the session's queries")
  func sessionQueries() throws {
    let scene = Scene()
    scene.test.longPress(at: scene.labelCenter)
    let session = try #require(scene.session)
    #expect(session.items.count == 1)
    #expect(session.hasItemsConforming(to: [.plainText]))
    #expect(!session.hasItemsConforming(to: [.image]))
    #expect(session.canLoadObjects(ofClass: String.self))
    #expect(!session.canLoadObjects(ofClass: Image.self))
    #expect(session.location(in: scene.label) == scene.label.bounds.center)
    session.localContext = "context"
    #expect(session.localContext as? String == "context")
    #expect(session.allowsMoveOperation)
    #expect(!session.isRestrictedToDraggingApplication)
  }

  @Test("Rule 14: the proposal carries its operation and flags; performDrop only for copy and move")
  func proposals() {
    var proposal = DropProposal(operation: .move)
    proposal.isPrecise = true
    proposal.prefersFullSizePreview = true
    #expect(proposal.description == "DropProposal(move, precise, fullSize)")
    #expect([DropOperation.cancel, .forbidden, .copy, .move].map(\.performsDrop) == [false, false, true, true])
    for operation in [DropOperation.cancel, .forbidden, .copy, .move] {
      let scene = Scene()
      scene.target.operation = operation
      scene.test.longPress(at: scene.labelCenter)
      scene.test.move(to: Point(x: 450, y: 200))
      scene.test.release()
      scene.test.settle()
      #expect(scene.test.recorder.calls.contains { $0.method.name == "performDrop" } == operation.performsDrop)
      let end = scene.test.recorder.calls.last { $0.method.name == "didEnd" }
      #expect(end?.method == .didEnd(operation.performsDrop ? operation : .cancel))
    }
  }

  @Test("Rule 16: loadObjects completes on the main actor in item order, with one progress")
  func loadObjectsOrderAndProgress() async {
    let slow = ItemProvider()
    let gate = ManualGate()
    slow.registerDataRepresentation(for: .utf8PlainText) { completion in
      gate.hold { completion(.success(Data("first".utf8))) }
      return nil
    }
    let items = [DragItem(itemProvider: slow), DragItem(itemProvider: ItemProvider(object: "second"))]
    let image = ItemProvider()
    image.registerDataRepresentation(for: .png) { _ in nil }
    let session = DropSession(items: items + [DragItem(itemProvider: image)], allowsLoading: true)
    let values: [String] = await withCheckedContinuation { continuation in
      let progress = session.loadObjects(ofClass: String.self) { values in
        MainActor.assertIsolated()
        continuation.resume(returning: values)
      }
      #expect(progress.totalUnitCount == 2)  // the image is not loaded as text
      gate.release()
    }
    #expect(values == ["first", "second"])
    #expect(session.progress.fractionCompleted == 1)
    #expect(session.progressIndicatorStyle == .default)
  }

  @Test("Rule 16: localDragSession is the source's session for a local drag")
  func localDragSession() throws {
    let scene = Scene()
    final class Spy: DropInteractionDelegate {
      var local: DragSession?
      func dropInteraction(_ interaction: DropInteraction, sessionDidEnter session: DropSession) {
        local = session.localDragSession
      }
    }
    let spy = Spy()
    scene.drop.delegate = spy
    scene.test.longPress(at: scene.labelCenter)
    let session = try #require(scene.session)
    scene.test.move(to: Point(x: 450, y: 200))
    #expect(spy.local === session)
  }

  @Test("Rules 8 and 16: a drag from another application has no local session and can be dropped")
  func incomingDrag() async {
    let scene = Scene()
    let item = DragItem(itemProvider: ItemProvider(object: "from elsewhere"))
    item.localObject = "never seen"
    let incoming = scene.test.window.dragController.beginIncomingDrag(items: [item], at: Point(x: 100, y: 100))
    #expect(incoming.session.localDragSession == nil)
    #expect(incoming.session.items[0].localObject == nil)
    incoming.move(to: Point(x: 450, y: 200))
    #expect(incoming.proposal.operation == .copy)
    #expect(incoming.drop() == .copy)
    scene.test.settle()
    scene.test.recorder.expect([
      .init("target", .canHandle), .init("target", .sessionDidEnter), .init("target", .sessionDidUpdate),
      .init("target", .performDrop),
      .init("target", .previewForDropping(item: 0)), .init("target", .willAnimateDrop(item: 0)),
      .init("target", .concludeDrop),
      .init("target", .sessionDidEnd),
    ])
    #expect(await eventually { scene.target.received == ["from elsewhere"] })
  }

  @Test("Rule 8: a drop on another application is a copy for the source, unless restricted")
  func dropOnOtherApplication() throws {
    for (restricted, reported, expected) in [
      (false, DropOperation.copy, "copy"), (false, .move, "move"), (true, .copy, "cancel"), (false, .cancel, "cancel"),
    ] {
      let scene = Scene()
      final class Restricting: DragInteractionDelegate {
        let inner: LabelSource
        let restricted: Bool
        init(inner: LabelSource, restricted: Bool) {
          self.inner = inner
          self.restricted = restricted
        }
        func dragInteraction(_ interaction: DragInteraction, itemsForBeginning session: DragSession) -> [DragItem] {
          inner.dragInteraction(interaction, itemsForBeginning: session)
        }
        func dragInteraction(
          _ interaction: DragInteraction, sessionIsRestrictedToDraggingApplication session: DragSession
        ) -> Bool { restricted }
      }
      let delegate = Restricting(inner: scene.source, restricted: restricted)
      scene.drag.delegate = delegate
      scene.test.longPress(at: scene.labelCenter)
      scene.test.move(to: Point(x: 700, y: 200))  // out of the window
      let session = try #require(scene.session)
      scene.test.window.dragController.endInOtherApplication(session, reportedOperation: reported)
      scene.test.settle()
      let ends = scene.test.recorder.calls.filter { $0.method.name == "willEnd" || $0.method.name == "didEnd" }.map(
        \.description)
      #expect(ends == ["source.willEnd(\(expected))", "source.didEnd(\(expected))"])
      #expect(
        scene.test.recorder.calls.contains { $0.method.name == "sessionDidTransferItems" } == (expected != "cancel"))
      scene.test.release()
      #expect(scene.test.window.dragController.activeSessions.isEmpty)
    }
  }
}

/// Holds work until released, without sleeping.
final class ManualGate: @unchecked Sendable {
  private let lock = NSLock()
  private var held: [@Sendable () -> Void] = []
  private var open = false

  func hold(_ work: @escaping @Sendable () -> Void) {
    lock.lock()
    if open {
      lock.unlock()
      work()
      return
    }
    held.append(work)
    lock.unlock()
  }

  func release() {
    lock.lock()
    open = true
    let work = held
    held = []
    lock.unlock()
    work.forEach { $0() }
  }
}

@MainActor
@Suite struct PreviewRuleTests {
  @Test("Rule 9: an item's preview provider sets its moving preview; nil means none")
  func previewProvider() throws {
    let scene = RuleTests.Scene()
    final class Providing: DragInteractionDelegate {
      let inner: LabelSource
      var mode = 0
      init(inner: LabelSource) { self.inner = inner }
      func dragInteraction(_ interaction: DragInteraction, itemsForBeginning session: DragSession) -> [DragItem] {
        let items = inner.dragInteraction(interaction, itemsForBeginning: session)
        switch mode {
        case 1: items.forEach { $0.previewProvider = { DragPreview(view: Label(text: "moving")) } }
        case 2: items.forEach { $0.previewProvider = { nil } }
        default: break
        }
        return items
      }
      func dragInteraction(
        _ interaction: DragInteraction, previewForLifting item: DragItem, session: DragSession
      )
        -> TargetedDragPreview?
      {
        inner.dragInteraction(interaction, previewForLifting: item, session: session)
      }
    }
    let delegate = Providing(inner: scene.source)
    scene.drag.delegate = delegate
    for mode in 0...2 {
      delegate.mode = mode
      scene.test.longPress(at: scene.labelCenter)
      scene.test.move(to: Point(x: 150, y: 300))
      let session = try #require(scene.session)
      let preview = scene.test.window.dragController.dragPreviews(of: session).first ?? nil
      switch mode {
      case 0: #expect(preview?.view === scene.label)  // the lift preview
      case 1: #expect((preview?.view as? Label)?.text == "moving")
      default: #expect(preview == nil)
      }
      scene.test.release()
      scene.test.settle()
    }
  }

  @Test("Rule 11: parameters choose the visible part and the background")
  func previewParameters() throws {
    let scene = RuleTests.Scene()
    let parameters = DragPreviewParameters(
      visiblePath: Path(roundedRect: Rect(x: 10, y: 5, width: 50, height: 30), cornerRadius: 6),
      backgroundColor: .clear)
    let preview = try TargetedDragPreview.checked(view: scene.label, parameters: parameters)
    #expect(preview.size == Size(width: 50, height: 30))
    #expect(preview.parameters.backgroundColor == .clear)
    #expect(try TargetedDragPreview.checked(view: scene.label).size == scene.label.bounds.size)
    let moved = preview.retargetedPreview(
      with: DragPreviewTarget(container: scene.test.window, center: Point(x: 5, y: 6)))
    #expect(moved.view === scene.label)
    #expect(moved.parameters === parameters)
    #expect(moved.centerInWindow == Point(x: 5, y: 6))
  }
}

@MainActor
@Suite struct CancelPreviewRuleTests {
  /// A source that implements only what it must: it leaves `previewForCancelling` out.
  final class MinimalSource: DragInteractionDelegate {
    let inner: LabelSource
    var returnsDefault = false
    init(inner: LabelSource) { self.inner = inner }
    func dragInteraction(_ interaction: DragInteraction, itemsForBeginning session: DragSession) -> [DragItem] {
      inner.dragInteraction(interaction, itemsForBeginning: session)
    }
  }

  /// Returns the default preview, and so sends the item home.
  final class HomeSource: DragInteractionDelegate {
    let inner: LabelSource
    init(inner: LabelSource) { self.inner = inner }
    func dragInteraction(_ interaction: DragInteraction, itemsForBeginning session: DragSession) -> [DragItem] {
      inner.dragInteraction(interaction, itemsForBeginning: session)
    }
    func dragInteraction(
      _ interaction: DragInteraction, previewForCancelling item: DragItem,
      withDefault defaultPreview: TargetedDragPreview
    ) -> TargetedDragPreview? { defaultPreview }
  }

  @Test("Rule 7 (issue 9): leaving previewForCancelling out fades in place; the default preview goes home")
  func cancelDefaults() throws {
    let scene = RuleTests.Scene()
    let minimal = MinimalSource(inner: scene.source)
    scene.drag.delegate = minimal
    scene.test.longPress(at: scene.labelCenter)
    scene.test.move(to: Point(x: 150, y: 300))
    let session = try #require(scene.session)
    scene.test.cancelTouch()
    // Left out: no target, so the preview grows a little and fades where it is.
    #expect(scene.test.window.dragController.endingPreviews(of: session).count == 1)
    #expect(scene.test.window.dragController.endingPreviews(of: session)[0] == nil)
    scene.test.settle()

    let home = HomeSource(inner: scene.source)
    scene.drag.delegate = home
    scene.test.longPress(at: scene.labelCenter)
    scene.test.move(to: Point(x: 150, y: 300))
    let second = try #require(scene.session)
    scene.test.cancelTouch()
    // Home is where the lift preview was: the whole interaction view, by default.
    let preview = try #require(scene.test.window.dragController.endingPreviews(of: second).first ?? nil)
    #expect(preview.view === scene.drag.view)
    #expect(preview.centerInWindow == Point(x: 150, y: 200))
    scene.test.settle()
  }
}
