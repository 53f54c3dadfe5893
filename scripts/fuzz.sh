#!/usr/bin/env bash
# Runs every fuzz target (Tests/Fuzz, docs/ROBUSTNESS.md) for SECONDS each,
# from its seed corpus (Tests/Fuzz/Corpus/<target>); inputs it learns are
# kept in .build/fuzz-corpus. A crash, a sanitizer report, a GLib critical,
# an input slower than 10 s or an allocation over 512 MiB fails the run and
# leaves the input in .build/fuzz-artifacts/<target>/.
# Usage: scripts/fuzz.sh [SECONDS (600)]
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-600}
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
  [scim-page]=FuzzSCIMPage
)
status=0
for name in directory-parser image-decoder ldap-entry scim-page; do
  corpus=.build/fuzz-corpus/$name
  artifacts=.build/fuzz-artifacts/$name/
  log=.build/fuzz-artifacts/$name.log
  mkdir -p "$corpus" "$artifacts"
  extra=()
  if [ -f "Tests/Fuzz/Corpus/$name.dict" ]; then extra=(-dict="Tests/Fuzz/Corpus/$name.dict"); fi
  echo "fuzzing $name for $seconds s"
  if "$bin/${targets[$name]}" -max_total_time="$seconds" -timeout=10 -malloc_limit_mb=512 \
    -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$artifacts" \
    "${extra[@]}" \
    "$corpus" "Tests/Fuzz/Corpus/$name" >"$log" 2>&1; then
    grep -E "^stat::(number_of_executed_units|average_exec_per_sec|new_units_added|peak_rss_mb)" "$log" |
      sed "s/^/  /"
  else
    status=1
    tail -40 "$log"
    echo "FAILED: $name; reproduce with $bin/${targets[$name]} $(ls -t "$artifacts" | head -1 | sed "s|^|$artifacts|")"
  fi
done
exit $status
