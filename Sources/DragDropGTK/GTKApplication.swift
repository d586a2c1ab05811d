package import CGTK
import DragDrop
import Foundation

/// A GTK application: it opens the display, runs GLib's main loop with the main actor
/// inside it, and keeps its windows alive while they are open.
///
/// ```swift
/// let application = try GTKApplication(id: "org.example.Demo")
/// application.run { application in
///   let host = GTKWindow(application: application, title: "Demo", size: Size(width: 640, height: 480))
///   host.window.addSubview(myView)
///   host.present()
/// }
/// ```
@MainActor
public final class GTKApplication {
  /// The `GtkApplication *`.
  package let application: UnsafeMutablePointer<GtkApplication>
  /// The windows open now.
  public internal(set) var windows: [GTKWindow] = []
  private var activation: SignalConnection?

  /// Opens the display and makes the application. Throws ``GTKError/noDisplay(detail:)`` when there is no display to open.
  ///
  /// The application is not unique by default: each process runs its own instance, so that
  /// several can run side by side (tests do) without a session bus.
  public init(id: String, unique: Bool = false) throws(GTKError) {
    try Self.openDisplay()
    let flags = unique ? G_APPLICATION_DEFAULT_FLAGS : G_APPLICATION_NON_UNIQUE
    let valid = g_application_id_is_valid(id) != 0
    application = gtk_application_new(valid ? id : nil, flags)
  }

  isolated deinit {
    activation?.disconnect()
    g_object_unref(application)
  }

  /// Initialises GTK and checks that a display opened; throws ``GTKError/noDisplay(detail:)``
  /// otherwise. Safe to call more than once.
  public static func openDisplay() throws(GTKError) {
    let environment = ProcessInfo.processInfo.environment
    let named = ["DISPLAY", "WAYLAND_DISPLAY"].compactMap { name in
      environment[name].flatMap { $0.isEmpty ? nil : "\(name)=\($0)" }
    }
    guard !named.isEmpty else { throw .noDisplay(detail: "neither DISPLAY nor WAYLAND_DISPLAY is set") }
    guard gtk_init_check() != 0, gdk_display_get_default() != nil else {
      throw .noDisplay(detail: "\(named.joined(separator: ", ")) did not accept a connection")
    }
  }

  /// Whether the desktop asks applications for a dark appearance: GTK's
  /// `gtk-application-prefer-dark-theme` setting, or a theme whose name ends in `-dark`
  /// (as GNOME's dark style sets it). Call after ``openDisplay()``.
  public static var prefersDarkAppearance: Bool {
    guard let settings = gtk_settings_get_default() else { return false }
    var themeName: UnsafeMutablePointer<gchar>?
    let prefersDark = ddgtk_settings_prefer_dark(settings, &themeName)
    defer { g_free(themeName) }
    let theme = themeName.map { String(cString: $0).lowercased() } ?? ""
    return prefersDark != 0 || theme.hasSuffix("-dark") || theme.hasSuffix(":dark")
  }

  /// Runs the main loop until the last window closes or ``quit()`` is called; `activate`
  /// runs once the application has started, to open the first windows. Returns the exit
  /// status.
  ///
  /// While it runs, GLib's main loop drains Dispatch's main queue, so main-actor tasks,
  /// `await` continuations and the ``GLibClock`` all run on the main thread in between GTK's
  /// events.
  @discardableResult
  public func run(_ activate: @escaping @MainActor (GTKApplication) -> Void) -> Int32 {
    MainLoop.integrateMainQueue()
    // The MIME database is read in the background while the window opens, so that the
    // first drag, which may look types up, does not wait for it on the main thread.
    Task.detached(priority: .utility) { ContentTypeRegistry.shared.preloadDatabase() }
    activation = connectActivate(ddgtk_application(application)) {
      [unowned self] in activate(self)
    }
    // SIGINT and SIGTERM end the loop cleanly, through GLib rather than in a signal handler.
    let quit: GSourceFunc = { data in
      g_application_quit(ddgtk_application(data))
      return gboolean(1)
    }
    let signals = [SIGINT, SIGTERM].map { g_unix_signal_add($0, quit, UnsafeMutableRawPointer(application)) }
    defer { for source in signals { g_source_remove(source) } }
    let status = g_application_run(ddgtk_application(application), 0, nil)
    // What the application copied stays pasteable where a clipboard manager runs.
    GTKClipboard.shared?.storeForAfterQuitting()
    return status
  }

  /// Closes every window and stops the main loop.
  public func quit() {
    for window in windows { window.close() }
    g_application_quit(ddgtk_application(application))
  }
}

extension GTKApplication: Backend {
  /// Runs GTK's main loop; see ``run(_:)-(GTKApplication)->Void``.
  public func run(_ activate: @escaping @MainActor () -> Void) -> Int32 {
    run { (_: GTKApplication) in activate() }
  }

  /// A ``GTKWindow`` in this application.
  public func makeWindow(title: String, size: Size) -> any BackendWindow {
    GTKWindow(application: self, title: title, size: size)
  }
}

extension GTKWindow: BackendWindow {}
