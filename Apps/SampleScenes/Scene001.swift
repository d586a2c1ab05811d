import DragDrop
import DragDropLists
import Foundation

/// Seed 001, tables: prefectures on the left and a trip on the right. Inside a table, rows
/// reorder through `moveRowAt`. A row dropped on the trip is copied in through a
/// placeholder row, committed once its text has loaded (the seed's second table). A trip
/// row dropped on the prefectures moves back: it leaves the trip once the prefectures
/// have taken it. A table refuses (forbidden) a name it already lists.
@MainActor
public final class PrefectureTablesScene: SampleScene {
  public nonisolated static let prefectures = [
    "北海道", "青森県", "岩手県", "宮城県", "秋田県", "山形県", "福島県", "茨城県", "栃木県", "群馬県", "埼玉県", "千葉県",
    "東京都", "神奈川県", "新潟県", "富山県", "石川県", "福井県", "山梨県", "長野県", "岐阜県", "静岡県", "愛知県", "三重県",
    "滋賀県", "京都府", "大阪府", "兵庫県", "奈良県", "和歌山県", "鳥取県", "島根県", "岡山県", "広島県", "山口県", "徳島県",
    "香川県", "愛媛県", "高知県", "福岡県", "佐賀県", "長崎県", "熊本県", "大分県", "宮崎県", "鹿児島県", "沖縄県",
  ]

  public let journal = SceneJournal()
  public let first: TableView
  public let second: TableView
  let firstModel: Prefectures
  let secondModel: Prefectures
  private let controller: TablesController

  init(window: Window) {
    window.backgroundColor = Palette.background
    window.addSubview(
      caption(
        "Drag to reorder. Drop on the trip to copy; drag a trip row back to move it.",
        frame: Rect(x: 20, y: 12, width: 600, height: 22)))
    window.addSubview(heading("Prefectures", frame: Rect(x: 20, y: 44, width: 290, height: 22)))
    window.addSubview(heading("Kyūshū trip", frame: Rect(x: 330, y: 44, width: 290, height: 22)))
    first = TableView(frame: Rect(x: 20, y: 72, width: 290, height: 428))
    second = TableView(frame: Rect(x: 330, y: 72, width: 290, height: 428))
    // The first 39 are on the left; Kyūshū and Okinawa start on the trip.
    firstModel = Prefectures(Array(Self.prefectures.prefix(39)), name: "first", journal: journal)
    secondModel = Prefectures(Array(Self.prefectures.suffix(8)), name: "second", journal: journal)
    controller = TablesController(
      first: first, second: second, firstModel: firstModel, secondModel: secondModel, journal: journal)
    for (table, model, name, label) in [
      (first, firstModel, "first", "Prefectures"), (second, secondModel, "second", "Kyūshū trip"),
    ] {
      table.dataSource = model
      table.dragDelegate = controller
      table.dropDelegate = controller
      table.delegate = controller
      table.dragInteractionEnabled = true
      addPanelTable(table, named: name, label: label, to: window)
    }
  }

  public var state: String { "first=\(listing(firstModel.names)) second=\(listing(secondModel.names))" }
  public var isSettled: Bool {
    !first.hasUncommittedUpdates && !second.hasUncommittedUpdates && controller.loading == 0
  }

  /// The centre of a row, in window coordinates.
  public func rowCenter(_ table: TableView, _ row: Int) -> Point {
    table.convert(table.rectForRow(at: IndexPath(row: row, section: 0))?.center ?? .zero, to: nil)
  }
}

/// A prefecture's row: opaque, so that it reads well as its own drag preview, with a hairline
/// under it. It paints its own fill (the cell's background colour belongs to the drop
/// highlight).
@MainActor
final class PrefectureCell: TableViewCell {
  var fill = Palette.panel

  override func prepareForReuse() {
    super.prepareForReuse()
    fill = Palette.panel
    textLabel?.textColor = Palette.text
  }

