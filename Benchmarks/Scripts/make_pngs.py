#!/usr/bin/env python3
"""Writes COUNT distinct 96x64 PNG files of random pixels (seeded) into FOLDER: the input of
the Albums import benchmark in BENCHMARKS.md. Usage: make_pngs.py FOLDER [COUNT]"""
import os
import random
import struct
import sys
import zlib


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


folder = sys.argv[1]
count = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
os.makedirs(folder, exist_ok=True)
generator = random.Random(1)
for index in range(count):
    width, height = 96, 64
    rows = b"".join(b"\x00" + bytes(generator.getrandbits(8) for _ in range(width * 3)) for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")
    with open(os.path.join(folder, f"{index:04d}.png"), "wb") as file:
        file.write(png)
