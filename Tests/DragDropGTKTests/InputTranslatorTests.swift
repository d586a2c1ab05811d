import CGTK
import DragDrop
import Testing

@testable import DragDropGTK

@Suite("GTK input to engine input")
struct InputTranslatorTests {
  @Test func buttonsBecomePointerEventsWithTheButtonsHeldAfterEach() {
    var translator = InputTranslator()
    let down = translator.translate(
      .buttonPressed(button: 1, location: Point(x: 10, y: 20), modifiers: [.shift]), timestamp: 1)
    let move = translator.translate(.pointerMoved(location: Point(x: 15, y: 25), modifiers: [.shift]), timestamp: 2)
    let secondary = translator.translate(
      .buttonPressed(button: 3, location: Point(x: 15, y: 25), modifiers: []), timestamp: 3)
    let up = translator.translate(
      .buttonReleased(button: 1, location: Point(x: 16, y: 26), modifiers: []), timestamp: 4)
    #expect(
      down == [
        .pointer(
          PointerEvent(
            phase: .down(.primary), location: Point(x: 10, y: 20), buttons: .primary, modifiers: .shift, timestamp: 1))
      ])
    #expect(
      move == [
        .pointer(
          PointerEvent(phase: .moved, location: Point(x: 15, y: 25), buttons: .primary, modifiers: .shift, timestamp: 2)
        )
      ])
    #expect(
      secondary == [
        .pointer(
          PointerEvent(
            phase: .down(.secondary), location: Point(x: 15, y: 25), buttons: [.primary, .secondary], timestamp: 3))
      ])
    #expect(
      up == [
        .pointer(PointerEvent(phase: .up(.primary), location: Point(x: 16, y: 26), buttons: .secondary, timestamp: 4))
      ])
  }

  @Test func buttonsBeyondTheThirdAreIgnored() {
    var translator = InputTranslator()
    #expect(translator.translate(.buttonPressed(button: 8, location: .zero, modifiers: []), timestamp: 0).isEmpty)
  }

  @Test func touchSequencesBecomeSeparateTouchesWithStableIDs() {
    var translator = InputTranslator()
    func touch(_ sequence: UInt, _ phase: Touch.Phase, _ x: Double) -> [EngineInput] {
      translator.translate(
        .touch(sequence: sequence, phase: phase, location: Point(x: x, y: 0), modifiers: []), timestamp: 0)
    }
    func ids(_ inputs: [EngineInput]) -> [Int] {
      inputs.compactMap { if case .touch(let touch) = $0 { touch.id } else { nil } }
    }
    #expect(ids(touch(0xA000, .began, 1)) == [1])
    #expect(ids(touch(0xB000, .began, 2)) == [2])
    #expect(ids(touch(0xA000, .moved, 3)) == [1])
    #expect(ids(touch(0xB000, .ended, 4)) == [2])
    // An update for a sequence that is not down is dropped.
    #expect(touch(0xB000, .moved, 5).isEmpty)
    #expect(ids(touch(0xB000, .began, 6)) == [3])
    #expect(ids(touch(0xA000, .cancelled, 7)) == [1])
    if case .touch(let first) = touch(0xC000, .began, 8).first {
      #expect(first.kind == .direct && first.phase == .began && first.location == Point(x: 8, y: 0))
    } else {
      Issue.record("no touch")
    }
  }

  @Test func modifiersMapFromGDKState() {
    let state = GdkModifierType(GDK_SHIFT_MASK.rawValue | GDK_CONTROL_MASK.rawValue | GDK_SUPER_MASK.rawValue)
    #expect(InputTranslator.modifiers(state) == [.shift, .control, .command])
    #expect(InputTranslator.modifiers(GDK_ALT_MASK) == [.alternate])
    #expect(InputTranslator.modifiers(GdkModifierType(0)) == [])
  }

  @Test func keysMapToTheEngineKeys() {
    #expect(InputTranslator.key(UInt32(GDK_KEY_space)) == .space)
    #expect(InputTranslator.key(UInt32(GDK_KEY_Return)) == .return)
    #expect(InputTranslator.key(UInt32(GDK_KEY_Escape)) == .escape)
    #expect(InputTranslator.key(UInt32(GDK_KEY_ISO_Left_Tab)) == .tab)
    #expect(InputTranslator.key(UInt32(GDK_KEY_Left)) == .left)
    #expect(InputTranslator.key(UInt32(GDK_KEY_a)) == .character("a"))
    #expect(InputTranslator.key(UInt32(GDK_KEY_A)) == .character("A"))
    #expect(InputTranslator.key(UInt32(GDK_KEY_Shift_L)) == nil)
    #expect(InputTranslator.key(UInt32(GDK_KEY_F5)) == nil)
  }

  @Test("Issue 9: wheel notches, high-resolution wheels and touchpads become scroll events")
  func scrolls() {
    func map(
      _ direction: GdkScrollDirection, _ dx: Double = 0, _ dy: Double = 0, unit: GdkScrollUnit = GDK_SCROLL_UNIT_WHEEL,
      stop: Bool = false
    ) -> String {
      guard
        let scroll = InputTranslator.scroll(direction: direction, deltas: Point(x: dx, y: dy), unit: unit, isStop: stop)
      else { return "none" }
      return "\(scroll.kind) \(scroll.phase) \(scroll.delta.formatted)"
    }
    #expect(map(GDK_SCROLL_DOWN) == "wheel changed (0, 1)")
    #expect(map(GDK_SCROLL_UP) == "wheel changed (0, -1)")
    #expect(map(GDK_SCROLL_LEFT) == "wheel changed (-1, 0)")
    #expect(map(GDK_SCROLL_RIGHT) == "wheel changed (1, 0)")
    #expect(map(GDK_SCROLL_SMOOTH, 0, 0.25) == "wheel changed (0, 0.25)")
    #expect(map(GDK_SCROLL_SMOOTH, 3, -12, unit: GDK_SCROLL_UNIT_SURFACE) == "precise changed (3, -12)")
    #expect(map(GDK_SCROLL_SMOOTH, unit: GDK_SCROLL_UNIT_SURFACE, stop: true) == "precise ended (0, 0)")
    #expect(map(GDK_SCROLL_SMOOTH) == "none")
  }
}

@Suite("The device configuration a GTK window starts with")
struct DeviceConfigurationTests {
  @Test("A phone's touchscreen makes the phone configuration; a larger screen or no touchscreen keeps the default")
  @MainActor func phoneOnSmallTouchscreens() {
    #expect(GTKWindow.deviceConfiguration(hasTouchscreen: true, screen: Size(width: 360, height: 720)) == .phone)
    #expect(GTKWindow.deviceConfiguration(hasTouchscreen: true, screen: Size(width: 720, height: 360)) == .phone)
    #expect(GTKWindow.deviceConfiguration(hasTouchscreen: true, screen: Size(width: 800, height: 1280)) == nil)
    #expect(GTKWindow.deviceConfiguration(hasTouchscreen: false, screen: Size(width: 360, height: 720)) == nil)
    #expect(GTKWindow.deviceConfiguration(hasTouchscreen: true, screen: nil) == nil)
    #expect(GTKWindow.deviceConfiguration(hasTouchscreen: true, screen: Size(width: 0, height: 0)) == nil)
  }
}
