import Foundation
import TestSupport
import Testing

@_spi(Platform) import class DragDrop.DragController

@testable import DragDropUI

/// SwiftUI's drag and drop of 2025: drag and drop sessions, drag configurations, drag
/// containers, and drop destinations that get the session.
@MainActor
@Suite struct DragSessionTests {
  struct Book: Identifiable, Codable, Transferable, Hashable {
    var id: Int
    var title: String
    static var transferRepresentation: some TransferRepresentation {
      CodableRepresentation(contentType: .json)
    }
  }

  final class Log {
    var drag: [String] = []
    var drop: [String] = []
    var received: [String] = []
    var dragIDs: [Int] = []
  }

  struct Shelf: View {
    let log: Log
    let configuration: DragConfiguration
    let books = [Book(id: 1, title: "Kokoro"), Book(id: 2, title: "Snow Country"), Book(id: 3, title: "Silence")]

    var body: some View {
      HStack(spacing: 60) {
        VStack(spacing: 30) {
          ForEach(books) { book in
            Text(book.title).draggable(containerItemID: book.id)
          }
        }
        .dragContainer(for: Book.self) { ids in books.filter { ids.contains($0.id) } }
        .dragConfiguration(configuration)
        .onDragSessionUpdated { session in
          log.drag.append(Self.describe(session.phase))
          log.dragIDs = session.draggedItemIDs(for: Int.self)
        }
        Text("Reading")
          .frame(width: 120, height: 120)
          .dropDestination(for: Book.self) { books, session in
            log.received += books.map(\.title)
            log.received.append("count \(session.itemsCount)")
            log.received.append("ids \(session.localSession?.draggedItemIDs(for: Int.self) ?? [])")
          }
          .onDropSessionUpdated { session in
            let phase = Self.describe(session.phase)
            if log.drop.last != phase { log.drop.append(phase) }
          }
      }
    }

    static func describe(_ phase: DragSession.Phase) -> String {
      switch phase {
      case .initial: "initial"
      case .active: "active"
      case .ended(let operation): "ended \(operation)"
      case .dataTransferCompleted: "transferred"
      }
    }

    static func describe(_ phase: DropSession.Phase) -> String {
      switch phase {
      case .entering: "entering"
      case .active: "active"
      case .exiting: "exiting"
      case .ended(let operation): "ended \(operation)"
      case .dataTransferCompleted: "transferred"
      }
    }
  }

  @Test("A drag container makes the payload from the dragged id; both sessions report their phases in order")
  func containerDragReportsItsPhases() async throws {
    let log = Log()
    let (test, host) = host(Shelf(log: log, configuration: DragConfiguration()), size: Size(width: 480, height: 320))
    test.recorder.stopChecking()
    let source = try #require(host.find(text: "Snow Country"))
    let target = try #require(host.find(text: "Reading"))
    test.pointerDrag(from: source.center, through: [target.center])
    await test.settleTransfers()
    test.settle()
    #expect(log.received == ["Snow Country", "count 1", "ids [2]"])
    #expect(log.dragIDs == [2])
    // Lifted, moving, ended over the target, then the target's loads were done.
    #expect(log.drag.first == "initial")
    #expect(log.drag.dropFirst().prefix { $0 == "active" }.count >= 1)
    #expect(Array(log.drag.suffix(2)) == ["ended copy", "transferred"], "\(log.drag)")
    #expect(log.drop == ["entering", "active", "ended copy", "exiting"], "\(log.drop)")
  }

  @Test(
    "A configuration that allows nothing outside the application keeps the drag in it, and says whether it moves",
    arguments: [
      (
        DragConfiguration(operationsWithinApp: .init(allowMove: true), operationsOutsideApp: .init(allowCopy: false)),
        true, true
      ),
      (DragConfiguration(allowMove: false), false, false),
    ])
  func configurationMapsOntoTheSession(configuration: DragConfiguration, staysInside: Bool, moves: Bool) async throws {
    let (test, host) = host(Shelf(log: Log(), configuration: configuration), size: Size(width: 480, height: 320))
    test.recorder.stopChecking()
    let source = try #require(host.find(text: "Kokoro"))
    test.pointerMove(to: source.center, steps: 1)
    test.pointerDown(at: source.center)
    test.pointerMove(to: Point(x: source.center.x, y: source.center.y + 40))
    let session = try #require(test.window.dragController.activeSessions.first)
    #expect(session.isRestrictedToDraggingApplication == staysInside && session.allowsMoveOperation == moves)
    test.pointerUp()
    await test.settleTransfers()
  }

