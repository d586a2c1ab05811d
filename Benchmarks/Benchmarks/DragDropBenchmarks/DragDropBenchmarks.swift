import Benchmark
import BenchmarkSupport
import DragDrop
import DragDropTesting
import Foundation

/// Routing drag moves over a window of 10,000 drop-target views (a 100 × 100 grid), beside
/// a naive router that scans every target for each move, measured in the same run.
///
/// One iteration is one move of a live drag: the touch event, the source's sessionDidMove,
/// the hit test, exit and enter when the target changes, and the target's sessionDidUpdate.

@MainActor
final class CopyTarget: DropInteractionDelegate {
  func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: DropSession) -> DropProposal {
    DropProposal(operation: .copy)
  }
}

@MainActor
final class Source: DragInteractionDelegate {
  func dragInteraction(_ interaction: DragInteraction, itemsForBeginning session: DragSession) -> [DragItem] {
    [DragItem(itemProvider: ItemProvider(object: "payload"))]
  }
}

/// A window of `side × side` targets and a source strip, with a drag lifted and moving.
@MainActor
final class Scene {
  let test: TestWindow
  let targets: [View]
  let target = CopyTarget()
  let source = Source()
  var step = 0

  init(side: Int) {
    test = TestWindow(size: Size(width: 1280, height: 900))
    let grid = View(frame: Rect(x: 0, y: 100, width: 1280, height: 800))
    let width = 1280 / Double(side)
    let height = 800 / Double(side)
    var targets: [View] = []
    for row in 0..<side {
      for column in 0..<side {
        let view = View(frame: Rect(x: Double(column) * width, y: Double(row) * height, width: width, height: height))
        view.addInteraction(DropInteraction(delegate: target))
        grid.addSubview(view)
        targets.append(view)
      }
    }
    self.targets = targets
    let strip = View(frame: Rect(x: 0, y: 0, width: 1280, height: 100))
    strip.addInteraction(DragInteraction(delegate: source))
    test.window.addSubview(strip)
    test.window.addSubview(grid)
    test.longPress(at: Point(x: 640, y: 50))
    test.move(to: Point(x: 640, y: 500), steps: 4)
    // The test recorder keeps every call; an application has no recorder.
    test.recorder.detach()
  }

  /// The next point of a path that sweeps across the grid, crossing a target every few moves.
  func nextPoint() -> Point {
    step += 1
    let t = Double(step % 10_000)
    return Point(
      x: 5 + (t * 7.3).truncatingRemainder(dividingBy: 1270), y: 105 + (t * 3.1).truncatingRemainder(dividingBy: 790))
  }

  func move() {
    test.window.send(Touch(id: 1, phase: .moved, location: nextPoint(), timestamp: test.clock.now))
  }

  /// The naive router: every target's rectangle in window coordinates, scanned for each move.
  func naiveRoute() -> View? {
    let point = nextPoint()
    var found: View?
    for view in targets where view.convert(view.bounds, to: nil).contains(point) { found = view }
    return found
  }
}

let perMove = perOperation

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [perMove],
    timeUnits: .nanoseconds,
    maxDuration: .seconds(3),
    maxIterations: 200
  )

  for side in [10, 100] {
    Benchmark("drag move, \(side * side) targets, grid-indexed routing") { benchmark, scene in
      let samples = await MainActor.run { timeEach() { scene.move() } }
      for sample in samples { benchmark.measurement(perMove, sample) }
    } setup: {
      await MainActor.run { Scene(side: side) }
    }
  }

  Benchmark("drag move, 10000 targets, naive full-scan router") { benchmark, scene in
    let samples = await MainActor.run { timeEach() { blackHole(scene.naiveRoute()) } }
    for sample in samples { benchmark.measurement(perMove, sample) }
  } setup: {
    await MainActor.run { Scene(side: 100) }
  }
}
