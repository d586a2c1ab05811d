/// Speaks what happens in a window, for screen readers and tests: a drag announces each
/// step, and the window describes its focused item. The platform installs one that reaches
/// the accessibility tree.
@MainActor
public protocol Announcer: AnyObject {
  /// Says `text` now: a step of a drag.
  func announce(_ text: String)
  /// The keyboard focus is on what `text` describes (a list's row, its position and
  /// whether it is selected). `speak` is false when the focus moved as part of something
  /// already announced, such as a drop: the description changes without a word.
  func describeFocus(_ text: String, speak: Bool)
  /// Whether what has the keyboard focus is selected (a list's focused row), for the
  /// accessibility tree's selected state.
  func focusSelectionDidChange(_ isSelected: Bool)
}

extension Announcer {
  /// Does nothing: an announcer may speak drags only.
  public func describeFocus(_ text: String, speak: Bool) {}
  /// Does nothing.
  public func focusSelectionDidChange(_ isSelected: Bool) {}
}

/// An announcer that keeps what it was told.
@MainActor
public final class RecordingAnnouncer: Announcer {
  /// Every announcement, in order.
  public private(set) var announcements: [String] = []
  /// Every focus description, in order, with whether it was to be spoken.
  public private(set) var focusDescriptions: [(text: String, spoken: Bool)] = []
  /// An announcer that keeps what it is told to say, in ``announcements``.
  public init() {}
  public func announce(_ text: String) { announcements.append(text) }
  public func describeFocus(_ text: String, speak: Bool) { focusDescriptions.append((text, speak)) }
  /// Whether what has the focus is selected, as last told.
  public private(set) var isFocusSelected = false
  public func focusSelectionDidChange(_ isSelected: Bool) { isFocusSelected = isSelected }
}
