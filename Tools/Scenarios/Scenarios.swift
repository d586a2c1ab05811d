import DragDrop
import SampleScenes

/// The shared scenarios: each runs headless and, unless it says why not, in a real window.
extension Scenario {
  public static let all: [Scenario] = [
    tableReorder, tableCopy, tableMove, tableCancel, labelDrag, photoReorder, photoIntoAlbum, photoImport,
    albumSpringLoading, photosWithSecondTouch, homeMove, homeCancel, inboxFromPeer, tableKeyboardMove,
    labelKeyboardDrag, photoKeyboardSpringLoading,
    homeKeyboardMove, outboxKeyboardCopy, declarativeTextIntoField, declarativeTextIntoFrame,
    declarativeLinkRefused, declarativeListReorder, declarativeGridReorder, declarativeTextIntoGrid,
    declarativeTyping, declarativeBoardReverse, declarativeTextIntoBoard, fingerScrollThenCopy, homeFingerMove,
    photosSecondFinger, labelFingerDrag, fingerFlickThenCatch, outboxFingerCopy, fingerDragWhileSecondScrolls,
    declarativeFingerListReorder, readingListReorder,
    readingListBin,
    readingListFingerReorder, readingListFingerBinThenSort, cityIntoBasket, cityIntoBasketByFinger,
  ]

  /// The scenario with `id`.
  public static func named(_ id: String) -> Scenario? { all.first { $0.id == id } }

  // MARK: Seed 001: tables

  /// Row `row` of the first (left) or second (right) table of scene 001.
  public static func tableRow(_ table: Int, _ row: Int, dy: Double = 0) -> Point {
    Point(x: table == 0 ? 165 : 475, y: 72 + 44 * Double(row) + 22 + dy)
  }

  static let prefectures = PrefectureTablesScene.prefectures

  public static let tableReorder = Scenario(
    id: "table-reorder", scene: .tables,
    summary: "北海道 moves below 岩手県 in the left table, through moveRowAt (rule 22)",
    steps: [
      .press(tableRow(0, 0)), .move(tableRow(0, 2, dy: 8)), .wait(0.3), .capture("gap"), .release, .settle,
      .capture("dropped"),
    ],
    calls: [
      "first.itemsForBeginning", "first.previewForLifting(item 0)", "first.willAnimateLift",
      "first.sessionAllowsMoveOperation", "first.sessionIsRestrictedToDraggingApplication", "first.sessionWillBegin",
      "first.canHandle", "first.sessionDidEnter", "first.sessionDidUpdate", "first.willEnd(move)",
      "first.performDrop", "first.previewForDropping(item 0)", "first.willAnimateDrop(item 0)", "first.concludeDrop",
      "first.didEnd(move)", "first.sessionDidEnd", "first.sessionDidTransferItems",
    ],
    journal: ["first.itemsForBeginning 0", "first.moveRowAt 0→2"],
    state:
      "first=\(listing([prefectures[1], prefectures[2], prefectures[0]] + prefectures[3..<39])) second=\(listing(Array(prefectures[39...])))"
  )

  public static let tableCopy = Scenario(
    id: "table-copy", scene: .tables,
    summary: "宮城県 is copied into the trip through a placeholder row (seed 001)",
    steps: [
      .press(tableRow(0, 3)), .move(tableRow(1, 1, dy: 8)), .wait(0.3), .capture("gap"), .release, .settle,
      .capture("dropped"),
    ],
    calls: [
      "first.itemsForBeginning", "first.previewForLifting(item 0)", "first.willAnimateLift",
      "first.sessionAllowsMoveOperation", "first.sessionIsRestrictedToDraggingApplication", "first.sessionWillBegin",
      "first.canHandle", "first.sessionDidEnter", "first.sessionDidUpdate", "second.canHandle",
      "first.sessionDidExit", "second.sessionDidEnter", "second.sessionDidUpdate", "first.willEnd(copy)",
      "second.performDrop", "second.previewForDropping(item 0)", "second.willAnimateDrop(item 0)",
      "second.concludeDrop", "first.didEnd(copy)", "first.sessionDidEnd", "second.sessionDidEnd",
      "first.sessionDidTransferItems",
    ],
    journal: ["first.itemsForBeginning 3", "second.performDrop copy 2", "second.commit 宮城県 at 2"],
    state:
      "first=\(listing(Array(prefectures[..<39]))) second=\(listing([prefectures[39], prefectures[40], prefectures[3]] + prefectures[41...]))"
  )

  public static let tableKeyboardMove = Scenario(
    id: "table-keyboard-move", scene: .tables,
    summary: "By keys alone, 福岡県 moves from the trip back to the prefectures, each step announced (rule 41)",
    steps: [
      .key(.tab), .key(.space), .wait(0.3), .capture("lifted"), .key(.tab), .key(.down), .wait(0.3),
      .capture("gap"), .key(.return), .settle, .capture("dropped"),
    ],
    calls: [
      "second.itemsForBeginning", "second.previewForLifting(item 0)", "second.willAnimateLift",
      "second.sessionAllowsMoveOperation", "second.sessionIsRestrictedToDraggingApplication",
      "second.sessionWillBegin", "first.canHandle", "second.canHandle", "first.sessionDidEnter",
      "first.sessionDidUpdate", "second.willEnd(move)", "first.performDrop", "first.previewForDropping(item 0)",
      "first.willAnimateDrop(item 0)", "first.concludeDrop", "second.didEnd(move)", "first.sessionDidEnd",
      "second.sessionDidTransferItems",
    ],
    journal: ["second.itemsForBeginning 0", "first.performDrop move 1", "second.deleteRow 0"],
    state:
      "first=\(listing([prefectures[0], prefectures[39]] + prefectures[1..<39])) second=\(listing(Array(prefectures[40...])))",
    announcements: [
      "Picked up 福岡県.", "Over Prefectures, position 1 of 40.", "Over Prefectures, position 2 of 40.",
      "Dropped 福岡県 into Prefectures at position 2.",
    ]
  )

