import DragDrop

/// One frame's drawing, recorded: every operation in order, ready to draw again, and a
/// sequence of marks to compare with the frame before.
///
/// A mark is one thing that puts pixels down (a fill, a stroke, text, an image, a
/// rasterized view) or the start or end of a translucent group, with everything its pixels
/// depend on: the operation, the transform, the clips, and the box of pixels it can touch.
/// Two frames' marks are matched in order (``damage(from:)``); a pixel covered by no
/// unmatched mark is covered by the same marks in the same order in both frames, so it is
/// the same in both, and only the boxes of unmatched marks need drawing again.
///
/// Boxes are in the coordinates the recording starts in (the frame's, before the device
/// scale), and err on the side of covering more: a stroke's miters, text's ink beyond its
/// measured size, and a pixel of antialiasing around everything.
@MainActor
final package class FrameRecording: RasterizingGraphicsContext {
  package enum Step {
    case operation(DrawingCommand)
    case rasterized(bounds: Rect, operations: [DrawingCommand])
    /// A translucent group, drawn within its box (what its content covers).
    case group(alpha: Double)
  }

  /// A clip as it was applied: the path and the transform it was applied in.
  package struct Clip: Hashable {
    package let path: Path
    package let transform: CGAffineTransform
  }

  package struct Mark: Hashable {
    package enum Kind: Hashable {
      case drawing(DrawingCommand)
      case rasterized(bounds: Rect, operations: [DrawingCommand])
      case groupStart(alpha: Double)
      case groupEnd
    }
    package let kind: Kind
    package let transform: CGAffineTransform
    package let clips: [Clip]
    /// The clips' hash, kept with them in the recording's state.
    package let clipsHash: Int
    package var box: Rect
    /// Kept to compare marks quickly: most comparisons are between different marks.
    private(set) var hash = 0

    package init(kind: Kind, transform: CGAffineTransform, clips: [Clip], clipsHash: Int, box: Rect) {
      self.kind = kind
      self.transform = transform
      self.clips = clips
      self.clipsHash = clipsHash
      self.box = box
      rehash()
    }

    mutating package func rehash() {
      var hasher = Hasher()
      hasher.combine(kind)
      hasher.combine(transform)
      hasher.combine(clipsHash)
      hasher.combine(box)
      hash = hasher.finalize()
    }

    package func hash(into hasher: inout Hasher) { hasher.combine(hash) }

    package static func == (lhs: Mark, rhs: Mark) -> Bool {
      lhs.hash == rhs.hash && lhs.box == rhs.box && lhs.transform == rhs.transform && lhs.clipsHash == rhs.clipsHash
        && lhs.kind == rhs.kind && lhs.clips == rhs.clips
    }
  }

  private struct State {
    package var transform: CGAffineTransform
    /// The clips' box, in the recording's coordinates; nil while nothing clips.
    package var clipBox: Rect?
    package var clips: [Clip]
    package var clipsHash = 0
    package var isSuppressed: Bool
    /// Marks and steps of the groups started since the matching save, innermost last.
    package var groups: [(mark: Int, step: Int)] = []
  }

  // Only this class's own methods touch its storage, and none calls out while it holds an
  // access, so the run-time exclusivity checks (a tenth of a recording) are left out.
  @exclusivity(unchecked) private(set) var steps: [(step: Step, box: Rect?)] = []
  @exclusivity(unchecked) private(set) var marks: [Mark] = []
  @exclusivity(unchecked) private var state: State
  @exclusivity(unchecked) private var saved: [State] = []
  /// The boxes of the open groups' content so far, innermost last.
  @exclusivity(unchecked) private var groupBoxes: [Rect?] = []
  private let text: any TextMeasuring
  /// Whether the recording only measures how far its drawing reaches (``reach``), as for a
  /// rasterized view's content, keeping no marks of it to compare.
  private let measuresOnly: Bool
  /// The box of everything drawn so far, when the recording only measures.
  private(set) var reach: Rect?

  /// A recording whose coordinates start at `transform` from the drawing's.
  convenience package init(transform: CGAffineTransform = .identity, text: any TextMeasuring) {
    self.init(state: State(transform: transform, clips: [], isSuppressed: false), text: text, measuresOnly: false)
  }

  private init(state: State, text: any TextMeasuring, measuresOnly: Bool) {
    self.state = state
    self.state.groups = []
    self.text = text
    self.measuresOnly = measuresOnly
  }

  package func save() {
    steps.append((.operation(.save), nil))
    saved.append(state)
    state.groups = []
  }

  package func restore() {
    guard let outer = saved.popLast() else { return }
    steps.append((.operation(.restore), nil))
    for start in state.groups.reversed() {
      let content = groupBoxes.removeLast()
      // An empty group composites nothing: its marks cover nothing.
      let box = content ?? .zero
      marks[start.mark].box = box
      marks[start.mark].rehash()
      steps[start.step].box = box
      marks.append(mark(.groupEnd, box: box))
      if let content { include(content) }
    }
    state = outer
  }

  /// Closes every save still open.
  package func finish() {
    while !saved.isEmpty { restore() }
  }

  package func concatenate(_ transform: CGAffineTransform) {
    guard !state.isSuppressed else { return }
    guard let inverse = transform.inverse, transform.isFinite, inverse.isFinite else {
      state.isSuppressed = true
      return
    }
    steps.append((.operation(.concatenate(transform)), nil))
    state.transform = transform.concatenating(state.transform)
  }

  package func clip(to path: Path) {
    guard !state.isSuppressed else { return }
    guard let box = box(of: path.bounds) else {
      state.isSuppressed = true
      return
    }
    steps.append((.operation(.clip(path)), nil))
    let clip = Clip(path: path, transform: state.transform)
    state.clips.append(clip)
    var hasher = Hasher()
    hasher.combine(state.clipsHash)
    hasher.combine(clip)
    state.clipsHash = hasher.finalize()
    let clipped = state.clipBox.map { $0.overlap(with: box) } ?? box
    guard let clipped else {
      state.isSuppressed = true
      return
    }
    state.clipBox = clipped
  }

  package func multiplyAlpha(_ alpha: Double) {
    guard !state.isSuppressed else { return }
    guard alpha.isFinite, alpha > 0 else {
      state.isSuppressed = true
      return
    }
    guard alpha < 1 else { return }
    // As the cairo context does, a group outside any save gets one of its own.
    if saved.isEmpty { save() }
    state.groups.append((marks.count, steps.count))
    steps.append((.group(alpha: alpha), nil))
    marks.append(mark(.groupStart(alpha: alpha), box: .zero))
    groupBoxes.append(nil)
  }

  package func fill(_ path: Path, color: Color) {
    draw(.fill(path, color), covering: path.bounds)
  }

  package func stroke(_ path: Path, color: Color, lineWidth: Double) {
    guard lineWidth.isFinite, lineWidth > 0 else { return }
    // Every corner of a path's shapes is square: a miter reaches half the width times √2.
    let reach = lineWidth / 2 * 2.0.squareRoot()
    draw(.stroke(path, color, lineWidth: lineWidth), covering: path.bounds.inset(dx: -reach, dy: -reach))
  }

  package func drawText(_ string: String, at origin: Point, font: Font, color: Color) {
    guard !string.isEmpty, origin.x.isFinite, origin.y.isFinite else { return }
    let size = text.size(of: string, font: font)
    // Glyphs' ink can reach past the measured box (overhangs, accents, tall scripts).
    let reach = max(2, font.size / 2)
    draw(
      .text(string, origin: origin, font: font, color: color),
      covering: Rect(origin: origin, size: size).inset(dx: -reach, dy: -reach))
  }

  package func drawImage(_ image: Image, in rect: Rect) {
    guard rect.width > 0, rect.height > 0 else { return }
    draw(.image(image, rect: rect), covering: rect)
  }

  package func drawRasterized(in bounds: Rect, content: (any GraphicsContext) -> Void) {
    guard !state.isSuppressed else { return }
    let recorder = RecordingGraphicsContext()
    content(recorder)
    let operations = recorder.commands
    guard !operations.isEmpty else { return }
    // The bitmap covers the bounds; drawn directly (off whole pixels), the content can
    // reach past them.
    let content = FrameRecording(state: state, text: text, measuresOnly: true)
    for operation in operations { operation.draw(in: content) }
    content.finish()
    let box: Rect? =
      switch (box(of: bounds), content.reach) {
      case (let own?, let reach?): own.bounding(reach)
      case (let own, let reach): own ?? reach
      }
    guard let box else { return }
    steps.append((.rasterized(bounds: bounds, operations: operations), box))
    addMark(.rasterized(bounds: bounds, operations: operations), box: box)
  }

  private func draw(_ operation: DrawingCommand, covering rect: Rect) {
    guard !state.isSuppressed, let box = box(of: rect) else { return }
    steps.append((.operation(operation), box))
    addMark(.drawing(operation), box: box)
  }

  private func addMark(_ kind: Mark.Kind, box: Rect) {
    guard !measuresOnly else {
      reach = reach?.bounding(box) ?? box
      return
    }
    marks.append(mark(kind, box: box))
    include(box)
  }

  private func mark(_ kind: Mark.Kind, box: Rect) -> Mark {
    Mark(kind: kind, transform: state.transform, clips: state.clips, clipsHash: state.clipsHash, box: box)
  }

  private func include(_ box: Rect) {
    guard !groupBoxes.isEmpty else { return }
    groupBoxes[groupBoxes.count - 1] = groupBoxes[groupBoxes.count - 1]?.bounding(box) ?? box
  }

  /// `rect`, in the current coordinates, as a box in the recording's, within the clips and
  /// a pixel larger all round; nil when nothing of it can show.
  private func box(of rect: Rect) -> Rect? {
    guard rect.isFinite else { return nil }
    let transformed = state.transform.apply(to: rect)
    guard transformed.isFinite else { return nil }
    let outset = transformed.inset(dx: -1, dy: -1)
    guard let clipBox = state.clipBox else { return outset }
    return outset.overlap(with: clipBox)
  }

  /// Draws the recording again into `context`, whose coordinates are the recording's,
  /// leaving out what cannot reach `area` (nil draws everything).
  ///
  /// Each translucent group is drawn within its box, on whole pixels: its content lies
  /// inside, so the box cuts nothing off, and the group's pixels are only those it covers.
  package func replay<Context: ReplayingGraphicsContext>(into context: Context, within area: [Rect]?) {
    let recordingSpace = context.currentTransform
    for (step, box) in steps {
      if let area, let box, !area.contains(where: { $0.overlaps(box) }) { continue }
      switch step {
      case .operation(let operation): operation.draw(in: context)
      case .rasterized(let bounds, let operations): context.drawRasterized(in: bounds, operations: operations)
      case .group(let alpha):
        context.multiplyAlpha(alpha, within: box.map { (recordingSpace, $0) })
      }
    }
    context.finish()
  }

  /// The boxes of the marks of this frame and of `previous` that the two do not share in
  /// the same order: what differs between the two frames lies within them.
  ///
  /// Equal marks are paired in order of appearance (the first in one frame with the first
  /// in the other, and so on), and the longest run of pairs in the same order in both is
  /// kept, in O(n log n).
  package func damage(from previous: FrameRecording) -> [Rect] {
    let old = previous.marks
    // The marks both frames start and end with pair at once: usually all but a few.
    var start = 0
    while start < marks.count, start < old.count, marks[start] == old[start] { start += 1 }
    var newEnd = marks.count
    var oldEnd = old.count
    while newEnd > start, oldEnd > start, marks[newEnd - 1] == old[oldEnd - 1] {
      newEnd -= 1
      oldEnd -= 1
    }
    var occurrences: [Mark: [Int]] = [:]
    occurrences.reserveCapacity(oldEnd - start)
    for index in start..<oldEnd { occurrences[old[index], default: []].append(index) }
    var taken: [Mark: Int] = [:]
    // For each new mark, the old one it pairs with, if any.
    var pairs: [(new: Int, old: Int)] = []
    pairs.reserveCapacity(newEnd - start)
    for index in start..<newEnd {
      let mark = marks[index]
      guard let olds = occurrences[mark] else { continue }
      let next = taken[mark, default: 0]
      guard next < olds.count else { continue }
      taken[mark] = next + 1
      pairs.append((index, olds[next]))
    }
    let kept = longestIncreasingSubsequence(pairs.map(\.old))
    var matchedNew = [Bool](repeating: false, count: newEnd - start)
    var matchedOld = [Bool](repeating: false, count: oldEnd - start)
    for (position, pair) in pairs.enumerated() where kept[position] {
      matchedNew[pair.new - start] = true
      matchedOld[pair.old - start] = true
    }
    var boxes: [Rect] = []
    for index in start..<newEnd where !matchedNew[index - start] && !marks[index].box.isEmpty {
      boxes.append(marks[index].box)
    }
    for index in start..<oldEnd where !matchedOld[index - start] && !old[index].box.isEmpty {
      boxes.append(old[index].box)
    }
    return boxes
  }
}

extension Rect {
  /// Whether every coordinate is finite: cairo is given nothing else.
  package var isFinite: Bool { minX.isFinite && minY.isFinite && width.isFinite && height.isFinite }
}

extension CGAffineTransform {
  package var isFinite: Bool { a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite }
}

/// A backend's graphics context that a ``FrameRecording`` replays into: it draws
/// rasterized views from their recorded commands, draws translucent groups within a box,
/// and finishes what it has begun.
@MainActor
package protocol ReplayingGraphicsContext: GraphicsContext {
  /// How the context's coordinates map to the device's, as the backend keeps it.
  associatedtype Space
  /// The mapping now.
  var currentTransform: Space { get }
  /// Draws a rasterized view's commands within `bounds`, through a kept bitmap when it can.
  func drawRasterized(in bounds: Rect, operations: [DrawingCommand])
  /// Multiplies the opacity of later drawing; with a box, as a group drawn within it.
  func multiplyAlpha(_ alpha: Double, within box: (space: Space, rect: Rect)?)
  /// Ends every group and save begun, so that the context is as it was given.
  func finish()
}
