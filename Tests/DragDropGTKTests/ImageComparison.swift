import CGTK
import DragDrop
import Foundation

@testable import DragDropGTK

extension RenderedImage {
  /// The largest difference from `other` in any channel, premultiplied, in 1/255; 255 when
  /// the sizes differ.
  func largestDifference(from other: RenderedImage) -> Int {
    guard pixelWidth == other.pixelWidth, pixelHeight == other.pixelHeight else { return 255 }
    if hasSameBytes(as: other) { return 0 }
    var largest = 0
    for y in 0..<pixelHeight {
      for x in 0..<pixelWidth {
        guard let p = pixel(x: x, y: y), let q = other.pixel(x: x, y: y) else { return 255 }
        for (u, v) in [
          (p.red * p.alpha, q.red * q.alpha), (p.green * p.alpha, q.green * q.alpha),
          (p.blue * p.alpha, q.blue * q.alpha), (p.alpha, q.alpha),
        ] {
          largest = max(largest, Int((abs(u - v) * 255).rounded()))
        }
      }
    }
    return largest
  }

  /// Whether every pixel is the same byte for byte.
  func hasSameBytes(as other: RenderedImage) -> Bool {
    guard pixelWidth == other.pixelWidth, pixelHeight == other.pixelHeight,
      let a = cairo_image_surface_get_data(surface), let b = cairo_image_surface_get_data(other.surface)
    else { return false }
    let stride = Int(cairo_image_surface_get_stride(surface))
    guard stride == Int(cairo_image_surface_get_stride(other.surface)) else { return false }
    return (0..<pixelHeight).allSatisfy { row in memcmp(a + row * stride, b + row * stride, pixelWidth * 4) == 0 }
  }
}