  override func draw(in context: any GraphicsContext) {
    context.fill(Path(bounds), color: fill)
    context.fill(Path(Rect(x: 16, y: bounds.height - 1, width: bounds.width - 16, height: 1)), color: Palette.separator)
  }
}

/// One table's names.
@MainActor
final class Prefectures: TableViewReorderingDataSource {
  var names: [String]
  let name: String
  let journal: SceneJournal

  init(_ names: [String], name: String, journal: SceneJournal) {
    self.names = names
    self.name = name
    self.journal = journal
  }

  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { names.count }

  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
    cell.textLabel?.text = names[indexPath.row]
    return cell
  }

  /// Rule 22: a reorder inside the table lands here, with the row's index after removal.
  func tableView(_ tableView: TableView, moveRowAt source: IndexPath, to destination: IndexPath) {
    journal.note("\(name).moveRowAt \(source.row)→\(destination.row)")
    names.insert(names.remove(at: source.row), at: destination.row)
    journal.modelDidChange()
  }
}

/// Drag and drop for both tables.
@MainActor
private final class TablesController: TableViewDragDelegate, TableViewDropDelegate, TableViewDelegate {
  let first: TableView
  let second: TableView
  let firstModel: Prefectures
  let secondModel: Prefectures
  let journal: SceneJournal
  /// Copies whose text is still loading.
  var loading = 0

  init(first: TableView, second: TableView, firstModel: Prefectures, secondModel: Prefectures, journal: SceneJournal) {
    self.first = first
    self.second = second
    self.firstModel = firstModel
    self.secondModel = secondModel
    self.journal = journal
  }

  private func model(of tableView: TableView) -> Prefectures { tableView === first ? firstModel : secondModel }

  // A finger's scrolling and selecting, in the journal: a finger that catches gliding
  // content stops it, ends no deceleration and selects nothing. Where a glide stops depends
  // on the finger's speed, so a selection is noted without its row.
  func scrollViewWillBeginDragging(_ scrollView: ScrollView) {
    guard let table = scrollView as? TableView else { return }
    journal.note("\(model(of: table).name).willBeginDragging")
  }

  func scrollViewDidEndDragging(_ scrollView: ScrollView, willDecelerate decelerate: Bool) {
    guard let table = scrollView as? TableView else { return }
    journal.note("\(model(of: table).name).didEndDragging\(decelerate ? " decelerating" : "")")
  }

  func scrollViewDidEndDecelerating(_ scrollView: ScrollView) {
    guard let table = scrollView as? TableView else { return }
    journal.note("\(model(of: table).name).didEndDecelerating")
  }

