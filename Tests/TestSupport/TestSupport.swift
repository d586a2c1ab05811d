import Foundation
import ItemProviders
import Logging
import Synchronization

/// A log handler that keeps every message, so a test can assert what was logged and how
/// often.
public final class CapturingLogHandler: LogHandler, @unchecked Sendable {
  public struct Entry: Sendable, Equatable {
    public var level: Logger.Level
    public var message: String
    public var metadata: [String: String]
  }

  private let box: LogBox
  public var metadata: Logger.Metadata = [:]
  public var logLevel: Logger.Level = .trace

  public init(box: LogBox) { self.box = box }

  public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  public func log(event: LogEvent) {
    let flat = (event.metadata ?? [:]).mapValues { "\($0)" }
    box.append(Entry(level: event.level, message: "\(event.message)", metadata: flat))
  }
}

/// The messages a ``CapturingLogHandler`` has received.
public final class LogBox: Sendable {
  private let storage = Mutex<[CapturingLogHandler.Entry]>([])
  public init() {}
  public var entries: [CapturingLogHandler.Entry] { storage.withLock { $0 } }
  func append(_ entry: CapturingLogHandler.Entry) { storage.withLock { $0.append(entry) } }

  /// A logger whose messages land in this box.
  public func logger(label: String = "test") -> Logger {
    Logger(label: label) { _ in CapturingLogHandler(box: self) }
  }
}

/// A scratch directory removed when the value is released.
public final class TemporaryDirectory: Sendable {
  public let url: URL

  public init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("DragDropTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }

  /// Writes `contents` to a file at `path` below the directory, creating folders.
  @discardableResult
  public func write(_ contents: Data, to path: String) throws -> URL {
    let file = url.appendingPathComponent(path)
    try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try contents.write(to: file)
    return file
  }
}

/// A counter shared between a test and the closures it hands out.
public final class Counter: Sendable {
  private let value = Mutex(0)
  public init() {}
  public func increment() { value.withLock { $0 += 1 } }
  public var count: Int { value.withLock { $0 } }
}

/// A load handler the test drives by hand: it records each call and keeps the completion,
/// so the test decides when and how often to call back, and can wait, without sleeping,
/// until the handler has been called.
public final class ManualLoadHandler<Value: Sendable>: Sendable {
  public typealias Completion = @Sendable (Result<Value, any Error>) -> Void

  private let state = Mutex<[Completion]>([])
  private let calls: AsyncStream<Void>
  private let callContinuation: AsyncStream<Void>.Continuation
  /// The progress the handler returns, if any.
  public let progress: LoadProgress?

  public init(progress: LoadProgress? = nil) {
    self.progress = progress
    (calls, callContinuation) = AsyncStream.makeStream(of: Void.self)
  }

  /// The closure to register.
  public var handler: @Sendable (@escaping Completion) -> LoadProgress? {
    { completion in
      self.state.withLock { $0.append(completion) }
      self.callContinuation.yield()
      return self.progress
    }
  }

  /// How many times the handler has been called.
  public var callCount: Int { state.withLock { $0.count } }

  /// Waits until the handler has been called once more than before.
  public func nextCall() async {
    var iterator = calls.makeAsyncIterator()
    _ = await iterator.next()
  }

  /// Calls the completion of the `index`th call (the last by default).
  public func complete(_ result: Result<Value, any Error>, call index: Int? = nil) {
    let completion = state.withLock { $0.isEmpty ? nil : $0[index ?? ($0.count - 1)] }
    completion?(result)
  }
}

/// An error a test handler fails with.
public struct TestFailure: Error, Equatable, CustomStringConvertible {
  public var message: String
  public init(_ message: String) { self.message = message }
  public var description: String { "TestFailure(\(message))" }
}

/// A small deterministic random generator (SplitMix64), so that a seed replays a random
/// test exactly.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
  public var state: UInt64
  public init(state: UInt64) { self.state = state }
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Small encoded images for tests, whole as a peer would send them.
public enum TestImages {
  /// A PNG of `width` × `height`: the signature, an IHDR chunk and the IEND chunk (no
  /// pixel data; nothing here decodes pixels).
  public static func png(width: UInt32, height: UInt32) -> Data {
    var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]
    bytes += Array("IHDR".utf8)
    for value in [width, height] { bytes += withUnsafeBytes(of: value.bigEndian, Array.init) }
    bytes += [8, 6, 0, 0, 0, 0, 0, 0, 0]
    bytes += [0, 0, 0, 0] + Array("IEND".utf8) + [0xAE, 0x42, 0x60, 0x82]
    return Data(bytes)
  }
}

extension TestImages {
  /// `png` with a `tEXt` chunk holding `comment` before its end: the same picture in other
  /// bytes, so that tests can make as many distinct images as they need.
  public static func png(_ png: Data, comment: String) -> Data {
    let end = png.count - 12  // the IEND chunk: length, type, CRC
    var chunk = Array("tEXt".utf8) + Array("Comment".utf8) + [0] + Array(comment.utf8)
    let length = UInt32(chunk.count - 4)
    chunk += withUnsafeBytes(of: crc32(chunk).bigEndian, Array.init)
    return png.prefix(end) + Data(withUnsafeBytes(of: length.bigEndian, Array.init) + chunk) + png.suffix(12)
  }

  /// The CRC-32 of PNG chunks (ISO 3309).
  static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
  }
}

/// Waits for work finishing off the main actor (item loads), yielding rather than
/// sleeping; false if it never happens.
@MainActor
public func eventually(_ condition: () -> Bool) async -> Bool {
  for _ in 0..<100_000 {
    if condition() { return true }
    await Task.yield()
  }
  return condition()
}
