import Foundation
import Testing

@testable import Views

/// Issue 9: geometry that is degenerate (zero sizes, infinite, huge or NaN values) gives
/// defined answers and descriptions, never a trap.
@MainActor
@Suite struct DegenerateGeometryTests {
  @Test("Issue 9: hit testing among 32 or more zero-width subviews")
  func zeroWidthSubviews() {
    let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 400), clock: ManualClock())
    for index in 0..<40 { window.addSubview(View(frame: Rect(x: 0, y: Double(index), width: 0, height: 0))) }
    for _ in 0..<40 { window.addSubview(View()) }
    #expect(window.hitTest(Point(x: 10, y: 10)) === window)
    #expect(window.hitTest(Point(x: CGFloat.infinity, y: CGFloat.nan)) == nil)
    let odd = View(frame: Rect(x: CGFloat.nan, y: CGFloat.infinity, width: CGFloat.infinity, height: -CGFloat.infinity))
    window.addSubview(odd)
    _ = window.hitTest(Point(x: 1e300, y: -1e300))
  }

  @Test("Issue 9: points, sizes, rects and snapshots describe infinite, huge and NaN values")
  func descriptions() {
    #expect("\(Point(x: CGFloat.infinity, y: -CGFloat.infinity).formatted)" == "(inf, -inf)")
    #expect("\(Size(width: 1e300, height: CGFloat.nan).formatted)" == "1e+300×nan")
    #expect("\(Point(x: 1.5, y: 2).formatted)" == "(1.5, 2)")
    let view = View(frame: Rect(x: CGFloat.infinity, y: 1e20, width: CGFloat.nan, height: 4))
    let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100), clock: ManualClock())
    window.addSubview(view)
    // An infinite origin makes the null rectangle, as in Core Graphics.
    #expect(window.treeSnapshot.contains("View frame=(inf, inf, 0×0)"))
  }

  @Test("Issue 9: a colour component set to NaN or out of range through its setter is clamped")
  func colourSetters() {
    var color = Color(red: 0.5, green: 0.5, blue: 0.5)
    color.red = .nan
    color.green = 7
    color.blue = -.infinity
    color.alpha = .infinity
    #expect(color.hex == "#00ff00ff")
    #expect(color == Color(red: 0, green: 1, blue: 0, alpha: 1))
  }
}
