#!/usr/bin/env bash
# Every backticked name in docs/*.md and README.md that looks like code must
# name something in the repository, so the docs cannot go on naming a type,
# file or command that is gone. Fails listing file:line and the name.
#
# What counts as code, and what it must match:
#   - an UpperCamel name (`UserTable`, `PeopleList<Row>`, `Type.member`,
#     `Type(label:)`): the type is declared in Sources/, Tests/ or
#     Benchmarks/ (class, struct, enum, protocol, actor, typealias,
#     extension, case) or is a target; each member after a dot is an
#     identifier in their code (comments left out);
#   - a lowerCamel name or any name called (`frameBegan`, `tr("…")`): an
#     identifier in that code; `cgtk_*`, `cadw_*`, `cldap_*`: in the C shims;
#   - a path with a slash: under a top-level folder (Sources/, Tests/, docs/,
#     scripts/, …) it exists; a shorter one (`Window/MainWindow+Notices.swift`,
#     `Support/AdwChrome`) is the end of an existing path;
#   - a file name with a known extension, or `Type+Concern`: such a file
#     exists somewhere in the repository;
#   - `make x`: the Makefile has the target; `roster x` / `roster-dev x`: the
#     command has that subcommand; `scripts/x …`, `bash scripts/x`: the script
#     exists.
# In fenced blocks only paths under a top-level folder and a line's leading
# `make x` are checked.
# Not checked: lowercase words and snake_case fields (`ne`, `text_lines`),
# ALL_CAPS constants, options (`--view`), numbers, URLs and absolute paths,
# snippets with spaces, filters and other punctuation.
# External names (GTK, GLib, libadwaita, libsoup, libldap, Swift's own) pass
# by prefix (Gtk*, Gdk*, Gsk*, Adw*, Soup*, Pango*, G + capital, gtk_*, g_*,
# gdk_*, adw_*, ldap_*, ber_*, soup_*, …) or by scripts/doc-names-allowed.txt,
# one name a line. scripts/doc-names-pending.txt, when present, lists names
# that a change not yet merged brings; they pass too, and once they exist
# the script says which lines to delete.
# Usage: scripts/check-doc-names.sh [FILE.md...]
set -euo pipefail
cd "$(dirname "$0")/.."

