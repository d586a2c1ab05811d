import ContentTypes
import Foundation
import Logging
import Synchronization

/// A promise of data in one or more representations, loaded only when asked for.
///
/// The source registers representations highest fidelity first; each has a content type,
/// a visibility and a load handler that produces bytes or a file on demand. The destination
/// asks for a content type and gets the first representation whose type conforms to it.
///
/// ```swift
/// let provider = ItemProvider()
/// provider.registerDataRepresentation(for: .png) { completion in
///   completion(.success(pngBytes))
///   return nil
/// }
/// let data = try await provider.loadDataRepresentation(for: .image)
/// ```
///
/// Every load returns a `LoadProgress` whose `fractionCompleted` moves as data arrives and whose
/// `cancel()` stops the work. The completion handler runs exactly once, on a background
/// queue, with the value or an ``ItemProviderError``.
public final class ItemProvider: Sendable, CustomStringConvertible {
  /// A load handler for data: calls its argument once with the bytes or an error, and may
  /// return a `LoadProgress` that reports and cancels the work.
  public typealias DataLoadHandler =
    @Sendable (@escaping @Sendable (Result<Data, any Error>) -> Void) -> LoadProgress?

  /// A load handler for a file: calls its argument once with the file's URL or an error.
  /// The file must exist until the provider has read or copied it.
  public typealias FileLoadHandler =
    @Sendable (@escaping @Sendable (Result<URL, any Error>) -> Void) -> LoadProgress?

