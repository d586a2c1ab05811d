import DragDropTesting
import Foundation
import PropertyBased
import TestSupport
import Testing

@testable import DragDropUI

struct Reorderable: View {
  @State var names: [String]
  var log: BodyLog?

  var body: some View {
    VStack(spacing: 0) {
      List {
        ForEach(names, id: \.self) { name in
          RowText(name: name, log: log)
        }
        .onMove { names.move(fromOffsets: $0, toOffset: $1) }
      }
      .frame(width: 300, height: 400)
      Text(names.joined(separator: ","))
    }
  }
}

struct RowText: View {
  let name: String
  let log: BodyLog?
  var body: some View {
    let _ = log?.note(name)
    Text(name)
  }
}

@MainActor
struct ListTests {
  @Test func onlyTheVisibleRowsHaveViews() throws {
    let log = BodyLog()
    let names = (0..<10_000).map { "row \($0)" }
    let (_, host) = host(Reorderable(names: names, log: log), size: Size(width: 400, height: 500))
    // 400 points of 44-point rows: ten rows show, in part or whole.
    #expect(log.names.count <= 11)
    #expect(log.names.first == "row 0")
    #expect(host.tree.contains("text=\"row 0\""))
    #expect(!host.tree.contains("text=\"row 20\""))
  }

  @Test("Opening a list reads the elements and ids of the rows on screen, not every row's")
  func openingReadsOnlyTheRowsOnScreen() throws {
    let reads = ReadCount()
    struct Counted: Identifiable {
      let number: Int
      let reads: ReadCount
      var id: Int {
        reads.count += 1
        return number
      }
    }
    struct Rows: View {
      let items: [Counted]
      var body: some View { List(items) { Text("item \($0.number)") }.frame(width: 300, height: 400) }
    }
    let items = (0..<100_000).map { Counted(number: $0, reads: reads) }
    let (_, host) = host(Rows(items: items), size: Size(width: 300, height: 400))
    #expect(host.tree.contains("text=\"item 0\""))
    #expect(host.tree.contains("text=\"item 8\""))
    // Ten rows show; each id is read a few times (the cell, its height, its node).
    #expect(reads.count < 100, "\(reads.count) ids read")
    let list = try #require(firstEngineView(ListTableView.self, under: host))
    #expect(list.numberOfRows(inSection: 0) == 100_000)
  }

  @Test func aRowDraggedDownMovesThroughOnMoveWithPreRemovalOffsets() async throws {
    let (test, host) = host(Reorderable(names: ["a", "b", "c", "d"]), size: Size(width: 400, height: 500))
    test.pointerDrag(
      from: rowCenter(0, in: host, test: test), through: [rowCenter(2, in: host, test: test) + Point(x: 0, y: 10)])
    await test.recorder.settle()
    test.settle()
    #expect(host.tree.contains("text=\"b,c,a,d\""), "\(host.tree)")
    test.recorder.skip()
  }

  @Test func aRowDraggedUpMovesThroughOnMove() async throws {
    let (test, host) = host(Reorderable(names: ["a", "b", "c", "d"]), size: Size(width: 400, height: 500))
    test.pointerDrag(
      from: rowCenter(3, in: host, test: test), through: [rowCenter(1, in: host, test: test) - Point(x: 0, y: 10)])
    await test.recorder.settle()
    test.settle()
    #expect(host.tree.contains("text=\"a,d,b,c\""), "\(host.tree)")
    test.recorder.skip()
  }

  @Test func rowsKeepTheirViewsByIdentityWhenDataChanges() throws {
    struct Rows: View {
      var names: [String]
      var body: some View { List(names, id: \.self) { Text($0) }.frame(width: 300, height: 300) }
    }
    let (_, host) = host(Rows(names: ["a", "b", "c"]))
    let b = try #require(find("text=\"b\"", in: host))
    host.rootView = Rows(names: ["z", "c", "b", "a"])
    host.layoutIfNeeded()
    #expect(find("text=\"b\"", in: host) === b)
    #expect(find("text=\"z\"", in: host) != nil)
  }

