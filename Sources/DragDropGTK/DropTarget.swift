import BackendSupport
internal import CGTK
internal import CXdnd
@_spi(Platform) import DragDrop
import Foundation

/// Drags from other applications into a GTK window: a `GtkDropTargetAsync` on its drawing
/// area turns each GDK drop into a drag the window's controller routes like any other
/// (through `DragController.beginIncomingDrag`).
///
/// The peer's MIME types are listed when the drag enters; nothing is read before the drop
/// target's `performDrop` loads it (rule 38). A load reads its MIME type with
/// `gdk_drop_read_async` and streams it in ``chunkSize`` reads, each started from an idle
/// source, never from the previous read's callback. Cancelling the load's progress cancels
/// the read. When every load the drop started has ended, the source hears the outcome
/// (`gdk_drop_finish`): the action, or none when a load failed.
@MainActor
final class DropTarget {
  /// How many bytes one read asks for.
  nonisolated static let chunkSize = 1 << 20

  private unowned let host: GTKWindow
  private var window: Window { host.window }
  private let controller: OpaquePointer
  /// The frame tick that keeps drags over the window at the pointer, while there are some.
  private var following: SignalConnection?
  /// Where each drag was last moved to.
  private var positions: [OpaquePointer: Point] = [:]
  private var connections: [SignalConnection] = []
  /// The drag each GDK drop over the window drives.
  private var drags: [OpaquePointer: Incoming] = [:]
  /// Drops that entered and have not reported a position yet.
  private var pending: Set<OpaquePointer> = []

  /// A drop under way: the engine's handle, whether any read failed, and for a drag from
  /// another application, its reader and the MIME type that lists its files, if any.
  @MainActor
  final class Incoming {
    let handle: IncomingDrag
    var failed = false
    let reader: Reader?
    let listMIMEType: String?
    init(handle: IncomingDrag, reader: Reader? = nil, listMIMEType: String? = nil) {
      self.handle = handle
      self.reader = reader
      self.listMIMEType = listMIMEType
    }
  }

  init(widget: UnsafeMutablePointer<GtkWidget>, host: GTKWindow) {
    self.host = host
    let actions = GdkDragAction(rawValue: GDK_ACTION_COPY.rawValue | GDK_ACTION_MOVE.rawValue)
    controller = gtk_drop_target_async_new(nil, actions)
    gtk_widget_add_controller(widget, ddgtk_event_controller(UnsafeMutableRawPointer(controller)))
    // Notes when each drag's XdndEnter arrives, for ``PlatformDropTiming``.
    _ = ddxdnd_watch(UnsafeMutableRawPointer(gtk_widget_get_display(widget)))
    connections = [
      connectDropAccept(controller) { _ in true },
      connectDropPosition(controller, "drag-enter") { [weak self] drop, x, y in
        self?.enter(drop, at: Point(x: x, y: y)) ?? GdkDragAction(rawValue: 0)
      },
      connectDropPosition(controller, "drag-motion") { [weak self] drop, x, y in
        self?.move(drop, to: Point(x: x, y: y)) ?? GdkDragAction(rawValue: 0)
      },
      connectDropLeave(controller) { [weak self] drop in self?.leave(drop) },
      connectDrop(controller) { [weak self] drop, x, y in self?.drop(drop, at: Point(x: x, y: y)) ?? false },
    ]
  }

  isolated deinit {
    for connection in connections { connection.disconnect() }
    following?.disconnect()
  }

  /// XDND sends a new position only once the last has been answered, so on a fast pointer
  /// the drag's last positions can arrive late or not at all before the pointer rests. While
  /// a drag is over the window, each frame moves it to where the pointer is.
  private func followPointer() {
    guard following == nil else { return }
    following = addTickCallback(host.drawingArea) { [weak self] _ in
      guard let self else { return false }
      guard !self.drags.isEmpty || !self.pending.isEmpty else {
        // Returning false removes the callback: nothing is left to disconnect.
        self.following = nil
        return false
      }
      self.movePointerDrags()
      return true
    }
  }

  /// Where the pointer of `drop`'s device is in the window, if it is over it.
  private func pointer(of drop: OpaquePointer) -> Point? {
    pointerState(of: drop)?.location
  }

