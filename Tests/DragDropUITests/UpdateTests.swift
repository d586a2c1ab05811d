import DragDropTesting
import DragDropUI
import Foundation
import Observation
import TestSupport
import Testing

/// Counts body evaluations by name.
@MainActor
final class BodyLog {
  var names: [String] = []
  func note(_ name: String) { names.append(name) }
}

@MainActor
struct Counter: View {
  let log: BodyLog
  @State private var count = 0

  var body: some View {
    let _ = log.note("Counter")
    VStack {
      Text("Count \(count)").onTapGesture { count += 1 }
      Label(log: log, title: "fixed")
    }
  }
}

@MainActor
struct Label: View {
  let log: BodyLog
  let title: String

  var body: some View {
    let _ = log.note("Label \(title)")
    Text(title)
  }
}

@MainActor
struct Toggle: View {
  @Binding var isOn: Bool
  let log: BodyLog

  var body: some View {
    let _ = log.note("Toggle")
    Text(isOn ? "on" : "off").onTapGesture { isOn.toggle() }
  }
}

@MainActor
struct Parent: View {
  let log: BodyLog
  @State private var isOn = false

  var body: some View {
    let _ = log.note("Parent")
    Toggle(isOn: $isOn, log: log)
  }
}

@Observable
@MainActor
final class Library {
  var titles = ["Shiretoko", "Zaō"]
  var subtitle = "two photos"
}

@MainActor
struct TitleRow: View {
  let library: Library
  let log: BodyLog
  var body: some View {
    let _ = log.note("TitleRow")
    Text(library.titles.joined(separator: ","))
  }
}

@MainActor
struct SubtitleRow: View {
  let library: Library
  let log: BodyLog
  var body: some View {
    let _ = log.note("SubtitleRow")
    Text(library.subtitle)
  }
}

@MainActor
struct Row: View, Equatable {
  let name: String
  @State var taps = 0
  nonisolated static func == (lhs: Row, rhs: Row) -> Bool { lhs.name == rhs.name }
  var body: some View {
    Text("\(name) \(taps)").onTapGesture { taps += 1 }
  }
}

@MainActor
struct UpdateTests {
  @Test func aTapChangesStateAndReEvaluatesOnlyTheBodyThatReadIt() {
    let log = BodyLog()
    let (test, host) = host(Counter(log: log))
    #expect(log.names == ["Counter", "Label fixed"])
    let textView = host.subviews[0].subviews[0].subviews[0].subviews[0]
    host.graph.statistics = UpdateStatistics()
    test.tap(at: textView.convert(textView.bounds.center, to: test.window))
    test.settle()
    #expect(log.names == ["Counter", "Label fixed", "Counter"])
    #expect(host.graph.statistics.bodyEvaluations == 1)
    #expect(host.graph.statistics.viewsRedrawn == 1)
    // The same on-screen view shows the new text: identity is kept.
    #expect(host.subviews[0].subviews[0].subviews[0].subviews[0] === textView)
    #expect(textView.snapshotDescription.contains("text=\"Count 1\""))
  }

  @Test func aBindingWritesTheParentsStateAndOnlyTheReaderIsEvaluated() {
    let log = BodyLog()
    let (test, host) = host(Parent(log: log))
    #expect(log.names == ["Parent", "Toggle"])
    test.tap(at: Point(x: 200, y: 150))
    test.settle()
    // The parent did not read `isOn`: only the toggle's body runs again.
    #expect(log.names == ["Parent", "Toggle", "Toggle"])
    #expect(host.tree.contains("text=\"on\""))
  }

  @Test func anObservableModelUpdatesOnlyTheViewsThatReadTheChangedProperty() async {
    let log = BodyLog()
    let library = Library()
    let (test, host) = host(
      VStack {
        TitleRow(library: library, log: log)
        SubtitleRow(library: library, log: log)
      })
    #expect(log.names == ["TitleRow", "SubtitleRow"])
    library.titles.append("Nikkō")
    // The model tells the graph through the main actor's queue.
    #expect(await eventually { host.graph.needsUpdate })
    test.settle()
    #expect(log.names == ["TitleRow", "SubtitleRow", "TitleRow"])
    #expect(host.tree.contains("text=\"Shiretoko,Zaō,Nikkō\""))
  }