  @Test("A drop destination that is not enabled takes no drops, and what it shows stays enabled")
  func disabledDestination() async throws {
    struct Target: View {
      let log: Log
      var body: some View {
        HStack(spacing: 60) {
          Text("Kokoro").draggable(Book(id: 1, title: "Kokoro"))
          VStack {
            Text("Closed")
            Button("Still enabled") { log.received.append("tapped") }
          }
          .frame(width: 120, height: 120)
          .dropDestination(for: Book.self, isEnabled: false) { books, _ in log.received += books.map(\.title) }
        }
      }
    }
    let log = Log()
    let (test, host) = host(Target(log: log), size: Size(width: 480, height: 320))
    test.recorder.stopChecking()
    test.pointerDrag(
      from: try #require(host.find(text: "Kokoro")).center, through: [try #require(host.find(text: "Closed")).center])
    await test.settleTransfers()
    #expect(log.received.isEmpty)
    test.tap(at: try #require(host.find(text: "Still enabled")).center)
    test.settle()
    #expect(log.received == ["tapped"])
  }

  @Test("dragPreviewsFormation reaches the drags begun inside; dropPreviewsFormation the destination's interaction")
  func previewFormations() async throws {
    struct Formed: View {
      var body: some View {
        HStack(spacing: 60) {
          Text("Kokoro").draggable(Book(id: 1, title: "Kokoro")).dragPreviewsFormation(.list)
          Text("Shelf")
            .frame(width: 120, height: 120)
            .dropDestination(for: Book.self) { _, _ in }
            .dropPreviewsFormation(.pile)
        }
      }
    }
    let (test, host) = host(Formed(), size: Size(width: 480, height: 320))
    test.recorder.stopChecking()
    let source = try #require(host.find(text: "Kokoro"))
    let shelf = try #require(host.find(text: "Shelf"))
    test.pointerMove(to: source.center, steps: 1)
    test.pointerDown(at: source.center)
    test.pointerMove(to: Point(x: source.center.x, y: source.center.y + 40))
    let session = try #require(test.window.dragController.activeSessions.first)
    #expect(session.previewFormation == .list)
    #expect(test.window.dragController.previewFormation(of: session) == .list)
    test.pointerMove(to: shelf.center, steps: 3)
    #expect(test.window.dragController.previewFormation(of: session) == .pile)
    test.pointerUp()
    await test.settleTransfers()
  }

  /// Books on a shelf that may be dragged to a trash, as Apple's `dragConfiguration`
  /// documentation shows it.
  struct TrashShelf: View {
    let allowDelete: Bool
    let log: Log
    @State var books = [Book(id: 1, title: "Kokoro"), Book(id: 2, title: "Snow Country")]

    var body: some View {
      HStack(spacing: 60) {
        VStack(spacing: 30) {
          ForEach(books) { book in
            Text(book.title).draggable(containerItemID: book.id)
          }
          Text(books.map(\.title).joined(separator: ","))
        }
        .dragContainer(for: Book.self) { ids in books.filter { ids.contains($0.id) } }
        .dragConfiguration(DragConfiguration(allowMove: false, allowDelete: allowDelete))
        .onDragSessionUpdated { session in
          if case .ended(.delete) = session.phase {
            let ids = session.draggedItemIDs(for: Int.self)
            books.removeAll { ids.contains($0.id) }
          }
          log.drag.append(Shelf.describe(session.phase))
        }
        Text("Trash")
          .frame(width: 120, height: 120)
          .dropDestination(for: Book.self) { books, _ in log.received += books.map(\.title) }
          .dropConfiguration { _ in DropConfiguration(operation: .delete) }
          .onDropSessionUpdated { session in
            let phase = Shelf.describe(session.phase)
            if log.drop.last != phase { log.drop.append(phase) }
          }
      }
    }
  }

  @Test(
    "A drop on a target that asks for a delete ends the drag as a delete, which the source carries out if it allows deletes",
    arguments: [true, false])
  func dragToDelete(allowDelete: Bool) async throws {
    let log = Log()
    let (test, host) = host(TrashShelf(allowDelete: allowDelete, log: log), size: Size(width: 480, height: 320))
    test.recorder.stopChecking()
    test.pointerDrag(
      from: try #require(host.find(text: "Kokoro")).center, through: [try #require(host.find(text: "Trash")).center])
    await test.settleTransfers()
    test.settle()
    if allowDelete {
      #expect(host.find(text: "Snow Country") != nil && host.find(text: "Kokoro") == nil)
      #expect(log.drag.contains("ended delete"), "\(log.drag)")
      #expect(log.drop.contains("ended delete"), "\(log.drop)")
      #expect(log.received == ["Kokoro"])
    } else {
      // The trash is forbidden to a drag that may not be deleted: nothing is dropped.
      #expect(host.find(text: "Kokoro,Snow Country") != nil)
      #expect(log.drag.contains("ended cancel"), "\(log.drag)")
      #expect(log.received.isEmpty)
    }
  }

  @Test("SwiftUI's operations map onto the engine's: a delete moves, an alias copies")
  func operationsMap() {
    #expect(DropOperation.delete.engineOperation == .move)
    #expect(DropOperation.alias.engineOperation == .copy)
    #expect(DropOperation(.forbidden) == DropOperation.forbidden)
    #expect(DropOperation.Set([.copy, .delete]).contains(.delete))
    #expect("\(DropOperation.delete)" == "delete")
  }

  @Test(
    "A drag from a selected item of a container carries the whole selection, and says which item it began on",
    arguments: [("Silence", ["Kokoro", "Silence", "count 2"], 1), ("Snow Country", ["Snow Country", "count 1"], 0)])
  func selectionDrags(from title: String, received: [String], index: Int) async throws {
    struct Selected: View {
      let log: Log
      let books = [Book(id: 1, title: "Kokoro"), Book(id: 2, title: "Snow Country"), Book(id: 3, title: "Silence")]
      @State var selection = [1, 3]
      var body: some View {
        HStack(spacing: 60) {
          VStack(spacing: 30) {
            ForEach(books) { book in
              Text(book.title).draggable(containerItemID: book.id)
            }
          }
          .dragContainer(for: Book.self) { ids in books.filter { ids.contains($0.id) } }
          .dragContainerSelection(selection)
          .onDragSessionUpdated { session in
            log.dragIDs = session.draggedItemIDs(for: Int.self)
            log.drag.append("index \(session.draggedItemIndex)")
          }
          Text("Reading")
            .frame(width: 120, height: 120)
            .dropDestination(for: Book.self) { books, session in
              log.received += books.map(\.title)
              log.received.append("count \(session.itemsCount)")
            }
        }
      }
    }
    let log = Log()
    let (test, host) = host(Selected(log: log), size: Size(width: 480, height: 320))
    test.recorder.stopChecking()
    test.pointerDrag(
      from: try #require(host.find(text: title)).center, through: [try #require(host.find(text: "Reading")).center])
    await test.settleTransfers()
    test.settle()
    #expect(log.received == received)
    #expect(log.dragIDs == (index == 1 ? [1, 3] : [2]))
    #expect(Set(log.drag) == ["index \(index)"])
  }

  @Test("A drag that may be deleted but not moved is not moved by a target that proposes a move (rule 8)")
  func deleteWithoutMove() async throws {
    struct Mover: DropDelegate {
      let log: Log
      func dropUpdated(info: DropInfo) -> DropProposal? { DropProposal(operation: .move) }
      func performDrop(info: DropInfo) -> Bool {
        log.received.append("dropped")
        return true
      }
    }
    struct Scene: View {
      let log: Log
      var body: some View {
        HStack(spacing: 60) {
          Text("Kokoro").draggable(containerItemID: 1)
            .dragContainer(for: Book.self) { _ in [Book(id: 1, title: "Kokoro")] }
            .dragConfiguration(DragConfiguration(allowMove: false, allowDelete: true))
            .onDragSessionUpdated { log.drag.append(Shelf.describe($0.phase)) }
          Text("Box").frame(width: 120, height: 120).onDrop(of: [.json], delegate: Mover(log: log))
        }
      }
    }
    let log = Log()
    let (test, host) = host(Scene(log: log), size: Size(width: 480, height: 320))
    test.recorder.stopChecking()
    test.pointerDrag(
      from: try #require(host.find(text: "Kokoro")).center, through: [try #require(host.find(text: "Box")).center])
    await test.settleTransfers()
    test.settle()
    #expect(log.received.isEmpty)
    #expect(log.drag.contains("ended cancel"), "\(log.drag)")
  }
}
