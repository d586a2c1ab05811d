import DragDropTesting
import DragDropUI
import TestSupport
import Testing

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
