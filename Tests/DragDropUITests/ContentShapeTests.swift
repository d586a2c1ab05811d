@_spi(Platform) import DragDrop
import DragDropTesting
import Foundation
import TestSupport
import Testing

@testable import DragDropUI

/// contentShape for input and for drag previews, and moveDisabled in lists.
@MainActor
@Suite struct ContentShapeTests {
  @Test("A drag-preview content shape outlines the lift preview of the onDrag around it")
  func dragPreviewShape() throws {
    let (test, host) = host(
      VStack {
        Text("card").frame(width: 100, height: 60)
          .contentShape(.dragPreview, RoundedRectangle(cornerRadius: 12))
          .onDrag { ItemProvider(object: "card") }
      })
    let card = try #require(findView(named: "OnDrag", in: host))
    test.longPress(at: center(of: card, in: test))
    let session = try #require(test.window.dragController.activeSessions.first)
    let preview = try #require(test.window.dragController.liftPreviews(of: session).first ?? nil)
    #expect(preview.view === card)
    #expect(
      preview.parameters.visiblePath
        == BezierPath(cgPath: RoundedRectangle(cornerRadius: 12).path(in: Rect(x: 0, y: 0, width: 100, height: 60))))
    test.release()
    test.settle()
  }

  @Test("An interaction content shape is where taps reach the view")
  func interactionShape() throws {
    struct Dot: DragDropUI.View {
      @State var taps = 0
      var body: some DragDropUI.View {
        VStack {
          Color.blue.frame(width: 100, height: 100).contentShape(Circle()).onTapGesture { taps += 1 }
          Text("taps \(taps)")
        }
      }
    }
    let (test, host) = host(Dot())
    let shape = try #require(findView(named: "ContentShape", in: host))
    let origin = shape.convert(Point.zero, to: test.window)
    // The corner is outside the circle; the middle is inside.
    test.tap(at: Point(x: origin.x + 3, y: origin.y + 3))
    test.settle()
    #expect(host.tree.contains("text=\"taps 0\""))
    test.tap(at: Point(x: origin.x + 50, y: origin.y + 50))
    test.settle()
    #expect(host.tree.contains("text=\"taps 1\""))
  }

  struct Pinned: DragDropUI.View {
    @State var names = ["pinned", "b", "c"]
    var body: some DragDropUI.View {
      VStack(spacing: 0) {
        List {
          ForEach(names, id: \.self) { name in
            Text(name).moveDisabled(name == "pinned")
          }
          .onMove { names.move(fromOffsets: $0, toOffset: $1) }
        }
        .frame(width: 300, height: 400)
        Text(names.joined(separator: ","))
      }
    }
  }

  @Test("A row with moveDisabled does not lift; the others still move")
  func moveDisabled() {
    let (test, host) = host(Pinned(), size: Size(width: 300, height: 460))
    test.pointerDrag(
      from: rowCenter(0, in: host, test: test), through: [rowCenter(2, in: host, test: test) + Point(x: 0, y: 10)])
    test.settle()
    #expect(host.tree.contains("text=\"pinned,b,c\""))
    test.pointerDrag(
      from: rowCenter(2, in: host, test: test), through: [rowCenter(1, in: host, test: test) - Point(x: 0, y: 10)])
    test.settle()
    #expect(host.tree.contains("text=\"pinned,c,b\""), "\(host.tree)")
    test.recorder.skip()
  }
}
