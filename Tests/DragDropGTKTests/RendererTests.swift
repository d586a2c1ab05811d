import CGTK
import DragDrop
import DragDropGTK
import DragDropTesting
import Foundation
import TestSupport
import Testing

/// Renders small view trees headlessly with cairo and checks pixels. Each test also
/// writes its image to `artifacts/DragDropGTK/` for a look.
@MainActor
@Suite("Cairo renderer")
struct RendererTests {
  static let red = Color(red: 1, green: 0, blue: 0)
  static let blue = Color(red: 0, green: 0, blue: 1)

  func canvas(_ width: Double = 100, _ height: Double = 100) -> View {
    let root = View(frame: Rect(x: 0, y: 0, width: width, height: height))
    root.backgroundColor = .white
    return root
  }

  func render(_ view: View, scale: Double = 1, name: String) throws -> RenderedImage {
    let image = try HeadlessRenderer.render(view, scale: scale)
    try image.writePNG(to: Artifacts.url("\(name).png"))
    return image
  }

  @Test("Issue 9: a window rendered headlessly lays text out with pango, with no global switch")
  func renderedWindowsMeasureWithPango() throws {
    let window = TestWindow(size: Size(width: 300, height: 60)).window
    window.backgroundColor = .white
    let label = Label(text: "北海道 Hokkaidō", frame: Rect(x: 0, y: 0, width: 300, height: 60))
    label.textAlignment = .center
    window.addSubview(label)
    let other = TestWindow(size: Size(width: 300, height: 60)).window
    let image = try HeadlessRenderer.render(window)
    let pango = PangoTextMeasurer.shared.size(of: label.text!, font: label.font)
    #expect(window.environment.textMeasurer === PangoTextMeasurer.shared)
    #expect(label.sizeThatFits(Size(width: 1000, height: 1000)) == pango)
    // The other window keeps its own, deterministic measurer.
    #expect(other.environment.textMeasurer !== PangoTextMeasurer.shared)
    // Centred as pango draws it: as much white on the left of the text as on the right.
    let columns = (0..<300).filter { x in
      (0..<60).contains { y in
        image.color(at: Point(x: Double(x) + 0.5, y: Double(y) + 0.5)).map { $0.red < 0.5 } ?? false
      }
    }
    let left = try #require(columns.first)
    let right = 299 - (try #require(columns.last))
    #expect(abs(left - right) <= 2, "left margin \(left), right margin \(right)")
  }

  @Test func filledRectangleHasItsColourInsideAndNotOutside() throws {
    let root = canvas()
    let box = View(frame: Rect(x: 10, y: 20, width: 30, height: 40))
    box.backgroundColor = Self.red
    root.addSubview(box)
    let image = try render(root, name: "filled-rect")
    #expect(image.color(at: Point(x: 25, y: 40))?.hex == "#ff0000ff")
    #expect(image.color(at: Point(x: 10.5, y: 20.5))?.hex == "#ff0000ff")
    #expect(image.color(at: Point(x: 9.5, y: 40))?.hex == "#ffffffff")
    #expect(image.color(at: Point(x: 40.5, y: 40))?.hex == "#ffffffff")
    #expect(image.countPixels { $0.hex == "#ff0000ff" } == 30 * 40)
  }

  @Test func clippingExcludesWhatFallsOutsideTheBounds() throws {
    let root = canvas()
    let clip = View(frame: Rect(x: 20, y: 20, width: 40, height: 40))
    clip.clipsToBounds = true
    let child = View(frame: Rect(x: -20, y: -20, width: 100, height: 100))
    child.backgroundColor = Self.blue
    clip.addSubview(child)
    root.addSubview(clip)
    let image = try render(root, name: "clipping")
    #expect(image.color(at: Point(x: 40, y: 40))?.hex == "#0000ffff")
    #expect(image.color(at: Point(x: 10, y: 10))?.hex == "#ffffffff")
    #expect(image.color(at: Point(x: 70, y: 70))?.hex == "#ffffffff")
    #expect(image.countPixels { $0.hex == "#0000ffff" } == 40 * 40)
  }

  @Test func roundedCornersLeaveTheCornerPixelsEmpty() throws {
    let root = canvas()
    let card = View(frame: Rect(x: 10, y: 10, width: 80, height: 80))
    card.backgroundColor = Self.red
    card.cornerRadius = 20
    root.addSubview(card)
    let image = try render(root, name: "rounded")
    #expect(image.color(at: Point(x: 11, y: 11))?.hex == "#ffffffff")
    #expect(image.color(at: Point(x: 50, y: 11))?.hex == "#ff0000ff")
    #expect(image.color(at: Point(x: 11, y: 50))?.hex == "#ff0000ff")
  }

  @Test func alphaBlendsWithWhatIsBelow() throws {
    let root = canvas()
    let veil = View(frame: Rect(x: 0, y: 0, width: 50, height: 100))
    veil.backgroundColor = Self.red
    veil.alpha = 0.5
    root.addSubview(veil)
    let image = try render(root, name: "alpha")
    let blended = try #require(image.color(at: Point(x: 25, y: 50)))
    #expect(abs(blended.red - 1) < 0.01)
    #expect(abs(blended.green - 0.5) < 0.01)
    #expect(abs(blended.blue - 0.5) < 0.01)
  }

  @Test func aTranslucentViewIsCompositedAsOneGroup() throws {
    // Two overlapping opaque subviews of a view at alpha 0.5: where they overlap, only the
    // front one shows, as in UIKit's group opacity.
    let root = canvas()
    let group = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    group.alpha = 0.5
    let back = View(frame: Rect(x: 10, y: 10, width: 50, height: 50))
    back.backgroundColor = Self.red
    let front = View(frame: Rect(x: 30, y: 30, width: 50, height: 50))
    front.backgroundColor = Self.blue
    group.addSubview(back)
    group.addSubview(front)
    root.addSubview(group)
    let image = try render(root, name: "group-opacity")
    let overlap = try #require(image.color(at: Point(x: 45, y: 45)))
    let frontOnly = try #require(image.color(at: Point(x: 70, y: 70)))
    #expect(overlap.hex == frontOnly.hex)
    #expect(abs(overlap.blue - 1) < 0.01 && abs(overlap.red - 0.5) < 0.01)
  }

  @Test func aTransformedViewLandsWhereItsTransformPutsIt() throws {
    // A 40×10 bar centred at (50, 50), turned a quarter: it stands 10 wide and 40 tall.
    let root = canvas()
    let bar = View(frame: Rect(x: 30, y: 45, width: 40, height: 10))
    bar.backgroundColor = Self.red
    bar.transform = CGAffineTransform(rotationAngle: .pi / 2)
    root.addSubview(bar)
    let image = try render(root, name: "rotated")
    #expect(image.color(at: Point(x: 50, y: 33))?.hex == "#ff0000ff")
    #expect(image.color(at: Point(x: 50, y: 67))?.hex == "#ff0000ff")
    #expect(image.color(at: Point(x: 35, y: 50))?.hex == "#ffffffff")
    #expect(image.color(at: Point(x: 65, y: 50))?.hex == "#ffffffff")
    let frame = bar.frame
    #expect(image.countPixels(in: frame) { $0.hex == "#ff0000ff" } >= 10 * 40 - 4)
  }

  @Test func aScaledAndScrolledSubtreeDrawsWhereHitTestingFindsIt() throws {
    let root = canvas()
    let container = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    container.bounds.origin = Point(x: 20, y: 0)
    container.transform = CGAffineTransform(scaleX: 0.5, y: 0.5)
    let dot = View(frame: Rect(x: 40, y: 40, width: 20, height: 20))
    dot.backgroundColor = Self.blue
    container.addSubview(dot)
    root.addSubview(container)
    let image = try render(root, name: "scaled-scrolled")
    let centre = dot.convert(Point(x: 10, y: 10), to: root)
    #expect(image.color(at: centre)?.hex == "#0000ffff")
    #expect(root.hitTest(centre) === dot)
  }

  @Test func twiceTheScaleGivesTwiceThePixels() throws {
    let root = canvas(50, 40)
    let box = View(frame: Rect(x: 10, y: 10, width: 10, height: 10))
    box.backgroundColor = Self.red
    root.addSubview(box)
    let image = try render(root, scale: 2, name: "scale-2")
    #expect(image.pixelWidth == 100 && image.pixelHeight == 80)
    #expect(image.pixel(x: 20, y: 20)?.hex == "#ff0000ff")
    #expect(image.pixel(x: 39, y: 39)?.hex == "#ff0000ff")
    #expect(image.pixel(x: 40, y: 40)?.hex == "#ffffffff")
  }

  @Test func strokesAndEllipsesDraw() throws {
    final class Shapes: View {
      override func draw(in context: any GraphicsContext) {
        context.stroke(Path(Rect(x: 10, y: 10, width: 80, height: 80)), color: .black, lineWidth: 4)
        context.fill(Path(ellipseIn: Rect(x: 30, y: 30, width: 40, height: 40)), color: RendererTests.red)
      }
    }
    let root = canvas()
    root.addSubview(Shapes(frame: root.bounds))
    let image = try render(root, name: "shapes")
    #expect(image.color(at: Point(x: 10, y: 50))?.hex == "#000000ff")
    #expect(image.color(at: Point(x: 50, y: 50))?.hex == "#ff0000ff")
    #expect(image.color(at: Point(x: 31, y: 31))?.hex == "#ffffffff")
    #expect(image.color(at: Point(x: 20, y: 20))?.hex == "#ffffffff")
  }

  @Test func japaneseTextDrawsGlyphs() throws {
    let root = canvas(240, 60)
    let label = Label(text: "北海道と沖縄", frame: Rect(x: 0, y: 0, width: 240, height: 60))
    label.font = .systemFont(ofSize: 28)
    root.addSubview(label)
    let image = try render(root, name: "japanese-text")
    let inked = image.countPixels { $0.red < 0.5 && $0.green < 0.5 && $0.blue < 0.5 }
    #expect(inked > 300, "dark pixels: \(inked)")
  }

  @Test func pangoMeasuresRealText() {
    let measurer = PangoTextMeasurer.shared
    let font = Font.systemFont(ofSize: 20)
    let latin = measurer.size(of: "Hello", font: font)
    let japanese = measurer.size(of: "北海道", font: font)
    let twoLines = measurer.size(of: "Hello\nHello", font: font)
    #expect(latin.width > 20 && latin.width < 100)
    #expect(latin.height >= 20 && latin.height < 40)
    // CJK ideographs are one em wide each.
    #expect(abs(japanese.width - 60) <= 3, "\(japanese)")
    #expect(twoLines.width == latin.width)
    #expect(twoLines.height > latin.height * 1.8)
    #expect(measurer.size(of: "", font: font) == .zero)
    #expect(measurer.size(of: "x", font: Font(size: .nan)) == .zero)
  }

  @Test("A string drawn frame after frame is shaped once, and drawn right at another scale")
  func drawnTextIsShapedOnce() throws {
    let measurer = PangoTextMeasurer.shared
    let root = canvas(200, 40)
    // A text no other test draws, so that the first frame shapes it.
    let label = Label(text: "Frame \(UUID().uuidString.prefix(6))", frame: Rect(x: 0, y: 0, width: 200, height: 40))
    label.font = .systemFont(ofSize: 20)
    root.addSubview(label)
    let before = measurer.drawnLayoutsMade
    let first = try HeadlessRenderer.render(root)
    #expect(measurer.drawnLayoutsMade == before + 1)
    let second = try HeadlessRenderer.render(root)
    let doubled = try HeadlessRenderer.render(root, scale: 2)
    #expect(measurer.drawnLayoutsMade == before + 1)
    let dark: (Color) -> Bool = { $0.red < 0.5 && $0.green < 0.5 && $0.blue < 0.5 }
    #expect(first.countPixels(where: dark) == second.countPixels(where: dark))
    // At twice the scale the same layout covers about four times the pixels: pango laid it
    // out again for the new context.
    let ratio = Double(doubled.countPixels(where: dark)) / Double(max(1, first.countPixels(where: dark)))
    #expect(ratio > 3 && ratio < 5, "ink ratio \(ratio)")
  }

  @Test func textIsDrawnInItsColourWithItsAlpha() throws {
    let root = canvas(120, 40)
    let label = Label(text: "MMMM", frame: Rect(x: 0, y: 0, width: 120, height: 40))
    label.font = .boldSystemFont(ofSize: 30)
    label.textColor = Self.blue
    root.addSubview(label)
    let image = try render(root, name: "text-colour")
    #expect(image.countPixels { $0.hex == "#0000ffff" } > 50)
    #expect(image.countPixels { $0.red > 0.5 && $0.green < 0.2 } == 0)
  }

  @Test(arguments: ["png", "jpeg"])
  func encodedImagesDecodeAndDrawScaledIntoTheirRectangle(format: String) throws {
    let data = try Fixtures.quadrants(format: format)
    let image = try Image(validating: data)
    #expect(image.pixelWidth == 20 && image.pixelHeight == 20)
    #expect(try ImageDecoder.shared.decodedSize(of: image) == (20, 20))
    let root = canvas()
    let imageView = ImageView(image: image, frame: Rect(x: 0, y: 0, width: 100, height: 100))
    root.addSubview(imageView)
    let result = try render(root, name: "image-\(format)")
    // The left half is red and the right half blue, scaled five times.
    let left = try #require(result.color(at: Point(x: 20, y: 50)))
    let right = try #require(result.color(at: Point(x: 80, y: 50)))
    #expect(left.red > 0.9 && left.blue < 0.1, "\(left)")
    #expect(right.blue > 0.9 && right.red < 0.1, "\(right)")
  }

  @Test func imagesDecodedInTheBackgroundDrawWithoutDecodingAgain() async throws {
    let image = try Image(validating: try Fixtures.quadrants(format: "png"))
    let decoder = ImageDecoder()
    // Decoded on another thread, as Albums decodes its thumbnails.
    let decoded = try await Task.detached { try ImageDecoder.decodeInBackground(image) }.value
    #expect(decoded.pixelSize == (20, 20))
    #expect(!decoder.contains(image))
    decoder.adopt(decoded)
    #expect(decoder.contains(image))
    #expect(try decoder.decodedSize(of: image) == (20, 20))
    #expect(decoder.decodeCount == 0)
    // Adopting the same image again keeps the pixels already there.
    decoder.adopt(try ImageDecoder.decodeInBackground(image))
    #expect(decoder.cachedImageCount == 1)
    // Bytes that do not decode are the same typed error off the main actor.
    let broken = try Image(
      validating: Data(
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
          + [0, 0, 0, 8, 0, 0, 0, 8, 8, 2, 0, 0, 0, 1, 2, 3, 4] + Array(repeating: 7, count: 40)))
    await #expect(throws: GTKError.self) {
      try await Task.detached { try ImageDecoder.decodeInBackground(broken) }.value
    }
  }

