#!/usr/bin/env python3
"""Reads the per-frame logs of `roster-dev bench --frames-csv` and prints, for
each, how the slowest 2 % of frames differ from the median frame: wall time,
main-thread CPU, time runnable but waiting for a CPU, the rest (blocked),
binds and text lines shaped inside the frame, and which frames they were.

Usage: scripts/slow-frames.py FRAMES.csv...
"""
import csv
import statistics
import sys


def summary(path):
    with open(path, newline="") as handle:
        frames = [
            {
                "frame": int(row["frame"]),
                "work": float(row["work_ms"]),
                "cpu": float(row["cpu_ms"]),
                "run_queue": float(row["run_queue_ms"]),
                "binds": int(row["binds"]),
                "lines": int(row["lines_shaped_while_drawing"]),
            }
            for row in csv.DictReader(handle)
        ]
    if not frames:
        return f"{path}: no frames"
    for frame in frames:
        frame["blocked"] = max(0.0, frame["work"] - frame["cpu"] - frame["run_queue"])
    slow = sorted(frames, key=lambda frame: frame["work"], reverse=True)[: max(1, len(frames) // 50)]
    fields = ["work", "cpu", "run_queue", "blocked", "binds", "lines"]
    lines = [f"{path}: {len(frames)} frames, slowest {len(slow)}"]
    lines.append("  " + " | ".join(f"{name:>9}" for name in ["", *fields]))
    for label, group, pick in (
        ("median", frames, statistics.median),
        ("slowest", slow, statistics.mean),
    ):
        values = [pick([frame[name] for frame in group]) for name in fields]
        lines.append("  " + " | ".join([f"{label:>9}", *(f"{value:9.2f}" for value in values)]))
    lines.append("  slowest frames: " + ", ".join(str(frame["frame"]) for frame in slow))
    return "\n".join(lines)


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    for argument in sys.argv[1:]:
        print(summary(argument))
