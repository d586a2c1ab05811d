import DragDrop

/// Records every delegate call a window's drag controller makes, in order, and checks them
/// in batches: each check compares *all* the calls since the last one with the expected
/// list, so a call nobody asserted is a failure.
///
/// Once a test has checked calls, it checks them to the end, as a test store does: calls
/// still unchecked when the recorder goes away are reported through ``uncheckedAtEnd``
/// (DragDropTesting records them as a test issue). ``stopChecking(showingSkipped:)`` opts out, and
/// ``skip()`` passes over calls a test does not care about.
@MainActor
public final class DelegateRecorder {
  /// Every call so far.
  public private(set) var calls: [DelegateCall] = []
  /// How many calls have been checked.
  public private(set) var checkedCount = 0
  /// Told the calls still unchecked when the recorder goes away, if there are any and the
  /// recorder is exhaustive. DragDropTesting sets it at the first check.
  public var uncheckedAtEnd: (@Sendable ([String]) -> Void)?
  /// Whether unchecked calls at the end are reported. ``stopChecking(showingSkipped:)``
  /// clears it.
  public private(set) var isExhaustive = true
  /// Whether calls passed over without a check are shown through ``skippedCalls``.
  public private(set) var showsSkipped = false
  /// Told the calls a non-exhaustive recorder passes over, when ``showsSkipped`` is on.
  /// DragDropTesting records them as known issues, which show in the test's output
  /// without failing it.
  public var skippedCalls: (@Sendable ([String]) -> Void)?

  /// A recorder with no calls, attached to no window.
  public init() {}

  /// Not isolated: it runs where the last reference goes, inside the test, so that the
  /// report is the test's own.
  deinit {
    guard checkedCount < calls.count else { return }
    let left = calls[checkedCount...].map(\.description)
    if isExhaustive { uncheckedAtEnd?(left) } else if showsSkipped { skippedCalls?(left) }
  }

  /// The window attached, held weakly.
  private weak var window: Window?
  private var observation: DelegateCallObservation?
  private var applicationObservation: DelegateCallObservation?

  /// Starts recording the calls of `window`'s drag controller, beside its other observers.
  public func attach(to window: Window) {
    let hearsApplication = applicationObservation != nil
    detach()
    self.window = window
    observation = window.dragController.addCallObserver { [weak self] call in self?.calls.append(call) }
    if hearsApplication { recordApplicationCalls() }
  }

  /// Records, from now on and in order with the others, the calls that tables and
  /// collection views make to the application's own delegates and data sources:
  /// `tableView(_:dropSessionDidUpdate:withDestinationIndexPath:)`,
  /// `tableView(_:performDropWith:)`, `tableView(_:moveRowAt:to:)` and the rest, as
  /// ``DelegateMethod/application(_:detail:)`` calls named after the view. Off by default,
  /// so that expectations written for the interactions' calls alone stay as they are.
  ///
  /// ```swift
  /// test.recorder.recordApplicationCalls()
  /// // …drop on the table…
  /// test.recorder.expect(
  ///   [.init("Inbox", .application("tableView(_:performDropWith:)", detail: "0-2"))], skippingMoves: true)
  /// ```
  public func recordApplicationCalls() {
    guard applicationObservation == nil, let window else { return }
    applicationObservation = window.dragController.addApplicationCallObserver { [weak self] call in
      self?.calls.append(call)
    }
  }

  /// Stops recording: later calls are not kept. For long runs that would fill memory.
  public func detach() {
    if let window {
      if let observation { window.dragController.removeCallObserver(observation) }
      if let applicationObservation { window.dragController.removeCallObserver(applicationObservation) }
    }
    observation = nil
    applicationObservation = nil
  }

  /// Runs the attached window's clock until nothing is scheduled, and waits for the loads
  /// that drops started to finish and report back, as often as needed: animations end,
  /// load completions run, and `sessionDidTransferItems` arrives. The loads are real work
  /// off the main actor, so this awaits them rather than advancing time. It gives up after
  /// `limit` seconds of clock time or a million turns of the main actor.
  public func settle(limit: Double = 60) async {
    guard let window else { return }
    await settleTransfers(of: window, limit: limit)
  }

  /// The calls since the last check.
  public var unchecked: [DelegateCall] { Array(calls[checkedCount...]) }

  /// Compares the calls since the last check with `expected`, and marks them checked.
  /// Returns nil when they match, or a line-by-line diff. Calls compare by interaction
  /// and method (with its arguments); the session number is left out unless `expected`
  /// gives one. With `skippingMoves`, the calls that only follow the drag's movement
  /// (`sessionDidMove`, `sessionDidUpdate`) are left out of the comparison.
  public func check(_ expected: [DelegateCall], skippingMoves: Bool = false) -> String? {
    let actual = calls[checkedCount...].filter { !skippingMoves || !$0.method.followsMovement }
    checkedCount = calls.count
    let matches =
      actual.count == expected.count
      && zip(expected, actual).allSatisfy { expected, actual in
        expected.interaction == actual.interaction && expected.method == actual.method
          && (expected.session == 0 || expected.session == actual.session)
      }
    guard !matches else { return nil }
    // Sessions show in the diff when the expectation names any.
    let numbered = expected.contains { $0.session != 0 }
    func line(_ call: DelegateCall) -> String { numbered ? "\(call) (session \(call.session))" : call.description }
    return Self.diff(expected: expected.map(line), actual: actual.map(line))
  }

  /// Marks the calls so far as checked without asserting them. When ``showsSkipped`` is
  /// on, the calls passed over are reported to ``skippedCalls`` first.
  public func skip() {
    if showsSkipped, checkedCount < calls.count { skippedCalls?(calls[checkedCount...].map(\.description)) }
    checkedCount = calls.count
  }

  /// Makes the recorder stop asking for every call to be checked: calls left unchecked at
  /// the end are not reported. For tests about something other than delegate calls. With
  /// `showingSkipped`, the calls it passes over (at ``skip()`` and at the end) are still
  /// shown, as notes that do not fail the test: a non-exhaustive test that says what it
  /// did not check.
  public func stopChecking(showingSkipped: Bool = false) {
    isExhaustive = false
    showsSkipped = showingSkipped
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
