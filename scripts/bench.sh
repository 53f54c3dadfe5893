#!/usr/bin/env bash
# Alternates run-floor and `roster-dev bench` (A B A B ...) at each speed, cold
# cache, first the list, then the table beside `run-floor --table 6`, under
# each renderer in turn (GSK_RENDERERS, default "cairo gl": the
# renderer most desktops use is GL, under Xvfb on Mesa llvmpipe), and prints
# a table of medians with the ratios to the floor per renderer; last, the
# avatar pipeline's HTTP throughput from a local server (`http-speed`).
# Usage: scripts/bench.sh [PAIRS (3)] [SECONDS (8)] [USERS (1000000)]
# ROSTER_BIN=path measures another build of roster-dev, or an older roster
# that still had `bench` (a "before"; without the table, only the list).
# BENCH_TABLE=no measures the list alone. Each roster
# run's frames, one line each, are kept beside the results (--frames-csv,
# where the build has it). The floor's peak resident memory is added to its
# lines (scripts/peak-rss.py), so the table compares memory under each
# renderer too.
set -euo pipefail
cd "$(dirname "$0")/.."
pairs=${1:-3}
seconds=${2:-8}
users=${3:-1000000}
speeds=(6000 20000)
floor=../shared/tools/run-floor
out=.build/bench-results
mkdir -p "$out"
stamp=$(date +%Y%m%d-%H%M%S)
read -ra renderers <<<"${GSK_RENDERERS:-cairo gl}"

if [ -z "${ROSTER_BIN:-}" ]; then
  swift build -c release --product roster-dev 2>&1 | grep -vE "prohibited flag|unhandled; explicitly" >&2 || true
fi
roster=${ROSTER_BIN:-$(swift build -c release --show-bin-path)/roster-dev}
run_roster() {
  if [ -z "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
    xvfb-run -a -s "-screen 0 1280x1024x24 -noreset" "$roster" bench "$@" 2>/dev/null
  else
    "$roster" bench "$@" 2>/dev/null
  fi
}

# An older build given as ROSTER_BIN may not log frames.
# (The help is read whole first: `grep -q` stops reading at its match, and
# under pipefail the writer's broken pipe would fail the test.)
help=$("$roster" bench --help 2>/dev/null || true)
logs_frames=no
if grep -q -- --frames-csv <<<"$help"; then logs_frames=yes; fi
# The table runs need a build with `--view` (an older one has no table);
# BENCH_TABLE=no measures the list alone.
table=${BENCH_TABLE:-yes}
if ! grep -q -- --view <<<"$help"; then table=no; fi

# Generate the directory once, outside the measured runs.
run_roster --users "$users" --seconds 0.5 --json >/dev/null

for renderer in "${renderers[@]}"; do
  export GSK_RENDERER=$renderer
  log="$out/$stamp-$renderer.jsonl"
  for speed in "${speeds[@]}"; do
    for pair in $(seq "$pairs"); do
      echo "$renderer: pair $pair at $speed px/s" >&2
      python3 scripts/peak-rss.py "$floor" --rows "$users" --speed "$speed" --seconds "$seconds" \
        | tee -a "$log" >&2
      frames=()
      if [ "$logs_frames" = yes ]; then frames=(--frames-csv "$out/$stamp-$renderer-$speed-$pair-frames.csv"); fi
      run_roster --users "$users" --speed "$speed" --seconds "$seconds" --cache cold --json \
        "${frames[@]}" | tee -a "$log" >&2
    done
  done
  run_roster --users "$users" --speed 20000 --seconds "$seconds" --cache cold --pipeline naive --json | tee -a "$log" >&2
  if [ "$table" = no ]; then continue; fi
  # The table (six columns, 900 px wide) beside a plain GtkColumnView of a
  # picture and six label columns, what a GTK developer would write.
  for speed in "${speeds[@]}"; do
    for pair in $(seq "$pairs"); do
      echo "$renderer: table pair $pair at $speed px/s" >&2
      python3 scripts/peak-rss.py "$floor" --rows "$users" --speed "$speed" --seconds "$seconds" \
        --table 6 | tee -a "$log" >&2
      run_roster --users "$users" --speed "$speed" --seconds "$seconds" --cache cold --json \
        --view table | tee -a "$log" >&2
    done
  done
  # A million sorted by department, then display name, off the main thread
  # while the table scrolls: the frames painted meanwhile.
  run_roster --users "$users" --speed 6000 --seconds "$seconds" --cache cold --json \
    --view table --sort-during-scroll department,displayName | tee -a "$log" >&2
done

for renderer in "${renderers[@]}"; do
  echo
  echo "## GSK_RENDERER=$renderer"
  python3 scripts/bench-table.py "$out/$stamp-$renderer.jsonl"
  echo "raw results: $out/$stamp-$renderer.jsonl"
done

# The avatar pipeline's downloads from a local server (Python's http.server
# serving data/avatars): avatars per second and MiB per second.
echo
echo "## HTTP avatars"
if "$roster" http-speed --help >/dev/null 2>&1; then
  "$roster" http-speed --runs 5
else
  echo "(this build of roster-dev has no http-speed)"
fi
