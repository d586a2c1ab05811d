#!/usr/bin/python3
"""A screen reader's ears for the accessibility tests: run inside `dbus-run-session`, it
starts the accessibility bus, listens for accessible-description changes (what Orca speaks
for the focused widget), then starts the program given after it.

  screen_reader.py PROGRAM ARGUMENT...

It prints `listening` once registered, `description NAME | TEXT` for each change, and
stops after 60 seconds or when the program exits.
"""
import os
import subprocess
import sys

from gi.repository import GLib

bus = subprocess.Popen(
    ["/usr/libexec/at-spi-bus-launcher", "--launch-immediately"],
    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
# The accessibility bus is up once its name is on the session bus.
subprocess.run(["gdbus", "wait", "--session", "--timeout", "30", "org.a11y.Bus"], check=False)
import pyatspi  # noqa: E402  (it connects to the accessibility bus when imported)


def report(line):
    print(line, flush=True)


def on_description(event):
    source = event.source
    report("description %s | %s" % (source.name if source else "", source.description if source else ""))


def start_program():
    env = dict(os.environ, GDK_BACKEND="x11")
    env.pop("NO_AT_BRIDGE", None)
    program = subprocess.Popen(sys.argv[1:], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def check():
        if program.poll() is not None:
            pyatspi.Registry.stop()
            return False
        return True

    GLib.timeout_add(200, check)
    return False


pyatspi.Registry.registerEventListener(on_description, "object:property-change:accessible-description")
report("listening")
GLib.timeout_add(500, start_program)
GLib.timeout_add_seconds(60, lambda: pyatspi.Registry.stop())
try:
    pyatspi.Registry.start()
finally:
    bus.terminate()
