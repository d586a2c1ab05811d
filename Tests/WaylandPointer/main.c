// A pointer for tests on Wayland: it joins the compositor's seat as a virtual pointer
// (wlr-virtual-pointer, which sway offers) and plays the steps given as arguments, so that
// a test can drag between windows of a headless compositor as xdotool does on X11.
//
//   WaylandPointer WIDTH HEIGHT STEP...
//   WaylandPointer WIDTH HEIGHT < steps
//
// With no steps as arguments, it reads them from its standard input, a line each, and
// answers each with a line: "ok", or "error STEP". A test keeps one such process for its
// compositor's life, so that the seat's pointer and keyboard never come and go.
// Steps: "move X Y" (absolute, in the output's WIDTH × HEIGHT), "press" and "release" (the
// left button), "press-right" and "release-right", "sleep MS", and "key NAME" with NAME an
// XKB keysym name, after any modifiers joined by "+" ("key Escape", "key ctrl+a"). After
// each step it waits for the compositor to have taken it.
//
// When the compositor offers a virtual keyboard too (zwp_virtual_keyboard_v1), it joins the
// seat with a US keymap from the start. A client binds its keyboard only once it hears the
// seat has one: a keyboard that joined just to play a key would now and then lose it.
// virtual-pointer-protocol.[ch] are generated from wlr-virtual-pointer-unstable-v1.xml, and
// virtual-keyboard-protocol.[ch] from virtual-keyboard-unstable-v1.xml:
//   wayland-scanner client-header wlr-virtual-pointer-unstable-v1.xml virtual-pointer-protocol.h
//   wayland-scanner private-code wlr-virtual-pointer-unstable-v1.xml virtual-pointer-protocol.c
//   wayland-scanner client-header virtual-keyboard-unstable-v1.xml virtual-keyboard-protocol.h
//   wayland-scanner private-code virtual-keyboard-unstable-v1.xml virtual-keyboard-protocol.c
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/mman.h>
#include <wayland-client.h>
#include <xkbcommon/xkbcommon.h>

#include "virtual-keyboard-protocol.h"
#include "virtual-pointer-protocol.h"

static struct wl_seat *seat;
static struct zwlr_virtual_pointer_manager_v1 *manager;
static struct zwp_virtual_keyboard_manager_v1 *keyboards;

static void global(void *data, struct wl_registry *registry, uint32_t name, const char *interface, uint32_t version) {
  (void)data;
  (void)version;
  if (strcmp(interface, wl_seat_interface.name) == 0) {
    seat = wl_registry_bind(registry, name, &wl_seat_interface, 1);
  } else if (strcmp(interface, zwlr_virtual_pointer_manager_v1_interface.name) == 0) {
    manager = wl_registry_bind(registry, name, &zwlr_virtual_pointer_manager_v1_interface, 1);
  } else if (strcmp(interface, zwp_virtual_keyboard_manager_v1_interface.name) == 0) {
    keyboards = wl_registry_bind(registry, name, &zwp_virtual_keyboard_manager_v1_interface, 1);
  }
}

static void global_remove(void *data, struct wl_registry *registry, uint32_t name) {
  (void)data;
  (void)registry;
  (void)name;
}

static const struct wl_registry_listener listener = {global, global_remove};

static uint32_t milliseconds(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (uint32_t)(now.tv_sec * 1000 + now.tv_nsec / 1000000);
}

// The virtual keyboard and its keymap, once it has joined the seat.
static struct zwp_virtual_keyboard_v1 *keyboard;
static struct xkb_keymap *keymap;

// Joins the seat with a keyboard of the default (US) keymap. Returns 0, or -1 when the
// keymap cannot be made or handed over.
static int join_keyboard(void) {
  struct xkb_context *context = xkb_context_new(XKB_CONTEXT_NO_FLAGS);
  if (context == NULL) return -1;
  keymap = xkb_keymap_new_from_names(context, NULL, XKB_KEYMAP_COMPILE_NO_FLAGS);
  xkb_context_unref(context);
  if (keymap == NULL) return -1;
  char *text = xkb_keymap_get_as_string(keymap, XKB_KEYMAP_FORMAT_TEXT_V1);
  if (text == NULL) return -1;
  size_t size = strlen(text) + 1;
  int fd = memfd_create("keymap", MFD_CLOEXEC);
  int written = fd >= 0 && write(fd, text, size) == (ssize_t)size;
  free(text);
  if (!written) {
    if (fd >= 0) close(fd);
    return -1;
  }
  keyboard = zwp_virtual_keyboard_manager_v1_create_virtual_keyboard(keyboards, seat);
  zwp_virtual_keyboard_v1_keymap(keyboard, WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1, fd, (uint32_t)size);
  close(fd);
  return 0;
}

// The keycode of the first key whose first level yields `keysym`, or 0.
struct search {
  xkb_keysym_t keysym;
  xkb_keycode_t found;
};

static void find_key(struct xkb_keymap *map, xkb_keycode_t code, void *data) {
  struct search *search = data;
  const xkb_keysym_t *syms;
  if (search->found == 0 && xkb_keymap_key_get_syms_by_level(map, code, 0, 0, &syms) == 1 &&
      syms[0] == search->keysym) {
    search->found = code;
  }
}

