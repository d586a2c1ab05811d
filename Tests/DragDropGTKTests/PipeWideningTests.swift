import CGTK
import Foundation
import Testing

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
