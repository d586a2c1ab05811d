// Reads XdndFinished where Xlib turns the wire event into an XEvent: a hook that runs for
// every ClientMessage before GDK's event source dispatches it. It also notes when the last
// XdndEnter arrived, for measuring how soon a drop target hears of a drag, and the last
// XdndDrop, whose timestamp a drop's reads carry. The hook holds Xlib's display lock, so it
// calls no Xlib function; the atoms are looked up when watching starts.
//
// A drop's data is read here too, as XDND says: GDK 4.8 asks with CurrentTime from a window
// of its own, which some sources (Qt's) refuse, and it then waits for an answer that never
// comes. These reads take their answers (SelectionNotify, and the PropertyNotify of each
// incremental chunk) from GdkX11Display's xevent signal, before GDK sees them.
#include "CXdnd.h"

#include <gdk/x11/gdkx.h>
#include <poll.h>

// Xlibint.h declares this, with xEvent from Xproto.h; both are internal headers whose
// macros clash with GDK's, and the hook never reads the wire event.
typedef Bool (*DDWireToEvent)(Display *, XEvent *, void *);
extern DDWireToEvent XESetWireToEvent(Display *, int, DDWireToEvent);

static Display *watched;
static DDWireToEvent previous;
static Atom finishedAtom, copyAtom, moveAtom, enterAtom, dropAtom;
static bool hasDrop;
static DDXdndDrop lastDrop;
static gint64 enterTime;
static bool hasAnswer;
static bool answerAccepted;
static DDXdndAction answerAction;

