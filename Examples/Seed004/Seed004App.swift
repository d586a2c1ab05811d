// Seed 004's first sample as an application: `swift run Seed004` opens it in a GTK window.
import DragDropUIApp

struct Sample11View: View {
  @State private var getText: String = ""
  let str = "「SwiftUIとドラッグ&ドロップ」サンプル"

  var body: some View {
    VStack {
      Text(str)
        .onDrag {
          ItemProvider(object: self.str as String)
        }
        .padding()
      TextField("ここにドロップして", text: $getText)
        .padding()
        .border(Color.black)
        .padding()
    }
  }
}

@main
struct Seed004App: App {
  var body: some Scene {
    WindowGroup("Seed 004", size: Size(width: 480, height: 240)) {
      Sample11View()
    }
  }
}
