import DragDrop
import DragDropGTK
import Foundation
import Testing

/// The image renderer and the drawing it runs: Core Graphics calls, Bézier paths, colours
/// set as UIKit code sets them, images and views drawn into it.
@MainActor
@Suite struct ImageRendererTests {
  /// Decodes PNG bytes back to pixels.
  func pixels(_ png: Data) throws -> RenderedImage {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("renderer-\(UUID().uuidString).png")
    defer { try? FileManager.default.removeItem(at: url) }
    try png.write(to: url)
    return try RenderedImage(contentsOfPNG: url)
  }

  func close(_ color: Color?, _ expected: Color) -> Bool {
    guard let color else { return false }
    return abs(color.red - expected.red) < 0.02 && abs(color.green - expected.green) < 0.02
      && abs(color.blue - expected.blue) < 0.02 && abs(color.alpha - expected.alpha) < 0.02
  }

  @Test("A block's fills, ellipses and set colours land where it drew them, on a transparent image")
  func fillsAndColours() throws {
    let renderer = GraphicsImageRenderer(size: CGSize(width: 40, height: 20))
    var current: CGContext?
    let png = renderer.pngData { context in
      current = CGContext.current
      #expect(current === context.cgContext)
      Color.red.setFill()
      context.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
      context.cgContext.setFillColor(Color.blue.cgColor)
      context.cgContext.fillEllipse(in: CGRect(x: 20, y: 0, width: 20, height: 20))
    }
    #expect(CGContext.current == nil)
    let image = try pixels(png)
    #expect(image.pixelWidth == 40 && image.pixelHeight == 20)
    #expect(close(image.pixel(x: 10, y: 10), .red))
    #expect(close(image.pixel(x: 30, y: 10), .blue))
    // The ellipse's corner is left clear.
    #expect(image.pixel(x: 21, y: 1)?.alpha == 0)
  }

  @Test("Bézier paths: a closed triangle fills inside its lines, an arc makes a circle, and contains agrees")
  func bezierPaths() throws {
    let triangle = BezierPath()
    triangle.move(to: CGPoint(x: 0, y: 0))
    triangle.addLine(to: CGPoint(x: 40, y: 0))
    triangle.addLine(to: CGPoint(x: 0, y: 40))
    triangle.close()
    #expect(triangle.contains(CGPoint(x: 5, y: 5)))
    #expect(!triangle.contains(CGPoint(x: 35, y: 35)))
    let circle = BezierPath(
      arcCenter: CGPoint(x: 60, y: 20), radius: 15, startAngle: 0, endAngle: 2 * .pi, clockwise: true)
    #expect(circle.contains(CGPoint(x: 60, y: 20)))
    #expect(circle.contains(CGPoint(x: 60, y: 34)))
    #expect(!circle.contains(CGPoint(x: 47, y: 7)))
    #expect(abs(circle.bounds.minX - 45) < 0.5 && abs(circle.bounds.maxY - 35) < 5)
    let image = try pixels(
      GraphicsImageRenderer(size: CGSize(width: 80, height: 40)).pngData { _ in
        Color.green.setFill()
        triangle.fill()
        Color.black.setStroke()
        circle.lineWidth = 2
        circle.stroke()
      })
    #expect(close(image.pixel(x: 5, y: 5), .green))
    #expect(image.pixel(x: 35, y: 35)?.alpha == 0)
    // The circle's outline, not its inside.
    let outline = image.pixel(x: 75, y: 20)
    #expect((outline?.alpha ?? 0) > 0.9 && (outline?.red ?? 1) < 0.05)
    #expect(image.pixel(x: 60, y: 20)?.alpha == 0)
  }

  @Test("A path appended to a transformed one stays where it was drawn; shapes become exact figures")
  func appendingAcrossTransforms() {
    let moved = BezierPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
    moved.apply(CGAffineTransform(translationX: 100, y: 0))
    let oval = BezierPath(ovalIn: CGRect(x: 0, y: 0, width: 20, height: 10))
    moved.append(oval)
    #expect(moved.contains(CGPoint(x: 105, y: 5)))
    #expect(moved.contains(CGPoint(x: 10, y: 5)))
    #expect(moved.contains(CGPoint(x: 1, y: 5)))
    #expect(!moved.contains(CGPoint(x: 1, y: 1)))  // outside the oval's corner
    #expect(moved.contains(CGPoint(x: 5, y: 5)))
    // A rounded rectangle as a figure keeps its corners round.
    let rounded = Path(roundedRect: CGRect(x: 0, y: 0, width: 40, height: 40), cornerRadius: 10)
    let figure = Path(elements: rounded.figures)
    for point in [CGPoint(x: 1, y: 1), CGPoint(x: 20, y: 20), CGPoint(x: 39, y: 20), CGPoint(x: 3, y: 3)] {
      #expect(figure.contains(point) == rounded.contains(point), "\(point)")
    }
  }

