import Foundation
import Synchronization

/// SF Symbols' names drawn from the desktop's icon theme: Adwaita's symbolic icons, read as
/// SVG from `icons/Adwaita/scalable` under each of `XDG_DATA_DIRS` (`/usr/local/share` and
/// `/usr/share` when unset), and filled in the symbol's colour. A name the map does not
/// have, or whose icon is not installed, falls back to the shapes of ``SymbolImages``.
///
/// The map, SF Symbol name → Adwaita icon (a `.fill` suffix draws the same icon):
///
/// | SF Symbol | Adwaita |
/// | --- | --- |
/// | `trash` | `user-trash-symbolic` |
/// | `folder` | `folder-symbolic` |
/// | `doc`, `doc.text` | `text-x-generic-symbolic` |
/// | `photo`, `photo.on.rectangle` | `image-x-generic-symbolic` |
/// | `plus` | `list-add-symbolic` |
/// | `minus` | `list-remove-symbolic` |
/// | `xmark` | `window-close-symbolic` |
/// | `checkmark` | `object-select-symbolic` |
/// | `chevron.left`, `chevron.right`, `chevron.up`, `chevron.down` | `go-previous-symbolic`, `go-next-symbolic`, `go-up-symbolic`, `go-down-symbolic` |
/// | `magnifyingglass` | `system-search-symbolic` |
/// | `gear`, `gearshape` | `emblem-system-symbolic` |
/// | `star` | `starred-symbolic` |
/// | `heart` | `emblem-favorite-symbolic` |
/// | `pencil`, `square.and.pencil` | `document-edit-symbolic` |
/// | `person`, `person.crop.circle`, `person.circle` | `avatar-default-symbolic` |
/// | `house` | `go-home-symbolic` |
/// | `info.circle` | `dialog-information-symbolic` |
/// | `exclamationmark.triangle` | `dialog-warning-symbolic` |
/// | `xmark.octagon` | `dialog-error-symbolic` |
/// | `arrow.clockwise` | `view-refresh-symbolic` |
/// | `ellipsis`, `ellipsis.circle` | `view-more-symbolic` |
/// | `line.3.horizontal` | `open-menu-symbolic` |
/// | `doc.on.doc` | `edit-copy-symbolic` |
/// | `scissors` | `edit-cut-symbolic` |
/// | `doc.on.clipboard` | `edit-paste-symbolic` |
/// | `arrow.uturn.backward`, `arrow.uturn.forward` | `edit-undo-symbolic`, `edit-redo-symbolic` |
/// | `music.note` | `audio-x-generic-symbolic` |
/// | `film` | `video-x-generic-symbolic` |
/// | `calendar` | `x-office-calendar-symbolic` |
/// | `envelope` | `mail-unread-symbolic` |
/// | `paperplane` | `mail-send-symbolic` |
/// | `paperclip` | `mail-attachment-symbolic` |
/// | `link` | `insert-link-symbolic` |
/// | `lock`, `lock.open` | `changes-prevent-symbolic`, `changes-allow-symbolic` |
/// | `globe` | `web-browser-symbolic` |
/// | `bell` | `preferences-system-notifications-symbolic` |
/// | `eye`, `eye.slash` | `view-reveal-symbolic`, `view-conceal-symbolic` |
/// | `play`, `pause`, `stop` | `media-playback-start-symbolic`, `media-playback-pause-symbolic`, `media-playback-stop-symbolic` |
/// | `forward`, `backward` | `media-skip-forward-symbolic`, `media-skip-backward-symbolic` |
/// | `mic` | `audio-input-microphone-symbolic` |
/// | `speaker.wave.2` | `audio-volume-high-symbolic` |
/// | `wifi` | `network-wireless-symbolic` |
/// | `battery.100` | `battery-full-symbolic` |
/// | `bookmark` | `user-bookmarks-symbolic` |
/// | `location` | `find-location-symbolic` |
/// | `camera` | `camera-photo-symbolic` |
/// | `printer` | `printer-symbolic` |
/// | `sidebar.left` | `sidebar-show-symbolic` |
/// | `square.grid.2x2` | `view-grid-symbolic` |
/// | `list.bullet` | `view-list-symbolic` |
/// | `square.and.arrow.up` | `send-to-symbolic` |
/// | `square.and.arrow.down` | `document-save-symbolic` |
/// | `archivebox`, `shippingbox` | `package-x-generic-symbolic` |
/// | `clock` | `document-open-recent-symbolic` |
/// | `plus.magnifyingglass`, `minus.magnifyingglass` | `zoom-in-symbolic`, `zoom-out-symbolic` |
/// | `questionmark.circle` | `help-about-symbolic` |
/// | `power` | `system-shutdown-symbolic` |
/// | `sun.max`, `cloud`, `cloud.sun`, `cloud.rain` | `weather-clear-symbolic`, `weather-overcast-symbolic`, `weather-few-clouds-symbolic`, `weather-showers-symbolic` |
/// | `desktopcomputer`, `phone`, `keyboard`, `internaldrive` | `computer-symbolic`, `phone-symbolic`, `input-keyboard-symbolic`, `drive-harddisk-symbolic` |
/// | `record.circle` | `media-record-symbolic` |
/// | `arrow.up.left.and.arrow.down.right` | `view-fullscreen-symbolic` |
/// | `nosign` | `action-unavailable-symbolic` |
package enum ThemeSymbols {
  /// SF Symbol names (without `.fill`) and the Adwaita icons that draw them.
  package static let map: [String: String] = [
    "trash": "user-trash-symbolic", "folder": "folder-symbolic", "doc": "text-x-generic-symbolic",
    "doc.text": "text-x-generic-symbolic", "photo": "image-x-generic-symbolic",
    "photo.on.rectangle": "image-x-generic-symbolic", "plus": "list-add-symbolic", "minus": "list-remove-symbolic",
    "xmark": "window-close-symbolic", "checkmark": "object-select-symbolic", "chevron.left": "go-previous-symbolic",
    "chevron.right": "go-next-symbolic", "chevron.up": "go-up-symbolic", "chevron.down": "go-down-symbolic",
    "magnifyingglass": "system-search-symbolic", "gear": "emblem-system-symbolic",
    "gearshape": "emblem-system-symbolic", "star": "starred-symbolic", "heart": "emblem-favorite-symbolic",
    "pencil": "document-edit-symbolic", "square.and.pencil": "document-edit-symbolic",
    "person": "avatar-default-symbolic", "person.crop.circle": "avatar-default-symbolic",
    "person.circle": "avatar-default-symbolic", "house": "go-home-symbolic",
    "info.circle": "dialog-information-symbolic", "exclamationmark.triangle": "dialog-warning-symbolic",
    "xmark.octagon": "dialog-error-symbolic", "arrow.clockwise": "view-refresh-symbolic",
    "ellipsis": "view-more-symbolic", "ellipsis.circle": "view-more-symbolic",
    "line.3.horizontal": "open-menu-symbolic",
    "doc.on.doc": "edit-copy-symbolic", "scissors": "edit-cut-symbolic", "doc.on.clipboard": "edit-paste-symbolic",
    "arrow.uturn.backward": "edit-undo-symbolic", "arrow.uturn.forward": "edit-redo-symbolic",
    "music.note": "audio-x-generic-symbolic", "film": "video-x-generic-symbolic",
    "calendar": "x-office-calendar-symbolic", "envelope": "mail-unread-symbolic", "paperplane": "mail-send-symbolic",
    "paperclip": "mail-attachment-symbolic", "link": "insert-link-symbolic", "lock": "changes-prevent-symbolic",
    "lock.open": "changes-allow-symbolic", "globe": "web-browser-symbolic",
    "bell": "preferences-system-notifications-symbolic", "eye": "view-reveal-symbolic",
    "eye.slash": "view-conceal-symbolic", "play": "media-playback-start-symbolic",
    "pause": "media-playback-pause-symbolic", "stop": "media-playback-stop-symbolic",
    "forward": "media-skip-forward-symbolic", "backward": "media-skip-backward-symbolic",
    "mic": "audio-input-microphone-symbolic", "speaker.wave.2": "audio-volume-high-symbolic",
    "wifi": "network-wireless-symbolic", "battery.100": "battery-full-symbolic", "bookmark": "user-bookmarks-symbolic",
    "location": "find-location-symbolic", "camera": "camera-photo-symbolic", "printer": "printer-symbolic",
    "sidebar.left": "sidebar-show-symbolic", "square.grid.2x2": "view-grid-symbolic",
    "list.bullet": "view-list-symbolic", "square.and.arrow.up": "send-to-symbolic",
    "square.and.arrow.down": "document-save-symbolic", "archivebox": "package-x-generic-symbolic",
    "shippingbox": "package-x-generic-symbolic", "clock": "document-open-recent-symbolic",
    "plus.magnifyingglass": "zoom-in-symbolic", "minus.magnifyingglass": "zoom-out-symbolic",
    "questionmark.circle": "help-about-symbolic", "power": "system-shutdown-symbolic",
    "sun.max": "weather-clear-symbolic", "cloud": "weather-overcast-symbolic",
    "cloud.sun": "weather-few-clouds-symbolic", "cloud.rain": "weather-showers-symbolic",
    "desktopcomputer": "computer-symbolic", "phone": "phone-symbolic", "keyboard": "input-keyboard-symbolic",
    "internaldrive": "drive-harddisk-symbolic", "record.circle": "media-record-symbolic",
    "arrow.up.left.and.arrow.down.right": "view-fullscreen-symbolic", "nosign": "action-unavailable-symbolic",
  ]

  /// The icon theme's folders of scalable icons, where they exist.
  static let directories: [URL] = {
    let dirs =
      ProcessInfo.processInfo.environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 }
      ?? "/usr/local/share:/usr/share"
    return dirs.split(separator: ":").map {
      URL(fileURLWithPath: String($0)).appendingPathComponent("icons/Adwaita/scalable", isDirectory: true)
    }.filter { FileManager.default.fileExists(atPath: $0.path) }
  }()

  /// The theme's context folders (`actions`, `places`, `status`, …) in each directory.
  private static let folders: [URL] = directories.flatMap { directory in
    ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted().map {
      directory.appendingPathComponent($0, isDirectory: true)
    }
  }

  /// The icons read so far, by SF Symbol name; nil for a name with no icon.
  private static let cache = Mutex<[String: SymbolicIcon?]>([:])

  /// The theme's icon for an SF Symbol name, or nil.
  static func icon(named name: String) -> SymbolicIcon? {
    if let cached = cache.withLock({ $0[name] }) { return cached }
    let icon = load(name)
    cache.withLock { $0[name] = icon }
    return icon
  }

  private static func load(_ name: String) -> SymbolicIcon? {
    let base = name.hasSuffix(".fill") ? String(name.dropLast(5)) : name
    guard let file = map[base] else { return nil }
    for folder in folders {
      let url = folder.appendingPathComponent(file + ".svg")
      if let text = try? String(contentsOf: url, encoding: .utf8), let icon = SymbolicIcon(svg: text) {
        return icon
      }
    }
    return nil
  }
}

