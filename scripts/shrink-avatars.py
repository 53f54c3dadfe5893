#!/usr/bin/python3
"""Copies the demo avatars from SOURCE to TARGET, each at most SIDE pixels
on its longer side: what the .deb carries (the app never shows an avatar
larger than 256 px, twice its largest size on screen).

  /usr/bin/python3 scripts/shrink-avatars.py SOURCE TARGET [SIDE]

Names and formats stay (users.json names the files). A file gdk-pixbuf
cannot read, or one cut short (a JPEG without its end marker, a PNG
without IEND: the demo's broken avatars, on purpose), or one already small
enough, is copied byte for byte. Runs under Debian's Python (python3-gi).
"""
import os
import shutil
import sys

import gi

gi.require_version("GdkPixbuf", "2.0")
from gi.repository import GdkPixbuf, GLib  # noqa: E402


def complete(data):
    if data.startswith(b"\xff\xd8"):
        return data.rstrip(b"\0").endswith(b"\xff\xd9")
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        return b"IEND" in data[-12:]
    return False


def shrink(source, target, side):
    with open(source, "rb") as f:
        data = f.read()
    try:
        pixbuf = GdkPixbuf.Pixbuf.new_from_file(source) if complete(data) else None
    except GLib.Error:
        pixbuf = None
    if pixbuf is None or max(pixbuf.get_width(), pixbuf.get_height()) <= side:
        shutil.copyfile(source, target)
        return False
    scale = side / max(pixbuf.get_width(), pixbuf.get_height())
    width = max(1, round(pixbuf.get_width() * scale))
    height = max(1, round(pixbuf.get_height() * scale))
    small = pixbuf.scale_simple(width, height, GdkPixbuf.InterpType.HYPER)
    if data.startswith(b"\xff\xd8"):
        small.savev(target, "jpeg", ["quality"], ["85"])
    else:
        small.savev(target, "png", ["compression"], ["9"])
    return True


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    source, target = sys.argv[1], sys.argv[2]
    side = int(sys.argv[3]) if len(sys.argv) == 4 else 256
    os.makedirs(target, exist_ok=True)
    shrunk = 0
    names = sorted(os.listdir(source))
    for name in names:
        path = os.path.join(source, name)
        if os.path.isfile(path):
            shrunk += shrink(path, os.path.join(target, name), side)
    print(f"shrink-avatars: {shrunk} of {len(names)} avatars made at most {side} px")


if __name__ == "__main__":
    main()
