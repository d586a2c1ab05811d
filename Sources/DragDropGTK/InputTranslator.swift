internal import CGTK
import DragDrop

/// Platform input as GTK reports it, already in the drawing area's coordinates.
enum PlatformInput: Hashable, Sendable {
  /// A pointer button went down; GTK numbers buttons 1 (primary), 2 (middle), 3 (secondary).
  case buttonPressed(button: Int, location: Point, modifiers: KeyModifiers)
  case buttonReleased(button: Int, location: Point, modifiers: KeyModifiers)
  case pointerMoved(location: Point, modifiers: KeyModifiers)
  case pointerLeft
  /// A touch of the sequence GTK identifies by `sequence`.
  case touch(sequence: UInt, phase: Touch.Phase, location: Point, modifiers: KeyModifiers)
}

/// What the engine's window receives.
enum EngineInput: Hashable, Sendable {
  case pointer(PointerEvent)
  case touch(Touch)
}

/// Turns GTK's input into the engine's: pointer events with the buttons held after each
/// event, and touch sequences as separate touches with small ids that last from begin to
/// end (the pointer's touch is the engine's business).
struct InputTranslator {
  private var buttons: PointerButtons = []
  private var location = Point.zero
  private var touchIDs: [UInt: Int] = [:]
  private var nextTouchID = 1

  mutating func translate(_ input: PlatformInput, timestamp: Double) -> [EngineInput] {
    switch input {
    case .buttonPressed(let number, let point, let modifiers):
      location = point
      guard let button = Self.button(number) else { return [] }
      buttons.insert(button)
      return [pointer(.down(button), modifiers, timestamp)]
    case .buttonReleased(let number, let point, let modifiers):
      location = point
      guard let button = Self.button(number) else { return [] }
      buttons.remove(button)
      return [pointer(.up(button), modifiers, timestamp)]
    case .pointerMoved(let point, let modifiers):
      location = point
      return [pointer(.moved, modifiers, timestamp)]
    case .pointerLeft:
      return [pointer(.exited, [], timestamp)]
    case .touch(let sequence, let phase, let point, let modifiers):
      let id: Int
      if phase == .began {
        if let old = touchIDs[sequence] {
          // A sequence that begins again without ending: the engine cancels the old touch.
          id = old
        } else {
          id = nextTouchID
          nextTouchID += 1
        }
        touchIDs[sequence] = id
      } else {
        guard let known = touchIDs[sequence] else { return [] }
        id = known
        if phase == .ended || phase == .cancelled { touchIDs[sequence] = nil }
      }
      return [
        .touch(Touch(id: id, kind: .direct, phase: phase, location: point, timestamp: timestamp, modifiers: modifiers))
      ]
    }
  }

  private func pointer(_ phase: PointerEvent.Phase, _ modifiers: KeyModifiers, _ timestamp: Double) -> EngineInput {
    .pointer(
      PointerEvent(phase: phase, location: location, buttons: buttons, modifiers: modifiers, timestamp: timestamp))
  }

  /// A GDK scroll as the engine's: a wheel notch (or a high-resolution wheel's fraction of
  /// one) scrolls by steps; a touchpad's smooth deltas are in surface pixels, which are
  /// points; a stop event ends a touchpad gesture. Nil for what carries no scroll.
  static func scroll(
    direction: GdkScrollDirection, deltas: Point, unit: GdkScrollUnit, isStop: Bool
  ) -> (kind: ScrollEvent.Kind, phase: ScrollEvent.Phase, delta: Point)? {
    switch direction {
    case GDK_SCROLL_UP: return (.wheel, .changed, Point(x: 0, y: -1))
    case GDK_SCROLL_DOWN: return (.wheel, .changed, Point(x: 0, y: 1))
    case GDK_SCROLL_LEFT: return (.wheel, .changed, Point(x: -1, y: 0))
    case GDK_SCROLL_RIGHT: return (.wheel, .changed, Point(x: 1, y: 0))
    case GDK_SCROLL_SMOOTH:
      if unit == GDK_SCROLL_UNIT_WHEEL {
        return deltas == .zero ? nil : (.wheel, .changed, deltas)
      }
      if isStop { return (.precise, .ended, .zero) }
      return deltas == .zero ? nil : (.precise, .changed, deltas)
    default:
      return nil
    }
  }

  static func button(_ number: Int) -> PointerButtons? {
    switch number {
    case 1: .primary
    case 2: .middle
    case 3: .secondary
    default: nil
    }
  }

  /// The engine's modifiers for GDK's modifier state.
  static func modifiers(_ state: GdkModifierType) -> KeyModifiers {
    var modifiers: KeyModifiers = []
    if state.rawValue & GDK_SHIFT_MASK.rawValue != 0 { modifiers.insert(.shift) }
    if state.rawValue & GDK_CONTROL_MASK.rawValue != 0 { modifiers.insert(.control) }
    if state.rawValue & GDK_ALT_MASK.rawValue != 0 { modifiers.insert(.alternate) }
    if state.rawValue & (GDK_SUPER_MASK.rawValue | GDK_META_MASK.rawValue) != 0 { modifiers.insert(.command) }
    return modifiers
  }

  /// The engine's key for a GDK key value; nil for keys it has no name for (modifier keys,
  /// function keys).
  static func key(_ keyval: UInt32) -> KeyEvent.Key? {
    switch Int32(bitPattern: keyval) {
    case GDK_KEY_space, GDK_KEY_KP_Space: return .space
    case GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_ISO_Enter: return .return
    case GDK_KEY_Escape: return .escape
    case GDK_KEY_Tab, GDK_KEY_ISO_Left_Tab, GDK_KEY_KP_Tab: return .tab
    case GDK_KEY_Up, GDK_KEY_KP_Up: return .up
    case GDK_KEY_Down, GDK_KEY_KP_Down: return .down
    case GDK_KEY_Left, GDK_KEY_KP_Left: return .left
    case GDK_KEY_Right, GDK_KEY_KP_Right: return .right
    case GDK_KEY_Home, GDK_KEY_KP_Home: return .home
    case GDK_KEY_End, GDK_KEY_KP_End: return .end
    case GDK_KEY_Page_Up, GDK_KEY_KP_Page_Up: return .pageUp
    case GDK_KEY_Page_Down, GDK_KEY_KP_Page_Down: return .pageDown
    case GDK_KEY_Delete, GDK_KEY_KP_Delete: return .delete
    case GDK_KEY_BackSpace: return .backspace
    default:
      let code = gdk_keyval_to_unicode(keyval)
      guard code >= 0x20, code != 0x7F, let scalar = Unicode.Scalar(code) else { return nil }
      return .character(String(Character(scalar)))
    }
  }
}
