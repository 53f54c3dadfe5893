#!/usr/bin/env bash
# Compiles each po/LANG.po into .build/locale/LANG/LC_MESSAGES/roster.mo,
# where the app looks in a checkout (ResourceLocator.localeDirectory);
# scripts/install.sh copies them to PREFIX/share/locale. A catalogue with a
# format that does not match its English text fails here (msgfmt --check).
set -euo pipefail
cd "$(dirname "$0")/.."
for po in $(find po -name '*.po' | LC_ALL=C sort); do
  lang=$(basename "$po" .po)
  mkdir -p ".build/locale/$lang/LC_MESSAGES"
  msgfmt --check -o ".build/locale/$lang/LC_MESSAGES/roster.mo" "$po"
done
