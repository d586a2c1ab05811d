import ContentTypes
import Foundation

extension ItemProvider {
  /// Loads the bytes of the first representation whose type conforms to `contentType`.
  /// Cancelling the task cancels the load, which then throws ``ItemProviderError/cancelled``.
  public func loadDataRepresentation(for contentType: ContentType) async throws(ItemProviderError) -> Data {
    try await Self.awaitLoad { loadDataRepresentation(for: contentType, completionHandler: $0) }
  }

  /// Loads a value of `type`; see ``loadObject(ofClass:completionHandler:)-(_,(Result<T,ItemProviderError>)->Void)``.
  public func loadObject<T: ItemProviderReading>(ofClass type: T.Type) async throws(ItemProviderError) -> T {
    try await Self.awaitLoad { loadObject(ofClass: type, completionHandler: $0) }
  }

  /// Loads a representation as a temporary file and runs `body` with its URL. The file is
  /// deleted when `body` returns, so `body` reads or moves it.
  ///
  /// - Throws: ``ItemProviderError``, or what `body` throws.
  public func loadFileRepresentation<Result: Sendable>(
    for contentType: ContentType, _ body: @escaping @Sendable (URL) throws -> Result
  ) async throws -> Result {
    let outcome: Swift.Result<Swift.Result<Result, any Error>, ItemProviderError> = await Self.awaitResult {
      completion in
      loadFile(for: contentType, allowingInPlace: false) { url, _ in
        Swift.Result { try body(url) }
      } completionHandler: {
        completion($0)
      }
    }
    return try outcome.get().get()
  }

  /// Loads a file representation in place when it allows that, otherwise as a temporary
  /// copy; `body` runs while the file exists. See
  /// ``loadInPlaceFileRepresentation(for:completionHandler:)``.
  public func loadInPlaceFileRepresentation<Result: Sendable>(
    for contentType: ContentType, _ body: @escaping @Sendable (URL, Bool) throws -> Result
  ) async throws -> Result {
    let outcome: Swift.Result<Swift.Result<Result, any Error>, ItemProviderError> = await Self.awaitResult {
      completion in
      loadFile(for: contentType, allowingInPlace: true) { url, isInPlace in
        Swift.Result { try body(url, isInPlace) }
      } completionHandler: {
        completion($0)
      }
    }
    return try outcome.get().get()
  }

  static func awaitLoad<T: Sendable>(
    _ start: (@escaping @Sendable (Swift.Result<T, ItemProviderError>) -> Void) -> LoadProgress
  ) async throws(ItemProviderError) -> T {
    try await awaitResult(start).get()
  }

  /// Starts a load, waits for its one result, and cancels it if the task is cancelled,
  /// whether before or after it started.
  static func awaitResult<T: Sendable>(
    _ start: (@escaping @Sendable (Swift.Result<T, ItemProviderError>) -> Void) -> LoadProgress
  ) async -> Swift.Result<T, ItemProviderError> {
    // A task cancelled before the load starts gets no load at all.
    if Task.isCancelled { return .failure(.cancelled) }
    let box = ProgressBox()
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let progress = start { continuation.resume(returning: $0) }
        box.set(progress)
        if Task.isCancelled { box.cancel() }
      }
    } onCancel: {
      box.cancel()
    }
  }
}
