import DragDropUI

// A board of three columns whose cards move between them: a `Codable` card that is
// `Transferable` through its own exported type, `draggable` cards, and a
// `dropDestination` on each column that highlights while a card is over it.

extension UTType {
  static let kanbanCard = UTType(exportedAs: "com.example.kanban-card")
}

struct Card: Identifiable, Codable, Hashable, Transferable {
  var id: UUID = UUID()
  var title: String
  var column: String

  static var transferRepresentation: some TransferRepresentation {
    CodableRepresentation(contentType: .kanbanCard)
  }
}

@Observable
final class Board {
  var cards: [Card] = [
    Card(title: "Design the icon", column: "To Do"),
    Card(title: "Write release notes", column: "To Do"),
    Card(title: "Fix crash on launch", column: "Doing"),
    Card(title: "Ship 1.0", column: "Done"),
  ]

  func cards(in column: String) -> [Card] {
    cards.filter { $0.column == column }
  }

  func move(_ dropped: [Card], to column: String) {
    for card in dropped {
      guard let index = cards.firstIndex(where: { $0.id == card.id }) else { continue }
      cards[index].column = column
    }
  }
}

struct KanbanBoardView: View {
  @State private var board = Board()
  let columns = ["To Do", "Doing", "Done"]

  var body: some View {
    HStack(alignment: .top, spacing: 12) {
      ForEach(columns, id: \.self) { column in
        KanbanColumn(title: column, board: board)
      }
    }
    .padding()
  }
}

struct KanbanColumn: View {
  let title: String
  let board: Board
  @State private var isTargeted = false

  var body: some View {
    VStack(alignment: .leading, spacing: 8) {
      Text(title)
        .font(.headline)
      ForEach(board.cards(in: title)) { card in
        Text(card.title)
          .padding(8)
          .frame(maxWidth: .infinity, alignment: .leading)
          .background(Color.white)
          .clipShape(RoundedRectangle(cornerRadius: 8))
          .shadow(radius: 1)
          .draggable(card)
      }
      Spacer()
    }
    .padding(8)
    .frame(width: 150, height: 320)
    .background(isTargeted ? Color.blue.opacity(0.2) : Color.gray.opacity(0.1))
    .dropDestination(for: Card.self) { cards, location in
      board.move(cards, to: title)
      return true
    } isTargeted: { targeted in
      isTargeted = targeted
    }
  }
}
