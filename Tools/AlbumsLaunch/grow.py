#!/usr/bin/env python3
# Grows an Albums library made by `Albums import` (a few real photos in album "Generated")
# to N photos in that album: rows copied from the real ones, each file a hard link of one.
import os, sqlite3, sys
lib, n = sys.argv[1], int(sys.argv[2])
db = sqlite3.connect(os.path.join(lib, "library.sqlite"))
real = db.execute("SELECT id, fileName, originalName, contentType, byteCount, addedAt, contentHash FROM photo ORDER BY id").fetchall()
album = db.execute("SELECT id FROM album WHERE name = 'Generated'").fetchone()[0]
last = db.execute("SELECT MAX(position) FROM albumPhoto WHERE albumId = ?", (album,)).fetchone()[0]
photos = os.path.join(lib, "photos")
have = len(real)
with db:
    for i in range(have, n):
        src = real[i % have]
        name = "grown-%07d.png" % i
        os.link(os.path.join(photos, src[1]), os.path.join(photos, name))
        cur = db.execute("INSERT INTO photo (fileName, originalName, contentType, byteCount, addedAt, contentHash) VALUES (?,?,?,?,?,?)",
                         (name, "grown-%07d.png" % i, src[3], src[4], src[5], src[6]))
        last += 1 << 32
        db.execute("INSERT INTO albumPhoto (albumId, photoId, position) VALUES (?,?,?)", (album, cur.lastrowid, last))
print(db.execute("SELECT COUNT(*) FROM photo").fetchone()[0], "photos")