/// A symbolic icon read from SVG: filled shapes in a unit square, y downwards, each with
/// its opacity. The SVG's paths, rectangles, circles and ellipses are read, with
/// `translate`, `scale` and `matrix` transforms; each path fills by the nonzero rule over
/// all its subpaths, as SVG's do.
struct SymbolicIcon: Sendable {
  struct Shape: Sendable {
    /// The outlines, as polygons.
    var polygons: [[Point]]
    var opacity: Double
  }

  var shapes: [Shape]

  /// The icon of an SVG document, or nil when it has no shape that can be read.
  init?(svg: String) {
    var shapes: [Shape] = []
    var viewBox = Rect(x: 0, y: 0, width: 16, height: 16)
    // The transforms and opacities of the groups open around the current element.
    var stack: [(CGAffineTransform, Double)] = [(.identity, 1)]
    for tag in SVGTags(svg) {
      let (transform, opacity) = stack.last ?? (.identity, 1)
      switch tag.name {
      case "svg":
        if let box = tag.attributes["viewBox"].map(SVGNumbers.parse), box.count == 4, box[2] > 0, box[3] > 0 {
          viewBox = Rect(x: box[0], y: box[1], width: box[2], height: box[3])
        }
      case "g" where tag.isClosing:
        if stack.count > 1 { stack.removeLast() }
      case "g" where !tag.isSelfClosing:
        stack.append((tag.transform.concatenating(transform), opacity * tag.opacity))
      case "path", "rect", "circle", "ellipse":
        guard tag.attributes["fill"] != "none", tag.attributes["display"] != "none" else { continue }
        let own = tag.transform.concatenating(transform)
        let polygons = tag.polygons().map { $0.map { own.apply(to: $0) } }.filter { $0.count > 2 }
        if !polygons.isEmpty { shapes.append(Shape(polygons: polygons, opacity: opacity * tag.opacity)) }
      default:
        break
      }
    }
    guard !shapes.isEmpty else { return nil }
    // Into the unit square.
    let scale = 1 / max(viewBox.width, viewBox.height)
    self.shapes = shapes.map { shape in
      Shape(
        polygons: shape.polygons.map { polygon in
          polygon.map { Point(x: ($0.x - viewBox.minX) * scale, y: ($0.y - viewBox.minY) * scale) }
        }, opacity: shape.opacity)
    }
  }

