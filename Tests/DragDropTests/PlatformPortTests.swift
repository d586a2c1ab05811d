import ContentTypes
import DragDropTesting
import Foundation
import ItemProviders
import TestSupport
import Testing

@_spi(Platform) @testable import DragDrop

/// The platform port, with the fake platform as the other applications of a desktop:
/// rules 16 and 37 to 39 through one pipeline.
@MainActor
@Suite struct PlatformPortTests {
  /// A label source whose items also carry a representation for this process alone.
  @MainActor final class Scene {
    let test = TestWindow(size: Size(width: 600, height: 400))
    let platform = FakePlatform()
    let source: LabelSource
    let target = TextTarget()
    let label = Label(text: "岩手", frame: Rect(x: 20, y: 20, width: 200, height: 40))
    let drag: DragInteraction
    let restricting = Restriction()

    @MainActor final class Restriction: DragInteractionDelegate {
      var inner: LabelSource?
      var restricted = false
      var secret = true
      func dragInteraction(_ interaction: DragInteraction, itemsForBeginning session: DragSession) -> [DragItem] {
        let items = inner?.dragInteraction(interaction, itemsForBeginning: session) ?? []
        if secret {
          for item in items {
            item.itemProvider.registerDataRepresentation(
              for: ContentType(exportedAs: "jp.example.secret"), visibility: .ownProcess
            ) {
              $0(.success(Data("secret".utf8))); return nil
            }
          }
        }
        return items
      }
      func dragInteraction(
        _ interaction: DragInteraction, sessionIsRestrictedToDraggingApplication session: DragSession
      ) -> Bool { restricted }
      func dragInteraction(
        _ interaction: DragInteraction, previewForLifting item: DragItem, session: DragSession
      )
        -> TargetedDragPreview?
      { inner?.dragInteraction(interaction, previewForLifting: item, session: session) }
      func dragInteraction(_ interaction: DragInteraction, session: DragSession, didEndWith operation: DropOperation) {
        inner?.dragInteraction(interaction, session: session, didEndWith: operation)
      }
    }

    init() {
      let container = View(frame: Rect(x: 0, y: 0, width: 300, height: 400))
      container.accessibilityLabel = "source"
      container.addSubview(label)
      source = LabelSource(container: container)
      restricting.inner = source
      drag = DragInteraction(delegate: restricting)
      container.addInteraction(drag)
      let targetView = View(frame: Rect(x: 300, y: 0, width: 300, height: 400))
      targetView.accessibilityLabel = "target"
      targetView.addInteraction(DropInteraction(delegate: target))
      test.window.addSubview(container)
      test.window.addSubview(targetView)
      platform.attach(test.window)
    }

    var labelCenter: Point { label.convert(label.bounds.center, to: test.window) }

    /// Lifts the label and moves it a little, so the session begins.
    func liftAndBegin() throws -> OutgoingDrag {
      test.longPress(at: labelCenter)
      test.move(to: Point(x: 150, y: 100))
      return try #require(platform.current)
    }

    var ends: [DelegateCall] {
      test.recorder.calls.filter { ["willEnd", "didEnd", "sessionDidTransferItems"].contains($0.method.name) }.map(
        \.unnumbered)
    }
  }

