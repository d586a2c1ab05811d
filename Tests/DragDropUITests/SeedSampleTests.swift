import DragDropTesting
import DragDropUI
import Foundation
import TestSupport
import Testing

// Seed 004's samples, as the seed writes them, with the NS/UI prefixes dropped:
// `NSItemProvider` is `ItemProvider`, `NSString` is `String`, `UIColor` is `Color`.

// Sample 1
struct Sample11View: View {
  @State private var getText: String = ""
  let str = "「SwiftUIとドラッグ&ドロップ」サンプル"

  var body: some View {
    VStack {
      Text(str)
        .onDrag {
          ItemProvider(object: self.str as String)
        }
        .padding()
      TextField("ここにドロップして", text: $getText)
        .padding()
        .border(Color.black)
        .padding()
    }
  }
}

// Sample 2
struct Sample12View: View {
  @State private var getText: String = ""
  let str = "「SwiftUIとドラッグ&ドロップ」サンプル"
  let weatherImage = UIImage(systemName: "cloud.sun.rain")!

  var body: some View {
    VStack {
      Text(str)
        .onDrag {
          ItemProvider(object: self.str as String)
        }
        .padding()
      TextField("ここにドロップして", text: $getText)
        .padding()
        .border(Color.black)
        .padding()
      Image(uiImage: weatherImage)
        .resizable()
        .frame(width: 50, height: 50)
        .background(Color.white)
        .onDrag {
          ItemProvider(object: self.weatherImage)
        }
    }
  }
}

// Sample 3
struct TextDropDelegate: DropDelegate {
  @Binding var dropedString: String?

  func performDrop(info: DropInfo) -> Bool {
    guard info.hasItemsConforming(to: ["public.text"]) else {
      return false
    }
    let items = info.itemProviders(for: ["public.utf8-plain-text"])
    for item in items {
      _ = item.loadObject(ofClass: String.self) { str, _ in
        if let str = str {
          DispatchQueue.main.async {
            self.dropedString = str
          }
        }
      }
    }
    return true
  }
}

struct Sample13View: View {
  @State private var dropedText: String? = nil
  let str = "「SwiftUIとドラッグ&ドロップ」サンプル"

  var dropText: some View {
    Rectangle()
      .stroke(Color.red)
      .background(Color(Color.systemBackground))
      .frame(width: 200, height: 70)
      .onDrop(of: ["public.text", "public.utf8-plain-text"], delegate: TextDropDelegate(dropedString: $dropedText))
      .overlay(
        Group {
          if dropedText != nil {
            Text(dropedText!)
          }
        }
      )
  }

  var body: some View {
    VStack {
      Text(str)
        .onDrag {
          ItemProvider(object: self.str as String)
        }
      Text("上の文字を赤枠にドラッグ")
        .font(.body)
        .padding()

      dropText
    }
  }
}

/// Notes each DropDelegate call, and answers validateDrop as told.
@MainActor
final class DelegateLog {
  var calls: [String] = []
  var validates = true
  var dropped: [String] = []
}

struct LoggingDropDelegate: DropDelegate {
  let log: DelegateLog

  func validateDrop(info: DropInfo) -> Bool {
    log.calls.append("validateDrop")
    return log.validates
  }
  func dropEntered(info: DropInfo) { log.calls.append("dropEntered") }
  func dropUpdated(info: DropInfo) -> DropProposal? {
    log.calls.append("dropUpdated")
    return nil
  }
  func dropExited(info: DropInfo) { log.calls.append("dropExited") }
  func performDrop(info: DropInfo) -> Bool {
    log.calls.append("performDrop at \(Int(info.location.x)),\(Int(info.location.y))")
    log.dropped = info.itemProviders(for: [.plainText]).map { _ in "text" }
    return true
  }
}

@MainActor
struct SeedSampleTests {
  @Test func sample1DropsTheDraggedTextIntoTheTextFieldAtTheDropPoint() async throws {
    let (test, host) = host(Sample11View(), size: Size(width: 480, height: 320))
    let text = try #require(find("text=\"「SwiftUI", in: host))
    let field = try #require(find("placeholder=\"ここにドロップして\"", in: host))
    test.pointerDrag(from: center(of: text, in: test), through: [center(of: field, in: test)])
    await test.recorder.settle()
    #expect(host.tree.contains("text=\"「SwiftUIとドラッグ&ドロップ」サンプル\" selection=23..<23"))
    test.recorder.skip()
  }

