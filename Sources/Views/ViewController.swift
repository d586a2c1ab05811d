import Foundation

/// Manages a view: loads it on first use, hears when it appears and disappears, presents
/// other controllers over it, and holds child controllers, as UIKit's `UIViewController`
/// does.
///
/// Subclass it and override ``viewDidLoad()`` to set up the view, or ``loadView()`` to
/// make a view of your own. Put a controller on screen with ``Window/rootViewController``.
///
/// ```swift
/// final class PhotosController: ViewController {
///   let grid = View()
///
///   override func viewDidLoad() {
///     super.viewDidLoad()
///     title = "Photos"
///     grid.frame = view.bounds
///     view.addSubview(grid)
///   }
/// }
/// window.rootViewController = PhotosController()
/// ```
///
/// The appearance calls come in UIKit's order: ``viewWillAppear(_:)`` before the view
/// joins the window, ``viewDidAppear(_:)`` after; ``viewWillDisappear(_:)`` and
/// ``viewDidDisappear(_:)`` around its leaving. A presented controller's view covers the
/// window (`.fullScreen`, the only style); the presenting controller stays in the window
/// beneath it and hears no disappearance, as with UIKit's `.overFullScreen`.
@MainActor
open class ViewController {
  /// A controller with no view yet; the view is made on first use.
  public init() {}

  /// A controller, as UIKit makes one from code: its designated initializer, which
  /// subclasses call as `super.init(nibName: nil, bundle: nil)`. Nib names and bundles
  /// are not used.
  public init(nibName: String?, bundle: Bundle?) {}

  /// UIKit's archive initializer, so that subclasses may declare it as UIKit code does.
  /// Archives are not read: it makes a controller as ``init()`` does.
  public required init?(coder: NSCoder) {}

  // MARK: Edit commands

  /// Whether the controller performs `action` now, as UIKit's
  /// `canPerformAction(_:withSender:)`; false unless overridden. An edit command reaches
  /// the controller after its view, along the responder chain.
  open func canPerformAction(_ action: EditAction, withSender sender: Any?) -> Bool { false }
  /// Copies the selection to the general pasteboard and removes it.
  open func cut(_ sender: Any?) {}
  /// Copies the selection to the general pasteboard.
  open func copy(_ sender: Any?) {}
  /// Pastes the general pasteboard's items.
  open func paste(_ sender: Any?) {}
  /// Selects everything.
  open func selectAll(_ sender: Any?) {}
  /// Removes the selection.
  open func delete(_ sender: Any?) {}

  // MARK: The view

  private var loadedView: View?

  /// The controller's root view, loaded on first use: ``loadView()``, then
  /// ``viewDidLoad()``. Setting it replaces the view.
  open var view: View! {
    get {
      if loadedView == nil {
        loadView()
        if loadedView == nil { loadedView = View(frame: Rect(x: 0, y: 0, width: 320, height: 480)) }
        loadedView?.owningController = self
        viewDidLoad()
      }
      return loadedView
    }
    set {
      loadedView?.owningController = nil
      loadedView = newValue
      loadedView?.owningController = self
    }
  }

  /// Whether the view has been loaded.
  public var isViewLoaded: Bool { loadedView != nil }

  /// The view if it has been loaded; nil otherwise, without loading it.
  public var viewIfLoaded: View? { loadedView }

  /// Makes the view. The default makes a plain view; override to make your own and set
  /// ``view``, without calling `super`.
  open func loadView() {
    view = View(frame: Rect(x: 0, y: 0, width: 320, height: 480))
  }

  /// Loads the view now if it has not been loaded.
  public func loadViewIfNeeded() { _ = view }

  /// Called once the view is loaded.
  open func viewDidLoad() {}

  /// Called before the view joins a window.
  open func viewWillAppear(_ animated: Bool) {}
  /// Called after the view has joined a window.
  open func viewDidAppear(_ animated: Bool) {}
  /// Called before the view leaves its window.
  open func viewWillDisappear(_ animated: Bool) {}
  /// Called after the view has left its window.
  open func viewDidDisappear(_ animated: Bool) {}
  /// Called before the view lays out its subviews.
  open func viewWillLayoutSubviews() {}
  /// Called after the view has laid out its subviews.
  open func viewDidLayoutSubviews() {}

