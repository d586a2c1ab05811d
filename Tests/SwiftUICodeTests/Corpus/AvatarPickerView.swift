import DragDropUI

// An avatar made from a dropped image, resized with a `Slider`, in a `Form`-like stack
// with a `Menu` of shapes. Image bytes read as `Data` through `dropDestination(for:)`.

enum AvatarShape: String, CaseIterable {
  case circle, square
}

struct AvatarPickerView: View {
  @State private var imageData: Data?
  @State private var size: Double = 80
  @State private var shape = AvatarShape.circle

  var body: some View {
    VStack(spacing: 20) {
      Group {
        if let imageData, let image = UIImage(data: imageData) {
          Image(uiImage: image).resizable().scaledToFill()
        } else {
          Image(systemName: "person.crop.circle")
            .resizable()
            .foregroundStyle(.secondary)
        }
      }
      .frame(width: size, height: size)
      .clipShape(shape == .circle ? AnyShape(Circle()) : AnyShape(Rectangle()))
      .dropDestination(for: Data.self) { items, _ in
        imageData = items.first
        return items.first != nil
      }

      Slider(value: $size, in: 40...160) {
        Text("Size")
      }
      .frame(width: 220)

      Menu("Shape: \(shape.rawValue)") {
        ForEach(AvatarShape.allCases, id: \.self) { option in
          Button(option.rawValue.capitalized) { shape = option }
        }
      }
    }
    .padding()
  }
}
