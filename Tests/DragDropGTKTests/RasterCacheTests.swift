import CGTK
import DragDrop
import DragDropTesting
import Foundation
import TestSupport
import Testing

@testable import DragDropGTK

/// Views drawn with `shouldRasterize`: the cairo renderer keeps their drawing as bitmaps,
/// and the pixels match drawing them directly.
@MainActor
@Suite("Rasterized views", .serialized)
struct RasterCacheTests {
  /// A window of titled, rounded tiles, with a translucent badge on one, as a photo grid
  /// shows them.
  @MainActor final class Scene {
    let window = TestWindow(size: Size(width: 360, height: 240)).window
    var tiles: [View] = []
    var titles: [Label] = []

    init(rasterized: Bool) {
      window.backgroundColor = .white
      for index in 0..<6 {
        let tile = View(
          frame: Rect(x: 10 + Double(index % 3) * 115, y: 10 + Double(index / 3) * 115, width: 104, height: 104))
        tile.backgroundColor = Color(red: 0.2 + 0.1 * Double(index), green: 0.5, blue: 0.7)
        tile.cornerRadius = 10
        tile.clipsToBounds = true
        tile.shouldRasterize = rasterized
        let title = Label(text: "写真 \(index)", frame: Rect(x: 8, y: 80, width: 88, height: 20))
        title.font = .systemFont(ofSize: 12)
        title.textColor = .white
        tile.addSubview(title)
        if index == 4 {
          let badge = View(frame: Rect(x: 70, y: 6, width: 28, height: 28))
          badge.backgroundColor = .black
          badge.cornerRadius = 14
          badge.alpha = 0.5
          tile.addSubview(badge)
        }
        window.addSubview(tile)
        tiles.append(tile)
        titles.append(title)
      }
    }
  }

  @Test(
    "Rasterized tiles draw what direct drawing draws, at scale 1 and 2, and the second frame reuses every bitmap",
    arguments: [1.0, 2.0])
  func rasterizedMatchesDirect(scale: Double) throws {
    RasterCache.shared.removeAll()
    let direct = try HeadlessRenderer.render(Scene(rasterized: false).window, scale: scale)
    let scene = Scene(rasterized: true)
    let (hits, misses) = (RasterCache.shared.hits, RasterCache.shared.misses)
    let first = try HeadlessRenderer.render(scene.window, scale: scale)
    #expect(RasterCache.shared.misses - misses == 6)
    #expect(RasterCache.shared.hits - hits == 0)
    let second = try HeadlessRenderer.render(scene.window, scale: scale)
    #expect(RasterCache.shared.hits - hits == 6)
    #expect(RasterCache.shared.misses - misses == 6)
    try first.writePNG(to: Artifacts.url("rasterized-tiles@\(Int(scale))x.png"))
    #expect(direct.largestDifference(from: first) <= 1)
    #expect(direct.largestDifference(from: second) <= 1)
  }

  @Test("A tile whose drawing changes is drawn again, and only that tile")
  func changedDrawingIsDrawnAgain() throws {
    RasterCache.shared.removeAll()
    let scene = Scene(rasterized: true)
    _ = try HeadlessRenderer.render(scene.window)
    scene.titles[2].text = "変わった"
    scene.tiles[5].backgroundColor = .black
    let (hits, misses) = (RasterCache.shared.hits, RasterCache.shared.misses)
    let image = try HeadlessRenderer.render(scene.window)
    #expect(RasterCache.shared.misses - misses == 2)
    #expect(RasterCache.shared.hits - hits == 4)
    let expected = Scene(rasterized: false)
    expected.titles[2].text = "変わった"
    expected.tiles[5].backgroundColor = .black
    #expect(try HeadlessRenderer.render(expected.window).largestDifference(from: image) <= 1)
  }

