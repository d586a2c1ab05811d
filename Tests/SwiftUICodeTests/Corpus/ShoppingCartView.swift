import DragDropUI

// Products on a shelf that scrolls sideways, dragged into a cart that totals them. A
// `Codable` product `Transferable` as JSON, a `LazyHStack` in a horizontal `ScrollView`,
// and a destructive button that empties the cart.

struct Product: Identifiable, Codable, Hashable, Transferable {
  var id: Int
  var name: String
  var price: Int

  static var transferRepresentation: some TransferRepresentation {
    CodableRepresentation(contentType: .json)
  }
}

struct ShoppingCartView: View {
  private let products = [
    Product(id: 1, name: "Tea", price: 480),
    Product(id: 2, name: "Rice", price: 1200),
    Product(id: 3, name: "Miso", price: 350),
  ]
  @State private var cart: [Product] = []

  private var total: Int { cart.reduce(0) { $0 + $1.price } }

  var body: some View {
    VStack(spacing: 16) {
      ScrollView(.horizontal, showsIndicators: false) {
        LazyHStack(spacing: 12) {
          ForEach(products) { product in
            VStack {
              Image(systemName: "bag")
              Text(product.name)
            }
            .frame(width: 90, height: 70)
            .background(Color.orange.opacity(0.2))
            .cornerRadius(10)
            .draggable(product)
          }
        }
        .padding(.horizontal)
      }
      .frame(height: 80)

      VStack {
        Image(systemName: "cart")
        Text(cart.isEmpty ? "Cart is empty" : cart.map(\.name).joined(separator: ", "))
        Text("Total: ¥\(total)")
      }
      .frame(width: 300, height: 140)
      .background(RoundedRectangle(cornerRadius: 12).fill(Color.gray.opacity(0.15)))
      .dropDestination(for: Product.self) { products, _ in
        cart.append(contentsOf: products)
        return true
      }

      Button("Empty Cart", role: .destructive) {
        cart.removeAll()
      }
      .buttonStyle(.bordered)
      .disabled(cart.isEmpty)
    }
  }
}
