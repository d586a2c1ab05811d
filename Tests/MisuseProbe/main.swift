// Misuse and bad input that once trapped, one case per run: the MisuseTests start this
// program once per case, so that a trap in one case shows as that case's failure instead
// of ending the whole test run. Each case prints "ok NAME" when it finishes.
//
//   MisuseProbe list       prints the names of the cases
//   MisuseProbe NAME       runs one case

@_spi(Platform) import DragDrop
import DragDropLists
import DragDropTesting
import Foundation

@MainActor
func allCases() -> [(name: String, run: @MainActor () throws -> Void)] {
  [
    (
      "mime-file-not-utf8",
      {
        let directory = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("misuse-\(getpid())")
        let packages = directory.appendingPathComponent("mime/packages")
        try FileManager.default.createDirectory(at: packages, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var bytes = Array(
          "<?xml version=\"1.0\"?><mime-info><!-- a comment --><mime-type type=\"a/b\"/></mime-info>".utf8)
        bytes[28] = 0xFF
        try Data(bytes).write(to: packages.appendingPathComponent("bad.xml"))
        try Data("<mime-info><mime-type type=\"application/x-kept\"/></mime-info>".utf8)
          .write(to: packages.appendingPathComponent("good.xml"))
        let registry = ContentTypeRegistry(mimeDatabaseDirectories: [packages])
        registry.preloadDatabase()
        check(registry.type(forMIMEType: "application/x-kept")?.isDeclared == true, "the good file loads")
        check(registry.databaseErrors.count == 1, "the bad file is one typed error")
      }
    ),
    (
      "flow-layout-degenerate",
      {
        let items = Items(count: 9)
        for layout in [
          CollectionViewLayout.flow(itemSize: .zero, minimumInteritemSpacing: 0, minimumLineSpacing: 0),
          .flow(itemSize: Size(width: 40, height: 40), minimumInteritemSpacing: -50, minimumLineSpacing: -50),
        ] {
          let grid = CollectionView(frame: Rect(x: 0, y: 0, width: 300, height: 300), collectionViewLayout: layout)
          grid.dataSource = items
          grid.layoutIfNeeded()
          _ = grid.indexPathForItem(at: Point(x: 10, y: 1e300))
          _ = grid.indexPathForItem(at: Point(x: CGFloat.infinity, y: CGFloat.nan))
          _ = grid.frameForItem(at: IndexPath(item: 8, section: 0))
        }
      }
    ),
    (
      "grid-of-infinite-height",
      {
        let grid = CollectionView(
          frame: Rect(x: 0, y: 0, width: 300, height: CGFloat.infinity),
          collectionViewLayout: .flow(itemSize: Size(width: 50, height: 50)))
        grid.layoutIfNeeded()
        _ = grid.indexPathsForVisibleItems
      }
    ),
    (
      "hit-test-zero-width-subviews",
      {
        let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100), clock: ManualClock())
        for _ in 0..<40 { window.addSubview(View()) }
        _ = window.hitTest(Point(x: 5, y: 5))
      }
    ),
    (
      "descriptions-of-infinite-geometry",
      {
        let window = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100), clock: ManualClock())
        window.addSubview(View(frame: Rect(x: CGFloat.infinity, y: -1e300, width: CGFloat.nan, height: 1e20)))
        check(!"\(Point(x: CGFloat.infinity, y: CGFloat.nan).formatted)".isEmpty, "a point describes itself")
        check(!window.treeSnapshot.isEmpty && !window.displayListSnapshot.isEmpty, "snapshots")
      }
    ),
    (
      "colour-set-to-nan",
      {
        var color = Color.white
        color.red = .nan
        check(color.hex == "#00ffffff", "NaN is 0")
      }
    ),
    (
      "progress-cycle",
      {
        let a = LoadProgress(totalUnitCount: 1)
        let b = LoadProgress(totalUnitCount: 1)
        a.addChild(b, withPendingUnitCount: 1)
        check(!b.addChild(a, withPendingUnitCount: 1), "the cycle is refused")
        _ = a.fractionCompleted
      }
    ),
    (
      "coordinator-after-its-table",
      {
        var table: TableView? = TableView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let item = DragItem(itemProvider: ItemProvider(object: "x"))
        let coordinator = TableViewDropCoordinator.make(items: [item], tableView: table!)
        table = nil
        _ = coordinator.drop(item, toRowAt: IndexPath(row: 0, section: 0))
        let context = coordinator.drop(
          item,
          to: TableViewDropPlaceholder(
            insertionIndexPath: IndexPath(row: 0, section: 0), reuseIdentifier: "p", rowHeight: 44))
        check(!context.commitInsertion { _ in }, "nothing to commit into")
      }
    ),
    (
      "drag-controller-after-its-window",
      {
        var window: Window? = Window(frame: Rect(x: 0, y: 0, width: 100, height: 100), clock: ManualClock())
        let controller = window!.dragController
        let incoming = controller.beginIncomingDrag(
          items: [DragItem(itemProvider: ItemProvider(object: "x"))], at: Point(x: 1, y: 1))
        window = nil
        incoming.move(to: Point(x: 2, y: 2))
        check(incoming.drop() == .cancel, "a drop without a window cancels")
        controller.refreshDropTargets()
      }
    ),
    (
      "placeholder-deleted-inside-its-commit",
      {
        let model = Rows(["a", "b"])
        let table = TableView(frame: Rect(x: 0, y: 0, width: 100, height: 400))
        table.register(TableViewCell.self, forCellReuseIdentifier: "cell")
        table.dataSource = model
        let item = DragItem(itemProvider: ItemProvider(object: "x"))
        let context = TableViewDropCoordinator.make(items: [item], tableView: table)
          .drop(
            item,
            to: TableViewDropPlaceholder(
              insertionIndexPath: IndexPath(row: 1, section: 0), reuseIdentifier: "cell", rowHeight: 44))
        _ = context.commitInsertion { path in
          model.rows.insert("c", at: path.row)
          check(!context.deletePlaceholder(), "no delete while committing")
        }
        check(!context.commitInsertion { _ in }, "a second commit does nothing")
        table.layoutIfNeeded()
        check(table.visibleCells.map(\.textLabel?.text) == ["a", "c", "b"], "every row shows")
      }
    ),
    (
      "selection-out-of-range",
      {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 100, height: 400))
        let model = Rows(["a"])
        table.register(TableViewCell.self, forCellReuseIdentifier: "cell")
        table.dataSource = model
        table.selectRow(at: IndexPath(row: 5, section: 0))
        table.selectRow(at: IndexPath(index: 0))
        table.selectRow(at: [0, 0, 0])
        check(table.indexPathsForSelectedRows.isEmpty, "nothing selected")
      }
    ),
    (
      "batch-update-that-does-not-add-up",
      {
        let table = TableView(frame: Rect(x: 0, y: 0, width: 100, height: 400))
        let model = Rows(["a"])
        table.register(TableViewCell.self, forCellReuseIdentifier: "cell")
        table.dataSource = model
        table.layoutIfNeeded()
        do {
          try table.checked.performBatchUpdates { try table.checked.insertRows(at: [IndexPath(row: 0, section: 0)]) }
          check(false, "the update should be refused")
        } catch {
          check(error is BatchUpdateError, "a typed error")
        }
      }
    ),
    (
      "ten-thousand-windows-flat-memory",
      {
        // Windows with tables, each dragged from and dropped at some stage, all let go.
        // The memory in use after 10,000 must be about what it was after 1,000 (a leak of
        // one window with its table would add hundreds of megabytes).
        @MainActor func scene(_ index: Int) {
          let test = TestWindow(size: Size(width: 400, height: 300))
          let model = Rows((0..<20).map { "row \($0)" })
          let table = TableView(frame: Rect(x: 0, y: 0, width: 400, height: 300))
          table.register(TableViewCell.self, forCellReuseIdentifier: "cell")
          table.dataSource = model
          let source = RowSource(model)
          table.dragDelegate = source
          table.dropDelegate = source
          test.window.addSubview(table)
          test.longPress(at: Point(x: 100, y: 20))
          if index % 3 > 0 { test.move(to: Point(x: 100, y: 200)) }
          if index % 3 > 1 {
            test.release()
            test.settle()
          }
          // Let the main queue run what the drop queued for it (the report to the source),
          // as an application's run loop does.
          _ = RunLoop.main.run(mode: .default, before: Date())
        }
        for index in 0..<1000 { scene(index) }
        let early = residentBytes()
        for index in 0..<9000 { scene(index) }
        let late = residentBytes()
        let growth = Int(late) - Int(early)
        // AddressSanitizer keeps freed memory in quarantine (256 MB by default), so the
        // figure means nothing under it; the weak-reference tests cover leaks there.
        if dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__asan_init") != nil {
          print("under AddressSanitizer: the memory check is skipped")
          return
        }
        print("resident after 1,000 windows: \(early) bytes; after 10,000: \(late) bytes")
        check(growth < 2 << 20, "memory grew by \(growth) bytes over 9,000 windows")
      }
    ),
  ]
}

