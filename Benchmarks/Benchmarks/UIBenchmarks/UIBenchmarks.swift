import Benchmark
import BenchmarkSupport
import DragDropTesting
import DragDropUI
import Foundation
import Observation

/// DragDropUI beside the engine it runs on: a `List` of 10,000 and 1,000,000 rows during a
/// drag beside the same `TableView` driven directly; one row's state change in a list of
/// 10,000; each frame of 1,000 rows reordered inside `withAnimation`; and opening a window
/// of 1,000 views.

/// A list of `count` rows that reorder, 400 × 800 points, scrolled to the middle, with a
/// row lifted and moving.
@MainActor
final class ListScene {
  struct Rows: View {
    let names: [String]
    var body: some View {
      List {
        ForEach(names, id: \.self) { Text($0) }
          .onMove { _, _ in }
      }
    }
  }

  let test = TestWindow(size: Size(width: 400, height: 800))
  let host: HostingView<Rows>
  var step = 0

  init(count: Int) {
    host = HostingView(rootView: Rows(names: (0..<count).map { "row \($0)" }), frame: test.window.bounds)
    test.window.addSubview(host)
    host.layoutIfNeeded()
    scrollListToMiddle(in: host)
    test.longPress(at: Point(x: 200, y: 400))
    test.move(to: Point(x: 200, y: 420), steps: 2)
    test.recorder.detach()
    host.graph.statistics = UpdateStatistics()
  }

  func move() {
    step += 1
    moveTouch(in: test, step: step)
  }
}

/// A list whose rows each show an observable item: a change to one item re-evaluates that
/// row alone.
@Observable
@MainActor
final class Item: Identifiable {
  let id: Int
  var title: String
  init(id: Int) {
    self.id = id
    title = "item \(id)"
  }
}

@MainActor
final class OneRowScene {
  struct Row: View {
    let item: Item
    var body: some View { Text(item.title) }
  }

  struct Rows: View {
    let items: [Item]
    var body: some View {
      List(items) { Row(item: $0) }
    }
  }

  let test = TestWindow(size: Size(width: 400, height: 800))
  let items = (0..<10_000).map { Item(id: $0) }
  let host: HostingView<Rows>
  var step = 0

  init() {
    host = HostingView(rootView: Rows(items: items), frame: test.window.bounds)
    test.window.addSubview(host)
    host.layoutIfNeeded()
  }

  /// Changes the title of a visible row and waits for the update to reach the views.
  func change() async -> Int {
    step += 1
    host.graph.statistics = UpdateStatistics()
    items[step % 10].title = "changed \(step)"
    // Observation tells the graph through the main actor's queue.
    while !host.graph.needsUpdate { await Task.yield() }
    host.update()
    return host.graph.statistics.bodyEvaluations
  }
}

/// A stack of 1,000 rows in a scroll view, reversed inside `withAnimation`: every row
/// glides to its new place over 21 frames.
@MainActor
final class AnimatedReorderScene {
  @Observable
  @MainActor
  final class Model {
    var rows = (0..<1_000).map { "row \($0)" }
  }

  struct Rows: View {
    let model: Model
    var body: some View {
      ScrollView {
        VStack(spacing: 0) {
          ForEach(model.rows, id: \.self) { Text($0).frame(height: 20) }
        }
      }
    }
  }

  let test = TestWindow(size: Size(width: 400, height: 800))
  let model = Model()
  let host: HostingView<Rows>

  init() {
    host = HostingView(rootView: Rows(model: model), frame: test.window.bounds)
    test.window.addSubview(host)
    host.layoutIfNeeded()
  }

  /// Reverses the rows inside `withAnimation`, then times each frame of the animation:
  /// the clock's step (the glides), the layout and the drawing.
  func reorder() async -> [Int] {
    withAnimation(.easeInOut(duration: 0.35)) { model.rows.reverse() }
    // Observation tells the graph through the main actor's queue.
    while !host.graph.needsUpdate { await Task.yield() }
    var samples: [Int] = []
    var start = DispatchTime.now().uptimeNanoseconds
    host.update()
    renderOffscreen(test.window)
    samples.append(Int(DispatchTime.now().uptimeNanoseconds - start))
    while test.clock.nextActionTime != nil {
      start = DispatchTime.now().uptimeNanoseconds
      test.clock.advance(by: 1.0 / 60)
      test.window.layoutIfNeeded()
      renderOffscreen(test.window)
      samples.append(Int(DispatchTime.now().uptimeNanoseconds - start))
    }
    return samples
  }
}

