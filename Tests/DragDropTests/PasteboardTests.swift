import DragDrop
import DragDropTesting
import Foundation
import Testing

@_spi(Platform) import class DragDrop.Pasteboard

/// The pasteboard holds item providers, as a drag does (rule 46): typed values and
/// providers, the change count and its notification, local-only and expiring items, and
/// named pasteboards.
@MainActor
@Suite(.serialized) struct PasteboardTests {
  /// Counts the change notifications of one pasteboard.
  @MainActor
  final class Changes {
    var count = 0
    init(_ pasteboard: Pasteboard) {
      _ = NotificationCenter.default.addObserver(
        forName: Pasteboard.changedNotification, object: pasteboard, queue: nil
      ) { [weak self] _ in MainActor.assumeIsolated { self?.count += 1 } }
    }
  }

  /// Synchronous on the main actor, so no other test touches the general pasteboard while
  /// it runs.
  @Test("A file manager's copy of several files is one item per file, read when first asked for, in one change")
  func aFileManagersCopyIsOneItemPerFile() throws {
    let folder = FileManager.default.temporaryDirectory.appending(path: "pasteboard-files-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let files = ["知床.png", "notes.txt"].map { folder.appending(path: $0) }
    try Data([0x89, 0x50, 0x4E, 0x47]).write(to: files[0])
    try Data("旅".utf8).write(to: files[1])
    let clipboard = FakeClipboard()
    clipboard.install()
    defer { clipboard.uninstall() }
    let changes = Changes(Pasteboard.general)
    let before = Pasteboard.general.changeCount
    // As Nautilus and Thunar offer a copy: GNOME's list, the URI list, and the paths as text.
    let uris = files.map(\.absoluteString)
    clipboard.copyFromAnotherApplication([
      "x-special/gnome-copied-files": Data((["copy"] + uris).joined(separator: "\n").utf8),
      "text/uri-list": Data(uris.map { $0 + "\r\n" }.joined().utf8),
      "UTF8_STRING": Data(files.map(\.path).joined(separator: "\n").utf8),
    ])
    // Read when the items are first asked for: here, or by a change observer of another
    // suite's that asks first.
    #expect(Pasteboard.general.numberOfItems == 2)
    #expect(clipboard.reads == ["text/uri-list"])
    let providers = Pasteboard.general.itemProviders
    #expect(providers.map(\.suggestedName) == ["知床", "notes"])
    #expect(providers.allSatisfy { $0.hasItemConforming(to: .fileURL) })
    #expect(Pasteboard.general.typesOfItems.count == 2)
    // One change, heard once, however the items were read.
    #expect(Pasteboard.general.changeCount == before + 1 && changes.count == 1)
    #expect(clipboard.reads == ["text/uri-list"], "the list is read once")

    // A browser's image with its address is one item, the address among its types.
    clipboard.copyFromAnotherApplication([
      "image/png": Data([0x89, 0x50, 0x4E, 0x47]), "text/uri-list": Data("https://example.org/a.png\r\n".utf8),
    ])
    #expect(Pasteboard.general.numberOfItems == 1 && Pasteboard.general.hasImages && Pasteboard.general.hasURLs)
    // A list naming a file that is gone is not read as files: the offer stays one item.
    let gone = folder.appending(path: "gone.png").absoluteString
    clipboard.copyFromAnotherApplication(["text/uri-list": Data((gone + "\r\n").utf8)])
    #expect(Pasteboard.general.numberOfItems == 1)
    #expect(Pasteboard.general.changeCount == before + 3)
  }

  @Test("Setting a string is one change: the count grows by one, the notification comes once, and the text reads back")
  func stringChangesOnce() async throws {
    // The general pasteboard is the process's, which other suites use meanwhile.
    let pasteboard = Pasteboard.withUniqueName()
    let changes = Changes(pasteboard)
    let before = pasteboard.changeCount
    pasteboard.string = "北海道"
    #expect(pasteboard.changeCount == before + 1 && changes.count == 1)
    #expect(pasteboard.string == "北海道" && pasteboard.strings == ["北海道"] && pasteboard.numberOfItems == 1)
    #expect(pasteboard.hasStrings && !pasteboard.hasURLs && !pasteboard.hasImages)
    #expect(pasteboard.types.contains(ContentType.utf8PlainText.identifier))
    // A paste reads through the provider, as a drop does.
    let loaded = try await pasteboard.itemProviders[0].loadObject(ofClass: String.self)
    #expect(loaded == "北海道")
    pasteboard.strings = ["青森", "岩手"]
    #expect(pasteboard.changeCount == before + 2 && changes.count == 2 && pasteboard.numberOfItems == 2)
    pasteboard.string = nil
    #expect(pasteboard.numberOfItems == 0 && pasteboard.string == nil && pasteboard.changeCount == before + 3)
  }

  @Test("Items set as providers show their types at once; their typed getters are nil until loaded")
  func providers() async throws {
    let pasteboard = Pasteboard.withUniqueName()
    let provider = ItemProvider()
    provider.registerObject("秋田", visibility: .all)
    pasteboard.itemProviders = [provider]
    #expect(pasteboard.hasStrings && pasteboard.string == nil && pasteboard.numberOfItems == 1)
    #expect(pasteboard.contains(pasteboardTypes: [ContentType.plainText.identifier]))
    #expect(!pasteboard.contains(pasteboardTypes: [ContentType.image.identifier]))
    #expect(try await pasteboard.itemProviders[0].loadObject(ofClass: String.self) == "秋田")
    #expect(pasteboard.typesOfItems.count == 1 && !pasteboard.isLocalOnly)
  }

  @Test("URLs, images and colours read back as set, each item its own")
  func typedValues() throws {
    let pasteboard = Pasteboard.withUniqueName()
    let urls = [URL(string: "https://example.org/a")!, URL(fileURLWithPath: "/tmp/b.png")]
    pasteboard.urls = urls
    #expect(pasteboard.urls == urls && pasteboard.url == urls[0] && pasteboard.hasURLs && pasteboard.numberOfItems == 2)
    let png = Data(
      base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==")!
    let image = try #require(Image(data: png))
    pasteboard.image = image
    #expect(pasteboard.image == image && pasteboard.hasImages && pasteboard.urls == nil)
    pasteboard.color = .red
    #expect(pasteboard.color == .red && pasteboard.hasColors && pasteboard.image == nil)
  }

  @Test("Local-only items never reach other applications; the others do, restricted to what they may see")
  func localOnly() {
    let pasteboard = Pasteboard.withUniqueName()
    let provider = ItemProvider()
    provider.registerObject("福島", visibility: .all)
    pasteboard.setItemProviders([provider], localOnly: true, expirationDate: nil)
    #expect(pasteboard.isLocalOnly && pasteboard.itemProvidersForOtherApplications.isEmpty)
    let own = ItemProvider()
    own.registerDataRepresentation(for: .utf8PlainText, visibility: .ownProcess) {
      $0(.success(Data("x".utf8))); return nil
    }
    own.registerObject("茨城", visibility: .all)
    pasteboard.setItemProviders([own], localOnly: false, expirationDate: nil)
    let outside = pasteboard.itemProvidersForOtherApplications
    #expect(outside.count == 1 && !pasteboard.isLocalOnly)
    #expect(outside[0].registeredContentTypes.count < own.registeredContentTypes.count)
  }

  /// The positions a cut hears of, in order.
  @MainActor
  final class CutReads {
    private var heard: [[Int]] = []
    private var waiting: CheckedContinuation<[Int], Never>?
    var whenRead: @MainActor ([Int]) -> Void {
      { [weak self] positions in
        guard let self else { return }
        if let waiting = self.waiting {
          self.waiting = nil
          waiting.resume(returning: positions)
        } else {
          self.heard.append(positions)
        }
      }
    }
    /// The next word the cut hears, waiting for it.
    func next() async -> [Int] {
      if !heard.isEmpty { return heard.removeFirst() }
      return await withCheckedContinuation { waiting = $0 }
    }
  }

  @Test(
    "A cut tells its source of each item once, when a paste in the process has loaded it whole; failed loads tell nothing"
  )
  func cutReadInTheProcess() async throws {
    let pasteboard = Pasteboard.withUniqueName()
    let providers = ["北海道", "青森", "秋田"].map { name in
      let provider = ItemProvider()
      provider.registerObject(name, visibility: .all)
      return provider
    }
    let broken = ItemProvider()
    broken.registerDataRepresentation(for: .png, visibility: .all) { completion in
      completion(.failure(ItemProviderError.fileOperationFailed(path: "/gone.png", reason: "the disk is gone")))
      return nil
    }
    let reads = CutReads()
    pasteboard.setItemProvidersForCut(providers + [broken], whenRead: reads.whenRead)
    #expect(pasteboard.numberOfItems == 4 && pasteboard.changeCount == 1)
    let items = pasteboard.itemProviders
    // A load that fails, one of a type the item does not have, and a decode that fails
    // tell nothing: the next word is of the load that succeeds after them.
    await #expect(throws: ItemProviderError.self) { try await items[3].loadDataRepresentation(for: .png) }
    await #expect(throws: ItemProviderError.self) { try await items[0].loadDataRepresentation(for: .png) }
    await #expect(throws: ItemProviderError.self) { try await items[1].loadObject(ofClass: URL.self) }
    #expect(try await items[1].loadObject(ofClass: String.self) == "青森")
    #expect(await reads.next() == [1])
    // Read again: nothing more. Another item: its position.
    _ = try await items[1].loadObject(ofClass: String.self)
    _ = try await items[2].loadDataRepresentation(for: .utf8PlainText)
    #expect(await reads.next() == [2])
  }

  @Test(
    "A cut on the desktop's clipboard hears another application's whole reads once each; local-only cuts never leave")
  func cutReadByAnotherApplication() async throws {
    let clipboard = FakeClipboard()
    clipboard.install()
    defer { clipboard.uninstall() }
    let providers = ["岩手", "宮城", "山形"].map { name in
      let provider = ItemProvider()
      provider.registerObject(name, visibility: .all)
      return provider
    }
    let reads = CutReads()
    let before = Pasteboard.general.changeCount
    Pasteboard.general.setItemProvidersForCut(providers, whenRead: reads.whenRead)
    #expect(Pasteboard.general.changeCount == before + 1)
    #expect(clipboard.published.last?.count == 3)
    // A list of files read whole names two items; a read of them again says nothing new.
    clipboard.otherApplicationReadWhole([0, 2])
    clipboard.otherApplicationReadWhole([2, 0, 7])
    clipboard.otherApplicationReadWhole([1])
    #expect(await reads.next() == [0, 2])
    #expect(await reads.next() == [1])

    // Once another application copies, reads of the old offer are not ours to hear.
    let later = CutReads()
    Pasteboard.general.setItemProvidersForCut(providers, whenRead: later.whenRead)
    clipboard.copyFromAnotherApplication(["text/plain": Data("福島".utf8)])
    clipboard.otherApplicationReadWhole([0])
    // A cut kept in the process is never offered, so no other application reads it.
    Pasteboard.general.setItemProvidersForCut(providers, localOnly: true, whenRead: later.whenRead)
    #expect(clipboard.published.last?.isEmpty == true)
    clipboard.otherApplicationReadWhole([0])
    _ = try await Pasteboard.general.itemProviders[2].loadObject(ofClass: String.self)
    #expect(await later.next() == [2], "only the paste in the process is heard")
  }

  @Test("Items past their expiration date are gone when next read, and that is a change")
  func expiration() {
    @MainActor final class Time {
      var now = Date(timeIntervalSinceReferenceDate: 1_000)
    }
    let time = Time()
    let saved = Pasteboard.now
    Pasteboard.now = { time.now }
    defer { Pasteboard.now = saved }
    let pasteboard = Pasteboard.withUniqueName()
    let changes = Changes(pasteboard)
    let provider = ItemProvider()
    provider.registerObject("栃木", visibility: .all)
    pasteboard.setItemProviders([provider], localOnly: false, expirationDate: time.now.addingTimeInterval(60))
    #expect(pasteboard.numberOfItems == 1 && pasteboard.changeCount == 1)
    time.now = time.now.addingTimeInterval(59)
    #expect(pasteboard.numberOfItems == 1 && pasteboard.changeCount == 1)
    time.now = time.now.addingTimeInterval(2)
    #expect(pasteboard.numberOfItems == 0 && !pasteboard.hasStrings && pasteboard.changeCount == 2)
    #expect(changes.count == 2)
  }

  @Test("Named pasteboards: made on request, shared by name, unique when asked, gone once removed")
  func named() {
    let name = Pasteboard.Name("org.dragdrop.tests.\(UUID().uuidString)")
    #expect(Pasteboard(name: name, create: false) == nil)
    let first = Pasteboard(name: name, create: true)
    first?.string = "群馬"
    let second = Pasteboard(name: name, create: false)
    #expect(second?.string == "群馬" && second?.changeCount == 1 && second?.name == name)
    #expect(Pasteboard.withUniqueName().name != Pasteboard.withUniqueName().name)
    #expect(Pasteboard(name: .general, create: false)?.changeCount == Pasteboard.general.changeCount)
    Pasteboard.remove(withName: name)
    #expect(Pasteboard(name: name, create: false) == nil)
    // The general pasteboard cannot be removed.
    Pasteboard.remove(withName: .general)
    #expect(Pasteboard(name: .general, create: false) != nil)
  }
}
