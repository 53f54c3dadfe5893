#!/usr/bin/env bash
# Runs the test suite (or the tests the FILTERs select, `swift test --filter`
# patterns, any of which selects a test) RUNS times, each in a fresh process
# under a fresh Xvfb display, as `make test` runs it, and prints each test
# that failed at least once with how often and its failure messages. Exits
# non-zero if any run failed. Needs the debug build (`swift build --build-tests`).
#
# Usage: scripts/repeat-tests.sh [--load N] [--slow] [--suites NAME] RUNS [FILTER...]
#   --load N   N processes spinning on the CPU beside each run (stress-ng --cpu N
#              when it is installed, else N busy shell loops), stopped after
#              each run: timing races that a quiet machine hides show up on a
#              loaded one, as on a CI machine shared with other work.
#   --slow     the test process (and its Xvfb) on one core (taskset -c 0), with
#              the load on that same core (one loop unless --load says more):
#              a test that needs a second core to keep up fails here first.
#   --suites   the tests a step of `make test` runs: `sanitizer` (the
#              display-free classes scripts/sanitize.sh runs, here in the debug
#              build) or `ui` (every other test: those that need a display).
# Names are read from each run's log (.build/repeat-tests/latest/run-N.log) the way
# `make test` names what failed (scripts/step.sh --failures).
set -euo pipefail
cd "$(dirname "$0")/.."
if [ -d /opt/swift/usr/bin ]; then export PATH=/opt/swift/usr/bin:$PATH; fi

usage() {
  echo "usage: $0 [--load N] [--slow] [--suites sanitizer|ui] RUNS [FILTER...]" >&2
  exit 2
}
load=0
slow=0
suites=
# Options before or after RUNS and the filters (filters do not start with -).
positional=()
while [ $# -gt 0 ]; do
  case $1 in
    --load) [ $# -ge 2 ] || usage; load=$2; shift 2 ;;
    --load=*) load=${1#--load=}; shift ;;
    --slow) slow=1; shift ;;
    --suites) [ $# -ge 2 ] || usage; suites=$2; shift 2 ;;
    --suites=*) suites=${1#--suites=}; shift ;;
    -h | --help) usage ;;
    --) shift; positional+=("$@"); break ;;
    -*) echo "unknown option $1" >&2; usage ;;
    *) positional+=("$1"); shift ;;
  esac
done
set -- "${positional[@]}"
[ $# -ge 1 ] || usage
runs=$1
shift
[[ $runs =~ ^[1-9][0-9]*$ ]] || usage
[[ $load =~ ^[0-9]+$ ]] || usage
# One core and nothing competing for it would only be a slower quiet machine.
if [ "$slow" = 1 ] && [ "$load" = 0 ]; then load=1; fi

args=(--skip-build)
for filter in "$@"; do args+=(--filter "$filter"); done
case $suites in
  "") ;;
  sanitizer) args+=(--filter "$(bash scripts/sanitize.sh --filter)") ;;
  # --skip applies after the filters: the display tests among those selected.
  ui) args+=(--skip "$(bash scripts/sanitize.sh --filter)") ;;
  *) echo "unknown suite set $suites (sanitizer or ui)" >&2; usage ;;
esac

pin=()
[ "$slow" = 0 ] || pin=(taskset -c 0)
tool=loops
# REPEAT_LOAD=loops uses the shell loops even where stress-ng is installed.
if [ "$load" -gt 0 ] && [ "${REPEAT_LOAD:-}" != loops ] && command -v stress-ng >/dev/null; then
  tool=stress-ng
fi

# A folder for each invocation: two at once (two people, or a loaded and a
# quiet one side by side) must not delete each other's logs or the file
# that says which load to stop. `latest` names the newest; the ten newest stay.
logs=.build/repeat-tests/$(date +%Y%m%d-%H%M%S)-$$
mkdir -p "$logs"
ln -sfn "$(basename "$logs")" .build/repeat-tests/latest
# shellcheck disable=SC2012 # our own names: a date and a pid
ls -dt .build/repeat-tests/*-*/ | tail -n +11 | xargs -r rm -rf

