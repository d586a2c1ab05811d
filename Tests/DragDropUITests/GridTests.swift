import DragDropTesting
import DragDropUI
import Foundation
import TestSupport
import Testing

import class DragDropLists.CollectionView

struct Tiles: View {
  @State var tiles: [String]
  @State var dropped: [String] = []

  var body: some View {
    VStack(spacing: 0) {
      LazyVGrid(columns: [GridItem(), GridItem(), GridItem()], spacing: 10) {
        ForEach(tiles, id: \.self) { tile in
          // Square tiles: a grid's lines are as tall as their items.
          Text(tile).frame(maxWidth: .infinity, minHeight: (320 - 20) / 3)
        }
        .onMove { tiles.move(fromOffsets: $0, toOffset: $1) }
      }
      .frame(width: 320, height: 240)
      .dropDestination(for: String.self) { strings, _ in
        dropped += strings
        return true
      }
      Text("tiles=\(tiles.joined(separator: ",")) dropped=\(dropped.joined(separator: ","))")
      Text("from outside").draggable("外から")
    }
  }
}

@MainActor
struct GridTests {
  /// The centre of item `index` of a 3-column grid 320 wide with 10-point spacing.
  func item(_ index: Int, in host: HostingView<Tiles>, test: TestWindow) -> Point {
    let grid = find("LazyVGrid", in: host)!
    let side = (320.0 - 20) / 3
    return grid.convert(
      Point(x: Double(index % 3) * (side + 10) + side / 2, y: Double(index / 3) * (side + 10) + side / 2),
      to: test.window)
  }

  @Test func itemsFlowInColumnsOfTheGridsWidth() throws {
    let (_, host) = host(Tiles(tiles: ["a", "b", "c", "d"]), size: Size(width: 400, height: 400))
    let grid = try #require(find("LazyVGrid", in: host))
    #expect(grid.frame.size == Size(width: 320, height: 240))
    let d = try #require(find("text=\"d\"", in: host))
    // The fourth item starts the second line.
    #expect(d.convert(d.bounds.center, to: grid).y > 100)
  }

  @Test func anItemDraggedToAnotherPlaceMovesThroughOnMove() async throws {
    let (test, host) = host(Tiles(tiles: ["a", "b", "c", "d", "e"]), size: Size(width: 400, height: 400))
    test.pointerDrag(from: item(0, in: host, test: test), through: [item(2, in: host, test: test) + Point(x: 30, y: 0)])
    await test.recorder.settle()
    test.settle()
    #expect(host.tree.contains("text=\"tiles=b,c,a,d,e dropped=\""), "\(host.tree)")
    test.recorder.skip()
  }

  @Test func aDragFromOutsideTheItemsGoesToTheGridsDropDestination() async throws {
    let (test, host) = host(Tiles(tiles: ["a"]), size: Size(width: 400, height: 400))
    let source = try #require(find("text=\"from outside\"", in: host))
    test.pointerDrag(from: center(of: source, in: test), through: [item(4, in: host, test: test)])
    await test.recorder.settle()
    #expect(await eventually { host.tree.contains("dropped=外から") || host.graph.needsUpdate })
    test.settle()
    #expect(host.tree.contains("text=\"tiles=a dropped=外から\""), "\(host.tree)")
    test.recorder.skip()
  }

  @Test(
    "A grid's lines are as tall as the tallest item measured, not square; a taller item coming on screen makes them taller"
  )
  func linesAreAsTallAsTheirItems() throws {
    struct Cards: View {
      let tall: Int
      var body: some View {
        LazyVGrid(columns: [GridItem(), GridItem()], spacing: 10) {
          ForEach(0..<40) { index in
            Text("card \(index)").frame(height: index == tall ? 90 : 30)
          }
        }
        .frame(width: 300, height: 200)
      }
    }
    // The items on screen are 30 points tall: lines of 30 points, 10 apart.
    let (test, host) = host(Cards(tall: 39), size: Size(width: 400, height: 400))
    let grid = try #require(firstEngineView(CollectionView.self, under: host))
    #expect(grid.frameForItem(at: IndexPath(item: 2, section: 0))?.minY == 40)
    #expect(grid.frameForItem(at: IndexPath(item: 0, section: 0))?.height == 30)
    // Item 39 is 90 tall: once it comes on screen, every line is 90 tall.
    grid.scrollToItem(at: IndexPath(item: 39, section: 0), at: .bottom, animated: false)
    test.window.layoutIfNeeded()
    #expect(grid.indexPathsForVisibleItems.contains(IndexPath(item: 39, section: 0)))
    test.settle()
    test.window.layoutIfNeeded()
    #expect(grid.frameForItem(at: IndexPath(item: 2, section: 0))?.minY == 100)
    #expect(grid.frameForItem(at: IndexPath(item: 39, section: 0))?.height == 90)
  }
}
