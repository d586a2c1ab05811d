@_spi(Platform) import DragDrop
import DragDropGTK
import DragDropTesting
import Testing

/// The previews of live drags, drawn above the view tree from a scripted drag.
@MainActor
@Suite("Drag preview overlay")
struct DragPreviewOverlayTests {
  final class Source: DragInteractionDelegate {
    func dragInteraction(_ interaction: DragInteraction, itemsForBeginning session: DragSession) -> [DragItem] {
      [DragItem(itemProvider: ItemProvider(object: "tile"))]
    }
  }

  final class CancelHome: DragInteractionDelegate {
    let home: View
    init(home: View) { self.home = home }
    func dragInteraction(_ interaction: DragInteraction, itemsForBeginning session: DragSession) -> [DragItem] {
      [DragItem(itemProvider: ItemProvider(object: "tile"))]
    }
    func dragInteraction(
      _ interaction: DragInteraction, previewForCancelling item: DragItem,
      withDefault defaultPreview: TargetedDragPreview
    ) -> TargetedDragPreview? {
      defaultPreview.retargetedPreview(with: DragPreviewTarget(container: home.superview!, center: home.center))
    }
  }

  /// A target that proposes `operation`.
  final class Target: DropInteractionDelegate {
    let operation: DropOperation
    init(_ operation: DropOperation) { self.operation = operation }
    func dropInteraction(_ interaction: DropInteraction, canHandle session: DropSession) -> Bool { true }
    func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: DropSession) -> DropProposal {
      DropProposal(operation: operation)
    }
  }

  /// Rule 40: over a copy target the preview wears a green plus at its top-right corner,
  /// over a forbidden one a red bar, over a move target nothing.
  @Test(arguments: [DropOperation.copy, .forbidden, .move])
  func theBadgeSaysWhatAReleaseWouldDo(_ operation: DropOperation) throws {
    let (test, _, source) = tileWindow(width: 300) { _ in Source() }
    defer { withExtendedLifetime(source) {} }
    let targetView = View(frame: Rect(x: 150, y: 0, width: 150, height: 200))
    let target = Target(operation)
    targetView.addInteraction(DropInteraction(delegate: target))
    test.window.addSubview(targetView)
    let overlay = DragPreviewOverlay()
    test.longPress(at: Point(x: 30, y: 30))
    // The frame after the lift: the overlay grabs the preview where it was lifted.
    _ = try HeadlessRenderer.render(test.window, dragPreviews: overlay)
    test.move(to: Point(x: 200, y: 100))
    #expect(
      test.window.dragController.badge(of: try #require(test.window.dragController.activeSessions.first))
        == DragBadge(operation: operation, items: 1))
    let image = try HeadlessRenderer.render(test.window, dragPreviews: overlay)
    try image.writePNG(to: Artifacts.url("overlay-badge-\(operation).png"))
    // The preview spans (180...220, 80...120); its badge is centred 4 points inside the
    // top-right corner, at (216, 84). Off its white glyph, the disc shows.
    let badge = image.color(at: Point(x: 210, y: 90))
    switch operation {
    case .copy: #expect(badge.map { $0.green > 0.5 && $0.red < 0.4 } == true, "\(String(describing: badge))")
    case .forbidden: #expect(badge.map { $0.red > 0.7 && $0.green < 0.4 } == true, "\(String(describing: badge))")
    default: #expect(Self.isRed(badge))
    }
    test.recorder.stopChecking()
  }

  /// A white window `width` points wide and 200 high, with a red 40-point tile at (10, 10)
  /// that drags through the delegate `makeDelegate` gives for it (kept by the caller: an
  /// interaction holds its delegate weakly).
  func tileWindow<Delegate: DragInteractionDelegate>(
    width: Double = 200, _ makeDelegate: (View) -> Delegate
  ) -> (test: TestWindow, tile: View, delegate: Delegate) {
    let test = TestWindow(size: Size(width: width, height: 200))
    test.window.backgroundColor = .white
    let tile = View(frame: Rect(x: 10, y: 10, width: 40, height: 40))
    tile.backgroundColor = Self.red
    let delegate = makeDelegate(tile)
    tile.addInteraction(DragInteraction(delegate: delegate))
    test.window.addSubview(tile)
    return (test, tile, delegate)
  }

  static let red = Color(red: 1, green: 0, blue: 0)
  static func isRed(_ color: Color?) -> Bool { color?.hex == "#ff0000ff" }

  @Test func thePreviewFollowsTheDragKeepingWhereItWasGrabbed() throws {
    let (test, _, source) = tileWindow { _ in Source() }
    defer { withExtendedLifetime(source) {} }
    let overlay = DragPreviewOverlay()

    // Grabbed 10 points right of and below the tile's centre.
    test.longPress(at: Point(x: 40, y: 40))
    try HeadlessRenderer.render(test.window, dragPreviews: overlay).writePNG(to: Artifacts.url("overlay-lifted.png"))
    test.move(to: Point(x: 140, y: 140))
    let image = try HeadlessRenderer.render(test.window, dragPreviews: overlay)
    try image.writePNG(to: Artifacts.url("overlay-moved.png"))
    // The preview's centre is at the touch minus the grab offset: (130, 130).
    #expect(Self.isRed(image.color(at: Point(x: 130, y: 130))))
    #expect(Self.isRed(image.color(at: Point(x: 111, y: 111))))
    #expect(!Self.isRed(image.color(at: Point(x: 108, y: 108))))
    #expect(!Self.isRed(image.color(at: Point(x: 152, y: 152))))
    // The tile itself stays in place.
    #expect(Self.isRed(image.color(at: Point(x: 30, y: 30))))
  }

  @Test func aCancelledPreviewGlidesBackToItsTarget() throws {
    let (test, _, delegate) = tileWindow { CancelHome(home: $0) }
    defer { withExtendedLifetime(delegate) {} }
    let overlay = DragPreviewOverlay()
    test.longPress(at: Point(x: 30, y: 30))
    _ = try HeadlessRenderer.render(test.window, dragPreviews: overlay)
    test.move(to: Point(x: 150, y: 150))
    _ = try HeadlessRenderer.render(test.window, dragPreviews: overlay)
    test.release()
    let released = try HeadlessRenderer.render(test.window, dragPreviews: overlay)
    #expect(Self.isRed(released.color(at: Point(x: 150, y: 150))))
    // Half way through the animation, the preview has left the release point and is on its way.
    test.hold(test.window.dragController.dropAnimationDuration / 2)
    let halfway = try HeadlessRenderer.render(test.window, dragPreviews: overlay)
    try halfway.writePNG(to: Artifacts.url("overlay-cancel-halfway.png"))
    #expect(!Self.isRed(halfway.color(at: Point(x: 150, y: 150))))
    #expect(Self.isRed(halfway.color(at: Point(x: 70, y: 70))))
    test.settle()
    #expect(test.window.dragController.activeSessions.isEmpty)
    let done = try HeadlessRenderer.render(test.window, dragPreviews: overlay)
    #expect(done.countPixels { Self.isRed($0) } == 40 * 40)
  }

  /// A source of two items, both lifting the tile, laid out as `formation` says.
  final class TwoItems: DragInteractionDelegate {
    let formation: DragPreviewFormation
    init(_ formation: DragPreviewFormation) { self.formation = formation }
    func dragInteraction(_ interaction: DragInteraction, itemsForBeginning session: DragSession) -> [DragItem] {
      session.previewFormation = formation
      return [DragItem(itemProvider: ItemProvider(object: "one")), DragItem(itemProvider: ItemProvider(object: "two"))]
    }
  }

  @Test(
    "The second item's preview sits where the formation says: the session's, or the target's while over it",
    arguments: [
      (DragPreviewFormation.stack, DragPreviewFormation?.none, false),
      (.list, nil, true),
      (.stack, .list, true),
      (.list, .stack, false),
    ])
  func formations(session: DragPreviewFormation, target: DragPreviewFormation?, listed: Bool) throws {
    let (test, _, source) = tileWindow(width: 300) { _ in TwoItems(session) }
    defer { withExtendedLifetime(source) {} }
    let targetView = View(frame: Rect(x: 150, y: 0, width: 150, height: 200))
    let delegate = Target(.copy)
    let interaction = DropInteraction(delegate: delegate)
    interaction.previewFormation = target
    targetView.addInteraction(interaction)
    test.window.addSubview(targetView)
    let overlay = DragPreviewOverlay()
    test.longPress(at: Point(x: 30, y: 30))
    _ = try HeadlessRenderer.render(test.window, dragPreviews: overlay)
    test.move(to: Point(x: 200, y: 60))
    let drag = try #require(test.window.dragController.activeSessions.first)
    #expect(test.window.dragController.previewFormation(of: drag) == target ?? session)
    let image = try HeadlessRenderer.render(test.window, dragPreviews: overlay)
    try image.writePNG(to: Artifacts.url("overlay-formation-\(session)-\(target.map { "\($0)" } ?? "session").png"))
    // The first preview spans (180...220, 40...80). In a list the second is under it, 4
    // points apart, at (180...220, 84...124); in a stack it is 6 points down and right.
    #expect(Self.isRed(image.color(at: Point(x: 200, y: 60))))
    #expect(Self.isRed(image.color(at: Point(x: 200, y: 115))) == listed)
    #expect(Self.isRed(image.color(at: Point(x: 224, y: 84))) == !listed)
    test.recorder.stopChecking()
  }

  @Test("Formations place later previews: a stack steps, a list stacks heights, none keeps the lift, a pile turns")
  func placements() {
    let sizes = [Size(width: 40, height: 40), Size(width: 60, height: 20), Size(width: 40, height: 30)]
    let lifted: [Point?] = [Point(x: 10, y: 10), Point(x: 100, y: 50), nil]
    #expect(DragPreviewFormation.stack.placement(of: 0, sizes: sizes, lifted: lifted).offset == .zero)
    #expect(DragPreviewFormation.stack.placement(of: 2, sizes: sizes, lifted: lifted).offset == Point(x: 12, y: 12))
    // The second's centre: 20 (half the first) + 4 + 10 (half its own) down; left edges aligned.
    #expect(DragPreviewFormation.list.placement(of: 1, sizes: sizes, lifted: lifted).offset == Point(x: 10, y: 34))
    #expect(DragPreviewFormation.list.placement(of: 2, sizes: sizes, lifted: lifted).offset == Point(x: 0, y: 63))
    #expect(DragPreviewFormation.none.placement(of: 1, sizes: sizes, lifted: lifted).offset == Point(x: 90, y: 40))
    // An item that lifted invisibly stacks.
    #expect(DragPreviewFormation.none.placement(of: 2, sizes: sizes, lifted: lifted).offset == Point(x: 12, y: 12))
    let turns = (1..<6).map {
      DragPreviewFormation.pile.placement(of: $0, sizes: Array(repeating: .zero, count: 6), lifted: []).angle
    }
    #expect(turns.allSatisfy { $0 != 0 && abs($0) < 0.15 })
    #expect(DragPreviewFormation.pile.placement(of: 0, sizes: sizes, lifted: lifted).angle == 0)
  }
}
