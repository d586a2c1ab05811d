import DragDropUI

// A reading list: reorder by dragging, delete by swiping or in edit mode, and insert
// titles dragged in as text between the books. `onMove`, `onDelete` and `onInsert(of:)`
// on a `ForEach` in a `List`, with an `EditButton` in the toolbar.

struct Book: Identifiable, Hashable {
  let id = UUID()
  var title: String
}

struct ReadingListView: View {
  @State private var books = [
    Book(title: "Snow Country"),
    Book(title: "The Sound of the Mountain"),
    Book(title: "Kokoro"),
  ]

  var body: some View {
    NavigationStack {
      List {
        ForEach(books) { book in
          Text(book.title)
        }
        .onMove(perform: move)
        .onDelete(perform: delete)
        .onInsert(of: [.plainText], perform: insert)
      }
      .navigationTitle("Reading List")
      .toolbar {
        EditButton()
      }
    }
  }

  private func move(from source: IndexSet, to destination: Int) {
    books.move(fromOffsets: source, toOffset: destination)
  }

  private func delete(at offsets: IndexSet) {
    books.remove(atOffsets: offsets)
  }

  private func insert(at offset: Int, itemProviders: [NSItemProvider]) {
    for provider in itemProviders {
      _ = provider.loadObject(ofClass: NSString.self) { item, error in
        guard let title = item as? String else { return }
        DispatchQueue.main.async {
          books.insert(Book(title: title), at: offset)
        }
      }
    }
  }
}

/// Titles to drag into the reading list.
struct BookshelfView: View {
  var body: some View {
    HStack {
      ReadingListView()
      VStack(spacing: 20) {
        Text("Silence")
          .padding()
          .onDrag { NSItemProvider(object: "Silence" as NSString) }
        Spacer()
      }
      .frame(width: 120)
    }
  }
}
