import DragDrop
import DragDropTesting
import Foundation
import TestSupport
import Testing

@testable import DragDropLists

/// Scrolling with a finger, as UIKit's scroll views do (rule 44): the pan, the glide at the
/// deceleration rate, the rubber band and the spring back, paging, direction lock, the
/// delegate's calls, and how the pan shares touches with taps and lifts (rules 2, 4, 45).
@MainActor
@Suite struct FingerScrollingTests {
  /// Records a scroll view delegate's calls, in order.
  final class Delegate: ScrollViewDelegate {
    var calls: [String] = []
    var velocities: [Point] = []
    var targets: [Point] = []
    /// Where to send the content at the lift instead, when set.
    var redirect: Point?

    func scrollViewDidScroll(_ scrollView: ScrollView) {
      if calls.last != "didScroll" { calls.append("didScroll") }
    }
    func scrollViewWillBeginDragging(_ scrollView: ScrollView) { calls.append("willBeginDragging") }
    func scrollViewWillEndDragging(
      _ scrollView: ScrollView, withVelocity velocity: Point, targetContentOffset: UnsafeMutablePointer<Point>
    ) {
      calls.append("willEndDragging")
      velocities.append(velocity)
      targets.append(targetContentOffset.pointee)
      if let redirect { targetContentOffset.pointee = redirect }
    }
    func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {
      calls.append("didEndDragging(\(decelerate))")
    }
    func scrollViewWillBeginDecelerating(_ scrollView: ScrollView) { calls.append("willBeginDecelerating") }
    func scrollViewDidEndDecelerating(_ scrollView: ScrollView) { calls.append("didEndDecelerating") }
    func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) { calls.append("didEndScrollingAnimation") }
  }

  /// A 400 × 800 scroll view over content 4,000 points tall, with a tap recogniser on the
  /// content that counts taps.
  @MainActor
  final class Scene {
    let test = TestWindow(size: Size(width: 400, height: 800))
    let scroll = ScrollView(frame: Rect(x: 0, y: 0, width: 400, height: 800))
    let content = View(frame: Rect(x: 0, y: 0, width: 400, height: 4000))
    let delegate = Delegate()
    var taps = 0

    init(contentSize: Size = Size(width: 400, height: 4000)) {
      test.recorder.stopChecking()
      scroll.contentSize = contentSize
      content.frame = Rect(origin: .zero, size: contentSize)
      scroll.addSubview(content)
      test.window.addSubview(scroll)
      scroll.delegate = delegate
      content.addGestureRecognizer(
        TapGestureRecognizer { [unowned self] recognizer in if recognizer.state == .ended { self.taps += 1 } })
    }

    /// A finger from `from` to `to` in `steps` moves a frame apart, then lifted there.
    func swipe(from: Point, to: Point, steps: Int, touch: Int = 1) {
      test.press(at: from, touch: touch)
      test.drag(touch: touch, along: [to], steps: steps)
      test.release(touch: touch)
    }
  }

  @Test("A finger whose moves come further apart than a tenth of a second keeps its speed at a lift just after")
  func velocityOfSparseMoves() {
    var velocity = TouchVelocity()
    velocity.start(at: Point(x: 0, y: 400), time: 0)
    for step in 1...4 { velocity.add(Point(x: 0, y: 400 - 40 * Double(step)), time: 0.12 * Double(step)) }
    // The lift, 5 ms after the last move, where it was: the move before that counts.
    velocity.add(Point(x: 0, y: 240), time: 0.485)
    #expect(abs(velocity.velocity.y - -40 / 0.125) < 1e-9)
    #expect(velocity.velocity.x == 0)
    // Held still for longer than the window before the lift: no speed.
    velocity.add(Point(x: 0, y: 240), time: 0.8)
    #expect(velocity.velocity == .zero)
    // Dense moves: only the last tenth of a second, and the one move before it.
    var dense = TouchVelocity()
    dense.start(at: Point(x: 0, y: 0), time: 0)
    for step in 1...60 { dense.add(Point(x: Double(step) * 10, y: 0), time: Double(step) / 60) }
    #expect(abs(dense.velocity.x - 600) < 1e-6)
    #expect(TouchVelocity().velocity == .zero)
  }

  @Test("A flick whose moves come further apart than a tenth of a second glides on after the lift")
  func sparseFlickGlides() {
    let scene = Scene()
    scene.test.press(at: Point(x: 200, y: 700))
    for step in 1...4 {
      scene.test.hold(0.12)
      scene.test.drag(along: [Point(x: 200, y: 700 - 60 * Double(step))], steps: 1)
    }
    scene.test.hold(0.005)
    scene.test.release()
    #expect(scene.delegate.calls.contains("didEndDragging(true)"), "\(scene.delegate.calls)")
    // UIKit's delegate hears points a millisecond: 60 points over the last move's time and
    // the lift's.
    let expected = 60 / (0.12 + scene.test.stepDuration + 0.005) / 1000
    #expect(abs((scene.delegate.velocities.last?.y ?? 0) - expected) < 1e-9)
    scene.test.settle()
    #expect(scene.delegate.calls.last == "didEndDecelerating")
    #expect(scene.scroll.contentOffset.y > 240 + 100)
  }

  @Test("The rubber band, the glide's projection and the spring follow UIKit's formulas")
  func formulas() {
    // (1 − 1/(x·0.55/d + 1))·d
    #expect(abs(ScrollPhysics.rubberBand(overshoot: 100, extent: 800) - (1 - 1 / (100 * 0.55 / 800 + 1)) * 800) < 1e-9)
    #expect(abs(ScrollPhysics.rubberBand(overshoot: 100, extent: 800) - 51.4619883) < 1e-6)
    #expect(
      ScrollPhysics.rubberBand(overshoot: -100, extent: 800) == -ScrollPhysics.rubberBand(overshoot: 100, extent: 800))
    #expect(ScrollPhysics.rubberBand(overshoot: 1e12, extent: 800) < 800)
    #expect(ScrollPhysics.rubberBand(overshoot: .nan, extent: 800) == 0)
    // v/1000 · r/(1 − r): 499 points for 1,000 points a second at the normal rate, 99 at the fast one.
    #expect(abs(ScrollPhysics.projectedDistance(velocity: 1000, rate: 0.998) - 499) < 1e-6)
    #expect(abs(ScrollPhysics.projectedDistance(velocity: 1000, rate: 0.99) - 99) < 1e-6)
    // The glide's steps add up to its whole distance, whatever the frame rate.
    var total = 0.0
    var velocity = 2000.0
    for _ in 0..<600 {
      total += ScrollPhysics.glideDistance(velocity, rate: 0.998, elapsed: 1.0 / 60)
      velocity = ScrollPhysics.glideVelocity(velocity, rate: 0.998, elapsed: 1.0 / 60)
    }
    #expect(abs(total - 2000 / -log(0.998) / 1000) < 0.01)
    // The spring comes to rest without passing its rest.
    var state = (displacement: -60.0, velocity: 0.0)
    var passed = false
    for _ in 0..<60 {
      state = ScrollPhysics.spring(displacement: state.displacement, velocity: state.velocity, elapsed: 1.0 / 60)
      if state.displacement > 0.001 { passed = true }
    }
    #expect(!passed && abs(state.displacement) < 0.5)
    #expect(ScrollView.DecelerationRate.normal.rawValue == 0.998 && ScrollView.DecelerationRate.fast.rawValue == 0.99)
    #expect(ScrollView.DecelerationRate(rawValue: .infinity).rawValue == 0)
    #expect(ScrollView.DecelerationRate(rawValue: 3).rawValue == 1)
  }

  @Test("A quick 200-point swipe scrolls, glides on by the projected distance, and the delegate hears each step")
  func swipeGlides() throws {
    let scene = Scene()
    scene.swipe(from: Point(x: 200, y: 600), to: Point(x: 200, y: 400), steps: 4)
    // The pan began at 10 points; the content followed the other 190.
    let lifted = scene.scroll.contentOffset.y
    #expect(abs(lifted - 190) < 0.001)
    #expect(scene.scroll.isDecelerating && !scene.scroll.isDragging && !scene.scroll.isTracking)
    // 200 points in 4 frames of 1/60 s: 3,000 points a second, 3 a millisecond.
    let velocity = try #require(scene.delegate.velocities.first)
    #expect(abs(velocity.y - 3) < 0.001 && velocity.x == 0)
    let target = try #require(scene.delegate.targets.first)
    #expect(abs(target.y - (190 + 3 * 0.998 / 0.002)) < 0.001)
    scene.test.settle()
    let rest = scene.scroll.contentOffset.y
    // It stops once slower than 20 points a second, 10 points short of the projection at most.
    #expect(rest <= target.y + 0.5 && rest > target.y - 12)
    #expect(
      scene.delegate.calls == [
        "willBeginDragging", "didScroll", "willEndDragging", "didEndDragging(true)", "willBeginDecelerating",
        "didScroll", "didEndDecelerating",
      ])
    #expect(scene.taps == 0)
  }

  @Test("Pulled past the top, the content resists by the rubber band, and springs back once the finger lifts")
  func rubberBandAndSpringBack() {
    let scene = Scene()
    scene.test.press(at: Point(x: 200, y: 100))
    scene.test.drag(along: [Point(x: 200, y: 110)], steps: 1)
    scene.test.drag(along: [Point(x: 200, y: 210)], steps: 10)
    let expected = -ScrollPhysics.rubberBand(overshoot: 100, extent: 800)
    #expect(abs(scene.scroll.contentOffset.y - expected) < 0.001)
    // Held still a moment, then lifted: no glide, a spring back to the edge.
    scene.test.hold(0.2)
    scene.test.release()
    #expect(scene.scroll.isDecelerating)
    scene.test.settle()
    #expect(scene.scroll.contentOffset == .zero)
    #expect(scene.delegate.calls.suffix(3) == ["willBeginDecelerating", "didScroll", "didEndDecelerating"])
  }

  @Test("Without bounces, a pull past the edge stops at it")
  func noBounces() {
    let scene = Scene()
    scene.scroll.bounces = false
    scene.swipe(from: Point(x: 200, y: 100), to: Point(x: 200, y: 300), steps: 10)
    #expect(scene.scroll.contentOffset == .zero)
    scene.test.settle()
    #expect(scene.scroll.contentOffset == .zero)
  }

  @Test("A flick's glide into the edge bounces past it and springs back to rest at it")
  func glideBouncesAtTheEdge() {
    let scene = Scene(contentSize: Size(width: 400, height: 1200))
    scene.swipe(from: Point(x: 200, y: 700), to: Point(x: 200, y: 400), steps: 3)
    var furthest = 0.0
    while scene.test.clock.nextActionTime != nil {
      scene.test.hold(1.0 / 60)
      furthest = max(furthest, scene.scroll.bounds.origin.y)
    }
    #expect(furthest > 400)
    #expect(scene.scroll.contentOffset.y == 400)
  }

  @Test("A tap on gliding content stops it, and selects nothing; a tap on resting content is a tap")
  func tapStopsTheGlide() {
    let scene = Scene()
    scene.swipe(from: Point(x: 200, y: 600), to: Point(x: 200, y: 400), steps: 4)
    scene.test.hold(0.1)
    #expect(scene.scroll.isDecelerating)
    scene.test.tap(at: Point(x: 200, y: 300), touch: 2)
    let stopped = scene.scroll.contentOffset
    #expect(!scene.scroll.isDecelerating)
    scene.test.settle()
    #expect(scene.scroll.contentOffset == stopped && scene.taps == 0)
    scene.test.tap(at: Point(x: 200, y: 300), touch: 3)
    #expect(scene.taps == 1)
  }

  @Test("The pointer pressed and moved does not scroll: a finger does")
  func pointerDoesNotScroll() {
    let scene = Scene()
    scene.test.pointerMove(to: Point(x: 200, y: 600), steps: 1)
    scene.test.pointerDown(at: Point(x: 200, y: 600))
    scene.test.pointerMove(to: Point(x: 200, y: 300), steps: 6)
    scene.test.pointerUp()
    scene.test.settle()
    #expect(scene.scroll.contentOffset == .zero)
  }

  @Test("Paging stops at the next page after a flick, and back on the same page after a short slow pull")
  func paging() {
    let scene = Scene()
    scene.scroll.isPagingEnabled = true
    scene.scroll.decelerationRate = .fast
    scene.swipe(from: Point(x: 200, y: 600), to: Point(x: 200, y: 500), steps: 2)
    scene.test.settle()
    #expect(scene.scroll.contentOffset.y == 800)
    // A big flick goes one page only.
    scene.swipe(from: Point(x: 200, y: 700), to: Point(x: 200, y: 100), steps: 2)
    scene.test.settle()
    #expect(scene.scroll.contentOffset.y == 1600)
    // A slow pull of a third of a page, held, comes back.
    scene.test.press(at: Point(x: 200, y: 600))
    scene.test.drag(along: [Point(x: 200, y: 330)], steps: 30)
    scene.test.hold(0.3)
    scene.test.release()
    scene.test.settle()
    #expect(scene.scroll.contentOffset.y == 1600)
  }

  @Test("With the directional lock, a diagonal pan moves along its first axis only")
  func directionalLock() {
    let scene = Scene(contentSize: Size(width: 2000, height: 4000))
    scene.scroll.isDirectionalLockEnabled = true
    scene.test.press(at: Point(x: 300, y: 600))
    scene.test.drag(along: [Point(x: 300, y: 580)], steps: 2)
    scene.test.drag(along: [Point(x: 200, y: 480)], steps: 6)
    #expect(scene.scroll.contentOffset.x == 0 && scene.scroll.contentOffset.y > 90)
    scene.test.release()
    scene.test.settle()
    #expect(scene.scroll.contentOffset.x == 0)
  }

  @Test("A pan along an axis the content cannot move on fails, so that an enclosing scroll view takes it")
  func nestedScrollViews() {
    let scene = Scene()
    // A horizontal strip inside the vertical scroll view.
    let strip = ScrollView(frame: Rect(x: 0, y: 100, width: 400, height: 200))
    strip.contentSize = Size(width: 2000, height: 200)
    scene.content.addSubview(strip)
    scene.swipe(from: Point(x: 300, y: 200), to: Point(x: 100, y: 200), steps: 6)
    #expect(strip.contentOffset.x > 150 && scene.scroll.contentOffset.y == 0)
    scene.test.settle()
    scene.swipe(from: Point(x: 200, y: 250), to: Point(x: 200, y: 100), steps: 6)
    #expect(scene.scroll.contentOffset.y > 100)
  }

  @Test("The delegate may move where the content comes to rest")
  func delegateTarget() {
    let scene = Scene()
    scene.delegate.redirect = Point(x: 0, y: 1000)
    scene.swipe(from: Point(x: 200, y: 600), to: Point(x: 200, y: 400), steps: 4)
    scene.test.settle()
    #expect(scene.scroll.contentOffset.y == 1000)
  }

  @Test("An animated offset glides there and tells the delegate once it arrives")
  func animatedOffset() {
    let scene = Scene()
    scene.scroll.setContentOffset(Point(x: 0, y: 500), animated: true)
    #expect(scene.scroll.contentOffset.y == 0)
    scene.test.settle()
    #expect(scene.scroll.contentOffset.y == 500)
    #expect(scene.delegate.calls.last == "didEndScrollingAnimation")
    scene.scroll.setContentOffset(Point(x: 0, y: 99_999), animated: false)
    #expect(scene.scroll.contentOffset.y == 3200)
  }

  @Test("After any sequence of touches, the content comes to rest inside its edges", arguments: 0..<40)
  func offsetsStayInRange(seed: UInt64) {
    var random = SeededGenerator(state: seed)
    let scene = Scene(contentSize: Size(width: Double.random(in: 300...1600, using: &random), height: 3000))
    scene.scroll.isPagingEnabled = Bool.random(using: &random)
    scene.scroll.bounces = Bool.random(using: &random)
    scene.scroll.alwaysBounceHorizontal = Bool.random(using: &random)
    var down: Set<Int> = []
    for _ in 0..<30 {
      let id = Int.random(in: 1...2, using: &random)
      let point = Point(
        x: Double.random(in: -50...450, using: &random), y: Double.random(in: -50...850, using: &random))
      switch (down.contains(id), Int.random(in: 0..<4, using: &random)) {
      case (false, _):
        scene.test.press(at: point, touch: id)
        down.insert(id)
      case (true, 0):
        scene.test.release(touch: id, at: point)
        down.remove(id)
      case (true, 1):
        scene.test.hold(Double.random(in: 0...0.4, using: &random))
      default:
        scene.test.drag(touch: id, along: [point], steps: Int.random(in: 1...5, using: &random))
      }
      let origin = scene.scroll.bounds.origin
      #expect(origin.x.isFinite && origin.y.isFinite)
    }
    for id in down { scene.test.release(touch: id) }
    scene.test.settle()
    let offset = scene.scroll.contentOffset
    let maximum = scene.scroll.maximumContentOffset
    #expect(offset.x >= 0 && offset.x <= maximum.x && offset.y >= 0 && offset.y <= maximum.y)
    #expect(!scene.scroll.isTracking && !scene.scroll.isDragging && !scene.scroll.isDecelerating)
  }
}

