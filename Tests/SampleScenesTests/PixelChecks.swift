import DragDrop
import DragDropGTK
import Foundation
import SampleScenes
import Testing

/// What the key moments of the scenarios must look like, checked pixel by pixel on both a
/// headless rendering and a screenshot of the real window. Rectangles are in the scene's
/// window coordinates, chosen clear of the drag preview that follows the pointer.
enum PixelChecks {
  enum Expectation {
    /// At least `fraction` of the pixels in the rectangle are within 3% of `color`.
    case mostly(Rect, Color, fraction: Double, what: String)
    /// At most `fraction` of the pixels in the rectangle are within 3% of `color`.
    case little(Rect, Color, fraction: Double, what: String)
  }

  static let panel = Color(red: 1, green: 1, blue: 1)
  static let dropHighlight = Color(red: 0.8, green: 0.9, blue: 1)

  /// Slot `index` of scene 000's grid, in window coordinates.
  static func photoSlot(_ index: Int) -> Rect {
    Rect(x: 280 + 14 + Double(index % 5) * 117, y: 72 + 14 + Double(index / 5) * 117, width: 104, height: 104)
  }

  /// Row `row` of scene 001's first or second table.
  static func tableRow(_ table: Int, _ row: Int) -> Rect {
    Rect(x: table == 0 ? 20 : 330, y: 72 + 44 * Double(row), width: 290, height: 44)
  }

  static func albumRow(_ index: Int) -> Rect { Rect(x: 20, y: 72 + 64 * Double(index), width: 240, height: 64) }

  /// The expectations for a capture, by scenario and capture name.
  static func expectations(_ scenario: String, _ capture: String) -> [Expectation] {
    switch (scenario, capture) {
    case ("photo-reorder", "lifted"):
      // The photo's own cell fades to a ghost (its left part is clear of the preview, which
      // follows the pointer 60 points to the right) while the preview shows the photo.
      let slot = photoSlot(0)
      return [
        .little(
          Rect(x: slot.minX + 4, y: slot.minY + 4, width: 34, height: 40), .hsb(0, 0.35, 0.97), fraction: 0.02,
          what: "the lifted photo's ghost"),
        .mostly(
          Rect(x: slot.minX + 70, y: slot.minY + 6, width: 30, height: 14), .hsb(0, 0.35, 0.97), fraction: 0.9,
          what: "the drag preview's sky"),
      ]
    case ("photo-reorder", "gap"):
      // The gap at slot 7, right of the preview over photo 6's right half, is empty panel;
      // photo 7 moved on to slot 8.
      let gap = photoSlot(7)
      return [
        .mostly(
          Rect(x: gap.minX + 24, y: gap.minY + 4, width: gap.width - 28, height: gap.height - 8), panel, fraction: 0.99,
          what: "the gap"),
        .little(photoSlot(8).insetBy(dx: 4, dy: 4), panel, fraction: 0.05, what: "photo 7 in slot 8"),
      ]
    case ("photo-reorder", "dropped"):
      return [
        .mostly(
          photoSlot(6).insetBy(dx: 8, dy: 8).offsetBy(dx: 0, dy: -30), .hsb(0, 0.35, 0.97), fraction: 0.3,
          what: "Shiretoko's sky in slot 6"),
        .mostly(
          photoSlot(7).insetBy(dx: 8, dy: 8).offsetBy(dx: 0, dy: -30), .hsb(7 * 0.137, 0.35, 0.97), fraction: 0.3,
          what: "Kurobe's sky in slot 7"),
      ]
    case ("photo-into-album", "highlight"):
      // Only the Family album (row 2) is highlighted; compare the parts clear of the preview.
      func right(_ rect: Rect) -> Rect { Rect(x: 196, y: rect.minY + 8, width: 60, height: rect.height - 16) }
      return [
        .mostly(right(albumRow(2)), dropHighlight, fraction: 0.6, what: "the highlighted album"),
        .little(right(albumRow(1)), dropHighlight, fraction: 0.01, what: "the album above"),
        .little(right(albumRow(3)), dropHighlight, fraction: 0.01, what: "the album below"),
      ]
    case ("photo-import", "placeholder"):
      return [
        .mostly(photoSlot(1).insetBy(dx: 6, dy: 6), Palette.placeholder, fraction: 0.5, what: "the placeholder tile"),
        .mostly(
          Rect(x: photoSlot(1).minX + 14, y: photoSlot(1).minY + 71, width: 20, height: 6), Palette.accent,
          fraction: 0.8, what: "the progress bar's filled start"),
      ]
    case ("table-reorder", "gap"):
      let gap = tableRow(0, 3)
      return [
        .mostly(
          Rect(x: gap.minX + 4, y: gap.minY + 18, width: gap.width - 8, height: 24), panel, fraction: 0.99,
          what: "the gap")
      ]
    case ("table-copy", "gap"):
      let gap = tableRow(1, 2)
      return [
        .mostly(
          Rect(x: gap.minX + 4, y: gap.minY + 18, width: gap.width - 8, height: 24), panel, fraction: 0.99,
          what: "the gap")
      ]
    default:
      return []
    }
  }

  static func close(_ a: Color, _ b: Color) -> Bool {
    abs(a.red - b.red) < 0.03 && abs(a.green - b.green) < 0.03 && abs(a.blue - b.blue) < 0.03
  }

  /// Records an issue for every expectation `image` does not meet; `origin` is where the
  /// scene's window starts in the image.
  @MainActor
  static func check(
    _ image: RenderedImage, scenario: String, capture: String, origin: Point = .zero, source: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    for expectation in expectations(scenario, capture) {
      switch expectation {
      case .mostly(let rect, let color, let fraction, let what), .little(let rect, let color, let fraction, let what):
        let area = rect.offsetBy(dx: origin.x, dy: origin.y)
        let total = Double(max(1, image.countPixels(in: area) { _ in true }))
        let share = Double(image.countPixels(in: area) { close($0, color) }) / total
        if case .mostly = expectation {
          #expect(
            share >= fraction,
            "\(source) \(scenario)/\(capture): \(what) is \(color.hex) in only \(Int(share * 100))% of \(rect)",
            sourceLocation: sourceLocation)
        } else {
          #expect(
            share <= fraction,
            "\(source) \(scenario)/\(capture): \(what) is \(color.hex) in \(Int(share * 100))% of \(rect)",
            sourceLocation: sourceLocation)
        }
      }
    }
  }
}

/// Where the tests write their images: `artifacts/scenarios` in the package (gitignored).
enum Artifacts {
  static let folder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("artifacts/scenarios")

  static func url(_ name: String) -> URL { folder.appendingPathComponent(name) }
}
