import DragDropTesting
import Foundation
import Observation
import TestSupport
import Testing

@testable import DragDropUI

/// Bound collections, observable objects, changes, tasks, submit actions, text field
/// styles and the colour scheme.
@MainActor
@Suite struct ModelBindingTests {
  struct Task3: Identifiable, Hashable {
    let id: Int
    var title: String
  }

  struct Editor: View {
    @State var tasks = [Task3(id: 1, title: "a"), Task3(id: 2, title: "b")]
    @State var submitted: [String] = []
    @State var changes: [String] = []
    var body: some View {
      VStack {
        ForEach($tasks) { $task in
          TextField("Title", text: $task.title).frame(width: 200)
        }
        Text(
          "tasks=\(tasks.map(\.title).joined(separator: ",")) submitted=\(submitted.joined()) changes=\(changes.joined(separator: ";"))"
        )
      }
      .onSubmit { submitted.append("!") }
      .onChange(of: tasks.map(\.title)) { old, new in changes.append("\(old.joined())>\(new.joined())") }
      .textFieldStyle(.roundedBorder)
    }
  }

  @Test("ForEach over a binding gives each row a binding to its element; onSubmit and onChange hear the edit")
  func boundRows() throws {
    let (test, host) = host(Editor())
    let fields = host.tree.split(separator: "\n").filter { $0.contains("TextField frame=") }
    #expect(fields.count == 2)
    let second = try #require(find("text=\"b\"", in: host))
    test.tap(at: center(of: second, in: test))
    test.key(.end)
    test.key(.character("x"))
    test.key(.return)
    test.settle()
    #expect(host.tree.contains("text=\"tasks=a,bx submitted=! changes=ab>abx\""), "\(host.tree)")
  }

  @Test("The rounded-border style draws the field in a white box with a grey rounded border")
  func roundedBorder() throws {
    let (_, rounded) = host(
      VStack { TextField("Name", text: .constant("")).frame(width: 150) }.textFieldStyle(.roundedBorder))
    #expect(rounded.tree.contains("Overlay") && rounded.tree.contains("Background") && rounded.tree.contains("Padding"))
    let (_, plain) = host(VStack { TextField("Name", text: .constant("")).frame(width: 150) })
    #expect(!plain.tree.contains("Overlay"))
  }

  @Observable @MainActor final class Library {
    var title = "Photos"
  }

  struct Renamer: View {
    @Bindable var library: Library
    var body: some View {
      TextField("Title", text: $library.title).frame(width: 200)
    }
  }

  @Test("@Bindable binds a text field to an observable object's property")
  func bindable() throws {
    let library = Library()
    let (test, host) = host(Renamer(library: library))
    let field = try #require(find("TextField", in: host))
    test.tap(at: center(of: field, in: test))
    test.key(.end)
    test.key(.character("!"))
    #expect(library.title == "Photos!")
  }

  @Test("A task starts when its view appears and is cancelled when the view goes")
  func task() async throws {
    @MainActor final class Log { var events: [String] = [] }
    struct Loader: View {
      let log: Log
      var shows: Bool
      var body: some View {
        VStack {
          if shows {
            Text("loading").task {
              log.events.append("started")
              // Waits on a stream nothing feeds: it ends only when the task is cancelled.
              let (stream, _) = AsyncStream<Int>.makeStream()
              for await _ in stream {}
              if Task.isCancelled { log.events.append("cancelled") }
            }
          }
        }
      }
    }
    let log = Log()
    let (_, host) = host(Loader(log: log, shows: true))
    #expect(await eventually { log.events == ["started"] })
    host.rootView = Loader(log: log, shows: false)
    #expect(await eventually { log.events == ["started", "cancelled"] })
  }

  @Test("The colour scheme is light unless asked otherwise")
  func colorScheme() {
    struct Scheme: View {
      @Environment(\.colorScheme) var scheme
      var body: some View { Text("scheme \(scheme == .dark ? "dark" : "light")") }
    }
    let (_, light) = host(Scheme())
    #expect(light.tree.contains("text=\"scheme light\""))
    let (_, dark) = host(Scheme().preferredColorScheme(.dark))
    #expect(dark.tree.contains("text=\"scheme dark\""))
  }
}
