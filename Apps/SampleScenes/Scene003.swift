import DragDrop
import DragDropLists
import Foundation

/// Seed 003, interactive movement: a home screen of apps. A long press picks an app up
/// (`beginInteractiveMovementForItem`), moving the finger moves it and the others make
/// room (`updateInteractiveMovementTargetPosition`), lifting the finger puts it down
/// (`endInteractiveMovement`, then the data source's `moveItemAt`), and a cancelled touch
/// or the Escape key puts it back (`cancelInteractiveMovement`). The keys do the same
/// through the same calls: Space picks up the focused app, the arrows move it, Return (or
/// Space) puts it down, each step announced.
@MainActor
public final class InteractiveMovementScene: SampleScene {
  public nonisolated static let apps: [(name: String, symbol: String)] = [
    ("Camera", "📷"), ("Maps", "🗺"), ("Weather", "☀"), ("Music", "🎵"), ("Calendar", "📅"), ("Clock", "⏰"),
    ("Notes", "📝"), ("Books", "📚"), ("Mail", "✉"), ("Messages", "💬"), ("Settings", "⚙"), ("Store", "🛒"),
    ("Games", "🎮"), ("Stocks", "📈"), ("Compass", "🧭"), ("TV", "📺"), ("Home", "🏠"), ("Photos", "🌅"),
    ("Podcasts", "🎙"), ("Health", "💗"),
  ]

  public let journal = SceneJournal()
  public let grid: CollectionView
  let status = Label()
  private let model: HomeScreen
  private let keys: HomeKeys
  /// Where the keys have moved the app to, while they move one.
  private var keyboardTarget: Int?

  /// Five 84 × 96 apps a row.
  static let columns = 5
  static var layout: CollectionViewLayout {
    .flow(
      itemSize: Size(width: 84, height: 96), minimumInteritemSpacing: 17, minimumLineSpacing: 12,
      sectionInset: EdgeInsets(top: 16, left: 16, bottom: 16, right: 16))
  }

  init(window: Window) {
    window.backgroundColor = Palette.background
    keys = HomeKeys(frame: window.bounds)
    window.addSubview(keys)
    window.addSubview(
      caption(
        "Press and hold an app, then move it. Release to put it down; Esc puts it back.",
        frame: Rect(x: 20, y: 12, width: 520, height: 22)))
    status.frame = Rect(x: 20, y: 40, width: 520, height: 22)
    status.font = .boldSystemFont(ofSize: 14)
    status.textColor = Palette.accent
    status.isUserInteractionEnabled = false
    window.addSubview(status)
    grid = CollectionView(frame: Rect(x: 20, y: 70, width: 520, height: 452), collectionViewLayout: Self.layout)
    grid.accessibilityLabel = "home"
    grid.backgroundColor = Color(red: 0.16, green: 0.22, blue: 0.36)
    grid.cornerRadius = 16
    grid.allowsSelection = false
    grid.register(AppCell.self, forCellWithReuseIdentifier: "app")
    model = HomeScreen(journal: journal)
    grid.dataSource = model
    // Inside the Escape catcher, so that the keys the grid leaves reach it.
    keys.addSubview(grid)
    window.focus(grid)

    let press = LongPressGestureRecognizer { [weak self] recognizer in
      self?.longPressed(recognizer as? LongPressGestureRecognizer)
    }
    grid.addGestureRecognizer(press)
    keys.onKey = { [weak self] in self?.handleKey($0) ?? false }
    keys.focusedRect = { [weak self] in
      guard let self, let target = self.keyboardTarget,
        let cell = self.grid.cellForItem(at: IndexPath(item: target, section: 0))
      else { return nil }
      return cell.convert(cell.bounds, to: self.keys)
    }
  }

  /// The keys' interactive movement: Space picks up the grid's focused app, the arrows
  /// move it from place to place, Return or Space puts it down, Escape puts it back.
  private func handleKey(_ event: KeyEvent) -> Bool {
    guard event.phase == .down else { return false }
    switch event.key {
    case .escape:
      cancel(reason: "Esc")
    case .space where moving == nil:
      guard let focus = grid.indexPathForKeyboardFocus else { return false }
      let began = grid.beginInteractiveMovementForItem(at: focus)
      journal.note("home.begin \(focus.item) \(began)")
      guard began else { return true }
      moving = grid.cellForItem(at: focus) as? AppCell
      moving?.isLifted = true
      keyboardTarget = focus.item
      // The arrows move the app now, not the grid's focus.
      grid.window?.focus(keys)
      say("Moving \(model.apps[focus.item].name)…")
      moveKeyboardTarget(by: 0)
    case .left, .right, .up, .down:
      guard keyboardTarget != nil else { return false }
      let step = [KeyEvent.Key.left: -1, .right: 1, .up: -Self.columns, .down: Self.columns][event.key] ?? 0
      moveKeyboardTarget(by: step)
    case .return, .space:
      guard let target = keyboardTarget else { return false }
      journal.note("home.end")
      grid.endInteractiveMovement()
      finish()
      grid.window?.focus(grid)
      grid.indexPathForKeyboardFocus = IndexPath(item: target, section: 0)
    default:
      return false
    }
    return true
  }

