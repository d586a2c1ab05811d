import DragDrop

/// Rule 29: how fast a list scrolls while a drag is held near one of its edges. A pure
/// function of the position, so that it can be tested on its own.
enum AutoScroll {
  /// The speed, in points a second, for a position `y` within a visible extent of
  /// `length`: negative within `zone` of the top, positive within `zone` of the bottom,
  /// zero elsewhere. It grows with the square of the depth into the zone, up to `maximum`
  /// at the edge.
  static func speed(at y: Double, length: Double, zone: Double = 44, maximum: Double = 1200) -> Double {
    guard length > 0, zone > 0, y.isFinite else { return 0 }
    let zone = min(zone, length / 2)
    if y < zone {
      let depth = min(1, (zone - max(0, y)) / zone)
      return -maximum * depth * depth
    }
    if y > length - zone {
      let depth = min(1, (y - (length - zone)) / zone)
      return maximum * depth * depth
    }
    return 0
  }
}