  public static let tableMove = Scenario(
    id: "table-move", scene: .tables,
    summary: "福岡県 moves from the trip back to the prefectures: inserted there, then deleted from the trip",
    steps: [
      .press(tableRow(1, 0)), .move(tableRow(0, 1, dy: -12)), .wait(0.3), .release, .settle, .capture("dropped"),
    ],
    calls: [
      "second.itemsForBeginning", "second.previewForLifting(item 0)", "second.willAnimateLift",
      "second.sessionAllowsMoveOperation", "second.sessionIsRestrictedToDraggingApplication",
      "second.sessionWillBegin", "second.canHandle", "second.sessionDidEnter", "second.sessionDidUpdate",
      "second.sessionDidExit", "first.canHandle", "first.sessionDidEnter", "first.sessionDidUpdate",
      "second.willEnd(move)", "first.performDrop", "first.previewForDropping(item 0)",
      "first.willAnimateDrop(item 0)", "first.concludeDrop", "second.didEnd(move)", "second.sessionDidEnd",
      "first.sessionDidEnd", "second.sessionDidTransferItems",
    ],
    journal: ["second.itemsForBeginning 0", "first.performDrop move 1", "second.deleteRow 0"],
    state:
      "first=\(listing([prefectures[0], prefectures[39]] + prefectures[1..<39])) second=\(listing(Array(prefectures[40...])))"
  )

  public static let tableCancel = Scenario(
    id: "table-cancel", scene: .tables,
    summary: "秋田県 is dropped on the caption, where nothing takes it: the drag is cancelled and the row goes home",
    steps: [
      .press(tableRow(0, 4)), .move(Point(x: 300, y: 24)), .wait(0.2), .release, .wait(0.1), .capture("returning"),
      .settle,
    ],
    calls: [
      "first.itemsForBeginning", "first.previewForLifting(item 0)", "first.willAnimateLift",
      "first.sessionAllowsMoveOperation", "first.sessionIsRestrictedToDraggingApplication", "first.sessionWillBegin",
      "first.canHandle", "first.sessionDidEnter", "first.sessionDidUpdate", "first.sessionDidExit",
      "first.willEnd(cancel)", "first.previewForCancelling(item 0)", "first.willAnimateCancel(item 0)",
      "first.didEnd(cancel)", "first.sessionDidEnd",
    ],
    journal: ["first.itemsForBeginning 4"],
    state: "first=\(listing(Array(prefectures[..<39]))) second=\(listing(Array(prefectures[39...])))"
  )

  // MARK: Seed 002: labels

  public static let labelDrag = Scenario(
    id: "label-drag", scene: .previews,
    summary: "The 北海道 label drags into the box, which copies its text",
    steps: [.press(Point(x: 124, y: 96)), .move(Point(x: 480, y: 225)), .wait(0.3), .release, .settle],
    calls: [
      "labels.itemsForBeginning", "labels.previewForLifting(item 0)", "labels.willAnimateLift",
      "labels.sessionAllowsMoveOperation", "labels.sessionIsRestrictedToDraggingApplication",
      "labels.sessionWillBegin", "box.canHandle", "box.sessionDidEnter", "box.sessionDidUpdate",
      "labels.willEnd(copy)", "box.performDrop", "box.previewForDropping(item 0)", "box.willAnimateDrop(item 0)",
      "box.concludeDrop", "labels.didEnd(copy)", "box.sessionDidEnd", "labels.sessionDidTransferItems",
    ],
    journal: ["box.performDrop 1", "box.received [北海道]"],
    state: "received=[北海道]"
  )

  public static let labelKeyboardDrag = Scenario(
    id: "label-keyboard-drag", scene: .previews,
    summary: "By keys alone, the 青森 label, focused inside the labels view, drags into the box",
    steps: [.key(.down), .key(.space), .key(.tab), .wait(0.3), .key(.return), .settle],
    calls: [
      "labels.itemsForBeginning", "labels.previewForLifting(item 0)", "labels.willAnimateLift",
      "labels.sessionAllowsMoveOperation", "labels.sessionIsRestrictedToDraggingApplication",
      "labels.sessionWillBegin", "box.canHandle", "box.sessionDidEnter", "box.sessionDidUpdate",
      "labels.willEnd(copy)", "box.performDrop", "box.previewForDropping(item 0)", "box.willAnimateDrop(item 0)",
      "box.concludeDrop", "labels.didEnd(copy)", "box.sessionDidEnd", "labels.sessionDidTransferItems",
    ],
    journal: ["box.performDrop 1", "box.received [青森]"],
    state: "received=[青森]",
    announcements: ["Picked up 青森.", "Over box.", "Copied 青森 into box."]
  )

  // MARK: Seed 004: declarative views

  /// Where the things to drag and the targets of scene 004 are, in window coordinates.
  public enum Declarative {
    public static let sampleText = Point(x: 244, y: 157)
    public static let field = Point(x: 244, y: 234)
    public static let weather = Point(x: 244, y: 309)
    public static let frame = Point(x: 602, y: 242)
    public static let link = Point(x: 602, y: 311)
    /// The centre of row `row` of the list.
    public static func row(_ row: Int, dy: Double = 0) -> Point { Point(x: 200, y: 380 + 44 * Double(row) + dy) }
    /// The board's toolbar button.
    public static let boardButton = Point(x: 1040, y: 44)
    /// The centre of the top of board row `row`; the rows are as tall as their text.
    public static func boardRow(_ row: Int, dy: Double = 0) -> Point { Point(x: 925, y: 100 + 44 * Double(row) + dy) }
    /// The centre of tile `index` of the two-column grid.
    public static func tile(_ index: Int, dx: Double = 0) -> Point {
      Point(x: 521 + 115 * Double(index % 2) + dx, y: 411 + 115 * Double(index / 2))
    }
  }

  static let seedText = "「SwiftUIとドラッグ&ドロップ」サンプル"

  static func textDragCalls(into target: String) -> [String] {
    [
      "sample text.itemsForBeginning", "sample text.previewForLifting(item 0)", "sample text.willAnimateLift",
      "sample text.sessionAllowsMoveOperation", "sample text.sessionIsRestrictedToDraggingApplication",
      "sample text.sessionWillBegin", "\(target).canHandle", "\(target).sessionDidEnter",
      "\(target).sessionDidUpdate", "sample text.willEnd(copy)", "\(target).performDrop",
      "\(target).previewForDropping(item 0)", "\(target).willAnimateDrop(item 0)", "\(target).concludeDrop",
      "sample text.didEnd(copy)", "\(target).sessionDidEnd", "sample text.sessionDidTransferItems",
    ]
  }

