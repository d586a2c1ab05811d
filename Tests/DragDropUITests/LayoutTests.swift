import DragDropTesting
import DragDropUI
import Foundation
import Testing

/// A window with a hosting view filling it, laid out.
@MainActor
func host<Content: View>(
  _ content: Content, size: Size = Size(width: 400, height: 300)
) -> (
  TestWindow, HostingView<Content>
) {
  let test = TestWindow(size: size)
  let host = HostingView(rootView: content, frame: test.window.bounds)
  test.window.addSubview(host)
  host.layoutIfNeeded()
  return (test, host)
}

extension HostingView {
  /// The tree without the hosting view's own line, indented from the root.
  var tree: String {
    treeSnapshot.split(separator: "\n").dropFirst().map { String($0.dropFirst(2)) }.joined(separator: "\n")
  }
}

@MainActor
struct LayoutTests {
  @Test func aVerticalStackIsCentredAndSpacedEightPoints() {
    let (_, host) = host(
      VStack {
        Text("One")
        Text("Three")
      })
    #expect(
      host.tree == """
        Root frame=(0, 0, 400×300)
          VStack frame=(174.5, 125, 51×50)
            Text frame=(10, 0, 31×21) text="One"
            Text frame=(0, 29, 51×21) text="Three"
        """)
  }

  @Test func aSpacerTakesWhatIsLeftAlongItsStack() {
    let (_, host) = host(
      HStack(spacing: 0) {
        Text("A")
        Spacer()
        Text("B")
      }.frame(width: 200))
    #expect(
      host.tree == """
        Root frame=(0, 0, 400×300)
          Frame frame=(100, 139.5, 200×21)
            HStack frame=(0, 0, 200×21)
              Text frame=(0, 0, 11×21) text="A"
              Spacer frame=(11, 10.5, 178×0)
              Text frame=(189, 0, 11×21) text="B"
        """)
  }

  @Test func paddingBorderAndOverlayWrapTheirContent() {
    let (_, host) = host(
      Rectangle().stroke(Color.red).frame(width: 200, height: 70).overlay(Text("Hi")).padding().border(Color.black))
    #expect(
      host.tree == """
        Root frame=(0, 0, 400×300)
          Overlay frame=(84, 99, 232×102)
            Padding frame=(0, 0, 232×102)
              Overlay frame=(16, 16, 200×70)
                Frame frame=(0, 0, 200×70)
                  Rectangle frame=(0, 0, 200×70)
                Text frame=(89.5, 24.5, 21×21) noInteraction text="Hi"
            Rectangle frame=(0, 0, 232×102) noInteraction
        """)
  }

  @Test func aFlexibleFrameTakesTheWidthOffered() {
    let (_, host) = host(Text("Wide").frame(maxWidth: .infinity, alignment: .leading).background(Color.blue))
    #expect(
      host.tree == """
        Root frame=(0, 0, 400×300)
          Background frame=(0, 139.5, 400×21)
            Color frame=(0, 0, 400×21) noInteraction
            Frame frame=(0, 0, 400×21)
              Text frame=(0, 0, 41×21) text="Wide"
        """)
  }

  @Test func textTooWideWrapsOntoMoreLines() {
    let (test, host) = host(Text("A rather long line of text").frame(width: 80))
    // Five lines of the headless measurer's widths, the widest 72 points, centred in 80.
    #expect(host.tree.contains("Text frame=(4, 0, 72×105)"), "\(host.tree)")
    let lines = test.window.displayListSnapshot.split(separator: "\n").filter { $0.contains("text \"") }
    #expect(
      lines.map { $0.trimmingCharacters(in: .whitespaces) } == [
        "text \"A\" at (0, 0) 17pt #1a1a1fff", "text \"rather\" at (0, 21) 17pt #1a1a1fff",
        "text \"long\" at (0, 42) 17pt #1a1a1fff", "text \"line of\" at (0, 63) 17pt #1a1a1fff",
        "text \"text\" at (0, 84) 17pt #1a1a1fff",
      ])
  }

  @Test func textInTooLittleHeightEndsInAnEllipsis() {
    let (test, _) = host(Text("A rather long line of text").frame(width: 80, height: 21))
    let list = test.window.displayListSnapshot
    #expect(list.contains("text \"A rath…\" at (0, 0) 17pt"), "\(list)")
  }

  @Test func shapesFillStrokeAndFollowTheForegroundColour() {
    let (test, _) = host(
      HStack {
        Circle().fill(Color.red).frame(width: 20, height: 10)
        RoundedRectangle(cornerRadius: 4).frame(width: 30, height: 30)
      }.foregroundColor(Color.green))
    let list = test.window.displayListSnapshot
    #expect(list.contains("fill ellipse (5, 0, 10×10) #ff3b30ff"))
    #expect(list.contains("fill roundedRect (0, 0, 30×30) r4 #33c759ff"))
  }
}

@MainActor
struct ScrollViewTests {
  @Test func contentTallerThanTheViewScrollsAndKeepsItsSize() throws {
    let (test, host) = host(
      ScrollView {
        VStack(spacing: 0) { ForEach(0..<30) { Text("line \($0)").frame(height: 20) } }
      }.frame(width: 200, height: 100))
    let scroll = try #require(find("ScrollView frame", in: host))
    // As in SwiftUI, the stack keeps its own width, centred.
    #expect(host.tree.contains("VStack frame=(64, 0, 72×600)"), "\(host.tree)")
    test.window.send(
      ScrollEvent(kind: .precise, delta: Point(x: 0, y: 150), location: center(of: scroll, in: test), timestamp: 0))
    #expect(scrollOffset(of: scroll) == Point(x: 0, y: 150))
  }
}

@MainActor
struct BadInputTests {
  @Test func lengthsThatMakeNoSenseAreIgnoredAndNothingCrashes() {
    let (test, host) = host(
      VStack(spacing: .nan) {
        Text("a").frame(width: -20, height: CGFloat.infinity)
        Text("b").padding(-8).padding(.nan).opacity(.nan).cornerRadius(.infinity)
        Spacer(minLength: -5)
        Color.red.frame(minWidth: .nan, maxWidth: -3)
        Text("").border(Color.black, width: CGFloat.nan)
        LazyVGrid(columns: [GridItem(.fixed(0)), GridItem(.adaptive(minimum: .nan))], spacing: .infinity) {
          ForEach(0..<3) { Text("\($0)") }
        }.frame(width: 100, height: 100)
        Image(systemName: "no.such.symbol")
      })
    // The frames are finite with sizes that are not negative (an origin may be: text
    // larger than a one-point cell hangs over it); the display list draws.
    for line in host.tree.split(separator: "\n") {
      #expect(!line.contains("nan") && !line.contains("inf") && !line.contains("×-"), "\(line)")
      #expect(line.range(of: #", -[0-9.]+×"#, options: .regularExpression) == nil, "\(line)")
    }
    #expect(!test.window.displayListSnapshot.isEmpty)
  }
}
