#!/usr/bin/env bash
# The test targets that need no display, built and run under one sanitizer,
# in a build folder of its own (.build/tsan, .build/asan) so the normal debug
# build is untouched. Any sanitizer report fails the run.
# Usage: scripts/sanitize.sh thread|address [build]
#        scripts/sanitize.sh --filter
#   build: only build (the fuzz targets share the Address Sanitizer build).
#   --filter: print the `swift test --filter` of the tests run here
#   (scripts/repeat-tests.sh --suites sanitizer repeats them).
set -euo pipefail
cd "$(dirname "$0")/.."

# The display-free test classes (GtkKit's other tests open windows).
filter='^(GObjectKitTests|DirectoryTests|PreparedImagesTests|DirectoryLDAPTests|DirectorySCIMTests|SharedSupportTests|DirectoryGeneratorTests)\.|^GtkKitTests\.ListDiffTests/'
if [ "${1:-}" = --filter ]; then
  echo "$filter"
  exit 0
fi
kind=${1:-}
case $kind in
  thread) scratch=.build/tsan ;;
  # The fuzz targets (ROSTER_FUZZ) live in the same build: one build, not two.
  address) scratch=.build/asan; export ROSTER_FUZZ=1 ;;
  *) echo "usage: $0 thread|address [build]" >&2; exit 2 ;;
esac
export ROSTER_SANITIZERS=1
flags=(--sanitize="$kind" --scratch-path "$scratch")
# Reports name our code by file and line; a report ends the process with a
# failing status (TSan at exit, ASan at once).
# No suppressions: neither sanitizer reports anything in these tests.
export TSAN_OPTIONS="second_deadlock_stack=1:exitcode=66${TSAN_OPTIONS:+:$TSAN_OPTIONS}"
# No leak check at the test process's exit: Swift keeps a weak reference's
# side table behind an encoded pointer in the object's reference count, which
# Leak Sanitizer cannot follow, so every XCTestCase with a weak reference (and
# all it holds) reads as leaked. The fuzz targets check leaks per input.
export ASAN_OPTIONS="detect_leaks=0${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
# The Swift runtime's backtracer would pause each crash for seconds.
export SWIFT_BACKTRACE=enable=no

start=$SECONDS
swift build --build-tests "${flags[@]}" 2>&1 |
  { grep -vE "prohibited flag|unhandled; explicitly|Cannot export local symbol" || true; }
echo "$kind sanitizer build: $((SECONDS - start)) s"
[ "${2:-}" = build ] && exit 0

start=$SECONDS
env -u DISPLAY -u WAYLAND_DISPLAY swift test --skip-build "${flags[@]}" --filter "$filter"
echo "$kind sanitizer tests: $((SECONDS - start)) s"

# The run must fail when the sanitizer reports: a deliberate bug, skipped
# in every other run, must make this one fail.
if ROSTER_SANITIZER_CANARY=$kind swift test --skip-build "${flags[@]}" \
  --filter SanitizerCanaryTests >"$scratch/canary.log" 2>&1; then
  cat "$scratch/canary.log"
  # "FAILED: " is what scripts/step.sh lists under the failed step.
  echo "FAILED: the $kind sanitizer did not report its deliberate bug (SanitizerCanaryTests)"
  exit 1
fi
# Indented and labelled: this expected report is not one that scripts/step.sh
# should list if a later line of this step fails.
echo "  canary's report: $(grep -m1 -E "WARNING: ThreadSanitizer|ERROR: AddressSanitizer" "$scratch/canary.log")"
echo "$kind sanitizer: its deliberate bug was reported, as it must be"
