import BackendSupport
internal import CGTK
import DragDrop
import Foundation

/// Our `GdkContentProvider` subclass: it offers a drag's items to other applications by MIME
/// type, and writes their bytes only when a peer asks, in chunks.
///
/// Each offer comes from ``PlatformFormats/offers(for:)``: representations visible outside
/// the process, in fidelity order. A write loads the representation from the item
/// provider (off the main thread), encodes it for its MIME type, and writes it
/// ``chunkSize`` bytes at a time. Each next chunk starts from an idle source, never from the
/// previous write's callback, which GTK's X11 stream does not allow. The provider keeps its
/// own `GCancellable`: ``cancel()`` ends every write under way (GTK passes none to a drag's
/// writes, so a write could otherwise outlive its drag), and completes the loads' progress.
/// Files written for peers that ask for a URI list outlive the drag a little, since a file
/// manager copies them after the drop (``PeerFiles``).
@MainActor
final class ContentProvider {
  /// How many bytes one write hands to the stream.
  static let chunkSize = 256 << 10

  /// The GObject; one reference is ours until ``finish()``.
  let object: UnsafeMutablePointer<GdkContentProvider>
  /// What each MIME type is made from: the first item's offers, and a URI list of every
  /// item's files or URLs when several items have one.
  let offers: [PlatformFormats.Offer]
  private let providers: [ItemProvider]
  private let files: PeerFiles
  private let cancellable: UnsafeMutablePointer<GCancellable>
  private var temporaryFiles: [URL] = []
  /// Loads under way, cancelled with the provider.
  private var loads: [ObjectIdentifier: LoadProgress] = [:]
  /// How many chunks went out: for tests.
  private(set) var chunkCount = 0
  /// The MIME types that a process of ours may read through a ``ByteChannel``: those that
  /// go out as raw bytes.
  let channelMIMETypes: [String]
  /// The channel, made when a process of ours first asks for its description.
  private(set) var channel: ByteChannelServer?
  /// Told the MIME type of each offer a peer (or a process of ours, through the channel)
  /// has been given all the bytes of: how a cut on the clipboard learns it was pasted.
  var whenWrittenWhole: (@MainActor (String) -> Void)?

  /// A provider for `providers` (an outgoing drag's items, restricted to what other
  /// applications may load), writing files for peers into `files`.
  init(providers: [ItemProvider], files: PeerFiles = .shared, clipboard: Bool = false) {
    self.providers = providers
    self.files = files
    offers =
      providers.first.map {
        PlatformFormats.offers(for: $0.registeredContentTypes(visibleTo: .all), clipboard: clipboard)
      } ?? []
    channelMIMETypes = offers.filter(Self.streamsFromFile).map(\.mimeType)
    cancellable = g_cancellable_new()!
    let raw = g_object_new_with_properties(Self.gType, 0, nil, nil)!
    object = UnsafeMutableRawPointer(raw).assumingMemoryBound(to: GdkContentProvider.self)
    let box = Unmanaged.passRetained(Weak(self)).toOpaque()
    g_object_set_data_full(ddgtk_object(object), Self.key, box) { box in
      Unmanaged<Weak>.fromOpaque(box!).release()
    }
  }

  /// The MIME types a peer sees, in order; last, when some go out as raw bytes, the
  /// description of a ``ByteChannel`` for processes of ours.
  var mimeTypes: [String] { offers.map(\.mimeType) + (channelMIMETypes.isEmpty ? [] : [ByteChannel.mimeType]) }

  /// Ends every write under way with `G_IO_ERROR_CANCELLED` and cancels the loads.
  func cancel() {
    g_cancellable_cancel(cancellable)
    channel?.cancel()
    for load in loads.values { load.cancel() }
    loads = [:]
  }

  /// Cancels what is under way, lets the files written for peers go in a while, and lets the
  /// GObject go once GTK has too.
  func finish() {
    cancel()
    files.release(temporaryFiles)
    temporaryFiles = []
    g_object_set_data(ddgtk_object(object), Self.key, nil)
    g_object_unref(object)
    g_object_unref(UnsafeMutableRawPointer(cancellable))
  }

  // MARK: Writing

