#!/usr/bin/env bash
# GtkKit holds the unsafe code: outside Sources/GtkKit, the C shims
# (Sources/C*) and HTTPSupport's one owner of libsoup's objects
# (Sources/HTTPSupport/OwnedObject.swift, GTK-free), no Swift source may take
# or drop a GObject reference by hand (g_object_ref, g_object_unref,
# g_object_ref_sink) or reinterpret a pointer with assumingMemoryBound. Prints each use and the count per spelling;
# fails when any count is above zero.
# Usage: scripts/lint-unsafe.sh
set -euo pipefail
cd "$(dirname "$0")/.."
failed=0
for spelling in g_object_ref g_object_unref assumingMemoryBound; do
  # g_object_ref also finds g_object_ref_sink (g_object_unref does not contain it).
  uses=$(grep -rn --include='*.swift' -e "$spelling" Sources \
    | grep -vE '^Sources/(GtkKit|C[A-Za-z]+)/|^Sources/HTTPSupport/OwnedObject.swift:' || true)
  count=$(printf '%s' "$uses" | grep -c . || true)
  echo "$spelling outside GtkKit: $count"
  if [ "$count" -gt 0 ]; then
    printf '%s\n' "$uses"
    failed=1
  fi
done
exit "$failed"
