#!/usr/bin/python3
"""How soon a drop from another application reaches performDrop, per peer, on X11.

Under a private Xvfb, each peer in turn drags into the GTKProbe's drop window COUNT times,
with real X input (XTest, through libXtst): press on the peer, move into the probe's window,
hover, release. The release's time is taken on the monotonic clock just before XTest sends
it; the probe reports when its drop delegate's performDrop ran, on the same clock
(DRAGDROP_PROBE_DROP_TIME). Between the two are the peer's XdndDrop, our read of what
must be known before performDrop (a URI list, to make one item per file), and the main
loop's turn. A no-op X round trip is timed beside each release, as the baseline of the
clock and the X server in the same run.

  Benchmarks/Scripts/release-to-drop.py [COUNT] [PEER ...]   (default: 10, every peer)

Peers: gtk-text, gtk-files, qt-text, qt-files, ours, chromium-link, firefox-link. Run from
the repository root after `swift build -c release --product GTKProbe`.
"""
import ctypes
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

PROBE = ".build/release/GTKProbe"
PEERS = ["gtk-text", "gtk-files", "qt-text", "qt-files", "ours", "chromium-link", "firefox-link"]

if not os.environ.get("RELEASE_TO_DROP_UNDER_XVFB"):
    if not os.access(PROBE, os.X_OK):
        sys.exit("build it first: swift build -c release --product GTKProbe")
    os.environ["RELEASE_TO_DROP_UNDER_XVFB"] = "1"
    os.execvp("xvfb-run", ["xvfb-run", "-a", "-s", "-screen 0 1280x800x24 -nolisten tcp", sys.executable] + sys.argv)

count = int(sys.argv[1]) if len(sys.argv) > 1 else 10
chosen = sys.argv[2:] or PEERS
os.environ.update(GDK_BACKEND="x11", NO_AT_BRIDGE="1", GIO_USE_VFS="local")

x11 = ctypes.cdll.LoadLibrary("libX11.so.6")
xtest = ctypes.cdll.LoadLibrary("libXtst.so.6")
x11.XOpenDisplay.restype = ctypes.c_void_p
x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
x11.XFlush.argtypes = [ctypes.c_void_p]
x11.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]
xtest.XTestFakeMotionEvent.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_ulong]
xtest.XTestFakeButtonEvent.argtypes = [ctypes.c_void_p, ctypes.c_uint, ctypes.c_int, ctypes.c_ulong]
display = x11.XOpenDisplay(None)
if not display:
    sys.exit("no X display")


def move(x, y):
    xtest.XTestFakeMotionEvent(display, -1, x, y, 0)
    x11.XFlush(display)


def button(down):
    xtest.XTestFakeButtonEvent(display, 1, 1 if down else 0, 0)
    x11.XFlush(display)


work = tempfile.mkdtemp(prefix="release-to-drop-")
files = []
for index in range(100):
    path = os.path.join(work, f"note {index}.txt")
    with open(path, "w") as note:
        note.write(f"note {index}\n")
    files.append(path)


class Program:
    def __init__(self, arguments, log, environment=None):
        self.log = os.path.join(work, log)
        self.process = subprocess.Popen(arguments, stdout=open(self.log, "w"), stderr=subprocess.STDOUT,
                                        env=dict(os.environ, **(environment or {})))

    def lines(self):
        with open(self.log, errors="replace") as log:
            return log.read().splitlines()

    def wait_for(self, pattern, after=0, timeout=60):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for line in self.lines()[after:]:
                if re.search(pattern, line):
                    return line
            time.sleep(0.002)
        raise SystemExit(f"no line like {pattern!r} in {self.log}:\n" + "\n".join(self.lines()[-20:]))

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(5)
        except subprocess.TimeoutExpired:
            self.process.kill()


def window_of(pid_or_name, by="--pid"):
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        found = subprocess.run(["xdotool", "search", "--onlyvisible", by, str(pid_or_name)], capture_output=True,
                               text=True).stdout.split()
        if found:
            return found[-1]
        time.sleep(0.05)
    raise SystemExit(f"no window for {pid_or_name}")


