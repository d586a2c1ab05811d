import DragDropTesting
import Foundation
import TestSupport
import Testing

@testable import DragDropUI

/// NavigationStack, its bar, links, destinations, paths, toolbars, and the edit mode that
/// EditButton turns on for a list.
@MainActor
@Suite struct NavigationTests {
  struct Fruit: Hashable {
    var name: String
  }

  struct Shelf: View {
    @State var fruits = ["Apple", "Banana", "Cherry"]
    var body: some View {
      NavigationStack {
        List {
          ForEach(fruits, id: \.self) { fruit in
            NavigationLink(fruit) { Text("About \(fruit)").navigationTitle(fruit) }
          }
          .onDelete { fruits.remove(atOffsets: $0) }
        }
        .navigationTitle("Fruit")
        .toolbar { EditButton() }
      }
    }
  }

  func tap(_ text: String, in host: some AnyObject, test: TestWindow) throws {
    let view = try #require(find("text=\"\(text)\"", in: host as! HostingView<Shelf>), "no \(text)")
    test.tap(at: center(of: view, in: test))
    test.settle()
  }

  @Test("The bar shows the root's title; a link pushes its screen with Back; Back pops it")
  func pushAndPop() throws {
    let (test, host) = host(Shelf(), size: Size(width: 320, height: 480))
    #expect(host.tree.contains("text=\"Fruit\""))
    #expect(!host.tree.contains("text=\"Back\""))
    try tap("Banana", in: host, test: test)
    #expect(host.tree.contains("text=\"About Banana\""))
    #expect(host.tree.contains("text=\"Back\""))
    #expect(!host.tree.contains("text=\"Fruit\""))
    let titles = host.tree.split(separator: "\n").filter { $0.contains("text=\"Banana\"") }
    #expect(titles.count == 1)  // the title, in the bar
    try tap("Back", in: host, test: test)
    #expect(host.tree.contains("text=\"Fruit\""))
    #expect(host.tree.contains("text=\"Cherry\""))
    #expect(!host.tree.contains("text=\"About Banana\""))
  }

  @Test("EditButton turns the list's editing on and off, titled Edit then Done")
  func editButton() throws {
    let (test, host) = host(Shelf(), size: Size(width: 320, height: 480))
    let list = try #require(findView(named: "List", in: host)?.subviews.first as? ListTableView)
    #expect(!list.isEditing)
    try tap("Edit", in: host, test: test)
    #expect(list.isEditing)
    #expect(host.tree.contains("text=\"Done\""))
    try tap("Done", in: host, test: test)
    #expect(!list.isEditing)
  }

  @Test("In edit mode, a row's delete control and Delete hand its offset to onDelete")
  func deleteInEditMode() throws {
    let (test, host) = host(Shelf(), size: Size(width: 320, height: 480))
    try tap("Edit", in: host, test: test)
    let list = try #require(findView(named: "List", in: host)?.subviews.first as? ListTableView)
    let row = try #require(list.cellForRow(at: IndexPath(row: 1, section: 0)))
    let rowCenter = center(of: row, in: test)
    test.tap(at: Point(x: list.convert(Point(x: 15, y: 0), to: test.window).x, y: rowCenter.y))
    test.settle()
    // Delete shows at the row's trailing edge, 74 points wide.
    test.tap(at: Point(x: list.convert(Point(x: list.bounds.width - 37, y: 0), to: test.window).x, y: rowCenter.y))
    test.settle()
    #expect(!host.tree.contains("text=\"Banana\""))
    #expect(host.tree.contains("text=\"Apple\"") && host.tree.contains("text=\"Cherry\""))
  }

  struct Catalogue: View {
    @Binding var path: [Fruit]
    var body: some View {
      NavigationStack(path: $path) {
        VStack {
          NavigationLink("Kiwi", value: Fruit(name: "Kiwi"))
          NavigationLink("Lime", value: Fruit(name: "Lime"))
        }
        .navigationTitle("Catalogue")
        .navigationDestination(for: Fruit.self) { fruit in
          VStack {
            Text("Fruit \(fruit.name)")
            NavigationLink("Next", value: Fruit(name: fruit.name + "+"))
          }
          .navigationTitle(fruit.name)
        }
      }
    }
  }

  @Test("A value link appends to the application's path and shows the destination for its type")
  func valuePath() throws {
    @MainActor final class Box { var path: [Fruit] = [] }
    let box = Box()
    let binding = Binding(get: { box.path }, set: { box.path = $0 })
    let (test, host) = host(Catalogue(path: binding), size: Size(width: 320, height: 480))
    let lime = try #require(find("text=\"Lime\"", in: host))
    test.tap(at: center(of: lime, in: test))
    test.settle()
    #expect(box.path == [Fruit(name: "Lime")])
    #expect(host.tree.contains("text=\"Fruit Lime\""))
    // A screen pushed from a pushed screen: the root's destination still shows it.
    let next = try #require(find("text=\"Next\"", in: host))
    test.tap(at: center(of: next, in: test))
    test.settle()
    #expect(box.path == [Fruit(name: "Lime"), Fruit(name: "Lime+")])
    #expect(host.tree.contains("text=\"Fruit Lime+\""), "\(host.tree)")
    // The application sets the path: the stack shows it.
    box.path = []
    host.rootView = Catalogue(path: binding)
    host.layoutIfNeeded()
    #expect(host.tree.contains("text=\"Catalogue\""))
    let back = find("text=\"Back\"", in: host)
    #expect(back == nil)
  }

  @Test("Toolbar items go to the leading or trailing side of the bar")
  func toolbarPlacement() throws {
    struct Editor: View {
      var body: some View {
        NavigationStack {
          Text("body")
            .navigationTitle("Note")
            .toolbar {
              ToolbarItem(placement: .cancellationAction) { Button("Cancel") {} }
              ToolbarItem(placement: .confirmationAction) { Button("Save") {} }
            }
        }
      }
    }
    let (_, host) = host(Editor(), size: Size(width: 320, height: 480))
    let cancel = try #require(find("text=\"Cancel\"", in: host))
    let save = try #require(find("text=\"Save\"", in: host))
    let title = try #require(find("text=\"Note\"", in: host))
    let cancelX = cancel.convert(cancel.bounds, to: host).midX
    let saveX = save.convert(save.bounds, to: host).midX
    let titleX = title.convert(title.bounds, to: host).midX
    #expect(cancelX < titleX && titleX < saveX)
  }
}