  /// Where the drop's pointer is in the window, and the modifier keys held: X11's drag
  /// messages carry neither the keys nor, at enter, a position.
  private func pointerState(of drop: OpaquePointer) -> (location: Point, modifiers: KeyModifiers)? {
    guard let native = gtk_widget_get_native(host.drawingArea), let surface = gtk_native_get_surface(native),
      let origin = host.drawingAreaOrigin, let device = gdk_drop_get_device(drop)
    else { return nil }
    var x = 0.0
    var y = 0.0
    var mask = GdkModifierType(rawValue: 0)
    guard gdk_surface_get_device_position(surface, device, &x, &y, &mask) != 0 else { return nil }
    let point = Point(x: x - origin.x, y: y - origin.y)
    return host.window.bounds.contains(point) ? (point, InputTranslator.modifiers(mask)) : nil
  }

  /// The modifier keys held during `drop`, or nil when they cannot be read.
  private func modifiers(of drop: OpaquePointer) -> KeyModifiers? {
    pointerState(of: drop)?.modifiers
  }

  private func movePointerDrags() {
    // A drop that entered without a position begins where the pointer is.
    for drop in pending {
      if let point = pointer(of: drop) { _ = begin(drop, at: point) }
    }
    for (drop, incoming) in drags {
      guard let (point, modifiers) = pointerState(of: drop),
        point != positions[drop] || modifiers != incoming.handle.session.modifierFlags
      else { continue }
      positions[drop] = point
      incoming.handle.move(to: point, modifiers: modifiers)
    }
  }

  /// The MIME types a GDK drop offers, in the peer's order.
  static func mimeTypes(of drop: OpaquePointer) -> [String] {
    guard let formats = gdk_drop_get_formats(drop) else { return [] }
    var count: gsize = 0
    guard let types = gdk_content_formats_get_mime_types(formats, &count) else { return [] }
    return (0..<Int(count)).compactMap { types[$0].map { String(cString: $0) } }
  }

  /// GTK 4.8 reports the enter of an X11 drag at (0, 0): XdndEnter carries no position, the
  /// first XdndPosition does. The drag begins at once where the pointer is, so that the
  /// targets hear it without waiting for a position or a frame; when the pointer cannot be
  /// found, it begins at its first real position.
  private func enter(_ drop: OpaquePointer, at point: Point) -> GdkDragAction {
    pending.insert(drop)
    followPointer()
    guard let point = pointer(of: drop) else { return GdkDragAction(rawValue: 0) }
    return Self.action(begin(drop, at: point).handle.proposal.operation)
  }

  /// Begins the engine's drag for `drop` at its first position.
  private func begin(_ drop: OpaquePointer, at point: Point) -> Incoming {
    pending.remove(drop)
    // One of our own drags, from this window or another of ours: the same session goes on.
    if let outgoing = DragSource.outgoing(for: drop) {
      DragSource.showsIcon(false, over: drop)
      let handle = window.dragController.beginIncomingDrag(
        items: outgoing.session.items, at: point, allowsMoveOperation: outgoing.session.allowsMoveOperation,
        localSession: outgoing.session)
      let incoming = Incoming(handle: handle)
      drags[drop] = incoming
      positions[drop] = point
      followPointer()
      return incoming
    }
    let mimeTypes = Self.mimeTypes(of: drop)
    let reader = Reader(drop: drop, clock: window.clock, mimeTypes: mimeTypes)
    let provider = reader.itemProvider()
    let allowsMove = gdk_drop_get_actions(drop).rawValue & GDK_ACTION_MOVE.rawValue != 0
    let handle = window.dragController.beginIncomingDrag(
      items: [DragItem(itemProvider: provider)], at: point, allowsMoveOperation: allowsMove)
    let incoming = Incoming(handle: handle, reader: reader, listMIMEType: PlatformFormats.listMIMEType(in: mimeTypes))
    reader.incoming = incoming
    drags[drop] = incoming
    positions[drop] = point
    followPointer()
    return incoming
  }

