// swift-tools-version: 6.2
import PackageDescription

// Benchmarks live in their own package so that `swift test` in the main package stays fast.
// Run them with `make bench` from the repository root.
/// A benchmark executable over the named products of the main package.
func benchmark(_ name: String, using products: [String], support: Bool = true) -> Target {
  .executableTarget(
    name: name,
    dependencies: [.product(name: "Benchmark", package: "benchmark")]
      + products.map { .product(name: $0, package: "DragDrop") } + (support ? ["BenchmarkSupport"] : []),
    path: "Benchmarks/\(name)",
    plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
  )
}

let package = Package(
  name: "DragDropBenchmarks",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(name: "DragDrop", path: ".."),
    .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
  ],
  targets: [
    .target(
      name: "BenchmarkSupport",
      dependencies: [
        .product(name: "Benchmark", package: "benchmark"), .product(name: "DragDrop", package: "DragDrop"),
        .product(name: "DragDropLists", package: "DragDrop"), .product(name: "DragDropTesting", package: "DragDrop"),
      ],
      path: "Sources/BenchmarkSupport"
    ),
    benchmark("ListBenchmarks", using: ["DragDropLists", "DragDropTesting"]),
    benchmark("DragDropBenchmarks", using: ["DragDrop", "DragDropTesting"]),
    benchmark("ContentTypeBenchmarks", using: ["ContentTypes"], support: false),
    benchmark("RenderBenchmarks", using: ["DragDropGTK", "DragDropLists", "DragDropTesting"]),
    benchmark("UIBenchmarks", using: ["DragDropUI", "DragDropLists", "DragDropTesting"]),
  ]
)
