/// A uniform grid over the frames of a view's subviews, for hit testing views with many
/// subviews. Each cell lists the subviews whose frames overlap it, front-most first;
/// subviews that would span many cells are kept in one list checked everywhere.
struct HitIndex {
  /// Views with fewer subviews scan them directly.
  static let threshold = 32
  /// A subview spanning more cells than this goes in the list checked everywhere.
  static let maximumCellsPerView = 16

  private let origin: Point
  private let cellWidth: Double
  private let cellHeight: Double
  private let columns: Int
  private let rows: Int
  /// Subview indexes per cell, highest (front-most) first.
  private var cells: [[Int]]
  /// Subview indexes of large subviews, highest first.
  private var large: [Int] = []

  @MainActor
  init(_ subviews: [View]) {
    let frames = subviews.map(\.frame)
    let bounds = frames.dropFirst().reduce(frames.first ?? .zero) { $0.union($1) }
    let side = max(1, Int(Double(frames.count).squareRoot().rounded(.up)))
    columns = side
    rows = side
    origin = bounds.origin
    cellWidth = max(bounds.width / Double(side), .leastNonzeroMagnitude)
    cellHeight = max(bounds.height / Double(side), .leastNonzeroMagnitude)
    cells = Array(repeating: [], count: side * side)
    for index in frames.indices.reversed() {
      let frame = frames[index]
      guard frame.width.isFinite, frame.height.isFinite else {
        large.append(index)
        continue
      }
      let (c0, r0) = cell(of: Point(x: frame.minX, y: frame.minY))
      let (c1, r1) = cell(of: Point(x: frame.maxX, y: frame.maxY))
      if (c1 - c0 + 1) * (r1 - r0 + 1) > Self.maximumCellsPerView {
        large.append(index)
        continue
      }
      for row in r0...r1 {
        for column in c0...c1 { cells[row * columns + column].append(index) }
      }
    }
  }

  private func cell(of point: Point) -> (Int, Int) {
    let column = Int(saturating: ((point.x - origin.x) / cellWidth).rounded(.down))
    let row = Int(saturating: ((point.y - origin.y) / cellHeight).rounded(.down))
    return (max(0, min(columns - 1, column)), max(0, min(rows - 1, row)))
  }

  /// Calls `body` with the subviews that may contain `point`, front-most first, until it
  /// returns false.
  func forEachCandidate(at point: Point, _ body: (Int) -> Bool) {
    guard point.x.isFinite, point.y.isFinite else { return }
    let (column, row) = cell(of: point)
    let local = cells[row * columns + column]
    // Merge the cell's list with the large list, both in descending order.
    var i = 0
    var j = 0
    while i < local.count || j < large.count {
      let next: Int
      if j >= large.count || (i < local.count && local[i] > large[j]) {
        next = local[i]
        i += 1
      } else {
        next = large[j]
        j += 1
      }
      if !body(next) { return }
    }
  }
}
