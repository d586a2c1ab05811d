import DragDropTesting
import DragDropUI
import Foundation
import TestSupport
import Testing

import enum Views.DrawingCommand
import class Views.RecordingGraphicsContext

/// A window showing `view`, laid out, that checks no delegate calls: these tests check
/// what the views show.
@MainActor
func show<V: View>(_ view: V, width: Double = 480, height: Double = 420) -> (TestWindow, HostingView<V>) {
  let test = TestWindow(size: CGSize(width: width, height: height))
  test.recorder.stopChecking()
  let host = HostingView(rootView: view, frame: test.window.bounds)
  test.window.addSubview(host)
  host.layoutIfNeeded()
  test.settle()
  return (test, host)
}

extension TestWindow {
  /// Drags with the pointer from `start` to `end` and waits until the drop has loaded.
  func drop(from start: CGPoint, to end: CGPoint) async {
    pointerDrag(from: start, through: [end])
    await settleTransfers()
    settle()
  }

  /// Types `text` and presses Return.
  func type(_ text: String) {
    for character in text { key(.character(String(character))) }
    key(.return)
    settle()
  }
}

extension HostingView {
  /// The texts among `texts` that show, in reading order: by line, then left to right.
  func order(of texts: [String]) -> [String] {
    texts.compactMap { text in find(text: text).map { (text, $0.frameInWindow) } }
      .sorted { ($0.1.minY, $0.1.minX) < ($1.1.minY, $1.1.minX) }
      .map(\.0)
  }

  /// The texts among `texts` in a list at the window's left (left of `edge`), top to
  /// bottom: a text also shown elsewhere counts once, by its place in the list.
  func listed(_ texts: [String], leftOf edge: Double = 300) -> [String] {
    texts.compactMap { text in findAll(text: text).first { $0.center.x < edge }.map { (text, $0.center.y) } }
      .sorted { $0.1 < $1.1 }
      .map(\.0)
  }

  /// Whether `text` shows.
  func shows(_ text: String) -> Bool { find(text: text) != nil }
}

/// A point just inside the top of `found`: a drop there goes before it in a list.
@MainActor
func upperHalf(of found: FoundView) -> CGPoint {
  CGPoint(x: found.center.x, y: found.frameInWindow.minY + 8)
}

/// The colours `view` fills with when drawn, in drawing order.
@MainActor
func fillColors<V: View>(of view: HostingView<V>) -> [Color] {
  let context = RecordingGraphicsContext()
  view.render(in: context)
  return context.commands.compactMap { command in
    if case .fill(_, let color) = command { return color }
    return nil
  }
}

@MainActor
@Suite("SwiftUI code as people write it, headless")
struct SwiftUICodeTests {
  @Test("Gestures from Apple's documentation: a long press tracked in @GestureState, a drag that recolours")
  func documentationGestures() throws {
    let (test, host) = show(
      HStack(spacing: 40) {
        SimpleLongPressGestureView(); DragGestureView()
      })
    #expect(fillColors(of: host) == [.blue, .blue])
    // The long press: red while held (its transaction's animation does not delay the
    // state), green once held 3 seconds, and it stays green.
    let press = CGPoint(x: host.bounds.midX - 70, y: host.bounds.midY)
    test.press(at: press)
    test.hold(0.1)
    host.layoutIfNeeded()
    #expect(fillColors(of: host) == [.red, .blue])
    test.hold(3)
    test.release()
    test.settle()
    #expect(fillColors(of: host) == [.green, .blue])
    // The drag: red while it moves, blue again once it lifts.
    let circle = CGPoint(x: host.bounds.midX + 70, y: host.bounds.midY)
    test.press(at: circle)
    test.move(to: CGPoint(x: circle.x + 30, y: circle.y))
    host.layoutIfNeeded()
    #expect(fillColors(of: host) == [.green, .red])
    test.release()
    test.settle()
    #expect(fillColors(of: host) == [.green, .blue])
  }

