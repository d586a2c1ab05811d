import ContentTypes
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import ItemProviders

/// Rules 30-33: registration, inspection, loading, progress and cancellation.
@Suite struct ItemProviderTests {
  static let text = "北海道 Hokkaido ✈︎"

  // MARK: - The matrix: every registration form against every load form

  enum Registration: String, CaseIterable, CustomTestStringConvertible {
    case data, file, fileOpenInPlace, object, initObject
    var testDescription: String { rawValue }
  }

  enum Load: String, CaseIterable, CustomTestStringConvertible {
    case dataHandler, dataAsync, fileHandler, fileAsync, inPlaceHandler, inPlaceAsync, objectHandler, objectAsync
    var testDescription: String { rawValue }
  }

  /// A provider holding `text` as UTF-8 plain text, registered the given way. The file
  /// lives in `directory`.
  static func provider(_ registration: Registration, directory: TemporaryDirectory) throws -> ItemProvider {
    let bytes = Data(text.utf8)
    switch registration {
    case .data:
      let provider = ItemProvider()
      provider.registerDataRepresentation(for: .utf8PlainText) { completion in
        completion(.success(bytes))
        return nil
      }
      return provider
    case .file, .fileOpenInPlace:
      let url = try directory.write(bytes, to: "source/original.txt")
      let provider = ItemProvider()
      provider.registerFileRepresentation(for: .utf8PlainText, openInPlace: registration == .fileOpenInPlace) {
        completion in
        completion(.success(url))
        return nil
      }
      return provider
    case .object:
      let provider = ItemProvider()
      provider.registerObject(text, visibility: .all)
      return provider
    case .initObject:
      return ItemProvider(object: text)
    }
  }

  @Test(arguments: Registration.allCases, Load.allCases)
  func everyRegistrationServesEveryLoad(_ registration: Registration, _ load: Load) async throws {
    let directory = try TemporaryDirectory()
    let provider = try Self.provider(registration, directory: directory)
    let readFile: @Sendable (URL) throws -> String = { url in
      String(decoding: try Data(contentsOf: url), as: UTF8.self)
    }
    let value: String
    switch load {
    case .dataHandler:
      let result = await withCheckedContinuation { continuation in
        provider.loadDataRepresentation(for: .plainText) { continuation.resume(returning: $0) }
      }
      value = String(decoding: try result.get(), as: UTF8.self)
    case .dataAsync:
      value = String(decoding: try await provider.loadDataRepresentation(for: .plainText), as: UTF8.self)
    case .fileHandler:
      let result = await withCheckedContinuation { continuation in
        provider.loadFileRepresentation(for: .plainText) { result in
          continuation.resume(
            returning: result.flatMap { url in Result { try readFile(url) }.mapError { _ in .cancelled } })
        }
      }
      value = try result.get()
    case .fileAsync:
      value = try await provider.loadFileRepresentation(for: .plainText, readFile)
    case .inPlaceHandler:
      let result = await withCheckedContinuation { continuation in
        provider.loadInPlaceFileRepresentation(for: .plainText) { result in
          continuation.resume(returning: result.map { file in (try? readFile(file.url), file.isInPlace) })
        }
      }
      let (text, inPlace) = try result.get()
      #expect(inPlace == (registration == .fileOpenInPlace))
      value = try #require(text)
    case .inPlaceAsync:
      value = try await provider.loadInPlaceFileRepresentation(for: .plainText) { url, inPlace in
        #expect(inPlace == (registration == .fileOpenInPlace))
        return try readFile(url)
      }
    case .objectHandler:
      let result = await withCheckedContinuation { continuation in
        provider.loadObject(ofClass: String.self) { continuation.resume(returning: $0) }
      }
      value = try result.get()
    case .objectAsync:
      value = try await provider.loadObject(ofClass: String.self)
    }
    #expect(value == Self.text)
  }

  // MARK: - Registration and inspection

  @Test("Rule 30: registered types keep registration order, highest fidelity first")
  func registrationOrder() {
    let provider = ItemProvider()
    for type in [ContentType.png, .jpeg, .utf8PlainText] {
      provider.registerDataRepresentation(for: type) { _ in nil }
    }
    #expect(provider.registeredContentTypes == [.png, .jpeg, .utf8PlainText])
    #expect(ItemProvider(object: "x").registeredContentTypes == [.utf8PlainText, .utf16PlainText])
  }

