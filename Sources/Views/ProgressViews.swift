import Foundation

/// Work whose progress a ``ProgressView`` can follow: Foundation's `Progress`, or the
/// progress of an item provider's load.
public protocol ObservableProgress: AnyObject {
  /// How much is done, from 0 to 1.
  var fractionCompleted: Double { get }
  /// Whether the work is done.
  var isFinished: Bool { get }
  /// Whether the work was cancelled.
  var isCancelled: Bool { get }
}

extension Progress: ObservableProgress {}

/// Keeps a view among those its window draws every frame while `isActive` says so, and
/// moves it along when the view changes windows.
@MainActor
struct ContinuousAnimation {
  private weak var window: Window?

  mutating func update(for view: View, active: Bool) {
    let target = active ? view.window : nil
    guard target !== window else { return }
    window?.setAnimatesContinuously(false, view)
    window = target
    target?.setAnimatesContinuously(true, view)
  }
}

/// A spinner that says work is under way, as UIKit's `UIActivityIndicatorView`.
///
/// While it animates, its spokes turn once a second with the window's clock, and the
/// window draws every frame; the clock keeps no action waiting for it, so tests that
/// settle their window are not held up.
@MainActor
open class ActivityIndicatorView: View {
  /// The spinner's size.
  public enum Style: Sendable, Hashable {
    /// 20 points across.
    case medium
    /// 37 points across.
    case large
  }

  /// The spinner's size.
  public var style: Style { didSet { sizeToFit() } }
  /// The spokes' colour; grey by default.
  public var color = Color(white: 0.45)
  /// Whether the view hides while it does not animate; true by default.
  public var hidesWhenStopped = true { didSet { updateVisibility() } }
  /// Whether the spokes turn.
  public private(set) var isAnimating = false
  private var animation = ContinuousAnimation()

  /// A spinner of `style`, stopped (and so hidden).
  public init(style: Style = .medium) {
    self.style = style
    super.init(frame: .zero)
    sizeToFit()
    isUserInteractionEnabled = false
    accessibilityLabel = "In progress"
    updateVisibility()
  }

  /// Starts the spokes turning, and shows the view.
  public func startAnimating() {
    isAnimating = true
    updateVisibility()
  }

  /// Stops the spokes, and hides the view if ``hidesWhenStopped``.
  public func stopAnimating() {
    isAnimating = false
    updateVisibility()
  }

  private func updateVisibility() {
    if hidesWhenStopped { isHidden = !isAnimating }
    animation.update(for: self, active: isAnimating)
  }

  open override func didMoveToWindow() {
    super.didMoveToWindow()
    animation.update(for: self, active: isAnimating)
  }

  open override func sizeThatFits(_ size: Size) -> Size {
    let side = style == .large ? 37.0 : 20.0
    return Size(width: side, height: side)
  }

  /// Which spoke is brightest now: twelve steps a second on the window's clock.
  public var phase: Int {
    guard isAnimating, let now = window?.clock.now else { return 0 }
    return Int((now * 12).rounded(.down)) % 12
  }

  /// Twelve capsules around the centre, the brightest at ``phase``, each older one fainter.
  open override func draw(in context: any GraphicsContext) {
    let radius = min(bounds.width, bounds.height) / 2
    guard radius > 0 else { return }
    let width = max(1.5, radius * 0.2)
    // A spoke pointing up from the centre, turned into place for each step.
    let spoke = Path(
      roundedRect: Rect(x: -width / 2, y: -radius, width: width, height: radius * 0.55), cornerRadius: width / 2)
    for step in 0..<12 {
      let age = (phase - step + 12) % 12
      let place = CGAffineTransform(rotationAngle: Double(step) * .pi / 6)
        .concatenating(CGAffineTransform(translationX: bounds.midX, y: bounds.midY))
      context.fill(
        spoke.applying(place), color: color.withAlphaComponent(color.alpha * max(0.2, 1 - Double(age) / 12)))
    }
  }
}

/// A bar that shows how much of a task is done, as UIKit's `UIProgressView`: set
/// ``progress``, or give it a Foundation `Progress`, or the progress of an item provider's
/// load, to follow (``observedProgress``).
///
/// Foundation on Linux cannot observe a `Progress` by key-value observing; the bar reads
/// the progress's `fractionCompleted` each time it is drawn, and has its window draw every
/// frame until the progress finishes.
@MainActor
open class ProgressView: View {
  /// The bar's look.
  public enum Style: Sendable, Hashable {
    /// A bar in the tint colour over a light track.
    case `default`
    /// A thinner bar, as in a toolbar.
    case bar
  }

  /// The bar's look.
  public var progressViewStyle: Style
  /// How much is done, from 0 to 1; values outside are clamped. With an
  /// ``observedProgress``, its fraction completed.
  public var progress: Float {
    get { observedProgress.map { Float($0.fractionCompleted) } ?? storedProgress }
    set { setProgress(newValue, animated: false) }
  }
  private var storedProgress: Float = 0
  /// The done part's colour; the tint colour when nil.
  public var progressTintColor: Color?
  /// The track's colour; light grey when nil.
  public var trackTintColor: Color?
  /// A `Progress` the bar follows, read each time it is drawn.
  public var observedProgress: (any ObservableProgress)? { didSet { updateAnimation() } }
  private var animation = ContinuousAnimation()

  /// A bar of `style`, 2 points high (4 as a bar).
  public init(progressViewStyle style: Style = .default) {
    progressViewStyle = style
    super.init(frame: Rect(x: 0, y: 0, width: 150, height: style == .bar ? 2.5 : 4))
    isUserInteractionEnabled = false
  }

  /// A plain bar of `frame`.
  public override init(frame: Rect) {
    progressViewStyle = .default
    super.init(frame: frame)
    isUserInteractionEnabled = false
  }

  /// Sets the fraction done, clamped to 0...1; a NaN is 0.
  public func setProgress(_ progress: Float, animated: Bool) {
    storedProgress = progress.isNaN ? 0 : min(1, max(0, progress))
  }

  open override func didMoveToWindow() {
    super.didMoveToWindow()
    updateAnimation()
  }

  private func updateAnimation() {
    let unfinished = observedProgress.map { !$0.isFinished && !$0.isCancelled } ?? false
    animation.update(for: self, active: unfinished)
  }

  open override func sizeThatFits(_ size: Size) -> Size {
    Size(width: bounds.width, height: progressViewStyle == .bar ? 2.5 : 4)
  }

  open override func draw(in context: any GraphicsContext) {
    let radius = progressViewStyle == .bar ? 0 : bounds.height / 2
    let track = trackTintColor ?? Color(white: 0.89)
    context.fill(Path(roundedRect: bounds, cornerRadius: radius), color: track)
    let fraction = Double(min(1, max(0, progress.isNaN ? 0 : progress)))
    if fraction > 0 {
      let done = Rect(x: bounds.minX, y: bounds.minY, width: bounds.width * fraction, height: bounds.height)
      context.fill(Path(roundedRect: done, cornerRadius: radius), color: progressTintColor ?? tintColor ?? .systemBlue)
    }
    if observedProgress?.isFinished == true || observedProgress?.isCancelled == true { updateAnimation() }
  }

  open override var snapshotDescription: String {
    super.snapshotDescription + " progress=\(formatted(Double(progress)))"
  }
}
