import ContentTypes
@_spi(Platform) import DragDrop
import Foundation
import ItemProviders
import Synchronization

/// A headless platform: the other applications of a desktop, for tests.
///
/// Attach it to windows, and it plays the part GTK plays in a real window. It hears every
/// drag that may leave the application (rule 37), with the MIME types it would offer; it
/// carries our drags over our own windows as the platform does, with `localDragSession`
/// set; and it makes ``FakeApplication``s that drag items in and take our drags.
///
/// ```swift
/// let platform = FakePlatform()
/// platform.attach(test.window)
/// test.longPress(at: label)                  // lifts; the drag is offered to the platform
/// test.move(to: outside)
/// let browser = platform.application(named: "browser")
/// let received = await browser.receive(try #require(platform.current), accepting: ["text/plain"])
/// ```
@MainActor
public final class FakePlatform: DragPlatformPort {
  /// What the platform heard, in order.
  public enum Event: Hashable, Sendable, CustomStringConvertible {
    /// A drag began that may leave the application; each item's offered MIME types.
    case began(mimeTypes: [[String]])
    /// The drag's operation changed.
    case operation(DropOperation)
    /// The drag ended with this operation at its source.
    case ended(DropOperation)

    public var description: String {
      switch self {
      case .began(let types): "began \(types.map { $0.joined(separator: ",") }.joined(separator: " | "))"
      case .operation(let operation): "operation \(operation)"
      case .ended(let operation): "ended \(operation)"
      }
    }
  }

  /// What the engine told the platform, in order.
  public private(set) var events: [Event] = []
  /// The drags of ours the platform carries now, oldest first.
  public private(set) var drags: [OutgoingDrag] = []
  /// The newest drag the platform carries.
  public var current: OutgoingDrag? { drags.last }

  private var windows: [WeakWindow] = []
  /// For each carried drag, the window it is over and its handle there.
  private var positions: [ObjectIdentifier: (window: WeakWindow, handle: IncomingDrag)] = [:]

  /// A platform with no windows and no drags.
  public init() {}

  /// Makes this the platform of `window`. The window holds it weakly: keep the platform.
  public func attach(_ window: Window) {
    window.dragPlatform = self
    windows.append(WeakWindow(window))
  }

  /// Another application on this desktop.
  public func application(named name: String) -> FakeApplication {
    FakeApplication(name: name)
  }

  // MARK: DragPlatformPort

  public func dragSessionDidBegin(_ drag: OutgoingDrag) {
    drags.append(drag)
    events.append(.began(mimeTypes: Self.mimeTypes(offeredBy: drag)))
  }

  public func dragSession(_ drag: OutgoingDrag, didUpdate operation: DropOperation) {
    events.append(.operation(operation))
  }

  public func dragSession(_ drag: OutgoingDrag, didEndWith operation: DropOperation) {
    drags.removeAll { $0 === drag }
    positions[ObjectIdentifier(drag)] = nil
    events.append(.ended(operation))
  }

  // MARK: Our drags over our windows

  /// The platform's pointer carries `drag` to `point` in `window` (one of ours): the
  /// window's targets see it as any drag the platform brings, with `localDragSession` set.
  /// Over a new window, the one it was over sees it leave.
  @discardableResult
  public func carry(_ drag: OutgoingDrag, to point: Point, in window: Window) -> IncomingDrag {
    let key = ObjectIdentifier(drag)
    if let position = positions[key], position.window.window === window {
      position.handle.move(to: point)
      return position.handle
    }
    positions[key]?.handle.leave()
    let handle = window.dragController.beginIncomingDrag(
      items: drag.session.items, at: point, allowsMoveOperation: drag.session.allowsMoveOperation,
      localSession: drag.session)
    positions[key] = (WeakWindow(window), handle)
    return handle
  }

  /// The platform's pointer carries `drag` out of our windows, over no application.
  public func carryOut(_ drag: OutgoingDrag) {
    positions.removeValue(forKey: ObjectIdentifier(drag))?.handle.leave()
  }

  /// The pointer is released where the platform carried `drag`. Over one of our windows it
  /// drops there, and the source hears what the drop did. Over nothing, it cancels.
  @discardableResult
  public func release(_ drag: OutgoingDrag) -> DropOperation {
    guard let position = positions.removeValue(forKey: ObjectIdentifier(drag)) else {
      drag.cancel()
      return .cancel
    }
    let operation = position.handle.drop()
    // A drop in the window it began in has ended it already; elsewhere the source hears now.
    drag.end(accepted: operation.performsDrop, operation: operation)
    return operation
  }

  /// The MIME types the platform offers for each item of `drag`, in fidelity order, as
  /// every platform does: `PlatformFormats.offers(for:)`.
  public static func mimeTypes(offeredBy drag: OutgoingDrag) -> [[String]] {
    drag.offeredTypes.map { PlatformFormats.offers(for: $0).map(\.mimeType) }
  }
}

/// Another application, as a test plays it: a source that drags items in, and a target
/// that takes our drags, reads what it accepts and reports success or failure. It can die
/// in the middle of a transfer.
public final class FakeApplication: Sendable {
  /// The application's name, for diagnostics.
  public let name: String
  private let state = Mutex(State())

  private struct State {
    var isAlive = true
    var holdsTransfers = false
    var pending: [@Sendable (Result<Data, any Error>) -> Void] = []
    var pendingData: [Data] = []
  }

  init(name: String) {
    self.name = name
  }

  /// Whether the application is still running.
  public var isAlive: Bool { state.withLock { $0.isAlive } }

