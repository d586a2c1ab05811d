import ContentTypes
import ItemProviders

/// A standard edit command, as UIKit's responder actions `cut(_:)`, `copy(_:)`,
/// `paste(_:)`, `selectAll(_:)` and `delete(_:)`. UIKit names them by selector
/// (`#selector(copy(_:))`), which Swift has only with Objective-C; here
/// ``View/canPerformAction(_:withSender:)`` takes the command itself.
public enum EditAction: Hashable, Sendable, CaseIterable {
  /// Copies the selection to the general pasteboard and removes it.
  case cut
  /// Copies the selection to the general pasteboard.
  case copy
  /// Puts the general pasteboard's items in.
  case paste
  /// Selects everything.
  case selectAll
  /// Removes the selection.
  case delete

  /// The command a key press stands for in a window: Control-X, C, V and A; nil for any
  /// other key.
  public init?(key: KeyEvent.Key, modifiers: KeyModifiers) {
    guard modifiers.contains(.control), !modifiers.contains(.alternate), case .character(let character) = key else {
      return nil
    }
    switch character.lowercased() {
    case "x": self = .cut
    case "c": self = .copy
    case "v": self = .paste
    case "a": self = .selectAll
    default: return nil
    }
  }
}

/// A responder to the standard edit commands, as UIKit's `UIResponder` is: views and view
/// controllers.
@MainActor
public protocol EditCommandResponder: AnyObject {
  /// Whether the responder performs `action` now.
  func canPerformAction(_ action: EditAction, withSender sender: Any?) -> Bool
  /// Copies the selection to the general pasteboard and removes it.
  func cut(_ sender: Any?)
  /// Copies the selection to the general pasteboard.
  func copy(_ sender: Any?)
  /// Puts the general pasteboard's items in.
  func paste(_ sender: Any?)
  /// Selects everything.
  func selectAll(_ sender: Any?)
  /// Removes the selection.
  func delete(_ sender: Any?)
}

extension EditCommandResponder {
  /// Performs `action`: calls the method that stands for it.
  public func perform(_ action: EditAction, withSender sender: Any?) {
    switch action {
    case .cut: cut(sender)
    case .copy: copy(sender)
    case .paste: paste(sender)
    case .selectAll: selectAll(sender)
    case .delete: delete(sender)
    }
  }
}

extension View: EditCommandResponder {}
extension ViewController: EditCommandResponder {}

/// What a view takes from a paste, as UIKit's `UIPasteConfiguration`: the content types it
/// accepts. A view with one (``View/pasteConfiguration``) can paste: Control-V, or a paste
/// command, calls its ``View/paste(itemProviders:)`` with the general pasteboard's items
/// when ``View/canPaste(_:)`` accepts them.
@MainActor
public final class PasteConfiguration {
  /// The type identifiers accepted, in order.
  public var acceptableTypeIdentifiers: [String]

  /// A configuration that accepts `acceptableTypeIdentifiers`.
  public init(acceptableTypeIdentifiers: [String]) {
    self.acceptableTypeIdentifiers = acceptableTypeIdentifiers
  }

  /// A configuration that accepts the types a value of `type` reads from.
  public convenience init(forAccepting type: any ItemProviderReading.Type) {
    self.init(acceptableTypeIdentifiers: type.readableContentTypes.map(\.identifier))
  }

  /// Accepts `identifiers` too.
  public func addAcceptableTypeIdentifiers(_ identifiers: [String]) {
    acceptableTypeIdentifiers += identifiers.filter { !acceptableTypeIdentifiers.contains($0) }
  }

  /// Accepts the types a value of `type` reads from too.
  public func addTypeIdentifiers(forAccepting type: any ItemProviderReading.Type) {
    addAcceptableTypeIdentifiers(type.readableContentTypes.map(\.identifier))
  }

  /// Whether every one of `itemProviders` has a representation of an accepted type, and
  /// there is at least one.
  public func accepts(_ itemProviders: [ItemProvider]) -> Bool {
    let types = acceptableTypeIdentifiers.compactMap { ContentType($0) }
    return !itemProviders.isEmpty
      && itemProviders.allSatisfy { provider in types.contains { provider.hasItemConforming(to: $0) } }
  }
}

/// Edit commands a view performs through closures rather than overrides, for layers that
/// make views of their own (the declarative layer's `copyable` and `pasteDestination`).
package struct EditCommandHandlers {
  /// Whether the view performs the command now.
  package var canPerform: @MainActor (EditAction) -> Bool
  /// Performs it.
  package var perform: @MainActor (EditAction) -> Void
  package init(
    canPerform: @escaping @MainActor (EditAction) -> Bool, perform: @escaping @MainActor (EditAction) -> Void
  ) {
    self.canPerform = canPerform
    self.perform = perform
  }
}

/// How the views reach the general pasteboard, which lives above them (in DragDrop).
package enum EditSupport {
  /// The general pasteboard's items; DragDrop sets it.
  @MainActor package static var pasteboardItemProviders: () -> [ItemProvider] = { [] }
}

extension View {
  /// The responders an edit command goes through from this view, in order: the view, its
  /// view controller when it is that controller's view, its superview, and so on to the
  /// window, as UIKit's responder chain.
  public var editResponderChain: [any EditCommandResponder] {
    var chain: [any EditCommandResponder] = []
    var view: View? = self
    while let current = view {
      chain.append(current)
      if let controller = current.owningController, controller.viewIfLoaded === current { chain.append(controller) }
      view = current.superview
    }
    return chain
  }

  /// Sends `action` along the responder chain from this view to the first responder that
  /// can perform it, as UIKit's `UIApplication.sendAction(_:to:from:for:)` with no target.
  /// Returns whether one did.
  @discardableResult
  public func sendEditAction(_ action: EditAction, sender: Any? = nil) -> Bool {
    for responder in editResponderChain {
      if let view = responder as? View, let handlers = view.editCommandHandlers, handlers.canPerform(action) {
        handlers.perform(action)
        return true
      }
      if responder.canPerformAction(action, withSender: sender) {
        responder.perform(action, withSender: sender)
        return true
      }
    }
    return false
  }
}
