import DragDropUI

// A grid of colours reordered by dragging, the way many apps did it before
// `draggable`: each cell's `onDrag` remembers which colour moves, and a `DropDelegate` on
// every cell moves it into place as the drag enters, inside `withAnimation`.

struct Swatch: Identifiable, Equatable {
  let id: Int
  let name: String
  let color: Color
}

struct ColorGridView: View {
  @State private var swatches = [
    Swatch(id: 1, name: "Red", color: .red),
    Swatch(id: 2, name: "Orange", color: .orange),
    Swatch(id: 3, name: "Yellow", color: .yellow),
    Swatch(id: 4, name: "Green", color: .green),
    Swatch(id: 5, name: "Blue", color: .blue),
    Swatch(id: 6, name: "Purple", color: .purple),
  ]
  @State private var dragging: Swatch?

  private let columns = [GridItem(.adaptive(minimum: 90), spacing: 12)]

  var body: some View {
    ScrollView {
      LazyVGrid(columns: columns, spacing: 12) {
        ForEach(swatches) { swatch in
          RoundedRectangle(cornerRadius: 12)
            .fill(swatch.color)
            .frame(height: 90)
            .overlay(Text(swatch.name).foregroundColor(.white).bold())
            .opacity(dragging == swatch ? 0.5 : 1)
            .onDrag {
              dragging = swatch
              return NSItemProvider(object: String(swatch.id) as NSString)
            }
            .onDrop(
              of: [UTType.text],
              delegate: ReorderDropDelegate(item: swatch, swatches: $swatches, dragging: $dragging))
        }
      }
      .padding()
    }
  }

}

struct ReorderDropDelegate: DropDelegate {
  let item: Swatch
  @Binding var swatches: [Swatch]
  @Binding var dragging: Swatch?

  func dropEntered(info: DropInfo) {
    guard let dragging, dragging != item,
      let from = swatches.firstIndex(of: dragging),
      let to = swatches.firstIndex(of: item)
    else { return }
    withAnimation(.default) {
      swatches.move(fromOffsets: IndexSet(integer: from), toOffset: to > from ? to + 1 : to)
    }
  }

  func dropUpdated(info: DropInfo) -> DropProposal? {
    DropProposal(operation: .move)
  }

  func performDrop(info: DropInfo) -> Bool {
    dragging = nil
    return true
  }
}
