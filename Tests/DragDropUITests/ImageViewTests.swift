import DragDropTesting
import Foundation
import TestSupport
import Testing

@testable import DragDropUI

/// SwiftUI's Image: a view of a bitmap, a resource or a symbol, distinct from the image
/// bytes (UIImage) an item provider carries.
@MainActor
@Suite struct ImageViewTests {
  @Test("A symbol is drawn in the foreground colour, as tall as a line of the font")
  func symbol() throws {
    let (_, tinted) = host(VStack { Image(systemName: "trash").foregroundColor(.red).font(.title) })
    let leaf = try #require(findView(named: "Image", in: tinted) as? ImageLeafView)
    #expect(leaf.image == UIImage.symbol(named: "trash", color: .red))
    #expect(leaf.frame.size == Size(width: 28 * 1.2, height: 28 * 1.2))
    let (_, plain) = host(VStack { Image(systemName: "trash") })
    let plainLeaf = try #require(findView(named: "Image", in: plain) as? ImageLeafView)
    #expect(plainLeaf.image == UIImage(systemName: "trash"))
    #expect(plainLeaf.frame.size == Size(width: 17 * 1.2, height: 17 * 1.2))
  }

  @Test("A symbol or a resource that is not found shows nothing and takes no space")
  func missing() throws {
    let (_, host) = host(
      VStack {
        Image(systemName: "no.such.symbol"); Image("no-such-image")
      })
    let lines = host.tree.split(separator: "\n").filter { $0.contains("Image frame=") }
    #expect(lines.count == 2)
    #expect(lines.allSatisfy { $0.contains("0×0") }, "\(lines)")
  }

  @Test("An image by name comes from a bundle's resources, with or without its extension")
  func named() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bundle-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try TestImages.png(width: 3, height: 2).write(to: directory.appendingPathComponent("swatch.png"))
    let bundle = try #require(Bundle(path: directory.path))
    let (_, host) = host(VStack { Image("swatch", bundle: bundle) })
    let leaf = try #require(findView(named: "Image", in: host) as? ImageLeafView)
    #expect(leaf.image?.pixelWidth == 3)
    #expect(leaf.frame.size == Size(width: 3, height: 2))
  }

  @Test("Image(uiImage:) shows the bitmap a provider carries, at its pixel size")
  func bitmap() throws {
    let bitmap = try UIImage(validating: TestImages.png(width: 40, height: 30))
    let (_, host) = host(VStack { Image(uiImage: bitmap) })
    let leaf = try #require(findView(named: "Image", in: host) as? ImageLeafView)
    #expect(leaf.image == bitmap)
    #expect(leaf.frame.size == Size(width: 40, height: 30))
  }
}
