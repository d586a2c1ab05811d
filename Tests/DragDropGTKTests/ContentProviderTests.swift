import CGTK
import DragDrop
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import DragDropGTK

/// Our GdkContentProvider: what a peer sees, and the bytes it gets, written only when it
/// asks, in chunks, through GLib's own API. No display is needed.
@MainActor
@Suite("The GDK content provider", .serialized)
struct ContentProviderTests {
  /// Counts the loads of an item provider's representations.
  final class Loads: Sendable {
    private let count = Mutex(0)
    func add() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
  }

  /// A provider with text for everyone, JSON for this process only, and a count of loads.
  func textItem(_ text: String, loads: Loads) -> ItemProvider {
    let provider = ItemProvider()
    provider.registerDataRepresentation(for: .json, visibility: .ownProcess) { completion in
      loads.add()
      completion(.success(Data("{}".utf8)))
      return nil
    }
    provider.registerDataRepresentation(for: .utf8PlainText) { completion in
      loads.add()
      completion(.success(Data(text.utf8)))
      return nil
    }
    return provider.restricted(to: .all)
  }

  /// The MIME types GTK reports for the provider, as a peer sees them.
  func formats(of provider: ContentProvider) -> [String] {
    let formats = gdk_content_provider_ref_formats(provider.object)
    defer { gdk_content_formats_unref(formats) }
    var count: gsize = 0
    guard let types = gdk_content_formats_get_mime_types(formats, &count) else { return [] }
    return (0..<Int(count)).map { String(cString: types[$0]!) }
  }

  /// The outcome of one write through GTK's API.
  final class Outcome {
    var done = false
    var succeeded = false
    var error: (code: Int32, message: String)?
  }

  /// Writes `mimeType` through `gdk_content_provider_write_mime_type_async` into a memory
  /// stream, turning GLib's loop and the main actor until it finishes.
  func write(_ provider: ContentProvider, _ mimeType: String) async -> (Outcome, Data) {
    let stream = g_memory_output_stream_new_resizable()!
    defer { g_object_unref(stream) }
    let outcome = startWrite(provider, mimeType, to: stream)
    for _ in 0..<1_000_000 where !outcome.done {
      MainLoop.iterate()
      await Task.yield()
    }
    let memory = UnsafeMutableRawPointer(stream).assumingMemoryBound(to: GMemoryOutputStream.self)
    let size = Int(g_memory_output_stream_get_data_size(memory))
    let data = g_memory_output_stream_get_data(memory).map { Data(bytes: $0, count: size) } ?? Data()
    return (outcome, data)
  }

  /// Starts a write of `mimeType` through GTK's API; the outcome fills in when it finishes.
  func startWrite(
    _ provider: ContentProvider, _ mimeType: String, to stream: UnsafeMutablePointer<GOutputStream>
  ) -> Outcome {
    let outcome = Outcome()
    gdk_content_provider_write_mime_type_async(
      provider.object, mimeType, stream, G_PRIORITY_DEFAULT, nil,
      { source, result, userData in
        let outcome = Unmanaged<Outcome>.fromOpaque(userData!).takeRetainedValue()
        var error: UnsafeMutablePointer<GError>?
        let provider = UnsafeMutableRawPointer(source!).assumingMemoryBound(to: GdkContentProvider.self)
        outcome.succeeded = gdk_content_provider_write_mime_type_finish(provider, result, &error) != 0
        if let error {
          outcome.error = (error.pointee.code, String(cString: error.pointee.message))
          g_error_free(error)
        }
        outcome.done = true
      }, Unmanaged.passRetained(outcome).toOpaque())
    return outcome
  }

  @Test func aPeerSeesTheOffersAndNoBytesUntilItAsks() async {
    let loads = Loads()
    let provider = ContentProvider(providers: [textItem("北海道", loads: loads)])
    defer { provider.finish() }
    #expect(formats(of: provider) == ["text/plain;charset=utf-8", "text/plain", "UTF8_STRING"])
    #expect(!formats(of: provider).contains("application/json"))  // .ownProcess never leaves
    #expect(loads.value == 0)
    let (outcome, data) = await write(provider, "UTF8_STRING")
    #expect(outcome.succeeded && outcome.error == nil)
    #expect(String(decoding: data, as: UTF8.self) == "北海道")
    #expect(loads.value == 1)
  }

