/// How rows or items animate in and out with an update, as UIKit's `RowAnimation` names
/// it. ``none`` places cells at once. Every other value glides the cells on show to their
/// new places over ``ItemsView/updateAnimationDuration``; the directional slides and the
/// fade of UIKit are not drawn differently here.
public enum RowAnimation: Sendable, Hashable {
  case fade, right, left, top, bottom, none, middle, automatic
}