  public static let declarativeTextIntoField = Scenario(
    id: "declarative-text-into-field", scene: .declarative,
    summary: "Seed 004's sample 1: the Text with onDrag drops its string into the TextField",
    steps: [
      .press(Declarative.sampleText), .move(Declarative.field), .wait(0.3), .release, .settle, .capture("dropped"),
    ],
    calls: textDragCalls(into: "field"),
    journal: ["field.text \(seedText)"],
    state: "field=\(seedText) dropped=nil list=[北海道,青森,岩手,宮城,秋田] grid=[春,夏,秋,冬]"
  )

  public static let declarativeTextIntoFrame = Scenario(
    id: "declarative-text-into-frame", scene: .declarative,
    summary: "Seed 004's sample 3: TextDropDelegate validates, takes the text and shows it in the overlay",
    steps: [
      .press(Declarative.sampleText), .move(Declarative.frame), .wait(0.3), .release, .settle, .capture("dropped"),
    ],
    calls: textDragCalls(into: "red frame"),
    journal: [
      "frame.validateDrop true", "frame.dropEntered", "frame.validateDrop true", "frame.performDrop 1",
      "frame.dropExited", "frame.received \(seedText)",
    ],
    state: "field= dropped=\(seedText) list=[北海道,青森,岩手,宮城,秋田] grid=[春,夏,秋,冬]"
  )

  public static let declarativeLinkRefused = Scenario(
    id: "declarative-link-refused", scene: .declarative,
    summary: "A link is text, but the frame's validateDrop refuses it: no dropEntered, no drop",
    steps: [.press(Declarative.link), .move(Declarative.frame), .wait(0.3), .release, .settle],
    calls: [
      "link.itemsForBeginning", "link.previewForLifting(item 0)", "link.willAnimateLift",
      "link.sessionAllowsMoveOperation", "link.sessionIsRestrictedToDraggingApplication", "link.sessionWillBegin",
      "red frame.canHandle", "red frame.sessionDidEnter", "red frame.sessionDidUpdate", "link.willEnd(cancel)",
      "red frame.sessionDidExit", "link.previewForCancelling(item 0)", "link.willAnimateCancel(item 0)",
      "link.didEnd(cancel)", "red frame.sessionDidEnd",
    ],
    journal: ["frame.validateDrop false"],
    state: "field= dropped=nil list=[北海道,青森,岩手,宮城,秋田] grid=[春,夏,秋,冬]"
  )

  static let declarativeState = "field= dropped=nil"

  /// The calls of a reorder inside one list or grid.
  static func reorderCalls(_ name: String) -> [String] {
    [
      "\(name).itemsForBeginning", "\(name).previewForLifting(item 0)", "\(name).willAnimateLift",
      "\(name).sessionAllowsMoveOperation", "\(name).sessionIsRestrictedToDraggingApplication",
      "\(name).sessionWillBegin", "\(name).canHandle", "\(name).sessionDidEnter", "\(name).sessionDidUpdate",
      "\(name).willEnd(move)", "\(name).performDrop", "\(name).previewForDropping(item 0)",
      "\(name).willAnimateDrop(item 0)", "\(name).concludeDrop", "\(name).didEnd(move)", "\(name).sessionDidEnd",
      "\(name).sessionDidTransferItems",
    ]
  }

  public static let declarativeTyping = Scenario(
    id: "declarative-typing", scene: .declarative,
    summary: "A click focuses the TextField; typed kana arrive through the platform's input method",
    steps: [
      .press(Declarative.field), .release, .key(.character("か")), .key(.character("な")), .key(.backspace),
      .key(.character("に")), .settle,
    ],
    calls: [],
    journal: ["field.text か", "field.text かな", "field.text か", "field.text かに"],
    state: "field=かに dropped=nil list=[北海道,青森,岩手,宮城,秋田] grid=[春,夏,秋,冬]"
  )

  public static let declarativeListReorder = Scenario(
    id: "declarative-list-reorder", scene: .declarative,
    summary: "The List's ForEach.onMove: 北海道 goes below 岩手, with SwiftUI's offsets (0 → 3)",
    steps: [.press(Declarative.row(0)), .move(Declarative.row(2, dy: 12)), .wait(0.3), .release, .settle],
    calls: reorderCalls("prefectures"),
    journal: ["list.onMove 0 → 3"],
    state: "\(declarativeState) list=[青森,岩手,北海道,宮城,秋田] grid=[春,夏,秋,冬]"
  )

  public static let declarativeGridReorder = Scenario(
    id: "declarative-grid-reorder", scene: .declarative,
    summary: "The LazyVGrid's ForEach.onMove, beyond SwiftUI: 春 goes after 冬",
    steps: [.press(Declarative.tile(0)), .move(Declarative.tile(3, dx: 40)), .wait(0.3), .release, .settle],
    calls: reorderCalls("seasons"),
    journal: ["grid.onMove 0 → 4"],
    state: "\(declarativeState) list=[北海道,青森,岩手,宮城,秋田] grid=[夏,秋,冬,春]"
  )

  public static let declarativeTextIntoGrid = Scenario(
    id: "declarative-text-into-grid", scene: .declarative,
    summary: "Text dropped on the grid goes to its dropDestination(for: String.self), read as a String",
    steps: [.press(Declarative.sampleText), .move(Declarative.tile(3)), .wait(0.3), .release, .settle],
    // On its way the drag crosses the text field. The grid's own collection view passes
    // it on: its ForEach takes no inserts.
    calls: [
      "sample text.itemsForBeginning", "sample text.previewForLifting(item 0)", "sample text.willAnimateLift",
      "sample text.sessionAllowsMoveOperation", "sample text.sessionIsRestrictedToDraggingApplication",
      "sample text.sessionWillBegin", "field.canHandle", "field.sessionDidEnter", "field.sessionDidUpdate",
      "field.sessionDidExit", "seasons.canHandle", "season drop.canHandle", "season drop.sessionDidEnter",
      "season drop.sessionDidUpdate", "sample text.willEnd(copy)", "season drop.performDrop",
      "season drop.previewForDropping(item 0)", "season drop.willAnimateDrop(item 0)", "season drop.concludeDrop",
      "sample text.didEnd(copy)", "field.sessionDidEnd", "season drop.sessionDidEnd",
      "sample text.sessionDidTransferItems",
    ],
    journal: ["grid.dropDestination \(seedText)"],
    state: "\(declarativeState) list=[北海道,青森,岩手,宮城,秋田] grid=[春,夏,秋,冬,\(seedText)]"
  )

