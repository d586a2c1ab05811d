import Foundation

/// The figures of UIKit's scroll views: how far content glides after a flick, how it
/// resists past an edge, how it springs back, and where paging stops. Each is a pure
/// function, so that tests check them against the formulas.
public enum ScrollPhysics {
  /// How far past an edge content shows when a finger has pulled it `overshoot` points
  /// past it, in a view `extent` points long on that axis: `(1 − 1/(x·0.55/d + 1))·d`,
  /// UIKit's rubber band. It never reaches `extent`. The sign follows `overshoot`.
  public static func rubberBand(overshoot: Double, extent: Double) -> Double {
    guard overshoot.isFinite, extent.isFinite, extent > 0 else { return 0 }
    let x = abs(overshoot)
    let shown = (1 - 1 / (x * 0.55 / extent + 1)) * extent
    return overshoot < 0 ? -shown : shown
  }

  /// How far content gliding at `velocity` points a second travels before it stops, when
  /// it keeps `rate` of its speed each millisecond: `v/1000 · r/(1 − r)`.
  public static func projectedDistance(velocity: Double, rate: Double) -> Double {
    guard velocity.isFinite, rate > 0, rate < 1 else { return 0 }
    return velocity / 1000 * rate / (1 - rate)
  }

  /// A glide's velocity after `elapsed` seconds, from `velocity`, at `rate` a millisecond.
  public static func glideVelocity(_ velocity: Double, rate: Double, elapsed: Double) -> Double {
    guard rate > 0, elapsed > 0 else { return rate > 0 ? velocity : 0 }
    return velocity * pow(rate, elapsed * 1000)
  }

  /// How far a glide from `velocity` travels in `elapsed` seconds, its speed decaying by
  /// `rate` each millisecond.
  public static func glideDistance(_ velocity: Double, rate: Double, elapsed: Double) -> Double {
    guard elapsed > 0, rate > 0 else { return 0 }
    guard rate < 1 else { return velocity * elapsed }
    return velocity * (1 - pow(rate, elapsed * 1000)) / -log(rate) / 1000
  }

  /// The spring that takes content back to an edge or to a page: critically damped, so it
  /// arrives without swinging past, in about half a second.
  public static let springFrequency = 2 * Double.pi / 0.4

  /// Where a spring that started `displacement` points from its rest at `velocity` points
  /// a second is after `elapsed` seconds, and its velocity then.
  public static func spring(
    displacement: Double, velocity: Double, elapsed: Double
  ) -> (
    displacement: Double, velocity: Double
  ) {
    let omega = springFrequency
    let decay = exp(-omega * elapsed)
    let b = velocity + omega * displacement
    let x = (displacement + b * elapsed) * decay
    let v = (b - omega * (displacement + b * elapsed)) * decay
    return (x, v)
  }

  /// The offset paging stops at on one axis. A flick faster than ``pagingFlickSpeed``
  /// goes on to the next page its way; a slower lift stops on the nearest page. Either is
  /// at most one page from `startPage`, the page the finger went down on.
  public static func pageOffset(
    offset: Double, velocity: Double, pageLength: Double, startPage: Int, maximumOffset: Double
  ) -> Double {
    guard pageLength > 0, pageLength.isFinite, offset.isFinite else { return offset.isFinite ? offset : 0 }
    let position = offset / pageLength
    var page: Int
    if velocity > pagingFlickSpeed {
      page = Int(position.rounded(.down)) + 1
    } else if velocity < -pagingFlickSpeed {
      page = Int(position.rounded(.up)) - 1
    } else {
      page = Int(position.rounded())
    }
    page = min(max(page, startPage - 1), startPage + 1)
    let lastPage = Int((maximumOffset / pageLength).rounded(.up))
    page = min(max(page, 0), max(0, lastPage))
    return min(Double(page) * pageLength, maximumOffset)
  }

  /// The speed, in points a second, above which a lift turns the page.
  public static let pagingFlickSpeed = 300.0
}

/// A finger's velocity, from where it was over its last tenth of a second and the one
/// sample before that. The sample before keeps the speed of a finger whose events come
/// further apart than the window (a compositor may send a few a second), when it lifts
/// just after its last move; a finger held still longer than the window has none.
package struct TouchVelocity: Sendable {
  /// How far back the velocity looks, in seconds.
  package static let window = 0.1
  private var samples: [(location: Point, time: Double)] = []

  package init() {}

  /// Forgets every sample, and starts from `location` at `time`.
  package mutating func start(at location: Point, time: Double) {
    samples = [(location, time)]
  }

  /// Adds where the finger is at `time`.
  package mutating func add(_ location: Point, time: Double) {
    samples.append((location, time))
    if let older = samples.lastIndex(where: { time - $0.time > Self.window }), older > 0 {
      samples.removeFirst(older)
    }
  }

  /// The velocity, in points a second; zero with fewer than two samples apart in time.
  package var velocity: Point {
    guard let first = samples.first, let last = samples.last, last.time > first.time else { return .zero }
    let span = last.time - first.time
    return Point(x: (last.location.x - first.location.x) / span, y: (last.location.y - first.location.y) / span)
  }

  /// The time of the last sample.
  package var lastTime: Double? { samples.last?.time }
}
