/// One line of the trace that a traced window prints on standard output (`Samples --trace`
/// and `--frames`, and the GTK probe of the window tests), and that the drivers read back.
/// This one type writes each line and parses it, so the two sides cannot drift.
///
/// ```
/// ready origin=12,40 size=1280x800
/// call source.sessionWillBegin
/// scene moveItem 3 → 0
/// state albums=[…]
/// frame 17 time=12.016000 input=4301 drawing=0.002100 received=12.001000 drawn=12.010000
/// idle
/// ```
public enum TraceLine: Hashable, Sendable, CustomStringConvertible {
  /// The first frame is drawn: where the drawing area's origin is in the X window, and the
  /// window's size in points.
  case ready(originX: Int, originY: Int, width: Int, height: Int)
  /// A delegate call, as the recorder prints it.
  case call(String)
  /// An entry of the scene's journal (a data-source call).
  case scene(String)
  /// The scene's model, in one line, whenever it changes.
  case state(String)
  /// A frame after which nothing is left to happen: no drag, animation, timer or load.
  case idle
  /// A frame was painted, at `time` on the monotonic clock, after the input event stamped
  /// `input` (the X server's time, in milliseconds), which the window received at
  /// `received`; laying the frame out and drawing it took `drawing` seconds, and ended at
  /// `drawn`. The times are seconds; 0 where a window did not say.
  case frame(number: Int, time: Double, input: UInt32, drawing: Double = 0, received: Double = 0, drawn: Double = 0)
  /// The pointer moved to this point of the view tree (with `DRAGDROP_TRACE_POINTER` set).
  case pointer(x: Int, y: Int)
  /// Any other line, kept whole: a probe's own reports.
  case other(String)

  /// The line as it is printed.
  public var description: String {
    switch self {
    case .ready(let x, let y, let width, let height): "ready origin=\(x),\(y) size=\(width)x\(height)"
    case .call(let text): "call \(text)"
    case .scene(let text): "scene \(text)"
    case .state(let text): "state \(text)"
    case .idle: "idle"
    case .frame(let number, let time, let input, let drawing, let received, let drawn):
      "frame \(number) time=\(Self.microseconds(time)) input=\(input) drawing=\(Self.microseconds(drawing))"
        + " received=\(Self.microseconds(received)) drawn=\(Self.microseconds(drawn))"
    case .pointer(let x, let y): "pointer \(x) \(y)"
    case .other(let text): text
    }
  }

  /// Parses a printed line; a line this type does not know, or a known one with fields
  /// that do not parse, is ``other(_:)``.
  public init(_ line: String) {
    let (head, rest) = Self.split(line)
    switch head {
    case "call": self = .call(rest)
    case "scene": self = .scene(rest)
    case "state": self = .state(rest)
    case "idle" where rest.isEmpty: self = .idle
    case "pointer":
      let numbers = rest.split(separator: " ").compactMap { Int($0) }
      self = numbers.count == 2 ? .pointer(x: numbers[0], y: numbers[1]) : .other(line)
    case "ready":
      let fields = Self.fields(rest)
      let origin = fields["origin"]?.split(separator: ",").compactMap { Int($0) } ?? []
      let size = fields["size"]?.split(separator: "x").compactMap { Int($0) } ?? []
      guard origin.count == 2, size.count == 2 else {
        self = .other(line)
        return
      }
      self = .ready(originX: origin[0], originY: origin[1], width: size[0], height: size[1])
    case "frame":
      let number = Int(rest.prefix { $0 != " " })
      let fields = Self.fields(rest)
      guard let number, let time = fields["time"].flatMap(Double.init), let input = fields["input"].flatMap(UInt32.init)
      else {
        self = .other(line)
        return
      }
      self = .frame(
        number: number, time: time, input: input, drawing: fields["drawing"].flatMap(Double.init) ?? 0,
        received: fields["received"].flatMap(Double.init) ?? 0, drawn: fields["drawn"].flatMap(Double.init) ?? 0)
    default: self = .other(line)
    }
  }

  /// The first word and the rest of the line.
  private static func split(_ line: String) -> (head: String, rest: String) {
    guard let space = line.firstIndex(of: " ") else { return (line, "") }
    return (String(line[..<space]), String(line[line.index(after: space)...]))
  }

  /// The `key=value` words of a line.
  private static func fields(_ text: String) -> [String: String] {
    var fields: [String: String] = [:]
    for word in text.split(separator: " ") {
      guard let equals = word.firstIndex(of: "=") else { continue }
      fields[String(word[..<equals])] = String(word[word.index(after: equals)...])
    }
    return fields
  }

  /// `time` with six decimals, without Foundation's formatting.
  private static func microseconds(_ time: Double) -> String {
    let micros = Int64((time * 1_000_000).rounded())
    let sign = micros < 0 ? "-" : ""
    let whole = abs(micros) / 1_000_000
    let fraction = String(abs(micros) % 1_000_000)
    return "\(sign)\(whole).\(String(repeating: "0", count: 6 - fraction.count))\(fraction)"
  }
}

extension TraceLine {
  /// The text of a ``call(_:)`` line, or nil.
  public var call: String? {
    if case .call(let text) = self { text } else { nil }
  }
  /// The text of a ``scene(_:)`` line, or nil.
  public var scene: String? {
    if case .scene(let text) = self { text } else { nil }
  }
  /// The text of a ``state(_:)`` line, or nil.
  public var state: String? {
    if case .state(let text) = self { text } else { nil }
  }
  /// Whether this is a ``ready(originX:originY:width:height:)`` line.
  public var isReady: Bool {
    if case .ready = self { true } else { false }
  }
}
