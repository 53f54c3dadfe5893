#!/usr/bin/env bash
# The Debian package as a user gets it: builds it (scripts/make-deb.sh),
# installs it with apt, opens the installed /usr/bin/roster from a folder
# far from the checkout (headless: a screenshot once the embedded directory
# is on screen), checks it found its own data in /usr/share/roster, and
# removes the package again. Needs root or sudo.
set -euo pipefail
cd "$(dirname "$0")/.."

sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
if dpkg-query -W -f='${Status}' roster 2>/dev/null | grep -q "install ok installed"; then
  echo "test-deb.sh: a roster package is installed already; remove it first" >&2
  exit 1
fi

bash scripts/make-deb.sh
deb=$(ls -t .build/roster_*.deb | head -1)
# A GNOME app of Roster's kind installs a few megabytes: no private TLS
# library, no ICU data. The binary as installed (stripped), and the package.
binary_bytes=$(dpkg-deb --fsys-tarfile "$deb" | tar -xO ./usr/bin/roster | wc -c)
deb_bytes=$(stat -c %s "$deb")
echo "Sizes: /usr/bin/roster $binary_bytes bytes, the .deb $deb_bytes bytes"
[ "$binary_bytes" -le 25000000 ] \
  || { echo "test-deb.sh: /usr/bin/roster is over 25 MB ($binary_bytes bytes)" >&2; exit 1; }
[ "$deb_bytes" -le 12000000 ] \
  || { echo "test-deb.sh: the .deb is over 12 MB ($deb_bytes bytes)" >&2; exit 1; }
elsewhere=$(mktemp -d)
trap '$sudo apt-get remove -y -q roster >/dev/null 2>&1 || true; rm -rf "$elsewhere"' EXIT

DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q "./$deb" >/dev/null
echo "Installed $deb: $(/usr/bin/roster --version)"
desktop-file-validate /usr/share/applications/org.roster.Roster.desktop
appstreamcli validate --no-net /usr/share/metainfo/org.roster.Roster.metainfo.xml >/dev/null
# GNOME Shell's search: the provider's ini, and the D-Bus service that starts
# the installed binary for it (and for DBusActivatable=true).
grep -qx "DBusActivatable=true" /usr/share/applications/org.roster.Roster.desktop \
  || { echo "test-deb.sh: the desktop file is not D-Bus activatable" >&2; exit 1; }
grep -qx "ObjectPath=/org/roster/Roster/SearchProvider" \
  /usr/share/gnome-shell/search-providers/org.roster.Roster.search-provider.ini \
  || { echo "test-deb.sh: no search provider for GNOME Shell" >&2; exit 1; }
grep -qx "Exec=/usr/bin/roster --gapplication-service" /usr/share/dbus-1/services/org.roster.Roster.service \
  || { echo "test-deb.sh: no D-Bus service starting /usr/bin/roster" >&2; exit 1; }
# The preferences' schema, compiled by libglib2.0-0's dpkg trigger: GSettings
# finds it without help (in memory: the user's dconf is not touched).
[ "$(env -u GSETTINGS_SCHEMA_DIR GSETTINGS_BACKEND=memory gsettings get org.roster.Roster view)" = "'list'" ] \
  || { echo "test-deb.sh: GSettings does not know the schema org.roster.Roster" >&2; exit 1; }

# HOME and XDG folders of its own: settings and caches of the checkout's
# runs are not read, and the checkout is not on the way to any of them.
summary=$(cd "$elsewhere" && env -u ROSTER_HOME HOME="$elsewhere" XDG_CONFIG_HOME="$elsewhere/config" \
  XDG_CACHE_HOME="$elsewhere/cache" GSK_RENDERER=cairo \
  xvfb-run -a -s "-screen 0 1280x1024x24 -noreset" /usr/bin/roster --quit-after-load --screenshot "$elsewhere/shot.png")
echo "$summary"
grep -q "source: /usr/share/roster/data/users.json" <<<"$summary" \
  || { echo "test-deb.sh: the installed roster did not open its own directory" >&2; exit 1; }
[ -s "$elsewhere/shot.png" ] || { echo "test-deb.sh: no screenshot" >&2; exit 1; }

$sudo apt-get remove -y -q roster >/dev/null
[ ! -e /usr/bin/roster ] && [ ! -e /usr/share/roster ] \
  && [ ! -e /usr/share/dbus-1/services/org.roster.Roster.service ] \
  && [ ! -e /usr/share/glib-2.0/schemas/org.roster.Roster.gschema.xml ] \
  || { echo "test-deb.sh: files are left after removing the package" >&2; exit 1; }
! env -u GSETTINGS_SCHEMA_DIR GSETTINGS_BACKEND=memory gsettings list-schemas | grep -qx org.roster.Roster \
  || { echo "test-deb.sh: the schema is still compiled in after removing the package" >&2; exit 1; }
echo "test-deb.sh: the package installs, runs from /usr/bin and removes cleanly"
