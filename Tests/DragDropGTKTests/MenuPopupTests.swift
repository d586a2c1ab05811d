import Foundation
import TestSupport
import Testing

/// A SwiftUI `Menu` and `contextMenu` in a real GTK window on X11: each opens in a popover
/// of its own, which reaches past the window's edge, takes the pointer and the keyboard,
/// and closes on a choice, on Escape and on a press outside it.
@Suite("GTK menus in popovers", .serialized)
struct MenuPopupTests {
  @Test(
    "A menu opens in a popup below its button and past the window's edge; a click, the keys, Escape and a press outside work on it",
    .enabled(if: WindowTests.hasDisplay && WindowTests.hasXdotool, "needs an X display and xdotool"))
  func menusInPopovers() throws {
    try DisplayLock.withExclusiveDisplay { try menus() }
  }

  /// A popup line: its frame in the window's X window, and where each item's centre is in it.
  struct Popup {
    var x: Int
    var y: Int
    var width: Int
    var height: Int
    var items: [String: (x: Int, y: Int)]

    init(_ line: String) throws {
      let fields = line.split(separator: " ")
      struct Unparsable: Error {}
      guard fields.count >= 5, let x = Int(fields[1]), let y = Int(fields[2]), let width = Int(fields[3]),
        let height = Int(fields[4])
      else { throw Unparsable() }
      (self.x, self.y, self.width, self.height) = (x, y, width, height)
      var items: [String: (x: Int, y: Int)] = [:]
      for field in fields.dropFirst(5) {
        let parts = field.split(separator: "=")
        let point = parts.last?.split(separator: ",").compactMap { Int($0) } ?? []
        if parts.count == 2, point.count == 2 { items[String(parts[0])] = (point[0], point[1]) }
      }
      self.items = items
    }
  }

