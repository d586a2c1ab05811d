#!/usr/bin/python3
"""GNOME's mutter, headless, as the compositor of the touch tests. It starts a private
session bus (`private_buses.py`), PipeWire and WirePlumber, then
`mutter --headless --wayland --no-x11 --virtual-monitor WIDTHxHEIGHT` in a runtime folder
of its own, and opens a remote-desktop session linked to a screen cast of the monitor:
mutter has no input devices, and that session is how touches, the pointer and keys reach
it.

  mutter_session.py WIDTH HEIGHT

It prints `ready SOCKET` once mutter takes input (a client connects with WAYLAND_DISPLAY
set to SOCKET), then reads one command a line from its standard input and prints `ok`
after each, or `error TEXT`:

  down SLOT X Y     a finger goes down at X, Y (the monitor's coordinates)
  move SLOT X Y     it moves there
  up SLOT           it lifts
  pointer X Y       the pointer moves there
  press BUTTON      a pointer button (an evdev code: 272 is the left one) goes down
  release BUTTON    and up
  key KEYSYM        a key (an X keysym, in hex or decimal) is pressed and released
  keydown KEYSYM    a key goes down
  keyup KEYSYM      and up
  screenshot PATH   writes the monitor as it is now to PATH, a PNG (from a PipeWire stream
                    of the same screen cast, through GStreamer)
  sleep MS          waits, as a hand does between steps

Everything it started dies with it, when its standard input closes or it is killed.
"""
import os
import subprocess
import sys
import tempfile
import time

import gi

gi.require_version("Gst", "1.0")
gi.require_version("GdkPixbuf", "2.0")
from gi.repository import GdkPixbuf, Gio, GLib, Gst

import private_buses

width, height = int(sys.argv[1]), int(sys.argv[2])
folder = tempfile.mkdtemp(prefix="dragdrop-mutter-")
runtime = os.path.join(folder, "runtime")
os.makedirs(runtime, mode=0o700)
os.environ["XDG_RUNTIME_DIR"] = runtime
os.environ.pop("DISPLAY", None)
os.environ.pop("WAYLAND_DISPLAY", None)
private_buses.start()
quiet = dict(stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
private_buses.spawn(["pipewire"], **quiet)
private_buses.spawn(["wireplumber"], **quiet)
socket_name = "wayland-dragdrop"
# mutter opens a window whose area is over 80 % of the screen's maximized (its
# auto-maximize setting, on by default): the tests' windows keep the size they ask for.
settings = os.path.join(folder, "config", "glib-2.0", "settings")
os.makedirs(settings)
with open(os.path.join(settings, "keyfile"), "w") as keyfile:
    keyfile.write("[org/gnome/mutter]\nauto-maximize=false\n")
os.environ["XDG_CONFIG_HOME"] = os.path.join(folder, "config")
os.environ["GSETTINGS_BACKEND"] = "keyfile"
private_buses.spawn(
    ["mutter", "--headless", "--wayland", "--no-x11", "--wayland-display", socket_name,
     "--virtual-monitor", f"{width}x{height}"],
    env=dict(os.environ, MUTTER_DEBUG_DUMMY_MODE_SPECS=f"{width}x{height}"), **quiet)

bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)


def call(name, path, interface, method, arguments=None, reply=None, timeout=20000):
    return bus.call_sync(name, path, interface, method, arguments, reply, Gio.DBusCallFlags.NONE, timeout, None)


def wait_for_name(name, seconds=60):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        owner = call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "NameHasOwner",
                     GLib.Variant("(s)", (name,)), GLib.VariantType("(b)"))
        if owner.unpack()[0]:
            return True
        GLib.usleep(50000)
    return False


def fail(text):
    print(f"error {text}", flush=True)
    private_buses.stop()
    sys.exit(1)


if not wait_for_name("org.gnome.Mutter.RemoteDesktop") or not wait_for_name("org.gnome.Mutter.ScreenCast"):
    fail("mutter did not start")

REMOTE = "org.gnome.Mutter.RemoteDesktop"
CAST = "org.gnome.Mutter.ScreenCast"
remote_path = call(REMOTE, "/org/gnome/Mutter/RemoteDesktop", REMOTE, "CreateSession", None,
                   GLib.VariantType("(o)")).unpack()[0]
session_id = call(REMOTE, remote_path, "org.freedesktop.DBus.Properties", "Get",
                  GLib.Variant("(ss)", (REMOTE + ".Session", "SessionId")), GLib.VariantType("(v)")).unpack()[0]
cast_path = call(CAST, "/org/gnome/Mutter/ScreenCast", CAST, "CreateSession",
                 GLib.Variant("(a{sv})", ({"remote-desktop-session-id": GLib.Variant("s", session_id)},)),
                 GLib.VariantType("(o)")).unpack()[0]
