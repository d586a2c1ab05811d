import DragDrop
import Foundation

/// A ``DragDrop/Backend`` with no display: its windows are ``TestWindow``s on one
/// ``ManualClock``, and its main loop is the test itself. An application starts on it as
/// it starts on GTK, and a test then drives the windows it opened:
///
/// ```swift
/// let backend = HeadlessBackend()
/// MyApp.run(on: backend)
/// let inbox = backend.windows[0]
/// inbox.pointerDrag(from: Point(x: 40, y: 40), through: [Point(x: 300, y: 200)])
/// await inbox.recorder.settle()
/// backend.quit()
/// ```
///
/// ``run(_:)`` runs the activation, which opens the windows, and returns at once with
/// ``exitStatus``: the windows stay open, for the test to use, until it closes them or
/// calls ``quit()``. Drags that leave the application go to ``platform``, where the test
/// can carry them into another window or end them.
@MainActor
public final class HeadlessBackend: Backend {
  /// The clock every window reads.
  public let clock: ManualClock
  /// Where drags to other applications go.
  public let platform = FakePlatform()
  /// The windows open now, in the order they were made.
  public private(set) var windows: [TestWindow] = []
  /// What ``run(_:)`` returns.
  public var exitStatus: Int32 = 0
  /// How many times ``run(_:)`` has been called.
  public private(set) var runCount = 0

  /// A backend whose windows read `clock` (a new one by default).
  public init(clock: ManualClock = ManualClock()) {
    self.clock = clock
  }

  /// Runs `activate`, which opens the application's windows, and returns ``exitStatus``
  /// with the windows open.
  @discardableResult
  public func run(_ activate: @escaping @MainActor () -> Void) -> Int32 {
    runCount += 1
    activate()
    return exitStatus
  }

  /// A ``TestWindow`` on the backend's clock and drag platform.
  public func makeWindow(title: String, size: Size) -> any BackendWindow {
    let test = TestWindow(size: size, clock: clock)
    test.window.title = title
    test.backend = self
    platform.attach(test.window)
    windows.append(test)
    return test
  }

  /// Closes every window and cancels what is left on the clock.
  public func quit() {
    for window in windows { window.close() }
    clock.cancelAll()
  }

  func windowDidClose(_ window: TestWindow) {
    windows.removeAll { $0 === window }
  }
}

extension TestWindow: BackendWindow {
  /// One device pixel a point.
  public var scaleFactor: Int { 1 }

  /// Counts the request in ``requestedFrames``.
  public func setNeedsDisplay() {
    requestedFrames += 1
  }

  /// Shows the window: its tree is laid out, as for the first frame a display draws, and
  /// the first focusable view takes the focus, with its ring hidden.
  public func present() {
    guard !isPresented else { return }
    isPresented = true
    window.layoutIfNeeded()
    if window.focusedView == nil {
      window.isFocusVisible = false
      window.moveFocus()
    }
  }

  /// Closes the window and takes it from its backend's windows.
  public func close() {
    guard !isClosed else { return }
    isClosed = true
    isPresented = false
    backend?.windowDidClose(self)
  }
}