def start_peer(name):
    """Starts the peer at x = 600 and returns it with the point a drag starts from."""
    python = "/usr/bin/python3"
    if name in ("gtk-text", "gtk-files"):
        arguments = ["source", "bench-peer", "北海道"] if name == "gtk-text" else \
            ["uris", "bench-peer"] + ["file://" + path.replace(" ", "%20") for path in files]
        peer = Program([python, "Tests/Peers/gtk4_peer.py"] + arguments, "peer.log")
        peer.wait_for("^ready")
        subprocess.run(["xdotool", "windowmove", "--sync", window_of("bench-peer", "--name"), "600", "0"], check=True)
        return peer, (750, 150)
    if name in ("qt-text", "qt-files"):
        arguments = ["text", "bench-peer", "北海道"] if name == "qt-text" else ["files", "bench-peer"] + files
        peer = Program([python, "Tests/Peers/qt6_peer.py"] + arguments, "peer.log")
        peer.wait_for("^ready")
        subprocess.run(["xdotool", "windowmove", "--sync", window_of("bench-peer", "--name"), "600", "0"], check=True)
        return peer, (750, 150)
    if name == "ours":
        peer = Program([PROBE, "drag", "bench-peer", "北海道"], "peer.log")
        peer.wait_for("^ready")
        subprocess.run(["xdotool", "windowmove", "--sync", window_of("bench-peer", "--name"), "600", "0"], check=True)
        return peer, (700, 100)
    page = "file://" + os.path.abspath("Tests/Peers/browser_peer.html") + "?mode=source"
    profile = os.path.join(work, "profile-" + name)
    os.makedirs(profile)
    if name == "chromium-link":
        peer = Program(["/usr/bin/chromium", "--no-sandbox", "--test-type", "--enable-logging=stderr",
                        f"--user-data-dir={profile}", "--no-first-run", "--disable-gpu", "--ozone-platform=x11",
                        "--password-store=basic", "--window-position=600,0", "--window-size=600,400",
                        f"--app={page}"], "peer.log")
        peer.wait_for('"peer: ready"')
        return peer, (660, 112)
    with open(os.path.join(profile, "user.js"), "w") as preferences:
        preferences.write('user_pref("devtools.console.stdout.content", true);\n'
                          'user_pref("browser.shell.checkDefaultBrowser", false);\n'
                          'user_pref("browser.startup.homepage_override.mstone", "ignore");\n'
                          'user_pref("datareporting.policy.dataSubmissionEnabled", false);\n'
                          'user_pref("toolkit.telemetry.reportingpolicy.firstRun", false);\n'
                          'user_pref("browser.aboutwelcome.enabled", false);\n')
    peer = Program(["/usr/bin/firefox-esr", "--no-remote", "--new-instance", "--profile", profile, "--width", "600",
                    "--height", "400", page], "peer.log", {"MOZ_ENABLE_WAYLAND": "0"})
    peer.wait_for("peer: ready")
    origin = [int(n) for n in re.findall(r"-?\d+", peer.wait_for("peer: origin"))[-2:]]
    subprocess.run(["xdotool", "windowmove", "--sync", window_of(peer.process.pid), "600", "0"], check=True)
    return peer, (600 + origin[0] + 45, origin[1] + 118)


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, int(round(fraction * len(ordered) + 0.5)) - 1))]


print("| peer | drops | release → performDrop p50 | p90 | max | X round trip p50 |")
print("|---|---|---|---|---|---|")
for name in chosen:
    probe = Program([PROBE, "drop", "bench-drop"], "probe.log", {"DRAGDROP_PROBE_DROP_TIME": "1"})
    probe.wait_for("^ready")
    peer, (x, y) = start_peer(name)
    time.sleep(0.5)
    latencies, round_trips = [], []
    for _ in range(count):
        seen = len(probe.lines())
        move(x, y)
        time.sleep(0.2)
        button(True)
        time.sleep(0.1)
        for step in [(x - 2, y + 1), (x - 5, y + 2), (x - 40, y + 10), (550, 140), (400, 150), (250, 150), (200, 150),
                     (201, 151)]:
            move(*step)
            time.sleep(0.1)
        time.sleep(0.3)
        started = time.monotonic()
        x11.XSync(display, 0)
        round_trips.append(time.monotonic() - started)
        released = time.monotonic()
        button(False)
        line = probe.wait_for("^perform-drop-at", after=seen, timeout=30)
        latencies.append(float(line.split()[1]) - released)
        probe.wait_for("^call target.sessionDidEnd", after=seen, timeout=30)
        time.sleep(0.3)
    peer.stop()
    probe.stop()
    ms = [value * 1000 for value in latencies]
    print(f"| {name} | {len(ms)} | {percentile(ms, 0.5):.1f} ms | {percentile(ms, 0.9):.1f} ms | {max(ms):.1f} ms "
          f"| {statistics.median(round_trips) * 1000:.2f} ms |", flush=True)

shutil.rmtree(work, ignore_errors=True)
