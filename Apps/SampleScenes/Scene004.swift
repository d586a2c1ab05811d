import DragDropUI
import Foundation
import Observation

/// Seed 004, drag and drop in declarative views: the seed's text dragged into a
/// `TextField`, its weather symbol dragged beside it, and a red frame whose
/// `TextDropDelegate` shows the dropped text in an overlay and refuses links in
/// `validateDrop`. Below them, a `List` reorders with `onMove`, and a `LazyVGrid` reorders
/// with `onMove` and takes text from anywhere through `dropDestination`. Beside them, a
/// board in a `NavigationStack`: its rows are as tall as their text, a toolbar `Button`
/// reverses them inside `withAnimation`, and text dropped between them is inserted.
@MainActor
public final class DeclarativeScene: SampleScene {
  public let journal = SceneJournal()
  let model: DeclarativeModel
  public let host: HostingView<DeclarativeSceneView>

  init(window: Window) {
    window.backgroundColor = Palette.background
    let model = DeclarativeModel(journal: journal)
    self.model = model
    host = HostingView(rootView: DeclarativeSceneView(model: model), frame: window.bounds)
    host.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    window.addSubview(host)
  }

  public var state: String {
    "field=\(model.fieldText) dropped=\(model.droppedText ?? "nil") list=\(listing(model.prefectures))"
      + " grid=\(listing(model.tiles))"
  }

  public var isSettled: Bool { model.loading == 0 }
}

/// What the scene's views change, for the scenarios to read.
@Observable
@MainActor
public final class DeclarativeModel {
  var fieldText = ""
  var droppedText: String?
  var prefectures = ["北海道", "青森", "岩手", "宮城", "秋田"]
  var tiles = ["春", "夏", "秋", "冬"]
  var board = [
    "Sketch the album screen", "Write the drop delegate, with a placeholder for each photo that is still loading",
    "Test with Nautilus", "Ship",
  ]
  var loading = 0
  @ObservationIgnored let journal: SceneJournal

  init(journal: SceneJournal) {
    self.journal = journal
  }

  func note(_ entry: String) {
    journal.note(entry)
    journal.modelDidChange()
  }
}

/// The scene's content: seed 004's samples side by side.
public struct DeclarativeSceneView: View {
  let model: DeclarativeModel
  let str = "「SwiftUIとドラッグ&ドロップ」サンプル"
  let weatherImage = UIImage(systemName: "cloud.sun.rain")!

  public var body: some View {
    // The samples stay where they were in a window without the board: centred beside it.
    HStack(alignment: .center, spacing: 0) {
      seedSamples
      BoardView(model: model)
        .frame(width: 310, height: 640)
        .background(Palette.panel)
        .cornerRadius(12)
        .padding(.vertical, 20)
        .padding(.trailing, 20)
    }
  }