docs=("$@")
[ ${#docs[@]} -gt 0 ] || docs=(docs/*.md README.md)

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Every file and folder of the repository, as a relative path.
find . \( -name .build -o -name .git -o -name .swiftpm \) -prune -o -print \
  | sed -e 's|^\./||' -e '/^\.$/d' >"$tmp/paths"

# The Swift code's identifiers and declarations, comments left out.
find Sources Tests Benchmarks -name '*.swift' -print0 2>/dev/null \
  | xargs -0 cat | awk '
  {
    line = $0
    sub(/\/\/.*$/, "", line)
    rest = line
    while (match(rest, /[A-Za-z_][A-Za-z0-9_]*/)) {
      print "T " substr(rest, RSTART, RLENGTH)
      rest = substr(rest, RSTART + RLENGTH)
    }
    rest = line
    while (match(rest, /(class|struct|enum|protocol|actor|typealias|extension|associatedtype|func|var|let|init|case)[ \t]+[A-Za-z_][A-Za-z0-9_]*/)) {
      decl = substr(rest, RSTART, RLENGTH)
      sub(/^[a-z]+[ \t]+/, "", decl)
      print "D " decl
      rest = substr(rest, RSTART + RLENGTH)
    }
    # enum cases listed after one case: case a, b, c
    if (match(line, /^[ \t]*(indirect[ \t]+)?case[ \t]+[^:=(]*,/)) {
      n = split(substr(line, RSTART, RLENGTH), parts, ",")
      for (i = 1; i <= n; i++) {
        p = parts[i]
        sub(/^[ \t]*(indirect[ \t]+)?(case[ \t]+)?/, "", p)
        if (match(p, /^[A-Za-z_][A-Za-z0-9_]*/)) print "D " substr(p, 1, RLENGTH)
      }
    }
  }' | sort -u >"$tmp/swift"

# The C shims' names.
find Sources -name '*.h' -print0 | xargs -0 cat | grep -oE '[A-Za-z_][A-Za-z0-9_]*' \
  | sort -u | sed 's/^/C /' >"$tmp/c"

# Targets: the folders under Sources/ and Tests/ (and the fuzz targets) and
# the names in Package.swift.
{
  find Sources Tests Tests/Fuzz -mindepth 1 -maxdepth 1 -type d -printf '%f\n'
  grep -oE 'name: "[A-Za-z0-9_-]+"' Package.swift | sed -E 's/name: "(.*)"/\1/'
  grep -oE '\("Fuzz[A-Za-z]+"' Package.swift | tr -d '("'
} | sort -u | sed 's/^/D /' >"$tmp/targets"

# make targets, and the subcommands of roster and roster-dev.
grep -oE '^[A-Za-z0-9_.-]+:' Makefile | tr -d : | sed 's/^/M /' >"$tmp/make"
for program in roster roster-dev; do
  grep -rhoE 'commandName: "[a-z0-9-]+"' "Sources/$program" \
    | sed -E "s/commandName: \"(.*)\"/S $program \\1/"
done >"$tmp/commands"

allowed=scripts/doc-names-allowed.txt
pending=scripts/doc-names-pending.txt
[ -f "$pending" ] || pending=/dev/null

# The backticked spans: file, line, text. Inside fenced blocks (shell
# sessions, the README's layout) only the paths under a top-level folder and
# a line's leading `make x` are taken.
awk '
  FNR == 1 { fence = 0 }
  /^[ \t]*```/ { fence = !fence; next }
  fence {
    if (match($0, /^make [a-z][a-z-]*/)) print FILENAME "\t" FNR "\t" substr($0, 1, RLENGTH)
    rest = $0
    while (match(rest, /(^|[ \t(])(Sources|Tests|scripts|docs|Resources|po|data|packaging|Benchmarks)\/[A-Za-z0-9_.+\/-]*/)) {
      path = substr(rest, RSTART, RLENGTH)
      sub(/^[ \t(]/, "", path)
      sub(/[.]$/, "", path)
      if (path !~ /\.\.\.$/) print FILENAME "\t" FNR "\t" path
      rest = substr(rest, RSTART + RLENGTH)
    }
    next
  }
  {
    rest = $0
    while (match(rest, /`[^`]+`/)) {
      print FILENAME "\t" FNR "\t" substr(rest, RSTART + 1, RLENGTH - 2)
      rest = substr(rest, RSTART + RLENGTH)
    }
  }' "${docs[@]}" >"$tmp/spans"

awk -F'\t' -v allowfile="$allowed" -v pendingfile="$pending" '
  function isUpperCamel(w) { return w ~ /^[A-Z]/ && w ~ /[a-z]/ }
  function isLowerCamel(w) { return w ~ /^[a-z_][A-Za-z0-9_]*[A-Z]/ }
  function external(w) {
    return w ~ /^(Gtk|Gdk|Gsk|Adw|Soup|Pango|Cairo|Secret)[A-Z]/ || w ~ /^G[A-Z][a-z]/ \
      || w ~ /^_?(g|gtk|gdk|gsk|adw|ldap|ber|soup|pango|cairo|secret|dispatch|pthread|malloc|mallinfo|inet|gnutls)_/
  }
  function shim(w) { return w ~ /^c(gtk|adw|ldap|system|soup|secret|glib|intl)_/ }
  function known(w) { return (w in allow) || (w in pend) }
  function notePending(w) { if ((w in pend) && !(w in allow)) usedPending[w] = 1 }
  # A dotted, called or generic code expression: each part must be known.
  function checkCode(s,    called, parts, n, i, w) {
    called = (s ~ /^[A-Za-z_][A-Za-z0-9_.]*\(/)
    sub(/^\./, "", s)
    sub(/\(.*$/, "", s)
    gsub(/<[^>]*>/, "", s)
    sub(/\.\*$/, "", s)
    if (s !~ /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/) return 1
    if (known(s)) { notePending(s); return 1 }
    n = split(s, parts, ".")
    if (n == 1 && !called && !isUpperCamel(s) && !isLowerCamel(s) && !shim(s)) return 1
    for (i = 1; i <= n; i++) {
      w = parts[i]
      if (known(w)) { notePending(w); continue }
      if (external(w)) continue
      if (shim(w)) { if (!(w in ctok)) return 0; continue }
      if (w !~ /[a-z]/ || w ~ /^[A-Z][A-Z0-9]*_/) continue   # ALL_CAPS, C constants
      if (i == 1 && isUpperCamel(w)) { if (!(w in decl)) return 0; continue }
      if (i == 1 && !isLowerCamel(w) && w ~ /_/) return 1   # snake_case fields
      if (!(w in tok) && !(w in decl)) return 0
    }
    return 1
  }
  function pathExists(p,    first) {
    sub(/\/$/, "", p)
    first = p; sub(/\/.*$/, "", first)
    if (first in top) return (p in paths)
    return (p in tails)
  }
  FILENAME == allowfile { if ($0 !~ /^#/ && $0 != "") allow[$0] = 1; next }
  FILENAME == pendingfile { if ($0 !~ /^#/ && $0 != "") pend[$0] = 1; next }
  FILENAME ~ /swift$/ {
    split($0, f, " ")
    if (f[1] == "T") tok[f[2]] = 1; else decl[f[2]] = 1
    next
  }
  FILENAME ~ /\/c$/ { split($0, f, " "); ctok[f[2]] = 1; next }
  FILENAME ~ /\/targets$/ { split($0, f, " "); decl[f[2]] = 1; next }
  FILENAME ~ /\/make$/ { split($0, f, " "); maketarget[f[2]] = 1; next }
  FILENAME ~ /\/commands$/ { split($0, f, " "); sub_[f[2] " " f[3]] = 1; next }
  FILENAME ~ /\/paths$/ {
    p = $0
    paths[p] = 1
    if (p !~ /\//) top[p] = 1
    base = p; sub(/^.*\//, "", base); basename[base] = 1
    stem = base; sub(/\.[A-Za-z]+$/, "", stem); basename[stem] = 1
    # every tail that starts at a folder boundary, with and without .swift
    t = p
    while (1) {
      tails[t] = 1
      u = t; sub(/\.swift$/, "", u); tails[u] = 1
      if (t !~ /\//) break
      sub(/^[^\/]*\//, "", t)
    }
    next
  }
  {
    file = $1; line = $2; s = $3
    gsub(/^[ \t]+|[ \t]+$/, "", s)
    ok = 1
    if (known(s)) { notePending(s) }
    else if (s ~ /^make [a-z]/) {
      split(s, ws, " "); ok = (ws[2] in maketarget)
    } else if (s ~ /^(roster|roster-dev) [a-z]/) {
      split(s, ws, " "); ok = ((ws[1] " " ws[2]) in sub_)
    } else if (s ~ /^((bash|python3) )?scripts\//) {
      split(s, ws, " "); p = (ws[1] ~ /^scripts\//) ? ws[1] : ws[2]; sub(/\/$/, "", p); ok = (p in paths) || known(p)
    } else if (s ~ / / || s ~ /^-/ || s ~ /:\/\// || s ~ /^[\/$~.]/ || s ~ /[*<>]/ && s ~ /\//) {
      ok = 1
    } else if (s ~ /\//) {
      first = s; sub(/\/.*$/, "", first)
      if ((first in top) || first ~ /^[A-Z][a-z]/ || s ~ /\.(swift|sh|py|h|md|json|css|ui)$/) ok = pathExists(s)
      if (!ok && known(s)) ok = 1
    } else if (s ~ /^[A-Za-z0-9_.+-]+\.(swift|sh|py|h|c|md|json|css|svg|desktop|xml|ini|in|po|pot|ldif|csv|png|modulemap|txt)$/) {
      ok = (s in basename)
    } else if (s ~ /^[A-Z][A-Za-z0-9]*\+[A-Z][A-Za-z0-9]*$/) {
      ok = (s in basename) || (s in tails)
    } else {
      ok = checkCode(s)
    }
    checked++
    if (!ok) { print file ":" line ": " s; bad++ }
  }
  END {
    for (w in usedPending) if ((w in decl) || (w in tok) || (w in paths) || (w in tails)) \
      print "note: " w " now exists; delete it from scripts/doc-names-pending.txt" > "/dev/stderr"
    if (bad) {
      print bad " of " checked " names in the docs name nothing in the repository" > "/dev/stderr"
      exit 1
    }
    print "check-doc-names: " checked " names in the docs, each found"
  }' "$allowed" "$pending" "$tmp/swift" "$tmp/c" "$tmp/targets" \
  "$tmp/make" "$tmp/commands" "$tmp/paths" "$tmp/spans"
