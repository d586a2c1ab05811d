// A custom view that takes pasted images, as Apple's documentation for
// UIPasteConfigurationSupporting shows it: a paste configuration for UIImage, and
// paste(itemProviders:) loading each image. Only the import changed.

import DragDropUIKit
import Foundation
import TestSupport
import Testing

final class PastedPhotosView: UIView {
  var images: [UIImage] = []
  var onChange: (() -> Void)?

  override init(frame: CGRect) {
    super.init(frame: frame)
    pasteConfiguration = UIPasteConfiguration(forAccepting: UIImage.self)
  }

  override func paste(itemProviders: [NSItemProvider]) {
    for provider in itemProviders where provider.canLoadObject(ofClass: UIImage.self) {
      provider.loadObject(ofClass: UIImage.self) { image, error in
        guard let image = image as? UIImage else { return }
        DispatchQueue.main.async {
          self.images.append(image)
          self.onChange?()
        }
      }
    }
  }
}

@MainActor
@Suite("UIKit code: a view that takes pasted images")
struct PasteConfigurationCodeTests {
  @Test("The paste command loads the pasteboard's image; text is not what it takes")
  func pastesImages() async throws {
    let view = PastedPhotosView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
    let image = try #require(UIImage(data: TestImages.png(width: 4, height: 3)))
    UIPasteboard.general.image = image
    try #require(view.canPerformAction(.paste, withSender: nil))
    await withCheckedContinuation { continuation in
      view.onChange = { continuation.resume() }
      view.paste(nil)
    }
    #expect(view.images.map(\.size) == [CGSize(width: 4, height: 3)])
    UIPasteboard.general.string = "not an image"
    #expect(!view.canPerformAction(.paste, withSender: nil))
  }
}
