import Benchmark
import BenchmarkSupport
import DragDrop
import DragDropGTK
import DragDropLists
import DragDropTesting
import Foundation

/// One frame of a 1280×800 window drawn by the cairo renderer into an image surface: a
/// grid of 1,000 or 1,000,000 titled photo tiles scrolled to the middle, mid-drag, with a
/// gap open under the drag and the lifted preview drawn on top. Only the visible cells
/// exist, so the two should cost the same.

/// A tile with a coloured background and a title, drawn with pango.
@MainActor
final class TileCell: CollectionViewCell {
  let title = Label()

  override init(frame: Rect = .zero) {
    super.init(frame: frame)
    contentView.cornerRadius = 10
    contentView.clipsToBounds = true
    title.font = .systemFont(ofSize: 12)
    title.textColor = .white
    contentView.addSubview(title)
  }

  override func layoutSubviews() {
    super.layoutSubviews()
    title.frame = Rect(x: 8, y: bounds.height - 24, width: bounds.width - 16, height: 20)
  }
}

/// The window mid-drag, and the surface its frames are drawn into.
@MainActor
final class RenderScene {
  let test = TestWindow(size: Size(width: 1280, height: 800))
  let tiles: PhotoGrid
  let grid = CollectionView(
    frame: Rect(x: 0, y: 0, width: 1280, height: 800),
    collectionViewLayout: .flow(
      itemSize: Size(width: 104, height: 104), minimumInteritemSpacing: 12, minimumLineSpacing: 12,
      sectionInset: EdgeInsets(all: 12)))
  let overlay = DragPreviewOverlay()
  let image: RenderedImage
  /// Frames that draw only what changed, with their own overlay.
  let incremental: IncrementalRenderer
  let incrementalOverlay = DragPreviewOverlay()
  /// How far the drag has swept, for ``moveDrag()``.
  private var sweep = 0

  init(count: Int, rasterized: Bool = false) throws {
    test.window.environment.textMeasurer = PangoTextMeasurer.shared
    tiles = PhotoGrid(count: count, reuseIdentifier: "tile", operation: .move)
    tiles.configure = { cell, indexPath in
      let hue = Double(indexPath.item % 360) / 360
      cell.contentView.backgroundColor = Color(red: 0.5 + 0.4 * hue, green: 0.8 - 0.4 * hue, blue: 0.6, alpha: 1)
      (cell as? TileCell)?.title.text = "Photo \(indexPath.item)"
      cell.shouldRasterize = rasterized
    }
    grid.register(TileCell.self, forCellWithReuseIdentifier: "tile")
    grid.dataSource = tiles
    grid.dragDelegate = tiles
    grid.dropDelegate = tiles
    grid.dragInteractionEnabled = true
    grid.animatesChanges = false
    test.window.backgroundColor = .white
    test.window.addSubview(grid)
    grid.layoutIfNeeded()
    grid.contentOffset = Point(x: 0, y: (grid.contentSize.height / 2).rounded())
    grid.layoutIfNeeded()
    image = try RenderedImage(size: Size(width: 1280, height: 800))
    incremental = try IncrementalRenderer(size: Size(width: 1280, height: 800))
    // Lift the tile under (60, 400) and carry it to (470, 420), over a slot that opens a gap.
    test.longPress(at: Point(x: 60, y: 400))
    try HeadlessRenderer.render(test.window, into: image, dragPreviews: overlay)
    try incremental.render(test.window, dragPreviews: incrementalOverlay)
    test.move(to: Point(x: 470, y: 420), steps: 6)
    try incremental.render(test.window, dragPreviews: incrementalOverlay)
    test.recorder.detach()
    precondition(grid.hasUncommittedUpdates, "the gap should be open")
    precondition(!test.window.dragController.activeSessions.isEmpty, "the drag should be live")
  }

  func frame() {
    try? HeadlessRenderer.render(test.window, into: image, dragPreviews: overlay)
  }