// Plays "ctrl+shift+a": the modifiers held, the key pressed and released, the modifiers let
// go. Returns 0, or -1 for a name the keymap does not know.
static int play_key(char *name) {
  static const char *modifiers[][2] = {
    {"ctrl", XKB_MOD_NAME_CTRL}, {"shift", XKB_MOD_NAME_SHIFT}, {"alt", XKB_MOD_NAME_ALT}, {"super", XKB_MOD_NAME_LOGO}};
  uint32_t mask = 0;
  char *plus;
  while ((plus = strchr(name, '+')) != NULL) {
    *plus = 0;
    int known = 0;
    for (size_t m = 0; m < sizeof modifiers / sizeof modifiers[0]; m++) {
      xkb_mod_index_t index = xkb_keymap_mod_get_index(keymap, modifiers[m][1]);
      if (strcmp(name, modifiers[m][0]) == 0 && index != XKB_MOD_INVALID && index < 32) {
        mask |= 1u << index;
        known = 1;
      }
    }
    if (!known) return -1;
    name = plus + 1;
  }
  struct search search = {xkb_keysym_from_name(name, XKB_KEYSYM_NO_FLAGS), 0};
  if (search.keysym == XKB_KEY_NoSymbol) return -1;
  xkb_keymap_key_for_each(keymap, find_key, &search);
  if (search.found == 0) return -1;
  // Wayland's key codes are evdev's: XKB's less 8.
  uint32_t code = search.found - 8;
  if (mask != 0) zwp_virtual_keyboard_v1_modifiers(keyboard, mask, 0, 0, 0);
  zwp_virtual_keyboard_v1_key(keyboard, milliseconds(), code, WL_KEYBOARD_KEY_STATE_PRESSED);
  zwp_virtual_keyboard_v1_key(keyboard, milliseconds(), code, WL_KEYBOARD_KEY_STATE_RELEASED);
  if (mask != 0) zwp_virtual_keyboard_v1_modifiers(keyboard, 0, 0, 0, 0);
  return 0;
}

// Plays one step and waits until the compositor has taken it. Returns 0, 1 when the
// compositor went away or offers no keyboard, 2 for a step it does not know.
static int play(struct wl_display *display, struct zwlr_virtual_pointer_v1 *pointer, const char *step,
                unsigned width, unsigned height) {
  unsigned x, y, ms;
  if (sscanf(step, "move %u %u", &x, &y) == 2) {
    zwlr_virtual_pointer_v1_motion_absolute(pointer, milliseconds(), x, y, width, height);
    zwlr_virtual_pointer_v1_frame(pointer);
  } else if (strcmp(step, "press") == 0 || strcmp(step, "release") == 0) {
    // BTN_LEFT, pressed or released.
    zwlr_virtual_pointer_v1_button(pointer, milliseconds(), 0x110, step[0] == 'p');
    zwlr_virtual_pointer_v1_frame(pointer);
  } else if (strcmp(step, "press-right") == 0 || strcmp(step, "release-right") == 0) {
    // BTN_RIGHT, pressed or released.
    zwlr_virtual_pointer_v1_button(pointer, milliseconds(), 0x111, step[0] == 'p');
    zwlr_virtual_pointer_v1_frame(pointer);
  } else if (strncmp(step, "key ", 4) == 0) {
    char name[64];
    snprintf(name, sizeof name, "%s", step + 4);
    if (keyboard == NULL) {
      fprintf(stderr, "WaylandPointer: the compositor offers no virtual keyboard\n");
      return 1;
    }
    if (play_key(name) != 0) {
      fprintf(stderr, "WaylandPointer: no key \"%s\"\n", step + 4);
      return 2;
    }
  } else if (sscanf(step, "sleep %u", &ms) == 1) {
    usleep(ms * 1000);
  } else {
    fprintf(stderr, "WaylandPointer: unknown step \"%s\"\n", step);
    return 2;
  }
  if (wl_display_roundtrip(display) < 0) {
    fprintf(stderr, "WaylandPointer: the compositor went away\n");
    return 1;
  }
  return 0;
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: WaylandPointer WIDTH HEIGHT [STEP...]\n");
    return 2;
  }
  unsigned width = (unsigned)atoi(argv[1]), height = (unsigned)atoi(argv[2]);
  struct wl_display *display = wl_display_connect(NULL);
  if (display == NULL) {
    fprintf(stderr, "WaylandPointer: no Wayland display\n");
    return 1;
  }
  struct wl_registry *registry = wl_display_get_registry(display);
  wl_registry_add_listener(registry, &listener, NULL);
  wl_display_roundtrip(display);
  if (manager == NULL || seat == NULL) {
    fprintf(stderr, "WaylandPointer: the compositor offers no virtual pointer\n");
    return 1;
  }
  struct zwlr_virtual_pointer_v1 *pointer = zwlr_virtual_pointer_manager_v1_create_virtual_pointer(manager, seat);
  if (keyboards != NULL && join_keyboard() != 0) {
    fprintf(stderr, "WaylandPointer: no keymap for the virtual keyboard\n");
    return 1;
  }
  wl_display_roundtrip(display);
  if (argc > 3) {
    for (int i = 3; i < argc; i++) {
      int status = play(display, pointer, argv[i], width, height);
      if (status != 0) return status;
    }
  } else {
    // Steps from the standard input, one a line, each answered "ok" once the compositor has
    // taken it, or "error" and why.
    char line[256];
    while (fgets(line, sizeof line, stdin) != NULL) {
      line[strcspn(line, "\n")] = 0;
      int status = play(display, pointer, line, width, height);
      if (status == 1) return 1;
      printf(status == 0 ? "ok\n" : "error %s\n", line);
      fflush(stdout);
    }
  }
  zwlr_virtual_pointer_v1_destroy(pointer);
  if (keyboard != NULL) zwp_virtual_keyboard_v1_destroy(keyboard);
  wl_display_roundtrip(display);
  wl_display_disconnect(display);
  return 0;
}