  private func move(_ drop: OpaquePointer, to point: Point) -> GdkDragAction {
    guard let incoming = drags[drop] else { return Self.action(begin(drop, at: point).handle.proposal.operation) }
    positions[drop] = point
    incoming.handle.move(to: point, modifiers: modifiers(of: drop))
    return Self.action(incoming.handle.proposal.operation)
  }

  private func leave(_ drop: OpaquePointer) {
    pending.remove(drop)
    positions[drop] = nil
    DragSource.showsIcon(true, over: drop)
    drags.removeValue(forKey: drop)?.handle.leave()
  }

  private func drop(_ drop: OpaquePointer, at point: Point) -> Bool {
    if pending.contains(drop) { _ = begin(drop, at: point) }
    positions[drop] = nil
    guard let incoming = drags.removeValue(forKey: drop) else { return false }
    var message = DDXdndDrop()
    if ddxdnd_last_drop(gdk_drop_get_display(drop).map { UnsafeMutableRawPointer($0) }, &message) {
      ddxdnd_forget_drop()
      incoming.reader?.dropMessage = message
    }
    incoming.handle.move(to: point)
    // A list of files is one item until it is read: read it now that the target takes the
    // drop, so that its performDrop sees one item per file.
    if let reader = incoming.reader, let list = incoming.listMIMEType, incoming.handle.proposal.operation.performsDrop {
      nonisolated(unsafe) let held = drop
      g_object_ref(UnsafeMutableRawPointer(held))
      _ = reader.read(list) { result in
        Task { @MainActor [weak self] in
          // A bad or unreadable list stays one item, whose load reports the error.
          if let data = try? result.get() {
            if !PlatformFormats.listIsItems(data, mimeType: list, offering: reader.mimeTypes) {
              // The address of the data beside it: the item keeps what the peer offered,
              // with the link as a web URL, not as a file.
              incoming.handle.replaceItems(with: [DragItem(itemProvider: reader.itemProvider(withLinkFrom: data, list))]
              )
            } else if let providers = try? PlatformFormats.items(fromList: data, mimeType: list), !providers.isEmpty {
              incoming.handle.replaceItems(with: providers.map { DragItem(itemProvider: $0) })
            }
          }
          if let self {
            self.finishDrop(held, incoming)
          } else {
            _ = incoming.handle.drop()
            gdk_drop_finish(held, GdkDragAction(rawValue: 0))
          }
          g_object_unref(UnsafeMutableRawPointer(held))
        }
      }
      return true
    }
    return finishDrop(drop, incoming)
  }

  /// Performs the drop on the engine's side, and tells the source how it went once the
  /// loads it started have ended.
  @discardableResult
  private func finishDrop(_ drop: OpaquePointer, _ incoming: Incoming) -> Bool {
    let operation = incoming.handle.drop()
    guard operation.performsDrop else {
      gdk_drop_finish(drop, GdkDragAction(rawValue: 0))
      return false
    }
    // The drop stays alive until its loads end; then the source hears how it went.
    nonisolated(unsafe) let held = drop
    g_object_ref(UnsafeMutableRawPointer(held))
    incoming.handle.whenLoadsEnd {
      Task { @MainActor in
        gdk_drop_finish(held, incoming.failed ? GdkDragAction(rawValue: 0) : Self.action(operation))
        g_object_unref(UnsafeMutableRawPointer(held))
        // Every load has read or copied what it received.
        incoming.reader?.removeFiles()
      }
    }
    return true
  }

  static func action(_ operation: DropOperation) -> GdkDragAction {
    switch operation {
    case .copy: GDK_ACTION_COPY
    case .move: GDK_ACTION_MOVE
    default: GdkDragAction(rawValue: 0)
    }
  }
}

/// Reads a GDK drop's data for item-provider loads, from any thread.
final class Reader: @unchecked Sendable {
  /// The drop, touched only on the main thread; held while a read is under way.
  private let drop: OpaquePointer
  /// Set on the main thread before any load can start.
  @MainActor var incoming: DropTarget.Incoming?

  /// The window's clock, for noticing a peer that stopped sending.
  @MainActor fileprivate let clock: any MainActorClock

  /// Whether the source is a process of ours that offers a ``ByteChannel``.
  private let offersChannel: Bool
  /// The MIME types the source offers.
  let mimeTypes: [String]

