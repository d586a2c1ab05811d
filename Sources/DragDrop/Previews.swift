/// Where a preview appears: a point in a container view, with a transform.
@MainActor
public struct DragPreviewTarget {
  /// The view the centre is in. Held weakly: a target is part of a drag that its window
  /// holds, and must not keep that window alive. A target whose container has gone puts
  /// the preview at ``center`` in window coordinates.
  public private(set) weak var container: View?
  /// In the container's coordinates.
  public let center: Point
  /// Applied to the preview at the target: a scale to land smaller, say.
  public let transform: CGAffineTransform

  /// A target at `center` in `container`'s coordinates, with `transform` applied to the preview there.
  public init(container: View, center: Point, transform: CGAffineTransform = .identity) {
    self.container = container
    self.center = center
    self.transform = transform
  }

  /// The centre in window coordinates.
  public var centerInWindow: Point {
    container?.convert(center, to: nil) ?? center
  }
}

/// How a preview is drawn: the part of the view shown, and the colour behind it.
@MainActor
public final class DragPreviewParameters {
  /// The part of the view shown, in its coordinates; nil shows the whole view. A
  /// ``BezierPath``, as UIKit's is: `parameters.visiblePath = UIBezierPath(roundedRect: …)`.
  public var visiblePath: BezierPath?
  /// Drawn behind the visible part; nil means the platform's default (white).
  public var backgroundColor: Color?

  /// Parameters that show `visiblePath` of the view (all of it when nil) over `backgroundColor` (the default's
  /// when nil).
  public init(visiblePath: Path? = nil, backgroundColor: Color? = nil) {
    self.visiblePath = visiblePath.map(BezierPath.init(cgPath:))
    self.backgroundColor = backgroundColor
  }

  /// The visible part's shape.
  var visibleShape: Path? { visiblePath?.cgPath }
}

/// Why a targeted preview could not be made.
public enum DragPreviewError: Error, Hashable, Sendable, CustomStringConvertible {
  /// `TargetedDragPreview(view:)` needs a view in a window to find where it is; give a
  /// target for a view that is not in one.
  case viewNotInWindow(String)

  public var description: String {
    switch self {
    case .viewNotInWindow(let view):
      "\(view) is not in a window: create the preview with a target (rule 11)"
    }
  }
}

/// A preview for a drag item while it moves, without a place (the item's preview provider
/// returns these).
@MainActor
public final class DragPreview {
  /// The view the preview shows.
  public let view: View
  /// How it is shown.
  public let parameters: DragPreviewParameters

  /// A preview of `view`, shown with `parameters`.
  public init(view: View, parameters: DragPreviewParameters = DragPreviewParameters()) {
    self.view = view
    self.parameters = parameters
  }
}

/// A preview with a place: what lifts, where it starts, and where it goes when the drag
/// ends.
@MainActor
public final class TargetedDragPreview {
  /// The view the preview shows.
  public let view: View
  /// How it is shown.
  public let parameters: DragPreviewParameters
  /// Where it is shown: the container, the centre and the transform.
  public let target: DragPreviewTarget

  /// A preview of a view that is in a window, placed where the view is.
  ///
  /// As in UIKit, the view must be in a window: it is how the preview finds where to
  /// appear. A view that is not is a misuse (rule 43). UIKit stops the app there; this logs
  /// ``DragPreviewError/viewNotInWindow(_:)``, tells ``Views/APIMisuse/handler``, and makes
  /// a preview centred on the view itself. Use ``checked(view:parameters:)`` to get the
  /// error thrown instead, or ``init(view:parameters:target:)`` for a view outside any
  /// window.
  public convenience init(view: View, parameters: DragPreviewParameters = DragPreviewParameters()) {
    do throws(DragPreviewError) {
      try self.init(checking: view, parameters: parameters)
    } catch {
      DropSession.logger.error(
        "TargetedDragPreview(view:): the view is not in a window; the preview is centred on the view",
        metadata: ["error": "\(error)"])
      self.init(
        view: view, parameters: parameters,
        target: DragPreviewTarget(container: view, center: Point(x: view.bounds.midX, y: view.bounds.midY)))
      APIMisuse.report(error)
    }
  }

  /// A preview of a view that is in a window, placed where the view is, or the error that
  /// says why not.
  ///
  /// - Throws: ``DragPreviewError/viewNotInWindow(_:)`` when the view is not in a window.
  public static func checked(
    view: View, parameters: DragPreviewParameters = DragPreviewParameters()
  ) throws(DragPreviewError) -> TargetedDragPreview {
    try TargetedDragPreview(checking: view, parameters: parameters)
  }

  private convenience init(checking view: View, parameters: DragPreviewParameters) throws(DragPreviewError) {
    guard let superview = view.superview, view.window != nil else {
      throw .viewNotInWindow("\(type(of: view))")
    }
    self.init(
      view: view, parameters: parameters,
      target: DragPreviewTarget(container: superview, center: view.center, transform: view.transform))
  }

  /// A preview of any view, shown at `target`; the view need not be in a window.
  public init(view: View, parameters: DragPreviewParameters, target: DragPreviewTarget) {
    self.view = view
    self.parameters = parameters
    self.target = target
  }

