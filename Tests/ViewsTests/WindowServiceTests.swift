import Testing

@testable import Views

/// A service that records what the window hands it, and takes what it is told to.
@MainActor
final class RecordingService: WindowService {
  var log: [String] = []
  var takesTouches = false
  var takesKeys = false

  func intercept(_ touch: Touch) -> Bool {
    log.append("touch \(touch.phase.rawValue)")
    return takesTouches
  }
  func handleKey(_ event: KeyEvent) -> Bool {
    log.append("key")
    return takesKeys
  }
  func contentDidScroll(in view: View) { log.append("scrolled \(type(of: view))") }
}

/// An interaction that records the windows it enters.
@MainActor
final class RecordingInteraction: Interaction {
  private(set) weak var view: View?
  var entered: [ObjectIdentifier] = []
  func willMove(to view: View?) {}
  func didMove(to view: View?) { self.view = view }
  func didEnter(_ window: Window) { entered.append(ObjectIdentifier(window)) }
}

enum AccentKey: WindowEnvironmentKey {
  static var defaultValue: String { "blue" }
}

extension WindowEnvironment {
  var accent: String {
    get { self[AccentKey.self] }
    set { self[AccentKey.self] = newValue }
  }
}

/// A view that takes the keyboard focus.
@MainActor
final class FocusableView: View {
  override var canBecomeFocused: Bool { true }
}

/// A focusable view that logs the keys it receives.
@MainActor
final class KeyLoggingView: View {
  var keys = 0
  override func keyEvent(_ event: KeyEvent) { keys += 1 }
}

@MainActor
@Suite struct WindowServiceTests {
  let window = Window(frame: Rect(x: 0, y: 0, width: 200, height: 200), clock: ManualClock())

  @Test func aWindowKeepsOneServiceOfEachType() {
    var made = 0
    let first = window.service(RecordingService.self) {
      made += 1
      return RecordingService()
    }
    let second = window.service(RecordingService.self) {
      made += 1
      return RecordingService()
    }
    #expect(first === second)
    #expect(made == 1)
  }

  @Test func aServiceThatTakesATouchKeepsItFromTheRecognisers() {
    let view = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    window.addSubview(view)
    var taps = 0
    view.addGestureRecognizer(TapGestureRecognizer(action: { _ in taps += 1 }))
    let service = window.service(RecordingService.self) { RecordingService() }

    window.send(Touch(id: 1, phase: .began, location: Point(x: 10, y: 10), timestamp: 0))
    window.send(Touch(id: 1, phase: .ended, location: Point(x: 10, y: 10), timestamp: 0.1))
    #expect(taps == 1)
    service.takesTouches = true
    window.send(Touch(id: 2, phase: .began, location: Point(x: 10, y: 10), timestamp: 1))
    window.send(Touch(id: 2, phase: .ended, location: Point(x: 10, y: 10), timestamp: 1.1))
    #expect(taps == 1)
    #expect(service.log == ["touch began", "touch ended", "touch began", "touch ended"])
  }

  @Test func aServiceThatTakesAKeyKeepsItFromTheFocusedView() {
    let view = KeyLoggingView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    window.addSubview(view)
    window.focus(view)
    let service = window.service(RecordingService.self) { RecordingService() }
    window.send(KeyEvent(key: .space, timestamp: 0))
    service.takesKeys = true
    window.send(KeyEvent(key: .space, timestamp: 0))
    #expect(view.keys == 1)
    #expect(service.log == ["key", "key"])
  }

