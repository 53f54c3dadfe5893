#!/usr/bin/env bash
# Runs the test suite (or the tests FILTER selects, a `swift test --filter`
# pattern) N times, each in a fresh process under a fresh Xvfb display, as
# `make test` runs it, and prints each test that failed at least once with
# how often and its failure messages. Exits non-zero if any run failed.
# Needs the debug build (`swift build --build-tests`).
# Usage: scripts/repeat-tests.sh N [FILTER]
set -uo pipefail
cd "$(dirname "$0")/.."
export PATH=$([ -d /opt/swift/usr/bin ] && echo /opt/swift/usr/bin:)$PATH
runs=${1:?usage: $0 N [FILTER]}
filter=${2:-}
logs=.build/repeat-tests
rm -rf "$logs"
mkdir -p "$logs"
args=(--skip-build)
[ -z "$filter" ] || args+=(--filter "$filter")
failed_runs=0
for run in $(seq 1 "$runs"); do
  start=$SECONDS
  GSK_RENDERER=${GSK_RENDERER:-cairo} xvfb-run -a -s "-screen 0 1280x1024x24 -noreset" \
    swift test "${args[@]}" >"$logs/run-$run.log" 2>&1
  status=$?
  [ $status -eq 0 ] || failed_runs=$((failed_runs + 1))
  # The whole run's summary: the line with the most tests (suites print their own after it).
  executed=$(grep -oE "Executed [0-9]+ tests?, with ([0-9]+ tests? skipped and )?[0-9]+ failures?" "$logs/run-$run.log" | sort -t" " -k2 -n | tail -1)
  echo "run $run/$runs: status $status, ${executed:-no summary}, $((SECONDS - start)) s"
done
python3 - "$logs" "$runs" <<'PY'
import collections, glob, re, sys
logs, runs = sys.argv[1], int(sys.argv[2])
failed = collections.Counter()
messages = collections.defaultdict(list)
for path in sorted(glob.glob(f"{logs}/run-*.log")):
    seen = set()
    for line in open(path, errors="replace"):
        m = re.search(r"Test Case '([^']+)' failed", line)
        if m:
            seen.add(m.group(1))
        m = re.search(r": error: (\S+) : (.*)", line)
        if m:
            name = m.group(1)
            text = m.group(2).strip()
            if text not in messages[name]:
                messages[name].append(text)
    # A crash ends the run without a "failed" line: name the test it was in.
    started = re.findall(r"Test Case '([^']+)' started", open(path, errors="replace").read())
    finished = re.findall(r"Test Case '([^']+)' (?:passed|failed|skipped)", open(path, errors="replace").read())
    if started and (not finished or started[-1] != finished[-1]):
        seen.add(started[-1] + " (the process ended inside it)")
    for name in seen:
        failed[name] += 1
if not failed:
    print(f"no test failed in {runs} runs")
    sys.exit(0)
print(f"tests that failed at least once in {runs} runs:")
for name, count in failed.most_common():
    print(f"  {count}/{runs}  {name}")
    key = name.split(" ")[0]
    for text in messages.get(key, [])[:5]:
        print(f"        {text[:300]}")
PY
[ $failed_runs -eq 0 ]