  func incrementalFrame() {
    try? incremental.render(test.window, dragPreviews: incrementalOverlay)
  }

  /// One frame's worth of a drag sweeping to and fro over four slots, 4 points a frame: the
  /// clock advances a frame (running the glides), the preview moves, and every 29 frames
  /// or so the gap moves and the tiles it passes glide.
  func moveDrag() {
    sweep += 1
    let phase = sweep % 100
    let x = 470 + 4 * Double(phase < 50 ? phase : 100 - phase)
    test.move(to: Point(x: x, y: 420), steps: 1)
  }
}

let perFrame = BenchmarkMetric.custom("time per frame (ns)", polarity: .prefersSmaller, useScalingFactor: false)

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [perFrame], timeUnits: .microseconds, maxDuration: .seconds(5), maxIterations: 20)

  // A finger flicking through a 400 × 800 table of 1,000,000 rows of pango text, each frame
  // drawn by `IncrementalRenderer` into its image, as a GTK window draws: beside
  // gtk_baselines' list-scroll (Benchmarks/Scripts/gtk-baselines.sh).
  Benchmark(
    "finger scroll frame, 400x800 table of 1000000 rows, cairo",
    configuration: .init(metrics: [perFrame], maxIterations: 10)
  ) { (benchmark, scene: FingerScrollScene) in
    for sample in await MainActor.run(body: { scene.swipe() }) { benchmark.measurement(perFrame, sample) }
  } setup: {
    try await MainActor.run { () throws -> FingerScrollScene in
      let renderer = try IncrementalRenderer(size: Size(width: 400, height: 800), buffers: 3)
      let scene = FingerScrollScene(count: 1_000_000) { window in _ = try? renderer.render(window) }
      scene.test.window.environment.textMeasurer = PangoTextMeasurer.shared
      return scene
    }
  }

  for count in [1000, 1_000_000] {
    Benchmark("render 1280x800 grid frame mid-drag, \(count) items") { benchmark, scene in
      let samples = await MainActor.run { timeEach(50) { scene.frame() } }
      for sample in samples { benchmark.measurement(perFrame, sample) }
    } setup: {
      try await MainActor.run { try RenderScene(count: count) }
    }
    // Frames drawn by `IncrementalRenderer`, which draws only what changed since the frame
    // before: first with nothing changed between frames (what GTK's own grid does when it
    // is redrawn every frame), then with the drag sweeping, the preview moving, the gap
    // opening and the tiles gliding, as during a real drag.
    for rasterized in [false, true] {
      let tiles = rasterized ? "rasterized tiles, " : ""
      Benchmark("render 1280x800 grid frame mid-drag, incremental, nothing moved, \(tiles)\(count) items") {
        benchmark, scene in
        let samples = await MainActor.run { timeEach(50) { scene.incrementalFrame() } }
        for sample in samples { benchmark.measurement(perFrame, sample) }
      } setup: {
        try await MainActor.run { try RenderScene(count: count, rasterized: rasterized) }
      }
      Benchmark("render 1280x800 grid frame mid-drag, incremental, drag moving, \(tiles)\(count) items") {
        benchmark, scene in
        let samples = await MainActor.run { () -> [Int] in
          (0..<50).map { _ in
            scene.moveDrag()
            return timeEach(1) { scene.incrementalFrame() }[0]
          }
        }
        for sample in samples { benchmark.measurement(perFrame, sample) }
      } setup: {
        try await MainActor.run { try RenderScene(count: count, rasterized: rasterized) }
      }
    }
    // The same, with each tile drawn once into a bitmap that later frames reuse
    // (`shouldRasterize`).
    Benchmark("render 1280x800 grid frame mid-drag, rasterized tiles, \(count) items") { benchmark, scene in
      let samples = await MainActor.run { timeEach(50) { scene.frame() } }
      for sample in samples { benchmark.measurement(perFrame, sample) }
    } setup: {
      try await MainActor.run { try RenderScene(count: count, rasterized: true) }
    }
  }
}
