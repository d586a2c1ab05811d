import DragDropTesting
import Foundation
import Testing

@testable import DragDropUI

/// A modifier's content and a style's label keep their views and state when the modifier
/// or the style is evaluated again.
@MainActor
struct ForwardingTests {
  struct Counter: View {
    @State var count = 0
    var body: some View { Button("count \(count)") { count += 1 } }
  }

  struct Framed: ViewModifier {
    let wide: Bool
    func body(content: Content) -> some View { content.padding(wide ? 12 : 2) }
  }

  struct Screen: View {
    @State var wide = false
    var body: some View {
      VStack {
        Counter().modifier(Framed(wide: wide))
        Button("widen") { wide.toggle() }
      }
    }
  }

  @Test("State inside a custom modifier's content survives the modifier's body changing")
  func modifierContentKeepsState() throws {
    let (test, host) = host(Screen(), size: Size(width: 300, height: 200))
    test.recorder.stopChecking()
    test.tap(at: try #require(host.find(text: "count 0")).center)
    test.settle()
    test.tap(at: try #require(host.find(text: "widen")).center)
    test.settle()
    #expect(host.find(text: "count 1") != nil, "\(host.tree)")
  }

  @Test("A button's label keeps its view through a press")
  func buttonLabelKeepsItsView() throws {
    let (test, host) = host(Counter(), size: Size(width: 300, height: 200))
    test.recorder.stopChecking()
    let label = try #require(host.find(text: "count 0"))
    test.press(at: label.center)
    test.settle()
    #expect(host.find(text: "count 0")?.view === label.view)
    test.release()
    test.settle()
  }
}