/// A finger on a table: a swipe scrolls and selects nothing, a tap selects, a still finger
/// lifts and never scrolls, and during a drag a second finger scrolls the table under it
/// (rules 44 and 45).
@MainActor
@Suite struct FingerOnATableTests {
  func scene() -> TwoTables {
    let scene = TwoTables()
    scene.test.recorder.stopChecking()
    scene.rightModel.sections[0] = (0..<200).map { "row \($0)" }
    scene.right.reloadData()
    scene.right.layoutIfNeeded()
    return scene
  }

  @Test("A swipe over a table scrolls it, and neither selects nor lifts a row; a tap selects")
  func swipeScrollsTapSelects() {
    let scene = scene()
    scene.test.press(at: Point(x: 480, y: 400))
    scene.test.drag(along: [Point(x: 480, y: 200)], steps: 6)
    scene.test.release()
    #expect(scene.right.contentOffset.y > 150)
    scene.test.settle()
    #expect(scene.right.indexPathsForSelectedRows.isEmpty)
    #expect(scene.test.window.dragController.activeSessions.isEmpty)
    let offset = scene.right.contentOffset
    scene.test.tap(at: Point(x: 480, y: 100), touch: 2)
    #expect(scene.right.indexPathsForSelectedRows.count == 1 && scene.right.contentOffset == offset)
  }

