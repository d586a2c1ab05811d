import Foundation

/// A view that shows part of a larger content area and scrolls over it: the content offset
/// is the bounds' origin.
///
/// It scrolls with a mouse wheel (each notch glides the content by a step that grows with
/// the view, as GTK's scrolled windows do), and with a touchpad, which moves the content
/// with the fingers and lets it glide on, slowing down, after they lift. Shift turns a
/// wheel's vertical scroll into a horizontal one. Thin indicators show where the view is
/// while it scrolls, and fade once it rests. Every animation runs on the window's clock.
@MainActor
open class ScrollView: View {
  /// The size of the scrollable content.
  public var contentSize = Size.zero {
    didSet {
      if contentSize != oldValue {
        contentOffset = clamped(contentOffset)
        setNeedsLayout()
      }
    }
  }

  /// Whether scrolling shows the indicators. True by default.
  public var showsScrollIndicators = true {
    didSet { if !showsScrollIndicators { indicators.forEach { $0.alpha = 0 } } }
  }
  /// How fast a glide after a touchpad gesture slows down: the share of its speed kept
  /// after each millisecond (UIKit's normal rate). Lower stops sooner; 0 never glides.
  public var decelerationRate = 0.998
  /// Whether the wheel and the touchpad scroll the view. The content offset can always be
  /// set.
  public var isScrollEnabled = true

  public override init(frame: Rect = .zero) {
    super.init(frame: frame)
    clipsToBounds = true
    for indicator in indicators {
      indicator.backgroundColor = Color(red: 0, green: 0, blue: 0, alpha: 0.45)
      indicator.cornerRadius = 1.5
      indicator.alpha = 0
      indicator.isUserInteractionEnabled = false
      addSubview(indicator)
    }
  }

  /// The point of the content shown at the top-left corner.
  public var contentOffset: Point {
    get { bounds.origin }
    set {
      let offset = clamped(newValue)
      if offset != bounds.origin {
        bounds.origin = offset
        placeIndicators()
      }
    }
  }

  /// The largest offset the content allows.
  public var maximumContentOffset: Point {
    Point(x: max(0, contentSize.width - bounds.width), y: max(0, contentSize.height - bounds.height))
  }

  private func clamped(_ offset: Point) -> Point {
    let maximum = maximumContentOffset
    let x = offset.x.isNaN ? 0 : offset.x
    let y = offset.y.isNaN ? 0 : offset.y
    return Point(x: min(max(0, x), maximum.x), y: min(max(0, y), maximum.y))
  }

  /// Scrolls the least amount that shows `rect` (in content coordinates).
  public func scrollRectToVisible(_ rect: Rect) {
    var offset = contentOffset
    if rect.minY < offset.y {
      offset.y = rect.minY
    } else if rect.maxY > offset.y + bounds.height {
      offset.y = rect.maxY - bounds.height
    }
    if rect.minX < offset.x {
      offset.x = rect.minX
    } else if rect.maxX > offset.x + bounds.width {
      offset.x = rect.maxX - bounds.width
    }
    contentOffset = offset
  }

  // MARK: Wheel and touchpad

  /// Whether the content is moving on its own: a wheel step gliding, or a touchpad
  /// gesture gliding on after the fingers lifted.
  public var isDecelerating: Bool { motion != nil }

  /// The motion under way: where a wheel glide is heading, or a glide's velocity.
  private enum Motion {
    case wheel(from: Point, to: Point, start: Double)
    case glide(velocity: Point, last: Double)
  }
  private var motion: Motion?
  private var motionTimer: ScheduledAction?
  /// Recent touchpad deltas with their times, to measure the fingers' velocity.
  private var recentDeltas: [(delta: Point, time: Double)] = []

  /// How long a wheel step glides.
  static let wheelGlideDuration = 0.15

  /// How far one wheel notch scrolls along an axis of `length` points: GTK's step,
  /// the length to the power of two thirds.
  public static func wheelStep(forLength length: Double) -> Double {
    length > 0 && length.isFinite ? pow(length, 2.0 / 3.0) : 0
  }

