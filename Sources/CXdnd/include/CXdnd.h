// What an X11 drop target really answered. GTK 4.8 turns every XdndFinished into a finished
// drag, whether the target succeeded or not; these functions read the answer from the X
// event itself, before GTK sees it, without putting X11's names in front of Swift.
#ifndef DRAGDROP_CXDND_H
#define DRAGDROP_CXDND_H

#include <stdbool.h>
#include <stdint.h>

/// The action an XdndFinished reported.
typedef enum {
  DDXdndActionNone = 0,
  DDXdndActionCopy = 1,
  DDXdndActionMove = 2,
  DDXdndActionOther = 3,
} DDXdndAction;

/// Starts watching the XdndFinished and XdndEnter messages that reach `gdk_display` (a
/// GdkDisplay *).
/// Returns false when the display is not an X11 one; watching twice is harmless.
bool ddxdnd_watch(void *gdk_display);

/// Forgets any answer not taken yet: call it when a drag begins.
void ddxdnd_forget(void);

/// Takes the last XdndFinished seen since `ddxdnd_forget`: whether the target accepted the
/// drop (bit 0 of data.l[1]) and the action it performed (data.l[2]). Returns false when
/// none came.
bool ddxdnd_take(bool *accepted, DDXdndAction *action);

/// When the last XdndEnter reached the watched display, on GLib's monotonic clock in
/// microseconds, as Xlib read it from the connection; 0 before the first.
int64_t ddxdnd_last_enter_time(void);

/// Whether some application owns the XDND selection of `gdk_display`: while a drop is read,
/// its source does, so no owner means the source is gone. True on displays that are not
/// X11, where nothing is known.
bool ddxdnd_source_is_alive(void *gdk_display);

#endif
