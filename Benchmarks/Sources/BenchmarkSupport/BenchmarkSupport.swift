import Benchmark
import Foundation

/// The benchmark runner calls its closures off the main actor, and the views are main-actor
/// objects, so each benchmark call hops to the main actor once and times a batch of
/// operations one by one there; every sample is recorded as a custom metric.
public let perOperation = BenchmarkMetric.custom(
  "time per operation (ns)", polarity: .prefersSmaller, useScalingFactor: false)

/// How many operations one benchmark call times.
public let batchSize = 1000

/// Times `body` `count` times, one sample a call, in nanoseconds.
@MainActor
public func timeEach(_ count: Int = batchSize, _ body: () -> Void) -> [Int] {
  var samples: [Int] = []
  samples.reserveCapacity(count)
  for _ in 0..<count {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    samples.append(Int(DispatchTime.now().uptimeNanoseconds - start))
  }
  return samples
}