  @Test func rowsKeepTheirStateByIdentityWhenTheCollectionIsReordered() {
    struct Rows: View {
      var names: [String]
      var body: some View {
        VStack { ForEach(names, id: \.self) { Row(name: $0) } }
      }
    }
    let (test, host) = host(Rows(names: ["a", "b", "c"]))
    let rowB = host.subviews[0].subviews[0].subviews[1]
    test.tap(at: rowB.convert(rowB.bounds.center, to: test.window))
    test.settle()
    #expect(host.tree.contains("text=\"b 1\""))
    host.rootView = Rows(names: ["c", "b", "a", "d"])
    host.layoutIfNeeded()
    let texts = host.subviews[0].subviews[0].subviews.map { $0.subviews.first?.snapshotDescription ?? "" }
    #expect(
      texts.map { $0.components(separatedBy: "text=").last ?? "" } == ["\"c 0\"", "\"b 1\"", "\"a 0\"", "\"d 0\""])
    // B's on-screen view moved with it.
    #expect(host.subviews[0].subviews[0].subviews[1] === rowB)
  }

  @Test func anUnchangedChildIsNotEvaluatedAgain() {
    struct Outer: View {
      let log: BodyLog
      @State var count = 0
      var body: some View {
        VStack {
          Text("\(count)").onTapGesture { count += 1 }
          Label(log: log, title: "same")
        }
      }
    }
    let log = BodyLog()
    let (test, host) = host(Outer(log: log))
    host.graph.statistics = UpdateStatistics()
    test.tap(at: Point(x: 200, y: 140))
    test.settle()
    // Label's inputs (a log object, the same title) did not change.
    #expect(log.names == ["Label same"])
    #expect(host.graph.statistics.bodyEvaluations == 1)
  }

  @Test func switchingBranchesReplacesTheViewsAndTheirState() {
    struct Switch: View {
      var showsFirst: Bool
      var body: some View {
        if showsFirst { Row(name: "first") } else { Row(name: "second") }
      }
    }
    let (test, host) = host(Switch(showsFirst: true))
    test.tap(at: Point(x: 200, y: 150))
    test.settle()
    #expect(host.tree.contains("text=\"first 1\""))
    host.rootView = Switch(showsFirst: false)
    host.layoutIfNeeded()
    #expect(host.tree.contains("text=\"second 0\""))
    host.rootView = Switch(showsFirst: true)
    host.layoutIfNeeded()
    #expect(host.tree.contains("text=\"first 0\""))
  }

  @Test func theEnvironmentReachesTextAndEnvironmentReaders() {
    struct FontName: View {
      @Environment(\.font) var font
      var body: some View { Text(font.map { "\($0)" } ?? "none") }
    }
    let (_, host) = host(VStack { FontName() }.font(.title))
    #expect(host.tree.contains("text=\"28pt\""))
    host.rootView = VStack { FontName() }.font(.caption)
    host.layoutIfNeeded()
    #expect(host.tree.contains("text=\"12pt\""))
  }

  @Test func anOptionalAndASwitchBuildTheirViews() {
    struct Choice: View {
      var value: Int?
      var body: some View {
        if let value {
          switch value {
          case 0: Text("zero")
          case 1: Text("one")
          default: Text("many")
          }
        }
      }
    }
    let (_, host) = host(Choice(value: nil))
    #expect(!host.tree.contains("Text"))
    for (value, text) in [(0, "zero"), (1, "one"), (7, "many")] {
      host.rootView = Choice(value: value)
      host.layoutIfNeeded()
      #expect(host.tree.contains("text=\"\(text)\""))
    }
    host.rootView = Choice(value: nil)
    host.layoutIfNeeded()
    #expect(!host.tree.contains("Text"))
  }
}

