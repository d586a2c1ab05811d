import DragDrop
import DragDropLists
import Foundation

/// Drags to and from other applications: an inbox that takes text, links, images and files
/// from a browser or a file manager, through placeholder rows that show each load's
/// progress, and an outbox whose rows drag out as text, a link and an image.
///
/// In a GTK window, other applications' drags arrive through the platform (GDK), and the
/// outbox's drags leave through it; headless, the fake platform plays the other
/// applications. The scene itself does not know which.
@MainActor
public final class OtherApplicationsScene: SampleScene {
  public let journal = SceneJournal()
  public let inbox: TableView
  public let outbox: TableView
  let inboxModel: Inbox
  let outboxModel: Outbox
  private let controller: OtherApplicationsController

  init(window: Window) {
    window.backgroundColor = Palette.background
    window.addSubview(
      caption(
        "Drop text, links, images or files from other applications on the inbox; drag the outbox's rows out.",
        frame: Rect(x: 20, y: 12, width: 680, height: 22)))
    window.addSubview(heading("Inbox", frame: Rect(x: 20, y: 44, width: 400, height: 22)))
    window.addSubview(heading("Outbox", frame: Rect(x: 440, y: 44, width: 260, height: 22)))
    inbox = TableView(frame: Rect(x: 20, y: 72, width: 400, height: 428))
    outbox = TableView(frame: Rect(x: 440, y: 72, width: 260, height: 428))
    inboxModel = Inbox(journal: journal)
    outboxModel = Outbox()
    controller = OtherApplicationsController(
      inbox: inbox, inboxModel: inboxModel, outboxModel: outboxModel, journal: journal, clock: window.clock)
    addPanelTable(inbox, named: "inbox", label: "Inbox", to: window)
    addPanelTable(outbox, named: "outbox", label: "Outbox", to: window)
    // The inbox's empty state, until something arrives.
    let empty = caption(
      "Nothing yet: drop something here.", frame: Rect(x: 120, y: 270, width: 240, height: 22), size: 12)
    window.addSubview(empty)
    inboxModel.entriesDidChange = { [inboxModel] in empty.isHidden = !inboxModel.entries.isEmpty }
    inbox.dataSource = inboxModel
    inbox.dropDelegate = controller
    outbox.dataSource = outboxModel
    outbox.dragDelegate = controller
    outbox.dragInteractionEnabled = true
  }

  public var state: String { "inbox=\(listing(inboxModel.entries))" }
  public var isSettled: Bool { !inbox.hasUncommittedUpdates && controller.loads.isEmpty }

  /// The centre of a row, in window coordinates.
  public func rowCenter(_ table: TableView, _ row: Int) -> Point {
    table.convert(table.rectForRow(at: IndexPath(row: row, section: 0))?.center ?? .zero, to: nil)
  }
}

/// What the inbox received, one line an item: `Text: …`, `Link: …`, `Image: 96×64 png`,
/// `File: name`.
@MainActor
final class Inbox: TableViewDataSource {
  var entries: [String] = [] {
    didSet { entriesDidChange?() }
  }
  var entriesDidChange: (() -> Void)?
  let journal: SceneJournal
  init(journal: SceneJournal) { self.journal = journal }

  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { entries.count }

  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
    cell.textLabel?.text = entries[indexPath.row]
    return cell
  }
}

/// What the outbox offers: text, a link and an image, each its own row.
@MainActor
final class Outbox: TableViewDataSource {
  enum Entry {
    case text(String)
    case link(URL)
    case image(Image)
  }

  let entries: [Entry]

  init() {
    var entries: [Entry] = [.text("北海道の夏"), .link(URL(string: "https://example.org/hokkaido")!)]
    if let image = try? Image(validating: SamplePNG.solid(width: 96, height: 64, color: Palette.accent)) {
      entries.append(.image(image))
    }
    self.entries = entries
  }

  func title(_ entry: Entry) -> String {
    switch entry {
    case .text(let text): "Text: \(text)"
    case .link(let url): "Link: \(url.host() ?? "")\(url.path())"
    case .image(let image): "Image: \(image.pixelWidth)×\(image.pixelHeight) png"
    }
  }

  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { entries.count }

  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
    cell.textLabel?.text = title(entries[indexPath.row])
    return cell
  }
}

/// Drops into the inbox and drags out of the outbox.
@MainActor
private final class OtherApplicationsController: TableViewDragDelegate, TableViewDropDelegate {
  let inbox: TableView
  let inboxModel: Inbox
  let outboxModel: Outbox
  let journal: SceneJournal
  let clock: any MainActorClock
  /// Loads under way, by placeholder: their progress shows in the placeholder rows.
  var loads: [ObjectIdentifier: (context: any TableViewDropPlaceholderContext, progress: LoadProgress)] = [:]
  private var ticking: ScheduledAction?

  init(inbox: TableView, inboxModel: Inbox, outboxModel: Outbox, journal: SceneJournal, clock: any MainActorClock) {
    self.inbox = inbox
    self.inboxModel = inboxModel
    self.outboxModel = outboxModel
    self.journal = journal
    self.clock = clock
  }

  // MARK: Out

