// A view controller an iOS developer writes from Apple's "Data delivery with drag and
// drop": files dropped on a table are copied into the app's folder through their file
// representations, with placeholder rows while they load and a progress bar that follows
// the drop. Type identifiers are strings, as in code that predates UTType. Only the
// import changed.

import DragDropHarness
import DragDropUIKit
import TestSupport
import Testing

final class FileInboxViewController: UIViewController, UITableViewDataSource, UITableViewDropDelegate {
  let tableView = UITableView(frame: .zero, style: .plain)
  let progressView = UIProgressView(progressViewStyle: .default)
  var files: [URL] = []
  var failures: [String] = []
  let folder: URL

  init(folder: URL) {
    self.folder = folder
    super.init(nibName: nil, bundle: nil)
  }

  required init?(coder: NSCoder) {
    fatalError("init(coder:) has not been implemented")
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    progressView.frame = CGRect(x: 0, y: 0, width: view.bounds.width, height: 4)
    progressView.isHidden = true
    tableView.frame = CGRect(x: 0, y: 4, width: view.bounds.width, height: view.bounds.height - 4)
    tableView.register(UITableViewCell.self, forCellReuseIdentifier: "File")
    tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Loading")
    tableView.dataSource = self
    tableView.dropDelegate = self
    view.addSubview(tableView)
    view.addSubview(progressView)
  }

  func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    return files.count
  }

  func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: "File", for: indexPath)
    cell.textLabel?.text = files[indexPath.row].lastPathComponent
    return cell
  }

  func tableView(_ tableView: UITableView, canHandle session: UIDropSession) -> Bool {
    return session.hasItemsConforming(toTypeIdentifiers: [kUTTypeData as String])
  }

  func tableView(
    _ tableView: UITableView, dropSessionDidUpdate session: UIDropSession,
    withDestinationIndexPath destinationIndexPath: IndexPath?
  ) -> UITableViewDropProposal {
    return UITableViewDropProposal(operation: .copy, intent: .insertAtDestinationIndexPath)
  }

  func tableView(_ tableView: UITableView, performDropWith coordinator: UITableViewDropCoordinator) {
    let destination = coordinator.destinationIndexPath ?? IndexPath(row: files.count, section: 0)
    coordinator.session.progressIndicatorStyle = .none
    progressView.isHidden = false
    progressView.observedProgress = coordinator.session.progress

    for item in coordinator.items {
      let provider = item.dragItem.itemProvider
      guard let type = provider.registeredTypeIdentifiers.first else { continue }
      let placeholder = UITableViewDropPlaceholder(
        insertionIndexPath: destination, reuseIdentifier: "Loading", rowHeight: 44)
      placeholder.cellUpdateHandler = { cell in
        cell.textLabel?.text = "Copying…"
      }
      let context = coordinator.drop(item.dragItem, to: placeholder)
      provider.loadFileRepresentation(forTypeIdentifier: type) { url, error in
        var copied: URL?
        if let url = url {
          let target = self.folder.appendingPathComponent(provider.suggestedName ?? url.lastPathComponent)
          try? FileManager.default.removeItem(at: target)
          do {
            try FileManager.default.copyItem(at: url, to: target)
            copied = target
          } catch {
            copied = nil
          }
        }
        DispatchQueue.main.async {
          if let copied = copied {
            context.commitInsertion(dataSourceUpdates: { indexPath in
              self.files.insert(copied, at: indexPath.row)
            })
          } else {
            self.failures.append(error.map { "\($0)" } ?? "not copied")
            context.deletePlaceholder()
          }
          if !tableView.hasUncommittedUpdates {
            self.progressView.isHidden = true
          }
        }
      }
    }
  }
}

// MARK: - Tests

@MainActor
@Suite("Corpus: a file inbox that copies dropped files")
struct FileInboxViewControllerTests {
  let folder: URL
  let test = TestWindow(size: CGSize(width: 320, height: 480))
  let controller: FileInboxViewController
  let platform = FakePlatform()

  init() throws {
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("inbox-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    controller = FileInboxViewController(folder: folder)
    test.window.rootViewController = controller
    test.settle()
  }

  @Test("Two files land as copies in the folder, behind placeholder rows and a progress bar")
  func filesLand() async throws {
    let files = platform.application(named: "files")
    files.holdsTransfers = true
    let incoming = files.drag(
      [
        files.item([(.pdf, Data("%PDF-1.4 report".utf8))], suggestedName: "report.pdf"),
        files.item([(.utf8PlainText, Data("notes".utf8))], suggestedName: "notes.txt"),
      ], into: test.window, at: CGPoint(x: 160, y: 100))
    #expect(incoming.drop() == .copy)
    test.settle()
    #expect(controller.tableView.visibleCells.compactMap { $0.textLabel?.text } == ["Copying…", "Copying…"])
    #expect(!controller.progressView.isHidden)
    #expect(controller.progressView.observedProgress != nil)
    #expect(controller.progressView.progress < 1)
    #expect(await eventually { files.pendingTransferCount == 2 })
    files.deliverPendingTransfers()
    await test.settleTransfers()
    #expect(controller.files.map(\.lastPathComponent) == ["report.pdf", "notes.txt"])
    #expect(try Data(contentsOf: folder.appendingPathComponent("report.pdf")) == Data("%PDF-1.4 report".utf8))
    #expect(try String(contentsOf: folder.appendingPathComponent("notes.txt"), encoding: .utf8) == "notes")
    #expect(controller.tableView.visibleCells.compactMap { $0.textLabel?.text } == ["report.pdf", "notes.txt"])
    #expect(controller.progressView.isHidden)
    #expect(controller.failures.isEmpty)
  }

  @Test("A file whose application quits mid-drop leaves no row, and says why")
  func peerQuits() async {
    let files = platform.application(named: "files")
    files.holdsTransfers = true
    let incoming = files.drag(
      [files.item([(.pdf, Data("%PDF".utf8))], suggestedName: "lost.pdf")], into: test.window,
      at: CGPoint(x: 160, y: 100))
    #expect(incoming.drop() == .copy)
    #expect(await eventually { files.pendingTransferCount == 1 })
    files.die()
    await test.settleTransfers()
    #expect(controller.files.isEmpty)
    #expect(controller.failures.count == 1)
    #expect(controller.tableView.visibleCells.isEmpty)
    #expect(controller.progressView.isHidden)
  }
}