  open override func scrollWheel(with event: ScrollEvent) -> Bool {
    guard isScrollEnabled else { return false }
    var delta = event.delta
    if event.kind == .wheel && event.modifiers.contains(.shift) && delta.x == 0 {
      delta = Point(x: delta.y, y: 0)
    }
    guard delta.x.isFinite, delta.y.isFinite else { return false }
    switch (event.kind, event.phase) {
    case (.wheel, _):
      let distance = Point(
        x: delta.x * Self.wheelStep(forLength: bounds.width), y: delta.y * Self.wheelStep(forLength: bounds.height))
      guard canScroll(by: distance) else { return false }
      let heading: Point
      if case .wheel(_, let to, _) = motion {
        heading = to
      } else {
        heading = contentOffset
      }
      let target = clamped(Point(x: heading.x + distance.x, y: heading.y + distance.y))
      guard let clock = window?.clock else {
        scroll(to: target)
        return true
      }
      startMotion(.wheel(from: contentOffset, to: target, start: clock.now))
      return true
    case (.precise, .changed):
      stopMotion()
      guard canScroll(by: delta) else { return !recentDeltas.isEmpty }
      let now = window?.clock.now ?? event.timestamp
      recentDeltas.append((delta, now))
      recentDeltas.removeAll { now - $0.time > 0.1 }
      scroll(to: Point(x: contentOffset.x + delta.x, y: contentOffset.y + delta.y))
      return true
    case (.precise, .ended):
      let velocity = measuredVelocity()
      recentDeltas = []
      if let clock = window?.clock, decelerationRate > 0, velocity.distance(to: .zero) > Self.minimumGlideSpeed {
        startMotion(.glide(velocity: velocity, last: clock.now))
      }
      return true
    }
  }

  /// Below this speed, in points a second, a glide stops.
  static let minimumGlideSpeed = 20.0

  /// Whether the content can move at all by `delta`: false at the edge it heads for, so
  /// that the scroll goes on to an enclosing scroll view.
  private func canScroll(by delta: Point) -> Bool {
    let maximum = maximumContentOffset
    let offset = contentOffset
    let horizontal = (delta.x < 0 && offset.x > 0) || (delta.x > 0 && offset.x < maximum.x)
    let vertical = (delta.y < 0 && offset.y > 0) || (delta.y > 0 && offset.y < maximum.y)
    return horizontal || vertical
  }

  /// The fingers' velocity over the last tenth of a second, in points a second.
  private func measuredVelocity() -> Point {
    guard let first = recentDeltas.first, let last = recentDeltas.last else { return .zero }
    let span = max(last.time - first.time, 1.0 / 60)
    let total = recentDeltas.reduce(Point.zero) { Point(x: $0.x + $1.delta.x, y: $0.y + $1.delta.y) }
    return Point(x: total.x / span, y: total.y / span)
  }

  private func startMotion(_ newMotion: Motion) {
    motion = newMotion
    if motionTimer == nil { scheduleMotionFrame() }
  }

  /// Stops a wheel glide or a touchpad glide where the content is now.
  public func stopDecelerating() {
    stopMotion()
  }

  private func stopMotion() {
    motion = nil
    motionTimer?.cancel()
    motionTimer = nil
  }

  private func scheduleMotionFrame() {
    guard let clock = window?.clock else {
      stopMotion()
      return
    }
    motionTimer = clock.schedule(after: 1.0 / 60) { [weak self] in
      guard let self else { return }
      self.motionTimer = nil
      self.stepMotion(now: clock.now)
      if self.motion != nil { self.scheduleMotionFrame() }
    }
  }

