#!/usr/bin/env bash
# Groups and the org tree on the generated directory (1,000,000 people in
# 20,000 groups, the largest, "Everyone", of 100,000), beside run-floor in
# one run: the floor and Roster scrolling "Everyone" alternate (A B A B ...)
# at each speed under the cairo renderer; then the 20 largest groups chosen
# and 50 org-tree managers opened in a row (`--browse-groups`), each once
# beside a plain scroll of everyone, for the peak memory of each.
# Usage: scripts/groups-bench.sh [PAIRS (3)] [SECONDS (8)] [USERS (1000000)]
set -euo pipefail
cd "$(dirname "$0")/.."
pairs=${1:-3}
seconds=${2:-8}
users=${3:-1000000}
floor=../shared/tools/run-floor
out=.build/bench-results
mkdir -p "$out"
log="$out/groups-$(date +%Y%m%d-%H%M%S).jsonl"
export GSK_RENDERER=${GSK_RENDERER:-cairo}
if [ -z "${ROSTER_BIN:-}" ]; then
  swift build -c release --product roster-dev 2>&1 | grep -vE "prohibited flag|unhandled; explicitly" >&2 || true
fi
roster=${ROSTER_BIN:-$(swift build -c release --show-bin-path)/roster-dev}
run_roster() { xvfb-run -a -s "-screen 0 1280x1024x24 -noreset" "$roster" bench "$@" 2>/dev/null; }

# Generate the directory once, outside the measured runs.
run_roster --users "$users" --seconds 0.5 --json >/dev/null
for speed in 6000 20000; do
  for pair in $(seq "$pairs"); do
    echo "group pair $pair at $speed px/s" >&2
    python3 scripts/peak-rss.py "$floor" --rows 100000 --speed "$speed" --seconds "$seconds" \
      | tee -a "$log" >&2
    run_roster --users "$users" --speed "$speed" --seconds "$seconds" --cache cold --json \
      --group Everyone | tee -a "$log" >&2
  done
done
for run in $(seq "$pairs"); do
  echo "browse $run" >&2
  run_roster --users "$users" --browse-groups --json | tee -a "$log" >&2
  run_roster --users "$users" --speed 6000 --seconds "$seconds" --cache cold --json | tee -a "$log" >&2
done
echo "results: $log" >&2