  public static let declarativeBoardReverse = Scenario(
    id: "declarative-board-reverse", scene: .declarative,
    summary: "The board's toolbar Button reverses its rows inside withAnimation: they glide to their places",
    steps: [
      .capture("before"), .press(Declarative.boardButton), .release, .wait(0.15), .capture("gliding"), .settle,
      .capture("reversed"),
    ],
    calls: [],
    journal: ["board.reverse Ship"],
    state: "\(declarativeState) list=[北海道,青森,岩手,宮城,秋田] grid=[春,夏,秋,冬]"
  )

  public static let declarativeTextIntoBoard = Scenario(
    id: "declarative-text-into-board", scene: .declarative,
    summary: "Text dropped between the board's rows is inserted there, in a row as tall as its wrapped text",
    steps: [
      .press(Declarative.sampleText), .move(Declarative.boardRow(1, dy: -12)), .wait(0.3), .release, .settle,
      .capture("inserted"),
    ],
    calls: textDragCalls(into: "board"),
    journal: ["board.insert \(seedText) at 1"],
    state: "\(declarativeState) list=[北海道,青森,岩手,宮城,秋田] grid=[春,夏,秋,冬]"
  )

  // MARK: Seed 000: photos and albums

  /// The centre of photo `index` of scene 000's grid, in window coordinates.
  public static func photo(_ index: Int, dx: Double = 0) -> Point {
    Point(x: 280 + 14 + Double(index % 5) * 117 + 52 + dx, y: 72 + 14 + Double(index / 5) * 117 + 52)
  }

  /// The centre of photo `index` of scene 000's camera strip.
  public static func camera(_ index: Int) -> Point { Point(x: 280 + 14 + Double(index) * 94 + 41, y: 594 + 12 + 41) }

  /// The centre of album `index` of scene 000's list.
  public static func album(_ index: Int) -> Point { Point(x: 140, y: 72 + 64 * Double(index) + 32) }

  static let library = Photo.library.map(\.title)

  static func albums(
    favourites: [String] = ["Fuji"], travel: [String] = ["Kyoto", "Nara"], family: [String] = [], food: [String] = []
  ) -> String {
    listing([
      "Favourites:" + listing(favourites), "Travel:" + listing(travel), "Family:" + listing(family),
      "Food:" + listing(food),
    ])
  }

  public static let photoReorder = Scenario(
    id: "photo-reorder", scene: .photos,
    summary: "Shiretoko moves before Kurobe: performDrop with its source index path, into a gap",
    steps: [
      .press(photo(0)), .move(photo(0, dx: 60)), .capture("lifted"), .move(photo(6, dx: 30)), .wait(0.3),
      .capture("gap"), .release, .settle, .capture("dropped"),
    ],
    calls: [
      "grid.itemsForBeginning", "grid.previewForLifting(item 0)", "grid.willAnimateLift",
      "grid.sessionAllowsMoveOperation", "grid.sessionIsRestrictedToDraggingApplication", "grid.sessionWillBegin",
      "grid.canHandle", "grid.sessionDidEnter", "grid.sessionDidUpdate", "grid.willEnd(move)", "grid.performDrop",
      "grid.previewForDropping(item 0)", "grid.willAnimateDrop(item 0)", "grid.concludeDrop", "grid.didEnd(move)",
      "grid.sessionDidEnd", "grid.sessionDidTransferItems",
    ],
    journal: ["grid.itemsForBeginning 0", "grid.performDrop move 6 sources [0]"],
    state: "library=\(listing(Array(library[1...6]) + [library[0]] + library[7...])) albums=\(albums()) open=Travel"
  )

  public static let photoIntoAlbum = Scenario(
    id: "photo-into-album", scene: .photos,
    summary: "Fuji drops into the Family album, which is highlighted while the photo is over it",
    steps: [
      .press(photo(3)), .move(album(2)), .wait(0.3), .capture("highlight"), .release, .settle, .capture("dropped"),
    ],
    calls: [
      "grid.itemsForBeginning", "grid.previewForLifting(item 0)", "grid.willAnimateLift",
      "grid.sessionAllowsMoveOperation", "grid.sessionIsRestrictedToDraggingApplication", "grid.sessionWillBegin",
      "grid.canHandle", "grid.sessionDidEnter", "grid.sessionDidUpdate", "albums.canHandle", "grid.sessionDidExit",
      "albums.sessionDidEnter", "albums.sessionDidUpdate", "grid.willEnd(copy)", "albums.performDrop",
      "albums.previewForDropping(item 0)", "albums.willAnimateDrop(item 0)", "albums.concludeDrop",
      "grid.didEnd(copy)", "grid.sessionDidEnd", "albums.sessionDidEnd", "grid.sessionDidTransferItems",
    ],
    journal: ["grid.itemsForBeginning 3", "albums.performDrop Family + [Fuji]"],
    state: "library=\(listing(library)) albums=\(albums(family: ["Fuji"])) open=Travel"
  )

