#!/usr/bin/python3
"""Reads a running Roster window through AT-SPI, as a screen reader does.

Usage: check_rows.py EXPECTED.json [PID]

The AT-SPI client library caches the desktop's children and only updates the
cache from events, which this script does not process: an application that
registers after the first look can stay invisible. Callers run the script
again (a new process, a new cache) until it finds the application; it exits
3 when it did not.
EXPECTED.json lists the "username, role" texts of the first rows. Prints
what it found and exits 1 if a row does not read as expected or if the
avatar or the initials are exposed to assistive technology.
"""
import json
import sys
import time

import pyatspi


def find_app(name, pid=None, timeout=5):
    """The application with process `pid` (when given) or a name containing `name`."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        desktop = pyatspi.Registry.getDesktop(0)
        for app in desktop:
            if app is None:
                continue
            try:
                if pid is not None and app.get_process_id() == pid:
                    return app
            except Exception:
                pass
            if app.name and name in app.name.lower():
                return app
        time.sleep(0.2)
    return None


def walk(node, depth=0, limit=40):
    if node is None or depth > limit:
        return
    yield node, depth
    for child in node:
        yield from walk(child, depth + 1, limit)


def main():
    expected = json.load(open(sys.argv[1]))
    pid = int(sys.argv[2]) if len(sys.argv) > 2 else None
    app = find_app("roster", pid)
    if app is None:
        desktop = pyatspi.Registry.getDesktop(0)
        print("no Roster application on the accessibility bus yet; applications:",
              [a.name for a in desktop if a is not None])
        return 3
    # Wait for the rows to be exposed.
    deadline = time.time() + 8
    names = []
    while time.time() < deadline:
        try:
            nodes = list(walk(app))
        except Exception as error:  # the tree changes while the app starts
            print("retrying after:", error, file=sys.stderr)
            time.sleep(0.3)
            continue
        names = [n.name for n, _ in nodes if n.name and ", " in n.name]
        if all(text in names for text in expected):
            break
        time.sleep(0.3)
    missing = [text for text in expected if text not in names]
    list_nodes = [n for n, _ in walk(app) if n.getRoleName() in ("list", "list box", "table", "tree table")]
    # Inside the lists, the avatar and the initials are decoration: hidden.
    pictures_named = []
    for list_node in list_nodes:
        for node, _ in walk(list_node):
            if node.getRoleName() in ("image", "icon") and node.name:
                pictures_named.append(node.name)
            if node.getRoleName() == "label" and node.name and len(node.name) <= 2 and node.name.isupper():
                pictures_named.append("initials " + node.name)
    print(json.dumps({
        "rows_read": len(names),
        "first_rows": names[:5],
        "missing": missing,
        "lists": [n.name for n in list_nodes],
        "named_images": pictures_named[:5],
    }))
    if missing:
        return 3  # perhaps a stale cache: the caller tries again with a new client
    if pictures_named:
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