  @Test("A card dragged with an offset follows the finger, springs back, and counts the drags up past 100 points")
  func draggableCard() throws {
    let (test, host) = show(DraggableCardView())
    let card = try #require(host.find(text: "Card"))
    let start = card.center
    test.press(at: start)
    test.move(to: CGPoint(x: start.x + 20, y: start.y - 60))
    host.layoutIfNeeded()
    let moved = try #require(host.find(text: "Card")).center
    #expect(moved == CGPoint(x: start.x + 20, y: start.y - 60))
    test.move(to: CGPoint(x: start.x + 20, y: start.y - 130))
    test.release()
    test.settle()
    #expect(try #require(host.find(text: "Card")).center == start)
    #expect(host.shows("Dropped 1"))
    // A short drag does not count; a long press without moving toggles the colour.
    test.press(at: start)
    test.move(to: CGPoint(x: start.x, y: start.y - 50))
    test.release()
    test.settle()
    #expect(host.shows("Dropped 1"))
    #expect(fillColors(of: host).contains(.teal))
    test.longPress(at: start)
    test.release()
    test.settle()
    #expect(fillColors(of: host).contains(.orange))
  }

  @Test("Reading list: a title dragged in is inserted between rows, a row dragged up moves, Edit turns to Done")
  func readingList() async throws {
    let (test, host) = show(BookshelfView(), width: 520, height: 480)
    let titles = ["Snow Country", "The Sound of the Mountain", "Kokoro", "Silence"]
    let source = try #require(host.find(text: "Silence"))
    let kokoro = try #require(host.find(text: "Kokoro"))
    await test.drop(from: source.center, to: upperHalf(of: kokoro))
    #expect(await eventually { host.findAll(text: "Silence").count == 2 })
    test.settle()
    #expect(host.listed(titles) == ["Snow Country", "The Sound of the Mountain", "Silence", "Kokoro"])

    // Kokoro, now the last row, dragged above the first.
    let snow = try #require(host.find(text: "Snow Country"))
    let last = try #require(host.findAll(text: "Kokoro").first)
    await test.drop(from: last.center, to: upperHalf(of: snow))
    #expect(host.listed(titles) == ["Kokoro", "Snow Country", "The Sound of the Mountain", "Silence"])

    let edit = try #require(host.find(text: "Edit"))
    test.tap(at: edit.center)
    test.settle()
    #expect(host.shows("Done") && !host.shows("Edit"))
  }

  @Test("Colour grid: a swatch dragged over another moves to its place as it enters, through a DropDelegate")
  func colorGrid() async throws {
    let (test, host) = show(ColorGridView())
    let names = ["Red", "Orange", "Yellow", "Green", "Blue", "Purple"]
    #expect(host.order(of: names) == names)
    let red = try #require(host.find(text: "Red"))
    let blue = try #require(host.find(text: "Blue"))
    await test.drop(from: red.center, to: blue.center)
    #expect(host.order(of: names) == ["Orange", "Yellow", "Green", "Blue", "Red", "Purple"])
  }

  @Test("Kanban: a Codable card of its own type moves to the column it is dropped on")
  func kanban() async throws {
    let (test, host) = show(KanbanBoardView(), width: 560, height: 420)
    let card = try #require(host.find(text: "Design the icon"))
    let done = try #require(host.find(text: "Done"))
    let before = card.center.x
    await test.drop(from: card.center, to: CGPoint(x: done.center.x, y: done.center.y + 150))
    #expect(await eventually { (host.find(text: "Design the icon")?.center.x ?? before) > done.frameInWindow.minX })
    let moved = try #require(host.find(text: "Design the icon"))
    #expect(abs(moved.frameInWindow.minX - (host.find(text: "Ship 1.0")?.frameInWindow.minX ?? 0)) < 1)
  }

  @Test("Photo well: an image dropped from elsewhere is read as a UIImage and shown")
  func photoDrop() async throws {
    let png = TestImages.png(width: 64, height: 48)
    let (test, host) = show(
      HStack(spacing: 40) {
        PhotoDropView()
        Text("photo").onDrag { NSItemProvider(object: UIImage(data: png)!) }
      }, width: 520)
    let source = try #require(host.find(text: "photo"))
    let well = try #require(host.find(text: "Drop a photo"))
    await test.drop(from: source.center, to: well.center)
    #expect(await eventually { !host.shows("Drop a photo") })
    test.settle()
    #expect(host.treeSnapshot.contains("Image"))
  }