  @Test("onMove's offsets are those Array.move(fromOffsets:toOffset:) takes")
  func moveOffsetsAgreeWithArrayMove() async {
    await propertyCheck(count: 300, input: Gen<UInt64>.value(in: 0...UInt64.max)) { seed in
      var random = SeededGenerator(state: seed)
      let count = Int.random(in: 1...12, using: &random)
      let source = Int.random(in: 0..<count, using: &random)
      let final = Int.random(in: 0..<count, using: &random)
      // What the table does: the row leaves, and goes in at its final index.
      var expected = Array(0..<count)
      expected.insert(expected.remove(at: source), at: final)
      var moved = Array(0..<count)
      let (offsets, destination) = moveOffsets(from: source, to: final)
      moved.move(fromOffsets: offsets, toOffset: destination)
      #expect(moved == expected)
      // And a move of several offsets against a plain model: take them out, put them in.
      let several = IndexSet((0..<count).filter { _ in Bool.random(using: &random) })
      let to = Int.random(in: 0...count, using: &random)
      var plain = Array(0..<count)
      let taken = several.map { plain[$0] }
      let removedBefore = several.filter { $0 < to }.count
      plain.remove(atOffsets: several)
      plain.insert(contentsOf: taken, at: to - removedBefore)
      var array = Array(0..<count)
      array.move(fromOffsets: several, toOffset: to)
      #expect(array == plain)
    }
  }

  @Test func rowsDragIntoAnotherListWhichInsertsThemAndOnlyThenTheSourceDeletes() async throws {
    try await moveBetweenLists(reading: true)
  }

  @Test func aRowTheOtherListNeverReadsStaysInItsList() async throws {
    try await moveBetweenLists(reading: false)
  }

  private func moveBetweenLists(reading: Bool) async throws {
    struct Two: View {
      let reading: Bool
      @State var left = ["北海道", "青森", "秋田"]
      @State var right = ["沖縄"]
      var body: some View {
        VStack(spacing: 0) {
          HStack(spacing: 20) {
            List {
              ForEach(left, id: \.self) { Text($0) }
                .onMove { left.move(fromOffsets: $0, toOffset: $1) }
                .onDelete { left.remove(atOffsets: $0) }
            }
            .accessibilityLabel("left")
            .frame(width: 180, height: 300)
            List {
              ForEach(right, id: \.self) { Text($0) }
                .onInsert(of: [.plainText]) { index, providers in
                  for provider in providers where reading {
                    provider.loadObject(ofClass: String.self) { (result: Result<String, ItemProviderError>) in
                      guard let name = try? result.get() else { return }
                      Task { @MainActor in right.insert(name, at: min(index, right.count)) }
                    }
                  }
                }
            }
            .accessibilityLabel("right")
            .frame(width: 180, height: 300)
          }
          Text("left=\(left.joined(separator: ",")) right=\(right.joined(separator: ","))")
        }
      }
    }
    let (test, host) = host(Two(reading: reading), size: Size(width: 400, height: 400))
    let lists = try #require(find("HStack", in: host)).subviews
    let from = lists[0].convert(Point(x: 90, y: 22 + 44), to: test.window)
    let to = lists[1].convert(Point(x: 90, y: 44 + 10), to: test.window)
    test.pointerDrag(from: from, through: [to])
    await test.recorder.settle()
    if reading {
      #expect(await eventually { host.graph.needsUpdate || host.tree.contains("right=沖縄,青森") })
    }
    test.settle()
    let expected = reading ? "left=北海道,秋田 right=沖縄,青森" : "left=北海道,青森,秋田 right=沖縄"
    #expect(host.tree.contains("text=\"\(expected)\""), "\(host.tree)")
    #expect(test.recorder.calls.contains { $0.interaction == "right" && $0.method == .performDrop })
    test.recorder.skip()
  }
}

extension Point {
  static func + (lhs: Point, rhs: Point) -> Point { Point(x: lhs.x + rhs.x, y: lhs.y + rhs.y) }
  static func - (lhs: Point, rhs: Point) -> Point { Point(x: lhs.x - rhs.x, y: lhs.y - rhs.y) }
}

