import Foundation
import Synchronization

/// One load in flight: its `LoadProgress`, and a gate that lets exactly one result through to
/// the completion handler. Cancellation, a handler that calls back twice, and a handler
/// that never calls back all come down to this gate.
final class LoadOperation<Value: Sendable>: Sendable {
  typealias Completion = @Sendable (Result<Value, ItemProviderError>) -> Void

  private struct State {
    var completion: Completion?
    /// The progress objects of the stages; each is completed when the load succeeds.
    var stages: [LoadProgress] = []
  }

  /// The progress the caller holds. Its units are split between the stages of the load.
  let progress: LoadProgress
  private let state: Mutex<State>

  init(completion: @escaping Completion) {
    progress = LoadProgress(totalUnitCount: 100)
    state = Mutex(State(completion: completion))
    // The handler keeps the operation alive while the load is pending; finishing breaks
    // the cycle.
    progress.cancellationHandler = { self.finish(.failure(.cancelled)) }
  }

  /// Whether the load is over: a result has gone through, or the progress has been
  /// cancelled, in which case the cancellation is delivered now (the progress's own
  /// cancellation handler may run a moment later, on another thread).
  var isFinished: Bool {
    if progress.isCancelled {
      finish(.failure(.cancelled))
      return true
    }
    return state.withLock { $0.completion == nil }
  }

  /// Adds a stage's progress as a child worth `units` of the 100. A stage added after the
  /// load ended is completed or cancelled at once, to match.
  func attach(_ stage: LoadProgress, units: Int64) {
    progress.addChild(stage, withPendingUnitCount: units)
    let finished = state.withLock { state in
      state.stages.append(stage)
      return state.completion == nil
    }
    if progress.isCancelled {
      stage.cancel()
    } else if finished {
      Self.complete(stage)
    }
  }

  /// Delivers `result` if nothing has been delivered yet; later calls do nothing. Returns
  /// whether this call delivered.
  /// Once the progress is cancelled, whatever arrives is delivered as cancellation.
  @discardableResult
  func finish(_ result: Result<Value, ItemProviderError>) -> Bool {
    let result = progress.isCancelled ? .failure(.cancelled) : result
    let taken = state.withLock { state -> (Completion, [LoadProgress])? in
      guard let completion = state.completion else { return nil }
      state.completion = nil
      return (completion, state.stages)
    }
    guard let (completion, stages) = taken else { return false }
    progress.cancellationHandler = nil
    switch result {
    case .success:
      stages.forEach(Self.complete)
      progress.completedUnitCount = progress.totalUnitCount
    case .failure(.cancelled):
      stages.forEach { $0.cancel() }
    case .failure:
      break
    }
    completion(result)
    return true
  }

  private static func complete(_ stage: LoadProgress) {
    if stage.totalUnitCount <= 0 { stage.totalUnitCount = 1 }
    if stage.completedUnitCount < stage.totalUnitCount { stage.completedUnitCount = stage.totalUnitCount }
  }
}

/// Holds the `LoadProgress` of a load started from async code, so that task cancellation can
/// reach it even when it arrives before the load has started.
final class ProgressBox: Sendable {
  private let state = Mutex<(progress: LoadProgress?, cancelled: Bool)>((nil, false))

  func set(_ progress: LoadProgress) {
    let cancelled = state.withLock { state in
      state.progress = progress
      return state.cancelled
    }
    if cancelled { progress.cancel() }
  }

  func cancel() {
    let progress = state.withLock { state in
      state.cancelled = true
      return state.progress
    }
    progress?.cancel()
  }
}
