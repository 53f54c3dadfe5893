#!/usr/bin/env bash
# run-floor and `roster-dev bench` alternately (A B A B ...) under a headless
# weston of their own (scripts/weston.sh, GDK_BACKEND=wayland, no DISPLAY),
# PAIRS times at 6000 and at 20000 px/s, cold cache, under GSK_RENDERER
# (default gl: the renderer GNOME's Wayland sessions use), then the table of
# medians and ratios scripts/bench.sh prints (scripts/bench-table.py).
# Usage: scripts/wayland-bench.sh [PAIRS (3)] [SECONDS (8)] [USERS (1000000)]
#   SCALE=2 sets weston's output scale; ROSTER_BIN=path measures another
#   build of roster-dev (or an older roster that still had `bench`).
# Both clients render on the CPU here (Mesa's llvmpipe over wl_shm), and
# that EGL offers no EGL_EXT_buffer_age, so GTK repaints the whole window in
# every frame, as under Xvfb (`chrome_renders` counts the flattened header
# bar's renders while scrolling; docs/ROBUSTNESS.md, "Wayland").
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/weston.sh
pairs=${1:-3}
seconds=${2:-8}
users=${3:-1000000}
speeds=(6000 20000)
floor=../shared/tools/run-floor
export GSK_RENDERER=${GSK_RENDERER:-gl}
out=.build/bench-results
mkdir -p "$out"
log="$out/$(date +%Y%m%d-%H%M%S)-wayland-$GSK_RENDERER.jsonl"

if [ -z "${ROSTER_BIN:-}" ]; then
  swift build -c release --product roster-dev 2>&1 | grep -vE "prohibited flag|unhandled; explicitly" >&2 || true
fi
roster=${ROSTER_BIN:-$(swift build -c release --show-bin-path)/roster-dev}

weston_start "${SCALE:-1}"
# Generate the directory once, outside the measured runs.
"$roster" bench --users "$users" --seconds 0.5 --json >/dev/null 2>&1

for speed in "${speeds[@]}"; do
  for pair in $(seq "$pairs"); do
    echo "wayland $GSK_RENDERER: pair $pair at $speed px/s" >&2
    python3 scripts/peak-rss.py "$floor" --rows "$users" --speed "$speed" --seconds "$seconds" |
      tee -a "$log" >&2
    "$roster" bench --users "$users" --speed "$speed" --seconds "$seconds" --cache cold --json \
      2>/dev/null | tee -a "$log" >&2
  done
done
weston_stop

echo
echo "## Wayland (headless weston, output scale ${SCALE:-1}), GSK_RENDERER=$GSK_RENDERER"
python3 scripts/bench-table.py "$log"
echo "raw results: $log"
