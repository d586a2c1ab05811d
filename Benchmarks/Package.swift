// swift-tools-version: 6.2
import PackageDescription

// Benchmarks live in their own package so that `swift test` in the main package stays fast.
// Run them with `make bench` from the repository root.
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
      dependencies: [.product(name: "Benchmark", package: "benchmark")],
      path: "Sources/BenchmarkSupport"
    ),
    .executableTarget(
      name: "ListBenchmarks",
      dependencies: [
        .product(name: "Benchmark", package: "benchmark"),
        .product(name: "DragDropLists", package: "DragDrop"),
        .product(name: "DragDropTesting", package: "DragDrop"),
        "BenchmarkSupport",
      ],
      path: "Benchmarks/ListBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
    .executableTarget(
      name: "DragDropBenchmarks",
      dependencies: [
        .product(name: "Benchmark", package: "benchmark"),
        .product(name: "DragDrop", package: "DragDrop"),
        .product(name: "DragDropTesting", package: "DragDrop"),
        "BenchmarkSupport",
      ],
      path: "Benchmarks/DragDropBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
    .executableTarget(
      name: "ContentTypeBenchmarks",
      dependencies: [
        .product(name: "Benchmark", package: "benchmark"),
        .product(name: "ContentTypes", package: "DragDrop"),
      ],
      path: "Benchmarks/ContentTypeBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
  ]
)