  /// Each pixel's coverage, from 0 to 1, at `size` × `size` pixels, with 4 × 4 samples a
  /// pixel: the shapes laid over one another by their opacities.
  func coverage(size: Int) -> [Double] {
    let samples = 4
    let width = size * samples
    var result = [Double](repeating: 0, count: size * size)
    var inside = [Bool](repeating: false, count: width)
    var counts = [Int](repeating: 0, count: size * size)
    for shape in shapes {
      for index in counts.indices { counts[index] = 0 }
      for sampleRow in 0..<width {
        let y = (Double(sampleRow) + 0.5) / Double(width)
        Self.scan(shape.polygons, atY: y, width: width, into: &inside)
        let row = sampleRow / samples
        for x in 0..<width where inside[x] { counts[row * size + x / samples] += 1 }
      }
      let full = Double(samples * samples)
      for index in result.indices where counts[index] > 0 {
        let alpha = Double(counts[index]) / full * shape.opacity
        result[index] = 1 - (1 - result[index]) * (1 - alpha)
      }
    }
    return result
  }

  /// Marks the samples of a line at `y` that the polygons cover by the nonzero rule.
  private static func scan(_ polygons: [[Point]], atY y: Double, width: Int, into inside: inout [Bool]) {
    for index in inside.indices { inside[index] = false }
    var crossings: [(x: Double, direction: Int)] = []
    for polygon in polygons {
      for index in polygon.indices {
        let a = polygon[index]
        let b = polygon[(index + 1) % polygon.count]
        guard (a.y <= y) != (b.y <= y) else { continue }
        let x = a.x + (y - a.y) / (b.y - a.y) * (b.x - a.x)
        crossings.append((x, b.y > a.y ? 1 : -1))
      }
    }
    guard !crossings.isEmpty else { return }
    crossings.sort { $0.x < $1.x }
    var winding = 0
    for (index, crossing) in crossings.enumerated() {
      winding += crossing.direction
      guard winding != 0, index + 1 < crossings.count else { continue }
      let start = max(0, Int((crossing.x * Double(width) - 0.5).rounded(.up)))
      let end = min(width - 1, Int((crossings[index + 1].x * Double(width) - 0.5).rounded(.down)))
      if start <= end { for x in start...end { inside[x] = true } }
    }
  }
}