  /// Writes the bytes of `mimeType` to `stream` and completes `task`.
  private func write(mimeType: String, to stream: UnsafeMutablePointer<GOutputStream>, task: OpaquePointer) {
    if mimeType == ByteChannel.mimeType && !channelMIMETypes.isEmpty {
      writeChannelDescription(to: stream, task: task)
      return
    }
    guard let offer = offers.first(where: { $0.mimeType == mimeType }) else {
      fail(task, G_IO_ERROR_NOT_SUPPORTED, "\(mimeType) is not offered")
      return
    }
    if g_cancellable_is_cancelled(cancellable) != 0 {
      fail(task, G_IO_ERROR_CANCELLED, "the drag has ended")
      return
    }
    let done: @MainActor (Result<Chunked, any Error>) -> Void = { [weak self] result in
      guard let self else { return }
      switch result {
      case .success(let chunked):
        chunked.mimeType = mimeType
        self.writeChunk(chunked, to: stream, task: task)
      case .failure(let error):
        let code = (error as? ItemProviderError) == .cancelled ? G_IO_ERROR_CANCELLED : G_IO_ERROR_FAILED
        self.fail(task, code, "\(error)")
      }
    }
    if Self.streamsFromFile(offer) {
      loadFile(offer, done)
    } else {
      load(offer) { done($0.map { Chunked(data: $0) }) }
    }
  }

  /// Writes the description of the drag's ``ByteChannel``, listening from the first ask.
  private func writeChannelDescription(to stream: UnsafeMutablePointer<GOutputStream>, task: OpaquePointer) {
    if g_cancellable_is_cancelled(cancellable) != 0 {
      fail(task, G_IO_ERROR_CANCELLED, "the drag has ended")
      return
    }
    if channel == nil {
      guard let provider = providers.first else {
        fail(task, G_IO_ERROR_NOT_SUPPORTED, "the drag has no items")
        return
      }
      let offers = offers
      do {
        channel = try ByteChannelServer(
          mimeTypes: channelMIMETypes,
          open: { mimeType, completion in
            guard let offer = offers.first(where: { $0.mimeType == mimeType }) else {
              completion(.failure(PlatformTransferError.readFailed("\(mimeType) is not offered")))
              return nil
            }
            return provider.openRepresentation(for: offer.contentType) { completion($0.mapError { $0 as any Error }) }
          },
          sentWhole: { [weak self] mimeType in
            Task { @MainActor in self?.whenWrittenWhole?(mimeType) }
          })
      } catch {
        fail(task, G_IO_ERROR_FAILED, "\(error)")
        return
      }
    }
    writeChunk(Chunked(data: channel!.description.encoded), to: stream, task: task)
  }

  /// Whether an offer's bytes go out as they are, read from a file a chunk at a time: data
  /// that is not text (an image, a custom type), which may be large. A file representation
  /// is read where it is, with no copy, so that a big one is never held in memory.
  static func streamsFromFile(_ offer: PlatformFormats.Offer) -> Bool {
    offer.encoding == .bytes && !offer.contentType.conforms(to: .text)
  }

  /// Opens the first item's representation for `offer` for reading: a file representation's
  /// own file, with no copy, or a data representation's bytes.
  private func loadFile(
    _ offer: PlatformFormats.Offer, _ done: @escaping @MainActor (Result<Chunked, any Error>) -> Void
  ) {
    guard let provider = providers.first else {
      done(.failure(ItemProviderError.unavailableContentType(requested: [offer.contentType], available: [])))
      return
    }
    let key = ObjectIdentifier(provider)
    loads[key] = provider.openRepresentation(for: offer.contentType) { result in
      Task { @MainActor [weak self] in
        self?.loads[key] = nil
        done(
          result.mapError { $0 as any Error }.map { opened in
            switch opened {
            case .data(let data): Chunked(data: data)
            case .file(let file): Chunked(file: file)
            }
          })
      }
    }
  }

  /// The representation each item gives `offer`, in item order, nil for an item that gives
  /// none: a single item's bytes come from the first item alone, while several items give
  /// a URI list of every item's URL, or of every item's image file.
  private func sourceTypes(_ offer: PlatformFormats.Offer) -> [ContentType?] {
    let listed: ContentType? =
      switch offer.encoding {
      case .bytes, .mozURL: nil
      case .uriList: .url
      case .temporaryFile, .gnomeCopiedFiles: .image
      }
    let sources = listed == nil ? Array(providers.prefix(1)) : providers
    return sources.enumerated().map { index, provider in
      index == 0
        ? offer.contentType : provider.registeredContentTypes(visibleTo: .all).first { $0.conforms(to: listed!) }
    }
  }

