import BackendSupport
internal import CGTK
internal import CXdnd
@_spi(Platform) import DragDrop
import Foundation

/// The display's `GdkClipboard` as the general pasteboard's desktop clipboard
/// (`Pasteboard.clipboard`): the general pasteboard's items go out through our own content
/// provider, the one drags use (written only when a peer asks, a chunk at a time), and
/// another application's copy comes in as one item of every MIME type it offers, read
/// through the same table of wire formats as a drop, with the same typed errors.
///
/// As the application quits, what it copied goes to the clipboard manager, where one runs
/// (``storeForAfterQuitting()``); without a manager, it is gone with the application, as
/// with every GTK application.
@MainActor
final class GTKClipboard: ClipboardPort {
  /// The clipboard of the display the first window opened on.
  private(set) static var shared: GTKClipboard?

  /// Makes the clipboard of `display` (a `GdkDisplay *`) the general pasteboard's, and its
  /// primary clipboard the primary selection, once.
  static func install(for display: OpaquePointer?) {
    guard shared == nil, let display, let clipboard = gdk_display_get_clipboard(display) else { return }
    let port = GTKClipboard(clipboard: clipboard, isGeneral: true)
    shared = port
    Pasteboard.clipboard = port
    // What another application copied before we started is the pasteboard's already.
    port.clipboardChanged()
    if let primary = gdk_display_get_primary_clipboard(display) {
      let selection = GTKClipboard(clipboard: primary, isGeneral: false)
      primaryShared = selection
      PrimarySelection.port = selection
    }
  }

  /// The display's primary clipboard, as the primary selection.
  private(set) static var primaryShared: GTKClipboard?

  /// How long a synchronous read (``readNow(_:)``) waits for the other application.
  static let readNowTimeout = 5.0
  /// How many bytes one read of the stream asks for.
  nonisolated static let chunkSize = 1 << 20

  private let clipboard: OpaquePointer
  private var changed: SignalConnection?
  /// What we offer, while we own the clipboard.
  private var provider: ContentProvider?

  /// Whether this is the general pasteboard's clipboard, which another application's copy
  /// changes; the primary selection is read only when pasted.
  private let isGeneral: Bool

  /// The reads under way, which a change of the clipboard's owner ends.
  private var reads: [WeakRead] = []

  private struct WeakRead {
    weak var read: ClipboardRead?
  }

  /// Starts `read`, keeping it until the clipboard changes.
  private func start(_ read: ClipboardRead) {
    reads.removeAll { $0.read == nil }
    reads.append(WeakRead(read: read))
    read.start()
  }

  private init(clipboard: OpaquePointer, isGeneral: Bool) {
    self.clipboard = clipboard
    self.isGeneral = isGeneral
    changed = connectClipboardChanged(clipboard) { [weak self] in self?.clipboardChanged() }
  }

  /// Another application's copy replaces what the general pasteboard held; our own change
  /// (from ``publish(_:)``) is already there.
  private func clipboardChanged() {
    // What was being read belonged to the offer that is gone: an application that quit or
    // died, or one that copied something else.
    let abandoned = reads.compactMap(\.read)
    reads = []
    for read in abandoned { read.abandon(PlatformTransferError.peerVanished) }
    guard gdk_clipboard_is_local(clipboard) == 0 else { return }
    provider?.finish()
    provider = nil
    if isGeneral { Pasteboard.clipboardChanged(offering: Self.mimeTypes(of: gdk_clipboard_get_formats(clipboard))) }
  }

  /// The MIME types of `formats`, but the byte channel's description, which is for our own
  /// processes' reads only.
  static func mimeTypes(of formats: OpaquePointer?) -> [String] {
    guard let formats else { return [] }
    var count: gsize = 0
    guard let types = gdk_content_formats_get_mime_types(formats, &count) else { return [] }
    return (0..<Int(count)).compactMap { types[$0].map { String(cString: $0) } }.filter { $0 != ByteChannel.mimeType }
  }