  @MainActor
  init(drop: OpaquePointer, clock: any MainActorClock, mimeTypes: [String] = []) {
    self.drop = drop
    self.clock = clock
    offersChannel = mimeTypes.contains(ByteChannel.mimeType)
    self.mimeTypes = mimeTypes
  }

  /// A provider of what the source offers, each MIME type read from it when loaded. The
  /// channel's description is for the reader alone, not a representation.
  @MainActor
  func itemProvider(offering mimeTypes: [String]? = nil) -> ItemProvider {
    PlatformFormats.itemProvider(
      offering: (mimeTypes ?? self.mimeTypes).filter { $0 != ByteChannel.mimeType },
      read: { mime, completion in self.read(mime, completion: completion) },
      readFile: { mime, completion in self.readToFile(mime, completion: completion) })
  }

  /// A provider of what the source offers, with the one web link of `list` (the data of
  /// `listMIMEType`, already read) as its URL in place of the list.
  @MainActor
  func itemProvider(withLinkFrom list: Data, _ listMIMEType: String) -> ItemProvider {
    let provider = itemProvider(offering: mimeTypes.filter { $0 != listMIMEType })
    if let link = try? PlatformFormats.decodeURIList(list, mimeType: listMIMEType, filesOnly: false).first {
      // A browser offers the same address under several types (`text/x-moz-url` too): the
      // list adds only the types not offered yet.
      let offered = Set(provider.registeredContentTypes)
      for contentType in link.writableContentTypes where !offered.contains(contentType) {
        provider.registerDataRepresentation(for: contentType, visibility: .all) { completion in
          link.loadData(for: contentType, completionHandler: completion)
        }
      }
    }
    return provider
  }

  /// Whether the application the drop comes from is still there (on X11, once it has
  /// dropped, whether its drag's window exists or the selection's owner at the drop still
  /// owns it; before, whether anyone owns the drag's selection).
  @MainActor
  fileprivate var sourceIsAlive: Bool {
    let display = gdk_drop_get_display(drop).map { UnsafeMutableRawPointer($0) }
    // Once dropped, the source's window says: another drag may own the selection by now.
    if let dropMessage { return ddxdnd_drop_source_exists(display, dropMessage) }
    return ddxdnd_source_is_alive(display)
  }

  /// The folder of the files this drop received, made with the first.
  @MainActor private var folder: URL?

  /// Reads `mime` to its end; cancelling the returned progress cancels the read.
  func read(_ mime: String, completion: @escaping @Sendable (Result<Data, any Error>) -> Void) -> LoadProgress? {
    let progress = LoadProgress()
    DispatchQueue.main.async {
      MainActor.assumeIsolated { self.start(mime, into: nil, progress: progress, completion: completion) }
    }
    return progress
  }