  @Test("The current path, saved states and transforms, as Core Graphics code uses them")
  func pathsStatesAndTransforms() throws {
    let image = try pixels(
      GraphicsImageRenderer(size: CGSize(width: 30, height: 30)).pngData { context in
        let cg = context.cgContext
        cg.saveGState()
        cg.translateBy(x: 10, y: 10)
        cg.setFillColor(Color.red.cgColor)
        cg.addRect(CGRect(x: 0, y: 0, width: 10, height: 10))
        cg.fillPath()
        cg.restoreGState()
        // Back at the origin, and black again.
        cg.fill(CGRect(x: 0, y: 0, width: 5, height: 5))
        cg.setStrokeColor(Color.blue.cgColor)
        cg.setLineWidth(2)
        cg.move(to: CGPoint(x: 0, y: 28))
        cg.addLine(to: CGPoint(x: 30, y: 28))
        cg.strokePath()
      })
    #expect(close(image.pixel(x: 15, y: 15), .red))
    #expect(image.pixel(x: 5, y: 15)?.alpha == 0)
    #expect(close(image.pixel(x: 2, y: 2), .black))
    #expect(close(image.pixel(x: 15, y: 28), .blue))
  }

  @Test("Formats: opaque images start white, scale 2 doubles the pixels, and the bounds' origin is the corner")
  func formats() throws {
    let format = GraphicsImageRendererFormat.default()
    format.opaque = true
    format.scale = 2
    let renderer = GraphicsImageRenderer(bounds: CGRect(x: 100, y: 50, width: 10, height: 10), format: format)
    #expect(renderer.format.bounds == CGRect(x: 100, y: 50, width: 10, height: 10))
    // The renderer keeps a copy: changing the format afterwards changes nothing.
    format.scale = 3
    #expect(format.bounds == .zero)
    let image = try pixels(
      renderer.pngData { context in
        Color.red.setFill()
        context.fill(CGRect(x: 100, y: 50, width: 5, height: 5))
      })
    #expect(image.pixelWidth == 20 && image.pixelHeight == 20)
    #expect(close(image.pixel(x: 2, y: 2), .red))
    #expect(close(image.pixel(x: 15, y: 15), .white))
    let made = renderer.image { _ in }
    #expect(made.pixelWidth == 20)
    #expect(made.contentType == .png)
  }

  @Test("JPEG bytes at the quality asked, and images that draw into other renderers")
  func jpegAndImages() throws {
    let renderer = GraphicsImageRenderer(size: CGSize(width: 16, height: 16))
    let red = renderer.image { context in
      Color.red.setFill()
      context.fill(CGRect(x: 0, y: 0, width: 16, height: 16))
    }
    let jpeg = renderer.jpegData(withCompressionQuality: 0.9) { _ in
      red.draw(in: CGRect(x: 0, y: 0, width: 16, height: 16))
    }
    #expect(jpeg.prefix(2) == Data([0xFF, 0xD8]))
    let decoded = try Image(validating: jpeg)
    #expect(decoded.contentType == .jpeg && decoded.pixelWidth == 16)
    let scaled = try pixels(
      GraphicsImageRenderer(size: CGSize(width: 32, height: 16)).pngData { _ in
        red.draw(at: CGPoint(x: 16, y: 0))
      })
    #expect(scaled.pixel(x: 8, y: 8)?.alpha == 0)
    #expect(close(scaled.pixel(x: 24, y: 8), .red))
  }

  @Test("A view draws its hierarchy into the renderer, scaled into the rectangle given")
  func viewHierarchy() throws {
    let card = View(frame: Rect(x: 300, y: 300, width: 20, height: 20))
    card.backgroundColor = .blue
    let dot = View(frame: Rect(x: 10, y: 10, width: 10, height: 10))
    dot.backgroundColor = .red
    card.addSubview(dot)
    #expect(!card.drawHierarchy(in: CGRect(x: 0, y: 0, width: 10, height: 10), afterScreenUpdates: false))
    let image = try pixels(
      GraphicsImageRenderer(size: CGSize(width: 40, height: 40)).pngData { _ in
        #expect(card.drawHierarchy(in: CGRect(x: 0, y: 0, width: 40, height: 40), afterScreenUpdates: true))
      })
    #expect(close(image.pixel(x: 10, y: 10), .blue))
    #expect(close(image.pixel(x: 30, y: 30), .red))
  }

  @Test("A size that cannot be drawn gives no bytes and a blank image, and says so")
  func unusableSizes() {
    for size in [CGSize(width: 0, height: 10), CGSize(width: -5, height: 5), CGSize(width: Double.infinity, height: 1)]
    {
      let renderer = GraphicsImageRenderer(size: size)
      #expect(!renderer.allowsImageOutput)
      var ran = false
      #expect(renderer.pngData { _ in ran = true }.isEmpty)
      #expect(!ran)
      #expect(renderer.image { _ in }.pixelWidth == 1)
    }
    #expect(GraphicsImageRenderer(size: CGSize(width: 2, height: 2)).allowsImageOutput)
  }
}