  /// While true, reads of this application's items wait until
  /// ``deliverPendingTransfers()`` or ``die()``; otherwise they complete at once.
  public var holdsTransfers: Bool {
    get { state.withLock { $0.holdsTransfers } }
    set { state.withLock { $0.holdsTransfers = newValue } }
  }

  /// How many reads of this application's items wait.
  public var pendingTransferCount: Int { state.withLock { $0.pending.count } }

  /// Completes the reads that wait.
  public func deliverPendingTransfers() {
    let (handlers, data) = state.withLock { state in
      defer {
        state.pending = []
        state.pendingData = []
      }
      return (state.pending, state.pendingData)
    }
    for (handler, bytes) in zip(handlers, data) { handler(.success(bytes)) }
  }

  /// The application quits: reads that wait, and every later read, fail with
  /// `PlatformTransferError.peerVanished`.
  public func die() {
    let handlers = state.withLock { state in
      state.isAlive = false
      defer {
        state.pending = []
        state.pendingData = []
      }
      return state.pending
    }
    for handler in handlers { handler(.failure(PlatformTransferError.peerVanished)) }
  }

  // MARK: As a source

  /// An item this application drags: its representations, by content type, highest
  /// fidelity first. Its provider reads through the application, so the reads wait or fail
  /// as the application does.
  @MainActor
  public func item(_ representations: [(ContentType, Data)], suggestedName: String? = nil) -> DragItem {
    let provider = ItemProvider()
    for (type, data) in representations {
      provider.registerDataRepresentation(for: type, visibility: .all) { [self] completion in
        read(data, completion)
        return nil
      }
    }
    provider.suggestedName = suggestedName
    return DragItem(itemProvider: provider)
  }

  private func read(_ data: Data, _ completion: @escaping @Sendable (Result<Data, any Error>) -> Void) {
    let outcome: Result<Data, any Error>? = state.withLock { state in
      guard state.isAlive else { return .failure(PlatformTransferError.peerVanished) }
      guard !state.holdsTransfers else {
        state.pending.append(completion)
        state.pendingData.append(data)
        return nil
      }
      return .success(data)
    }
    if let outcome { completion(outcome) }
  }

  /// Drags `items` into `window` at `point`, as the platform brings a drag from this
  /// application: its targets see it with no `localDragSession` (rule 16).
  @MainActor
  public func drag(
    _ items: [DragItem], into window: Window, at point: Point, allowsMoveOperation: Bool = true
  ) -> IncomingDrag {
    window.dragController.beginIncomingDrag(items: items, at: point, allowsMoveOperation: allowsMoveOperation)
  }

  // MARK: As a target

  /// What this application does with a drop.
  public enum Outcome: Sendable, Hashable {
    /// It reads what it accepts and reports success.
    case succeeds
    /// It reads, then reports that the drop failed (on X11, `XdndFinished` with accepted 0).
    case fails
    /// It quits after asking for the data, before it has all of it: its reads are
    /// cancelled and the platform ends the drag as a cancel.
    case diesMidTransfer
  }

  /// One item as this application received it.
  public struct Received: Sendable, Hashable {
    /// The MIME type it read, nil when it accepted none of the item's.
    public var mimeType: String?
    /// The bytes, nil when it read nothing or the read failed.
    public var data: Data?
    /// The error of a read that failed.
    public var error: String?

    /// A record of one representation received: its MIME type, its bytes, or the error its read ended with.
    public init(mimeType: String? = nil, data: Data? = nil, error: String? = nil) {
      self.mimeType = mimeType
      self.data = data
      self.error = error
    }
  }

  /// Takes `drag`, released over this application: for each item it reads the first
  /// offered MIME type it accepts, then reports the outcome, and the source ends its
  /// session accordingly (rule 39: a move only on success).
  @MainActor
  public func receive(
    _ drag: OutgoingDrag, accepting mimeTypes: [String], operation: DropOperation = .copy,
    outcome: Outcome = .succeeds
  ) async -> [Received] {
    var received: [Received] = []
    var progresses: [LoadProgress] = []
    for provider in drag.itemProviders {
      let offers = PlatformFormats.offers(for: provider.registeredContentTypes(visibleTo: .all))
      guard let offer = offers.first(where: { offer in mimeTypes.contains { Self.same($0, offer.mimeType) } }) else {
        received.append(Received())
        continue
      }
      let (mime, type) = (offer.mimeType, offer.contentType)
      if outcome == .diesMidTransfer {
        progresses.append(provider.loadDataRepresentation(for: type) { _ in })
        received.append(Received(mimeType: mime))
        continue
      }
      do {
        // The bytes as the platform puts them on the wire (a URI list, UTF-16 for Mozilla).
        let data = try PlatformFormats.encode(try await provider.loadDataRepresentation(for: type), for: offer)
        received.append(Received(mimeType: mime, data: data))
      } catch {
        received.append(Received(mimeType: mime, error: "\(error)"))
      }
    }
    switch outcome {
    case .succeeds:
      let readAll = received.allSatisfy { $0.data != nil }
      drag.end(accepted: readAll && received.contains { $0.data != nil }, operation: operation)
    case .fails:
      drag.end(accepted: false, operation: operation)
    case .diesMidTransfer:
      state.withLock { $0.isAlive = false }
      for progress in progresses { progress.cancel() }
      drag.cancel()
    }
    return received
  }

  private static func same(_ a: String, _ b: String) -> Bool {
    a.lowercased().replacingOccurrences(of: " ", with: "") == b.lowercased().replacingOccurrences(of: " ", with: "")
  }
}

@MainActor
private struct WeakWindow {
  weak var window: Window?
  init(_ window: Window) { self.window = window }
}