  @Test func sample2DragsTheSymbolImageAsAnImage() async throws {
    struct Both: View {
      @State var received: String = "nothing"
      var body: some View {
        HStack {
          Sample12View()
          Color.gray.frame(width: 80, height: 80)
            .onDrop(of: [.image], isTargeted: nil) { providers in
              for provider in providers {
                provider.loadObject(ofClass: UIImage.self) { (result: Result<UIImage, ItemProviderError>) in
                  let text = (try? result.get()).map {
                    "\($0.contentType.identifier) \($0.pixelWidth)×\($0.pixelHeight)"
                  }
                  Task { @MainActor in received = text ?? "failed" }
                }
              }
              return true
            }
          Text(received)
        }
      }
    }
    let (test, host) = host(Both(), size: Size(width: 800, height: 400))
    let image = try #require(find("Image frame=(0, 0, 50×50)", in: host))
    let target = try #require(find("OnDrop", in: host))
    test.pointerDrag(from: center(of: image, in: test), through: [center(of: target, in: test)])
    await test.recorder.settle()
    #expect(await eventually { host.tree.contains("text=\"public.png 64×64\"") })
    #expect(test.window.displayListSnapshot.contains("image public.png 64×64 in (0, 0, 50×50)"))
    test.recorder.skip()
  }

  @Test func sample3ShowsTheDroppedTextInTheOverlay() async throws {
    let (test, host) = host(Sample13View(), size: Size(width: 480, height: 320))
    let text = try #require(find("text=\"「SwiftUI", in: host))
    let target = try #require(find("OnDrop", in: host))
    test.pointerDrag(from: center(of: text, in: test), through: [center(of: target, in: test)])
    await test.recorder.settle()
    // The delegate sets the text from DispatchQueue.main, after the load.
    #expect(await eventually { host.tree.components(separatedBy: "サンプル").count == 3 })
    test.settle()
    let overlay = try #require(find("Overlay", in: host))
    #expect(overlay.subviews.count == 2)
    // Too long for the 200-point frame, the text takes two lines, as in SwiftUI.
    #expect(
      overlay.treeSnapshot.contains("Text frame=(8, 14, 184×42) noInteraction text=\"「SwiftUIとドラッグ&ドロップ」サンプル\""))
    test.recorder.skip()
  }

  @Test func theDelegateHearsEnterUpdatesTheDropAndOneExit() async throws {
    let log = DelegateLog()
    let (test, host) = host(
      VStack(spacing: 40) {
        Text("drag me").onDrag { ItemProvider(object: "drag me") }
        Color.yellow.frame(width: 100, height: 60).onDrop(of: [.text], delegate: LoggingDropDelegate(log: log))
      })
    let text = try #require(find("text=\"drag me\"", in: host))
    let target = try #require(find("OnDrop", in: host))
    test.pointerDrag(from: center(of: text, in: test), through: [center(of: target, in: test)], steps: 2)
    await test.recorder.settle()
    let calls = log.calls.filter { $0 != "dropUpdated" }
    #expect(calls == ["validateDrop", "dropEntered", "validateDrop", "performDrop at 50,30", "dropExited"])
    #expect(log.calls.contains("dropUpdated"))
    #expect(log.dropped == ["text"])
    test.recorder.skip()
  }

  @Test func aRefusedDragNeverEntersAndIsNotDropped() async throws {
    let log = DelegateLog()
    log.validates = false
    let (test, host) = host(
      VStack(spacing: 40) {
        Text("drag me").onDrag { ItemProvider(object: "drag me") }
        Color.yellow.frame(width: 100, height: 60).onDrop(of: [.text], delegate: LoggingDropDelegate(log: log))
      })
    let text = try #require(find("text=\"drag me\"", in: host))
    let target = try #require(find("OnDrop", in: host))
    test.pointerDrag(from: center(of: text, in: test), through: [center(of: target, in: test)], steps: 2)
    await test.recorder.settle()
    #expect(log.calls == ["validateDrop"])
    test.recorder.skip()
  }

  @Test func aDragWithNoneOfTheTypesDoesNotTargetTheView() async throws {
    struct Target: View {
      let log: DelegateLog
      @State var isTargeted = false
      var body: some View {
        VStack(spacing: 40) {
          Text("drag me").onDrag { ItemProvider(object: URL(string: "https://example.com")!) }
          Color.yellow.frame(width: 100, height: 60)
            .onDrop(of: [.image], isTargeted: $isTargeted) { _ in
              log.calls.append("perform")
              return true
            }
          Text(isTargeted ? "targeted" : "idle")
        }
      }
    }
    let log = DelegateLog()
    let (test, host) = host(Target(log: log))
    let text = try #require(find("text=\"drag me\"", in: host))
    let target = try #require(find("OnDrop", in: host))
    test.pointerMove(to: center(of: text, in: test))
    test.pointerDown(at: center(of: text, in: test))
    test.pointerMove(to: center(of: target, in: test), steps: 3)
    test.settle()
    #expect(host.tree.contains("text=\"idle\""))
    test.pointerUp()
    await test.recorder.settle()
    #expect(log.calls.isEmpty)
    test.recorder.skip()
  }

  @Test func isTargetedFollowsTheDragInAndOut() async throws {
    struct Target: View {
      @State var isTargeted = false
      var body: some View {
        VStack(spacing: 40) {
          Text("drag me").onDrag { ItemProvider(object: "drag me") }
          Color.yellow.frame(width: 100, height: 60).onDrop(of: [.text], isTargeted: $isTargeted) { _ in true }
          Text(isTargeted ? "targeted" : "idle")
        }
      }
    }
    let (test, host) = host(Target())
    let text = try #require(find("text=\"drag me\"", in: host))
    let target = try #require(find("OnDrop", in: host))
    test.pointerMove(to: center(of: text, in: test))
    test.pointerDown(at: center(of: text, in: test))
    test.pointerMove(to: center(of: target, in: test), steps: 3)
    test.settle()
    #expect(host.tree.contains("text=\"targeted\""))
    test.pointerMove(to: Point(x: 10, y: 10), steps: 3)
    test.settle()
    #expect(host.tree.contains("text=\"idle\""))
    test.pointerUp()
    await test.recorder.settle()
    test.recorder.skip()
  }
}

