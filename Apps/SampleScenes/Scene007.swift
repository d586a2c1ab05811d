import DragDropUI
import Foundation
import Observation

import class DragDrop.Pasteboard

/// Not a seed's: copy and paste beside drag and drop, on the same item providers (rule 46).
/// Each city on the left drags out as text and, with the keyboard focus on it, copies with
/// Control-C (`copyable`). The basket on the right takes the same text by a drop
/// (`dropDestination`), by its `PasteButton`, which is enabled only while the pasteboard
/// holds text, and by Control-V while the focus is in its column (`pasteDestination`). A line below
/// says what the general pasteboard holds, which in a GTK window is the desktop's
/// clipboard: text copied in a browser pastes here too.
@MainActor
public final class CopyAndPasteScene: SampleScene {
  public let journal = SceneJournal()
  let model: CopyAndPasteModel
  public let host: HostingView<CopyAndPasteSceneView>
  private var observer: (any NSObjectProtocol)?

  init(window: Window) {
    window.backgroundColor = Palette.background
    let model = CopyAndPasteModel(journal: journal)
    self.model = model
    model.pasteboardDidChange()
    host = HostingView(rootView: CopyAndPasteSceneView(model: model), frame: window.bounds)
    host.autoresizingMask = [.flexibleWidth, .flexibleHeight]
    window.addSubview(host)
    observer = NotificationCenter.default.addObserver(
      forName: Pasteboard.changedNotification, object: nil, queue: nil
    ) { [weak model] _ in
      MainActor.assumeIsolated { model?.pasteboardDidChange() }
    }
  }

  isolated deinit {
    if let observer { NotificationCenter.default.removeObserver(observer) }
  }

  public var state: String { "basket=\(listing(model.basket))" }

  public var isSettled: Bool { true }
}

/// The basket, and what the scene says of the pasteboard.
@Observable
@MainActor
public final class CopyAndPasteModel {
  let cities = ["札幌", "函館", "小樽", "釧路"]
  var basket: [String] = []
  var pasteboard = ""
  @ObservationIgnored let journal: SceneJournal

  init(journal: SceneJournal) {
    self.journal = journal
  }

  /// Puts `values` in the basket, noting how they came.
  func add(_ values: [String], by way: String) {
    basket += values
    journal.note("basket.\(way) \(values.joined(separator: ","))")
    journal.modelDidChange()
  }

  /// Reads what the general pasteboard holds: its types, never its data.
  func pasteboardDidChange() {
    let board = Pasteboard.general
    let kinds = [board.hasStrings ? "text" : nil, board.hasURLs ? "links" : nil, board.hasImages ? "images" : nil]
      .compactMap { $0 }
    let items = board.numberOfItems == 1 ? "1 item" : "\(board.numberOfItems) items"
    pasteboard =
      "The pasteboard holds \(items)" + (kinds.isEmpty ? "" : " (\(kinds.joined(separator: ", ")))")
      + "; it has changed \(board.changeCount) times."
  }
}

/// The scene's views.
public struct CopyAndPasteSceneView: View {
  let model: CopyAndPasteModel

  public var body: some View {
    VStack(alignment: .leading, spacing: 14) {
      Text("Drag a city into the basket, or copy it (Control-C on the city) and paste it (Paste, or Control-V on it).")
        .foregroundColor(Palette.secondaryText)
        .lineLimit(2)
      HStack(alignment: .top, spacing: 24) {
        VStack(alignment: .leading, spacing: 8) {
          Text("Cities").font(.headline)
          ForEach(model.cities, id: \.self) { city in
            Button(city) {}
              .frame(width: 160, height: 32)
              .background(Palette.panel)
              .cornerRadius(8)
              .draggable(city)
              .copyable([city])
              .accessibilityLabel(city)
          }
        }
        .frame(width: 200)
        VStack(alignment: .leading, spacing: 8) {
          HStack {
            Text("Basket").font(.headline)
            Spacer()
            PasteButton(payloadType: String.self) { values in model.add(values, by: "pasteButton") }
          }
          VStack(alignment: .leading, spacing: 6) {
            ForEach(Array(model.basket.enumerated()), id: \.offset) { _, item in
              Text(item).padding(.horizontal, 10)
            }
            Spacer()
          }
          .frame(width: 280, height: 260)
          .background(Palette.panel)
          .cornerRadius(12)
          .accessibilityLabel("basket")
          .dropDestination(for: String.self) { values, _ in
            model.add(values, by: "drop")
            return true
          }
        }
        .frame(width: 300)
        // Control-V while the focus is in the basket's column: on its Paste button.
        .pasteDestination(for: String.self) { values in model.add(values, by: "paste") }
      }
      Text(model.pasteboard)
        .foregroundColor(Palette.secondaryText)
        .accessibilityLabel("pasteboard")
    }
    .padding(20)
    // From the top: the same places in a window a header bar has made shorter.
    .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
  }
}