  /// How long the application waits, as it quits, for a clipboard manager to take what it
  /// copied.
  static let storeTimeout = 2.0

  /// Hands what the application copied to the desktop's clipboard manager, where one runs
  /// (X11's `CLIPBOARD_MANAGER`, through GDK's store), so that it can still be pasted once
  /// the application has quit; the main context runs until the manager has read it, for
  /// ``storeTimeout`` seconds at most. Without a manager, or on a Wayland compositor, GDK
  /// answers at once and what was copied goes with the application. Returns whether a
  /// manager took it.
  @discardableResult
  func storeForAfterQuitting() -> Bool {
    guard isGeneral, provider != nil, gdk_clipboard_is_local(clipboard) != 0 else { return false }
    let box = StoreBox()
    gdk_clipboard_store_async(
      clipboard, G_PRIORITY_DEFAULT, nil,
      { source, result, box in
        let stored = gdk_clipboard_store_finish(OpaquePointer(source), result, nil) != 0
        MainActor.assumeIsolated { Unmanaged<StoreBox>.fromOpaque(box!).takeRetainedValue().stored = stored }
      }, Unmanaged.passRetained(box).toOpaque())
    Self.runMainContext(for: Self.storeTimeout) { box.stored != nil }
    return box.stored ?? false
  }

  @MainActor
  private final class StoreBox {
    var stored: Bool?
  }

  /// Runs the main context until `done` is true, or `seconds` have passed.
  private static func runMainContext(for seconds: Double, until done: () -> Bool) {
    let flag = TimeoutFlag()
    let timeout = g_timeout_add_full(
      G_PRIORITY_DEFAULT, guint(seconds * 1000),
      { flag in
        MainActor.assumeIsolated { Unmanaged<TimeoutFlag>.fromOpaque(flag!).takeUnretainedValue().fired = true }
        return 0
      }, Unmanaged.passRetained(flag).toOpaque(), { flag in Unmanaged<TimeoutFlag>.fromOpaque(flag!).release() })
    while !done(), !flag.fired { g_main_context_iteration(nil, 1) }
    if !flag.fired { g_source_remove(timeout) }
  }

  @MainActor
  private final class TimeoutFlag {
    var fired = false
  }

  func publish(_ providers: [ItemProvider]) {
    publish(providers, whenRead: nil)
  }

  /// Offers a cut's items: each write of all of an offer's bytes tells `whenRead` the items
  /// the offer is made from.
  func publish(_ providers: [ItemProvider], whenRead: @escaping @MainActor ([Int]) -> Void) {
    publish(providers, whenRead: .some(whenRead))
  }

  private func publish(_ providers: [ItemProvider], whenRead: (@MainActor ([Int]) -> Void)?) {
    let previous = provider
    if providers.isEmpty {
      provider = nil
      gdk_clipboard_set_content(clipboard, nil)
    } else {
      let next = ContentProvider(providers: providers, clipboard: true)
      if let whenRead {
        next.whenWrittenWhole = { [weak next] mimeType in
          guard let next else { return }
          whenRead(next.positions(readWith: mimeType))
        }
      }
      provider = next
      gdk_clipboard_set_content(clipboard, next.object)
    }
    previous?.finish()
  }

  func read(_ mimeType: String, completion: @escaping @Sendable (Result<Data, any Error>) -> Void) -> LoadProgress? {
    let progress = LoadProgress()
    start(ClipboardRead(clipboard: clipboard, mimeType: mimeType, progress: progress, completion: completion))
    return progress
  }