/// A window of 1,000 views: a grid of coloured, labelled tiles.
struct ThousandViews: View {
  var body: some View {
    VStack(spacing: 2) {
      ForEach(0..<25) { row in
        HStack(spacing: 2) {
          ForEach(0..<20) { column in
            Text("\(row * 20 + column)").font(.caption).frame(width: 40, height: 20)
              .background(Color.yellow)
          }
        }
      }
    }
  }
}

let perMove = perOperation
let perOpen = BenchmarkMetric.custom("time to open (µs)", polarity: .prefersSmaller, useScalingFactor: false)
let bodies = BenchmarkMetric.custom("bodies evaluated", polarity: .prefersSmaller, useScalingFactor: false)

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [perMove], timeUnits: .nanoseconds, maxDuration: .seconds(3), maxIterations: 100)

  for count in [10_000, 1_000_000] {
    Benchmark("TableView drag move, \(count) rows of 44 points (baseline)") { benchmark, scene in
      let samples = await MainActor.run { timeEach() { scene.move() } }
      for sample in samples { benchmark.measurement(perMove, sample) }
    } setup: {
      await MainActor.run { PlainTableScene(count: count) }
    }

    Benchmark("List drag move, \(count) rows", configuration: .init(metrics: [perMove, bodies])) {
      benchmark, scene in
      let samples = await MainActor.run { timeEach() { scene.move() } }
      for sample in samples { benchmark.measurement(perMove, sample) }
      let evaluated = await MainActor.run { scene.host.graph.statistics.bodyEvaluations }
      benchmark.measurement(bodies, evaluated)
    } setup: {
      await MainActor.run { ListScene(count: count) }
    }
  }

  Benchmark("finger scroll frame, 1000000 rows", configuration: .init(metrics: [perMove], maxIterations: 20)) {
    benchmark, scene in
    for sample in await MainActor.run(body: { scene.swipe() }) { benchmark.measurement(perMove, sample) }
  } setup: {
    await MainActor.run { FingerScrollScene(count: 1_000_000, render: renderOffscreen) }
  }

  Benchmark(
    "wheel scroll frame, 1000000 rows (baseline)", configuration: .init(metrics: [perMove], maxIterations: 20)
  ) {
    benchmark, scene in
    for sample in await MainActor.run(body: { scene.wheel(frames: 60) }) { benchmark.measurement(perMove, sample) }
  } setup: {
    await MainActor.run { FingerScrollScene(count: 1_000_000, render: renderOffscreen) }
  }

  Benchmark(
    "one row's state change in a List of 10,000 rows, to the views", configuration: .init(metrics: [perMove, bodies])
  ) {
    benchmark, scene in
    for _ in 0..<100 {
      let start = DispatchTime.now().uptimeNanoseconds
      let evaluated = await scene.change()
      benchmark.measurement(perMove, Int(DispatchTime.now().uptimeNanoseconds - start))
      benchmark.measurement(bodies, evaluated)
    }
  } setup: {
    await MainActor.run { OneRowScene() }
  }

  Benchmark(
    "withAnimation frame, 1,000 rows reversed in a stack", configuration: .init(metrics: [perMove], maxIterations: 10)
  ) {
    benchmark, scene in
    for sample in await scene.reorder() { benchmark.measurement(perMove, sample) }
  } setup: {
    await MainActor.run { AnimatedReorderScene() }
  }

  Benchmark(
    "open a List of 1,000,000 rows (make, lay out, draw)", configuration: .init(metrics: [perOpen], maxIterations: 5)
  ) { benchmark in
    let micros = await MainActor.run {
      let names = (0..<1_000_000).map { "row \($0)" }
      let start = DispatchTime.now().uptimeNanoseconds
      let test = TestWindow(size: Size(width: 400, height: 800))
      let host = HostingView(rootView: ListScene.Rows(names: names), frame: test.window.bounds)
      test.window.addSubview(host)
      host.layoutIfNeeded()
      renderOffscreen(test.window)
      return Int(DispatchTime.now().uptimeNanoseconds - start) / 1000
    }
    benchmark.measurement(perOpen, micros)
  }

  Benchmark("open a window of 1,000 views (make, lay out, draw)", configuration: .init(metrics: [perOpen])) {
    benchmark in
    let micros = await MainActor.run {
      let start = DispatchTime.now().uptimeNanoseconds
      let test = TestWindow(size: Size(width: 1280, height: 800))
      let host = HostingView(rootView: ThousandViews(), frame: test.window.bounds)
      test.window.addSubview(host)
      host.layoutIfNeeded()
      renderOffscreen(test.window)
      return Int(DispatchTime.now().uptimeNanoseconds - start) / 1000
    }
    benchmark.measurement(perOpen, micros)
  }
}
