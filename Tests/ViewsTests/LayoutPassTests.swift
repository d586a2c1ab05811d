import Foundation
import Testing

@testable import Views

/// A layout pass reaches every view that asked for layout, wherever it is in the tree and
/// whenever it asked, and lays out no view that did not.
@MainActor
@Suite struct LayoutPassTests {
  /// A view that counts its layouts, and may do something while laid out.
  final class Counting: View {
    let name: String
    var layouts = 0
    var during: () -> Void = {}

    init(_ name: String) {
      self.name = name
      super.init(frame: Rect(x: 0, y: 0, width: 10, height: 10))
    }

    override func layoutSubviews() {
      layouts += 1
      during()
    }
  }

  @Test("A view deep in the tree that asks is laid out, and its settled ancestors and siblings are not")
  func deepRequests() {
    let root = Counting("root")
    let a = Counting("a")
    let b = Counting("b")
    let sibling = Counting("sibling")
    root.addSubview(a)
    a.addSubview(b)
    root.addSubview(sibling)
    root.layoutIfNeeded()
    #expect([root, a, b, sibling].map(\.layouts) == [1, 1, 1, 1])
    root.layoutIfNeeded()
    #expect([root, a, b, sibling].map(\.layouts) == [1, 1, 1, 1])

    b.setNeedsLayout()
    root.layoutIfNeeded()
    #expect([root, a, b, sibling].map(\.layouts) == [1, 1, 2, 1])
  }

  @Test("As in UIKit, a view is laid out again when its bounds change, not when it only moves or turns")
  func geometryChanges() {
    let root = Counting("root")
    let a = Counting("a")
    root.addSubview(a)
    root.layoutIfNeeded()
    #expect([root, a].map(\.layouts) == [1, 1])

    a.center = Point(x: 40, y: 50)
    a.frame.origin.x += 3
    a.transform = CGAffineTransform(rotationAngle: 0.5)
    root.layoutIfNeeded()
    #expect([root, a].map(\.layouts) == [1, 1])
    #expect(a.center == Point(x: 43, y: 50))
    a.transform = .identity

    a.bounds.size = Size(width: 20, height: 10)
    root.layoutIfNeeded()
    #expect([root, a].map(\.layouts) == [1, 2])

    // A scroll: the bounds' origin moves.
    a.bounds.origin = Point(x: 0, y: 5)
    root.layoutIfNeeded()
    #expect([root, a].map(\.layouts) == [1, 3])

    // The same values again change nothing.
    a.bounds = a.bounds
    a.center = a.center
    root.layoutIfNeeded()
    #expect([root, a].map(\.layouts) == [1, 3])
  }

  @Test("A view added, or asking while out of the tree and then added, is laid out by the next pass")
  func addedViews() {
    let root = Counting("root")
    let a = Counting("a")
    root.addSubview(a)
    root.layoutIfNeeded()

    let fresh = Counting("fresh")
    let child = Counting("child")
    fresh.addSubview(child)
    a.addSubview(fresh)
    root.layoutIfNeeded()
    #expect([root, a, fresh, child].map(\.layouts) == [1, 1, 1, 1])

    fresh.removeFromSuperview()
    child.setNeedsLayout()
    root.layoutIfNeeded()
    #expect(child.layouts == 1)
    root.addSubview(fresh)
    root.layoutIfNeeded()
    #expect([root, a, fresh, child].map(\.layouts) == [1, 1, 1, 2])
  }

  @Test("A view that asks during the pass, before the pass reaches it, is laid out in the same pass")
  func requestsDuringThePass() {
    let root = Counting("root")
    let first = Counting("first")
    let second = Counting("second")
    let inner = Counting("inner")
    root.addSubview(first)
    root.addSubview(second)
    second.addSubview(inner)
    root.layoutIfNeeded()

    first.during = { inner.setNeedsLayout() }
    first.setNeedsLayout()
    root.layoutIfNeeded()
    #expect([first, second, inner].map(\.layouts) == [2, 1, 2])

    // Asked for after the pass went by: the next pass takes it.
    inner.during = { first.setNeedsLayout() }
    inner.setNeedsLayout()
    root.layoutIfNeeded()
    #expect([first, inner].map(\.layouts) == [2, 3])
    root.layoutIfNeeded()
    // `first` asks for `inner` again as it is laid out, and the same pass reaches it.
    #expect([first, inner].map(\.layouts) == [3, 4])
  }
}