  public static let photoImport = Scenario(
    id: "photo-import", scene: .photos,
    summary: "Dawn comes in from the slow camera: a placeholder shows the share loaded, then becomes the photo",
    steps: [
      .press(camera(0)), .move(photo(1, dx: -30)), .wait(0.3), .capture("gap"), .release, .wait(1),
      .capture("placeholder"), .settle, .capture("committed"),
    ],
    calls: [
      "camera.itemsForBeginning", "camera.previewForLifting(item 0)", "camera.willAnimateLift",
      "camera.sessionAllowsMoveOperation", "camera.sessionIsRestrictedToDraggingApplication",
      "camera.sessionWillBegin", "grid.canHandle", "grid.sessionDidEnter", "grid.sessionDidUpdate",
      "camera.willEnd(copy)", "grid.performDrop", "grid.previewForDropping(item 0)", "grid.willAnimateDrop(item 0)",
      "grid.concludeDrop", "camera.didEnd(copy)", "grid.sessionDidEnd", "camera.sessionDidTransferItems",
    ],
    journal: ["grid.performDrop copy 1", "grid.commit Dawn at 1"],
    state: "library=\(listing([library[0], "Dawn"] + library[1...])) albums=\(albums()) open=Travel"
  )

  public static let albumSpringLoading = Scenario(
    id: "album-spring-loading", scene: .photos,
    summary: "Hakone hovers over Food: the album blinks and opens (spring loading), then takes the photo",
    steps: [.press(photo(5)), .move(album(3)), .wait(2.1), .capture("opened"), .release, .settle],
    calls: [
      "grid.itemsForBeginning", "grid.previewForLifting(item 0)", "grid.willAnimateLift",
      "grid.sessionAllowsMoveOperation", "grid.sessionIsRestrictedToDraggingApplication", "grid.sessionWillBegin",
      "albums.canHandle", "albums.sessionDidEnter", "albums.sessionDidUpdate", "grid.willEnd(copy)",
      "albums.performDrop", "albums.previewForDropping(item 0)", "albums.willAnimateDrop(item 0)",
      "albums.concludeDrop", "grid.didEnd(copy)", "albums.sessionDidEnd", "grid.sessionDidTransferItems",
    ],
    journal: ["grid.itemsForBeginning 5", "albums.open Food", "albums.performDrop Food + [Hakone]"],
    state: "library=\(listing(library)) albums=\(albums(food: ["Hakone"])) open=Food"
  )

  public static let photoKeyboardSpringLoading = Scenario(
    id: "photo-keyboard-spring-loading", scene: .photos,
    summary: "By keys alone, Hakone goes onto Food, which opens while the keys rest on it, then takes the photo",
    steps: [
      .key(.tab), .key(.down), .key(.space), .key(.tab), .key(.tab), .key(.down), .key(.down), .key(.down),
      .wait(2.1),
      .capture("opened"), .key(.return), .settle,
    ],
    calls: [
      "grid.itemsForBeginning", "grid.previewForLifting(item 0)", "grid.willAnimateLift",
      "grid.sessionAllowsMoveOperation", "grid.sessionIsRestrictedToDraggingApplication", "grid.sessionWillBegin",
      "grid.canHandle", "albums.canHandle", "grid.sessionDidEnter", "grid.sessionDidUpdate", "grid.sessionDidExit",
      "albums.sessionDidEnter", "albums.sessionDidUpdate", "grid.willEnd(copy)", "albums.performDrop",
      "albums.previewForDropping(item 0)", "albums.willAnimateDrop(item 0)", "albums.concludeDrop",
      "grid.didEnd(copy)", "grid.sessionDidEnd", "albums.sessionDidEnd", "grid.sessionDidTransferItems",
    ],
    journal: ["grid.itemsForBeginning 5", "albums.open Food", "albums.performDrop Food + [Hakone]"],
    state: "library=\(listing(library)) albums=\(albums(food: ["Hakone"])) open=Food",
    announcements: [
      "Picked up Hakone.", "Over grid, position 1 of 19.", "Over Favourites.", "Over Travel.", "Over Family.",
      "Over Food.", "Copied Hakone into Food.",
    ]
  )

  public static let photosWithSecondTouch = Scenario(
    id: "photos-second-touch", scene: .photos,
    summary: "A second finger taps Nikkō during the drag of Shiretoko; both drop into Travel",
    steps: [
      .press(photo(0)), .move(Point(x: 600, y: 420)), .secondTouchTap(photo(2)), .move(album(1)), .wait(0.3),
      .release, .settle,
    ],
    calls: [
      "grid.itemsForBeginning", "grid.previewForLifting(item 0)", "grid.willAnimateLift",
      "grid.sessionAllowsMoveOperation", "grid.sessionIsRestrictedToDraggingApplication", "grid.sessionWillBegin",
      "grid.canHandle", "grid.sessionDidEnter", "grid.sessionDidUpdate", "grid.itemsForAddingTo",
      "grid.willAdd(1 for grid)", "grid.previewForLifting(item 1)", "grid.canHandle", "grid.sessionDidUpdate",
      "grid.sessionDidExit", "albums.canHandle", "albums.sessionDidEnter", "albums.sessionDidUpdate",
      "grid.willEnd(copy)", "albums.performDrop", "albums.previewForDropping(item 0)",
      "albums.willAnimateDrop(item 0)", "albums.previewForDropping(item 1)", "albums.willAnimateDrop(item 1)",
      "albums.concludeDrop", "grid.didEnd(copy)", "grid.sessionDidEnd", "albums.sessionDidEnd",
      "grid.sessionDidTransferItems",
    ],
    journal: ["grid.itemsForBeginning 0", "grid.itemsForAddingTo 2", "albums.performDrop Travel + [Shiretoko,Nikkō]"],
    state: "library=\(listing(library)) albums=\(albums(travel: ["Kyoto", "Nara", "Shiretoko", "Nikkō"])) open=Travel",
    headlessOnly: "xdotool drives one pointer and cannot put a second finger down during a drag"
  )

  // MARK: Seed 003: interactive movement

  /// The centre of app `index` of scene 003's home screen.
  public static func app(_ index: Int) -> Point {
    Point(x: 20 + 16 + Double(index % 5) * 101 + 42, y: 70 + 16 + Double(index / 5) * 108 + 48)
  }

  static let apps = InteractiveMovementScene.apps.map(\.name)

  public static let homeMove = Scenario(
    id: "home-move", scene: .interactiveMovement,
    summary: "A long press picks Camera up; it moves to Books' place and lands there through moveItemAt",
    steps: [.press(app(0)), .wait(0.7), .move(app(7)), .wait(0.3), .capture("moving"), .release, .settle],
    calls: [],
    journal: ["home.begin 0 true", "home.end", "home.moveItemAt 0→7"],
    state: "apps=\(listing(Array(apps[1...7]) + [apps[0]] + apps[8...]))"
  )

