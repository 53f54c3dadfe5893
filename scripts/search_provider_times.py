#!/usr/bin/python3
"""Times Roster's GNOME Shell search provider from a D-Bus client in this
process (GDBus through PyGObject), as the shell calls it.

Usage: search_provider_times.py [QUERIES]   (on the session bus in
DBUS_SESSION_BUS_ADDRESS; scripts/search-provider-times.sh sets one up)

Starts org.roster.Roster by D-Bus activation (not timed), sends a query
until the directory is in (the first answer's time and how long that took
are printed), then QUERIES (default
50) different GetInitialResultSet calls and a GetResultMetas for each
answer's first five ids; prints p50 and p99 of each in milliseconds, and
how many queries found someone.
"""
import sys
import time

import gi

gi.require_version("Gio", "2.0")
from gi.repository import Gio, GLib  # noqa: E402

BUS = "org.roster.Roster"
PATH = "/org/roster/Roster/SearchProvider"
INTERFACE = "org.gnome.Shell.SearchProvider2"
# Fragments of names, as people type them: 3 to 5 letters.
FRAGMENTS = [
    "ingr", "ann", "smi", "mar", "joh", "ali", "moh", "wan", "gar", "ros",
    "lee", "kim", "ngu", "mul", "sch", "bro", "dav", "mil", "wil", "tay",
    "and", "tho", "jac", "whi", "har", "mart", "rob", "cla", "lew", "wal",
    "hal", "you", "kin", "wri", "lop", "hil", "sco", "gre", "ada", "bak",
    "gon", "nel", "car", "mit", "per", "tur", "phi", "cam", "eva", "sun",
    "pat", "fer", "ols", "hug", "ito", "sat", "kov", "ben", "ahm", "oli",
]


def call(bus, method, args, signature):
    start = time.perf_counter()
    reply = bus.call_sync(BUS, PATH, INTERFACE, method, GLib.Variant(signature, args),
                          None, Gio.DBusCallFlags.NONE, 30000, None)
    return reply.unpack(), (time.perf_counter() - start) * 1000


def percentile(values, fraction):
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, int(round(fraction * (len(ordered) - 1)))))
    return ordered[index]


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 50
    bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
    bus.call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                  "StartServiceByName", GLib.Variant("(su)", (BUS, 0)), None,
                  Gio.DBusCallFlags.NONE, 30000, None)
    # The first calls load the directory (a users.json not in a window) or
    # open the server; each answers within the provider's one-second bound,
    # empty until the directory is in. Asked again until one answers in
    # time, so the timed queries below measure searches, not the load.
    started = time.perf_counter()
    (_,), first = call(bus, "GetInitialResultSet", (["zzzq"],), "(as)")
    took = first
    while took > 900 and time.perf_counter() - started < 120:
        (_,), took = call(bus, "GetInitialResultSet", (["zzzq"],), "(as)")
    ready = (time.perf_counter() - started) * 1000
    searches, metas, found = [], [], 0
    for fragment in (FRAGMENTS * 2)[:count]:
        (ids,), took = call(bus, "GetInitialResultSet", ([fragment],), "(as)")
        searches.append(took)
        if ids:
            found += 1
            (_,), took = call(bus, "GetResultMetas", (ids[:5],), "(as)")
            metas.append(took)
    print("first answer: %.1f ms; directory in after %.1f ms" % (first, ready))
    print("GetInitialResultSet: n=%d p50=%.1f ms p99=%.1f ms max=%.1f ms (%d found someone)" % (
        len(searches), percentile(searches, 0.5), percentile(searches, 0.99), max(searches), found))
    if metas:
        print("GetResultMetas (5 ids): n=%d p50=%.1f ms p99=%.1f ms max=%.1f ms" % (
            len(metas), percentile(metas, 0.5), percentile(metas, 0.99), max(metas)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