  /// A table's delegate, as UIKit code writes one: it hears the scroll too, and the
  /// highlights and selections.
  final class RowsDelegate: TableViewDelegate {
    var scrolled: [Double] = []
    var endedDecelerating = 0
    var calls: [String] = []
    func scrollViewDidScroll(_ scrollView: ScrollView) { scrolled.append(scrollView.contentOffset.y) }
    func scrollViewDidEndDecelerating(_ scrollView: ScrollView) { endedDecelerating += 1 }
    func tableView(_ tableView: TableView, didHighlightRowAt indexPath: IndexPath) {
      calls.append("highlight \(indexPath.row)")
    }
    func tableView(_ tableView: TableView, didUnhighlightRowAt indexPath: IndexPath) {
      calls.append("unhighlight \(indexPath.row)")
    }
    func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
      calls.append("select \(indexPath.row)")
    }
  }

  /// The right table's cell for row `row`, if it shows.
  func cell(_ scene: TwoTables, _ row: Int) -> ItemsViewCell? {
    scene.right.visibleCells.first { scene.right.indexPath(for: $0)?.row == row }
  }

  @Test("A still finger highlights its row after a moment, and lifting takes the highlight off and selects it")
  func stillFingerHighlights() throws {
    let scene = scene()
    let delegate = RowsDelegate()
    scene.right.delegate = delegate
    scene.test.press(at: Point(x: 480, y: 66))
    scene.test.hold(0.1)
    #expect(delegate.calls.isEmpty && cell(scene, 1)?.isHighlighted == false)
    scene.test.hold(0.1)
    #expect(delegate.calls == ["highlight 1"] && cell(scene, 1)?.isHighlighted == true)
    scene.test.release()
    #expect(delegate.calls == ["highlight 1", "unhighlight 1", "select 1"])
    #expect(cell(scene, 1)?.isHighlighted == false)
    // A quick tap highlights too, as it lifts, then selects.
    scene.test.tap(at: Point(x: 480, y: 110), touch: 2)
    #expect(delegate.calls.suffix(3) == ["highlight 2", "unhighlight 2", "select 2"])
  }

  @Test("A swipe scrolls without highlighting; a held finger that then moves scrolls and loses its highlight")
  func swipeDoesNotHighlight() {
    let scene = scene()
    let delegate = RowsDelegate()
    scene.right.delegate = delegate
    scene.test.press(at: Point(x: 480, y: 300))
    scene.test.drag(along: [Point(x: 480, y: 150)], steps: 4)
    scene.test.release()
    scene.test.settle()
    #expect(delegate.calls.isEmpty)
    let offset = scene.right.contentOffset.y
    scene.test.press(at: Point(x: 480, y: 300))
    scene.test.hold(0.2)
    #expect(delegate.calls.count == 1 && delegate.calls[0].hasPrefix("highlight"))
    scene.test.drag(along: [Point(x: 480, y: 200)], steps: 4)
    #expect(delegate.calls.count == 2 && delegate.calls[1].hasPrefix("unhighlight"))
    scene.test.release()
    scene.test.settle()
    #expect(scene.right.contentOffset.y > offset + 50 && delegate.calls.count == 2)
  }

  @Test("Content that may not lose its touch keeps it: a held, highlighted finger does not scroll")
  func canCancelContentTouches() {
    let scene = scene()
    let delegate = RowsDelegate()
    scene.right.delegate = delegate
    scene.right.canCancelContentTouches = false
    scene.test.press(at: Point(x: 480, y: 300))
    scene.test.hold(0.2)
    scene.test.drag(along: [Point(x: 480, y: 200)], steps: 4)
    #expect(scene.right.contentOffset.y == 0)
    #expect(delegate.calls.count == 1 && delegate.calls[0].hasPrefix("highlight"))
    scene.test.release()
    #expect(delegate.calls.count == 2 && delegate.calls[1].hasPrefix("unhighlight"))
    // A swipe before the content has the touch still scrolls.
    scene.test.press(at: Point(x: 480, y: 300))
    scene.test.drag(along: [Point(x: 480, y: 200)], steps: 4)
    scene.test.release()
    #expect(scene.right.contentOffset.y > 50)
  }

  @Test("Without the delay, a finger highlights at once")
  func noDelay() {
    let scene = scene()
    let delegate = RowsDelegate()
    scene.right.delegate = delegate
    scene.right.delaysContentTouches = false
    scene.test.press(at: Point(x: 480, y: 66))
    #expect(delegate.calls == ["highlight 1"])
    scene.test.release()
  }

  @Test("A button in a scroll view: a tap runs it; a swipe from it scrolls and runs nothing")
  func buttonInAScrollView() {
    let scene = scene()
    var taps = 0
    let button = Button(type: .system)
    button.frame = Rect(x: 10, y: 10, width: 200, height: 30)
    button.addAction(Action { _ in taps += 1 }, for: .primaryActionTriggered)
    scene.right.addSubview(button)
    let center = button.convert(button.bounds.center, to: scene.test.window)
    scene.test.tap(at: center, touch: 2)
    #expect(taps == 1)
    scene.test.press(at: center)
    scene.test.drag(along: [Point(x: center.x, y: center.y + 150)], steps: 4)
    scene.test.release()
    #expect(taps == 1 && !button.isHighlighted)
  }

  @Test("A table's delegate is its scroll view's: it hears the content move, and still gives row heights")
  func tableDelegateHearsScrolling() {
    let scene = scene()
    let delegate = RowsDelegate()
    scene.right.delegate = delegate
    #expect(scene.right.tableDelegate === delegate)
    scene.test.press(at: Point(x: 480, y: 400))
    scene.test.drag(along: [Point(x: 480, y: 200)], steps: 6)
    scene.test.release()
    scene.test.settle()
    #expect(delegate.scrolled.count > 5 && delegate.scrolled.last == scene.right.contentOffset.y)
    #expect(delegate.endedDecelerating == 1)
    scene.right.delegate = nil
    #expect(scene.right.tableDelegate == nil)
  }

  @Test("A finger held still lifts a row; moving it then drags the row and never scrolls")
  func stillFingerLifts() throws {
    let scene = scene()
    scene.test.longPress(at: Point(x: 480, y: 150))
    #expect(scene.test.window.dragController.activeSessions.count == 1)
    scene.test.drag(along: [Point(x: 480, y: 320)], steps: 8)
    #expect(scene.right.contentOffset == .zero)
    let session = try #require(scene.test.window.dragController.activeSessions.first)
    #expect(abs(session.locationInWindow.y - 320) < 0.001)
    scene.test.release()
    scene.test.settle()
  }

  @Test("During a drag a second finger scrolls the table under it, and the drag goes on (rule 45)")
  func secondFingerScrollsDuringADrag() throws {
    let scene = scene()
    scene.test.longPress(at: Point(x: 120, y: 30))
    scene.test.drag(along: [Point(x: 480, y: 240)], steps: 8)
    let session = try #require(scene.test.window.dragController.activeSessions.first)
    #expect(scene.right.contentOffset == .zero)
    scene.test.press(at: Point(x: 560, y: 420), touch: 2)
    scene.test.drag(touch: 2, along: [Point(x: 560, y: 200)], steps: 6)
    scene.test.release(touch: 2)
    #expect(scene.right.contentOffset.y > 150)
    #expect(scene.test.window.dragController.activeSessions.first === session)
    scene.test.settle()
    // The first finger drops the row where the table now shows it.
    scene.test.release()
    scene.test.settle()
    // A copy between tables, into the rows the scroll brought under the finger.
    #expect(scene.rightModel.sections[0].count == 201 && scene.leftModel.sections[0].count == 5)
    let inserted = try #require(scene.rightModel.sections[0].firstIndex(of: "北海道"))
    #expect(inserted > 3)
  }
}
