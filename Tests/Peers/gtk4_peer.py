#!/usr/bin/python3
"""Another application for the drag tests: a GTK 4 window (python3-gi) that drags what it
is given, or takes drops and reports them.

  gtk4_peer.py source TITLE TEXT   a window that drags TEXT (as GTK offers a string)
  gtk4_peer.py uris TITLE URI...   a window that drags a text/uri-list of the URIs
  gtk4_peer.py target TITLE        a window that takes text drops (a copy)
  gtk4_peer.py target-move TITLE   a window that takes text drops as a move
  gtk4_peer.py target-refuse TITLE a window that refuses every drop offered as a move

It prints one line per event on standard output: `ready`, then `drag-begin` and
`drag-end delete=0|1` for its drags, and `received TEXT` for a drop.
"""
import sys

import gi

gi.require_version("Gtk", "4.0")
gi.require_version("Gdk", "4.0")
from gi.repository import Gdk, GLib, GObject, Gtk  # noqa: E402


def report(line):
    print(line, flush=True)


def main():
    mode, title, rest = sys.argv[1], sys.argv[2], sys.argv[3:]
    app = Gtk.Application(application_id=None)

    def activate(app):
        window = Gtk.ApplicationWindow(application=app, title=title)
        window.set_decorated(False)
        window.set_default_size(300, 300)
        label = Gtk.Label(label=title)
        label.set_hexpand(True)
        label.set_vexpand(True)
        window.set_child(label)
        if mode.startswith("target"):
            action = Gdk.DragAction.COPY if mode == "target" else Gdk.DragAction.MOVE
            target = Gtk.DropTarget.new(GObject.TYPE_STRING, action)
            if mode == "target-refuse":
                target.connect("drop", lambda _t, value, _x, _y: report("refused " + value) or False)
            else:
                target.connect("drop", lambda _t, value, _x, _y: report("received " + value) or True)
            label.add_controller(target)
            window.present()
            GLib.timeout_add(300, lambda: report("ready") or False)
            return
        source = Gtk.DragSource()
        source.set_actions(Gdk.DragAction.COPY)
        if mode == "source":
            value = GObject.Value(str, rest[0])
            source.set_content(Gdk.ContentProvider.new_for_value(value))
        elif mode == "uris":
            data = "".join(uri + "\r\n" for uri in rest).encode()
            source.set_content(Gdk.ContentProvider.new_for_bytes("text/uri-list", GLib.Bytes.new(data)))
        source.connect("drag-begin", lambda *_: report("drag-begin"))
        source.connect("drag-end", lambda _s, _d, delete: report("drag-end delete=%d" % delete))
        label.add_controller(source)
        window.present()
        GLib.timeout_add(300, lambda: report("ready") or False)

    app.connect("activate", activate)
    app.run([])


if __name__ == "__main__":
    main()
