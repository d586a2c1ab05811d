import DragDrop

/// A view that shows part of a larger content area and scrolls over it: the content offset
/// is the bounds' origin.
@MainActor
open class ScrollView: View {
  /// The size of the scrollable content.
  public var contentSize = Size.zero {
    didSet {
      if contentSize != oldValue {
        contentOffset = clamped(contentOffset)
        setNeedsLayout()
      }
    }
  }

  public override init(frame: Rect = .zero) {
    super.init(frame: frame)
    clipsToBounds = true
  }

  /// The point of the content shown at the top-left corner.
  public var contentOffset: Point {
    get { bounds.origin }
    set {
      let offset = clamped(newValue)
      if offset != bounds.origin { bounds.origin = offset }
    }
  }

  /// The largest offset the content allows.
  public var maximumContentOffset: Point {
    Point(x: max(0, contentSize.width - bounds.width), y: max(0, contentSize.height - bounds.height))
  }

  private func clamped(_ offset: Point) -> Point {
    let maximum = maximumContentOffset
    return Point(x: min(max(0, offset.x), maximum.x), y: min(max(0, offset.y), maximum.y))
  }

  /// Scrolls the least amount that shows `rect` (in content coordinates).
  public func scrollRectToVisible(_ rect: Rect) {
    var offset = contentOffset
    if rect.minY < offset.y {
      offset.y = rect.minY
    } else if rect.maxY > offset.y + bounds.height {
      offset.y = rect.maxY - bounds.height
    }
    if rect.minX < offset.x {
      offset.x = rect.minX
    } else if rect.maxX > offset.x + bounds.width {
      offset.x = rect.maxX - bounds.width
    }
    contentOffset = offset
  }
}
