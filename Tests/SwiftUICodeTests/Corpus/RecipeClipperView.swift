import DragDropUI

// Recipe text dropped in and read with `loadTransferable(type:)` from async code, into an
// `@Observable` model on the main actor; a `ProgressView` while it loads.

@MainActor
@Observable
final class RecipeClipper {
  var recipes: [String] = []
  var isLoading = false
  var lastError: String?

  func receive(_ providers: [NSItemProvider]) -> Bool {
    guard let provider = providers.first else { return false }
    isLoading = true
    Task {
      do {
        let text = try await provider.loadTransferable(type: String.self)
        recipes.append(text)
      } catch {
        lastError = error.localizedDescription
      }
      isLoading = false
    }
    return true
  }
}

struct RecipeClipperView: View {
  @State private var clipper = RecipeClipper()

  var body: some View {
    HStack(spacing: 30) {
      Text("Oyakodon").draggable("Oyakodon")
      VStack {
        if clipper.isLoading {
          ProgressView()
        }
        ForEach(clipper.recipes, id: \.self) { recipe in
          Text(recipe)
        }
        Text(clipper.recipes.isEmpty ? "Drop a recipe" : "\(clipper.recipes.count) recipes")
          .foregroundStyle(.secondary)
      }
      .frame(width: 200, height: 200)
      .onDrop(of: [.plainText], isTargeted: nil) { providers in
        clipper.receive(providers)
      }
    }
  }
}
