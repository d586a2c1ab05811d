import ContentTypes
import Foundation
import Synchronization

extension ItemProvider {
  /// Where load handlers are started and files are read and copied.
  static let loadQueue = DispatchQueue(
    label: "DragDrop.ItemProvider.load", qos: .userInitiated, attributes: .concurrent)
  /// The size of the chunks files are read and copied in; progress moves once per chunk.
  static let chunkSize = 256 * 1024

  // MARK: - Completion-handler loads

  /// Loads the bytes of the first representation whose type conforms to `contentType`.
  ///
  /// A file representation is read into memory. The handler runs exactly once, on a
  /// background queue: with the bytes, or with ``ItemProviderError/unavailableContentType(requested:available:)``,
  /// ``ItemProviderError/cancelled`` or ``ItemProviderError/loadHandlerFailed(_:underlying:)``.
  @discardableResult
  public func loadDataRepresentation(
    for contentType: ContentType,
    completionHandler: @escaping @Sendable (Result<Data, ItemProviderError>) -> Void
  ) -> LoadProgress {
    start(requested: [contentType], completionHandler) { representation, operation in
      Self.fetchData(representation, into: operation, units: 100) { data in
        operation.finish(.success(data))
      }
    }
  }

  /// Loads the first representation whose type conforms to `contentType` as a file.
  ///
  /// The URL names a temporary copy, which is deleted when the handler returns: move or
  /// read it inside the handler. The file is named after ``suggestedName`` with the
  /// content type's preferred extension.
  @discardableResult
  public func loadFileRepresentation(
    for contentType: ContentType,
    completionHandler: @escaping @Sendable (Result<URL, ItemProviderError>) -> Void
  ) -> LoadProgress {
    start(requested: [contentType], completionHandler) { representation, operation in
      self.fetchTemporaryFile(representation, into: operation) { file in
        operation.finish(.success(file))
        return nil
      }
    }
  }

  /// Loads a file representation, in place when `allowingInPlace` and it was registered
  /// with `openInPlace`, otherwise as a temporary copy; runs `transform` while the file
  /// exists, and delivers its value once a temporary copy is deleted.
  @discardableResult
  func loadFile<T: Sendable>(
    for contentType: ContentType, allowingInPlace: Bool,
    transform: @escaping @Sendable (URL, _ isInPlace: Bool) -> T,
    completionHandler: @escaping @Sendable (Result<T, ItemProviderError>) -> Void
  ) -> LoadProgress {
    start(requested: [contentType], completionHandler) { representation, operation in
      if allowingInPlace, case .file(true, let handler) = representation.source {
        Self.runHandler(handler, of: representation, in: operation, units: 100) { url in
          operation.finish(.success(transform(url, true)))
        }
      } else {
        self.fetchTemporaryFile(representation, into: operation) { file in
          .success(transform(file, false))
        }
      }
    }
  }

  /// A representation opened for reading without a temporary copy: see
  /// ``openRepresentation(for:completionHandler:)``.
  package enum OpenedRepresentation: Sendable {
    /// A data representation's bytes.
    case data(Data)
    /// A file representation's own file, open for reading.
    case file(FileHandle)
  }

  /// Opens the first representation whose type conforms to `contentType` for reading, with
  /// no temporary copy: a data representation's bytes, or a file representation's own file,
  /// opened as its handler delivers it, so that it stays readable whatever its owner does
  /// with it afterwards. For writing a big representation out a chunk at a time.
  @discardableResult
  package func openRepresentation(
    for contentType: ContentType,
    completionHandler: @escaping @Sendable (Result<OpenedRepresentation, ItemProviderError>) -> Void
  ) -> LoadProgress {
    start(requested: [contentType], completionHandler) { representation, operation in
      switch representation.source {
      case .data(let handler):
        Self.runHandler(handler, of: representation, in: operation, units: 100) { data in
          operation.finish(.success(.data(data)))
        }
      case .file(_, let handler):
        Self.runHandler(handler, of: representation, in: operation, units: 100) { url in
          do {
            operation.finish(.success(.file(try FileHandle(forReadingFrom: url))))
          } catch {
            operation.finish(.failure(.loadHandlerFailed(representation.contentType, underlying: error)))
          }
        }
      }
    }
  }

