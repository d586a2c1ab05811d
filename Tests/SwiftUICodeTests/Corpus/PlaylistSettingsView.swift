import DragDropUI

// A playlist that songs are dragged into, with settings beside it: a `Toggle` that lets
// the same song in twice, a segmented `Picker` for where new songs go, and a `Stepper`
// for how long the playlist may grow.

enum InsertPosition: String, CaseIterable, Identifiable {
  case top = "Top"
  case bottom = "Bottom"
  var id: Self { self }
}

struct PlaylistSettingsView: View {
  @State private var playlist = ["Blue in Green"]
  @State private var allowDuplicates = false
  @State private var position = InsertPosition.bottom
  @State private var limit = 3
  private let library = ["So What", "Freddie Freeloader", "Blue in Green"]

  var body: some View {
    HStack(alignment: .top, spacing: 20) {
      VStack(alignment: .leading, spacing: 12) {
        ForEach(library, id: \.self) { song in
          Text(song).draggable(song)
        }
      }
      .frame(width: 160)
      VStack(alignment: .leading, spacing: 12) {
        Toggle("Allow duplicates", isOn: $allowDuplicates)
        Picker("Add to", selection: $position) {
          ForEach(InsertPosition.allCases) { position in
            Text(position.rawValue).tag(position)
          }
        }
        .pickerStyle(.segmented)
        Stepper("Limit: \(limit)", value: $limit, in: 1...10)
        Text(playlist.joined(separator: " / "))
          .frame(maxWidth: .infinity, minHeight: 120, alignment: .topLeading)
          .background(Color.gray.opacity(0.1))
          .dropDestination(for: String.self) { songs, _ in
            add(songs)
          }
      }
      .frame(width: 300)
    }
    .padding()
  }

  private func add(_ songs: [String]) -> Bool {
    var added = false
    for song in songs where allowDuplicates || !playlist.contains(song) {
      guard playlist.count < limit else { break }
      switch position {
      case .top: playlist.insert(song, at: 0)
      case .bottom: playlist.append(song)
      }
      added = true
    }
    return added
  }
}