  private func moveKeyboardTarget(by step: Int) {
    guard let current = keyboardTarget else { return }
    let target = max(0, min(model.apps.count - 1, current + step))
    keyboardTarget = target
    guard let frame = grid.frameForItem(at: IndexPath(item: target, section: 0)) else { return }
    grid.updateInteractiveMovementTargetPosition(frame.center)
    grid.layoutIfNeeded()
    keys.setNeedsFocusRingUpdate()
    if step != 0 { say("Place \(target + 1) of \(model.apps.count).") }
  }

  /// Shows `text` in the status line and announces it.
  private func say(_ text: String) {
    status.text = text
    grid.window?.announcer?.announce(text)
  }

  public var state: String { "apps=\(listing(model.apps.map(\.name)))" }
  public var isSettled: Bool { !grid.hasUncommittedUpdates }

  /// The app cell being moved, drawn lifted.
  private var moving: AppCell?

  /// Seed 003: the gesture's states drive the collection view's interactive movement.
  private func longPressed(_ recognizer: LongPressGestureRecognizer?) {
    guard let recognizer else { return }
    let position = recognizer.location(in: grid)
    switch recognizer.state {
    case .began:
      guard let indexPath = grid.indexPathForItem(at: position) else { return }
      let began = grid.beginInteractiveMovementForItem(at: indexPath)
      journal.note("home.begin \(indexPath.item) \(began)")
      guard began else { return }
      moving = grid.cellForItem(at: indexPath) as? AppCell
      moving?.isLifted = true
      status.text = "Moving \(model.apps[indexPath.item].name)…"
      grid.updateInteractiveMovementTargetPosition(position)
    case .changed:
      grid.updateInteractiveMovementTargetPosition(position)
    case .ended:
      guard moving != nil else { return }
      journal.note("home.end")
      grid.endInteractiveMovement()
      finish()
    case .cancelled, .failed:
      cancel(reason: "touch cancelled")
    default:
      break
    }
  }

  private func cancel(reason: String) {
    guard moving != nil else { return }
    journal.note("home.cancel (\(reason))")
    grid.cancelInteractiveMovement()
    say("Put back")
    finish()
  }

  private func finish() {
    moving?.isLifted = false
    moving = nil
    if let last = model.lastMove { say(last) }
    model.lastMove = nil
    if keyboardTarget != nil {
      keyboardTarget = nil
      if grid.window?.focusedView === keys { grid.window?.focus(grid) }
    }
  }
}

/// The apps, in order.
@MainActor
private final class HomeScreen: CollectionViewReorderingDataSource {
  var apps = InteractiveMovementScene.apps
  let journal: SceneJournal
  var lastMove: String?

  init(journal: SceneJournal) { self.journal = journal }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { apps.count }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
    let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "app", for: indexPath)
    let app = apps[indexPath.item]
    (cell as? AppCell)?.configure(name: app.name, symbol: app.symbol, hue: Double(indexPath.item) * 0.61)
    cell.accessibilityLabel = app.name
    return cell
  }

  func collectionView(_ collectionView: CollectionView, moveItemAt source: IndexPath, to destination: IndexPath) {
    journal.note("home.moveItemAt \(source.item)→\(destination.item)")
    let app = apps.remove(at: source.item)
    apps.insert(app, at: destination.item)
    lastMove = "Moved \(app.name) to place \(destination.item + 1)"
    journal.modelDidChange()
  }
}

/// An app: a rounded icon with a symbol, and its name under it. A lifted app's icon grows.
@MainActor
final class AppCell: CollectionViewCell {
  let icon = View()
  let symbol = Label()
  let name = Label()
  var isLifted = false {
    didSet {
      icon.transform = isLifted ? CGAffineTransform(scaleX: 1.15, y: 1.15) : .identity
      name.alpha = isLifted ? 0 : 1
    }
  }

  override init(frame: Rect = .zero) {
    super.init(frame: frame)
    icon.cornerRadius = 16
    icon.isUserInteractionEnabled = false
    symbol.font = .systemFont(ofSize: 32)
    symbol.textAlignment = .center
    symbol.isUserInteractionEnabled = false
    name.font = .systemFont(ofSize: 12)
    name.textColor = .white
    name.textAlignment = .center
    name.isUserInteractionEnabled = false
    icon.addSubview(symbol)
    contentView.addSubview(icon)
    contentView.addSubview(name)
  }

  func configure(name: String, symbol: String, hue: Double) {
    self.name.text = name
    self.symbol.text = symbol
    icon.backgroundColor = .hsb(hue, 0.45, 0.95)
  }

  override func prepareForReuse() {
    super.prepareForReuse()
    isLifted = false
  }

  override func layoutSubviews() {
    super.layoutSubviews()
    // Centre and bounds rather than a frame, so that the icon can grow about its centre.
    icon.bounds = Rect(x: 0, y: 0, width: 64, height: 64)
    icon.center = Point(x: contentView.bounds.midX, y: 34)
    symbol.frame = Rect(x: 0, y: 0, width: 64, height: 64)
    name.frame = Rect(x: -4, y: 72, width: contentView.bounds.width + 8, height: 18)
  }
}

/// Hears the keys that the grid inside it leaves, and all keys while it has the focus
/// itself (while the keys move an app); its focused part is the moving app's place.
@MainActor
final class HomeKeys: View {
  var onKey: ((KeyEvent) -> Bool)?
  var focusedRect: (() -> Rect?)?

  override var keyboardFocusRect: Rect? { focusedRect?() }

  override func keyEvent(_ event: KeyEvent) {
    if onKey?(event) != true { super.keyEvent(event) }
  }
}
