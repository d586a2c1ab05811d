import DragDropUI

// Messages in a list, each with a context menu and draggable to an archive; the archive
// confirms before it empties with an alert, and shows its messages in a sheet.

struct Message: Identifiable, Hashable {
  let id: Int
  var subject: String
}

struct MailboxView: View {
  @State private var inbox = [
    Message(id: 1, subject: "Lunch on Friday?"),
    Message(id: 2, subject: "Invoice #42"),
    Message(id: 3, subject: "Your parcel is on its way"),
  ]
  @State private var archive: [Message] = []
  @State private var showingArchive = false
  @State private var confirmingEmpty = false

  var body: some View {
    VStack {
      List {
        ForEach(inbox) { message in
          Text(message.subject)
            .draggable(String(message.id))
            .contextMenu {
              Button("Archive") { archiveMessages([message.id]) }
              Button("Delete", role: .destructive) { inbox.removeAll { $0.id == message.id } }
            }
        }
      }
      .frame(height: 200)
      HStack {
        Label("Archive (\(archive.count))", systemImage: "archivebox")
          .frame(width: 180, height: 60)
          .background(Color.gray.opacity(0.15))
          .dropDestination(for: String.self) { ids, _ in
            archiveMessages(ids.compactMap(Int.init))
            return true
          }
        Button("Show") { showingArchive = true }
        Button("Empty") { confirmingEmpty = true }
      }
    }
    .sheet(isPresented: $showingArchive) {
      NavigationStack {
        List(archive) { Text($0.subject) }
          .navigationTitle("Archive")
          .toolbar {
            Button("Done") { showingArchive = false }
          }
      }
    }
    .alert("Empty the archive?", isPresented: $confirmingEmpty) {
      Button("Empty", role: .destructive) { archive.removeAll() }
      Button("Cancel", role: .cancel) {}
    } message: {
      Text("The messages cannot be brought back.")
    }
  }

  private func archiveMessages(_ ids: [Int]) {
    let moving = inbox.filter { ids.contains($0.id) }
    inbox.removeAll { ids.contains($0.id) }
    archive.append(contentsOf: moving)
  }
}
