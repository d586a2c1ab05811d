import Foundation
import PropertyBased
import Testing

@testable import Views

@Suite struct GeometryTests {
  @Test func rectangleQueries() {
    let rect = Rect(x: 10, y: 20, width: 30, height: 40)
    #expect((rect.minX, rect.midX, rect.maxX) == (10, 25, 40))
    #expect((rect.minY, rect.midY, rect.maxY) == (20, 40, 60))
    #expect(rect.contains(Point(x: 10, y: 20)))
    #expect(!rect.contains(Point(x: 40, y: 20)))  // the maximum edge is outside
    #expect(
      rect.overlap(with: Rect(x: 30, y: 50, width: 100, height: 100)) == Rect(x: 30, y: 50, width: 10, height: 10))
    #expect(rect.overlap(with: Rect(x: 40, y: 20, width: 5, height: 5)) == nil)
    #expect(rect.union(Rect(x: 0, y: 0, width: 1, height: 1)) == Rect(x: 0, y: 0, width: 40, height: 60))
    #expect(Rect(x: 10, y: 10, width: -5, height: -5).standardized == Rect(x: 5, y: 5, width: 5, height: 5))
    #expect(
      rect.inset(by: EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)) == Rect(x: 12, y: 21, width: 24, height: 36))
  }

  @Test func transformsComposeAndInvert() throws {
    let transform = CGAffineTransform(scaleX: 2, y: 3).concatenating(CGAffineTransform(translationX: 10, y: 20))
    #expect(transform.apply(to: Point(x: 1, y: 1)) == Point(x: 12, y: 23))
    let inverse = try #require(transform.inverse)
    #expect(inverse.apply(to: Point(x: 12, y: 23)).distance(to: Point(x: 1, y: 1)) < 1e-12)
    #expect(CGAffineTransform(scaleX: 0, y: 1).inverse == nil)
    let quarter = CGAffineTransform(rotationAngle: .pi / 2)
    let turned = quarter.apply(to: Point(x: 1, y: 0))
    #expect(abs(turned.x) < 1e-12 && abs(turned.y - 1) < 1e-12)
  }

  @Test func transformRoundTripsAreIdentity() async {
    let component = Gen<Double>.double(in: -5...5)
    await propertyCheck(count: 500, input: component, component, component, Gen<Double>.double(in: -100...100)) {
      scale, angle, shift, coordinate in
      guard abs(scale) > 0.01 else { return }
      let transform = CGAffineTransform(scaleX: scale, y: scale).rotated(by: angle).translatedBy(x: shift, y: -shift)
      let point = Point(x: coordinate, y: coordinate / 2)
      let back = transform.inverse!.apply(to: transform.apply(to: point))
      #expect(back.distance(to: point) < 1e-6)
    }
  }

  @Test func pathContainment() {
    let rounded = Path(roundedRect: Rect(x: 0, y: 0, width: 100, height: 50), cornerRadius: 10)
    #expect(rounded.contains(Point(x: 50, y: 25)))
    #expect(rounded.contains(Point(x: 5, y: 25)))
    #expect(!rounded.contains(Point(x: 1, y: 1)))  // cut off by the corner
    #expect(rounded.contains(Point(x: 4, y: 4)))
    let ellipse = Path(ellipseIn: Rect(x: 0, y: 0, width: 100, height: 50))
    #expect(ellipse.contains(Point(x: 50, y: 25)))
    #expect(!ellipse.contains(Point(x: 5, y: 5)))
    let moved = ellipse.applying(CGAffineTransform(translationX: 100, y: 0))
    #expect(moved.contains(Point(x: 150, y: 25)))
    #expect(!moved.contains(Point(x: 50, y: 25)))
    #expect(moved.bounds == Rect(x: 100, y: 0, width: 100, height: 50))
  }
}

@MainActor
@Suite struct ViewTests {
  @Test func frameIsDerivedFromCenterBoundsAndTransform() {
    let view = View(frame: Rect(x: 10, y: 20, width: 100, height: 50))
    #expect(view.center == Point(x: 60, y: 45))
    #expect(view.bounds == Rect(x: 0, y: 0, width: 100, height: 50))
    view.transform = CGAffineTransform(scaleX: 2, y: 2)
    #expect(view.frame == Rect(x: -40, y: -5, width: 200, height: 100))
  }

  @Test func hierarchyAndWindow() {
    let window = Window(frame: Rect(x: 0, y: 0, width: 300, height: 300), clock: ManualClock())
    let parent = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    let child = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
    parent.addSubview(child)
    #expect(child.window == nil)
    window.addSubview(parent)
    #expect(child.window === window)
    child.addSubview(parent)  // a cycle is refused
    #expect(parent.superview === window)
    child.removeFromSuperview()
    #expect(child.window == nil)
    #expect(parent.subviews.isEmpty)
  }

