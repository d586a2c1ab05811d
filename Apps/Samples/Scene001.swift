import DragDrop
import DragDropLists
import Foundation

/// Seed 001, tables: prefectures on the left reorder by dragging; dropping one on the
/// right table copies it in through a placeholder row that is committed once the text has
/// loaded.
@MainActor
final class PrefectureTablesScene {

  static let prefectures = [
    "北海道", "青森県", "岩手県", "宮城県", "秋田県", "山形県", "福島県", "茨城県", "栃木県", "群馬県", "埼玉県", "千葉県",
    "東京都", "神奈川県", "新潟県", "富山県", "石川県", "福井県", "山梨県", "長野県", "岐阜県", "静岡県", "愛知県", "三重県",
    "滋賀県", "京都府", "大阪府", "兵庫県", "奈良県", "和歌山県", "鳥取県", "島根県", "岡山県", "広島県", "山口県", "徳島県",
    "香川県", "愛媛県", "高知県", "福岡県", "佐賀県", "長崎県", "熊本県", "大分県", "宮崎県", "鹿児島県", "沖縄県",
  ]

  let first: TableView
  let second: TableView
  private let firstModel: Prefectures
  private let secondModel: Prefectures
  private let controller: TablesController

  init(window: Window) {
    window.backgroundColor = Palette.background
    window.addSubview(
      caption(
        "Drag to reorder the left table; drop on the right table to copy.",
        frame: Rect(x: 20, y: 14, width: 600, height: 24)))
    first = TableView(frame: Rect(x: 20, y: 50, width: 290, height: 450))
    second = TableView(frame: Rect(x: 330, y: 50, width: 290, height: 450))
    firstModel = Prefectures(Self.prefectures)
    secondModel = Prefectures([])
    controller = TablesController(first: first, second: second, firstModel: firstModel, secondModel: secondModel)
    for (table, model, name) in [(first, firstModel, "first"), (second, secondModel, "second")] {
      table.accessibilityLabel = name
      table.backgroundColor = Palette.panel
      table.clipsToBounds = true
      table.register(TableViewCell.self, forCellReuseIdentifier: "cell")
      table.register(TableViewCell.self, forCellReuseIdentifier: "placeholder")
      table.dataSource = model
      table.dragDelegate = controller
      table.dropDelegate = controller
      table.dragInteractionEnabled = true
      window.addSubview(table)
    }
  }
}

/// One table's names.
@MainActor
private final class Prefectures: TableViewReorderingDataSource {
  var names: [String]

  init(_ names: [String]) { self.names = names }

  func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { names.count }

  func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
    let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
    cell.textLabel.text = names[indexPath.row]
    // Opaque, so that the cell reads well as its own drag preview.
    cell.backgroundColor = Palette.panel
    return cell
  }

  func tableView(_ tableView: TableView, moveRowAt source: IndexPath, to destination: IndexPath) {
    names.insert(names.remove(at: source.row), at: destination.row)
  }
}

/// Drag and drop for both tables, as in the seed: only the first table's rows drag; inside
/// it they move, into the second they are copied.
@MainActor
private final class TablesController: TableViewDragDelegate, TableViewDropDelegate {
  let first: TableView
  let second: TableView
  let firstModel: Prefectures
  let secondModel: Prefectures

  init(first: TableView, second: TableView, firstModel: Prefectures, secondModel: Prefectures) {
    self.first = first
    self.second = second
    self.firstModel = firstModel
    self.secondModel = secondModel
  }

  func tableView(_ tableView: TableView, itemsForBeginning session: DragSession, at indexPath: IndexPath) -> [DragItem]
  {
    guard tableView === first else { return [] }
    let name = firstModel.names[indexPath.row]
    let item = DragItem(itemProvider: ItemProvider(object: name))
    item.localObject = name
    return [item]
  }

  func tableView(_ tableView: TableView, canHandle session: DropSession) -> Bool {
    session.canLoadObjects(ofClass: String.self)
  }

  func tableView(
    _ tableView: TableView, dropSessionDidUpdate session: DropSession,
    withDestinationIndexPath destinationIndexPath: IndexPath?
  ) -> TableViewDropProposal {
    TableViewDropProposal(operation: tableView === first ? .move : .copy, intent: .insertAtDestinationIndexPath)
  }

  func tableView(_ tableView: TableView, performDropWith coordinator: TableViewDropCoordinator) {
    guard tableView === second else { return }
    let model = secondModel
    for (offset, item) in coordinator.items.enumerated() {
      let row = (coordinator.destinationIndexPath?.row ?? model.names.count) + offset
      let placeholder = TableViewDropPlaceholder(
        insertionIndexPath: IndexPath(row: row, section: 0), reuseIdentifier: "placeholder", rowHeight: 44)
      placeholder.cellUpdateHandler = { cell in
        cell.textLabel.text = "…"
        cell.backgroundColor = Palette.panel
      }
      let context = coordinator.drop(item.dragItem, to: placeholder)
      // The load starts inside performDrop (rule 16); its result comes back on the main
      // actor, where the placeholder becomes the real row.
      item.dragItem.itemProvider.loadObject(ofClass: String.self) { result in
        Task { @MainActor in
          switch result {
          case .success(let name): context.commitInsertion { path in model.names.insert(name, at: path.row) }
          case .failure: context.deletePlaceholder()
          }
        }
      }
    }
  }
}
