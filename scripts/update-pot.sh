#!/usr/bin/env bash
# Writes po/roster.pot, the template of every text Roster shows, from the
# tr("…") and trn("…", "…", n) calls in Sources/ (`make pot`), and merges it
# into each po/LANG.po so translators see what changed.
#   scripts/update-pot.sh [OUT]   (OUT defaults to po/roster.pot)
# Locations name files, not lines, so an edit elsewhere in a file leaves the
# template as it is. xgettext has no Swift parser; Swift's string literals
# and calls read as C's, as long as a translated literal holds no \(…)
# interpolation (and only files that call tr are read: a """ block is not C).
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-po/roster.pot}
grep -rlE --include='*.swift' '\btrn?\(' Sources | LC_ALL=C sort |
  xgettext --language=C --from-code=UTF-8 --keyword= --keyword=tr --keyword=trn:1,2 \
  --add-comments=Translators: --add-location=file --sort-by-file --no-wrap \
  --package-name=roster --package-version="$(sed -n 's/.*current = "\(.*\)".*/\1/p' Sources/RosterKit/App/RosterVersion.swift)" \
  --msgid-bugs-address=roster --files-from=- --output="$out"
# The creation date changes on every run; it says nothing about the texts.
sed -i '/^"POT-Creation-Date:/d' "$out"
if [ "$out" = po/roster.pot ]; then
  for po in $(find po -name '*.po'); do
    msgmerge --quiet --update --backup=none --no-wrap "$po" po/roster.pot
  done
fi
