// A pointer for tests on Wayland: it joins the compositor's seat as a virtual pointer
// (wlr-virtual-pointer, which sway offers) and plays the steps given as arguments, so that
// a test can drag between windows of a headless compositor as xdotool does on X11.
//
//   WaylandPointer WIDTH HEIGHT STEP...
//
// Steps: "move X Y" (absolute, in the output's WIDTH × HEIGHT), "press" and "release" (the
// left button), "press-right" and "release-right", "sleep MS". After each step it waits for the compositor to have taken it.
// virtual-pointer-protocol.[ch] are generated from wlr-virtual-pointer-unstable-v1.xml:
//   wayland-scanner client-header wlr-virtual-pointer-unstable-v1.xml virtual-pointer-protocol.h
//   wayland-scanner private-code wlr-virtual-pointer-unstable-v1.xml virtual-pointer-protocol.c
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <wayland-client.h>

#include "virtual-pointer-protocol.h"

static struct wl_seat *seat;
static struct zwlr_virtual_pointer_manager_v1 *manager;

static void global(void *data, struct wl_registry *registry, uint32_t name, const char *interface, uint32_t version) {
  (void)data;
  (void)version;
  if (strcmp(interface, wl_seat_interface.name) == 0) {
    seat = wl_registry_bind(registry, name, &wl_seat_interface, 1);
  } else if (strcmp(interface, zwlr_virtual_pointer_manager_v1_interface.name) == 0) {
    manager = wl_registry_bind(registry, name, &zwlr_virtual_pointer_manager_v1_interface, 1);
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

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: WaylandPointer WIDTH HEIGHT STEP...\n");
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
  wl_display_roundtrip(display);
  for (int i = 3; i < argc; i++) {
    unsigned x, y, ms;
    if (sscanf(argv[i], "move %u %u", &x, &y) == 2) {
      zwlr_virtual_pointer_v1_motion_absolute(pointer, milliseconds(), x, y, width, height);
      zwlr_virtual_pointer_v1_frame(pointer);
    } else if (strcmp(argv[i], "press") == 0 || strcmp(argv[i], "release") == 0) {
      // BTN_LEFT, pressed or released.
      zwlr_virtual_pointer_v1_button(pointer, milliseconds(), 0x110, argv[i][0] == 'p');
      zwlr_virtual_pointer_v1_frame(pointer);
    } else if (strcmp(argv[i], "press-right") == 0 || strcmp(argv[i], "release-right") == 0) {
      // BTN_RIGHT, pressed or released.
      zwlr_virtual_pointer_v1_button(pointer, milliseconds(), 0x111, argv[i][0] == 'p');
      zwlr_virtual_pointer_v1_frame(pointer);
    } else if (sscanf(argv[i], "sleep %u", &ms) == 1) {
      usleep(ms * 1000);
    } else {
      fprintf(stderr, "WaylandPointer: unknown step \"%s\"\n", argv[i]);
      return 2;
    }
    if (wl_display_roundtrip(display) < 0) {
      fprintf(stderr, "WaylandPointer: the compositor went away\n");
      return 1;
    }
  }
  zwlr_virtual_pointer_v1_destroy(pointer);
  wl_display_roundtrip(display);
  wl_display_disconnect(display);
  return 0;
}
