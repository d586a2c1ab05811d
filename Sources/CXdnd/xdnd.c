// Reads XdndFinished where Xlib turns the wire event into an XEvent: a hook that runs for
// every ClientMessage before GDK's event source dispatches it. It also notes when the last
// XdndEnter arrived, for measuring how soon a drop target hears of a drag. The hook holds Xlib's
// display lock, so it calls no Xlib function; the atoms are looked up when watching starts.
#include "CXdnd.h"

#include <gdk/x11/gdkx.h>

// Xlibint.h declares this, with xEvent from Xproto.h; both are internal headers whose
// macros clash with GDK's, and the hook never reads the wire event.
typedef Bool (*DDWireToEvent)(Display *, XEvent *, void *);
extern DDWireToEvent XESetWireToEvent(Display *, int, DDWireToEvent);

static Display *watched;
static DDWireToEvent previous;
static Atom finishedAtom, copyAtom, moveAtom, enterAtom;
static gint64 enterTime;
static bool hasAnswer;
static bool answerAccepted;
static DDXdndAction answerAction;

static Bool clientMessage(Display *display, XEvent *event, void *wire) {
  Bool result = previous != NULL ? previous(display, event, wire) : False;
  if (result && display == watched && event->type == ClientMessage && event->xclient.message_type == enterAtom) {
    enterTime = g_get_monotonic_time();
  }
  if (result && display == watched && event->type == ClientMessage
      && event->xclient.message_type == finishedAtom && event->xclient.format == 32) {
    hasAnswer = true;
    answerAccepted = (event->xclient.data.l[1] & 1) != 0;
    Atom action = (Atom)event->xclient.data.l[2];
    answerAction = action == None       ? DDXdndActionNone
                   : action == copyAtom ? DDXdndActionCopy
                   : action == moveAtom ? DDXdndActionMove
                                        : DDXdndActionOther;
  }
  return result;
}

bool ddxdnd_watch(void *gdk_display) {
  if (gdk_display == NULL || !GDK_IS_X11_DISPLAY(gdk_display)) return false;
  Display *display = gdk_x11_display_get_xdisplay(GDK_DISPLAY(gdk_display));
  if (watched == display) return true;
  // One display at a time: GTK applications have one.
  if (watched != NULL) return false;
  finishedAtom = XInternAtom(display, "XdndFinished", False);
  copyAtom = XInternAtom(display, "XdndActionCopy", False);
  moveAtom = XInternAtom(display, "XdndActionMove", False);
  enterAtom = XInternAtom(display, "XdndEnter", False);
  XLockDisplay(display);
  previous = XESetWireToEvent(display, ClientMessage, clientMessage);
  watched = display;
  XUnlockDisplay(display);
  return true;
}

void ddxdnd_forget(void) { hasAnswer = false; }

int64_t ddxdnd_last_enter_time(void) { return enterTime; }

bool ddxdnd_take(bool *accepted, DDXdndAction *action) {
  if (!hasAnswer) return false;
  hasAnswer = false;
  *accepted = answerAccepted;
  *action = answerAction;
  return true;
}

bool ddxdnd_source_is_alive(void *gdk_display) {
  if (gdk_display == NULL || !GDK_IS_X11_DISPLAY(gdk_display)) return true;
  Display *display = gdk_x11_display_get_xdisplay(GDK_DISPLAY(gdk_display));
  Atom selection = gdk_x11_get_xatom_by_name_for_display(GDK_DISPLAY(gdk_display), "XdndSelection");
  return XGetSelectionOwner(display, selection) != None;
}