  func readToFile(
    _ mimeType: String, completion: @escaping @Sendable (Result<URL, any Error>) -> Void
  )
    -> LoadProgress?
  {
    let progress = LoadProgress()
    let file: URL
    let output: FileHandle
    do {
      file = try PeerFiles.shared.makeFolder().appending(path: UUID().uuidString)
      guard FileManager.default.createFile(atPath: file.path, contents: nil) else {
        throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.path])
      }
      output = try FileHandle(forWritingTo: file)
    } catch {
      completion(.failure(PlatformTransferError.readFailed("no file to receive into: \(error)")))
      return progress
    }
    let read = ClipboardRead(clipboard: clipboard, mimeType: mimeType, progress: progress, output: output) { result in
      completion(result.map { _ in file })
      // The load has moved or read it by now; what is left goes in a while.
      Task { @MainActor in PeerFiles.shared.release([file]) }
    }
    start(read)
    return progress
  }

  func readNow(_ mimeType: String) throws -> Data {
    let box = ResultBox()
    let read = ClipboardRead(clipboard: clipboard, mimeType: mimeType, progress: LoadProgress()) { result in
      MainActor.assumeIsolated { box.result = result }
    }
    start(read)
    // As GTK 3's gtk_clipboard_wait_for_text did: the main context runs until the answer
    // comes, for at most a few seconds.
    Self.runMainContext(for: Self.readNowTimeout) { box.result != nil }
    guard let result = box.result else {
      read.cancel()
      throw PlatformTransferError.stalled(seconds: Self.readNowTimeout)
    }
    return try result.get()
  }

  @MainActor
  private final class ResultBox {
    var result: Result<Data, any Error>?
  }
}

/// One read of the clipboard's content as a MIME type, to its end.
@MainActor
final class ClipboardRead {
  private let clipboard: OpaquePointer
  private let mimeType: UnsafeMutablePointer<CChar>
  private let progress: LoadProgress
  private let completion: @Sendable (Result<Data, any Error>) -> Void
  private let cancellable = g_cancellable_new()!
  private var stream: UnsafeMutablePointer<GInputStream>?
  private var data = Data()
  private var received = 0
  /// The file the bytes go to; nil keeps them in memory.
  private let output: FileHandle?
  private var done = false
  /// Whether the kernel is moving the stream's pipe into the file on another thread: the
  /// stream (whose descriptor that thread uses) and the file stay open until it stops.
  private var splicing = false
  /// Where each read puts its bytes, reused from one read to the next. A pending read holds
  /// the read, so the buffer outlives every read that writes into it.
  private nonisolated(unsafe) let buffer = UnsafeMutableRawPointer.allocate(
    byteCount: GTKClipboard.chunkSize, alignment: 16)

  init(
    clipboard: OpaquePointer, mimeType: String, progress: LoadProgress, output: FileHandle? = nil,
    completion: @escaping @Sendable (Result<Data, any Error>) -> Void
  ) {
    self.clipboard = clipboard
    self.mimeType = strdup(mimeType)
    self.progress = progress
    self.output = output
    self.completion = completion
  }

  isolated deinit {
    free(mimeType)
    buffer.deallocate()
    g_object_unref(UnsafeMutableRawPointer(cancellable))
  }

  func start() {
    let cancellable = HeldCancellable(self.cancellable)
    progress.cancellationHandler = { g_cancellable_cancel(cancellable.pointer) }
    var types: [UnsafePointer<CChar>?] = [UnsafePointer(mimeType), nil]
    gdk_clipboard_read_async(
      clipboard, &types, G_PRIORITY_DEFAULT, self.cancellable,
      { source, result, context in
        var error: UnsafeMutablePointer<GError>?
        let stream = gdk_clipboard_read_finish(OpaquePointer(source), result, nil, &error)
        let failure = ReadContext.describe(error)
        nonisolated(unsafe) let (stream2, context2) = (stream, context)
        MainActor.assumeIsolated {
          let read = Unmanaged<ClipboardRead>.fromOpaque(context2!).takeRetainedValue()
          guard let stream2 else {
            read.finish(.failure(failure ?? PlatformTransferError.peerVanished))
            return
          }
          read.stream = stream2
          if read.output != nil, let pipe = PipeSplice.pipe(of: stream2) {
            read.splice(from: pipe)
            return
          }
          PipeSplice.widen(stream2)
          read.next()
        }
      }, Unmanaged.passRetained(self).toOpaque())
  }