  @Test func aSecondRegistrationOfATypeIsIgnored() async throws {
    let provider = ItemProvider()
    provider.registerDataRepresentation(for: .png) { completion in
      completion(.success(Data([1])))
      return nil
    }
    provider.registerDataRepresentation(for: .png) { completion in
      completion(.success(Data([2])))
      return nil
    }
    #expect(provider.registeredContentTypes == [.png])
    #expect(try await provider.loadDataRepresentation(for: .png) == Data([1]))
  }

  @Test("Rule 31: conformance, not equality")
  func conformanceQueries() {
    let provider = ItemProvider(object: "x")
    #expect(provider.hasItemConforming(to: .utf8PlainText))
    #expect(provider.hasItemConforming(to: .plainText))
    #expect(provider.hasItemConforming(to: .text))
    #expect(provider.hasItemConforming(to: .data))
    #expect(!provider.hasItemConforming(to: .image))
    #expect(provider.hasRepresentationConforming(to: .text))
    #expect(!provider.hasRepresentationConforming(to: .text, fileOptions: .openInPlace))
  }

  @Test func openInPlaceRepresentations() {
    let provider = ItemProvider()
    provider.registerFileRepresentation(for: .png, openInPlace: true) { _ in nil }
    provider.registerFileRepresentation(for: .jpeg, openInPlace: false) { _ in nil }
    #expect(provider.registeredContentTypesForOpenInPlace == [.png])
    #expect(provider.hasRepresentationConforming(to: .image, fileOptions: .openInPlace))
    #expect(!provider.hasRepresentationConforming(to: .jpeg, fileOptions: .openInPlace))
  }

  @Test func canLoadObjectFollowsReadableTypes() {
    let text = ItemProvider(object: "x")
    #expect(text.canLoadObject(ofClass: String.self))
    #expect(text.canLoadObject(ofClass: Data.self))
    #expect(text.canLoadObject(ofClass: URL.self))
    #expect(!text.canLoadObject(ofClass: Image.self))
    let png = ItemProvider()
    png.registerDataRepresentation(for: .png) { _ in nil }
    #expect(png.canLoadObject(ofClass: Image.self))
    #expect(!png.canLoadObject(ofClass: String.self))
    #expect(!ItemProvider().canLoadObject(ofClass: Data.self))
  }

