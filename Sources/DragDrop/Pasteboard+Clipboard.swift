import Foundation

/// The desktop's clipboard behind the general pasteboard, as a platform provides it: GDK's
/// clipboard in DragDropGTK's windows, a fake in tests.
///
/// While a port is set (``Pasteboard/clipboard``), what the process puts on the general
/// pasteboard (except local-only items) is offered to other applications, and what another
/// application copies becomes the general pasteboard's one item: a provider of every MIME
/// type it offers, read only when loaded, as a drop from another application is.
@MainActor
public protocol ClipboardPort: AnyObject, Sendable {
  /// Offers `providers` (restricted to what other applications may load) on the desktop's
  /// clipboard; an empty list withdraws the process's offer.
  func publish(_ providers: [ItemProvider])
  /// Offers `providers` as ``publish(_:)`` does, for a cut (rule 47): calls `whenRead` with
  /// the positions of the items whose bytes another application has read whole (all of one
  /// representation; a list of files counts for the items whose files it hands over as
  /// copies). A port that cannot tell never calls it, and the cut's source keeps its data.
  func publish(_ providers: [ItemProvider], whenRead: @escaping @MainActor ([Int]) -> Void)
  /// Reads `mimeType` from the offer another application holds.
  func read(_ mimeType: String, completion: @escaping @Sendable (Result<Data, any Error>) -> Void) -> LoadProgress?
  /// Reads `mimeType` from the offer another application holds into a new file, for data
  /// that may be large (images, archives): loads of files and of data that is not text go
  /// through it, so that nothing holds the bytes in memory.
  func readToFile(
    _ mimeType: String, completion: @escaping @Sendable (Result<URL, any Error>) -> Void
  )
    -> LoadProgress?
  /// Reads `mimeType` from the offer another application holds before returning, for the
  /// pasteboard's synchronous getters (``Pasteboard/string`` and the others).
  func readNow(_ mimeType: String) throws -> Data
}

extension ClipboardPort {
  /// Offers `providers` with no word of their reads: the cut's source keeps its data.
  public func publish(_ providers: [ItemProvider], whenRead: @escaping @MainActor ([Int]) -> Void) {
    publish(providers)
  }

  /// Reads into memory with ``read(_:completion:)``, then writes a temporary file: for
  /// ports whose data is small.
  public func readToFile(
    _ mimeType: String, completion: @escaping @Sendable (Result<URL, any Error>) -> Void
  )
    -> LoadProgress?
  {
    read(mimeType) { result in
      completion(
        result.flatMap { data in
          Result {
            let file = FileManager.default.temporaryDirectory.appending(path: "clipboard-\(UUID().uuidString)")
            try data.write(to: file)
            return file
          }
        })
    }
  }
}

extension Pasteboard {
  /// Lets views' edit commands (a default `paste(_:)`, `canPerformAction`) read the general
  /// pasteboard, from its first use on: until then it holds nothing, which is what they see.
  static func connectEditCommands() {
    EditSupport.pasteboardItemProviders = { Pasteboard.general.itemProviders }
  }

  /// The desktop's clipboard, when a platform has one; nil keeps the general pasteboard
  /// inside the process.
  public static var clipboard: (any ClipboardPort)? {
    get { clipboardPort }
    set { clipboardPort = newValue }
  }

  /// Another application has taken the desktop's clipboard, offering `mimeTypes` (none when
  /// it emptied it): the general pasteboard's items become one item of those types, and its
  /// change count grows.
  public static func clipboardChanged(offering mimeTypes: [String]) {
    guard let port = clipboardPort else { return }
    guard !mimeTypes.isEmpty else {
      general.store.replace(with: [], publishing: false)
      return
    }
    // An item provider runs its loads on queues of its own: each read goes to the main
    // actor, where the port lives, and its progress follows the port's.
    weak let weakPort = port
    let provider = PlatformFormats.itemProvider(
      offering: mimeTypes,
      read: { mime, completion in
        readOnMainActor({ weakPort }, { port, done in port.read(mime, completion: done) }, completion)
      },
      readFile: { mime, completion in
        readOnMainActor({ weakPort }, { port, done in port.readToFile(mime, completion: done) }, completion)
      })
    // A file manager's copy (or a list of links) is one item per file: the list, which is
    // small, is read when the items are first asked for (by the change's observers too).
    general.store.replace(
      with: [Item(provider: provider, isLocalOnly: false, expirationDate: nil, foreignMIMETypes: mimeTypes)],
      publishing: false, pendingList: PlatformFormats.listMIMEType(in: mimeTypes).map { ($0, mimeTypes) })
  }

  /// Starts a read of the port `port` gives, on the main actor, from whatever queue a load
  /// runs on; the returned progress follows the read's and cancels it. A port that is gone
  /// fails the read as a peer that went away.
  nonisolated private static func readOnMainActor<T: Sendable>(
    _ port: @escaping @Sendable () -> (any ClipboardPort)?,
    _ start:
      @escaping @MainActor @Sendable (any ClipboardPort, @escaping @Sendable (Result<T, any Error>) -> Void)
      -> LoadProgress?,
    _ completion: @escaping @Sendable (Result<T, any Error>) -> Void
  ) -> LoadProgress {
    let progress = LoadProgress(totalUnitCount: 1)
    Task { @MainActor in
      guard let port = port() else {
        completion(.failure(PlatformTransferError.peerVanished))
        return
      }
      if let inner = start(port, completion) { progress.addChild(inner, withPendingUnitCount: 1) }
    }
    return progress
  }

  /// The items another application's list stands for, one per file or link, read through
  /// the clipboard at once; nil when the list is one more representation of a single item
  /// (a browser's image with its address), or cannot be read or checked, which leaves the
  /// offer one item.
  static func foreignListItems(_ mimeType: String, offering mimeTypes: [String]) -> [ItemProvider]? {
    guard let port = clipboardPort, let data = try? port.readNow(mimeType),
      PlatformFormats.listIsItems(data, mimeType: mimeType, offering: mimeTypes)
    else { return nil }
    return try? PlatformFormats.items(fromList: data, mimeType: mimeType)
  }

  /// The value of type `T` another application's offer holds, read at once through the
  /// clipboard: text, a URL or an image, decoded as a drop's would be. Nil when the offer
  /// has none, or it cannot be read.
  func foreignValue<T>(_ type: T.Type, offering mimeTypes: [String]) -> T? {
    guard let port = clipboardPort else { return nil }
    let wanted: ContentType =
      T.self == String.self ? .plainText : T.self == URL.self ? .url : T.self == Image.self ? .image : .item
    guard wanted != .item,
      let representation = PlatformFormats.incomingRepresentations(for: mimeTypes).first(where: {
        $0.contentType.conforms(to: wanted)
      }),
      let raw = try? port.readNow(representation.mimeType),
      let data = try? PlatformFormats.decode(raw, as: representation)
    else { return nil }
    switch wanted {
    case .plainText: return String(data: data, encoding: .utf8) as? T
    case .url: return String(data: data, encoding: .utf8).flatMap { URL(string: $0) } as? T
    default: return (try? Image(validating: data)) as? T
    }
  }
}

/// The port, on the main actor.
@MainActor private var clipboardPort: (any ClipboardPort)?
