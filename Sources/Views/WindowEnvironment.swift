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
  /// The values other modules add, by key.
  private var values: [ObjectIdentifier: Any] = [:]

  /// An environment that measures text with `textMeasurer` and runs as `deviceConfiguration`.
  public init(
    textMeasurer: any TextMeasuring = ApproximateTextMeasurer(), deviceConfiguration: DeviceConfiguration = .pointer
  ) {
    self.textMeasurer = textMeasurer
    self.deviceConfiguration = deviceConfiguration
  }

  /// The value of a key that a module adds to the environment: its default until set.
  ///
  /// ```swift
  /// enum AccentKey: WindowEnvironmentKey { static var defaultValue: Color { .black } }
  /// extension WindowEnvironment {
  ///   var accent: Color {
  ///     get { self[AccentKey.self] }
  ///     set { self[AccentKey.self] = newValue }
  ///   }
  /// }
  /// ```
  public subscript<Key: WindowEnvironmentKey>(key: Key.Type) -> Key.Value {
    get { values[ObjectIdentifier(key)] as? Key.Value ?? Key.defaultValue }
    set { values[ObjectIdentifier(key)] = newValue }
  }

  /// The environment of views that are in no window: deterministic text measurement and
  /// a pointer device. Lay out text once the view is in its window.
  public static var detached: WindowEnvironment { WindowEnvironment() }
}

/// A value a module adds to ``WindowEnvironment``, with its default.
@MainActor
public protocol WindowEnvironmentKey {
  /// The type of the value.
  associatedtype Value
  /// The value of a window that has not set one.
  static var defaultValue: Value { get }
}

/// The configuration the process runs in, which decides whether drag interactions start
/// enabled (rule 1).
public enum DeviceConfiguration: Sendable, Hashable {
  /// A phone: drag interactions start disabled.
  case phone
  /// A tablet or a desktop with a pointer: drag interactions start enabled.
  case largeScreen
  /// A desktop driven by a pointer: drag interactions start enabled.
  case pointer
}
