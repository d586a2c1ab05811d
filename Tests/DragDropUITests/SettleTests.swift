import DragDropTesting
import Foundation
import TestSupport
import Testing

@testable import DragDropUI

@MainActor
struct SettleTests {
  struct Board: View {
    @State var todo = ["Write", "Test"]
    var body: some View {
      VStack(spacing: 10) {
        Text("Ship").draggable("Ship")
        List {
          ForEach(todo, id: \.self) { Text($0) }
            .dropDestination(for: String.self) { strings, offset in todo.insert(contentsOf: strings, at: offset) }
        }
        .frame(width: 300, height: 300)
        Text(todo.joined(separator: ","))
      }
    }
  }

  @Test("A drop into a List settles once its load is in, whatever timers its placeholder keeps")
  func aDropIntoAListSettlesWithoutRunningTheClockOut() async throws {
    let (test, host) = host(Board(), size: Size(width: 400, height: 450))
    let source = try #require(find("text=\"Ship\"", in: host))
    test.pointerDrag(
      from: center(of: source, in: test), through: [rowCenter(1, in: host, test: test) - Point(x: 0, y: 12)])
    let start = test.clock.now
    await test.recorder.settle()
    // The drop animation and the placeholder's commit, not the 60 s limit that the
    // placeholder's progress timer used to carry the clock to while its load ran.
    #expect(test.clock.now - start < 1, "the clock ran \(test.clock.now - start) s")
    test.settle()
    #expect(host.tree.contains("text=\"Write,Ship,Test\""), "\(host.tree)")
    test.recorder.skip()
  }
}
