#!/usr/bin/env bash
# Checks Resources/org.roster.Roster.gschema.xml and compiles it into
# .build/schemas/gschemas.compiled, where the app looks in a checkout
# (PreferencesSchema; the Makefile also names it in GSETTINGS_SCHEMA_DIR).
# scripts/install.sh installs the XML into PREFIX/share/glib-2.0/schemas.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p .build/schemas
glib-compile-schemas --strict --targetdir=.build/schemas Resources