  @Test("File list: files dropped from a file manager arrive as URLs, named in the list")
  func fileDrop() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("SwiftUICode-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("notes.txt")
    try Data("hello".utf8).write(to: file)
    let (test, host) = show(
      HStack(spacing: 40) {
        FileDropView()
        Text("file").onDrag { NSItemProvider(contentsOf: file)! }
      }, width: 520)
    let source = try #require(host.find(text: "file"))
    let list = try #require(host.find(text: "Drop files here"))
    await test.drop(from: source.center, to: CGPoint(x: list.center.x, y: list.center.y + 100))
    #expect(await eventually { host.shows("1 files") })
    test.settle()
    #expect(host.shows("notes.txt"))
  }

  @Test("Emoji canvas: a sticker lands centred where it is dropped")
  func emojiCanvas() async throws {
    let (test, host) = show(EmojiCanvasView())
    let apple = try #require(host.find(text: "🍎"))
    let target = CGPoint(x: apple.center.x + 40, y: apple.center.y + 180)
    await test.drop(from: apple.center, to: target)
    #expect(await eventually { host.findAll(text: "🍎").count == 2 })
    test.settle()
    let sticker = try #require(host.findAll(text: "🍎").first { $0.center.y > apple.center.y + 50 })
    #expect(abs(sticker.center.x - target.x) < 1 && abs(sticker.center.y - target.y) < 1, "\(sticker.center)")
  }

