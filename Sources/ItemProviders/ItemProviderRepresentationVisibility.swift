/// Who may see a representation registered with an ``ItemProvider``.
///
/// The levels nest: a loader in the same process sees everything; a loader in another
/// application of the same group sees `.group`, `.team` and `.all`; one of the same team
/// sees `.team` and `.all`; any other application sees `.all` only.
public enum ItemProviderRepresentationVisibility: Int, Sendable, Hashable, CaseIterable, Comparable,
  CustomStringConvertible
{
  /// Visible to every application.
  case all = 0
  /// Visible to applications of the same team.
  case team = 1
  /// Visible to applications of the same application group.
  case group = 2
  /// Visible only inside the process that registered it.
  case ownProcess = 3

  /// Whether a representation with this visibility can be seen by a loader that stands in
  /// the relation `audience` to the registering process.
  public func isVisible(to audience: ItemProviderRepresentationVisibility) -> Bool {
    rawValue <= audience.rawValue
  }

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

  public var description: String {
    switch self {
    case .all: "all"
    case .team: "team"
    case .group: "group"
    case .ownProcess: "ownProcess"
    }
  }
}
