#!/usr/bin/env bash
# Prints the counts that say whether the app's structure stays easy to
# change, each with its limit, and fails when one is over:
#   - stored properties of MainWindow (Swift extensions cannot store, so
#     every feature that keeps state in the window adds one here) and its
#     initializers (one, taking what a kind opened);
#   - requirements of the DirectoryPage protocol;
#   - downcasts of a page or of its reader in Sources/RosterKit/Window and
#     App (the window treats every page alike);
#   - backend modules (DirectoryLDAP, DirectorySCIM) the window imports;
#   - `as? LDAPDirectory` outside the LDAP kind and its module (the bench,
#     which measures LDAP itself, aside).
# It also lists the files the newest directory kind's commit touched (the
# cost of adding a kind), for reading rather than for a limit.
# Usage: scripts/house.sh [--report]   (--report: print, never fail)
set -euo pipefail
cd "$(dirname "$0")/.."
report_only=0
[ "${1:-}" = "--report" ] && report_only=1
failed=0

# check LABEL COUNT LIMIT [LINES]: prints the count against its limit.
check() {
  local label=$1 count=$2 limit=$3 lines=${4:-}
  local verdict=ok
  if [ "$count" -gt "$limit" ]; then
    verdict=over
    failed=1
  fi
  printf '%-52s %4d  (limit %d) %s\n' "$label" "$count" "$limit" "$verdict"
  if [ "$verdict" = over ] && [ -n "$lines" ]; then printf '%s\n' "$lines" | sed 's/^/    /'; fi
}

# Stored properties: declarations two spaces in, inside the class's own body
# (extensions cannot store), neither static nor computed (a `var` whose line
# opens a body without an `=` is computed).
window=Sources/RosterKit/Window/MainWindow.swift
stored=$(awk '
  /^(public |package )?final class MainWindow/ { inside = 1; next }
  inside && /^}/ { inside = 0 }
  inside && /^  ([a-z]+(\(set\))? )*(let|var) / {
    if ($0 ~ / static /) next
    if ($0 ~ /(^| )var / && $0 ~ /\{/ && $0 !~ /=/) next
    print FILENAME ":" NR ": " $0
  }' "$window")
check "stored properties of MainWindow" "$(printf '%s' "$stored" | grep -c . || true)" 15 "$stored"

# Initializers: one, taking what a kind opened (WindowContent).
inits=$(grep -nE '^\s*(public |package |private |fileprivate )?(convenience )?init\(' \
  Sources/RosterKit/Window/MainWindow*.swift || true)
check "initializers of MainWindow" "$(printf '%s' "$inits" | grep -c . || true)" 1 "$inits"

# Requirements: members two spaces in, inside the protocol's body.
page=Sources/RosterKit/Pages/DirectoryPage.swift
requirements=$(awk '
  /protocol DirectoryPage/ { inside = 1; next }
  inside && /^}/ { inside = 0 }
  inside && /^  (@[A-Za-z]+ )*(var|func|init|subscript|associatedtype) / { print FILENAME ":" NR ": " $0 }
  ' "$page")
check "requirements of DirectoryPage" "$(printf '%s' "$requirements" | grep -c . || true)" 15 \
  "$requirements"

downcasts=$(grep -rnE --include='*.swift' \
  '(as[?!]|\bis) *\(?[A-Za-z]*((Directory|Tree|People)Page|Reader)\b|(as[?!]|\bis) +any +DirectoryPage' \
  Sources/RosterKit/Window Sources/RosterKit/App || true)
check "page downcasts in Window/ and App/" "$(printf '%s' "$downcasts" | grep -c . || true)" 0 \
  "$downcasts"

imports=$(grep -rnE --include='*.swift' '^import (DirectoryLDAP|DirectorySCIM)$' \
  Sources/RosterKit/Window || true)
check "backend imports in Window/" "$(printf '%s' "$imports" | grep -c . || true)" 0 "$imports"

ldap=$(grep -rnE --include='*.swift' '(as[?!]|\bis) +LDAPDirectory\b' Sources \
  | grep -vE '^Sources/(DirectoryLDAP|RosterBench)/|^Sources/RosterKit/Kinds/LDAPKind' || true)
check "as? LDAPDirectory outside the LDAP kind" "$(printf '%s' "$ldap" | grep -c . || true)" 0 \
  "$ldap"

# The newest kind: the last commit that added a file to Kinds/.
kind_commit=$(git log -1 --diff-filter=A --format=%h -- Sources/RosterKit/Kinds 2>/dev/null || true)
if [ -n "$kind_commit" ]; then
  added=$(git show --diff-filter=A --name-only --format= "$kind_commit" -- Sources/RosterKit/Kinds \
    | head -1)
  echo "files the newest kind ($added, $kind_commit) touched:"
  git show --name-only --format= "$kind_commit" | sed 's/^/    /'
fi

[ "$report_only" = 1 ] && exit 0
exit "$failed"
