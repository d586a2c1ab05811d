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

/// What a view is to assistive technology, as UIKit's `UIAccessibilityTraits`.
public struct AccessibilityTraits: OptionSet, Hashable, Sendable {
  /// The bits of the traits.
  public let rawValue: UInt64
  /// The traits of `rawValue`'s bits.
  public init(rawValue: UInt64) { self.rawValue = rawValue }
  /// A button: a tap does something.
  public static let button = AccessibilityTraits(rawValue: 1 << 0)
  /// A link that opens something.
  public static let link = AccessibilityTraits(rawValue: 1 << 1)
  /// An image.
  public static let image = AccessibilityTraits(rawValue: 1 << 2)
  /// Selected.
  public static let selected = AccessibilityTraits(rawValue: 1 << 3)
  /// Text that does not change.
  public static let staticText = AccessibilityTraits(rawValue: 1 << 6)
  /// Not enabled.
  public static let notEnabled = AccessibilityTraits(rawValue: 1 << 8)
  /// Changes often, as a timer or a progress does.
  public static let updatesFrequently = AccessibilityTraits(rawValue: 1 << 9)
  /// A heading of a part of the content.
  public static let header = AccessibilityTraits(rawValue: 1 << 16)
  /// A value that can be adjusted, as a slider's.
  public static let adjustable = AccessibilityTraits(rawValue: 1 << 12)
  /// A button that is on or off, as a switch: its ``View/accessibilityValue`` "1" is read
  /// as on, "0" as off.
  public static let toggleButton = AccessibilityTraits(rawValue: 1 << 53)
}
