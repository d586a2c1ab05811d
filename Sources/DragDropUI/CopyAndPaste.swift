import DragDrop
import Foundation
import Observation
import Views

extension View {
  /// Lets Control-C (and a copy command) copy `payload` to the general pasteboard, as
  /// SwiftUI's `copyable(_:)`, while the focus is in this view: each value goes as an item
  /// of every representation its type exports. An empty payload copies nothing, and the
  /// command goes on up to the views around.
  public func copyable<T: Transferable>(_ payload: @autoclosure @escaping () -> [T]) -> some View {
    modifier(
      EditCommandModifier(name: "Copyable") { action in
        guard action == .copy else { return nil }
        let values = payload()
        guard !values.isEmpty else { return nil }
        return { Pasteboard.general.itemProviders = values.map { ItemProvider(transferable: $0) } }
      })
  }

  /// Lets Control-X (and a cut command) cut values of `type`, as SwiftUI's
  /// `cuttable(for:action:)`, while the focus is in this view: `action` removes them from
  /// the model and returns them, and they go to the general pasteboard. As in SwiftUI the
  /// values are removed when cut, not when pasted; a cut whose data must stay until a paste
  /// has read it is for an item provider the application keeps (rule 47).
  public func cuttable<T: Transferable>(
    for type: T.Type = T.self, action: @escaping @MainActor () -> [T]
  )
    -> some View
  {
    modifier(
      EditCommandModifier(name: "Cuttable") { command in
        guard command == .cut else { return nil }
        return {
          let values = action()
          guard !values.isEmpty else { return }
          Pasteboard.general.itemProviders = values.map { ItemProvider(transferable: $0) }
        }
      })
  }

  /// Lets Control-V (and a paste command) paste values of `type`, as SwiftUI's
  /// `pasteDestination(for:action:validator:)`, while the focus is in this view and the
  /// general pasteboard holds items readable as `T`. Each such item is read as a `T`, in
  /// the pasteboard's order (items that fail to read are left out); `validator` may keep
  /// fewer, and `action` gets them unless none is left.
  public func pasteDestination<T: Transferable>(
    for type: T.Type = T.self, action: @escaping @MainActor ([T]) -> Void,
    validator: @escaping @MainActor ([T]) -> [T] = { $0 }
  ) -> some View {
    modifier(
      EditCommandModifier(name: "PasteDestination") { command in
        guard command == .paste else { return nil }
        let providers = PasteSupport.providers(readableAs: type)
        guard !providers.isEmpty else { return nil }
        return {
          PasteSupport.load(providers, as: type) { values in
            let kept = validator(values)
            if !kept.isEmpty { action(kept) }
          }
        }
      })
  }
}

/// A wrapper whose view performs an edit command: `command` says, for each command, what
/// performing it does, or nil when the view does not perform it now.
struct EditCommandModifier: WrappingModifier {
  let name: String
  let command: @MainActor (EditAction) -> (@MainActor () -> Void)?

  func configure(_ node: WrapperNode) {
    let command = self.command
    node.view.editCommandHandlers = EditCommandHandlers(
      canPerform: { command($0) != nil }, perform: { action in command(action)?() })
  }
}

/// Reading the general pasteboard's items as a `Transferable` type.
@MainActor
enum PasteSupport {
  /// The general pasteboard's items that have a representation `type` imports.
  static func providers<T: Transferable>(readableAs type: T.Type) -> [ItemProvider] {
    let types = ItemProvider.importedContentTypes(for: type)
    return Pasteboard.general.itemProviders.filter { provider in
      types.contains { provider.hasItemConforming(to: $0) }
    }
  }

  /// Reads each of `providers` as a `T`, and gives `done` the values that read, in order,
  /// on the main actor.
  static func load<T: Transferable>(
    _ providers: [ItemProvider], as type: T.Type, done: @escaping @MainActor ([T]) -> Void
  ) {
    let collected = TransferCollector<T>(count: providers.count) { values in
      Task { @MainActor in done(values) }
    }
    for (index, provider) in providers.enumerated() {
      provider.loadTransferable(type: T.self) { result in collected.deliver(try? result.get(), at: index) }
    }
  }
}

/// A button that pastes values of one type from the general pasteboard, as SwiftUI's
/// `PasteButton`: it shows "Paste", is enabled only while the pasteboard holds items
/// readable as that type, and gives `onPaste` the values that read, in order.
public struct PasteButton: View {
  private let readable: @MainActor () -> Bool
  private let paste: @MainActor () -> Void
  @State private var watcher = PasteboardWatcher()

  /// A button that pastes values of `payloadType`.
  public init<T: Transferable>(payloadType: T.Type, onPaste: @escaping @MainActor ([T]) -> Void) {
    readable = { !PasteSupport.providers(readableAs: payloadType).isEmpty }
    paste = {
      let providers = PasteSupport.providers(readableAs: payloadType)
      guard !providers.isEmpty else { return }
      PasteSupport.load(providers, as: payloadType) { values in if !values.isEmpty { onPaste(values) } }
    }
  }

  /// A button that pastes the items that have one of `supportedContentTypes`, handing
  /// their providers to `payloadAction`.
  public init(supportedContentTypes: [ContentType], payloadAction: @escaping @MainActor ([ItemProvider]) -> Void) {
    let matching: @MainActor () -> [ItemProvider] = {
      Pasteboard.general.itemProviders.filter { provider in
        supportedContentTypes.contains { provider.hasItemConforming(to: $0) }
      }
    }
    readable = { !matching().isEmpty }
    paste = {
      let providers = matching()
      if !providers.isEmpty { payloadAction(providers) }
    }
  }

  public var body: some View {
    // Read so that a change of the pasteboard updates the button.
    let _ = watcher.changeCount
    Button(action: paste) { Label("Paste", systemImage: "doc.on.clipboard") }
      .disabled(!readable())
  }
}

/// Follows the general pasteboard's change count, for views that show what it holds.
@MainActor
@Observable
final class PasteboardWatcher {
  private(set) var changeCount = Pasteboard.general.changeCount
  @ObservationIgnored private var observer: (any NSObjectProtocol)?

  init() {
    observer = NotificationCenter.default.addObserver(
      forName: Pasteboard.changedNotification, object: Pasteboard.general, queue: nil
    ) { [weak self] _ in
      MainActor.assumeIsolated { self?.changeCount = Pasteboard.general.changeCount }
    }
  }

  isolated deinit {
    if let observer { NotificationCenter.default.removeObserver(observer) }
  }
}