  /// The controller's title: a window that shows this controller at its root shows it.
  open var title: String? {
    didSet { titleDidChange?(title) }
  }

  /// Whether the controller's view is being edited (a table's reorder controls, say).
  /// Setting it calls ``setEditing(_:animated:)`` without animation, as in UIKit.
  open var isEditing: Bool {
    get { editing }
    set { setEditing(newValue, animated: false) }
  }
  private var editing = false

  /// Turns editing on or off; a subclass that overrides it calls `super`.
  open func setEditing(_ editing: Bool, animated: Bool) { self.editing = editing }

  /// The size the controller would like its view to be.
  open var preferredContentSize = Size.zero

  /// Told when the title changes, by the window that shows the controller.
  package var titleDidChange: (@MainActor (String?) -> Void)?

  // MARK: Appearing

  /// Whether the view is in a window, as far as the controller has been told.
  public private(set) var isVisible = false

  /// Puts the view into `container`, filling it, with the appearance calls.
  package func appear(in container: View, animated: Bool = false) {
    let view = self.view!
    viewWillAppear(animated)
    view.frame = container.bounds
    view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    container.addSubview(view)
    isVisible = true
    viewDidAppear(animated)
  }

  /// Takes the view out of its window, with the disappearance calls.
  package func disappear(animated: Bool = false) {
    guard isVisible else { return }
    viewWillDisappear(animated)
    loadedView?.removeFromSuperview()
    isVisible = false
    viewDidDisappear(animated)
  }

  // MARK: Presenting

  /// The controller this one presents, if any.
  public private(set) var presentedViewController: ViewController?
  /// The controller that presents this one, if any.
  public private(set) weak var presentingViewController: ViewController?

  /// Shows `controller` over this one, covering the window, then calls `completion`.
  /// Presenting while another controller is presented here presents over that one, as UIKit
  /// asks of apps.
  open func present(_ controller: ViewController, animated: Bool, completion: (() -> Void)? = nil) {
    if let presented = presentedViewController {
      presented.present(controller, animated: animated, completion: completion)
      return
    }
    guard let window = view.window else {
      // Not on screen: UIKit warns and shows nothing.
      completion?()
      return
    }
    presentedViewController = controller
    controller.presentingViewController = self
    controller.appear(in: window, animated: animated)
    completion?()
  }

  /// Dismisses the controller this one presents, or this one if it is presented, then
  /// calls `completion`.
  open func dismiss(animated: Bool, completion: (() -> Void)? = nil) {
    if let presented = presentedViewController {
      presented.presentedViewController?.dismiss(animated: animated)
      presented.disappear(animated: animated)
      presented.presentingViewController = nil
      presentedViewController = nil
    } else if let presenting = presentingViewController {
      presenting.dismiss(animated: animated, completion: completion)
      return
    }
    completion?()
  }

  // MARK: Children

  /// The child controllers, in the order they were added.
  public private(set) var children: [ViewController] = []
  /// The controller this one is a child of.
  public private(set) weak var parent: ViewController?

  /// Adds a child controller; add its view to this one's view yourself, then call its
  /// ``didMove(toParent:)``, as in UIKit.
  open func addChild(_ child: ViewController) {
    child.removeFromParent()
    child.willMove(toParent: self)
    children.append(child)
    child.parent = self
  }

  /// Takes the controller from its parent; call ``willMove(toParent:)`` with nil first, and
  /// take its view out yourself, as in UIKit.
  open func removeFromParent() {
    guard let parent else { return }
    parent.children.removeAll { $0 === self }
    self.parent = nil
    didMove(toParent: nil)
  }

  /// Called before the controller moves to a parent (nil when it leaves one).
  open func willMove(toParent parent: ViewController?) {}
  /// Called after the controller has moved to a parent (nil when it left one).
  open func didMove(toParent parent: ViewController?) {}
}
