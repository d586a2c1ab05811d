import Foundation
import PropertyBased
import TestSupport
import Testing

@testable import Views

/// The reference: UIKit's hit test, scanning every subview front to back.
@MainActor
func referenceHitTest(_ view: View, _ point: Point) -> View? {
  guard !view.isHidden, view.isUserInteractionEnabled, view.alpha > 0.01, view.point(inside: point) else { return nil }
  for subview in view.subviews.reversed() {
    guard let local = subview.convertFromSuperview(point) else { continue }
    if let hit = referenceHitTest(subview, local) { return hit }
  }
  return view
}

@MainActor
@Suite struct HitIndexTests {
  @Test("The grid index finds what a full scan finds, over random layouts")
  func agreesWithTheReference() async {
    await propertyCheck(count: 200, input: Gen<UInt64>.value(in: 0...UInt64.max)) { seed in
      var random = SeededGenerator(state: seed)
      let window = Window(frame: Rect(x: 0, y: 0, width: 500, height: 500), clock: ManualClock())
      let count = Int.random(in: 30...200, using: &random)
      for _ in 0..<count {
        let view = View(
          frame: Rect(
            x: Double.random(in: -50...500, using: &random), y: Double.random(in: -50...500, using: &random),
            width: Double.random(in: 0...(Bool.random(using: &random) ? 400 : 40), using: &random),
            height: Double.random(in: 0...40, using: &random)))
        if Int.random(in: 0..<10, using: &random) == 0 { view.transform = CGAffineTransform(rotationAngle: 0.5) }
        if Int.random(in: 0..<10, using: &random) == 0 { view.isHidden = true }
        window.addSubview(view)
      }
      for step in 0..<100 {
        if step == 50 {
          // Move and reorder some views: the index must follow.
          window.subviews[3].center = Point(x: 250, y: 250)
          window.bringSubviewToFront(window.subviews[0])
          window.subviews[5].removeFromSuperview()
        }
        let point = Point(
          x: Double.random(in: -60...560, using: &random), y: Double.random(in: -60...560, using: &random))
        #expect(window.hitTest(point) === referenceHitTest(window, point), "seed \(seed) at \(point)")
      }
    }
  }

  @Test func subviewsOutsideTheBoundsAreNotHit() {
    let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100), clock: ManualClock())
    let parent = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))
    let child = View(frame: Rect(x: 60, y: 60, width: 20, height: 20))  // outside its parent
    parent.addSubview(child)
    window.addSubview(parent)
    #expect(window.hitTest(Point(x: 70, y: 70)) === window)
  }
}
