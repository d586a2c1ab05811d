#!/usr/bin/python3
"""Another application for the drag tests: a GTK 4 window (python3-gi) that drags what it
is given, or takes drops and reports them.

  gtk4_peer.py source TITLE TEXT   a window that drags TEXT (as GTK offers a string)
  gtk4_peer.py source-move TITLE TEXT  the same, allowing a move as well as a copy
  gtk4_peer.py uris TITLE URI...   a window that drags a text/uri-list of the URIs
  gtk4_peer.py web-image TITLE URL a window that drags a 3 x 2 image/png with a text/uri-list of
                                   URL, as a browser drags a web page's image
  gtk4_peer.py file TITLE MIME PATH a window that drags the bytes of the file at PATH as MIME
  gtk4_peer.py big TITLE MIB       a window that drags an image/png of MIB mebibytes (a
                                   PNG signature and header, zeros, and IEND), streamed
  gtk4_peer.py trickle TITLE MIB MS the same, a mebibyte every MS milliseconds
  gtk4_peer.py copy TITLE TEXT     a window that copies TEXT to the clipboard once shown
  gtk4_peer.py copy-png TITLE      a window that copies a 3 x 2 image/png to the clipboard
  gtk4_peer.py copy-dying TITLE MIB
                                   a window that copies a PNG of MIB mebibytes and dies
                                   after writing the first
  gtk4_peer.py copy-big TITLE MIB  the same, writing all of it
  gtk4_peer.py copy-big-on-click TITLE MIB, copy-dying-on-click TITLE MIB
                                   the same, copied when clicked (on Wayland, a copy needs
                                   a click's serial)
  gtk4_peer.py copy-uris TITLE URI...
                                   a window that copies the files at URI... as a file
                                   manager does (GNOME's list and a text/uri-list)
  gtk4_peer.py copy-on-click TITLE TEXT
                                   a window that copies TEXT when clicked
  gtk4_peer.py primary-copy TITLE TEXT, primary-paste TITLE
                                   the same with the primary selection
  gtk4_peer.py paste TITLE         a window that reports the clipboard's text whenever it
                                   changes: `pasted TEXT`
  gtk4_peer.py paste-file TITLE PATH
                                   a window that reads the clipboard's image/png into PATH
                                   with GTK's own read whenever it changes: `pasted-file N`
  gtk4_peer.py target TITLE        a window that takes text drops (a copy)
  gtk4_peer.py target-move TITLE   a window that takes text drops as a move
  gtk4_peer.py target-refuse TITLE a window that refuses every drop offered as a move

It prints one line per event on standard output: `ready`, then `drag-begin` and
`drag-end delete=0|1` for its drags, `formats MIME...` when a drag enters a target window,
and `received TEXT` for a drop.
"""
import os
import sys

import gi

gi.require_version("Gtk", "4.0")
gi.require_version("Gdk", "4.0")
gi.require_version("GdkPixbuf", "2.0")
from gi.repository import Gdk, GdkPixbuf, Gio, GLib, GObject, Gtk  # noqa: E402


def report(line):
    print(line, flush=True)


