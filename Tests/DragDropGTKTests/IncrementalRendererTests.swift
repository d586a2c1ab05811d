import DragDrop
import DragDropTesting
import Foundation
import TestSupport
import Testing

@testable import DragDropGTK

/// Frames drawn by `IncrementalRenderer`, which draws again only what changed: after any
/// change, the image is what drawing the whole frame gives.
@MainActor
@Suite("Incremental frames", .serialized)
struct IncrementalRendererTests {
  /// A view that strokes an ellipse, so that strokes (which reach past their path) are in
  /// the scenes.
  final class Ring: View {
    var color = Color(red: 0.1, green: 0.6, blue: 0.2)
    var lineWidth = 3.0
    override func draw(in context: any GraphicsContext) {
      context.stroke(Path(ellipseIn: bounds.insetBy(dx: 4, dy: 4)), color: color, lineWidth: lineWidth)
    }
  }

  /// A window of overlapping tiles, titled, some rounded and clipped, some translucent, some
  /// rasterized, with rings, nested views and a rotated one.
  @MainActor final class Scene {
    let window = TestWindow(size: Size(width: 320, height: 240)).window
    var views: [View] = []

    init() {
      window.backgroundColor = Color(red: 0.95, green: 0.95, blue: 0.9)
      for index in 0..<8 {
        let tile = View(
          frame: Rect(x: 8 + Double(index % 4) * 74, y: 12 + Double(index / 4) * 96, width: 84, height: 84))
        tile.backgroundColor = Color(red: 0.15 * Double(index % 6), green: 0.4, blue: 0.8, alpha: 0.9)
        tile.cornerRadius = Double(index % 3) * 8
        tile.clipsToBounds = index % 2 == 0
        tile.shouldRasterize = index % 3 == 1
        let title = Label(text: "写真 \(index)", frame: Rect(x: 6, y: 60, width: 90, height: 18))
        title.font = .systemFont(ofSize: 12)
        title.textColor = .white
        tile.addSubview(title)
        let ring = Ring(frame: Rect(x: 40, y: -10, width: 40, height: 40))
        tile.addSubview(ring)
        window.addSubview(tile)
        views += [tile, title, ring]
      }
      views[6].transform = CGAffineTransform(rotationAngle: 0.3)
      views[9].alpha = 0.6
    }
  }

  /// One random change to the scene, described for the failure message.
  func change(_ scene: Scene, _ random: inout SeededGenerator) -> String {
    let view = scene.views.randomElement(using: &random)!
    switch Int.random(in: 0..<13, using: &random) {
    case 0:
      let offset = Point(x: Double.random(in: -30...30, using: &random), y: Double.random(in: -30...30, using: &random))
      view.center = view.center + offset
      return "moved \(scene.views.firstIndex { $0 === view }!) by \(offset.formatted)"
    case 1:
      view.backgroundColor = Color(
        red: .random(in: 0...1, using: &random), green: .random(in: 0...1, using: &random), blue: 0.5)
      return "recoloured"
    case 2:
      view.isHidden.toggle()
      return "hidden \(view.isHidden)"
    case 3:
      view.alpha = [0.3, 0.7, 1].randomElement(using: &random)!
      return "alpha \(view.alpha)"
    case 4:
      view.transform = CGAffineTransform(rotationAngle: .random(in: -0.5...0.5, using: &random))
      return "rotated"
    case 5:
      view.superview?.bringSubviewToFront(view)
      return "brought to front"
    case 6:
      guard view.superview != nil, view !== scene.window else { return "nothing" }
      view.removeFromSuperview()
      return "removed"
    case 7:
      let parents = [scene.window] + scene.views.filter { $0.window != nil }
      parents.randomElement(using: &random)!.addSubview(view)
      return "added"
    case 8:
      (view as? Label)?.text = ["", "猫", "Kurobe", "A longer title"].randomElement(using: &random)!
      return "retitled"
    case 9:
      view.shouldRasterize.toggle()
      return "rasterized \(view.shouldRasterize)"
    case 10:
      view.clipsToBounds.toggle()
      return "clips \(view.clipsToBounds)"
    case 11:
      (view as? Ring)?.lineWidth = .random(in: 1...9, using: &random)
      view.presentationOffset = Point(x: Double.random(in: -3...3, using: &random), y: 0)
      return "restroked and offset"
    default:
      return "nothing"
    }
  }

  @Test(
    "After any series of changes, each frame is what drawing the whole frame gives, pixel for pixel",
    arguments: [(1.0, 1), (1.5, 1), (2.0, 1), (1.0, 3)])
  func framesMatchWholeFrames(scale: Double, buffers: Int) throws {
    let scene = Scene()
    let renderer = try IncrementalRenderer(size: scene.window.frame.size, scale: scale, buffers: buffers)
    var random = SeededGenerator(state: UInt64(scale * 1000) + UInt64(buffers))
    var history: [String] = []
    try renderer.render(scene.window)
    for step in 0..<150 {
      history.append(change(scene, &random))
      try renderer.render(scene.window)
      let fresh = try IncrementalRenderer(size: scene.window.frame.size, scale: scale)
      try fresh.render(scene.window)
      let whole = fresh.image
      let difference = whole.largestDifference(from: renderer.image)
      // Drawn straight from the views, without a recording, translucent groups are not
      // clipped to what they cover: where that clip crosses an antialiased clip inside the
      // group, cairo's edges differ by a level or two.
      try #require(try HeadlessRenderer.render(scene.window, scale: scale).largestDifference(from: whole) <= 3)
      if difference > 0 {
        try renderer.image.writePNG(to: Artifacts.url("incremental-\(scale)x-\(buffers)-step\(step).png"))
        try whole.writePNG(to: Artifacts.url("incremental-\(scale)x-\(buffers)-step\(step)-expected.png"))
      }
      try #require(difference == 0, "step \(step) after \(history.suffix(5)); drawn \(renderer.lastDrawnArea)")
    }
    // A change that covers most of the image draws it whole, and so does each buffer's
    // first frame.
    #expect(renderer.fullFrames < 10 + buffers)
    #expect(renderer.partialFrames > 140)
  }

