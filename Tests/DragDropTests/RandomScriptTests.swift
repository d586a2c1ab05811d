import DragDropTesting
import Foundation
import PropertyBased
import TestSupport
import Testing

@testable import DragDrop

/// Checks the delegate-call stream of a finished script against the invariants of rules
/// 6 and 13. Returns the violations, empty when all hold.
func invariantViolations(_ calls: [DelegateCall]) -> [String] {
  var violations: [String] = []
  let sessions = Dictionary(grouping: calls, by: \.session)
  for (session, calls) in sessions.sorted(by: { $0.key < $1.key }) {
    let lifted = calls.contains { $0.method.name == "willAnimateLift" }
    let willBegin = calls.filter { $0.method.name == "sessionWillBegin" }.count
    let didEnd = calls.filter { $0.method.name == "didEnd" }.count
    if willBegin > 1 { violations.append("session \(session): sessionWillBegin \(willBegin) times") }
    if lifted && didEnd != 1 { violations.append("session \(session): lifted, and didEnd \(didEnd) times") }
    if !lifted && didEnd != 0 { violations.append("session \(session): never lifted, yet didEnd") }

    // Enter is matched by exit or drop; nothing is inside a target at the end.
    var inside: Set<String> = []
    var involved: Set<String> = []
    var ended = false
    var endedTargets: [String: Int] = [:]
    for call in calls {
      if ended && call.method.name != "sessionDidEnd" && call.method.name != "sessionDidTransferItems" {
        violations.append("session \(session): \(call) after didEnd")
      }
      switch call.method.name {
      case "sessionDidEnter":
        if inside.contains(call.interaction) {
          violations.append("session \(session): entered \(call.interaction) twice")
        }
        inside.insert(call.interaction)
        involved.insert(call.interaction)
      case "sessionDidUpdate":
        if !inside.contains(call.interaction) {
          violations.append("session \(session): update of \(call.interaction) outside it")
        }
        involved.insert(call.interaction)
      case "sessionDidExit":
        if inside.remove(call.interaction) == nil {
          violations.append("session \(session): exit of \(call.interaction) without enter")
        }
        involved.insert(call.interaction)
      case "performDrop":
        if inside.remove(call.interaction) == nil {
          violations.append("session \(session): drop on \(call.interaction) without enter")
        }
      case "didEnd":
        ended = true
      case "sessionDidEnd":
        if !ended { violations.append("session \(session): sessionDidEnd before didEnd") }
        endedTargets[call.interaction, default: 0] += 1
      default:
        break
      }
    }
    if !inside.isEmpty { violations.append("session \(session): still inside \(inside.sorted()) at the end") }
    for target in involved where endedTargets[target] != 1 {
      violations.append("session \(session): \(target) got sessionDidEnd \(endedTargets[target] ?? 0) times")
    }
    for target in endedTargets.keys where !involved.contains(target) {
      violations.append("session \(session): sessionDidEnd to uninvolved \(target)")
    }
  }
  return violations
}

/// A scene for random scripts: two sources of labels and four targets with different
/// answers, one nested in another.
@MainActor
final class RandomScene {
  let test = TestWindow(size: Size(width: 600, height: 400))
  let sources: [LabelSource]
  let targets: [TextTarget]
  let dragInteractions: [DragInteraction]

  init() {
    let window = test.window
    var sources: [LabelSource] = []
    var drags: [DragInteraction] = []
    for column in 0..<2 {
      let container = View(frame: Rect(x: 0, y: Double(column) * 200, width: 300, height: 200))
      container.accessibilityLabel = "source\(column)"
      for row in 0..<3 {
        container.addSubview(
          Label(text: "label \(column)-\(row)", frame: Rect(x: 10, y: 10 + Double(row) * 60, width: 200, height: 40)))
      }
      window.addSubview(container)
      let delegate = LabelSource(container: container)
      delegate.previewStyle = column == 0 ? .label : .newView
      let interaction = DragInteraction(delegate: delegate)
      container.addInteraction(interaction)
      sources.append(delegate)
      drags.append(interaction)
    }
    let operations: [DropOperation] = [.copy, .move, .forbidden, .copy]
    var targets: [TextTarget] = []
    for (index, operation) in operations.enumerated() {
      let frame =
        index == 3
        ? Rect(x: 20, y: 20, width: 100, height: 60)
        : Rect(x: 300, y: Double(index) * 133, width: 300, height: 133)
      let view = View(frame: frame)
      view.accessibilityLabel = "target\(index)"
      let delegate = TextTarget()
      delegate.operation = operation
      delegate.acceptsText = index != 3
      let interaction = DropInteraction(delegate: delegate)
      interaction.allowsSimultaneousDropSessions = index == 1
      view.addInteraction(interaction)
      if index == 3 {
        window.subviews[2].addSubview(view)  // nested inside target0
      } else {
        window.addSubview(view)
      }
      targets.append(delegate)
    }
    self.sources = sources
    self.targets = targets
    dragInteractions = drags
  }

