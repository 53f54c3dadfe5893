#!/usr/bin/env bash
# The answer times of Roster's GNOME Shell search provider: a private D-Bus
# session whose service file starts the built roster (release if built,
# else debug) with --gapplication-service, a settings.json remembering
# LOCATION as the directory shown last, then scripts/search_provider_times.py
# (50 GetInitialResultSet calls and their metas, p50/p99). Runs under
# xvfb-run when there is no display. Everything it starts is stopped.
#   scripts/search-provider-times.sh json /path/to/users.json [QUERIES]
#   scripts/search-provider-times.sh ldap 'ldap://127.0.0.1:PORT/ou=people,dc=example,dc=com??one' [QUERIES]
set -euo pipefail
cd "$(dirname "$0")/.."
kind=${1:?json or ldap}
location=${2:?a users.json path or an LDAP URL}
queries=${3:-50}
if [ -z "${DISPLAY:-}" ]; then
  exec xvfb-run -a -s "-screen 0 1280x1024x24 -noreset" "$0" "$@"
fi
roster=$PWD/.build/release/roster
[ -x "$roster" ] || roster=$PWD/.build/debug/roster
[ -x "$roster" ] || { echo "search-provider-times.sh: build roster first" >&2; exit 1; }
case "$kind" in
json) kind=jsonFile; location=$(realpath "$location") ;;
ldap) ;;
*) echo "search-provider-times.sh: json or ldap, not $kind" >&2; exit 2 ;;
esac

home=$(mktemp -d)
daemon=""
cleanup() {
  if [ -n "$daemon" ]; then
    pid=$(gdbus call --session --dest org.freedesktop.DBus --object-path /org/freedesktop/DBus \
      --method org.freedesktop.DBus.GetConnectionUnixProcessID org.roster.Roster 2>/dev/null \
      | sed -n 's/.*uint32 \([0-9]*\).*/\1/p' || true)
    [ -n "$pid" ] && kill "$pid" 2>/dev/null || true
    kill "$daemon" 2>/dev/null || true
  fi
  rm -rf "$home"
}
trap cleanup EXIT
mkdir -p "$home/config/roster" "$home/data/dbus-1/services" "$home/cache"
printf '[D-BUS Service]\nName=org.roster.Roster\nExec=%s --gapplication-service\n' "$roster" \
  >"$home/data/dbus-1/services/org.roster.Roster.service"
/usr/bin/python3 - "$kind" "$location" "$home/config/roster/settings.json" <<'PY'
import json, sys
kind, location, out = sys.argv[1:]
directory = {"id": "5EA5C4E1-0000-4000-8000-000000000001", "kind": kind, "location": location,
             "baseDN": "", "filter": "", "bindDN": ""}
# The search from the overview is off until turned on.
json.dump({"directories": [directory], "lastDirectory": directory["id"],
           "searchFromOverview": True}, open(out, "w"))
PY
export XDG_CONFIG_HOME=$home/config XDG_DATA_HOME=$home/data XDG_CACHE_HOME=$home/cache
export GSK_RENDERER=${GSK_RENDERER:-cairo}
{ read -r address; read -r daemon; } < <(dbus-daemon --session --fork --print-address=1 --print-pid=1)
export DBUS_SESSION_BUS_ADDRESS=$address
echo "roster: $roster; directory: $kind $location"
/usr/bin/python3 scripts/search_provider_times.py "$queries"
