import DragDrop
import DragDropLists

/// A scene: the views and delegates of one seed article, built into a window. It keeps its
/// delegates alive (interactions, tables and collection views hold them weakly), notes what
/// its data sources and list delegates do in a ``SceneJournal``, and describes its model as
/// one line of text, so that a run in a real window and a headless run can be compared.
@MainActor
public protocol SampleScene: AnyObject {
  /// What the scene's data sources and list delegates did, in order.
  var journal: SceneJournal { get }
  /// The model, as one line: the same text for the same model on any platform.
  var state: String { get }
  /// Whether no load or placeholder is still on its way.
  var isSettled: Bool { get }
}

/// The scene-level calls of a scene (`first.moveRowAt 0→2`, `grid.commit Sunset at 3`),
/// and a hook that hears each one and each change of the model.
@MainActor
public final class SceneJournal {
  public private(set) var entries: [String] = []
  /// Hears each entry as it is noted.
  public var entryObserver: ((String) -> Void)?
  /// Hears each change of the scene's model.
  public var changeObserver: (() -> Void)?

  public init() {}

  /// Notes one call.
  public func note(_ entry: String) {
    entries.append(entry)
    entryObserver?(entry)
  }

  /// Says that the model changed.
  public func modelDidChange() {
    changeObserver?()
  }
}

/// The scenes: one per seed article, and one for drags between applications.
public enum SceneKind: String, CaseIterable, Sendable {
  case photos = "000"
  case tables = "001"
  case previews = "002"
  case interactiveMovement = "003"
  case declarative = "004"
  /// Not a seed's: drags to and from other applications.
  case otherApplications = "005"
  /// Not a seed's: a view controller written for iOS, run unchanged.
  case uikitViewController = "006"
  /// Not a seed's: copy and paste beside drag and drop.
  case copyAndPaste = "007"

  public var id: String { rawValue }

  public var title: String {
    switch self {
    case .photos: "Collection views: photos, albums, placeholders and spring loading"
    case .tables: "Table views: reorder, copy and move between tables"
    case .previews: "Customising the drag: previews, lift and cancel"
    case .interactiveMovement: "Interactive movement with a long press"
    case .declarative: "Declarative views: onDrag, a TextField, onDrop with a DropDelegate"
    case .otherApplications: "Other applications: drop from a browser or a file manager, drag out"
    case .uikitViewController: "A UIKit view controller, written for iOS: a reading list"
    case .copyAndPaste: "Copy and paste beside drag and drop: the pasteboard, with a PasteButton"
    }
  }

  /// The window size the scene is laid out for, in points.
  public var size: Size {
    switch self {
    case .photos: Size(width: 900, height: 720)
    case .tables: Size(width: 640, height: 520)
    case .previews: Size(width: 640, height: 420)
    case .interactiveMovement: Size(width: 560, height: 540)
    case .declarative: Size(width: 1110, height: 680)
    case .otherApplications: Size(width: 720, height: 520)
    case .uikitViewController: Size(width: 540, height: 560)
    case .copyAndPaste: Size(width: 640, height: 600)
    }
  }

  /// Accepts "000", "0", "001", "1" or "01".
  public init?(id: String) {
    guard let number = Int(id), let kind = Self.allCases.first(where: { Int($0.rawValue) == number }) else {
      return nil
    }
    self = kind
  }

  /// Builds the scene into `window`.
  @MainActor
  public func make(in window: Window) -> any SampleScene {
    switch self {
    case .photos: PhotoLibraryScene(window: window)
    case .tables: PrefectureTablesScene(window: window)
    case .previews: CustomPreviewsScene(window: window)
    case .interactiveMovement: InteractiveMovementScene(window: window)
    case .declarative: DeclarativeScene(window: window)
    case .otherApplications: OtherApplicationsScene(window: window)
    case .uikitViewController: UIKitViewControllerScene(window: window)
    case .copyAndPaste: CopyAndPasteScene(window: window)
    }
  }
}

/// The scenes' colours.
public enum Palette {
  public static let background = Color(red: 0.95, green: 0.95, blue: 0.97)
  public static let panel = Color(red: 1, green: 1, blue: 1)
  public static let accent = Color(red: 0.2, green: 0.45, blue: 0.9)
  public static let highlight = Color(red: 0.85, green: 0.92, blue: 1)
  public static let text = Color(red: 0.1, green: 0.1, blue: 0.15)
  public static let secondaryText = Color(red: 0.45, green: 0.45, blue: 0.5)
  public static let separator = Color(red: 0.88, green: 0.88, blue: 0.9)
  public static let placeholder = Color(red: 0.9, green: 0.91, blue: 0.94)
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

/// Puts a table of the scenes in `window`: named for its delegate calls, labelled for
/// screen readers (the name when no label is given), a rounded white panel, with the plain
/// row cell for its rows and its placeholders.
@MainActor
func addPanelTable(_ table: TableView, named name: String, label: String? = nil, to window: Window) {
  table.interactionName = name
  table.accessibilityLabel = label ?? name
  table.backgroundColor = Palette.panel
  table.cornerRadius = 12
  table.separatorStyle = .none  // the rows draw their own
  table.register(PrefectureCell.self, forCellReuseIdentifier: "cell")
  table.register(PrefectureCell.self, forCellReuseIdentifier: "placeholder")
  window.addSubview(table)
}

/// A bold heading.
@MainActor
func heading(_ text: String, frame: Rect) -> Label {
  let label = Label(text: text, frame: frame)
  label.font = .boldSystemFont(ofSize: 15)
  label.textColor = Palette.text
  label.isUserInteractionEnabled = false
  return label
}

/// Names for a list in a state line: `[a,b,c]`.
package func listing(_ names: [String]) -> String {
  "[" + names.joined(separator: ",") + "]"
}
