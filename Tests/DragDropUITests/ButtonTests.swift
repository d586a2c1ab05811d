import DragDropTesting
import DragDropUI
import Foundation
import Testing

import struct Views.AccessibilityTraits

@testable import DragDropUI

/// A style that records every press state it draws, and shows the label as it is.
@MainActor
final class PressLog {
  var states: [Bool] = []
}

struct RecordingStyle: ButtonStyle {
  let log: PressLog
  func makeBody(configuration: Configuration) -> some View {
    let _ = log.states.append(configuration.isPressed)
    configuration.label.padding(4)
  }
}

@MainActor
struct TapCounter: View {
  @State var taps = 0
  var disabled = false
  var role: ButtonRole?
  var body: some View {
    VStack {
      Text("taps \(taps)")
      Button("Add", role: role) { taps += 1 }
        .disabled(disabled)
    }
  }
}

@MainActor
@Suite struct ButtonTests {
  @Test("A tap runs the action once, and the style sees the press begin and end")
  func tap() throws {
    let log = PressLog()
    let (test, host) = host(TapCounter().buttonStyle(RecordingStyle(log: log)))
    let button = try #require(findView(named: "Button", in: host))
    test.press(at: center(of: button, in: test))
    test.settle()
    #expect(log.states.last == true)
    test.release()
    test.settle()
    #expect(host.tree.contains("text=\"taps 1\""))
    // Each body drawn, repeats aside: idle, pressed, idle again.
    let changes = log.states.enumerated().filter { $0.offset == 0 || log.states[$0.offset - 1] != $0.element }
    #expect(changes.map(\.element) == [false, true, false])
  }

  @Test("A press dragged far outside and let go there runs nothing")
  func dragOutside() throws {
    let (test, host) = host(TapCounter())
    let button = try #require(findView(named: "Button", in: host))
    let start = center(of: button, in: test)
    test.press(at: start)
    test.move(to: Point(x: start.x, y: start.y + 120))
    test.release()
    test.settle()
    #expect(host.tree.contains("text=\"taps 0\""))
  }

  @Test("With the keyboard focus, Space and Return press the button")
  func keyboard() throws {
    let (test, host) = host(TapCounter())
    let button = try #require(findView(named: "Button", in: host))
    let control = try #require(button.subviews.last)
    #expect(test.window.focus(control))
    test.key(.space)
    test.key(.return)
    test.settle()
    #expect(host.tree.contains("text=\"taps 2\""))
  }

  @Test("A disabled button takes no tap, no focus and no key, and says so to a screen reader")
  func disabled() throws {
    let (test, host) = host(TapCounter(disabled: true))
    let button = try #require(findView(named: "Button", in: host))
    let control = try #require(button.subviews.last)
    test.tap(at: center(of: button, in: test))
    // Tab passes it by; focused all the same, it ignores the keys.
    test.key(.tab)
    #expect(test.window.focusedView !== control)
    #expect(test.window.focus(control))
    test.key(.space)
    test.settle()
    #expect(host.tree.contains("text=\"taps 0\""))
    #expect(control.accessibilityTraits == [.button, .notEnabled])
    #expect(control.accessibilityLabel == "Add")
  }

  @Test("The built-in styles colour the label: the tint, red for a destructive button, white on the tint")
  func styles() throws {
    func textColor(_ view: some View) throws -> Color? {
      let (_, host) = host(view)
      return try #require(firstTextLeaf(in: host)).color
    }
    #expect(try textColor(Button("Go") {}) == .accentColor)
    #expect(try textColor(Button("Go") {}.tint(.green)) == .green)
    #expect(try textColor(Button("Delete", role: .destructive) {}) == .red)
    #expect(try textColor(Button("Go") {}.buttonStyle(.plain)) == .primary)
    #expect(try textColor(Button("Go") {}.buttonStyle(.borderedProminent)) == .white)
    #expect(try textColor(Button("Go") {}.buttonStyle(.bordered).foregroundColor(.orange)) == .orange)
    #expect(try textColor(Button("Go") {}.disabled(true)) == .gray)
  }

  @Test("A bordered button is its label with 12 by 7 points of padding")
  func borderedSize() throws {
    let (_, host) = host(VStack { Button("Go") {}.buttonStyle(.borderedProminent) })
    let button = try #require(findView(named: "Button", in: host))
    let text = try #require(firstTextLeaf(in: host))
    #expect(button.frame.width == text.frame.width + 24)
    #expect(button.frame.height == text.frame.height + 14)
  }

  @Test("A label shows its symbol at the height of a line, before the title; the styles show either alone")
  func label() throws {
    let (_, both) = host(DragDropUI.Label("Favourites", systemImage: "star.fill"))
    #expect(both.tree.contains("Image frame=(") && both.tree.contains("20×20"))
    #expect(both.tree.contains("text=\"Favourites\""))
    let (_, titleOnly) = host(DragDropUI.Label("Favourites", systemImage: "star.fill").labelStyle(.titleOnly))
    #expect(!titleOnly.tree.contains("Image"))
    let (_, iconOnly) = host(DragDropUI.Label("Favourites", systemImage: "star.fill").labelStyle(.iconOnly))
    #expect(!iconOnly.tree.contains("Favourites"))
  }
}