  /// Loads a file representation, in place when it was registered with `openInPlace`,
  /// otherwise as a temporary copy that is deleted when the handler returns. The Boolean
  /// tells which.
  @discardableResult
  public func loadInPlaceFileRepresentation(
    for contentType: ContentType,
    completionHandler: @escaping @Sendable (Result<(url: URL, isInPlace: Bool), ItemProviderError>) -> Void
  ) -> LoadProgress {
    start(requested: [contentType], completionHandler) { representation, operation in
      if case .file(true, let handler) = representation.source {
        Self.runHandler(handler, of: representation, in: operation, units: 100) { url in
          operation.finish(.success((url, true)))
        }
      } else {
        self.fetchTemporaryFile(representation, into: operation) { file in
          operation.finish(.success((file, false)))
          return nil
        }
      }
    }
  }

  /// Loads a value of `type` from the first representation, in fidelity order, whose type
  /// conforms to one of the type's readable content types.
  ///
  /// Bytes that do not make a valid value fail with
  /// ``ItemProviderError/coercionFailed(from:to:reason:)``.
  @discardableResult
  public func loadObject<T: ItemProviderReading>(
    ofClass type: T.Type,
    completionHandler: @escaping @Sendable (Result<T, ItemProviderError>) -> Void
  ) -> LoadProgress {
    start(requested: T.readableContentTypes, completionHandler) { representation, operation in
      Self.fetchData(representation, into: operation, units: 100) { data in
        operation.finish(Self.decode(T.self, from: data, contentType: representation.contentType))
      }
    }
  }

  /// The same load, with the value or the error as two optionals, as Foundation's
  /// `NSItemProvider` gives them: `item.loadObject(ofClass: String.self) { string, error in }`.
  /// Exactly one of the two is non-nil; the error is an ``ItemProviderError``.
  @discardableResult
  public func loadObject<T: ItemProviderReading>(
    ofClass type: T.Type,
    completionHandler: @escaping @Sendable (T?, (any Error)?) -> Void
  ) -> LoadProgress {
    loadObject(ofClass: type) { (result: Result<T, ItemProviderError>) in
      switch result {
      case .success(let value): completionHandler(value, nil)
      case .failure(let error): completionHandler(nil, error)
      }
    }
  }

  static func decode<T: ItemProviderReading>(
    _ type: T.Type, from data: Data, contentType: ContentType
  ) -> Result<
    T, ItemProviderError
  > {
    do {
      return .success(try T.object(from: data, contentType: contentType))
    } catch let error as ItemProviderError {
      return .failure(error)
    } catch {
      return .failure(.coercionFailed(from: contentType, to: "\(T.self)", reason: "\(error)"))
    }
  }

  // MARK: - Stages

  /// Finds the representation, creates the operation and starts `work` on the load queue.
  private func start<Value: Sendable>(
    requested: [ContentType],
    _ completionHandler: @escaping @Sendable (Result<Value, ItemProviderError>) -> Void,
    work: @escaping @Sendable (Representation, LoadOperation<Value>) -> Void
  ) -> LoadProgress {
    // A monitored provider asks before each load and reports its end.
    let monitor = self.monitor
    let refusal = monitor?.permit()
    if refusal == nil { monitor?.loadDidStart() }
    let operation = LoadOperation<Value> { result in
      completionHandler(result)
      guard refusal == nil, let monitor else { return }
      if case .success = result { monitor.loadDidSucceed() }
      monitor.loadDidFinish()
    }
    if let refusal {
      Self.loadQueue.async { operation.finish(.failure(refusal)) }
      return operation.progress
    }
    let representation = representation(forAnyOf: requested)
    Self.loadQueue.async {
      guard let representation else {
        let available = self.registeredContentTypes
        operation.finish(.failure(.unavailableContentType(requested: requested, available: available)))
        return
      }
      // A load cancelled before it started never runs the handler.
      guard !operation.isFinished else { return }
      work(representation, operation)
    }
    return operation.progress
  }

  /// Runs a registered handler once; a second call back is ignored, and so is a call back
  /// after the operation ended.
  private static func runHandler<T: Sendable, V: Sendable>(
    _ handler: @Sendable (@escaping @Sendable (Result<T, any Error>) -> Void) -> LoadProgress?,
    of representation: Representation, in operation: LoadOperation<V>, units: Int64,
    then next: @escaping @Sendable (T) -> Void
  ) {
    let once = Mutex(false)
    let stage = handler { result in
      guard
        once.withLock({ called in
          defer { called = true }; return !called
        })
      else { return }
      guard !operation.isFinished else { return }
      switch result {
      case .success(let value): next(value)
      case .failure(let error as ItemProviderError): operation.finish(.failure(error))
      case .failure(let error):
        operation.finish(.failure(.loadHandlerFailed(representation.contentType, underlying: error)))
      }
    }
    if let stage { operation.attach(stage, units: units) }
  }

