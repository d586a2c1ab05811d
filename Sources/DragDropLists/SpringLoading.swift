import DragDrop

/// Where a spring-loading activation is (rule 27), as UIKit's
/// `UISpringLoadedInteractionEffectState` names it.
public enum SpringLoadedState: Sendable, Hashable {
  /// Nothing is hovered.
  case inactive
  /// A drag hovers over the item; the delay is running.
  case possible
  /// The item blinks: it is about to activate.
  case activating
  /// The item has been activated.
  case activated
}

/// The context of a spring-loading activation (rule 27): where the drag is, which item is
/// hovered, and the state of the effect. The delegate may send the effect to another view
/// by setting ``targetView``.
@MainActor
public final class SpringLoadedContext {
  /// The view that blinks; the row's or item's cell by default.
  public var targetView: View?
  /// The item hovered, as the view names it: an `IndexPath` for tables and collection
  /// views.
  public var targetItem: (any Sendable)?
  /// Where the effect is.
  public internal(set) var state: SpringLoadedState
  /// Where the drag is, in the coordinates of the view that spring-loads.
  public let location: Point
  /// The view that spring-loads, whose coordinates ``location`` is in.
  public private(set) weak var view: View?

  /// A context, for tests of a delegate and for views that spring-load by themselves.
  ///
  /// - Parameters:
  ///   - view: the view that spring-loads; `location` is in its coordinates.
  ///   - location: where the drag is.
  ///   - targetView: the view that blinks.
  ///   - targetItem: the item hovered, as the view names it.
  ///   - state: where the effect is.
  public init(
    view: View?, location: Point, targetView: View? = nil, targetItem: (any Sendable)? = nil,
    state: SpringLoadedState = .activating
  ) {
    self.view = view
    self.location = location
    self.targetView = targetView
    self.targetItem = targetItem
    self.state = state
  }

  /// Where the drag is in `view`'s coordinates (the window's for nil).
  public func location(in view: View?) -> Point {
    guard let own = self.view else { return location }
    return own.convert(location, to: view)
  }
}
