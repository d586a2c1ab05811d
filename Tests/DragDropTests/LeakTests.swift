import DragDropTesting
import Foundation
import TestSupport
import Testing

@testable import DragDrop

/// Issue 9: windows, views, sessions and delegates are freed after drags and drops,
/// whether the drag ended or the window was dropped in the middle of it.
@MainActor
@Suite struct LeakTests {
  /// Weak references to everything a scene made.
  final class Watch {
    weak var test: TestWindow?
    weak var window: Window?
    weak var label: Label?
    weak var source: LabelSource?
    weak var target: TextTarget?
    weak var drag: DragInteraction?
    weak var session: DragSession?

    var alive: [String] {
      [
        ("test window", test as AnyObject?), ("window", window), ("label", label), ("source", source),
        ("target", target), ("drag interaction", drag), ("session", session),
      ].compactMap { $0.1 == nil ? nil : $0.0 }
    }
  }

  /// One scene: a drag from the label to the target, stopped at `stage`.
  func run(stage: Int) -> Watch {
    let watch = Watch()
    let scene = RuleTests.Scene()
    watch.test = scene.test
    watch.window = scene.test.window
    watch.label = scene.label
    watch.source = scene.source
    watch.target = scene.target
    watch.drag = scene.drag
    scene.test.longPress(at: scene.labelCenter)
    if stage == 0 { return watch }  // dropped while lifting
    scene.test.move(to: Point(x: 450, y: 200))
    watch.session = scene.session
    if stage == 1 { return watch }  // dropped mid-drag
    scene.test.release()
    if stage == 2 { return watch }  // dropped mid-animation, with a load under way
    scene.test.settle()
    return watch
  }

  @Test("Issue 9: 10,000 windows with drags and drops, some dropped mid-drag, are all freed")
  func tenThousandWindows() async {
    var watches: [Watch] = []
    for index in 0..<10_000 { watches.append(run(stage: index % 4)) }
    // A drop released mid-animation has a load of the label's text under way on a
    // background queue; its session lives until that load reports back (rule 6). Wait
    // for those real loads, without a clock to advance, by yielding to them.
    var yields = 0
    while watches.contains(where: { $0.session != nil }), yields < 1_000_000 {
      await Task.yield()
      yields += 1
    }
    var survivors: [String: Int] = [:]
    for watch in watches {
      for name in watch.alive { survivors[name, default: 0] += 1 }
    }
    #expect(survivors.isEmpty, "still alive after their scenes: \(survivors)")
  }

  @Test("Issue 9: a drop whose load never finishes keeps the provider, not the window")
  func neverEndingLoad() async {
    weak var window: Window?
    weak var test: TestWindow?
    let handler = ManualLoadHandler<Data>()
    let provider = ItemProvider()
    provider.registerDataRepresentation(for: .utf8PlainText, loadHandler: handler.handler)
    do {
      let scene = RuleTests.Scene()
      window = scene.test.window
      test = scene.test
      let source = NeverSource(provider: provider)
      scene.drag.delegate = source
      scene.test.longPress(at: scene.labelCenter)
      scene.test.move(to: Point(x: 450, y: 200))
      scene.test.release()
      scene.test.settle()
    }
    // The load is under way, and its completion is never called.
    if handler.callCount == 0 { await handler.nextCall() }
    #expect(handler.callCount == 1)
    #expect(window == nil && test == nil)
  }

  @Test("Issue 9: loadObjects outside performDrop reports the typed error for each item")
  func loadOutsidePerformDrop() async throws {
    let session = DropSession(items: [DragItem(itemProvider: ItemProvider(object: "北海道"))])
    let results = await withCheckedContinuation { continuation in
      session.loadObjectResults(ofClass: String.self) { continuation.resume(returning: $0) }
    }
    guard case .failure(.loadNotPermitted) = try #require(results.first) else {
      Issue.record("expected loadNotPermitted, got \(results)")
      return
    }
    let values = await withCheckedContinuation { continuation in
      session.loadObjects(ofClass: String.self) { continuation.resume(returning: $0) }
    }
    #expect(values.isEmpty)
  }
}

/// A source whose one item is the given provider, wherever the touch is.
@MainActor
final class NeverSource: DragInteractionDelegate {
  let provider: ItemProvider
  init(provider: ItemProvider) { self.provider = provider }
  func dragInteraction(_ interaction: DragInteraction, itemsForBeginning session: DragSession) -> [DragItem] {
    [DragItem(itemProvider: provider)]
  }
}