  /// The positions of the items whose bytes a peer has when it has read `mimeType` whole.
  ///
  /// Only what carries the item's content counts: its bytes, its web address, or a copy of
  /// its file that the peer now holds. A list naming an item's own file (one that may be
  /// opened in place) does not: the peer copies the file after reading the list, from
  /// where the source keeps it, so the source must not take it away.
  func positions(readWith mimeType: String) -> [Int] {
    guard var offer = offers.first(where: { $0.mimeType == mimeType }) else { return [] }
    // GNOME's list is the URI list's files.
    if offer.encoding == .gnomeCopiedFiles, let list = offers.first(where: { $0.mimeType == "text/uri-list" }) {
      offer = list
    }
    return sourceTypes(offer).enumerated().compactMap { index, type -> Int? in
      guard let type else { return nil }
      switch offer.encoding {
      case .bytes: return index
      case .uriList, .mozURL: return type.conforms(to: .fileURL) ? nil : index
      case .temporaryFile, .gnomeCopiedFiles: return copiedItems.contains(index) ? index : nil
      }
    }
  }

  /// The items whose file went to a peer as a copy of its own (not opened in place).
  private var copiedItems: Set<Int> = []

  /// Loads and encodes what `offer` needs, on the main actor when done.
  private func load(_ offer: PlatformFormats.Offer, _ done: @escaping @MainActor (Result<Data, any Error>) -> Void) {
    if offer.encoding == .gnomeCopiedFiles, let list = offers.first(where: { $0.mimeType == "text/uri-list" }) {
      load(list) { done($0.map { PlatformFormats.gnomeCopiedFiles(fromURIList: $0) }) }
      return
    }
    if offer.encoding == .temporaryFile {
      loadFiles(offer, done)
      return
    }
    let types = sourceTypes(offer)
    let sources = Array(providers.prefix(types.count))
    let gathered = Gathered<Data>(count: sources.count) { [weak self] result in
      guard let self else { return }
      done(
        result.flatMap { datas in
          let loaded = datas.indices.compactMap { index in
            datas[index].map { (provider: sources[index], type: types[index]!, data: $0) }
          }
          return Result { try self.encode(loaded, for: offer) }
        })
    }
    for (index, provider) in sources.enumerated() {
      let key = ObjectIdentifier(provider)
      guard let type = types[index] else {
        gathered.skip(index)
        continue
      }
      loads[key] = provider.loadDataRepresentation(for: type) { result in
        Task { @MainActor [weak self] in
          self?.loads[key] = nil
          gathered.receive(result.mapError { $0 as any Error }, at: index)
        }
      }
    }
  }

