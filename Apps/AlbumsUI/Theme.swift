import DragDrop

/// The colours of the Albums window, in a light and a dark appearance.
public struct AlbumsTheme: Sendable, Hashable {
  /// Behind the grid.
  public var background: Color
  /// Behind the albums list.
  public var sidebar: Color
  /// Raised surfaces.
  public var panel: Color
  /// Titles and names.
  public var text: Color
  /// Counts, captions and the status line.
  public var secondaryText: Color
  /// Selection rings and progress.
  public var accent: Color
  /// Lines and empty progress bars.
  public var separator: Color
  /// A photo not drawn yet, and an import's placeholder.
  public var placeholder: Color
  /// A selected album, or one a drop goes into.
  public var selection: Color
  /// The outline of the album or target under a drop.
  public var dropHighlight: Color

  /// Light: white panels on a pale grey window.
  public static let light = AlbumsTheme(
    background: Color(red: 0.96, green: 0.96, blue: 0.97), sidebar: Color(red: 0.93, green: 0.93, blue: 0.95),
    panel: .white, text: Color(red: 0.11, green: 0.11, blue: 0.13),
    secondaryText: Color(red: 0.42, green: 0.42, blue: 0.46), accent: Color(red: 0.13, green: 0.45, blue: 0.85),
    separator: Color(red: 0.85, green: 0.85, blue: 0.88), placeholder: Color(red: 0.9, green: 0.91, blue: 0.94),
    selection: Color(red: 0.82, green: 0.89, blue: 0.99), dropHighlight: Color(red: 0.13, green: 0.45, blue: 0.85))

  /// Dark: charcoal panels, light text.
  public static let dark = AlbumsTheme(
    background: Color(red: 0.11, green: 0.11, blue: 0.12), sidebar: Color(red: 0.15, green: 0.15, blue: 0.16),
    panel: Color(red: 0.18, green: 0.18, blue: 0.19), text: Color(red: 0.93, green: 0.93, blue: 0.95),
    secondaryText: Color(red: 0.62, green: 0.62, blue: 0.66), accent: Color(red: 0.35, green: 0.62, blue: 1),
    separator: Color(red: 0.27, green: 0.27, blue: 0.29), placeholder: Color(red: 0.24, green: 0.24, blue: 0.26),
    selection: Color(red: 0.2, green: 0.3, blue: 0.45), dropHighlight: Color(red: 0.35, green: 0.62, blue: 1))
}
