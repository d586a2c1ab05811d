import DragDropUI

// Suggestions dragged into a to-do list between its rows: `ForEach`'s
// `dropDestination(for:)` (iOS 17), which gives the values and the offset where they go.

struct Todo: Identifiable {
  let id = UUID()
  var title: String
  var isDone = false
}

struct TodoInboxView: View {
  @State private var todos = [Todo(title: "Buy milk"), Todo(title: "Call mum")]
  private let suggestions = ["Water plants", "Pay rent"]

  var body: some View {
    HStack(alignment: .top) {
      List {
        ForEach(todos) { todo in
          Text(todo.title)
        }
        .dropDestination(for: String.self) { titles, offset in
          todos.insert(contentsOf: titles.map { Todo(title: $0) }, at: offset)
        }
      }
      .frame(width: 240)
      VStack(alignment: .leading, spacing: 16) {
        Text("Suggestions").font(.caption).foregroundStyle(.secondary)
        ForEach(suggestions, id: \.self) { suggestion in
          Text(suggestion).draggable(suggestion)
        }
        Spacer()
      }
    }
  }

}