  /// Reads `mime` to its end into a new file, a chunk at a time, and completes with the
  /// file, which stays until ``removeFiles()``.
  func readToFile(_ mime: String, completion: @escaping @Sendable (Result<URL, any Error>) -> Void) -> LoadProgress? {
    let progress = LoadProgress()
    DispatchQueue.main.async {
      MainActor.assumeIsolated {
        let file: URL
        let output: FileHandle
        do {
          let folder = try self.folder ?? PeerFiles.shared.makeFolder()
          self.folder = folder
          file = folder.appending(path: UUID().uuidString)
          guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.path])
          }
          output = try FileHandle(forWritingTo: file)
        } catch {
          completion(.failure(PlatformTransferError.readFailed("no file to receive into: \(error)")))
          return
        }
        self.start(mime, into: output, progress: progress) { result in
          completion(result.map { _ in file })
        }
      }
    }
    return progress
  }

  /// Removes the files this drop received.
  @MainActor
  func removeFiles() {
    guard let folder else { return }
    self.folder = nil
    try? FileManager.default.removeItem(at: folder)
  }

  /// Reads `mime`: through the source's ``ByteChannel`` when it is a process of ours that
  /// serves the type there, otherwise (or when the channel cannot be used) through XDND.
  @MainActor
  private func start(
    _ mime: String, into output: FileHandle?, progress: LoadProgress,
    completion: @escaping @Sendable (Result<Data, any Error>) -> Void
  ) {
    guard offersChannel, mime != ByteChannel.mimeType else {
      startThroughPlatform(mime, into: output, progress: progress, completion: completion)
      return
    }
    let folder = try? ByteChannel.folder()
    startThroughPlatform(ByteChannel.mimeType, into: nil, progress: LoadProgress(), reportsFailure: false) { result in
      let description = folder.flatMap { folder in
        (try? result.get()).flatMap { ByteChannel.Description($0, folder: folder) }
      }
      // A read completes on the main actor, and the next one starts from an idle source.
      MainActor.assumeIsolated {
        MainLoop.runSoon {
          guard !progress.isCancelled, let description, let socket = ByteChannel.request(mime, from: description)
          else {
            self.startThroughPlatform(mime, into: output, progress: progress, completion: completion)
            return
          }
          self.startThroughChannel(socket, into: output, progress: progress, completion: completion)
        }
      }
    }
  }

  /// Reads a channel's answer from `socket`, a connected Unix socket this takes over.
  @MainActor
  private func startThroughChannel(
    _ socket: Int32, into output: FileHandle?, progress: LoadProgress,
    completion: @escaping @Sendable (Result<Data, any Error>) -> Void
  ) {
    var error: UnsafeMutablePointer<GError>?
    guard let gSocket = g_socket_new_from_fd(socket, &error) else {
      close(socket)
      let failure = ReadContext.describe(error) ?? PlatformTransferError.readFailed("no socket")
      completion(.failure(failure))
      return
    }
    let connection = g_socket_connection_factory_create_connection(gSocket)!
    g_object_unref(UnsafeMutableRawPointer(gSocket))
    g_object_ref(UnsafeMutableRawPointer(drop))
    let read = ReadContext(reader: self, output: output, progress: progress, completion: completion, framed: true)
    _ = Unmanaged.passRetained(read)
    // The connection closes its socket when the read lets it go.
    read.connection = UnsafeMutableRawPointer(connection)
    let stream = g_io_stream_get_input_stream(ddgtk_io_stream(UnsafeMutableRawPointer(connection)))!
    g_object_ref(UnsafeMutableRawPointer(stream))
    read.stream = stream
    guard !progress.isCancelled else {
      read.finish(.failure(ItemProviderError.cancelled))
      return
    }
    let cancellable = HeldCancellable(read.cancellable)
    progress.cancellationHandler = { g_cancellable_cancel(cancellable.pointer) }
    read.watch()
    read.next()
  }

  @MainActor
  private func startThroughPlatform(
    _ mime: String, into output: FileHandle?, progress: LoadProgress, reportsFailure: Bool = true,
    completion: @escaping @Sendable (Result<Data, any Error>) -> Void
  ) {
    // The drop and the context stay alive until the read ends (`ReadContext.finish`).
    g_object_ref(UnsafeMutableRawPointer(drop))
    let read = ReadContext(
      reader: self, output: output, progress: progress, completion: completion, reportsFailure: reportsFailure)
    // Released by `finish`.
    _ = Unmanaged.passRetained(read)
    guard !progress.isCancelled else {
      read.finish(.failure(ItemProviderError.cancelled))
      return
    }
    // The handler may run after the read has ended: it holds the cancellable itself.
    let cancellable = HeldCancellable(read.cancellable)
    progress.cancellationHandler = { g_cancellable_cancel(cancellable.pointer) }
    read.mimeType = strdup(mime)
    if let message = dropMessage, startThroughSelection(message, read: read) { return }
    var types: [UnsafePointer<CChar>?] = [UnsafePointer(read.mimeType), nil]
    read.watch()
    gdk_drop_read_async(
      drop, &types, G_PRIORITY_DEFAULT, read.cancellable,
      { source, result, data in
        var error: UnsafeMutablePointer<GError>?
        var chosen: UnsafePointer<CChar>?
        let stream = gdk_drop_read_finish(OpaquePointer(source), result, &chosen, &error)
        let failure = ReadContext.describe(error)
        nonisolated(unsafe) let (stream2, data2) = (stream, data)
        MainActor.assumeIsolated {
          let read = Unmanaged<ReadContext>.fromOpaque(data2!).takeRetainedValue()
          guard !read.isDone else {
            if let stream2 { g_object_unref(UnsafeMutableRawPointer(stream2)) }
            return
          }
          guard let stream2 else {
            read.finish(.failure(failure ?? PlatformTransferError.peerVanished))
            return
          }
          read.stream = stream2
          PipeSplice.widen(stream2)
          // The first chunk starts from the main queue, as every next one does.
          Task { @MainActor in read.next() }
        }
      }, Unmanaged.passRetained(read).toOpaque())
  }

  /// The XdndDrop of this drop, on X11: reads then ask the way XDND says, with its
  /// timestamp, from the window it went to.
  @MainActor var dropMessage: DDXdndDrop?

  /// Reads through CXdnd: a request GTK 4.8 does not make (see the module's article, "Drags
  /// between applications"). Returns false when it cannot start, and the read goes through
  /// GDK instead.
  @MainActor
  private func startThroughSelection(_ message: DDXdndDrop, read: ReadContext) -> Bool {
    let display = gdk_drop_get_display(drop).map { UnsafeMutableRawPointer($0) }
    let context = Unmanaged.passUnretained(read).toOpaque()
    guard
      let selectionRead = ddxdnd_read_begin(
        display, message, read.mimeType,
        { user, bytes, count, status in
          MainActor.assumeIsolated {
            let read = Unmanaged<ReadContext>.fromOpaque(user!).takeUnretainedValue()
            return read.take(UnsafeRawBufferPointer(start: bytes, count: count), status: status)
          }
        }, context)
    else { return false }
    read.selectionRead = selectionRead
    // A cancel from any thread ends the read on the main thread.
    let weakRead = WeakReadContext(read)
    read.progress.cancellationHandler = {
      DispatchQueue.main.async {
        MainActor.assumeIsolated { weakRead.context?.finish(.failure(ItemProviderError.cancelled)) }
      }
    }
    read.watch()
    return true
  }

  @MainActor
  fileprivate func readEnded(failed: Bool) {
    if failed { incoming?.failed = true }
    g_object_unref(UnsafeMutableRawPointer(drop))
  }
}

