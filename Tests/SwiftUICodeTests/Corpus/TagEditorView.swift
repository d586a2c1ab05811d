import DragDropUI

// Tags typed into a field and dragged onto a trash can to delete them. `@FocusState`
// keeps the field focused after each tag, `onSubmit` adds it, and the trash highlights
// while a tag is over it.

struct TagEditorView: View {
  @State private var tags = ["swift", "linux"]
  @State private var newTag = ""
  @State private var trashTargeted = false
  @FocusState private var fieldIsFocused: Bool

  var body: some View {
    VStack(alignment: .leading, spacing: 16) {
      TextField("New tag", text: $newTag)
        .textFieldStyle(.roundedBorder)
        .focused($fieldIsFocused)
        .onSubmit(addTag)
      HStack {
        ForEach(tags, id: \.self) { tag in
          Text("#\(tag)")
            .padding(.horizontal, 8)
            .padding(.vertical, 4)
            .background(Capsule().fill(Color.blue.opacity(0.2)))
            .draggable(tag)
        }
      }
      Image(systemName: trashTargeted ? "trash.fill" : "trash")
        .font(.title)
        .foregroundStyle(trashTargeted ? .red : .secondary)
        .frame(width: 60, height: 60)
        .dropDestination(for: String.self) { dropped, _ in
          tags.removeAll { dropped.contains($0) }
          return true
        } isTargeted: {
          trashTargeted = $0
        }
    }
    .padding()
    .onAppear { fieldIsFocused = true }
  }

  private func addTag() {
    let tag = newTag.trimmingCharacters(in: .whitespaces).lowercased()
    guard !tag.isEmpty, !tags.contains(tag) else { return }
    tags.append(tag)
    newTag = ""
    fieldIsFocused = true
  }
}