  private func stepMotion(now: Double) {
    switch motion {
    case .wheel(let from, let to, let start):
      let t = min(1, (now - start) / Self.wheelGlideDuration)
      let eased = 1 - pow(1 - t, 3)  // ease out
      scroll(to: Point(x: from.x + (to.x - from.x) * eased, y: from.y + (to.y - from.y) * eased))
      if t >= 1 { motion = nil }
    case .glide(let velocity, let last):
      let elapsed = max(0, now - last)
      let kept = pow(decelerationRate, elapsed * 1000)
      // The distance covered while the speed decays exponentially over the interval.
      let factor = decelerationRate < 1 ? (1 - kept) / -log(decelerationRate) / 1000 : elapsed
      let before = contentOffset
      scroll(to: Point(x: before.x + velocity.x * factor, y: before.y + velocity.y * factor))
      let next = Point(x: velocity.x * kept, y: velocity.y * kept)
      if contentOffset == before || next.distance(to: .zero) < Self.minimumGlideSpeed {
        motion = nil
      } else {
        motion = .glide(velocity: next, last: now)
      }
    case nil:
      break
    }
  }

  /// Moves the content, shows the indicators, and lets live drags find their targets
  /// again under the content that moved.
  private func scroll(to offset: Point) {
    let before = contentOffset
    contentOffset = offset
    guard contentOffset != before else { return }
    didScroll()
  }

  /// Called whenever the wheel, the touchpad or a glide moved the content.
  open func didScroll() {
    flashScrollIndicators()
    layoutIfNeeded()
    window?.contentDidScroll(in: self)
  }

  // MARK: Indicators

  /// The vertical and horizontal indicators, topmost of the subviews.
  private let indicators = [View(), View()]
  private var indicatorFade: ScheduledAction?
  /// How long the indicators stay after the content stops.
  static let indicatorLinger = 0.6
  static let indicatorThickness = 3.0

  /// Shows the indicators for a moment, as scrolling does.
  public func flashScrollIndicators() {
    guard showsScrollIndicators else { return }
    placeIndicators()
    let maximum = maximumContentOffset
    indicators[0].alpha = maximum.y > 0 ? 1 : 0
    indicators[1].alpha = maximum.x > 0 ? 1 : 0
    indicatorFade?.cancel()
    indicatorFade = window?.clock.schedule(after: Self.indicatorLinger) { [weak self] in
      self?.fadeIndicators(step: 0)
    }
  }

  /// Fades the indicators out over a quarter of a second.
  private func fadeIndicators(step: Int) {
    let steps = 8
    let alpha = 1 - Double(step + 1) / Double(steps)
    for indicator in indicators where indicator.alpha > 0 { indicator.alpha = max(0, alpha) }
    guard step + 1 < steps else {
      indicatorFade = nil
      return
    }
    indicatorFade = window?.clock.schedule(after: 0.25 / Double(steps)) { [weak self] in
      self?.fadeIndicators(step: step + 1)
    }
  }

  /// Whether the indicators show now (for tests and snapshots).
  public var areScrollIndicatorsVisible: Bool { indicators.contains { $0.alpha > 0 } }

  private func placeIndicators() {
    let offset = contentOffset
    let maximum = maximumContentOffset
    let inset = 2.0
    let thickness = Self.indicatorThickness
    if contentSize.height > 0, bounds.height > 0 {
      let track = bounds.height - 2 * inset
      let length = min(track, max(24, track * bounds.height / contentSize.height))
      let progress = maximum.y > 0 ? offset.y / maximum.y : 0
      indicators[0].frame = Rect(
        x: offset.x + bounds.width - inset - thickness, y: offset.y + inset + (track - length) * progress,
        width: thickness, height: length)
    }
    if contentSize.width > 0, bounds.width > 0 {
      let track = bounds.width - 2 * inset - thickness
      let length = min(track, max(24, track * bounds.width / contentSize.width))
      let progress = maximum.x > 0 ? offset.x / maximum.x : 0
      indicators[1].frame = Rect(
        x: offset.x + inset + (track - length) * progress, y: offset.y + bounds.height - inset - thickness,
        width: length, height: thickness)
    }
    // Above every cell: views added since go below them again.
    if !subviews.suffix(2).elementsEqual(indicators, by: ===) { indicators.forEach(bringSubviewToFront) }
  }
}