  private func menus() throws {
    let title = "DragDropGTK-menu-\(ProcessInfo.processInfo.processIdentifier)"
    let probe = try Probe.start(["menu", title])
    defer { probe.terminate() }
    let ready = try #require(probe.waitForLine(startingWith: "ready", timeout: 30), "\(probe.output)")
    #expect(ready.hasSuffix("size=300x120"))
    let origin = try Probe.origin(in: ready)
    let window = try #require(Probe.xdotool(["search", "--name", title]).split(separator: "\n").first.map(String.init))
    func point(_ text: String) throws -> (x: Int, y: Int) {
      let line = try #require(probe.waitForAnyLine(startingWith: "at \(text) ", timeout: 10))
      let fields = line.split(separator: " ").compactMap { Int($0) }
      return (fields[0], fields[1])
    }
    func click(_ x: Int, _ y: Int, button: Int = 1) throws {
      try Probe.xdotool(["mousemove", "--window", window, "\(x)", "\(y)", "click", "\(button)"])
    }
    let actions = try point("Actions")
    let row = try point("Row")

    // A click opens the menu in a popup below the button, as large as the menu: four
    // 36-point items and 6 points above and below, which the 120-point window cannot hold.
    try click(origin.x + actions.x, origin.y + actions.y)
    let first = try Popup(try #require(probe.waitForLine(startingWith: "popup ", timeout: 10), "\(probe.output)"))
    #expect(first.width == 200 && first.height == 156, "\(probe.output)")
    #expect(first.y >= origin.y + actions.y && first.y + first.height > origin.y + 120)
    // A click on the item that lies past the window's edge chooses it and closes the popup.
    let delete = try #require(first.items["Delete"])
    #expect(first.y + delete.y > origin.y + 120)
    try click(first.x + delete.x, first.y + delete.y)
    #expect(probe.waitForLine(startingWith: "chosen", timeout: 10) == "chosen delete", "\(probe.output)")
    #expect(probe.waitForLine(startingWith: "popup ", timeout: 10) == "popup closed")

    // The keyboard moves in the open popup: the first item has the focus.
    try click(origin.x + actions.x, origin.y + actions.y)
    #expect(probe.waitForLine(startingWith: "popup ", timeout: 10)?.hasPrefix("popup closed") == false)
    try Probe.xdotool(["key", "Down", "Return"])
    #expect(probe.waitForLine(startingWith: "chosen", timeout: 10) == "chosen paste", "\(probe.output)")
    #expect(probe.waitForLine(startingWith: "popup ", timeout: 10) == "popup closed")

    // Escape closes it, choosing nothing.
    try click(origin.x + actions.x, origin.y + actions.y)
    #expect(probe.waitForLine(startingWith: "popup ", timeout: 10)?.hasPrefix("popup closed") == false)
    try Probe.xdotool(["key", "Escape"])
    #expect(probe.waitForLine(startingWith: "popup ", timeout: 10) == "popup closed", "\(probe.output)")

    // A secondary click opens the context menu at the pointer; a press outside closes it.
    try click(origin.x + row.x, origin.y + row.y, button: 3)
    let context = try Popup(try #require(probe.waitForLine(startingWith: "popup ", timeout: 10), "\(probe.output)"))
    #expect(context.items["Rename"] != nil && context.items["Copy"] == nil)
    #expect(abs(context.y - (origin.y + row.y)) <= 12)
    try click(origin.x + 10, origin.y + 110)
    #expect(probe.waitForLine(startingWith: "popup ", timeout: 10) == "popup closed", "\(probe.output)")
    #expect(!probe.lines.contains { $0.hasPrefix("chosen") && $0 != "chosen delete" && $0 != "chosen paste" })
  }
}

extension MenuPopupTests {
  @Test(
    "A secondary click opens a view's edit menu in a popup at the pointer; a click, the keys and Escape work on it",
    .enabled(if: WindowTests.hasDisplay && WindowTests.hasXdotool, "needs an X display and xdotool"))
  func editMenuInAPopover() throws {
    try DisplayLock.withExclusiveDisplay {
      let title = "DragDropGTK-edit-menu-\(ProcessInfo.processInfo.processIdentifier)"
      let probe = try Probe.start(["edit-menu", title])
      defer { probe.terminate() }
      let ready = try #require(probe.waitForLine(startingWith: "ready", timeout: 30), "\(probe.output)")
      let origin = try Probe.origin(in: ready)
      let window = try #require(
        Probe.xdotool(["search", "--name", title]).split(separator: "\n").first.map(String.init))
      func click(_ x: Int, _ y: Int, button: Int = 1) throws {
        try Probe.xdotool(["mousemove", "--window", window, "\(x)", "\(y)", "click", "\(button)"])
      }
      // Copy and Paste, 32 points a row and 4 above and below: taller than the window.
      try click(origin.x + 100, origin.y + 30, button: 3)
      let popup = try Popup(try #require(probe.waitForLine(startingWith: "popup ", timeout: 10), "\(probe.output)"))
      #expect(popup.width == 150 && popup.height == 72, "\(probe.output)")
      #expect(abs(popup.y - (origin.y + 30)) <= 12 && popup.y + popup.height > origin.y + 60)
      // A click on its second row, below the window's edge, pastes and closes it.
      try click(popup.x + 40, popup.y + 4 + 32 + 16)
      #expect(probe.waitForLine(startingWith: "chosen", timeout: 10) == "chosen paste", "\(probe.output)")
      #expect(probe.waitForLine(startingWith: "popup ", timeout: 10) == "popup closed")
      // Return chooses the first row; Escape chooses nothing.
      try click(origin.x + 100, origin.y + 30, button: 3)
      #expect(probe.waitForLine(startingWith: "popup ", timeout: 10)?.hasPrefix("popup closed") == false)
      try Probe.xdotool(["key", "Return"])
      #expect(probe.waitForLine(startingWith: "chosen", timeout: 10) == "chosen copy", "\(probe.output)")
      #expect(probe.waitForLine(startingWith: "popup ", timeout: 10) == "popup closed")
      try click(origin.x + 100, origin.y + 30, button: 3)
      #expect(probe.waitForLine(startingWith: "popup ", timeout: 10)?.hasPrefix("popup closed") == false)
      try Probe.xdotool(["key", "Escape"])
      #expect(probe.waitForLine(startingWith: "popup ", timeout: 10) == "popup closed", "\(probe.output)")
      #expect(probe.lines.filter { $0.hasPrefix("chosen") } == ["chosen paste", "chosen copy"])
    }
  }

  @Test(
    "On Wayland a menu is an xdg_popup below its button: a click chooses in it, a press outside closes it",
    .enabled(if: WaylandDragTests.hasWayland, "needs sway and WaylandPointer"))
  func menusInPopupsOnWayland() throws {
    try DisplayLock.withExclusiveDisplay {
      let session = try WaylandDragTests.Session()
      defer { session.close() }
      let title = "DragDropGTK-wayland-menu"
      let probe = try Probe.start(["menu", title], environment: session.clientEnvironment)
      defer { probe.terminate() }
      let ready = try #require(probe.waitForAnyLine(startingWith: "ready", timeout: 30), "\(probe.output)")
      let origin = try Probe.origin(in: ready)
      let size = ready.split(separator: "size=").last.map(String.init) ?? ""
      let height = Int(size.split(separator: "x").last ?? "") ?? 0
      func point(_ text: String) throws -> (x: Int, y: Int) {
        let line = try #require(probe.waitForAnyLine(startingWith: "at \(text) ", timeout: 10))
        let fields = line.split(separator: " ").compactMap { Int($0) }
        return (origin.x + fields[0], origin.y + fields[1])
      }
      let actions = try point("Actions")
      let row = try point("Row")
      try session.click(at: actions)
      let popup = try Popup(
        try #require(probe.waitForLine(startingWith: "popup ", timeout: 10), "\(ready) \(actions) \(probe.output)"))
      #expect(popup.width == 200 && popup.height == 156 && popup.y >= actions.y)
      let share = try #require(popup.items["Share"])
      try session.click(at: (popup.x + share.x, popup.y + share.y))
      #expect(probe.waitForLine(startingWith: "chosen", timeout: 10) == "chosen share", "\(probe.output)")
      #expect(probe.waitForLine(startingWith: "popup ", timeout: 10) == "popup closed")

      try session.click(at: row, button: "right")
      let context = try Popup(try #require(probe.waitForLine(startingWith: "popup ", timeout: 10), "\(probe.output)"))
      #expect(context.items["Rename"] != nil)
      try session.click(at: (origin.x + 10, origin.y + max(0, height - 10)))
      #expect(probe.waitForLine(startingWith: "popup ", timeout: 10) == "popup closed", "\(probe.output)")
      #expect(probe.lines.filter { $0.hasPrefix("chosen") } == ["chosen share"])
    }
  }
}
