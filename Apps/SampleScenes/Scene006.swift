import DragDrop
import DragDropLists
import DragDropUIKit

/// Scene 006: ``ReadingListViewController``, a view controller written for iOS and
/// unchanged but for its import, as the window's root view controller.
@MainActor
public final class UIKitViewControllerScene: SampleScene {
  public let journal = SceneJournal()
  /// The controller, as UIKit code made it.
  public let controller = ReadingListViewController()

  init(window: Window) {
    window.rootViewController = controller
    controller.onChange = { [journal, controller] in
      journal.note("books \(controller.books.joined(separator: ","))")
      journal.modelDidChange()
    }
  }

  public var state: String { "books=[\(controller.books.joined(separator: ","))]" }

  public var isSettled: Bool { controller.collectionView.map { !$0.hasUncommittedUpdates } ?? true }
}