@MainActor
struct WindowEnvironmentTests {
  @Test func viewsReadTheirWindowsEnvironment() {
    struct Device: View {
      @Environment(\.windowEnvironment) var window
      var body: some View { Text("\(window.deviceConfiguration)") }
    }
    let (_, host) = host(Device())
    #expect(host.tree.contains("text=\"\(host.environment.deviceConfiguration)\""), "\(host.tree)")
  }
}

@MainActor
struct LeakTests {
  @Test func aHostingViewAndItsTreeAreFreedWithTheirWindow() async throws {
    weak var weakHost: HostingView<Tiles>?
    weak var weakGraph: ViewGraph?
    do {
      let (test, host) = host(Tiles(tiles: ["a", "b", "c"]), size: Size(width: 400, height: 400))
      weakHost = host
      weakGraph = host.graph
      // A drag and a drop, so that interactions, sessions and row nodes have all been used.
      let source = try #require(find("text=\"from outside\"", in: host))
      test.pointerDrag(from: center(of: source, in: test), through: [Point(x: 200, y: 100)])
      await test.recorder.settle()
      test.settle()
      host.removeFromSuperview()
      test.recorder.skip()
    }
    #expect(weakHost == nil)
    #expect(weakGraph == nil)
  }
}

@MainActor
struct LayoutScopeTests {
  @Test func aChangeInOneRowPlacesOnlyThatRowAndTheNodesAboveIt() {
    struct Rows: View {
      var body: some View {
        VStack { ForEach(0..<50) { Row(name: "row \($0)") } }
      }
    }
    let (test, host) = host(Rows(), size: Size(width: 400, height: 2000))
    host.graph.statistics = UpdateStatistics()
    let row = find("text=\"row 10 0\"", in: host)!
    test.tap(at: center(of: row, in: test))
    test.settle()
    #expect(host.tree.contains("text=\"row 10 1\""))
    // The row's text, its tap wrapper and the stack and root above: not the other 49 rows.
    #expect(host.graph.statistics.nodesPlaced <= 6, "\(host.graph.statistics)")
    #expect(host.graph.statistics.bodyEvaluations == 1)
  }

  @Test func rowsWhoseFramesAndPaddingAreUnchangedAreNotPlacedAgainWhenTheirParentUpdates() {
    struct Rows: View {
      @State var taps = 0
      var body: some View {
        VStack(spacing: 0) {
          Text("taps \(taps)").onTapGesture { taps += 1 }
          ForEach(0..<50) { Text("row \($0)").frame(height: 20).padding(2) }
        }
      }
    }
    let (test, host) = host(Rows(), size: Size(width: 400, height: 2000))
    host.graph.statistics = UpdateStatistics()
    let counter = find("text=\"taps 0\"", in: host)!
    test.tap(at: center(of: counter, in: test))
    test.settle()
    #expect(host.tree.contains("text=\"taps 1\""))
    #expect(host.graph.statistics.bodyEvaluations == 1)
    // The counter, its tap wrapper, the stack and the root: none of the 50 rows, whose
    // frame and padding are the same as before.
    #expect(host.graph.statistics.nodesPlaced <= 6, "\(host.graph.statistics)")
  }

  @Test func aStateChangeInsideAListRowReachesTheRowsLayout() {
    struct Rows: View {
      var body: some View { List(0..<3, id: \.self) { Row(name: "r\($0)") }.frame(width: 300, height: 200) }
    }
    let (test, host) = host(Rows())
    let row = find("text=\"r1 0\"", in: host)!
    test.tap(at: center(of: row, in: test))
    test.settle()
    host.layoutIfNeeded()
    let text = find("text=\"r1 1\"", in: host)
    #expect(text != nil)
    // "r1 1" is as wide as "r1 0": the text view keeps a width that fits it.
    #expect(text.map { $0.bounds.width > 0 } == true)
  }
}