  @Test(
    "A full cache drops the least recently used images down to seven eighths of its limit, once, not one image at a time"
  )
  func aFullCacheDropsTheLeastRecentlyUsedInOneGo() throws {
    let quadrants = try Fixtures.quadrants(format: "png")
    let images = try (0..<12).map { try Image(validating: TestImages.png(quadrants, comment: "image \($0)")) }
    let decoded = try images.map { try ImageDecoder.decodeInBackground($0) }
    // Each is 20 × 20 pixels, 1,600 bytes decoded: room for eight.
    let decoder = ImageDecoder(cacheLimit: 8 * 1_600)
    for image in decoded.prefix(8) { decoder.adopt(image) }
    #expect(decoder.cachedImageCount == 8)
    // The ninth goes over: the two least recently used go, leaving seven (7/8 of the limit).
    decoder.adopt(decoded[8])
    #expect(decoder.cachedImageCount == 7)
    #expect(!decoder.contains(images[0]) && !decoder.contains(images[1]) && decoder.contains(images[8]))
    // Room for one more without dropping anything.
    decoder.adopt(decoded[9])
    #expect(decoder.cachedImageCount == 8)
    // A use makes an image recent again: the two oldest after it go.
    _ = try decoder.decodedSize(of: images[2])
    decoder.adopt(decoded[10])
    #expect(decoder.cachedImageCount == 7)
    #expect(decoder.contains(images[2]) && !decoder.contains(images[3]) && !decoder.contains(images[4]))
    #expect(decoder.decodeCount == 0)
  }

