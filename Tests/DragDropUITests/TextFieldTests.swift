import DragDropTesting
import DragDropUI
import TestSupport
import Testing

import class DragDrop.Pasteboard
import class DragDropHarness.FakeClipboard
import class Views.EditMenuInteraction
import struct Views.PointerEvent

struct Form: View {
  @State var name = ""
  @State var submitted = 0
  var enabled = true

  var body: some View {
    VStack {
      TextField("名前", text: $name, onCommit: { submitted += 1 }).frame(width: 200).disabled(!enabled)
      Text("[\(name)] \(submitted)")
    }
  }
}

@MainActor
struct TextFieldTests {
  @Test func aClickFocusesTheFieldAndTypingWritesTheBinding() throws {
    let (test, host) = host(Form())
    let field = try #require(find("TextField", in: host))
    test.tap(at: center(of: field, in: test))
    #expect(field.isFocused)
    for key: KeyEvent.Key in [.character("ド"), .character("ラ"), .character("ッグ"), .backspace, .left, .character("ー")] {
      test.key(key)
    }
    test.key(.return)
    test.settle()
    #expect(host.tree.contains("text=\"[ドラーッ] 1\""))
    #expect(host.tree.contains("selection=3..<3"))
  }

  @Test func shiftSelectsAndTypingReplacesTheSelection() throws {
    let (test, host) = host(Form(name: "Shiretoko"))
    let field = try #require(find("TextField", in: host))
    test.tap(at: center(of: field, in: test))
    test.key(.end)
    for _ in 0..<4 { test.key(.left, modifiers: .shift) }
    test.key(.character("ko"))
    test.settle()
    #expect(host.tree.contains("text=\"[Shireko] 0\""))
    test.key(.character("a"), modifiers: .control)
    test.key(.delete)
    test.settle()
    #expect(host.tree.contains("text=\"[] 0\""))
    #expect(host.tree.contains("placeholder=\"名前\""))
  }

  @Test func aDisabledFieldTakesNeitherFocusNorKeys() throws {
    let (test, host) = host(Form(enabled: false))
    let field = try #require(find("TextField", in: host))
    test.tap(at: center(of: field, in: test))
    test.key(.character("x"))
    test.settle()
    #expect(!field.isFocused)
    #expect(host.tree.contains("text=\"[] 0\""))
  }

  @Test func aChangeOfTheBoundValueShowsInTheField() throws {
    struct Resetting: View {
      @State var text = "old"
      var body: some View {
        VStack {
          TextField("", text: $text)
          Text("reset").onTapGesture { text = "new" }
        }
      }
    }
    let (test, host) = host(Resetting())
    let button = try #require(find("text=\"reset\"", in: host))
    test.tap(at: center(of: button, in: test))
    test.settle()
    #expect(host.tree.contains("text=\"new\" selection=3..<3"), "\(host.tree)")
  }
}

