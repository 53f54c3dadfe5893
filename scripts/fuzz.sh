#!/usr/bin/env bash
# Every fuzz target (Tests/Fuzz, docs/ROBUSTNESS.md), in one of two modes.
#
#   scripts/fuzz.sh replay    the gate (`make test`): each target replays every
#                             input of its seed corpus (Tests/Fuzz/Corpus/<target>),
#                             then runs a fixed number of executions from a fixed
#                             seed. Nothing is learned or kept, hashing and the
#                             address space are made deterministic, so the same
#                             commit always gives the same verdict.
#   scripts/fuzz.sh SECONDS   exploring (`make fuzz`): each target for SECONDS
#                             from a random seed; the inputs it learns are kept in
#                             .build/fuzz-corpus and grow from run to run.
#
# A crash, a sanitizer report, a GLib critical, an input slower than 10 s or an
# allocation over 512 MiB fails the run and leaves the input in
# .build/fuzz-artifacts/<target>/. A finding becomes a file of the seed corpus
# (which the gate then replays) and a regression test.
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:-600}
bash scripts/sanitize.sh address build
bin=.build/asan/debug
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS="detect_leaks=1${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
# A GLib critical is a broken precondition inside GLib or gdk-pixbuf that an
# input reached: a finding, like a crash.
export G_DEBUG=fatal-criticals

declare -A targets=(
  [directory-parser]=FuzzDirectoryParser
  [image-decoder]=FuzzImageDecoder
  [ldap-entry]=FuzzLDAPEntry
  [scim-response]=FuzzSCIMResponse
  [person-filter]=FuzzPersonFilter
  [replica-files]=FuzzReplicaFiles
  [people-files]=FuzzPeopleFiles
  [phone-numbers]=FuzzPhoneNumbers
  [change-history]=FuzzChangeHistory
)
# The gate's executions per target: about 20-40 s each on this 2-core machine.
declare -A gate_runs=(
  [directory-parser]=60000
  [image-decoder]=60000
  [ldap-entry]=20000
  [scim-response]=40000
  [person-filter]=60000
  [replica-files]=20000
  [people-files]=200000
  [phone-numbers]=300000
  [change-history]=16000
)
# The gate's seed: any fixed number; changing it is a change of the gate.
gate_seed=20261126

common=(-timeout=10 -malloc_limit_mb=512 -rss_limit_mb=2048 -print_final_stats=1)

# Runs "$@" with the address space and Swift's hashing fixed, so coverage (and
# with it every later mutation) does not depend on where things were mapped or
# on a per-process hash seed.
deterministic() {
  SWIFT_DETERMINISTIC_HASHING=1 setarch "$(uname -m)" -R "$@"
}

status=0
for name in directory-parser image-decoder ldap-entry scim-response person-filter replica-files \
  people-files phone-numbers change-history; do
  seeds=Tests/Fuzz/Corpus/$name
  artifacts=.build/fuzz-artifacts/$name/
  log=.build/fuzz-artifacts/$name.log
  mkdir -p "$artifacts"
  extra=()
  if [ -f "Tests/Fuzz/Corpus/$name.dict" ]; then extra=(-dict="Tests/Fuzz/Corpus/$name.dict"); fi
  start=$SECONDS
  if [ "$mode" = replay ]; then
    # A scratch corpus first: libFuzzer writes what it learns into its first
    # folder, and the seeds stay as committed.
    scratch=$(mktemp -d)
    echo "fuzzing $name: $(find "$seeds" -maxdepth 1 -type f | wc -l) seed inputs, then ${gate_runs[$name]} runs from seed $gate_seed"
    if deterministic "$bin/${targets[$name]}" -runs=0 "${common[@]}" \
      -artifact_prefix="$artifacts" "$seeds" >"$log" 2>&1 &&
      deterministic "$bin/${targets[$name]}" -seed=$gate_seed -runs="${gate_runs[$name]}" \
        "${common[@]}" -artifact_prefix="$artifacts" "${extra[@]}" "$scratch" "$seeds" \
        >>"$log" 2>&1; then
      ok=1
    else
      ok=0
    fi
    rm -rf "$scratch"
  else
    corpus=.build/fuzz-corpus/$name
    mkdir -p "$corpus"
    echo "fuzzing $name for $mode s"
    if "$bin/${targets[$name]}" -max_total_time="$mode" "${common[@]}" \
      -artifact_prefix="$artifacts" "${extra[@]}" "$corpus" "$seeds" >"$log" 2>&1; then
      ok=1
    else
      ok=0
    fi
  fi
  if [ $ok = 1 ]; then
    # Statistics only: their absence must not fail a target that passed.
    { grep -E "^stat::(number_of_executed_units|average_exec_per_sec|new_units_added|peak_rss_mb)" "$log" || true; } |
      tail -4 | sed "s/^/  /"
    echo "  $name: $((SECONDS - start)) s"
  else
    status=1
    tail -40 "$log"
    # "FAILED: " is what scripts/step.sh lists under the failed step. The newest
    # artifact by time: libFuzzer names them crash-<sha1>, leak-…, timeout-….
    # shellcheck disable=SC2012
    echo "FAILED: $name; reproduce with $bin/${targets[$name]} $(ls -t "$artifacts" | head -1 | sed "s|^|$artifacts|")"
  fi
done
exit $status