/// The start and end tags of an SVG document, with their attributes.
struct SVGTags: Sequence {
  struct Tag {
    var name: String
    var attributes: [String: String]
    var isClosing: Bool
    var isSelfClosing: Bool

    var opacity: Double {
      let values = ["opacity", "fill-opacity"].compactMap { attributes[$0].flatMap(Double.init) }
      return values.reduce(1) { $0 * Swift.min(1, Swift.max(0, $1.isFinite ? $1 : 1)) }
    }

    var transform: CGAffineTransform {
      guard let text = attributes["transform"] else { return .identity }
      var result = CGAffineTransform.identity
      // Each function in turn: the first written applies last.
      var rest = Substring(text)
      while let open = rest.firstIndex(of: "("), let close = rest[open...].firstIndex(of: ")") {
        let function = rest[..<open].trimmingCharacters(in: .whitespacesAndNewlines.union(.init(charactersIn: ",")))
        let values = SVGNumbers.parse(String(rest[rest.index(after: open)..<close]))
        let step: CGAffineTransform
        switch function {
        case "translate" where !values.isEmpty:
          step = CGAffineTransform(translationX: values[0], y: values.count > 1 ? values[1] : 0)
        case "scale" where !values.isEmpty:
          step = CGAffineTransform(scaleX: values[0], y: values.count > 1 ? values[1] : values[0])
        case "matrix" where values.count == 6:
          step = CGAffineTransform(a: values[0], b: values[1], c: values[2], d: values[3], tx: values[4], ty: values[5])
        case "rotate" where !values.isEmpty:
          step = CGAffineTransform(rotationAngle: values[0] * .pi / 180)
        default:
          step = .identity
        }
        result = step.concatenating(result)
        rest = rest[rest.index(after: close)...]
      }
      return result
    }

