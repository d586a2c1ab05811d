#!/usr/bin/python3
"""Orca, headless, as the screen reader of the accessibility tests: it starts a private
session bus, the accessibility bus (`private_buses.py`) and Orca with a private settings
folder and no speech server (every utterance still goes to Orca's debug log), then the
program given after it.

  orca_session.py PROGRAM ARGUMENT...
  orca_session.py --serve

It prints `listening` once Orca is up, `speech TEXT` for each utterance (key echoes
included), and stops after 90 seconds, when the program exits, or when its standard input
closes; Orca, the accessibility bus and the program go with it. With `--serve` it starts
no program: it prints `bus ADDRESS`, the session bus on which programs reach Orca, and
runs until its standard input closes. Reading the log is the only way to hear Orca: it has
no other output when no speech server runs.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

from gi.repository import GLib

import private_buses

folder = tempfile.mkdtemp(prefix="dragdrop-orca-")
prefs = os.path.join(folder, "prefs")
os.makedirs(prefs)
# No speech server: speech-dispatcher hangs headless. Orca logs what it would say anyway,
# to a debug file it buffers: it is opened again line-buffered, so that each utterance can
# be read as soon as it is said.
CUSTOMIZATIONS = """
import orca.debug
import orca.speech
orca.speech._initSpeechServer = lambda name, info: None
if orca.debug.debugFile:
    orca.debug.debugFile.flush()
    orca.debug.debugFile = open(orca.debug.debugFile.name, "a", buffering=1)
"""
with open(os.path.join(prefs, "orca-customizations.py"), "w") as customizations:
    customizations.write(CUSTOMIZATIONS)
log_path = os.path.join(folder, "orca.log")

private_buses.start()
env = dict(os.environ)
env.pop("NO_AT_BRIDGE", None)
orca = private_buses.spawn(
    ["/usr/bin/orca", "--replace", "-u", prefs, "--debug-file", log_path],
    env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
program = None
log = None
buffer = ""
listening = False


def report(line):
    print(line, flush=True)


def read_log():
    global log, buffer, listening
    if log is None:
        if not os.path.exists(log_path):
            return True
        log = open(log_path, encoding="utf-8", errors="replace")
    buffer += log.read()
    *lines, buffer = buffer.split("\n")
    for line in lines:
        spoken = SPEECH.search(line)
        if spoken:
            text = spoken.group(1)
            if text == "Screen reader on." and not listening:
                listening = True
                report("listening")
                if SERVING:
                    report("bus " + os.environ.get("DBUS_SESSION_BUS_ADDRESS", ""))
                else:
                    start_program()
                continue
            report("speech " + text.strip())
    if program is not None and program.poll() is not None:
        GLib.MainLoop.quit(loop)
        return False
    return True


def start_program():
    global program
    program_env = dict(os.environ, GDK_BACKEND="x11")
    program_env.pop("NO_AT_BRIDGE", None)
    program = private_buses.spawn(sys.argv[1:], env=program_env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


# Orca's log line: the text in quotes, then maybe its voice, then the voice's settings.
SPEECH = re.compile(r" - SPEECH OUTPUT: '(.*?)'(?: voice=\S+)?\s*(\{.*\})?$")
SERVING = sys.argv[1:] == ["--serve"]
loop = GLib.MainLoop()
GLib.timeout_add(50, read_log)
# Until whoever started it goes away.
GLib.io_add_watch(sys.stdin.fileno(), GLib.IO_HUP | GLib.IO_ERR, lambda *_: loop.quit())
if not SERVING:
    GLib.timeout_add_seconds(90, loop.quit)
try:
    loop.run()
finally:
    for process in (program, orca):
        if process is not None and process.poll() is None:
            process.terminate()
    private_buses.stop()
    shutil.rmtree(folder, ignore_errors=True)