  func tableView(_ tableView: TableView, itemsForBeginning session: DragSession, at indexPath: IndexPath) -> [DragItem]
  {
    let entry = outboxModel.entries[indexPath.row]
    journal.note("outbox.itemsForBeginning \(indexPath.row)")
    let provider: ItemProvider
    switch entry {
    case .text(let text): provider = ItemProvider(object: text)
    case .link(let url): provider = ItemProvider(object: url)
    case .image(let image):
      provider = ItemProvider(object: image)
      provider.suggestedName = "outbox"
    }
    return [DragItem(itemProvider: provider)]
  }

  /// Other applications copy what they take: the outbox keeps its rows.
  func tableView(_ tableView: TableView, dragSessionAllowsMoveOperation session: DragSession) -> Bool { false }

  // MARK: In

  static let accepted: [ContentType] = [.image, .url, .text]

  func tableView(_ tableView: TableView, canHandle session: DropSession) -> Bool {
    session.hasItemsConforming(to: Self.accepted)
  }

  func tableView(
    _ tableView: TableView, dropSessionDidUpdate session: DropSession,
    withDestinationIndexPath destinationIndexPath: IndexPath?
  ) -> TableViewDropProposal {
    TableViewDropProposal(operation: .copy, intent: .insertAtDestinationIndexPath)
  }

  func tableView(_ tableView: TableView, performDropWith coordinator: TableViewDropCoordinator) {
    let destination = coordinator.destinationIndexPath ?? IndexPath(row: inboxModel.entries.count, section: 0)
    journal.note("inbox.performDrop \(coordinator.items.count) at \(destination.row)")
    coordinator.session.progressIndicatorStyle = .none
    // Every placeholder at the destination, as the seeds do: each goes after the ones
    // already there, so the items keep their order.
    for item in coordinator.items {
      let placeholder = TableViewDropPlaceholder(
        insertionIndexPath: destination, reuseIdentifier: "placeholder", rowHeight: 44)
      let key = ObjectIdentifier(placeholder)
      placeholder.cellUpdateHandler = { [weak self] cell in
        // Another application may not say how much it will send: then no percentage.
        let fraction = self?.loads[key]?.progress.fractionCompleted ?? 0
        cell.textLabel?.text = fraction > 0 ? "Loading… \(Int((fraction * 100).rounded(.down))) %" : "Loading…"
        cell.textLabel?.textColor = Palette.secondaryText
        (cell as? PrefectureCell)?.fill = Palette.highlight
      }
      let context = coordinator.drop(item.dragItem, to: placeholder)
      let progress = load(item.dragItem.itemProvider) { [weak self] result in
        guard let self else { return }
        self.loads[key] = nil
        switch result {
        case .success(let entry):
          context.commitInsertion { path in
            self.journal.note("inbox.commit \(entry) at \(path.row)")
            self.inboxModel.entries.insert(entry, at: path.row)
          }
        case .failure(let error):
          self.journal.note("inbox.deletePlaceholder \(error)")
          context.deletePlaceholder()
        }
        self.journal.modelDidChange()
      }
      loads[key] = (context, progress)
    }
    tick()
  }

  /// Loads what an item is best shown as: an image, a file, a link, or text.
  private func load(
    _ provider: ItemProvider, completion: @escaping @MainActor @Sendable (Result<String, any Error>) -> Void
  ) -> LoadProgress {
    if provider.canLoadObject(ofClass: Image.self) {
      return provider.loadObject(ofClass: Image.self) { result in
        let entry = result.map {
          "Image: \($0.pixelWidth)×\($0.pixelHeight) \($0.contentType.preferredFilenameExtension ?? "")"
        }
        Task { @MainActor in completion(entry.mapError { $0 }) }
      }
    }
    if provider.hasItemConforming(to: .url) {
      return provider.loadObject(ofClass: URL.self) { result in
        let entry = result.map { $0.isFileURL ? "File: \($0.lastPathComponent)" : "Link: \($0.absoluteString)" }
        Task { @MainActor in completion(entry.mapError { $0 }) }
      }
    }
    return provider.loadObject(ofClass: String.self) { result in
      let entry = result.map { "Text: \($0)" }
      Task { @MainActor in completion(entry.mapError { $0 }) }
    }
  }

  /// While loads are under way, their placeholders show their progress, ten times a second.
  private func tick() {
    ticking?.cancel()
    guard !loads.isEmpty else {
      ticking = nil
      return
    }
    for (context, _) in loads.values { _ = context.setNeedsCellUpdate() }
    ticking = clock.schedule(after: 0.1) { [weak self] in self?.tick() }
  }
}

/// Small PNG images for the samples.
enum SamplePNG {
  /// A `width` × `height` PNG filled with `color`.
  static func solid(width: Int, height: Int, color: Color) -> Data {
    let pixel = [color.red, color.green, color.blue, color.alpha].map { UInt8((max(0, min(1, $0)) * 255).rounded()) }
    let pixels = Array([[UInt8]](repeating: pixel, count: width * height).joined())
    return (try? Image(rgbaPixels: pixels, width: width, height: height))?.data ?? Data()
  }
}
