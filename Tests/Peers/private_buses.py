"""A private D-Bus session and accessibility bus for the screen-reader scripts, which
go when the script goes, however it ends: every process started here dies with the
script (the kernel's parent-death signal), and the buses' process groups are killed when
the script exits normally.
"""
import ctypes
import os
import signal
import subprocess

_libc = ctypes.CDLL(None, use_errno=True)
_PR_SET_PDEATHSIG = 1
_groups = []


def _die_with_parent():
    _libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)


def spawn(arguments, **options):
    """Starts a program that dies when this script dies."""
    return subprocess.Popen(arguments, preexec_fn=_die_with_parent, **options)


def start():
    """Starts a session bus and the accessibility bus on it; returns the session bus's
    address, also set in this process's environment for what it starts next."""
    session = spawn(
        ["dbus-daemon", "--session", "--nofork", "--print-address"],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, start_new_session=True, text=True)
    _groups.append(session.pid)
    address = session.stdout.readline().strip()
    os.environ["DBUS_SESSION_BUS_ADDRESS"] = address
    launcher = spawn(
        ["/usr/libexec/at-spi-bus-launcher", "--launch-immediately"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    _groups.append(launcher.pid)
    # The accessibility bus is up once its name is on the session bus.
    subprocess.run(["gdbus", "wait", "--session", "--timeout", "30", "org.a11y.Bus"], check=False)
    return address


def stop():
    """Kills the buses and everything in their process groups."""
    for group in reversed(_groups):
        try:
            os.killpg(group, signal.SIGKILL)
        except ProcessLookupError:
            pass
    _groups.clear()