    /// The element's outline as polygons, in its own coordinates.
    func polygons() -> [[Point]] {
      func number(_ key: String) -> Double { attributes[key].flatMap { SVGNumbers.parse($0).first } ?? 0 }
      switch name {
      case "path":
        return SVGPathData.polygons(attributes["d"] ?? "")
      case "rect":
        let rect = Rect(x: number("x"), y: number("y"), width: number("width"), height: number("height"))
        guard rect.width > 0, rect.height > 0 else { return [] }
        let radius = Swift.min(Swift.max(number("rx"), number("ry")), rect.width / 2, rect.height / 2)
        return [Path.polygon(of: Path(roundedRect: rect, cornerRadius: radius))]
      case "circle":
        let r = number("r")
        guard r > 0 else { return [] }
        return [
          Path.polygon(of: Path(ellipseIn: Rect(x: number("cx") - r, y: number("cy") - r, width: 2 * r, height: 2 * r)))
        ]
      case "ellipse":
        let (rx, ry) = (number("rx"), number("ry"))
        guard rx > 0, ry > 0 else { return [] }
        return [
          Path.polygon(
            of: Path(ellipseIn: Rect(x: number("cx") - rx, y: number("cy") - ry, width: 2 * rx, height: 2 * ry)))
        ]
      default:
        return []
      }
    }
  }

  let text: String
  init(_ text: String) { self.text = text }