@MainActor
struct KeyboardListTests {
  @Test func aRowReordersFromTheKeyboardThroughOnMove() async throws {
    let (test, host) = host(Reorderable(names: ["a", "b", "c", "d"]), size: Size(width: 400, height: 500))
    #expect(focusFirstList(in: host, test: test))
    // Space lifts the focused first row; the first Down goes to the place after it (where
    // it is), the second past b; Return drops there.
    test.key(.space)
    test.key(.down)
    test.key(.down)
    test.key(.return)
    await test.recorder.settle()
    test.settle()
    #expect(host.tree.contains("text=\"b,a,c,d\""), "\(host.tree)")
    test.recorder.skip()
  }
}

/// Counts reads, for tests of what a list reads.
final class ReadCount {
  var count = 0
}

@MainActor
struct RepeatedIDTests {
  @Test func aRepeatedIdIsARowOfItsOwn() throws {
    struct Rows: View {
      var names: [String]
      var body: some View { List(names, id: \.self) { Text($0) }.frame(width: 300, height: 300) }
    }
    let (test, host) = host(Rows(names: ["a", "b", "a", "a"]))
    #expect(host.tree.components(separatedBy: "text=\"a\"").count == 4)
    host.rootView = Rows(names: ["a", "a", "b"])
    // The third a glides out.
    test.settle()
    host.layoutIfNeeded()
    #expect(host.tree.components(separatedBy: "text=\"a\"").count == 3)
    #expect(host.tree.components(separatedBy: "text=\"b\"").count == 2)
  }
}

@MainActor
struct StackReorderTests {
  struct Stack: View {
    @State var names: [String]
    var body: some View {
      VStack(spacing: 0) {
        VStack(spacing: 4) {
          ForEach(names, id: \.self) { Text($0).frame(width: 200, height: 40).background(Color.yellow) }
            .onMove { names.move(fromOffsets: $0, toOffset: $1) }
        }
        Text(names.joined(separator: ",")).padding(.top, 20)
      }
    }
  }

  @Test func anElementOfAStackReordersByDragThroughOnMove() async throws {
    let (test, host) = host(Stack(names: ["a", "b", "c", "d"]), size: Size(width: 400, height: 400))
    let a = try #require(find("text=\"a\"", in: host)).superview!.superview!
    let c = try #require(find("text=\"c\"", in: host)).superview!.superview!
    // From a to the lower half of c: a goes after c.
    test.pointerDrag(from: center(of: a, in: test), through: [center(of: c, in: test) + Point(x: 0, y: 12)])
    await test.recorder.settle()
    test.settle()
    #expect(host.tree.contains("text=\"b,c,a,d\""), "\(host.tree)")
    test.recorder.skip()
  }

  @Test func anElementOfAStackReordersFromTheKeyboard() async throws {
    let (test, host) = host(Stack(names: ["a", "b", "c"]), size: Size(width: 400, height: 400))
    // Tab focuses the first element that drags; Space lifts it; the arrows go through the
    // places between the elements from the first (before a, after a, after b); Return drops.
    test.key(.tab)
    test.key(.space)
    test.key(.down)
    test.key(.down)
    test.key(.down)
    test.key(.return)
    await test.recorder.settle()
    test.settle()
    #expect(host.tree.contains("text=\"b,a,c\""), "\(host.tree)")
    test.recorder.skip()
  }
}

/// A representation whose bytes arrive when the test says so.
final class SlowRepresentation: @unchecked Sendable {
  private let lock = NSLock()
  private var completion: (@Sendable (Result<Data, any Error>) -> Void)?

  func provider() -> ItemProvider {
    let provider = ItemProvider()
    provider.registerDataRepresentation(for: .utf8PlainText) { completion in
      self.lock.withLock { self.completion = completion }
      return nil
    }
    return provider
  }

  var isWaiting: Bool { lock.withLock { completion != nil } }

  func finish(_ result: Result<Data, any Error>) {
    let completion = lock.withLock { self.completion }
    completion?(result)
  }
}

struct LoadFailed: Error {}

