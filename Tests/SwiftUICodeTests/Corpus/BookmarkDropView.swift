import DragDropUI

// Links dropped from a browser into a bookmarks bar. A `DropDelegate` that accepts only
// URLs (`validateDrop`), copies them (`dropUpdated`), and reads each with
// `loadObject(ofClass: URL.self)`.

struct BookmarkDropView: View {
  @State private var bookmarks: [URL] = []
  @State private var isOver = false

  var body: some View {
    VStack(alignment: .leading) {
      Text("Bookmarks").font(.headline)
      ForEach(bookmarks, id: \.self) { url in
        Text(url.host ?? url.absoluteString)
      }
      Spacer()
    }
    .frame(width: 280, height: 200, alignment: .topLeading)
    .padding()
    .background(isOver ? Color.green.opacity(0.2) : Color.clear)
    .onDrop(of: [.url], delegate: BookmarkDropDelegate(bookmarks: $bookmarks, isOver: $isOver))
  }
}

struct BookmarkDropDelegate: DropDelegate {
  @Binding var bookmarks: [URL]
  @Binding var isOver: Bool

  func validateDrop(info: DropInfo) -> Bool {
    info.hasItemsConforming(to: [.url])
  }

  func dropEntered(info: DropInfo) {
    isOver = true
  }

  func dropExited(info: DropInfo) {
    isOver = false
  }

  func dropUpdated(info: DropInfo) -> DropProposal? {
    DropProposal(operation: .copy)
  }

  func performDrop(info: DropInfo) -> Bool {
    isOver = false
    let providers = info.itemProviders(for: [.url])
    for provider in providers {
      _ = provider.loadObject(ofClass: URL.self) { url, _ in
        guard let url else { return }
        DispatchQueue.main.async {
          if !bookmarks.contains(url) {
            bookmarks.append(url)
          }
        }
      }
    }
    return !providers.isEmpty
  }
}

/// A link to drag, as a browser offers one.
struct LinkSourceView: View {
  var body: some View {
    HStack(spacing: 40) {
      Text("swift.org")
        .onDrag { NSItemProvider(object: URL(string: "https://swift.org/")! as NSURL) }
      Text("plain text")
        .onDrag { NSItemProvider(object: "not a link" as NSString) }
      BookmarkDropView()
    }
  }
}
