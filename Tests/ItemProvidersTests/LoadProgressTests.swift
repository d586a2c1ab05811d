import Foundation
import Testing

@testable import ItemProviders

@Suite struct LoadProgressTests {
  @Test func fractionsAddUpThroughChildren() {
    let parent = LoadProgress(totalUnitCount: 10)
    let child = LoadProgress(totalUnitCount: 4)
    parent.addChild(child, withPendingUnitCount: 8)
    parent.completedUnitCount = 1
    child.completedUnitCount = 2
    #expect(parent.fractionCompleted == 0.5)  // (1 + 8 × 0.5) / 10
    child.completedUnitCount = 4
    #expect(parent.fractionCompleted == 0.9)
    parent.completedUnitCount = 10
    #expect(parent.fractionCompleted == 1)
    #expect(parent.isFinished)
    #expect(LoadProgress().fractionCompleted == 0)
  }

  @Test func cancellationReachesChildrenAndRunsTheHandlerOnce() {
    let parent = LoadProgress(totalUnitCount: 1)
    let child = LoadProgress(totalUnitCount: 1)
    parent.addChild(child, withPendingUnitCount: 1)
    let calls = LockedCounter()
    parent.cancellationHandler = { calls.increment() }
    parent.cancel()
    parent.cancel()
    #expect(calls.value == 1)
    #expect(child.isCancelled)
    let late = LoadProgress(totalUnitCount: 1)
    parent.addChild(late, withPendingUnitCount: 1)
    #expect(late.isCancelled)
    // A handler set after cancellation runs at once.
    parent.cancellationHandler = { calls.increment() }
    #expect(calls.value == 2)
  }

  @Test("Safe from many threads at once")
  func concurrentUse() {
    let parent = LoadProgress(totalUnitCount: 1000)
    DispatchQueue.concurrentPerform(iterations: 1000) { _ in
      let child = LoadProgress(totalUnitCount: 10)
      parent.addChild(child, withPendingUnitCount: 1)
      for step in 1...10 {
        child.completedUnitCount = Int64(step)
        _ = parent.fractionCompleted
      }
    }
    #expect(parent.fractionCompleted == 1)
  }
}

final class LockedCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0
  func increment() {
    lock.lock()
    count += 1
    lock.unlock()
  }
  var value: Int {
    lock.lock()
    defer { lock.unlock() }
    return count
  }
}

@Suite struct LoadProgressShapeTests {
  @Test("Issue 9: a child that would close a cycle is refused, and fractions stay defined")
  func cyclesAreRefused() {
    let a = LoadProgress(totalUnitCount: 2)
    let b = LoadProgress(totalUnitCount: 2)
    let c = LoadProgress(totalUnitCount: 2)
    #expect(a.addChild(b, withPendingUnitCount: 1))
    #expect(b.addChild(c, withPendingUnitCount: 1))
    #expect(!c.addChild(a, withPendingUnitCount: 1))
    #expect(!b.addChild(a, withPendingUnitCount: 1))
    #expect(!a.addChild(a, withPendingUnitCount: 1))
    c.completedUnitCount = 2
    #expect(a.fractionCompleted == 0.25)
    // A diamond is not a cycle: the same child under two parents is allowed.
    let d = LoadProgress(totalUnitCount: 1)
    #expect(a.addChild(d, withPendingUnitCount: 1))
    #expect(c.addChild(d, withPendingUnitCount: 0))
    a.cancel()
    #expect(d.isCancelled && c.isCancelled)
  }
}
