#!/usr/bin/python3
"""Reads a running Roster window's org tree through AT-SPI.

Usage: check_tree.py EXPECTED.json [PID]

EXPECTED.json lists the descriptions the tree's first expanders must read
("Level 1, 5 reports"). Every one must be there, on an expander a screen
reader is told it can open (the "expandable" state), inside the list named
"Organisation". Exits 3 when the application or the tree is not (yet)
exposed (callers try again with a new client: see check_rows.py), 1 when it
is but does not read as expected.
"""
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_rows import find_app, walk  # noqa: E402

import pyatspi  # noqa: E402


def main():
    expected = json.load(open(sys.argv[1]))
    pid = int(sys.argv[2]) if len(sys.argv) > 2 else None
    app = find_app("roster", pid)
    if app is None:
        return 3
    deadline = time.time() + 8
    expanders = []
    while time.time() < deadline:
        try:
            trees = [n for n, _ in walk(app) if n.name == "Organisation"]
            expanders = []
            for tree in trees:
                for node, _ in walk(tree):
                    states = node.getState()
                    if node.description and states.contains(pyatspi.STATE_EXPANDABLE):
                        expanders.append(node.description)
        except Exception as error:  # the tree changes while the app starts
            print("retrying after:", error, file=sys.stderr)
        if all(text in expanders for text in expected):
            break
        time.sleep(0.3)
    print(json.dumps({"expanders": expanders[:5], "expected": expected}))
    if not expanders:
        return 3
    return 0 if all(text in expanders for text in expected) else 1


if __name__ == "__main__":
    sys.exit(main())
