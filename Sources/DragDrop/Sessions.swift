import Foundation
import Logging
import Synchronization

/// What drag sessions and drop sessions have in common: the items, where the drag is, and
/// what it allows.
@MainActor
public protocol DragDropSession: AnyObject {
  /// The items, in display order.
  var items: [DragItem] { get }
  /// Whether the source allows a move (rule 8); a move proposal becomes a cancel if not.
  var allowsMoveOperation: Bool { get }
  /// Whether the drag may only drop inside the source application (rule 8).
  var isRestrictedToDraggingApplication: Bool { get }
  /// Where the drag is, in `view`'s coordinates.
  func location(in view: View) -> Point
}

extension DragDropSession {
  /// Whether any item has a representation conforming to one of `types` (rule 10).
  public func hasItemsConforming(to types: [ContentType]) -> Bool {
    items.contains { item in types.contains { item.itemProvider.hasItemConforming(to: $0) } }
  }

  /// Whether any item can be loaded as `type`.
  public func canLoadObjects(ofClass type: any ItemProviderReading.Type) -> Bool {
    items.contains { $0.itemProvider.canLoadObject(ofClass: type) }
  }
}

/// The source's view of a drag: the items it offered and its own context.
@MainActor
public final class DragSession: DragDropSession {
  public internal(set) var items: [DragItem]
  /// Anything the source wants to keep with the session; seen only by the source app.
  public var localContext: Any?
  public internal(set) var allowsMoveOperation = true
  public internal(set) var isRestrictedToDraggingApplication = false
  /// The drag's location in its window's coordinates.
  public internal(set) var locationInWindow: Point
  /// The window the drag is in.
  public internal(set) weak var window: Window?
  /// How the items' previews are laid out while the drag moves, unless the target under
  /// it says otherwise (``DropInteraction/previewFormation``).
  public var previewFormation = DragPreviewFormation.stack

  /// A session on its own, for testing a delegate without a window: `location` is in the
  /// coordinates of `window`, or of the root of whatever view asks, when there is none.
  public init(items: [DragItem] = [], location: Point = .zero, window: Window? = nil) {
    self.items = items
    self.locationInWindow = location
    self.window = window
  }

  public func location(in view: View) -> Point {
    view.convert(locationInWindow, from: window)
  }
}

/// How a drop shows the progress of slow loads.
public enum DropSessionProgressIndicatorStyle: Sendable, Hashable {
  /// The system shows progress when loading takes a while.
  case `default`
  /// The application shows progress itself, with placeholders for example.
  case none
}

/// The destination's view of a drag: the items as promises, where the drag is, and, inside
/// `performDrop`, the means to load them.
@MainActor
public final class DropSession: DragDropSession {
  public let items: [DragItem]
  /// The drag session when the drag comes from this process; nil for drags from another
  /// application (rule 16).
  public let localDragSession: DragSession?
  public internal(set) var allowsMoveOperation: Bool
  public internal(set) var isRestrictedToDraggingApplication: Bool
  /// How a list shows the loading of the session's items in its placeholders.
  public var progressIndicatorStyle = DropSessionProgressIndicatorStyle.default
  /// The drag's location in its window's coordinates.
  public internal(set) var locationInWindow: Point
  /// The window the drag is over.
  public internal(set) weak var window: Window?
  /// For a keyboard drag, the kind of stop the keys have reached; nil for drags by touch,
  /// pointer, or from another application. Lists neither auto-scroll for a keyboard drag
  /// (each stop scrolls itself into view) nor spring-load an item it only passes beside:
  /// only an ``KeyboardDropStop/item(named:)`` stop opens.
  public internal(set) var keyboardStop: KeyboardDropStop?
  /// The modifier keys held, as the drag's latest movement reported them: a pointer's or a
  /// touch's modifiers, or the keyboard's state during a platform drag. A desktop
  /// application copies rather than moves while Control is held, as file managers do;
  /// `dropSessionDidUpdate` is asked again when they change with the drag's next movement.
  public internal(set) var modifierFlags: KeyModifiers = []
  /// The progress of every load started through this session's items.
  public let progress = LoadProgress(totalUnitCount: 0)

  /// Whether loading is allowed: only while the drop is being performed.
  let loadGate: LoadGate
  /// Whether the items stay loadable after `performDrop` returns, until the drop's
  /// animation ends: SwiftUI's drop closures start loads from tasks they create, as on iOS.
  package private(set) var loadsUntilConcluded = false

  /// Keeps the items loadable after `performDrop` returns, until the drop's animation
  /// ends, for the declarative layer's closures that load from a task.
  package func keepLoadingUntilConcluded() {
    loadsUntilConcluded = true
  }

