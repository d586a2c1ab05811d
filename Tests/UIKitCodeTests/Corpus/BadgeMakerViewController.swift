// A UIViewController an iOS developer writes from Apple's UIGraphicsImageRenderer and
// UIBezierPath documentation: it draws a round badge with a count, shows it in an image
// view, and lets it be dragged out as a PNG, with a lift preview cut to the badge's circle.
// Only the import changed.

import DragDropHarness
import DragDropUIKit
import Testing

final class BadgeMakerViewController: UIViewController, UIDragInteractionDelegate {
  let imageView = UIImageView()
  var count = 3 {
    didSet { imageView.image = makeBadge() }
  }

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = .systemBackground
    imageView.frame = CGRect(x: 40, y: 40, width: 96, height: 96)
    imageView.image = makeBadge()
    imageView.isUserInteractionEnabled = true
    imageView.addInteraction(UIDragInteraction(delegate: self))
    view.addSubview(imageView)
  }

  func makeBadge() -> UIImage {
    let format = UIGraphicsImageRendererFormat()
    format.scale = 1
    let renderer = UIGraphicsImageRenderer(size: CGSize(width: 96, height: 96), format: format)
    return renderer.image { context in
      let bounds = context.format.bounds
      UIColor.systemRed.setFill()
      UIBezierPath(ovalIn: bounds.insetBy(dx: 4, dy: 4)).fill()
      // A white ring inside the edge.
      let ring = UIBezierPath(ovalIn: bounds.insetBy(dx: 10, dy: 10))
      ring.lineWidth = 4
      UIColor.white.setStroke()
      ring.stroke()
      // One white bar per count, as a tally.
      let cg = UIGraphicsGetCurrentContext()!
      cg.setFillColor(UIColor.white.cgColor)
      for index in 0..<min(count, 5) {
        cg.fill(CGRect(x: 30 + CGFloat(index) * 8, y: 38, width: 4, height: 20))
      }
    }
  }

  // MARK: UIDragInteractionDelegate

  func dragInteraction(_ interaction: UIDragInteraction, itemsForBeginning session: UIDragSession) -> [UIDragItem] {
    guard let image = imageView.image else { return [] }
    let provider = NSItemProvider(object: image)
    provider.suggestedName = "Badge"
    return [UIDragItem(itemProvider: provider)]
  }

  func dragInteraction(
    _ interaction: UIDragInteraction, previewForLifting item: UIDragItem, session: UIDragSession
  ) -> UITargetedDragPreview? {
    let parameters = UIDragPreviewParameters()
    parameters.visiblePath = UIBezierPath(ovalIn: imageView.bounds.insetBy(dx: 4, dy: 4))
    parameters.backgroundColor = .clear
    return UITargetedDragPreview(view: imageView, parameters: parameters)
  }
}

// MARK: - Tests

@MainActor
@Suite("Corpus: a badge drawn with an image renderer and dragged out as a PNG")
struct BadgeMakerViewControllerTests {
  let test = TestWindow(size: CGSize(width: 320, height: 480))
  let controller = BadgeMakerViewController()

  init() {
    test.window.rootViewController = controller
    test.settle()
  }

  @Test("The badge is drawn at its size, as a PNG")
  func badgeIsDrawn() throws {
    let image = try #require(controller.imageView.image)
    #expect(image.size == CGSize(width: 96, height: 96))
    #expect(image.pngData() != nil)
    controller.count = 4
    #expect(controller.imageView.image != image)
  }

  @Test("Dragged out, the badge is its PNG, and the lift preview shows its circle")
  func dragOut() async throws {
    test.longPress(at: CGPoint(x: 88, y: 88))
    let preview = try #require(
      test.window.dragController.activeSessions.first.flatMap { _ in
        controller.dragInteraction(
          controller.imageView.interactions.first as! UIDragInteraction,
          previewForLifting: test.window.dragController.activeSessions.first!.items[0],
          session: test.window.dragController.activeSessions.first!)
      })
    #expect(preview.parameters.visiblePath == UIBezierPath(ovalIn: CGRect(x: 4, y: 4, width: 88, height: 88)))
    test.move(to: CGPoint(x: 300, y: 400))
    let session = try #require(test.window.dragController.activeSessions.first)
    let provider = session.items[0].itemProvider
    #expect(provider.hasItemConformingToTypeIdentifier(UTType.png.identifier))
    let data = try await provider.loadDataRepresentation(for: .png)
    #expect(data == controller.imageView.image?.pngData())
    test.cancelTouch()
    test.settle()
  }
}