  /// The same preview, sent to another place.
  public func retargetedPreview(with target: DragPreviewTarget) -> TargetedDragPreview {
    TargetedDragPreview(view: view, parameters: parameters, target: target)
  }

  /// The preview's centre in window coordinates.
  var centerInWindow: Point {
    target.centerInWindow
  }

  /// The size the preview shows: the visible path's bounds, or the whole view.
  var size: Size {
    parameters.visibleShape?.bounds.size ?? view.bounds.size
  }
}

/// Where an animation ends.
public enum AnimatingPosition: Sendable, Hashable {
  /// The animation finished.
  case end
  /// The animation was reversed: a lift that did not become a drag.
  case start
  /// The animation stopped part-way.
  case current
}

/// Animations that run alongside a drag animation (a lift, a cancel, a drop), and
/// completions that run when it ends.
@MainActor
public protocol DragAnimating: AnyObject {
  /// Runs `animations` with the system's animation; the values they set are the end state.
  func addAnimations(_ animations: @escaping @MainActor () -> Void)
  /// Runs `completion` when the animation ends, with where it ended.
  func addCompletion(_ completion: @escaping @MainActor (AnimatingPosition) -> Void)
}

/// The animator the system hands to delegates. Animations run when it starts (they set
/// the final values; a platform renderer interpolates toward them over the duration), and
/// completions run once the duration has passed on the window's clock.
@MainActor
public final class DragAnimator: DragAnimating {
  /// How long the animations take, in seconds on the window's clock.
  public let duration: Double
  private var animations: [@MainActor () -> Void] = []
  private var completions: [@MainActor (AnimatingPosition) -> Void] = []
  /// Whether it has started and not finished.
  public private(set) var isRunning = false
  /// Whether its completions have run.
  public private(set) var isFinished = false
  private var timer: ScheduledAction?
  private var onFinish: ((AnimatingPosition) -> Void)?

  /// An animator of `duration` seconds, not started.
  public init(duration: Double) {
    self.duration = duration
  }

  public func addAnimations(_ animations: @escaping @MainActor () -> Void) {
    if isRunning { animations() } else { self.animations.append(animations) }
  }

  public func addCompletion(_ completion: @escaping @MainActor (AnimatingPosition) -> Void) {
    completions.append(completion)
  }

  /// Runs the animations and schedules the end on `clock`; `onFinish` runs after the
  /// completions.
  /// Runs the animations and finishes after ``duration`` on `clock`; without a clock (the
  /// window is gone) it finishes at once.
  func start(on clock: (any MainActorClock)?, onFinish: ((AnimatingPosition) -> Void)? = nil) {
    guard !isRunning, !isFinished else { return }
    isRunning = true
    self.onFinish = onFinish
    let pending = animations
    animations = []
    for animation in pending { animation() }
    guard let clock else {
      finish(at: .end)
      return
    }
    // The animator lives until it finishes, whoever else holds it.
    timer = clock.schedule(after: duration) { self.finish(at: .end) }
  }

  /// Ends the animation now at `position`, running the completions once.
  func finish(at position: AnimatingPosition) {
    guard !isFinished else { return }
    isFinished = true
    isRunning = false
    timer?.cancel()
    let pending = completions
    completions = []
    for completion in pending { completion(position) }
    onFinish?(position)
    onFinish = nil
  }
}

/// How the previews of a drag's several items are laid out around its location.
public enum DragPreviewFormation: Sendable, Hashable {
  /// Each later item a little below and to the right of the one before it.
  case stack
  /// One on top of another, each turned by a small angle of its own.
  case pile
  /// One under another, not overlapping, their left edges aligned.
  case list
  /// Where each was when it lifted, relative to the first.
  case none

  /// The offset of item `index`'s preview centre from the first item's, and its turn in
  /// radians. `sizes` are the previews' sizes, in item order; `lifted` their centres when
  /// they lifted.
  package func placement(of index: Int, sizes: [Size], lifted: [Point?]) -> (offset: Point, angle: Double) {
    guard index > 0, index < sizes.count else { return (.zero, 0) }
    switch self {
    case .stack:
      return (Point(x: 6 * Double(index), y: 6 * Double(index)), 0)
    case .pile:
      // A turn of up to 8 degrees either way, the same for an item every frame.
      let turns = [-0.09, 0.07, -0.04, 0.12, -0.13, 0.05, 0.1, -0.06]
      return (Point(x: 2 * Double(index % 3), y: 2 * Double(index % 2)), turns[(index - 1) % turns.count])
    case .list:
      var y = sizes[0].height / 2
      for earlier in 1..<index { y += 4 + sizes[earlier].height }
      y += 4 + sizes[index].height / 2
      return (Point(x: (sizes[index].width - sizes[0].width) / 2, y: y), 0)
    case .none:
      guard let first = lifted.first ?? nil, index < lifted.count, let here = lifted[index] else {
        return (Point(x: 6 * Double(index), y: 6 * Double(index)), 0)
      }
      return (here - first, 0)
    }
  }
}