  /// The seed's samples, and a list and a grid that reorder.
  var seedSamples: some View {
    VStack(alignment: .leading, spacing: 12) {
      Text("Seed 004: drag the text into the field or the red frame; the symbol is an image")
        .font(.footnote)
        .foregroundColor(Palette.secondaryText)
      HStack(alignment: .top, spacing: 24) {
        // Samples 1 and 2: a text and an image to drag, and a field that takes text.
        VStack {
          Text(str)
            .onDrag {
              ItemProvider(object: self.str as String)
            }
            .accessibilityLabel("sample text")
            .padding()
          TextField(
            "ここにドロップして",
            text: Binding(
              get: { model.fieldText },
              set: {
                model.fieldText = $0
                model.note("field.text \($0)")
              })
          )
          .accessibilityLabel("field")
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
            .accessibilityLabel("weather")
        }
        .padding(.bottom, 12)
        .frame(width: 400)
        .background(Palette.panel)
        .cornerRadius(12)
        // Sample 3: the red frame and its delegate.
        VStack {
          Text("上の文字を赤枠にドラッグ")
            .font(.body)
            .padding()
          Rectangle()
            .stroke(Color.red)
            .background(Color(Color.systemBackground))
            .frame(width: 200, height: 70)
            .onDrop(of: ["public.text", "public.utf8-plain-text"], delegate: SceneTextDropDelegate(model: model))
            .accessibilityLabel("red frame")
            .overlay(
              Group {
                if let text = model.droppedText {
                  Text(text)
                }
              }
            )
          // A link is text too, but the frame's validateDrop refuses it.
          Text("https://note.com/")
            .foregroundColor(.blue)
            .onDrag { ItemProvider(object: URL(string: "https://note.com/")!) }
            .accessibilityLabel("link")
            .padding(.top)
        }
        .padding()
        .background(Palette.panel)
        .cornerRadius(12)
      }
      HStack(alignment: .top, spacing: 24) {
        // A list that reorders: ForEach.onMove gets SwiftUI's offsets.
        List {
          ForEach(model.prefectures, id: \.self) { name in
            Text(name)
          }
          .onMove { offsets, destination in
            model.prefectures.move(fromOffsets: offsets, toOffset: destination)
            model.note("list.onMove \(offsets.map { "\($0)" }.joined(separator: ",")) → \(destination)")
          }
        }
        .accessibilityLabel("prefectures")
        .frame(width: 400, height: 220)
        .background(Palette.panel)
        .cornerRadius(12)
        // A grid that reorders too, and takes text dropped on it.
        LazyVGrid(columns: [GridItem(), GridItem()], spacing: 10) {
          ForEach(model.tiles, id: \.self) { tile in
            // Square tiles: a grid's lines are as tall as their items.
            Text(tile).font(.title2).frame(maxWidth: .infinity, minHeight: 105)
          }
          .onMove { offsets, destination in
            model.tiles.move(fromOffsets: offsets, toOffset: destination)
            model.note("grid.onMove \(offsets.map { "\($0)" }.joined(separator: ",")) → \(destination)")
          }
        }
        .accessibilityLabel("seasons")
        .frame(width: 220, height: 220)
        .background(Palette.panel)
        .cornerRadius(12)
        .dropDestination(for: String.self) { strings, _ in
          model.tiles += strings
          model.note("grid.dropDestination \(strings.joined(separator: ","))")
          return true
        }
        .accessibilityLabel("season drop")
      }
    }
    .padding(20)
  }
}

/// A board of tasks in a navigation stack: rows as tall as their text, reversed inside
/// `withAnimation` from a toolbar button, and text dropped between them inserted.
struct BoardView: View {
  let model: DeclarativeModel

  var body: some View {
    NavigationStack {
      List {
        ForEach(model.board, id: \.self) { task in
          Text(task)
        }
        .onMove { offsets, destination in
          model.board.move(fromOffsets: offsets, toOffset: destination)
          model.note("board.onMove \(offsets.map { "\($0)" }.joined(separator: ",")) → \(destination)")
        }
        .dropDestination(for: String.self) { strings, offset in
          model.board.insert(contentsOf: strings, at: offset)
          model.note("board.insert \(strings.joined(separator: ",")) at \(offset)")
        }
      }
      .accessibilityLabel("board")
      .navigationTitle("Board")
      .toolbar {
        Button("Reverse") {
          withAnimation(.easeInOut(duration: 0.3)) {
            model.board.reverse()
          }
          model.note("board.reverse \(model.board.first ?? "")")
        }
      }
    }
  }
}

/// The seed's `TextDropDelegate`, noting each call in the scene's journal, and refusing
/// links in `validateDrop`.
struct SceneTextDropDelegate: DropDelegate {
  let model: DeclarativeModel

  func validateDrop(info: DropInfo) -> Bool {
    let valid = !info.hasItemsConforming(to: ["public.url"])
    model.note("frame.validateDrop \(valid)")
    return valid
  }

  func dropEntered(info: DropInfo) { model.note("frame.dropEntered") }
  func dropExited(info: DropInfo) { model.note("frame.dropExited") }

  func performDrop(info: DropInfo) -> Bool {
    guard info.hasItemsConforming(to: ["public.text"]) else {
      return false
    }
    let items = info.itemProviders(for: ["public.utf8-plain-text"])
    model.note("frame.performDrop \(items.count)")
    let model = self.model
    for item in items {
      model.loading += 1
      _ = item.loadObject(ofClass: String.self) { str, _ in
        DispatchQueue.main.async {
          model.loading -= 1
          if let str = str {
            model.droppedText = str
            model.note("frame.received \(str)")
          }
        }
      }
    }
    return true
  }
}