/// Drags rows and takes them back, moving them in the same table.
@MainActor
final class RowSource: TableViewDragDelegate, TableViewDropDelegate {
  let model: Rows
  init(_ model: Rows) { self.model = model }
  func tableView(
    _ tableView: TableView, itemsForBeginning session: DragSession, at indexPath: IndexPath
  )
    -> [DragItem]
  { [DragItem(itemProvider: ItemProvider(object: model.rows[indexPath.row]))] }
  func tableView(
    _ tableView: TableView, dropSessionDidUpdate session: DropSession,
    withDestinationIndexPath destinationIndexPath: IndexPath?
  ) -> TableViewDropProposal { TableViewDropProposal(operation: .move, intent: .insertAtDestinationIndexPath) }
  func tableView(_ tableView: TableView, performDropWith coordinator: TableViewDropCoordinator) {
    guard let item = coordinator.items.first, let source = item.sourceIndexPath,
      let destination = coordinator.destinationIndexPath
    else { return }
    let final = destination.row > source.row ? IndexPath(row: destination.row - 1, section: 0) : destination
    tableView.performBatchUpdates {
      self.model.rows.insert(self.model.rows.remove(at: source.row), at: final.row)
      tableView.moveRow(at: source, to: final)
    }
    coordinator.drop(item.dragItem, toRowAt: final)
  }
}