# The load runs in a session (and so a process group) of its own, led by a
# small supervisor, so one kill reaches the supervisor, stress-ng's workers
# or every loop at once. The supervisor also ends the group itself within
# half a second of this script's end, even a `kill -9` that runs no trap.
load_group=
load_pid=
start_load() {
  [ "$load" -gt 0 ] || return 0
  local what
  if [ "$tool" = stress-ng ]; then
    what=("${pin[@]}" stress-ng --cpu "$load" --quiet)
  else
    # shellcheck disable=SC2016 # expanded by the inner bash
    what=("${pin[@]}" bash -c 'for ((k = 0; k < $1; k++)); do while :; do :; done & done; wait' \
      roster-busy-loops "$load")
  fi
  rm -f "$logs/load.pgid"
  # shellcheck disable=SC2016 # expanded by the supervisor
  setsid bash -c '
    echo $$ >"$2"
    "${@:3}" &
    while kill -0 "$1" 2>/dev/null; do sleep 0.5; done
    kill -KILL 0' roster-load-supervisor "$$" "$logs/load.pgid" "${what[@]}" </dev/null &
  load_pid=$!
  # Its own pid is its group's id (setsid made it a session leader, whether
  # or not setsid had to fork to do so).
  for _ in $(seq 1 100); do
    [ -s "$logs/load.pgid" ] && break
    sleep 0.05
  done
  # Without it the load cannot be stopped between runs (its supervisor still
  # ends it with this script): better no run than a run beside a stray load.
  load_group=$(cat "$logs/load.pgid" 2>/dev/null || true)
  if [ -z "$load_group" ]; then
    echo "the load did not start (setsid: no process group to stop it by)" >&2
    exit 1
  fi
}
stop_load() {
  [ -n "$load_group" ] || return 0
  kill -KILL -- "-$load_group" 2>/dev/null || true
  # Reaps the supervisor when setsid did not fork (then it is our child);
  # only it: in a trap the test run may not have ended yet.
  wait "$load_pid" 2>/dev/null || true
  load_group=
}
test_pid=
# Every process below $1, children first found from the parent down.
descendants() {
  local child
  for child in $(pgrep -P "$1" || true); do
    echo "$child"
    descendants "$child"
  done
}
stop_test() {
  [ -n "$test_pid" ] || return 0
  local group pids
  group=$(cat "$logs/test.pgid" 2>/dev/null || true)
  # swift test starts the test process in a process group of its own, which
  # a kill of the run's group misses: it is found by descent, before any
  # parent dies and leaves it to init.
  pids=$(descendants "$test_pid")
  if [ -n "$group" ]; then kill -INT -- "-$group" 2>/dev/null || true; fi
  sleep 1
  # shellcheck disable=SC2086 # a list of pids
  kill -TERM $pids 2>/dev/null || true
  sleep 1
  # shellcheck disable=SC2086
  kill -KILL $pids 2>/dev/null || true
  if [ -n "$group" ]; then kill -KILL -- "-$group" 2>/dev/null || true; fi
  test_pid=
}
trap stop_load EXIT
trap 'echo "interrupted"; stop_test; stop_load; exit 130' INT
trap 'echo "terminated"; stop_test; stop_load; exit 143' TERM

selection=${*:-every test}
[ -z "$suites" ] || selection="${*:+$* and }the $suites suites"
describe="$runs run(s) of $selection"
if [ "$load" -gt 0 ]; then
  describe+=", $load spinning process(es) ($tool)${pin[*]:+ on core 0} beside each"
fi
[ "$slow" = 0 ] || describe+=", the tests on core 0 alone"
echo "$describe"

failed_runs=0
for run in $(seq 1 "$runs"); do
  log=$logs/run-$run.log
  start=$SECONDS
  start_load
  status=0
  # In the background and in a group of its own, so that an INT or TERM
  # interrupts the wait at once (bash runs traps only between commands) and
  # the trap can end the run (xvfb-run, Xvfb, swift test, the test process).
  # setsid -w: if setsid had to fork, it waits and passes the status on.
  rm -f "$logs/test.pgid"
  # shellcheck disable=SC2016 # expanded by the inner bash
  GSK_RENDERER=${GSK_RENDERER:-cairo} setsid -w bash -c 'echo $$ >"$1"; shift; exec "$@"' \
    roster-test-run "$logs/test.pgid" "${pin[@]}" \
    xvfb-run -a -s "-screen 0 1280x1024x24 -noreset" swift test "${args[@]}" \
    </dev/null >"$log" 2>&1 &
  test_pid=$!
  wait "$test_pid" || status=$?
  test_pid=
  stop_load
  [ $status -eq 0 ] || failed_runs=$((failed_runs + 1))
  # The whole run's summary: the line with the most tests (suites print their own after it).
  executed=$(grep -oE "Executed [0-9]+ tests?, with ([0-9]+ tests? skipped and )?[0-9]+ failures?( \([0-9]+ unexpected\))? in [0-9.]+" "$log" |
    sort -t" " -k2 -n | tail -1 | sed -E 's/ \([0-9]+ unexpected\)//; s/ in ([0-9.]+)$/ in \1 s/' || true)
  line="run $run/$runs: status $status, ${executed:-no summary}, $((SECONDS - start)) s in all"
  # swift test waits while another SwiftPM holds .build (a build, another
  # test run), and the load spins meanwhile: the run's time is then mostly that.
  if grep -q "Another instance of SwiftPM" "$log"; then line+=" (waited for another SwiftPM)"; fi
  # What failed, as the gate names it: once a run, however often it said so.
  bash scripts/step.sh --failures "$log" --tsv | sort -u -t$'\t' -k1,1 >"$logs/run-$run.failures"
  if [ $status -ne 0 ] && [ ! -s "$logs/run-$run.failures" ]; then
    printf 'no test name found; see %s\t\n' "$log" >"$logs/run-$run.failures"
  fi
  if [ -s "$logs/run-$run.failures" ]; then
    line+=" — failed: $(cut -f1 "$logs/run-$run.failures" | paste -sd, - | sed 's/,/, /g')"
  fi
  echo "$line"
done

cat "$logs"/run-*.failures >"$logs/failures.tsv"
python3 - "$logs/failures.tsv" "$runs" <<'PY'
import collections, sys
path, runs = sys.argv[1], int(sys.argv[2])
failed = collections.Counter()
messages = collections.defaultdict(list)
for line in open(path, errors="replace"):
    name, _, details = line.rstrip("\n").partition("\t")
    failed[name] += 1
    for text in filter(None, details.split(" | ")):
        if text not in messages[name]:
            messages[name].append(text)
if not failed:
    print(f"no test failed in {runs} runs")
    sys.exit(0)
print(f"tests that failed at least once in {runs} runs:")
for name, count in failed.most_common():
    print(f"  {count}/{runs}  {name}")
    for text in messages[name][:5]:
        print(f"        {text[:300]}")
PY
[ $failed_runs -eq 0 ]
