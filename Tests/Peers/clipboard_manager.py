#!/usr/bin/python3
"""A clipboard manager for the clipboard tests: Xfce's clipman (xfce4-clipman), which keeps
what an application copied once it quits, taking it through X11's CLIPBOARD_MANAGER
selection (SAVE_TARGETS), as GDK's gdk_clipboard_store_async asks.

  clipboard_manager.py

It starts clipman in a D-Bus session of its own, prints `ready` once clipman owns
CLIPBOARD_MANAGER (or `no-clipboard-manager` after ten seconds, and ends), and runs until
its standard input closes or it is terminated, taking clipman and its bus with it. A
clipman left running would restore its history into every later test's clipboard.
"""
import ctypes
import os
import signal
import subprocess
import sys
import threading
import time


def report(line):
    print(line, flush=True)


def main():
    x11 = ctypes.cdll.LoadLibrary("libX11.so.6")
    x11.XOpenDisplay.restype = ctypes.c_void_p
    x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
    x11.XInternAtom.restype = ctypes.c_ulong
    x11.XInternAtom.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
    x11.XGetSelectionOwner.restype = ctypes.c_ulong
    x11.XGetSelectionOwner.argtypes = [ctypes.c_void_p, ctypes.c_ulong]
    display = x11.XOpenDisplay(None)
    if not display:
        report("no-display")
        return 1
    selection = x11.XInternAtom(display, b"CLIPBOARD_MANAGER", 0)
    environment = dict(os.environ, NO_AT_BRIDGE="1", GDK_BACKEND="x11")
    clipman = subprocess.Popen(
        ["dbus-run-session", "--", "xfce4-clipman"],
        env=environment,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )

    def stop(*_):
        # SIGKILL: dbus-run-session does not pass SIGTERM on, and its bus outlives it.
        try:
            os.killpg(clipman.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        clipman.wait()
        os._exit(0)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)

    def watch_input():
        sys.stdin.read()
        stop()

    threading.Thread(target=watch_input, daemon=True).start()
    for _ in range(100):
        if x11.XGetSelectionOwner(display, selection):
            report("ready")
            break
        time.sleep(0.1)
    else:
        report("no-clipboard-manager")
        stop()
    clipman.wait()
    report("clipman-exited")
    return 0


if __name__ == "__main__":
    sys.exit(main())