  @Test("A view that outlives its superview is left with none, and its window with it")
  func aSubviewOutlivesItsSuperview() {
    let child = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
    weak var gone: View?
    do {
      let window = Window(frame: Rect(x: 0, y: 0, width: 300, height: 300), clock: ManualClock())
      let parent = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
      window.addSubview(parent)
      parent.addSubview(child)
      #expect(child.window === window)
      parent.removeFromSuperview()
      gone = parent
    }
    #expect(gone == nil)
    #expect(child.superview == nil)
    #expect(child.window == nil)
    // It can join another view.
    let other = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))
    other.addSubview(child)
    #expect(child.superview === other)
  }

  @Test func hitTestingHonoursOrderHiddenAlphaAndInteraction() {
    let window = Window(frame: Rect(x: 0, y: 0, width: 300, height: 300), clock: ManualClock())
    let back = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    let front = View(frame: Rect(x: 50, y: 50, width: 100, height: 100))
    window.addSubview(back)
    window.addSubview(front)
    #expect(window.hitTest(Point(x: 75, y: 75)) === front)
    #expect(window.hitTest(Point(x: 25, y: 25)) === back)
    front.isHidden = true
    #expect(window.hitTest(Point(x: 75, y: 75)) === back)
    front.isHidden = false
    front.alpha = 0.01
    #expect(window.hitTest(Point(x: 75, y: 75)) === back)
    front.alpha = 1
    front.isUserInteractionEnabled = false
    #expect(window.hitTest(Point(x: 75, y: 75)) === back)
    #expect(window.hitTest(Point(x: 250, y: 250)) === window)
    #expect(window.hitTest(Point(x: 350, y: 50)) == nil)
  }

  @Test func hitTestingAndConversionThroughTransformsAndScrolling() {
    let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 400), clock: ManualClock())
    let scroller = View(frame: Rect(x: 100, y: 100, width: 200, height: 200))
    scroller.bounds.origin = Point(x: 0, y: 50)  // scrolled down by 50
    let item = View(frame: Rect(x: 0, y: 60, width: 20, height: 20))
    scroller.addSubview(item)
    window.addSubview(scroller)
    #expect(item.convert(Point(x: 0, y: 0), to: window) == Point(x: 100, y: 110))
    #expect(window.hitTest(Point(x: 105, y: 115)) === item)

    scroller.transform = CGAffineTransform(scaleX: 2, y: 2)
    // Scaled about the scroller's centre (200, 200).
    let corner = item.convert(Point(x: 0, y: 0), to: window)
    #expect(corner == Point(x: 0, y: 20))
    #expect(window.hitTest(Point(x: 5, y: 25)) === item)
    #expect(item.convert(corner, from: window) == .zero)
    #expect(
      item.convert(Rect(x: 0, y: 0, width: 20, height: 20), to: window) == Rect(x: 0, y: 20, width: 40, height: 40))
  }

  @Test func conversionRoundTripsThroughRandomHierarchies() async {
    let gen = Gen<Double>.double(in: -200...200)
    await propertyCheck(count: 300, input: gen, gen, Gen<Double>.double(in: -3...3), Gen<Double>.double(in: 0.2...3)) {
      x, y, angle, scale in
      let window = Window(frame: Rect(x: 0, y: 0, width: 500, height: 500), clock: ManualClock())
      let a = View(frame: Rect(x: x, y: y, width: 120, height: 80))
      a.transform = CGAffineTransform(rotationAngle: angle).scaledBy(x: scale, y: scale)
      let b = View(frame: Rect(x: y, y: x, width: 30, height: 60))
      b.bounds.origin = Point(x: x / 3, y: y / 7)
      window.addSubview(a)
      a.addSubview(b)
      let point = Point(x: y, y: x)
      let there = b.convert(point, to: window)
      #expect(b.convert(there, from: window).distance(to: point) < 1e-6)
      #expect(a.convert(b.convert(point, to: a), to: b).distance(to: point) < 1e-6)
    }
  }

  @Test func renderingRecordsADeterministicDisplayList() {
    let window = Window(frame: Rect(x: 0, y: 0, width: 200, height: 100), clock: ManualClock())
    window.backgroundColor = .white
    let card = View(frame: Rect(x: 10, y: 10, width: 80, height: 40))
    card.backgroundColor = Color(red: 1, green: 0, blue: 0)
    card.cornerRadius = 8
    card.alpha = 0.5
    let label = Label(text: "北海道")
    label.font = .systemFont(ofSize: 10)
    label.sizeToFit()
    #expect(label.bounds.size == Size(width: 30, height: 12))
    card.addSubview(label)
    window.addSubview(card)
    let context = RecordingGraphicsContext()
    window.render(in: context)
    #expect(
      context.snapshot == """
        save
          transform identity
          fill rect (0, 0, 200×100) #ffffffff
          save
            transform [1 0 0 1 10 10]
            alpha 0.5
            fill roundedRect (0, 0, 80×40) r8 #ff0000ff
            save
              transform identity
              text "北海道" at (0, 0) 10pt #000000ff
            restore
          restore
        restore
        """)
  }
}
