import DragDropTesting
import Foundation
import Testing

@testable import DragDropUI

/// withAnimation around a change to an `@Observable` model: the views that read the model
/// glide, as they do for a change to `@State`.
@MainActor
@Suite struct ObservableAnimationTests {
  @Observable
  @MainActor
  final class Model {
    var rows = ["a", "b", "c", "d"]
  }

  struct Rows: View {
    let model: Model
    var body: some View {
      VStack(spacing: 0) {
        ForEach(model.rows, id: \.self) { Text($0).frame(width: 100, height: 20) }
      }
    }
  }

  @Test("Rows of a ForEach reordered in an @Observable model inside withAnimation glide to their places")
  func observableReorderGlides() async throws {
    let model = Model()
    let (test, host) = host(Rows(model: model))
    let a = try #require(findView(named: "Frame", in: host))
    let before = a.convert(a.bounds, to: host)
    withAnimation(.linear(duration: 1)) { model.rows.reverse() }
    // Observation tells the graph through the main actor's queue.
    while !host.graph.needsUpdate { await Task.yield() }
    host.update()
    #expect(a.convert(a.bounds, to: host) == before)
    test.hold(0.5)
    // "a" goes from the top to the bottom, 60 points down; half way it is 30 down.
    let halfway = a.convert(a.bounds, to: host)
    #expect(abs(halfway.minY - (before.minY + 30)) <= 1.5, "\(halfway) from \(before)")
    test.hold(0.6)
    #expect(a.convert(a.bounds, to: host).minY == before.minY + 60)
    #expect(!host.graph.animator.isAnimating)
  }
}
