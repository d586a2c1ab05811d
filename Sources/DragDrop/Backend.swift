import Foundation

/// A platform that DragDrop's applications run on: a main loop, windows that show a view
/// tree and present its frames, and, through each window's ``Views/Window/dragPlatform``,
/// the port that carries drags to other applications.
///
/// `DragDropGTK` implements it with GTK 4 (`GTKApplication` and its `GTKWindow`s), and
/// `DragDropHarness` in memory (`HeadlessBackend`, whose windows are `TestWindow`s), so
/// that an application's code runs the same on a desktop and in a test. `DragDropUIApp`
/// runs an `App` on any backend: `MyApp.run(on: backend)`.
///
/// The clock a window's views read, and its drag port, come with the ``Views/Window`` the
/// backend makes: a backend sets them when it makes the window.
@MainActor
public protocol Backend: AnyObject {
  /// Runs the main loop until the last window closes or ``quit()`` is called, and
  /// returns the exit status. `activate` runs once, as soon as the platform is ready: it
  /// opens the first windows.
  func run(_ activate: @escaping @MainActor () -> Void) -> Int32
  /// A new window titled `title`, whose root view is `size` points large at first. It is
  /// shown once ``BackendWindow/present()`` is called.
  func makeWindow(title: String, size: Size) -> any BackendWindow
  /// Closes every window and ends ``run(_:)``.
  func quit()
}

/// A window of a ``Backend``: it shows ``window``'s view tree and feeds it the platform's
/// input.
@MainActor
public protocol BackendWindow: AnyObject {
  /// The root of the view tree the window shows.
  var window: Window { get }
  /// Device pixels per point.
  var scaleFactor: Int { get }
  /// Asks for the view tree to be drawn in the next frame.
  func setNeedsDisplay()
  /// Shows the window. As in any desktop window, the first focusable view takes the
  /// keyboard focus, with its ring hidden until a key is pressed.
  func present()
  /// Closes the window.
  func close()
}
