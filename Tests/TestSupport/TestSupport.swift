import Foundation
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