  @Test("Rule 37: a drag that may leave is offered by MIME type from its start; in-process types never are")
  func offeredByMIMEType() throws {
    let scene = Scene()
    let drag = try scene.liftAndBegin()
    #expect(
      scene.platform.events == [
        .began(mimeTypes: [["text/plain;charset=utf-8", "text/plain", "UTF8_STRING"]])
      ])
    #expect(
      drag.offeredTypes.map { $0.map(\.identifier) } == [["public.utf8-plain-text", "public.utf16-plain-text"]])
    #expect(drag.session === scene.test.window.dragController.activeSessions.first)
    // The session's own items keep the in-process representation.
    #expect(drag.session.items[0].itemProvider.registeredContentTypes.count == 3)
  }

  @Test("A pointer drag the platform took over leaves the window free: the next press begins the next drag")
  func theNextPressAfterAPlatformDragBeginsANewDrag() throws {
    let scene = Scene()
    for round in 1...3 {
      scene.test.pointerDown(at: scene.labelCenter)
      scene.test.pointerMove(to: Point(x: 150, y: 100))
      let drag = try #require(scene.platform.current, "round \(round)")
      // GDK takes the pointer: the release goes to it, and the window never sees it.
      drag.platformDidTakeOver()
      scene.platform.release(drag)
      scene.test.settle()
      #expect(scene.platform.events.filter { if case .began = $0 { true } else { false } }.count == round)
    }
  }

  @Test("Rule 37: a drag restricted to the application never reaches the platform")
  func restrictedDragsStayInside() {
    let scene = Scene()
    scene.restricting.restricted = true
    scene.test.longPress(at: scene.labelCenter)
    scene.test.move(to: Point(x: 450, y: 100))
    scene.test.release()
    scene.test.settle()
    #expect(scene.platform.events.isEmpty)
    #expect(scene.target.received.isEmpty || scene.target.received == ["岩手"])
  }

  @Test("Rule 40: the platform hears each change of operation, for its cursor and badges")
  func operationChanges() throws {
    let scene = Scene()
    _ = try scene.liftAndBegin()
    scene.test.move(to: Point(x: 450, y: 100))
    scene.test.move(to: Point(x: 460, y: 120))
    scene.test.move(to: Point(x: 100, y: 300))
    scene.target.operation = .move
    scene.test.move(to: Point(x: 450, y: 100))
    scene.test.release()
    scene.test.settle()
    #expect(
      scene.platform.events.dropFirst() == [.operation(.copy), .operation(.cancel), .operation(.move), .ended(.move)])
  }

  @Test("Rules 38 and 39: another application reads what it accepts, and the source hears a copy")
  func anotherApplicationTakesTheDrop() async throws {
    let scene = Scene()
    let drag = try scene.liftAndBegin()
    let editor = scene.platform.application(named: "editor")
    let received = await editor.receive(drag, accepting: ["text/plain"])
    #expect(received == [FakeApplication.Received(mimeType: "text/plain", data: Data("岩手".utf8))])
    #expect(
      scene.ends == [
        .init("source", .willEnd(.copy)), .init("source", .didEnd(.copy)), .init("source", .sessionDidTransferItems),
      ])
    #expect(scene.platform.events.last == .ended(.copy))
    #expect(scene.platform.drags.isEmpty)
  }

  @Test("Rule 39: a move ends as a move only when the peer reports success; a failure is a cancel")
  func moveIsHonest() async throws {
    for (outcome, expected) in [
      (FakeApplication.Outcome.succeeds, DropOperation.move), (.fails, .cancel), (.diesMidTransfer, .cancel),
    ] {
      let scene = Scene()
      let drag = try scene.liftAndBegin()
      let files = scene.platform.application(named: "files")
      _ = await files.receive(drag, accepting: ["text/plain;charset=utf-8"], operation: .move, outcome: outcome)
      scene.test.settle()
      #expect(
        Array(scene.ends.prefix(2)) == DelegateCalls.on("source", .willEnd(expected), .didEnd(expected)), "\(outcome)")
      #expect(scene.platform.events.last == .ended(expected))
      // A cancelled drag leaves the source's label where it was, fully shown.
      #expect(scene.label.superview != nil && scene.label.alpha == 1)
      #expect(!drag.isActive)
    }
  }

  @Test("A peer that accepts none of the offered types is a failed drop")
  func nothingAccepted() async throws {
    let scene = Scene()
    let drag = try scene.liftAndBegin()
    let viewer = scene.platform.application(named: "viewer")
    let received = await viewer.receive(drag, accepting: ["image/png"])
    #expect(received == [FakeApplication.Received()])
    scene.test.settle()
    #expect(scene.ends == [.init("source", .willEnd(.cancel)), .init("source", .didEnd(.cancel))])
  }

  @Test("Rule 37: carried by the platform over its own window, a drag drops as any drag does, with its local session")
  func ourDragThroughThePlatform() async throws {
    let scene = Scene()
    let drag = try scene.liftAndBegin()
    scene.test.recorder.skip()
    let over = scene.platform.carry(drag, to: Point(x: 450, y: 100), in: scene.test.window)
    #expect(over.session.localDragSession === drag.session)
    #expect(over.session.items[0].localObject as? Label === scene.label)
    // The platform drives the drag now: the touch no longer moves it.
    scene.test.move(to: Point(x: 100, y: 100))
    #expect(scene.test.window.dragController.currentTarget(of: drag.session) != nil)
    #expect(scene.platform.release(drag) == .copy)
    await scene.test.recorder.settle()
    scene.test.recorder.expect([
      .init("source", .sessionDidMove), .init("target", .canHandle), .init("target", .sessionDidEnter),
      .init("target", .sessionDidUpdate),
      .init("source", .willEnd(.copy)), .init("target", .performDrop), .init("target", .previewForDropping(item: 0)),
      .init("target", .willAnimateDrop(item: 0)), .init("target", .concludeDrop), .init("source", .didEnd(.copy)),
      .init("target", .sessionDidEnd),
      .init("source", .sessionDidTransferItems),
    ])
    #expect(scene.target.received == ["岩手"])
    #expect(scene.platform.events.last == .ended(.copy))
  }

  @Test("Rule 37: into another window of ours, the drop session carries the first window's session")
  func betweenOurWindows() async throws {
    let scene = Scene()
    let other = TestWindow(size: Size(width: 300, height: 300))
    let otherTarget = TextTarget()
    let targetView = View(frame: Rect(x: 0, y: 0, width: 300, height: 300))
    targetView.accessibilityLabel = "other"
    targetView.addInteraction(DropInteraction(delegate: otherTarget))
    other.window.addSubview(targetView)
    scene.platform.attach(other.window)
    let drag = try scene.liftAndBegin()
    // Over our first window's target, then over the second window: the first sees it leave.
    scene.platform.carry(drag, to: Point(x: 450, y: 100), in: scene.test.window)
    let over = scene.platform.carry(drag, to: Point(x: 100, y: 100), in: other.window)
    #expect(scene.test.window.dragController.currentTarget(of: drag.session) == nil)
    #expect(over.session.localDragSession === drag.session)
    #expect(over.session.items[0].localObject as? Label === scene.label)
    #expect(scene.platform.release(drag) == .copy)
    other.settle()
    #expect(await eventually { otherTarget.received == ["岩手"] })
    #expect(
      scene.ends == [
        .init("source", .willEnd(.copy)), .init("source", .didEnd(.copy)), .init("source", .sessionDidTransferItems),
      ])
    #expect(
      scene.test.recorder.calls.filter { $0.interaction == "target" }.map(\.method.name) == [
        "canHandle", "sessionDidEnter", "sessionDidUpdate", "sessionDidExit", "sessionDidEnd",
      ])
  }

  @Test("Rule 16: a drag from another application shows only what it offers, and its reads go through it")
  func fromAnotherApplication() async throws {
    let scene = Scene()
    let browser = scene.platform.application(named: "browser")
    let item = browser.item([(.utf8PlainText, Data("札幌".utf8))])
    let incoming = browser.drag([item], into: scene.test.window, at: Point(x: 450, y: 100))
    #expect(incoming.session.localDragSession == nil)
    #expect(incoming.proposal.operation == .copy)
    #expect(incoming.drop() == .copy)
    scene.test.settle()
    #expect(await eventually { scene.target.received == ["札幌"] })
  }

  @Test("A list of files read at the release becomes one item per file: canHandle is asked again, then the drop")
  func itemsReplacedAtTheRelease() async throws {
    let scene = Scene()
    let files = scene.platform.application(named: "files")
    let list = files.item([(.url, Data("file:///tmp/list".utf8))])
    let incoming = files.drag([list], into: scene.test.window, at: Point(x: 450, y: 100))
    // A URL is no text for this target: the list alone finds no target.
    #expect(incoming.proposal.operation == .cancel)
    let texts = ["釧路", "帯広"].map { ItemProvider(object: $0) }
    incoming.replaceItems(with: texts.map { DragItem(itemProvider: $0) })
    #expect(incoming.session.items.count == 2)
    #expect(incoming.proposal.operation == .copy)
    #expect(incoming.drop() == .copy)
    scene.test.settle()
    #expect(await eventually { scene.target.received == ["釧路", "帯広"] })
    #expect(
      scene.test.recorder.calls.filter { $0.interaction == "target" }.map(\.method.name) == [
        "canHandle", "canHandle", "sessionDidEnter", "sessionDidUpdate", "performDrop", "previewForDropping",
        "willAnimateDrop", "previewForDropping", "willAnimateDrop", "concludeDrop", "sessionDidEnd",
      ])
    // Our own drags keep their items.
    let drag = try scene.liftAndBegin()
    let over = scene.platform.carry(drag, to: Point(x: 450, y: 100), in: scene.test.window)
    over.replaceItems(with: texts.map { DragItem(itemProvider: $0) })
    #expect(drag.session.items.count == 1)
  }

  @Test("Rule 38: a source application that dies mid-transfer fails the read with a typed error")
  func sourceDiesMidTransfer() async throws {
    let scene = Scene()
    let browser = scene.platform.application(named: "browser")
    browser.holdsTransfers = true
    let item = browser.item([(.utf8PlainText, Data("札幌".utf8))])
    let incoming = browser.drag([item], into: scene.test.window, at: Point(x: 450, y: 100))
    @MainActor final class Outcome { var result: Result<Data, ItemProviderError>? }
    let outcome = Outcome()
    final class Reader: DropInteractionDelegate {
      var onDrop: (DropSession) -> Void = { _ in }
      func dropInteraction(_ interaction: DropInteraction, canHandle session: DropSession) -> Bool { true }
      func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: DropSession) -> DropProposal {
        DropProposal(operation: .copy)
      }
      func dropInteraction(_ interaction: DropInteraction, performDrop session: DropSession) { onDrop(session) }
    }
    let reader = Reader()
    reader.onDrop = { session in
      session.items[0].itemProvider.loadDataRepresentation(for: .utf8PlainText) { result in
        Task { @MainActor in outcome.result = result }
      }
    }
    let interaction = try #require(scene.test.window.subviews[1].interactions.first as? DropInteraction)
    interaction.delegate = reader
    incoming.move(to: Point(x: 460, y: 100))
    #expect(incoming.drop() == .copy)
    #expect(await eventually { browser.pendingTransferCount == 1 })
    browser.die()
    #expect(await eventually { outcome.result != nil })
    guard case .failure(.loadHandlerFailed(_, let underlying)) = outcome.result else {
      Issue.record("expected a failed load, got \(String(describing: outcome.result))")
      return
    }
    #expect(underlying as? PlatformTransferError == .peerVanished)
    // Later reads fail at once.
    #expect(
      await (try? item.itemProvider.loadDataRepresentation(for: .utf8PlainText)) == nil)
  }

  @Test("The platform cancels: Escape during a platform drag ends it as a cancel")
  func platformCancels() throws {
    let scene = Scene()
    let drag = try scene.liftAndBegin()
    let controller = scene.test.window.dragController
    scene.platform.carry(drag, to: Point(x: 450, y: 100), in: scene.test.window)
    #expect(!controller.isOutsideWindow(drag.session))
    scene.platform.carryOut(drag)
    #expect(controller.currentTarget(of: drag.session) == nil)
    // Carried out, its previews are not drawn in this window; back in, they are again.
    #expect(controller.isOutsideWindow(drag.session))
    scene.platform.carry(drag, to: Point(x: 450, y: 120), in: scene.test.window)
    #expect(!controller.isOutsideWindow(drag.session))
    scene.platform.carryOut(drag)
    #expect(drag.isActive)
    #expect(scene.platform.release(drag) == .cancel)
    scene.test.settle()
    #expect(scene.ends == [.init("source", .willEnd(.cancel)), .init("source", .didEnd(.cancel))])
    #expect(scene.platform.events.last == .ended(.cancel))
  }

  @Test("Rule 40: the badge says copy or forbidden, and counts several items")
  func badges() throws {
    #expect(DragBadge(operation: .copy, items: 1) == DragBadge(operation: .copy))
    #expect(DragBadge(operation: .forbidden, items: 3) == DragBadge(operation: .forbidden, count: 3))
    #expect(DragBadge(operation: .move, items: 1) == DragBadge())
    #expect(DragBadge(operation: .cancel, items: 2) == DragBadge(count: 2))
    let scene = Scene()
    let drag = try scene.liftAndBegin()
    let controller = scene.test.window.dragController
    #expect(controller.badge(of: drag.session) == DragBadge())  // over no target
    scene.platform.carry(drag, to: Point(x: 450, y: 100), in: scene.test.window)
    #expect(controller.badge(of: drag.session) == DragBadge(operation: drag.operation, items: 1))
    scene.test.recorder.stopChecking()
  }

}