  @Test("A frame in which nothing changed draws nothing; a moved tile draws its old and new places")
  func drawsOnlyWhatChanged() throws {
    let scene = Scene()
    let renderer = try IncrementalRenderer(size: scene.window.frame.size)
    try renderer.render(scene.window)
    #expect(renderer.lastDrawnArea == [Rect(x: 0, y: 0, width: 320, height: 240)])
    try renderer.render(scene.window)
    #expect(renderer.lastDrawnArea == [])
    // The last tile, on top of the others, moves 10 points right: its old and new places,
    // ring and title included (the ring reaches 10 points above it), a pixel and the text's
    // reach all round, and nothing else.
    let tile = scene.views[21]
    tile.center = tile.center + Point(x: 10, y: 0)
    try renderer.render(scene.window)
    let drawn = renderer.lastDrawnArea.reduce(Rect.zero) { $0 == .zero ? $1 : $0.union($1) }
    let reach = Rect(x: 230, y: 108 - 10, width: 84 + 10 + 16, height: 84 + 10).insetBy(dx: -8, dy: -8)
    #expect(reach.contains(drawn), "\(drawn)")
    let pixels = renderer.lastDrawnArea.reduce(0.0) { $0 + $1.width * $1.height }
    #expect(pixels < 320 * 240 / 4)
    #expect(try HeadlessRenderer.render(scene.window).largestDifference(from: renderer.image) == 0)
  }

  /// A red square and a blue one over it, overlapping at (30...60, 20...60).
  func overlappingSquares(in parent: View) -> (red: View, blue: View) {
    let red = View(frame: Rect(x: 10, y: 10, width: 50, height: 50))
    red.backgroundColor = Color(red: 1, green: 0, blue: 0)
    let blue = View(frame: Rect(x: 30, y: 20, width: 50, height: 50))
    blue.backgroundColor = Color(red: 0, green: 0, blue: 1)
    parent.addSubview(red)
    parent.addSubview(blue)
    return (red, blue)
  }

  @Test("Two overlapping tiles swapping places in the drawing order are drawn again where they overlap")
  func drawingOrderCounts() throws {
    let window = TestWindow(size: Size(width: 120, height: 80)).window
    let (under, _) = overlappingSquares(in: window)
    let renderer = try IncrementalRenderer(size: window.frame.size)
    try renderer.render(window)
    #expect(renderer.image.color(at: Point(x: 40, y: 40))?.hex == "#0000ffff")
    window.bringSubviewToFront(under)
    try renderer.render(window)
    #expect(renderer.image.color(at: Point(x: 40, y: 40))?.hex == "#ff0000ff")
    #expect(!renderer.lastDrawnArea.isEmpty)
  }

  @Test("Two translucent views that become one translucent group are drawn again where they overlap")
  func groupsCount() throws {
    // Before: two sibling views at alpha 0.5, each its own group. After: one container at
    // alpha 0.5 holding both. Their fills are the same; where they overlap, the pixels are
    // not.
    let window = TestWindow(size: Size(width: 120, height: 80)).window
    window.backgroundColor = .white
    let container = View(frame: window.bounds)
    window.addSubview(container)
    let (first, second) = overlappingSquares(in: container)
    first.alpha = 0.5
    second.alpha = 0.5
    let renderer = try IncrementalRenderer(size: window.frame.size)
    try renderer.render(window)
    first.alpha = 1
    second.alpha = 1
    container.alpha = 0.5
    try renderer.render(window)
    #expect(try HeadlessRenderer.render(window).largestDifference(from: renderer.image) == 0)
  }

  @Test("A live drag's preview is drawn where it moves, and where it was is drawn again")
  func dragPreviews() throws {
    final class Source: DragInteractionDelegate {
      func dragInteraction(_ interaction: DragInteraction, itemsForBeginning session: DragSession) -> [DragItem] {
        [DragItem(itemProvider: ItemProvider(object: "tile"))]
      }
    }
    let test = TestWindow(size: Size(width: 300, height: 200))
    test.window.backgroundColor = .white
    let tile = View(frame: Rect(x: 10, y: 10, width: 40, height: 40))
    tile.backgroundColor = Color(red: 1, green: 0, blue: 0)
    let source = Source()
    tile.addInteraction(DragInteraction(delegate: source))
    test.window.addSubview(tile)
    let (incremental, whole) = (DragPreviewOverlay(), DragPreviewOverlay())
    let renderer = try IncrementalRenderer(size: test.window.frame.size)
    test.longPress(at: Point(x: 30, y: 30))
    #expect(try renderer.render(test.window, dragPreviews: incremental))
    _ = try HeadlessRenderer.render(test.window, dragPreviews: whole)
    for step in 1...12 {
      test.move(to: Point(x: 30 + Double(step) * 19.5, y: 30 + Double(step) * 11))
      try renderer.render(test.window, dragPreviews: incremental)
      let expected = try HeadlessRenderer.render(test.window, dragPreviews: whole)
      try #require(expected.largestDifference(from: renderer.image) == 0, "step \(step)")
      let pixels = renderer.lastDrawnArea.reduce(0.0) { $0 + $1.width * $1.height }
      #expect(pixels > 0 && pixels < 300 * 200 / 3, "step \(step): \(renderer.lastDrawnArea)")
    }
    withExtendedLifetime(source) {}
  }
}
