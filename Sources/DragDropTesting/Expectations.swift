import DragDrop
@_exported import DragDropHarness
import Testing

extension DelegateRecorder {
  /// Checks that the calls since the last check are exactly `expected`, in order; records
  /// an issue with a line-by-line diff if not. Either way, those calls count as checked.
  ///
  /// From the first check on, the recorder is exhaustive: calls still unchecked when it
  /// goes away (with its test window, at the end of the test) are a test issue, reported
  /// at the last check. Call `stopChecking()` to opt out.
  public func expect(
    _ expected: [DelegateCall], skippingMoves: Bool = false, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    if let diff = check(expected, skippingMoves: skippingMoves) {
      Issue.record(Comment(rawValue: diff), sourceLocation: sourceLocation)
    }
    uncheckedAtEnd = { unchecked in
      let lines = ["delegate calls after this check were never checked (call stopChecking() to allow that):"]
      Issue.record(
        Comment(rawValue: (lines + unchecked.map { "  + \($0)" }).joined(separator: "\n")),
        sourceLocation: sourceLocation)
    }
    reportSkipped(at: sourceLocation)
  }

  /// Stops asking for every call to be checked, as ``DelegateRecorder/stopChecking(showingSkipped:)``
  /// does; with `showingSkipped`, the calls passed over show in the test's output as known
  /// issues, which do not fail it.
  public func expectNonExhaustively(showingSkipped: Bool, sourceLocation: SourceLocation = #_sourceLocation) {
    stopChecking(showingSkipped: showingSkipped)
    reportSkipped(at: sourceLocation)
  }

  private func reportSkipped(at sourceLocation: SourceLocation) {
    skippedCalls = { skipped in
      withKnownIssue {
        Issue.record(
          Comment(
            rawValue: (["delegate calls passed over without a check:"] + skipped.map { "  ~ \($0)" }).joined(
              separator: "\n")),
          sourceLocation: sourceLocation)
      }
    }
  }

  /// Checks that no call has arrived since the last check.
  public func expectNothing(sourceLocation: SourceLocation = #_sourceLocation) {
    expect([], sourceLocation: sourceLocation)
  }
}