/// One read of a drop's MIME type: the stream, the bytes so far (in memory, or in a file),
/// and the load's completion.
@MainActor
final class ReadContext {
  let reader: Reader
  /// The file the bytes go to; nil keeps them in memory.
  let output: FileHandle?
  let progress: LoadProgress
  let completion: @Sendable (Result<Data, any Error>) -> Void
  let cancellable = g_cancellable_new()!
  var mimeType: UnsafeMutablePointer<CChar>?
  var stream: UnsafeMutablePointer<GInputStream>?
  var data = Data()
  var received: Int64 = 0
  private var done = false
  /// When the last bytes arrived (or the read began), on the reader's clock.
  private var lastArrival: Double
  private var watchdog: ScheduledAction?
  /// Why the read was given up, if it was: it then ends with this instead of a cancel.
  private var abandonment: (any Error)?
  /// Where each read puts its bytes, reused from one read to the next. A pending read holds
  /// the context, so the buffer outlives every read that writes into it.
  private nonisolated(unsafe) let buffer = UnsafeMutableRawPointer.allocate(
    byteCount: DropTarget.chunkSize, alignment: 16)

  /// How often a silent read checks on its peer, and how long a live peer may stay silent.
  static let checkInterval = 1.0
  static let stallTimeout = 30.0

  /// The framing of a ``ByteChannel``'s bytes (a length, then that many bytes), when they
  /// come from one.
  private var framing: ByteChannel.Framing?
  /// Whether a failure of this read fails the drop (not so for a channel's description).
  let reportsFailure: Bool
  /// A channel's connection, let go when the read ends.
  var connection: UnsafeMutableRawPointer?
  /// The read of the X selection, while it lasts, when the read goes through CXdnd.
  var selectionRead: OpaquePointer?

