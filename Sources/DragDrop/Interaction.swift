/// Behaviour attached to a view: drag, drop, and others. A view keeps its interactions in
/// ``View/interactions``.
@MainActor
public protocol Interaction: AnyObject {
  /// The view the interaction is attached to.
  var view: View? { get }
  /// Called before the interaction moves to another view, or off its view (nil).
  func willMove(to view: View?)
  /// Called after the interaction has moved.
  func didMove(to view: View?)
}
