import Foundation

/// A number as snapshots print it: integers without a fraction, others to three places;
/// infinities, NaN and huge values as Swift prints them.
package func formatted(_ value: Double) -> String {
  guard value.isFinite, abs(value) < 1e15 else { return String(value) }
  if value == value.rounded() { return String(Int(value)) }
  let rounded = (value * 1000).rounded() / 1000
  return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
}

extension Int {
  /// `value` without its fraction, saturated: NaN gives 0, and values beyond `Int`'s range
  /// give `Int.min` or `Int.max`. Geometry converts with this, so that degenerate input
  /// (zero sizes, infinite or NaN coordinates) gives an answer instead of a trap.
  package init(saturating value: Double) {
    if value.isNaN {
      self = 0
    } else if value >= Double(Int.max) {
      self = .max
    } else if value <= Double(Int.min) {
      self = .min
    } else {
      self = Int(value)
    }
  }
}