  func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
    journal.note("\(model(of: tableView).name).didSelectRow")
  }

  func tableView(_ tableView: TableView, itemsForBeginning session: DragSession, at indexPath: IndexPath) -> [DragItem]
  {
    let model = model(of: tableView)
    let name = model.names[indexPath.row]
    journal.note("\(model.name).itemsForBeginning \(indexPath.row)")
    let item = DragItem(itemProvider: ItemProvider(object: name))
    item.localObject = DraggedRow(name: name, from: tableView)
    return [item]
  }

  func tableView(_ tableView: TableView, canHandle session: DropSession) -> Bool {
    session.canLoadObjects(ofClass: String.self)
  }

  /// Inside a table, a move; onto the trip, a copy; from the trip back to the prefectures,
  /// a move. A name the table already lists is forbidden.
  func tableView(
    _ tableView: TableView, dropSessionDidUpdate session: DropSession,
    withDestinationIndexPath destinationIndexPath: IndexPath?
  ) -> TableViewDropProposal {
    let rows = session.items.compactMap { $0.localObject as? DraggedRow }
    // Text from another application is copied in, into either table.
    if rows.isEmpty { return TableViewDropProposal(operation: .copy, intent: .insertAtDestinationIndexPath) }
    if rows.contains(where: { $0.from === tableView }) {
      return TableViewDropProposal(operation: .move, intent: .insertAtDestinationIndexPath)
    }
    let names = model(of: tableView).names
    if rows.contains(where: { names.contains($0.name) }) {
      return TableViewDropProposal(operation: .forbidden)
    }
    return TableViewDropProposal(
      operation: tableView === second ? .copy : .move, intent: .insertAtDestinationIndexPath)
  }

  func tableView(_ tableView: TableView, performDropWith coordinator: TableViewDropCoordinator) {
    let model = model(of: tableView)
    let destination = coordinator.destinationIndexPath ?? IndexPath(row: model.names.count, section: 0)
    journal.note("\(model.name).performDrop \(coordinator.proposal.operation) \(destination.row)")
    if coordinator.proposal.operation == .move {
      moveBack(coordinator, into: tableView, at: destination)
    } else {
      copyIn(coordinator, into: tableView, at: destination)
    }
  }

  /// The seed's copy: a placeholder row holds the place until the text has loaded.
  private func copyIn(_ coordinator: TableViewDropCoordinator, into tableView: TableView, at destination: IndexPath) {
    let model = model(of: tableView)
    // Every placeholder at the destination, as the seed does: each goes after the ones
    // already there, so the items keep their order.
    for item in coordinator.items {
      let placeholder = TableViewDropPlaceholder(
        insertionIndexPath: destination, reuseIdentifier: "placeholder", rowHeight: 44)
      placeholder.cellUpdateHandler = { cell in
        cell.textLabel?.text = "読み込み中…"
        cell.textLabel?.textColor = Palette.secondaryText
        (cell as? PrefectureCell)?.fill = Palette.highlight
      }
      let context = coordinator.drop(item.dragItem, to: placeholder)
      loading += 1
      // The load starts inside performDrop (rule 16); its result comes back on the main
      // actor, where the placeholder becomes the real row wherever it is by then.
      _ = item.dragItem.itemProvider.loadObject(ofClass: String.self) { result in
        Task { @MainActor [self] in
          self.loading -= 1
          switch result {
          case .success(let name):
            context.commitInsertion { path in
              self.journal.note("\(model.name).commit \(name) at \(path.row)")
              model.names.insert(name, at: path.row)
            }
          case .failure(let error):
            self.journal.note("\(model.name).deletePlaceholder \(error)")
            context.deletePlaceholder()
          }
          self.journal.modelDidChange()
        }
      }
    }
  }

  /// A row from the other table moves: it is inserted here first, and only then leaves its
  /// table, so that nothing is lost on the way.
  private func moveBack(_ coordinator: TableViewDropCoordinator, into tableView: TableView, at destination: IndexPath) {
    let model = model(of: tableView)
    let rows = coordinator.items.compactMap { item in (item.dragItem.localObject as? DraggedRow).map { (item, $0) } }
    let other = tableView === first ? second : first
    let otherModel = self.model(of: other)
    for (offset, (item, row)) in rows.enumerated() where row.from === other {
      let path = IndexPath(row: destination.row + offset, section: 0)
      tableView.performBatchUpdates {
        model.names.insert(row.name, at: path.row)
        tableView.insertRows(at: [path])
      }
      coordinator.drop(item.dragItem, toRowAt: path)
      if let index = otherModel.names.firstIndex(of: row.name) {
        other.performBatchUpdates {
          otherModel.names.remove(at: index)
          other.deleteRows(at: [IndexPath(row: index, section: 0)])
        }
        journal.note("\(otherModel.name).deleteRow \(index)")
      }
    }
    journal.modelDidChange()
  }
}

/// What a dragged row carries inside the application: its name and its table.
@MainActor
final class DraggedRow {
  let name: String
  weak var from: TableView?

  init(name: String, from: TableView) {
    self.name = name
    self.from = from
  }
}
