import CGTK
import Foundation
import TestSupport
import Testing

@testable import DragDropGTK

/// The tiles a window's image is handed to GTK in: they cover the window exactly, and each
/// holds exactly its part of the image's pixels.
@MainActor
@Suite struct TileLayerTests {
  @Test("Tiles cover the window once, row by row, none larger than a side")
  func tilesCoverTheWindow() {
    var random = SeededGenerator(state: 0x7115)
    for _ in 0..<200 {
      let width = Int.random(in: 1...2000, using: &random)
      let height = Int.random(in: 1...1500, using: &random)
      let tiles = TileLayer.tileRects(width: width, height: height)
      let area = tiles.reduce(0) { $0 + Int($1.width) * Int($1.height) }
      #expect(area == width * height, "\(width)×\(height)")
      #expect(tiles.allSatisfy { $0.width <= Double(TileLayer.side) && $0.height <= Double(TileLayer.side) })
      #expect(
        tiles.allSatisfy { $0.minX >= 0 && $0.minY >= 0 && $0.maxX <= Double(width) && $0.maxY <= Double(height) })
      // Disjoint: each corner pixel of each tile lies in that tile alone.
      for tile in tiles {
        let corners = [
          (tile.minX + 0.5, tile.minY + 0.5), (tile.maxX - 0.5, tile.minY + 0.5), (tile.minX + 0.5, tile.maxY - 0.5),
          (tile.maxX - 0.5, tile.maxY - 0.5),
        ]
        for (x, y) in corners {
          #expect(tiles.filter { $0.contains(CGPoint(x: x, y: y)) }.count == 1)
        }
      }
      #expect(tiles.map(\.minY) == tiles.map(\.minY).sorted())
    }
  }

  /// An image whose every pixel differs from its neighbours.
  func patterned(width: Double, height: Double, scale: Double) throws -> RenderedImage {
    let image = try RenderedImage(size: Size(width: width, height: height), scale: scale)
    let data = try #require(cairo_image_surface_get_data(image.surface))
    let stride = Int(cairo_image_surface_get_stride(image.surface))
    for y in 0..<image.pixelHeight {
      for x in 0..<image.pixelWidth {
        let value =
          0xFF00_0000 | UInt32(x & 0xFF) << 16 | UInt32(y & 0xFF) << 8 | UInt32((x / 256 + y / 256 * 7) & 0xFF)
        UnsafeMutableRawPointer(data).storeBytes(of: value, toByteOffset: y * stride + x * 4, as: UInt32.self)
      }
    }
    cairo_surface_mark_dirty(image.surface)
    return image
  }

  @Test("A tile's copy holds exactly the image's pixels under it", arguments: [1.0, 1.5, 2.0])
  func copiesHoldTheirPixels(scale: Double) throws {
    let image = try patterned(width: 600, height: 300, scale: scale)
    for rect in TileLayer.tileRects(width: 600, height: 300) {
      let copy = try #require(TileLayer.copy(image, in: rect))
      defer { cairo_surface_destroy(copy) }
      var scaleX = 0.0
      var scaleY = 0.0
      cairo_surface_get_device_scale(copy, &scaleX, &scaleY)
      #expect(scaleX == scale && scaleY == scale)
      let left = Int((rect.minX * scale).rounded(.down))
      let top = Int((rect.minY * scale).rounded(.down))
      let width = Int(cairo_image_surface_get_width(copy))
      let height = Int(cairo_image_surface_get_height(copy))
      #expect(width == min(image.pixelWidth, Int((rect.maxX * scale).rounded(.up))) - left)
      #expect(height == min(image.pixelHeight, Int((rect.maxY * scale).rounded(.up))) - top)
      let data = try #require(cairo_image_surface_get_data(copy))
      let stride = Int(cairo_image_surface_get_stride(copy))
      var mismatches = 0
      for y in 0..<height {
        for x in 0..<width {
          let copied = UnsafeRawPointer(data).load(fromByteOffset: y * stride + x * 4, as: UInt32.self)
          if image.pixel(x: left + x, y: top + y) != Self.color(copied) { mismatches += 1 }
        }
      }
      #expect(mismatches == 0, "\(rect) at \(scale)")
    }
  }

  @Test("A rectangle outside the image copies nothing")
  func outsideCopiesNothing() throws {
    let image = try patterned(width: 100, height: 100, scale: 1)
    #expect(TileLayer.copy(image, in: Rect(x: 100, y: 0, width: 50, height: 50)) == nil)
    #expect(TileLayer.copy(image, in: Rect(x: -60, y: -60, width: 50, height: 50)) == nil)
  }

  /// The colour of an ARGB32 pixel, as ``RenderedImage/pixel(x:y:)`` reads it.
  static func color(_ value: UInt32) -> Color {
    let alpha = Double(value >> 24 & 0xFF) / 255
    func channel(_ shift: UInt32) -> Double { Double(value >> shift & 0xFF) / 255 / alpha }
    return Color(red: channel(16), green: channel(8), blue: channel(0), alpha: alpha)
  }
}