  @Test func undecodableBytesAreATypedErrorAndDrawNothing() throws {
    // A valid PNG header followed by garbage: the header parses, the pixels do not.
    var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
    bytes += Array("IHDR".utf8) + [0, 0, 0, 8, 0, 0, 0, 8, 8, 2, 0, 0, 0, 1, 2, 3, 4] + Array(repeating: 7, count: 40)
    let image = try Image(validating: Data(bytes))
    #expect(throws: GTKError.self) { try ImageDecoder.shared.decodedSize(of: image) }
    let root = canvas(20, 20)
    root.addSubview(ImageView(image: image, frame: root.bounds))
    let rendered = try render(root, name: "undecodable")
    #expect(rendered.countPixels { $0.hex != "#ffffffff" } == 0)
  }

  @Test func degenerateInputIsSkippedWithoutBreakingLaterDrawing() throws {
    final class Careless: View {
      override func draw(in context: any GraphicsContext) {
        context.save()
        context.concatenate(CGAffineTransform(scaleX: 0, y: 0))
        context.fill(Path(Rect(x: 0, y: 0, width: 100, height: 100)), color: RendererTests.blue)
        context.restore()
        context.save()
        context.concatenate(CGAffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0))
        context.fill(Path(Rect(x: 0, y: 0, width: 100, height: 100)), color: RendererTests.blue)
        context.restore()
        context.fill(Path(Rect(x: CGFloat.infinity, y: 0, width: 10, height: 10)), color: RendererTests.blue)
        context.stroke(Path(Rect(x: 0, y: 0, width: 10, height: 10)), color: RendererTests.blue, lineWidth: .nan)
        context.drawText("x", at: Point(x: CGFloat.nan, y: 0), font: .systemFont(ofSize: 10), color: .black)
        context.clip(to: Path())
        context.fill(Path(Rect(x: 0, y: 0, width: 100, height: 100)), color: RendererTests.blue)
      }
    }
    let root = canvas()
    root.addSubview(Careless(frame: root.bounds))
    let after = View(frame: Rect(x: 60, y: 60, width: 20, height: 20))
    after.backgroundColor = Self.red
    root.addSubview(after)
    let image = try render(root, name: "degenerate")
    #expect(image.countPixels { $0.hex == "#0000ffff" } == 0)
    #expect(image.color(at: Point(x: 70, y: 70))?.hex == "#ff0000ff")
  }

  @Test func unbalancedRestoresAreIgnoredAndOpenSavesAreClosed() throws {
    let image = try RenderedImage(size: Size(width: 20, height: 20))
    let cairo = try #require(cairo_create(image.surface))
    defer { cairo_destroy(cairo) }
    let context = CairoGraphicsContext(cairo: cairo)
    context.restore()
    context.fill(Path(Rect(x: 0, y: 0, width: 10, height: 20)), color: Self.red)
    context.save()
    context.multiplyAlpha(0.5)
    context.fill(Path(Rect(x: 10, y: 0, width: 10, height: 20)), color: Self.blue)
    context.finish()
    #expect(cairo_status(cairo) == CAIRO_STATUS_SUCCESS)
    #expect(image.pixel(x: 5, y: 5)?.hex == "#ff0000ff")
    let translucent = try #require(image.pixel(x: 15, y: 5))
    #expect(abs(translucent.alpha - 0.5) < 0.01 && translucent.blue > 0.99)
  }

  @Test func impossibleSizesAreATypedError() {
    let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
    #expect(throws: GTKError.self) { try HeadlessRenderer.render(view, size: Size(width: 0, height: 10)) }
    #expect(throws: GTKError.self) {
      try HeadlessRenderer.render(view, size: Size(width: CGFloat.infinity, height: 10))
    }
    #expect(throws: GTKError.self) { try HeadlessRenderer.render(view, scale: -1) }
    #expect(throws: GTKError.self) { try HeadlessRenderer.render(view, size: Size(width: 100_000, height: 10)) }
  }

  @Test func pngDataRoundTripsThroughTheImageType() throws {
    let root = canvas(30, 20)
    let image = try HeadlessRenderer.render(root)
    let decoded = try Image(validating: image.pngData())
    #expect(decoded.contentType == .png)
    #expect(decoded.pixelWidth == 30 && decoded.pixelHeight == 20)
  }
}

