import DragDropUI

// A palette of emoji dragged onto a canvas where each lands where it is dropped:
// `draggable` strings and `dropDestination(for:)` with the drop's location, the stickers
// placed with `position`.

struct Sticker: Identifiable {
  let id = UUID()
  let emoji: String
  let location: CGPoint
}

struct EmojiCanvasView: View {
  @State private var stickers: [Sticker] = []
  private let palette = ["🍎", "🍊", "🍋"]

  var body: some View {
    VStack(spacing: 0) {
      HStack(spacing: 24) {
        ForEach(palette, id: \.self) { emoji in
          Text(emoji)
            .font(.system(size: 40))
            .draggable(emoji)
        }
      }
      .frame(height: 80)
      ZStack {
        Color.yellow.opacity(0.1)
        ForEach(stickers) { sticker in
          Text(sticker.emoji)
            .font(.system(size: 40))
            .position(sticker.location)
        }
      }
      .frame(width: 360, height: 300)
      .dropDestination(for: String.self) { items, location in
        for emoji in items {
          stickers.append(Sticker(emoji: emoji, location: location))
        }
        return !items.isEmpty
      }
    }
  }

}
