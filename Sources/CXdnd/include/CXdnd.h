// What an X11 drop target really answered. GTK 4.8 turns every XdndFinished into a finished
// drag, whether the target succeeded or not; these functions read the answer from the X
// event itself, before GTK sees it, without putting X11's names in front of Swift.
#ifndef DRAGDROP_CXDND_H
#define DRAGDROP_CXDND_H

#include <stdbool.h>
#include <stddef.h>
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
/// Whether the X selection `selection` (such as "CLIPBOARD") has an owner; true where the
/// display is not X11's, which cannot tell.
bool ddxdnd_selection_has_owner(void *gdk_display, const char *selection);

/// The XdndDrop message of the last drop on the watched display: the window it was sent to,
/// the source's window, and its timestamp. XDND asks a target to request the drop's data
/// with that timestamp, and some sources (Qt's) serve no other request.
typedef struct {
  unsigned long window;
  unsigned long source;
  unsigned long time;
  /// The window that owned the XDND selection when the drop was taken.
  unsigned long owner;
} DDXdndDrop;

/// The last XdndDrop seen on the watched display (a GdkDisplay *), with the selection's
/// owner now; false before the first, and after `ddxdnd_forget_drop`.
bool ddxdnd_last_drop(void *gdk_display, DDXdndDrop *drop);

/// Whether the application `drop` came from is still there: its drag's window exists, or
/// the window that owned the selection at the drop still owns it. (Qt destroys its drag
/// window once it has dropped, and serves the data from another; a newer drag may own the
/// selection by the time a read checks.)
bool ddxdnd_drop_source_exists(void *gdk_display, DDXdndDrop drop);

/// Forgets the last XdndDrop, once a drop has taken it.
void ddxdnd_forget_drop(void);

/// What one step of a read brings.
typedef enum {
  /// `bytes` holds the next `count` bytes.
  DDXdndReadChunk = 0,
  /// The data has ended; `bytes` is NULL.
  DDXdndReadEnd = 1,
  /// The source would not convert the data to the type asked for (its answer named no
  /// property).
  DDXdndReadRefused = 2,
  /// The source answered with something that is not data (a property that cannot be read).
  DDXdndReadFailed = 3,
} DDXdndReadStatus;

/// Takes each step of a read, on the main thread. For a chunk, returning false stops the
/// read (nothing more is called); after any other status the read is over and freed.
typedef bool (*DDXdndReadCallback)(void *user, const uint8_t *bytes, size_t count, DDXdndReadStatus status);

typedef struct DDXdndRead DDXdndRead;

/// Asks the source of `drop` for its data as `mime`, the way XDND says: a ConvertSelection of
/// XdndSelection with the drop's timestamp, from the window the drop went to, into a property
/// of this read's own. Incremental (INCR) transfers are followed to their end. `gdk_display`
/// is a GdkDisplay *; returns NULL when it is not the watched X11 display.
DDXdndRead *ddxdnd_read_begin(void *gdk_display, DDXdndDrop drop, const char *mime, DDXdndReadCallback callback,
                              void *user);

/// Stops a read that has not ended: its callback is not called again.
void ddxdnd_read_cancel(DDXdndRead *read);

#endif
