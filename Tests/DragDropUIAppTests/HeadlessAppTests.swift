import DragDropTesting
import DragDropUIApp
import Foundation
import Testing

/// An application of two windows, as a SwiftUI developer writes one.
struct NotesApp: App {
  var body: some Scene {
    WindowGroup("Notes", size: Size(width: 480, height: 320)) { NotesView() }
    WindowGroup("Trash", size: Size(width: 200, height: 100)) { Text("Trash") }
  }
}

struct NotesView: View {
  @State private var dropped = ""
  var body: some View {
    VStack {
      Text("A note to drag")
        .onDrag { ItemProvider(object: "A note to drag" as String) }
        .padding()
      TextField("Drop here", text: $dropped)
        .padding()
    }
  }
}

/// An application whose window takes its size from `defaultSize`, as SwiftUI code sets it.
struct SizedApp: App {
  var body: some Scene {
    WindowGroup("Sized") { Text("Sized") }
      .defaultSize(width: 640, height: 400)
    WindowGroup("Kept") { Text("Kept") }
      .defaultSize(width: .nan, height: -5)
  }
}

@MainActor
struct HeadlessAppTests {
  @Test("defaultSize sets the size a scene's windows open at; sizes that make no sense keep the window's")
  func defaultSize() {
    let backend = HeadlessBackend()
    SizedApp.run(on: backend)
    #expect(
      backend.windows.map(\.window.bounds.size) == [Size(width: 640, height: 400), Size(width: 800, height: 600)])
    backend.quit()
  }

  @Test func anAppOpensItsScenesOnAHeadlessBackendAsOnGTK() throws {
    let backend = HeadlessBackend()
    #expect(NotesApp.run(on: backend) == 0)
    #expect(backend.windows.map(\.title) == ["Notes", "Trash"])
    #expect(
      backend.windows.map(\.window.bounds.size) == [Size(width: 480, height: 320), Size(width: 200, height: 100)])
    #expect(backend.windows.map(\.isPresented) == [true, true])
    // Each window shows its scene's view, filling it.
    let notes = try #require(backend.windows[0].window.subviews.first)
    #expect(notes.frame == backend.windows[0].window.bounds)
    #expect(find("text=\"Trash\"", in: backend.windows[1].window) != nil)
    // Presenting gives the focus to the first focusable view, with its ring hidden.
    #expect(backend.windows[0].window.focusedView != nil)
    #expect(backend.windows[0].window.isFocusVisible == false)
    backend.quit()
    #expect(backend.windows.isEmpty)
  }

  @Test func aDragInAnAppsWindowDropsThroughItsViews() async throws {
    let backend = HeadlessBackend()
    NotesApp.run(on: backend)
    let test = backend.windows[0]
    let text = try #require(find("text=\"A note to drag\"", in: test.window))
    let field = try #require(find("placeholder=\"Drop here\"", in: test.window))
    test.pointerDrag(
      from: text.convert(text.bounds.center, to: test.window),
      through: [field.convert(field.bounds.center, to: test.window)])
    await test.recorder.settle()
    #expect(field.snapshotDescription.contains("text=\"A note to drag\""))
    test.recorder.skip()
    backend.quit()
  }

  @Test func aDragLeavingTheAppGoesToTheBackendsPlatform() throws {
    let backend = HeadlessBackend()
    NotesApp.run(on: backend)
    let test = backend.windows[0]
    let text = try #require(find("text=\"A note to drag\"", in: test.window))
    let start = text.convert(text.bounds.center, to: test.window)
    test.pointerDown(at: start)
    test.pointerMove(to: Point(x: start.x + 40, y: start.y))
    #expect(backend.platform.current?.offeredTypes.first?.contains(.utf8PlainText) == true)
    test.pointerUp()
    test.recorder.skip()
    backend.quit()
  }

  @Test func closingAWindowTakesItFromTheBackend() {
    let backend = HeadlessBackend()
    backend.exitStatus = 7
    #expect(NotesApp.run(on: backend) == 7)
    backend.windows[1].close()
    #expect(backend.windows.map(\.title) == ["Notes"])
    #expect(backend.runCount == 1)
    backend.quit()
  }
}