  public static let homeCancel = Scenario(
    id: "home-cancel", scene: .interactiveMovement,
    summary: "Music is picked up and moved, then Escape puts it back without asking the data source",
    steps: [.press(app(3)), .wait(0.7), .move(app(11)), .wait(0.3), .key(.escape), .release, .settle],
    calls: [],
    journal: ["home.begin 3 true", "home.cancel (Esc)"],
    state: "apps=\(listing(apps))"
  )

  public static let homeKeyboardMove = Scenario(
    id: "home-keyboard-move", scene: .interactiveMovement,
    summary: "By keys alone, Maps is picked up, moved two places on, and put down through moveItemAt",
    steps: [.key(.right), .key(.space), .key(.right), .key(.right), .wait(0.3), .key(.return), .settle],
    calls: [],
    journal: ["home.begin 1 true", "home.end", "home.moveItemAt 1→3"],
    state: "apps=\(listing([apps[0], apps[2], apps[3], apps[1]] + apps[4...]))",
    announcements: ["Moving Maps…", "Place 3 of 20.", "Place 4 of 20.", "Moved Maps to place 4"]
  )

  public static let outboxKeyboardCopy = Scenario(
    id: "outbox-keyboard-copy", scene: .otherApplications,
    summary: "By keys alone, the outbox's first row is copied into the inbox through a placeholder",
    steps: [.key(.tab), .key(.space), .key(.tab), .key(.return), .settle],
    calls: [
      "outbox.itemsForBeginning", "outbox.previewForLifting(item 0)", "outbox.willAnimateLift",
      "outbox.sessionAllowsMoveOperation", "outbox.sessionIsRestrictedToDraggingApplication",
      "outbox.sessionWillBegin", "inbox.canHandle", "inbox.sessionDidEnter", "inbox.sessionDidUpdate",
      "outbox.willEnd(copy)", "inbox.performDrop", "inbox.previewForDropping(item 0)", "inbox.willAnimateDrop(item 0)",
      "inbox.concludeDrop", "outbox.didEnd(copy)", "inbox.sessionDidEnd", "outbox.sessionDidTransferItems",
    ],
    journal: ["outbox.itemsForBeginning 0", "inbox.performDrop 1 at 0", "inbox.commit Text: 北海道の夏 at 0"],
    state: "inbox=[Text: 北海道の夏]",
    announcements: [
      "Picked up Text: 北海道の夏.", "Over Inbox, position 1 of 1.", "Copied Text: 北海道の夏 into Inbox at position 1.",
    ]
  )

  /// Another application's text, dropped on the inbox of scene 005: it arrives through the
  /// platform (GDK) and lands through a placeholder row.
  public static let inboxFromPeer = Scenario(
    id: "inbox-from-peer", scene: .otherApplications,
    summary: "Text dragged from another GTK application lands in the inbox through a placeholder",
    steps: [
      .press(Point(x: 890, y: 210)), .move(Point(x: 220, y: 120)), .wait(0.3), .release, .settle, .capture("inbox"),
    ],
    calls: [
      "inbox.canHandle", "inbox.sessionDidEnter", "inbox.sessionDidUpdate", "inbox.performDrop",
      "inbox.previewForDropping(item 0)", "inbox.willAnimateDrop(item 0)", "inbox.concludeDrop", "inbox.sessionDidEnd",
    ],
    journal: ["inbox.performDrop 1 at 0", "inbox.commit Text: 北海道の夏 at 0"],
    state: "inbox=[Text: 北海道の夏]",
    peer: ScenarioPeer(arguments: ["source", "北海道の夏"], position: Point(x: 740, y: 60)))

  // MARK: Fingers

  /// A finger swipes the prefectures six rows up, holds still and lifts (no glide), then a
  /// long press lifts the row now under it and copies it into the trip (rules 44 and 2).
  public static let fingerScrollThenCopy = Scenario(
    id: "finger-scroll-then-copy", scene: .tables,
    summary: "A finger scrolls the prefectures six rows, then a long press copies 栃木県 into the trip",
    steps: [
      .fingerDown(0, tableRow(0, 7)), .fingerMove(0, tableRow(0, 1)), .wait(0.3), .fingerUp(0), .settle,
      .fingerDown(0, tableRow(0, 2)), .wait(0.7), .fingerMove(0, tableRow(1, 1, dy: 8)), .wait(0.3),
      .fingerUp(0), .settle,
    ],
    calls: [
      "first.itemsForBeginning", "first.previewForLifting(item 0)", "first.willAnimateLift",
      "first.sessionAllowsMoveOperation", "first.sessionIsRestrictedToDraggingApplication", "first.sessionWillBegin",
      // On its way the finger passes the gap between the tables, where no target is.
      "first.canHandle", "first.sessionDidEnter", "first.sessionDidUpdate", "first.sessionDidExit",
      "second.canHandle", "second.sessionDidEnter", "second.sessionDidUpdate", "first.willEnd(copy)",
      "second.performDrop", "second.previewForDropping(item 0)", "second.willAnimateDrop(item 0)",
      "second.concludeDrop", "first.didEnd(copy)", "first.sessionDidEnd", "second.sessionDidEnd",
      "first.sessionDidTransferItems",
    ],
    journal: [
      "first.willBeginDragging", "first.didEndDragging", "first.itemsForBeginning 8", "second.performDrop copy 2",
      "second.commit \(prefectures[8]) at 2",
    ],
    state:
      "first=\(listing(Array(prefectures[..<39]))) second=\(listing([prefectures[39], prefectures[40], prefectures[8]] + prefectures[41...]))"
  )