  /// Plays `steps` random actions, then releases everything and lets all animations end.
  func play(seed: UInt64, steps: Int) {
    var random = SeededGenerator(state: seed)
    var down: Set<Int> = []
    var pointerDown = false
    func point() -> Point {
      Point(x: Double.random(in: -10...610, using: &random), y: Double.random(in: -10...410, using: &random))
    }
    let window = test.window
    let labels = window.subviews.prefix(2).flatMap(\.subviews).map { $0.convert($0.bounds.center, to: window) }
    let targetCenters =
      window.subviews.dropFirst(2).map { $0.convert($0.bounds.center, to: window) }
      + [Point(x: 70, y: 50)]
    for _ in 0..<steps {
      let touch = Int.random(in: 1...3, using: &random)
      switch Int.random(in: 0..<16, using: &random) {
      case 13:
        // Focus a label for a keyboard drag.
        test.window.focus(window.subviews.prefix(2).flatMap(\.subviews).randomElement(using: &random))
      case 14, 15:
        let keys: [KeyEvent.Key] = [.space, .tab, .down, .up, .return, .escape, .left, .right]
        let key = keys.randomElement(using: &random)!
        test.key(key, modifiers: Bool.random(using: &random) ? .shift : [])
      case 10, 11:
        // Lift a label: press its centre and hold for the lift delay.
        if down.insert(touch).inserted {
          test.longPress(at: labels.randomElement(using: &random)!, touch: touch)
        }
      case 12:
        // Head for a target.
        if down.contains(touch) {
          test.move(touch: touch, to: targetCenters.randomElement(using: &random)!, steps: 3)
        }
      case 0, 1:
        if down.insert(touch).inserted { test.press(at: point(), touch: touch) }
      case 2, 3, 4:
        if down.contains(touch) { test.move(touch: touch, to: point(), steps: Int.random(in: 1...3, using: &random)) }
      case 5:
        if down.remove(touch) != nil { test.release(touch: touch) }
      case 6:
        if down.remove(touch) != nil { test.cancelTouch(touch) }
      case 7:
        test.hold(Double.random(in: 0...0.8, using: &random))
      case 8:
        if pointerDown {
          test.pointerUp()
        } else {
          test.pointerMove(to: point(), steps: 1)
          test.pointerDown(at: point())
        }
        pointerDown.toggle()
      default:
        if pointerDown { test.pointerMove(to: point(), steps: 2) } else { test.tap(at: point(), touch: 9) }
      }
    }
    for touch in down.sorted() { test.release(touch: touch) }
    if pointerDown { test.pointerUp() }
    test.key(.escape)
    test.settle()
  }
}

@MainActor
@Suite struct RandomScriptTests {
  @Test("Random scripts keep the lifecycle invariants of rules 6 and 13")
  func randomScripts() async {
    await propertyCheck(count: 2000, input: Gen<UInt64>.value(in: 0...UInt64.max)) { seed in
      let scene = RandomScene()
      scene.play(seed: seed, steps: 40)
      let violations = invariantViolations(scene.test.recorder.calls)
      #expect(violations.isEmpty, "seed \(seed): \(violations.joined(separator: "; "))")
      #expect(scene.test.window.dragController.activeSessions.isEmpty, "seed \(seed): sessions left")
    }
  }

  @Test("The random scripts do reach drops, cancels, exits and added items")
  func scriptsCoverTheFlows() {
    var counts: [String: Int] = [:]
    for seed in 0..<300 {
      let scene = RandomScene()
      scene.play(seed: UInt64(seed), steps: 40)
      for call in scene.test.recorder.calls { counts[call.method.name, default: 0] += 1 }
    }
    #expect(counts["performDrop", default: 0] > 20, "\(counts)")
    #expect(counts["didEnd", default: 0] > counts["performDrop", default: 0] + 20, "\(counts)")
    #expect(counts["sessionDidExit", default: 0] > 20, "\(counts)")
    #expect(counts["willAdd", default: 0] > 0, "\(counts)")
    // Keyboard drags start with no touch: their sessions begin right after the lift.
    #expect(counts["sessionWillBegin", default: 0] > counts["performDrop", default: 0], "\(counts)")
  }

  @Test func theCheckerCatchesBrokenStreams() {
    let broken = [
      DelegateCall(interaction: "s", method: .willAnimateLift, session: 1),
      DelegateCall(interaction: "s", method: .sessionWillBegin, session: 1),
      DelegateCall(interaction: "t", method: .sessionDidEnter, session: 1),
      DelegateCall(interaction: "s", method: .didEnd(.copy), session: 1),
      DelegateCall(interaction: "s", method: .sessionDidMove, session: 1),
    ]
    #expect(
      invariantViolations(broken) == [
        "session 1: s.sessionDidMove after didEnd", "session 1: still inside [\"t\"] at the end",
        "session 1: t got sessionDidEnd 0 times",
      ])
  }
}
