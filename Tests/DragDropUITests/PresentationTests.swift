import DragDropTesting
import Foundation
import TestSupport
import Testing

import protocol Views.PopupSurface
import struct Views.Touch

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

  /// A platform's popup surface as a test sees it: it records what it is asked to show.
  @MainActor
  final class RecordingPopup: PopupSurface {
    let window: Views.Window
    var dismissed: (@MainActor () -> Void)?
    var shown: [(size: Size, anchor: Rect)] = []
    var isClosed = false

    init(over parent: Views.Window) { window = parent.makePopupRoot(size: Size(width: 1, height: 1)) }
    func show(size: Size, anchor: Rect) { shown.append((size, anchor)) }
    func close() { isClosed = true }

    func tap(at point: Point) {
      window.send(Touch(id: 7, phase: .began, location: point, timestamp: window.clock.now))
      window.send(Touch(id: 7, phase: .ended, location: point, timestamp: window.clock.now))
    }

    func key(_ key: KeyEvent.Key) {
      for phase in [KeyEvent.Phase.down, .up] {
        window.send(KeyEvent(key: key, phase: phase, modifiers: [], timestamp: window.clock.now))
      }
    }
  }

  /// Gives `test`'s window popups of the platform's, and returns those it made.
  final class Popups {
    var made: [RecordingPopup] = []
  }

  func givePopups(to test: TestWindow) -> Popups {
    let popups = Popups()
    let window = test.window
    window.popupSurfaceProvider = { [unowned window] in
      let popup = RecordingPopup(over: window)
      popups.made.append(popup)
      return popup
    }
    return popups
  }

  @Test(
    "Where the platform has popups, a menu opens in one of its own, below its button and as large as the menu; an item, Return or the platform's dismissal closes it"
  )
  func menuInAPopupSurface() throws {
    let (test, host) = shown(Menus())
    let popups = givePopups(to: test)
    let button = try #require(host.find(text: "Actions"))
    test.tap(at: button.center)
    test.settle()
    let popup = try #require(popups.made.first)
    let shown = try #require(popup.shown.last)
    // Three 36-point items between 6 points above and below, 200 points wide at least.
    #expect(shown.size == Size(width: 200, height: 120))
    #expect(shown.anchor.contains(button.center) && shown.anchor.height < 60)
    #expect(popup.window.frame == Rect(origin: .zero, size: shown.size))
    let copy = try #require(host.find(text: "Copy"))
    #expect(copy.window === popup.window)
    #expect(!test.window.subviews.contains { $0 is PresentationLayer })
    // The first item has the focus in the popup; the keys there choose.
    #expect(popup.window.focusedView?.isDescendant(of: popup.window) == true)
    popup.key(.down)
    popup.key(.return)
    test.settle()
    #expect(host.find(text: "chosen paste") != nil && host.find(text: "Copy") == nil && popup.isClosed)

    // A tap on an item in the popup.
    test.tap(at: button.center)
    test.settle()
    let second = try #require(popups.made.last)
    #expect(popups.made.count == 2 && !second.isClosed)
    second.tap(at: try #require(host.find(text: "Delete")).center)
    test.settle()
    #expect(host.find(text: "chosen delete") != nil && second.isClosed)

    // The platform closes it (a press outside, Escape): nothing is chosen, and it opens again.
    test.tap(at: button.center)
    test.settle()
    let third = try #require(popups.made.last)
    third.dismissed?()
    test.settle()
    #expect(host.find(text: "Copy") == nil && host.find(text: "chosen delete") != nil && third.isClosed)
    test.tap(at: button.center)
    test.settle()
    #expect(popups.made.count == 4 && host.find(text: "Copy")?.window === popups.made.last?.window)

    // A platform that has no popup to give: the menu shows inside the window.
    test.key(.escape)
    popups.made.last?.key(.escape)
    test.settle()
    test.window.popupSurfaceProvider = { nil }
    test.tap(at: button.center)
    test.settle()
    #expect(host.find(text: "Copy")?.window === test.window)
  }

  @Test("Where the platform has popups, a context menu opens in one at the secondary click")
  func contextMenuInAPopupSurface() throws {
    let (test, host) = shown(Rows())
    let popups = givePopups(to: test)
    let plain = try #require(host.find(text: "Plain"))
    let click = Point(x: plain.center.x + 3, y: plain.center.y + 2)
    test.pointerMove(to: click, steps: 1)
    test.pointerDown(at: click, button: .secondary)
    test.pointerUp(button: .secondary)
    test.settle()
    let popup = try #require(popups.made.first)
    let shown = try #require(popup.shown.last)
    #expect(shown.anchor == Rect(origin: click, size: Size(width: 1, height: 1)))
    popup.tap(at: try #require(host.find(text: "Rename")).center)
    test.settle()
    #expect(host.find(text: "last rename plain") != nil && popup.isClosed)
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