  /// A finger flicks the prefectures and lifts at speed: they glide. A second touch
  /// catches them, which stops the glide (no deceleration ends) and selects nothing; a tap
  /// once they rest selects its row.
  public static let fingerFlickThenCatch = Scenario(
    id: "finger-flick-then-catch", scene: .tables,
    summary: "A flick makes the prefectures glide; a finger catches them without selecting, and a later tap selects",
    steps: [
      .fingerDown(0, tableRow(0, 8)), .fingerMove(0, tableRow(0, 0)), .fingerUp(0), .wait(0.15),
      .fingerDown(0, tableRow(0, 4)), .wait(0.05), .fingerUp(0), .settle, .wait(0.3),
      .fingerDown(0, tableRow(0, 4)), .wait(0.05), .fingerUp(0), .settle,
    ],
    calls: [],
    journal: ["first.willBeginDragging", "first.didEndDragging decelerating", "first.didSelectRow"],
    state: "first=\(listing(Array(prefectures[..<39]))) second=\(listing(Array(prefectures[39...])))"
  )

  /// During a finger's drag, a second finger scrolls the list under it (rule 45): the drag
  /// goes on, and lands where the first finger now is in the scrolled list.
  public static let fingerDragWhileSecondScrolls = Scenario(
    id: "finger-drag-while-second-scrolls", scene: .tables,
    summary: "A finger drags 北海道; a second finger scrolls the prefectures under it; it lands six rows further down",
    steps: [
      .fingerDown(0, tableRow(0, 0)), .wait(0.7), .fingerMove(0, tableRow(0, 4)), .wait(0.3),
      .fingerDown(1, tableRow(0, 8)), .fingerMove(1, tableRow(0, 2)), .wait(0.3), .fingerUp(1), .wait(0.3),
      .fingerUp(0), .settle,
    ],
    calls: tableReorder.calls,
    journal: ["first.itemsForBeginning 0", "first.willBeginDragging", "first.didEndDragging", "first.moveRowAt 0→9"],
    state:
      "first=\(listing(Array(prefectures[1...9]) + [prefectures[0]] + prefectures[10..<39])) second=\(listing(Array(prefectures[39...])))"
  )

  /// Scene 005 by finger: a long press lifts the outbox's text and carries it into the
  /// inbox. A finger's drag stays in the application (GDK 4.8 starts drags between
  /// applications only from a pointer's press), so it lands in the inbox as the
  /// keyboard's copy does.
  public static let outboxFingerCopy = Scenario(
    id: "outbox-finger-copy", scene: .otherApplications,
    summary: "A finger's long press carries the outbox's text into the inbox, where it lands through a placeholder",
    steps: [
      .fingerDown(0, Point(x: 570, y: 94)), .wait(0.7), .fingerMove(0, Point(x: 220, y: 200)), .wait(0.3),
      .fingerUp(0), .settle,
    ],
    calls: outboxKeyboardCopy.calls,
    journal: outboxKeyboardCopy.journal,
    state: outboxKeyboardCopy.state
  )

  /// Scene 003 by finger: a long press picks Camera up, the finger carries it to Books'
  /// place and lifts.
  public static let homeFingerMove = Scenario(
    id: "home-finger-move", scene: .interactiveMovement,
    summary: "A finger's long press picks Camera up; it moves to Books' place and lands there through moveItemAt",
    steps: [.fingerDown(0, app(0)), .wait(0.7), .fingerMove(0, app(7)), .wait(0.3), .fingerUp(0), .settle],
    calls: [],
    journal: ["home.begin 0 true", "home.end", "home.moveItemAt 0→7"],
    state: "apps=\(listing(Array(apps[1...7]) + [apps[0]] + apps[8...]))"
  )

  /// Scene 000 by fingers: one lifts Shiretoko, a second taps Nikkō into the drag (rule 4),
  /// and both drop into Travel.
  public static let photosSecondFinger = Scenario(
    id: "photos-second-finger", scene: .photos,
    summary: "A finger drags Shiretoko, a second finger taps Nikkō into the drag; both drop into Travel",
    steps: [
      .fingerDown(0, photo(0)), .wait(0.7), .fingerMove(0, Point(x: 600, y: 420)), .wait(0.2),
      .secondTouchTap(photo(2)), .wait(0.2), .fingerMove(0, album(1)), .wait(0.3), .fingerUp(0), .settle,
    ],
    calls: photosWithSecondTouch.calls,
    journal: photosWithSecondTouch.journal,
    state: photosWithSecondTouch.state
  )

  /// Scene 002 by finger: a long press lifts the 北海道 label, the finger carries it into the
  /// box.
  public static let labelFingerDrag = Scenario(
    id: "label-finger-drag", scene: .previews,
    summary: "A finger's long press lifts the 北海道 label and drops it into the box, which copies its text",
    steps: [
      .fingerDown(0, Point(x: 124, y: 96)), .wait(0.7), .fingerMove(0, Point(x: 480, y: 225)), .wait(0.3),
      .fingerUp(0), .settle,
    ],
    calls: labelDrag.calls,
    journal: labelDrag.journal,
    state: labelDrag.state
  )

  /// Scene 004 by finger: the declarative List's onMove, by a long press and a move.
  public static let declarativeFingerListReorder = Scenario(
    id: "declarative-finger-list-reorder", scene: .declarative,
    summary: "A finger reorders the declarative List: 北海道 goes below 岩手 through ForEach.onMove",
    steps: [
      .fingerDown(0, Declarative.row(0)), .wait(0.7), .fingerMove(0, Declarative.row(2, dy: 12)), .wait(0.3),
      .fingerUp(0), .settle,
    ],
    calls: declarativeListReorder.calls,
    journal: declarativeListReorder.journal,
    state: declarativeListReorder.state
  )

  // MARK: Scene 006: a UIKit view controller

  /// The centre of book `index` of scene 006's reading list (three a line, 150 × 64, 12
  /// points apart, 16 points in from the collection view, which starts 56 points down).
  public static func book(_ index: Int, dx: Double = 0) -> Point {
    Point(x: 16 + 75 + Double(index % 3) * 162 + dx, y: 56 + 16 + 32 + Double(index / 3) * 76)
  }
  /// The centre of scene 006's bin, and of its sort button.
  public static let bin = Point(x: 270, y: 500)
  public static let sortButton = Point(x: 76, y: 28)
  /// The alert's Remove button, in the window's middle.
  public static let removeButton = Point(x: 337, y: 320)

  static let readingListReordered = "books=[Emma,Ulysses,Beloved,Kokoro,Dune,Snow Country]"
  static let readingListWithoutEmma = "books=[Dune,Ulysses,Beloved,Kokoro,Snow Country]"