class BigPNG(Gdk.ContentProvider):
    """An image/png of `size` bytes, written 1 MiB at a time, each next write started from an
    idle: GTK's own bytes provider writes everything from one call, which GTK's X11 stream
    stalls on past a few MiB. It reports `sending` at its first write and `sent N` at the end."""

    CHUNK = 1 << 20

    def __init__(self, size, interval=0, dies=False):
        super().__init__()
        self.size = size
        self.interval = interval
        # Dies once its first mebibyte is out, as a crashing application does.
        self.dies = dies
        self.head = b"\x89PNG\r\n\x1a\n" + b"\x00\x00\x00\x0dIHDR" + b"\x00" * 17
        self.tail = b"\x00\x00\x00\x00IEND\xaeB`\x82"
        self.zeros = GLib.Bytes.new(b"\x00" * self.CHUNK)

    def do_ref_formats(self):
        return Gdk.ContentFormats.new(["image/png"])

    def do_write_mime_type_async(self, mime, stream, priority, cancellable, callback, data):
        task = Gio.Task.new(self, cancellable, callback)
        state = {"sent": 0}
        report("sending")

        def chunk():
            sent = state["sent"]
            if sent == 0:
                return GLib.Bytes.new(self.head)
            left = self.size - sent - len(self.tail)
            if left > 0:
                return self.zeros if left >= self.CHUNK else GLib.Bytes.new(b"\x00" * left)
            if sent < self.size:
                return GLib.Bytes.new(self.tail)
            return None

        def written(stream, result):
            try:
                state["sent"] += stream.write_bytes_finish(result)
            except GLib.Error as error:
                report("send-failed " + error.message)
                task.return_error(error)
                return
            if self.dies and state["sent"] > self.CHUNK:
                report("dying")
                os._exit(0)
            if self.interval:
                GLib.timeout_add(self.interval, write)
            else:
                GLib.idle_add(write)

        def write():
            bytes = chunk()
            if bytes is None:
                report("sent %d" % state["sent"])
                # On Wayland the end of the data is the end of the pipe: close it now, not
                # when Python's collector frees these closures' cycle. (X11's stream ends
                # the transfer itself when GTK lets it go.)
                if "Wayland" in type(Gdk.Display.get_default()).__name__:
                    stream.close(None)
                task.return_boolean(True)
            else:
                stream.write_bytes_async(bytes, priority, cancellable, written)
            return False

        write()

    def do_write_mime_type_finish(self, result):
        return result.propagate_boolean()