  @Test("A tile moved by whole points reuses its bitmap; by half a point, or rotated, it is drawn directly")
  func onlyWholePixelsReuseBitmaps() throws {
    RasterCache.shared.removeAll()
    let scene = Scene(rasterized: true)
    _ = try HeadlessRenderer.render(scene.window)
    scene.tiles[0].presentationOffset = Point(x: 3, y: 7)
    scene.tiles[1].presentationOffset = Point(x: 0.5, y: 0)
    scene.tiles[2].transform = CGAffineTransform(rotationAngle: 0.2)
    let (hits, misses) = (RasterCache.shared.hits, RasterCache.shared.misses)
    let image = try HeadlessRenderer.render(scene.window)
    #expect(RasterCache.shared.hits - hits == 4)
    #expect(RasterCache.shared.misses - misses == 0)
    let expected = Scene(rasterized: false)
    expected.tiles[0].presentationOffset = Point(x: 3, y: 7)
    expected.tiles[1].presentationOffset = Point(x: 0.5, y: 0)
    expected.tiles[2].transform = CGAffineTransform(rotationAngle: 0.2)
    #expect(try HeadlessRenderer.render(expected.window).largestDifference(from: image) <= 1)
  }

  @Test("Inside a translucent view, drawn through a group, rasterized tiles still land on their pixels")
  func insideATranslucentGroup() throws {
    RasterCache.shared.removeAll()
    let scene = Scene(rasterized: true)
    let expected = Scene(rasterized: false)
    for window in [scene.window, expected.window] {
      let group = View(frame: Rect(x: 5, y: 3, width: 350, height: 230))
      group.alpha = 0.6
      for tile in window.subviews { group.addSubview(tile) }
      window.addSubview(group)
    }
    _ = try HeadlessRenderer.render(scene.window, scale: 2)
    let hits = RasterCache.shared.hits
    let image = try HeadlessRenderer.render(scene.window, scale: 2)
    #expect(RasterCache.shared.hits - hits == 6)
    #expect(try HeadlessRenderer.render(expected.window, scale: 2).largestDifference(from: image) <= 1)
  }

  /// Runs `body` with the shared cache emptied and limited to `limit` bytes, then puts the
  /// limit back.
  func withCache(limitedTo limit: Int, _ body: (RasterCache) throws -> Void) rethrows {
    let cache = RasterCache.shared
    cache.removeAll()
    let saved = cache.byteLimit
    defer { cache.byteLimit = saved }
    cache.byteLimit = limit
    try body(cache)
  }

  @Test("Images a view draws count against the limit: a small view drawing a large image cannot fill memory")
  func imagesCountAgainstTheLimit() throws {
    try withCache(limitedTo: 16 << 10) { cache in
      // A 2-point view drawing a different encoded image each time: the pixels are nothing,
      // the images are not.
      let window = TestWindow(size: Size(width: 20, height: 20)).window
      let view = ImageView(frame: Rect(x: 0, y: 0, width: 2, height: 2))
      view.shouldRasterize = true
      window.addSubview(view)
      let png = try HeadlessRenderer.render(Scene(rasterized: false).window).pngData()
      #expect(png.count > 4 << 10)
      for index in 0..<12 {
        var bytes = png
        bytes.append(contentsOf: [UInt8(index)])  // after the PNG's end: another image, the same pixels
        view.image = try Image(data: bytes, contentType: .png)
        _ = try HeadlessRenderer.render(window)
      }
      #expect(cache.count <= (16 << 10) / png.count)
      #expect(cache.count >= 1)
    }
  }

  @Test("The cache keeps its bytes under its limit, dropping the least recently used bitmaps")
  func theCacheStaysWithinItsLimit() throws {
    // Two tiles' worth: 104 × 104 × 4 bytes each.
    try withCache(limitedTo: 2 * 104 * 104 * 4) { cache in
      let scene = Scene(rasterized: true)
      let image = try HeadlessRenderer.render(scene.window)
      #expect(cache.count <= 2)
      #expect(try HeadlessRenderer.render(Scene(rasterized: false).window).largestDifference(from: image) <= 1)
    }
  }

  @Test("Images key alike by their bytes, whether or not they share a buffer, and apart when a byte differs")
  func imageKeys() throws {
    let bytes = TestImages.png(width: 4, height: 3) + Data(repeating: 7, count: 64)
    let image = try Image(validating: bytes)
    let copy = try Image(validating: Data(Array(bytes)))
    var changed = Array(bytes)
    changed[changed.count - 1] = 8
    let other = try Image(validating: Data(changed))
    #expect(image == image)
    #expect(image == copy)
    #expect(image.hashValue == copy.hashValue)
    #expect(image != other)
    #expect(DrawingCommand.image(image, rect: .zero) == .image(copy, rect: .zero))
  }
}