  func makeIterator() -> AnyIterator<Tag> {
    var rest = Substring(text)
    return AnyIterator {
      while let open = rest.firstIndex(of: "<") {
        guard let close = rest[open...].firstIndex(of: ">") else { return nil }
        var body = rest[rest.index(after: open)..<close]
        rest = rest[rest.index(after: close)...]
        guard let first = body.first, first != "?", first != "!" else { continue }
        let isClosing = first == "/"
        if isClosing { body = body.dropFirst() }
        let isSelfClosing = body.last == "/"
        if isSelfClosing { body = body.dropLast() }
        let name = String(body.prefix { !$0.isWhitespace })
        return Tag(
          name: name.split(separator: ":").last.map(String.init) ?? name,
          attributes: Self.attributes(body.dropFirst(name.count)), isClosing: isClosing,
          isSelfClosing: isSelfClosing)
      }
      return nil
    }
  }

  /// `key="value"` pairs, and those of a `style` attribute.
  static func attributes(_ text: Substring) -> [String: String] {
    var result: [String: String] = [:]
    var rest = text
    while let equals = rest.firstIndex(of: "=") {
      let key = rest[..<equals].trimmingCharacters(in: .whitespacesAndNewlines)
      rest = rest[rest.index(after: equals)...].drop { $0.isWhitespace }
      guard let quote = rest.first, quote == "\"" || quote == "'" else { break }
      rest = rest.dropFirst()
      guard let end = rest.firstIndex(of: quote) else { break }
      result[key] = String(rest[..<end])
      rest = rest[rest.index(after: end)...]
    }
    for declaration in (result["style"] ?? "").split(separator: ";") {
      let parts = declaration.split(separator: ":", maxSplits: 1)
      guard parts.count == 2 else { continue }
      result[parts[0].trimmingCharacters(in: .whitespaces)] = parts[1].trimmingCharacters(in: .whitespaces)
    }
    return result
  }
}

/// The numbers of an SVG attribute: `1.5-2e-1,.5.5` is 1.5, −0.2, 0.5 and 0.5.
enum SVGNumbers {
  static func parse(_ text: String) -> [Double] {
    var scanner = SVGScanner(text)
    var numbers: [Double] = []
    while let number = scanner.number() { numbers.append(number) }
    return numbers
  }
}

/// Reads path data and numbers one at a time.
struct SVGScanner {
  private let characters: [Character]
  private(set) var index = 0

  init(_ text: String) { characters = Array(text) }

  var isAtEnd: Bool { index >= characters.count }

  mutating func skipSeparators() {
    while index < characters.count, characters[index].isWhitespace || characters[index] == "," { index += 1 }
  }

  /// The next command letter, if one comes next.
  mutating func command() -> Character? {
    skipSeparators()
    guard index < characters.count, characters[index].isLetter, characters[index] != "e", characters[index] != "E"
    else { return nil }
    defer { index += 1 }
    return characters[index]
  }

  /// The next number, if one comes next.
  mutating func number() -> Double? {
    skipSeparators()
    let start = index
    if index < characters.count, characters[index] == "-" || characters[index] == "+" { index += 1 }
    var digits = false
    var dot = false
    while index < characters.count {
      let c = characters[index]
      if c.isASCII, c.isNumber {
        digits = true
      } else if c == ".", !dot {
        dot = true
      } else {
        break
      }
      index += 1
    }
    if digits, index < characters.count, characters[index] == "e" || characters[index] == "E" {
      var look = index + 1
      if look < characters.count, characters[look] == "-" || characters[look] == "+" { look += 1 }
      if look < characters.count, characters[look].isASCII, characters[look].isNumber {
        index = look
        while index < characters.count, characters[index].isASCII, characters[index].isNumber { index += 1 }
      }
    }
    guard digits, let value = Double(String(characters[start..<index])), value.isFinite else {
      index = start
      return nil
    }
    return value
  }

  /// An arc's flag: a single 0 or 1, which may touch the next number.
  mutating func flag() -> Bool? {
    skipSeparators()
    guard index < characters.count, characters[index] == "0" || characters[index] == "1" else { return nil }
    defer { index += 1 }
    return characters[index] == "1"
  }
}

