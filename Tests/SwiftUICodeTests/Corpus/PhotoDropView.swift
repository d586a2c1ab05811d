import DragDropUI

// A photo well: drop an image from anywhere, read with `loadObject(ofClass: UIImage.self)`
// and shown with `Image(uiImage:)`; a placeholder symbol until then.

struct PhotoDropView: View {
  @State private var image: UIImage?
  @State private var isTargeted = false

  var body: some View {
    VStack {
      ZStack {
        RoundedRectangle(cornerRadius: 16)
          .stroke(isTargeted ? Color.accentColor : Color.secondary, lineWidth: 2)
        if let image {
          Image(uiImage: image)
            .resizable()
            .scaledToFit()
            .padding()
        } else {
          VStack {
            Image(systemName: "photo")
              .font(.largeTitle)
            Text("Drop a photo")
              .foregroundStyle(.secondary)
          }
        }
      }
      .frame(width: 240, height: 240)
      .onDrop(of: [.image], isTargeted: $isTargeted) { providers in
        guard let provider = providers.first else { return false }
        _ = provider.loadObject(ofClass: UIImage.self) { object, error in
          DispatchQueue.main.async {
            self.image = object as? UIImage
          }
        }
        return true
      }
    }
  }

}
