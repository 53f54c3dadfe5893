"""Prints medians of run-floor and roster-dev bench results, with ratios."""
import json
import statistics
import sys

runs = [json.loads(line) for line in open(sys.argv[1]) if line.startswith("{")]


def median(rows, path):
    values = []
    for row in rows:
        value = row
        for key in path.split("."):
            value = value.get(key) if isinstance(value, dict) else None
        if isinstance(value, (int, float)):
            values.append(value)
    return statistics.median(values) if values else None


def shown(value):
    """A median as the table shows it: at most two decimals, no float noise."""
    if value is None:
        return "–"
    return f"{value:.2f}".rstrip("0").rstrip(".") if isinstance(value, float) else str(value)


fields = ["fps", "hitch_ms_per_s", "frame_work_ms.p50", "frame_work_ms.p99", "bind_us.p50",
          "bind_us.p99", "max_interval_ms", "peak_rss_mib"]
# Roster's own: the unbind a bind runs first is timed apart (unbind_us), and
# main_busy_ms_per_s is all main-loop work, deliveries and flushes included.
fields_roster = ["unbind_us.p50", "unbind_us.p99", "main_busy_ms_per_s",
                 "main_page_faults_per_frame", "chrome_renders", "frame_cpu_ms.p50",
                 "frame_cpu_ms.p99", "slowest_frames_ms.work", "slowest_frames_ms.cpu",
                 "slowest_frames_ms.run_queue", "slowest_frames_ms.blocked"]
extra = ["avatar_latency_frames.p50", "avatar_latency_frames.p99", "placeholder_ratio",
         "main_thread_decodes", "images.stale_drops", "images.cancellations",
         "images.held_for_frames",
         "load_ms.parse", "load_ms.view_models", "load_ms.first_rows", "load_ms.longest_main_stall"]

def view(row):
    """The view a run scrolled: older lines without the field are lists."""
    return row.get("view", "list")


tables = [r for r in runs if view(r) == "table"]
runs = [r for r in runs if view(r) == "list"]

for speed in sorted({r["speed_px_s"] for r in runs}):
    floor = [r for r in runs if r["tool"] == "gtk-floor" and r["speed_px_s"] == speed]
    roster = [r for r in runs if r["tool"] == "roster" and r["speed_px_s"] == speed
              and r.get("pipeline") == "prepared"]
    naive = [r for r in runs if r["tool"] == "roster" and r["speed_px_s"] == speed
             and r.get("pipeline") == "naive"]
    print(f"\n### {speed:.0f} px/s ({len(floor)} floor runs, {len(roster)} roster runs)\n")
    print("| field | floor | roster | roster / floor |" + (" naive |" if naive else ""))
    print("|---|---|---|---|" + ("---|" if naive else ""))
    for field in fields:
        f, r = median(floor, field), median(roster, field)
        ratio = f"{r / f:.2f}" if f and r is not None else "–"
        row = f"| {field} | {shown(f)} | {shown(r)} | {ratio} |"
        if naive:
            n = median(naive, field)
            row += f" {shown(n)} |"
        print(row)
    for field in fields_roster + extra:
        r = median(roster, field)
        row = f"| {field} | | {shown(r)} | |"
        if naive:
            n = median(naive, field)
            row += f" {shown(n)} |"
        print(row)
    # A stall is one long event: its spread says more than its median.
    for name, rows in (("roster", roster), ("naive", naive)):
        stalls = sorted(v for v in (r.get("load_ms", {}).get("longest_main_stall") for r in rows)
                        if isinstance(v, (int, float)))
        if stalls:
            print(f"\nlongest main-thread stall while loading ({name}, every run, ms): "
                  + ", ".join(shown(float(v)) for v in stalls))

# The table beside a plain GtkColumnView of the same columns (run-floor
# --table) and beside the list floor measured in the same run.
for speed in sorted({r["speed_px_s"] for r in tables}):
    columns = [r for r in tables if r["tool"] == "gtk-floor" and r["speed_px_s"] == speed]
    # The run that sorts while it scrolls is reported apart, below.
    table = [r for r in tables if r["tool"] == "roster" and r["speed_px_s"] == speed
             and not r.get("sort_during_scroll")]
    floor = [r for r in runs if r["tool"] == "gtk-floor" and r["speed_px_s"] == speed]
    count = columns[0].get("columns", "?") if columns else "?"
    print(f"\n### table, {speed:.0f} px/s ({len(columns)} column-view runs of {count} columns, "
          f"{len(table)} roster table runs, {len(floor)} list floor runs)\n")
    print("| field | column view | roster table | table / column view | list floor "
          "| table / list floor |")
    print("|---|---|---|---|---|---|")
    for field in fields:
        c, t, f = median(columns, field), median(table, field), median(floor, field)
        by_columns = f"{t / c:.2f}" if c and t is not None else "–"
        by_floor = f"{t / f:.2f}" if f and t is not None else "–"
        print(f"| {field} | {shown(c)} | {shown(t)} | {by_columns} | {shown(f)} | {by_floor} |")

for row in tables:
    sort = row.get("sort_during_scroll")
    if isinstance(sort, dict):
        print(f"\nsort of {row['rows']:,} by {sort['order']} while the table scrolls at "
              f"{row['speed_px_s']:.0f} px/s: {shown(sort['ms'])} ms; {sort['frames']} frames "
              f"painted meanwhile, longest interval {shown(sort['max_interval_ms'])} ms, "
              f"most work {shown(sort['frame_work_max_ms'])} ms; the frame showing the sorted "
              f"rows: {shown(sort['swap_frame_work_ms'])} ms of work")
