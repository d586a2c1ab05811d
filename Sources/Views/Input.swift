/// Keyboard modifier keys held during an event.
public struct KeyModifiers: OptionSet, Hashable, Sendable {
  public let rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }
  public static let shift = KeyModifiers(rawValue: 1 << 0)
  public static let control = KeyModifiers(rawValue: 1 << 1)
  public static let alternate = KeyModifiers(rawValue: 1 << 2)
  public static let command = KeyModifiers(rawValue: 1 << 3)
}

/// Pointer buttons.
public struct PointerButtons: OptionSet, Hashable, Sendable {
  public let rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }
  public static let primary = PointerButtons(rawValue: 1 << 0)
  public static let secondary = PointerButtons(rawValue: 1 << 1)
  public static let middle = PointerButtons(rawValue: 1 << 2)
}

/// One finger on the screen, or the pointer with a button down. Touches keep their `id`
/// from began to ended, so several can be tracked at once.
public struct Touch: Hashable, Sendable, CustomStringConvertible {
  public enum Phase: String, Hashable, Sendable { case began, moved, stationary, ended, cancelled }
  public enum Kind: String, Hashable, Sendable {
    /// A finger.
    case direct
    /// A pointer with its primary button down.
    case pointer
  }

  public var id: Int
  public var kind: Kind
  public var phase: Phase
  /// In the window's coordinates.
  public var location: Point
  public var timestamp: Double
  /// For pointer touches, the modifiers held.
  public var modifiers: KeyModifiers

  public init(
    id: Int, kind: Kind = .direct, phase: Phase, location: Point, timestamp: Double, modifiers: KeyModifiers = []
  ) {
    self.id = id
    self.kind = kind
    self.phase = phase
    self.location = location
    self.timestamp = timestamp
    self.modifiers = modifiers
  }

  public var description: String { "touch \(id) \(kind) \(phase) at \(location)" }
}

/// A pointer event: movement, buttons pressed and released, with modifiers.
public struct PointerEvent: Hashable, Sendable {
  public enum Phase: Hashable, Sendable {
    case moved
    case down(PointerButtons)
    case up(PointerButtons)
    case exited
  }

  public var phase: Phase
  /// In the window's coordinates.
  public var location: Point
  /// The buttons down after the event.
  public var buttons: PointerButtons
  public var modifiers: KeyModifiers
  public var timestamp: Double

  public init(phase: Phase, location: Point, buttons: PointerButtons, modifiers: KeyModifiers = [], timestamp: Double) {
    self.phase = phase
    self.location = location
    self.buttons = buttons
    self.modifiers = modifiers
    self.timestamp = timestamp
  }
}

/// A key pressed or released.
public struct KeyEvent: Hashable, Sendable {
  public enum Key: Hashable, Sendable {
    case space, `return`, escape, tab
    case up, down, left, right
    case home, end, pageUp, pageDown
    /// Delete (forward) and Backspace.
    case delete, backspace
    case character(String)
  }

  public enum Phase: Hashable, Sendable { case down, up }

  public var key: Key
  public var phase: Phase
  public var modifiers: KeyModifiers
  public var timestamp: Double

  public init(key: Key, phase: Phase = .down, modifiers: KeyModifiers = [], timestamp: Double) {
    self.key = key
    self.phase = phase
    self.modifiers = modifiers
    self.timestamp = timestamp
  }
}

/// A scroll from a mouse wheel or a touchpad, delivered to the view under the pointer and
/// then up its superviews until one scrolls.
public struct ScrollEvent: Hashable, Sendable {
  /// Where the deltas come from.
  public enum Kind: Hashable, Sendable {
    /// A wheel: the delta counts notches (fractions of one for high-resolution wheels).
    case wheel
    /// A touchpad or another precise device: the delta is in points, and the fingers
    /// lifting ends the gesture, which may then glide on.
    case precise
  }

  public enum Phase: Hashable, Sendable {
    /// The content moves by ``ScrollEvent/delta``.
    case changed
    /// The fingers left a precise device: the gesture is over (its delta is zero).
    case ended
  }

  public var kind: Kind
  public var phase: Phase
  /// Positive values scroll toward the end of the content: down, and right.
  public var delta: Point
  /// Where the pointer is, in the window's coordinates.
  public var location: Point
  public var modifiers: KeyModifiers
  public var timestamp: Double

  public init(
    kind: Kind, phase: Phase = .changed, delta: Point, location: Point, modifiers: KeyModifiers = [],
    timestamp: Double
  ) {
    self.kind = kind
    self.phase = phase
    self.delta = delta
    self.location = location
    self.modifiers = modifiers
    self.timestamp = timestamp
  }
}