  /// Scene 006 by pointer: Dune is dragged after Kokoro, and lands there through the view
  /// controller's own performDrop.
  public static let readingListReorder = Scenario(
    id: "reading-list-reorder", scene: .uikitViewController,
    summary: "The UIKit reading list: Dune is dragged after Kokoro and lands there through its performDrop",
    steps: [.press(book(0)), .move(book(4, dx: 40)), .wait(0.3), .release, .settle],
    calls: [
      "Books.itemsForBeginning", "Books.previewForLifting(item 0)", "Books.willAnimateLift",
      "Books.sessionAllowsMoveOperation", "Books.sessionIsRestrictedToDraggingApplication", "Books.sessionWillBegin",
      "Books.canHandle", "Books.sessionDidEnter", "Books.sessionDidUpdate", "Books.willEnd(move)",
      "Books.performDrop", "Books.previewForDropping(item 0)", "Books.willAnimateDrop(item 0)", "Books.concludeDrop",
      "Books.didEnd(move)", "Books.sessionDidEnd", "Books.sessionDidTransferItems",
    ],
    journal: ["books Emma,Ulysses,Beloved,Kokoro,Dune,Snow Country"],
    state: readingListReordered
  )

  /// Scene 006 by pointer: Emma is dropped in the bin, and goes once the alert's Remove is
  /// clicked.
  public static let readingListBin = Scenario(
    id: "reading-list-bin", scene: .uikitViewController,
    summary: "The UIKit reading list: Emma dropped in the bin goes once the alert's Remove is clicked",
    steps: [.press(book(1)), .move(bin), .wait(0.3), .release, .settle, .press(removeButton), .release, .settle],
    calls: [
      "Books.itemsForBeginning", "Books.previewForLifting(item 0)", "Books.willAnimateLift",
      "Books.sessionAllowsMoveOperation", "Books.sessionIsRestrictedToDraggingApplication", "Books.sessionWillBegin",
      "Books.canHandle", "Books.sessionDidEnter", "Books.sessionDidUpdate", "Bin.canHandle", "Books.sessionDidExit",
      "Bin.sessionDidEnter", "Bin.sessionDidUpdate", "Books.willEnd(copy)", "Bin.performDrop",
      "Bin.previewForDropping(item 0)", "Bin.willAnimateDrop(item 0)", "Bin.concludeDrop", "Books.didEnd(copy)",
      "Books.sessionDidEnd", "Bin.sessionDidEnd", "Books.sessionDidTransferItems",
    ],
    journal: ["books Dune,Ulysses,Beloved,Kokoro,Snow Country"],
    state: readingListWithoutEmma
  )

  /// Scene 006 by finger: a long press lifts Dune and carries it after Kokoro.
  public static let readingListFingerReorder = Scenario(
    id: "reading-list-finger-reorder", scene: .uikitViewController,
    summary: "A finger's long press carries Dune after Kokoro in the UIKit reading list",
    steps: [.fingerDown(0, book(0)), .wait(0.7), .fingerMove(0, book(4, dx: 40)), .wait(0.3), .fingerUp(0), .settle],
    calls: readingListReorder.calls,
    journal: readingListReorder.journal,
    state: readingListReordered
  )

  /// Scene 006 by finger alone: Emma into the bin, a tap on the alert's Remove, a tap on
  /// Sort A–Z.
  public static let readingListFingerBinThenSort = Scenario(
    id: "reading-list-finger-bin-then-sort", scene: .uikitViewController,
    summary: "By finger: Emma into the bin, Remove tapped in the alert, then Sort A–Z tapped",
    steps: [
      .fingerDown(0, book(1)), .wait(0.7), .fingerMove(0, bin), .wait(0.3), .fingerUp(0), .settle,
      .fingerDown(0, removeButton), .wait(0.05), .fingerUp(0), .settle,
      .fingerDown(0, sortButton), .wait(0.05), .fingerUp(0), .settle,
    ],
    calls: readingListBin.calls,
    journal: readingListBin.journal + ["books Beloved,Dune,Kokoro,Snow Country,Ulysses"],
    state: "books=[Beloved,Dune,Kokoro,Snow Country,Ulysses]"
  )

  // MARK: Scene 007: copy and paste

  /// Scene 007 by pointer: a city dragged into the basket, which its dropDestination takes.
  public static let cityIntoBasket = Scenario(
    id: "city-into-basket", scene: .copyAndPaste,
    summary: "函館 dragged into the basket lands there through dropDestination, beside the pasteboard's own ways in",
    steps: [.press(Point(x: 120, y: 161)), .move(Point(x: 384, y: 235)), .wait(0.3), .release, .settle],
    calls: [
      "onDrag.itemsForBeginning", "onDrag.previewForLifting(item 0)", "onDrag.willAnimateLift",
      "onDrag.sessionAllowsMoveOperation", "onDrag.sessionIsRestrictedToDraggingApplication", "onDrag.sessionWillBegin",
      "onDrop.canHandle", "onDrop.sessionDidEnter", "onDrop.sessionDidUpdate", "onDrag.willEnd(copy)",
      "onDrop.performDrop", "onDrop.previewForDropping(item 0)", "onDrop.willAnimateDrop(item 0)",
      "onDrop.concludeDrop",
      "onDrag.didEnd(copy)", "onDrop.sessionDidEnd", "onDrag.sessionDidTransferItems",
    ],
    journal: ["basket.drop 函館"],
    state: "basket=[函館]"
  )

  /// Scene 007 by finger: a long press lifts a city, and the finger carries it into the
  /// basket.
  public static let cityIntoBasketByFinger = Scenario(
    id: "city-into-basket-by-finger", scene: .copyAndPaste,
    summary: "A finger's long press carries 函館 into the basket",
    steps: [
      .fingerDown(0, Point(x: 120, y: 161)), .wait(0.7), .fingerMove(0, Point(x: 384, y: 235)), .wait(0.3),
      .fingerUp(0), .settle,
    ],
    calls: cityIntoBasket.calls,
    journal: cityIntoBasket.journal,
    state: cityIntoBasket.state
  )
}