/// Copy, cut and paste in a text field, through the general pasteboard and a desktop
/// clipboard that a test plays (`FakeClipboard`). Each test is synchronous on the main actor,
/// so no other test touches the general pasteboard while it runs.
@MainActor
struct TextFieldClipboardTests {
  @Test func controlCCopiesTheSelectionAndAnotherApplicationCanPasteIt() throws {
    let clipboard = FakeClipboard()
    clipboard.install()
    defer { clipboard.uninstall() }
    let (test, host) = host(Form(name: "知床の夏"))
    let field = try #require(find("TextField", in: host))
    test.tap(at: center(of: field, in: test))
    test.key(.end)
    for _ in 0..<2 { test.key(.left, modifiers: .shift) }
    let before = Pasteboard.general.changeCount
    test.key(.character("c"), modifiers: .control)
    #expect(Pasteboard.general.string == "の夏")
    #expect(Pasteboard.general.changeCount == before + 1)
    // Offered to the desktop as text, once.
    #expect(clipboard.published.count == 1)
    #expect(
      clipboard.published.last?.map { $0.registeredContentTypes.map(\.identifier) } == [
        ["public.utf8-plain-text", "public.utf16-plain-text"]
      ])
    // A cut copies and deletes.
    test.key(.character("x"), modifiers: .control)
    test.settle()
    #expect(host.tree.contains("text=\"[知床] 0\""), "\(host.tree)")
    #expect(clipboard.published.count == 2)
    // With nothing selected, Control-C changes nothing.
    test.key(.character("c"), modifiers: .control)
    #expect(clipboard.published.count == 2)
    #expect(Pasteboard.general.changeCount == before + 2)
  }

  @Test func controlVPastesWhatAnotherApplicationCopied() throws {
    let clipboard = FakeClipboard()
    clipboard.install()
    defer { clipboard.uninstall() }
    let (test, host) = host(Form(name: "旅: "))
    let field = try #require(find("TextField", in: host))
    test.tap(at: center(of: field, in: test))
    test.key(.end)
    let before = Pasteboard.general.changeCount
    // A browser copies text: it offers several types, and only the one read is asked for.
    clipboard.copyFromAnotherApplication([
      "text/html": Data("<b>北海道</b>".utf8), "text/plain;charset=utf-8": Data("北海道\nの夏".utf8),
      "text/plain": Data("?".utf8),
    ])
    #expect(Pasteboard.general.changeCount == before + 1)
    #expect(Pasteboard.general.hasStrings)
    #expect(clipboard.reads.isEmpty, "nothing is read before a paste")
    test.key(.character("v"), modifiers: .control)
    test.settle()
    // Its line break dropped, as a single line has none.
    #expect(host.tree.contains("text=\"[旅: 北海道の夏] 0\""), "\(host.tree)")
    #expect(clipboard.reads == ["text/plain;charset=utf-8"])
    // The other application's copy is not offered back to it.
    #expect(clipboard.published.isEmpty)
  }

  @Test func aPasteOfDataThatIsNotTextChangesNothing() throws {
    let clipboard = FakeClipboard()
    clipboard.install()
    defer { clipboard.uninstall() }
    let (test, host) = host(Form(name: "北"))
    let field = try #require(find("TextField", in: host))
    test.tap(at: center(of: field, in: test))
    // Bytes that are not UTF-8 under a text type, then a type that is offered and refused.
    clipboard.copyFromAnotherApplication(["text/plain;charset=utf-8": Data([0xFF, 0xFE, 0x00])])
    test.key(.character("v"), modifiers: .control)
    clipboard.copyFromAnotherApplication(["UTF8_STRING": nil])
    test.key(.character("v"), modifiers: .control)
    test.settle()
    #expect(host.tree.contains("text=\"[北] 0\""), "\(host.tree)")
    #expect(clipboard.reads == ["text/plain;charset=utf-8", "UTF8_STRING"])
  }

  /// A secondary click at `point`, as a mouse's right button.
  func secondaryClick(_ test: TestWindow, at point: Point) {
    let now = test.window.clock.now
    test.window.send(PointerEvent(phase: .down(.secondary), location: point, buttons: .secondary, timestamp: now))
    test.window.send(PointerEvent(phase: .up(.secondary), location: point, buttons: [], timestamp: now))
  }

  @Test func aSecondaryClickShowsTheEditMenuWithWhatCanBeDoneAndAChoiceIsSentAlongTheChain() throws {
    let clipboard = FakeClipboard()
    clipboard.install()
    defer { clipboard.uninstall() }
    // Another application's empty offer: nothing to paste.
    clipboard.copyFromAnotherApplication([:])
    let (test, host) = host(Form(name: "知床の夏"))
    let field = try #require(find("TextField", in: host))
    let menu = try #require(field.interactions.lazy.compactMap { $0 as? EditMenuInteraction }.first)
    // Unfocused and empty of selection: the click focuses the field, and the menu, which
    // takes the keys while it shows, has only Select All.
    #expect(!field.isFocused)
    secondaryClick(test, at: center(of: field, in: test))
    #expect(menu.presentedTitles == ["Select All"])
    // Escape closes it; the focus goes back to the field.
    test.key(.escape)
    #expect(!menu.isPresented && field.isFocused)
    // With two characters selected: Cut, Copy, Delete and Select All, in UIKit's order.
    test.key(.end)
    for _ in 0..<2 { test.key(.left, modifiers: .shift) }
    secondaryClick(test, at: center(of: field, in: test))
    #expect(menu.presentedTitles == ["Cut", "Copy", "Delete", "Select All"])
    // Down, Return: Copy, sent along the responder chain as Control-C is.
    let before = Pasteboard.general.changeCount
    test.key(.down)
    test.key(.return)
    #expect(!menu.isPresented)
    #expect(Pasteboard.general.string == "の夏" && Pasteboard.general.changeCount == before + 1)
    #expect(clipboard.published.count == 1)
    // Now the pasteboard holds text: Paste is there too, and a tap on Cut cuts.
    secondaryClick(test, at: center(of: field, in: test))
    #expect(menu.presentedTitles == ["Cut", "Copy", "Paste", "Delete", "Select All"])
    let panel = try #require(
      test.window.subviews.lazy.flatMap(\.subviews).first { $0.accessibilityLabel == "Edit menu" })
    test.tap(at: panel.convert(Point(x: 40, y: 4 + 16), to: test.window), touch: 1)
    test.settle()
    #expect(!menu.isPresented)
    #expect(host.tree.contains("text=\"[知床] 0\""), "\(host.tree)")
    // A press outside the menu closes it and does nothing else.
    secondaryClick(test, at: center(of: field, in: test))
    #expect(menu.isPresented)
    test.tap(at: Point(x: 2, y: 2), touch: 1)
    #expect(!menu.isPresented)
    #expect(host.tree.contains("text=\"[知床] 0\""), "\(host.tree)")
  }

  @Test func aLongPressOnTheFieldShowsTheEditMenu() throws {
    let clipboard = FakeClipboard()
    clipboard.install()
    defer { clipboard.uninstall() }
    clipboard.copyFromAnotherApplication(["text/plain;charset=utf-8": Data("北海道".utf8)])
    let (test, host) = host(Form(name: "旅"))
    let field = try #require(find("TextField", in: host))
    let menu = try #require(field.interactions.lazy.compactMap { $0 as? EditMenuInteraction }.first)
    test.longPress(at: center(of: field, in: test))
    test.release()
    #expect(menu.presentedTitles == ["Paste", "Select All"])
    #expect(clipboard.reads.isEmpty, "the menu asks the types, and reads nothing")
    test.key(.return)
    test.settle()
    #expect(host.tree.contains("text=\"[旅北海道] 0\""), "\(host.tree)")
  }

  @Test func aSelectionIsThePrimarySelectionAndAMiddleClickPastesAnotherApplications() throws {
    let primary = FakeClipboard()
    primary.installAsPrimarySelection()
    defer { primary.uninstall() }
    let (test, host) = host(Form(name: "知床の夏"))
    let field = try #require(find("TextField", in: host))
    test.tap(at: center(of: field, in: test))
    let general = Pasteboard.general.changeCount
    // Each new selection is offered as text; a caret alone offers nothing.
    test.key(.end)
    #expect(primary.published.isEmpty)
    for _ in 0..<2 { test.key(.left, modifiers: .shift) }
    #expect(primary.published.count == 2)
    #expect(primary.published.last?.first?.hasItemConforming(to: .utf8PlainText) == true)
    // Another application's selection, pasted by a middle click before the first character,
    // where the caret goes.
    primary.copyFromAnotherApplication(["UTF8_STRING": Data("北海道".utf8)])
    let start = field.convert(Point(x: 1, y: field.bounds.midY), to: test.window)
    let now = test.window.clock.now
    test.window.send(PointerEvent(phase: .down(.middle), location: start, buttons: .middle, timestamp: now))
    test.window.send(PointerEvent(phase: .up(.middle), location: start, buttons: [], timestamp: now))
    test.settle()
    #expect(host.tree.contains("text=\"[北海道知床の夏] 0\""), "\(host.tree)")
    #expect(host.tree.contains("selection=3..<3"), "\(host.tree)")
    #expect(primary.reads == ["text/plain;charset=utf-8", "text/plain", "UTF8_STRING"])
    // The general pasteboard is not the primary selection.
    #expect(Pasteboard.general.changeCount == general)
  }
}
