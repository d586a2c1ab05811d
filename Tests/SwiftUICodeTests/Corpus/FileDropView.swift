import DragDropUI

// A list of files dropped from a file manager: `onDrop(of: [.fileURL])`, each provider
// read as a `URL`, and the names kept in the order they arrive.

struct FileDropView: View {
  @State private var files: [URL] = []

  var body: some View {
    VStack(alignment: .leading) {
      Text(files.isEmpty ? "Drop files here" : "\(files.count) files")
        .font(.headline)
      List(files, id: \.self) { url in
        Label(url.lastPathComponent, systemImage: "doc")
      }
    }
    .frame(width: 300, height: 300)
    .onDrop(of: [.fileURL], isTargeted: nil) { providers in
      for provider in providers {
        _ = provider.loadObject(ofClass: URL.self) { url, _ in
          if let url {
            DispatchQueue.main.async {
              files.append(url)
            }
          }
        }
      }
      return true
    }
  }

}
