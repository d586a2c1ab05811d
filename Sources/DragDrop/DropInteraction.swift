/// Makes a view a drop target. Its delegate decides what it accepts and takes the drop.
@MainActor
public final class DropInteraction: Interaction {
  /// Held weakly.
  public weak var delegate: (any DropInteractionDelegate)?
  public private(set) weak var view: View?
  /// Whether the target takes part in more than one session at a time; false by default
  /// (rule 15): while one session is over it, others pass it by.
  public var allowsSimultaneousDropSessions = false
  /// A name for delegate-call traces and announcements; the view's accessibility label
  /// when nil.
  public var name: String?
  /// Supplies ``keyboardDropLocations``: a few fixed stops.
  public var keyboardDropLocationProvider: (@MainActor () -> [Point])?
  /// Supplies the stops of a keyboard drag over this target when there may be many, as a
  /// list has one per position: their number, and each one's location, found only when the
  /// keys reach it. Takes precedence over ``keyboardDropLocationProvider``.
  public var keyboardDropStopsProvider: (@MainActor () -> KeyboardDropStops)?
  /// How a session's previews are laid out while it is over this target; the session's own
  /// ``DragSession/previewFormation`` when nil.
  public var previewFormation: DragPreviewFormation?

  /// An interaction whose drops `delegate` takes; add it to a view with ``Views/View/addInteraction(_:)``.
  public init(delegate: any DropInteractionDelegate) {
    self.delegate = delegate
  }

  public func willMove(to view: View?) {}

  public func didMove(to view: View?) {
    self.view = view
  }

  /// Makes sure the window has its drag controller, which takes the keys of a keyboard drag.
  public func didEnter(_ window: Window) { window.dragController.register(self) }

  var traceName: String {
    name ?? view?.accessibilityLabel ?? "DropInteraction(\(view.map { "\(type(of: $0))" } ?? "no view"))"
  }
}

/// What one stop of a keyboard drag is, for its announcement and for whether the keys
/// stop there.
public enum KeyboardDropStop: Hashable, Sendable {
  /// A place of its own: a plain target's centre, or one of a few fixed points.
  case place
  /// A position between items of a list: `position` of `count`, counted from 1.
  case position(Int, of: Int)
  /// An item, for a drop into it, named by its accessibility label. The keys stop there
  /// only when the target would drop into it (see ``KeyboardDropStops/isReached``).
  case item(named: String?)
}

/// The stops of a keyboard drag over one drop target, in order (rule 41).
@MainActor
public struct KeyboardDropStops {
  /// How many stops there are.
  public var count: Int
  /// The location of stop `index` in the target view's coordinates. A view may scroll to
  /// bring the stop into view before it answers, as a long list does.
  public var location: @MainActor (Int) -> Point
  /// What stop `index` is: ``KeyboardDropStop/place`` unless told.
  public var kind: @MainActor (Int) -> KeyboardDropStop
  /// Asked once the drag has moved to stop `index` and the target has updated: whether the
  /// target really offers what the stop says. An item stop of a list is reached only when
  /// the list proposes a drop into that item; the keys pass the others by. True unless
  /// told.
  public var isReached: @MainActor (Int) -> Bool
  /// For a drag that lifted from this target at a point (in the target view's
  /// coordinates), the stop it is at: a list's lifted item, so that the first arrow goes to
  /// the place before or after it. Nil (the default) when the target has no such stop.
  public var start: @MainActor (Point) -> Int?

  /// The stops of a target: `count` of them, each placed by `location` and of the kind `kind` says.
  public init(
    count: Int, location: @escaping @MainActor (Int) -> Point,
    kind: @escaping @MainActor (Int) -> KeyboardDropStop = { _ in .place },
    isReached: @escaping @MainActor (Int) -> Bool = { _ in true },
    start: @escaping @MainActor (Point) -> Int? = { _ in nil }
  ) {
    self.count = count
    self.location = location
    self.kind = kind
    self.isReached = isReached
    self.start = start
  }

  /// Stops at fixed points: one place, or numbered positions when there are several.
  public init(_ points: [Point]) {
    let count = points.count
    self.init(count: count, location: { points[$0] }, kind: { count > 1 ? .position($0 + 1, of: count) : .place })
  }
}
