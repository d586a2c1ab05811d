import Foundation
import Views

/// A private X server (Xvfb) for programs that need a display when there is none.
public final class VirtualDisplay: @unchecked Sendable {
  /// The display's name, such as `:42`.
  public let name: String
  private let server: LineProcess

  private init(name: String, server: LineProcess) {
    self.name = name
    self.server = server
  }

  /// Starts Xvfb with one 24-bit screen of `width` × `height` on the first free display
  /// number, and waits until it accepts connections.
  public static func start(width: Int = 1280, height: Int = 800) throws(DriverError) -> VirtualDisplay {
    guard let xvfb = LineProcess.which("Xvfb") else { throw .missingTool("Xvfb", package: "xvfb") }
    // -displayfd: Xvfb picks a free display number and prints it once it is ready.
    let server = try LineProcess.start(
      xvfb, arguments: ["-displayfd", "1", "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp"])
    guard let number = server.waitForLine(timeout: 20, where: { Int($0) != nil })?.line else {
      server.terminate()
      throw .timedOut("Xvfb to start", output: server.output)
    }
    return VirtualDisplay(name: ":\(number)", server: server)
  }

  /// Stops the server.
  public func stop() {
    server.terminate()
  }

  deinit {
    server.terminate()
  }
}

/// Real X input through xdotool (XTEST), as the X server sees a person's.
public struct XInput: Sendable {
  /// The display the input goes to.
  public let display: String
  private let xdotool: URL

  public init(display: String) throws(DriverError) {
    guard let xdotool = LineProcess.which("xdotool") else { throw .missingTool("xdotool", package: "xdotool") }
    self.display = display
    self.xdotool = xdotool
  }

  /// Runs xdotool with `arguments` and returns what it printed.
  @discardableResult
  public func run(_ arguments: [String]) throws(DriverError) -> String {
    try LineProcess.run(xdotool, arguments, environment: ["DISPLAY": display])
  }

  /// Moves the pointer to `x`, `y` in `window`'s coordinates.
  public func move(window: String, x: Int, y: Int) throws(DriverError) {
    try run(["mousemove", "--window", window, "\(x)", "\(y)"])
  }

  public func buttonDown(_ button: Int = 1) throws(DriverError) { try run(["mousedown", "\(button)"]) }
  public func buttonUp(_ button: Int = 1) throws(DriverError) { try run(["mouseup", "\(button)"]) }
  /// Presses and releases a key, by its X keysym name (`Escape`, `a`, `U304B`).
  public func key(_ name: String) throws(DriverError) {
    try bindToSpareKeycode(name.split(separator: "+").last.map(String.init) ?? name)
    try run(["key", name])
  }

  /// Binds a keysym that the keymap lacks (a Unicode one such as `U304B`, or a dead key
  /// such as `dead_acute`) to a spare keycode, for good.
  ///
  /// xdotool types such a keysym by binding a scratch keycode for the one key press and
  /// unbinding it at once. A client that reads the keymap again after the unbinding (GTK
  /// does, on the mapping notice) sees no symbol for the key, and loses it when it is busy.
  /// With the keysym bound beforehand, xdotool finds it in the keymap and changes nothing.
  /// Without xmodmap, xdotool's way stays.
  private func bindToSpareKeycode(_ keysym: String) throws(DriverError) {
    guard keysym.count > 1, keysym.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }),
      let xmodmap = LineProcess.which("xmodmap")
    else { return }
    let table = try LineProcess.run(xmodmap, ["-pke"], environment: ["DISPLAY": display])
    let entries = table.split(separator: "\n").map { line in
      let parts = line.split(separator: "=", maxSplits: 1)
      return (
        code: parts.first.flatMap { Int($0.split(separator: " ").last ?? "") },
        symbols: parts.count > 1 ? parts[1].split(separator: " ").map(String.init) : []
      )
    }
    guard !entries.contains(where: { $0.symbols.contains(keysym) }),
      let spare = entries.last(where: { $0.symbols.isEmpty && $0.code != nil })?.code
    else { return }
    _ = try LineProcess.run(xmodmap, ["-e", "keycode \(spare) = \(keysym)"], environment: ["DISPLAY": display])
  }

  /// Takes the focus from `window` and gives it back (unmapping and mapping it), so that
  /// the focus change is seen again.
  public func refocus(_ window: String) throws(DriverError) {
    try run(["windowunmap", "--sync", window, "windowmap", "--sync", window, "windowfocus", "--sync", window])
  }

  /// xdotool's name for a key with its modifiers, such as `ctrl+space` or `shift+Tab`.
  public static func keyName(_ key: KeyEvent.Key, _ modifiers: KeyModifiers = []) -> String {
    let name: String
    switch key {
    case .space: name = "space"
    case .return: name = "Return"
    case .escape: name = "Escape"
    case .tab: name = "Tab"
    case .up: name = "Up"
    case .down: name = "Down"
    case .left: name = "Left"
    case .right: name = "Right"
    case .home: name = "Home"
    case .end: name = "End"
    case .pageUp: name = "Prior"
    case .pageDown: name = "Next"
    case .delete: name = "Delete"
    case .backspace: name = "BackSpace"
    case .character(let text):
      // A character outside ASCII goes by its Unicode keysym name, U and its hex code.
      if let scalar = text.unicodeScalars.first, text.unicodeScalars.count == 1, !scalar.isASCII {
        name = "U" + String(scalar.value, radix: 16, uppercase: true)
      } else {
        name = text
      }
    }
    var prefix = ""
    if modifiers.contains(.control) { prefix += "ctrl+" }
    if modifiers.contains(.shift) { prefix += "shift+" }
    if modifiers.contains(.alternate) { prefix += "alt+" }
    if modifiers.contains(.command) { prefix += "super+" }
    return prefix + name
  }

  /// The X window of process `pid` whose title starts with `titlePrefix`, or else its only
  /// visible window (an application may have renamed it: a root view controller's title
  /// becomes its window's).
  public func window(ofProcess pid: Int32, titlePrefix: String) throws(DriverError) -> String? {
    // GTK 4 gives its unmapped client leader the toplevel's title too: a shown window first.
    let visible =
      (try? run(["search", "--onlyvisible", "--pid", "\(pid)"]))?.split(separator: "\n").map(String.init) ?? []
    for id in visible where (try? run(["getwindowname", id]))?.hasPrefix(titlePrefix) == true { return id }
    let ids = (try? run(["search", "--pid", "\(pid)"]))?.split(separator: "\n").map(String.init) ?? []
    for id in ids where (try? run(["getwindowname", id]))?.hasPrefix(titlePrefix) == true { return id }
    return visible.count == 1 ? visible[0] : nil
  }
}

/// Screenshots of real windows, through ImageMagick's `import`.
public struct ScreenCapture: Sendable {
  public let display: String
  private let importTool: URL

  public init(display: String) throws(DriverError) {
    guard let tool = LineProcess.which("import") else { throw .missingTool("import", package: "imagemagick") }
    self.display = display
    importTool = tool
  }

  /// Writes what `window` shows as PNG to `url`, creating the folder.
  public func capture(window: String, to url: URL) throws(DriverError) {
    try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try LineProcess.run(importTool, ["-window", window, url.path], environment: ["DISPLAY": display])
  }
}
