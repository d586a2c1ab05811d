import DragDrop
import DragDropHarness
import Foundation
import TestSupport
import Testing

/// Edit commands along the responder chain: Control-X, C, V and A in a window go to the
/// first responder from the focused view up that can perform them, as UIKit's standard
/// edit actions do. Each test is synchronous on the main actor, so no other test touches
/// the general pasteboard while it runs.
@MainActor
struct EditCommandTests {
  /// A focusable view that copies its text and says what it was asked.
  final class Note: View {
    var text: String
    var log: [String] = []
    var copies = true
    init(_ text: String) {
      self.text = text
      super.init(frame: Rect(x: 0, y: 0, width: 100, height: 40))
    }
    override var canBecomeFocused: Bool { true }
    override func canPerformAction(_ action: EditAction, withSender sender: Any?) -> Bool {
      log.append("can \(action)")
      return copies && (action == .copy || action == .cut) || super.canPerformAction(action, withSender: sender)
    }
    override func copy(_ sender: Any?) {
      log.append("copy")
      Pasteboard.general.string = text
    }
    override func cut(_ sender: Any?) {
      log.append("cut")
      Pasteboard.general.string = text
      text = ""
    }
  }

  /// A view that takes pasted text, through its paste configuration.
  final class Inbox: View {
    var pasted: [[String]] = []
    override func paste(itemProviders: [ItemProvider]) {
      pasted.append(itemProviders.map { $0.registeredContentTypes.map(\.identifier).joined(separator: ",") })
    }
  }

  /// A controller that selects all, after its view.
  final class Controller: ViewController {
    var selected = 0
    override func canPerformAction(_ action: EditAction, withSender sender: Any?) -> Bool { action == .selectAll }
    override func selectAll(_ sender: Any?) { selected += 1 }
  }

  @Test func controlCAndXGoToTheFocusedViewThatCanPerformThem() throws {
    let test = TestWindow()
    let note = Note("北海道")
    test.window.addSubview(note)
    #expect(test.window.focus(note))
    let before = Pasteboard.general.changeCount
    test.key(.character("c"), modifiers: .control)
    #expect(note.log == ["can copy", "copy"])
    #expect(Pasteboard.general.string == "北海道")
    test.key(.character("x"), modifiers: .control)
    #expect(note.log == ["can copy", "copy", "can cut", "cut"])
    #expect(note.text == "" && Pasteboard.general.changeCount == before + 2)
    // A key with another modifier, or none, is no command.
    test.key(.character("c"), modifiers: [.control, .alternate])
    test.key(.character("c"))
    #expect(note.log.count == 4)
  }

  @Test func aCommandNoResponderTakesGoesUpTheChainToTheController() throws {
    let test = TestWindow()
    let controller = Controller()
    test.window.rootViewController = controller
    let note = Note("青森")
    note.copies = false
    controller.view.addSubview(note)
    #expect(test.window.focus(note))
    test.key(.character("a"), modifiers: .control)
    #expect(note.log == ["can selectAll"])
    #expect(controller.selected == 1)
    // Nothing along the chain copies: nothing happens.
    let before = Pasteboard.general.changeCount
    test.key(.character("c"), modifiers: .control)
    #expect(Pasteboard.general.changeCount == before)
    #expect(controller.view.editResponderChain.first === controller.view)
    #expect(note.editResponderChain.map { "\(type(of: $0))" } == ["Note", "View", "Controller", "Window"])
  }

  @Test func aPasteConfigurationTakesWhatItAcceptsAndNothingElse() throws {
    let test = TestWindow()
    let inbox = Inbox(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    inbox.pasteConfiguration = PasteConfiguration(forAccepting: String.self)
    let note = Note("")
    note.copies = false
    inbox.addSubview(note)
    test.window.addSubview(inbox)
    #expect(test.window.focus(note))
    Pasteboard.general.string = "知床"
    #expect(inbox.canPerformAction(.paste, withSender: nil))
    test.key(.character("v"), modifiers: .control)
    #expect(inbox.pasted == [["public.utf8-plain-text,public.utf16-plain-text"]])
    // An image is not what it accepts: it cannot paste, and the command goes nowhere.
    Pasteboard.general.image = try Image(validating: TestImages.png(width: 2, height: 2))
    #expect(!inbox.canPerformAction(.paste, withSender: nil))
    test.key(.character("v"), modifiers: .control)
    #expect(inbox.pasted.count == 1)
    // Types added later are accepted too.
    inbox.pasteConfiguration?.addTypeIdentifiers(forAccepting: Image.self)
    test.key(.character("v"), modifiers: .control)
    #expect(inbox.pasted.count == 2)
  }

  @Test func theKeysThatAreCommands() {
    #expect(EditAction(key: .character("V"), modifiers: .control) == .paste)
    #expect(EditAction(key: .character("x"), modifiers: [.control, .shift]) == .cut)
    #expect(EditAction(key: .character("v"), modifiers: []) == nil)
    #expect(EditAction(key: .character("z"), modifiers: .control) == nil)
    #expect(EditAction(key: .return, modifiers: .control) == nil)
  }
}