  /// Produces the bytes of a representation: from its data handler, or by reading its file
  /// in chunks.
  static func fetchData<V: Sendable>(
    _ representation: Representation, into operation: LoadOperation<V>, units: Int64,
    then next: @escaping @Sendable (Data) -> Void
  ) {
    switch representation.source {
    case .data(let handler):
      runHandler(handler, of: representation, in: operation, units: units, then: next)
    case .file(_, let handler):
      runHandler(handler, of: representation, in: operation, units: units / 5) { url in
        loadQueue.async {
          let stage = LoadProgress(totalUnitCount: -1)
          operation.attach(stage, units: units - units / 5)
          do {
            guard let data = try FileTransfer.read(url, stage: stage, isCancelled: { operation.isFinished }) else {
              return
            }
            next(data)
          } catch {
            operation.finish(.failure(.loadHandlerFailed(representation.contentType, underlying: error)))
          }
        }
      }
    }
  }

  /// Makes a temporary file of a representation, hands it to `next`, and deletes it once
  /// `next` returns. A result `next` returns finishes the load after the deletion.
  private func fetchTemporaryFile<V: Sendable>(
    _ representation: Representation, into operation: LoadOperation<V>,
    then next: @escaping @Sendable (URL) -> Result<V, ItemProviderError>?
  ) {
    let suggested = suggestedName
    let name = FileTransfer.fileName(suggested: suggested, contentType: representation.contentType)
    switch representation.source {
    case .data(let handler):
      Self.runHandler(handler, of: representation, in: operation, units: 90) { data in
        Self.withTemporaryFile(named: name, operation: operation) { file in
          try data.write(to: file)
          return true
        } then: { file in
          next(file)
        }
      }
    case .file(_, let handler):
      Self.runHandler(handler, of: representation, in: operation, units: 20) { source in
        Self.loadQueue.async {
          let stage = LoadProgress(totalUnitCount: -1)
          operation.attach(stage, units: 80)
          // Without a suggested name, the copy keeps the original file's name.
          let named =
            suggested == nil
            ? FileTransfer.fileName(suggested: source.lastPathComponent, contentType: representation.contentType)
            : name
          let disposable = representation.filesAreDisposable
          Self.withTemporaryFile(named: named, operation: operation) { file in
            // A file made for this load alone is renamed, when it is on the same file system,
            // rather than copied. (FileManager's move would copy across file systems, without
            // progress or cancellation; the copy below has both.)
            if disposable, rename(source.path, file.path) == 0 {
              stage.totalUnitCount = 1
              stage.completedUnitCount = 1
              return true
            }
            do {
              return try FileTransfer.copy(source, to: file, stage: stage, isCancelled: { operation.isFinished })
            } catch let error as FileTransfer.SourceError {
              operation.finish(.failure(.loadHandlerFailed(representation.contentType, underlying: error.underlying)))
              return false
            }
          } then: { file in
            next(file)
          }
        }
      }
    }
  }

  /// Creates a private temporary directory, lets `fill` write the file, calls `next` with
  /// it when `fill` returns true, and removes the directory whatever happens. A result
  /// `next` returns finishes the load once the directory is gone.
  private static func withTemporaryFile<V: Sendable>(
    named name: String, operation: LoadOperation<V>, fill: (URL) throws -> Bool,
    then next: (URL) -> Result<V, ItemProviderError>?
  ) {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "DragDrop-\(UUID().uuidString)", isDirectory: true)
    let file = directory.appendingPathComponent(name)
    var outcome: Result<V, ItemProviderError>?
    defer {
      try? FileManager.default.removeItem(at: directory)
      if let outcome { operation.finish(outcome) }
    }
    do {
      try FileManager.default.createDirectory(
        at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
      guard try fill(file) else { return }
    } catch {
      operation.finish(.failure(.fileOperationFailed(path: file.path, reason: "\(error.localizedDescription)")))
      return
    }
    guard !operation.isFinished else { return }
    outcome = next(file)
  }
}

