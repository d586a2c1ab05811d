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
  /// Supplies ``keyboardDropLocations``; a list sets it to offer one stop per position.
  public var keyboardDropLocationProvider: (@MainActor () -> [Point])?

  public init(delegate: any DropInteractionDelegate) {
    self.delegate = delegate
  }

  public func willMove(to view: View?) {}

  public func didMove(to view: View?) {
    self.view = view
  }

  var traceName: String {
    name ?? view?.accessibilityLabel ?? "DropInteraction(\(view.map { "\(type(of: $0))" } ?? "no view"))"
  }
}
