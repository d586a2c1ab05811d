import DragDropUI

// Folders in a navigation stack: each row links to its folder's notes, and takes notes
// dropped on it without opening. An `@Observable` library shared by both screens.

struct Note: Identifiable, Hashable {
  let id = UUID()
  var text: String
}

struct Folder: Identifiable, Hashable {
  let id = UUID()
  var name: String
  var notes: [Note] = []
}

@Observable
final class NoteLibrary {
  var folders = [
    Folder(name: "Work", notes: [Note(text: "Standup at ten")]),
    Folder(name: "Home"),
  ]
  var unfiled = ["Buy stamps", "Renew passport"]

  func file(_ texts: [String], into folderID: Folder.ID) {
    guard let index = folders.firstIndex(where: { $0.id == folderID }) else { return }
    folders[index].notes += texts.map { Note(text: $0) }
    unfiled.removeAll { texts.contains($0) }
  }
}

struct FolderBrowserView: View {
  @State var library = NoteLibrary()

  var body: some View {
    NavigationStack {
      VStack(spacing: 0) {
        List(library.folders) { folder in
          NavigationLink(value: folder.id) {
            Label("\(folder.name) (\(folder.notes.count))", systemImage: "folder")
          }
          .dropDestination(for: String.self) { texts, _ in
            library.file(texts, into: folder.id)
            return true
          }
        }
        .frame(height: 200)
        HStack {
          ForEach(library.unfiled, id: \.self) { text in
            Text(text)
              .padding(6)
              .background(.yellow)
              .draggable(text)
          }
        }
        .frame(height: 80)
      }
      .navigationTitle("Folders")
      .navigationDestination(for: Folder.ID.self) { id in
        FolderDetailView(library: library, folderID: id)
      }
    }
  }
}

struct FolderDetailView: View {
  let library: NoteLibrary
  let folderID: Folder.ID

  var body: some View {
    let folder = library.folders.first { $0.id == folderID }
    List(folder?.notes ?? []) { note in
      Text(note.text)
    }
    .navigationTitle(folder?.name ?? "")
  }
}
