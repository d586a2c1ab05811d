// The C side of DragDropGTK: GTK 4, pango-cairo and gdk-pixbuf, plus small inline helpers
// for what Swift cannot import (function-like macros, casts, fundamental type constants,
// and the libdispatch hooks that let GLib's main loop drain the main queue).
#ifndef DRAGDROP_CGTK_SHIM_H
#define DRAGDROP_CGTK_SHIM_H

#include <gtk/gtk.h>
#include <glib-unix.h>
// gtk4.pc does not name gio-unix-2.0 (the Unix streams), which Debian puts here.
#include <gio-unix-2.0/gio/gunixinputstream.h>
#include <fcntl.h>
#include <pango/pangocairo.h>
#include <gdk-pixbuf/gdk-pixbuf.h>
#include <cairo.h>
#include <errno.h>
#include <stdint.h>
#include <unistd.h>

// MARK: libdispatch's run-loop integration (exported by libdispatch, declared by
// CoreFoundation's private headers).

/// The eventfd that libdispatch signals when work is enqueued on the main queue.
extern int _dispatch_get_main_queue_handle_4CF(void);
/// Drains the main queue on the calling (main) thread.
extern void _dispatch_main_queue_callback_4CF(void *_Null_unspecified message);

// MARK: Casts and constants

static inline GObject *ddgtk_object(gpointer instance) { return G_OBJECT(instance); }
static inline GIOStream *ddgtk_io_stream(gpointer instance) { return G_IO_STREAM(instance); }
static inline GtkWidget *ddgtk_widget(gpointer instance) { return GTK_WIDGET(instance); }
static inline GtkWindow *ddgtk_window(gpointer instance) { return GTK_WINDOW(instance); }
static inline GtkNative *ddgtk_native(gpointer instance) { return GTK_NATIVE(instance); }
static inline gboolean ddgtk_is_popup(gpointer instance) { return GDK_IS_POPUP(instance); }
static inline GtkPopover *ddgtk_popover(gpointer instance) { return GTK_POPOVER(instance); }
static inline GtkDrawingArea *ddgtk_drawing_area(gpointer instance) { return GTK_DRAWING_AREA(instance); }
static inline GtkEventController *ddgtk_event_controller(gpointer instance) {
  return GTK_EVENT_CONTROLLER(instance);
}
static inline GtkGesture *ddgtk_gesture(gpointer instance) { return GTK_GESTURE(instance); }
static inline GtkGestureSingle *ddgtk_gesture_single(gpointer instance) { return GTK_GESTURE_SINGLE(instance); }
static inline GApplication *ddgtk_application(gpointer instance) { return G_APPLICATION(instance); }

static inline GType ddgtk_type_string(void) { return G_TYPE_STRING; }

/// GtkSettings' `gtk-application-prefer-dark-theme`, and its theme name (freed by the caller):
/// g_object_get is variadic, which Swift cannot call.
static inline gboolean ddgtk_settings_prefer_dark(GtkSettings *settings, gchar **theme_name) {
  gboolean prefer_dark = FALSE;
  g_object_get(settings, "gtk-application-prefer-dark-theme", &prefer_dark, "gtk-theme-name", theme_name, NULL);
  return prefer_dark;
}
static inline GType ddgtk_type_int(void) { return G_TYPE_INT; }
static inline GTask *ddgtk_task(gpointer instance) { return G_TASK(instance); }
static inline GOutputStream *ddgtk_output_stream(gpointer instance) { return G_OUTPUT_STREAM(instance); }
static inline GdkContentProviderClass *ddgtk_content_provider_class(gpointer klass) {
  return (GdkContentProviderClass *)klass;
}

/// Reads and so resets the counter of a non-blocking eventfd (the main queue's).
static inline void ddgtk_eventfd_clear(int fd) {
  uint64_t value;
  while (read(fd, &value, sizeof value) < 0 && errno == EINTR) {
  }
}

// MARK: Pipes

#ifndef F_SETPIPE_SZ
#define F_SETPIPE_SZ 1031 /* F_LINUX_SPECIFIC_BASE + 7, defined by <fcntl.h> with _GNU_SOURCE */
#endif

/// When `stream` reads a pipe (what GDK's Wayland backend gives for a clipboard's or a
/// drop's data), asks the kernel to make the pipe hold `size` bytes, so that the peer writes
/// and we read more than the 64 KiB a pipe holds by default in each call. Returns the pipe's
/// size then, or -1 when the stream reads no pipe or the kernel refuses (the pipe stays as
/// it was: a limit of /proc/sys/fs/pipe-max-size, say).
/// The file descriptor `stream` reads when it is a Unix stream (GDK's Wayland backend gives
/// these); -1 otherwise. The stream keeps it, and closes it when it goes.
static inline int ddgtk_input_stream_fd(GInputStream *stream) {
  return G_IS_UNIX_INPUT_STREAM(stream) ? g_unix_input_stream_get_fd(G_UNIX_INPUT_STREAM(stream)) : -1;
}

static inline int ddgtk_widen_pipe(GInputStream *stream, int size) {
  if (!G_IS_UNIX_INPUT_STREAM(stream)) return -1;
  int fd = g_unix_input_stream_get_fd(G_UNIX_INPUT_STREAM(stream));
  return fcntl(fd, F_SETPIPE_SZ, size);
}

#endif
