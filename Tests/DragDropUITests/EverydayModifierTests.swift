import DragDropTesting
import Foundation
import TestSupport
import Testing

import class Views.RecordingGraphicsContext
import class Views.ShapeLayer

@testable import DragDropUI

/// The everyday modifiers around drag and drop: stacking order, appear and disappear,
/// clip shapes, shadows, text weight and alignment, geometry readers and lazy stacks.
@MainActor
@Suite struct EverydayModifierTests {
  @Test("zIndex draws a view in front of its later siblings, and taps reach it first")
  func zIndex() throws {
    struct Cards: View {
      @State var tapped = ""
      var body: some View {
        VStack {
          ZStack {
            Color.red.frame(width: 100, height: 100).onTapGesture { tapped = "red" }.zIndex(1)
            Color.blue.frame(width: 100, height: 100).onTapGesture { tapped = "blue" }
          }
          Text("tapped \(tapped)")
        }
      }
    }
    let (test, host) = host(Cards())
    let stack = try #require(findView(named: "ZStack", in: host))
    // The red card, written first, is drawn last: in front.
    #expect(stack.subviews.last?.snapshotDescription.contains("TapGesture") == true)
    test.tap(at: center(of: stack, in: test))
    test.settle()
    #expect(host.tree.contains("text=\"tapped red\""))
  }

  @Test("onAppear runs once the view is on screen, and onDisappear once it has gone")
  func appearAndDisappear() {
    @MainActor final class Log { var events: [String] = [] }
    struct Panel: View {
      let log: Log
      @State var showsDetail = true
      var body: some View {
        VStack {
          if showsDetail {
            Text("detail")
              .onAppear { log.events.append("appear") }
              .onDisappear { log.events.append("disappear") }
          }
          Text("toggle").onTapGesture { showsDetail.toggle() }
        }
      }
    }
    let log = Log()
    let (test, host) = host(Panel(log: log))
    #expect(log.events == ["appear"])
    let toggle = find("text=\"toggle\"", in: host)!
    test.tap(at: center(of: toggle, in: test))
    test.settle()
    #expect(log.events == ["appear", "disappear"])
    test.tap(at: center(of: toggle, in: test))
    test.settle()
    #expect(log.events == ["appear", "disappear", "appear"])
  }

  @Test("State an onAppear sets shows in the same update")
  func appearSetsState() {
    struct Loader: View {
      @State var loaded = false
      var body: some View {
        Text(loaded ? "loaded" : "loading").onAppear { loaded = true }
      }
    }
    let (test, host) = host(Loader())
    test.settle()
    #expect(host.tree.contains("text=\"loaded\""))
  }

  @Test("An action that changes what it watches every time does not hang an update")
  func runaway() {
    struct Runaway: View {
      @State var count = 0
      var body: some View {
        Text("count \(count)")
          .onAppear { count = 1 }
          .onChange(of: count) { count += 1 }
      }
    }
    let (_, host) = host(Runaway())
    // The update gave up after its rounds, and asked for another.
    #expect(host.graph.needsUpdate)
    let shown = host.tree.split(separator: "\n").first { $0.contains("text=\"count ") }
    #expect(shown.map { !$0.contains("count 0\"") } == true, "\(String(describing: shown))")
  }

  @Test("clipShape masks the view to the shape in its bounds; shadow casts one behind it")
  func clipAndShadow() throws {
    let (_, card) = host(
      VStack {
        Color.yellow.frame(width: 80, height: 40).clipShape(Capsule()).shadow(radius: 4, x: 1, y: 2)
      })
    let clip = try #require(findView(named: "ClipShape", in: card))
    let mask = try #require(clip.layer.mask as? ShapeLayer)
    #expect(mask.path == Capsule().path(in: Rect(x: 0, y: 0, width: 80, height: 40)))
    let shadow = try #require(findView(named: "Shadow", in: card))
    #expect(shadow.layer.shadowRadius == 4 && shadow.layer.shadowOffset == Size(width: 1, height: 2))
    #expect(shadow.layer.shadowOpacity == 1)
    let (_, clamped) = host(Color.red.shadow(radius: -.infinity, x: .nan, y: .infinity))
    let odd = try #require(findView(named: "Shadow", in: clamped))
    #expect(odd.layer.shadowRadius == 0 && odd.layer.shadowOffset == .zero)
  }

  @Test("bold and fontWeight weigh the text inside; Text keeps its size")
  func weight() throws {
    let (_, bold) = host(VStack { Text("a").font(.title) }.bold())
    #expect(try #require(firstTextLeaf(in: bold)).font == Font(size: 28, weight: .bold))
    let (_, light) = host(Text("a").fontWeight(.light))
    #expect(try #require(firstTextLeaf(in: light)).font == Font(size: 17, weight: .light))
    let (_, off) = host(Text("a").bold(false))
    #expect(try #require(firstTextLeaf(in: off)).font == .body)
  }

  @Test("multilineTextAlignment lines up the wrapped lines")
  func alignment() throws {
    let text = "a long line of words that wraps"
    for (alignment, expected) in [(TextAlignment.leading, "leading"), (.center, "center"), (.trailing, "trailing")] {
      let (_, hosted) = host(Text(text).frame(width: 120).multilineTextAlignment(alignment))
      let leaf = try #require(firstTextLeaf(in: hosted))
      #expect(leaf.alignment == alignment, "\(expected)")
      let recording = RecordingGraphicsContext()
      leaf.draw(in: recording)
      let xs = recording.commands.compactMap { command -> Double? in
        if case .text(_, let origin, _, _) = command { return origin.x }
        return nil
      }
      #expect(xs.count > 1)
      if alignment == .leading { #expect(xs.allSatisfy { $0 == 0 }) }
      if alignment != .leading { #expect(xs.contains { $0 > 0 }) }
    }
  }

  @Test("A geometry reader takes the space offered and makes its content from its size")
  func geometryReader() throws {
    let (test, host) = host(
      GeometryReader { proxy in
        Color.blue.frame(width: proxy.size.width / 2, height: proxy.size.height / 4)
      }, size: Size(width: 400, height: 300))
    let reader = try #require(findView(named: "GeometryReader", in: host))
    #expect(reader.frame.size == Size(width: 400, height: 300))
    let content = try #require(reader.subviews.first)
    #expect(content.frame == Rect(x: 0, y: 0, width: 200, height: 75))
    host.frame = Rect(x: 0, y: 0, width: 200, height: 100)
    host.layoutIfNeeded()
    test.settle()
    #expect(reader.subviews.first?.frame == Rect(x: 0, y: 0, width: 100, height: 25))
  }

  @Test("A lazy stack is as wide as the space offered, its views placed by its alignment")
  func lazyStack() throws {
    let (_, host) = host(
      ScrollView {
        LazyVStack(alignment: .leading, spacing: 4) {
          ForEach(0..<3, id: \.self) { Text("row \($0)") }
        }
      }, size: Size(width: 300, height: 200))
    let rows = (0..<3).compactMap { find("text=\"row \($0)\"", in: host) }
    #expect(rows.count == 3)
    #expect(rows.allSatisfy { $0.convert(Point.zero, to: host).x == 0 })
  }

  @Test("A colour as a background fills the view's bounds")
  func colourBackground() throws {
    let (_, host) = host(VStack { Text("hi").padding(4).background(.yellow) })
    let background = try #require(findView(named: "Background", in: host))
    #expect(background.subviews.first?.frame.size == background.frame.size)
  }
}