  @Test func aMIMETypeNotOfferedIsATypedGError() async {
    let provider = ContentProvider(providers: [textItem("x", loads: Loads())])
    defer { provider.finish() }
    let (outcome, data) = await write(provider, "image/png")
    #expect(!outcome.succeeded)
    #expect(outcome.error?.code == Int32(G_IO_ERROR_NOT_SUPPORTED.rawValue))
    #expect(data.isEmpty)
  }

  @Test func bigRepresentationsGoOutInChunks() async {
    let payload = Data((0..<(ContentProvider.chunkSize * 5 + 123)).map { UInt8(truncatingIfNeeded: $0 &* 31) })
    let item = ItemProvider()
    item.registerDataRepresentation(for: .png) { completion in
      completion(.success(payload))
      return nil
    }
    let provider = ContentProvider(providers: [item])
    defer { provider.finish() }
    let (outcome, data) = await write(provider, "image/png")
    #expect(outcome.succeeded)
    #expect(data == payload)
    #expect(provider.chunkCount == 6)
  }

  @Test func urlsGoAsAURIListOfEveryItem() async throws {
    let first = ItemProvider(object: URL(fileURLWithPath: "/tmp/a b.png"))
    let second = ItemProvider(object: URL(fileURLWithPath: "/tmp/c.png"))
    let provider = ContentProvider(providers: [first, second])
    defer { provider.finish() }
    #expect(formats(of: provider).prefix(2) == ["text/uri-list", "text/x-moz-url"])
    let (outcome, data) = await write(provider, "text/uri-list")
    #expect(outcome.succeeded)
    #expect(String(decoding: data, as: UTF8.self) == "file:///tmp/a%20b.png\r\nfile:///tmp/c.png\r\n")
    let (_, moz) = await write(provider, "text/x-moz-url")
    #expect(try PlatformFormats.decodeMozURL(moz) == URL(fileURLWithPath: "/tmp/a b.png"))
  }

  /// Files for peers in a folder of the test's own, removed when the test says.
  final class ScheduledRemovals {
    var pending: [@Sendable () -> Void] = []
    var delays: [TimeInterval] = []
    func runAll() {
      for body in pending { body() }
      pending = []
    }
  }

  func peerFiles() -> (PeerFiles, ScheduledRemovals) {
    let removals = ScheduledRemovals()
    let root = FileManager.default.temporaryDirectory.appending(path: "peer-files-test-\(UUID().uuidString)")
    let files = PeerFiles(root: root) { delay, body in
      removals.delays.append(delay)
      removals.pending.append(body)
    }
    return (files, removals)
  }

