import DragDrop
import DragDropGTK
@_exported import DragDropUI
import Foundation

/// An application made of declarative views, in SwiftUI's manner: mark it `@main`, and its
/// scenes open in GTK windows.
///
/// ```swift
/// import DragDropUIApp
///
/// @main
/// struct Seed004App: App {
///   var body: some Scene {
///     WindowGroup("Seed 004") { Sample11View() }
///   }
/// }
/// ```
///
/// Without a display the application says so and exits with status 3.
@MainActor @preconcurrency
public protocol App {
  /// The type of the application's scenes.
  associatedtype Body: Scene
  /// The application's windows.
  @SceneBuilder var body: Body { get }
  /// Makes the application; ``main()`` calls it once.
  init()
}

extension App {
  /// Opens the scenes' windows and runs GTK's main loop until the last window closes.
  public static func main() {
    let application: GTKApplication
    do {
      application = try GTKApplication(id: "org.dragdrop.\(Self.self)")
    } catch {
      FileHandle.standardError.write(Data("error: \(error). The application needs a display.\n".utf8))
      exit(3)
    }
    exit(run(on: application))
  }

  /// Opens the scenes' windows on `backend` and runs its main loop until the last window
  /// closes; returns the exit status. `main()` runs on GTK; a test runs on a
  /// `HeadlessBackend`.
  @discardableResult
  public static func run(on backend: some Backend) -> Int32 {
    let app = Self()
    let groups = app.body.windowGroups
    var windows: [any BackendWindow] = []
    let status = backend.run {
      for group in groups {
        let host = backend.makeWindow(title: group.title, size: group.size)
        let view = group.makeView(host.window.bounds)
        view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        host.window.addSubview(view)
        windows.append(host)
        host.present()
      }
    }
    windows.removeAll()
    return status
  }
}

/// Something an ``App`` shows: one or more windows.
@MainActor @preconcurrency
public protocol Scene {
  /// The window groups the scene is made of.
  var windowGroups: [AnyWindowGroup] { get }
}

/// A window showing a view.
public struct WindowGroup<Content: DragDropUI.View>: Scene {
  let title: String
  let size: Size
  let content: () -> Content

  /// A window titled `title`, `size` points large at first, showing `content`.
  public init(
    _ title: String = "", size: Size = Size(width: 800, height: 600), @ViewBuilder content: @escaping () -> Content
  ) {
    self.title = title
    self.size = size
    self.content = content
  }

  public var windowGroups: [AnyWindowGroup] {
    let content = self.content
    return [
      AnyWindowGroup(title: title, size: size) { bounds in HostingView(rootView: content(), frame: bounds) }
    ]
  }
}

extension Scene {
  /// The size the scene's windows open at, as SwiftUI's `defaultSize(width:height:)`. A
  /// width or height that is not positive and finite keeps the one the window had.
  public func defaultSize(width: CGFloat, height: CGFloat) -> some Scene {
    SizedScene(
      windowGroups: windowGroups.map { group in
        let size = Size(
          width: width.isFinite && width > 0 ? width : group.size.width,
          height: height.isFinite && height > 0 ? height : group.size.height)
        return AnyWindowGroup(title: group.title, size: size, makeView: group.makeView)
      })
  }

  /// The size the scene's windows open at.
  public func defaultSize(_ size: CGSize) -> some Scene {
    defaultSize(width: size.width, height: size.height)
  }
}

/// A scene whose windows open at a size of their own.
struct SizedScene: Scene {
  let windowGroups: [AnyWindowGroup]
}

/// A window group of any content.
@MainActor
public struct AnyWindowGroup {
  let title: String
  let size: Size
  let makeView: @MainActor (Rect) -> Views.View
}

/// Builds a list of scenes.
@resultBuilder @MainActor
public enum SceneBuilder {
  /// A body of one scene.
  public static func buildBlock<S: Scene>(_ scene: S) -> S { scene }

  /// A body of several scenes, their windows in order.
  public static func buildBlock<each S: Scene>(_ scenes: repeat each S) -> TupleScene {
    var groups: [AnyWindowGroup] = []
    for scene in repeat each scenes { groups += scene.windowGroups }
    return TupleScene(windowGroups: groups)
  }
}

/// Several scenes.
public struct TupleScene: Scene {
  public let windowGroups: [AnyWindowGroup]
}
