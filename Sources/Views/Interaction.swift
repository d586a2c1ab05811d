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
  /// Whether a long press on the view belongs to this interaction (a drag interaction's
  /// lifts), so that a context menu does not open for it; false by default.
  var claimsLongPress: Bool { get }
}

extension Interaction {
  /// Called when the interaction's view is in `window`: when the view enters it, or when the
  /// interaction is added to a view already there. Does nothing by default; drag and drop
  /// interactions make sure the window has its drag controller.
  public func didEnter(_ window: Window) {}

  /// False: most interactions do not need the keyboard focus.
  public var makesViewFocusable: Bool { false }

  /// False: most interactions leave long presses to others.
  public var claimsLongPress: Bool { false }
}

/// Hears when the user asks for a view's context menu: a secondary click on it, or a long
/// press where no drag interaction on the way to it would lift (rule 2: a drag lifts
/// first). The request carries the point in the view's coordinates.
@MainActor
package final class ContextMenuRequests: Interaction {
  package private(set) weak var view: View?
  package let request: @MainActor (Point) -> Void
  private let press = LongPressGestureRecognizer()

  package init(request: @escaping @MainActor (Point) -> Void) {
    self.request = request
    // The press never takes the touch from another recogniser: a lift goes on beside it.
    press.shouldRecognizeSimultaneously = { _ in true }
    press.addAction { [weak self] recognizer in
      guard let self, recognizer.state == .began, let view = self.view, let window = view.window else { return }
      let location = recognizer.location(in: nil)
      // A long press on something that drags, here or around, lifts it instead.
      var hit = window.hitTest(location)
      while let current = hit {
        if current.interactions.contains(where: { $0.claimsLongPress }) { return }
        hit = current.superview
      }
      self.request(view.convert(location, from: window))
    }
  }

  package func willMove(to view: View?) {
    self.view?.removeGestureRecognizer(press)
  }

  package func didMove(to view: View?) {
    self.view = view
    view?.addGestureRecognizer(press)
  }
}