  @Test("A file's provider gives its contents by type, and its URL; a URL-reading load prefers the URL to text")
  func aFileProviderGivesItsContentsAndItsURL() async throws {
    let folder = FileManager.default.temporaryDirectory.appending(path: "contents-of-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let note = folder.appending(path: "メモ.txt")
    try Data("北海道".utf8).write(to: note)
    let provider = try #require(ItemProvider(contentsOf: note))
    #expect(provider.registeredContentTypes == [.plainText, .fileURL, .url])
    #expect(provider.registeredContentTypesForOpenInPlace == [.plainText])
    #expect(provider.suggestedName == "メモ")
    #expect(try await provider.loadObject(ofClass: String.self) == "北海道")
    #expect(try await provider.loadObject(ofClass: URL.self) == note)
    // Text alone still reads as a URL.
    #expect(
      try await ItemProvider(object: "https://example.org").loadObject(ofClass: URL.self)
        == URL(string: "https://example.org"))
    let photo = folder.appending(path: "写真.png")
    try TestImages.png(width: 3, height: 2).write(to: photo)
    let image = try await #require(ItemProvider(contentsOf: photo)).loadObject(ofClass: Image.self)
    #expect(image.pixelWidth == 3 && image.contentType == .png)
    #expect(ItemProvider(contentsOf: folder)?.registeredContentTypes.first == .folder)
    #expect(ItemProvider(contentsOf: folder.appending(path: "missing.png")) == nil)
    #expect(ItemProvider(contentsOf: URL(string: "https://example.org/a.png")!) == nil)
    // Gone before the load: a typed error naming the file.
    try FileManager.default.removeItem(at: note)
    await #expect(throws: ItemProviderError.fileOperationFailed(path: note.path, reason: "the file is gone")) {
      try await provider.loadObject(ofClass: String.self)
    }
  }

  @Test func suggestedName() {
    let provider = ItemProvider()
    #expect(provider.suggestedName == nil)
    provider.suggestedName = "Shiretoko"
    #expect(provider.suggestedName == "Shiretoko")
  }

  // MARK: - Visibility

  @Test(
    "Visibility levels nest: own process sees all, other applications see .all only",
    arguments: ItemProviderRepresentationVisibility.allCases)
  func visibilityFiltering(_ audience: ItemProviderRepresentationVisibility) {
    let provider = ItemProvider()
    let order: [(ContentType, ItemProviderRepresentationVisibility)] = [
      (.png, .ownProcess), (.jpeg, .group), (.gif, .team), (.tiff, .all),
    ]
    for (type, visibility) in order {
      provider.registerDataRepresentation(for: type, visibility: visibility) { _ in nil }
    }
    let expected: [ContentType] =
      switch audience {
      case .ownProcess: [.png, .jpeg, .gif, .tiff]
      case .group: [.jpeg, .gif, .tiff]
      case .team: [.gif, .tiff]
      case .all: [.tiff]
      }
    #expect(provider.registeredContentTypes(visibleTo: audience) == expected)
    #expect(provider.restricted(to: audience).registeredContentTypes == expected)
  }

  @Test func ownProcessRepresentationsNeverReachAnotherProcess() async throws {
    let provider = ItemProvider()
    provider.suggestedName = "secret"
    provider.registerDataRepresentation(for: .utf8PlainText, visibility: .ownProcess) { completion in
      completion(.success(Data("private".utf8)))
      return nil
    }
    provider.registerDataRepresentation(for: .html, visibility: .all) { completion in
      completion(.success(Data("<b>public</b>".utf8)))
      return nil
    }
    let elsewhere = provider.restricted(to: .all)
    #expect(elsewhere.suggestedName == "secret")
    #expect(!elsewhere.hasItemConforming(to: .plainText))
    await #expect(throws: ItemProviderError.unavailableContentType(requested: [.plainText], available: [.html])) {
      try await elsewhere.loadDataRepresentation(for: .plainText)
    }
    #expect(try await elsewhere.loadDataRepresentation(for: .text) == Data("<b>public</b>".utf8))
    #expect(try await provider.loadDataRepresentation(for: .text) == Data("private".utf8))
  }

  @Test func objectVisibilityIsTheNarrowerOfBoth() {
    struct Secret: ItemProviderWriting {
      static var writableContentTypes: [ContentType] { [.utf8PlainText, .html] }
      static func itemProviderVisibility(for contentType: ContentType) -> ItemProviderRepresentationVisibility {
        contentType == .html ? .ownProcess : .all
      }
      func loadData(
        for contentType: ContentType, completionHandler: @escaping @Sendable (Result<Data, any Error>) -> Void
      ) -> LoadProgress? { nil }
    }
    let provider = ItemProvider()
    provider.registerObject(Secret(), visibility: .team)
    #expect(provider.registeredContentTypes(visibleTo: .team) == [.utf8PlainText])
    #expect(provider.registeredContentTypes(visibleTo: .all) == [])
    #expect(provider.registeredContentTypes(visibleTo: .ownProcess) == [.utf8PlainText, .html])
  }

  // MARK: - Errors

  @Test("Rule 32: an unavailable type is a typed error")
  func unavailableType() async {
    let provider = ItemProvider(object: "x")
    await #expect(
      throws: ItemProviderError.unavailableContentType(requested: [.png], available: [.utf8PlainText, .utf16PlainText])
    ) {
      try await provider.loadDataRepresentation(for: .png)
    }
    await #expect(
      throws: ItemProviderError.unavailableContentType(
        requested: [.png, .jpeg, .gif, .untypedImage], available: [.utf8PlainText, .utf16PlainText])
    ) {
      try await provider.loadObject(ofClass: Image.self)
    }
  }

  @Test("Rule 32: a failing handler's error is wrapped and kept")
  func handlerFailure() async {
    let provider = ItemProvider()
    provider.registerDataRepresentation(for: .png) { completion in
      completion(.failure(TestFailure("disk on fire")))
      return nil
    }
    do {
      _ = try await provider.loadDataRepresentation(for: .png)
      Issue.record("expected a failure")
    } catch {
      guard case .loadHandlerFailed(let type, let underlying) = error else {
        Issue.record("unexpected \(error)")
        return
      }
      #expect(type == .png)
      #expect(underlying as? TestFailure == TestFailure("disk on fire"))
    }
  }

  @Test func aMissingFileIsTheHandlersFailure() async {
    let provider = ItemProvider()
    let missing = URL(fileURLWithPath: "/nonexistent/\(UUID().uuidString).png")
    provider.registerFileRepresentation(for: .png) { completion in
      completion(.success(missing))
      return nil
    }
    for load in 0..<2 {
      do {
        if load == 0 {
          _ = try await provider.loadDataRepresentation(for: .png)
        } else {
          _ = try await provider.loadFileRepresentation(for: .png) { $0 }
        }
        Issue.record("expected a failure")
      } catch let error as ItemProviderError {
        guard case .loadHandlerFailed(.png, _) = error else {
          Issue.record("unexpected \(error)")
          continue
        }
      } catch {
        Issue.record("untyped \(error)")
      }
    }
  }

  @Test("A handler that calls back twice is heard once")
  func doubleCallback() async throws {
    let handler = ManualLoadHandler<Data>()
    let provider = ItemProvider()
    provider.registerDataRepresentation(for: .png, loadHandler: handler.handler)
    let completions = Counter()
    let result = await withCheckedContinuation { continuation in
      provider.loadDataRepresentation(for: .png) { result in
        completions.increment()
        continuation.resume(returning: result)
      }
      Task {
        await handler.nextCall()
        handler.complete(.success(Data([1])))
        handler.complete(.success(Data([2])))
        handler.complete(.failure(TestFailure("late")))
      }
    }
    #expect(try result.get() == Data([1]))
    #expect(completions.count == 1)
    #expect(handler.callCount == 1)
  }

  // MARK: - Cancellation

  @Test("Cancelling a handler that never calls back completes once with .cancelled")
  func cancelSilentHandler() async {
    let stage = LoadProgress(totalUnitCount: 10)
    let handler = ManualLoadHandler<Data>(progress: stage)
    let provider = ItemProvider()
    provider.registerDataRepresentation(for: .png, loadHandler: handler.handler)
    let completions = Counter()
    let result = await withCheckedContinuation { continuation in
      let progress = provider.loadDataRepresentation(for: .png) { result in
        completions.increment()
        continuation.resume(returning: result)
      }
      Task {
        await handler.nextCall()
        progress.cancel()
        progress.cancel()
      }
    }
    #expect(result == .failure(.cancelled))
    // The handler's own progress is cancelled too, so its work can stop.
    #expect(stage.isCancelled)
    handler.complete(.success(Data([1])))
    #expect(completions.count == 1)
  }

  @Test func cancellingBeforeTheLoadStartsNeverRunsTheHandler() async {
    let calls = Counter()
    let provider = ItemProvider()
    provider.registerDataRepresentation(for: .png) { completion in
      calls.increment()
      completion(.success(Data()))
      return nil
    }
    // A barrier holds the load queue, so the load cannot start before it is cancelled.
    let gate = DispatchSemaphore(value: 0)
    ItemProvider.loadQueue.async(flags: .barrier) { gate.wait() }
    let result = await withCheckedContinuation { continuation in
      let progress = provider.loadDataRepresentation(for: .png) { continuation.resume(returning: $0) }
      progress.cancel()
      gate.signal()
    }
    #expect(result == .failure(.cancelled))
    // The cancelled load's turn on the queue has passed once a later barrier runs.
    await withCheckedContinuation { continuation in
      ItemProvider.loadQueue.async(flags: .barrier) { continuation.resume() }
    }
    #expect(calls.count == 0)
  }

  @Test("Task cancellation cancels an async load")
  func taskCancellation() async {
    let handler = ManualLoadHandler<Data>()
    let provider = ItemProvider()
    provider.registerDataRepresentation(for: .png, loadHandler: handler.handler)
    let task = Task { try await provider.loadDataRepresentation(for: .png) }
    await handler.nextCall()
    task.cancel()
    let result = await task.result
    #expect(throws: ItemProviderError.cancelled) { try result.get() }
  }

  @Test func anAlreadyCancelledTaskLoadsNothing() async {
    let provider = ItemProvider(object: "x")
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await provider.loadObject(ofClass: String.self)
    }
    let result = await task.result
    #expect(throws: ItemProviderError.cancelled) { try result.get() }
  }

  // MARK: - LoadProgress

  @Test("Rule 32: fractionCompleted follows the handler's progress and ends at 1")
  func progressFollowsTheHandler() async throws {
    let stage = LoadProgress(totalUnitCount: 4)
    let handler = ManualLoadHandler<Data>(progress: stage)
    let provider = ItemProvider()
    provider.registerDataRepresentation(for: .png, loadHandler: handler.handler)
    let (results, continuation) = AsyncStream.makeStream(of: Result<Data, ItemProviderError>.self)
    let progress = provider.loadDataRepresentation(for: .png) { continuation.yield($0) }
    #expect(progress.fractionCompleted == 0)
    await handler.nextCall()
    // The stage is attached once the handler returns; wait for that through the queue.
    await withCheckedContinuation { done in ItemProvider.loadQueue.async(flags: .barrier) { done.resume() } }
    stage.completedUnitCount = 1
    #expect(abs(progress.fractionCompleted - 0.25) < 1e-9)
    stage.completedUnitCount = 2
    #expect(abs(progress.fractionCompleted - 0.5) < 1e-9)
    handler.complete(.success(Data([7])))
    var iterator = results.makeAsyncIterator()
    #expect(try await iterator.next()?.get() == Data([7]))
    #expect(progress.fractionCompleted == 1)
    #expect(!progress.isCancelled)
  }

  @Test func fileLoadsReportTheirBytes() async throws {
    let directory = try TemporaryDirectory()
    let bytes = Data((0..<(3 * ItemProvider.chunkSize + 17)).map { UInt8(truncatingIfNeeded: $0 &* 31) })
    let url = try directory.write(bytes, to: "big.bin")
    let provider = ItemProvider()
    provider.registerFileRepresentation(for: .data) { completion in
      completion(.success(url))
      return nil
    }
    let (results, continuation) = AsyncStream.makeStream(of: Result<Data, ItemProviderError>.self)
    let progress = provider.loadDataRepresentation(for: .data) { continuation.yield($0) }
    var iterator = results.makeAsyncIterator()
    #expect(try await iterator.next()?.get() == bytes)
    #expect(progress.fractionCompleted == 1)
  }

  // MARK: - Files

  @Test("Rule 32: the temporary file exists in the handler and is deleted when it returns")
  func temporaryFileLifetime() async throws {
    // The awaited forms return only once the copy is gone, every time: the deletion does
    // not race the caller.
    for _ in 0..<200 {
      let provider = ItemProvider(object: "hello")
      provider.suggestedName = "Greeting/../x"
      let seen = try await provider.loadFileRepresentation(for: .utf8PlainText) { url in
        #expect(FileManager.default.fileExists(atPath: url.path))
        #expect((try? Data(contentsOf: url)) == Data("hello".utf8))
        return url
      }
      #expect(seen.lastPathComponent == "x.txt")
      try #require(!FileManager.default.fileExists(atPath: seen.deletingLastPathComponent().path))
      let copy = try await provider.loadInPlaceFileRepresentation(for: .utf8PlainText) { url, inPlace in
        #expect(!inPlace)
        return url
      }
      try #require(!FileManager.default.fileExists(atPath: copy.deletingLastPathComponent().path))
    }
  }

  @Test func aCopiedFileKeepsItsNameWithoutASuggestion() async throws {
    let directory = try TemporaryDirectory()
    let url = try directory.write(Data("a,b\n".utf8), to: "table.csv")
    let provider = ItemProvider()
    provider.registerFileRepresentation(for: .commaSeparatedText) { completion in
      completion(.success(url))
      return nil
    }
    let name = try await provider.loadFileRepresentation(for: .text) { $0.lastPathComponent }
    #expect(name == "table.csv")
    // The original is untouched.
    #expect(FileManager.default.fileExists(atPath: url.path))
    let inPlace = try await provider.loadInPlaceFileRepresentation(for: .text) { url, inPlace in (url, inPlace) }
    #expect(inPlace.1 == false)
    #expect(inPlace.0 != url)
  }

  @Test("Opening a representation reads a file where it is, with no copy, and data as it is")
  func openingARepresentationCopiesNothing() async throws {
    let directory = try TemporaryDirectory()
    let url = try directory.write(Data("photo".utf8), to: "photo.png")
    let provider = ItemProvider()
    provider.registerFileRepresentation(for: .png) { completion in
      completion(.success(url))
      return nil
    }
    provider.registerDataRepresentation(for: .utf8PlainText) { completion in
      completion(.success(Data("caption".utf8)))
      return nil
    }
    let opened = try await withCheckedThrowingContinuation { continuation in
      provider.openRepresentation(for: .png) { continuation.resume(with: $0) }
    }
    guard case .file(let handle) = opened else {
      Issue.record("expected the file, got \(opened)")
      return
    }
    // The very file the handler gave: the same inode, not a copy of it.
    var own = stat()
    var original = stat()
    #expect(fstat(handle.fileDescriptor, &own) == 0 && stat(url.path, &original) == 0)
    #expect(own.st_ino == original.st_ino && own.st_dev == original.st_dev)
    #expect(try handle.readToEnd() == Data("photo".utf8))
    let text = try await withCheckedThrowingContinuation { continuation in
      provider.openRepresentation(for: .plainText) { continuation.resume(with: $0) }
    }
    guard case .data(let data) = text else {
      Issue.record("expected data, got \(text)")
      return
    }
    #expect(data == Data("caption".utf8))
    let missing = await withCheckedContinuation { continuation in
      provider.openRepresentation(for: .jpeg) { continuation.resume(returning: $0) }
    }
    guard case .failure(.unavailableContentType) = missing else {
      Issue.record("expected unavailableContentType, got \(missing)")
      return
    }
  }

  @Test("A file made for one load moves to the temporary copy, or is copied across file systems")
  func aDisposableFileMovesInsteadOfBeingCopied() async throws {
    let directory = try TemporaryDirectory()
    // /dev/shm is another file system than the temporary folder: a move there fails and
    // the bytes are copied instead.
    let shared = URL(filePath: "/dev/shm/DragDrop-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: shared) }
    for folder in [directory.url, shared] {
      let bytes = Data((0..<(2 * ItemProvider.chunkSize + 5)).map { UInt8(truncatingIfNeeded: $0 &* 7) })
      let made = Mutex<[URL]>([])
      let provider = ItemProvider()
      provider.suggestedName = "photo"
      provider.registerDisposableFileRepresentation(for: .png) { completion in
        let file = folder.appending(path: UUID().uuidString)
        made.withLock { $0.append(file) }
        completion(Result { try bytes.write(to: file) }.map { file })
        return nil
      }
      let (name, read) = try await provider.loadFileRepresentation(for: .png) { url in
        (url.lastPathComponent, try Data(contentsOf: url))
      }
      #expect(name == "photo.png")
      #expect(read == bytes)
      let files = made.withLock { $0 }
      try #require(files.count == 1)
      // Moved within one file system; copied, and left to its owner, across two.
      #expect(FileManager.default.fileExists(atPath: files[0].path) == (folder == shared))
    }
  }

  @Test(
    arguments: [
      (nil, ContentType.png, "item.png"), ("Shiretoko", .jpeg, "Shiretoko.jpeg"), ("photo.JPEG", .jpeg, "photo.JPEG"),
      ("Aqua.jpg", .jpeg, "Aqua.jpg"), ("notes.md", .png, "notes.md.png"),
      ("..", .png, "item.png"), ("a/b/c", .data, "c.bin"), ("\u{0}\u{1}", .item, "item"),
      (String(repeating: "長", count: 300), .plainText, String(repeating: "長", count: 66) + ".txt"),
    ] as [(String?, ContentType, String)])
  func fileNames(_ suggested: String?, _ type: ContentType, _ expected: String) {
    #expect(FileTransfer.fileName(suggested: suggested, contentType: type) == expected)
  }

  // MARK: - Concurrency

  @Test func concurrentLoadsOfDifferentTypesEachGetTheirOwnBytes() async throws {
    let png = ManualLoadHandler<Data>()
    let jpeg = ManualLoadHandler<Data>()
    let provider = ItemProvider()
    provider.registerDataRepresentation(for: .png, loadHandler: png.handler)
    provider.registerDataRepresentation(for: .jpeg, loadHandler: jpeg.handler)
    async let pngBytes = provider.loadDataRepresentation(for: .png)
    async let jpegBytes = provider.loadDataRepresentation(for: .jpeg)
    await png.nextCall()
    await jpeg.nextCall()
    // Both loads are in flight; finish them in the opposite order.
    jpeg.complete(.success(Data("jpeg".utf8)))
    png.complete(.success(Data("png".utf8)))
    #expect(try await pngBytes == Data("png".utf8))
    #expect(try await jpegBytes == Data("jpeg".utf8))
  }

  @Test func manyParallelLoads() async throws {
    let provider = ItemProvider()
    let types: [ContentType] = [.png, .jpeg, .gif, .tiff, .pdf, .html, .json, .rtf]
    for (index, type) in types.enumerated() {
      provider.registerDataRepresentation(for: type) { completion in
        ItemProvider.loadQueue.async { completion(.success(Data([UInt8(index)]))) }
        return nil
      }
    }
    try await withThrowingTaskGroup(of: (Int, Data).self) { group in
      for round in 0..<200 {
        let index = round % types.count
        group.addTask { (index, try await provider.loadDataRepresentation(for: types[index])) }
      }
      for try await (index, data) in group {
        #expect(data == Data([UInt8(index)]))
      }
    }
  }
}