  /// The URI list of every item's image file, for file managers: the file itself when its
  /// representation may be opened in place, otherwise its temporary copy, moved (not copied
  /// again, and never held in memory) into a folder of ``files`` that outlives the drag a
  /// little.
  private func loadFiles(_ offer: PlatformFormats.Offer, _ done: @escaping @MainActor (Result<Data, any Error>) -> Void)
  {
    let types = sourceTypes(offer)
    var folders: [URL?] = []
    do {
      folders = try types.map { type in try type.map { _ in try files.makeFolder() } }
    } catch {
      done(.failure(error))
      return
    }
    let gathered = Gathered<(url: URL, moved: Bool)>(count: providers.count) { [weak self] result in
      guard let self else { return }
      for case let folder? in folders {
        // Folders whose item went in place stay empty: they go now.
        if (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.isEmpty == true {
          try? FileManager.default.removeItem(at: folder)
        }
      }
      done(
        result.map { files in
          self.copiedItems.formUnion(files.indices.filter { files[$0]?.moved == true })
          let files = files.compactMap { $0 }
          self.temporaryFiles += files.filter(\.moved).map(\.url)
          return PlatformFormats.uriList(files.map(\.url))
        })
    }
    for (index, provider) in providers.enumerated() {
      let key = ObjectIdentifier(provider)
      guard let type = types[index], let folder = folders[index] else {
        gathered.skip(index)
        continue
      }
      loads[key] = provider.loadInPlaceFileRepresentation(for: type) { result in
        let file = result.mapError { $0 as any Error }.flatMap { url, inPlace in
          Result { () throws -> (url: URL, moved: Bool) in
            if inPlace { return (url, false) }
            // The temporary copy is the provider's to give away until the handler returns.
            let kept = folder.appending(path: url.lastPathComponent)
            try FileManager.default.moveItem(at: url, to: kept)
            return (kept, true)
          }
        }
        Task { @MainActor [weak self] in
          self?.loads[key] = nil
          gathered.receive(file, at: index)
        }
      }
    }
  }

  /// The loads of one write, gathered in item order.
  @MainActor
  private final class Gathered<Value> {
    private var results: [Value?]
    private var remaining: Int
    private var done: ((Result<[Value?], any Error>) -> Void)?

    /// `done` gets each item's value, nil for an item skipped.
    init(count: Int, done: @escaping (Result<[Value?], any Error>) -> Void) {
      results = Array(repeating: nil, count: count)
      remaining = count
      self.done = done
      if count == 0 { finish(.success([])) }
    }

    func receive(_ result: Result<Value, any Error>, at index: Int) {
      switch result {
      case .failure(let error): finish(.failure(error))
      case .success(let data):
        results[index] = data
        step()
      }
    }

    func skip(_ index: Int) { step() }

    private func step() {
      remaining -= 1
      if remaining == 0 { finish(.success(results)) }
    }

    private func finish(_ result: Result<[Value?], any Error>) {
      let done = self.done
      self.done = nil
      done?(result)
    }
  }

  private func encode(
    _ loaded: [(provider: ItemProvider, type: ContentType, data: Data)], for offer: PlatformFormats.Offer
  ) throws -> Data {
    switch offer.encoding {
    case .uriList:
      return Data(try loaded.map { try PlatformFormats.encode($0.data, for: offer) }.joined())
    case .bytes, .mozURL, .temporaryFile, .gnomeCopiedFiles:
      // (Files for file managers are made by `loadFiles`, not from data.)
      return try PlatformFormats.encode(loaded[0].data, for: offer)
    }
  }

  /// Writes the next chunk; the one after it starts from an idle source.
  private func writeChunk(_ chunked: Chunked, to stream: UnsafeMutablePointer<GOutputStream>, task: OpaquePointer) {
    let next: Data?
    do {
      next = try chunked.next(Self.chunkSize)
    } catch {
      fail(task, G_IO_ERROR_FAILED, "reading the item's file failed: \(error)")
      return
    }
    guard let bytes = next else {
      g_task_return_boolean(task, 1)
      g_object_unref(UnsafeMutableRawPointer(task))
      if let mimeType = chunked.mimeType { whenWrittenWhole?(mimeType) }
      return
    }
    chunkCount += 1
    let context = Unmanaged.passRetained(
      WriteContext(provider: self, chunked: chunked, task: task, stream: stream, bytes: bytes))
    // The stream may take the bytes after this call returns (a Wayland pipe waits until it
    // can be written), so they are the context's own until its callback.
    let buffer = context.takeUnretainedValue().buffer
    g_output_stream_write_async(
      stream, buffer.baseAddress, gsize(buffer.count), G_PRIORITY_DEFAULT, cancellable,
      { source, result, userData in
        var error: UnsafeMutablePointer<GError>?
        let written = g_output_stream_write_finish(ddgtk_output_stream(source), result, &error)
        let message = error.map { String(cString: $0.pointee.message) }
        let cancelled = error.map { $0.pointee.code == G_IO_ERROR_CANCELLED.rawValue } ?? false
        if let error { g_error_free(error) }
        // GLib calls back on the main context, which is the main actor's thread.
        MainActor.assumeIsolated {
          let context = Unmanaged<WriteContext>.fromOpaque(userData!).takeRetainedValue()
          // Never from inside this callback: GTK's X11 stream aborts on a nested write.
          MainLoop.runSoon { context.resume(written: Int(written), error: message, cancelled: cancelled) }
        }
      }, context.toOpaque())
  }

  private func fail(_ task: OpaquePointer, _ code: GIOErrorEnum, _ message: String) {
    g_task_return_error(task, g_error_new_literal(g_io_error_quark(), gint(code.rawValue), message))
    g_object_unref(UnsafeMutableRawPointer(task))
  }

  // MARK: The GType

  nonisolated private static let key = "dragdrop-content-provider"

  /// The registered subclass of `GdkContentProvider`, made once.
  static let gType: GType = {
    var info = GTypeInfo()
    info.class_size = guint16(MemoryLayout<GdkContentProviderClass>.size)
    info.instance_size = guint16(MemoryLayout<GdkContentProvider>.size)
    info.class_init = { klass, _ in
      let vtable = ddgtk_content_provider_class(klass)!
      vtable.pointee.ref_formats = { object in
        // GTK calls every vfunc on its main context: the main actor's thread.
        nonisolated(unsafe) let object = object
        let mimeTypes = MainActor.assumeIsolated { ContentProvider.from(object)?.mimeTypes ?? [] }
        let builder = gdk_content_formats_builder_new()
        for mime in mimeTypes { gdk_content_formats_builder_add_mime_type(builder, mime) }
        return gdk_content_formats_builder_free_to_formats(builder)
      }
      vtable.pointee.write_mime_type_async = { object, mime, stream, _, cancellable, callback, userData in
        nonisolated(unsafe) let task = g_task_new(UnsafeMutableRawPointer(object), cancellable, callback, userData)!
        // The task keeps the stream alive: GDK's Wayland backend lets its own reference go
        // as soon as this call returns, and the chunks go out after it.
        g_object_ref(UnsafeMutableRawPointer(stream))
        g_task_set_task_data(task, UnsafeMutableRawPointer(stream)) { g_object_unref($0) }
        nonisolated(unsafe) let (object, stream) = (object, stream)
        let mimeType = String(cString: mime!)
        MainActor.assumeIsolated {
          guard let provider = ContentProvider.from(object) else {
            g_task_return_error(
              task, g_error_new_literal(g_io_error_quark(), gint(G_IO_ERROR_CLOSED.rawValue), "the drag is over"))
            g_object_unref(UnsafeMutableRawPointer(task))
            return
          }
          provider.write(mimeType: mimeType, to: stream!, task: task)
        }
      }
      vtable.pointee.write_mime_type_finish = { _, result, error in
        g_task_propagate_boolean(ddgtk_task(UnsafeMutableRawPointer(result)), error)
      }
    }
    return g_type_register_static(gdk_content_provider_get_type(), "DragDropContentProvider", &info, GTypeFlags(0))
  }()

  /// The Swift side of a provider GObject, while it lives.
  private static func from(_ object: UnsafeMutablePointer<GdkContentProvider>?) -> ContentProvider? {
    guard let object, let box = g_object_get_data(ddgtk_object(object), key) else { return nil }
    return Unmanaged<Weak>.fromOpaque(box).takeUnretainedValue().provider
  }

  /// Holds the provider weakly, for the GObject's data.
  @MainActor
  private final class Weak {
    weak var provider: ContentProvider?
    init(_ provider: ContentProvider) { self.provider = provider }
  }

  /// One write under way: the bytes stay alive until the stream is done with them.
  @MainActor
  private final class WriteContext {
    weak var provider: ContentProvider?
    let chunked: Chunked
    let task: OpaquePointer
    let stream: UnsafeMutablePointer<GOutputStream>
    /// A copy of the chunk that stays where it is until the write is done with it (a
    /// `Data`'s bytes may be inline, and move with it).
    nonisolated(unsafe) let buffer: UnsafeMutableRawBufferPointer
    init(
      provider: ContentProvider, chunked: Chunked, task: OpaquePointer, stream: UnsafeMutablePointer<GOutputStream>,
      bytes: Data
    ) {
      self.provider = provider
      self.chunked = chunked
      self.task = task
      self.stream = stream
      buffer = .allocate(byteCount: bytes.count, alignment: 16)
      bytes.copyBytes(to: buffer)
    }

    deinit { buffer.deallocate() }

    /// The chunk went out (or failed): the next one, or the end.
    func resume(written: Int, error: String?, cancelled: Bool) {
      guard let provider else {
        g_task_return_error(
          task, g_error_new_literal(g_io_error_quark(), gint(G_IO_ERROR_CLOSED.rawValue), "the drag is over"))
        g_object_unref(UnsafeMutableRawPointer(task))
        return
      }
      if let error {
        provider.fail(task, cancelled ? G_IO_ERROR_CANCELLED : G_IO_ERROR_FAILED, error)
        return
      }
      chunked.advance(by: written, chunk: buffer.count)
      provider.writeChunk(chunked, to: stream, task: task)
    }
  }

  /// The bytes of one write, and how far they have gone: in memory, or read from a file a
  /// chunk at a time.
  @MainActor
  final class Chunked {
    /// The offer these are the bytes of; nil for the channel's description.
    var mimeType: String?
    private let data: Data?
    private let file: FileHandle?
    private var offset = 0
    /// The chunk read from the file that the stream has not taken all of yet.
    private var pending = Data()

    init(data: Data) {
      self.data = data
      file = nil
    }

    init(file: FileHandle) {
      data = nil
      self.file = file
    }

    isolated deinit { try? file?.close() }

    /// The next bytes to write, at most `size`; nil at the end.
    func next(_ size: Int) throws -> Data? {
      if let data {
        guard offset < data.count else { return nil }
        let start = data.startIndex + offset
        return data[start..<min(start + size, data.endIndex)]
      }
      if pending.isEmpty, let file { pending = try file.read(upToCount: size) ?? Data() }
      return pending.isEmpty ? nil : pending
    }

    /// A stream may take fewer bytes than it was given: the rest goes in the next write.
    func advance(by written: Int, chunk: Int) {
      let taken = max(0, min(written, chunk))
      if data != nil {
        offset += taken
      } else {
        pending = Data(pending.dropFirst(taken))
      }
    }
  }
}