/// Chunked file reads and copies that report progress and stop when cancelled.
enum FileTransfer {
  /// An error reading the source file, which is the load handler's responsibility.
  struct SourceError: Error {
    var underlying: any Error
  }

  /// Reads a whole file. Returns nil when cancelled part-way.
  static func read(_ url: URL, stage: LoadProgress, isCancelled: () -> Bool) throws -> Data? {
    let handle = try FileHandle(forReadingFrom: url)
    defer { try? handle.close() }
    let size = try handle.seekToEnd()
    try handle.seek(toOffset: 0)
    stage.totalUnitCount = Int64(max(size, 1))
    var data = Data()
    data.reserveCapacity(Int(size))
    while true {
      if isCancelled() { return nil }
      guard let chunk = try handle.read(upToCount: ItemProvider.chunkSize), !chunk.isEmpty else { break }
      data.append(chunk)
      stage.completedUnitCount = min(Int64(data.count), stage.totalUnitCount)
    }
    return data
  }

  /// Copies `source` to a new file at `destination`. Returns false when cancelled part-way.
  /// Errors reading the source are ``SourceError``; errors writing are thrown as they are.
  static func copy(_ source: URL, to destination: URL, stage: LoadProgress, isCancelled: () -> Bool) throws -> Bool {
    let input: FileHandle
    let size: UInt64
    do {
      input = try FileHandle(forReadingFrom: source)
      size = try input.seekToEnd()
      try input.seek(toOffset: 0)
    } catch {
      throw SourceError(underlying: error)
    }
    defer { try? input.close() }
    guard FileManager.default.createFile(atPath: destination.path, contents: nil) else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: destination.path])
    }
    let output = try FileHandle(forWritingTo: destination)
    defer { try? output.close() }
    stage.totalUnitCount = Int64(max(size, 1))
    var copied: Int64 = 0
    // The kernel copies from file to file, without the bytes passing through this process;
    // where it cannot (another kind of file), the bytes are read and written a chunk at a time.
    while copied < Int64(size) {
      if isCancelled() { return false }
      let sent = sendfile(output.fileDescriptor, input.fileDescriptor, nil, 8 << 20)
      if sent < 0 && errno == EINTR { continue }
      guard sent > 0 else { break }
      copied += Int64(sent)
      stage.completedUnitCount = min(copied, stage.totalUnitCount)
    }
    while true {
      if isCancelled() { return false }
      let chunk: Data?
      do {
        chunk = try input.read(upToCount: ItemProvider.chunkSize)
      } catch {
        throw SourceError(underlying: error)
      }
      guard let chunk, !chunk.isEmpty else { break }
      try output.write(contentsOf: chunk)
      copied += Int64(chunk.count)
      stage.completedUnitCount = min(copied, stage.totalUnitCount)
    }
    return true
  }

  /// The type's preferred extension, or that of its most specific supertype that has one
  /// (UTF-8 plain text has none of its own; plain text has `txt`).
  static func filenameExtension(for contentType: ContentType) -> String? {
    if let own = contentType.preferredFilenameExtension { return own }
    return contentType.supertypes
      .compactMap { type in type.preferredFilenameExtension.map { (type, $0) } }
      .max { lhs, rhs in
        let (l, r) = (lhs.0.supertypes.count, rhs.0.supertypes.count)
        return l != r ? l < r : lhs.0.identifier > rhs.0.identifier
      }?.1
  }

  /// A safe file name: the suggested name's last component without control characters,
  /// at most 200 bytes, with the content type's preferred extension added when missing.
  static func fileName(suggested: String?, contentType: ContentType) -> String {
    var base = (suggested ?? "").split(separator: "/").last.map(String.init) ?? ""
    base = String(base.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F })
      .trimmingCharacters(in: .whitespaces)
    while base.utf8.count > 200 { base.removeLast() }
    if base.isEmpty || base == "." || base == ".." { base = "item" }
    // A name that already ends with one of the type's extensions keeps it: `Aqua.jpg`
    // stays `Aqua.jpg`, rather than becoming `Aqua.jpg.jpeg`.
    let own = (contentType.tags[.filenameExtension] ?? []).map { "." + $0.lowercased() }
    if own.contains(where: base.lowercased().hasSuffix) { return base }
    if let ext = filenameExtension(for: contentType), !base.lowercased().hasSuffix("." + ext.lowercased()) {
      base += "." + ext
    }
    return base
  }
}
