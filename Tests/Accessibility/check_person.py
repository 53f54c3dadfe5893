#!/usr/bin/python3
"""Reads a running Roster through AT-SPI: does it show a person's page?

Usage: check_person.py NAME PID

The person page is a panel read as "NAME, title" holding the name as a
label of its own; a list row reads the same text but is one custom widget
without labels inside, and the page's labels are empty until a person is
shown (GTK 4.8 does not tell AT-SPI which stack page shows, so "showing" is
not asked). So a panel "NAME, …" with a label NAME inside is the page. Exits 0 when it is, 1 when the application never shows it,
3 when the application is not on the accessibility bus yet (a stale client
cache: the caller runs the script again, see check_rows.py).
"""
import json
import sys
import time

import pyatspi

from check_rows import find_app, walk


def person_pages(app, name):
    found = []
    for node, _ in walk(app):
        if node.getRoleName() == "panel" and (node.name or "").startswith(name + ", "):
            labels = [child for child, _ in walk(node, limit=6)
                      if child.getRoleName() == "label" and child.name == name]
            if labels:
                found.append(node)
    return found


def main():
    name = sys.argv[1]
    pid = int(sys.argv[2])
    app = find_app("roster", pid)
    if app is None:
        return 3
    deadline = time.time() + 10
    labels = []
    while time.time() < deadline:
        try:
            labels = person_pages(app, name)
        except Exception as error:  # the tree changes while the page opens
            print("retrying after:", error, file=sys.stderr)
        if labels:
            break
        time.sleep(0.3)
    print(json.dumps({"person": name, "person_pages": len(labels)}))
    return 0 if labels else 1


if __name__ == "__main__":
    sys.exit(main())
