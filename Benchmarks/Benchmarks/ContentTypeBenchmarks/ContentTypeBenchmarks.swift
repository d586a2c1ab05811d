import Benchmark
import ContentTypes

/// Conformance and MIME lookup over every type the registry knows (built-in plus the
/// shared-mime-info database), each beside a naive baseline measured in the same run.
///
/// One iteration is a batch of `batch` queries, so the figures are per batch: divide by
/// `batch` for one query.
let batch = 1000

/// Every declared type, with the database loaded before measuring.
let types = ContentTypeRegistry.shared.declaredTypes

/// Deterministic pseudo-random pairs of indexes into `types`.
let pairs: [(Int, Int)] = {
  var state: UInt64 = 0x9E37_79B9_7F4A_7C15
  func next() -> Int {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return Int(truncatingIfNeeded: state >> 33)
  }
  return (0..<batch).map { _ in (next() % types.count, next() % types.count) }
}()

/// The direct parents of each type, for the baseline: supertypes that are not supertypes of
/// another supertype.
let parents: [ContentType: [ContentType]] = Dictionary(
  uniqueKeysWithValues: types.map { type in
    let all = type.supertypes
    let indirect = Set(all.flatMap(\.supertypes))
    return (type, Array(all.subtracting(indirect)))
  })

/// The baseline: a breadth-first walk up the parent graph for every query.
func naiveConforms(_ type: ContentType, _ other: ContentType) -> Bool {
  var queue = [type]
  var seen: Set<ContentType> = [type]
  var index = 0
  while index < queue.count {
    let current = queue[index]
    index += 1
    if current == other { return true }
    for parent in parents[current] ?? [] where seen.insert(parent).inserted {
      queue.append(parent)
    }
  }
  return false
}

/// Every MIME type the registry knows, each with its expected type.
let mimeTypes: [(String, ContentType)] = types.flatMap { type in
  (type.tags[.mimeType] ?? []).map { ($0, type) }
}

/// The same MIME types as a platform may spell them: upper case, with a parameter, so the
/// lookup takes the parsing path.
let spelledMIMETypes: [String] = mimeTypes.map { $0.0.contains(";") ? $0.0.uppercased() : $0.0.uppercased() + "; q=1" }

/// The baseline for MIME lookup: a scan over every type's tags.
func naiveType(forMIMEType mimeType: String) -> ContentType? {
  let lowered = mimeType.lowercased()
  return types.first { ($0.tags[.mimeType] ?? []).contains(lowered) }
}

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(
    metrics: [.wallClock, .throughput, .mallocCountTotal],
    timeUnits: .microseconds,
    maxDuration: .seconds(3),
    maxIterations: 100_000
  )

  Benchmark("conforms(to:) ×\(batch), bit set") { benchmark in
    for _ in benchmark.scaledIterations {
      var count = 0
      for (a, b) in pairs where types[a].conforms(to: types[b]) { count += 1 }
      blackHole(count)
    }
  }

  Benchmark("conforms(to:) ×\(batch), naive graph walk") { benchmark in
    for _ in benchmark.scaledIterations {
      var count = 0
      for (a, b) in pairs where naiveConforms(types[a], types[b]) { count += 1 }
      blackHole(count)
    }
  }

  Benchmark("type(forMIMEType:) ×\(batch), registry") { benchmark in
    for iteration in benchmark.scaledIterations {
      for offset in 0..<batch {
        let (mimeType, _) = mimeTypes[(iteration &* batch &+ offset) % mimeTypes.count]
        blackHole(ContentType(mimeType: mimeType, conformingTo: .item))
      }
    }
  }

  Benchmark("type(forMIMEType:) ×\(batch), naive scan") { benchmark in
    for iteration in benchmark.scaledIterations {
      for offset in 0..<batch {
        let (mimeType, _) = mimeTypes[(iteration &* batch &+ offset) % mimeTypes.count]
        blackHole(naiveType(forMIMEType: mimeType))
      }
    }
  }

  Benchmark("type(forMIMEType:) ×\(batch), registry, parsed (\"IMAGE/PNG; q=1\")") { benchmark in
    for iteration in benchmark.scaledIterations {
      for offset in 0..<batch {
        blackHole(
          ContentType(
            mimeType: spelledMIMETypes[(iteration &* batch &+ offset) % spelledMIMETypes.count], conformingTo: .item))
      }
    }
  }
}