  /// A drop session on its own, for testing a delegate without a window.
  ///
  /// - Parameters:
  ///   - items: the items as the source offered them.
  ///   - localDragSession: the source's session when it is in this process.
  ///   - fromOtherProcess: whether the items come from another application. Their local
  ///     objects are then hidden and only representations visible to all are offered.
  ///   - location: where the drag is, in `window`'s coordinates.
  ///   - window: the window the drag is over, if any.
  ///   - allowsLoading: whether loads are permitted, as they are inside `performDrop`.
  public init(
    items: [DragItem], localDragSession: DragSession? = nil, fromOtherProcess: Bool = false,
    location: Point = .zero, window: Window? = nil, allowsLoading: Bool = false
  ) {
    let gate = LoadGate(open: allowsLoading)
    loadGate = gate
    self.localDragSession = fromOtherProcess ? nil : localDragSession
    self.items = items.map { item in
      let visible = fromOtherProcess ? item.itemProvider.restricted(to: .all) : item.itemProvider
      return item.copy(provider: visible.monitored(by: gate.monitor), keepingLocalObject: !fromOtherProcess)
    }
    allowsMoveOperation = localDragSession?.allowsMoveOperation ?? true
    isRestrictedToDraggingApplication = localDragSession?.isRestrictedToDraggingApplication ?? false
    locationInWindow = location
    self.window = window
  }

  public func location(in view: View) -> Point {
    view.convert(locationInWindow, from: window)
  }

  /// Loads every item that can be read as `type`, and calls `completion` on the main
  /// actor with the values in item order once all have finished; items that fail are left
  /// out, as in UIKit. Allowed only inside `performDrop` (rule 16): called elsewhere, it
  /// logs the misuse, the loads fail with `ItemProviderError/loadNotPermitted(reason:)`
  /// and the completion gets no values. ``loadObjectResults(ofClass:completion:)`` gives
  /// each item's error instead.
  ///
  /// - Returns: one progress for all the loads.
  @discardableResult
  public func loadObjects<T: ItemProviderReading>(
    ofClass type: T.Type, completion: @escaping @MainActor ([T]) -> Void
  ) -> LoadProgress {
    if !loadGate.isOpen {
      Self.logger.error(
        "loadObjects(ofClass:) was called outside performDrop, where loading is not permitted (rule 16); it loads nothing"
      )
    }
    return loadObjectResults(ofClass: type) { results in completion(results.compactMap { try? $0.get() }) }
  }

  /// Loads every item that can be read as `type`, and calls `completion` on the main actor
  /// once all have finished, with each item's value or typed error, in item order. Beyond
  /// UIKit, which leaves failed items out without saying why. Outside `performDrop` every
  /// result is `ItemProviderError/loadNotPermitted(reason:)`.
  ///
  /// - Returns: one progress for all the loads.
  @discardableResult
  public func loadObjectResults<T: ItemProviderReading>(
    ofClass type: T.Type, completion: @escaping @MainActor ([Result<T, ItemProviderError>]) -> Void
  ) -> LoadProgress {
    let loadable = items.filter { $0.itemProvider.canLoadObject(ofClass: type) }
    let aggregate = LoadProgress(totalUnitCount: Int64(loadable.count))
    progress.totalUnitCount += Int64(loadable.count)
    progress.addChild(aggregate, withPendingUnitCount: Int64(loadable.count))
    let results = Mutex<[Result<T, ItemProviderError>?]>(Array(repeating: nil, count: loadable.count))
    let remaining = Mutex(loadable.count)
    if loadable.isEmpty {
      Task { @MainActor in completion([]) }
      return aggregate
    }
    for (index, item) in loadable.enumerated() {
      let child = item.itemProvider.loadObject(ofClass: type) { result in
        results.withLock { $0[index] = result }
        let done = remaining.withLock { count -> Bool in
          count -= 1
          return count == 0
        }
        if done {
          let values = results.withLock { $0.compactMap { $0 } }
          Task { @MainActor in completion(values) }
        }
      }
      aggregate.addChild(child, withPendingUnitCount: 1)
    }
    return aggregate
  }

  static let logger = Logger(label: "DragDrop.DropSession")
}

/// Opens and closes loading for a drop session, and counts loads in flight so that the
/// source can hear when the destination has everything it asked for.
final class LoadGate: Sendable {
  private struct State {
    var open: Bool
    var inFlight = 0
    var started = 0
    var whenIdle: [@Sendable () -> Void] = []
  }

  private let state: Mutex<State>

  init(open: Bool) {
    state = Mutex(State(open: open))
  }

  var isOpen: Bool {
    get { state.withLock { $0.open } }
    set { state.withLock { $0.open = newValue } }
  }

  /// How many loads have started through the gate.
  var startedLoads: Int { state.withLock { $0.started } }
  /// How many loads are under way.
  var inFlight: Int { state.withLock { $0.inFlight } }

  var monitor: ItemProvider.LoadMonitor {
    ItemProvider.LoadMonitor(
      permit: { [self] in
        self.isOpen
          ? nil
          : .loadNotPermitted(reason: "a drop session's items load only inside performDrop (rule 16)")
      },
      loadDidStart: { [self] in
        self.state.withLock {
          $0.inFlight += 1
          $0.started += 1
        }
      },
      loadDidFinish: { [self] in
        let callbacks = self.state.withLock { state -> [@Sendable () -> Void] in
          state.inFlight -= 1
          guard state.inFlight == 0 else { return [] }
          defer { state.whenIdle = [] }
          return state.whenIdle
        }
        for callback in callbacks { callback() }
      })
  }

  /// Runs `callback` once no load is in flight: now, or when the last one finishes.
  func whenIdle(_ callback: @escaping @Sendable () -> Void) {
    let now = state.withLock { state -> Bool in
      if state.inFlight == 0 { return true }
      state.whenIdle.append(callback)
      return false
    }
    if now { callback() }
  }
}