/// SVG path data (`d`) as polygons: every command, relative and absolute, with curves and
/// arcs cut into straight steps. Data that stops making sense ends the path there.
enum SVGPathData {
  static func polygons(_ data: String) -> [[Point]] {
    var scanner = SVGScanner(data)
    var polygons: [[Point]] = []
    var current: [Point] = []
    var point = Point.zero
    var start = Point.zero
    var lastControl: Point?
    var lastCommand: Character = " "

    func finish() {
      if current.count > 2 { polygons.append(current) }
      current = []
    }
    func line(to next: Point) {
      if current.isEmpty { current = [point] }
      current.append(next)
      point = next
    }
    func cubic(_ c1: Point, _ c2: Point, _ end: Point) {
      if current.isEmpty { current = [point] }
      current += Path.polygon(start: point, segments: [.curve(to: end, control1: c1, control2: c2)]).dropFirst()
      point = end
    }
    /// A quadratic curve, as the cubic of the same shape.
    func quadratic(_ c: Point, _ end: Point) {
      cubic(
        Point(x: point.x + 2 / 3 * (c.x - point.x), y: point.y + 2 / 3 * (c.y - point.y)),
        Point(x: end.x + 2 / 3 * (c.x - end.x), y: end.y + 2 / 3 * (c.y - end.y)), end)
    }

    var command: Character?
    while true {
      scanner.skipSeparators()
      if scanner.isAtEnd { break }
      if let next = scanner.command() {
        command = next
      } else if command == nil || command == "z" || command == "Z" {
        // Numbers before any command, or after a close without one: not path data.
        break
      }
      guard let letter = command else { break }
      let relative = letter.isLowercase
      let origin = relative ? point : .zero
      func pair() -> Point? {
        guard let x = scanner.number(), let y = scanner.number() else { return nil }
        return Point(x: origin.x + x, y: origin.y + y)
      }
      var control: Point?
      switch letter.lowercased() {
      case "m":
        guard let to = pair() else { return finished(polygons, current) }
        finish()
        point = to
        start = to
        current = [to]
        // Pairs after a move are lines.
        command = relative ? "l" : "L"
      case "l":
        guard let to = pair() else { return finished(polygons, current) }
        line(to: to)
      case "h":
        guard let x = scanner.number() else { return finished(polygons, current) }
        line(to: Point(x: (relative ? point.x : 0) + x, y: point.y))
      case "v":
        guard let y = scanner.number() else { return finished(polygons, current) }
        line(to: Point(x: point.x, y: (relative ? point.y : 0) + y))
      case "c":
        guard let c1 = pair(), let c2 = pair(), let to = pair() else { return finished(polygons, current) }
        cubic(c1, c2, to)
        control = c2
      case "s":
        guard let c2 = pair(), let to = pair() else { return finished(polygons, current) }
        let reflected =
          "CcSs".contains(lastCommand) ? lastControl.map { Point(x: 2 * point.x - $0.x, y: 2 * point.y - $0.y) } : nil
        cubic(reflected ?? point, c2, to)
        control = c2
      case "q":
        guard let c = pair(), let to = pair() else { return finished(polygons, current) }
        quadratic(c, to)
        control = c
      case "t":
        guard let to = pair() else { return finished(polygons, current) }
        let c =
          "QqTt".contains(lastCommand)
          ? lastControl.map { Point(x: 2 * point.x - $0.x, y: 2 * point.y - $0.y) } ?? point : point
        quadratic(c, to)
        control = c
      case "a":
        guard let rx = scanner.number(), let ry = scanner.number(), let rotation = scanner.number(),
          let large = scanner.flag(), let sweep = scanner.flag(), let to = pair()
        else { return finished(polygons, current) }
        for (c1, c2, end) in arc(from: point, to: to, rx: rx, ry: ry, rotation: rotation, large: large, sweep: sweep) {
          cubic(c1, c2, end)
        }
      case "z":
        finish()
        point = start
      default:
        return finished(polygons, current)
      }
      lastControl = control
      lastCommand = letter
    }
    return finished(polygons, current)
  }

