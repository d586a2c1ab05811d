import DragDrop
import DragDropGTK
import Foundation
import TestSupport
import Testing

/// Images that decode to far more pixels than their bytes suggest: a real PNG of
/// 20,000 × 20,000 black pixels is about a megabyte, and 1.6 GB once decoded. Each is
/// refused from its header, before gdk-pixbuf or anything else decodes it.
@Suite("Image bombs", .serialized)
struct ImageBombTests {
  static var bombScript: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appending(path: "Peers/image_bomb.py")
  }

  /// A real PNG bomb in `directory`: every one of its bytes decodes.
  static func pngBomb(in directory: TemporaryDirectory, side: Int = 20_000) throws -> URL {
    let url = directory.url.appending(path: "bomb.png")
    let maker = try Probe.start(
      [bombScript.path, "png", url.path, "\(side)"], executable: URL(fileURLWithPath: PeerDragTests.python))
    _ = maker.waitForExit(timeout: 60)
    let data = try Data(contentsOf: url)
    #expect(data.count < 2 << 20, "a bomb is small: \(data.count) bytes")
    return url
  }

  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: PeerDragTests.python), "needs python3"))
  func aThumbnailOfABombIsRefusedBeforeItDecodes() throws {
    let directory = try TemporaryDirectory()
    let bomb = try Self.pngBomb(in: directory)
    let before = try PeerDragTests.peakMemory(of: getpid())
    #expect {
      try ImageDecoder.thumbnailPNG(ofFileAt: bomb, maximumPixelSize: 320)
    } throws: { error in
      "\(error)".contains("20000×20000 pixels, more than the 100 megapixels")
    }
    let growth = try PeerDragTests.peakMemory(of: getpid()) - before
    #expect(growth < 200 << 20, "grew by \(growth >> 20) MiB")
    // Within the budget, the same file makes a thumbnail.
    let small = try Self.pngBomb(in: directory, side: 2_000)
    let thumbnail = try ImageDecoder.thumbnailPNG(ofFileAt: small, maximumPixelSize: 320)
    let image = try Image(validating: thumbnail)
    #expect((image.pixelWidth, image.pixelHeight) == (320, 320))
  }

  /// A peer drags the bomb's bytes as `image/png`: the drop's load fails with the reason,
  /// and the window's memory stays flat.
  @Test(.enabled(if: PeerDragTests.hasPeer, "needs an X display, xdotool and python3-gi with GTK 4"))
  func aBombDroppedByAPeerIsRefusedWithFlatMemory() throws {
    let directory = try TemporaryDirectory()
    let bomb = try Self.pngBomb(in: directory)
    var before = 0
    let path = [750, 745, 740, 730, 700, 650, 600, 500, 400, 300, 200, 201].map { ($0, 150) }
    let title = "DragDropGTK-drop-\(ProcessInfo.processInfo.processIdentifier)"
    try PeerDragTests().withPeer(
      ours: ["drop", title], peer: ["file", "image/png", bomb.path], peerX: 600, path: path,
      beforeDrag: { probe, _ in before = try PeerDragTests.peakMemory(of: probe.pid) }
    ) { probe, _ in
      let failed = probe.waitForAnyLine(timeout: 20) { $0.hasPrefix("failed") && $0.contains("image/png") }
      #expect(failed?.contains("20000×20000 pixels, more than the 100 megapixels") == true, "\(probe.output)")
      #expect(!probe.lines.contains { $0.hasPrefix("dropped-image") }, "\(probe.output)")
      #expect(probe.waitForAnyLine(startingWith: "call target.sessionDidEnd", timeout: 20) != nil, "\(probe.output)")
      let growth = try PeerDragTests.peakMemory(of: probe.pid) - before
      #expect(growth < 200 << 20, "grew by \(growth >> 20) MiB")
    }
  }
}