def main():
    mode, title, rest = sys.argv[1], sys.argv[2], sys.argv[3:]
    # The primary selection: the text selected last, which a middle click pastes.
    primary = mode.startswith("primary-")
    if primary:
        mode = mode[len("primary-"):]
    app = Gtk.Application(application_id=None)

    def activate(app):
        window = Gtk.ApplicationWindow(application=app, title=title)
        window.set_decorated(False)
        window.set_default_size(300, 300)
        label = Gtk.Label(label=title)
        label.set_hexpand(True)
        label.set_vexpand(True)
        window.set_child(label)
        display = window.get_display()
        clipboard = display.get_primary_clipboard() if primary else display.get_clipboard()
        if mode == "copy-on-click":
            # A copy made from a click, as a person makes one: on Wayland the compositor
            # takes a selection only with the serial of a recent input event.
            click = Gtk.GestureClick()

            def pressed(*_):
                taken = clipboard.set_content(Gdk.ContentProvider.new_for_value(GObject.Value(str, rest[0])))
                report("copied" if taken else "copy-refused")

            click.connect("pressed", pressed)
            label.add_controller(click)
            window.present()
            GLib.timeout_add(300, lambda: report("ready") or False)
            return
        if mode in ("copy-dying", "copy-big", "copy-dying-on-click", "copy-big-on-click"):
            # A big PNG on the clipboard (of SIZE MiB), from an application that dies
            # mid-write or not: copied once it has said it is ready, since a reader may
            # start at once, or when clicked.
            def copy():
                clipboard.set_content(BigPNG(int(rest[0]) << 20, dies=mode.startswith("copy-dying")))
                report("copied")

            window.present()
            if mode.endswith("-on-click"):
                click = Gtk.GestureClick()
                click.connect("pressed", lambda *_: copy())
                label.add_controller(click)
                GLib.timeout_add(300, lambda: report("ready") or False)
            else:
                GLib.timeout_add(300, lambda: report("ready") or copy() or False)
            return
        if mode == "copy-uris":
            # Files copied as a file manager copies them: GNOME's list and a URI list.
            gnome = ("copy\n" + "\n".join(rest)).encode()
            uris = "".join(uri + "\r\n" for uri in rest).encode()
            clipboard.set_content(
                Gdk.ContentProvider.new_union(
                    [
                        Gdk.ContentProvider.new_for_bytes("x-special/gnome-copied-files", GLib.Bytes.new(gnome)),
                        Gdk.ContentProvider.new_for_bytes("text/uri-list", GLib.Bytes.new(uris)),
                    ]
                )
            )
            window.present()
            GLib.timeout_add(300, lambda: report("copied") or report("ready") or False)
            return
        if mode in ("copy", "copy-png"):
            if mode == "copy":
                clipboard.set_content(Gdk.ContentProvider.new_for_value(GObject.Value(str, rest[0])))
            else:
                pixbuf = GdkPixbuf.Pixbuf.new(GdkPixbuf.Colorspace.RGB, False, 8, 3, 2)
                pixbuf.fill(0x3366CCFF)
                _, png = pixbuf.save_to_bufferv("png", [], [])
                clipboard.set_content(Gdk.ContentProvider.new_for_bytes("image/png", GLib.Bytes.new(png)))
            window.present()
            GLib.timeout_add(300, lambda: report("copied") or report("ready") or False)
            return
        if mode == "paste":

            def read():
                def done(clipboard, result):
                    try:
                        report("pasted " + (clipboard.read_text_finish(result) or ""))
                    except GLib.Error as error:
                        report("paste-failed " + error.message)

                if not clipboard.is_local():
                    clipboard.read_text_async(None, done)

            clipboard.connect("changed", lambda _c: read())
            window.present()
            GLib.timeout_add(300, lambda: read() or report("ready") or False)
            return
        if mode == "paste-file":
            # GTK's own read of the clipboard's image/png, spliced into the file PATH as it
            # arrives: the baseline a paste of ours is set beside.
            path = rest[0]

            def read():
                if clipboard.is_local() or not clipboard.get_formats().contain_mime_type("image/png"):
                    return

                def spliced(output, result):
                    try:
                        count = output.splice_finish(result)
                        report("pasted-file %d" % count)
                    except GLib.Error as error:
                        report("paste-failed " + error.message)

                def opened(clipboard, result):
                    try:
                        stream, _mime = clipboard.read_finish(result)
                    except GLib.Error as error:
                        report("paste-failed " + error.message)
                        return
                    output = Gio.File.new_for_path(path).replace(None, False, Gio.FileCreateFlags.NONE, None)
                    output.splice_async(
                        stream,
                        Gio.OutputStreamSpliceFlags.CLOSE_SOURCE | Gio.OutputStreamSpliceFlags.CLOSE_TARGET,
                        GLib.PRIORITY_DEFAULT,
                        None,
                        spliced,
                    )

                clipboard.read_async(["image/png"], GLib.PRIORITY_DEFAULT, None, opened)

            clipboard.connect("changed", lambda _c: read())
            window.present()
            GLib.timeout_add(300, lambda: report("ready") or False)
            return
        if mode.startswith("target"):
            action = Gdk.DragAction.COPY if mode == "target" else Gdk.DragAction.MOVE
            target = Gtk.DropTarget.new(GObject.TYPE_STRING, action)

            def entered(target, _x, _y):
                formats = target.get_current_drop().get_formats().get_mime_types()
                report("formats " + " ".join(formats))
                return action

            target.connect("enter", entered)
            if mode == "target-refuse":
                target.connect("drop", lambda _t, value, _x, _y: report("refused " + value) or False)
            else:
                target.connect("drop", lambda _t, value, _x, _y: report("received " + value) or True)
            label.add_controller(target)
            window.present()
            GLib.timeout_add(300, lambda: report("ready") or False)
            return
        source = Gtk.DragSource()
        if mode == "source-move":
            source.set_actions(Gdk.DragAction.COPY | Gdk.DragAction.MOVE)
        else:
            source.set_actions(Gdk.DragAction.COPY)
        if mode in ("source", "source-move"):
            value = GObject.Value(str, rest[0])
            source.set_content(Gdk.ContentProvider.new_for_value(value))
        elif mode == "big":
            source.set_content(BigPNG(int(rest[0]) << 20))
        elif mode == "trickle":
            source.set_content(BigPNG(int(rest[0]) << 20, interval=int(rest[1])))
        elif mode == "web-image":
            pixbuf = GdkPixbuf.Pixbuf.new(GdkPixbuf.Colorspace.RGB, False, 8, 3, 2)
            pixbuf.fill(0x3366CCFF)
            _, png = pixbuf.save_to_bufferv("png", [], [])
            link = (rest[0] + "\r\n").encode()
            source.set_content(
                Gdk.ContentProvider.new_union(
                    [
                        Gdk.ContentProvider.new_for_bytes("image/png", GLib.Bytes.new(png)),
                        Gdk.ContentProvider.new_for_bytes("text/uri-list", GLib.Bytes.new(link)),
                    ]
                )
            )
        elif mode == "file":
            with open(rest[1], "rb") as data:
                source.set_content(Gdk.ContentProvider.new_for_bytes(rest[0], GLib.Bytes.new(data.read())))
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
