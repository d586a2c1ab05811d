// A view controller an iOS developer writes from Apple's "Adopting drag and drop in a
// custom view": an image well that takes an image dropped on it, outlined while a drag
// is over it, with a spinner while the image loads and a button that clears it.
// Changed for Linux: `#selector(clearTapped)` is `ImageDropViewController.clearTapped`
// and `@objc` goes (marked).

import DragDropHarness
import DragDropUIKit
import TestSupport
import Testing

final class ImageDropViewController: UIViewController, UIDropInteractionDelegate {
  let imageView = UIImageView()
  let spinner = UIActivityIndicatorView(style: .large)
  let clearButton = UIButton(type: .system)
  private(set) var loads = 0

  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = .systemBackground

    imageView.frame = CGRect(x: 20, y: 20, width: 280, height: 280)
    imageView.backgroundColor = .secondarySystemBackground
    imageView.layer.cornerRadius = 12
    imageView.layer.borderColor = UIColor.systemBlue.cgColor
    imageView.isUserInteractionEnabled = true
    imageView.addInteraction(UIDropInteraction(delegate: self))
    view.addSubview(imageView)

    spinner.center = imageView.center
    spinner.hidesWhenStopped = true
    view.addSubview(spinner)

    clearButton.setTitle("Clear", for: .normal)
    clearButton.frame = CGRect(x: 20, y: 320, width: 100, height: 44)
    // Changed: `#selector(clearTapped)` names the method itself without Objective-C.
    clearButton.addTarget(self, action: ImageDropViewController.clearTapped, for: .touchUpInside)
    clearButton.isEnabled = false
    view.addSubview(clearButton)
  }

  // Changed: `@objc` goes without Objective-C.
  func clearTapped() {
    imageView.image = nil
    clearButton.isEnabled = false
  }

  // MARK: UIDropInteractionDelegate

  func dropInteraction(_ interaction: UIDropInteraction, canHandle session: UIDropSession) -> Bool {
    return session.canLoadObjects(ofClass: UIImage.self) && session.items.count == 1
  }

  func dropInteraction(_ interaction: UIDropInteraction, sessionDidEnter session: UIDropSession) {
    imageView.layer.borderWidth = 3
  }

  func dropInteraction(_ interaction: UIDropInteraction, sessionDidUpdate session: UIDropSession) -> UIDropProposal {
    return UIDropProposal(operation: .copy)
  }

  func dropInteraction(_ interaction: UIDropInteraction, sessionDidExit session: UIDropSession) {
    imageView.layer.borderWidth = 0
  }

  func dropInteraction(_ interaction: UIDropInteraction, sessionDidEnd session: UIDropSession) {
    imageView.layer.borderWidth = 0
  }

  func dropInteraction(_ interaction: UIDropInteraction, performDrop session: UIDropSession) {
    spinner.startAnimating()
    loads += 1
    session.loadObjects(ofClass: UIImage.self) { images in
      self.spinner.stopAnimating()
      if let image = images.first as? UIImage {
        self.imageView.image = image
        self.clearButton.isEnabled = true
      } else {
        let alert = UIAlertController(
          title: "No image", message: "The image could not be read.", preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "OK", style: .default))
        self.present(alert, animated: true)
      }
    }
  }
}

// MARK: - Tests

@MainActor
@Suite("Corpus: an image well that takes dropped images")
struct ImageDropViewControllerTests {
  let test = TestWindow(size: CGSize(width: 320, height: 480))
  let controller = ImageDropViewController()
  let platform = FakePlatform()

  init() {
    test.window.rootViewController = controller
    test.settle()
  }

  var wellCenter: CGPoint { controller.imageView.convert(CGPoint(x: 140, y: 140), to: test.window) }

  @Test("Over the well the border shows; dropped, the image loads behind a spinner and shows")
  func dropAnImage() async throws {
    let photos = platform.application(named: "photos")
    photos.holdsTransfers = true
    let incoming = photos.drag(
      [photos.item([(.png, TestImages.png(width: 12, height: 9))])], into: test.window, at: CGPoint(x: 300, y: 460))
    #expect(controller.imageView.layer.borderWidth == 0)
    incoming.move(to: wellCenter)
    #expect(controller.imageView.layer.borderWidth == 3)
    #expect(incoming.proposal.operation == .copy)
    #expect(incoming.drop() == .copy)
    #expect(controller.spinner.isAnimating && !controller.spinner.isHidden)
    #expect(await eventually { photos.pendingTransferCount == 1 })
    photos.deliverPendingTransfers()
    await test.settleTransfers()
    #expect(controller.imageView.image?.size == CGSize(width: 12, height: 9))
    // The session ended: sessionDidEnd took the border off.
    #expect(controller.imageView.layer.borderWidth == 0)
    #expect(!controller.spinner.isAnimating && controller.spinner.isHidden)
    #expect(controller.clearButton.isEnabled)
  }

  @Test("Leaving the well hides the border; text is not taken at all")
  func textIsRefused() {
    let notes = platform.application(named: "notes")
    let incoming = notes.drag(
      [notes.item([(.utf8PlainText, Data("hello".utf8))])], into: test.window, at: wellCenter)
    #expect(controller.imageView.layer.borderWidth == 0)
    #expect(incoming.proposal.operation == .cancel)
    incoming.leave()
    #expect(controller.loads == 0)
  }

  @Test("Bytes that are not an image end in an alert, and OK dismisses it")
  func badImageAlerts() async throws {
    let photos = platform.application(named: "photos")
    let incoming = photos.drag([photos.item([(.png, Data("not a png".utf8))])], into: test.window, at: wellCenter)
    #expect(incoming.drop() == .copy)
    await test.settleTransfers()
    let alert = try #require(controller.presentedViewController as? UIAlertController)
    #expect(alert.title == "No image")
    #expect(alert.actions.map(\.title) == ["OK"])
    #expect(controller.imageView.image == nil)
    test.settle()
    let ok = try #require(alert.buttons.first)
    test.tap(at: ok.convert(CGPoint(x: ok.bounds.midX, y: ok.bounds.midY), to: test.window), touch: 1)
    test.settle()
    #expect(controller.presentedViewController == nil)
  }

  @Test("Clear empties the well and disables itself; a disabled button does nothing")
  func clearButton() async throws {
    controller.imageView.image = UIImage(data: TestImages.png(width: 2, height: 2))
    controller.clearButton.isEnabled = true
    let button = controller.clearButton
    let center = button.convert(CGPoint(x: button.bounds.midX, y: button.bounds.midY), to: test.window)
    test.press(at: center)
    #expect(button.isHighlighted)
    test.release()
    #expect(!button.isHighlighted)
    #expect(controller.imageView.image == nil)
    #expect(!button.isEnabled)
    controller.imageView.image = UIImage(data: TestImages.png(width: 2, height: 2))
    test.tap(at: center, touch: 1)
    #expect(controller.imageView.image != nil)
  }
}
