#!/usr/bin/python3
"""Another application for the drag tests: a Qt 6 window (PyQt6) that drags what it is given.

  qt6_peer.py text TITLE TEXT      drags TEXT as text/plain (Qt adds its UTF-8 variants)
  qt6_peer.py png TITLE KIB        drags an image/png of KIB kibibytes (a PNG signature and
                                   header, zeros, and IEND)
  qt6_peer.py files TITLE PATH...  drags the files as a URI list
  qt6_peer.py refuse TITLE         offers text/plain and has nothing when asked for it
  qt6_peer.py die TITLE            offers text/plain and exits when asked for it
  qt6_peer.py target TITLE         takes drops: a copy, reading text/plain
  qt6_peer.py target-move TITLE    takes drops as a move
  qt6_peer.py target-refuse TITLE  accepts drags as a move, then ignores the drop

It runs on X11 unless QT_QPA_PLATFORM names another platform (`wayland`). It prints one
line per event on standard output: `ready`, `drag-begin`, `asked MIME` when a
target asks for a type, and `drag-end ACTION` (Qt's answer: copy, move or ignore). As a
target it prints `formats TYPE...` when a drag enters, and `received TEXT` or
`refused TEXT` at the drop.
"""
import os
import sys

from PyQt6.QtCore import QMimeData, QUrl, Qt
from PyQt6.QtGui import QDrag
from PyQt6.QtWidgets import QApplication, QLabel


def report(line):
    print(line, flush=True)


class Offer(QMimeData):
    """Reports each type a target asks for; refuses or dies when told to."""

    def __init__(self, mode):
        super().__init__()
        self.mode = mode

    def retrieveData(self, mime, kind):
        report("asked " + mime)
        if self.mode == "die":
            os._exit(3)
        if self.mode == "refuse":
            return None
        return super().retrieveData(mime, kind)


class Source(QLabel):
    def __init__(self, mode, title, rest):
        super().__init__(title)
        self.mode, self.rest = mode, rest
        self.setWindowTitle(title)
        self.setWindowFlag(Qt.WindowType.FramelessWindowHint)
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.resize(300, 300)
        self.start = None

    def mousePressEvent(self, event):
        self.start = event.position()

    def mouseMoveEvent(self, event):
        if self.start is None or (event.position() - self.start).manhattanLength() < 8:
            return
        self.start = None
        data = Offer(self.mode)
        if self.mode == "text":
            data.setText(self.rest[0])
        elif self.mode == "png":
            size = int(self.rest[0]) << 10
            head = b"\x89PNG\r\n\x1a\n" + b"\x00\x00\x00\x0dIHDR" + b"\x00" * 17
            tail = b"\x00\x00\x00\x00IEND\xaeB`\x82"
            data.setData("image/png", head + b"\x00" * (size - len(head) - len(tail)) + tail)
        elif self.mode == "files":
            data.setUrls([QUrl.fromLocalFile(path) for path in self.rest])
        else:
            data.setText("never sent")
        drag = QDrag(self)
        drag.setMimeData(data)
        report("drag-begin")
        action = drag.exec(Qt.DropAction.CopyAction | Qt.DropAction.MoveAction, Qt.DropAction.CopyAction)
        names = {
            Qt.DropAction.CopyAction: "copy",
            Qt.DropAction.MoveAction: "move",
            Qt.DropAction.IgnoreAction: "ignore",
        }
        report("drag-end " + names.get(action, str(action)))


class Target(QLabel):
    """A drop target that reports what it is offered and what it takes."""

    def __init__(self, mode, title):
        super().__init__(title)
        self.mode = mode
        self.setWindowTitle(title)
        self.setWindowFlag(Qt.WindowType.FramelessWindowHint)
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.resize(300, 300)
        self.setAcceptDrops(True)

    def dragEnterEvent(self, event):
        report("formats " + " ".join(event.mimeData().formats()))
        self.propose(event)

    def dragMoveEvent(self, event):
        self.propose(event)

    def propose(self, event):
        if self.mode == "target":
            event.setDropAction(Qt.DropAction.CopyAction)
        else:
            event.setDropAction(Qt.DropAction.MoveAction)
        event.accept()

    def dropEvent(self, event):
        text = event.mimeData().text()
        if self.mode == "target-refuse":
            report("refused " + text)
            event.ignore()
            return
        self.propose(event)
        report("received " + text)


def main():
    mode, title, rest = sys.argv[1], sys.argv[2], sys.argv[3:]
    app = QApplication(["qt6_peer", "-platform", os.environ.get("QT_QPA_PLATFORM", "xcb")])
    window = Target(mode, title) if mode.startswith("target") else Source(mode, title, rest)
    window.show()
    from PyQt6.QtCore import QTimer

    QTimer.singleShot(300, lambda: report("ready"))
    app.exec()


if __name__ == "__main__":
    main()
