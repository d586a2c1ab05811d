import DragDropTesting
import DragDropUI
import TestSupport
import Testing

import class DragDrop.Pasteboard
import class DragDropHarness.FakeClipboard

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
}
