/// How rows or items animate in and out with an update, as UIKit's `RowAnimation` names
/// it. ``none`` places cells at once. Every other value glides the cells on show to their
/// new places over ``ItemsView/updateAnimationDuration``; the directional slides and the
/// fade of UIKit are not drawn differently here.
public enum RowAnimation: Sendable, Hashable {
  /// UIKit fades the rows in or out; here they glide.
  case fade
  /// UIKit slides the rows in from the right, or out to it; here they glide.
  case right
  /// UIKit slides the rows in from the left, or out to it; here they glide.
  case left
  /// UIKit slides the rows in from the top, or out to it; here they glide.
  case top
  /// UIKit slides the rows in from the bottom, or out to it; here they glide.
  case bottom
  /// No animation: the cells take their places at once.
  case none
  /// UIKit grows the rows from the middle, or shrinks them to it; here they glide.
  case middle
  /// The view's own choice, a glide; the default.
  case automatic
}
