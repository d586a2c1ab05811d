#!/usr/bin/python3
"""Writes a small file that decodes to a huge image, for the tests that check images are
measured before they are decoded.

  image_bomb.py png PATH SIDE   a real SIDE x SIDE RGB PNG of black pixels (about 1 MB at
                                20,000), whose every byte decodes
"""
import struct
import sys
import zlib


def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def png(path, side):
    compressor = zlib.compressobj(9)
    row = b"\x00" * (1 + side * 3)
    parts = [compressor.compress(row) for _ in range(side)]
    parts.append(compressor.flush())
    header = struct.pack(">IIBBBBB", side, side, 8, 2, 0, 0, 0)
    with open(path, "wb") as out:
        out.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", b"".join(parts)) + chunk(b"IEND", b""))


if __name__ == "__main__":
    kind, path, side = sys.argv[1], sys.argv[2], int(sys.argv[3])
    if kind == "png":
        png(path, side)