stream_path = call(CAST, cast_path, CAST + ".Session", "RecordMonitor",
                   GLib.Variant("(sa{sv})", ("", {})), GLib.VariantType("(o)")).unpack()[0]

# The stream must run before mutter takes input aimed at it.
started = []
bus.signal_subscribe(CAST, CAST + ".Stream", "PipeWireStreamAdded", stream_path, None,
                     Gio.DBusSignalFlags.NONE, lambda *arguments: started.append(arguments[5].unpack()[0]))
call(REMOTE, remote_path, REMOTE + ".Session", "Start")
context = GLib.MainContext.default()
deadline = time.monotonic() + 30
while not started and time.monotonic() < deadline:
    context.iteration(False)
    GLib.usleep(10000)
if not started:
    fail("the screen cast did not start")
SESSION = REMOTE + ".Session"
node = started[0]

# The screen cast's frames, as they come: mutter sends one when the screen changes, so the
# last one is the screen as it is now.
Gst.init(None)
frames = Gst.parse_launch(
    f"pipewiresrc path={node} always-copy=true ! videoconvert ! video/x-raw,format=RGBA "
    "! appsink name=frames max-buffers=1 drop=true sync=false")
frames.set_state(Gst.State.PLAYING)
sink = frames.get_by_name("frames")
last_frame = None


def screenshot(path):
    """Writes the newest frame to `path`, waiting up to 10 s for the first."""
    global last_frame
    sample = sink.emit("try-pull-sample", 0 if last_frame else 10 * Gst.SECOND)
    if sample is not None:
        last_frame = sample
    if last_frame is None:
        raise RuntimeError("the screen cast sent no frame")
    caps = last_frame.get_caps().get_structure(0)
    frame_width, frame_height = caps.get_value("width"), caps.get_value("height")
    buffer = last_frame.get_buffer()
    ok, mapped = buffer.map(Gst.MapFlags.READ)
    if not ok:
        raise RuntimeError("the frame could not be read")
    try:
        pixels = GLib.Bytes.new(bytes(mapped.data))
    finally:
        buffer.unmap(mapped)
    image = GdkPixbuf.Pixbuf.new_from_bytes(pixels, GdkPixbuf.Colorspace.RGB, True, 8, frame_width, frame_height,
                                            frame_width * 4)
    image.savev(path, "png", [], [])


def key(keysym, pressed):
    call(REMOTE, remote_path, SESSION, "NotifyKeyboardKeysym", GLib.Variant("(ub)", (keysym, pressed)))

# mutter makes its virtual touchscreen at the first touch, and a client sees the seat's
# touch capability only if it was there when the client started: one touch now, before any
# client, where nothing is.
call(REMOTE, remote_path, SESSION, "NotifyPointerMotionAbsolute",
     GLib.Variant("(sdd)", (stream_path, float(width - 1), float(height - 1))))
call(REMOTE, remote_path, SESSION, "NotifyTouchDown", GLib.Variant("(sudd)", (stream_path, 9, float(width - 1), 0.0)))
call(REMOTE, remote_path, SESSION, "NotifyTouchUp", GLib.Variant("(u)", (9,)))
print(f"ready {os.path.join(runtime, socket_name)}", flush=True)

for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    try:
        command = words[0]
        if command == "down":
            call(REMOTE, remote_path, SESSION, "NotifyTouchDown",
                 GLib.Variant("(sudd)", (stream_path, int(words[1]), float(words[2]), float(words[3]))))
        elif command == "move":
            call(REMOTE, remote_path, SESSION, "NotifyTouchMotion",
                 GLib.Variant("(sudd)", (stream_path, int(words[1]), float(words[2]), float(words[3]))))
        elif command == "up":
            call(REMOTE, remote_path, SESSION, "NotifyTouchUp", GLib.Variant("(u)", (int(words[1]),)))
        elif command == "pointer":
            call(REMOTE, remote_path, SESSION, "NotifyPointerMotionAbsolute",
                 GLib.Variant("(sdd)", (stream_path, float(words[1]), float(words[2]))))
        elif command in ("press", "release"):
            call(REMOTE, remote_path, SESSION, "NotifyPointerButton",
                 GLib.Variant("(ib)", (int(words[1]), command == "press")))
        elif command in ("key", "keydown", "keyup"):
            keysym = int(words[1], 0)
            if command != "keyup":
                key(keysym, True)
            if command != "keydown":
                key(keysym, False)
        elif command == "screenshot":
            screenshot(" ".join(words[1:]))
        elif command == "sleep":
            time.sleep(int(words[1]) / 1000)
        else:
            print(f"error unknown command {command}", flush=True)
            continue
        print("ok", flush=True)
    except GLib.Error as error:
        print(f"error {error.message}", flush=True)
    except (RuntimeError, ValueError) as error:
        print(f"error {error}", flush=True)

frames.set_state(Gst.State.NULL)
private_buses.stop()
