import DragDrop
import Testing

/// Records every delegate call a window's drag controller makes, in order, and checks them
/// in batches: each ``expect(_:sourceLocation:)`` compares *all* the calls since the last
/// check with the expected list, so a call nobody asserted is a failure.
@MainActor
public final class DelegateRecorder {
  /// Every call so far.
  public private(set) var calls: [DelegateCall] = []
  /// How many calls have been checked.
  public private(set) var checkedCount = 0

  public init() {}

  /// The window attached, held weakly.
  private weak var window: Window?

  /// Starts recording the calls of `window`'s drag controller.
  public func attach(to window: Window) {
    self.window = window
    window.dragController.callObserver = { [weak self] call in self?.calls.append(call) }
  }

  /// Runs the attached window's clock until nothing is scheduled, and waits for the loads
  /// that drops started to finish and report back, as often as needed: animations end,
  /// load completions run, and `sessionDidTransferItems` arrives. The loads are real work
  /// off the main actor, so this awaits them rather than advancing time. It gives up after
  /// `limit` seconds of clock time or a million turns of the main actor.
  public func settle(limit: Double = 60) async {
    guard let window else { return }
    let clock = window.clock as? ManualClock
    let end = (clock?.now ?? 0) + limit
    for _ in 0..<1_000_000 {
      while let clock, let next = clock.nextActionTime, next <= end { clock.advance(to: next) }
      if window.dragController.pendingTransfers == 0 && (clock?.nextActionTime.map { $0 > end } ?? true) {
        // One more turn, for completions queued just before the last report.
        await Task.yield()
        if window.dragController.pendingTransfers == 0 && clock?.nextActionTime == nil { return }
      }
      await Task.yield()
    }
  }

  /// The calls since the last check, as `interaction.method(detail)` strings.
  public var unchecked: [String] { calls[checkedCount...].map(\.description) }

  /// Checks that the calls since the last check are exactly `expected`, in order; records
  /// an issue with a line-by-line diff if not. Either way, those calls count as checked.
  public func expect(_ expected: [String], sourceLocation: SourceLocation = #_sourceLocation) {
    let actual = unchecked
    checkedCount = calls.count
    guard actual != expected else { return }
    Issue.record(Comment(rawValue: Self.diff(expected: expected, actual: actual)), sourceLocation: sourceLocation)
  }

  /// Checks that no call has arrived since the last check.
  public func expectNothing(sourceLocation: SourceLocation = #_sourceLocation) {
    expect([], sourceLocation: sourceLocation)
  }

  /// Marks the calls so far as checked without asserting them.
  public func skip() {
    checkedCount = calls.count
  }

  /// A readable diff: the longest common subsequence kept, `-` for expected calls that did
  /// not happen, `+` for calls that were not expected.
  public static func diff(expected: [String], actual: [String]) -> String {
    let n = expected.count
    let m = actual.count
    var table = Array(repeating: Array(repeating: 0, count: m + 1), count: n + 1)
    for i in stride(from: n - 1, through: 0, by: -1) {
      for j in stride(from: m - 1, through: 0, by: -1) {
        table[i][j] = expected[i] == actual[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
      }
    }
    var lines = ["delegate calls differ (- expected, + actual):"]
    var (i, j) = (0, 0)
    while i < n || j < m {
      if i < n, j < m, expected[i] == actual[j] {
        lines.append("    \(expected[i])")
        i += 1
        j += 1
      } else if j < m, i == n || table[i][j + 1] >= table[i + 1][j] {
        lines.append("  + \(actual[j])")
        j += 1
      } else {
        lines.append("  - \(expected[i])")
        i += 1
      }
    }
    return lines.joined(separator: "\n")
  }
}
