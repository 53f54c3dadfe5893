#!/usr/bin/env python3
"""Runs a command that prints one JSON line (run-floor), passes its output
through, and adds "peak_rss_mib" to that line: the peak resident memory of
the largest process the command ran, as the kernel reports it for waited-for
children (getrusage RUSAGE_CHILDREN). Under run-floor those processes are
bash, xvfb-run, Xvfb (about 70 MiB) and gtk-floor, so the figure is
gtk-floor's whenever it is the largest, which it is at any row count the
benches use. `roster-dev bench` reports its own peak_rss_mib from inside.

Usage: scripts/peak-rss.py COMMAND [ARGS...]
Exits with the command's status; a command that printed no JSON object is
passed through unchanged.
"""
import json
import resource
import subprocess
import sys


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: peak-rss.py COMMAND [ARGS...]")
    result = subprocess.run(sys.argv[1:], stdout=subprocess.PIPE, text=True, check=False)
    peak_kib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    for line in result.stdout.splitlines():
        try:
            record = json.loads(line)
        except ValueError:
            print(line)
            continue
        if isinstance(record, dict):
            record["peak_rss_mib"] = round(peak_kib / 1024, 1)
            line = json.dumps(record, separators=(",", ":"))
        print(line)
    sys.exit(result.returncode)


if __name__ == "__main__":
    main()
