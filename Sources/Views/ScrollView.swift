import Foundation

/// A view that shows part of a larger content area and scrolls over it: the content offset
/// is the bounds' origin.
///
/// It scrolls with a finger, as UIKit's scroll views do (rule 44): a finger that moves
/// about 10 points before a drag lifts pans the content, which resists past an edge
/// (``ScrollPhysics/rubberBand(overshoot:extent:)``), glides on after the finger lifts at
/// ``decelerationRate``, and springs back from an edge; a finger on gliding content stops
/// it. It scrolls with a mouse wheel (each notch glides the content by a step that grows
/// with the view, as GTK's scrolled windows do), and with a touchpad, which moves the
/// content with the fingers and lets it glide on after they lift. Shift turns a wheel's
/// vertical scroll into a horizontal one. Thin indicators show where the view is while it
/// scrolls, and fade once it rests. Every animation runs on the window's clock; the
/// ``delegate`` hears each step.
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
  /// How fast a glide after a flick or a touchpad gesture slows down: the share of its
  /// speed kept after each millisecond. Lower stops sooner; 0 never glides.
  public var decelerationRate = DecelerationRate.normal
  /// Whether a finger, the wheel and the touchpad scroll the view. The content offset can
  /// always be set.
  public var isScrollEnabled = true {
    didSet { panGestureRecognizer.isEnabled = isScrollEnabled }
  }
  /// Told as the content moves, as UIKit's scroll view delegate is; held weakly. A table's
  /// or a collection view's delegate is this one, as in UIKit.
  open weak var delegate: (any ScrollViewDelegate)?
  /// Whether a finger can pull the content past its edges, where it resists and springs
  /// back. True by default; false stops it at the edges.
  public var bounces = true
  /// Whether a finger can pull the content vertically even when it is not taller than the
  /// view (and so bounce).
  public var alwaysBounceVertical = false
  /// Whether a finger can pull the content horizontally even when it is not wider than the
  /// view.
  public var alwaysBounceHorizontal = false
  /// Whether a pan that starts along one axis stays on it.
  public var isDirectionalLockEnabled = false
  /// Whether a flick stops at a multiple of the view's size: one page at a time.
  public var isPagingEnabled = false
  /// Whether a finger is on the content, whether or not it has moved it yet.
  public private(set) var isTracking = false
  /// Whether a finger is moving the content.
  public private(set) var isDragging = false
  /// The recogniser of the finger that pans the content: it takes direct touches only, so
  /// that the pointer still selects and drags. Require it to fail, or let it recognise
  /// with another, as in UIKit.
  public let panGestureRecognizer: PanGestureRecognizer = ScrollPanGestureRecognizer()
  /// Whether a finger's touch reaches the content's own handling (a control's highlight, a
  /// cell's) only once it has stayed still a moment (0.15 s), so that a swipe scrolls
  /// without highlighting what it started on. True by default, as in UIKit.
  public var delaysContentTouches = true {
    didSet { contentTouchDelay.delaysTouchesBegan = delaysContentTouches }
  }
  /// Whether a finger that the content already tracks (a control it highlights) can still
  /// scroll, taking the touch from the content. True by default, as in UIKit.
  public var canCancelContentTouches = true
  /// Holds a finger's touch back from the content for ``contentTouchDelay``'s moment.
  private let contentTouchDelay = ContentTouchDelay()

  public override init(frame: Rect = .zero) {
    super.init(frame: frame)
    clipsToBounds = true
    addGestureRecognizer(panGestureRecognizer)
    addGestureRecognizer(contentTouchDelay)
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
    set { setOffset(clamped(newValue)) }
  }

  /// Moves the content to `offset`, which may lie past the edges while a finger pulls it or
  /// it springs back, and tells the delegate.
  private func setOffset(_ offset: Point) {
    guard offset != bounds.origin, offset.x.isFinite, offset.y.isFinite else { return }
    bounds.origin = offset
    placeIndicators()
    delegate?.scrollViewDidScroll(self)
  }

  /// Moves the content to `offset` (clamped to the content), gliding there when `animated`;
  /// the delegate hears `scrollViewDidEndScrollingAnimation` once it arrives.
  public func setContentOffset(_ offset: Point, animated: Bool) {
    let target = clamped(offset)
    guard animated, let clock = window?.clock, target != contentOffset else {
      stopMotion()
      scroll(to: target)
      return
    }
    startMotion(.spring(target: target, velocity: .zero, last: clock.now, reason: .animation))
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

  /// The motion under way: where a wheel glide is heading, a glide's velocity, or a
  /// spring's rest (an edge, a page, an animated offset).
  private enum Motion {
    case wheel(from: Point, to: Point, start: Double)
    case glide(velocity: Point, last: Double)
    case spring(target: Point, velocity: Point, last: Double, reason: SpringReason)
  }

  /// Why a spring runs, which says what the delegate hears when it rests.
  private enum SpringReason {
    /// After a finger lifted: the end of a deceleration.
    case deceleration
    /// ``setContentOffset(_:animated:)``: the end of a scrolling animation.
    case animation
  }
  private var motion: Motion?
  /// Whether the glide under way came from a finger's flick, which bounces at an edge; a
  /// touchpad's stops there.
  private var glideBouncesAtEdges = false
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
      if let clock = window?.clock, decelerationRate.rawValue > 0,
        velocity.distance(to: .zero) > Self.minimumGlideSpeed
      {
        glideBouncesAtEdges = false
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

  /// Stops a wheel glide, a touchpad glide or a flick's glide where the content is now.
  public func stopDecelerating() {
    stopMotion()
  }

  private func stopMotion() {
    motion = nil
    motionTimer?.cancel()
    motionTimer = nil
  }

  /// Ends the motion under way and tells the delegate what ended.
  private func finishMotion(_ ended: Motion) {
    motion = nil
    switch ended {
    case .glide, .spring(_, _, _, .deceleration): delegate?.scrollViewDidEndDecelerating(self)
    case .spring(_, _, _, .animation): delegate?.scrollViewDidEndScrollingAnimation(self)
    case .wheel: break
    }
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
      let rate = decelerationRate.rawValue
      let before = contentOffset
      let wanted = Point(
        x: before.x + ScrollPhysics.glideDistance(velocity.x, rate: rate, elapsed: elapsed),
        y: before.y + ScrollPhysics.glideDistance(velocity.y, rate: rate, elapsed: elapsed))
      let next = Point(
        x: ScrollPhysics.glideVelocity(velocity.x, rate: rate, elapsed: elapsed),
        y: ScrollPhysics.glideVelocity(velocity.y, rate: rate, elapsed: elapsed))
      let inside = clamped(wanted)
      if inside != wanted {
        // The glide reached an edge: it bounces there and springs back, or stops.
        if bounces && glideBouncesAtEdges {
          // It goes on past the edge with the speed it had, and the spring brings it back.
          scroll(to: inside)
          let edgeVelocity = Point(x: inside.x != wanted.x ? next.x : 0, y: inside.y != wanted.y ? next.y : 0)
          motion = .spring(target: inside, velocity: edgeVelocity, last: now, reason: .deceleration)
        } else {
          scroll(to: inside)
          finishMotion(.glide(velocity: next, last: now))
        }
        return
      }
      scroll(to: wanted)
      if contentOffset == before || next.distance(to: .zero) < Self.minimumGlideSpeed {
        finishMotion(.glide(velocity: next, last: now))
      } else {
        motion = .glide(velocity: next, last: now)
      }
    case .spring(let target, let velocity, let last, let reason):
      let elapsed = max(0, now - last)
      let offset = bounds.origin
      let x = ScrollPhysics.spring(displacement: offset.x - target.x, velocity: velocity.x, elapsed: elapsed)
      let y = ScrollPhysics.spring(displacement: offset.y - target.y, velocity: velocity.y, elapsed: elapsed)
      let next = Point(x: target.x + x.displacement, y: target.y + y.displacement)
      if abs(x.displacement) < 0.5 && abs(y.displacement) < 0.5 && abs(x.velocity) < 20 && abs(y.velocity) < 20 {
        moveContent(to: target)
        finishMotion(.spring(target: target, velocity: .zero, last: now, reason: reason))
      } else {
        moveContent(to: next)
        motion = .spring(target: target, velocity: Point(x: x.velocity, y: y.velocity), last: now, reason: reason)
      }
    case nil:
      break
    }
  }

  /// Moves the content, shows the indicators, and lets live drags find their targets
  /// again under the content that moved.
  private func scroll(to offset: Point) {
    moveContent(to: clamped(offset))
  }

  /// Moves the content to `offset` as it is, past the edges too (a finger pulling, a
  /// spring), and does what scrolling does.
  private func moveContent(to offset: Point) {
    let before = bounds.origin
    setOffset(offset)
    guard bounds.origin != before else { return }
    didScroll()
  }

  /// Called whenever the wheel, the touchpad or a glide moved the content.
  open func didScroll() {
    flashScrollIndicators()
    layoutIfNeeded()
    window?.contentDidScroll(in: self)
  }

  // MARK: Touch

  /// Whether the content can move along each axis under a finger.
  fileprivate var pannableAxes: (horizontal: Bool, vertical: Bool) {
    let maximum = maximumContentOffset
    return (maximum.x > 0 || (bounces && alwaysBounceHorizontal), maximum.y > 0 || (bounces && alwaysBounceVertical))
  }

  /// A finger went down: content moving on its own stops under it. True when it stopped
  /// something, so that the touch only stops it (rule 44) and selects nothing.
  fileprivate func fingerDidTouch() -> Bool {
    isTracking = true
    guard motion != nil else { return false }
    stopMotion()
    return true
  }

  /// Whether the content's own handling tracks touch `id`, which a scroll may then not take
  /// when ``canCancelContentTouches`` is false.
  fileprivate func contentTracks(touch id: Int) -> Bool {
    !(window?.viewHandlersTracking(touch: id, under: self).isEmpty ?? true)
  }

  /// The finger began to move the content: the touch it held back never reaches it.
  fileprivate func fingerDidBeginDragging() {
    contentTouchDelay.stop()
    isDragging = true
    delegate?.scrollViewWillBeginDragging(self)
  }

  /// Where the content goes for a finger that has moved `translation` from where the pan
  /// began at `start`, on the axes it may move: past an edge, it resists as UIKit's does.
  fileprivate func followFinger(from start: Point, translation: Point, axes: (horizontal: Bool, vertical: Bool)) {
    let raw = Point(
      x: axes.horizontal ? start.x - translation.x : start.x, y: axes.vertical ? start.y - translation.y : start.y)
    let maximum = maximumContentOffset
    func resist(_ value: Double, _ upper: Double, _ extent: Double) -> Double {
      guard bounces else { return min(max(0, value), upper) }
      if value < 0 { return ScrollPhysics.rubberBand(overshoot: value, extent: extent) }
      if value > upper { return upper + ScrollPhysics.rubberBand(overshoot: value - upper, extent: extent) }
      return value
    }
    moveContent(to: Point(x: resist(raw.x, maximum.x, bounds.width), y: resist(raw.y, maximum.y, bounds.height)))
  }

  /// Where the content is now, past an edge too: a pan starts from it. Content caught
  /// past an edge starts from where it shows, so a finger that catches a bounce takes the
  /// rubber band from there.
  fileprivate var fingerOffset: Point { bounds.origin }

  /// The finger lifted at `velocity` (points a second, the content's way): the content
  /// glides on, pages, or springs back from an edge, and the delegate is told.
  fileprivate func fingerDidLift(velocity: Point, startPage: (x: Int, y: Int)) {
    isTracking = false
    guard isDragging else {
      springBackIfNeeded()
      return
    }
    isDragging = false
    let rate = decelerationRate.rawValue
    let offset = bounds.origin
    let maximum = maximumContentOffset
    var target: Point
    if isPagingEnabled {
      target = Point(
        x: ScrollPhysics.pageOffset(
          offset: offset.x, velocity: velocity.x, pageLength: bounds.width, startPage: startPage.x,
          maximumOffset: maximum.x),
        y: ScrollPhysics.pageOffset(
          offset: offset.y, velocity: velocity.y, pageLength: bounds.height, startPage: startPage.y,
          maximumOffset: maximum.y))
    } else {
      target = clamped(
        Point(
          x: offset.x + ScrollPhysics.projectedDistance(velocity: velocity.x, rate: rate),
          y: offset.y + ScrollPhysics.projectedDistance(velocity: velocity.y, rate: rate)))
    }
    let projected = target
    // UIKit gives the velocity in points a millisecond.
    withUnsafeMutablePointer(to: &target) { pointer in
      delegate?.scrollViewWillEndDragging(
        self, withVelocity: Point(x: velocity.x / 1000, y: velocity.y / 1000), targetContentOffset: pointer)
    }
    let now = window?.clock.now
    let outside = clamped(offset) != offset
    let moves: Bool
    if let now, isPagingEnabled || target != projected || outside {
      // To the page, to where the delegate asked, or back inside the edges.
      let rest = outside && !isPagingEnabled && target == projected ? clamped(offset) : clamped(target)
      moves = rest != offset
      if moves { startMotion(.spring(target: rest, velocity: velocity, last: now, reason: .deceleration)) }
    } else if let now, rate > 0, velocity.distance(to: .zero) > Self.minimumGlideSpeed {
      moves = true
      glideBouncesAtEdges = true
      startMotion(.glide(velocity: velocity, last: now))
    } else {
      moves = false
    }
    delegate?.scrollViewDidEndDragging(self, willDecelerate: moves)
    if moves { delegate?.scrollViewWillBeginDecelerating(self) }
  }

  /// The finger was taken away: the content goes back inside its edges.
  fileprivate func fingerWasCancelled() {
    isTracking = false
    if isDragging {
      isDragging = false
      delegate?.scrollViewDidEndDragging(self, willDecelerate: false)
    }
    springBackIfNeeded()
  }

  private func springBackIfNeeded() {
    let inside = clamped(bounds.origin)
    guard inside != bounds.origin, let clock = window?.clock else { return }
    startMotion(.spring(target: inside, velocity: .zero, last: clock.now, reason: .deceleration))
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

/// The pan of a finger on a ``ScrollView``: it begins once the finger has moved 10 points
/// along an axis the content can move on (failing otherwise, so that an enclosing scroll
/// view or the content takes the touch), and begins at once on content that is moving,
/// which the finger catches.
@MainActor
final class ScrollPanGestureRecognizer: PanGestureRecognizer {
  /// The touch that drives the pan, where the content was when it began, and the axes the
  /// pan moves on.
  private var tracked: Int?
  private var startOffset = Point.zero
  private var startLocation = Point.zero
  private var axes = (horizontal: true, vertical: true)
  private var startPage = (x: 0, y: 0)
  /// The finger's recent positions and times, for its velocity at the lift.
  private var samples = TouchVelocity()

  override init(action: ((GestureRecognizer) -> Void)? = nil) {
    super.init(action: action)
    allowedTouchKinds = [.direct]
  }

  private var scrollView: ScrollView? { view as? ScrollView }

  override func touchesBegan(_ touches: [Touch]) {
    super.touchesBegan(touches)
    guard tracked == nil, let touch = touches.first, let scrollView else { return }
    tracked = touch.id
    startLocation = touch.location
    startOffset = scrollView.fingerOffset
    samples.start(at: touch.location, time: touch.timestamp)
    let bounds = scrollView.bounds
    startPage = (
      bounds.width > 0 ? Int((bounds.origin.x / bounds.width).rounded()) : 0,
      bounds.height > 0 ? Int((bounds.origin.y / bounds.height).rounded()) : 0
    )
    if scrollView.fingerDidTouch() {
      // Caught: the finger holds the content, and the touch does nothing else.
      axes = scrollView.pannableAxes
      state = .began
    }
  }

  override func touchesMoved(_ touches: [Touch]) {
    guard let touch = touches.first(where: { $0.id == tracked }), let scrollView else { return }
    samples.add(touch.location, time: touch.timestamp)
    let moved = touch.location - startLocation
    switch state {
    case .possible:
      guard moved.distance(to: .zero) >= minimumDistance else { return }
      let pannable = scrollView.pannableAxes
      let horizontal = abs(moved.x) > abs(moved.y)
      guard horizontal ? pannable.horizontal : pannable.vertical,
        scrollView.canCancelContentTouches || !scrollView.contentTracks(touch: touch.id)
      else {
        state = .failed
        return
      }
      axes =
        scrollView.isDirectionalLockEnabled
        ? (horizontal, !horizontal) : pannable
      // The content follows the finger from here, less the distance that began the pan.
      let length = moved.distance(to: .zero)
      startLocation = Point(
        x: startLocation.x + moved.x * minimumDistance / length, y: startLocation.y + moved.y * minimumDistance / length
      )
      startOffset = scrollView.fingerOffset
      state = .began
      scrollView.fingerDidBeginDragging()
      scrollView.followFinger(from: startOffset, translation: touch.location - startLocation, axes: axes)
    case .began, .changed:
      if !scrollView.isDragging { scrollView.fingerDidBeginDragging() }
      scrollView.followFinger(from: startOffset, translation: moved, axes: axes)
      state = .changed
    default:
      break
    }
  }

  override func touchesEnded(_ touches: [Touch]) {
    guard let touch = touches.first(where: { $0.id == tracked }) else { return }
    samples.add(touch.location, time: touch.timestamp)
    let velocity = samples.velocity
    let content = Point(x: axes.horizontal ? -velocity.x : 0, y: axes.vertical ? -velocity.y : 0)
    scrollView?.fingerDidLift(velocity: state == .possible ? .zero : content, startPage: startPage)
    endContinuousGesture()
  }

  override func touchesCancelled(_ touches: [Touch]) {
    guard touches.contains(where: { $0.id == tracked }) else { return }
    scrollView?.fingerWasCancelled()
    if state == .began || state == .changed { state = .cancelled } else { state = .failed }
  }

  override func reset() {
    super.reset()
    tracked = nil
    samples = TouchVelocity()
    if let scrollView, scrollView.isTracking, touches.isEmpty { scrollView.fingerWasCancelled() }
  }
}

/// Holds a finger's touch back from a scroll view's content until it has stayed still for a
/// moment or lifted, as UIKit's `delaysContentTouches` does: it recognises nothing, and its
/// failure lets the content see the touch begin.
@MainActor
final class ContentTouchDelay: GestureRecognizer {
  /// How long a still finger is held back.
  static let delay = 0.15
  private var timer: ScheduledAction?

  override init(action: ((GestureRecognizer) -> Void)? = nil) {
    super.init(action: action)
    allowedTouchKinds = [.direct]
    delaysTouchesBegan = true
    shouldRecognizeSimultaneously = { _ in true }
  }

  override func touchesBegan(_ touches: [Touch]) {
    guard timer == nil else { return }
    timer = clock?.schedule(after: Self.delay) { [weak self] in self?.stop() }
  }

  override func touchesEnded(_ touches: [Touch]) { stop() }
  override func touchesCancelled(_ touches: [Touch]) { stop() }

  /// Lets the touch go: the content sees it now, unless a scroll took it.
  func stop() {
    timer?.cancel()
    timer = nil
    if state == .possible { state = .failed }
  }

  override func reset() {
    timer?.cancel()
    timer = nil
  }
}
