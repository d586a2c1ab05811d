/// Speaks what happens in a window, for screen readers and tests: a drag announces each
/// step. The platform installs one that reaches the accessibility tree.
@MainActor
public protocol Announcer: AnyObject {
  func announce(_ text: String)
}

/// An announcer that keeps what it was told.
@MainActor
public final class RecordingAnnouncer: Announcer {
  public private(set) var announcements: [String] = []
  public init() {}
  public func announce(_ text: String) { announcements.append(text) }
}
