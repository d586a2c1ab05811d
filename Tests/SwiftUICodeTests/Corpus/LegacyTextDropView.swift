import DragDropUI

// Text dragged between two wells the way code written before `UTType` does it: type
// identifiers as strings, `NSItemProvider(item:typeIdentifier:)` and
// `loadItem(forTypeIdentifier:options:)`.

struct LegacyTextDropView: View {
  @State private var received = "Nothing yet"

  var body: some View {
    VStack(spacing: 40) {
      Text("Hello from 2019")
        .padding()
        .onDrag {
          NSItemProvider(item: "Hello from 2019" as NSString, typeIdentifier: "public.plain-text")
        }
      Text(received)
        .frame(width: 260, height: 100)
        .border(Color.gray)
        .onDrop(of: ["public.plain-text"], isTargeted: nil) { providers in
          guard let provider = providers.first,
            provider.hasItemConformingToTypeIdentifier("public.plain-text")
          else { return false }
          provider.loadItem(forTypeIdentifier: "public.plain-text", options: nil) { item, error in
            let text: String?
            if let string = item as? String {
              text = string
            } else if let data = item as? Data {
              text = String(data: data, encoding: .utf8)
            } else {
              text = nil
            }
            DispatchQueue.main.async {
              received = text ?? "Unreadable"
            }
          }
          return true
        }
    }
  }
}
