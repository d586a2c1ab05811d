#!/usr/bin/python3
"""A screen reader's ears for the accessibility tests: it starts a private session bus
and the accessibility bus (`private_buses.py`), listens for accessible-description
changes (what Orca speaks
for the focused widget), then starts the program given after it.

  screen_reader.py PROGRAM ARGUMENT...

It prints `listening` once registered, the tree from the application down to the object
whose description changed first (`tree ...`), `description NAME | TEXT` for each change, and
stops after 60 seconds, when the program exits, or when its standard input closes; the
accessibility bus and the program go with it.
"""
import os
import subprocess
import sys

from gi.repository import GLib

import private_buses

private_buses.start()
program = None
import pyatspi  # noqa: E402  (it connects to the accessibility bus when imported)


def report(line):
    print(line, flush=True)


tree_reported = False


def describe(accessible):
    role = accessible.getRoleName()
    states = accessible.getState()
    marks = [name for name, state in (("focused", pyatspi.STATE_FOCUSED), ("selected", pyatspi.STATE_SELECTED))
             if states.contains(state)]
    return "%s:%s%s" % (role, accessible.name, "[%s]" % ",".join(marks) if marks else "")


def report_tree(source):
    """The accessible tree from the application down to the object, as a screen reader
    reads it: `tree application:NAME > frame:TITLE > ROLE:NAME[STATES]`."""
    path = []
    node = source
    while node is not None and node.getRoleName() != "desktop frame":
        path.insert(0, describe(node))
        node = node.parent
    report("tree " + " > ".join(path))


def on_description(event):
    global tree_reported
    source = event.source
    if source is not None and not tree_reported:
        tree_reported = True
        report_tree(source)
    report("description %s | %s" % (source.name if source else "", source.description if source else ""))


def start_program():
    global program
    env = dict(os.environ, GDK_BACKEND="x11")
    env.pop("NO_AT_BRIDGE", None)
    program = private_buses.spawn(sys.argv[1:], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

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
GLib.io_add_watch(sys.stdin.fileno(), GLib.IO_HUP | GLib.IO_ERR, lambda *_: pyatspi.Registry.stop())
try:
    pyatspi.Registry.start()
finally:
    if program is not None and program.poll() is None:
        program.terminate()
    private_buses.stop()