@MainActor
struct ListPlaceholderTests {
  struct Inbox: View {
    let slow: SlowRepresentation
    @State var names = ["青森", "岩手"]
    var body: some View {
      VStack(spacing: 10) {
        Text("slow").onDrag { slow.provider() }
        List {
          ForEach(names, id: \.self) { Text($0) }
            .dropDestination(for: String.self) { strings, offset in names.insert(contentsOf: strings, at: offset) }
        }
        .frame(width: 300, height: 300)
        Text(names.joined(separator: ","))
      }
    }
  }

  private func dropSlowly(_ result: Result<Data, any Error>) async throws -> (String, String) {
    let slow = SlowRepresentation()
    let (test, host) = host(Inbox(slow: slow), size: Size(width: 400, height: 450))
    let source = try #require(find("text=\"slow\"", in: host))
    // Into the upper half of 岩手: the new row goes before it.
    test.pointerDrag(
      from: center(of: source, in: test), through: [rowCenter(1, in: host, test: test) - Point(x: 0, y: 12)])
    #expect(await eventually { slow.isWaiting })
    test.hold(0.5)
    host.layoutIfNeeded()
    let during = host.tree
    slow.finish(result)
    // The placeholder shows progress ten times a second until the value is in: wait for it
    // before running the clock on.
    #expect(await eventually { host.graph.needsUpdate })
    await test.recorder.settle()
    test.settle()
    test.recorder.skip()
    return (during, host.tree)
  }

  @Test func aSlowDropHoldsItsPlaceWithProgressUntilItsValueArrives() async throws {
    let (during, after) = try await dropSlowly(.success(Data("新潟".utf8)))
    #expect(during.contains("text=\"Loading… 0%\""), "\(during)")
    #expect(after.contains("text=\"青森,新潟,岩手\""), "\(after)")
    #expect(!after.contains("Loading…"))
  }

  @Test func aFailedLoadTakesItsPlaceholderAway() async throws {
    let (during, after) = try await dropSlowly(.failure(LoadFailed()))
    #expect(during.contains("Loading…"))
    #expect(after.contains("text=\"青森,岩手\""), "\(after)")
    #expect(!after.contains("Loading…"))
  }
}

@MainActor
@Suite("List rows sized by their content")
struct ListRowHeightTests {
  static let long = "A note long enough to wrap onto several lines in a list of this width, as notes do"

  struct Notes: View {
    @State var first = "Short"
    var body: some View {
      VStack(spacing: 0) {
        Button("Lengthen") { first = ListRowHeightTests.long + "!" }
        List {
          ForEach([first, ListRowHeightTests.long, "Third"], id: \.self) { Text($0) }
        }
        .frame(width: 300, height: 500)
      }
    }
  }

  @Test("A row is as tall as its content with 11 points above and below, and at least 44 points")
  func rowsFitTheirContent() throws {
    let (test, host) = host(Notes(), size: Size(width: 300, height: 560))
    test.recorder.stopChecking()
    let short = try #require(host.find(text: "Short")).frameInWindow
    let long = try #require(host.find(text: Self.long)).frameInWindow
    let third = try #require(host.find(text: "Third")).frameInWindow
    #expect(long.height > 2 * short.height, "the long note wraps: \(long)")
    // Row 0 is 44 points; row 1 its text's height and 22; row 2 starts after both.
    let top = short.minY - (44 - short.height) / 2
    #expect(abs(long.minY - (top + 44 + 11)) < 0.5, "\(long) \(top)")
    #expect(abs(third.minY - (top + 44 + long.height + 22 + (44 - third.height) / 2)) < 0.5, "\(third)")
  }

  @Test("A row whose content grows is measured again, and the rows after it move down")
  func aRowThatGrowsPushesTheOthersDown() throws {
    let (test, host) = host(Notes(), size: Size(width: 300, height: 560))
    test.recorder.stopChecking()
    let before = try #require(host.find(text: "Third")).frameInWindow.minY
    test.tap(at: try #require(host.find(text: "Lengthen")).center)
    test.settle()
    let grown = try #require(host.find(text: Self.long + "!")).frameInWindow
    let after = try #require(host.find(text: "Third")).frameInWindow.minY
    #expect(abs(after - before - (grown.height + 22 - 44)) < 0.5, "\(before) → \(after), \(grown)")
  }
}
