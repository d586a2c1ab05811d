import CGTK
@_spi(Platform) import DragDrop
import Foundation
import Testing

@testable import DragDropGTK

/// GDK's Wayland backend hands a paste's or a drop's bytes over a pipe, 64 KiB at a time by
/// default; the reads widen it first. A stream over anything else is left as it is.
@Suite("Widening the pipe a read comes through")
struct PipeWideningTests {
  @Test("A Unix stream over a pipe is widened to what was asked, and the peer's writes then fit whole")
  func aPipeIsWidened() throws {
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    defer { close(ends[1]) }
    let stream = try #require(g_unix_input_stream_new(ends[0], 1))
    defer { g_object_unref(UnsafeMutableRawPointer(stream)) }
    let input = UnsafeMutableRawPointer(stream).assumingMemoryBound(to: GInputStream.self)
    #expect(fcntl(ends[0], 1032 /* F_GETPIPE_SZ */) == 64 << 10)
    #expect(ddgtk_widen_pipe(input, 1 << 20) == 1 << 20)
    #expect(fcntl(ends[0], 1032) == 1 << 20)
    // A write of 512 KiB now goes in one call, where the default pipe took 64 KiB.
    let flags = fcntl(ends[1], F_GETFL)
    _ = fcntl(ends[1], F_SETFL, flags | O_NONBLOCK)
    let chunk = [UInt8](repeating: 7, count: 512 << 10)
    #expect(chunk.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) } == 512 << 10)
  }

  @Test("A stream that reads no pipe (a file, memory) is left alone: -1")
  func otherStreamsAreLeftAlone() throws {
    let memory = try #require(g_memory_input_stream_new())
    defer { g_object_unref(UnsafeMutableRawPointer(memory)) }
    #expect(ddgtk_widen_pipe(memory, 1 << 20) == -1)
    let file = FileManager.default.temporaryDirectory.appending(path: "widen-\(UUID().uuidString)")
    try #require(FileManager.default.createFile(atPath: file.path, contents: Data("x".utf8)))
    defer { try? FileManager.default.removeItem(at: file) }
    let descriptor = open(file.path, O_RDONLY)
    try #require(descriptor >= 0)
    let stream = try #require(g_unix_input_stream_new(descriptor, 1))
    defer { g_object_unref(UnsafeMutableRawPointer(stream)) }
    #expect(ddgtk_widen_pipe(UnsafeMutableRawPointer(stream).assumingMemoryBound(to: GInputStream.self), 1 << 20) == -1)
  }
}

/// What a paste to a file does when its bytes come through a pipe: the kernel moves them
/// into the file on a thread of its own.
@MainActor
@Suite("Pipes spliced into files")
struct PipeSpliceTests {
  /// A pipe whose write end `write` fills from another thread (and closes, unless told to
  /// keep it open), and its read end as GDK's Wayland backend gives it: a Unix stream.
  final class Peer: @unchecked Sendable {
    let stream: UnsafeMutablePointer<GInputStream>
    let writeEnd: Int32

    init() throws {
      var ends: [Int32] = [0, 0]
      try #require(pipe(&ends) == 0)
      writeEnd = ends[1]
      stream = UnsafeMutableRawPointer(try #require(g_unix_input_stream_new(ends[0], 1)))
        .assumingMemoryBound(to: GInputStream.self)
    }

    /// Writes `count` bytes (byte i is i % 251) from another thread, then closes the pipe
    /// when `closing`.
    func write(_ count: Int, closing: Bool = true) {
      let end = writeEnd
      Thread.detachNewThread {
        let bytes = (0..<count).map { UInt8($0 % 251) }
        var sent = 0
        while sent < count {
          let written = bytes.withUnsafeBytes { Glibc.write(end, $0.baseAddress! + sent, count - sent) }
          guard written > 0 else { break }
          sent += written
        }
        if closing { close(end) }
      }
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(stream)) }
  }

  func temporaryFile() throws -> (URL, FileHandle) {
    let file = FileManager.default.temporaryDirectory.appending(path: "splice-\(UUID().uuidString)")
    try #require(FileManager.default.createFile(atPath: file.path, contents: nil))
    return (file, try FileHandle(forWritingTo: file))
  }

  func splice(
    _ peer: Peer, into output: FileHandle, cancellable: UnsafeMutablePointer<GCancellable>, progress: LoadProgress,
    then: () -> Void = {}
  ) async throws -> Result<Int, any Error> {
    let descriptor = try #require(PipeSplice.pipe(of: peer.stream))
    return await withCheckedContinuation { continuation in
      PipeSplice.start(from: descriptor, into: output, cancellable: cancellable, progress: progress) { result in
        continuation.resume(returning: result)
      }
      then()
    }
  }

  @Test("Every byte of a 5 MiB pipe lands in the file, in order, and the progress counts them")
  func everyByteArrives() async throws {
    let peer = try Peer()
    let (file, output) = try temporaryFile()
    defer { try? FileManager.default.removeItem(at: file) }
    let cancellable = g_cancellable_new()!
    defer { g_object_unref(UnsafeMutableRawPointer(cancellable)) }
    let progress = LoadProgress()
    let count = 5 << 20 + 12_345
    peer.write(count)
    let result = try await splice(peer, into: output, cancellable: cancellable, progress: progress)
    try output.close()
    #expect(try result.get() == count)
    #expect(progress.completedUnitCount == Int64(count))
    let data = try Data(contentsOf: file)
    #expect(data.count == count)
    #expect(data.enumerated().allSatisfy { $0.element == UInt8($0.offset % 251) })
  }

  @Test("A cancelled read of a peer that neither writes nor closes ends at once, cancelled")
  func cancelledWhileWaiting() async throws {
    let peer = try Peer()
    defer { close(peer.writeEnd) }
    let (file, output) = try temporaryFile()
    defer { try? FileManager.default.removeItem(at: file) }
    let cancellable = g_cancellable_new()!
    defer { g_object_unref(UnsafeMutableRawPointer(cancellable)) }
    peer.write(1000, closing: false)
    let result = try await splice(peer, into: output, cancellable: cancellable, progress: LoadProgress()) {
      g_cancellable_cancel(cancellable)
    }
    #expect(throws: ItemProviderError.cancelled) { try result.get() }
  }

  @Test("A file that cannot take the bytes is a typed error that names why")
  func aFileThatRefuses() async throws {
    let peer = try Peer()
    let cancellable = g_cancellable_new()!
    defer { g_object_unref(UnsafeMutableRawPointer(cancellable)) }
    // /dev/full refuses every write: ENOSPC.
    let output = try #require(FileHandle(forWritingAtPath: "/dev/full"))
    defer { try? output.close() }
    peer.write(1 << 20)
    let result = try await splice(peer, into: output, cancellable: cancellable, progress: LoadProgress())
    #expect {
      try result.get()
    } throws: { error in
      guard case PlatformTransferError.readFailed(let message) = error else { return false }
      return message.contains("No space left on device") || message.contains("Invalid argument")
    }
  }
}
