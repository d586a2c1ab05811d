import DragDropTesting
import DragDropUI
import TestSupport
import Testing

import class DragDrop.Pasteboard

/// A shelf of cities that copies, cuts and pastes them as text, with a button to hold the
/// focus, as a SwiftUI view would.
struct Shelf: View {
  @State var cities: [String]
  var pasted: @MainActor ([String]) -> Void = { _ in }

  var body: some View {
    VStack {
      Button("Focus") {}
      Text("cities=" + cities.joined(separator: ","))
    }
    .copyable(cities)
    .cuttable(for: String.self) {
      let cut = cities
      cities = []
      return cut
    }
    .pasteDestination(for: String.self) { values in
      cities += values
      pasted(values)
    } validator: { values in
      values.filter { !$0.isEmpty && $0 != "東京" }
    }
  }
}

/// SwiftUI's copy and paste: `copyable`, `cuttable`, `pasteDestination` and `PasteButton`,
/// through the general pasteboard. The keys reach them while the focus is inside the view.
@MainActor
@Suite(.serialized)
struct CopyAndPasteTests {
  @Test func controlCCopiesAndControlXCutsThePayload() async throws {
    let (test, host) = host(Shelf(cities: ["札幌", "函館"]))
    let focusable = try #require(find("ButtonControl", in: host))
    #expect(test.window.focus(focusable))
    let before = Pasteboard.general.changeCount
    test.key(.character("c"), modifiers: .control)
    #expect(Pasteboard.general.changeCount == before + 1)
    let copied = Pasteboard.general.itemProviders
    #expect(copied.count == 2 && Pasteboard.general.hasStrings)
    test.key(.character("x"), modifiers: .control)
    test.settle()
    #expect(host.tree.contains("cities=\""), "\(host.tree)")
    #expect(Pasteboard.general.changeCount == before + 2)
    var texts: [String] = []
    for provider in copied { texts.append(try await provider.loadTransferable(type: String.self)) }
    #expect(texts == ["札幌", "函館"])
  }

  @Test func controlVPastesWhatTheValidatorKeeps() async throws {
    var pasted: [[String]] = []
    let (test, host) = host(Shelf(cities: ["札幌"], pasted: { pasted.append($0) }))
    let focusable = try #require(find("ButtonControl", in: host))
    #expect(test.window.focus(focusable))
    Pasteboard.general.strings = ["小樽", "東京", "釧路"]
    test.key(.character("v"), modifiers: .control)
    #expect(await eventually { !pasted.isEmpty })
    #expect(pasted == [["小樽", "釧路"]])
    test.settle()
    #expect(host.tree.contains("cities=札幌,小樽,釧路"), "\(host.tree)")
  }

  /// Other tests may change the general pasteboard while this one waits for an update, so
  /// what it pastes is set again just before the tap, with no wait between.
  @Test func thePasteButtonIsEnabledOnlyWhileThePasteboardHoldsItsType() async throws {
    struct Paster: View {
      @State var text = "none"
      var body: some View {
        VStack {
          PasteButton(payloadType: String.self) { values in text = values.joined(separator: "+") }
          Text("pasted=" + text)
        }
      }
    }
    Pasteboard.general.itemProviders = []
    let (test, host) = host(Paster())
    test.settle()
    let control = try #require(find("ButtonControl", in: host))
    #expect(control.accessibilityTraits.contains(.notEnabled))
    Pasteboard.general.string = "網走"
    // The button hears of the change, and is enabled at the next update.
    #expect(
      await eventually {
        test.settle()
        return find("ButtonControl", in: host)?.accessibilityTraits.contains(.notEnabled) == false
      })
    let button = try #require(find("ButtonControl", in: host))
    Pasteboard.general.string = "網走"
    test.tap(at: center(of: button, in: test))
    #expect(
      await eventually {
        test.settle()
        return host.tree.contains("pasted=網走")
      }, "\(host.tree)")
  }
}
