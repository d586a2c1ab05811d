@_spi(Platform) import DragDrop
import Foundation

/// A desktop clipboard for tests: it stands where GDK's clipboard stands in a GTK window,
/// behind the general pasteboard, and lets a test play the other applications.
///
/// ```swift
/// let clipboard = FakeClipboard()
/// clipboard.install()
/// defer { clipboard.uninstall() }
/// clipboard.copyFromAnotherApplication(["text/plain;charset=utf-8": Data("北海道".utf8)])
/// #expect(Pasteboard.general.string == "北海道")
/// ```
///
/// What the process puts on the general pasteboard is recorded in ``published``; another
/// application's bytes are served from ``offer`` by MIME type, and a type it offers without
/// bytes is a read that fails with `PlatformTransferError.formatRefused`.
@MainActor
public final class FakeClipboard: ClipboardPort {
  /// Every offer the process made, oldest first: the providers other applications could
  /// paste (local-only items left out). An empty list withdrew the offer.
  public private(set) var published: [[ItemProvider]] = []
  /// What the other application offers: its MIME types, in its order, and their bytes.
  public private(set) var offer: [(mimeType: String, data: Data?)] = []
  /// Every MIME type read, in order, by the pasteboard's getters and its items' loads.
  public private(set) var reads: [String] = []

  /// A clipboard with nothing on it.
  public init() {}

  /// Makes this the general pasteboard's desktop clipboard.
  public func install() { Pasteboard.clipboard = self }

  /// Takes it away again, if it is still the one installed, as the general pasteboard's
  /// clipboard or as the primary selection.
  public func uninstall() {
    if Pasteboard.clipboard === self { Pasteboard.clipboard = nil }
    if PrimarySelection.port === self { PrimarySelection.port = nil }
  }

  /// Makes this the desktop's primary selection (``PrimarySelection``).
  public func installAsPrimarySelection() { PrimarySelection.port = self }

  /// Another application copies: it now owns the clipboard and offers `offer`, in order
  /// (a nil value offers the type and fails every read of it).
  public func copyFromAnotherApplication(_ offer: KeyValuePairs<String, Data?>) {
    self.offer = offer.map { ($0.key, $0.value) }
    cutWasRead = nil
    // The general pasteboard hears it when this is its clipboard, not the primary selection.
    if Pasteboard.clipboard === self { Pasteboard.clipboardChanged(offering: self.offer.map(\.mimeType)) }
  }

  public func publish(_ providers: [ItemProvider]) {
    published.append(providers)
    cutWasRead = nil
    offer = []
  }

  /// Offers a cut's items; ``otherApplicationReadWhole(_:)`` plays another application's
  /// whole read of some of them.
  public func publish(_ providers: [ItemProvider], whenRead: @escaping @MainActor ([Int]) -> Void) {
    publish(providers)
    cutWasRead = whenRead
  }

  /// Whom the current offer, when it is a cut, tells of whole reads.
  private var cutWasRead: (@MainActor ([Int]) -> Void)?

  /// Another application has read all the bytes of the items at `positions` of the
  /// current offer (a list of files names several): a cut's source hears of it. Nothing
  /// happens when the offer is not a cut.
  public func otherApplicationReadWhole(_ positions: [Int]) {
    cutWasRead?(positions)
  }

  public func read(
    _ mimeType: String, completion: @escaping @Sendable (Result<Data, any Error>) -> Void
  )
    -> LoadProgress?
  {
    let result = Result { try readNow(mimeType) }
    completion(result)
    return nil
  }

  public func readNow(_ mimeType: String) throws -> Data {
    reads.append(mimeType)
    guard let data = offer.first(where: { $0.mimeType == mimeType })?.data else {
      throw PlatformTransferError.formatRefused(mimeType)
    }
    return data
  }
}
