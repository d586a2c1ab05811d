import DragDropTesting
import Foundation
import TestSupport
import Testing

@testable import DragDropUI

@MainActor
@Suite("Sheets, alerts, menus, context menus and focus")
struct PresentationTests {
  final class Log {
    var entries: [String] = []
  }

  struct Details: View {
    @Environment(\.dismiss) private var dismiss
    var body: some View {
      VStack {
        Text("Details")
        Button("Close") { dismiss() }
      }
    }
  }

  struct Sheets: View {
    @State var showing = false
    let log: Log
    var body: some View {
      Button("Open") { showing = true }
        .sheet(isPresented: $showing, onDismiss: { log.entries.append("dismissed") }) { Details() }
    }
  }

  @Test("A sheet covers the window below a strip; its dismiss action, a tap on the strip and Escape close it")
  func sheet() throws {
    let log = Log()
    let (test, host) = shown(Sheets(log: log))
    test.tap(at: try #require(host.find(text: "Open")).center)
    test.settle()
    let details = try #require(host.find(text: "Details"))
    #expect(details.frameInWindow.minY >= 10)
    test.tap(at: try #require(host.find(text: "Close")).center)
    test.settle()
    #expect(host.find(text: "Details") == nil && log.entries == ["dismissed"])

    test.tap(at: try #require(host.find(text: "Open")).center)
    test.settle()
    test.tap(at: Point(x: 200, y: 5))
    test.settle()
    #expect(host.find(text: "Details") == nil && log.entries == ["dismissed", "dismissed"])

    test.tap(at: try #require(host.find(text: "Open")).center)
    test.settle()
    test.key(.escape)
    test.settle()
    #expect(host.find(text: "Details") == nil && log.entries.count == 3)
  }

  struct SelfClosing: View {
    @State var showing = false
    let log: Log
    var body: some View {
      Button("Open") { showing = true }
        .sheet(isPresented: $showing, onDismiss: { log.entries.append("dismissed") }) {
          Button("Done") { showing = false }
        }
    }
  }

  @Test("A sheet closed by its own binding runs onDismiss too, once")
  func sheetClosedByItsBinding() throws {
    let log = Log()
    let (test, host) = shown(SelfClosing(log: log))
    test.tap(at: try #require(host.find(text: "Open")).center)
    test.settle()
    test.tap(at: try #require(host.find(text: "Done")).center)
    test.settle()
    #expect(host.find(text: "Done") == nil && log.entries == ["dismissed"])
  }

  struct Menus: View {
    @State var chosen = "none"
    var body: some View {
      VStack {
        Menu("Actions") {
          Button("Copy") { chosen = "copy" }
          Button("Paste") { chosen = "paste" }
          Button("Delete", role: .destructive) { chosen = "delete" }
        }
        Text("chosen \(chosen)")
      }
    }
  }

  @Test("A menu opens below its button; the arrow keys and Return choose; Escape and a tap outside close it")
  func menu() throws {
    let (test, host) = shown(Menus())
    let button = try #require(host.find(text: "Actions"))
    test.tap(at: button.center)
    test.settle()
    let copy = try #require(host.find(text: "Copy"))
    #expect(copy.frameInWindow.minY > button.frameInWindow.maxY)
    test.key(.escape)
    test.settle()
    #expect(host.find(text: "Copy") == nil)

    test.tap(at: button.center)
    test.settle()
    test.tap(at: Point(x: 5, y: 295))
    test.settle()
    #expect(host.find(text: "Copy") == nil && host.find(text: "chosen none") != nil)

    // The first item has the focus once the menu opens; Down moves to the next.
    test.tap(at: button.center)
    test.settle()
    test.key(.down)
    test.key(.return)
    test.settle()
    #expect(host.find(text: "chosen paste") != nil && host.find(text: "Copy") == nil)
  }

  struct Rows: View {
    @State var last = "none"
    var body: some View {
      VStack(spacing: 40) {
        Text("Plain")
          .contextMenu { Button("Rename") { last = "rename plain" } }
        Text("Draggable")
          .draggable("Draggable")
          .contextMenu { Button("Rename") { last = "rename draggable" } }
        Text("Outer")
          .contextMenu { Button("Rename") { last = "rename outer" } }
          .draggable("Outer")
        Text("last \(last)")
      }
    }
  }

  @Test("A long press opens a context menu where nothing lifts; on a draggable view it lifts instead (rule 2)")
  func contextMenuLongPress() throws {
    let (test, host) = shown(Rows())
    let plain = try #require(host.find(text: "Plain"))
    test.longPress(at: plain.center)
    test.release()
    test.settle()
    test.tap(at: try #require(host.find(text: "Rename")).center)
    test.settle()
    #expect(host.find(text: "last rename plain") != nil)

    let draggable = try #require(host.find(text: "Draggable"))
    test.longPress(at: draggable.center)
    #expect(host.find(text: "Rename") == nil)
    #expect(test.window.dragController.activeSessions.count == 1)
    test.release()
    test.settle()

    // So does one whose drag interaction is around the menu's view.
    let outer = try #require(host.find(text: "Outer"))
    test.longPress(at: outer.center)
    #expect(host.find(text: "Rename") == nil)
    #expect(test.window.dragController.activeSessions.count == 1)
    test.release()
    test.settle()

    // A secondary click opens it on either.
    test.pointerMove(to: draggable.center, steps: 1)
    test.pointerDown(at: draggable.center, button: .secondary)
    test.pointerUp(button: .secondary)
    test.settle()
    test.tap(at: try #require(host.find(text: "Rename")).center)
    test.settle()
    #expect(host.find(text: "last rename draggable") != nil)
  }

  struct Disabled: View {
    @State var last = "none"
    var body: some View {
      VStack {
        Text("Row").contextMenu { Button("Rename") { last = "rename" } }.disabled(true)
        Text("last \(last)")
      }
    }
  }

  @Test("A disabled view opens no context menu")
  func disabledContextMenu() throws {
    let (test, host) = shown(Disabled())
    let row = try #require(host.find(text: "Row"))
    test.pointerMove(to: row.center, steps: 1)
    test.pointerDown(at: row.center, button: .secondary)
    test.pointerUp(button: .secondary)
    test.settle()
    #expect(host.find(text: "Rename") == nil)
  }

  struct Alerts: View {
    @State var showing = false
    var body: some View {
      Button("Warn") { showing = true }
        .alert("Disk full", isPresented: $showing) {}
    }
  }

  @Test("An alert without buttons gets an OK button, which closes it; so does Return")
  func alertWithoutActions() throws {
    let (test, host) = shown(Alerts())
    test.tap(at: try #require(host.find(text: "Warn")).center)
    test.settle()
    test.tap(at: try #require(host.find(text: "OK")).center)
    test.settle()
    #expect(host.find(text: "Disk full") == nil)
    test.tap(at: try #require(host.find(text: "Warn")).center)
    test.settle()
    #expect(host.find(text: "Disk full") != nil)
    test.key(.return)
    test.settle()
    #expect(host.find(text: "Disk full") == nil)
  }

  enum Field: Hashable {
    case first, last
  }

  struct Form: View {
    @State var first = ""
    @State var last = ""
    @FocusState var focus: Field?
    var body: some View {
      VStack {
        TextField("First", text: $first).focused($focus, equals: .first)
        TextField("Last", text: $last).focused($focus, equals: .last)
        Button("Next") { focus = .last }
        Text("focus \(String(describing: focus))")
      }
      .frame(width: 300)
    }
  }

  @Test("@FocusState moves the focus when set, and follows it when the user moves it")
  func focusState() throws {
    let (test, host) = shown(Form())
    #expect(host.find(text: "focus nil") != nil)
    test.tap(at: try #require(host.find(text: "Next")).center)
    test.settle()
    #expect(host.find(text: "focus Optional(DragDropUITests.PresentationTests.Field.last)") != nil)
    test.key(.character("x"))
    test.settle()
    #expect(host.find(text: "x") != nil)
    test.key(.tab, modifiers: .shift)
    test.settle()
    #expect(host.find(text: "focus Optional(DragDropUITests.PresentationTests.Field.first)") != nil)
  }

  func shown<V: View>(_ view: V) -> (TestWindow, HostingView<V>) {
    let made = host(view, size: Size(width: 400, height: 300))
    made.0.recorder.stopChecking()
    made.0.settle()
    return made
  }
}