  @Test("Keys a focused view leaves go on to its superviews, as a responder chain does")
  func keysBubble() {
    let outer = KeyLoggingView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    let inner = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))
    outer.addSubview(inner)
    window.addSubview(outer)
    window.focus(inner)
    window.send(KeyEvent(key: .character("a"), timestamp: 0))
    #expect(outer.keys == 1)
  }

  @Test("The arrows move the focus among a view's accessibility elements, and the ring and label follow")
  func accessibilityElementsTakeTheFocusInTurn() throws {
    let container = View(frame: Rect(x: 10, y: 10, width: 180, height: 100))
    let parts = (0..<3).map { index in
      let part = View(frame: Rect(x: Double(index) * 60, y: 0, width: 50, height: 50))
      part.accessibilityLabel = "part \(index)"
      container.addSubview(part)
      return part
    }
    container.accessibilityElements = parts
    window.addSubview(container)
    let announcer = RecordingAnnouncer()
    window.announcer = announcer
    window.focus(container)
    #expect(container.keyboardFocusLabel == "part 0")
    window.send(KeyEvent(key: .right, timestamp: 0))
    window.send(KeyEvent(key: .right, timestamp: 0))
    window.send(KeyEvent(key: .right, timestamp: 0))  // the last one stays
    #expect(container.keyboardFocusRect == Rect(x: 120, y: 0, width: 50, height: 50))
    let ring = try #require(window.subviews.last)
    #expect(ring.snapshotDescription == "FocusRing frame=(128, 8, 54×54)")
    window.send(KeyEvent(key: .home, timestamp: 0))
    #expect(announcer.focusDescriptions.map(\.text) == ["part 0", "part 1", "part 2", "part 0"])
  }

  @Test("Tab goes through the focusable views in order and wraps; a press focuses what it lands in")
  func tabOrderAndPresses() {
    let views = (0..<3).map { index in
      let view = FocusableView(frame: Rect(x: Double(index) * 60, y: 0, width: 50, height: 50))
      window.addSubview(view)
      return view
    }
    window.addSubview(View(frame: Rect(x: 0, y: 100, width: 50, height: 50)))  // not focusable
    window.send(KeyEvent(key: .tab, timestamp: 0))
    #expect(window.focusedView === views[0])
    window.send(KeyEvent(key: .tab, modifiers: .shift, timestamp: 0))
    #expect(window.focusedView === views[2])
    window.send(KeyEvent(key: .tab, timestamp: 0))
    #expect(window.focusedView === views[0])
    window.send(Touch(id: 1, phase: .began, location: Point(x: 70, y: 10), timestamp: 1))
    window.send(Touch(id: 1, phase: .ended, location: Point(x: 70, y: 10), timestamp: 1.1))
    #expect(window.focusedView === views[1])
    #expect(!window.isFocusVisible)
    // A press on what cannot take the focus leaves it where it was.
    window.send(Touch(id: 2, phase: .began, location: Point(x: 10, y: 110), timestamp: 2))
    window.send(Touch(id: 2, phase: .ended, location: Point(x: 10, y: 110), timestamp: 2.1))
    #expect(window.focusedView === views[1])
  }

  @Test func scrollingTellsTheServices() {
    let scrollView = ScrollView(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    scrollView.contentSize = Size(width: 100, height: 1000)
    window.addSubview(scrollView)
    let service = window.service(RecordingService.self) { RecordingService() }
    window.send(ScrollEvent(kind: .precise, delta: Point(x: 0, y: 50), location: Point(x: 50, y: 50), timestamp: 0))
    #expect(scrollView.contentOffset == Point(x: 0, y: 50))
    #expect(service.log == ["scrolled ScrollView"])
  }

  @Test func anInteractionHearsEachWindowItsViewEnters() {
    let other = Window(frame: Rect(x: 0, y: 0, width: 200, height: 200), clock: ManualClock())
    let parent = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    let child = View(frame: Rect(x: 0, y: 0, width: 50, height: 50))
    parent.addSubview(child)
    let interaction = RecordingInteraction()
    child.addInteraction(interaction)
    #expect(interaction.entered.isEmpty)  // not in a window yet
    window.addSubview(parent)
    other.addSubview(parent)
    #expect(interaction.entered == [ObjectIdentifier(window), ObjectIdentifier(other)])
    let late = RecordingInteraction()
    child.addInteraction(late)
    #expect(late.entered == [ObjectIdentifier(other)])
  }

  @Test func twoWindowsCanHoldDifferentEnvironmentValues() {
    let other = Window(frame: Rect(x: 0, y: 0, width: 200, height: 200), clock: ManualClock())
    other.environment.accent = "red"
    let inFirst = View()
    let inOther = View()
    window.addSubview(inFirst)
    other.addSubview(inOther)
    #expect(inFirst.environment.accent == "blue")
    #expect(inOther.environment.accent == "red")
    #expect(View().environment.accent == "blue")
  }
}
