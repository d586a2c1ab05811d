// A view controller an iOS developer writes from Apple's UIDragInteraction and
// UIDropInteraction documentation: tags that drag with a rounded preview, and a trash
// view that deletes the tags moved onto it, in red while a tag is over it. Only the
// import changed.

@_spi(Platform) import DragDrop
import DragDropHarness
import DragDropUIKit
import Testing

final class TagCloudViewController: UIViewController, UIDragInteractionDelegate, UIDropInteractionDelegate {
  var tags = ["swift", "linux", "gtk", "drag", "drop"]
  private(set) var tagLabels: [UILabel] = []
  let trashView = UIView()
  private(set) var deleted: [String] = []

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = .white
    for (index, tag) in tags.enumerated() {
      let label = UILabel()
      label.text = "#" + tag
      label.textAlignment = .center
      label.backgroundColor = UIColor(hue: CGFloat(index) / 5, saturation: 0.3, brightness: 1, alpha: 1)
      label.layer.cornerRadius = 15
      label.clipsToBounds = true
      label.frame = CGRect(x: 20 + CGFloat(index % 2) * 150, y: 20 + CGFloat(index / 2) * 50, width: 130, height: 30)
      label.isUserInteractionEnabled = true
      let drag = UIDragInteraction(delegate: self)
      drag.isEnabled = true
      label.addInteraction(drag)
      view.addSubview(label)
      tagLabels.append(label)
    }
    trashView.frame = CGRect(x: 20, y: 380, width: 280, height: 80)
    trashView.backgroundColor = .lightGray
    trashView.layer.cornerRadius = 8
    trashView.addInteraction(UIDropInteraction(delegate: self))
    view.addSubview(trashView)
  }

  // MARK: UIDragInteractionDelegate

  func dragInteraction(_ interaction: UIDragInteraction, itemsForBeginning session: UIDragSession) -> [UIDragItem] {
    guard let label = interaction.view as? UILabel, let text = label.text else { return [] }
    let item = UIDragItem(itemProvider: NSItemProvider(object: text as NSString))
    item.localObject = label
    return [item]
  }

  func dragInteraction(
    _ interaction: UIDragInteraction, previewForLifting item: UIDragItem, session: UIDragSession
  ) -> UITargetedDragPreview? {
    guard let label = item.localObject as? UILabel else { return nil }
    let parameters = UIDragPreviewParameters()
    parameters.visiblePath = UIBezierPath(roundedRect: label.bounds, cornerRadius: 15)
    parameters.backgroundColor = .clear
    return UITargetedDragPreview(view: label, parameters: parameters)
  }

  func dragInteraction(_ interaction: UIDragInteraction, sessionAllowsMoveOperation session: UIDragSession) -> Bool {
    return true
  }

  func dragInteraction(_ interaction: UIDragInteraction, session: UIDragSession, didEndWith operation: UIDropOperation)
  {
    guard operation == .move else { return }
    for item in session.items {
      if let label = item.localObject as? UILabel {
        label.removeFromSuperview()
      }
    }
  }

  // MARK: UIDropInteractionDelegate

  func dropInteraction(_ interaction: UIDropInteraction, canHandle session: UIDropSession) -> Bool {
    return session.localDragSession != nil
  }

  func dropInteraction(_ interaction: UIDropInteraction, sessionDidEnter session: UIDropSession) {
    trashView.backgroundColor = .systemRed
  }

  func dropInteraction(_ interaction: UIDropInteraction, sessionDidExit session: UIDropSession) {
    trashView.backgroundColor = .lightGray
  }

  func dropInteraction(_ interaction: UIDropInteraction, sessionDidUpdate session: UIDropSession) -> UIDropProposal {
    return UIDropProposal(operation: .move)
  }

  func dropInteraction(_ interaction: UIDropInteraction, performDrop session: UIDropSession) {
    trashView.backgroundColor = .lightGray
    for item in session.items {
      if let label = item.localObject as? UILabel, let text = label.text {
        deleted.append(text)
        tags.removeAll { "#" + $0 == text }
      }
    }
  }

  func dropInteraction(
    _ interaction: UIDropInteraction, previewForDropping item: UIDragItem,
    withDefault defaultPreview: UITargetedDragPreview
  ) -> UITargetedDragPreview? {
    let target = UIDragPreviewTarget(
      container: trashView, center: CGPoint(x: trashView.bounds.midX, y: trashView.bounds.midY),
      transform: CGAffineTransform(scaleX: 0.1, y: 0.1))
    return defaultPreview.retargetedPreview(with: target)
  }
}

// MARK: - Tests

@MainActor
@Suite("Corpus: tags that drag into a trash view")
struct TagCloudViewControllerTests {
  let test = TestWindow(size: CGSize(width: 320, height: 480))
  let controller = TagCloudViewController()

  init() {
    test.window.rootViewController = controller
    test.settle()
  }

  func center(of view: UIView) -> CGPoint {
    view.convert(CGPoint(x: view.bounds.midX, y: view.bounds.midY), to: test.window)
  }

  @Test("A tag lifts with its rounded preview, turns the trash red over it, and is deleted there")
  func tagIntoTheTrash() throws {
    let gtk = controller.tagLabels[2]
    test.longPress(at: center(of: gtk))
    let session = try #require(test.window.dragController.activeSessions.first)
    let preview = try #require(test.window.dragController.liftPreviews(of: session).first ?? nil)
    #expect(preview.view === gtk)
    #expect(preview.parameters.visiblePath == UIBezierPath(roundedRect: gtk.bounds, cornerRadius: 15))
    test.move(to: center(of: controller.trashView))
    #expect(controller.trashView.backgroundColor == .systemRed)
    test.release()
    let ending = try #require(test.window.dragController.endingPreviews(of: session).first ?? nil)
    #expect(ending.target.container === controller.trashView)
    #expect(ending.target.transform == CGAffineTransform(scaleX: 0.1, y: 0.1))
    test.settle()
    #expect(controller.deleted == ["#gtk"])
    #expect(controller.tags == ["swift", "linux", "drag", "drop"])
    #expect(gtk.superview == nil)
    #expect(controller.trashView.backgroundColor == .lightGray)
  }

  @Test("A tag dropped elsewhere stays, and the trash goes back to grey when left")
  func tagDroppedElsewhere() throws {
    let swift = controller.tagLabels[0]
    test.longPress(at: center(of: swift))
    test.move(to: center(of: controller.trashView))
    test.move(to: CGPoint(x: 160, y: 300))
    #expect(controller.trashView.backgroundColor == .lightGray)
    test.release()
    test.settle()
    #expect(swift.superview === controller.view)
    #expect(controller.deleted.isEmpty)
  }

  @Test("The hue-made colours are UIKit's: hue 0 at 0.3 saturation is a light red")
  func hueColours() {
    let color = controller.tagLabels[0].backgroundColor!
    var red: CGFloat = 0, green: CGFloat = 0, blue: CGFloat = 0, alpha: CGFloat = 0
    #expect(color.getRed(&red, green: &green, blue: &blue, alpha: &alpha))
    #expect(red == 1 && abs(green - 0.7) < 1e-9 && abs(blue - 0.7) < 1e-9 && alpha == 1)
  }
}
