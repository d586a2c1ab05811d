// swift-format-ignore-file
// Seed 002, "beyond the basic drag": the article's six `UIDragInteractionDelegate` methods,
// verbatim but for the import, in the view controller the article builds on (its basic
// part, which this seed does not show, written here as an iOS developer would: labels in a
// view that has the drag interaction, each item's `localObject` its label). Example 1 of
// the lifting preview is the one used; example 2 is kept below as a second controller.

import DragDropUIKit

class Seed002ViewController: UIViewController, UIDragInteractionDelegate {
    let draggableView = UIView()
    var labels: [UILabel] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .white
        draggableView.frame = CGRect(x: 0, y: 0, width: 400, height: 300)
        view.addSubview(draggableView)
        for (index, text) in ["りんご", "みかん", "ぶどう"].enumerated() {
            let label = UILabel(frame: CGRect(x: 20, y: 20 + CGFloat(index) * 60, width: 160, height: 44))
            label.text = text
            label.isUserInteractionEnabled = true
            draggableView.addSubview(label)
            labels.append(label)
        }
        draggableView.addInteraction(UIDragInteraction(delegate: self))
    }

    // The basic part: the label under the touch is the item.
    func dragInteraction(_ interaction: UIDragInteraction, itemsForBeginning session: UIDragSession) -> [UIDragItem] {
        let point = session.location(in: draggableView)
        guard let label = draggableView.hitTest(point, with: nil) as? UILabel else { return [] }
        let dragItem = UIDragItem(itemProvider: NSItemProvider(object: (label.text ?? "") as NSString))
        dragItem.localObject = label
        return [dragItem]
    }

    // Example 1 of the lifting preview.
    func dragInteraction(_ interaction: UIDragInteraction,
                         previewForLifting item: UIDragItem,
                         session: UIDragSession) -> UITargetedDragPreview? {
        // ドラッグ対象のラベル
        guard let label = item.localObject as? UILabel else { return nil }
        return UITargetedDragPreview(view: label)
    }

    func dragInteraction(_ interaction: UIDragInteraction,
                         previewForCancelling item: UIDragItem,
                         withDefault defaultPreview: UITargetedDragPreview) -> UITargetedDragPreview? {
        guard let label = item.localObject as? UILabel else { return defaultPreview }
        let target = UIDragPreviewTarget(container: label.superview!, center: label.center)
        return defaultPreview.retargetedPreview(with: target)
    }

    func dragInteraction(_ interaction: UIDragInteraction,
                         willAnimateLiftWith animator: UIDragAnimating,
                         session: UIDragSession) {
        animator.addCompletion { (pos) in
            if pos == .end {
                for item in session.items {
                    if let label = item.localObject as? UILabel {
                        label.alpha = 0.5
                    }
                }
            }
        }
    }

    func dragInteraction(_ interaction: UIDragInteraction,
                         item: UIDragItem,
                         willAnimateCancelWith animator: UIDragAnimating) {
        if let label = item.localObject as? UILabel {
            animator.addAnimations {
                label.alpha = 1
            }
        }
    }

    func dragInteraction(_ interaction: UIDragInteraction,
                         session: UIDragSession,
                         didEndWith operation: UIDropOperation) {
        for item in session.items {
            if let label = item.localObject as? UILabel {
                label.alpha = 1
            }
        }
    }

    func dragInteraction(_ interaction: UIDragInteraction,
                         itemsForAddingTo session: UIDragSession,
                         withTouchAt point: CGPoint) -> [UIDragItem] {
        // タップされた位置にあるラベルの文字列をドラッグします。
        if let hitView = draggableView.hitTest(point, with: nil) {
            if let label = hitView as? UILabel {
                // すでにドラッグ中のものは追加しません。
                if session.items.contains(where:{ ($0.localObject as? UILabel) == label }) {
                    return []
                }

                // 文字列として扱えないものをドラッグしているところには
                // 追加しません。
                if session.items.contains(where: { !$0.itemProvider.canLoadObject(ofClass: NSString.self) }) {
                    return []
                }

                let text = (label.text ?? "") as NSString
                let dragItem = UIDragItem(itemProvider: NSItemProvider(object: text))
                dragItem.localObject = label  // ドラッグ対象を紐付けておく
                return [dragItem]
            }
        }

        // タップ位置にラベルがなければドラッグ可能ではありません。
        return []
    }
}

