/// What the views of one window share, and what may differ from one window to the next:
/// how text is measured, and the kind of device the window runs on. A view reads its
/// window's environment through ``View/environment``; a view outside any window reads
/// ``detached``.
///
/// ```swift
/// let window = Window(frame: Rect(x: 0, y: 0, width: 400, height: 300))
/// window.environment.deviceConfiguration = .phone  // its drag interactions start disabled
/// ```
@MainActor
public struct WindowEnvironment {
  /// Measures text for layout. The platform installs one backed by its text engine;
  /// ``ApproximateTextMeasurer`` gives deterministic sizes without fonts.
  public var textMeasurer: any TextMeasuring
  /// The kind of device, which decides whether drag interactions start enabled (rule 1).
  public var deviceConfiguration: DeviceConfiguration
  /// The sentences drags announce to assistive technology, in the user's language.
  public var announcements: DragAnnouncementText

  public init(
    textMeasurer: any TextMeasuring = ApproximateTextMeasurer(), deviceConfiguration: DeviceConfiguration = .pointer,
    announcements: DragAnnouncementText = .standard
  ) {
    self.textMeasurer = textMeasurer
    self.deviceConfiguration = deviceConfiguration
    self.announcements = announcements
  }

  /// The environment of views that are in no window: deterministic text measurement and
  /// a pointer device. Lay out text once the view is in its window.
  public static var detached: WindowEnvironment { WindowEnvironment() }
}