  /// Options for ``hasRepresentationConforming(to:fileOptions:)``.
  public struct FileOptions: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// The representation is a file that can be opened where it is.
    public static let openInPlace = FileOptions(rawValue: 1)
  }

  struct Representation: Sendable {
    enum Source: Sendable {
      case data(DataLoadHandler)
      case file(openInPlace: Bool, FileLoadHandler)
    }
    var contentType: ContentType
    var visibility: ItemProviderRepresentationVisibility
    var source: Source
    /// Whether each load's file is new and belongs to that load alone, so that a temporary
    /// copy may be made by moving it.
    var filesAreDisposable = false
  }

  private struct State {
    var representations: [Representation] = []
    var suggestedName: String?
    var monitor: LoadMonitor?
  }

  /// Watches and permits the loads of a provider handed to someone else; see
  /// ``monitored(by:)``.
  public struct LoadMonitor: Sendable {
    /// Asked as each load starts: nil permits it, an error refuses it.
    public var permit: @Sendable () -> ItemProviderError?
    /// Called as a permitted load starts, and when it completes (whatever the result).
    public var loadDidStart: @Sendable () -> Void
    /// Called when a permitted load completes, whatever its result.
    public var loadDidFinish: @Sendable () -> Void
    /// Called, just before ``loadDidFinish``, when a permitted load completes with its
    /// value: the reader has had all of the representation. Nothing by default.
    public var loadDidSucceed: @Sendable () -> Void = {}

    /// A monitor that permits every load and hears nothing, unless told otherwise.
    public init(
      permit: @escaping @Sendable () -> ItemProviderError? = { nil },
      loadDidStart: @escaping @Sendable () -> Void = {}, loadDidFinish: @escaping @Sendable () -> Void = {}
    ) {
      self.permit = permit
      self.loadDidStart = loadDidStart
      self.loadDidFinish = loadDidFinish
    }
  }

  var monitor: LoadMonitor? { state.withLock { $0.monitor } }

  private let state: Mutex<State>
  static let logger = Logger(label: "DragDrop.ItemProviders")

  /// An empty provider; register representations on it.
  public init() {
    state = Mutex(State())
  }

  /// A provider offering every writable content type of `object`.
  public convenience init(object: some ItemProviderWriting) {
    self.init()
    registerObject(object, visibility: .all)
  }

  /// A provider for the file at `fileURL`, as a file manager offers it: the file's
  /// contents under the content type its filename extension names (a folder as
  /// `public.folder`, an unknown extension as a type of its own, no extension as
  /// `public.data`), which a destination may open in place; then the URL itself, as
  /// `public.file-url` and `public.url`. Its suggested name is the file's name without its
  /// extension. Nil when `fileURL` is not a file URL or names nothing.
  ///
  /// A load of the contents fails with ``ItemProviderError/fileOperationFailed(path:reason:)``
  /// when the file has gone by then.
  public convenience init?(contentsOf fileURL: URL) {
    guard fileURL.isFileURL else { return nil }
    let path = fileURL.path(percentEncoded: false)
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return nil }
    self.init()
    let fileExtension = fileURL.pathExtension
    let contentType: ContentType =
      isDirectory.boolValue
      ? .folder : fileExtension.isEmpty ? .data : ContentType(filenameExtension: fileExtension) ?? .data
    registerFileRepresentation(for: contentType, openInPlace: true) { completion in
      if FileManager.default.fileExists(atPath: path) {
        completion(.success(fileURL))
      } else {
        completion(.failure(ItemProviderError.fileOperationFailed(path: path, reason: "the file is gone")))
      }
      return nil
    }
    for type in [ContentType.fileURL, .url] {
      registerDataRepresentation(for: type) { completion in
        fileURL.loadData(for: type, completionHandler: completion)
      }
    }
    suggestedName = fileURL.deletingPathExtension().lastPathComponent
  }

  private init(representations: [Representation], suggestedName: String?, monitor: LoadMonitor? = nil) {
    state = Mutex(State(representations: representations, suggestedName: suggestedName, monitor: monitor))
  }

  /// A name for the item, used for files made from it and shown by destinations.
  public var suggestedName: String? {
    get { state.withLock { $0.suggestedName } }
    set { state.withLock { $0.suggestedName = newValue } }
  }

  public var description: String {
    "ItemProvider(\(registeredContentTypes.map(\.identifier).joined(separator: ", ")))"
  }

  // MARK: - Registration

  /// Registers a representation whose bytes the handler produces on demand. Register the
  /// highest fidelity first. A second registration of the same content type is ignored.
  ///
  /// - Parameters:
  ///   - contentType: the type of the bytes.
  ///   - visibility: who may load this representation.
  ///   - loadHandler: called on a background queue for each load; calls its argument once.
  public func registerDataRepresentation(
    for contentType: ContentType, visibility: ItemProviderRepresentationVisibility = .all,
    loadHandler: @escaping DataLoadHandler
  ) {
    register(Representation(contentType: contentType, visibility: visibility, source: .data(loadHandler)))
  }

  /// Registers a representation that the handler delivers as a file.
  ///
  /// - Parameters:
  ///   - contentType: the type of the file's contents.
  ///   - openInPlace: whether a destination may use the file where it is rather than a
  ///     copy; see ``loadInPlaceFileRepresentation(for:completionHandler:)``.
  ///   - visibility: who may load this representation.
  ///   - loadHandler: called on a background queue for each load; calls its argument once
  ///     with a file that stays in place until the provider has read or copied it.
  public func registerFileRepresentation(
    for contentType: ContentType, openInPlace: Bool = false, visibility: ItemProviderRepresentationVisibility = .all,
    loadHandler: @escaping FileLoadHandler
  ) {
    register(
      Representation(
        contentType: contentType, visibility: visibility, source: .file(openInPlace: openInPlace, loadHandler)))
  }

  /// Registers a representation whose handler makes a new file for each load, which nobody
  /// else uses: a file received from another application, for example. A load that needs a
  /// temporary copy moves the file there instead of copying its bytes; the handler's owner
  /// must not expect the file to stay where it was.
  package func registerDisposableFileRepresentation(
    for contentType: ContentType, loadHandler: @escaping FileLoadHandler
  ) {
    var representation = Representation(
      contentType: contentType, visibility: .all, source: .file(openInPlace: false, loadHandler))
    representation.filesAreDisposable = true
    register(representation)
  }

  /// Registers every writable content type of `object`, in its order. A representation's
  /// visibility is the narrower of `visibility` and the object's own for that type.
  public func registerObject(_ object: some ItemProviderWriting, visibility: ItemProviderRepresentationVisibility) {
    for contentType in object.writableContentTypes {
      let own = type(of: object).itemProviderVisibility(for: contentType)
      registerDataRepresentation(for: contentType, visibility: max(visibility, own)) { completion in
        object.loadData(for: contentType, completionHandler: completion)
      }
    }
  }

  private func register(_ representation: Representation) {
    let added = state.withLock { state in
      guard !state.representations.contains(where: { $0.contentType == representation.contentType }) else {
        return false
      }
      state.representations.append(representation)
      return true
    }
    if !added {
      Self.logger.warning(
        "a representation for this content type is already registered; the later one is ignored",
        metadata: ["contentType": "\(representation.contentType.identifier)"])
    }
  }

  // MARK: - Inspection

  /// The registered content types, in registration (fidelity) order.
  public var registeredContentTypes: [ContentType] {
    state.withLock { $0.representations.map(\.contentType) }
  }

  /// The registered content types a loader standing in relation `audience` may see.
  public func registeredContentTypes(visibleTo audience: ItemProviderRepresentationVisibility) -> [ContentType] {
    state.withLock { $0.representations.filter { $0.visibility.isVisible(to: audience) }.map(\.contentType) }
  }

  /// The registered file representations that can be opened in place.
  public var registeredContentTypesForOpenInPlace: [ContentType] {
    state.withLock { state in
      state.representations.compactMap { representation in
        if case .file(true, _) = representation.source { return representation.contentType }
        return nil
      }
    }
  }

  /// Whether some registered content type conforms to `contentType` (rule 31: conformance,
  /// not equality).
  public func hasItemConforming(to contentType: ContentType) -> Bool {
    state.withLock { $0.representations.contains { $0.contentType.conforms(to: contentType) } }
  }

  /// Whether some registered representation conforms to `contentType` and satisfies the
  /// file options.
  public func hasRepresentationConforming(to contentType: ContentType, fileOptions: FileOptions = []) -> Bool {
    state.withLock { state in
      state.representations.contains { representation in
        guard representation.contentType.conforms(to: contentType) else { return false }
        if fileOptions.contains(.openInPlace) {
          guard case .file(true, _) = representation.source else { return false }
        }
        return true
      }
    }
  }

  /// Whether a value of `type` can be loaded: some registered content type conforms to one
  /// of its readable types.
  public func canLoadObject(ofClass type: any ItemProviderReading.Type) -> Bool {
    representation(forAnyOf: type.readableContentTypes) != nil
  }

  /// The provider as a loader in another process sees it: only the representations visible
  /// to `audience`, sharing the same load handlers.
  public func restricted(to audience: ItemProviderRepresentationVisibility) -> ItemProvider {
    state.withLock { state in
      ItemProvider(
        representations: state.representations.filter { $0.visibility.isVisible(to: audience) },
        suggestedName: state.suggestedName, monitor: state.monitor)
    }
  }

  /// The same representations behind a monitor that decides whether each load may start
  /// and hears when it starts and finishes. A drop session hands these out, so that bytes
  /// can be loaded only inside `performDrop`, and so that the source learns when the
  /// destination has everything it asked for.
  public func monitored(by monitor: LoadMonitor) -> ItemProvider {
    state.withLock { state in
      ItemProvider(
        representations: state.representations, suggestedName: state.suggestedName, monitor: monitor)
    }
  }

  /// A provider with the same representations that also tells `didStart` and `didFinish`
  /// of each load, keeping this provider's own monitor (a drop's permission to load, say).
  public func observingLoads(
    didStart: @escaping @Sendable () -> Void, didFinish: @escaping @Sendable () -> Void
  ) -> ItemProvider {
    observing(didStart: didStart, didFinish: didFinish, didSucceed: {})
  }

  /// A provider with the same representations that calls `didSucceed` each time a load
  /// completes with its value (a file, bytes or an object: all of a representation read),
  /// keeping this provider's own monitor. A failed or cancelled load calls nothing. A
  /// pasteboard's cut hears through it when a paste in the process has read an item.
  public func observingSuccessfulLoads(_ didSucceed: @escaping @Sendable () -> Void) -> ItemProvider {
    observing(didStart: {}, didFinish: {}, didSucceed: didSucceed)
  }

  /// The same representations behind a monitor that asks this provider's own first, then
  /// calls the given closures.
  private func observing(
    didStart: @escaping @Sendable () -> Void, didFinish: @escaping @Sendable () -> Void,
    didSucceed: @escaping @Sendable () -> Void
  ) -> ItemProvider {
    let inner = monitor
    var observer = LoadMonitor(
      permit: { inner?.permit() },
      loadDidStart: {
        inner?.loadDidStart()
        didStart()
      },
      loadDidFinish: {
        inner?.loadDidFinish()
        didFinish()
      })
    observer.loadDidSucceed = {
      inner?.loadDidSucceed()
      didSucceed()
    }
    return monitored(by: observer)
  }

  // MARK: - Lookup

  func representation(conformingTo contentType: ContentType) -> Representation? {
    state.withLock { $0.representations.first { $0.contentType.conforms(to: contentType) } }
  }

  /// The first representation, in fidelity order, whose type conforms to any of `types`.
  /// Plain text among several types is a fallback: it counts only when no representation
  /// conforms to another of them. A URL or a colour can be read from text, but an item that
  /// also has a URL, such as a text file with its file URL, is read as its URL.
  func representation(forAnyOf types: [ContentType]) -> Representation? {
    state.withLock { state in
      func first(_ types: some Collection<ContentType>) -> Representation? {
        state.representations.first { representation in
          types.contains { representation.contentType.conforms(to: $0) }
        }
      }
      guard types.count > 1 else { return first(types) }
      return first(types.lazy.filter { !$0.conforms(to: .plainText) }) ?? first(types)
    }
  }
}
