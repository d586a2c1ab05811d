import Foundation
import PropertyBased
import Testing

@testable import Graphics

/// SF Symbols' names drawn from the desktop's icon theme: the SVG reader and its filling.
struct ThemeSymbolsTests {
  /// The coverage of the pixel at `x`, `y` of a `size`-pixel rendering.
  func coverage(_ svg: String, size: Int = 16, at x: Int, _ y: Int) throws -> Double {
    let icon = try #require(SymbolicIcon(svg: svg))
    return icon.coverage(size: size)[y * size + x]
  }

  func document(_ body: String) -> String {
    #"<?xml version="1.0"?><svg viewBox="0 0 16 16" xmlns="http://www.w3.org/2000/svg">"# + body + "</svg>"
  }

  @Test("Relative moves, lines and closes draw Adwaita's plus sign")
  func plus() throws {
    let svg = document(##"<path d="m 7 1 v 6 h -6 v 2 h 6 v 6 h 2 v -6 h 6 v -2 h -6 v -6 z m 0 0" fill="#2e3436"/>"##)
    #expect(try coverage(svg, at: 7, 7) == 1)
    #expect(try coverage(svg, at: 8, 2) == 1)
    #expect(try coverage(svg, at: 2, 2) == 0)
    #expect(try coverage(svg, at: 15, 15) == 0)
  }

  @Test("The subpaths of one path fill together by the nonzero rule: an inner one turning back is a hole")
  func holes() throws {
    let hole = document(#"<path d="M0 0 H16 V16 H0 Z M4 4 V12 H12 V4 Z"/>"#)
    #expect(try coverage(hole, at: 8, 8) == 0)
    #expect(try coverage(hole, at: 1, 8) == 1)
    let same = document(#"<path d="M0 0 H16 V16 H0 Z M4 4 H12 V12 H4 Z"/>"#)
    #expect(try coverage(same, at: 8, 8) == 1)
  }

  @Test("Arcs make a circle of the right area; curves, smooth curves and quadratics stay in place")
  func arcsAndCurves() throws {
    let circle = try #require(
      SymbolicIcon(svg: document(#"<path d="M 8 0 A 8 8 0 0 1 8 16 A 8 8 0 0 1 8 0 Z"/>"#)))
    let area = circle.coverage(size: 64).reduce(0, +) / (64 * 64)
    #expect(abs(area - Double.pi / 4) < 0.01, "\(area)")
    let curves = try #require(
      SymbolicIcon(svg: document(#"<path d="M0 8 C0 0 16 0 16 8 S0 16 0 8 Z M2 2 Q8 0 14 2 T2 2 z"/>"#)))
    for shape in curves.shapes {
      for point in shape.polygons.joined() { #expect((0...1).contains(point.x) && (0...1).contains(point.y)) }
    }
  }

  @Test("Numbers run together as SVG writes them")
  func numbers() {
    #expect(SVGNumbers.parse("1.5-2e-1,.5.5") == [1.5, -0.2, 0.5, 0.5])
    #expect(SVGNumbers.parse("  3 , -4e2 ") == [3, -400])
    #expect(SVGNumbers.parse("1e") == [1])
  }

  @Test("Groups' transforms and opacities apply to what they hold; rectangles and circles are read")
  func groupsAndElements() throws {
    let moved = document(
      #"<g transform="translate(8 0)"><rect width="8" height="16"/></g><circle cx="4" cy="4" r="1"/>"#)
    #expect(try coverage(moved, at: 12, 8) == 1)
    #expect(try coverage(moved, at: 4, 12) == 0)
    let faint = document(#"<g opacity="0.5"><rect width="16" height="16" fill-opacity="0.5"/></g>"#)
    #expect(try coverage(faint, at: 8, 8) == 0.25)
    let hidden = document(#"<rect width="16" height="16" fill="none"/>"#)
    #expect(SymbolicIcon(svg: hidden) == nil)
  }

  @Test("Path data that stops making sense ends the path there; garbage never crashes or gives NaN")
  func badPathData() async {
    #expect(SVGPathData.polygons("M 0 0 L 10 0 L 10 10 Z junk 5 5").count == 1)
    #expect(SVGPathData.polygons("5 5 L 1 1").isEmpty)
    #expect(SVGPathData.polygons("M0 0 A 0 0 0 0 1 5 5 L 0 5 z").count == 1)
    let alphabet = Array("MmLlHhVvCcSsQqTtAaZz0123456789.-e, ")
    await propertyCheck(input: Gen<Int>.int(in: 0...(alphabet.count - 1)).map { alphabet[$0] }.array(of: 0...60)) {
      characters in
      let polygons = SVGPathData.polygons(String(characters))
      #expect(polygons.joined().allSatisfy { $0.x.isFinite && $0.y.isFinite })
    }
  }

  @Test("The map's icons are installed with the theme, and every one of them reads")
  func theTheme() throws {
    try #require(!ThemeSymbols.directories.isEmpty, "adwaita-icon-theme is not installed")
    for name in ThemeSymbols.map.keys.sorted() {
      #expect(ThemeSymbols.icon(named: name) != nil, "\(name)")
    }
    #expect(ThemeSymbols.icon(named: "trash.fill") != nil)
    #expect(ThemeSymbols.icon(named: "no.such.symbol") == nil)
    let trash = try #require(Image(systemName: "trash"))
    #expect(trash.pixelWidth == 64)
  }
}