  private static func finished(_ polygons: [[Point]], _ current: [Point]) -> [[Point]] {
    current.count > 2 ? polygons + [current] : polygons
  }

  /// An elliptical arc as cubic curves (SVG's endpoint parameterisation, F.6).
  static func arc(
    from p0: Point, to p1: Point, rx: Double, ry: Double, rotation: Double, large: Bool, sweep: Bool
  ) -> [(Point, Point, Point)] {
    var rx = abs(rx)
    var ry = abs(ry)
    guard rx > 0, ry > 0, p0 != p1 else { return [(p0, p1, p1)] }
    let phi = rotation * .pi / 180
    let (cosPhi, sinPhi) = (cos(phi), sin(phi))
    let dx = (p0.x - p1.x) / 2
    let dy = (p0.y - p1.y) / 2
    let x1 = cosPhi * dx + sinPhi * dy
    let y1 = -sinPhi * dx + cosPhi * dy
    let lambda = x1 * x1 / (rx * rx) + y1 * y1 / (ry * ry)
    if lambda > 1 {
      rx *= lambda.squareRoot()
      ry *= lambda.squareRoot()
    }
    let numerator = max(0, rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1)
    let denominator = rx * rx * y1 * y1 + ry * ry * x1 * x1
    var factor = denominator > 0 ? (numerator / denominator).squareRoot() : 0
    if large == sweep { factor = -factor }
    let cx1 = factor * rx * y1 / ry
    let cy1 = -factor * ry * x1 / rx
    let cx = cosPhi * cx1 - sinPhi * cy1 + (p0.x + p1.x) / 2
    let cy = sinPhi * cx1 + cosPhi * cy1 + (p0.y + p1.y) / 2
    func angle(_ ux: Double, _ uy: Double, _ vx: Double, _ vy: Double) -> Double {
      atan2(ux * vy - uy * vx, ux * vx + uy * vy)
    }
    let theta1 = angle(1, 0, (x1 - cx1) / rx, (y1 - cy1) / ry)
    var delta = angle((x1 - cx1) / rx, (y1 - cy1) / ry, (-x1 - cx1) / rx, (-y1 - cy1) / ry)
    if !sweep && delta > 0 { delta -= 2 * .pi }
    if sweep && delta < 0 { delta += 2 * .pi }
    let steps = max(1, Int((abs(delta) / (.pi / 2)).rounded(.up)))
    let step = delta / Double(steps)
    let k = 4.0 / 3 * tan(step / 4)
    func point(_ t: Double) -> Point {
      Point(
        x: cx + rx * cos(t) * cosPhi - ry * sin(t) * sinPhi, y: cy + rx * cos(t) * sinPhi + ry * sin(t) * cosPhi)
    }
    func derivative(_ t: Double) -> Point {
      Point(x: -rx * sin(t) * cosPhi - ry * cos(t) * sinPhi, y: -rx * sin(t) * sinPhi + ry * cos(t) * cosPhi)
    }
    var result: [(Point, Point, Point)] = []
    for index in 0..<steps {
      let a = theta1 + Double(index) * step
      let b = a + step
      let (pa, pb, da, db) = (point(a), point(b), derivative(a), derivative(b))
      result.append(
        (
          Point(x: pa.x + k * da.x, y: pa.y + k * da.y), Point(x: pb.x - k * db.x, y: pb.y - k * db.y),
          index == steps - 1 ? p1 : pb
        ))
    }
    return result
  }
}

extension Path {
  /// The outline of a path of one shape (a rectangle, an ellipse, a figure) as a polygon.
  static func polygon(of path: Path) -> [Point] {
    guard let element = path.elements.first else { return [] }
    switch figure(of: element, transformedBy: path.transform) {
    case .figure(let start, let segments, _): return polygon(start: start, segments: segments)
    default: return []
    }
  }
}
