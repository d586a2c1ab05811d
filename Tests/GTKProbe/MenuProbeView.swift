import DragDropUI

/// A menu button and a row with a context menu, at the top left of a window too short for
/// the menu: the menu reaches past the window's bottom edge. The views keep their places
/// when a tiling compositor resizes the window.
struct MenuProbeView: View {
  var body: some View {
    VStack(alignment: .leading, spacing: 8) {
      Menu("Actions") {
        Button("Copy") { report("chosen copy") }
        Button("Paste") { report("chosen paste") }
        Button("Share") { report("chosen share") }
        Button("Delete", role: .destructive) { report("chosen delete") }
      }
      Text("Row").contextMenu {
        Button("Rename") { report("chosen rename") }
      }
    }
    .padding(8)
    .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
  }
}
