/// Keyboard modifier keys held during an event.
public struct KeyModifiers: OptionSet, Hashable, Sendable {
  public let rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }
  /// Shift.
  public static let shift = KeyModifiers(rawValue: 1 << 0)
  /// Control.
  public static let control = KeyModifiers(rawValue: 1 << 1)
  /// Alt (Option).
  public static let alternate = KeyModifiers(rawValue: 1 << 2)
  /// Super (Command).
  public static let command = KeyModifiers(rawValue: 1 << 3)
}

/// Pointer buttons.
public struct PointerButtons: OptionSet, Hashable, Sendable {
  public let rawValue: Int
  public init(rawValue: Int) { self.rawValue = rawValue }
  /// The primary button, usually the left one.
  public static let primary = PointerButtons(rawValue: 1 << 0)
  /// The secondary button, usually the right one.
  public static let secondary = PointerButtons(rawValue: 1 << 1)
  /// The middle button, or a press of the wheel.
  public static let middle = PointerButtons(rawValue: 1 << 2)
}

/// One finger on the screen, or the pointer with a button down. Touches keep their `id`
/// from began to ended, so several can be tracked at once.
public struct Touch: Hashable, Sendable, CustomStringConvertible {
  /// Where a touch is in its life.
  public enum Phase: String, Hashable, Sendable {
    /// It went down.
    case began
    /// It moved.
    case moved
    /// It is down and did not move since the last event.
    case stationary
    /// It lifted.
    case ended
    /// The system took it away (a drag claimed it, the window lost it).
    case cancelled
  }
  /// What is touching.
  public enum Kind: String, Hashable, Sendable {
    /// A finger.
    case direct
    /// A pointer with its primary button down.
    case pointer
  }

  /// Which touch this is: the same from began to ended, unique among the touches down at once.
  public var id: Int
  /// What is touching: a finger or the pointer.
  public var kind: Kind
  /// Where the touch is in its life.
  public var phase: Phase
  /// In the window's coordinates.
  public var location: Point
  /// When it happened, in seconds on the window's clock.
  public var timestamp: Double
  /// For pointer touches, the modifiers held.
  public var modifiers: KeyModifiers

  /// A touch event.
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

  public var description: String { "touch \(id) \(kind) \(phase) at \(location.formatted)" }
}

/// A pointer event: movement, buttons pressed and released, with modifiers.
public struct PointerEvent: Hashable, Sendable {
  /// What happened to the pointer.
  public enum Phase: Hashable, Sendable {
    /// It moved, with or without buttons down.
    case moved
    /// A button went down.
    case down(PointerButtons)
    /// A button came up.
    case up(PointerButtons)
    /// It left the window.
    case exited
  }

  /// What happened.
  public var phase: Phase
  /// In the window's coordinates.
  public var location: Point
  /// The buttons down after the event.
  public var buttons: PointerButtons
  /// The modifier keys held.
  public var modifiers: KeyModifiers
  /// When it happened, in seconds on the window's clock.
  public var timestamp: Double

  /// A pointer event.
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
  /// A key: the named keys drags and lists use, or the text a key types.
  public enum Key: Hashable, Sendable {
    /// The space bar.
    case space
    /// Return or Enter.
    case `return`
    /// Escape.
    case escape
    /// Tab; with Shift, backward.
    case tab
    /// The up arrow.
    case up
    /// The down arrow.
    case down
    /// The left arrow.
    case left
    /// The right arrow.
    case right
    /// Home.
    case home
    /// End.
    case end
    /// Page Up.
    case pageUp
    /// Page Down.
    case pageDown
    /// Delete (forward) and Backspace.
    case delete, backspace
    /// A key that types `text`, as the keyboard layout gives it.
    case character(String)
  }

  /// Whether the key went down (or repeats) or came up.
  public enum Phase: Hashable, Sendable {
    /// The key went down, or repeats while held.
    case down
    /// The key came up.
    case up
  }

  /// Which key.
  public var key: Key
  /// Down (or a repeat) or up.
  public var phase: Phase
  /// The modifier keys held.
  public var modifiers: KeyModifiers
  /// When it happened, in seconds on the window's clock.
  public var timestamp: Double

  /// A key event.
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

  /// Whether the scroll moves the content or ends a gesture.
  public enum Phase: Hashable, Sendable {
    /// The content moves by ``ScrollEvent/delta``.
    case changed
    /// The fingers left a precise device: the gesture is over (its delta is zero).
    case ended
  }

  /// The device: a wheel or a precise one.
  public var kind: Kind
  /// Whether the content moves or a gesture ended.
  public var phase: Phase
  /// Positive values scroll toward the end of the content: down, and right.
  public var delta: Point
  /// Where the pointer is, in the window's coordinates.
  public var location: Point
  /// The modifier keys held; Shift turns a vertical wheel horizontal.
  public var modifiers: KeyModifiers
  /// When it happened, in seconds on the window's clock.
  public var timestamp: Double

  /// A scroll event.
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
