import Foundation

/// Misuse of an API that, as in UIKit, does not throw (rule 43): a batch update whose counts
/// do not add up, say. Where UIKit would stop the app, DragDrop logs a typed error, recovers
/// to a consistent state, and calls ``handler`` with the error.
///
/// The checked forms of the same calls throw the error instead and change nothing (a table
/// view's `checked.performBatchUpdates(_:completion:)`, say).
///
/// A test can make every misuse fail it:
///
/// ```swift
/// APIMisuse.handler = { error in Issue.record(error) }
/// ```
@MainActor
public enum APIMisuse {
  /// Called with each misuse, once it has been logged and recovered from. It does nothing
  /// by default.
  public static var handler: @MainActor (any Error) -> Void = { _ in }

  /// Hands `error` to ``handler``.
  package static func report(_ error: any Error) { handler(error) }

  /// Hands `error` to ``handler`` from any context: at once on the main actor, or in a
  /// task on it from elsewhere (a snapshot built in the background, say).
  package nonisolated static func reportFromAnyContext(_ error: any Error & Sendable) {
    if DispatchQueue.getSpecific(key: mainQueueKey) == true {
      MainActor.assumeIsolated { report(error) }
    } else {
      Task { @MainActor in report(error) }
    }
  }
}

/// Marks the main queue, which the main actor runs on, so that code can tell it is there.
private let mainQueueKey: DispatchSpecificKey<Bool> = {
  let key = DispatchSpecificKey<Bool>()
  DispatchQueue.main.setSpecific(key: key, value: true)
  return key
}()