/// Test images made with cairo and gdk-pixbuf.
@MainActor
enum Fixtures {
  /// A 20×20 image, red on the left half and blue on the right, as PNG or JPEG bytes.
  static func quadrants(format: String) throws -> Data {
    let view = View(frame: Rect(x: 0, y: 0, width: 20, height: 20))
    let left = View(frame: Rect(x: 0, y: 0, width: 10, height: 20))
    left.backgroundColor = RendererTests.red
    let right = View(frame: Rect(x: 10, y: 0, width: 10, height: 20))
    right.backgroundColor = RendererTests.blue
    view.addSubview(left)
    view.addSubview(right)
    let png = try HeadlessRenderer.render(view).pngData()
    guard format == "jpeg" else { return png }
    return try reencode(png, as: "jpeg")
  }

  /// Decodes `data` with gdk-pixbuf and saves it in `type` ("jpeg", "png").
  static func reencode(_ data: Data, as type: String) throws -> Data {
    struct Failure: Error, CustomStringConvertible { var description: String }
    let loader = gdk_pixbuf_loader_new()!
    defer { g_object_unref(loader) }
    let written = data.withUnsafeBytes { buffer in
      gdk_pixbuf_loader_write(loader, buffer.bindMemory(to: UInt8.self).baseAddress, gsize(buffer.count), nil)
    }
    guard written != 0, gdk_pixbuf_loader_close(loader, nil) != 0, let pixbuf = gdk_pixbuf_loader_get_pixbuf(loader)
    else { throw Failure(description: "gdk-pixbuf could not read the fixture") }
    var buffer: UnsafeMutablePointer<gchar>?
    var size: gsize = 0
    var error: UnsafeMutablePointer<GError>?
    guard gdk_pixbuf_save_to_bufferv(pixbuf, &buffer, &size, type, nil, nil, &error) != 0, let buffer else {
      defer { if let error { g_error_free(error) } }
      throw Failure(description: "gdk-pixbuf could not save \(type)")
    }
    defer { g_free(buffer) }
    return Data(bytes: buffer, count: Int(size))
  }
}

/// Where tests leave images for people to look at: `artifacts/DragDropGTK/` at the root of
/// the package (ignored by git).
enum Artifacts {
  static let folder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("artifacts/DragDropGTK")

  static func url(_ name: String) -> URL { folder.appendingPathComponent(name) }
}
