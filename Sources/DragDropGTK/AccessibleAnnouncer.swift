internal import CGTK
import DragDrop

/// Speaks a window's announcements through the accessibility tree. GTK 4.8 has no
/// announcement API, and exposes widgets only, so the window's drawing area, which holds
/// the keyboard focus, stands for what is focused inside it:
/// - its accessible name (label) is the focused item's description: a screen reader such as
///   Orca says the focused widget's name when the window takes the focus, and again when it
///   changes;
/// - its accessible description carries each announcement: Orca speaks a focused widget's
///   description when it changes. The text must differ from the last to be spoken again, so
///   a repeat gets an invisible mark.
///
/// Its selected state is the focused item's. Either name or description change is
/// spoken, so a focus move that must stay quiet (the one after a drop, which
/// was announced) leaves the name as it was until the next focus move.
@MainActor
final class AccessibleAnnouncer: Announcer {
  private let widget: UnsafeMutablePointer<GtkWidget>
  /// What the widget's description is now, for tests.
  private(set) var description = ""
  /// What the widget's accessible name is now, for tests.
  private(set) var label = ""

  init(widget: UnsafeMutablePointer<GtkWidget>) {
    self.widget = widget
  }

  func announce(_ text: String) {
    // A zero-width space makes a repeated sentence a new value.
    description = text == description ? text + "\u{200B}" : text
    update(GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, to: description)
  }

  func describeFocus(_ text: String, speak: Bool) {
    guard speak, text != label else { return }
    label = text
    update(GTK_ACCESSIBLE_PROPERTY_LABEL, to: text)
  }

  /// The drawing area's selected state follows the focused item's. GTK reads the state
  /// as an int, since it may also be undefined (-1): a boolean GValue is refused with a
  /// critical, and the state is lost.
  func focusSelectionDidChange(_ isSelected: Bool) {
    var state = GTK_ACCESSIBLE_STATE_SELECTED
    var gvalue = GValue()
    g_value_init(&gvalue, ddgtk_type_int())
    g_value_set_int(&gvalue, isSelected ? 1 : 0)
    gtk_accessible_update_state_value(OpaquePointer(widget), 1, &state, &gvalue)
    g_value_unset(&gvalue)
  }

  private func update(_ property: GtkAccessibleProperty, to value: String) {
    var property = property
    var gvalue = GValue()
    g_value_init(&gvalue, ddgtk_type_string())
    g_value_set_string(&gvalue, value)
    gtk_accessible_update_property_value(OpaquePointer(widget), 1, &property, &gvalue)
    g_value_unset(&gvalue)
  }
}