  /// Takes one step of a read of the X selection: keeps a chunk, or ends the read. Returns
  /// whether the read goes on. The read is over after any status but a chunk, so it is
  /// forgotten first.
  func take(_ bytes: UnsafeRawBufferPointer, status: DDXdndReadStatus) -> Bool {
    guard !done else { return false }
    switch status {
    case DDXdndReadChunk:
      do {
        try keep(bytes)
        return true
      } catch let error as PlatformTransferError {
        selectionRead = nil
        finish(.failure(error))
      } catch {
        selectionRead = nil
        finish(.failure(PlatformTransferError.readFailed("the received bytes cannot be kept: \(error)")))
      }
      return false
    case DDXdndReadEnd:
      selectionRead = nil
      finish(.success(data))
    case DDXdndReadRefused:
      selectionRead = nil
      finish(.failure(PlatformTransferError.formatRefused(mimeType.map { String(cString: $0) } ?? "")))
    default:
      selectionRead = nil
      finish(.failure(PlatformTransferError.readFailed("the other application's answer holds no data")))
    }
    return false
  }

  init(
    reader: Reader, output: FileHandle?, progress: LoadProgress,
    completion: @escaping @Sendable (Result<Data, any Error>) -> Void, framed: Bool = false,
    reportsFailure: Bool = true
  ) {
    self.reader = reader
    self.output = output
    self.progress = progress
    self.completion = completion
    framing = framed ? ByteChannel.Framing() : nil
    self.reportsFailure = reportsFailure
    lastArrival = reader.clock.now
  }

  deinit { buffer.deallocate() }

  /// Checks on the peer while the read lasts. GTK's X11 stream waits for the next bytes
  /// without end, so a peer that died mid-stream would leave the load waiting forever: a
  /// silent read whose source no longer owns the drag's selection is given up as
  /// `PlatformTransferError.peerVanished`, and one silent for ``stallTimeout`` as stalled.
  func watch() {
    watchdog = reader.clock.schedule(after: Self.checkInterval) { [weak self] in self?.check() }
  }

  private func check() {
    guard !done else { return }
    let silence = reader.clock.now - lastArrival
    if silence >= Self.checkInterval && !reader.sourceIsAlive {
      abandon(PlatformTransferError.peerVanished)
    } else if silence >= Self.stallTimeout {
      abandon(PlatformTransferError.stalled(seconds: silence))
    } else {
      watch()
    }
  }

  /// Gives the read up with `error`. GTK's X11 stream does not end a pending read when it
  /// is cancelled, so the read ends here; the pending callback, if it ever comes, finds it
  /// done (each callback holds its own reference to the context).
  private func abandon(_ error: any Error) {
    abandonment = error
    g_cancellable_cancel(cancellable)
    finish(.failure(error))
  }

  var isDone: Bool { done }

  /// Keeps the first `count` bytes of ``buffer``: appended in memory, or written to the file.
  /// A framed stream's header is taken off first.
  func keep(count: Int) throws {
    try keep(UnsafeRawBufferPointer(start: buffer, count: count))
  }

  /// Keeps `bytes`: appended in memory, or written to the file. A framed stream's header is
  /// taken off first.
  func keep(_ bytes: UnsafeRawBufferPointer) throws {
    var chunk = bytes
    lastArrival = reader.clock.now
    if framing != nil {
      let hadLength = framing!.expected != nil
      chunk = try framing!.payload(of: chunk)
      // The progress learns the total once, when the header has come.
      if !hadLength, let expected = framing!.expected { progress.totalUnitCount = expected }
    }
    if let output {
      try output.write(contentsOf: chunk)
    } else {
      data.append(contentsOf: chunk)
    }
    received += Int64(chunk.count)
    progress.completedUnitCount = received
  }

  /// What a framed stream that ended says: nil when it is whole, or not framed.
  var framingFailure: PlatformTransferError? { framing?.failureAtEnd }

