import Views

/// A view found in a ``HostingView``: its on-screen view, and where it is in the window.
@MainActor
public struct FoundView {
  /// The on-screen view of the declarative view.
  public let view: Views.View

  /// Its frame in its window's coordinates (in the hosting view's when it is in no window).
  public var frameInWindow: Rect { view.convert(view.bounds, to: view.window) }

  /// Its centre in its window's coordinates: where a test taps, presses or drags it.
  public var center: Point { view.convert(view.bounds.center, to: view.window) }

  /// The window it is in: the hosting view's, or the root of a popup over it (a menu, on a
  /// platform that shows menus in surfaces of their own).
  public var window: Window? { view.window }
}

extension HostingView {
  /// The first view, in drawing order, that shows `text` (a ``Text``, a button's or a
  /// label's title, a text field's contents), or nil.
  ///
  /// ```swift
  /// let button = try #require(host.find(text: "Clear"))
  /// test.tap(at: button.center)
  /// ```
  public func find(text: String) -> FoundView? {
    findAll(text: text).first
  }

  /// Every view that shows `text`, in drawing order.
  public func findAll(text: String) -> [FoundView] {
    views { ($0 as? TextLeafView)?.text == text || ($0 as? TextFieldView)?.editing.text == text }
  }

  /// The first view named `label` by ``View/accessibilityLabel(_:)``, or nil.
  public func find(label: String) -> FoundView? {
    views { $0.accessibilityLabel == label }.first
  }

  /// The first view marked `identifier` by ``View/accessibilityIdentifier(_:)``, or nil.
  public func find(identifier: String) -> FoundView? {
    views { $0.accessibilityIdentifier == identifier }.first
  }

  /// The views of the tree that `matches` accepts, depth first, then those of what it
  /// presents.
  private func views(_ matches: (Views.View) -> Bool) -> [FoundView] {
    var found: [FoundView] = []
    func visit(_ view: Views.View) {
      if matches(view) { found.append(FoundView(view: view)) }
      for subview in view.subviews { visit(subview) }
    }
    visit(self)
    // What the view presents (sheets, alerts, menus) lies over the window, outside it, or
    // in the platform's popups over it.
    for root in [window].compactMap({ $0 }) + (window?.popupRoots ?? []) {
      for layer in root.subviews {
        if let layer = layer as? PresentationLayer, layer.node?.graph === graph { visit(layer) }
      }
    }
    return found
  }
}

extension View {
  /// A name that tests find the view by (``HostingView/find(identifier:)``); assistive
  /// technology does not read it.
  public func accessibilityIdentifier(_ identifier: String) -> some View {
    modifier(MarkingModifier { $0.view.accessibilityIdentifier = identifier })
  }
}