  @Test("To-do inbox: a suggestion dropped between rows is inserted at that offset")
  func todoInbox() async throws {
    let (test, host) = show(TodoInboxView())
    let source = try #require(host.find(text: "Water plants"))
    let call = try #require(host.find(text: "Call mum"))
    await test.drop(from: source.center, to: upperHalf(of: call))
    #expect(await eventually { host.findAll(text: "Water plants").count == 2 })
    test.settle()
    #expect(
      host.listed(["Buy milk", "Water plants", "Call mum"], leftOf: 240) == ["Buy milk", "Water plants", "Call mum"])
  }

  @Test("Folders: a note dropped on a folder's row is filed there without opening it; the row then opens it")
  func folders() async throws {
    let (test, host) = show(FolderBrowserView(), width: 480, height: 420)
    let note = try #require(host.find(text: "Buy stamps"))
    let work = try #require(host.find(text: "Work (1)"))
    await test.drop(from: note.center, to: work.center)
    #expect(await eventually { host.shows("Work (2)") })
    test.settle()
    #expect(!host.shows("Buy stamps") && host.shows("Renew passport"))
    test.tap(at: try #require(host.find(text: "Work (2)")).center)
    test.settle()
    #expect(host.shows("Buy stamps") && host.shows("Standup at ten"))
  }

  @Test("Shopping cart: a Codable product dropped in the cart adds its price; the destructive button empties it")
  func shoppingCart() async throws {
    let (test, host) = show(ShoppingCartView())
    let empty = try #require(host.find(text: "Empty Cart"))
    test.tap(at: empty.center)  // disabled while the cart is empty
    let tea = try #require(host.find(text: "Tea"))
    let cart = try #require(host.find(text: "Cart is empty"))
    await test.drop(from: tea.center, to: cart.center)
    #expect(await eventually { host.shows("Total: ¥480") })
    let rice = try #require(host.find(text: "Rice"))
    await test.drop(from: rice.center, to: try #require(host.find(text: "Total: ¥480")).center)
    #expect(await eventually { host.shows("Total: ¥1680") })
    test.settle()
    #expect(host.shows("Tea, Rice"))
    test.tap(at: try #require(host.find(text: "Empty Cart")).center)
    test.settle()
    #expect(host.shows("Cart is empty") && host.shows("Total: ¥0"))
  }

  @Test("Tag editor: the field has the focus from the start and keeps it; a tag dropped on the trash goes")
  func tagEditor() async throws {
    let (test, host) = show(TagEditorView())
    test.type("gtk")
    #expect(host.shows("#gtk"))
    test.type("Wayland")
    #expect(host.shows("#wayland"))
    let swift = try #require(host.find(text: "#swift"))
    let trash = try #require(host.find(label: "trash"))
    await test.drop(from: swift.center, to: trash.center)
    #expect(await eventually { !host.shows("#swift") })
    #expect(host.order(of: ["#swift", "#linux", "#gtk", "#wayland"]) == ["#linux", "#gtk", "#wayland"])
  }

  @Test("Playlist: a toggle, a segmented picker and a stepper decide what a drop adds")
  func playlist() async throws {
    let (test, host) = show(PlaylistSettingsView(), width: 560, height: 420)
    // "Blue in Green" is in the library on the left, and the whole playlist on the right.
    let songs = try #require(host.findAll(text: "Blue in Green").min { $0.center.x < $1.center.x })
    let target = try #require(host.findAll(text: "Blue in Green").max { $0.center.x < $1.center.x })
    await test.drop(from: try #require(host.find(text: "So What")).center, to: target.center)
    #expect(await eventually { host.shows("Blue in Green / So What") })

    // A duplicate is refused until the toggle allows it; then it goes to the top.
    await test.drop(from: songs.center, to: try #require(host.find(text: "Blue in Green / So What")).center)
    #expect(host.shows("Blue in Green / So What"))
    test.tap(at: try #require(host.find(text: "Allow duplicates")).center)
    test.tap(at: try #require(host.find(text: "Top")).center)
    test.settle()
    await test.drop(from: songs.center, to: try #require(host.find(text: "Blue in Green / So What")).center)
    #expect(await eventually { host.shows("Blue in Green / Blue in Green / So What") })

    // The limit of 3 is reached; the stepper raises it.
    await test.drop(
      from: try #require(host.find(text: "Freddie Freeloader")).center,
      to: try #require(host.find(text: "Blue in Green / Blue in Green / So What")).center)
    #expect(host.shows("Blue in Green / Blue in Green / So What"))
    test.tap(at: try #require(host.find(label: "Increment")).center)
    test.settle()
    #expect(host.shows("Limit: 4"))
    await test.drop(
      from: try #require(host.find(text: "Freddie Freeloader")).center,
      to: try #require(host.find(text: "Blue in Green / Blue in Green / So What")).center)
    #expect(await eventually { host.shows("Freddie Freeloader / Blue in Green / Blue in Green / So What") })
  }

  @Test("Legacy text: NSItemProvider(item:typeIdentifier:) and loadItem(forTypeIdentifier:) carry the text")
  func legacyText() async throws {
    let (test, host) = show(LegacyTextDropView())
    let source = try #require(host.find(text: "Hello from 2019"))
    let well = try #require(host.find(text: "Nothing yet"))
    await test.drop(from: source.center, to: well.center)
    #expect(await eventually { host.findAll(text: "Hello from 2019").count == 2 })
  }

  @Test("Bookmarks: a link is taken and shown by its host; plain text is refused by validateDrop")
  func bookmarks() async throws {
    let (test, host) = show(LinkSourceView(), width: 640)
    let bar = try #require(host.find(text: "Bookmarks"))
    await test.drop(from: try #require(host.find(text: "plain text")).center, to: bar.center)
    #expect(host.findAll(text: "not a link").isEmpty)
    await test.drop(from: try #require(host.find(text: "swift.org")).center, to: bar.center)
    #expect(await eventually { host.findAll(text: "swift.org").count == 2 })
  }

  @Test("Recipe clipper: async loadTransferable in an @Observable model; a spinner while it loads")
  func recipeClipper() async throws {
    let (test, host) = show(RecipeClipperView())
    let source = try #require(host.find(text: "Oyakodon"))
    let well = try #require(host.find(text: "Drop a recipe"))
    await test.drop(from: source.center, to: well.center)
    #expect(await eventually { host.shows("1 recipes") })
    test.settle()
    #expect(host.findAll(text: "Oyakodon").count == 2)
    #expect(!host.treeSnapshot.contains("Spinner"))
  }

  @Test("Mailbox: drag to the archive, a context menu's delete, an alert that empties, a sheet that shows")
  func mailbox() async throws {
    let (test, host) = show(MailboxView(), width: 480, height: 480)
    await test.drop(
      from: try #require(host.find(text: "Invoice #42")).center,
      to: try #require(host.find(text: "Archive (0)")).center)
    #expect(await eventually { host.shows("Archive (1)") })
    test.settle()
    #expect(!host.shows("Invoice #42"))

    // A secondary click opens the row's menu at the click.
    let lunch = try #require(host.find(text: "Lunch on Friday?"))
    test.pointerMove(to: lunch.center, steps: 1)
    test.pointerDown(at: lunch.center, button: .secondary)
    test.pointerUp(button: .secondary)
    test.settle()
    let delete = try #require(host.find(text: "Delete"))
    #expect(delete.frameInWindow.minY >= lunch.center.y - 1)
    test.tap(at: delete.center)
    test.settle()
    #expect(!host.shows("Lunch on Friday?") && !host.shows("Delete"))

    // The sheet lists the archive, and Done closes it.
    test.tap(at: try #require(host.find(text: "Show")).center)
    test.settle()
    #expect(host.findAll(text: "Archive").count >= 1 && host.findAll(text: "Invoice #42").count == 1)
    test.tap(at: try #require(host.find(text: "Done")).center)
    test.settle()
    #expect(!host.shows("Done") && !host.shows("Invoice #42"))

    // The alert asks first; Escape runs Cancel, and Return its only other button.
    test.tap(at: try #require(host.find(text: "Empty")).center)
    test.settle()
    #expect(host.shows("Empty the archive?") && host.shows("The messages cannot be brought back."))
    test.key(.escape)
    test.settle()
    #expect(!host.shows("Empty the archive?") && host.shows("Archive (1)"))
    test.tap(at: try #require(host.find(text: "Empty")).center)
    test.settle()
    test.key(.return)
    test.settle()
    #expect(!host.shows("Empty the archive?") && host.shows("Archive (0)"))
  }

  @Test("Avatar: image bytes dropped as Data, a slider that sizes it, a menu that shapes it")
  func avatar() async throws {
    let png = TestImages.png(width: 8, height: 8)
    let (test, host) = show(
      HStack(spacing: 30) {
        AvatarPickerView()
        Text("png").onDrag { NSItemProvider(object: UIImage(data: png)!) }
      }, width: 560, height: 480)
    let avatar = try #require(host.find(label: "person crop circle"))
    #expect(avatar.frameInWindow.width == 80)
    await test.drop(from: try #require(host.find(text: "png")).center, to: avatar.center)
    #expect(await eventually { host.find(label: "person crop circle") == nil })

    let menu = try #require(host.find(text: "Shape: circle"))
    test.tap(at: menu.center)
    test.settle()
    test.tap(at: try #require(host.find(text: "Square")).center)
    test.settle()
    #expect(host.shows("Shape: square") && !host.shows("Circle"))
  }
}

@MainActor
@Suite("Gestures composed as Apple's documentation composes them")
struct ComposedGestureCodeTests {
  @Test("The draggable circle: a long press, then a drag that moves it; a drag without the press moves nothing")
  func draggableCircle() throws {
    let (test, host) = show(DraggableCircle())
    let circle = CGPoint(x: host.bounds.midX, y: host.bounds.midY)
    // The stroke shows only while dragging: count the strokes drawn.
    func strokes() -> Int {
      let context = RecordingGraphicsContext()
      host.render(in: context)
      return context.commands.filter { if case .stroke = $0 { true } else { false } }.count
    }
    func circleCenter() -> CGPoint? {
      let context = RecordingGraphicsContext()
      host.render(in: context)
      var transform = CGAffineTransform.identity
      var stack: [CGAffineTransform] = []
      for command in context.commands {
        switch command {
        case .save: stack.append(transform)
        case .restore: transform = stack.popLast() ?? .identity
        case .concatenate(let step): transform = step.concatenating(transform)
        case .fill(let path, let color) where color == .blue:
          let box = path.bounds
          return CGPoint(x: box.midX, y: box.midY).applying(transform)
        default: break
        }
      }
      return nil
    }
    let start = try #require(circleCenter())
    #expect(abs(start.x - circle.x) < 1 && abs(start.y - circle.y) < 1)
    // A quick drag: the long press fails, nothing moves.
    test.press(at: circle)
    test.move(to: CGPoint(x: circle.x + 60, y: circle.y))
    test.release()
    test.settle()
    #expect(try #require(circleCenter()) == start)
    // Held half a second, then dragged: the circle follows, stroked, and stays.
    test.press(at: circle)
    test.hold(0.6)
    test.move(to: CGPoint(x: circle.x + 60, y: circle.y + 30))
    host.layoutIfNeeded()
    #expect(strokes() == 1)
    let dragged = try #require(circleCenter())
    #expect(abs(dragged.x - (start.x + 60)) < 1 && abs(dragged.y - (start.y + 30)) < 1)
    test.release()
    test.settle()
    #expect(strokes() == 0)
    let dropped = try #require(circleCenter())
    #expect(abs(dropped.x - (start.x + 60)) < 1 && abs(dropped.y - (start.y + 30)) < 1)
  }
}
