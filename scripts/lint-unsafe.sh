#!/usr/bin/env bash
# GObjectKit and GtkKit hold the unsafe code: outside Sources/GObjectKit,
# Sources/GtkKit and the C shims (Sources/C*), no Swift source may take or
# drop a GObject reference by hand (g_object_ref, g_object_unref,
# g_object_ref_sink) or reinterpret a pointer with assumingMemoryBound;
# HTTPSupport owns libsoup's and GIO's objects through GObjectKit's ObjectRef. Nor
# may any Swift file (Sources or Tests) guard state with the standard
# library's Mutex: a contended Synchronization.Mutex hands over in the kernel,
# where Thread Sanitizer sees no order, so whether it reports a race would
# depend on the machine's timing; SharedSupport's Locked is a pthread mutex it
# sees. Prints each use and the count per spelling; fails when any count is
# above zero.
# Usage: scripts/lint-unsafe.sh
set -euo pipefail
cd "$(dirname "$0")/.."
failed=0
# Prints `label: N` for the N lines of `uses`, and the lines when there are any.
report() {
  local label=$1 uses=$2 count
  count=$(printf '%s' "$uses" | grep -c . || true)
  echo "$label: $count"
  if [ "$count" -gt 0 ]; then
    printf '%s\n' "$uses"
    failed=1
  fi
}
for spelling in g_object_ref g_object_unref assumingMemoryBound; do
  # g_object_ref also finds g_object_ref_sink (g_object_unref does not contain it).
  report "$spelling outside GObjectKit and GtkKit" \
    "$(grep -rn --include='*.swift' -e "$spelling" Sources \
      | grep -vE '^Sources/(GObjectKit|GtkKit|C[A-Za-z]+)/' || true)"
done
report "Synchronization.Mutex (use SharedSupport's Locked)" \
  "$(grep -rnE --include='*.swift' '\bMutex[<(]' Sources Tests | grep -vE '^[^:]+:[0-9]+:\s*//' || true)"
exit "$failed"