static Bool clientMessage(Display *display, XEvent *event, void *wire) {
  Bool result = previous != NULL ? previous(display, event, wire) : False;
  if (result && display == watched && event->type == ClientMessage && event->xclient.message_type == enterAtom) {
    enterTime = g_get_monotonic_time();
  }
  if (result && display == watched && event->type == ClientMessage && event->xclient.message_type == dropAtom
      && event->xclient.format == 32) {
    hasDrop = true;
    lastDrop.window = event->xclient.window;
    lastDrop.source = (unsigned long)event->xclient.data.l[0];
    lastDrop.time = (unsigned long)event->xclient.data.l[2];
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
  dropAtom = XInternAtom(display, "XdndDrop", False);
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

bool ddxdnd_selection_has_owner(void *gdk_display, const char *selection_name) {
  if (gdk_display == NULL || !GDK_IS_X11_DISPLAY(gdk_display)) return true;
  Display *display = gdk_x11_display_get_xdisplay(GDK_DISPLAY(gdk_display));
  Atom selection = gdk_x11_get_xatom_by_name_for_display(GDK_DISPLAY(gdk_display), selection_name);
  return XGetSelectionOwner(display, selection) != None;
}

bool ddxdnd_source_is_alive(void *gdk_display) { return ddxdnd_selection_has_owner(gdk_display, "XdndSelection"); }

bool ddxdnd_last_drop(void *gdk_display, DDXdndDrop *drop) {
  if (!hasDrop || gdk_display == NULL || !GDK_IS_X11_DISPLAY(gdk_display)) return false;
  *drop = lastDrop;
  Display *display = gdk_x11_display_get_xdisplay(GDK_DISPLAY(gdk_display));
  Atom selection = gdk_x11_get_xatom_by_name_for_display(GDK_DISPLAY(gdk_display), "XdndSelection");
  drop->owner = XGetSelectionOwner(display, selection);
  return true;
}

void ddxdnd_forget_drop(void) { hasDrop = false; }

bool ddxdnd_drop_source_exists(void *gdk_display, DDXdndDrop drop) {
  if (gdk_display == NULL || !GDK_IS_X11_DISPLAY(gdk_display)) return true;
  Display *display = gdk_x11_display_get_xdisplay(GDK_DISPLAY(gdk_display));
  Atom selection = gdk_x11_get_xatom_by_name_for_display(GDK_DISPLAY(gdk_display), "XdndSelection");
  if (drop.owner != None && XGetSelectionOwner(display, selection) == (Window)drop.owner) return true;
  XWindowAttributes attributes;
  gdk_x11_display_error_trap_push(GDK_DISPLAY(gdk_display));
  Status found = XGetWindowAttributes(display, (Window)drop.source, &attributes);
  return gdk_x11_display_error_trap_pop(GDK_DISPLAY(gdk_display)) == 0 && found != 0;
}

// Reads under way. Each has a property of its own, named from a small pool so that the
// server's atoms do not grow with every read.
struct DDXdndRead {
  Display *display;
  Window window;
  Atom target;
  Atom property;
  unsigned index;
  bool incremental;
  DDXdndReadCallback callback;
  void *user;
  /// Bytes not handed on yet: small chunks are gathered into larger ones.
  GByteArray *pending;
  DDXdndRead *next;
};

// How many bytes are gathered before they are handed on.
enum { DDXdndHandOnSize = 1 << 20 };

enum { DDXdndPropertyPool = 64 };
static DDXdndRead *reads;
static bool indexInUse[DDXdndPropertyPool];
static Atom selectionAtom, incrAtom;
static gulong xeventHandler;

static void unlink_read(DDXdndRead *read) {
  for (DDXdndRead **link = &reads; *link != NULL; link = &(*link)->next) {
    if (*link == read) {
      *link = read->next;
      break;
    }
  }
  indexInUse[read->index] = false;
}

static void free_read(DDXdndRead *read) {
  g_byte_array_unref(read->pending);
  g_free(read);
}

// Hands the gathered bytes on; false when the callback stopped the read, which is then freed.
static bool hand_on(DDXdndRead *read) {
  if (read->pending->len == 0) return true;
  bool goOn = read->callback(read->user, read->pending->data, read->pending->len, DDXdndReadChunk);
  g_byte_array_set_size(read->pending, 0);
  if (!goOn) {
    unlink_read(read);
    free_read(read);
  }
  return goOn;
}

static void end_read(DDXdndRead *read, DDXdndReadStatus status) {
  // What was gathered goes first; then the end (or the failure).
  if (status == DDXdndReadEnd && !hand_on(read)) return;
  unlink_read(read);
  read->callback(read->user, NULL, 0, status);
  free_read(read);
}

// Gathers `count` items of `format` bits for the read's callback, and frees `value`. Xlib
// hands 32-bit items back as longs, which go on as 32 bits. Returns false when the callback
// stopped the read, which is then freed.
static bool deliver(DDXdndRead *read, int format, unsigned long count, unsigned char *value) {
  if (count > 0 && value != NULL) {
    if (format == 32) {
      for (unsigned long i = 0; i < count; i++) {
        uint32_t item = (uint32_t)((long *)value)[i];
        g_byte_array_append(read->pending, (const guint8 *)&item, 4);
      }
    } else {
      g_byte_array_append(read->pending, value, (guint)(count * (size_t)(format / 8)));
    }
  }
  if (value != NULL) XFree(value);
  return read->pending->len < DDXdndHandOnSize || hand_on(read);
}

// Reads the read's property and deletes it (which asks an incremental source for the next
// chunk), in one round trip. On failure the read ends as failed, and false comes back.
static bool fetch_property(DDXdndRead *read, Atom *type, int *format, unsigned long *count, unsigned char **value) {
  unsigned long after = 0;
  *value = NULL;
  if (XGetWindowProperty(read->display, read->window, read->property, 0, 0x1fffffff, True, AnyPropertyType, type,
                         format, count, &after, value)
      != Success) {
    end_read(read, DDXdndReadFailed);
    return false;
  }
  return true;
}

// Takes the answer's property and hands its bytes on, or notes that the transfer is
// incremental. Returns false when the read is over.
static bool take_property(DDXdndRead *read, bool *isIncremental) {
  Atom type = None;
  int format = 0;
  unsigned long count = 0;
  unsigned char *value = NULL;
  if (!fetch_property(read, &type, &format, &count, &value)) return false;
  if (type == None) {
    if (value != NULL) XFree(value);
    end_read(read, DDXdndReadFailed);
    return false;
  }
  *isIncremental = type == incrAtom;
  if (*isIncremental) {
    XFree(value);
    return true;
  }
  return deliver(read, format, count, value);
}

// How long one turn of the main loop may go on taking an incremental transfer's chunks, in
// microseconds: about half a frame, so that the window still draws and takes input.
enum { DDXdndChunkBudget = 8000 };

// Takes one incremental chunk; an empty one ends the transfer. Returns whether the read goes
// on.
static bool take_chunk(DDXdndRead *read) {
  Atom type = None;
  int format = 0;
  unsigned long count = 0;
  unsigned char *value = NULL;
  if (!fetch_property(read, &type, &format, &count, &value)) return false;
  if (count == 0 || value == NULL) {
    if (value != NULL) XFree(value);
    end_read(read, DDXdndReadEnd);
    return false;
  }
  return deliver(read, format, count, value);
}

static Bool is_next_chunk(Display *display, XEvent *event, XPointer argument) {
  (void)display;
  DDXdndRead *read = (DDXdndRead *)argument;
  return event->type == PropertyNotify && event->xproperty.window == read->window
         && event->xproperty.atom == read->property && event->xproperty.state == PropertyNewValue;
}

// Waits until `deadline` (GLib's monotonic clock) for the notice of the read's next chunk,
// taking it off Xlib's queue; every other event stays there for GDK.
static bool wait_for_chunk(DDXdndRead *read, gint64 deadline) {
  XEvent event;
  while (true) {
    if (XCheckIfEvent(read->display, &event, is_next_chunk, (XPointer)read)) return true;
    gint64 left = (deadline - g_get_monotonic_time()) / 1000;
    if (left <= 0) return false;
    struct pollfd connection = {.fd = ConnectionNumber(read->display), .events = POLLIN};
    if (poll(&connection, 1, (int)left) <= 0) return false;
  }
}

static gboolean xevent(GdkX11Display *gdk_display, XEvent *event, gpointer unused) {
  (void)gdk_display;
  (void)unused;
  if (event->type == SelectionNotify) {
    XSelectionEvent *notify = &event->xselection;
    for (DDXdndRead *read = reads; read != NULL; read = read->next) {
      if (notify->requestor != read->window || notify->selection != selectionAtom || notify->target != read->target
          || read->incremental)
        continue;
      if (notify->property != read->property) {
        // None, or a property that is not the one asked for: the source said no.
        if (notify->property == None) {
          end_read(read, DDXdndReadRefused);
          return TRUE;
        }
        continue;
      }
      bool isIncremental = false;
      if (!take_property(read, &isIncremental)) return TRUE;
      if (isIncremental) {
        read->incremental = true;
      } else {
        end_read(read, DDXdndReadEnd);
      }
      return TRUE;
    }
  } else if (event->type == PropertyNotify && event->xproperty.state == PropertyNewValue) {
    for (DDXdndRead *read = reads; read != NULL; read = read->next) {
      if (event->xproperty.window != read->window || event->xproperty.atom != read->property || !read->incremental)
        continue;
      // The source sends the next chunk as soon as this one is deleted: the chunks that come
      // within a few milliseconds are taken here too, rather than one a turn of the main loop.
      gint64 deadline = g_get_monotonic_time() + DDXdndChunkBudget;
      while (take_chunk(read) && wait_for_chunk(read, deadline)) {
      }
      return TRUE;
    }
  }
  return FALSE;
}

DDXdndRead *ddxdnd_read_begin(void *gdk_display, DDXdndDrop drop, const char *mime, DDXdndReadCallback callback,
                              void *user) {
  if (gdk_display == NULL || !GDK_IS_X11_DISPLAY(gdk_display)) return NULL;
  Display *display = gdk_x11_display_get_xdisplay(GDK_DISPLAY(gdk_display));
  if (display != watched) return NULL;
  unsigned index = 0;
  while (index < DDXdndPropertyPool && indexInUse[index]) index++;
  if (index == DDXdndPropertyPool) return NULL;
  if (xeventHandler == 0) {
    selectionAtom = XInternAtom(display, "XdndSelection", False);
    incrAtom = XInternAtom(display, "INCR", False);
    xeventHandler = g_signal_connect(gdk_display, "xevent", G_CALLBACK(xevent), NULL);
  }
  // The answers come as property changes on the window the drop went to.
  XWindowAttributes attributes;
  if (XGetWindowAttributes(display, (Window)drop.window, &attributes) == 0) return NULL;
  if ((attributes.your_event_mask & PropertyChangeMask) == 0) {
    XSelectInput(display, (Window)drop.window, attributes.your_event_mask | PropertyChangeMask);
  }
  char name[32];
  g_snprintf(name, sizeof name, "DRAGDROP_XDND_READ_%u", index);
  DDXdndRead *read = g_new0(DDXdndRead, 1);
  read->display = display;
  read->window = (Window)drop.window;
  read->target = XInternAtom(display, mime, False);
  read->property = XInternAtom(display, name, False);
  read->index = index;
  read->callback = callback;
  read->user = user;
  read->pending = g_byte_array_sized_new(DDXdndHandOnSize);
  read->next = reads;
  reads = read;
  indexInUse[index] = true;
  XDeleteProperty(display, read->window, read->property);
  XConvertSelection(display, selectionAtom, read->target, read->property, read->window, (Time)drop.time);
  XFlush(display);
  return read;
}

void ddxdnd_read_cancel(DDXdndRead *read) {
  for (DDXdndRead *each = reads; each != NULL; each = each->next) {
    if (each == read) {
      unlink_read(read);
      free_read(read);
      return;
    }
  }
}