  func cancel() { g_cancellable_cancel(cancellable) }

  /// Whether the clipboard has no owner now (X11 only; elsewhere it cannot tell).
  private var ownerIsGone: Bool {
    let display = gdk_clipboard_get_display(clipboard)
    let selection = display.map { gdk_display_get_primary_clipboard($0) } == clipboard ? "PRIMARY" : "CLIPBOARD"
    return !ddxdnd_selection_has_owner(display.map { UnsafeMutableRawPointer($0) }, selection)
  }

  /// Ends the read with `error` at once, and stops what is under way.
  func abandon(_ error: any Error) {
    finish(.failure(error))
    g_cancellable_cancel(cancellable)
  }

  /// Reads the next chunk into ``buffer``; an empty one is the end. As a drop's reads do
  /// (`ReadContext`), each read ends and the next starts at `G_PRIORITY_HIGH`, so that what
  /// has arrived is taken before GDK fetches more.
  private func next() {
    guard let stream, !done else { return }
    g_input_stream_read_async(
      stream, buffer, gsize(GTKClipboard.chunkSize), G_PRIORITY_HIGH, cancellable,
      { source, result, context in
        var error: UnsafeMutablePointer<GError>?
        let count = g_input_stream_read_finish(
          UnsafeMutableRawPointer(source!).assumingMemoryBound(to: GInputStream.self), result, &error)
        let failure = ReadContext.describe(error)
        nonisolated(unsafe) let context2 = context
        MainActor.assumeIsolated {
          let read = Unmanaged<ClipboardRead>.fromOpaque(context2!).takeRetainedValue()
          if let failure {
            read.finish(.failure(failure))
            return
          }
          guard count > 0 else {
            // GDK's X11 stream ends as if whole when the owner dies mid-write: bytes that
            // end with the clipboard left ownerless are a peer that went away, not data.
            read.finish(read.ownerIsGone ? .failure(PlatformTransferError.peerVanished) : .success(read.data))
            return
          }
          do {
            try read.keep(UnsafeRawBufferPointer(start: read.buffer, count: count))
          } catch {
            read.finish(.failure(PlatformTransferError.readFailed("the received bytes cannot be kept: \(error)")))
            return
          }
          // Never from inside this callback: GTK's X11 stream drops a nested read.
          MainLoop.runBeforeEvents { read.next() }
        }
      }, Unmanaged.passRetained(self).toOpaque())
  }

  /// Has the kernel move the pipe `descriptor` (the stream's) into the file, on a thread of
  /// its own, and ends the read when it is over.
  private func splice(from descriptor: Int32) {
    guard let output else { return }
    splicing = true
    PipeSplice.start(from: descriptor, into: output, cancellable: cancellable, progress: progress) { result in
      self.splicing = false
      // Abandoned meanwhile (the clipboard changed): the read has ended, and only now lets
      // its stream and file go.
      guard !self.done else { return self.close() }
      switch result {
      case .success(let count):
        self.received = count
        self.finish(self.ownerIsGone ? .failure(PlatformTransferError.peerVanished) : .success(Data()))
      case .failure(let error):
        self.finish(.failure(error))
      }
    }
  }

  /// Keeps `bytes`: in memory, or written to the file.
  private func keep(_ bytes: UnsafeRawBufferPointer) throws {
    if let output {
      try output.write(contentsOf: bytes)
    } else {
      data.append(contentsOf: bytes)
    }
    received += bytes.count
    progress.completedUnitCount = Int64(received)
  }

  private func finish(_ result: Result<Data, any Error>) {
    guard !done else { return }
    done = true
    if !splicing { close() }
    completion(result)
  }

  /// Lets the file and the stream go.
  private func close() {
    try? output?.close()
    if let stream { g_object_unref(UnsafeMutableRawPointer(stream)) }
    stream = nil
  }
}
