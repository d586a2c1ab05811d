/// Told as a ``ScrollView``'s content moves, as UIKit's `UIScrollViewDelegate` is. Every
/// method has a default that does nothing.
///
/// A finger's pan goes: `scrollViewWillBeginDragging`, `scrollViewDidScroll` at each move,
/// `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)` at the lift (where the
/// delegate may change where the content comes to rest),
/// `scrollViewDidEndDragging(_:willDecelerate:)`, then, when the content moves on,
/// `scrollViewWillBeginDecelerating` and `scrollViewDidEndDecelerating` once it rests.
@MainActor
public protocol ScrollViewDelegate: AnyObject {
  /// The content offset changed, by any means.
  func scrollViewDidScroll(_ scrollView: ScrollView)
  /// A finger began to move the content.
  func scrollViewWillBeginDragging(_ scrollView: ScrollView)
  /// The finger lifted at `velocity` (points a millisecond, the content's way); the content
  /// will come to rest at `targetContentOffset.pointee`, which the delegate may change.
  func scrollViewWillEndDragging(
    _ scrollView: ScrollView, withVelocity velocity: Point, targetContentOffset: UnsafeMutablePointer<Point>)
  /// The finger lifted; `decelerate` says whether the content moves on.
  func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool)
  /// The content moves on after the finger lifted.
  func scrollViewWillBeginDecelerating(_ scrollView: ScrollView)
  /// The content came to rest after the finger lifted.
  func scrollViewDidEndDecelerating(_ scrollView: ScrollView)
  /// An animated ``ScrollView/setContentOffset(_:animated:)`` arrived.
  func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView)
}

extension ScrollViewDelegate {
  public func scrollViewDidScroll(_ scrollView: ScrollView) {}
  public func scrollViewWillBeginDragging(_ scrollView: ScrollView) {}
  public func scrollViewWillEndDragging(
    _ scrollView: ScrollView, withVelocity velocity: Point, targetContentOffset: UnsafeMutablePointer<Point>
  ) {}
  public func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {}
  public func scrollViewWillBeginDecelerating(_ scrollView: ScrollView) {}
  public func scrollViewDidEndDecelerating(_ scrollView: ScrollView) {}
  public func scrollViewDidEndScrollingAnimation(_ scrollView: ScrollView) {}
}

extension ScrollView {
  /// How fast content slows down after a flick: the share of its speed it keeps each
  /// millisecond, as UIKit's `UIScrollView.DecelerationRate`. A number works too.
  public struct DecelerationRate: RawRepresentable, Hashable, Sendable, ExpressibleByFloatLiteral {
    /// The share kept each millisecond, between 0 and 1.
    public var rawValue: Double

    /// A rate of `rawValue`, held between 0 (no glide) and 1 (no slowing down).
    public init(rawValue: Double) {
      self.rawValue = rawValue.isFinite ? min(max(rawValue, 0), 1) : 0
    }

    /// A rate written as a number, such as `0.99`.
    public init(floatLiteral value: Double) { self.init(rawValue: value) }

    /// UIKit's normal rate, 0.998: a long glide.
    public static let normal = DecelerationRate(rawValue: 0.998)
    /// UIKit's fast rate, 0.99: a short one, as for paging.
    public static let fast = DecelerationRate(rawValue: 0.99)
  }
}
