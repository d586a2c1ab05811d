import DragDrop

/// Seed 002, customising the drag: labels that lift as themselves or as a new 🚚 label at
/// 42 points, fade while dragged, go back to their place when cancelled, and can be added
/// to a drag with a second touch; a box on the right takes their text.
@MainActor
public final class CustomPreviewsScene: SampleScene {
  public let journal = SceneJournal()

  public let draggable = View(frame: Rect(x: 20, y: 50, width: 280, height: 350))
  public let box = View(frame: Rect(x: 340, y: 50, width: 280, height: 350))
  let received = Label(text: "", frame: Rect(x: 16, y: 16, width: 248, height: 24))
  /// The prefectures that drag.
  public private(set) var labels: [Label] = []
  private let source: LabelSource
  private let target: TextBox

  init(window: Window) {
    window.backgroundColor = Palette.background
    window.addSubview(
      caption(
        "Drag a prefecture to the box. Odd rows lift as themselves, even rows as a 🚚 label.",
        frame: Rect(x: 20, y: 14, width: 600, height: 24)))

    draggable.backgroundColor = Palette.panel
    draggable.cornerRadius = 12
    draggable.accessibilityLabel = "labels"
    let names = ["北海道", "青森", "秋田", "岩手", "宮城"]
    var labels: [Label] = []
    for (index, name) in names.enumerated() {
      let label = Label(text: name, frame: Rect(x: 24, y: 24 + Double(index) * 64, width: 160, height: 44))
      label.font = .systemFont(ofSize: 24)
      label.textColor = Palette.text
      label.backgroundColor = Palette.highlight
      label.cornerRadius = 8
      label.textAlignment = .center
      label.accessibilityLabel = name
      draggable.addSubview(label)
      labels.append(label)
    }
    self.labels = labels
    // The keyboard focus goes from label to label inside the one draggable view.
    draggable.accessibilityElements = labels
    source = LabelSource(container: draggable, labels: labels)
    draggable.addInteraction(DragInteraction(delegate: source))
    window.addSubview(draggable)

    box.backgroundColor = Palette.panel
    box.cornerRadius = 12
    box.accessibilityLabel = "box"
    received.font = .systemFont(ofSize: 17)
    received.textColor = Palette.text
    received.isUserInteractionEnabled = false
    box.addSubview(received)
    box.addSubview(
      caption("Drop here", frame: Rect(x: 16, y: 310, width: 248, height: 24), color: Palette.accent))
    target = TextBox(box: box, label: received, journal: journal)
    box.addInteraction(DropInteraction(delegate: target))
    window.addSubview(box)
  }

  public var state: String { "received=\(listing(target.texts))" }
  public var isSettled: Bool { target.loading == 0 }
}

/// The drag source of seed 002.
@MainActor
private final class LabelSource: DragInteractionDelegate {
  let container: View
  let labels: [Label]

  init(container: View, labels: [Label]) {
    self.container = container
    self.labels = labels
  }

  private func item(for label: Label) -> DragItem {
    let item = DragItem(itemProvider: ItemProvider(object: label.text ?? ""))
    item.localObject = label
    return item
  }

  func dragInteraction(_ interaction: DragInteraction, itemsForBeginning session: DragSession) -> [DragItem] {
    guard let label = container.hitTest(session.location(in: container)) as? Label else { return [] }
    return [item(for: label)]
  }

  /// A second touch on another label adds it to the drag.
  func dragInteraction(
    _ interaction: DragInteraction, itemsForAddingTo session: DragSession, withTouchAt point: Point
  ) -> [DragItem] {
    guard let label = container.hitTest(point) as? Label else { return [] }
    if session.items.contains(where: { ($0.localObject as? Label) === label }) { return [] }
    return [item(for: label)]
  }

  /// Odd rows lift as the label itself; even rows as a new 🚚 label at 42 points, placed
  /// over the label (seed 002, examples 1 and 2).
  func dragInteraction(
    _ interaction: DragInteraction, previewForLifting item: DragItem, session: DragSession
  ) -> TargetedDragPreview? {
    guard let label = item.localObject as? Label, let index = labels.firstIndex(where: { $0 === label }) else {
      return nil
    }
    if index % 2 == 0 { return try? TargetedDragPreview.checked(view: label) }
    let preview = Label(text: "🚚" + (label.text ?? ""))
    preview.font = .systemFont(ofSize: 42)
    preview.textColor = Palette.accent
    preview.sizeToFit()
    return TargetedDragPreview(
      view: preview, parameters: DragPreviewParameters(),
      target: DragPreviewTarget(container: container, center: label.center))
  }

  /// Once lifted, the dragged labels fade to half.
  func dragInteraction(
    _ interaction: DragInteraction, willAnimateLiftWith animator: any DragAnimating, session: DragSession
  ) {
    animator.addCompletion { position in
      guard position == .end else { return }
      for item in session.items { (item.localObject as? Label)?.alpha = 0.5 }
    }
  }

  /// A cancelled preview goes back to its label.
  func dragInteraction(
    _ interaction: DragInteraction, previewForCancelling item: DragItem,
    withDefault defaultPreview: TargetedDragPreview
  ) -> TargetedDragPreview? {
    guard let label = item.localObject as? Label, let superview = label.superview else { return defaultPreview }
    return defaultPreview.retargetedPreview(with: DragPreviewTarget(container: superview, center: label.center))
  }

  func dragInteraction(
    _ interaction: DragInteraction, item: DragItem, willAnimateCancelWith animator: any DragAnimating
  ) {
    animator.addAnimations { (item.localObject as? Label)?.alpha = 1 }
  }

  func dragInteraction(_ interaction: DragInteraction, session: DragSession, didEndWith operation: DropOperation) {
    for item in session.items { (item.localObject as? Label)?.alpha = 1 }
  }
}

/// The box on the right: it copies text in and shows what it received.
@MainActor
private final class TextBox: DropInteractionDelegate {
  let box: View
  let label: Label
  let journal: SceneJournal
  private(set) var texts: [String] = []
  private(set) var loading = 0

  init(box: View, label: Label, journal: SceneJournal) {
    self.box = box
    self.label = label
    self.journal = journal
  }

  func dropInteraction(_ interaction: DropInteraction, canHandle session: DropSession) -> Bool {
    session.canLoadObjects(ofClass: String.self)
  }

  func dropInteraction(_ interaction: DropInteraction, sessionDidEnter session: DropSession) {
    box.backgroundColor = Palette.highlight
  }

  func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: DropSession) -> DropProposal {
    DropProposal(operation: .copy)
  }

  func dropInteraction(_ interaction: DropInteraction, sessionDidExit session: DropSession) {
    box.backgroundColor = Palette.panel
  }

  func dropInteraction(_ interaction: DropInteraction, performDrop session: DropSession) {
    box.backgroundColor = Palette.panel
    journal.note("box.performDrop \(session.items.count)")
    loading += 1
    session.loadObjects(ofClass: String.self) { [weak self] strings in
      guard let self else { return }
      self.loading -= 1
      self.journal.note("box.received \(listing(strings))")
      self.texts += strings
      self.label.text = "Received: " + self.texts.joined(separator: "、")
      self.journal.modelDidChange()
    }
  }
}