/// The process's resident memory, from /proc.
func residentBytes() -> Int {
  let statm = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8)) ?? ""
  let pages = statm.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
  return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

/// A one-section data source of strings.
@MainActor
final class Rows: TableViewDataSource {
  var rows: [String]
  init(_ rows: [String]) { self.rows = rows }
  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rows.count }
  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
    cell.textLabel?.text = rows[indexPath.row]
    return cell
  }
}

@MainActor
func check(_ condition: Bool, _ what: String) {
  guard !condition else { return }
  print("failed \(what)")
  exit(1)
}

MainActor.assumeIsolated {
  let arguments = CommandLine.arguments.dropFirst()
  guard let name = arguments.first else {
    print("usage: MisuseProbe list | NAME")
    exit(2)
  }
  let cases = allCases()
  if name == "list" {
    for entry in cases { print(entry.name) }
    exit(0)
  }
  guard let entry = cases.first(where: { $0.name == name }) else {
    print("unknown case \(name)")
    exit(2)
  }
  do {
    try entry.run()
    print("ok \(name)")
    exit(0)
  } catch {
    print("error \(error)")
    exit(1)
  }
}

/// A collection view's items: plain cells.
final class Items: CollectionViewDataSource {
  let count: Int
  init(count: Int) { self.count = count }
  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { count }
  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
    CollectionViewCell(reuseIdentifier: nil)
  }
}