@MainActor
struct DragSourceTests {
  struct Source: View {
    @State var ended: [String] = []
    var body: some View {
      VStack(spacing: 40) {
        Text("drag me").onDrag({ ItemProvider(object: "drag me") }, onEnded: { ended.append("\($0)") })
        Color.yellow.frame(width: 100, height: 60).onDrop(of: [.text], isTargeted: nil) { _ in true }
        Text("ended=\(ended.joined(separator: ","))")
      }
    }
  }

  @Test func theSourceHearsHowEachDragEnded() async throws {
    let (test, host) = host(Source())
    let text = try #require(find("text=\"drag me\"", in: host))
    let target = try #require(find("OnDrop", in: host))
    test.pointerDrag(from: center(of: text, in: test), through: [center(of: target, in: test)])
    await test.recorder.settle()
    test.pointerDrag(from: center(of: text, in: test), through: [Point(x: 10, y: 10)])
    await test.recorder.settle()
    test.settle()
    #expect(host.tree.contains("text=\"ended=copy,cancel\""), "\(host.tree)")
    test.recorder.skip()
  }

  @Test func aPreviewViewLiftsInsteadOfTheSource() async throws {
    struct WithPreview: View {
      var body: some View {
        Text("source").onDrag({ ItemProvider(object: "x") }, preview: { Text("PREVIEW").font(.title) })
      }
    }
    let (test, host) = host(WithPreview())
    let text = try #require(find("text=\"source\"", in: host))
    test.pointerMove(to: center(of: text, in: test))
    test.pointerDown(at: center(of: text, in: test))
    test.pointerMove(to: Point(x: 300, y: 250), steps: 3)
    test.settle()
    let lifted = liftedPreviewTrees(in: test)
    #expect(lifted.count == 1)
    #expect(lifted.first?.contains("text=\"PREVIEW\"") == true, "\(lifted)")
    test.pointerUp()
    await test.recorder.settle()
    test.recorder.skip()
  }
}
