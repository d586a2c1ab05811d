import DragDropTesting
import DragDropUI
import Foundation
import TestSupport
import Testing

/// `.disabled` turns off the taps, drags and drops beneath it, and turning it off again
/// brings them back.
@MainActor
@Suite struct DisabledTests {
  struct Board: View {
    var disabledSource = false
    var disabledTarget = false
    var disabledTap = false
    @State var received: [String] = []
    @State var taps = 0
    @State var targeted = false

    var body: some View {
      VStack(spacing: 30) {
        Text("source").draggable("夏").disabled(disabledSource)
        Color.green.frame(width: 120, height: 60)
          .dropDestination(for: String.self) { strings, _ in
            received += strings
            return true
          } isTargeted: {
            targeted = $0
          }
          .disabled(disabledTarget)
        Text("taps \(taps)").onTapGesture { taps += 1 }.disabled(disabledTap)
        Text("received=\(received.joined(separator: ",")) \(targeted)")
      }
    }
  }

  @Test("A disabled drop target takes no drop and is never targeted; enabled again, it takes one")
  func dropTarget() async throws {
    let board = Board(disabledTarget: true)
    let (test, host) = host(board, size: Size(width: 400, height: 400))
    let source = try #require(find("text=\"source\"", in: host))
    let target = try #require(findView(named: "OnDrop", in: host))
    test.pointerDrag(from: center(of: source, in: test), through: [center(of: target, in: test)])
    await test.recorder.settle()
    #expect(host.tree.contains("text=\"received= false\""))
    host.rootView = Board(disabledTarget: false)
    host.layoutIfNeeded()
    test.pointerDrag(from: center(of: source, in: test), through: [center(of: target, in: test)])
    await test.recorder.settle()
    #expect(await eventually { host.tree.contains("text=\"received=夏 false\"") }, "\(host.tree)")
    test.recorder.skip()
  }

  @Test("A disabled drag source does not lift")
  func dragSource() throws {
    let board = Board(disabledSource: true)
    let (test, host) = host(board, size: Size(width: 400, height: 400))
    let source = try #require(find("text=\"source\"", in: host))
    let target = try #require(findView(named: "OnDrop", in: host))
    test.pointerDrag(from: center(of: source, in: test), through: [center(of: target, in: test)])
    #expect(test.window.dragController.activeSessions.isEmpty)
    #expect(host.tree.contains("text=\"received= false\""))
    test.recorder.skip()
  }

  @Test("A disabled tap gesture does not run")
  func tap() throws {
    let board = Board(disabledTap: true)
    let (test, host) = host(board, size: Size(width: 400, height: 400))
    let text = try #require(find("text=\"taps 0\"", in: host))
    test.tap(at: center(of: text, in: test))
    test.settle()
    #expect(host.tree.contains("text=\"taps 0\""))
  }
}
