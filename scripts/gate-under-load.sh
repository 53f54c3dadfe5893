#!/usr/bin/env bash
# The whole gate as CI runs it, on a busy machine: a fresh clone of HEAD in a
# temporary folder (with ../shared beside it when this checkout has one), its
# `bash .ci/run`, with N busy loops (default 2) spinning beside it the whole
# time, RUNS times in a row (default 2, each in a clone of its own). Prints
# each run's step table (scripts/step.sh) and exits non-zero if any run failed.
# A gate that passes here does not rest on how fast a core is free.
# Usage: scripts/gate-under-load.sh [--load N] [RUNS]
set -uo pipefail
cd "$(dirname "$0")/.."
load=2
if [ "${1:-}" = --load ]; then
  load=${2:?usage: $0 [--load N] [RUNS]}
  shift 2
fi
runs=${1:-2}
root=$(pwd)
work=$(mktemp -d /tmp/roster-gate.XXXXXX)
spinners=()
stop_spinners() {
  for pid in "${spinners[@]}"; do kill "$pid" 2>/dev/null; done
  spinners=()
}
trap 'stop_spinners' EXIT INT TERM
failed=0
for run in $(seq 1 "$runs"); do
  clone=$work/run-$run
  mkdir -p "$clone"
  git clone -q "$root" "$clone/main"
  [ -d "$root/../shared" ] && ln -s "$(cd "$root/../shared" && pwd)" "$clone/shared"
  for _ in $(seq 1 "$load"); do
    (while :; do :; done) &
    spinners+=($!)
  done
  start=$SECONDS
  echo "== gate run $run/$runs: $(git -C "$clone/main" log -1 --format=%h), $load busy loops beside it"
  (cd "$clone/main" && CI=true bash .ci/run </dev/null) >"$work/run-$run.log" 2>&1
  status=$?
  stop_spinners
  [ $status -eq 0 ] || failed=1
  echo "run $run: status $status, $((SECONDS - start)) s (log: $work/run-$run.log)"
  sed -n '/^make test, step by step:/,$p' "$work/run-$run.log"
done
exit $failed
