/// A surface of the platform's own that shows a popup over a window: a menu, which may
/// reach past the window's edges and takes the pointer and the keyboard while it shows.
///
/// A platform makes them through the window's ``Window/popupSurfaceProvider``. GTK's is
/// a `GtkPopover`: an `xdg_popup` on Wayland, an override-redirect window on X11. A window
/// without a provider draws its popups inside itself.
@MainActor
public protocol PopupSurface: AnyObject {
  /// The root of the popup's views. Its clock and environment are its parent window's.
  var window: Window { get }
  /// Shows the popup, `size` points large, beside `anchor` (a rectangle in the parent
  /// window's coordinates): below it where there is room, above it otherwise. A second call
  /// moves and resizes it.
  func show(size: Size, anchor: Rect)
  /// Hides the popup for good. ``dismissed`` is not called.
  func close()
  /// Called once when the platform closes the popup: a press outside it, Escape, its window
  /// losing the focus.
  var dismissed: (@MainActor () -> Void)? { get set }
}

extension Window {
  /// A root for a popup over this window: its views read this window's clock and
  /// environment, and speak through its announcer unless the platform gives the popup one
  /// of its own. For a ``PopupSurface`` to hold.
  public func makePopupRoot(size: Size) -> Window {
    let root = Window(frame: Rect(origin: .zero, size: size), clock: clock)
    root.environment = environment
    root.announcer = announcer
    root.isFocusVisible = isFocusVisible
    root.parentWindow = self
    popupRootReferences.removeAll { $0.root == nil }
    popupRootReferences.append(WeakWindow(root: root))
    return root
  }

  /// The roots of the popups made over the window that are still alive: those a
  /// ``PopupSurface`` holds.
  public var popupRoots: [Window] { popupRootReferences.compactMap(\.root) }
}

/// A popup's root, which its surface owns.
struct WeakWindow {
  weak var root: Window?
}
