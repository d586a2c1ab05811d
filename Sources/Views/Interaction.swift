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
  /// Called when the interaction's view is in `window`; see the default below.
  func didEnter(_ window: Window)
  /// Whether the interaction makes its view take the keyboard focus (see
  /// ``View/canBecomeFocused``); false by default. A drag interaction does, so that the
  /// keyboard can lift what the view holds.
  var makesViewFocusable: Bool { get }
}

extension Interaction {
  /// Called when the interaction's view is in `window`: when the view enters it, or when the
  /// interaction is added to a view already there. Does nothing by default; drag and drop
  /// interactions make sure the window has its drag controller.
  public func didEnter(_ window: Window) {}

  /// False: most interactions do not need the keyboard focus.
  public var makesViewFocusable: Bool { false }
}
