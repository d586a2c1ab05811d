import DragDrop
import Foundation
import SampleDriver
import SampleScenes
import Scenarios
import TestSupport
import Testing

/// Scene 004's TextField in a real GTK window takes text through GTK's input method
/// context: a dead key composes with the next one (é), which only an input method does,
/// and a kana arrives whole.
@Suite("Input methods in a real window", .serialized)
struct InputMethodTests {
  @Test(
    .enabled(
      if: RealWindowScenarioTests.display != nil && RealWindowScenarioTests.hasTools, "needs an X display and xdotool"))
  func aDeadKeyComposesThroughTheInputMethod() throws {
    let display = try #require(RealWindowScenarioTests.display)
    try DisplayLock.withExclusiveDisplay {
      let window = try SampleWindow(
        samples: RealWindowScenarioTests.samples, scene: .declarative, display: display)
      defer { window.close() }
      try window.input.refocus(window.windowID)
      try window.move(to: Scenario.Declarative.field)
      try window.input.buttonDown()
      try window.input.buttonUp()
      for key in ["dead_acute", "e", "U304B"] {
        let before = window.process.lineCount
        try window.input.key(key)
        try window.waitUntilIdle(after: before)
      }
      #expect(window.state.hasPrefix("field=éか "), "\(window.state)")
      #expect(window.journal.contains("field.text é"))
    }
  }
}
