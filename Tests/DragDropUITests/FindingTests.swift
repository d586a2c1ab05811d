import DragDropTesting
import DragDropUI
import Foundation
import TestSupport
import Testing

/// The public helpers that find declarative views for tests: by text, by label and by
/// identifier, with their centres in window coordinates.
@MainActor
@Suite struct FindingTests {
  struct Inbox: View {
    @State private var dropped: [String] = []

    var body: some View {
      HStack(spacing: 40) {
        Text("Hokkaido").draggable("Hokkaido")
        VStack {
          Text(dropped.isEmpty ? "Drop here" : dropped.joined(separator: ", "))
          Button("Clear") { dropped.removeAll() }
        }
        .frame(width: 160, height: 120)
        .dropDestination(for: String.self) { items, _ in
          dropped += items
          return true
        }
        .accessibilityIdentifier("inbox")
        .accessibilityLabel("Inbox")
      }
    }
  }

  @Test("Find views by text, label and identifier; drag from one to another; tap a button")
  func dragIntoTheInbox() async throws {
    let test = TestWindow(size: Size(width: 480, height: 320))
    let host = HostingView(rootView: Inbox(), frame: test.window.bounds)
    test.window.addSubview(host)
    host.layoutIfNeeded()

    let source = try #require(host.find(text: "Hokkaido"))
    let inbox = try #require(host.find(identifier: "inbox"))
    #expect(host.find(label: "Inbox")?.view === inbox.view)
    #expect(inbox.frameInWindow.size == Size(width: 160, height: 120))
    test.pointerDrag(from: source.center, through: [inbox.center])
    await test.settleTransfers()
    // The source's text, and the inbox's, once the drop has loaded.
    #expect(host.findAll(text: "Hokkaido").count == 2)
    #expect(host.find(text: "Hokkaido")?.view === source.view)

    let clear = try #require(host.find(text: "Clear"))
    test.tap(at: clear.center)
    test.settle()
    #expect(host.find(text: "Drop here") != nil)
    #expect(host.find(identifier: "nothing") == nil)
    test.recorder.skip()
  }
}
