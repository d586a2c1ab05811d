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
    scene.test.recorder.expect(DelegateCalls.lift("source") + DelegateCalls.begin("source"))
    scene.test.key(.tab)
    scene.test.recorder.expect([
      .init("First list", .canHandle), .init("Second list", .canHandle), .init("source", .sessionDidMove),
      .init("First list", .sessionDidEnter),
      .init("First list", .sessionDidUpdate),
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
    #expect(scene.announcer.announcements.last == "Copied Hokkaido into First list.")
    scene.test.recorder.expect(DelegateCalls.drop("source", on: "First list"))
    await scene.test.recorder.settle()
    #expect(scene.first.received == ["北海道"])
    scene.test.recorder.expect(
      DelegateCalls.conclude("source", on: "First list", involved: ["First list", "Second list"])
        + DelegateCalls.transfer("source"))
  }

  /// Tab visits the drop targets in the window's order (a view before its subviews,
  /// subviews back to front), passes hidden ones and those outside the window, and follows
  /// the view tree as it changes during the drag.
  @Test func tabVisitsTargetsInTheWindowsOrderAsTheTreeChanges() {
    let scene = Scene()
    let window = scene.test.window
    // The scene's two lists are already there; more targets, in a container, hidden, and
    // outside the window.
    var delegates: [TextTarget] = []
    func target(_ name: String, in parent: View?, at index: Int? = nil) -> View {
      // Side by side, so that each is the view under its own stop.
      let view = View(frame: Rect(x: Double(10 + 30 * delegates.count), y: 10, width: 20, height: 20))
      view.accessibilityLabel = name
      let delegate = TextTarget()
      delegates.append(delegate)
      view.addInteraction(DropInteraction(delegate: delegate))
      if let parent {
        if let index { parent.insertSubview(view, at: index) } else { parent.addSubview(view) }
      }
      return view
    }
    let container = View(frame: Rect(x: 0, y: 300, width: 80, height: 100))
    window.addSubview(container)
    _ = target("B", in: container)
    let d = target("D", in: container, at: 0)
    let e = target("E", in: window)
    let hidden = target("H", in: window)
    hidden.isHidden = true
    let outside = target("F", in: nil)
    for view in [e, hidden, outside] { view.frame.origin.y = 310 }
    func visits(_ count: Int) -> [String] {
      (0..<count).map { _ in
        scene.test.key(.tab)
        return scene.announcer.announcements.last ?? ""
      }
    }
    scene.test.key(.space)
    #expect(
      visits(6) == [
        "Over First list.", "Over Second list, position 1 of 12.", "Over D.", "Over B.", "Over E.", "Over First list.",
      ])
    d.removeFromSuperview()
    hidden.isHidden = false
    window.addSubview(outside)
    #expect(
      visits(6) == [
        "Over Second list, position 1 of 12.", "Over B.", "Over E.", "Over H.", "Over F.", "Over First list.",
      ])
    // A target whose interaction is taken off its view is passed by.
    container.subviews[0].interactions.forEach { container.subviews[0].removeInteraction($0) }
    #expect(visits(4) == ["Over Second list, position 1 of 12.", "Over E.", "Over H.", "Over F."])
  }

  @Test func escapeCancels() {
    let scene = Scene()
    scene.test.key(.space)
    scene.test.key(.tab)
    scene.test.recorder.skip()
    scene.test.key(.escape)
    scene.test.settle()
    #expect(scene.announcer.announcements.last == "Cancelled. Hokkaido is back in place.")
    scene.test.recorder.expect([
      .init("source", .willEnd(.cancel)), .init("First list", .sessionDidExit),
      .init("source", .previewForCancelling(item: 0)),
      .init("source", .willAnimateCancel(item: 0)), .init("source", .didEnd(.cancel)),
      .init("First list", .sessionDidEnd),
    ])
    // Keys reach the focused view again once the drag is over.
    scene.test.key(.tab)
    #expect(scene.announcer.announcements.last == "Cancelled. Hokkaido is back in place.")
  }

  @Test func forbiddenTargetsAreAnnouncedAndReturnCancels() {
    let scene = Scene()
    scene.first.operation = .forbidden
    scene.test.key(.space)
    scene.test.key(.tab)
    #expect(scene.announcer.announcements.last == "Over First list. Can't drop here.")
    scene.test.key(.return)
    #expect(scene.announcer.announcements.last == "Cancelled. Hokkaido is back in place.")
  }

  @Test func spaceWithoutADraggableFocusDoesNothing() {
    let scene = Scene()
    scene.test.window.focus(nil)
    scene.test.key(.space)
    scene.test.key(.tab)
    #expect(scene.announcer.announcements.isEmpty)
    scene.test.recorder.expectNothing()
  }

  @Test("Announcements are values; the window's text turns them into sentences a user can replace")
  func announcementsCanBeReworded() {
    let scene = Scene()
    scene.test.window.environment.announcements = DragAnnouncementText { announcement in
      switch announcement {
      case .pickedUp(.named(let name)): "lift \(name)"
      case .over(let target, let position, let count, let canDrop):
        "over \(target ?? "-") \(position ?? 0)/\(count ?? 0) \(canDrop)"
      default: "\(announcement)"
      }
    }
    scene.test.key(.space)
    scene.test.key(.tab)
    scene.test.key(.tab)
    scene.test.key(.down)
    #expect(
      scene.announcer.announcements == [
        "lift Hokkaido", "over First list 0/0 true", "over Second list 1/12 true", "over Second list 2/12 true",
      ])
  }

  @Test("Placeholders are filled in one pass: values are not searched again, unknown names and open braces stay")
  func placeholdersFillInOnePass() {
    #expect(
      DragAnnouncement.fill(
        "Over {target}, {position} of {positions}.",
        [
          "target": "Photos", "position": "3", "positions": "1000000",
        ]) == "Over Photos, 3 of 1000000.")
    // An item called "{count}" is its name, not a placeholder.
    #expect(DragAnnouncement.fill("{items} {count}", ["items": "{count}", "count": "2"]) == "{count} 2")
    #expect(DragAnnouncement.fill("{unknown} and {items", ["items": "x"]) == "{unknown} and {items")
    #expect(DragAnnouncement.fill("no braces", ["items": "x"]) == "no braces")
    #expect(DragAnnouncement.fill("日本{items}語 🌊{x}", ["items": "の", "x": "!"]) == "日本の語 🌊!")
    #expect(DragAnnouncement.fill("{}{items}", ["": "empty", "items": "x"]) == "emptyx")
    let japanese = DragAnnouncementText.standard(language: "ja")
    #expect(japanese.sentence(.pickedUp(.named("{count}"))).contains("{count}"))
  }

  @Test("The sentences ship in English and Japanese, and several items are counted")
  func standardSentences() {
    let english = DragAnnouncementText.standard
    #expect(english.sentence(.pickedUp(.count(3))) == "Picked up 3 items.")
    #expect(english.sentence(.pickedUp(.named("北海道"))) == "Picked up 北海道.")
    #expect(
      english.sentence(.over(target: "Kyūshū trip", position: 4, of: 9, canDrop: true))
        == "Over Kyūshū trip, position 4 of 9.")
    #expect(
      english.sentence(.over(target: "Family album", position: nil, of: nil, canDrop: false))
        == "Over Family album. Can't drop here.")
    #expect(
      english.sentence(.dropped(.named("北海道"), operation: .move, target: "Kyūshū trip", position: 4))
        == "Dropped 北海道 into Kyūshū trip at position 4.")
    #expect(english.sentence(.cancelled(.named("北海道"))) == "Cancelled. 北海道 is back in place.")
    #expect(english.sentence(.cancelled(.count(2))) == "Cancelled. 2 items are back in place.")
    #expect(english.sentence(.noTargets) == "No drop targets.")
    // The Japanese table, read from the module's own resources.
    let japanese = DragAnnouncementText.standard(language: "ja")
    #expect(japanese.sentence(.pickedUp(.named("北海道"))) == "北海道を持ち上げました。")
    #expect(
      japanese.sentence(.over(target: "九州旅行", position: 4, of: 9, canDrop: true)) == "九州旅行の上、9 中 4 番目。")
  }

  @Test("An app's own string table rewords the sentences; keys it lacks keep DragDrop's English")
  func appStringTable() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("announcements-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data(#""pickedUp" = "Took {items}.";"#.utf8).write(
      to: folder.appendingPathComponent("DragAnnouncements.strings"))
    let bundle = try #require(Bundle(path: folder.path))
    let text = DragAnnouncementText.strings(in: bundle)
    #expect(text.sentence(.pickedUp(.named("北海道"))) == "Took 北海道.")
    #expect(text.sentence(.noTargets) == "No drop targets.")
  }

  /// A plain window, which no one asked for its drag controller: the drag interaction
  /// entering it sets one up, so the first Space lifts.
  @Test func theFirstSpaceInAPlainWindowLifts() {
    let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 200), clock: ManualClock())
    let announcer = RecordingAnnouncer()
    window.announcer = announcer
    let container = View(frame: Rect(x: 0, y: 0, width: 200, height: 200))
    let label = Label(text: "北海道", frame: Rect(x: 20, y: 20, width: 150, height: 40))
    label.accessibilityLabel = "北海道"
    container.addSubview(label)
    let source = LabelSource(container: container)
    container.addInteraction(DragInteraction(delegate: source))
    window.addSubview(container)
    window.focus(label)
    window.send(KeyEvent(key: .space, timestamp: 0))
    #expect(announcer.announcements == ["Picked up 北海道."])
    #expect(window.dragController.activeSessions.count == 1)
  }

}
