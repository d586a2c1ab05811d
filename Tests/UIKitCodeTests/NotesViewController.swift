// A view controller as an iOS developer writes one from Apple's "Adopting drag and drop in
// a custom view": a label that can be dragged, and a view that takes text dropped on it.
// Only the import changed (`import UIKit` became `import DragDropUIKit`); it compiles in
// the Swift 5 language mode, as most UIKit code does.

import DragDropUIKit

final class NotesViewController: UIViewController, UIDragInteractionDelegate, UIDropInteractionDelegate {
  let noteLabel = UILabel()
  let inboxView = UIView()
  var received: [String] = []
  var lifecycle: [String] = []

  override func viewDidLoad() {
    super.viewDidLoad()
    lifecycle.append("viewDidLoad")
    title = "Notes"
    view.backgroundColor = .white

    noteLabel.text = "Buy milk"
    noteLabel.frame = CGRect(x: 20, y: 20, width: 200, height: 44)
    noteLabel.isUserInteractionEnabled = true
    noteLabel.addInteraction(UIDragInteraction(delegate: self))
    view.addSubview(noteLabel)

    inboxView.frame = CGRect(x: 20, y: 200, width: 280, height: 200)
    inboxView.backgroundColor = .lightGray
    inboxView.addInteraction(UIDropInteraction(delegate: self))
    view.addSubview(inboxView)
  }

  override func viewWillAppear(_ animated: Bool) {
    super.viewWillAppear(animated)
    lifecycle.append("viewWillAppear")
  }

  override func viewDidAppear(_ animated: Bool) {
    super.viewDidAppear(animated)
    lifecycle.append("viewDidAppear")
  }

  // MARK: UIDragInteractionDelegate

  func dragInteraction(_ interaction: UIDragInteraction, itemsForBeginning session: UIDragSession) -> [UIDragItem] {
    guard let text = noteLabel.text else { return [] }
    let provider = NSItemProvider(object: text as NSString)
    let item = UIDragItem(itemProvider: provider)
    item.localObject = text
    return [item]
  }

  // MARK: UIDropInteractionDelegate

  func dropInteraction(_ interaction: UIDropInteraction, canHandle session: UIDropSession) -> Bool {
    return session.canLoadObjects(ofClass: NSString.self)
  }

  func dropInteraction(_ interaction: UIDropInteraction, sessionDidUpdate session: UIDropSession) -> UIDropProposal {
    let location = session.location(in: inboxView)
    let operation: UIDropOperation = inboxView.bounds.contains(location) ? .copy : .cancel
    return UIDropProposal(operation: operation)
  }

  func dropInteraction(_ interaction: UIDropInteraction, performDrop session: UIDropSession) {
    session.loadObjects(ofClass: NSString.self) { items in
      for case let text as String in items {
        self.received.append(text)
      }
    }
  }
}
