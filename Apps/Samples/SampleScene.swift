import DragDrop

/// The scenes, one per seed article. A scene object builds its views and delegates into a
/// window and keeps the delegates alive (interactions and tables hold them weakly).
enum SceneKind: String, CaseIterable, Sendable {
  case tables = "001"
  case previews = "002"

  var id: String { rawValue }

  var title: String {
    switch self {
    case .tables: "Table views: reorder, and copy between tables"
    case .previews: "Customising the drag: previews, lift and cancel"
    }
  }

  /// The window size the scene is laid out for, in points.
  var size: Size {
    switch self {
    case .tables: Size(width: 640, height: 520)
    case .previews: Size(width: 640, height: 420)
    }
  }

  /// Accepts "001", "1" or "01".
  init?(id: String) {
    guard let number = Int(id), let kind = Self.allCases.first(where: { Int($0.rawValue) == number }) else {
      return nil
    }
    self = kind
  }

  @MainActor
  func make(in window: Window) -> AnyObject {
    switch self {
    case .tables: PrefectureTablesScene(window: window)
    case .previews: CustomPreviewsScene(window: window)
    }
  }
}

/// Shared look.
enum Palette {
  static let background = Color(red: 0.95, green: 0.95, blue: 0.97)
  static let panel = Color(red: 1, green: 1, blue: 1)
  static let accent = Color(red: 0.2, green: 0.45, blue: 0.9)
  static let highlight = Color(red: 0.85, green: 0.92, blue: 1)
  static let text = Color(red: 0.1, green: 0.1, blue: 0.15)
  static let secondaryText = Color(red: 0.45, green: 0.45, blue: 0.5)
}

/// A one-line caption.
@MainActor
func caption(_ text: String, frame: Rect, size: Double = 13, color: Color = Palette.secondaryText) -> Label {
  let label = Label(text: text, frame: frame)
  label.font = .systemFont(ofSize: size)
  label.textColor = color
  label.isUserInteractionEnabled = false
  return label
}