  @Test func imageDataGoesToFileManagersAsFilesThatOutliveTheDragAMinute() async throws {
    let png = TestImages.png(width: 2, height: 2)
    let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 0, 0xFF, 0xD9])
    let first = ItemProvider(object: try Image(validating: png))
    first.suggestedName = "北海道"
    let second = ItemProvider()
    second.registerDataRepresentation(for: .jpeg) { completion in
      completion(.success(jpeg))
      return nil
    }
    second.suggestedName = "../../北海道"
    let text = ItemProvider(object: "no file for text")
    let (files, removals) = peerFiles()
    defer { try? FileManager.default.removeItem(at: files.root) }
    let provider = ContentProvider(providers: [first, text, second], files: files)
    #expect(formats(of: provider) == ["image/png", "text/uri-list", ByteChannel.mimeType])
    let (outcome, data) = await write(provider, "text/uri-list")
    #expect(outcome.succeeded)
    // One file an image item, each named after it (a name, never a path), in folders of
    // their own.
    let urls = try PlatformFormats.decodeURIList(data, mimeType: "text/uri-list", filesOnly: true)
    #expect(urls.map(\.lastPathComponent) == ["北海道.png", "北海道.jpeg"])
    #expect(try urls.map { try Data(contentsOf: $0) } == [png, jpeg])
    // A file manager copies after the drop: the files stay when the drag ends.
    provider.finish()
    #expect(urls.allSatisfy { FileManager.default.fileExists(atPath: $0.path) })
    #expect(removals.delays == [PeerFiles.keepsFilesFor])
    removals.runAll()
    #expect(urls.allSatisfy { !FileManager.default.fileExists(atPath: $0.deletingLastPathComponent().path) })
  }

  @Test func filesLeftByAProcessThatDiedGoWhenAnotherWritesItsFirst() throws {
    let directory = FileManager.default.temporaryDirectory.appending(path: "peer-files-orphans-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: directory) }
    // A pid beyond the kernel's limit belongs to no process; ours is running.
    let dead = directory.appending(path: PeerFiles.prefix + "99999999")
    let alive = directory.appending(path: PeerFiles.prefix + "\(getpid())")
    let other = directory.appending(path: "someone-else")
    for folder in [dead, alive, other] {
      try FileManager.default.createDirectory(at: folder.appending(path: "x"), withIntermediateDirectories: true)
    }
    let files = PeerFiles(root: directory.appending(path: PeerFiles.prefix + "\(getpid())")) { _, _ in }
    _ = try files.write(Data("a".utf8), named: "a.txt")
    #expect(!FileManager.default.fileExists(atPath: dead.path))
    #expect(FileManager.default.fileExists(atPath: alive.appending(path: "x").path))
    #expect(FileManager.default.fileExists(atPath: other.path))
  }

  @Test func aCancelledProviderFailsItsWritesAndItsLoads() async {
    let item = ItemProvider()
    let progress = Mutex<LoadProgress?>(nil)
    item.registerDataRepresentation(for: .utf8PlainText) { _ in
      // A load that never finishes by itself, as a slow peer or a big file would.
      let load = LoadProgress(totalUnitCount: 100)
      progress.withLock { $0 = load }
      return load
    }
    let provider = ContentProvider(providers: [item])
    defer { provider.finish() }
    let stream = g_memory_output_stream_new_resizable()!
    defer { g_object_unref(stream) }
    let outcome = startWrite(provider, "text/plain", to: stream)
    // The load handler runs on a background queue: wait until it has started.
    for _ in 0..<1_000_000 where progress.withLock({ $0 == nil }) {
      MainLoop.iterate()
      await Task.yield()
    }
    #expect(!outcome.done)
    provider.cancel()
    for _ in 0..<1_000_000 where !outcome.done {
      MainLoop.iterate()
      await Task.yield()
    }
    #expect(!outcome.succeeded)
    #expect(outcome.error?.code == Int32(G_IO_ERROR_CANCELLED.rawValue))
    #expect(progress.withLock { $0?.isCancelled } == true)
  }

  @Test(
    "A cut hears of each offer written whole, with the items it is made from; a write that stops part-way, or the channel's description, tells nothing"
  )
  func wholeWritesAreTold() async throws {
    let payload = Data((0..<(ContentProvider.chunkSize * 3 + 5)).map { UInt8(truncatingIfNeeded: $0 &* 7) })
    let first = ItemProvider()
    first.registerDataRepresentation(for: .png) { completion in
      completion(.success(payload))
      return nil
    }
    first.suggestedName = "big"
    let text = ItemProvider(object: "no file for text")
    let second = ItemProvider()
    second.registerDataRepresentation(for: .jpeg) { completion in
      completion(.success(Data([0xFF, 0xD8, 0xFF, 0xD9])))
      return nil
    }
    let (files, _) = peerFiles()
    defer { try? FileManager.default.removeItem(at: files.root) }
    let provider = ContentProvider(providers: [first, text, second], files: files, clipboard: true)
    defer { provider.finish() }
    var told: [[Int]] = []
    provider.whenWrittenWhole = { told.append(provider.positions(readWith: $0)) }

    // A reader whose buffer fills after one chunk: the write fails, and nothing is told.
    let room = ContentProvider.chunkSize + 10
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: room, alignment: 16)
    defer { buffer.deallocate() }
    let full = g_memory_output_stream_new(buffer, gsize(room), nil, nil)!
    defer { g_object_unref(full) }
    let stopped = startWrite(provider, "image/png", to: full)
    for _ in 0..<1_000_000 where !stopped.done {
      MainLoop.iterate()
      await Task.yield()
    }
    #expect(!stopped.succeeded && stopped.error != nil)
    // The channel's description is not the item's bytes.
    let (described, _) = await write(provider, ByteChannel.mimeType)
    #expect(described.succeeded)
    #expect(told.isEmpty)

    let (outcome, data) = await write(provider, "image/png")
    #expect(outcome.succeeded && data == payload)
    #expect(told == [[0]])
    // The list names the first and the third item's files: both are read.
    let (listed, _) = await write(provider, "x-special/gnome-copied-files")
    #expect(listed.succeeded)
    #expect(told == [[0], [0, 2]])
  }

  @Test(
    "A list naming an item's own file (opened in place) is not a read of the item: the peer copies it later, from the source"
  )
  func aListOfTheSourcesOwnFilesIsNotAWholeRead() async throws {
    let directory = try TemporaryDirectory()
    let file = try directory.write(Data("北海道の夏".utf8), to: "notes.txt")
    let item = try #require(ItemProvider(contentsOf: file))
    let provider = ContentProvider(providers: [item], clipboard: true)
    defer { provider.finish() }
    var told: [[Int]] = []
    provider.whenWrittenWhole = { told.append(provider.positions(readWith: $0)) }
    for mimeType in ["text/uri-list", "x-special/gnome-copied-files", "text/x-moz-url"] {
      let (outcome, _) = await write(provider, mimeType)
      #expect(outcome.succeeded, "\(mimeType)")
    }
    #expect(told == [[], [], []])
    // Its content, read as text, is a read of the item.
    let (outcome, data) = await write(provider, "text/plain;charset=utf-8")
    #expect(outcome.succeeded && data == Data("北海道の夏".utf8))
    #expect(told.last == [0])
  }

  // MARK: - The channel between processes of ours

  /// Reads everything a channel's socket sends, then closes it.
  func readAll(_ socket: Int32) -> Data {
    defer { close(socket) }
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = recv(socket, &buffer, buffer.count, 0)
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { return data }
      data.append(contentsOf: buffer[0..<count])
    }
  }

  func header(_ value: UInt64) -> Data { withUnsafeBytes(of: value.littleEndian) { Data($0) } }

  @Test("A process of ours reads raw bytes through the channel: a length, then exactly those bytes")
  func rawBytesGoThroughTheChannel() async throws {
    let directory = try TemporaryDirectory()
    let bytes = Data((0..<(3 << 20) + 7).map { UInt8(truncatingIfNeeded: $0 &* 13) })
    let file = try directory.write(bytes, to: "big.png")
    let item = ItemProvider()
    item.registerFileRepresentation(for: .png) { completion in
      completion(.success(file))
      return nil
    }
    item.registerDataRepresentation(for: .utf8PlainText) { completion in
      completion(.success(Data("caption".utf8)))
      return nil
    }
    let provider = ContentProvider(providers: [item])
    var whole: [String] = []
    provider.whenWrittenWhole = { whole.append($0) }
    // Offered last, and only for what goes out as raw bytes.
    #expect(formats(of: provider).last == ByteChannel.mimeType)
    #expect(provider.channelMIMETypes == ["image/png"])
    #expect(provider.channel == nil)  // nothing listens before a process of ours asks
    let (outcome, encoded) = await write(provider, ByteChannel.mimeType)
    #expect(outcome.succeeded)
    let description = try #require(ByteChannel.Description(encoded, folder: try ByteChannel.folder()))
    #expect(description.mimeTypes == ["image/png"])
    let socket = try #require(ByteChannel.request("image/png", from: description))
    #expect(readAll(socket) == header(UInt64(bytes.count)) + bytes)
    // A cut on the clipboard hears that the other process had all of it.
    #expect(await eventually { whole == ["image/png"] })
    // Text goes through XDND, never the channel.
    #expect(ByteChannel.request("text/plain;charset=utf-8", from: description) == nil)
    // A wrong token gets nothing at all.
    var forged = description
    forged.token = String(repeating: "0", count: 32)
    let refused = try #require(ByteChannel.request("image/png", from: forged))
    #expect(readAll(refused).isEmpty)
    // The drag's end stops the channel and removes its socket.
    provider.finish()
    #expect(await eventually { !FileManager.default.fileExists(atPath: description.path) })
    #expect(ByteChannel.request("image/png", from: description) == nil)
  }

  @Test("A representation that fails to load reaches the other process as a message, not as bytes")
  func aFailedLoadIsAMessageOnTheChannel() async throws {
    struct Broken: Error, CustomStringConvertible { var description: String { "the photo is gone" } }
    let item = ItemProvider()
    item.registerDataRepresentation(for: .png) { completion in
      completion(.failure(Broken()))
      return nil
    }
    let provider = ContentProvider(providers: [item])
    defer { provider.finish() }
    let (_, encoded) = await write(provider, ByteChannel.mimeType)
    let description = try #require(ByteChannel.Description(encoded, folder: try ByteChannel.folder()))
    let received = readAll(try #require(ByteChannel.request("image/png", from: description)))
    #expect(received.prefix(8) == header(ByteChannel.failureHeader))
    #expect(String(decoding: received.dropFirst(8), as: UTF8.self).contains("the photo is gone"))
  }

  @Test("A description naming a socket outside the private folder, or a bad token, is refused")
  func descriptionsAreChecked() throws {
    let folder = try ByteChannel.folder()
    let token = String(repeating: "ab", count: 16)
    let good = ByteChannel.Description(path: folder + "/x.sock", token: token, mimeTypes: ["image/png"])
    #expect(ByteChannel.Description(good.encoded, folder: folder) == good)
    for bad in [
      ByteChannel.Description(path: "/run/other.sock", token: token, mimeTypes: []),
      ByteChannel.Description(path: folder + "/../x.sock", token: token, mimeTypes: []),
      ByteChannel.Description(path: folder + "/x", token: token, mimeTypes: []),
      ByteChannel.Description(path: folder + "/x.sock", token: "zz", mimeTypes: []),
    ] {
      #expect(ByteChannel.Description(bad.encoded, folder: folder) == nil, "\(bad)")
    }
    #expect(ByteChannel.Description(Data([0xFF, 0xFE]), folder: folder) == nil)
    #expect(ByteChannel.Description(Data("dragdrop-channel 2\n".utf8), folder: folder) == nil)
    // The folder is the user's alone.
    var info = stat()
    #expect(lstat(folder, &info) == 0 && info.st_uid == getuid() && info.st_mode & 0o077 == 0)
  }

  /// Feeds `stream` to a framing in chunks of the sizes `cuts` gives, and returns the bytes
  /// passed on and the verdict: an error thrown on the way, or the one at the end.
  func unframe(_ stream: [UInt8], cuts: inout SeededGenerator) -> (bytes: [UInt8], verdict: PlatformTransferError?) {
    var framing = ByteChannel.Framing()
    var bytes: [UInt8] = []
    var offset = 0
    while offset < stream.count {
      let size = Int.random(in: 1...max(1, min(stream.count - offset, 3000)), using: &cuts)
      do {
        let payload = try stream[offset..<offset + size].withUnsafeBytes { try framing.payload(of: $0) }
        bytes += payload
      } catch {
        return (bytes, error as? PlatformTransferError)
      }
      offset += size
    }
    return (bytes, framing.failureAtEnd)
  }

  @Test(
    "Property: a channel's framing passes on exactly the announced bytes, in chunks of any size, and says why a stream is not whole"
  )
  func framingAgainstAReference() {
    var random = SeededGenerator(state: 12)
    for _ in 0..<2_000 {
      let length = Int.random(in: 0...5_000, using: &random)
      let payload = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
      let whole = Array(header(UInt64(length))) + payload
      switch Int.random(in: 0..<4, using: &random) {
      case 0:  // whole
        let (bytes, verdict) = unframe(whole, cuts: &random)
        #expect(bytes == payload && verdict == nil)
      case 1:  // cut short, anywhere
        let kept = Int.random(in: 0..<whole.count, using: &random)
        let (bytes, verdict) = unframe(Array(whole.prefix(kept)), cuts: &random)
        #expect(bytes == Array(payload.prefix(max(0, kept - 8))))
        #expect(verdict == (kept < 8 ? .peerVanished : .truncated(expected: length, received: kept - 8)))
      case 2:  // more than announced
        let (bytes, verdict) = unframe(whole + [1, 2, 3], cuts: &random)
        #expect(bytes == Array(payload.prefix(bytes.count)))
        #expect(verdict == .readFailed("the other application sent more than the \(length) bytes it announced"))
      default:  // a failure, with its message
        let message = String(repeating: "写真がない ", count: Int.random(in: 0...20, using: &random))
        let (bytes, verdict) = unframe(Array(header(ByteChannel.failureHeader)) + Array(message.utf8), cuts: &random)
        #expect(bytes.isEmpty)
        #expect(verdict == .readFailed("the other application could not provide it: \(message)"))
      }
    }
  }
}