  /// Reads the next chunk into ``buffer``; a zero-length read is the end.
  ///
  /// GDK's X11 stream acknowledges each chunk of an incremental transfer as it arrives, so
  /// the peer sends the next one whether or not the last was read, and a reader slower than
  /// the peer would let GDK's queue grow by the whole transfer. Each read therefore ends,
  /// and the next one starts, at `G_PRIORITY_HIGH`, ahead of GDK's X events: whatever has
  /// arrived is taken before GDK fetches more, and the queue holds about one chunk.
  func next() {
    guard let stream else { return }
    g_input_stream_read_async(
      stream, buffer, gsize(DropTarget.chunkSize), G_PRIORITY_HIGH, cancellable,
      { source, result, data in
        var error: UnsafeMutablePointer<GError>?
        let count = g_input_stream_read_finish(
          UnsafeMutableRawPointer(source!).assumingMemoryBound(to: GInputStream.self), result, &error)
        let failure = ReadContext.describe(error)
        nonisolated(unsafe) let data2 = data
        MainActor.assumeIsolated {
          let read = Unmanaged<ReadContext>.fromOpaque(data2!).takeRetainedValue()
          guard !read.isDone else { return }
          if let failure {
            read.finish(.failure(failure))
          } else if count <= 0 {
            if let failure = read.framingFailure {
              read.finish(.failure(failure))
            } else {
              read.finish(.success(read.data))
            }
          } else {
            do {
              try read.keep(count: count)
            } catch let error as PlatformTransferError {
              read.finish(.failure(error))
              return
            } catch {
              read.finish(.failure(PlatformTransferError.readFailed("the received bytes cannot be kept: \(error)")))
              return
            }
            // Never from inside this callback: GTK's X11 stream drops a nested read.
            MainLoop.runBeforeEvents { read.next() }
          }
        }
      }, Unmanaged.passRetained(self).toOpaque())
  }

  /// Ends the read once: closes the stream, lets the drop go, and completes the load.
  func finish(_ result: Result<Data, any Error>) {
    guard !done else { return }
    done = true
    watchdog?.cancel()
    watchdog = nil
    var result = result
    if let abandonment, case .failure = result { result = .failure(abandonment) }
    if let stream { g_object_unref(UnsafeMutableRawPointer(stream)) }
    stream = nil
    if let connection { g_object_unref(connection) }
    connection = nil
    if let selectionRead { ddxdnd_read_cancel(selectionRead) }
    selectionRead = nil
    try? output?.close()
    free(mimeType)
    g_object_unref(UnsafeMutableRawPointer(cancellable))
    var failed = false
    if case .failure = result { failed = true }
    reader.readEnded(failed: failed && reportsFailure)
    completion(result)
    // The context kept itself alive for GLib's callbacks; this is its last.
    Unmanaged.passUnretained(self).release()
  }

  /// A GError as a Swift error, freeing it; nil for none.
  nonisolated static func describe(_ error: UnsafeMutablePointer<GError>?) -> (any Error)? {
    guard let error else { return nil }
    defer { g_error_free(error) }
    if error.pointee.domain == g_io_error_quark() && error.pointee.code == Int32(G_IO_ERROR_CANCELLED.rawValue) {
      return ItemProviderError.cancelled
    }
    return PlatformTransferError.readFailed(String(cString: error.pointee.message))
  }
}

/// A read that a cancellation handler may end, if it has not ended yet.
@MainActor
private final class WeakReadContext {
  weak var context: ReadContext?
  init(_ context: ReadContext) { self.context = context }
}

/// A reference to a `GCancellable`, for a cancellation handler that may run on any thread
/// and outlive the read.
final class HeldCancellable: @unchecked Sendable {
  let pointer: UnsafeMutablePointer<GCancellable>
  init(_ pointer: UnsafeMutablePointer<GCancellable>) {
    self.pointer = pointer
    g_object_ref(UnsafeMutableRawPointer(pointer))
  }
  deinit { g_object_unref(UnsafeMutableRawPointer(pointer)) }
}

/// When drags from other applications reach this process: for measuring how soon a drop
/// target hears of one.
package enum PlatformDropTiming {
  /// When the last XdndEnter arrived from the X server, in seconds on GLib's monotonic clock
  /// (``MainLoop/monotonicNow``); nil before the first, and on displays that are not X11.
  package static var lastEnterArrival: Double? {
    let microseconds = ddxdnd_last_enter_time()
    return microseconds == 0 ? nil : Double(microseconds) / 1_000_000
  }
}