/// Example 2 of the lifting preview: a new label, not in any window, placed by a target.
class Seed002TruckPreviewViewController: Seed002ViewController {
    override func dragInteraction(_ interaction: UIDragInteraction,
                                  previewForLifting item: UIDragItem,
                                  session: UIDragSession) -> UITargetedDragPreview? {
        guard let label = item.localObject as? UILabel else { return nil }

        let previewView = UILabel()
        previewView.text = "🚚" + (label.text ?? "")
        previewView.font = UIFont.systemFont(ofSize: 42)
        previewView.sizeToFit()

        let target = UIDragPreviewTarget(container: draggableView, center: label.center)

        return UITargetedDragPreview(view: previewView,
                                      parameters: UIDragPreviewParameters(),
                                      target: target)
    }
}

// MARK: - The article's drags

@_spi(Platform) import DragDrop
import DragDropHarness
import Testing

@MainActor
@Suite("Seed 002: the drag interaction's previews, lift and cancel animations, and adding items")
struct Seed002DragInteractionTests {
  let test = TestWindow(size: CGSize(width: 400, height: 300))

  func show(_ controller: Seed002ViewController) {
    test.window.rootViewController = controller
    test.settle()
  }

  func center(of label: UILabel) -> CGPoint {
    label.convert(CGPoint(x: label.bounds.midX, y: label.bounds.midY), to: test.window)
  }

  var session: UIDragSession? { test.window.dragController.activeSessions.first }

  @Test("The lift shows the label itself, and once lifted the dragged label fades to half")
  func liftPreviewIsTheLabel() throws {
    let controller = Seed002ViewController()
    show(controller)
    let apple = controller.labels[0]
    test.longPress(at: center(of: apple))
    let session = try #require(self.session)
    let preview = try #require(test.window.dragController.liftPreviews(of: session).first ?? nil)
    #expect(preview.view === apple)
    #expect(preview.target.container === controller.draggableView)
    #expect(preview.target.center == apple.center)
    test.move(to: CGPoint(x: 300, y: 200))
    test.settle()
    #expect(apple.alpha == 0.5)
    #expect(controller.labels[1].alpha == 1)
  }

  @Test("A cancelled drag flies back to its label, and the label is whole again")
  func cancelGoesBackToTheLabel() throws {
    let controller = Seed002ViewController()
    show(controller)
    let orange = controller.labels[1]
    test.longPress(at: center(of: orange))
    test.move(to: CGPoint(x: 300, y: 250))
    test.settle()
    #expect(orange.alpha == 0.5)
    let session = try #require(self.session)
    test.release()
    let ending = try #require(test.window.dragController.endingPreviews(of: session).first ?? nil)
    #expect(ending.view === orange)
    #expect(ending.target.container === controller.draggableView)
    #expect(ending.target.center == orange.center)
    test.settle()
    #expect(orange.alpha == 1)
    #expect(test.window.dragController.activeSessions.isEmpty)
  }

  @Test("A second finger's tap adds another label's text, but not the same label twice")
  func tapAddsOtherLabels() throws {
    let controller = Seed002ViewController()
    show(controller)
    let apple = controller.labels[0], grape = controller.labels[2]
    test.longPress(at: center(of: apple))
    test.move(to: CGPoint(x: 300, y: 200))
    // The lift animation ends: its completion fades what is dragged by then.
    test.settle()
    test.tap(at: center(of: apple))
    #expect(session?.items.count == 1)
    test.tap(at: center(of: grape))
    let session = try #require(self.session)
    #expect(session.items.map { $0.localObject as? UILabel } == [apple, grape])
    test.settle()
    // The article fades labels in the lift's completion, which ran before the tap.
    #expect(apple.alpha == 0.5)
    #expect(grape.alpha == 1)
    test.release()
    test.settle()
    #expect(controller.labels.map(\.alpha) == [1, 1, 1])
  }

  @Test("Example 2: a new 42-point label with a truck lifts at the dragged label's centre")
  func truckPreview() throws {
    let controller = Seed002TruckPreviewViewController()
    show(controller)
    let grape = controller.labels[2]
    test.longPress(at: center(of: grape))
    let session = try #require(self.session)
    let preview = try #require(test.window.dragController.liftPreviews(of: session).first ?? nil)
    let truck = try #require(preview.view as? UILabel)
    #expect(truck.text == "🚚ぶどう")
    #expect(truck.font.pointSize == 42)
    #expect(truck.window == nil)
    #expect(truck.bounds.height >= 42)
    #expect(truck.bounds.width > grape.bounds.width / 2)
    #expect(preview.target.container === controller.draggableView)
    #expect(preview.target.center == grape.center)
  }
}
