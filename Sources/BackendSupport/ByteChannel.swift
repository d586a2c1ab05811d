import DragDrop
import Foundation
import ItemProviders
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A faster path for big drops between two processes of ours: a Unix socket beside XDND.
///
/// X11 moves a drop's bytes through the X server, a property of at most 256 KiB at a time,
/// each copied in and out again. When both ends are ours, the source offers one more MIME
/// type, ``mimeType``, which no other application knows. Its content is a small description:
/// the path of a socket the source listens on, a random token, and the MIME types the
/// socket serves (the offers that go out as raw bytes: images and custom types). The target
/// reads that description through XDND, connects, sends the token and the MIME type it
/// wants, and reads the bytes at the speed of a pipe:
///
/// - a header of 8 bytes, the length (little-endian), then exactly that many bytes; or
/// - a header of all ones, then a message saying why the source cannot provide them.
///
/// A stream that ends short of its length is a truncated transfer, not a smaller file. The
/// socket lives in a folder only the user can open, the source serves only connections
/// from the same user that send the token, and the target connects only to sockets of the
/// same user inside that folder, so another application cannot turn a drop into a read of
/// some other service's socket. When anything about the channel fails, the target reads
/// through XDND as every other application does.
package enum ByteChannel {
  /// The private MIME type whose content describes the channel.
  static package let mimeType = "application/x-dragdrop-channel"
  /// The first line of a description.
  static package let version = "dragdrop-channel 1"
  /// The header that announces an error message instead of bytes.
  static package let failureHeader = UInt64.max
  /// How many bytes each send and read moves.
  static package let chunkSize = 1 << 20

  /// What a source's description says.
  package struct Description: Equatable, Sendable {
    package var path: String
    package var token: String
    package var mimeTypes: [String]

    package var encoded: Data {
      Data(([version, path, token] + [mimeTypes.joined(separator: " ")]).joined(separator: "\n").utf8 + [0x0A])
    }

    /// Parses a description; nil when it is not one, or names a socket outside `folder`.
    package init?(_ data: Data, folder: String) {
      guard data.count <= 64 << 10, let text = String(data: data, encoding: .utf8) else { return nil }
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      guard lines.count >= 4, lines[0] == version else { return nil }
      let path = lines[1]
      let name = (path as NSString).lastPathComponent
      guard (path as NSString).deletingLastPathComponent == folder, name.hasSuffix(".sock"),
        !name.contains(".."), path.utf8.count < 108
      else { return nil }
      guard lines[2].count == 32, lines[2].allSatisfy(\.isHexDigit) else { return nil }
      self.init(path: path, token: lines[2], mimeTypes: lines[3].split(separator: " ").map(String.init))
    }

    package init(path: String, token: String, mimeTypes: [String]) {
      self.path = path
      self.token = token
      self.mimeTypes = mimeTypes
    }
  }

  /// A channel's answer as it arrives, in chunks of any size: the header taken off, the
  /// representation's bytes passed on, and at the end whether they were whole.
  package struct Framing {
    /// A framing that has read nothing yet.
    package init() {}

    private var header: [UInt8] = []
    /// The length the header announced, once it has come.
    package private(set) var expected: Int64?
    private var failureMessage: [UInt8]?
    /// How many of the representation's bytes have come.
    package private(set) var received: Int64 = 0

    /// The representation's bytes in `chunk`, after whatever part of the header it holds.
    /// More bytes than the header announced are an error.
    mutating package func payload(
      of chunk: UnsafeRawBufferPointer
    ) throws(PlatformTransferError) -> UnsafeRawBufferPointer {
      var chunk = chunk
      if expected == nil && failureMessage == nil {
        let taken = min(8 - header.count, chunk.count)
        header += chunk.prefix(taken)
        chunk = UnsafeRawBufferPointer(rebasing: chunk[taken...])
        guard header.count == 8 else { return chunk }
        let value = header.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) }
        if value == ByteChannel.failureHeader {
          failureMessage = []
        } else if value > UInt64(Int64.max) {
          throw .readFailed("the other application announced \(value) bytes")
        } else {
          expected = Int64(value)
        }
      }
      if failureMessage != nil {
        failureMessage! += chunk.prefix(4096 - failureMessage!.count)
        return UnsafeRawBufferPointer(start: nil, count: 0)
      }
      if let expected, received + Int64(chunk.count) > expected {
        throw .readFailed("the other application sent more than the \(expected) bytes it announced")
      }
      received += Int64(chunk.count)
      return chunk
    }

    /// What the stream says now that it has ended: nil when the bytes are whole.
    package var failureAtEnd: PlatformTransferError? {
      if let failureMessage {
        return .readFailed(
          "the other application could not provide it: \(String(decoding: failureMessage, as: UTF8.self))")
      }
      guard let expected else { return .peerVanished }
      return received == expected ? nil : .truncated(expected: Int(expected), received: Int(received))
    }
  }

  /// The folder the sockets live in: `$XDG_RUNTIME_DIR/dragdrop`, or `/tmp/dragdrop-UID`
  /// without one. It is made when missing, and used only when it belongs to the user and no
  /// one else may open it.
  static package func folder() throws -> String {
    let runtime = ProcessInfo.processInfo.environment["XDG_RUNTIME_DIR"].flatMap { $0.isEmpty ? nil : $0 }
    let path = runtime.map { $0 + "/dragdrop" } ?? "/tmp/dragdrop-\(getuid())"
    if mkdir(path, 0o700) != 0 && errno != EEXIST {
      throw PlatformTransferError.readFailed("cannot make \(path): \(String(cString: strerror(errno)))")
    }
    var info = stat()
    guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, info.st_uid == getuid(),
      info.st_mode & 0o077 == 0
    else {
      throw PlatformTransferError.readFailed("\(path) is not a private folder of this user")
    }
    return path
  }

  /// A new random token, 128 bits in hex.
  static package func makeToken() -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<16).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
  }

  /// The user id of the process at the other end of a Unix socket.
  static package func peerUser(_ descriptor: Int32) -> uid_t? {
    // Linux's `struct ucred`, which Glibc's module leaves out: pid, uid, gid.
    var credentials: (pid: Int32, uid: UInt32, gid: UInt32) = (0, 0, 0)
    var size = socklen_t(MemoryLayout.size(ofValue: credentials))
    guard getsockopt(descriptor, SOL_SOCKET, SO_PEERCRED, &credentials, &size) == 0,
      size == MemoryLayout.size(ofValue: credentials)
    else { return nil }
    return credentials.uid
  }

  /// A Unix socket address for `path`.
  static package func address(_ path: String) -> sockaddr_un {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { buffer in
      let bytes = Array(path.utf8.prefix(buffer.count - 1))
      buffer.copyBytes(from: bytes)
      buffer[bytes.count] = 0
    }
    return address
  }

  /// Sends all of `buffer`; false when the other end is gone or the send timed out.
  static package func sendAll(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer) -> Bool {
    var offset = 0
    while offset < buffer.count {
      let sent = send(descriptor, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
      if sent < 0 && errno == EINTR { continue }
      guard sent > 0 else { return false }
      offset += sent
    }
    return true
  }

  /// Sets how long a blocking send or receive on `descriptor` may wait.
  static package func setTimeouts(_ descriptor: Int32, seconds: Int) {
    var timeout = timeval(tv_sec: seconds, tv_usec: 0)
    for option in [SO_SNDTIMEO, SO_RCVTIMEO] {
      setsockopt(descriptor, SOL_SOCKET, option, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }
  }

  /// Connects to the socket a description names and asks for `mimeType`: the connected
  /// socket, whose bytes are a header and the representation; nil when the socket is not
  /// there, not the user's own, or not listening.
  static package func request(_ mimeType: String, from description: Description) -> Int32? {
    guard description.mimeTypes.contains(mimeType) else { return nil }
    var info = stat()
    guard lstat(description.path, &info) == 0, info.st_mode & S_IFMT == S_IFSOCK, info.st_uid == getuid() else {
      return nil
    }
    let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard descriptor >= 0 else { return nil }
    var address = address(description.path)
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    // The listener must be the same user: a socket left by someone else is not ours.
    guard connected == 0, peerUser(descriptor) == getuid() else {
      close(descriptor)
      return nil
    }
    setTimeouts(descriptor, seconds: 5)
    let line = Data("\(description.token) \(mimeType)\n".utf8)
    guard line.withUnsafeBytes({ sendAll(descriptor, $0) }) else {
      close(descriptor)
      return nil
    }
    return descriptor
  }
}

/// The source's end of a ``ByteChannel``: a listening socket that serves one drag's raw
/// offers to our own processes, each connection on a thread of its own with blocking I/O.
/// ``cancel()`` (at the drag's end) stops listening, ends every transfer under way, and
/// removes the socket.
final package class ByteChannelServer: Sendable {
  /// Opens the representation for one MIME type: its bytes, or its file open for reading.
  package typealias Opener =
    @Sendable (
      _ mimeType: String,
      _ completion: @escaping @Sendable (Result<ItemProvider.OpenedRepresentation, any Error>) -> Void
    )
    -> LoadProgress?

  package let description: ByteChannel.Description
  private let listener: Int32
  private let open: Opener
  private let sentWhole: @Sendable (String) -> Void
  private struct State {
    package var cancelled = false
    package var connections: Set<Int32> = []
    package var loads: [LoadProgress] = []
  }
  private let state = Mutex(State())

  /// Listens in ``ByteChannel/folder()`` for the `mimeTypes` that `open` provides; calls
  /// `sentWhole` (on a transfer's thread) with a MIME type each time all of its bytes went
  /// out.
  package init(
    mimeTypes: [String], open: @escaping Opener, sentWhole: @escaping @Sendable (String) -> Void = { _ in }
  ) throws {
    let folder = try ByteChannel.folder()
    let path = "\(folder)/\(UUID().uuidString.prefix(18)).sock"
    let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard descriptor >= 0 else {
      throw PlatformTransferError.readFailed("no socket: \(String(cString: strerror(errno)))")
    }
    var address = ByteChannel.address(path)
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    guard bound == 0, listen(descriptor, 8) == 0 else {
      let reason = String(cString: strerror(errno))
      close(descriptor)
      throw PlatformTransferError.readFailed("cannot listen at \(path): \(reason)")
    }
    listener = descriptor
    self.open = open
    self.sentWhole = sentWhole
    description = ByteChannel.Description(path: path, token: ByteChannel.makeToken(), mimeTypes: mimeTypes)
    let thread = Thread { [self] in acceptConnections() }
    thread.name = "DragDrop.ByteChannel"
    thread.start()
  }

  /// Stops listening and ends every transfer under way.
  package func cancel() {
    let (connections, loads) = state.withLock { state -> (Set<Int32>, [LoadProgress]) in
      guard !state.cancelled else { return ([], []) }
      state.cancelled = true
      return (state.connections, state.loads)
    }
    // The threads blocked in accept and send return; each closes its own descriptor.
    shutdown(listener, Int32(SHUT_RDWR))
    for connection in connections { shutdown(connection, Int32(SHUT_RDWR)) }
    for load in loads { load.cancel() }
  }

  package var isCancelled: Bool { state.withLock { $0.cancelled } }

  private func acceptConnections() {
    defer {
      close(listener)
      unlink(description.path)
    }
    while !isCancelled {
      let connection = accept(listener, nil, nil)
      if connection < 0 {
        if errno == EINTR || errno == ECONNABORTED { continue }
        return
      }
      _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
      let admitted = state.withLock { state in
        guard !state.cancelled else { return false }
        state.connections.insert(connection)
        return true
      }
      guard admitted else {
        close(connection)
        return
      }
      let thread = Thread { [self] in
        serve(connection)
        state.withLock { _ = $0.connections.remove(connection) }
        close(connection)
      }
      thread.name = "DragDrop.ByteChannel.transfer"
      thread.start()
    }
  }

  /// Serves one request: the same user, the token, and a MIME type the channel offers.
  private func serve(_ connection: Int32) {
    guard ByteChannel.peerUser(connection) == getuid() else { return }
    // A target that stops reading for 30 seconds is given up.
    ByteChannel.setTimeouts(connection, seconds: 30)
    guard let request = readLine(connection) else { return }
    let parts = request.split(separator: " ", maxSplits: 1).map(String.init)
    guard parts.count == 2, Self.sameToken(parts[0], description.token) else { return }
    let mimeType = parts[1]
    guard description.mimeTypes.contains(mimeType) else {
      fail(connection, "\(mimeType) is not offered")
      return
    }
    let opened = Mutex<Result<ItemProvider.OpenedRepresentation, any Error>?>(nil)
    let ready = DispatchSemaphore(value: 0)
    let load = open(mimeType) { result in
      opened.withLock { $0 = result }
      ready.signal()
    }
    if let load { state.withLock { $0.loads.append(load) } }
    ready.wait()
    if let load { state.withLock { state in state.loads.removeAll { $0 === load } } }
    let whole: Bool
    switch opened.withLock({ $0 })! {
    case .failure(let error):
      fail(connection, "\(error)")
      whole = false
    case .success(.data(let data)): whole = send(data, to: connection)
    case .success(.file(let file)): whole = send(file, to: connection)
    }
    if whole { sentWhole(mimeType) }
  }

  /// Reads the request line, at most 1 KiB.
  private func readLine(_ connection: Int32) -> String? {
    var line = [UInt8]()
    var byte: UInt8 = 0
    while line.count < 1024 {
      let count = recv(connection, &byte, 1, 0)
      if count < 0 && errno == EINTR { continue }
      guard count == 1 else { return nil }
      if byte == 0x0A { return String(decoding: line, as: UTF8.self) }
      line.append(byte)
    }
    return nil
  }

  /// Compares two tokens in time that does not depend on where they differ.
  static package func sameToken(_ lhs: String, _ rhs: String) -> Bool {
    let (a, b) = (Array(lhs.utf8), Array(rhs.utf8))
    guard a.count == b.count else { return false }
    return zip(a, b).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
  }

  private func header(_ value: UInt64, to connection: Int32) -> Bool {
    withUnsafeBytes(of: value.littleEndian) { ByteChannel.sendAll(connection, $0) }
  }

  private func fail(_ connection: Int32, _ message: String) {
    guard header(ByteChannel.failureHeader, to: connection) else { return }
    _ = Data(message.utf8.prefix(4096)).withUnsafeBytes { ByteChannel.sendAll(connection, $0) }
  }

  /// Sends `data`; whether all of it went out.
  private func send(_ data: Data, to connection: Int32) -> Bool {
    guard header(UInt64(data.count), to: connection) else { return false }
    var offset = 0
    while offset < data.count, !isCancelled {
      let end = min(offset + ByteChannel.chunkSize, data.count)
      let sent = data[data.startIndex + offset..<data.startIndex + end].withUnsafeBytes {
        ByteChannel.sendAll(connection, $0)
      }
      guard sent else { return false }
      offset = end
    }
    return offset == data.count
  }

  /// Sends a file's bytes as they are now: the length it has when the transfer starts.
  /// Whether all of them went out.
  private func send(_ file: FileHandle, to connection: Int32) -> Bool {
    defer { try? file.close() }
    var info = stat()
    guard fstat(file.fileDescriptor, &info) == 0 else {
      fail(connection, "cannot read the item's file: \(String(cString: strerror(errno)))")
      return false
    }
    let length = Int(info.st_size)
    guard header(UInt64(length), to: connection) else { return false }
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: ByteChannel.chunkSize, alignment: 16)
    defer { buffer.deallocate() }
    var remaining = length
    while remaining > 0, !isCancelled {
      let count = read(file.fileDescriptor, buffer.baseAddress, min(buffer.count, remaining))
      if count < 0 && errno == EINTR { continue }
      // A file that shrank or cannot be read: the target sees a truncated transfer.
      guard count > 0 else { return false }
      guard ByteChannel.sendAll(connection, UnsafeRawBufferPointer(rebasing: buffer[0..<count])) else { return false }
      remaining -= count
    }
    return remaining == 0
  }
}
