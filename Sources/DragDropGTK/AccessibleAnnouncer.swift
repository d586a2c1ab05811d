internal import CGTK
import DragDrop

/// Speaks a window's announcements through the accessibility tree. GTK 4.8 has no
/// announcement API, so the window's drawing area, which holds the keyboard focus, carries
/// each one as its accessible description: a screen reader such as Orca speaks a focused
/// widget's description when it changes. The text must differ from the last to be spoken
/// again, so a repeat gets an invisible mark.
@MainActor
final class AccessibleAnnouncer: Announcer {
  private let widget: UnsafeMutablePointer<GtkWidget>
  private var last = ""
  /// What the widget's description is now, for tests.
  private(set) var description = ""

  init(widget: UnsafeMutablePointer<GtkWidget>) {
    self.widget = widget
  }

  func announce(_ text: String) {
    // A zero-width space makes a repeated sentence a new value.
    let value = text == last ? text + "\u{200B}" : text
    last = value
    description = value
    var property = GTK_ACCESSIBLE_PROPERTY_DESCRIPTION
    var gvalue = GValue()
    g_value_init(&gvalue, ddgtk_type_string())
    g_value_set_string(&gvalue, value)
    gtk_accessible_update_property_value(OpaquePointer(widget), 1, &property, &gvalue)
    g_value_unset(&gvalue)
  }
}
